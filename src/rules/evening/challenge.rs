//! Challenges: a rating sets the TN, complexity sets the tallies (Evening, Challenges).

use serde::{Deserialize, Serialize};

use super::{ChallengeTracker, Tally};
use super::{EffectLevel, EveningCheck, EveningOutcome};
use crate::dice::{OutcomeName, OutcomeOdds};
use crate::rules::RulesError;

/// How well the chosen approach fits the challenge (Evening, Meeting a Challenge).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Suitability {
    /// TN +6.
    Poor,
    /// TN +3.
    Risky,
    /// No change.
    #[default]
    Fine,
    /// TN −3.
    Good,
    /// TN −6.
    Perfect,
}

impl Suitability {
    /// The TN modifier from the table.
    #[must_use]
    pub fn tn_modifier(self) -> i64 {
        match self {
            Self::Poor => 6,
            Self::Risky => 3,
            Self::Fine => 0,
            Self::Good => -3,
            Self::Perfect => -6,
        }
    }
}

/// Checks a rating or complexity is 1–10.
pub fn check_scale(what: &'static str, value: u8) -> Result<(), RulesError> {
    if (1..=10).contains(&value) {
        Ok(())
    } else {
        Err(RulesError::OutOfRange {
            what,
            value: i64::from(value),
            min: 1,
            max: 10,
        })
    }
}

/// The base TN for a challenge or danger rating: three per point (Evening, Rating table).
#[must_use]
pub fn rating_tn(rating: u8) -> i64 {
    3 * i64::from(rating)
}

/// Successes needed for a complexity: complexity + 2 (Evening, Complexity table: 1→3 … 10→12).
#[must_use]
pub fn successes_required(complexity: u8) -> u32 {
    u32::from(complexity) + 2
}

/// Failures that end the challenge: 2, 2, 3, 3, … 6 for complexity 1–10 (Evening, Complexity).
#[must_use]
pub fn failure_threshold(complexity: u8) -> u32 {
    u32::from(complexity).div_ceil(2) + 1
}

/// Successes tallied for a successful check at an effect level. The text says the effect level
/// decides the amount without a table; we read No effect as 0, Limited and Standard as 1,
/// Strong as 2 and Great as 3.
#[must_use]
pub fn successes_for(effect: EffectLevel) -> u32 {
    match effect {
        EffectLevel::NoEffect => 0,
        EffectLevel::Limited | EffectLevel::Standard => 1,
        EffectLevel::Strong => 2,
        EffectLevel::Great => 3,
    }
}

impl Tally {
    /// What a check's outcome marks (Evening, Meeting a Challenge): a success marks successes
    /// by its effect level; a failure marks one failure, whatever level the roll's moves left
    /// it at (see [`EveningCheck::outcome`]).
    #[must_use]
    pub fn of(outcome: EveningOutcome) -> Self {
        match outcome {
            EveningOutcome::Failure => Self::Failure,
            EveningOutcome::Success(effect) => Self::Successes(successes_for(effect)),
        }
    }
}

impl OutcomeName for Tally {
    fn label(&self) -> String {
        match self {
            Self::Failure => "1 failure".to_owned(),
            Self::Successes(n) => format!("{n} successes"),
        }
    }
}

/// One check made to meet a challenge: the TN is rating × 3 plus the suitability modifier.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeCheck {
    /// Challenge rating 1–10.
    pub rating: u8,
    /// How suitable the aptitude is.
    pub suitability: Suitability,
    /// The check itself; its TN is replaced.
    pub check: EveningCheck,
}

impl ChallengeCheck {
    /// The check with the challenge's TN.
    #[must_use]
    pub fn effective_check(&self) -> EveningCheck {
        EveningCheck {
            tn: rating_tn(self.rating) + self.suitability.tn_modifier(),
            ..self.check
        }
    }

    /// Exact odds of each tally.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<Tally> {
        let mut odds = OutcomeOdds::new();
        for (o, p) in self.effective_check().odds().iter() {
            odds.add(Tally::of(*o), p);
        }
        odds
    }
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChallengeStatus {
    /// Still being worked on.
    Ongoing,
    /// Enough successes: resolved.
    Resolved,
    /// Too many failures: the threat occurs.
    ThreatOccurs,
}

impl ChallengeTracker {
    /// Resolved once successes reach the requirement; the threat occurs once failures reach the
    /// threshold.
    #[must_use]
    pub fn status(&self) -> ChallengeStatus {
        if self.successes >= successes_required(self.complexity) {
            ChallengeStatus::Resolved
        } else if self.failures >= failure_threshold(self.complexity) {
            ChallengeStatus::ThreatOccurs
        } else {
            ChallengeStatus::Ongoing
        }
    }

    /// Adds a tally; refused once the challenge has ended.
    pub fn tally(&mut self, tally: Tally) -> Result<(), RulesError> {
        if self.status() != ChallengeStatus::Ongoing {
            return Err(RulesError::NotAllowed("this challenge has already ended"));
        }
        match tally {
            Tally::Failure => self.failures += 1,
            Tally::Successes(n) => self.successes = self.successes.saturating_add(n),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evening, Challenges: Rating (lines 705–719: TN = 3 × rating, 3 to 30) and Complexity (lines
    /// 721–733: successes 3 to 12 and failures 2 to 6).
    #[test]
    fn tables() {
        assert_eq!((rating_tn(1), rating_tn(7), rating_tn(10)), (3, 21, 30));
        let rows: Vec<(u32, u32)> = (1..=10)
            .map(|c| (successes_required(c), failure_threshold(c)))
            .collect();
        assert_eq!(
            rows,
            vec![
                (3, 2),
                (4, 2),
                (5, 3),
                (6, 3),
                (7, 4),
                (8, 4),
                (9, 5),
                (10, 5),
                (11, 6),
                (12, 6)
            ]
        );
        assert_eq!(Suitability::Poor.tn_modifier(), 6);
        assert_eq!(Suitability::Perfect.tn_modifier(), -6);
        assert!(check_scale("rating", 11).is_err());
    }

    /// Evening, Meeting a Challenge (lines 743–752): the TN is 3 × rating moved by the action's
    /// suitability (Poor +6, Risky +3, Fine 0, Good −3, Perfect −6).
    #[test]
    fn challenge_check_odds() {
        // Rating 4 (TN 12), Good approach (−3): TN 9, d20 + 0 beats it on 10+.
        let c = ChallengeCheck {
            rating: 4,
            suitability: Suitability::Good,
            ..ChallengeCheck::default()
        };
        assert_eq!(c.effective_check().tn, 9);
        let odds = c.odds();
        assert!((odds.probability(&Tally::Failure) - 0.45).abs() < 1e-12);
        // 19 and 20 beat 9 by 10+: Strong (2 successes); 20 also natural: Great (3).
        assert!((odds.probability(&Tally::Successes(2)) - 0.05).abs() < 1e-12);
        assert!((odds.probability(&Tally::Successes(3)) - 0.05).abs() < 1e-12);
    }

    /// Evening, Making checks ("10 or more lower and a natural 1, decrease effect by two
    /// levels") with Meeting a Challenge ("Mark a failure in a tally"): rating 4 (TN 12), Fine,
    /// +0. A natural 1 totals 1, 11 under: Standard − 2 = No effect, and it is a failure, which
    /// marks exactly one failure.
    #[test]
    fn a_failure_two_levels_down_marks_one_failure() {
        let c = ChallengeCheck {
            rating: 4,
            ..ChallengeCheck::default()
        };
        let check = c.effective_check();
        assert_eq!(check.tn, 12);
        assert_eq!(check.effect(1), EffectLevel::NoEffect);
        assert_eq!(Tally::of(check.outcome(1)), Tally::Failure);
        // Naturals 1–12 fail: 60%, all on one failure each; 13–19 Standard (one success);
        // 20 is 8 over and a natural 20: Strong (two successes).
        let odds = c.odds();
        assert!((odds.probability(&Tally::Failure) - 0.6).abs() < 1e-12);
        assert!((odds.probability(&Tally::Successes(1)) - 0.35).abs() < 1e-12);
        assert!((odds.probability(&Tally::Successes(2)) - 0.05).abs() < 1e-12);
        let mut tracker = ChallengeTracker {
            name: "Flooded vault".into(),
            rating: 4,
            complexity: 5,
            successes: 0,
            failures: 0,
        };
        tracker.tally(Tally::of(check.outcome(1))).unwrap();
        assert_eq!((tracker.successes, tracker.failures), (0, 1));
    }

    /// Evening, Meeting a Challenge (lines 754–757): successes are tallied by effect level and
    /// failures one a check; reaching the success or the failure threshold ends the challenge.
    #[test]
    fn tallies_end_the_challenge() {
        let mut t = ChallengeTracker {
            name: "Cipher".into(),
            rating: 3,
            complexity: 1,
            successes: 0,
            failures: 0,
        };
        t.tally(Tally::Successes(2)).unwrap();
        t.tally(Tally::Failure).unwrap();
        assert_eq!(t.status(), ChallengeStatus::Ongoing);
        t.tally(Tally::Failure).unwrap();
        assert_eq!(t.status(), ChallengeStatus::ThreatOccurs);
        assert!(t.tally(Tally::Successes(1)).is_err());
    }
}
