//! Where a token may move now, and the one check a move passes before it becomes a command:
//! the GM's drag on the map and a player's move from a phone both ask [`MoveReach`], so a move
//! is refused past the movement left in exactly the same way wherever it comes from.
//!
//! On its own turn in a running initiative a token reaches as far as the movement it has left
//! (`turn_move::movement_left`); anyone else as far as its speed after conditions. The cost
//! counts crawling while prone (`turn_move::gait`).

use super::turn_move::{drag_move, gait, movement_left};
use super::wounds::token_speed;
use crate::board::{Gait, Reach, Scene};
use crate::model::{Cell, Command, Encounter, TokenId};

/// Where a token can get this turn.
#[derive(Debug)]
pub struct MoveReach {
    pub id: TokenId,
    /// Speed after conditions, or the movement left on its turn, in cells.
    pub speed_cells: u32,
    /// Walking, or crawling while prone (each square costs double).
    pub gait: Gait,
    pub reach: Reach,
}

impl MoveReach {
    /// The reach of `id` at its speed after its conditions, or, on its turn, with the movement
    /// it has left.
    pub fn of(scene: &Scene, encounter: &Encounter, id: TokenId) -> Option<Self> {
        encounter.token(id)?;
        let speed_cells = movement_left(encounter, id)
            .unwrap_or_else(|| token_speed(encounter, &encounter.combat.conditions, id).value);
        let gait = gait(encounter, id);
        let reach = scene.reachable_with(id, speed_cells, gait)?;
        Some(Self {
            id,
            speed_cells,
            gait,
            reach,
        })
    }

    /// Why a move to `target` is refused ("Out of reach (cost 8 of 6)."), or `None` when the
    /// token can get there.
    pub fn refusal(&self, scene: &Scene, target: Cell) -> Option<String> {
        if self.reach.cost_cells(target).is_some() {
            return None;
        }
        // Only on a refusal: search again with a wider (but bounded, for huge maps) limit to say
        // how far it really is.
        let limit = self.speed_cells.saturating_mul(4).max(24);
        let cost = scene
            .reachable_with(self.id, limit, self.gait)
            .and_then(|r| r.cost_cells(target));
        let cost = match cost {
            Some(cost) => format!("cost {} of {}", cells_text(cost), self.speed_cells),
            None => format!("cost over {limit} of {}", self.speed_cells),
        };
        Some(format!("Out of reach ({cost})."))
    }

    /// The whole cells a move to `target` costs, if it is reachable.
    pub fn cost_cells(&self, target: Cell) -> Option<u32> {
        let cost = self.reach.cost_cells(target)?;
        // Costs are whole or half cells; a part cell still spends a whole one of speed.
        Some(cost.ceil() as u32)
    }

    /// The cheapest path to `target` (its cells, from where the token stands) and its cost.
    pub fn path(&self, target: Cell) -> Option<(Vec<Cell>, u32)> {
        Some((self.reach.path_to(target)?, self.cost_cells(target)?))
    }

    /// The command for a move to `target` within reach (spending the movement on the token's
    /// turn), or why it is refused.
    pub fn command(
        &self,
        scene: &Scene,
        encounter: &Encounter,
        target: Cell,
    ) -> Result<Command, String> {
        if let Some(why) = self.refusal(scene, target) {
            return Err(why);
        }
        let cost = self.cost_cells(target).unwrap_or(0);
        Ok(drag_move(encounter, self.id, target, cost))
    }
}

/// A cost in cells: whole numbers without a decimal point.
pub fn cells_text(cost: f64) -> String {
    if (cost - cost.round()).abs() < 1e-9 {
        format!("{cost:.0}")
    } else {
        format!("{cost:.1}")
    }
}
