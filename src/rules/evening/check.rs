//! Evening checks: d20 + modifiers must beat the TN; effect levels from the result.

use serde::{Deserialize, Serialize};

use crate::dice::{DiceRng, DiceTerm, DieResult, Distribution, OutcomeName, OutcomeOdds};
use crate::rules::bounded;

/// The difficulty guideline table (Evening, Dice Checks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Difficulty {
    /// TN 10: an even chance.
    #[default]
    Standard,
    /// TN 15: an expert can do it.
    Skilled,
    /// TN 20: rarely seen done.
    Difficult,
    /// TN 25: the stuff of heroes.
    ExtremelyHard,
    /// TN 30: legendary.
    Impossible,
}

impl Difficulty {
    /// The table's TN.
    #[must_use]
    pub fn tn(self) -> i64 {
        match self {
            Self::Standard => 10,
            Self::Skilled => 15,
            Self::Difficult => 20,
            Self::ExtremelyHard => 25,
            Self::Impossible => 30,
        }
    }
}

/// Effect levels, lowest first (Evening, Effect).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum EffectLevel {
    /// Succeeds but achieves nothing yet.
    NoEffect,
    /// Held back.
    Limited,
    /// Exactly what was intended.
    #[default]
    Standard,
    /// Better than expected.
    Strong,
    /// An outstanding result.
    Great,
}

impl EffectLevel {
    const ALL: [Self; 5] = [
        Self::NoEffect,
        Self::Limited,
        Self::Standard,
        Self::Strong,
        Self::Great,
    ];

    /// Moves `steps` levels up (negative: down), stopping at No effect and Great.
    #[must_use]
    pub fn shifted(self, steps: i64) -> Self {
        let i = (self as i64 + steps).clamp(0, 4);
        Self::ALL[i as usize]
    }
}

/// The result of an Evening check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum EveningOutcome {
    /// The total did not beat the TN.
    Failure,
    /// The check took effect at this level.
    Success(EffectLevel),
}

impl OutcomeName for EveningOutcome {
    fn label(&self) -> String {
        match self {
            Self::Failure => "Failure".to_owned(),
            Self::Success(EffectLevel::NoEffect) => "Success, no effect".to_owned(),
            Self::Success(level) => format!("Success, {level:?}"),
        }
    }
}

/// Which way a roll may advance a thread (Evening, Advancing a thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThreadPrompt {
    /// Natural 20 or beating the TN by 10+: a thread may advance with a good action.
    Good,
    /// Natural 1 or missing by 10+: a thread may advance with a bad action.
    Bad,
}

/// An Evening d20 check as the Dice pane edits it (Evening, Dice Checks; Effect).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EveningCheck {
    /// Ability + attribute + aptitude + feature modifiers, already summed.
    pub modifier: i64,
    /// The TN to beat (see [`Difficulty::tn`]).
    pub tn: i64,
    /// Roll 2d20, keep the higher. With disadvantage too, they cancel (one d20).
    pub advantage: bool,
    /// Roll 2d20, keep the lower.
    pub disadvantage: bool,
    /// The effect the narrator starts from, usually Standard.
    pub starting_effect: EffectLevel,
    /// An attack: a natural 20 always hits (a critical hit), a natural 1 always misses.
    pub attack: bool,
}

impl Default for EveningCheck {
    fn default() -> Self {
        Self {
            modifier: 0,
            tn: Difficulty::Standard.tn(),
            advantage: false,
            disadvantage: false,
            starting_effect: EffectLevel::Standard,
            attack: false,
        }
    }
}

/// A rolled Evening check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EveningRoll {
    /// The d20s (two with advantage or disadvantage).
    pub dice: Vec<DieResult>,
    /// The kept d20.
    pub natural: u32,
    /// Natural + modifier.
    pub total: i64,
    /// The outcome.
    pub outcome: EveningOutcome,
    /// A critical hit (attacks only: natural 20).
    pub critical: bool,
    /// Whether a thread may advance, and which way.
    pub thread_prompt: Option<ThreadPrompt>,
}

impl EveningCheck {
    /// The TN, bounded to ±1000 so arithmetic on user input cannot overflow.
    #[must_use]
    pub fn tn(&self) -> i64 {
        bounded(self.tn)
    }

    /// The modifier, bounded to ±1000.
    #[must_use]
    pub fn modifier(&self) -> i64 {
        bounded(self.modifier)
    }

    /// The kept d20's distribution.
    #[must_use]
    pub fn d20(&self) -> Distribution {
        let d20 = Distribution::die(20);
        match (self.advantage, self.disadvantage) {
            (true, false) => d20.max_with(&d20),
            (false, true) => d20.min_with(&d20),
            _ => d20,
        }
    }

    /// Whether the check succeeds: the total must beat the TN (a tie fails); for attacks a
    /// natural 20 always hits and a natural 1 always misses.
    #[must_use]
    pub fn succeeds(&self, natural: u32, total: i64) -> bool {
        if self.attack && natural == 20 {
            return true;
        }
        if self.attack && natural == 1 {
            return false;
        }
        total > self.tn()
    }

    /// The outcome for a kept natural roll. On a success the starting effect moves up one for
    /// beating the TN by 10+, up one for a natural 20, down one for a natural 1, all
    /// cumulative (Evening, Making checks).
    #[must_use]
    pub fn outcome(&self, natural: u32) -> EveningOutcome {
        let total = i64::from(natural) + self.modifier();
        if !self.succeeds(natural, total) {
            return EveningOutcome::Failure;
        }
        let mut steps = 0;
        if total >= self.tn() + 10 {
            steps += 1;
        }
        if natural == 20 {
            steps += 1;
        }
        if natural == 1 {
            steps -= 1;
        }
        EveningOutcome::Success(self.starting_effect.shifted(steps))
    }

    /// Exact odds of failure and of each effect level.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<EveningOutcome> {
        let mut odds = OutcomeOdds::new();
        for (natural, p) in self.d20().iter() {
            odds.add(self.outcome(natural as u32), p);
        }
        odds
    }

    /// Rolls the check.
    pub fn roll(&self, rng: &mut DiceRng) -> EveningRoll {
        let (adv, dis) = (u32::from(self.advantage), u32::from(self.disadvantage));
        let dice = DiceTerm::with_edge(1, 20, adv, dis).roll_dice(0, rng);
        let natural = dice.iter().find(|d| d.kept).map_or(1, |d| d.value as u32);
        let total = i64::from(natural) + self.modifier();
        let thread_prompt = if natural == 20 || total >= self.tn() + 10 {
            Some(ThreadPrompt::Good)
        } else if natural == 1 || total <= self.tn() - 10 {
            Some(ThreadPrompt::Bad)
        } else {
            None
        };
        EveningRoll {
            dice,
            natural,
            total,
            outcome: self.outcome(natural),
            critical: self.attack && natural == 20,
            thread_prompt,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(check: &EveningCheck, o: EveningOutcome) -> f64 {
        check.odds().probability(&o)
    }

    #[test]
    fn standard_tn_is_an_even_chance() {
        let c = EveningCheck::default();
        assert!((p(&c, EveningOutcome::Failure) - 0.5).abs() < 1e-12);
        // 11–19 standard; a natural 20 beats TN 10 by 10 and is a natural 20: two steps, Great.
        assert!((p(&c, EveningOutcome::Success(EffectLevel::Standard)) - 0.45).abs() < 1e-12);
        assert!((p(&c, EveningOutcome::Success(EffectLevel::Great)) - 0.05).abs() < 1e-12);
    }

    #[test]
    fn effect_moves_are_cumulative() {
        let c = EveningCheck {
            modifier: 10,
            tn: 10,
            ..EveningCheck::default()
        };
        // Natural 20: total 30 beats by 20 and is a natural 20: two steps up.
        assert_eq!(c.outcome(20), EveningOutcome::Success(EffectLevel::Great));
        // Natural 10: total 20 beats by 10: one step.
        assert_eq!(c.outcome(10), EveningOutcome::Success(EffectLevel::Strong));
        // Natural 1: total 11 succeeds, natural 1 takes a step off.
        assert_eq!(c.outcome(1), EveningOutcome::Success(EffectLevel::Limited));
        let limited = EveningCheck {
            starting_effect: EffectLevel::NoEffect,
            ..c
        };
        assert_eq!(
            limited.outcome(1),
            EveningOutcome::Success(EffectLevel::NoEffect)
        );
        let attack = EveningCheck { attack: true, ..c };
        assert_eq!(attack.outcome(1), EveningOutcome::Failure);
        let hopeless = EveningCheck {
            attack: true,
            tn: 40,
            ..EveningCheck::default()
        };
        assert_eq!(
            hopeless.outcome(20),
            EveningOutcome::Success(EffectLevel::Strong)
        );
    }

    #[test]
    fn advantage_and_disadvantage_cancel() {
        let both = EveningCheck {
            advantage: true,
            disadvantage: true,
            ..EveningCheck::default()
        };
        assert_eq!(both.odds(), EveningCheck::default().odds());
        let adv = EveningCheck {
            advantage: true,
            ..EveningCheck::default()
        };
        assert!((p(&adv, EveningOutcome::Failure) - 0.25).abs() < 1e-12);
        let r = adv.roll(&mut DiceRng::seeded(4));
        assert_eq!(r.dice.len(), 2);
        assert_eq!(r.outcome, adv.outcome(r.natural));
    }

    proptest::proptest! {
        #[test]
        fn advantage_never_lowers_success(modifier in -5i64..15, tn in 0i64..35) {
            let base = EveningCheck { modifier, tn, ..EveningCheck::default() };
            let fail = |c: &EveningCheck| c.odds().probability(&EveningOutcome::Failure);
            let adv = EveningCheck { advantage: true, ..base };
            let dis = EveningCheck { disadvantage: true, ..base };
            proptest::prop_assert!(fail(&adv) <= fail(&base) + 1e-12);
            proptest::prop_assert!(fail(&dis) >= fail(&base) - 1e-12);
        }
    }
}
