//! 3d6 trackers as saved with the encounter: level and Escalation. The rules that change them live
//! in `rules::three_d6`.

use serde::{Deserialize, Serialize};

use super::attack::Attack;
use super::go_forth_heroes::is_false;

/// Which kept die an ability reads (3d6, Effect: High, Mid and Low Die).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EffectDie {
    /// The lowest kept die.
    Low,
    /// The middle kept die.
    #[default]
    Mid,
    /// The highest kept die.
    High,
}

/// A 3d6 attack's harm: the effect die it reads, stepped up or down, halved or not (3d6, Effect;
/// Step Up and Step Down; Halved Die Values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreeD6AttackNumbers {
    /// The die read.
    pub die: EffectDie,
    /// Steps up (positive) or down (negative).
    pub steps: i8,
    /// Whether the value is halved.
    pub halved: bool,
}

/// A 3d6 attack on a sheet.
pub type ThreeD6Attack = Attack<ThreeD6AttackNumbers>;

/// What the encounter tracks for one 3d6 token.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreeD6Token {
    /// Level 0–10.
    pub level: u8,
    /// Harm marked against the token so far. The core text keeps no health track: Lantern
    /// tallies the harm attacks deal so the GM can read it against the limit their game sets.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub harm_taken: u32,
    /// The token's attacks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<ThreeD6Attack>,
    /// The sheet holds the system's plain starting numbers (see `GfhToken::default_numbers`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub default_numbers: bool,
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A change to one 3d6 token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThreeD6Change {
    /// Set the level (0–10).
    SetLevel(u8),
    /// Mark harm taken (an attack's Apply).
    TakeHarm(u32),
    /// Set the harm marked (the GM's call: a rest, healing).
    SetHarmTaken(u32),
    /// Replace the attacks.
    SetAttacks(Vec<ThreeD6Attack>),
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
