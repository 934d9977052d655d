//! Effect dice: High, Mid and Low, halving, stepping up and down (3d6, Effect; Halved Die
//! Values; Step Up and Step Down).

use serde::{Deserialize, Serialize};

/// Which kept die an ability reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EffectDie {
    /// The lowest kept die.
    Low,
    /// The middle kept die.
    #[default]
    Mid,
    /// The highest kept die.
    High,
}

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

/// Steps applied to a flat value add or take one per step.
#[must_use]
pub fn step_flat(value: i64, steps: i64) -> i64 {
    value + steps
}

#[cfg(test)]
mod tests {
    use super::*;

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
