//! 3d6 trackers as saved with the encounter: level and Escalation. The rules that change them live
//! in `rules::three_d6`.

use serde::{Deserialize, Serialize};

/// What the encounter tracks for one 3d6 token.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreeD6Token {
    /// Level 0–10.
    pub level: u8,
}

/// A change to one 3d6 token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThreeD6Change {
    /// Set the level (0–10).
    SetLevel(u8),
}

/// Encounter-wide 3d6 state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreeD6Encounter {
    /// Escalation 0–6.
    pub escalation: u8,
}

/// A change to escalation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EscalationChange {
    /// Set it (0–6).
    Set(u8),
    /// Up one (each combat round), stopping at 6.
    Increase,
    /// Down one as things calm, stopping at 0.
    Decrease,
}
