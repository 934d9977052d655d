//! The messages between the companion page and Lantern, as JSON over the WebSocket. Every
//! message from a phone is hostile until checked: it is refused past [`MAX_MESSAGE_BYTES`]
//! before it is parsed, then parsed into [`FromPhone`] (unknown kinds and fields are errors).

use serde::{Deserialize, Serialize};

/// The largest message a phone may send, in bytes: the server refuses a larger frame before
/// reading it whole, and the host checks again before parsing.
pub const MAX_MESSAGE_BYTES: usize = 4 * 1024;

/// The longest player name kept, in characters.
pub const MAX_PLAYER_NAME_CHARS: usize = 40;

/// What a phone asks for.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum FromPhone {
    /// Claims the party token `token` under the player's `name`.
    Claim { token: u64, name: String },
    /// Takes back a hero claimed before (a reload, a dropped connection) by its claim secret.
    Resume { claim: String },
    /// Lets the hero go (another player may claim it).
    Release,
    /// Asks the path and cost of a move to `to` (`[x, y]`), without moving.
    Plan { to: [i32; 2] },
    /// Moves the hero to `to`.
    Move { to: [i32; 2] },
    /// Ends the hero's turn.
    EndTurn,
    /// Takes the hero's reaction (on another combatant's turn).
    Reaction,
    /// Makes one of a GFH hero's own momentum choices.
    Momentum { choice: super::momentum::Choice },
    /// Asks the check for an attack on `target` (with the sheet's attack `weapon`, or the
    /// one that reaches), without rolling.
    AttackPlan {
        target: u64,
        #[serde(default)]
        weapon: Option<usize>,
    },
    /// Attacks `target`: Lantern rolls the dice, or takes `faces` (one per die the plan listed,
    /// `null` for a die Lantern rolls) from the player's own dice.
    Attack {
        target: u64,
        #[serde(default)]
        weapon: Option<usize>,
        #[serde(default)]
        faces: Vec<Option<u32>>,
    },
}

/// What a phone may be told besides its view.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ToPhone {
    /// The party tokens to claim, and whether each is taken.
    Lobby {
        encounter: String,
        heroes: Vec<LobbyHero>,
    },
    /// The hero is this player's; `claim` is the secret to keep for reconnecting.
    Claimed { token: u64, claim: String },
    /// The player let the hero go, or the GM did.
    Released { reason: String },
    /// The request was refused, and why.
    Refused { reason: String },
    /// A move's path (cells from where the hero stands) and cost, or why it is refused.
    Plan {
        to: [i32; 2],
        path: Vec<[i32; 2]>,
        cost: u32,
        left: u32,
        refused: Option<String>,
    },
    /// An attack's check as the builder fills it, before rolling.
    AttackPlan(super::attack::AttackPlanText),
    /// The result of one of the hero's own rolls.
    Rolled(super::attack::RolledText),
}

/// A party token in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LobbyHero {
    pub id: u64,
    pub name: String,
    pub claimed: bool,
}

/// Reads a message from a phone: refused when too long, not JSON, or not one of
/// [`FromPhone`]'s kinds.
pub fn parse(text: &str) -> Result<FromPhone, String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!(
            "a message may be at most {MAX_MESSAGE_BYTES} bytes; this one is {}",
            text.len()
        ));
    }
    serde_json::from_str(text).map_err(|e| format!("not a message Lantern knows: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_parse_and_strangers_are_refused() {
        assert_eq!(
            parse(r#"{"t":"move","to":[3,4]}"#),
            Ok(FromPhone::Move { to: [3, 4] })
        );
        assert!(parse(r#"{"t":"move","to":[3,4],"id":9}"#).is_err());
        assert!(parse(r#"{"t":"fly"}"#).is_err());
        assert!(parse("not json").is_err());
        assert!(parse(&"x".repeat(MAX_MESSAGE_BYTES + 1)).is_err());
    }
}
