//! Evening, Movement: Kinds of movement on the map. A creature with other kinds of movement
//! (flight, climbing, swimming, burrowing) moves by one of them at that kind's speed; the
//! token's "Move by" choice says which, and [`super::sheet::base_move`] reads it, so the map's
//! reach, the turn's movement and every pane count with the same speed.
//!
//! Readings:
//! - The map holds no heights, water, climbable faces or diggable ground, so which kind a move
//!   is, is the GM's pick, and the map costs it as it costs walking: each square one speed,
//!   difficult cells double (the text makes winds and waters difficult too, so a difficult
//!   cell costs double for every kind). Walls, closed doors and obstacles stop every kind: a
//!   burrower passing under them, or a flier over them, is the GM's Alt move.
//! - One turn's movement is one pool: a creature that walked 3 of its base 6 and then flies at
//!   10 has 7 left, as the spent speed counts against whichever speed it moves by (Speed:
//!   "In order to move one square, you must spend one speed").

use super::sheet::evening;
use crate::model::{Command, Encounter, TokenId};
use crate::rules::evening::{EveningChange, MoveKind};
use crate::rules::{TokenChange, TrackerCommand};

/// The kinds `token` can move by, each with its speed: walking at its base speed first, then
/// each other kind its Evening sheet gives a speed. Empty outside Evening or without a sheet.
#[must_use]
pub fn kinds(encounter: &Encounter, token: TokenId) -> Vec<(MoveKind, u32)> {
    let (Some(e), Some(t)) = (evening(encounter, token), encounter.token(token)) else {
        return Vec::new();
    };
    let mut out = vec![(MoveKind::Walk, t.speed_cells)];
    out.extend(
        MoveKind::OTHERS
            .into_iter()
            .filter_map(|k| e.movement.get(k).map(|s| (k, s))),
    );
    out
}

/// The kind `token` moves by now (walking outside Evening).
#[must_use]
pub fn moving(encounter: &Encounter, token: TokenId) -> MoveKind {
    evening(encounter, token).map_or(MoveKind::Walk, |e| e.moving)
}

/// The command that makes `token` move by `kind`, or `None` when it has no speed of that kind
/// (or already moves by it).
#[must_use]
pub fn move_by(encounter: &Encounter, token: TokenId, kind: MoveKind) -> Option<Command> {
    let has = kinds(encounter, token).iter().any(|(k, _)| *k == kind);
    (has && moving(encounter, token) != kind).then_some(Command::Tracker(TrackerCommand::Token {
        token,
        change: TokenChange::Evening(EveningChange::MoveBy(kind)),
    }))
}
