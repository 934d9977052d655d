//! Evening, Combat actions: Grapple and Shove, and the hold a grapple keeps.
//!
//! - **Grapple**: as an action, a creature grapples an adjacent target its size or smaller with
//!   a Prowess + Body + Athletics check against the target's TN (against another character, a
//!   contested check). Success makes the target Grappled; the grappler's speed is halved while
//!   it holds (`combat::wounds::token_speed` asks [`grappling`]).
//! - **Shove**: the same check; success knocks the target prone or pushes it one square away,
//!   the shover's choice. The push moves the token on the map ([`crate::board::Scene::push_anchor`])
//!   in the roll's undo step.
//! - **Grappled** ends when the grappler is incapacitated (any condition that takes its actions:
//!   Incapacitated, Paralyzed, Petrified, Stunned, Unconscious; `command.rs` calls
//!   [`release_holds`]) and when the held creature ends up out of the grappler's reach
//!   ([`broken_holds`], which every move and push asks).
//!
//! Readings:
//! - The check is an aptitude check of the grappler's Prowess and Body; whether it has the
//!   Athletics aptitude the sheet does not say, so its bonus is a line to clear when it
//!   lacks it. A threat's checks are its TN's business (Evening, Threat Rating), so a threat's
//!   grapple or shove is the narrator's: the character resisting rolls a check against the
//!   threat's TN, and the GM applies the condition from the Conditions pane.
//! - Against another character the text makes it a contested check: Lantern says so on the
//!   check, and the GM sets the TN from the target's own roll.
//! - A success "with no effect" (Evening, Effect levels) does not grapple or shove.
//! - Adjacent is the melee reading (distance 1, or footprints touching); "your size or
//!   smaller" compares size categories.
//! - The held creature's reach is the grappler's melee reach (`opportunity::melee_reach`, 1
//!   without a melee weapon). Lantern does not drag the held creature along: a grappler that
//!   walks away leaves it out of reach, and the hold ends.

use super::action::{Contribution, FilledCheck, Lever, Source};
use super::catalogue::Effect;
use super::command::{CombatCommand, CombatError, Names, remove_condition};
use super::conditions::{ActiveCondition, Duration};
use super::sources::subjects_of;
use crate::board::Scene;
use crate::board::bands::{footprint_distance, footprints_touch};
use crate::board::footprint::footprint_cells;
use crate::model::{
    Cell, CombatState, Command, Encounter, LogEntry, ReactionCommand, RuleSystem, TokenId,
};
use crate::rules::evening::{EffectLevel, EveningOutcome};
use crate::rules::{CheckOutcome, TokenTrackers};

/// One of the two combat actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Maneuver {
    Grapple,
    Shove,
}

impl Maneuver {
    /// The action's name.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Grapple => "Grapple",
            Self::Shove => "Shove",
        }
    }
}

/// What a successful maneuver does (a shove's two choices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The target is Grappled, held by the actor.
    Grappled,
    /// The target is knocked prone.
    KnockedProne,
    /// The target is pushed one square away.
    PushedAway,
}

impl Outcome {
    /// The outcomes a success of `maneuver` offers.
    #[must_use]
    pub fn of(maneuver: Maneuver) -> &'static [Self] {
        match maneuver {
            Maneuver::Grapple => &[Self::Grappled],
            Maneuver::Shove => &[Self::KnockedProne, Self::PushedAway],
        }
    }

    /// The button's words.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Grappled => "Grapple it",
            Self::KnockedProne => "Knock prone",
            Self::PushedAway => "Push one square away",
        }
    }
}

fn name(encounter: &Encounter, id: TokenId) -> String {
    encounter
        .token(id)
        .map_or_else(|| format!("token {}", id.0), |t| t.name.clone())
}

/// Why `actor` can't try `maneuver` on `target` now, or `None` when it can: Evening only; a
/// character (see the module doc) on the map; the target another creature on the map,
/// adjacent, and its size or smaller.
#[must_use]
pub fn refusal(
    encounter: &Encounter,
    scene: &Scene,
    maneuver: Maneuver,
    actor: TokenId,
    target: TokenId,
) -> Option<String> {
    if encounter.system != RuleSystem::Evening {
        return Some(format!("{} is an Evening combat action", maneuver.label()));
    }
    let (Some(a), Some(t)) = (encounter.token(actor), encounter.token(target)) else {
        return Some("both creatures must be on the map".to_owned());
    };
    if actor == target {
        return Some(format!("{} can't {} itself", a.name, verb(maneuver)));
    }
    if let Some(TokenTrackers::Evening(e)) = encounter.sheet(actor)
        && e.threat.is_some()
    {
        return Some(format!(
            "{} is a threat: the character resists with a check against its TN",
            a.name
        ));
    }
    let near = scene
        .distance_cells(actor, target)
        .is_some_and(|d| d <= 1.0)
        || scene.touching(actor, target) == Some(true);
    if !near {
        return Some(format!("{} is not adjacent to {}", t.name, a.name));
    }
    (t.size > a.size).then(|| {
        format!(
            "{} is {}, larger than {} ({})",
            t.name,
            t.size.label(),
            a.name,
            a.size.label()
        )
    })
}

fn verb(maneuver: Maneuver) -> &'static str {
    match maneuver {
        Maneuver::Grapple => "grapple",
        Maneuver::Shove => "shove",
    }
}

/// Adds what `maneuver` brings to `filled`, an aptitude check of `actor` against `target`
/// from the builder: Prowess and Body, the Athletics aptitude bonus to clear when the actor
/// lacks it, the contested-check note against a character, and the refusal.
pub fn fill(encounter: &Encounter, scene: &Scene, maneuver: Maneuver, filled: &mut FilledCheck) {
    let (Some(actor), Some(target)) = (filled.actor, filled.target()) else {
        return;
    };
    if let Some(why) = refusal(encounter, scene, maneuver, actor, target) {
        filled.refused.get_or_insert(why);
    }
    // "As an action": the roll spends the actor's Action on its turn (`action::costs`).
    filled.maneuver = Some(maneuver);
    let who = name(encounter, actor);
    let line = |text: String, lever| Contribution::new(Source::Gm, text, lever);
    let mut lines = vec![line(
        format!("{}: Prowess + Body + Athletics", maneuver.label()),
        Lever::Note,
    )];
    if let Some(TokenTrackers::Evening(e)) = encounter.sheet(actor) {
        let a = e.abilities;
        lines.push(line(
            format!("{who}'s Prowess"),
            Lever::RollModifier(i64::from(a.prowess)),
        ));
        lines.push(line(
            format!("{who}'s Body"),
            Lever::RollModifier(i64::from(a.body)),
        ));
        let bonus = super::action::aptitude_bonus(e.level);
        if bonus != 0 {
            lines.push(line(
                format!("Athletics aptitude bonus (clear it if {who} lacks Athletics)"),
                Lever::RollModifier(i64::from(bonus)),
            ));
        }
    }
    let character = matches!(
        encounter.sheet(target),
        Some(TokenTrackers::Evening(e)) if e.threat.is_none()
    );
    if character {
        lines.push(line(
            format!(
                "against a character: contested, set the TN from {}'s own roll",
                name(encounter, target)
            ),
            Lever::Note,
        ));
    }
    filled.contributions.extend(lines);
}

/// Whether a rolled check lets the maneuver land: an Evening success with some effect.
#[must_use]
pub fn landed(outcome: &CheckOutcome) -> bool {
    matches!(
        outcome,
        CheckOutcome::Evening(r) if matches!(r.outcome, EveningOutcome::Success(l) if l != EffectLevel::NoEffect)
    )
}

/// Why an outcome can't be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ManeuverError {
    #[error("there is no token {0}")]
    NoSuchToken(TokenId),
    #[error("nowhere one square away from {by} is free for {who}")]
    NowhereToPush { who: String, by: String },
}

/// The command that applies `outcome` of `actor`'s maneuver on `target`, for the roll's undo
/// step: Grappled with its grappler named; Prone; or the target moved one square away (and
/// any hold that leaves it out of reach ended).
///
/// # Errors
/// A token is missing, or (a push) no square away is free.
pub fn apply(
    encounter: &Encounter,
    actor: TokenId,
    target: TokenId,
    outcome: Outcome,
) -> Result<Command, ManeuverError> {
    for id in [actor, target] {
        encounter.token(id).ok_or(ManeuverError::NoSuchToken(id))?;
    }
    let condition = |name: &str| {
        Command::Combat(CombatCommand::ApplyCondition(ActiveCondition {
            system: Some(crate::model::RuleSystem::Evening),
            token: target,
            name: name.to_owned(),
            duration: Duration::UntilRemoved,
        }))
    };
    Ok(match outcome {
        Outcome::Grappled => Command::Batch(vec![
            condition(GRAPPLED),
            Command::Combat(CombatCommand::Reactions(
                ReactionCommand::SetConditionSource {
                    token: target,
                    name: GRAPPLED.to_owned(),
                    source: Some(actor),
                },
            )),
        ]),
        Outcome::KnockedProne => condition(PRONE),
        Outcome::PushedAway => {
            let scene = Scene::new(encounter);
            let to =
                scene
                    .push_anchor(actor, target)
                    .ok_or_else(|| ManeuverError::NowhereToPush {
                        who: name(encounter, target),
                        by: name(encounter, actor),
                    })?;
            let mut commands = vec![Command::MoveToken { id: target, to }];
            commands.extend(broken_holds(encounter, target, to));
            Command::Batch(commands)
        }
    })
}

/// Evening's catalogue names.
const GRAPPLED: &str = "Grappled";
const PRONE: &str = "Prone";

/// The creatures `grappler` holds now.
#[must_use]
pub fn held_by(encounter: &Encounter, grappler: TokenId) -> Vec<TokenId> {
    subjects_of(encounter, grappler, Effect::HeldBySource)
}

/// Why `token`'s speed is halved by grappling (Evening, Grapple: "While grappling, your speed
/// is halved"), e.g. "Grappling Bandit: speed halved"; `None` when it holds nobody.
#[must_use]
pub fn grappling(encounter: &Encounter, token: TokenId) -> Option<String> {
    let held = held_by(encounter, token);
    let names: Vec<String> = held.iter().map(|id| name(encounter, *id)).collect();
    (!names.is_empty()).then(|| format!("Grappling {}: speed halved", names.join(", ")))
}

/// The holds a move of `moved` to `to` breaks: each Grappled creature it holds or is held
/// in that the move leaves out of the grappler's reach ends, as commands for the move's
/// batch (Evening, Grappled: it ends when an effect takes the creature out of reach).
#[must_use]
pub fn broken_holds(encounter: &Encounter, moved: TokenId, to: Cell) -> Vec<Command> {
    let grid = encounter.map.grid;
    let diagonal = encounter.map.diagonal;
    let cells = |id: TokenId| {
        encounter.token(id).map(|t| {
            let anchor = if id == moved { to } else { t.cell };
            footprint_cells(grid, t.size, anchor)
        })
    };
    let mut out = Vec::new();
    for s in &encounter.combat.condition_sources {
        if s.token != moved && s.source != moved {
            continue;
        }
        let holds = super::catalogue::find(encounter.system, &s.name)
            .is_some_and(|d| d.effects.contains(&Effect::HeldBySource));
        let (Some(held), Some(holder)) = (cells(s.token), cells(s.source)) else {
            continue;
        };
        let reach = super::opportunity::melee_reach(encounter, s.source).unwrap_or(1);
        let within = footprints_touch(grid, &held, &holder)
            || footprint_distance(grid, diagonal, &held, &holder) <= f64::from(reach);
        if holds && !within {
            out.push(Command::Combat(CombatCommand::RemoveCondition {
                token: s.token,
                name: s.name.clone(),
            }));
        }
    }
    out
}

/// Ends every hold `grappler` keeps: it is incapacitated (Evening, Grappled).
pub(super) fn release_holds(
    state: &mut CombatState,
    names: &Names<'_>,
    grappler: TokenId,
) -> Result<(), CombatError> {
    let system = names.0.system;
    let held: Vec<(TokenId, String)> = state
        .condition_sources
        .iter()
        .filter(|s| s.source == grappler)
        .filter(|s| {
            super::catalogue::find(system, &s.name)
                .is_some_and(|d| d.effects.contains(&Effect::HeldBySource))
        })
        .map(|s| (s.token, s.name.clone()))
        .collect();
    for (token, condition) in held {
        if !(state.conditions.iter()).any(|c| c.token == token && c.name == condition) {
            continue;
        }
        remove_condition(state, names, token, &condition)?;
        state.log.push(LogEntry::event(
            names.name(token),
            condition,
            format!("ends: {} is incapacitated", names.name(grappler)),
        ));
    }
    Ok(())
}
