//! Evening encounter state: threads and challenges (Evening, Threads; Challenges).

use super::{ChallengeTracker, check_scale};
use super::{EveningEncounter, EveningEncounterChange, Thread};
use crate::rules::RulesError;

impl Thread {
    /// All marks are in: what it foretold happens.
    #[must_use]
    pub fn resolved(&self) -> bool {
        self.marks >= self.length
    }
}

/// Most marks (advance or forestall) per scene across all threads (Evening, Threads move over
/// time).
pub const MARKS_PER_SCENE: u8 = 2;

impl EveningEncounter {
    fn thread(&mut self, i: usize) -> Result<&mut Thread, RulesError> {
        self.threads.get_mut(i).ok_or(RulesError::NoSuchEntry {
            what: "thread",
            index: i,
        })
    }

    fn use_mark(&mut self) -> Result<(), RulesError> {
        if self.marks_this_scene >= MARKS_PER_SCENE {
            return Err(RulesError::NotAllowed(
                "two thread marks already made this scene",
            ));
        }
        self.marks_this_scene += 1;
        Ok(())
    }

    /// Applies `change`; on error the caller keeps the previous state.
    pub fn apply(&mut self, change: &EveningEncounterChange) -> Result<(), RulesError> {
        use EveningEncounterChange as C;
        match change {
            C::AddThread { .. }
            | C::AdvanceThread(_)
            | C::ForestallThread(_)
            | C::RemoveThread(_) => {
                self.apply_thread(change)?;
            }
            C::NewScene => self.marks_this_scene = 0,
            C::AddChallenge {
                name,
                rating,
                complexity,
            } => {
                check_scale("challenge rating", *rating)?;
                check_scale("challenge complexity", *complexity)?;
                self.challenges.push(ChallengeTracker {
                    name: name.clone(),
                    rating: *rating,
                    complexity: *complexity,
                    successes: 0,
                    failures: 0,
                });
            }
            C::TallyChallenge { index, tally } => self.challenge(*index)?.tally(*tally)?,
            C::RemoveChallenge(i) => {
                self.challenge(*i)?;
                self.challenges.remove(*i);
            }
            C::SetCharmer { charmed, charmer } => match charmer {
                Some(by) if by == charmed => {
                    return Err(RulesError::NotAllowed("a creature can't charm itself"));
                }
                Some(by) => {
                    self.charmed_by.insert(*charmed, *by);
                }
                None => {
                    self.charmed_by.remove(charmed);
                }
            },
        }
        Ok(())
    }

    /// The thread part of [`Self::apply`].
    fn apply_thread(&mut self, change: &EveningEncounterChange) -> Result<(), RulesError> {
        use EveningEncounterChange as C;
        match change {
            C::AddThread { name, length } => {
                if !(4..=12).contains(length) {
                    return Err(RulesError::OutOfRange {
                        what: "thread length",
                        value: i64::from(*length),
                        min: 4,
                        max: 12,
                    });
                }
                self.threads.push(Thread {
                    name: name.clone(),
                    length: *length,
                    marks: 0,
                });
            }
            C::AdvanceThread(i) => {
                if self.thread(*i)?.resolved() {
                    return Err(RulesError::NotAllowed("this thread has already resolved"));
                }
                self.use_mark()?;
                self.thread(*i)?.marks += 1;
            }
            C::ForestallThread(i) => {
                self.thread(*i)?;
                self.use_mark()?;
                let t = self.thread(*i)?;
                t.marks = t.marks.saturating_sub(1);
                if t.marks == 0 {
                    self.threads.remove(*i);
                }
            }
            C::RemoveThread(i) => {
                self.thread(*i)?;
                self.threads.remove(*i);
            }
            _ => {}
        }
        Ok(())
    }

    fn challenge(&mut self, i: usize) -> Result<&mut ChallengeTracker, RulesError> {
        self.challenges.get_mut(i).ok_or(RulesError::NoSuchEntry {
            what: "challenge",
            index: i,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evening, Threads (lines 409–419): advancing or forestalling marks a thread, and "After making
    /// two such marks, stop until the next scene"; a thread forestalled to no marks is removed.
    #[test]
    fn threads_two_marks_per_scene() {
        let mut e = EveningEncounter::default();
        assert!(
            e.apply(&EveningEncounterChange::AddThread {
                name: "Storm".into(),
                length: 3
            })
            .is_err()
        );
        e.apply(&EveningEncounterChange::AddThread {
            name: "Storm".into(),
            length: 4,
        })
        .unwrap();
        e.apply(&EveningEncounterChange::AdvanceThread(0)).unwrap();
        e.apply(&EveningEncounterChange::AdvanceThread(0)).unwrap();
        assert!(e.apply(&EveningEncounterChange::AdvanceThread(0)).is_err());
        e.apply(&EveningEncounterChange::NewScene).unwrap();
        e.apply(&EveningEncounterChange::ForestallThread(0))
            .unwrap();
        e.apply(&EveningEncounterChange::ForestallThread(0))
            .unwrap();
        assert!(e.threads.is_empty());
    }
}
