//! Road and Ruin (`road-and-ruin.md`): the d10 Outcome die with a shifting centre, attack dice
//! with blows and Specials, Steadfast, Exertion, the Story Roster.

mod attack;
mod breather;
mod health;
mod ledger;
mod outcome;
mod roster;
mod tracker;

pub use attack::{
    AttackDie, AttackFaces, AttackOutcome, AttackResult, AttackRoll, Blow, Shield, blow_damage,
};
pub use breather::{Breather, proficiency_result};
pub use health::{exertion_max, is_exhausted, strike};
pub use outcome::{
    Band, Exhaustion, MAX_PROFICIENCY, OutcomeCheck, OutcomeRoll, SPECIALISATION_SHIFT, Timing,
    initiative_benefit,
};
pub use roster::{DiscoveryPrompt, ROSTER_SLOTS, RosterOutcome, RosterRoll};
pub use tracker::StrikePreview;

pub use crate::model::trackers::road_and_ruin::{
    Pool, RosterChange, RrAttack, RrAttackNumbers, RrChange, RrToken, StoryRoster,
};

use crate::model::RuleSystem;
use crate::model::initiative::Mode;
use crate::rules::conditions::{ConditionDef, Effect as E, def};
use crate::rules::{CheckSetup, System, TokenTrackers};

/// The Road and Ruin system for the registry.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoadAndRuin;

/// Road and Ruin: the states its text names for combat.
///
/// Distracted (Hastened time; OUTCOME) worsens speed, accuracy and the skill outcome by an
/// amount the text leaves open; Lantern reads it as 1 point of increased difficulty, the
/// smallest step of challenge the text names (the gap of a small child), which on an attack
/// is −1 to the To Hit (accuracy); speed is left to the GM.
const CONDITIONS: &[ConditionDef] = &[
    def(
        "Shaken",
        "No Steadfast left: its Intention becomes getting out of danger.",
        None,
        &[],
    ),
    def(
        "Distracted",
        "Acted outside its Intention: slower, less accurate, worse outcomes until it Assesses.",
        None,
        &[E::Difficulty(1)],
    ),
    def(
        "Tiring",
        "Rolls an extra skill die and keeps the lower.",
        None,
        &[E::ExtraLowDie],
    ),
    def(
        "Exhausted",
        "Under half its Exertion: +5 difficulty and an extra skill die, keep the lower.",
        None,
        &[E::Exhaustion],
    ),
    def(
        ABOVE,
        "Climbed, flown or jumped above the others: seen more, but may hide as though Behind.",
        None,
        &[],
    ),
    def(
        BELOW,
        "Burrowed, swum or gone beneath a larger creature: may hide as though Behind.",
        None,
        &[],
    ),
];

/// Road and Ruin, NAVIGATION: a creature Above another (by enough for its distance from the
/// edge) gains a hiding bonus as though Behind. The map keeps no heights, so the GM marks it.
pub const ABOVE: &str = "Above";
/// Road and Ruin, NAVIGATION: a creature Below (burrowing, underwater, beneath a larger
/// creature) gains a hiding bonus as though Behind.
pub const BELOW: &str = "Below";

impl System for RoadAndRuin {
    fn id(&self) -> RuleSystem {
        RuleSystem::RoadAndRuin
    }

    fn ledger(&self) -> &'static [crate::rules::ledger::LedgerRow] {
        ledger::LEDGER
    }

    fn default_check(&self) -> CheckSetup {
        CheckSetup::RoadAndRuin(OutcomeCheck::default())
    }

    fn condition_catalogue(&self) -> &'static [ConditionDef] {
        CONDITIONS
    }

    fn initiative_mode(&self) -> Mode {
        Mode::Simultaneous
    }

    fn new_token_trackers(&self) -> TokenTrackers {
        TokenTrackers::RoadAndRuin(RrToken::default())
    }

    /// An average adult: Endurance 2 (adult humans average 2–3, CHARACTERS) for 20 Exertion,
    /// Mana 6 (the sum of three mental attributes at 2, SPELLS), and, since the text derives
    /// Health and Steadfast from the creature type without a table, 10 Health and 3
    /// Steadfast (the text's own Steadfast example), no armour, and an edged weapon (d8)
    /// without proficiency dealing 3 on a Solid Blow.
    fn starting_sheet(&self, _side: crate::model::Side) -> TokenTrackers {
        let mut sheet = RrToken {
            endurance: 2,
            ..RrToken::default()
        };
        for (pool, max) in [(Pool::Health, 10), (Pool::Steadfast, 3), (Pool::Mana, 6)] {
            sheet.max[pool as usize] = max;
            sheet.current[pool as usize] = max;
        }
        sheet.current[Pool::Exertion as usize] = sheet.max_of(Pool::Exertion);
        sheet.attacks = vec![RrAttack::new(
            "Weapon",
            crate::rules::AttackRange::ADJACENT,
            RrAttackNumbers {
                die: AttackDie::D8,
                proficiency: 0,
                damage: 3,
            },
        )];
        TokenTrackers::RoadAndRuin(sheet).as_defaults()
    }
}
