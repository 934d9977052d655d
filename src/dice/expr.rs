//! The shape of a dice expression such as `4d6kh3 + 2` or `d20adv - 1`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{DiceError, Distribution, keep_distribution};

/// How many extra dice one exploding die may add. Explosions past this depth stop, in rolls and
/// in odds alike, so the odds are exact for the rule as implemented (a d6 reaching the cap has
/// a chance of 1 in 6^10).
pub const MAX_EXPLOSIONS: u32 = 10;
/// Longest accepted expression text.
pub const MAX_EXPRESSION_LEN: usize = 200;
/// Most dice in one term.
pub const MAX_DICE: u32 = 100;
/// Most sides on one die.
pub const MAX_SIDES: u32 = 1000;
/// Largest flat modifier, either sign.
pub const MAX_FLAT: i64 = 100_000;
/// Most `+`/`-` terms in one expression.
pub const MAX_TERMS: usize = 16;
/// The most dice one term rolls or counts odds for, whatever asked: twice [`MAX_DICE`] (a
/// critical hit doubles them) and room for advantage. Every number a file or a command gives
/// is checked against smaller limits first (`model::limits`); this bound is what keeps a term
/// from allocating or looping past it even so.
pub const MAX_TERM_DICE: u32 = 2 * MAX_DICE + 20;
/// Exact odds refuse expressions whose result range would pass this width.
const MAX_ODDS_WIDTH: i64 = 20_000;

/// Which dice of a term count toward the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Keep {
    /// Keep the highest `k` (`4d6kh3`, advantage).
    Highest(u32),
    /// Keep the lowest `k` (`4d6kl3`, disadvantage).
    Lowest(u32),
}

/// A group of identical dice: `NdM` with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceTerm {
    /// How many dice are rolled (including extra dice from advantage).
    pub count: u32,
    /// Faces per die.
    pub sides: u32,
    /// Keep only some dice; `None` keeps all.
    pub keep: Option<Keep>,
    /// A die showing its maximum is rolled again and added (`d6!`), up to [`MAX_EXPLOSIONS`].
    pub explode: bool,
    /// A die showing 1 is rolled once more and the new face stands (`d6r1`).
    pub reroll_ones: bool,
}

impl DiceTerm {
    /// The term as rolled and counted: at most [`MAX_TERM_DICE`] dice of at most
    /// [`MAX_SIDES`] sides, decided before anything is allocated.
    #[must_use]
    pub fn bounded(self) -> Self {
        Self {
            count: self.count.min(MAX_TERM_DICE),
            sides: self.sides.min(MAX_SIDES),
            ..self
        }
    }

    /// Plain `count`d`sides`.
    #[must_use]
    pub fn plain(count: u32, sides: u32) -> Self {
        Self {
            count,
            sides,
            keep: None,
            explode: false,
            reroll_ones: false,
        }
    }

    /// `count`d`sides` with stacked advantage and disadvantage: they cancel one for one, and each
    /// net instance adds one die, keeping the best (or worst) `count`. `d20` with one advantage is
    /// `2d20kh1`; 3d6 with two advantages is `5d6kh3`.
    #[must_use]
    pub fn with_edge(count: u32, sides: u32, advantage: u32, disadvantage: u32) -> Self {
        let mut term = Self::plain(count, sides);
        if advantage > disadvantage {
            term.count = term.count.saturating_add(advantage - disadvantage);
            term.keep = Some(Keep::Highest(count));
        } else if disadvantage > advantage {
            term.count = term.count.saturating_add(disadvantage - advantage);
            term.keep = Some(Keep::Lowest(count));
        }
        term
    }

    /// The distribution of one die of this term (explosions and rerolls included).
    #[must_use]
    pub fn single_die(&self) -> Distribution {
        let this = self.bounded();
        let this = &this;
        let face = this.face_distribution();
        if !this.explode || this.sides < 2 {
            return face;
        }
        // A chain of t explosions: t maximum faces, then a non-maximum face; at the cap, the
        // last face stands whatever it is.
        let max = i64::from(this.sides);
        let p_max = face.probability(max);
        let mut pairs = Vec::new();
        for t in 0..=i64::from(MAX_EXPLOSIONS) {
            let chain = p_max.powi(t as i32);
            for (v, p) in face.iter() {
                if v == max && t < i64::from(MAX_EXPLOSIONS) {
                    continue;
                }
                pairs.push((t * max + v, chain * p));
            }
        }
        Distribution::from_pairs(pairs)
    }

    /// One physical roll, with the reroll-ones rule applied.
    fn face_distribution(&self) -> Distribution {
        let plain = Distribution::die(self.sides);
        if !self.reroll_ones || self.sides < 2 {
            return plain;
        }
        let p = 1.0 / f64::from(self.sides);
        Distribution::from_pairs(
            (1..=i64::from(self.sides)).map(|v| (v, if v == 1 { p * p } else { p + p * p })),
        )
    }

    /// The exact distribution of the term's kept total.
    #[must_use]
    pub fn distribution(&self) -> Distribution {
        let this = self.bounded();
        let die = this.single_die();
        match this.keep {
            None => die.repeat(this.count),
            Some(keep) => keep_distribution(&die, this.count, keep),
        }
    }
}

/// One `+`/`-` part of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Term {
    /// Dice, added or (when `negative`) subtracted.
    Dice {
        /// Subtract this term's total instead of adding it.
        negative: bool,
        /// The dice.
        dice: DiceTerm,
    },
    /// A flat modifier (already signed).
    Flat(i64),
}

/// A parsed dice expression: terms added together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceExpr {
    /// The terms, in the order typed.
    pub terms: Vec<Term>,
}

impl DiceExpr {
    /// Parses user text such as `4d6kh3+2`, `d20adv`, `2d6!`, `d6r1`, `3d6dis2`.
    pub fn parse(text: &str) -> Result<Self, DiceError> {
        super::parse::parse(text)
    }

    /// An expression of one dice term plus a flat modifier.
    #[must_use]
    pub fn dice_plus(dice: DiceTerm, flat: i64) -> Self {
        let mut terms = vec![Term::Dice {
            negative: false,
            dice,
        }];
        if flat != 0 {
            terms.push(Term::Flat(flat));
        }
        Self { terms }
    }

    /// The exact distribution of the total. Refuses tables wider than a few thousand results.
    pub fn distribution(&self) -> Result<Distribution, DiceError> {
        let width: i64 = self
            .terms
            .iter()
            .map(|t| match t {
                Term::Dice { dice, .. } => {
                    let depth = if dice.explode { MAX_EXPLOSIONS + 1 } else { 1 };
                    i64::from(dice.count) * i64::from(dice.sides) * i64::from(depth)
                }
                Term::Flat(_) => 0,
            })
            .sum();
        if width > MAX_ODDS_WIDTH {
            return Err(DiceError::TooLargeForOdds);
        }
        Ok(self.terms.iter().fold(Distribution::constant(0), |acc, t| {
            acc.add(&match t {
                Term::Dice { negative, dice } => {
                    let d = dice.distribution();
                    if *negative { d.map(|v| -v) } else { d }
                }
                Term::Flat(v) => Distribution::constant(*v),
            })
        }))
    }
}

impl fmt::Display for DiceTerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        if self.explode {
            write!(f, "!")?;
        }
        if self.reroll_ones {
            write!(f, "r1")?;
        }
        match self.keep {
            Some(Keep::Highest(k)) => write!(f, "kh{k}"),
            Some(Keep::Lowest(k)) => write!(f, "kl{k}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, term) in self.terms.iter().enumerate() {
            let (negative, body) = match term {
                Term::Dice { negative, dice } => (*negative, dice.to_string()),
                Term::Flat(v) => (*v < 0, v.abs().to_string()),
            };
            match (i, negative) {
                (0, true) => write!(f, "-{body}")?,
                (0, false) => write!(f, "{body}")?,
                (_, true) => write!(f, " - {body}")?,
                (_, false) => write!(f, " + {body}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn exploding_d6_chain() {
        let d = DiceTerm {
            explode: true,
            ..DiceTerm::plain(1, 6)
        }
        .single_die();
        assert!(close(d.probability(6), 0.0));
        assert!(close(d.probability(5), 1.0 / 6.0));
        assert!(close(d.probability(7), 1.0 / 36.0));
        assert!(close(d.probability(12), 0.0));
        assert!(close(d.probability(13), 1.0 / 216.0));
        assert!(close(d.total(), 1.0));
        assert_eq!(d.max(), 66);
    }

    #[test]
    fn reroll_ones_once() {
        let d = DiceTerm {
            reroll_ones: true,
            ..DiceTerm::plain(1, 6)
        }
        .single_die();
        assert!(close(d.probability(1), 1.0 / 36.0));
        assert!(close(d.probability(4), 7.0 / 36.0));
    }

    #[test]
    fn edge_cancels_and_stacks() {
        assert_eq!(DiceTerm::with_edge(1, 20, 1, 1), DiceTerm::plain(1, 20));
        let t = DiceTerm::with_edge(3, 6, 3, 1);
        assert_eq!((t.count, t.keep), (5, Some(Keep::Highest(3))));
        let t = DiceTerm::with_edge(1, 20, 0, 2);
        assert_eq!((t.count, t.keep), (3, Some(Keep::Lowest(1))));
    }

    #[test]
    fn too_large_for_odds() {
        let e = DiceExpr::parse("100d1000").unwrap();
        assert_eq!(e.distribution(), Err(DiceError::TooLargeForOdds));
    }
}
