//! Post core rules (`post-core-rules.txt`): d6 action pools read by the highest die, risk,
//! effect and consequence, resistance with grit, HP and attribute loss, clocks.

mod action;
mod clocks;
mod tracker;

pub use action::{
    ActionOutcome, ActionResult, ActionRoll, GRIT_PER_ACTION_DIE, PoolReading, ResistanceRoll,
    Risk, pool_odds, read_pool, roll_pool,
};
pub use clocks::{Clock, ClockChange, Clocks};
pub use tracker::{Attribute, PostChange, PostToken, STARTING_GRIT};

use crate::model::RuleSystem;
use crate::rules::{CheckSetup, ConditionDef, InitiativeMethod, System, TokenTrackers};

/// The Post core system for the registry.
#[derive(Clone, Copy, Debug, Default)]
pub struct PostCore;

/// Post core states, in our words (Post core, Hit Protection; Attribute Loss).
const CONDITIONS: &[ConditionDef] = &[
    ConditionDef::new("Exposed", "Guard lowered: treated as having 0 HP"),
    ConditionDef::new("Taken down", "STR below 0: dies unless helped at once"),
    ConditionDef::new("Paralysed", "DEX below 0"),
    ConditionDef::new("Delirious", "WIL below 0"),
];

impl System for PostCore {
    fn id(&self) -> RuleSystem {
        RuleSystem::PostCore
    }

    fn default_check(&self) -> CheckSetup {
        CheckSetup::PostCore(ActionRoll {
            attribute: 1,
            ..ActionRoll::default()
        })
    }

    fn condition_catalogue(&self) -> &'static [ConditionDef] {
        CONDITIONS
    }

    fn initiative_method(&self) -> InitiativeMethod {
        InitiativeMethod::Unstructured
    }

    fn new_token_trackers(&self) -> TokenTrackers {
        TokenTrackers::PostCore(PostToken::default())
    }
}
