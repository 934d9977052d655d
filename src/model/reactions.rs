//! What the fight keeps about who a condition comes from and which reactions wait: the creature
//! a Frightened token fears or a Grappled token's grappler (Evening, Conditions), and the
//! attacks of opportunity a move offered (Evening, Combat actions). The rules that make and
//! settle them live in `combat::fear`, `combat::maneuver` and `combat::opportunity`.

use serde::{Deserialize, Serialize};

use super::TokenId;

/// Who a condition on a token comes from: the source of a Frightened creature's fear, the
/// grappler holding a Grappled one. Kept beside the condition (by the token and the
/// condition's name) and dropped when the condition ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConditionSource {
    /// The token carrying the condition.
    pub token: TokenId,
    /// The condition's name, as the token carries it.
    #[serde(deserialize_with = "super::validate::de_label")]
    pub name: String,
    /// The token the condition comes from.
    pub source: TokenId,
}

/// An attack of opportunity a move offered and nobody has taken or let go yet: `mover` moved
/// from a square within `by`'s melee reach, and `by` may spend its reaction on one melee
/// attack against it (Evening, Combat actions: Attack of opportunity).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpportunityOffer {
    /// The creature that moved.
    pub mover: TokenId,
    /// The creature whose reach it left, who may attack.
    pub by: TokenId,
}

/// A change to who conditions come from, or to the attacks of opportunity waiting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReactionCommand {
    /// Names who the condition `name` on `token` comes from (`None`: nobody known): a
    /// Frightened creature's source of fear, a Grappled creature's grappler (Evening,
    /// Conditions; `combat::fear`).
    SetConditionSource {
        token: TokenId,
        name: String,
        source: Option<TokenId>,
    },
    /// A move offered these attacks of opportunity (`combat::opportunity`); they wait for the
    /// attacker's reaction or the GM's "let it go", and lapse when the turn ends.
    OfferOpportunities(Vec<OpportunityOffer>),
    /// The attack of opportunity `by` was offered against `mover` was taken or let go.
    SettleOpportunity { mover: TokenId, by: TokenId },
}
