//! The five rule systems an encounter can run under.

use serde::{Deserialize, Serialize};

/// Which rule text an encounter follows. Each has its own folder under `src/rules/`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum RuleSystem {
    /// `go-forth-heroes.txt`: d20 + Effort die, momentum dice pools, Hearts.
    #[default]
    GoForthHeroes,
    /// `evening-core.txt`: 5E-descended d20 with effect levels.
    Evening,
    /// `road-and-ruin.md`: d10 Outcome die with a shifting centre.
    RoadAndRuin,
    /// `post-core-rules.txt`: d6 pools, grit, clocks.
    PostCore,
    /// `three-d6-core-mechanics.txt`: 3d6 Total/Effect, escalation.
    ThreeD6,
}

impl RuleSystem {
    /// Every system, in menu order.
    pub const ALL: [Self; 5] = [
        Self::GoForthHeroes,
        Self::Evening,
        Self::RoadAndRuin,
        Self::PostCore,
        Self::ThreeD6,
    ];

    /// The name shown to users.
    pub fn label(self) -> &'static str {
        match self {
            Self::GoForthHeroes => "Go Forth: Heroes",
            Self::Evening => "Evening",
            Self::RoadAndRuin => "Road and Ruin",
            Self::PostCore => "Post core rules",
            Self::ThreeD6 => "3d6 core mechanics",
        }
    }
}
