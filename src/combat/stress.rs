//! Road and Ruin Battle Stress, offered when a round ends.
//!
//! The text (COMBAT, HEALTH) costs a creature 1 Steadfast when it spends a whole round under
//! the eye and blade of a creature that could have struck it during that round. Lantern keeps
//! token positions only as they stand now, so it reads the rule at the round's two edges:
//!
//! - a creature is **under threat** at a moment when some other combatant hostile to it
//!   ([`Side::is_hostile_to`](crate::model::Side::is_hostile_to)) stands Touching it (their
//!   footprints touch: within reach of a blade, Road and Ruin's nearest band) and sees it
//!   (line of sight past walls, doors and obstacles, and light its eyes can use:
//!   [`sighting`]). A wall between them means no eye on it; an ally or a neutral never
//!   threatens; a hostile with a Health track that has run out (0 of a non-zero maximum)
//!   could not have struck it;
//! - it **spent the round** under threat when it was under threat both when the round began
//!   and when it ended (the positions at the round's start are kept in
//!   [`CombatState::round_threatened`](crate::model::CombatState)). The attacker need not be
//!   the same one at both edges: a creature passed from blade to blade stayed under threat;
//! - only creatures with Steadfast left are offered (a Shaken creature has none to lose).
//!
//! The offer is made when the tracker's time pips roll into a new round ([`round_boundary`],
//! stored in the combat state so the pip's undo takes it back) and waits for the GM, as the
//! aura offers do: Apply is one command ([`apply_stress`], 1 Steadfast spent from each),
//! Skip is [`CombatCommand::SettleStress`].

use crate::board::Scene;
use crate::board::light::Illumination;
use crate::combat::aura::AuraApply;
use crate::combat::command::{CombatCommand, CombatError};
use crate::combat::vision::sighting;
use crate::model::{CombatState, Command, Encounter, LogEntry, RuleSystem, StressOffer, TokenId};
use crate::rules::road_and_ruin::{Pool, RrChange, RrToken};
use crate::rules::{TokenChange, TokenTrackers, TrackerCommand};

/// Who, among `combatants`, is under threat now (see the module's reading), in `combatants`'
/// order. Empty outside Road and Ruin.
#[must_use]
pub fn under_threat(encounter: &Encounter, combatants: &[TokenId]) -> Vec<TokenId> {
    if encounter.system != RuleSystem::RoadAndRuin || combatants.len() < 2 {
        return Vec::new();
    }
    let scene = Scene::new(encounter);
    let mut light = None;
    let mut out = Vec::new();
    for &target in combatants {
        let Some(t) = encounter.token(target) else {
            continue;
        };
        let threatened = combatants.iter().any(|&by| {
            let Some(b) = encounter.token(by) else {
                return false;
            };
            if by == target || !b.side.is_hostile_to(t.side) || !can_strike(encounter, by) {
                return false;
            }
            if scene.touching(by, target) != Some(true) {
                return false;
            }
            let lit = light.get_or_insert_with(|| Illumination::new(&scene, encounter));
            sighting(&scene, lit, encounter, by, target).is_some_and(|s| s.sees())
        });
        if threatened {
            out.push(target);
        }
    }
    out
}

/// A combatant could strike unless its Health track has run out.
fn can_strike(encounter: &Encounter, token: TokenId) -> bool {
    rr(encounter, token).is_none_or(|t| t.max_of(Pool::Health) == 0 || t.get(Pool::Health) > 0)
}

fn rr(encounter: &Encounter, token: TokenId) -> Option<&RrToken> {
    match encounter.sheet(token) {
        Some(TokenTrackers::RoadAndRuin(t)) => Some(t),
        _ => None,
    }
}

fn steadfast(encounter: &Encounter, token: TokenId) -> u32 {
    rr(encounter, token).map_or(0, |t| t.get(Pool::Steadfast))
}

/// The Battle Stress of the round that ended: those under threat at its start
/// (`threatened_at_start`) and still at its end (`threatened_now`), with Steadfast to lose.
/// `None` when nobody is.
#[must_use]
pub fn offer_for(
    encounter: &Encounter,
    round: u32,
    threatened_at_start: &[TokenId],
    threatened_now: &[TokenId],
) -> Option<StressOffer> {
    let tokens: Vec<TokenId> = threatened_now
        .iter()
        .copied()
        .filter(|t| threatened_at_start.contains(t) && steadfast(encounter, *t) > 0)
        .collect();
    (!tokens.is_empty()).then_some(StressOffer { round, tokens })
}

/// A Road and Ruin round boundary in `state` (the fight as it stands after the turn change,
/// `encounter` for the board): when a round ended (`state.initiative.round` is the new one,
/// past the first), its Battle Stress is offered, replacing any offer left unsettled; either
/// way the creatures under threat now are kept as the new round's start.
pub fn round_boundary(encounter: &Encounter, state: &mut CombatState) {
    if encounter.system != RuleSystem::RoadAndRuin {
        return;
    }
    let combatants: Vec<TokenId> = state
        .initiative
        .combatants
        .iter()
        .filter_map(|c| c.token)
        .collect();
    let now = under_threat(encounter, &combatants);
    let round = state.initiative.round;
    if round > 1 {
        state.stress_offer = offer_for(encounter, round - 1, &state.round_threatened, &now);
    }
    state.round_threatened = now;
}

/// [`CombatCommand::SettleStress`]: the offer of `round`'s end leaves the tracker.
pub(super) fn settle_in(state: &mut CombatState, round: u32) -> Result<(), CombatError> {
    if state.stress_offer.as_ref().is_none_or(|o| o.round != round) {
        return Err(CombatError::NoStressOffer(round));
    }
    state.stress_offer = None;
    Ok(())
}

/// The fight is over: no offer waits, and no round's start is kept.
pub(super) fn forget(state: &mut CombatState) {
    state.stress_offer = None;
    state.round_threatened.clear();
}

/// The commands of Apply for `offer`: 1 Steadfast spent from each token that still has some
/// (the trackers' Spend), a log line, and the offer settled. One [`Command::Batch`]: one undo
/// step.
#[must_use]
pub fn apply_stress(encounter: &Encounter, offer: &StressOffer) -> AuraApply {
    let mut out = AuraApply::default();
    for &token in &offer.tokens {
        let Some(t) = encounter.token(token) else {
            continue;
        };
        let sf = steadfast(encounter, token);
        if sf == 0 {
            out.lines
                .push(format!("{} has no Steadfast left to lose", t.name));
            continue;
        }
        out.commands.push(Command::Tracker(TrackerCommand::Token {
            token,
            change: TokenChange::RoadAndRuin(RrChange::Spend {
                pool: Pool::Steadfast,
                amount: 1,
            }),
        }));
        let shaken = if sf == 1 { ", now Shaken" } else { "" };
        out.lines.push(format!(
            "{} loses 1 Steadfast ({sf} → {}){shaken}",
            t.name,
            sf - 1
        ));
    }
    out.commands.push(Command::AppendLog(
        LogEntry::event("", offer_title(offer), out.lines.join("; ")).fitted(),
    ));
    out.commands.push(settle(offer));
    out
}

/// Road and Ruin, HEALTH: fear costs Steadfast "this way" — 1 Steadfast, as Battle Stress
/// does — when the creature fails its saving roll. The save is an Outcome roll the GM sets up
/// (its difficulty and benefits), and a failure is any BAD result, GOOD/BUT being the first
/// success (Resolving events). One [`Command::Batch`]: the roll logged and, on a failure, 1
/// Steadfast spent (a creature with none left has nothing to lose, and the line says so).
/// `None` when `token` is not on the map.
#[must_use]
pub fn fear(
    encounter: &Encounter,
    token: TokenId,
    roll: &crate::rules::road_and_ruin::OutcomeRoll,
) -> Option<Command> {
    use crate::dice::OutcomeName as _;
    let who = encounter.token(token)?.name.clone();
    let sf = steadfast(encounter, token);
    let mut commands = Vec::new();
    let result = if !roll.outcome.is_bad() {
        format!("{}: holds firm", roll.outcome.label())
    } else if sf == 0 {
        format!("{}: no Steadfast left to lose", roll.outcome.label())
    } else {
        commands.push(Command::Tracker(TrackerCommand::Token {
            token,
            change: TokenChange::RoadAndRuin(RrChange::Spend {
                pool: Pool::Steadfast,
                amount: 1,
            }),
        }));
        let shaken = if sf == 1 { ", now Shaken" } else { "" };
        format!(
            "{}: loses 1 Steadfast ({sf} → {}){shaken}",
            roll.outcome.label(),
            sf - 1
        )
    };
    let faces: Vec<String> = roll
        .dice
        .iter()
        .flat_map(|d| d.rolls.iter().map(u32::to_string))
        .collect();
    commands.push(Command::AppendLog(
        LogEntry {
            who,
            what: "Fear save".to_owned(),
            dice: format!("d10: [{}] {:+}", faces.join(", "), roll.net_benefit),
            result,
        }
        .fitted(),
    ));
    Some(Command::Batch(commands))
}

/// Skip, or the last part of Apply: the offer leaves the tracker.
#[must_use]
pub fn settle(offer: &StressOffer) -> Command {
    Command::Combat(CombatCommand::SettleStress { round: offer.round })
}

/// "Battle Stress — end of round 2".
#[must_use]
pub fn offer_title(offer: &StressOffer) -> String {
    format!("Battle Stress — end of round {}", offer.round)
}

/// What Apply does, in a few words.
#[must_use]
pub fn outcome_text() -> &'static str {
    "lose 1 Steadfast each (a whole round under a hostile's eye and blade)"
}
