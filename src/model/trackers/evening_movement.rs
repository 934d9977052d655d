//! Evening, Movement: Kinds of movement. A creature that moves in other ways lists each with
//! its speed ("base (8), flight (10)"); the text names flight, climbing, swimming and
//! burrowing. The base speed is the token's own `speed_cells`; these sit on its Evening sheet,
//! with the kind it moves by now. The rules that read them live in `combat::sheet`
//! (`base_move`) and `combat::movement_kind`.

use serde::{Deserialize, Serialize};

/// How a creature moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// On its feet, at its base speed.
    #[default]
    Walk,
    Fly,
    Climb,
    Swim,
    Burrow,
}

impl MoveKind {
    /// The kinds besides walking, in the text's order.
    pub const OTHERS: [Self; 4] = [Self::Fly, Self::Climb, Self::Swim, Self::Burrow];

    /// The kind's name ("flying").
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Walk => "walking",
            Self::Fly => "flying",
            Self::Climb => "climbing",
            Self::Swim => "swimming",
            Self::Burrow => "burrowing",
        }
    }

    /// The speed's name on a sheet ("Flight").
    #[must_use]
    pub fn speed_label(self) -> &'static str {
        match self {
            Self::Walk => "Base speed",
            Self::Fly => "Flight",
            Self::Climb => "Climbing",
            Self::Swim => "Swimming",
            Self::Burrow => "Burrowing",
        }
    }

    /// Whether this is walking (kept out of files, where it is the default).
    #[must_use]
    pub fn is_walk(&self) -> bool {
        *self == Self::Walk
    }
}

/// A creature's speeds in its other kinds of movement, in squares; `None` for a kind it lacks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovementSpeeds {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fly: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub climb: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swim: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub burrow: Option<u32>,
}

impl MovementSpeeds {
    /// The speed of `kind`; walking is the token's base speed, not kept here.
    #[must_use]
    pub fn get(&self, kind: MoveKind) -> Option<u32> {
        match kind {
            MoveKind::Walk => None,
            MoveKind::Fly => self.fly,
            MoveKind::Climb => self.climb,
            MoveKind::Swim => self.swim,
            MoveKind::Burrow => self.burrow,
        }
    }

    /// Sets (or, with `None`, takes away) the speed of `kind`; walking is not kept here.
    pub fn set(&mut self, kind: MoveKind, speed: Option<u32>) {
        let slot = match kind {
            MoveKind::Walk => return,
            MoveKind::Fly => &mut self.fly,
            MoveKind::Climb => &mut self.climb,
            MoveKind::Swim => &mut self.swim,
            MoveKind::Burrow => &mut self.burrow,
        };
        *slot = speed;
    }

    /// Whether the creature has no other kind of movement.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        MoveKind::OTHERS.iter().all(|k| self.get(*k).is_none())
    }
}
