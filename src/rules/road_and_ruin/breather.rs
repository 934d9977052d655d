//! The Breather (Road and Ruin, EXERTION): a round spent catching breath recovers Exertion.

use super::{OutcomeCheck, OutcomeRoll, Pool, RrChange, RrToken};
use crate::dice::DiceRng;
use crate::model::LogEntry;

/// A Breather rolled for one token, worked out before it is applied.
///
/// The text recovers 1d10 plus the result of a proficiency roll, and says no more about that
/// roll. Lantern reads it as the text's one roll that proficiency feeds: an Outcome die (d10)
/// with the creature's proficiency points added (up to two proficiencies of at most 5 each,
/// Resolving events; Proficiency), its result the number the bands are read from (kept face
/// plus proficiency). Exhaustion is not laid on that roll: the Breather is the rest that
/// relieves it, and the text promises it may lift the creature back over the threshold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breather {
    /// The plain d10.
    pub d10: u32,
    /// The proficiency roll as rolled.
    pub proficiency: OutcomeRoll,
    /// d10 + the proficiency roll's result.
    pub total: u32,
    /// What actually comes back: the total, up to the Exertion maximum.
    pub recovered: u32,
    /// Exertion before and after.
    pub before: u32,
    pub after: u32,
    /// Exhausted (under half the pool) before and after.
    pub exhausted_before: bool,
    pub exhausted_after: bool,
    /// The change that applies it.
    pub change: RrChange,
}

/// The proficiency roll's result: the kept face plus the net benefit, never below 0.
#[must_use]
pub fn proficiency_result(roll: &OutcomeRoll) -> u32 {
    u32::try_from((roll.face + roll.net_benefit).max(0)).unwrap_or(0)
}

impl RrToken {
    /// Rolls a Breather with `proficiencies` (the points of up to two proficiencies).
    pub fn breather(&self, proficiencies: [u8; 2], rng: &mut DiceRng) -> Breather {
        let d10 = rng.die(10);
        let check = OutcomeCheck {
            proficiencies,
            ..OutcomeCheck::default()
        };
        let proficiency = check.roll(rng);
        self.breather_from(d10, proficiency)
    }

    /// The Breather from dice already rolled: `d10` and the proficiency roll.
    #[must_use]
    pub fn breather_from(&self, d10: u32, proficiency: OutcomeRoll) -> Breather {
        let total = d10 + proficiency_result(&proficiency);
        let before = self.get(Pool::Exertion);
        let after = before
            .saturating_add(total)
            .min(self.max_of(Pool::Exertion))
            .max(before);
        let mut then = self.clone();
        then.current[Pool::Exertion as usize] = after;
        Breather {
            d10,
            proficiency,
            total,
            recovered: after - before,
            before,
            after,
            exhausted_before: self.exhausted(),
            exhausted_after: then.exhausted(),
            change: RrChange::Recover {
                pool: Pool::Exertion,
                amount: total,
            },
        }
    }
}

impl Breather {
    /// The roll log's line: the dice as rolled and what came back, with the Exhaustion change.
    #[must_use]
    pub fn log_entry(&self, who: &str) -> LogEntry {
        let faces: Vec<String> = self
            .proficiency
            .dice
            .iter()
            .flat_map(|d| d.rolls.iter().map(u32::to_string))
            .collect();
        let dice = format!(
            "d10: {}; proficiency d10: [{}] {:+}",
            self.d10,
            faces.join(", "),
            self.proficiency.net_benefit
        );
        LogEntry {
            who: who.to_owned(),
            what: "Breather".to_owned(),
            dice,
            result: self.summary(),
        }
    }

    /// "+12 Exertion (8 → 20 of 30), no longer Exhausted".
    #[must_use]
    pub fn summary(&self) -> String {
        let capped = if self.recovered < self.total {
            format!(" of {} rolled", self.total)
        } else {
            String::new()
        };
        let state = match (self.exhausted_before, self.exhausted_after) {
            (true, false) => ", no longer Exhausted",
            (true, true) => ", still Exhausted",
            _ => "",
        };
        format!(
            "+{} Exertion{capped} ({} → {}){state}",
            self.recovered, self.before, self.after
        )
    }
}
