//! Who a condition comes from: the creature a Frightened token fears, the grappler holding a
//! Grappled one (Evening, Conditions). The fight keeps one source per condition beside it
//! (`CombatState::condition_sources`); a source goes when its condition ends, and a condition
//! whose source nobody named (or whose source left the map) works as the catalogue says
//! without one.

use super::catalogue::{Effect, find};
use super::command::{CombatError, Names};
use crate::model::{CombatState, ConditionSource, Encounter, ReactionCommand, RuleSystem, TokenId};

/// The condition on `token` that has `effect`, with the token it comes from when one is named.
#[must_use]
pub fn condition_with(
    combat: &CombatState,
    system: RuleSystem,
    token: TokenId,
    effect: Effect,
) -> Option<(&str, Option<TokenId>)> {
    let c = super::conditions::on_token(&combat.conditions, system, token)
        .find(|(_, d)| d.is_some_and(|d| d.effects.contains(&effect)))?
        .0;
    Some((c.name.as_str(), source_in(combat, token, &c.name)))
}

/// Who the condition `name` on `token` comes from, if anyone is named.
#[must_use]
pub fn source_in(combat: &CombatState, token: TokenId, name: &str) -> Option<TokenId> {
    combat
        .condition_sources
        .iter()
        .find(|s| s.token == token && s.name.eq_ignore_ascii_case(name))
        .map(|s| s.source)
}

/// The tokens `source` is the named source of a condition with `effect` on (the creatures a
/// grappler holds), in the order the fight keeps them.
#[must_use]
pub fn subjects_of(encounter: &Encounter, source: TokenId, effect: Effect) -> Vec<TokenId> {
    let combat = &encounter.combat;
    let system = encounter.system;
    combat
        .condition_sources
        .iter()
        .filter(|s| s.source == source)
        .filter(|s| find(system, &s.name).is_some_and(|d| d.effects.contains(&effect)))
        .filter(|s| carries(combat, s.token, &s.name))
        .map(|s| s.token)
        .collect()
}

/// Whether `token` carries the condition `name`.
fn carries(combat: &CombatState, token: TokenId, name: &str) -> bool {
    combat
        .conditions
        .iter()
        .any(|c| c.token == token && c.name.eq_ignore_ascii_case(name))
}

/// Applies a command about who conditions come from and which reactions wait: a condition's
/// source, or attacks of opportunity offered or settled (`combat::opportunity`).
pub(super) fn apply_in(
    state: &mut CombatState,
    names: &Names<'_>,
    command: ReactionCommand,
) -> Result<(), CombatError> {
    match command {
        ReactionCommand::SetConditionSource {
            token,
            name,
            source,
        } => set_source(state, names, token, &name, source),
        ReactionCommand::OfferOpportunities(offers) => {
            super::opportunity::offer_in(state, names, offers)
        }
        ReactionCommand::SettleOpportunity { mover, by } => {
            super::opportunity::settle_in(state, names, mover, by)
        }
    }
}

/// Names (or, with `None`, forgets) who the condition `name` on `token` comes from.
fn set_source(
    state: &mut CombatState,
    names: &Names<'_>,
    token: TokenId,
    name: &str,
    source: Option<TokenId>,
) -> Result<(), CombatError> {
    if !carries(state, token, name) {
        return Err(CombatError::NoSuchCondition {
            token,
            name: name.to_owned(),
        });
    }
    state
        .condition_sources
        .retain(|s| !(s.token == token && s.name.eq_ignore_ascii_case(name)));
    let Some(source) = source else {
        return Ok(());
    };
    if names.0.token(source).is_none() {
        return Err(CombatError::NoSuchToken(source));
    }
    if source == token {
        return Err(CombatError::OwnSource {
            who: names.name(token),
            what: "source",
        });
    }
    state.condition_sources.push(ConditionSource {
        token,
        name: name.to_owned(),
        source,
    });
    Ok(())
}

/// Drops the sources of conditions that ended (expired, removed, cancelled), so a condition
/// put on again later starts with none.
pub(super) fn forget_ended(state: &mut CombatState) {
    let conditions = &state.conditions;
    state.condition_sources.retain(|s| {
        conditions
            .iter()
            .any(|c| c.token == s.token && c.name.eq_ignore_ascii_case(&s.name))
    });
}
