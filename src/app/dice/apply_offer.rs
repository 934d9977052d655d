//! Apply, offered in the Roll row at the pane's bottom (in view however long the result's lines
//! run): the commands that land the result and, in the same undo step, the log line saying what
//! landed — the amount, the damage dice, and each target's numbers before and after.

use super::DiceState;
use crate::dice::RollRecord;
use crate::model::{Command, Encounter, LogEntry, TokenId};

/// What the log line of an Apply says besides the numbers it changes.
pub(super) struct ApplyLog {
    /// Who acted.
    pub who: String,
    /// What was applied to whom: "Apply 15 damage to the Bandit Archer".
    pub what: String,
    /// The damage dice rolled for it (Evening), if any.
    pub dice: Option<RollRecord>,
    /// What Apply does, as the pane previewed it.
    pub lines: Vec<String>,
    /// The tokens whose numbers it changes.
    pub targets: Vec<TokenId>,
}

/// Apply for the single target or for every target of an area roll.
pub(super) struct ApplyOffer {
    area: bool,
    commands: Vec<Command>,
    log: ApplyLog,
}

impl ApplyOffer {
    /// The single target's consequence.
    pub(super) fn single(commands: Vec<Command>, log: ApplyLog) -> Self {
        Self {
            area: false,
            commands,
            log,
        }
    }

    /// Every target's consequence of an area roll.
    pub(super) fn area(commands: Vec<Command>, log: ApplyLog) -> Self {
        Self {
            area: true,
            commands,
            log,
        }
    }

    pub(super) fn label(&self) -> &'static str {
        if self.area { "Apply to all" } else { "Apply" }
    }

    pub(super) fn hint(&self) -> &'static str {
        if self.area {
            "Every target's result, in the roll's undo step"
        } else {
            "Make it so, in the roll's undo step"
        }
    }

    /// Apply was pressed: the roll shows as applied and its commands, with their log line,
    /// join the roll's step (the app notes the step they land in, and from then on the history
    /// says whether it holds).
    pub(super) fn accept(self, state: &mut DiceState, encounter: &Encounter) {
        state.apply_pending = true;
        if self.area {
            if let Some(rolled) = &mut state.area_rolled {
                rolled.applied = true;
            }
        } else if let Some(rolled) = &mut state.rolled {
            rolled.applied = true;
        }
        let mut commands = self.commands;
        let entry = log_entry(encounter, &commands, self.log);
        commands.push(Command::AppendLog(entry));
        state.amends.push(Command::Batch(commands));
    }
}

/// The log line of an Apply: what the pane previewed, and each target's numbers as `commands`
/// leave them.
fn log_entry(encounter: &Encounter, commands: &[Command], log: ApplyLog) -> LogEntry {
    let mut result = log.lines;
    for (token, change) in crate::edit::preview::standing_changes(encounter, commands, &log.targets)
    {
        let name = encounter
            .token(token)
            .map_or_else(|| "?".to_owned(), |t| t.name.clone());
        result.push(format!("{name}: {change}"));
    }
    LogEntry {
        who: log.who,
        what: log.what,
        dice: log.dice.as_ref().map(damage_text).unwrap_or_default(),
        result: result.join("; "),
    }
    .fitted()
}

/// Damage dice as rolled: "2d8+3: 5, 7 = 15".
pub(super) fn damage_text(roll: &RollRecord) -> String {
    format!(
        "{}: {} = {}",
        roll.expression,
        super::dice_text(&roll.dice),
        roll.total
    )
}
