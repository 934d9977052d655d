//! Where a token may move now, and the one check a move passes before it becomes a command:
//! the GM's drag on the map and a player's move from a phone both ask [`MoveReach`], so a move
//! is refused past the movement left in exactly the same way wherever it comes from.
//!
//! On its own turn in a running initiative a token reaches as far as the movement it has left
//! (`turn_move::movement_left`); anyone else as far as its speed after conditions. The reach is
//! `turn_move::reach`'s: crawling while prone, and never closer to what frightens it (Evening,
//! Frightened). A move within reach becomes `turn_move::move_along` over its path, so it spends
//! the movement, offers the attacks of opportunity it provokes and breaks the holds it leaves,
//! wherever it came from.

use super::turn_move::{gait, move_along, movement_left, reach};
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
        let reach = reach(scene, encounter, id, speed_cells)?;
        Some(Self {
            id,
            speed_cells,
            gait,
            reach,
        })
    }

    /// Why a move to `target` is refused ("Out of reach (cost 8 of 6).", "Frightened: it can't
    /// move closer to …"), or `None` when the token can get there.
    pub fn refusal(&self, scene: &Scene, encounter: &Encounter, target: Cell) -> Option<String> {
        if self.reach.cost_cells(target).is_some() {
            return None;
        }
        // Only on a refusal: search again with a wider (but bounded, for huge maps) limit to say
        // how far it really is.
        let limit = self.speed_cells.saturating_mul(4).max(24);
        let cost = reach(scene, encounter, self.id, limit).and_then(|r| r.cost_cells(target));
        if cost.is_none()
            && let Some(source) = super::fear::kept_from(encounter, self.id)
        {
            let name = encounter.token(source).map_or("?", |t| t.name.as_str());
            return Some(format!("Frightened: it can't move closer to {name}."));
        }
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

    /// The anchors a move to `target` passes, the start first, if it is reachable.
    pub fn path_to(&self, target: Cell) -> Option<Vec<Cell>> {
        self.reach.path_to(target)
    }

    /// The cheapest path to `target` (its cells, from where the token stands) and its cost.
    pub fn path(&self, target: Cell) -> Option<(Vec<Cell>, u32)> {
        Some((self.path_to(target)?, self.cost_cells(target)?))
    }

    /// The command for a move to `target` within reach, or why it is refused: the move along
    /// the cheapest path ([`move_along`]: on the token's turn the movement it costs, and the
    /// attacks of opportunity it offers), one undo step.
    pub fn command(
        &self,
        scene: &Scene,
        encounter: &Encounter,
        target: Cell,
    ) -> Result<Command, String> {
        if let Some(why) = self.refusal(scene, encounter, target) {
            return Err(why);
        }
        let (path, cost) = self
            .path(target)
            .ok_or_else(|| "Out of reach.".to_owned())?;
        Ok(move_along(encounter, self.id, &path, cost))
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
