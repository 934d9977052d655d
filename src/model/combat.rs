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
    #[serde(default)]
    pub who: String,
    pub what: String,
    /// Every die as rolled, e.g. `[14] + 3` or `d6: 2, 6`.
    #[serde(default)]
    pub dice: String,
    pub result: String,
}

impl LogEntry {
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
}

/// Road and Ruin Battle Stress waiting for the GM: the round that ended and the creatures that
/// spent it under threat, each to lose 1 Steadfast.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StressOffer {
    pub round: u32,
    pub tokens: Vec<TokenId>,
}
