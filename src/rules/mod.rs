//! The five rule systems' core: checks with exact odds, trackers, and the one trait the rest of
//! the program uses. Pure core code (no egui).
//!
//! Each system lives in its own folder and exposes a unit struct implementing [`System`]; the
//! registry [`system`] maps a [`RuleSystem`] to it. A sixth system adds its folder, its tracker
//! data in `model::trackers` (the encounter keeps it) and one line in [`system`], but the trait
//! is not the whole story: a variant in [`RuleSystem`], [`CheckSetup`], `CheckOutcome` and
//! [`TokenTrackers`], and a match arm wherever those are matched — range bands and cover degree
//! in `board`, the check builder, the sheet and light in `combat`, and the Dice, Trackers and
//! Initiative panes in the shell. ARCHITECTURE.md counts the files.

mod check;
pub mod conditions;
pub mod ledger;
mod trackers;

pub mod evening;
pub mod go_forth_heroes;
pub mod post_core;
pub mod road_and_ruin;
pub mod three_d6;

pub use crate::model::RulesError;
pub use crate::model::trackers::attack::{Attack, AttackRange};
pub use crate::model::trackers::{
    EncounterChange, EncounterTrackers, TokenChange, TokenSheets, TokenTrackers, TrackerCommand,
    Trackers,
};
pub use check::{CheckOutcome, CheckSetup};
pub use conditions::ConditionDef;

use crate::model::RuleSystem;

/// Largest magnitude accepted for a bonus, penalty or TN typed into a check setup.
pub const INPUT_LIMIT: i64 = 1000;

/// Bounds a number typed into a check setup to ±[`INPUT_LIMIT`]. No rule text uses anything
/// near it, and it keeps the odds arithmetic from overflowing on absurd input.
#[must_use]
pub fn bounded(value: i64) -> i64 {
    value.clamp(-INPUT_LIMIT, INPUT_LIMIT)
}

/// One rule system as the rest of the program sees it.
pub trait System: Sync {
    /// Which system this is.
    fn id(&self) -> RuleSystem;

    /// The name shown to users.
    fn name(&self) -> &'static str {
        self.id().label()
    }

    /// The check the Dice pane opens with.
    fn default_check(&self) -> CheckSetup;

    /// The system's conditions, with the effects Lantern applies for them.
    fn condition_catalogue(&self) -> &'static [ConditionDef];

    /// The markers the text's own combat actions leave on tokens (GFH Guard and Help, Evening
    /// Defend and Disengage), looked up like conditions but not offered in the conditions
    /// list: they are taken as actions (`combat::turn_action`).
    fn action_markers(&self) -> &'static [ConditionDef] {
        &[]
    }

    /// How the initiative tracker takes turns by default.
    fn initiative_mode(&self) -> crate::model::initiative::Mode;

    /// Empty trackers: nothing kept yet (the shape of the system's sheet, for tests and
    /// builders that fill every number themselves).
    fn new_token_trackers(&self) -> TokenTrackers;

    /// The plain numbers a token of `side` starts with when the GM gives it none (a token
    /// from the palette, or a sheet opened for the first time): the text's own starting or
    /// baseline numbers, marked as defaults until the GM edits them. Every system's reading is
    /// on its `starting_sheet`.
    fn starting_sheet(&self, side: crate::model::Side) -> TokenTrackers;

    /// Every rule of the system's text that bears on a fight, and what Lantern does with it
    /// (see [`ledger`]).
    fn ledger(&self) -> &'static [ledger::LedgerRow];
}

/// The registry: the [`System`] for `id`.
#[must_use]
pub fn system(id: RuleSystem) -> &'static dyn System {
    match id {
        RuleSystem::GoForthHeroes => &go_forth_heroes::GoForthHeroes,
        RuleSystem::Evening => &evening::Evening,
        RuleSystem::RoadAndRuin => &road_and_ruin::RoadAndRuin,
        RuleSystem::PostCore => &post_core::PostCore,
        RuleSystem::ThreeD6 => &three_d6::ThreeD6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_round_trips_every_system() {
        for id in RuleSystem::ALL {
            let s = system(id);
            assert_eq!(s.id(), id);
            assert_eq!(s.name(), id.label());
            assert_eq!(s.default_check().system(), id);
            assert_eq!(s.new_token_trackers().system(), id);
            let odds = s.default_check().odds();
            let total: f64 = odds.iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{id:?} odds sum to {total}");
        }
        assert!(
            !system(RuleSystem::GoForthHeroes)
                .condition_catalogue()
                .is_empty()
        );
    }

    #[test]
    fn absurd_inputs_neither_panic_nor_overflow() {
        let big = i64::MAX;
        let setups = [
            CheckSetup::GoForthHeroes(go_forth_heroes::GfhCheck {
                roll_bonus: big,
                effort_bonus: -big,
                target: go_forth_heroes::Target::Fixed(big),
                modifiers: vec![big, i64::MIN],
                ..go_forth_heroes::GfhCheck::default()
            }),
            CheckSetup::Evening(evening::EveningCheck {
                modifier: big,
                tn: i64::MIN,
                ..evening::EveningCheck::default()
            }),
            CheckSetup::RoadAndRuin(road_and_ruin::OutcomeCheck {
                attribute: big,
                benefit: big,
                difficulty: i64::MIN,
                tiring: u8::MAX,
                ..road_and_ruin::OutcomeCheck::default()
            }),
            CheckSetup::PostCore(post_core::ActionRoll {
                attribute: u8::MAX,
                grit_dice: u8::MAX,
                ..post_core::ActionRoll::default()
            }),
            CheckSetup::ThreeD6(three_d6::ThreeD6Check {
                advantage: u8::MAX,
                bonus: big,
                ..three_d6::ThreeD6Check::default()
            }),
        ];
        let mut rng = crate::dice::DiceRng::seeded(1);
        for setup in setups {
            let total: f64 = setup.odds().iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9);
            setup.roll(&mut rng);
        }
    }
}
