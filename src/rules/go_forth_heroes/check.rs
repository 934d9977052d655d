//! GFH checks: d20 + Roll bonus against a TN, with the Effort die rolled alongside.

use serde::{Deserialize, Serialize};

use super::TnTier;
use crate::dice::{DiceRng, DiceTerm, DieResult, Distribution, OutcomeName, OutcomeOdds};
use crate::rules::bounded;

/// Effort die for bare hands (GFH, Effort).
pub const BARE_HANDS_EFFORT_DIE: u32 = 4;
/// Effort die for a weapon or tool (GFH, Effort); abilities may give larger ones.
pub const WEAPON_EFFORT_DIE: u32 = 6;
/// Momentum dice are d6 (GFH, Momentum Pool).
pub const MOMENTUM_DIE: u32 = 6;
/// How far Easy lowers and Hard raises the TN (GFH, Easy vs Hard).
pub const EASE_STEP: i64 = 3;

impl TnTier {
    /// The dice added to the base 10, if any.
    #[must_use]
    pub fn dice(self) -> Option<DiceTerm> {
        let (count, sides) = match self {
            Self::VeryEasy => return None,
            Self::Easy => (1, 4),
            Self::Common => (1, 6),
            Self::Challenge => (1, 8),
            Self::Extreme2d4 => (2, 4),
            Self::Extreme2d6 => (2, 6),
            Self::Extreme2d8 => (2, 8),
            Self::Doom => (2, 12),
        };
        Some(DiceTerm::plain(count, sides))
    }

    /// The chance of each TN this tier can produce.
    #[must_use]
    pub fn distribution(self) -> Distribution {
        self.dice()
            .map_or_else(|| Distribution::constant(0), |d| d.distribution())
            .shift(10)
    }
}

/// What the check is rolled against (GFH, Encounter TN and Unique TNs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// The scene's TN is not rolled yet: odds average over the tier, a roll rolls it.
    Tier(TnTier),
    /// A known TN: a rolled encounter TN, a Defense, or a creature's unique TN.
    Fixed(i64),
}

impl Default for Target {
    fn default() -> Self {
        Self::Fixed(12)
    }
}

/// Which momentum pool a Boost die comes from (GFH, Spending Momentum).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MomentumArea {
    /// Stamina: may only Boost the check.
    #[default]
    Stamina,
    /// Power: may Boost the check or the Effort.
    Power,
}

/// Spending one momentum die as a Boost (GFH, Spending Momentum; Boost Example). Only Power
/// may Boost Effort, so that case carries no pool choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Boost {
    /// No Boost.
    #[default]
    None,
    /// Roll a momentum die and add it to the check.
    Check(MomentumArea),
    /// Roll a Power die and add it to the Effort of a hit.
    Effort,
}

/// A GFH check as the Dice pane edits it (GFH, Resolution; Attacking; Modifiers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GfhCheck {
    /// The attribute's +Roll, added to the d20.
    pub roll_bonus: i64,
    /// The attribute's +Effort, added to the Effort die; also the Graze damage on a miss.
    pub effort_bonus: i64,
    /// The Effort die: 4 bare hands, 6 weapon or tool, larger from abilities.
    pub effort_die: u32,
    /// The TN.
    pub target: Target,
    /// Easy: TN − 3. Several Easy reasons still count once.
    pub easy: bool,
    /// Hard: TN + 3. Easy and Hard together offset to a normal roll.
    pub hard: bool,
    /// Bonuses and penalties to the roll from different sources. They do not add up: the best
    /// bonus and the worst penalty each count once (GFH, Modifiers).
    pub modifiers: Vec<i64>,
    /// A momentum die spent as a Boost.
    pub boost: Boost,
}

impl Default for GfhCheck {
    fn default() -> Self {
        Self {
            roll_bonus: 0,
            effort_bonus: 0,
            effort_die: WEAPON_EFFORT_DIE,
            target: Target::default(),
            easy: false,
            hard: false,
            modifiers: Vec::new(),
            boost: Boost::None,
        }
    }
}

/// How a GFH check lands (GFH, Attacking).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum GfhOutcome {
    /// Missed: the Effort bonus still lands as Graze damage.
    Graze,
    /// Met or beat the TN: full Effort.
    Hit,
}

impl OutcomeName for GfhOutcome {
    fn label(&self) -> String {
        match self {
            Self::Graze => "Graze",
            Self::Hit => "Hit",
        }
        .to_owned()
    }
}

/// A rolled GFH check with every die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GfhRoll {
    /// Every die: term 0 the d20, 1 the Effort die, 2 the momentum die, 3 the TN dice.
    pub dice: Vec<DieResult>,
    /// d20 + Roll bonus + modifier (+ a check Boost).
    pub check_total: i64,
    /// The TN after Easy/Hard.
    pub tn: i64,
    /// Hit or Graze.
    pub outcome: GfhOutcome,
    /// Effort dealt (the Effort bonus alone on a Graze, never below 0).
    pub effort: i64,
}

/// The net of several modifiers to the same thing: the highest bonus plus the worst penalty,
/// each once (GFH, Modifiers: sources do not add up).
#[must_use]
pub fn net_modifier(modifiers: &[i64]) -> i64 {
    let bonus = modifiers
        .iter()
        .copied()
        .filter(|m| *m > 0)
        .max()
        .unwrap_or(0);
    let penalty = modifiers
        .iter()
        .copied()
        .filter(|m| *m < 0)
        .min()
        .unwrap_or(0);
    bonus + penalty
}

impl GfhCheck {
    /// How Easy/Hard move the TN: −3, +3, or 0 when both or neither apply (GFH, Easy vs Hard).
    #[must_use]
    pub fn tn_shift(&self) -> i64 {
        match (self.easy, self.hard) {
            (true, false) => -EASE_STEP,
            (false, true) => EASE_STEP,
            _ => 0,
        }
    }

    /// The Effort bonus, bounded to ±1000 so arithmetic on user input cannot overflow.
    fn effort_bonus(&self) -> i64 {
        bounded(self.effort_bonus)
    }

    /// The flat part of the check total.
    fn flat_check(&self) -> i64 {
        bounded(self.roll_bonus) + bounded(net_modifier(&self.modifiers))
    }

    /// The TN distribution after Easy/Hard.
    #[must_use]
    pub fn tn_distribution(&self) -> Distribution {
        match self.target {
            Target::Tier(tier) => tier.distribution(),
            Target::Fixed(tn) => Distribution::constant(bounded(tn)),
        }
        .shift(self.tn_shift())
    }

    /// The check total's distribution (d20, bonuses, a check Boost).
    #[must_use]
    pub fn check_distribution(&self) -> Distribution {
        let mut total = Distribution::die(20).shift(self.flat_check());
        if matches!(self.boost, Boost::Check(_)) {
            total = total.add(&Distribution::die(MOMENTUM_DIE));
        }
        total
    }

    /// Exact chance to Hit or Graze. A check Boost is counted as always spent: spending it
    /// after an already-made hit changes nothing, so this is also the odds of spending it only
    /// when the d20 misses, as in Boost Example A.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<GfhOutcome> {
        let tn = self.tn_distribution();
        let mut odds = OutcomeOdds::new();
        for (total, p) in self.check_distribution().iter() {
            let hit = tn.at_most(total);
            odds.add(GfhOutcome::Hit, p * hit);
            odds.add(GfhOutcome::Graze, p * (1.0 - hit));
        }
        odds
    }

    /// Exact distribution of Effort dealt, hits and Grazes together.
    #[must_use]
    pub fn effort_odds(&self) -> Distribution {
        let odds = self.odds();
        let mut on_hit = Distribution::die(self.effort_die).shift(self.effort_bonus());
        if self.boost == Boost::Effort {
            on_hit = on_hit.add(&Distribution::die(MOMENTUM_DIE));
        }
        let hit = odds.probability(&GfhOutcome::Hit);
        let mut pairs: Vec<(i64, f64)> = on_hit.iter().map(|(v, p)| (v.max(0), p * hit)).collect();
        pairs.push((self.effort_bonus().max(0), 1.0 - hit));
        Distribution::from_pairs(pairs)
    }

    /// Resolves already-rolled dice: the natural d20, the Effort die face, the momentum die
    /// (if a Boost was spent) and the TN before Easy/Hard. Boost Examples A and B are tests.
    #[must_use]
    pub fn resolve(&self, d20: u32, effort_face: u32, momentum: Option<u32>, tn: i64) -> GfhRoll {
        let momentum = i64::from(momentum.unwrap_or(0));
        let boost_check = if matches!(self.boost, Boost::Check(_)) {
            momentum
        } else {
            0
        };
        let check_total = i64::from(d20) + self.flat_check() + boost_check;
        let tn = tn + self.tn_shift();
        let (outcome, effort) = if check_total >= tn {
            let boost_effort = if self.boost == Boost::Effort {
                momentum
            } else {
                0
            };
            (
                GfhOutcome::Hit,
                i64::from(effort_face) + self.effort_bonus() + boost_effort,
            )
        } else {
            (GfhOutcome::Graze, self.effort_bonus())
        };
        GfhRoll {
            dice: Vec::new(),
            check_total,
            tn,
            outcome,
            effort: effort.max(0),
        }
    }

    /// Rolls the d20, the Effort die, a Boost die if spent, and the TN dice for a tier.
    pub fn roll(&self, rng: &mut DiceRng) -> GfhRoll {
        let mut dice = DiceTerm::plain(1, 20).roll_dice(0, rng);
        dice.extend(DiceTerm::plain(1, self.effort_die).roll_dice(1, rng));
        if self.boost != Boost::None {
            dice.extend(DiceTerm::plain(1, MOMENTUM_DIE).roll_dice(2, rng));
        }
        let tn = match self.target {
            Target::Fixed(tn) => bounded(tn),
            Target::Tier(tier) => {
                let tn_dice = tier.dice().map(|d| d.roll_dice(3, rng)).unwrap_or_default();
                let tn = 10 + tn_dice.iter().map(|d| d.value).sum::<i64>();
                dice.extend(tn_dice);
                tn
            }
        };
        let face = |term| {
            dice.iter()
                .find(|d| d.term == term)
                .map_or(0, |d| d.value as u32)
        };
        let momentum = (self.boost != Boost::None).then(|| face(2));
        let mut result = self.resolve(face(0), face(1), momentum, tn);
        result.dice = dice;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boost Example setup: ranged weapon (d8 Effort), Finesse +3 Roll and +3 Effort, TN 13.
    fn example(boost: Boost) -> GfhCheck {
        GfhCheck {
            roll_bonus: 3,
            effort_bonus: 3,
            effort_die: 8,
            target: Target::Fixed(13),
            boost,
            ..GfhCheck::default()
        }
    }

    #[test]
    fn boost_example_a_momentum_on_the_check_turns_a_graze_into_a_hit() {
        // The check reads 9 (a natural 6 + 3): a Graze for 3 without the Boost.
        let plain = example(Boost::None).resolve(6, 6, None, 13);
        assert_eq!(
            (plain.check_total, plain.outcome, plain.effort),
            (9, GfhOutcome::Graze, 3)
        );
        // Momentum rolls 4: 9 + 4 = 13 meets TN 13; Effort 6 + 3 = 9.
        let boosted = example(Boost::Check(MomentumArea::Stamina)).resolve(6, 6, Some(4), 13);
        assert_eq!(boosted.check_total, 13);
        assert_eq!((boosted.outcome, boosted.effort), (GfhOutcome::Hit, 9));
    }

    #[test]
    fn boost_example_b_power_on_effort() {
        // The check reads 13 (a natural 10 + 3), Effort die 3, Power die 4: 3 + 3 + 4 = 10.
        let r = example(Boost::Effort).resolve(10, 3, Some(4), 13);
        assert_eq!((r.outcome, r.effort), (GfhOutcome::Hit, 10));
        assert_eq!(example(Boost::None).resolve(10, 3, None, 13).effort, 6);
    }

    #[test]
    fn tiers_match_the_table() {
        assert_eq!(TnTier::VeryEasy.distribution(), Distribution::constant(10));
        let doom = TnTier::Doom.distribution();
        assert_eq!((doom.min(), doom.max()), (12, 34));
        assert!((doom.probability(23) - 12.0 / 144.0).abs() < 1e-12);
        assert!((TnTier::Common.distribution().mean() - 13.5).abs() < 1e-12);
    }

    #[test]
    fn easy_and_hard_move_by_three_do_not_stack_and_offset() {
        let mut c = GfhCheck::default();
        assert_eq!(c.tn_shift(), 0);
        c.easy = true;
        assert_eq!(c.tn_shift(), -3);
        c.hard = true;
        assert_eq!(c.tn_shift(), 0);
        c.easy = false;
        assert_eq!(c.tn_shift(), 3);
        // d20 + 0 vs TN 12: hit on 12+ = 45%; Easy (TN 9) 60%; Hard (TN 15) 30%.
        let p = |easy, hard| {
            GfhCheck {
                easy,
                hard,
                ..GfhCheck::default()
            }
            .odds()
            .probability(&GfhOutcome::Hit)
        };
        assert!((p(false, false) - 0.45).abs() < 1e-12);
        assert!((p(true, false) - 0.60).abs() < 1e-12);
        assert!((p(false, true) - 0.30).abs() < 1e-12);
        assert!((p(true, true) - 0.45).abs() < 1e-12);
    }

    #[test]
    fn modifiers_take_the_highest_not_the_sum() {
        assert_eq!(net_modifier(&[3, 3]), 3);
        assert_eq!(net_modifier(&[2, 3]), 3);
        assert_eq!(net_modifier(&[3, -2, -1]), 1);
        assert_eq!(net_modifier(&[]), 0);
    }

    #[test]
    fn odds_match_enumeration_with_a_boost_and_tier() {
        let check = GfhCheck {
            roll_bonus: 2,
            target: Target::Tier(TnTier::Challenge),
            boost: Boost::Check(MomentumArea::Power),
            ..GfhCheck::default()
        };
        let mut hits = 0;
        for d20 in 1..=20 {
            for m in 1..=6 {
                for t in 1..=8 {
                    if check.resolve(d20, 1, Some(m), 10 + i64::from(t)).outcome == GfhOutcome::Hit
                    {
                        hits += 1;
                    }
                }
            }
        }
        let exact = check.odds().probability(&GfhOutcome::Hit);
        assert!((exact - f64::from(hits) / 960.0).abs() < 1e-12);
        assert!((check.effort_odds().total() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn graze_deals_the_effort_bonus() {
        let c = example(Boost::None);
        let effort = c.effort_odds();
        let graze = c.odds().probability(&GfhOutcome::Graze);
        // A hit deals at least 1 + 3 = 4, so exactly 3 only comes from a Graze.
        assert!((effort.probability(3) - graze).abs() < 1e-12);
        let r = c.roll(&mut DiceRng::seeded(5));
        assert_eq!(r.dice.len(), 2);
    }

    proptest::proptest! {
        #[test]
        fn easy_never_hurts_and_hard_never_helps(bonus in -5i64..8, tn in 5i64..30) {
            let base = GfhCheck { roll_bonus: bonus, target: Target::Fixed(tn), ..GfhCheck::default() };
            let hit = |c: &GfhCheck| c.odds().probability(&GfhOutcome::Hit);
            let easy = GfhCheck { easy: true, ..base.clone() };
            let hard = GfhCheck { hard: true, ..base.clone() };
            let both = GfhCheck { easy: true, hard: true, ..base.clone() };
            proptest::prop_assert!(hit(&easy) >= hit(&base) - 1e-12);
            proptest::prop_assert!(hit(&hard) <= hit(&base) + 1e-12);
            proptest::prop_assert!((hit(&both) - hit(&base)).abs() < 1e-12);
            let boosted = GfhCheck { boost: Boost::Check(MomentumArea::Stamina), ..base.clone() };
            proptest::prop_assert!(hit(&boosted) >= hit(&base) - 1e-12);
        }
    }
}
