//! Combat commands: turn changes, conditions and momentum moves, applied to the encounter.
//!
//! Randomness stays outside: a command carries any dice already rolled (initiative rolls, an
//! Increase Defense die), so applying it again (redo) gives the same result.

use serde::{Deserialize, Serialize};

use super::catalogue::Effect;
use super::conditions::{ActiveCondition, Applied, Boundary, apply_condition, pass_boundary};
use super::death::{DeathSaveError, SaveResult, face_meaning};
use super::effective::economy_refusal;
use super::initiative::{Combatant, EconomyPart, Initiative, InitiativeError, Mode, TurnChange};
use super::momentum::{Lock, MomentumError, Zone};
use super::wounds::{check_wounds, token_speed};
use crate::model::{AreaId, Encounter, LogEntry, RuleSystem, Side, TokenId, TurnMoment};
use crate::rules::TokenTrackers;
use crate::rules::evening::EveningToken;
use crate::rules::go_forth_heroes::{Defense, Wound, WoundEffect};
use crate::rules::three_d6::EscalationChange;

/// A change to the fight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CombatCommand {
    /// Starts round 1 with combatants already rolled or arranged. In the Zipper, `pick` is
    /// who the side that won the Notice check sends first (the first of that side if `None`).
    StartInitiative {
        mode: Mode,
        combatants: Vec<Combatant>,
        surprise_round: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pick: Option<TokenId>,
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
    /// An Evening death save with the d20 already rolled (Evening, Death saves).
    DeathSave {
        token: TokenId,
        /// The plain d20, 1–20.
        d20: u8,
    },
    /// First aid stabilized a combatant at 0 health (Evening, Stabilize).
    Stabilize {
        token: TokenId,
    },
    /// A Go Forth: Heroes Wound rolled or entered on the tracker, applied with its chart effects
    /// exactly as a Beat's Wound is (GFH, Determining the Wound).
    TakeWound {
        token: TokenId,
        wound: Wound,
    },
    /// The GM applied or skipped an aura's offer: it leaves the turn tracker (`combat::aura`).
    SettleAura {
        area: AreaId,
        turn_of: TokenId,
        moment: TurnMoment,
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
    /// Rally by a Close ally: `by` spends its Action so this pool's owner recovers a die
    /// (GFH, Actions: Rally). Refused unless the two are within Close on the map.
    RalliedBy {
        by: TokenId,
    },
    /// Extra Action: a Power die goes to Fatigue and the hero gets one more Action this turn
    /// (GFH, Spending Momentum: "1 Momentum = 1 additional Action").
    ExtraAction {
        die: usize,
    },
    /// A Hit that finds every die in Fatigue and knocks the hero out: the Beat, with the
    /// Wound roll's dice already rolled (GFH, Hits & Beats; Wounds).
    KnockOut(KnockOut),
    ShortRest,
    MoveDie {
        die: usize,
        to: Zone,
    },
    Resize {
        size: usize,
    },
}

/// The dice of a Wound roll after a Beat knocks a hero out, and the Defense that dropped it.
/// The Wound itself is worked out when the command applies, from the hero's attributes and
/// the Wounds it already carries (GFH, Taking a Wound Roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockOut {
    /// The Defense whose attack dropped the hero: its pair and its chart.
    pub defense: Defense,
    /// The Severity d20.
    pub d20: u8,
    /// The d8 on the Defense's chart.
    pub d8: u8,
    /// Sessions for a Vicious Wound.
    pub d4: u8,
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
    #[error(transparent)]
    DeathSave(#[from] DeathSaveError),
    #[error("{0}")]
    CannotAct(String),
    #[error("{0} has no Evening health to save with")]
    NoHealth(TokenId),
    /// A Wound the hero carries forbids the action (GFH, Determining the Wound).
    #[error("{who} cannot {action}: the {wound} forbids it")]
    Wounded {
        who: String,
        action: &'static str,
        wound: String,
    },
    #[error("aura {0} has no effect waiting in the turn tracker")]
    NoAuraOffer(AreaId),
    #[error("{by} to {ally} is {band}: Rally reaches only a Close ally")]
    NotClose {
        by: String,
        ally: String,
        band: String,
    },
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
            Self::DeathSave { .. } => "Death save",
            Self::Stabilize { .. } => "Stabilize",
            Self::TakeWound { .. } => "Take a wound",
            Self::SettleAura { .. } => "Aura effect",
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
        }
        CombatCommand::Reorder { from, to } => init.reorder(from, to)?,
        CombatCommand::Join(c) => init.join(c)?,
        CombatCommand::Leave(token) => init.remove(token)?,
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
            c.duration = c.duration.in_system_units(names.0.system);
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
    }
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

fn combatant(init: &mut Initiative, token: TokenId) -> Result<&mut Combatant, CombatError> {
    let i = init.position(token).ok_or(InitiativeError::NotIn(token))?;
    Ok(&mut init.combatants[i])
}

/// Expires conditions at the turn boundaries and returns unused Building dice to their owner.
fn turn_boundaries(state: &mut crate::model::CombatState, names: &Names<'_>, change: &TurnChange) {
    let system = names.0.system;
    // Offers left from the last boundary lapse: an aura acts at its moment or not at all.
    state.aura_offers = super::aura::offers_at(names.0, change.ended, change.started);
    let mut expired = Vec::new();
    if let Some(t) = change.ended {
        expired.extend(pass_boundary(&mut state.conditions, Boundary::TurnEnd(t)));
    }
    if change.pip {
        expired.extend(pass_boundary(&mut state.conditions, Boundary::Pip));
    }
    if change.new_round && state.initiative.round > 1 {
        // A token outside the order has no turns: its "N rounds" count down as rounds end.
        let outside: Vec<TokenId> = names
            .0
            .tokens
            .iter()
            .map(|t| t.id)
            .filter(|t| state.initiative.position(*t).is_none())
            .collect();
        for t in outside {
            expired.extend(pass_boundary(&mut state.conditions, Boundary::TurnEnd(t)));
        }
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
        forget_recovered_saves(state, t);
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
    let result = match apply_condition(&mut state.conditions, system, c.clone()) {
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
    match state.trackers.per_token.get_mut(&token) {
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
        state.trackers.per_token.get(&token),
        Some(TokenTrackers::Evening(t)) if t.health > 0
    );
    if healthy {
        state.death_saves.remove(&token);
    }
}
