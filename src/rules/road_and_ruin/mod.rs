//! Road and Ruin (`road-and-ruin.md`): the d10 Outcome die with a shifting centre, attack dice
//! with blows and Specials, Steadfast, Exertion, the Story Roster.

mod attack;
mod health;
mod outcome;
mod roster;
mod tracker;

pub use attack::{AttackDie, AttackOutcome, AttackResult, AttackRoll, Blow, blow_damage};
pub use health::{exertion_max, is_exhausted, strike};
pub use outcome::{
    Band, Exhaustion, MAX_PROFICIENCY, OutcomeCheck, OutcomeRoll, SPECIALISATION_SHIFT,
};
pub use roster::{
    DiscoveryPrompt, ROSTER_SLOTS, RosterChange, RosterOutcome, RosterRoll, StoryRoster,
};
pub use tracker::{Pool, RrChange, RrToken};

use crate::model::RuleSystem;
use crate::rules::{CheckSetup, ConditionDef, InitiativeMethod, System, TokenTrackers};

/// The Road and Ruin system for the registry.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoadAndRuin;

/// Road and Ruin states named in the text, in our words.
const CONDITIONS: &[ConditionDef] = &[
    ConditionDef::new(
        "Shaken",
        "No Steadfast left: acts only to stop feeling exposed",
    ),
    ConditionDef::new(
        "Distracted",
        "Acted outside its Intention: slower, less accurate, worse Outcomes",
    ),
    ConditionDef::new(
        "Exhausted",
        "Under half Exertion: +5 difficulty and an extra die keeping the lowest",
    ),
    ConditionDef::new(
        "Tiring",
        "Each Tiring activity adds a die keeping the lowest",
    ),
];

impl System for RoadAndRuin {
    fn id(&self) -> RuleSystem {
        RuleSystem::RoadAndRuin
    }

    fn default_check(&self) -> CheckSetup {
        CheckSetup::RoadAndRuin(OutcomeCheck::default())
    }

    fn condition_catalogue(&self) -> &'static [ConditionDef] {
        CONDITIONS
    }

    fn initiative_method(&self) -> InitiativeMethod {
        InitiativeMethod::SimultaneousWithTimingRoll
    }

    fn new_token_trackers(&self) -> TokenTrackers {
        TokenTrackers::RoadAndRuin(RrToken::default())
    }
}
