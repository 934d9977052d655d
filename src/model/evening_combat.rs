//! Evening's own turn actions as data: readying an action, a threat's attacks, legendary and
//! villain actions (Evening, Initiative actions; Threats). Applying them lives in
//! `combat::evening_turn`.

use serde::{Deserialize, Serialize};

/// One of Evening's turn actions, carried by `CombatCommand::Evening` with its token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EveningAction {
    /// Ready: the Action is spent and the readied action waits for `trigger` until the
    /// token's next turn (Evening, Initiative actions).
    Ready {
        /// What sets it off, in the GM's words.
        #[serde(deserialize_with = "super::validate::de_name")]
        trigger: String,
    },
    /// The trigger came: the readied action is taken with the reaction.
    TakeReadied,
    /// A threat makes one of its attacks this turn (Evening, Threat Rating: Attacks).
    Attack,
    /// A Legendary threat's legendary action at the end of another creature's turn, costing
    /// `cost` of its three (1 for a normal one; a special one 1–3).
    LegendaryAction {
        /// Legendary actions it costs.
        cost: u8,
    },
    /// A Nemesis threat's next villain action, in place of one of its attacks.
    VillainAction,
}

impl EveningAction {
    /// The undo menu's words.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Ready { .. } => "Ready",
            Self::TakeReadied => "Readied action",
            Self::Attack => "Threat attack",
            Self::LegendaryAction { .. } => "Legendary action",
            Self::VillainAction => "Villain action",
        }
    }
}
