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

#[cfg(test)]
mod tests {
    use super::*;

    /// Endurance 3: a pool of 30 (EXERTION: 10 × Endurance), Exhausted below 15.
    fn tired(exertion: u32) -> RrToken {
        RrToken {
            endurance: 3,
            current: [10, 3, exertion, 0, 0],
            max: [10, 3, 0, 0, 0],
            ..RrToken::default()
        }
    }

    #[test]
    fn a_seeded_breather_recovers_d10_plus_the_proficiency_roll() {
        // EXERTION, Breather: 1d10 plus the proficiency roll's result. The dice are read back
        // from the roll; the sum is worked out here from them: d10 + (kept face + 2).
        let t = tired(4);
        let b = t.breather([2, 0], &mut DiceRng::seeded(11));
        assert_eq!(
            b.proficiency.dice.len(),
            1,
            "one Outcome die, no Exhaustion die"
        );
        let face = b.proficiency.dice[0].rolls[0];
        assert!((1..=10).contains(&b.d10) && (1..=10).contains(&face));
        assert_eq!(b.proficiency.net_benefit, 2);
        let total = b.d10 + face + 2;
        assert_eq!(b.total, total);
        // From 4 of 30 there is room for at most 26; 10 + 10 + 2 = 22 fits.
        assert_eq!((b.before, b.after, b.recovered), (4, 4 + total, total));
        let mut after = t.clone();
        after.apply(&b.change).unwrap();
        assert_eq!(after.get(Pool::Exertion), 4 + total);
    }

    #[test]
    fn a_breather_can_lift_exhaustion_and_stops_at_the_maximum() {
        // From 10 of 30 (Exhausted: under 15), d10 3 and a proficiency roll of face 1 with
        // proficiency 1 (result 2): 3 + 2 = 5 back, 15 of 30 is half: no longer Exhausted.
        let roll = |face: i64, net: i64| OutcomeRoll {
            dice: Vec::new(),
            face,
            net_benefit: net,
            outcome: super::super::Band::read(face, net),
        };
        let b = tired(10).breather_from(3, roll(1, 1));
        assert_eq!((b.total, b.after), (5, 15));
        assert!(b.exhausted_before && !b.exhausted_after);
        assert!(b.summary().ends_with("no longer Exhausted"));
        // One short: d10 2, same roll, 14 of 30: still Exhausted.
        let b = tired(10).breather_from(2, roll(1, 1));
        assert_eq!(b.after, 14);
        assert!(b.exhausted_before && b.exhausted_after);
        // From 25 of 30, 9 + (8 + 5) = 22 rolled but only 5 come back (the pool's maximum).
        let b = tired(25).breather_from(9, roll(8, 5));
        assert_eq!((b.total, b.recovered, b.after), (22, 5, 30));
        let mut t = tired(25);
        t.apply(&b.change).unwrap();
        assert_eq!(t.get(Pool::Exertion), 30);
    }
}
