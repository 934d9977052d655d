//! Evening, Frightened: a frightened creature has disadvantage on aptitude checks and attack
//! rolls while the source of its fear is within its line of sight, and can't move willingly
//! closer to that source.
//!
//! The source is the token named with the condition (`combat::sources`; the Conditions pane
//! and a token's condition menu name it). Readings:
//! - "Closer" is measured step by step, between footprints, as every distance on the map
//!   (`board::bands`): no step of a move may shorten it, so the creature may back away or
//!   circle at the same distance (`board::reach`). Both the GM's drag and a player's move ask
//!   [`crate::combat::turn_move::reach`], which applies it.
//! - "Within line of sight" is the map's sight from the creature to the source (walls, closed
//!   doors and obstacles hide it); a Blinded creature, or one whose source is Invisible, has
//!   no sight of it. Out of sight, the condition's disadvantage shows switched off with why.
//! - With no source named (or the source off the map), the disadvantage always applies and
//!   the move is free, as the catalogue says: Lantern can't tell where the fear comes from.

use super::catalogue::Effect;
use super::conditions::has_effect;
use super::sources::condition_with;
use crate::board::Scene;
use crate::model::{Encounter, TokenId};

/// The creature `token` fears and may not move closer to: the named source of its Frightened
/// condition, while both are on the map.
#[must_use]
pub fn kept_from(encounter: &Encounter, token: TokenId) -> Option<TokenId> {
    let (_, source) = condition_with(
        &encounter.combat,
        encounter.system,
        token,
        Effect::FearsSource,
    )?;
    source.filter(|s| encounter.token(*s).is_some())
}

/// Why the disadvantage of `token`'s fear is off now — its source is out of its sight — or
/// `None` when it holds (the source in sight, or no source named). `name` is the condition.
#[must_use]
pub fn out_of_sight(encounter: &Encounter, scene: &Scene, token: TokenId) -> Option<String> {
    let source = kept_from(encounter, token)?;
    if in_sight(encounter, scene, token, source) {
        return None;
    }
    let who = |id: TokenId| encounter.token(id).map_or("?", |t| t.name.as_str());
    Some(format!(
        "{} is out of {}'s sight: no disadvantage from fear",
        who(source),
        who(token)
    ))
}

/// Whether `source` is within `viewer`'s line of sight (see the module doc).
fn in_sight(encounter: &Encounter, scene: &Scene, viewer: TokenId, source: TokenId) -> bool {
    let conditions = &encounter.combat.conditions;
    let system = encounter.system;
    let blind = encounter
        .token(viewer)
        .is_some_and(|t| t.senses == crate::model::Senses::Blind);
    if blind
        || has_effect(conditions, system, viewer, Effect::SeesNothing)
        || has_effect(conditions, system, source, Effect::Unseen)
    {
        return false;
    }
    scene
        .verdict(viewer, source)
        .is_some_and(|v| v.kind != crate::board::VerdictKind::NoSight)
}
