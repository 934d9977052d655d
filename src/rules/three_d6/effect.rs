//! Effect dice: High, Mid and Low, halving, stepping up and down (3d6, Effect; Halved Die
//! Values; Step Up and Step Down).

use serde::{Deserialize, Serialize};

pub use crate::model::trackers::three_d6::EffectDie;

/// The three kept dice, sorted: `[low, mid, high]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectDice(pub [i64; 3]);

impl EffectDice {
    /// Sorts kept dice (missing ones read 0).
    #[must_use]
    pub fn from_kept(kept: &[i64]) -> Self {
        let mut v = [0; 3];
        for (slot, d) in v.iter_mut().zip(kept) {
            *slot = *d;
        }
        v.sort_unstable();
        Self(v)
    }

    /// The die's value after `steps` (up positive, down negative): steps move Low → Mid → High;
    /// past High each step adds 1, past Low each step takes 1, never below 0.
    #[must_use]
    pub fn read(&self, die: EffectDie, steps: i64) -> i64 {
        let pos = die as i64 + steps;
        match pos {
            0..=2 => self.0[pos as usize],
            3.. => self.0[2] + (pos - 2),
            _ => (self.0[0] + pos).max(0),
        }
    }
}

/// Halves a die value, rounding down but never below 1: 1–3 → 1, 4–5 → 2, 6 → 3.
#[must_use]
pub fn halve(value: i64) -> i64 {
    (value / 2).max(1)
}

/// The harm an ability deals from a roll (3d6, Effect; Halved Die Values; Step Up and Step
/// Down). The core text keeps no health track: harm is the number the ability names, read
/// from its die (Low, Mid or High) after the ability's steps, then halved when the ability
/// says so (round down, never below 1). Steps come first because they choose the die whose
/// value is halved.
#[must_use]
pub fn harm(dice: &EffectDice, die: EffectDie, steps: i64, halved: bool) -> i64 {
    let value = dice.read(die, steps);
    if halved { halve(value) } else { value }
}

/// Steps applied to a flat value add or take one per step.
#[must_use]
pub fn step_flat(value: i64, steps: i64) -> i64 {
    value + steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harm_reads_the_die_then_steps_then_halves() {
        // 3d6, Effect and Step Up and Step Down: [4, 1, 6] has Low 1, Mid 4, High 6; Mid
        // stepped up is 6, twice is 7; Halved Die Values: 6 halves to 3, 7 to 3, 1 to 1.
        let dice = EffectDice::from_kept(&[4, 1, 6]);
        assert_eq!(harm(&dice, EffectDie::Mid, 0, false), 4);
        assert_eq!(harm(&dice, EffectDie::Mid, 1, false), 6);
        assert_eq!(harm(&dice, EffectDie::Mid, 2, false), 7);
        assert_eq!(harm(&dice, EffectDie::Mid, 1, true), 3);
        assert_eq!(harm(&dice, EffectDie::Mid, 2, true), 3);
        assert_eq!(harm(&dice, EffectDie::Low, 0, true), 1);
        assert_eq!(harm(&dice, EffectDie::Mid, -2, false), 0);
    }

    #[test]
    fn the_texts_four_one_six_example() {
        let e = EffectDice::from_kept(&[4, 1, 6]);
        assert_eq!(e.0, [1, 4, 6]);
        assert_eq!(
            (
                e.read(EffectDie::High, 0),
                e.read(EffectDie::Mid, 0),
                e.read(EffectDie::Low, 0)
            ),
            (6, 4, 1)
        );
        assert_eq!(e.read(EffectDie::Mid, 1), 6);
        assert_eq!(e.read(EffectDie::Mid, 2), 7);
        assert_eq!(e.read(EffectDie::Mid, -1), 1);
        assert_eq!(e.read(EffectDie::Mid, -2), 0);
        assert_eq!(e.read(EffectDie::Mid, -5), 0);
        assert_eq!(step_flat(3, -2), 1);
    }

    #[test]
    fn halving() {
        let halves: Vec<i64> = (1..=6).map(halve).collect();
        assert_eq!(halves, vec![1, 1, 1, 2, 2, 3]);
    }
}
