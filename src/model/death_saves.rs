//! Evening death saves kept in the combat state (Evening, Death saves). Making a save lives in
//! `combat::death`.

use serde::{Deserialize, Serialize};

use super::trackers::evening::DeathSaves;

/// One combatant's run of death saves, kept in the combat state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeathSaveState {
    /// Successes and failures so far.
    #[serde(default)]
    pub saves: DeathSaves,
    /// Stabilized by first aid: no risk of death, no more saves.
    #[serde(default)]
    pub stable: bool,
    /// The round of the last save, so one turn gets one save (0: none yet).
    #[serde(default)]
    pub last_round: u32,
}

/// Why a death save or stabilization is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeathSaveError {
    #[error("death saves belong to Evening; this encounter runs another system")]
    WrongSystem,
    #[error("only a combatant at 0 health makes death saves")]
    NotDying,
    #[error("the dead make no saves")]
    Dead,
    #[error("a stabilized combatant makes no more death saves")]
    Stable,
    #[error("a death save is a d20: {0} is not a face")]
    BadRoll(u8),
    #[error("this combatant already made its death save this round")]
    AlreadyRolled,
}
