//! Post core rules (`post-core-rules.txt`): d6 action pools read by the highest die, risk,
//! effect and consequence, resistance with grit, HP and attribute loss, clocks.

mod action;
mod clocks;
mod tracker;

pub use action::{
    ActionOutcome, ActionResult, ActionRoll, GRIT_PER_ACTION_DIE, PoolReading, ResistanceRoll,
    Risk, pool_odds, read_pool, roll_pool,
};

pub use tracker::{PostHarm, STARTING_GRIT};

pub use crate::model::trackers::post_core::{
    Attribute, Clock, ClockChange, Clocks, PostAttack, PostAttackNumbers, PostChange, PostToken,
};

use crate::model::RuleSystem;
use crate::model::initiative::Mode;
use crate::rules::conditions::{ConditionDef, Effect as E, def};
use crate::rules::{CheckSetup, System, TokenTrackers};

/// The Post core system for the registry.
#[derive(Clone, Copy, Debug, Default)]
pub struct PostCore;

/// Post core rules: the states that follow from HP and attribute loss.
const CONDITIONS: &[ConditionDef] = &[
    def("Exposed", "Guard down: treated as if at 0 HP.", None, &[]),
    def(
        "Paralysed",
        "DEX below 0: can't move.",
        None,
        &[E::NoMovement, E::NoActions],
    ),
    def(
        "Delirious",
        "WIL below 0: not in control of itself.",
        None,
        &[],
    ),
    def(
        "Taken down",
        "STR below 0: dying unless helped at once.",
        None,
        &[E::NoMovement, E::NoActions],
    ),
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

    fn initiative_mode(&self) -> Mode {
        Mode::Ordered
    }

    fn new_token_trackers(&self) -> TokenTrackers {
        TokenTrackers::PostCore(PostToken::default())
    }

    /// The text's quick start: 3 attribute points spread one each (STR, DEX, WIL 1), HP 2 +
    /// starting STR = 3, 6 grit (Post, Attributes; Hit Protection; Grit), attacking with STR.
    fn starting_sheet(&self, _side: crate::model::Side) -> TokenTrackers {
        let attributes = [1; 3];
        TokenTrackers::PostCore(PostToken {
            hp: 3,
            max_hp: 3,
            grit: STARTING_GRIT,
            attributes,
            base_attributes: attributes,
            attacks: vec![PostAttack::new(
                "Weapon",
                crate::rules::AttackRange::ADJACENT,
                PostAttackNumbers {
                    attribute: Attribute::Str,
                    assistive: false,
                },
            )],
            default_numbers: false,
        })
        .as_defaults()
    }
}
