//! Group and contested checks (Evening, Group Checks; Contested Checks).

use serde::{Deserialize, Serialize};

use super::{EveningCheck, EveningOutcome};
use crate::dice::{OutcomeName, OutcomeOdds};

/// Success or failure of a check with no effect level of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PassFail {
    /// It failed (or lost).
    Fail,
    /// It succeeded (or won).
    Pass,
}

impl OutcomeName for PassFail {
    fn label(&self) -> String {
        format!("{self:?}")
    }
}

/// Everyone in a group checks against the same TN; the group succeeds when more than half of
/// them do (Evening, Group Checks).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupCheck {
    /// Each member's check (same TN, their own modifiers).
    pub members: Vec<EveningCheck>,
}

impl GroupCheck {
    /// Whether a count of individual successes carries the group.
    #[must_use]
    pub fn passes(&self, successes: usize) -> bool {
        successes * 2 > self.members.len()
    }

    /// Exact odds, by a distribution over how many members succeed.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<PassFail> {
        let mut counts = vec![1.0];
        for m in &self.members {
            let p = 1.0 - m.odds().probability(&EveningOutcome::Failure);
            let mut next = vec![0.0; counts.len() + 1];
            for (k, w) in counts.iter().enumerate() {
                next[k] += w * (1.0 - p);
                next[k + 1] += w * p;
            }
            counts = next;
        }
        let mut odds = OutcomeOdds::new();
        for (k, w) in counts.iter().enumerate() {
            odds.add(
                if self.passes(k) {
                    PassFail::Pass
                } else {
                    PassFail::Fail
                },
                *w,
            );
        }
        odds
    }
}

/// Two characters make the same check; the higher roll wins and ties are rolled again
/// (Evening, Contested Checks). Only each side's modifier and advantage matter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestedCheck {
    /// The acting side.
    pub mine: EveningCheck,
    /// The resisting side.
    pub theirs: EveningCheck,
}

impl ContestedCheck {
    /// Exact chance the acting side wins.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<PassFail> {
        let mine = self.mine.d20().shift(self.mine.modifier());
        let theirs = self.theirs.d20().shift(self.theirs.modifier());
        let win = mine.chance_to_win_rerolling_ties(&theirs);
        let mut odds = OutcomeOdds::new();
        odds.add(PassFail::Pass, win);
        odds.add(PassFail::Fail, 1.0 - win);
        odds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evening, Group Checks (line 68): "If more than half of the group succeed, the group check
    /// succeeds."
    #[test]
    fn more_than_half_must_succeed() {
        let g = GroupCheck {
            members: vec![EveningCheck::default(); 4],
        };
        assert!(!g.passes(2) && g.passes(3));
        // Four coin flips, 3+ heads: 5/16.
        assert!((g.odds().probability(&PassFail::Pass) - 5.0 / 16.0).abs() < 1e-12);
        let three = GroupCheck {
            members: vec![EveningCheck::default(); 3],
        };
        assert!((three.odds().probability(&PassFail::Pass) - 0.5).abs() < 1e-12);
    }

    /// Evening, Contested Checks (line 72): both make the same check, the highest wins, and "If
    /// there's a tie, reroll until it breaks".
    #[test]
    fn contest_rerolls_ties() {
        let even = ContestedCheck::default().odds();
        assert!((even.probability(&PassFail::Pass) - 0.5).abs() < 1e-12);
        let mut c = ContestedCheck::default();
        c.mine.modifier = 1;
        assert!((c.odds().probability(&PassFail::Pass) - 210.0 / 381.0).abs() < 1e-12);
    }
}
