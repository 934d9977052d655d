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
//! - It is bludgeoning damage, so the creature's affinity to bludgeoning on its sheet (and
//!   Petrified's resistance to all damage) changes it as it does a weapon's (Damage & Health,
//!   Modifiers). A creature immune to it takes none: that is avoiding the damage, so it does
//!   not land prone either.

use super::command::CombatCommand;
use super::conditions::{ActiveCondition, Duration, has_effect};
use crate::combat::catalogue::Effect;
use crate::model::{Command, Encounter, LengthUnit, LogEntry, TokenId};
use crate::rules::evening::{Affinity, DamageType, EveningChange};
use crate::rules::{RulesError, TokenTrackers};

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
    let rolled: u32 = faces.iter().sum();
    let affinity = bludgeoning_affinity(encounter, token);
    let damage = u32::try_from(affinity.apply(i64::from(rolled))).unwrap_or(u32::MAX);
    let who = encounter
        .token(token)
        .map_or_else(|| format!("token {}", token.0), |t| t.name.clone());
    let listed: Vec<String> = faces.iter().map(u32::to_string).collect();
    let taken = match affinity {
        Affinity::Normal => format!("{damage} bludgeoning damage; lands prone"),
        Affinity::Immune => format!("{rolled} bludgeoning damage, immune: none taken"),
        Affinity::Vulnerable | Affinity::Resistant => {
            let how = if affinity == Affinity::Vulnerable {
                "vulnerable"
            } else {
                "resistant"
            };
            format!("{rolled} bludgeoning damage, {how}: {damage} taken; lands prone")
        }
    };
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
            taken
        },
    })];
    if dice == 0 || affinity == Affinity::Immune {
        return Ok(Command::Batch(commands));
    }
    let health = super::health::evening_change(encounter, token, EveningChange::Damage(damage))?;
    commands.extend(health.commands);
    let conditions = &encounter.combat.conditions;
    let lying = has_effect(conditions, encounter.system, token, Effect::Crawls);
    if !health.falls && !lying {
        commands.push(Command::Combat(CombatCommand::ApplyCondition(
            ActiveCondition {
                system: Some(crate::model::RuleSystem::Evening),
                token,
                name: "Prone".to_owned(),
                duration: Duration::UntilRemoved,
            },
        )));
    }
    Ok(Command::Batch(commands))
}

/// How `token` takes a fall's bludgeoning damage: its sheet's affinity, with Petrified's
/// resistance to all damage (Conditions) taken together with it.
fn bludgeoning_affinity(encounter: &Encounter, token: TokenId) -> Affinity {
    let sheet = match encounter.sheet(token) {
        Some(TokenTrackers::Evening(e)) => e
            .affinities
            .get(&DamageType::Bludgeoning)
            .copied()
            .unwrap_or(Affinity::Normal),
        _ => Affinity::Normal,
    };
    let conditions = &encounter.combat.conditions;
    if has_effect(
        conditions,
        encounter.system,
        token,
        Effect::ResistsAllDamage,
    ) {
        sheet.with(Affinity::Resistant)
    } else {
        sheet
    }
}
