//! Evening health as it moves a creature in and out of consciousness, and resting: the commands
//! every pane queues for damage, healing and rests, so a fall to 0 health and the wake-up come
//! in the same undo step as the health that caused them.
//!
//! Readings (Evening core):
//! - Falling to zero ("Whenever you drop to 0 health, you are knocked unconscious"): a change
//!   that takes a living creature from some health to 0 puts Unconscious on it, and Unconscious
//!   brings Prone with it ("falls prone", `Effect::FallsProne` in `command.rs`). A creature
//!   killed outright is dead, not unconscious. Threats fall too: the text's "you" is anyone
//!   with a health pool; whether a threat then makes death saves is the narrator's call (Death:
//!   Non-player characters).
//! - Healing that lifts a creature from 0 health ends Unconscious (the knocked-out state the
//!   fall began); it wakes still Prone and gets up as Movement actions say (2 speed,
//!   `turn_move::stand_up`). A death save's recovery wakes it the same way (`command.rs`).
//! - Stabilize: "their health stays at 0 and they stay unconscious", so it changes neither.
//! - Resting: a short rest spends chosen reserve dice, each healing its roll + Resolve + Body;
//!   a long rest gives back all health and reserves (and one exhaustion level, as Exhaustion:
//!   Recovery says). Both are logged. The dice are rolled by the caller and carried in the
//!   command ([`EveningChange::ShortRest`]).

use super::catalogue::{Effect, catalogue};
use super::conditions::{ActiveCondition, Duration, on_token};
use crate::model::combat_command::CombatCommand;
use crate::model::{Command, Encounter, LogEntry, RuleSystem, TokenId};
use crate::rules::evening::{EveningChange, EveningToken, ReserveRoll};
use crate::rules::{RulesError, TokenChange, TokenTrackers, TrackerCommand};

/// The condition on `token` that knocked it out (the one that makes it fall prone: Evening's
/// Unconscious), by the name it carries.
#[must_use]
pub fn knocked_out(list: &[ActiveCondition], system: RuleSystem, token: TokenId) -> Option<String> {
    on_token(list, system, token)
        .find(|(_, d)| d.is_some_and(|d| d.effects.contains(&Effect::FallsProne)))
        .map(|(c, _)| c.name.clone())
}

/// The condition a fall to 0 health puts on a creature in `system` (Evening: Unconscious).
fn knock_out_condition(system: RuleSystem) -> Option<&'static str> {
    catalogue(system)
        .iter()
        .find(|d| d.effects.contains(&Effect::FallsProne))
        .map(|d| d.name)
}

/// One change to an Evening creature's health, with what it does to its consciousness.
#[derive(Clone, Debug, PartialEq)]
pub struct HealthChange {
    /// The sheet before the change.
    pub before: EveningToken,
    /// The sheet after it.
    pub after: EveningToken,
    /// The change and, when it falls or wakes, the condition that follows: one undo step.
    pub commands: Vec<Command>,
    /// The change leaves it at 0 health, alive: Unconscious (and Prone) go on.
    pub falls: bool,
    /// The change brings it back from 0 health: Unconscious comes off.
    pub wakes: bool,
}

/// `change` to `token`'s Evening sheet as the commands that make it, with the fall to 0 health
/// or the waking it causes (see the module doc). Refused as the sheet would refuse it; a token
/// without an Evening sheet has no health to change.
pub fn evening_change(
    encounter: &Encounter,
    token: TokenId,
    change: EveningChange,
) -> Result<HealthChange, RulesError> {
    let Some(TokenTrackers::Evening(before)) =
        encounter.combat.trackers.sheet(token, RuleSystem::Evening)
    else {
        return Err(RulesError::NoSheet {
            token,
            system: RuleSystem::Evening,
        });
    };
    let mut after = before.clone();
    after.apply(&change)?;
    let mut commands = vec![Command::Tracker(TrackerCommand::Token {
        token,
        change: TokenChange::Evening(change),
    })];
    let system = encounter.system;
    let conditions = &encounter.combat.conditions;
    let out = knocked_out(conditions, system, token);
    let falls = before.health > 0 && after.health == 0 && !after.is_dead();
    let wakes = before.health == 0 && after.health > 0;
    if falls
        && out.is_none()
        && system == RuleSystem::Evening
        && let Some(name) = knock_out_condition(system)
    {
        commands.push(Command::Combat(CombatCommand::ApplyCondition(
            ActiveCondition {
                token,
                name: name.to_owned(),
                duration: Duration::UntilRemoved,
                system: None,
            },
        )));
    }
    if wakes && let Some(name) = out.clone() {
        commands.push(Command::Combat(CombatCommand::RemoveCondition {
            token,
            name,
        }));
    }
    Ok(HealthChange {
        before: before.clone(),
        after,
        commands,
        falls: falls && system == RuleSystem::Evening,
        wakes: wakes && out.is_some(),
    })
}

fn name(encounter: &Encounter, token: TokenId) -> String {
    encounter
        .token(token)
        .map_or_else(|| format!("token {}", token.0), |t| t.name.clone())
}

/// A short rest spending the reserve dice `rolls` (already rolled, e.g. by
/// [`EveningToken::roll_reserves`]): the healing, a wake-up from 0 health, and a log line
/// with each die, in one batch (Evening, Resting: Short rest).
pub fn short_rest(
    encounter: &Encounter,
    token: TokenId,
    rolls: &[ReserveRoll],
) -> Result<Command, RulesError> {
    if rolls.is_empty() {
        return Err(RulesError::NotAllowed(
            "a short rest here spends at least one reserve die",
        ));
    }
    let change = evening_change(encounter, token, EveningChange::ShortRest(rolls.to_vec()))?;
    let before = &change.before;
    let per_die = before.abilities.resolve + before.abilities.body;
    let faces: Vec<String> = rolls
        .iter()
        .map(|r| {
            let sides = before.reserves.get(r.index).map_or(0, |d| d.sides);
            format!("d{sides}: {}", r.face)
        })
        .collect();
    let dice = format!("{}, each {per_die:+} (Resolve + Body)", faces.join(", "));
    let mut result = format!(
        "spends {} reserve {}: health {} → {}",
        rolls.len(),
        if rolls.len() == 1 { "die" } else { "dice" },
        before.health,
        change.after.health
    );
    if change.wakes {
        result.push_str(", wakes");
    }
    let mut commands = change.commands;
    commands.push(Command::AppendLog(LogEntry {
        who: name(encounter, token),
        what: "Short rest".to_owned(),
        dice,
        result,
    }));
    Ok(Command::Batch(commands))
}

/// A long rest for `token`: all health and reserves back, one exhaustion level less, with its
/// log line, in one batch (Evening, Resting: Long rest; refused below 1 health).
pub fn long_rest(encounter: &Encounter, token: TokenId) -> Result<Command, RulesError> {
    let change = evening_change(encounter, token, EveningChange::LongRest)?;
    let (before, after) = (&change.before, &change.after);
    let back = before.reserves.iter().filter(|r| r.spent).count();
    let mut result = format!(
        "health {} → {}, {back} reserve {} back",
        before.health,
        after.health,
        if back == 1 { "die" } else { "dice" }
    );
    if before.exhaustion != after.exhaustion {
        result = format!(
            "{result}, exhaustion {} → {}",
            before.exhaustion, after.exhaustion
        );
    }
    let mut commands = change.commands;
    commands.push(Command::AppendLog(LogEntry::event(
        name(encounter, token),
        "Long rest",
        result,
    )));
    Ok(Command::Batch(commands))
}
