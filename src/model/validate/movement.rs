//! The Evening sheet's kinds of movement (Evening, Movement: Kinds of movement): each speed
//! within [`MAX_MOVEMENT_SPEED_CELLS`], and the kind a creature moves by one it has a speed
//! for. The loader and every command run it through `check_combat_state`.

use super::super::trackers::Trackers;
use super::super::trackers::evening_movement::MoveKind;
use super::super::{CommandError, RuleSystem};
use crate::model::trackers::evening::EveningToken;

/// The fastest a kind of movement may be, in squares a turn: half across the largest map.
pub const MAX_MOVEMENT_SPEED_CELLS: u32 = 1_000;

/// Every token's Evening sheet keeps its movement kinds within bounds.
pub fn check_movement(trackers: &Trackers) -> Result<(), CommandError> {
    for (token, sheets) in &trackers.per_token {
        if let Some(crate::model::trackers::TokenTrackers::Evening(e)) =
            sheets.get(RuleSystem::Evening)
        {
            check_sheet(*token, e)?;
        }
    }
    Ok(())
}

fn check_sheet(token: crate::model::TokenId, e: &EveningToken) -> Result<(), CommandError> {
    for kind in MoveKind::OTHERS {
        if let Some(speed) = e.movement.get(kind)
            && speed > MAX_MOVEMENT_SPEED_CELLS
        {
            return Err(CommandError::OutOfRange {
                what: format!("token {token}'s {} speed", kind.label()),
                value: i64::from(speed),
                min: 0,
                max: i64::from(MAX_MOVEMENT_SPEED_CELLS),
            });
        }
    }
    if !e.moving.is_walk() && e.movement.get(e.moving).is_none() {
        return Err(CommandError::BadCombat(format!(
            "token {token} moves by {} but its sheet gives no such speed",
            e.moving.label()
        )));
    }
    Ok(())
}
