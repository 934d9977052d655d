//! Exact probability distributions over integer results.

use serde::Serialize;

use super::outcome::OutcomeOdds;

/// An exact distribution over integer results: `probs[i]` is the chance of `min + i`.
///
/// Built by convolution and enumeration (never sampling), so the odds shown to players are the
/// true odds of the rules as implemented. f64 is precise enough for tables of a few thousand
/// entries.
///
/// Serialisable for export only: it is always rebuilt from a check, never read back, so its
/// invariant (at least one entry) cannot be broken by a file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Distribution {
    min: i64,
    probs: Vec<f64>,
}

impl Distribution {
    /// A result that is always `value` (a flat modifier).
    #[must_use]
    pub fn constant(value: i64) -> Self {
        Self {
            min: value,
            probs: vec![1.0],
        }
    }

    /// A fair die: `1..=sides`, each with chance `1/sides`. A zero-sided die is the constant 0;
    /// a die is at most [`super::expr::MAX_SIDES`] sides (what a term is bounded to).
    #[must_use]
    pub fn die(sides: u32) -> Self {
        let sides = sides.min(super::expr::MAX_SIDES);
        if sides == 0 {
            return Self::constant(0);
        }
        let p = 1.0 / f64::from(sides);
        Self {
            min: 1,
            probs: vec![p; sides as usize],
        }
    }

    /// Builds a distribution from `(value, probability)` pairs; repeated values add up and
    /// zero-chance values are left out of the range.
    #[must_use]
    pub fn from_pairs(pairs: impl IntoIterator<Item = (i64, f64)>) -> Self {
        let pairs: Vec<(i64, f64)> = pairs.into_iter().filter(|(_, p)| *p > 0.0).collect();
        let (Some(lo), Some(hi)) = (
            pairs.iter().map(|p| p.0).min(),
            pairs.iter().map(|p| p.0).max(),
        ) else {
            return Self::constant(0);
        };
        let mut probs = vec![0.0; (hi - lo + 1) as usize];
        for (v, p) in pairs {
            probs[(v - lo) as usize] += p;
        }
        Self { min: lo, probs }
    }

    /// The smallest possible result.
    #[must_use]
    pub fn min(&self) -> i64 {
        self.min
    }

    /// The largest possible result.
    #[must_use]
    pub fn max(&self) -> i64 {
        self.min + self.probs.len() as i64 - 1
    }

    /// The chance of exactly `value`.
    #[must_use]
    pub fn probability(&self, value: i64) -> f64 {
        let i = value - self.min;
        if i < 0 {
            return 0.0;
        }
        self.probs.get(i as usize).copied().unwrap_or(0.0)
    }

    /// The chance of `value` or more.
    #[must_use]
    pub fn at_least(&self, value: i64) -> f64 {
        self.iter()
            .filter(|(v, _)| *v >= value)
            .map(|(_, p)| p)
            .sum()
    }

    /// The chance of `value` or less.
    #[must_use]
    pub fn at_most(&self, value: i64) -> f64 {
        self.iter()
            .filter(|(v, _)| *v <= value)
            .map(|(_, p)| p)
            .sum()
    }

    /// The sum of all probabilities (1 up to rounding; useful in tests).
    #[must_use]
    pub fn total(&self) -> f64 {
        self.probs.iter().sum()
    }

    /// The expected value.
    #[must_use]
    pub fn mean(&self) -> f64 {
        self.iter().map(|(v, p)| v as f64 * p).sum()
    }

    /// Every `(value, probability)` with a non-zero chance, lowest value first.
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(i, p)| (self.min + i as i64, *p))
    }

    /// The distribution of the sum of two independent results (convolution).
    #[must_use]
    pub fn add(&self, other: &Self) -> Self {
        let mut probs = vec![0.0; self.probs.len() + other.probs.len() - 1];
        for (i, a) in self.probs.iter().enumerate() {
            if *a == 0.0 {
                continue;
            }
            for (j, b) in other.probs.iter().enumerate() {
                probs[i + j] += a * b;
            }
        }
        Self {
            min: self.min + other.min,
            probs,
        }
    }

    /// The sum of `count` independent copies (`count` = 0 gives the constant 0).
    #[must_use]
    pub fn repeat(&self, count: u32) -> Self {
        (0..count).fold(Self::constant(0), |acc, _| acc.add(self))
    }

    /// Every result moved by `offset`.
    #[must_use]
    pub fn shift(&self, offset: i64) -> Self {
        Self {
            min: self.min + offset,
            probs: self.probs.clone(),
        }
    }

    /// Every result replaced by `f(result)`; results that land together add up.
    #[must_use]
    pub fn map(&self, f: impl Fn(i64) -> i64) -> Self {
        Self::from_pairs(self.iter().map(|(v, p)| (f(v), p)))
    }

    /// The distribution of the larger of two independent results.
    #[must_use]
    pub fn max_with(&self, other: &Self) -> Self {
        self.extreme_with(other, true)
    }

    /// The distribution of the smaller of two independent results.
    #[must_use]
    pub fn min_with(&self, other: &Self) -> Self {
        self.extreme_with(other, false)
    }

    fn extreme_with(&self, other: &Self, larger: bool) -> Self {
        let lo = self.min.min(other.min);
        let hi = self.max().max(other.max());
        Self::from_pairs((lo..=hi).map(|v| {
            let p = if larger {
                self.at_most(v) * other.at_most(v) - self.at_most(v - 1) * other.at_most(v - 1)
            } else {
                self.at_least(v) * other.at_least(v) - self.at_least(v + 1) * other.at_least(v + 1)
            };
            (v, p.max(0.0))
        }))
    }

    /// The chance that a result from `self` beats one from `other` when ties are rolled again
    /// until they break: P(a > b) / (1 − P(a = b)). Contests in several systems use this.
    #[must_use]
    pub fn chance_to_win_rerolling_ties(&self, other: &Self) -> f64 {
        let (mut win, mut loss) = (0.0, 0.0);
        for (v, p) in self.iter() {
            win += p * other.at_most(v - 1);
            loss += p * other.at_least(v + 1);
        }
        if win + loss > 0.0 {
            win / (win + loss)
        } else {
            0.5
        }
    }

    /// Groups results into named outcomes with `classify`.
    #[must_use]
    pub fn outcomes<O: Ord + Clone>(&self, classify: impl Fn(i64) -> O) -> OutcomeOdds<O> {
        let mut odds = OutcomeOdds::new();
        for (v, p) in self.iter() {
            odds.add(classify(v), p);
        }
        odds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn two_d6_matches_enumeration() {
        let d = Distribution::die(6).repeat(2);
        for total in 2..=12 {
            let ways = (1..=6)
                .flat_map(|a| (1..=6).map(move |b| a + b))
                .filter(|s| *s == total)
                .count();
            assert!(close(d.probability(total), ways as f64 / 36.0));
        }
        assert!(close(d.mean(), 7.0));
        assert!(close(d.total(), 1.0));
    }

    #[test]
    fn advantage_is_max_of_two_d20() {
        let d20 = Distribution::die(20);
        let adv = d20.max_with(&d20);
        // P(max = v) = (2v - 1) / 400.
        for v in 1..=20 {
            assert!(close(adv.probability(v), (2 * v - 1) as f64 / 400.0));
        }
        let dis = d20.min_with(&d20);
        assert!(close(dis.probability(20), 1.0 / 400.0));
        assert!(close(dis.at_least(11), 0.25));
    }

    #[test]
    fn shift_map_and_bounds() {
        let d = Distribution::die(4).shift(10);
        assert_eq!((d.min(), d.max()), (11, 14));
        assert!(close(d.at_least(13), 0.5));
        let halved = Distribution::die(6).map(|v| v / 2);
        assert!(close(halved.probability(0), 1.0 / 6.0));
        assert!(close(halved.probability(1), 2.0 / 6.0));
        assert_eq!(Distribution::from_pairs([]), Distribution::constant(0));
        assert!(close(Distribution::die(6).probability(0), 0.0));
    }
}
