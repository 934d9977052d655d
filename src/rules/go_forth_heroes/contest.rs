//! Contests: both sides roll, the higher total wins (GFH, Contests).

use serde::{Deserialize, Serialize};

use crate::dice::{DiceRng, Distribution, OutcomeName, OutcomeOdds};
use crate::rules::bounded;

/// Two characters opposing each other, each rolling d20 + their Roll bonus. The text only says
/// the higher total wins; on a tie we read that both roll again, as a table would.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contest {
    /// The acting side's Roll bonus.
    pub bonus: i64,
    /// The opposing side's Roll bonus.
    pub opponent_bonus: i64,
}

/// Who wins a contest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ContestOutcome {
    /// The acting side wins.
    Win,
    /// The opposing side wins.
    Loss,
}

impl OutcomeName for ContestOutcome {
    fn label(&self) -> String {
        format!("{self:?}")
    }
}

/// Odds that the first of two independent totals is higher, rerolling ties.
#[must_use]
pub fn contest_odds(mine: &Distribution, theirs: &Distribution) -> OutcomeOdds<ContestOutcome> {
    let win = mine.chance_to_win_rerolling_ties(theirs);
    let mut odds = OutcomeOdds::new();
    odds.add(ContestOutcome::Win, win);
    odds.add(ContestOutcome::Loss, 1.0 - win);
    odds
}

impl Contest {
    /// Exact chance of winning, ties rerolled.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<ContestOutcome> {
        let d20 = Distribution::die(20);
        contest_odds(
            &d20.shift(bounded(self.bonus)),
            &d20.shift(bounded(self.opponent_bonus)),
        )
    }

    /// Rolls until the totals differ; returns every pair of totals rolled and the outcome.
    pub fn roll(&self, rng: &mut DiceRng) -> (Vec<(i64, i64)>, ContestOutcome) {
        let mut rounds = Vec::new();
        loop {
            let mine = i64::from(rng.die(20)) + bounded(self.bonus);
            let theirs = i64::from(rng.die(20)) + bounded(self.opponent_bonus);
            rounds.push((mine, theirs));
            if mine != theirs {
                let outcome = if mine > theirs {
                    ContestOutcome::Win
                } else {
                    ContestOutcome::Loss
                };
                return (rounds, outcome);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_contest_is_even_and_bonus_helps() {
        let even = Contest::default().odds();
        assert!((even.probability(&ContestOutcome::Win) - 0.5).abs() < 1e-12);
        // +1: wins 210/400, ties 19/400 → 210/381.
        let plus = Contest {
            bonus: 1,
            opponent_bonus: 0,
        }
        .odds();
        assert!((plus.probability(&ContestOutcome::Win) - 210.0 / 381.0).abs() < 1e-12);
        let (rounds, outcome) = Contest {
            bonus: 30,
            opponent_bonus: 0,
        }
        .roll(&mut DiceRng::seeded(1));
        assert_eq!((rounds.len(), outcome), (1, ContestOutcome::Win));
    }
}
