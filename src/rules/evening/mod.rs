//! Evening (`evening-core.txt`): d20 + modifiers must beat the TN, effect levels, challenges,
//! threats, reserves, injury, exhaustion and threads.

mod challenge;
mod check;
mod damage;
mod encounter;
mod group;
mod ledger;
mod threat;
mod tracker;

pub use challenge::{
    ChallengeCheck, ChallengeStatus, Suitability, check_scale, failure_threshold, rating_tn,
    successes_for, successes_required,
};
pub use check::{
    DamageRule, Difficulty, EffectLevel, EveningCheck, EveningOutcome, EveningRoll,
    MAX_RESERVE_DIE, ThreadPrompt, ThreatEdge,
};
pub use damage::{Affinity, DamageRoll, DeathSaveOutcome, WealthCheck};
pub use encounter::MARKS_PER_SCENE;
pub use group::{ContestedCheck, GroupCheck, PassFail};
pub use threat::{
    DamageDice, LEGENDARY_ACTIONS, LEGENDARY_RESISTANCES, STRENGTH_WEAKNESS_SHIFT, ThreatStats,
    VILLAIN_ACTIONS, danger_stats,
};
pub use tracker::{CheckKind, EveningDamage, exhaustion_summary};

pub use crate::model::trackers::evening::{
    ChallengeTracker, DamageType, DeathSaves, EveningAbilities, EveningAbility, EveningAttack,
    EveningAttackNumbers, EveningAttribute, EveningChange, EveningEncounter,
    EveningEncounterChange, EveningToken, Reserve, ReserveRoll, Tally, Thread, ThreatProfile,
    ThreatTrack, ThreatTrait,
};
pub use crate::model::trackers::evening_movement::{MoveKind, MovementSpeeds};

use crate::model::RuleSystem;
use crate::model::initiative::Mode;
use crate::rules::conditions::{CheckKind as C, ConditionDef, Effect as E, def};
use crate::rules::{CheckSetup, System, TokenTrackers};

/// The Evening system for the registry.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evening;

/// Evening, Conditions: the fourteen conditions.
const CONDITIONS: &[ConditionDef] = &[
    def(
        "Blinded",
        "Sees nothing; sight-based aptitude checks fail; disadvantage on attacks and on defending against them.",
        None,
        &[E::Harder(C::Attack), E::Harder(C::Defense), E::SeesNothing],
    ),
    def(
        "Charmed",
        "Won't harm the charmer; the charmer has advantage socially against it.",
        None,
        &[],
    ),
    def(
        "Deafened",
        "Hears nothing; hearing-based aptitude checks fail.",
        None,
        &[],
    ),
    def(
        "Frightened",
        "Disadvantage on aptitude checks and attacks while the source is in sight; won't willingly approach it.",
        None,
        &[E::Harder(C::Aptitude), E::Harder(C::Attack), E::FearsSource],
    ),
    def(
        "Grappled",
        "Speed 0, no speed bonuses; ends if the grappler is incapacitated or the hold is broken.",
        None,
        &[E::NoMovement, E::HeldBySource],
    ),
    def(
        "Incapacitated",
        "No actions or reactions.",
        None,
        &[E::NoActions],
    ),
    def(
        "Invisible",
        "Unseen without special senses; advantage on its attacks and defense checks.",
        None,
        &[E::Easier(C::Attack), E::Easier(C::Defense), E::Unseen],
    ),
    def(
        "Paralyzed",
        "Incapacitated, can't move or speak; fails Prowess and Finesse defenses; adjacent hits are critical.",
        None,
        &[
            E::NoActions,
            E::NoMovement,
            E::FailsPhysicalDefenses,
            E::AdjacentHitsCritical,
        ],
    ),
    def(
        "Petrified",
        "Turned to stone: incapacitated, unaware, fails every defense, resists all damage.",
        None,
        &[
            E::NoActions,
            E::NoMovement,
            E::FailsPhysicalDefenses,
            E::FailsAllDefenses,
            E::ResistsAllDamage,
            E::ImmuneToPoison,
        ],
    ),
    def(
        "Poisoned",
        "Disadvantage on attacks and aptitude checks.",
        None,
        &[E::Harder(C::Attack), E::Harder(C::Aptitude)],
    ),
    def(
        "Prone",
        "Only crawls (each square costs 2 speed) until it stands up (2 speed); disadvantage on attacks; adjacent attackers have advantage, others disadvantage.",
        None,
        &[E::Harder(C::Attack), E::AttacksAgainstByReach, E::Crawls],
    ),
    def(
        "Restrained",
        "Speed 0; attacks against it have advantage; its attacks and defenses have disadvantage.",
        None,
        &[
            E::NoMovement,
            E::AttacksAgainstEasier,
            E::Harder(C::Attack),
            E::Harder(C::Defense),
        ],
    ),
    def(
        "Stunned",
        "Incapacitated, can't move, barely speaks; fails Prowess and Finesse defenses.",
        None,
        &[E::NoActions, E::NoMovement, E::FailsPhysicalDefenses],
    ),
    def(
        "Unconscious",
        "Incapacitated, unaware, drops what it holds and falls prone (adjacent attackers have advantage, others disadvantage); fails Prowess and Finesse defenses; an adjacent attacker's hit is critical.",
        None,
        // It falls prone: taking it puts Prone on too (which stays when it wakes), and attacks
        // against it follow Prone even where an older file carries Unconscious alone; as for
        // Paralyzed, the text makes a hit from an adjacent attacker a critical hit.
        &[
            E::NoActions,
            E::NoMovement,
            E::FailsPhysicalDefenses,
            E::AttacksAgainstByReach,
            E::AdjacentHitsCritical,
            E::FallsProne,
        ],
    ),
];

/// Evening, Combat actions: the markers Defend and Disengage leave (summaries in our words).
const ACTION_MARKERS: &[ConditionDef] = &[
    def(
        "Defend",
        "In a defensive stance until the start of its next turn: +3 to its defence checks.",
        None,
        &[E::DefenceCheckBonus(3)],
    ),
    def(
        "Disengage",
        "Disengaged until the start of its next turn: attacks of opportunity can't target it.",
        None,
        &[E::NoOpportunityAttacks],
    ),
    // Reserves: a bonus action and a reserve die ignore exhaustion for a round.
    def(
        "Pushing through",
        "A reserve die spent with a bonus action: its exhaustion is ignored until the start of its next turn.",
        None,
        &[E::IgnoresExhaustion],
    ),
    // Controller: "may choose to slow targets instead of damaging them". The text gives slow
    // no numbers; Lantern reads it as speed halved until the start of the controller's next
    // turn, as the text's other one-round effects last.
    def(
        "Slowed",
        "Slowed by a Controller instead of hurt: speed halved until the start of the controller's next turn.",
        None,
        &[E::HalfSpeed],
    ),
];

impl System for Evening {
    fn id(&self) -> RuleSystem {
        RuleSystem::Evening
    }

    fn ledger(&self) -> &'static [crate::rules::ledger::LedgerRow] {
        ledger::LEDGER
    }

    fn default_check(&self) -> CheckSetup {
        CheckSetup::Evening(EveningCheck::default())
    }

    fn condition_catalogue(&self) -> &'static [ConditionDef] {
        CONDITIONS
    }

    fn action_markers(&self) -> &'static [ConditionDef] {
        ACTION_MARKERS
    }

    fn initiative_mode(&self) -> Mode {
        Mode::Rolled
    }

    fn new_token_trackers(&self) -> TokenTrackers {
        TokenTrackers::Evening(EveningToken::default())
    }

    /// A party token is a level 0 character: 4 health, no reserves, no aptitudes (Evening,
    /// Character Creation, level adjustments), Body +1 from the three attribute points and the
    /// rest at 0, striking with a weapon for d6 (the text prices weapons per weapon; d6 is our
    /// plain one). Anyone else is a rating 1 threat, whose health, TN and attacks come from
    /// the Threat Rating table.
    fn starting_sheet(&self, side: crate::model::Side) -> TokenTrackers {
        let mut sheet = EveningToken::default();
        if side == crate::model::Side::Party {
            sheet.level = 0;
            sheet.max_health = 4;
            sheet.health = 4;
            sheet.abilities.body = 1;
            sheet.attacks = vec![EveningAttack::new(
                "Weapon",
                crate::rules::AttackRange::ADJACENT,
                EveningAttackNumbers {
                    ability: EveningAbility::Prowess,
                    attribute: EveningAttribute::Body,
                    aptitude: false,
                    damage: DamageDice {
                        count: 1,
                        sides: 6,
                        bonus: 0,
                    },
                    damage_type: None,
                },
            )];
        } else {
            let threat = ThreatProfile {
                rating: 1,
                traits: Vec::new(),
            };
            sheet.max_health = threat.stats().health;
            sheet.health = sheet.max_health;
            sheet.threat = Some(threat);
        }
        TokenTrackers::Evening(sheet).as_defaults()
    }
}
