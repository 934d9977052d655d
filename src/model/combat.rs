//! Combat state saved with the encounter: the roll log now; initiative, conditions, momentum pools
//! and per-system trackers join it as their modules land.

use serde::{Deserialize, Serialize};

/// One line of the roll log: who rolled what, the dice, and the result in the system's terms.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    #[serde(default)]
    pub who: String,
    pub what: String,
    /// Every die as rolled, e.g. `[14] + 3` or `d6: 2, 6`.
    #[serde(default)]
    pub dice: String,
    pub result: String,
}

/// Everything about the fight in progress that a file keeps.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CombatState {
    /// Round number, 0 before combat starts.
    #[serde(default)]
    pub round: u32,
    #[serde(default)]
    pub log: Vec<LogEntry>,
}
