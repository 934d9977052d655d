//! 3d6 core mechanics (`three-d6-core-mechanics.txt`): 3d6 Total with advantage dice, Effect
//! dice, escalation 0–6, level and tier.

mod check;
mod effect;
mod ledger;
mod tracker;

pub use check::{
    EscalationDice, MAX_EDGE, MAX_ESCALATION, ResolutionBand, ThreeD6Check, ThreeD6Roll,
};
pub use effect::{EffectDice, EffectDie, halve, harm, step_flat};
pub use tracker::{MAX_HARM, TierRelation, tier_for_level};

pub use crate::model::trackers::three_d6::{
    EscalationChange, ThreeD6Attack, ThreeD6AttackNumbers, ThreeD6Change, ThreeD6Encounter,
    ThreeD6Token,
};

use crate::model::RuleSystem;
use crate::model::initiative::Mode;
use crate::rules::conditions::ConditionDef;
use crate::rules::{CheckSetup, System, TokenTrackers};

/// The 3d6 system for the registry.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThreeD6;

/// The core text names no conditions; games built on it add their own.
const CONDITIONS: &[ConditionDef] = &[];

impl System for ThreeD6 {
    fn id(&self) -> RuleSystem {
        RuleSystem::ThreeD6
    }

    fn ledger(&self) -> &'static [crate::rules::ledger::LedgerRow] {
        ledger::LEDGER
    }

    fn default_check(&self) -> CheckSetup {
        CheckSetup::ThreeD6(ThreeD6Check::default())
    }

    fn condition_catalogue(&self) -> &'static [ConditionDef] {
        CONDITIONS
    }

    fn initiative_mode(&self) -> Mode {
        Mode::Escalating
    }

    fn new_token_trackers(&self) -> TokenTrackers {
        TokenTrackers::ThreeD6(ThreeD6Token::default())
    }

    /// Level 1, the first level of the first tier (3d6, Level, Tier, and Advancement), and an
    /// attack whose harm is the Mid die (the text's example reads the Mid die for a number).
    fn starting_sheet(&self, _side: crate::model::Side) -> TokenTrackers {
        TokenTrackers::ThreeD6(ThreeD6Token {
            level: Some(1),
            attacks: vec![ThreeD6Attack::new(
                "Weapon",
                crate::rules::AttackRange::ADJACENT,
                ThreeD6AttackNumbers {
                    die: EffectDie::Mid,
                    steps: 0,
                    halved: false,
                },
            )],
            ..ThreeD6Token::default()
        })
        .as_defaults()
    }
}
