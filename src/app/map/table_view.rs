//! What the table's screen asks of the map: whether the players see a token (the rule the
//! players' view paints by), and what dropping a token moved from the table does (the rule the
//! GM's own drags follow, without the GM's Alt).

use super::MapView;
use super::audience_view::token_shown;
use super::fog::MapAudience;
use super::movement::drop_move;
use crate::model::{Cell, Command, Encounter, TokenId};

impl MapView {
    /// Whether the players' window shows token `id` now: never a GM-only token, and with fog on
    /// only one standing on a cell the party sees.
    pub fn players_see(&mut self, encounter: &Encounter, id: TokenId) -> bool {
        let Some(token) = encounter.token(id) else {
            return false;
        };
        let fogged = encounter.fog.enabled;
        let cells = if fogged { self.fog.cells() } else { None };
        token_shown(MapAudience::Players, encounter, fogged, cells, token)
    }

    /// What dropping token `id` on `target` from the table does: `Ok(None)` nothing (where it
    /// was, off the map, no such token), `Err(why)` refused as the GM's map refuses it (out of
    /// its reach this turn), else the move, one undo step that spends the movement on its turn.
    pub fn table_drop(
        &mut self,
        encounter: &Encounter,
        id: TokenId,
        target: Cell,
    ) -> Result<Option<Command>, String> {
        let Some(token) = encounter.token(id) else {
            return Ok(None);
        };
        let (scene, _) = self.play.scene.scene(encounter);
        drop_move(scene, encounter, &mut None, token, target, false)
    }
}
