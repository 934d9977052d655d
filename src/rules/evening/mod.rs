//! Evening (`evening-core.txt`): d20 + modifiers must beat the TN, effect levels, challenges,
//! threats, reserves, injury, exhaustion and threads.

mod challenge;
mod check;
mod damage;
mod encounter;
mod group;
mod threat;
mod tracker;

pub use challenge::{
    ChallengeCheck, ChallengeStatus, ChallengeTracker, Suitability, Tally, check_scale,
    failure_threshold, rating_tn, successes_for, successes_required,
};
pub use check::{Difficulty, EffectLevel, EveningCheck, EveningOutcome, EveningRoll, ThreadPrompt};
pub use damage::{Affinity, DamageRoll, DeathSaveOutcome, DeathSaves, WealthCheck};
pub use encounter::{EveningEncounter, EveningEncounterChange, MARKS_PER_SCENE, Thread};
pub use group::{ContestedCheck, GroupCheck, PassFail};
pub use threat::{
    DamageDice, STRENGTH_WEAKNESS_SHIFT, ThreatProfile, ThreatStats, ThreatTrait, danger_stats,
};
pub use tracker::{CheckKind, EveningChange, EveningToken, Reserve};

use crate::model::RuleSystem;
use crate::rules::{CheckSetup, ConditionDef, InitiativeMethod, System, TokenTrackers};

/// The Evening system for the registry.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evening;

/// Evening conditions in our words (Evening, Conditions).
const CONDITIONS: &[ConditionDef] = &[
    ConditionDef::new(
        "Blinded",
        "Cannot see; sight checks fail; disadvantage on attacks and on defenses against attacks",
    ),
    ConditionDef::new(
        "Charmed",
        "Will not harm the charmer, who has advantage socially",
    ),
    ConditionDef::new("Deafened", "Cannot hear; hearing checks fail"),
    ConditionDef::new(
        "Frightened",
        "Disadvantage on aptitude and attack rolls near the source; cannot approach it",
    ),
    ConditionDef::new("Grappled", "Speed 0 until the grapple ends"),
    ConditionDef::new("Incapacitated", "No actions or reactions"),
    ConditionDef::new("Invisible", "Unseen; advantage on attacks and defenses"),
    ConditionDef::new(
        "Paralyzed",
        "Incapacitated and still; fails Prowess and Finesse defenses; adjacent hits are critical",
    ),
    ConditionDef::new(
        "Petrified",
        "Turned to stone: incapacitated, fails defenses, resists all damage",
    ),
    ConditionDef::new("Poisoned", "Disadvantage on attack and aptitude checks"),
    ConditionDef::new(
        "Prone",
        "Crawls; disadvantage on attacks; adjacent attackers have advantage, others disadvantage",
    ),
    ConditionDef::new(
        "Restrained",
        "Speed 0; attacks against it have advantage; its attacks and defenses have disadvantage",
    ),
    ConditionDef::new(
        "Stunned",
        "Incapacitated, barely speaks; fails Prowess and Finesse defenses",
    ),
    ConditionDef::new(
        "Unconscious",
        "Incapacitated and unaware; drops everything and falls prone",
    ),
];

impl System for Evening {
    fn id(&self) -> RuleSystem {
        RuleSystem::Evening
    }

    fn default_check(&self) -> CheckSetup {
        CheckSetup::Evening(EveningCheck::default())
    }

    fn condition_catalogue(&self) -> &'static [ConditionDef] {
        CONDITIONS
    }

    fn initiative_method(&self) -> InitiativeMethod {
        InitiativeMethod::Rolled {
            sides: 20,
            attribute: "Finesse",
        }
    }

    fn new_token_trackers(&self) -> TokenTrackers {
        TokenTrackers::Evening(EveningToken::default())
    }
}
