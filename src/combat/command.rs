//! Combat commands: turn changes, conditions and momentum moves, applied to the encounter.
//!
//! Randomness stays outside: a command carries any dice already rolled (initiative rolls, an
//! Increase Defense die), so applying it again (redo) gives the same result.

use serde::{Deserialize, Serialize};

use super::catalogue::Effect;
use super::conditions::{
    ActiveCondition, Applied, Boundary, apply_condition, has_effect, pass_boundary,
};
use super::initiative::{Combatant, EconomyPart, Initiative, InitiativeError, Mode, TurnChange};
use super::momentum::{HitOutcome, Lock, MomentumError, MomentumPool, Zone};
use crate::model::{Encounter, LogEntry, Side, TokenId};
use crate::rules::three_d6::EscalationChange;

/// A change to the fight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CombatCommand {
    /// Starts round 1 with combatants already rolled or arranged.
    StartInitiative {
        mode: Mode,
        combatants: Vec<Combatant>,
        surprise_round: bool,
    },
    EndInitiative,
    /// Ends the current turn. `pick` is the Zipper side's choice of who goes next.
    NextTurn {
        pick: Option<TokenId>,
    },
    PreviousTurn,
    Reorder {
        from: usize,
        to: usize,
    },
    Join(Combatant),
    Leave(TokenId),
    SetHeld {
        token: TokenId,
        held: bool,
    },
    SetSurprised {
        token: TokenId,
        surprised: bool,
    },
    UseEconomy {
        token: TokenId,
        part: EconomyPart,
    },
    SetIntention {
        token: TokenId,
        intention: String,
    },
    ApplyCondition(ActiveCondition),
    RemoveCondition {
        token: TokenId,
        name: String,
    },
    Momentum {
        owner: TokenId,
        action: MomentumAction,
    },
}

/// A move in one hero's momentum pool (GFH, Momentum).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MomentumAction {
    /// Gives the hero a fresh pool of this many dice.
    Create {
        size: usize,
    },
    Prepare {
        from: Zone,
    },
    /// Boost, Extra Action or Gambit fuel; `rolled` is the die's value when it was rolled.
    Spend {
        die: usize,
        power_only: bool,
        rolled: Option<u8>,
    },
    Build {
        die: usize,
    },
    Lock {
        die: usize,
        lock: Lock,
    },
    IncreaseDefense {
        die: usize,
        value: u8,
    },
    Attacked,
    Release {
        die: usize,
    },
    Hit {
        die: Option<usize>,
    },
    Rally,
    ShortRest,
    MoveDie {
        die: usize,
        to: Zone,
    },
    Resize {
        size: usize,
    },
}

/// Why a combat command was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CombatError {
    #[error(transparent)]
    Initiative(#[from] InitiativeError),
    #[error(transparent)]
    Momentum(#[from] MomentumError),
    #[error("there is no token {0}")]
    NoSuchToken(TokenId),
    #[error("{0} has no momentum pool")]
    NoPool(TokenId),
    #[error("{token} has no condition “{name}”")]
    NoSuchCondition { token: TokenId, name: String },
}

impl CombatCommand {
    pub fn label(&self) -> &'static str {
        match self {
            Self::StartInitiative { .. } => "Start initiative",
            Self::EndInitiative => "End initiative",
            Self::NextTurn { .. } => "Next turn",
            Self::PreviousTurn => "Previous turn",
            Self::Reorder { .. } => "Reorder initiative",
            Self::Join(_) => "Join initiative",
            Self::Leave(_) => "Leave initiative",
            Self::SetHeld { .. } => "Hold turn",
            Self::SetSurprised { .. } => "Set surprised",
            Self::UseEconomy { .. } => "Use action",
            Self::SetIntention { .. } => "Set intention",
            Self::ApplyCondition(_) => "Apply condition",
            Self::RemoveCondition { .. } => "Remove condition",
            Self::Momentum { .. } => "Momentum",
        }
    }
}

/// Applies a combat command. On error nothing has changed (the caller snapshots for undo).
pub fn apply_combat(encounter: &mut Encounter, command: CombatCommand) -> Result<(), CombatError> {
    let mut scratch = encounter.combat.clone();
    let names = Names(encounter);
    let init = &mut scratch.initiative;
    match command {
        CombatCommand::StartInitiative {
            mode,
            combatants,
            surprise_round,
        } => {
            let (started, change) = Initiative::start(mode, combatants, surprise_round);
            *init = started;
            turn_boundaries(&mut scratch, &names, &change);
        }
        CombatCommand::EndInitiative => {
            *init = Initiative::default();
            scratch
                .log
                .push(LogEntry::event("", "Initiative", "The fight is over"));
        }
        CombatCommand::NextTurn { pick } => {
            let sides = |t: TokenId| names.side(t);
            let change = init.next_turn(&sides, pick)?;
            turn_boundaries(&mut scratch, &names, &change);
        }
        CombatCommand::PreviousTurn => init.previous_turn()?,
        CombatCommand::Reorder { from, to } => init.reorder(from, to)?,
        CombatCommand::Join(c) => init.join(c)?,
        CombatCommand::Leave(token) => init.remove(token)?,
        CombatCommand::SetHeld { token, held } => init.set_held(token, held)?,
        CombatCommand::SetSurprised { token, surprised } => {
            combatant(init, token)?.surprised = surprised;
        }
        CombatCommand::UseEconomy { token, part } => {
            let speed = names.0.token(token).map_or(0, |t| t.speed_cells);
            init.use_economy(token, part, speed)?;
        }
        CombatCommand::SetIntention { token, intention } => {
            combatant(init, token)?.intention = intention;
        }
        CombatCommand::ApplyCondition(c) => apply_condition_cmd(&mut scratch, &names, c)?,
        CombatCommand::RemoveCondition { token, name } => {
            remove_condition(&mut scratch, &names, token, &name)?;
        }
        CombatCommand::Momentum { owner, action } => momentum(&mut scratch, &names, owner, action)?,
    }
    encounter.combat = scratch;
    Ok(())
}

/// Token lookups for log lines and sides.
struct Names<'a>(&'a Encounter);

impl Names<'_> {
    fn name(&self, t: TokenId) -> String {
        self.0
            .token(t)
            .map_or_else(|| format!("token {}", t.0), |t| t.name.clone())
    }

    fn side(&self, t: TokenId) -> Side {
        self.0.token(t).map_or(Side::Neutral, |t| t.side)
    }
}

fn combatant(init: &mut Initiative, token: TokenId) -> Result<&mut Combatant, CombatError> {
    let i = init.position(token).ok_or(InitiativeError::NotIn(token))?;
    Ok(&mut init.combatants[i])
}

/// Expires conditions at the turn boundaries and returns unused Building dice to their owner.
fn turn_boundaries(state: &mut crate::model::CombatState, names: &Names<'_>, change: &TurnChange) {
    let system = names.0.system;
    let mut expired = Vec::new();
    if let Some(t) = change.ended {
        expired.extend(pass_boundary(&mut state.conditions, Boundary::TurnEnd(t)));
    }
    if change.new_round {
        let round = state.initiative.round;
        if state.initiative.mode == Mode::Escalating && round > 1 {
            // Escalation rises each combat round after the first; it stops at 6 by itself.
            let _ = state
                .trackers
                .encounter
                .three_d6
                .apply(&EscalationChange::Increase);
        }
        state.log.push(LogEntry::event(
            "",
            "Initiative",
            format!("Round {round} begins"),
        ));
    }
    if let Some(t) = change.started {
        expired.extend(pass_boundary(&mut state.conditions, Boundary::TurnStart(t)));
        if let Some(pool) = state.momentum.get_mut(&t) {
            let moved = pool.turn_started();
            if moved > 0 {
                state.log.push(LogEntry::event(
                    names.name(t),
                    "Building",
                    format!("{moved} unused Building dice return to Fatigue"),
                ));
            }
        }
    }
    for c in expired {
        lift_momentum_effects(state, system, &c);
        state.log.push(LogEntry::event(
            names.name(c.token),
            c.name.clone(),
            "wears off",
        ));
    }
}

fn apply_condition_cmd(
    state: &mut crate::model::CombatState,
    names: &Names<'_>,
    c: ActiveCondition,
) -> Result<(), CombatError> {
    if names.0.token(c.token).is_none() {
        return Err(CombatError::NoSuchToken(c.token));
    }
    let system = names.0.system;
    let who = names.name(c.token);
    let result = match apply_condition(&mut state.conditions, system, c.clone()) {
        Applied::Added => {
            if has_momentum_effect(system, &c.name, 1)
                && let Some(pool) = state.momentum.get_mut(&c.token)
            {
                pool.add_temporary();
            }
            format!("now {}", c.duration.label())
        }
        Applied::AlreadyHad => "already had it".to_owned(),
        Applied::Cancelled { opposite } => {
            let gone = ActiveCondition {
                name: opposite.clone(),
                ..c.clone()
            };
            lift_momentum_effects(state, system, &gone);
            format!("cancels {opposite}: both are gone")
        }
    };
    state.log.push(LogEntry::event(who, c.name, result));
    Ok(())
}

fn remove_condition(
    state: &mut crate::model::CombatState,
    names: &Names<'_>,
    token: TokenId,
    name: &str,
) -> Result<(), CombatError> {
    let i = state
        .conditions
        .iter()
        .position(|c| c.token == token && c.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| CombatError::NoSuchCondition {
            token,
            name: name.to_owned(),
        })?;
    let c = state.conditions.remove(i);
    lift_momentum_effects(state, names.0.system, &c);
    state
        .log
        .push(LogEntry::event(names.name(token), c.name, "removed"));
    Ok(())
}

fn has_momentum_effect(system: crate::model::RuleSystem, name: &str, amount: i8) -> bool {
    super::catalogue::find(system, name)
        .is_some_and(|d| d.effects.contains(&Effect::TemporaryMomentum(amount)))
}

/// A condition that gave a temporary die (Bolstered) takes it back when it ends.
fn lift_momentum_effects(
    state: &mut crate::model::CombatState,
    system: crate::model::RuleSystem,
    gone: &ActiveCondition,
) {
    if has_momentum_effect(system, &gone.name, 1)
        && let Some(pool) = state.momentum.get_mut(&gone.token)
    {
        pool.remove_temporary();
    }
}

fn momentum(
    state: &mut crate::model::CombatState,
    names: &Names<'_>,
    owner: TokenId,
    action: MomentumAction,
) -> Result<(), CombatError> {
    if names.0.token(owner).is_none() {
        return Err(CombatError::NoSuchToken(owner));
    }
    if let MomentumAction::Create { size } = action {
        let mut pool = MomentumPool::with_size(0);
        pool.resize(size)?;
        state.momentum.insert(owner, pool);
        return Ok(());
    }
    let system = names.0.system;
    let slots_for = |pool: &MomentumPool| {
        let focused = has_effect(&state.conditions, system, owner, Effect::ExtraLockSlot);
        let dazed = has_effect(&state.conditions, system, owner, Effect::NoLockSlot);
        pool.open_lock_slots(focused, dazed)
    };
    let pool_ref = state
        .momentum
        .get(&owner)
        .ok_or(CombatError::NoPool(owner))?;
    let slots = slots_for(pool_ref);
    let Some(pool) = state.momentum.get_mut(&owner) else {
        return Err(CombatError::NoPool(owner));
    };
    let who = names.name(owner);
    let mut log =
        |what: &str, result: String| state.log.push(LogEntry::event(who.clone(), what, result));
    match action {
        MomentumAction::Create { .. } => {}
        MomentumAction::Prepare { from } => {
            pool.prepare(from)?;
            log("Prepare", format!("a die moves from {}", from.label()));
        }
        MomentumAction::Spend {
            die,
            power_only,
            rolled,
        } => {
            pool.spend(die, power_only)?;
            log(
                "Spend momentum",
                rolled.map_or_else(
                    || "a die goes to Fatigue".to_owned(),
                    |v| format!("rolled {v}; the die goes to Fatigue"),
                ),
            );
        }
        MomentumAction::Build { die } => pool.build(die)?,
        MomentumAction::Lock { die, lock } => pool.lock(die, lock, slots)?,
        MomentumAction::IncreaseDefense { die, value } => {
            pool.increase_defense(die, value, slots)?;
            log(
                "Increase Defense",
                format!("+{value} to every Defense until attacked"),
            );
        }
        MomentumAction::Attacked => pool.attacked(),
        MomentumAction::Release { die } => pool.release(die)?,
        MomentumAction::Hit { die } => match pool.hit(die)? {
            HitOutcome::Fatigued { from } => {
                log("Hit", format!("a {} die goes to Fatigue", from.label()));
            }
            HitOutcome::Beat => log("Hit", "every die was in Fatigue: a Beat!".to_owned()),
        },
        MomentumAction::Rally => {
            pool.rally()?;
            log("Rally", "a die recovers from Fatigue to Stamina".to_owned());
        }
        MomentumAction::ShortRest => pool.short_rest(),
        MomentumAction::MoveDie { die, to } => pool.move_die(die, to, slots)?,
        MomentumAction::Resize { size } => pool.resize(size)?,
    }
    Ok(())
}
