//! Damage with affinities and critical hits, death saves, wealth checks (Evening, Damage &
//! Health; Death; Equipment).

use serde::{Deserialize, Serialize};

use super::DeathSaves;
use super::{DamageDice, PassFail};
use crate::dice::{DiceRng, DiceTerm, Distribution, OutcomeName, OutcomeOdds, RollRecord};
use crate::rules::bounded;

pub use crate::model::trackers::evening::Affinity;

impl Affinity {
    /// Two affinities to one damage taken together: immunity wins; vulnerability and
    /// resistance cancel (each alone changes the damage once, as Modifiers lists them).
    #[must_use]
    pub fn with(self, other: Self) -> Self {
        match (self, other) {
            (Self::Immune, _) | (_, Self::Immune) => Self::Immune,
            (Self::Vulnerable, Self::Resistant) | (Self::Resistant, Self::Vulnerable) => {
                Self::Normal
            }
            (Self::Normal, x) | (x, _) => x,
        }
    }

    /// Applies the affinity to rolled damage; results never go below 0 (Evening, Modifiers:
    /// vulnerability doubles, resistance halves rounding down, immunity ignores it).
    #[must_use]
    pub fn apply(self, damage: i64) -> i64 {
        let damage = damage.max(0);
        match self {
            Self::Normal => damage,
            Self::Vulnerable => damage * 2,
            Self::Resistant => damage / 2,
            Self::Immune => 0,
        }
    }
}

/// A damage roll (Evening, Applying damage). A critical hit doubles the dice rolled, not the
/// flat bonus; the affinity applies to the final total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageRoll {
    /// The damage dice.
    pub damage: DamageDice,
    /// The target's affinity to the damage type.
    pub affinity: Affinity,
    /// From a natural 20 on the attack.
    pub critical: bool,
}

impl DamageRoll {
    fn dice(&self) -> DiceTerm {
        let count = if self.critical {
            self.damage.count * 2
        } else {
            self.damage.count
        };
        DiceTerm::plain(count, self.damage.sides)
    }

    /// Exact distribution of damage dealt.
    #[must_use]
    pub fn odds(&self) -> Distribution {
        self.dice()
            .distribution()
            .shift(self.damage.bonus)
            .map(|v| self.affinity.apply(v))
    }

    /// Rolls it; the record's total is before the affinity, the returned number after.
    pub fn roll(&self, rng: &mut DiceRng) -> (RollRecord, i64) {
        let dice = self.dice().roll_dice(0, rng);
        let total = dice.iter().map(|d| d.value).sum::<i64>() + self.damage.bonus;
        let expression = format!("{}{:+}", self.dice(), self.damage.bonus);
        (
            RollRecord {
                expression,
                dice,
                total,
            },
            self.affinity.apply(total),
        )
    }
}

/// How a run of death saves ends (Evening, Death saves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DeathSaveOutcome {
    /// Three failures.
    Dies,
    /// Three successes or a natural 20: back with 1 health.
    Recovers,
}

impl OutcomeName for DeathSaveOutcome {
    fn label(&self) -> String {
        format!("{self:?}")
    }
}

impl DeathSaves {
    /// Records one plain d20: 1 is two failures, 2–9 one failure, 10–19 one success, 20 an
    /// immediate recovery. Returns the end if this roll decides it.
    pub fn record(&mut self, d20: u32) -> Option<DeathSaveOutcome> {
        match d20 {
            20 => return Some(DeathSaveOutcome::Recovers),
            1 => self.failures += 2,
            2..=9 => self.failures += 1,
            _ => self.successes += 1,
        }
        if self.failures >= 3 {
            Some(DeathSaveOutcome::Dies)
        } else if self.successes >= 3 {
            Some(DeathSaveOutcome::Recovers)
        } else {
            None
        }
    }

    /// Exact odds of how the saves end from here.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<DeathSaveOutcome> {
        let recover = self.recover_chance();
        let mut odds = OutcomeOdds::new();
        odds.add(DeathSaveOutcome::Recovers, recover);
        odds.add(DeathSaveOutcome::Dies, 1.0 - recover);
        odds
    }

    fn recover_chance(self) -> f64 {
        (1..=20)
            .map(|d| {
                let mut next = self;
                match next.record(d) {
                    Some(DeathSaveOutcome::Recovers) => 0.05,
                    Some(DeathSaveOutcome::Dies) => 0.0,
                    None => 0.05 * next.recover_chance(),
                }
            })
            .sum()
    }
}

/// A wealth check to leverage an asset: 1d10 + wealth aptitude + modifiers must beat the TN
/// (Evening, Leveraging assets).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WealthCheck {
    /// Wealth aptitude bonus plus other modifiers.
    pub bonus: i64,
    /// The narrator's TN.
    pub tn: i64,
}

impl WealthCheck {
    /// Exact odds.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<PassFail> {
        Distribution::die(10)
            .shift(bounded(self.bonus))
            .outcomes(|t| {
                if t > bounded(self.tn) {
                    PassFail::Pass
                } else {
                    PassFail::Fail
                }
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evening, Modifiers (lines 1012–1017) and Just round down (line 32): vulnerable doubles 7 to 14,
    /// resistant halves 7 to 3 (rounded down), immune takes none, and modified damage never goes below
    /// 0. Attack (line 989): a critical hit doubles the damage dice, not the flat part: 2d8 + 3
    /// averages 12, 4d8 + 3 averages 21, from 7 to 35.
    #[test]
    fn affinities_and_crits() {
        assert_eq!(Affinity::Vulnerable.apply(7), 14);
        assert_eq!(Affinity::Resistant.apply(7), 3);
        assert_eq!(Affinity::Immune.apply(7), 0);
        assert_eq!(Affinity::Normal.apply(-2), 0);
        let hit = DamageRoll {
            damage: DamageDice {
                count: 2,
                sides: 8,
                bonus: 3,
            },
            affinity: Affinity::Normal,
            critical: false,
        };
        assert!((hit.odds().mean() - 12.0).abs() < 1e-9);
        let crit = DamageRoll {
            critical: true,
            ..hit
        };
        assert!((crit.odds().mean() - 21.0).abs() < 1e-9);
        assert_eq!((crit.odds().min(), crit.odds().max()), (7, 35));
        let (record, dealt) = crit.roll(&mut DiceRng::seeded(1));
        assert_eq!(record.dice.len(), 4);
        assert_eq!(dealt, record.total);
    }

    /// Evening, Death saves (lines 1101–1108): a 1 is two failures, 2–9 one failure, 10–19 one
    /// success, a 20 immediate recovery; three failures die, three successes recover. From two and
    /// two, the last save recovers on 10–20: 11 in 20.
    #[test]
    fn death_saves() {
        let mut s = DeathSaves::default();
        assert_eq!(s.record(1), None);
        assert_eq!(s.record(5), Some(DeathSaveOutcome::Dies));
        let mut s = DeathSaves::default();
        assert_eq!(s.record(20), Some(DeathSaveOutcome::Recovers));
        let mut s = DeathSaves {
            successes: 2,
            failures: 2,
        };
        // Last roll: 10–20 recovers (11 in 20).
        assert!((s.odds().probability(&DeathSaveOutcome::Recovers) - 0.55).abs() < 1e-12);
        assert_eq!(s.record(12), Some(DeathSaveOutcome::Recovers));
        let fresh = DeathSaves::default().odds();
        assert!((fresh.total() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn wealth_is_a_d10() {
        let w = WealthCheck { bonus: 2, tn: 7 };
        // d10 + 2 > 7 on 6+: 50%.
        assert!((w.odds().probability(&PassFail::Pass) - 0.5).abs() < 1e-12);
    }
}
