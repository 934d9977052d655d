//! A plain snapshot of where a fight stands, for `examples/replay.rs` and for checking a
//! table's fight by hand: the round (and Road and Ruin pip), whose turn it is, each
//! combatant's action economy, the active conditions with what is left of them, and the GFH
//! momentum zones.

use std::collections::BTreeMap;

use serde::Serialize;

use super::momentum::Zone;
use super::wounds::token_speed;
use crate::model::Encounter;

/// One combatant's turn economy.
#[expect(
    clippy::struct_excessive_bools,
    reason = "a flat record of the turn's parts, printed as JSON"
)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EconomyReport {
    pub token: Option<u64>,
    pub name: String,
    pub action_used: bool,
    pub extra_actions: u32,
    pub bonus_action_used: bool,
    pub movement_spent: u32,
    /// Speed after Wounds and conditions, times the Moves this turn.
    pub movement_allowed: u32,
    pub reaction_used: bool,
    pub prepared: bool,
    pub acted: bool,
}

/// One active condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConditionReport {
    pub token: u64,
    pub name: String,
    pub remaining: String,
}

/// The fight after a command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnReport {
    pub round: u32,
    pub pip: Option<u8>,
    pub current: Option<String>,
    pub economy: Vec<EconomyReport>,
    pub conditions: Vec<ConditionReport>,
    /// Dice per zone, by hero name.
    pub momentum: BTreeMap<String, BTreeMap<&'static str, usize>>,
}

/// Where the fight in `encounter` stands now.
#[must_use]
pub fn turn_report(encounter: &Encounter) -> TurnReport {
    let init = &encounter.combat.initiative;
    let name = |t: crate::model::TokenId| {
        encounter
            .token(t)
            .map_or_else(|| format!("token {}", t.0), |t| t.name.clone())
    };
    let economy = init
        .combatants
        .iter()
        .map(|c| {
            let speed = c.token.map_or(0, |t| {
                token_speed(encounter, &encounter.combat.conditions, t).value
            });
            EconomyReport {
                token: c.token.map(|t| t.0),
                name: c.token.map_or_else(|| "Lair".to_owned(), name),
                action_used: c.economy.action_used,
                extra_actions: c.economy.extra_actions,
                bonus_action_used: c.economy.bonus_action_used,
                movement_spent: c.economy.movement_spent,
                movement_allowed: c.economy.movement_allowed(speed),
                reaction_used: c.economy.reaction_used,
                prepared: c.economy.prepared,
                acted: c.acted,
            }
        })
        .collect();
    let conditions = encounter
        .combat
        .conditions_in(encounter.system)
        .map(|c| ConditionReport {
            token: c.token.0,
            name: c.name.clone(),
            remaining: c.duration.label(),
        })
        .collect();
    let momentum = encounter
        .combat
        .momentum
        .iter()
        .map(|(t, pool)| {
            let zones = Zone::ALL
                .iter()
                .map(|z| (z.label(), pool.count(*z)))
                .collect();
            (name(*t), zones)
        })
        .collect();
    TurnReport {
        round: init.round,
        pip: (init.mode == super::initiative::Mode::Simultaneous).then_some(init.pip),
        current: init.current_token().map(name),
        economy,
        conditions,
        momentum,
    }
}
