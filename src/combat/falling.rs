//! Evening, Environment: Falling. A fall from a dangerous height deals 1d6 bludgeoning damage
//! for every 10 feet fallen, at most 20d6, and the creature lands prone unless it avoids the
//! damage somehow.
//!
//! Readings:
//! - The height is the GM's: the map holds no heights. It is given in feet, or in metres on a
//!   map measured in metres (a metre is 3.28 feet), and every whole 10 feet is a die; less
//!   than 10 feet is no dangerous height (no damage, no fall prone).
//! - A creature that avoids the damage (a feature, a spell) is the GM's to leave unrolled: a
//!   fall Lantern rolls lands prone.
//! - The damage is one source through the creature's Evening health (`combat::health`), so a
//!   fall to 0 health knocks it out in the same undo step.

use super::command::CombatCommand;
use super::conditions::{ActiveCondition, Duration, has_effect};
use crate::combat::catalogue::Effect;
use crate::model::{Command, Encounter, LengthUnit, LogEntry, TokenId};
use crate::rules::RulesError;
use crate::rules::evening::EveningChange;

/// Evening, Falling: the most dice a fall deals.
pub const MAX_FALL_DICE: u32 = 20;

/// Feet in a metre, for a height given on a map measured in metres.
const FEET_PER_METRE: f64 = 3.280_84;

/// The highest fall the GM may give, in feet: well past the 200 feet that already deal the
/// most dice.
pub const MAX_FALL_FEET: u32 = 100_000;

/// A height in `unit` as whole feet; `None` when it is not a finite height from 0 up to
/// [`MAX_FALL_FEET`].
#[must_use]
pub fn height_feet(height: f64, unit: LengthUnit) -> Option<u32> {
    let feet = match unit {
        LengthUnit::Feet => height,
        LengthUnit::Metres => height * FEET_PER_METRE,
    };
    // Rounded down to a whole foot, after a hair of slack for the metre's conversion.
    let feet = (feet + 1e-9).floor();
    (feet.is_finite() && (0.0..=f64::from(MAX_FALL_FEET)).contains(&feet)).then(|| {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "checked just above: a whole number from 0 to MAX_FALL_FEET"
        )]
        let whole = feet as u32;
        whole
    })
}

/// How many d6 a fall of `feet` deals: one per whole 10 feet, at most [`MAX_FALL_DICE`].
#[must_use]
pub fn fall_dice(feet: u32) -> u32 {
    (feet / 10).min(MAX_FALL_DICE)
}

/// The fall of `token` from `feet` with its d6 faces already rolled (one per die,
/// [`fall_dice`] of them): the log line, the damage through its health (and a fall to 0
/// health), and Prone, in one command.
///
/// # Errors
/// The creature has no Evening health to lose, or the faces are not `fall_dice(feet)` d6.
pub fn fall(
    encounter: &Encounter,
    token: TokenId,
    feet: u32,
    faces: &[u32],
) -> Result<Command, RulesError> {
    let dice = fall_dice(feet);
    let count = usize::try_from(dice).unwrap_or(usize::MAX);
    if faces.len() != count || faces.iter().any(|f| !(1..=6).contains(f)) {
        return Err(RulesError::NotAllowed("a fall rolls one d6 per 10 feet"));
    }
    let damage: u32 = faces.iter().sum();
    let who = encounter
        .token(token)
        .map_or_else(|| format!("token {}", token.0), |t| t.name.clone());
    let listed: Vec<String> = faces.iter().map(u32::to_string).collect();
    let mut commands = vec![Command::AppendLog(LogEntry {
        who,
        what: format!("Fall of {feet} feet"),
        dice: if dice == 0 {
            String::new()
        } else {
            format!("{dice}d6: {}", listed.join(", "))
        },
        result: if dice == 0 {
            "under 10 feet: no damage".to_owned()
        } else {
            format!("{damage} bludgeoning damage; lands prone")
        },
    })];
    if dice == 0 {
        return Ok(Command::Batch(commands));
    }
    let health = super::health::evening_change(encounter, token, EveningChange::Damage(damage))?;
    commands.extend(health.commands);
    let conditions = &encounter.combat.conditions;
    let lying = has_effect(conditions, encounter.system, token, Effect::Crawls);
    if !health.falls && !lying {
        commands.push(Command::Combat(CombatCommand::ApplyCondition(
            ActiveCondition {
                token,
                name: "Prone".to_owned(),
                duration: Duration::UntilRemoved,
            },
        )));
    }
    Ok(Command::Batch(commands))
}
