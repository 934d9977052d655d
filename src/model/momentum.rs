//! Go Forth: Heroes momentum pools saved with the encounter (GFH, Momentum). The moves on a
//! pool live in `combat::momentum`.

use serde::{Deserialize, Serialize};

/// Where a momentum die sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    Stamina,
    Power,
    Fatigue,
    Locked,
    Building,
}

impl Zone {
    pub const ALL: [Self; 5] = [
        Self::Stamina,
        Self::Power,
        Self::Fatigue,
        Self::Locked,
        Self::Building,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Self::Stamina => "Stamina",
            Self::Power => "Power",
            Self::Fatigue => "Fatigue",
            Self::Locked => "Locked",
            Self::Building => "Building",
        }
    }
}

/// Why a die was locked, which decides what ends the lock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum LockPurpose {
    /// Sustains a Gambit or other ongoing effect (named by the GM).
    Effect { name: String },
    /// Increase Defense: the rolled value adds to every Defense until the hero is attacked.
    Defense { value: u8 },
}

/// A locked die's purpose and where it goes when released.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lock {
    pub purpose: LockPurpose,
    /// `Stamina` (mere concentration) or `Fatigue` (an exhausting effect).
    pub release_to: Zone,
}

/// One momentum die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MomentumDie {
    pub zone: Zone,
    /// From Bolstered: vanishes when the condition ends; not part of the pool size.
    #[serde(default)]
    pub temporary: bool,
    /// Set exactly when `zone` is `Locked`.
    #[serde(default)]
    pub lock: Option<Lock>,
}

/// Why a momentum move is not allowed, in words for the GM.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MomentumError {
    #[error("there is no die {0} in this pool")]
    NoSuchDie(usize),
    #[error("that die is in {actual}, not {expected}")]
    WrongZone {
        expected: &'static str,
        actual: &'static str,
    },
    #[error("no die is in {0}")]
    EmptyZone(&'static str),
    #[error("every lock slot is in use ({0} open)")]
    NoLockSlot(u8),
    #[error("{0}")]
    IllegalMove(&'static str),
    #[error("a hit must take a die that is not already in Fatigue")]
    AlreadyFatigued,
    #[error("a pool holds 1 to 20 dice")]
    BadSize,
}

/// One hero's momentum dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MomentumPool {
    pub dice: Vec<MomentumDie>,
    /// Lock slots the hero's disciplines open (1 to begin with). Focused and Dazed adjust this
    /// at use time; see [`MomentumPool::open_lock_slots`].
    #[serde(default = "one")]
    pub lock_slots: u8,
    /// Dice set aside by Shaken, each with the zone it left (GFH, Conditions).
    #[serde(default)]
    pub set_aside: Vec<Zone>,
}

fn one() -> u8 {
    1
}
