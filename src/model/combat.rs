//! Combat state saved with the encounter: the turn order, conditions, momentum pools and the
//! roll log. The rules that change it live in `combat`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::TokenId;
use super::conditions::ActiveCondition;
use super::death_saves::DeathSaveState;
use super::initiative::Initiative;
use super::momentum::MomentumPool;
use super::trackers::Trackers;

/// One line of the roll log: who rolled what, the dice, and the result in the system's terms.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    #[serde(default, deserialize_with = "super::validate::de_log_label")]
    pub who: String,
    #[serde(deserialize_with = "super::validate::de_log_label")]
    pub what: String,
    /// Every die as rolled, e.g. `[14] + 3` or `d6: 2, 6`.
    #[serde(default, deserialize_with = "super::validate::de_log_text")]
    pub dice: String,
    #[serde(deserialize_with = "super::validate::de_log_text")]
    pub result: String,
}

impl LogEntry {
    /// The entry cut to the log's caps (`FORMAT.md`, "Limits"), each cut text ending in "…":
    /// for lines built from lists (an area's or an aura's every target), which a long list
    /// would otherwise take past what the log keeps and the roll be refused.
    #[must_use]
    pub fn fitted(mut self) -> Self {
        use super::validate::{MAX_LOG_LABEL_CHARS, MAX_LOG_TEXT_CHARS};
        fit(&mut self.who, MAX_LOG_LABEL_CHARS);
        fit(&mut self.what, MAX_LOG_LABEL_CHARS);
        fit(&mut self.dice, MAX_LOG_TEXT_CHARS);
        fit(&mut self.result, MAX_LOG_TEXT_CHARS);
        self
    }

    /// An entry for something that happened rather than a roll (a Beat, a condition expiring).
    pub fn event(
        who: impl Into<String>,
        what: impl Into<String>,
        result: impl Into<String>,
    ) -> Self {
        Self {
            who: who.into(),
            what: what.into(),
            dice: String::new(),
            result: result.into(),
        }
    }
}

/// Everything about the fight in progress that a file keeps.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CombatState {
    #[serde(default)]
    pub initiative: Initiative,
    #[serde(default)]
    pub conditions: Vec<ActiveCondition>,
    /// Go Forth: Heroes momentum pools, by hero.
    #[serde(default)]
    pub momentum: BTreeMap<TokenId, MomentumPool>,
    /// Each system's trackers (Hearts, health, Steadfast, clocks, escalation…).
    #[serde(default)]
    pub trackers: Trackers,
    #[serde(default)]
    pub log: Vec<LogEntry>,
    /// Evening death saves of combatants at 0 health, by token (Evening, Death saves).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub death_saves: BTreeMap<TokenId, DeathSaveState>,
    /// Aura effects the turn tracker offered at the last turn boundary, waiting for the GM's
    /// Apply or Skip (see `combat::aura`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aura_offers: Vec<super::AuraOffer>,
    /// Road and Ruin: the creatures under threat when the current round began, for Battle
    /// Stress at its end (see `combat::stress`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_threatened: Vec<TokenId>,
    /// Road and Ruin: the Battle Stress the last round's end offered, waiting for the GM's
    /// Apply or Skip (see `combat::stress`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stress_offer: Option<StressOffer>,
    /// Who each condition that has a source comes from: a Frightened token's source of fear,
    /// a Grappled token's grappler (Evening, Conditions; see `combat::fear`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub condition_sources: Vec<super::ConditionSource>,
    /// Evening: the attacks of opportunity the moves of the current turn offered, waiting for
    /// the attacker's reaction or the GM's "let it go" (see `combat::opportunity`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opportunity_offers: Vec<super::OpportunityOffer>,
}

impl CombatState {
    /// Whether the fight keeps anything for `id` that only a token of the encounter may have:
    /// a place in the order, conditions, death saves, a momentum pool, sheets.
    pub fn names_token(&self, id: TokenId) -> bool {
        self.initiative
            .combatants
            .iter()
            .any(|c| c.token == Some(id))
            || self.conditions.iter().any(|c| c.token == id)
            || self.death_saves.contains_key(&id)
            || self.momentum.contains_key(&id)
            || self.trackers.per_token.contains_key(&id)
            || (self.trackers.encounter.evening.charmed_by.iter())
                .any(|(a, b)| *a == id || *b == id)
            || self.names_in_reactions(id)
    }

    /// Whether a condition's source or a waiting attack of opportunity names `id`.
    fn names_in_reactions(&self, id: TokenId) -> bool {
        self.condition_sources
            .iter()
            .any(|s| s.token == id || s.source == id)
            || (self.opportunity_offers.iter()).any(|o| o.mover == id || o.by == id)
    }

    /// Drops what the fight keeps for `id` (a deleted token): it leaves the order with the turn
    /// marker following, its conditions, death saves, momentum pool and sheets go, and "N
    /// rounds" counted from its turns count new rounds from now on.
    pub fn forget_token(&mut self, id: TokenId) {
        self.initiative.drop_token(id);
        self.conditions.retain(|c| c.token != id);
        for c in &mut self.conditions {
            if let super::conditions::Duration::Rounds { from, .. } = &mut c.duration
                && *from == Some(id)
            {
                *from = None;
            }
        }
        self.death_saves.remove(&id);
        self.momentum.remove(&id);
        self.trackers.per_token.remove(&id);
        // Evening, Charmed: a charm naming it, either way, goes with it.
        let charms = &mut self.trackers.encounter.evening.charmed_by;
        charms.retain(|charmed, charmer| *charmed != id && *charmer != id);
        self.condition_sources
            .retain(|s| s.token != id && s.source != id);
        self.opportunity_offers
            .retain(|o| o.mover != id && o.by != id);
    }

    /// Forgets every token the fight names that `held` does not hold, returning how many. A
    /// Lantern before deleting a token cleared its fight saved files that still name deleted
    /// tokens; the loader clears them this way so those files open.
    pub fn forget_tokens_not_in(&mut self, held: &std::collections::BTreeSet<TokenId>) -> usize {
        let mut named: std::collections::BTreeSet<TokenId> = self
            .initiative
            .combatants
            .iter()
            .filter_map(|c| c.token)
            .collect();
        named.extend(self.conditions.iter().map(|c| c.token));
        named.extend(self.death_saves.keys().copied());
        named.extend(self.momentum.keys().copied());
        named.extend(self.trackers.per_token.keys().copied());
        let charms = &self.trackers.encounter.evening.charmed_by;
        named.extend(charms.iter().flat_map(|(a, b)| [*a, *b]));
        named.extend((self.condition_sources.iter()).flat_map(|s| [s.token, s.source]));
        named.extend((self.opportunity_offers.iter()).flat_map(|o| [o.mover, o.by]));
        let gone: Vec<TokenId> = named.difference(held).copied().collect();
        for id in &gone {
            self.forget_token(*id);
        }
        gone.len()
    }
}

/// Road and Ruin Battle Stress waiting for the GM: the round that ended and the creatures that
/// spent it under threat, each to lose 1 Steadfast.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StressOffer {
    pub round: u32,
    pub tokens: Vec<TokenId>,
}

/// Cuts `text` to at most `max` characters, the last one "…" when it was cut.
fn fit(text: &mut String, max: usize) {
    if super::validate::chars_over(text, max).is_none() {
        return;
    }
    let keep = max.saturating_sub(1);
    if let Some((cut, _)) = text.char_indices().nth(keep) {
        text.truncate(cut);
    }
    text.push('…');
}
