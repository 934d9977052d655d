//! Condition tokens saved with the encounter: who carries what, for how long. Applying and
//! expiring them, and their effects, live in `combat::conditions`.

use serde::{Deserialize, Serialize};

use super::TokenId;

/// How long a condition lasts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Duration {
    /// Until the GM removes it.
    UntilRemoved,
    /// For this many more of the bearer's turns: counts down as each of its turns ends.
    Rounds { remaining: u32 },
    /// Until the end of `of`'s next turn. `started` turns true when a turn of `of` begins after
    /// the condition was applied, so a condition applied during `of`'s own turn outlasts it.
    EndOfNextTurn { of: TokenId, started: bool },
    /// Until the bearer succeeds on a save (the GM removes it then).
    UntilSave,
    /// Road and Ruin: for this many more time pips of Hastened Time, counting down as each pip
    /// passes whoever carries it (ten pips a round). A "2 rounds" condition in Road and Ruin is
    /// stored as 20 pips when it is applied (see [`Duration::in_system_units`]).
    Pips { remaining: u32 },
}

/// A condition on a token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveCondition {
    pub token: TokenId,
    /// A catalogue name for the encounter's system, or any custom name.
    pub name: String,
    pub duration: Duration,
}
