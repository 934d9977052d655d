//! Combat commands: turn changes, conditions and momentum moves, applied to the encounter.
//!
//! Randomness stays outside: a command carries any dice already rolled (initiative rolls, an
//! Increase Defense die), so applying it again (redo) gives the same result.

pub use crate::model::combat_command::{CombatCommand, CombatError, KnockOut, MomentumAction};

use super::catalogue::Effect;
use super::conditions::{
    ActiveCondition, Applied, Boundary, Duration, apply_condition, counted_from, pass_boundary,
};
use super::death::{DeathSaveError, SaveResult, face_meaning};
use super::effective::economy_refusal;
use super::initiative::{Combatant, Initiative, InitiativeError, Mode, TurnChange};
use super::wounds::{check_wounds, token_speed};
use crate::model::{Encounter, LogEntry, RuleSystem, Side, TokenId};
use crate::rules::TokenTrackers;
use crate::rules::evening::EveningToken;
use crate::rules::go_forth_heroes::WoundEffect;
use crate::rules::three_d6::EscalationChange;

/// Applies a combat command. On error nothing has changed (the caller snapshots for undo).
#[expect(
    clippy::too_many_lines,
    reason = "one arm per command, each a call or two, read as a table"
)]
pub fn apply_combat(encounter: &mut Encounter, command: CombatCommand) -> Result<(), CombatError> {
    let mut scratch = encounter.combat.clone();
    let names = Names(encounter);
    let init = &mut scratch.initiative;
    match command {
        CombatCommand::StartInitiative {
            mode,
            combatants,
            surprise_round,
            pick,
        } => {
            let (started, change) = if let Mode::Zipper { first } = mode {
                let sides = |t: TokenId| names.side(t);
                Initiative::start_zipper(first, combatants, &sides, pick)?
            } else {
                Initiative::start(mode, combatants, surprise_round)
            };
            *init = started;
            turn_boundaries(&mut scratch, &names, &change);
        }
        CombatCommand::EndInitiative => {
            *init = Initiative::default();
            scratch.aura_offers.clear();
            scratch.opportunity_offers.clear();
            super::stress::forget(&mut scratch);
            scratch
                .log
                .push(LogEntry::event("", "Initiative", "The fight is over"));
        }
        CombatCommand::NextTurn { pick } => {
            let sides = |t: TokenId| names.side(t);
            let change = init.next_turn(&sides, pick)?;
            turn_boundaries(&mut scratch, &names, &change);
        }
        CombatCommand::PreviousTurn => {
            init.previous_turn()?;
            // A correction, not a turn boundary: nothing is offered again.
            scratch.aura_offers.clear();
            scratch.opportunity_offers.clear();
            scratch.stress_offer = None;
        }
        CombatCommand::Reorder { from, to } => init.reorder(from, to)?,
        CombatCommand::Join(c) => init.join(c)?,
        CombatCommand::JoinRolled(roll) => init.join_rolled(roll)?,
        CombatCommand::Leave(token) => leave(&mut scratch, token)?,
        CombatCommand::SetHeld { token, held } => {
            // Only taking up a Hold is refused: a hero Holding when wounded may still act.
            if held {
                check_wounds(names.0, token, WoundEffect::CannotHold)?;
            }
            init.set_held(token, held)?;
        }
        CombatCommand::SetSurprised { token, surprised } => {
            combatant(init, token)?.surprised = surprised;
        }
        CombatCommand::UseEconomy { token, part } => {
            // Movement is spent against the speed after conditions (Grappled, Mobile, …).
            let speed = token_speed(names.0, &scratch.conditions, token).value;
            let economy = &combatant(init, token)?.economy;
            if let Some(why) =
                economy_refusal(&scratch.conditions, names.0.system, token, part, economy)
            {
                return Err(CombatError::CannotAct(why));
            }
            init.use_economy(token, part, speed)?;
        }
        CombatCommand::SetIntention { token, intention } => {
            combatant(init, token)?.intention = intention;
        }
        CombatCommand::ApplyCondition(mut c) => {
            // "N rounds" count from the turn they are applied in (see `Duration::Rounds`).
            let current = init.current_token();
            c.duration = counted_from(c.duration.in_system_units(names.0.system), current);
            apply_condition_cmd(&mut scratch, &names, c)?;
        }
        CombatCommand::RemoveCondition { token, name } => {
            remove_condition(&mut scratch, &names, token, &name)?;
        }
        CombatCommand::Momentum { owner, action } => {
            super::momentum_apply::momentum(&mut scratch, &names, owner, action)?;
        }
        CombatCommand::DeathSave { token, d20 } => death_save(&mut scratch, &names, token, d20)?,
        CombatCommand::Stabilize { token } => stabilize(&mut scratch, &names, token)?,
        CombatCommand::TakeWound { token, wound } => {
            super::momentum_apply::take_wound(&mut scratch, &names, token, &wound)?;
        }
        CombatCommand::SettleAura {
            area,
            turn_of,
            moment,
        } => {
            let before = scratch.aura_offers.len();
            scratch
                .aura_offers
                .retain(|o| !(o.area == area && o.turn_of == turn_of && o.moment == moment));
            if scratch.aura_offers.len() == before {
                return Err(CombatError::NoAuraOffer(area));
            }
        }
        CombatCommand::SettleStress { round } => super::stress::settle_in(&mut scratch, round)?,
        CombatCommand::Evening { token, action } => {
            super::evening_turn::apply(&mut scratch, names.0, token, &action)?;
        }
        CombatCommand::Reactions(c) => super::sources::apply_in(&mut scratch, &names, c)?,
    }
    super::sources::forget_ended(&mut scratch);
    encounter.combat = scratch;
    Ok(())
}

/// Token lookups for log lines and sides.
pub(super) struct Names<'a>(pub(super) &'a Encounter);

impl Names<'_> {
    pub(super) fn name(&self, t: TokenId) -> String {
        self.0
            .token(t)
            .map_or_else(|| format!("token {}", t.0), |t| t.name.clone())
    }

    pub(super) fn side(&self, t: TokenId) -> Side {
        self.0.token(t).map_or(Side::Neutral, |t| t.side)
    }
}

/// Takes `token` out of the order. Its "N rounds" counted from its turns count new rounds
/// from then on: it has no more turns.
fn leave(state: &mut crate::model::CombatState, token: TokenId) -> Result<(), CombatError> {
    state.initiative.remove(token)?;
    for c in &mut state.conditions {
        if let Duration::Rounds { from, .. } = &mut c.duration
            && *from == Some(token)
        {
            *from = None;
        }
    }
    Ok(())
}

fn combatant(init: &mut Initiative, token: TokenId) -> Result<&mut Combatant, CombatError> {
    let i = init.position(token).ok_or(InitiativeError::NotIn(token))?;
    Ok(&mut init.combatants[i])
}

/// Expires conditions at the turn boundaries and returns unused Building dice to their owner.
fn turn_boundaries(state: &mut crate::model::CombatState, names: &Names<'_>, change: &TurnChange) {
    let system = names.0.system;
    // Offers left from the last boundary lapse: an aura acts at its moment or not at all.
    state.aura_offers = super::aura::offers_at(names.0, change.ended, change.started);
    // An attack of opportunity is taken as the creature moves, on its turn, or not at all.
    state.opportunity_offers.clear();
    let mut expired = Vec::new();
    if let Some(t) = change.ended {
        expired.extend(pass_boundary(
            &mut state.conditions,
            system,
            Boundary::TurnEnd(t),
        ));
    }
    if change.pip {
        expired.extend(pass_boundary(&mut state.conditions, system, Boundary::Pip));
    }
    if change.new_round && state.initiative.round > 1 {
        // "N rounds" counted from no one's turn end as new rounds begin.
        expired.extend(pass_boundary(
            &mut state.conditions,
            system,
            Boundary::RoundStart,
        ));
    }
    if change.new_round {
        // Road and Ruin Battle Stress for the round that ended (`combat::stress`).
        super::stress::round_boundary(names.0, state);
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
        forget_recovered_saves(state, t);
        super::evening_turn::turn_started(state, names.0, t);
        expired.extend(pass_boundary(
            &mut state.conditions,
            system,
            Boundary::TurnStart(t),
        ));
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

pub(super) fn apply_condition_cmd(
    state: &mut crate::model::CombatState,
    names: &Names<'_>,
    c: ActiveCondition,
) -> Result<(), CombatError> {
    if names.0.token(c.token).is_none() {
        return Err(CombatError::NoSuchToken(c.token));
    }
    let system = names.0.system;
    let who = names.name(c.token);
    let applied = apply_condition(&mut state.conditions, system, c.clone());
    let added = applied == Applied::Added;
    let result = match applied {
        Applied::Added => {
            let mut result = format!("now {}", c.duration.label());
            if let Some(pool) = state.momentum.get_mut(&c.token) {
                if has_momentum_effect(system, &c.name, 1) {
                    pool.add_temporary();
                    result.push_str("; one temporary momentum die in Stamina");
                }
                if has_momentum_effect(system, &c.name, -1)
                    && let Some(zone) = pool.set_aside_one()
                {
                    result = format!("{result}; a {} die is set aside", zone.label());
                }
            }
            result
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
    let falls = added
        && super::catalogue::find(system, &c.name)
            .is_some_and(|d| d.effects.contains(&Effect::FallsProne));
    let token = c.token;
    let incapacitated = added
        && super::catalogue::find(system, &c.name)
            .is_some_and(|d| d.effects.contains(&Effect::NoActions));
    state.log.push(LogEntry::event(who, c.name, result));
    if falls {
        lay_prone(state, names, token)?;
    }
    if incapacitated {
        super::maneuver::release_holds(state, names, token)?;
    }
    Ok(())
}

/// A condition that makes its bearer fall prone (Evening, Unconscious) puts Prone on `token` in
/// the same command, unless it already lies prone; Prone stays when that condition ends.
fn lay_prone(
    state: &mut crate::model::CombatState,
    names: &Names<'_>,
    token: TokenId,
) -> Result<(), CombatError> {
    let prone = super::catalogue::catalogue(names.0.system)
        .iter()
        .find(|d| d.effects.contains(&Effect::Crawls));
    let Some(prone) = prone else {
        return Ok(());
    };
    let lying = state
        .conditions_in(names.0.system)
        .any(|x| x.token == token && x.name.eq_ignore_ascii_case(prone.name));
    if lying {
        return Ok(());
    }
    let fall = ActiveCondition {
        token,
        name: prone.name.to_owned(),
        duration: Duration::UntilRemoved,
        system: Some(names.0.system),
    };
    apply_condition_cmd(state, names, fall)
}

pub(super) fn remove_condition(
    state: &mut crate::model::CombatState,
    names: &Names<'_>,
    token: TokenId,
    name: &str,
) -> Result<(), CombatError> {
    let system = names.0.system;
    let i = state
        .conditions
        .iter()
        .position(|c| c.token == token && c.belongs_to(system) && c.name.eq_ignore_ascii_case(name))
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

/// A condition that gave a temporary die (Bolstered) takes it back when it ends; one that set a
/// die aside (Shaken) gives it back.
fn lift_momentum_effects(
    state: &mut crate::model::CombatState,
    system: crate::model::RuleSystem,
    gone: &ActiveCondition,
) {
    let Some(pool) = state.momentum.get_mut(&gone.token) else {
        return;
    };
    if has_momentum_effect(system, &gone.name, 1) {
        pool.remove_temporary();
    }
    if has_momentum_effect(system, &gone.name, -1) {
        pool.return_set_aside();
    }
}

/// The Evening trackers of a combatant, for its health.
fn evening_token(
    state: &mut crate::model::CombatState,
    token: TokenId,
) -> Result<&mut EveningToken, CombatError> {
    match state.trackers.sheet_mut(token, RuleSystem::Evening) {
        Some(TokenTrackers::Evening(t)) => Ok(t),
        _ => Err(CombatError::NoHealth(token)),
    }
}

fn death_save(
    state: &mut crate::model::CombatState,
    names: &Names<'_>,
    token: TokenId,
    d20: u8,
) -> Result<(), CombatError> {
    if names.0.system != RuleSystem::Evening {
        return Err(DeathSaveError::WrongSystem.into());
    }
    // Outside initiative a fallen character simply wakes at the end of the scene.
    if !state.initiative.is_running() {
        return Err(InitiativeError::NotStarted.into());
    }
    let round = state.initiative.round;
    let mut run = state.death_saves.get(&token).copied().unwrap_or_default();
    let result = run.roll(evening_token(state, token)?, d20, round)?;
    let outcome = match result {
        SaveResult::Counted => {
            state.death_saves.insert(token, run);
            run.tally()
        }
        SaveResult::Recovered => {
            state.death_saves.remove(&token);
            "recovers with 1 health".to_owned()
        }
        SaveResult::Died => {
            state.death_saves.insert(token, run);
            "three failures: dies".to_owned()
        }
    };
    state.log.push(LogEntry {
        who: names.name(token),
        what: "Death save".to_owned(),
        dice: format!("d20: {d20} ({})", face_meaning(d20)),
        result: outcome,
    });
    if result == SaveResult::Recovered {
        // "You awaken with 1 health": the fall's Unconscious ends; Prone stays.
        let system = names.0.system;
        if let Some(name) = super::health::knocked_out(&state.conditions, system, token) {
            remove_condition(state, names, token, &name)?;
        }
    }
    Ok(())
}

fn stabilize(
    state: &mut crate::model::CombatState,
    names: &Names<'_>,
    token: TokenId,
) -> Result<(), CombatError> {
    if names.0.system != RuleSystem::Evening {
        return Err(DeathSaveError::WrongSystem.into());
    }
    let mut run = state.death_saves.get(&token).copied().unwrap_or_default();
    run.stabilize(evening_token(state, token)?)?;
    state.death_saves.insert(token, run);
    state.log.push(LogEntry::event(
        names.name(token),
        "Stabilize",
        "stable at 0 health: no more death saves",
    ));
    Ok(())
}

/// A combatant with health again forgets its death saves, so a later fall starts afresh.
fn forget_recovered_saves(state: &mut crate::model::CombatState, token: TokenId) {
    let healthy = matches!(
        state.trackers.sheet(token, RuleSystem::Evening),
        Some(TokenTrackers::Evening(t)) if t.health > 0
    );
    if healthy {
        state.death_saves.remove(&token);
    }
}
