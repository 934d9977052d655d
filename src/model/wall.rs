//! Walls, doors and windows: segments in map space.

use serde::{Deserialize, Serialize};

use super::{GridPoint, WallId};

/// What a wall segment is, and so what it blocks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum WallKind {
    /// Blocks sight and movement.
    #[default]
    Wall,
    /// Blocks sight and movement while closed; nothing while open.
    Door { open: bool },
    /// Blocks movement but not sight.
    Window,
}

impl WallKind {
    /// Whether the segment stops a line of sight right now.
    pub fn blocks_sight(self) -> bool {
        match self {
            Self::Wall => true,
            Self::Door { open } => !open,
            Self::Window => false,
        }
    }

    /// Whether the segment stops movement right now.
    pub fn blocks_movement(self) -> bool {
        match self {
            Self::Wall | Self::Window => true,
            Self::Door { open } => !open,
        }
    }
}

/// One straight segment from `a` to `b`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Wall {
    pub id: WallId,
    pub a: GridPoint,
    pub b: GridPoint,
    #[serde(flatten)]
    pub kind: WallKind,
}
