//! Rolling expressions and recording every die, for the UI and the saved roll log.

use serde::{Deserialize, Serialize};

use super::expr::MAX_EXPLOSIONS;
use super::{DiceExpr, DiceRng, DiceTerm, Keep, Term};

/// One die of a roll, with everything that happened to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieResult {
    /// Index of the expression term this die belongs to.
    pub term: usize,
    /// Faces on the die.
    pub sides: u32,
    /// Every physical roll of this die in order: a rerolled 1 stays listed first, then each
    /// explosion roll.
    pub rolls: Vec<u32>,
    /// What the die counts for: the rolls after rerolls, explosions added up.
    pub value: i64,
    /// Whether it counts toward the total (false when a keep rule dropped it).
    pub kept: bool,
    /// Whether it exploded at least once.
    pub exploded: bool,
    /// Whether a 1 was rerolled.
    pub rerolled: bool,
}

/// A finished roll: the expression, every die and the total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    /// The expression rolled, in canonical form.
    pub expression: String,
    /// Every die rolled, in term order.
    pub dice: Vec<DieResult>,
    /// The total of kept dice and flat modifiers.
    pub total: i64,
}

impl RollRecord {
    /// The kept values of one term's dice, in roll order.
    #[must_use]
    pub fn kept_values(&self, term: usize) -> Vec<i64> {
        self.dice
            .iter()
            .filter(|d| d.term == term && d.kept)
            .map(|d| d.value)
            .collect()
    }
}

impl DiceTerm {
    /// Rolls this term's dice, marking which are kept. `term` labels the dice. The term is
    /// [`DiceTerm::bounded`] first: no count a file could hold allocates past it.
    pub fn roll_dice(&self, term: usize, rng: &mut DiceRng) -> Vec<DieResult> {
        let this = self.bounded();
        let mut dice: Vec<DieResult> = (0..this.count).map(|_| this.roll_one(term, rng)).collect();
        if let Some(keep) = this.keep {
            let mut order: Vec<usize> = (0..dice.len()).collect();
            order.sort_by_key(|&i| dice[i].value);
            let (k, drop_from_top) = match keep {
                Keep::Highest(k) => (k as usize, false),
                Keep::Lowest(k) => (k as usize, true),
            };
            let dropped = dice.len().saturating_sub(k);
            let drop: Vec<usize> = if drop_from_top {
                order.iter().rev().take(dropped).copied().collect()
            } else {
                order.iter().take(dropped).copied().collect()
            };
            for i in drop {
                dice[i].kept = false;
            }
        }
        dice
    }

    fn roll_one(&self, term: usize, rng: &mut DiceRng) -> DieResult {
        let mut rolls = Vec::new();
        let mut rerolled = false;
        let mut value = 0;
        let mut explosions = 0;
        loop {
            let mut face = rng.die(self.sides);
            if self.reroll_ones && face == 1 && self.sides > 1 {
                rolls.push(face);
                rerolled = true;
                face = rng.die(self.sides);
            }
            rolls.push(face);
            value += i64::from(face);
            if !(self.explode
                && face == self.sides
                && self.sides > 1
                && explosions < MAX_EXPLOSIONS)
            {
                break;
            }
            explosions += 1;
        }
        DieResult {
            term,
            sides: self.sides,
            rolls,
            value,
            kept: true,
            exploded: explosions > 0,
            rerolled,
        }
    }
}

impl DiceExpr {
    /// Rolls every term and records each die.
    pub fn roll(&self, rng: &mut DiceRng) -> RollRecord {
        let mut dice = Vec::new();
        let mut total = 0;
        for (i, term) in self.terms.iter().enumerate() {
            match term {
                Term::Dice { negative, dice: d } => {
                    let rolled = d.roll_dice(i, rng);
                    let sum: i64 = rolled.iter().filter(|r| r.kept).map(|r| r.value).sum();
                    total += if *negative { -sum } else { sum };
                    dice.extend(rolled);
                }
                Term::Flat(v) => total += v,
            }
        }
        RollRecord {
            expression: self.to_string(),
            dice,
            total,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Distribution;

    #[test]
    fn keep_highest_drops_lowest_and_totals_match() {
        let expr = DiceExpr::parse("4d6kh3+2").unwrap();
        let mut rng = DiceRng::seeded(1);
        for _ in 0..100 {
            let r = expr.roll(&mut rng);
            assert_eq!(r.dice.len(), 4);
            let dropped: Vec<&DieResult> = r.dice.iter().filter(|d| !d.kept).collect();
            assert_eq!(dropped.len(), 1);
            assert!(
                r.dice
                    .iter()
                    .filter(|d| d.kept)
                    .all(|d| d.value >= dropped[0].value)
            );
            assert_eq!(r.total, r.kept_values(0).iter().sum::<i64>() + 2);
        }
    }

    #[test]
    fn explosions_and_rerolls_are_recorded() {
        let mut rng = DiceRng::seeded(3);
        let expr = DiceExpr::parse("d4!r1").unwrap();
        let (mut saw_explode, mut saw_reroll) = (false, false);
        for _ in 0..300 {
            let r = expr.roll(&mut rng);
            let d = &r.dice[0];
            let counted: i64 = d
                .rolls
                .iter()
                .skip(usize::from(d.rerolled))
                .map(|&x| i64::from(x))
                .sum();
            if !d.rerolled || d.rolls.len() == 2 {
                assert_eq!(d.value, counted);
            }
            saw_explode |= d.exploded;
            saw_reroll |= d.rerolled;
            assert_eq!(r.total, d.value);
        }
        assert!(saw_explode && saw_reroll);
    }

    /// Every physical roll sequence of one die, with its chance: the brute-force reference for
    /// rerolls and explosions (chains stop at `depth` explosions, as the engine's cap does).
    fn die_outcomes(sides: u32, reroll: bool, explode: bool, depth: u32) -> Vec<(i64, f64)> {
        let p = 1.0 / f64::from(sides);
        let mut faces: Vec<(i64, f64)> = Vec::new();
        for f in 1..=sides {
            if reroll && f == 1 {
                faces.extend((1..=sides).map(|g| (i64::from(g), p * p)));
            } else {
                faces.push((i64::from(f), p));
            }
        }
        let mut out = Vec::new();
        for (f, q) in faces {
            if explode && f == i64::from(sides) && depth > 0 {
                for (rest, r) in die_outcomes(sides, reroll, explode, depth - 1) {
                    out.push((f + rest, q * r));
                }
            } else {
                out.push((f, q));
            }
        }
        out
    }

    #[test]
    fn expression_odds_match_brute_force() {
        let cases = [
            ("2d6r1 + 1", 6, true, false, 1),
            ("d4!", 4, false, true, 0),
            ("d3!r1 - 2", 3, true, true, -2),
        ];
        for (text, sides, reroll, explode, flat) in cases {
            let count = if text.starts_with('2') { 2 } else { 1 };
            let one = die_outcomes(sides, reroll, explode, MAX_EXPLOSIONS);
            let mut pairs: Vec<(i64, f64)> = one.iter().map(|(v, p)| (v + flat, *p)).collect();
            if count == 2 {
                pairs = one
                    .iter()
                    .flat_map(|(a, p)| one.iter().map(move |(b, q)| (a + b + flat, p * q)))
                    .collect();
            }
            let brute = Distribution::from_pairs(pairs);
            let exact = DiceExpr::parse(text).unwrap().distribution().unwrap();
            assert_eq!(
                (exact.min(), exact.max()),
                (brute.min(), brute.max()),
                "{text}"
            );
            for v in exact.min()..=exact.max() {
                assert!(
                    (exact.probability(v) - brute.probability(v)).abs() < 1e-12,
                    "{text} at {v}"
                );
            }
        }
        let adv = DiceExpr::parse("d20adv+3").unwrap().distribution().unwrap();
        assert!((adv.probability(23) - 39.0 / 400.0).abs() < 1e-12);
    }

    proptest::proptest! {
        #[test]
        fn rolls_land_on_possible_totals(
            count in 1u32..5, sides in 2u32..9, keep in 0u32..3, explode: bool, reroll: bool, seed: u64
        ) {
            let mut dice = DiceTerm { explode, reroll_ones: reroll, ..DiceTerm::plain(count, sides) };
            if keep > 0 && keep <= count {
                dice.keep = Some(if seed % 2 == 0 { Keep::Highest(keep) } else { Keep::Lowest(keep) });
            }
            let expr = DiceExpr::dice_plus(dice, 1);
            let dist = expr.distribution().unwrap();
            let mut rng = DiceRng::seeded(seed);
            for _ in 0..20 {
                let r = expr.roll(&mut rng);
                proptest::prop_assert!(dist.probability(r.total) > 0.0, "{} rolled {}", expr, r.total);
            }
        }
    }

    #[test]
    fn record_serialises() {
        let r = DiceExpr::parse("2d20kh1")
            .unwrap()
            .roll(&mut DiceRng::seeded(9));
        let json = serde_json::to_string(&r).unwrap();
        let back: RollRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.expression, "2d20kh1");
    }
}
