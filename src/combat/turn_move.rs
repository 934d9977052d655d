//! Moving the token whose turn it is: its movement left this turn, and the one command a drag
//! on the map queues, which spends that movement in the same undo step (Evening, Movement and
//! actions: "one movement" a turn; GFH, Grid Play: a Move split around the Action).

use super::command::CombatCommand;
use super::initiative::{EconomyPart, Mode};
use super::wounds::token_speed;
use crate::model::{Cell, Command, Encounter, TokenId};

/// The cells `token` may still move this turn, when it is the combatant whose turn it is in a
/// running initiative that takes turns (Road and Ruin's simultaneous pips have none): its Move
/// after Wounds and conditions, times its Moves this turn, less what it has spent. `None`
/// for anyone else, who moves freely (outside a fight, or the GM placing tokens).
#[must_use]
pub fn movement_left(encounter: &Encounter, token: TokenId) -> Option<u32> {
    let init = &encounter.combat.initiative;
    if !init.is_running() || init.mode == Mode::Simultaneous || init.current_token() != Some(token)
    {
        return None;
    }
    let c = &init.combatants[init.position(token)?];
    let speed = token_speed(encounter, &encounter.combat.conditions, token).value;
    Some(c.economy.movement_left(speed))
}

/// The command for dragging `token` to `to` along a path costing `cost_cells`: a plain move, or,
/// on the token's own turn, the move and the movement it spends as one step.
#[must_use]
pub fn drag_move(encounter: &Encounter, token: TokenId, to: Cell, cost_cells: u32) -> Command {
    let step = Command::MoveToken { id: token, to };
    if movement_left(encounter, token).is_none() || cost_cells == 0 {
        return step;
    }
    Command::Batch(vec![
        step,
        Command::Combat(CombatCommand::UseEconomy {
            token,
            part: EconomyPart::Movement(cost_cells),
        }),
    ])
}
