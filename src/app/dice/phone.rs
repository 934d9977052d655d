//! A roll made on a player's phone, landing in the Dice pane: shown as the pane's own result for
//! that hero's attack on its target, with Apply — the GM keeps the last word.

use super::{DiceState, action};
use crate::companion::attack::PhoneRoll;
use crate::dice::DiceRng;
use crate::model::Encounter;

impl DiceState {
    /// Shows `roll` (already logged, in its own undo step) as the pane's result: the form set to
    /// the hero's attack on its target, and Apply offered for it.
    pub fn show_phone_roll(&mut self, encounter: &Encounter, rng: &mut DiceRng, roll: PhoneRoll) {
        let (Some(actor), Some(target)) = (roll.filled.actor, roll.filled.target()) else {
            return;
        };
        let request = action::MapAction {
            actor: Some(actor),
            target,
            attack: true,
            add: false,
        };
        action::begin(self, encounter, &request);
        self.weapon = roll.weapon;
        self.rolled = Some(action::rolled(
            encounter,
            self,
            &roll.filled,
            roll.setup,
            roll.outcome,
            rng,
        ));
        self.show_result_of_form(roll.entry);
    }
}
