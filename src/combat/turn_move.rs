//! Moving the token whose turn it is: its movement left this turn, and the one command a drag
//! on the map queues, which spends that movement in the same undo step (Evening, Movement and
//! actions: "one movement" a turn; GFH, Grid Play: a Move split around the Action). And lying
//! down: a prone token crawls until it stands up (Evening, Prone; Movement actions: Get up).
//!
//! Readings:
//! - Crawling: the text names it as a prone creature's only movement without a cost; Lantern
//!   reads it as its 5E ancestry does, one more speed for each square (`board::reach`'s
//!   [`Gait::Crawl`]), so the map's reach and the movement counter spend double.
//! - Getting up costs 2 speed and ends Prone, as one gesture. On the token's own turn in the
//!   initiative it spends 2 of the movement left and is refused with less; off its turn in a
//!   running initiative it waits for that turn; outside initiative (or outside the order) no
//!   turn's movement is counted, so it only ends Prone. A creature whose speed is below 2 (Grappled, Unconscious,
//!   exhaustion 5) can't get up.

use thiserror::Error;

use super::catalogue::Effect;
use super::command::CombatCommand;
use super::conditions::on_token;
use super::initiative::{EconomyPart, Mode};
use super::wounds::token_speed;
use crate::board::Gait;
use crate::model::{Cell, Command, Encounter, TokenId};

/// What standing up costs in speed (Evening, Prone; Movement actions: Get up).
pub const STAND_UP_SPEED: u32 = 2;

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
/// on the token's own turn, the move and the movement it spends as one step. The path is not
/// known (the GM's Alt override): see [`move_along`] for what a move brings with it.
#[must_use]
pub fn drag_move(encounter: &Encounter, token: TokenId, to: Cell, cost_cells: u32) -> Command {
    let from = encounter.token(token).map_or(to, |t| t.cell);
    move_along(encounter, token, &[from, to], cost_cells)
}

/// The command for `token`'s own move along `path` (its anchors, the start first, `to` last)
/// costing `cost_cells`, as one undo step: the move; on the token's turn the movement it
/// spends; the attacks of opportunity it offers (Evening, `combat::opportunity`), and a log
/// line for each it can't; and the holds it breaks (Evening, Grappled: `combat::maneuver::broken_holds`).
#[must_use]
pub fn move_along(
    encounter: &Encounter,
    token: TokenId,
    path: &[Cell],
    cost_cells: u32,
) -> Command {
    let Some(&to) = path.last() else {
        return Command::Batch(Vec::new());
    };
    let mut commands = vec![Command::MoveToken { id: token, to }];
    if movement_left(encounter, token).is_some() && cost_cells > 0 {
        commands.push(Command::Combat(CombatCommand::UseEconomy {
            token,
            part: EconomyPart::Movement(cost_cells),
        }));
    }
    commands.extend(super::opportunity::offer_command(
        super::opportunity::provoked(encounter, token, path),
    ));
    // An attack the move would offer but can't is said in the log, never withheld silently.
    commands.extend(
        super::opportunity::withheld(encounter, token, path)
            .into_iter()
            .map(Command::AppendLog),
    );
    commands.extend(super::maneuver::broken_holds(encounter, token, to));
    if commands.len() == 1 {
        return commands.remove(0);
    }
    Command::Batch(commands)
}

/// Where `token` can move now with `speed_cells` of movement, on `scene` built from
/// `encounter`: crawling while prone ([`gait`]) and, while Frightened of a creature on the
/// map, never closer to it (Evening, Frightened: `combat::fear`). The map's drag and every
/// other way of moving a token ask this, so they all refuse the same moves.
#[must_use]
pub fn reach(
    scene: &crate::board::Scene,
    encounter: &Encounter,
    token: TokenId,
    speed_cells: u32,
) -> Option<crate::board::Reach> {
    let kept_from = super::fear::kept_from(encounter, token);
    scene.reachable_kept_from(token, speed_cells, gait(encounter, token), kept_from)
}

/// The condition that keeps `token` crawling (Evening's Prone), by the name it carries.
fn lying(encounter: &Encounter, token: TokenId) -> Option<String> {
    on_token(&encounter.combat.conditions, encounter.system, token)
        .find(|(_, d)| d.is_some_and(|d| d.effects.contains(&Effect::Crawls)))
        .map(|(c, _)| c.name.clone())
}

/// How `token` moves now: crawling while it lies prone, else walking. The map's reach asks
/// this, so the path's cost, and the movement a drag spends, count crawling double.
#[must_use]
pub fn gait(encounter: &Encounter, token: TokenId) -> Gait {
    if lying(encounter, token).is_some() {
        Gait::Crawl
    } else {
        Gait::Walk
    }
}

/// Why a token can't stand up now.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum StandUpError {
    #[error("{0} is not prone")]
    NotProne(String),
    #[error("{who} can't get up: speed {speed}, and standing up costs {STAND_UP_SPEED}")]
    TooSlow { who: String, speed: u32 },
    #[error("{0} gets up on its own turn")]
    NotItsTurn(String),
    #[error("standing up costs {STAND_UP_SPEED} speed; {who} has {left} left this turn")]
    NoMovementLeft { who: String, left: u32 },
}

/// Standing `token` up, as one command (see the module doc): 2 of its movement on its turn and
/// Prone ended.
///
/// # Errors
/// When it is not prone, its speed is below 2, it is another combatant's turn, or it has less
/// than 2 movement left.
pub fn stand_up(encounter: &Encounter, token: TokenId) -> Result<Command, StandUpError> {
    let who = encounter
        .token(token)
        .map_or_else(|| format!("token {}", token.0), |t| t.name.clone());
    let Some(name) = lying(encounter, token) else {
        return Err(StandUpError::NotProne(who));
    };
    let speed = token_speed(encounter, &encounter.combat.conditions, token).value;
    if speed < STAND_UP_SPEED {
        return Err(StandUpError::TooSlow { who, speed });
    }
    let end = Command::Combat(CombatCommand::RemoveCondition { token, name });
    let init = &encounter.combat.initiative;
    let turns = init.is_running() && init.mode != Mode::Simultaneous;
    if !turns || init.position(token).is_none() {
        return Ok(end);
    }
    let Some(left) = movement_left(encounter, token) else {
        return Err(StandUpError::NotItsTurn(who));
    };
    if left < STAND_UP_SPEED {
        return Err(StandUpError::NoMovementLeft { who, left });
    }
    Ok(Command::Batch(vec![
        Command::Combat(CombatCommand::UseEconomy {
            token,
            part: EconomyPart::Movement(STAND_UP_SPEED),
        }),
        end,
    ]))
}
