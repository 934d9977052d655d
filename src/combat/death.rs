//! Evening death saves in the initiative (Evening, Death: In initiative; Death saves; Stabilize).
//!
//! A combatant at 0 health makes one death save on each of its turns: a plain d20 (the counting
//! is [`DeathSaves::record`]). Three successes or a natural 20 bring it back with 1 health; three
//! failures kill it. A successful first aid check stabilizes it: no more saves, still at 0 health.
//! Readings: the saves start with the first turn at 0 health (the text's "next turn" is the
//! next turn the combatant gets); the counts are forgotten once it has health again, so a
//! second fall starts afresh.

pub use crate::model::death_saves::{DeathSaveError, DeathSaveState};

use crate::rules::evening::{DeathSaveOutcome, EveningToken};

/// What one death save did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveResult {
    /// The run goes on.
    Counted,
    /// Back with 1 health.
    Recovered,
    /// Three failures.
    Died,
}

/// Whether `token` is dying: at 0 health and not dead (Evening, Death).
#[must_use]
pub fn is_dying(token: &EveningToken) -> bool {
    token.health == 0 && token.max_health > 0 && !token.is_dead()
}

impl DeathSaveState {
    /// Whether the combatant still owes a save this round.
    #[must_use]
    pub fn due(&self, round: u32) -> bool {
        !self.stable && self.last_round != round
    }

    /// Records one d20 for the combatant `token`, rolled in `round`, and applies the end of the
    /// run to its health: 1 health on recovery, dead on three failures.
    pub fn roll(
        &mut self,
        token: &mut EveningToken,
        d20: u8,
        round: u32,
    ) -> Result<SaveResult, DeathSaveError> {
        if token.is_dead() {
            return Err(DeathSaveError::Dead);
        }
        if !is_dying(token) {
            return Err(DeathSaveError::NotDying);
        }
        if self.stable {
            return Err(DeathSaveError::Stable);
        }
        if !(1..=20).contains(&d20) {
            return Err(DeathSaveError::BadRoll(d20));
        }
        if self.last_round == round {
            return Err(DeathSaveError::AlreadyRolled);
        }
        self.last_round = round;
        Ok(match self.saves.record(u32::from(d20)) {
            None => SaveResult::Counted,
            Some(DeathSaveOutcome::Recovers) => {
                token.health = 1;
                SaveResult::Recovered
            }
            Some(DeathSaveOutcome::Dies) => {
                token.dead = true;
                SaveResult::Died
            }
        })
    }

    /// First aid succeeded (Evening, Stabilize).
    pub fn stabilize(&mut self, token: &EveningToken) -> Result<(), DeathSaveError> {
        if token.is_dead() {
            return Err(DeathSaveError::Dead);
        }
        if !is_dying(token) {
            return Err(DeathSaveError::NotDying);
        }
        if self.stable {
            return Err(DeathSaveError::Stable);
        }
        self.stable = true;
        Ok(())
    }

    /// The tally in words for the log and the pane, e.g. "2 successes, 1 failure".
    #[must_use]
    pub fn tally(&self) -> String {
        let plural =
            |n: u8, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        format!(
            "{}, {}",
            plural(self.saves.successes, "success", "successes"),
            plural(self.saves.failures.min(3), "failure", "failures")
        )
    }
}

/// What a single d20 counts as (Evening, Death saves), for the log.
#[must_use]
pub fn face_meaning(d20: u8) -> &'static str {
    match d20 {
        20 => "immediate recovery",
        1 => "two failures",
        2..=9 => "one failure",
        _ => "one success",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn down() -> EveningToken {
        EveningToken {
            health: 0,
            max_health: 12,
            ..EveningToken::default()
        }
    }

    #[test]
    fn three_successes_bring_one_health() {
        let (mut s, mut t) = (DeathSaveState::default(), down());
        assert_eq!(s.roll(&mut t, 12, 1), Ok(SaveResult::Counted));
        assert_eq!(s.roll(&mut t, 15, 1), Err(DeathSaveError::AlreadyRolled));
        assert_eq!(s.roll(&mut t, 4, 2), Ok(SaveResult::Counted));
        assert_eq!(s.tally(), "1 success, 1 failure");
        assert_eq!(s.roll(&mut t, 10, 3), Ok(SaveResult::Counted));
        assert_eq!(s.roll(&mut t, 19, 4), Ok(SaveResult::Recovered));
        assert_eq!(t.health, 1);
        assert_eq!(s.roll(&mut t, 19, 5), Err(DeathSaveError::NotDying));
    }

    #[test]
    fn a_one_then_a_failure_kills() {
        let (mut s, mut t) = (DeathSaveState::default(), down());
        assert_eq!(s.roll(&mut t, 1, 1), Ok(SaveResult::Counted));
        assert_eq!(s.roll(&mut t, 9, 2), Ok(SaveResult::Died));
        assert!(t.is_dead());
        assert_eq!(s.roll(&mut t, 20, 3), Err(DeathSaveError::Dead));
    }

    #[test]
    fn a_twenty_recovers_at_once_and_stable_stops_the_saves() {
        let (mut s, mut t) = (DeathSaveState::default(), down());
        assert_eq!(s.roll(&mut t, 20, 1), Ok(SaveResult::Recovered));
        let (mut s2, t2) = (DeathSaveState::default(), down());
        s2.stabilize(&t2).unwrap();
        assert!(!s2.due(1));
        assert_eq!(s2.stabilize(&t2), Err(DeathSaveError::Stable));
        assert_eq!(s.roll(&mut down(), 0, 2), Err(DeathSaveError::BadRoll(0)));
    }
}
