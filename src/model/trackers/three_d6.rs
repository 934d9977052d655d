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
///
/// Saved as `{ "level": 3 }` for levels 1–10, `{ "prologue": true }` for level 0 (3d6, Level,
/// Tier, and Advancement: a "prologue" level some games have), and with neither for a level
/// nobody set. Lantern before this field kept a plain `level` whose 0 meant both "never set"
/// (every new token's default) and level 0; such a `"level": 0` reads as not set, so an old
/// token gains no tier it was never given (the GM sets level 0 again where it was meant).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ThreeD6TokenFile", into = "ThreeD6TokenFile")]
pub struct ThreeD6Token {
    /// Level 0–10; `None` when nobody has set it (the token then has no tier).
    pub level: Option<u8>,
    /// Harm marked against the token so far. The core text keeps no health track: Lantern
    /// tallies the harm attacks deal so the GM can read it against the limit their game sets.
    pub harm_taken: u32,
    /// The token's attacks.
    pub attacks: Vec<ThreeD6Attack>,
    /// The sheet holds the system's plain starting numbers (see `GfhToken::default_numbers`).
    pub default_numbers: bool,
}

/// [`ThreeD6Token`] as saved (see its doc for the level's two keys).
#[derive(Clone, Default, Serialize, Deserialize)]
struct ThreeD6TokenFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    level: Option<u8>,
    #[serde(default, skip_serializing_if = "is_false")]
    prologue: bool,
    #[serde(default, skip_serializing_if = "is_zero")]
    harm_taken: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    attacks: Vec<ThreeD6Attack>,
    #[serde(default, skip_serializing_if = "is_false")]
    default_numbers: bool,
}

/// Why a saved 3d6 sheet cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ThreeD6SheetError {
    /// Both a level of 1 or more and the prologue mark.
    #[error("a 3d6 sheet is either at the prologue level or at level {0}, not both")]
    PrologueAndLevel(u8),
    /// A level past 10, the highest the text names.
    #[error("a 3d6 level runs from 0 to 10, not {0}")]
    LevelOutOfRange(u8),
}

impl TryFrom<ThreeD6TokenFile> for ThreeD6Token {
    type Error = ThreeD6SheetError;

    fn try_from(file: ThreeD6TokenFile) -> Result<Self, Self::Error> {
        if let Some(n) = file.level.filter(|n| *n > 10) {
            return Err(ThreeD6SheetError::LevelOutOfRange(n));
        }
        let level = match (file.level, file.prologue) {
            (Some(n @ 1..), true) => return Err(ThreeD6SheetError::PrologueAndLevel(n)),
            (_, true) => Some(0),
            // An older file's 0 was every new token's default: read as never set.
            (Some(0) | None, false) => None,
            (Some(n), false) => Some(n),
        };
        Ok(Self {
            level,
            harm_taken: file.harm_taken,
            attacks: file.attacks,
            default_numbers: file.default_numbers,
        })
    }
}

impl From<ThreeD6Token> for ThreeD6TokenFile {
    fn from(token: ThreeD6Token) -> Self {
        Self {
            level: token.level.filter(|n| *n > 0),
            prologue: token.level == Some(0),
            harm_taken: token.harm_taken,
            attacks: token.attacks,
            default_numbers: token.default_numbers,
        }
    }
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
    /// Set the level (0–10), or `None`: not set, no tier. Older scripts' plain number reads as
    /// that level.
    SetLevel(Option<u8>),
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
