//! Attack dice, blows, armour and the Special die (Road and Ruin, COMBAT; the attack table).

use serde::{Deserialize, Serialize};

use crate::dice::{DiceRng, DiceTerm, DieResult, OutcomeName, OutcomeOdds};
use crate::rules::bounded;

/// The attack die by method of attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackDie {
    /// d4: accuracy (thrusts, stabs, projectiles).
    D4,
    /// d6: whips.
    D6,
    /// d8: edged (swords, claws).
    #[default]
    D8,
    /// d10: chopping axes.
    D10,
    /// d12: contact and heavy impact (clubs, hammers).
    D12,
}

impl AttackDie {
    /// Faces on the die.
    #[must_use]
    pub fn sides(self) -> u32 {
        match self {
            Self::D4 => 4,
            Self::D6 => 6,
            Self::D8 => 8,
            Self::D10 => 10,
            Self::D12 => 12,
        }
    }

    /// Lowest result for a Solid Blow: 3, 4, 5, 6, 7 (half the die plus one).
    #[must_use]
    pub fn solid_from(self) -> i64 {
        i64::from(self.sides()) / 2 + 1
    }

    /// The three Special thresholds: 150%, 200% and 250% of the die's maximum (d4: 6, 8, 10).
    #[must_use]
    pub fn special_thresholds(self) -> [i64; 3] {
        let s = i64::from(self.sides());
        [s * 3 / 2, s * 2, s * 5 / 2]
    }
}

/// How an attack that was not a Miss lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Blow {
    /// Armour brought it to nothing: no damage, but not a Miss.
    NoDamage,
    /// Half damage, rounded down.
    Glancing,
    /// Full damage.
    Solid,
}

/// The result of an attack roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AttackOutcome {
    /// A Miss: zero damage.
    Miss,
    /// It connected.
    Hit {
        /// How hard.
        blow: Blow,
        /// Special thresholds reached (0–3).
        special: u8,
    },
}

impl OutcomeName for AttackOutcome {
    fn label(&self) -> String {
        match self {
            Self::Miss => "Miss".to_owned(),
            Self::Hit { blow, special: 0 } => format!("{blow:?}"),
            Self::Hit { blow, special } => format!("{blow:?}, Special {special}"),
        }
    }
}

/// An attack roll. Readings: a to-hit of 1 or less after dodge and skill modifiers is a Miss;
/// armour then comes off, and a result of 1 or less is No Damage (the text: armour turns a hit
/// into No Damage, not a Miss); bands follow the table. The Special die is the same size as
/// the attack die and adds to the to-hit before armour; Specials count only on a connecting
/// attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackRoll {
    /// The attack die.
    pub die: AttackDie,
    /// Proficiency minus range, dodge, blindness and other modifiers.
    pub modifier: i64,
    /// The target's armour rating (all layers).
    pub armour: i64,
}

/// A rolled attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackResult {
    /// Term 0 the attack die, term 1 the Special die.
    pub dice: Vec<DieResult>,
    /// The outcome.
    pub outcome: AttackOutcome,
}

impl AttackRoll {
    /// The outcome for given faces of the attack die and the Special die.
    #[must_use]
    pub fn resolve(&self, face: i64, special_face: i64) -> AttackOutcome {
        let to_hit = face + bounded(self.modifier);
        if to_hit <= 1 {
            return AttackOutcome::Miss;
        }
        let after_armour = to_hit - bounded(self.armour);
        let blow = if after_armour <= 1 {
            Blow::NoDamage
        } else if after_armour >= self.die.solid_from() {
            Blow::Solid
        } else {
            Blow::Glancing
        };
        let special_total = to_hit + special_face;
        let special = self
            .die
            .special_thresholds()
            .iter()
            .filter(|t| special_total >= **t)
            .count() as u8;
        AttackOutcome::Hit { blow, special }
    }

    /// Exact odds over every pair of faces.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<AttackOutcome> {
        let s = i64::from(self.die.sides());
        let p = 1.0 / (s * s) as f64;
        let mut odds = OutcomeOdds::new();
        for face in 1..=s {
            for special in 1..=s {
                odds.add(self.resolve(face, special), p);
            }
        }
        odds
    }

    /// Rolls the attack die and the Special die.
    pub fn roll(&self, rng: &mut DiceRng) -> AttackResult {
        let mut dice = DiceTerm::plain(1, self.die.sides()).roll_dice(0, rng);
        dice.extend(DiceTerm::plain(1, self.die.sides()).roll_dice(1, rng));
        let outcome = self.resolve(dice[0].value, dice[1].value);
        AttackResult { dice, outcome }
    }
}

/// Damage a blow deals from a weapon's full damage.
#[must_use]
pub fn blow_damage(outcome: AttackOutcome, full: u32) -> u32 {
    match outcome {
        AttackOutcome::Hit {
            blow: Blow::Solid, ..
        } => full,
        AttackOutcome::Hit {
            blow: Blow::Glancing,
            ..
        } => full / 2,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_thresholds() {
        let rows: Vec<(i64, [i64; 3])> = [
            AttackDie::D4,
            AttackDie::D6,
            AttackDie::D8,
            AttackDie::D10,
            AttackDie::D12,
        ]
        .iter()
        .map(|d| (d.solid_from(), d.special_thresholds()))
        .collect();
        assert_eq!(
            rows,
            vec![
                (3, [6, 8, 10]),
                (4, [9, 12, 15]),
                (5, [12, 16, 20]),
                (6, [15, 20, 25]),
                (7, [18, 24, 30])
            ]
        );
    }

    #[test]
    fn bands_armour_and_special() {
        let sword = AttackRoll {
            die: AttackDie::D8,
            modifier: 0,
            armour: 0,
        };
        assert_eq!(sword.resolve(1, 8), AttackOutcome::Miss);
        assert_eq!(
            sword.resolve(4, 1),
            AttackOutcome::Hit {
                blow: Blow::Glancing,
                special: 0
            }
        );
        assert_eq!(
            sword.resolve(5, 1),
            AttackOutcome::Hit {
                blow: Blow::Solid,
                special: 0
            }
        );
        assert_eq!(
            sword.resolve(8, 8),
            AttackOutcome::Hit {
                blow: Blow::Solid,
                special: 2
            }
        );
        let plate = AttackRoll { armour: 4, ..sword };
        assert_eq!(
            plate.resolve(5, 1),
            AttackOutcome::Hit {
                blow: Blow::NoDamage,
                special: 0
            }
        );
        assert_eq!(
            plate.resolve(6, 1),
            AttackOutcome::Hit {
                blow: Blow::Glancing,
                special: 0
            }
        );
        // Special counts before armour.
        assert_eq!(
            plate.resolve(8, 4),
            AttackOutcome::Hit {
                blow: Blow::Glancing,
                special: 1
            }
        );
        assert_eq!(blow_damage(plate.resolve(8, 4), 7), 3);
        let odds = sword.odds();
        assert!((odds.probability(&AttackOutcome::Miss) - 0.125).abs() < 1e-12);
        assert!((odds.total() - 1.0).abs() < 1e-12);
        assert_eq!(sword.roll(&mut DiceRng::seeded(3)).dice.len(), 2);
    }
}
