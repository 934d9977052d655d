//! The Story Roster and the discovery prompt die (Road and Ruin, THE STORY ROSTER; DISCOVERY).

use serde::{Deserialize, Serialize};

use super::{RosterChange, StoryRoster};
use crate::dice::{DiceRng, OutcomeName, OutcomeOdds};
use crate::rules::RulesError;

/// Slots on the roster, one per d20 face.
pub const ROSTER_SLOTS: usize = 20;

/// What a d20 against the roster calls for.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RosterRoll {
    /// The face names a filled slot: that element recurs (0-based slot).
    Recall(usize),
    /// The face is empty: generate a new element for the lowest free slot (0-based).
    New(usize),
    /// The face is empty but every slot is full (cannot happen with 20 slots; kept for safety).
    Full,
}

/// Odds of recalling versus adding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RosterOutcome {
    /// An existing element recurs.
    Recall,
    /// A new element is generated.
    New,
}

impl OutcomeName for RosterOutcome {
    fn label(&self) -> String {
        format!("{self:?}")
    }
}

impl StoryRoster {
    /// The element in a slot, if any.
    #[must_use]
    pub fn get(&self, slot: usize) -> Option<&str> {
        self.slots.get(slot).and_then(|s| s.as_deref())
    }

    /// The lowest free slot.
    #[must_use]
    pub fn lowest_free(&self) -> Option<usize> {
        (0..ROSTER_SLOTS).find(|i| self.get(*i).is_none())
    }

    /// Reads a d20 face (1–20) against the roster.
    #[must_use]
    pub fn read(&self, d20: u32) -> RosterRoll {
        let slot = d20.saturating_sub(1) as usize;
        if self.get(slot).is_some() {
            return RosterRoll::Recall(slot);
        }
        self.lowest_free().map_or(RosterRoll::Full, RosterRoll::New)
    }

    /// Rolls the d20: the face and what it calls for.
    pub fn roll(&self, rng: &mut DiceRng) -> (u32, RosterRoll) {
        let d20 = rng.die(20);
        (d20, self.read(d20))
    }

    /// Exact odds: one twentieth per filled slot to recall.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<RosterOutcome> {
        let filled = (0..ROSTER_SLOTS).filter(|i| self.get(*i).is_some()).count() as f64;
        let mut odds = OutcomeOdds::new();
        odds.add(RosterOutcome::Recall, filled / 20.0);
        odds.add(RosterOutcome::New, 1.0 - filled / 20.0);
        odds
    }

    /// Applies `change`; on error the caller keeps the previous state.
    pub fn apply(&mut self, change: &RosterChange) -> Result<(), RulesError> {
        let (slot, name) = match change {
            RosterChange::Add(name) => {
                let slot = self
                    .lowest_free()
                    .ok_or(RulesError::NotAllowed("the story roster is full"))?;
                (slot, Some(name.clone()))
            }
            RosterChange::Set { slot, name } => (*slot, name.clone()),
        };
        if slot >= ROSTER_SLOTS {
            return Err(RulesError::NoSuchEntry {
                what: "roster slot",
                index: slot,
            });
        }
        if self.slots.len() <= slot {
            self.slots.resize(slot + 1, None);
        }
        self.slots[slot] = name;
        while self.slots.last().is_some_and(Option::is_none) {
            self.slots.pop();
        }
        Ok(())
    }
}

/// The d7 discovery prompt (Road and Ruin, Generating content).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiscoveryPrompt {
    /// 1: a person.
    Person,
    /// 2: a creature.
    Creature,
    /// 3: an object.
    Object,
    /// 4: an event.
    Event,
    /// 5: a place.
    Place,
    /// 6: a theme or trait.
    Theme,
    /// 7: draw another card and combine the two.
    DrawAnother,
}

impl DiscoveryPrompt {
    /// The prompt for a d7 face.
    #[must_use]
    pub fn from_face(face: u32) -> Self {
        match face {
            1 => Self::Person,
            2 => Self::Creature,
            3 => Self::Object,
            4 => Self::Event,
            5 => Self::Place,
            6 => Self::Theme,
            _ => Self::DrawAnother,
        }
    }

    /// Rolls the d7.
    pub fn roll(rng: &mut DiceRng) -> Self {
        Self::from_face(rng.die(7))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recall_or_add_to_lowest_slot() {
        let mut r = StoryRoster::default();
        r.apply(&RosterChange::Add("The ferryman".into())).unwrap();
        r.apply(&RosterChange::Add("A red lantern".into())).unwrap();
        r.apply(&RosterChange::Set {
            slot: 0,
            name: None,
        })
        .unwrap();
        assert_eq!(r.read(2), RosterRoll::Recall(1));
        assert_eq!(r.read(17), RosterRoll::New(0));
        assert!((r.odds().probability(&RosterOutcome::Recall) - 0.05).abs() < 1e-12);
        assert!(
            r.apply(&RosterChange::Set {
                slot: 20,
                name: None
            })
            .is_err()
        );
        for i in 0..19 {
            r.apply(&RosterChange::Add(format!("e{i}"))).unwrap();
        }
        assert!(r.apply(&RosterChange::Add("one too many".into())).is_err());
        assert_eq!(r.read(20), RosterRoll::Recall(19));
    }

    #[test]
    fn d7_prompts() {
        assert_eq!(DiscoveryPrompt::from_face(1), DiscoveryPrompt::Person);
        assert_eq!(DiscoveryPrompt::from_face(5), DiscoveryPrompt::Place);
        assert_eq!(DiscoveryPrompt::from_face(7), DiscoveryPrompt::DrawAnother);
    }
}
