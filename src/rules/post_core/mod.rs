//! Post core rules (`post-core-rules.txt`): d6 action pools read by the highest die, risk,
//! effect and consequence, resistance with grit, HP and attribute loss, clocks.

mod action;
mod clocks;
mod ledger;
mod tracker;

pub use action::{
    ActionOutcome, ActionResult, ActionRoll, GRIT_PER_ACTION_DIE, GRIT_PER_RESISTANCE_DIE,
    GRIT_PER_TEAMMATE_DIE, PoolReading, ResistanceResult, ResistanceRoll, Risk, load_dice,
    pool_odds, read_pool, roll_pool,
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

/// STR below 0 (Post core, Damage: "taken down and will die unless immediately assisted").
pub const TAKEN_DOWN: &str = "Taken down";
/// DEX below 0 (Post core, Attribute Loss).
pub const PARALYSED: &str = "Paralysed";
/// WIL below 0 (Post core, Attribute Loss).
pub const DELIRIOUS: &str = "Delirious";

/// DEX or WIL lost completely: no action until an extended rest (Post core, Attribute Loss).
pub const UNABLE_TO_ACT: &str = "Unable to act";

/// Whether `token` has lost all of its DEX or all of its WIL (Post core, Attribute Loss:
/// "Complete DEX and WIL loss renders the character unable to act until they go through
/// extended rest"). Lantern reads "complete loss" as an attribute the character had (a base
/// above 0) now at 0 or below, and either attribute's loss as enough.
#[must_use]
pub fn lost_completely(token: &PostToken) -> bool {
    [Attribute::Dex, Attribute::Wil].into_iter().any(|a| {
        let i = a as usize;
        token.base_attributes[i] > 0 && token.attributes[i] <= 0
    })
}

/// The condition an attribute below 0 puts on a character (Post core, Damage; Attribute Loss):
/// STR Taken down, DEX Paralysed, WIL Delirious.
#[must_use]
pub fn below_zero_condition(attribute: Attribute) -> &'static str {
    match attribute {
        Attribute::Str => TAKEN_DOWN,
        Attribute::Dex => PARALYSED,
        Attribute::Wil => DELIRIOUS,
    }
}

/// Post core rules: the states that follow from HP and attribute loss. Taken down and
/// Paralysed stop actions and movement (a character dying, or unable to move); Delirious
/// changes no number (the GM plays it); Unable to act follows all of DEX or WIL lost
/// ([`lost_completely`]) and lasts until an extended rest.
const CONDITIONS: &[ConditionDef] = &[
    def("Exposed", "Guard down: treated as if at 0 HP.", None, &[]),
    def(
        PARALYSED,
        "DEX below 0: can't move or act.",
        None,
        &[E::NoMovement, E::NoActions],
    ),
    def(
        DELIRIOUS,
        "WIL below 0: not in control of itself.",
        None,
        &[],
    ),
    def(
        TAKEN_DOWN,
        "STR below 0: dying unless helped at once.",
        None,
        &[E::NoMovement, E::NoActions],
    ),
    def(
        UNABLE_TO_ACT,
        "All its DEX or all its WIL lost: can't act until an extended rest.",
        None,
        &[E::NoMovement, E::NoActions],
    ),
];

impl System for PostCore {
    fn id(&self) -> RuleSystem {
        RuleSystem::PostCore
    }

    fn ledger(&self) -> &'static [crate::rules::ledger::LedgerRow] {
        ledger::LEDGER
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
            ..PostToken::default()
        })
        .as_defaults()
    }
}
