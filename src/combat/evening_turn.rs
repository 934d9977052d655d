//! Evening's own turn actions beside the action economy, each one command that is refused with
//! the reason when the text forbids it:
//!
//! - Ready (Initiative actions): the Action is spent and the readied action waits for its
//!   trigger; when the trigger comes before the readier's next turn it takes the action with its
//!   reaction. The trigger is kept in the turn economy, which starts afresh with that next turn,
//!   so an unused readied action lapses then.
//! - A threat's Attacks (Threat Rating: "How many attacks the threat can make every round"):
//!   the turn economy counts the attacks a threat makes on its turn and refuses one past its
//!   rating's (with its traits) number. Our reading: those attacks are its Attack action, so the
//!   first one spends its Action too.
//! - Legendary actions (Legendary): three a round, back when its turn begins; taken at the end of
//!   another creature's turn, so Lantern offers them on the threat's row while another
//!   combatant's turn runs; one at one time (a special action's cost of 2 or 3 may go with it);
//!   not while it could take no action, nor before its first turn when it was surprised.
//! - Villain actions (Nemesis): one a round, in their order, each in place of one of its
//!   attacks on its turn; the first does half damage and the third four times as much (the
//!   check's `villain_step`, read when Apply lands the damage).
//! - Pushing through (Reserves: "use a bonus action to ignore the effects of exhaustion for a
//!   round by spending one of your reserves"): the bonus action and the first unspent reserve
//!   die are spent and a "Pushing through" marker stays until the start of its next turn, while
//!   which the check builder and its speed leave its exhaustion out. Its halved maximum health
//!   stays halved (our reading: a round's push gives back no health).

use super::catalogue::Effect;
use super::command::{CombatCommand, CombatError};
use super::conditions::{ActiveCondition, Duration};
use super::effective::economy_refusal;
use super::initiative::{Combatant, EconomyPart};
use crate::model::evening_combat::EveningAction;
use crate::model::{CombatState, Command, Encounter, LogEntry, RuleSystem, TokenId};
use crate::rules::evening::{
    EveningChange, EveningToken, LEGENDARY_ACTIONS, ThreatTrait, VILLAIN_ACTIONS,
};
use crate::rules::{TokenChange, TokenTrackers, TrackerCommand};

/// The marker pushing through leaves (Evening's `action_markers`).
pub const PUSHING_THROUGH: &str = "Pushing through";

fn name(encounter: &Encounter, token: TokenId) -> String {
    encounter
        .token(token)
        .map_or_else(|| format!("token {}", token.0), |t| t.name.clone())
}

/// The Evening sheet `token` keeps, when the encounter runs Evening.
fn sheet(encounter: &Encounter, token: TokenId) -> Option<&EveningToken> {
    match encounter.sheet(token) {
        Some(TokenTrackers::Evening(t)) if encounter.system == RuleSystem::Evening => Some(t),
        _ => None,
    }
}

/// The combatant `token` is in the order.
fn combatant(encounter: &Encounter, token: TokenId) -> Option<&Combatant> {
    let init = &encounter.combat.initiative;
    init.combatants.get(init.position(token)?)
}

/// How many attacks a threat makes each round: its rating's, with its traits (Evening, Threat
/// Rating); `None` for a token that is not an Evening threat.
#[must_use]
pub fn attacks_per_round(encounter: &Encounter, token: TokenId) -> Option<u32> {
    let threat = sheet(encounter, token)?.threat.as_ref()?;
    u32::try_from(threat.stats().attacks.len()).ok()
}

/// Legendary actions `token` has left this round, if it is a Legendary threat.
#[must_use]
pub fn legendary_actions_left(encounter: &Encounter, token: TokenId) -> Option<u8> {
    let t = sheet(encounter, token).filter(|t| t.has_trait(ThreatTrait::Legendary))?;
    Some(LEGENDARY_ACTIONS.saturating_sub(t.track.legendary_actions_spent))
}

/// The villain action a Nemesis threat takes next, 1–3, if it has one left.
#[must_use]
pub fn next_villain_step(encounter: &Encounter, token: TokenId) -> Option<u8> {
    let t = sheet(encounter, token).filter(|t| t.has_trait(ThreatTrait::Nemesis))?;
    (t.track.villain_actions < VILLAIN_ACTIONS).then_some(t.track.villain_actions + 1)
}

/// Why `token` can't take `action` now, in the GM's words; `None` when it can.
#[must_use]
pub fn refusal(encounter: &Encounter, token: TokenId, action: &EveningAction) -> Option<String> {
    let who = name(encounter, token);
    if encounter.system != RuleSystem::Evening {
        return Some(format!("{} is an Evening action", action.label()));
    }
    let init = &encounter.combat.initiative;
    let Some(c) = combatant(encounter, token).filter(|_| init.is_running()) else {
        return Some(format!("{who} is not in a running initiative"));
    };
    let own_turn = init.current_token() == Some(token);
    let conditions = &encounter.combat.conditions;
    let system = encounter.system;
    let cannot = |part| economy_refusal(conditions, system, token, part, &c.economy);
    match action {
        EveningAction::Ready { trigger } => {
            if !own_turn {
                return Some(format!("{who} readies an action on its own turn"));
            }
            if trigger.trim().is_empty() {
                return Some("say what sets the readied action off".to_owned());
            }
            if !c.economy.action_available() {
                return Some(format!("{who} has used its Action this turn"));
            }
            cannot(EconomyPart::Action)
        }
        EveningAction::TakeReadied => {
            if c.economy.readied.is_empty() {
                return Some(format!("{who} has no readied action"));
            }
            if !init.reaction_available(token) {
                return Some(format!("{who} has used its reaction"));
            }
            cannot(EconomyPart::Reaction)
        }
        EveningAction::Attack => attack_refusal(encounter, token, c, own_turn),
        EveningAction::LegendaryAction { cost } => legendary_refusal(encounter, token, c, *cost),
        EveningAction::VillainAction => {
            let Some(t) = sheet(encounter, token).filter(|t| t.has_trait(ThreatTrait::Nemesis))
            else {
                return Some(format!("{who} is not a Nemesis threat"));
            };
            if t.track.villain_actions >= VILLAIN_ACTIONS {
                return Some(format!("{who} has taken all three villain actions"));
            }
            if t.track.villain_round == init.round && t.track.villain_actions > 0 {
                return Some(format!(
                    "{who} took a villain action this round: one a round"
                ));
            }
            attack_refusal(encounter, token, c, own_turn)
        }
    }
}

/// Why a threat can't make another attack now: not its turn, it can't act, or it has made its
/// rating's attacks this round.
fn attack_refusal(
    encounter: &Encounter,
    token: TokenId,
    c: &Combatant,
    own_turn: bool,
) -> Option<String> {
    let who = name(encounter, token);
    let Some(most) = attacks_per_round(encounter, token) else {
        return Some(format!("{who} is not a threat"));
    };
    if !own_turn {
        return Some(format!("{who} makes its attacks on its own turn"));
    }
    if c.economy.attacks_made >= most {
        return Some(format!(
            "{who} has made its {most} attacks this round (its rating's Attacks)"
        ));
    }
    let conditions = &encounter.combat.conditions;
    economy_refusal(
        conditions,
        encounter.system,
        token,
        EconomyPart::Action,
        &c.economy,
    )
}

fn legendary_refusal(
    encounter: &Encounter,
    token: TokenId,
    c: &Combatant,
    cost: u8,
) -> Option<String> {
    let who = name(encounter, token);
    let init = &encounter.combat.initiative;
    let Some(left) = legendary_actions_left(encounter, token) else {
        return Some(format!("{who} is not a Legendary threat"));
    };
    if !(1..=LEGENDARY_ACTIONS).contains(&cost) {
        return Some(format!(
            "a legendary action costs 1 to {LEGENDARY_ACTIONS}, not {cost}"
        ));
    }
    if init.current_token() == Some(token) {
        return Some(format!(
            "{who} takes legendary actions as another creature's turn ends"
        ));
    }
    if c.surprised && !c.had_first_turn {
        return Some(format!(
            "{who} was surprised: no legendary actions until after its first turn"
        ));
    }
    if cost > left {
        return Some(format!(
            "{who} has {left} legendary action{} left this round",
            if left == 1 { "" } else { "s" }
        ));
    }
    let moment = init.current.map(|i| (init.round, i));
    let t = sheet(encounter, token)?;
    if cost == 1 && moment.is_some() && t.track.legendary_at == moment {
        return Some(format!(
            "{who} took a legendary action at this turn's end: one at one time"
        ));
    }
    let conditions = &encounter.combat.conditions;
    economy_refusal(
        conditions,
        encounter.system,
        token,
        EconomyPart::Action,
        &c.economy,
    )
}

/// Applies `action` for `token` to `state` (a copy of `encounter`'s fight), or says why not.
pub(super) fn apply(
    state: &mut CombatState,
    encounter: &Encounter,
    token: TokenId,
    action: &EveningAction,
) -> Result<(), CombatError> {
    if let Some(why) = refusal(encounter, token, action) {
        return Err(CombatError::CannotAct(why));
    }
    let who = name(encounter, token);
    let round = state.initiative.round;
    let moment = state.initiative.current.map(|i| (round, i));
    let i = state
        .initiative
        .position(token)
        .ok_or(CombatError::NoSuchToken(token))?;
    let economy = &mut state.initiative.combatants[i].economy;
    let result = match action {
        EveningAction::Ready { trigger } => {
            take_action(economy);
            trigger.trim().clone_into(&mut economy.readied);
            format!("readies an action for when {}", economy.readied)
        }
        EveningAction::TakeReadied => {
            economy.reaction_used = true;
            format!(
                "takes its readied action ({}), with its reaction",
                std::mem::take(&mut economy.readied)
            )
        }
        EveningAction::Attack => {
            count_attack(economy);
            let most = attacks_per_round(encounter, token).unwrap_or(0);
            format!("attack {} of {most} this round", economy.attacks_made)
        }
        EveningAction::VillainAction => {
            count_attack(economy);
            let t = evening_sheet(state, token)?;
            t.track.villain_actions += 1;
            t.track.villain_round = round;
            format!(
                "villain action {} of {VILLAIN_ACTIONS}, in place of an attack",
                t.track.villain_actions
            )
        }
        EveningAction::LegendaryAction { cost } => {
            let t = evening_sheet(state, token)?;
            t.track.legendary_actions_spent += cost;
            if *cost == 1 {
                t.track.legendary_at = moment;
            }
            let left = LEGENDARY_ACTIONS.saturating_sub(t.track.legendary_actions_spent);
            format!("legendary action (cost {cost}): {left} left this round")
        }
    };
    state
        .log
        .push(LogEntry::event(who, action.label(), result).fitted());
    Ok(())
}

/// A threat's attacks are its Attack action: the first spends its Action (see the module doc).
fn count_attack(economy: &mut crate::model::initiative::Economy) {
    economy.attacks_made += 1;
    economy.action_used = true;
}

/// Uses the turn's Action, or one bought beside it.
fn take_action(economy: &mut crate::model::initiative::Economy) {
    if economy.action_used && economy.extra_actions > 0 {
        economy.extra_actions -= 1;
    }
    economy.action_used = true;
}

fn evening_sheet(
    state: &mut CombatState,
    token: TokenId,
) -> Result<&mut EveningToken, CombatError> {
    match state.trackers.sheet_mut(token, RuleSystem::Evening) {
        Some(TokenTrackers::Evening(t)) => Ok(t),
        _ => Err(CombatError::NoHealth(token)),
    }
}

/// As `token`'s turn begins: a Legendary threat's legendary actions come back (Evening,
/// Legendary actions: "Legendary actions return at the beginning of your next turn").
pub(super) fn turn_started(state: &mut CombatState, encounter: &Encounter, token: TokenId) {
    if encounter.system != RuleSystem::Evening {
        return;
    }
    let Ok(t) = evening_sheet(state, token) else {
        return;
    };
    if t.track.legendary_actions_spent == 0 && t.track.legendary_at.is_none() {
        return;
    }
    t.track.legendary_actions_spent = 0;
    t.track.legendary_at = None;
    let who = name(encounter, token);
    state.log.push(
        LogEntry::event(
            who,
            "Legendary actions",
            format!("all {LEGENDARY_ACTIONS} back as its turn begins"),
        )
        .fitted(),
    );
}

/// The one command that readies an action for `token` with `trigger`.
#[must_use]
pub fn ready(token: TokenId, trigger: &str) -> Command {
    Command::Combat(CombatCommand::Evening {
        token,
        action: EveningAction::Ready {
            trigger: trigger.trim().to_owned(),
        },
    })
}

/// The command for `action` by `token`, or why it is refused.
///
/// # Errors
/// The reason the text forbids it now ([`refusal`]).
pub fn take(
    encounter: &Encounter,
    token: TokenId,
    action: EveningAction,
) -> Result<Command, String> {
    match refusal(encounter, token, &action) {
        Some(why) => Err(why),
        None => Ok(Command::Combat(CombatCommand::Evening { token, action })),
    }
}

/// Pushing through exhaustion for a round (see the module doc): the bonus action on its turn in
/// a running initiative, the first unspent reserve die and the marker, as one command.
///
/// # Errors
/// It has no exhaustion to ignore, no reserve left, or its bonus action is spent or refused.
pub fn push_through(encounter: &Encounter, token: TokenId) -> Result<Command, String> {
    let who = name(encounter, token);
    let Some(t) = sheet(encounter, token) else {
        return Err(format!("{who} has no Evening sheet"));
    };
    if t.exhaustion == 0 {
        return Err(format!("{who} has no exhaustion to ignore"));
    }
    let Some(reserve) = t.reserves.iter().position(|r| !r.spent) else {
        return Err(format!("{who} has no unspent reserve die"));
    };
    let mut commands = Vec::new();
    let init = &encounter.combat.initiative;
    if init.is_running()
        && let Some(c) = combatant(encounter, token)
    {
        if init.current_token() != Some(token) {
            return Err(format!(
                "{who} pushes through with a bonus action, on its turn"
            ));
        }
        if c.economy.bonus_action_used {
            return Err(format!("{who} has used its bonus action"));
        }
        let conditions = &encounter.combat.conditions;
        let part = EconomyPart::BonusAction;
        if let Some(why) = economy_refusal(conditions, encounter.system, token, part, &c.economy) {
            return Err(why);
        }
        commands.push(Command::Combat(CombatCommand::UseEconomy { token, part }));
    }
    commands.push(Command::Tracker(TrackerCommand::Token {
        token,
        change: TokenChange::Evening(EveningChange::SpendReserve(reserve)),
    }));
    commands.push(Command::Combat(CombatCommand::ApplyCondition(
        ActiveCondition {
            token,
            name: PUSHING_THROUGH.to_owned(),
            duration: Duration::Rounds {
                remaining: 1,
                from: Some(token),
            },
        },
    )));
    Ok(Command::Batch(commands))
}

/// Whether `token` ignores its exhaustion now (it is pushing through).
#[must_use]
pub fn ignores_exhaustion(encounter: &Encounter, token: TokenId) -> bool {
    super::conditions::has_effect(
        &encounter.combat.conditions,
        encounter.system,
        token,
        Effect::IgnoresExhaustion,
    )
}
