//! Go Forth: Heroes (`go-forth-heroes.txt`): d20 + Roll against a TN, an Effort die for impact,
//! momentum Boosts, Hearts of 10 Effort, Wounds by Defense.

mod check;
mod contest;
mod hearts;
mod tracker;
mod wounds;

pub use check::{
    BARE_HANDS_EFFORT_DIE, Boost, EASE_STEP, GfhCheck, GfhOutcome, GfhRoll, MOMENTUM_DIE,
    MomentumArea, Target, TnTier, WEAPON_EFFORT_DIE, net_modifier,
};
pub use contest::{Contest, ContestOutcome, contest_odds};
pub use hearts::{EFFORT_PER_HEART, EffortApplied, Hearts};
pub use tracker::{GfhChange, GfhToken};
pub use wounds::{
    Attributes, Defense, EXISTING_WOUND_PENALTY, Severity, Wound, WoundRoll, wound_effect,
};

use crate::model::RuleSystem;
use crate::rules::{CheckSetup, ConditionDef, InitiativeMethod, System, TokenTrackers};

/// The GFH system for the registry.
#[derive(Clone, Copy, Debug, Default)]
pub struct GoForthHeroes;

/// GFH conditions (paired, opposites cancel) and monster Debuffs, in our words
/// (GFH, Conditions; Debuffs).
const CONDITIONS: &[ConditionDef] = &[
    ConditionDef::new(
        "Bolstered",
        "Soul Defense +3; social checks Easy; one temporary momentum die",
    ),
    ConditionDef::new("Empowered", "Body Defense +3; physical checks Easy"),
    ConditionDef::new(
        "Focused",
        "Mind Defense +3; mental checks Easy; second Lock slot opens",
    ),
    ConditionDef::new("Mobile", "Moves twice as far"),
    ConditionDef::new(
        "Shaken",
        "Soul Defense −3; social checks Hard; one momentum die lost for now",
    ),
    ConditionDef::new("Weakened", "Body Defense −3; physical checks Hard"),
    ConditionDef::new("Dazed", "Mind Defense −3; mental checks Hard; no Lock slot"),
    ConditionDef::new("Trapped", "Cannot move"),
    ConditionDef::new("Exposed", "Monster debuff: every attack on it is Easy"),
    ConditionDef::new("Rattled", "Monster debuff: its attacks are Hard"),
    ConditionDef::new("Pinned", "Monster debuff: no Move action"),
    ConditionDef::new(
        "Staggered",
        "Monster debuff: Move or Action this turn, not both",
    ),
    ConditionDef::new("Stunned", "Monster debuff: cannot act this round"),
];

impl System for GoForthHeroes {
    fn id(&self) -> RuleSystem {
        RuleSystem::GoForthHeroes
    }

    fn default_check(&self) -> CheckSetup {
        CheckSetup::GoForthHeroes(GfhCheck::default())
    }

    fn condition_catalogue(&self) -> &'static [ConditionDef] {
        CONDITIONS
    }

    fn initiative_method(&self) -> InitiativeMethod {
        InitiativeMethod::RoundTheTableOrZipper
    }

    fn new_token_trackers(&self) -> TokenTrackers {
        TokenTrackers::GoForthHeroes(GfhToken::default())
    }
}
