//! Action and resistance rolls: d6 pools read by the highest die (Post core, Action roll;
//! Resistance Roll; Grit).

use serde::{Deserialize, Serialize};

use crate::dice::{DiceRng, DiceTerm, DieResult, OutcomeName, OutcomeOdds};

/// Grit per extra die on an action roll (Post core, Grit).
pub const GRIT_PER_ACTION_DIE: u8 = 2;

/// Grit per extra die on a resistance roll (Post core, Grit).
pub const GRIT_PER_RESISTANCE_DIE: u8 = 1;

/// Grit a teammate spends to add one die to another character's roll (Post core, Grit).
pub const GRIT_PER_TEAMMATE_DIE: u8 = 1;

/// How risky an action is; the score is the consequence (Post core, Effect and Consequence).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Risk {
    /// Consequence 1.
    Low,
    /// Consequence 2.
    #[default]
    Mixed,
    /// Consequence 3.
    High,
}

impl Risk {
    /// The consequence score.
    #[must_use]
    pub fn score(self) -> u8 {
        self as u8 + 1
    }

    /// One step riskier, High staying High: what the GM may do for a target in cover (our
    /// reading; Post core's levels of risk are low, mixed and high).
    #[must_use]
    pub fn one_step_higher(self) -> Self {
        match self {
            Self::Low => Self::Mixed,
            Self::Mixed | Self::High => Self::High,
        }
    }
}

/// How a pool reads: the highest die, two or more sixes being a critical. A zero pool rolls two
/// dice and reads the lowest; we read that it cannot crit, since only one die is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PoolReading {
    /// 1–3.
    Low,
    /// 4–5.
    Middle,
    /// One 6.
    Six,
    /// Two or more 6s.
    DoubleSix,
}

/// Read as a resistance roll (Post core, Resistance Roll): what it does to the consequence.
impl OutcomeName for PoolReading {
    fn label(&self) -> String {
        match self {
            Self::Low => "1-3: it still happens",
            Self::Middle => "4-5: reduced by 1",
            Self::Six => "6: reduced by 2",
            Self::DoubleSix => "66: reduced by 3",
        }
        .to_owned()
    }
}

/// Rolls a pool of `size` d6 (two keeping the lowest when 0) and reads it.
pub fn roll_pool(size: u32, rng: &mut DiceRng) -> (Vec<DieResult>, PoolReading) {
    let term = if size == 0 {
        DiceTerm::with_edge(1, 6, 0, 1)
    } else {
        DiceTerm::plain(size, 6)
    };
    let dice = term.roll_dice(0, rng);
    let kept: Vec<i64> = dice.iter().filter(|d| d.kept).map(|d| d.value).collect();
    (dice, read_pool(&kept))
}

/// Reads kept dice.
#[must_use]
pub fn read_pool(kept: &[i64]) -> PoolReading {
    let sixes = kept.iter().filter(|v| **v == 6).count();
    match (sixes, kept.iter().max().copied().unwrap_or(1)) {
        (2.., _) => PoolReading::DoubleSix,
        (1, _) => PoolReading::Six,
        (_, 4 | 5) => PoolReading::Middle,
        _ => PoolReading::Low,
    }
}

/// Exact odds of each reading for a pool of `size` dice. Every reading is listed, the ones the
/// pool cannot roll at exactly 0: a pool of 0 or 1 never reads 66, and shows 0 rather than
/// the rounding left over from subtracting (which printed as "-0.0").
#[must_use]
pub fn pool_odds(size: u32) -> OutcomeOdds<PoolReading> {
    let mut odds = OutcomeOdds::new();
    if size == 0 {
        // Lowest of two: 6 needs both (1/36); 4–5 needs both ≥ 4 but not both 6.
        odds.add(PoolReading::Six, 1.0 / 36.0);
        odds.add(PoolReading::Middle, 0.25 - 1.0 / 36.0);
        odds.add(PoolReading::Low, 0.75);
        odds.add(PoolReading::DoubleSix, 0.0);
        return odds;
    }
    let n = i32::try_from(size).unwrap_or(i32::MAX);
    let no_six = (5.0f64 / 6.0).powi(n);
    let one_six = f64::from(n) / 6.0 * (5.0f64 / 6.0).powi(n - 1);
    let all_low = 0.5f64.powi(n);
    let two_sixes = if size < 2 {
        0.0
    } else {
        // Never below +0.0: `max` drops both a rounding crumb and a negative zero.
        (1.0 - no_six - one_six).max(0.0)
    };
    odds.add(PoolReading::Low, all_low);
    odds.add(PoolReading::Middle, no_six - all_low);
    odds.add(PoolReading::Six, one_six);
    odds.add(PoolReading::DoubleSix, two_sixes);
    odds
}

/// The result of an action roll (Post core, Action roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ActionOutcome {
    /// 1–3: the consequence lands.
    Failure,
    /// 4–5: low effect plus the consequence.
    MixedSuccess,
    /// A 6: mixed effect.
    FullSuccess,
    /// Two 6s: high effect.
    Critical,
}

impl OutcomeName for ActionOutcome {
    fn label(&self) -> String {
        match self {
            Self::Failure => "Failure",
            Self::MixedSuccess => "Mixed success",
            Self::FullSuccess => "Full success",
            Self::Critical => "Critical success",
        }
        .to_owned()
    }
}

impl From<PoolReading> for ActionOutcome {
    fn from(r: PoolReading) -> Self {
        match r {
            PoolReading::Low => Self::Failure,
            PoolReading::Middle => Self::MixedSuccess,
            PoolReading::Six => Self::FullSuccess,
            PoolReading::DoubleSix => Self::Critical,
        }
    }
}

/// An action roll as the Dice pane edits it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ActionRoll {
    /// The relevant attribute's score.
    pub attribute: u8,
    /// Extra dice bought with grit (2 grit each).
    pub grit_dice: u8,
    /// Extra dice from teammates (1 of their grit each).
    pub teammate_dice: u8,
    /// The action's risk.
    pub risk: Risk,
    /// Assistive equipment: effect +1 (at most High, 3).
    pub assistive: bool,
    /// Dice the character's load adds to a DEX roll (+1 light, −1 heavy; Post, Inventory).
    pub load: i8,
}

/// Post, Inventory: "Load may grant advantages or disadvantages on DEX action rolls" — 0–3
/// full slots a light load, 4 normal, 5 heavy. The text names no number; in a pool of d6s
/// Lantern reads the advantage as one more die and the disadvantage as one fewer.
#[must_use]
pub fn load_dice(slots_full: u8) -> i8 {
    match slots_full {
        0..=3 => 1,
        4 => 0,
        _ => -1,
    }
}

/// A rolled action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionResult {
    /// The pool.
    pub dice: Vec<DieResult>,
    /// The outcome.
    pub outcome: ActionOutcome,
    /// Effect score 0–3 (ticks on a clock).
    pub effect: u8,
    /// Consequence score 0–3.
    pub consequence: u8,
}

impl ActionRoll {
    /// Dice in the pool.
    #[must_use]
    pub fn pool(&self) -> u32 {
        let dice = i64::from(self.attribute)
            + i64::from(self.grit_dice)
            + i64::from(self.teammate_dice)
            + i64::from(self.load);
        u32::try_from(dice.max(0)).unwrap_or(0)
    }

    /// Grit the roller spends.
    #[must_use]
    pub fn grit_cost(&self) -> u8 {
        self.grit_dice * GRIT_PER_ACTION_DIE
    }

    /// Effect and consequence scores for an outcome: critical 3, full 2, mixed 1 (+1 with
    /// assistive equipment, at most 3); mixed and failure take the risk as consequence.
    #[must_use]
    pub fn scores(&self, outcome: ActionOutcome) -> (u8, u8) {
        let base = match outcome {
            ActionOutcome::Failure => return (0, self.risk.score()),
            ActionOutcome::MixedSuccess => 1,
            ActionOutcome::FullSuccess => 2,
            ActionOutcome::Critical => 3,
        };
        let effect = (base + u8::from(self.assistive)).min(3);
        let consequence = if outcome == ActionOutcome::MixedSuccess {
            self.risk.score()
        } else {
            0
        };
        (effect, consequence)
    }

    /// Exact odds of each outcome.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<ActionOutcome> {
        let mut odds = OutcomeOdds::new();
        for (r, p) in pool_odds(self.pool()).iter() {
            odds.add(ActionOutcome::from(*r), p);
        }
        odds
    }

    /// Rolls the pool.
    pub fn roll(&self, rng: &mut DiceRng) -> ActionResult {
        let (dice, reading) = roll_pool(self.pool(), rng);
        let outcome = ActionOutcome::from(reading);
        let (effect, consequence) = self.scores(outcome);
        ActionResult {
            dice,
            outcome,
            effect,
            consequence,
        }
    }
}

/// A resistance roll: attribute + 1 die per grit spent; reduces a consequence by 0–3
/// (Post core, Resistance Roll).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResistanceRoll {
    /// The related attribute.
    pub attribute: u8,
    /// Grit spent, one die each.
    pub grit: u8,
}

/// A rolled resistance roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResistanceResult {
    /// The pool.
    pub dice: Vec<DieResult>,
    /// How it read.
    pub reading: PoolReading,
}

impl ResistanceResult {
    /// How much the consequence comes down by (Post core, Resistance Roll).
    #[must_use]
    pub fn reduction(&self) -> u8 {
        ResistanceRoll::reduction(self.reading)
    }
}

impl ResistanceRoll {
    /// Dice in the pool: the attribute's score and one per grit spent.
    #[must_use]
    pub fn pool(&self) -> u32 {
        u32::from(self.attribute) + u32::from(self.grit)
    }

    /// Grit the roll spends: one per die bought (Post core, Grit).
    #[must_use]
    pub fn grit_cost(&self) -> u8 {
        self.grit.saturating_mul(GRIT_PER_RESISTANCE_DIE)
    }

    /// Rolls the pool. The text gives no rule for an empty pool here; we read it as the
    /// action roll's: two dice, the lower one read (Post core, Action roll).
    pub fn roll(&self, rng: &mut DiceRng) -> ResistanceResult {
        let (dice, reading) = roll_pool(self.pool(), rng);
        ResistanceResult { dice, reading }
    }

    /// A consequence of `score` after a reading: 1–3 it still happens whole, 4–5 one less,
    /// a 6 two less, 66 three less, never below 0 (Post core, Resistance Roll).
    #[must_use]
    pub fn reduced(score: u8, reading: PoolReading) -> u8 {
        score.saturating_sub(Self::reduction(reading))
    }

    /// How much a reading reduces the consequence.
    #[must_use]
    pub fn reduction(reading: PoolReading) -> u8 {
        match reading {
            PoolReading::Low => 0,
            PoolReading::Middle => 1,
            PoolReading::Six => 2,
            PoolReading::DoubleSix => 3,
        }
    }

    /// Exact odds of each reading.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<PoolReading> {
        pool_odds(self.pool())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(size: u32) -> OutcomeOdds<PoolReading> {
        let mut odds = OutcomeOdds::new();
        let (n, keep_low) = if size == 0 { (2, true) } else { (size, false) };
        let total = 6u32.pow(n);
        for mut code in 0..total {
            let mut dice: Vec<i64> = (0..n)
                .map(|_| {
                    let v = i64::from(code % 6) + 1;
                    code /= 6;
                    v
                })
                .collect();
            if keep_low {
                dice = vec![dice.iter().copied().min().unwrap()];
            }
            odds.add(read_pool(&dice), 1.0 / f64::from(total));
        }
        odds
    }

    #[test]
    fn pool_odds_match_enumeration() {
        for size in 0..=5 {
            let (a, b) = (pool_odds(size), brute(size));
            for r in [
                PoolReading::Low,
                PoolReading::Middle,
                PoolReading::Six,
                PoolReading::DoubleSix,
            ] {
                assert!(
                    (a.probability(&r) - b.probability(&r)).abs() < 1e-12,
                    "size {size} {r:?}"
                );
            }
        }
    }

    #[test]
    fn readings_and_scores() {
        assert_eq!(read_pool(&[6, 6, 2]), PoolReading::DoubleSix);
        assert_eq!(read_pool(&[6, 5]), PoolReading::Six);
        assert_eq!(read_pool(&[4, 1]), PoolReading::Middle);
        assert_eq!(read_pool(&[3]), PoolReading::Low);
        let a = ActionRoll {
            attribute: 2,
            risk: Risk::High,
            assistive: true,
            ..ActionRoll::default()
        };
        assert_eq!(a.scores(ActionOutcome::MixedSuccess), (2, 3));
        assert_eq!(a.scores(ActionOutcome::Critical), (3, 0));
        assert_eq!(a.scores(ActionOutcome::Failure), (0, 3));
        assert_eq!(ActionRoll { grit_dice: 1, ..a }.grit_cost(), 2);
        assert_eq!(ResistanceRoll::reduction(PoolReading::DoubleSix), 3);
        // Post core, Action roll: risk is low, mixed or high; one step up stops at high.
        assert_eq!(Risk::Low.one_step_higher(), Risk::Mixed);
        assert_eq!(Risk::High.one_step_higher().score(), 3);
        // One die: 6 is a full success 1/6 of the time, never a critical.
        let one = ActionRoll {
            attribute: 1,
            ..ActionRoll::default()
        }
        .odds();
        assert!((one.probability(&ActionOutcome::FullSuccess) - 1.0 / 6.0).abs() < 1e-12);
        assert!(one.probability(&ActionOutcome::Critical).abs() < 1e-12);
        let r = ActionRoll::default().roll(&mut DiceRng::seeded(6));
        assert_eq!(
            (r.dice.len(), r.dice.iter().filter(|d| d.kept).count()),
            (2, 1)
        );
    }

    proptest::proptest! {
        #[test]
        fn more_dice_never_hurt(size in 0u32..8) {
            let fail = |n| pool_odds(n).probability(&PoolReading::Low);
            proptest::prop_assert!(fail(size + 1) <= fail(size) + 1e-12);
        }
    }
}
