//! Clocks of 4, 6 or 8 segments, linked and racing (Post core, Clocks).

use super::{Clock, ClockChange, Clocks};
use crate::rules::RulesError;

impl Clock {
    /// Every segment is filled.
    #[must_use]
    pub fn full(&self) -> bool {
        self.filled >= self.segments
    }
}

impl Clocks {
    fn get(&mut self, i: usize) -> Result<&mut Clock, RulesError> {
        self.clocks.get_mut(i).ok_or(RulesError::NoSuchEntry {
            what: "clock",
            index: i,
        })
    }

    /// The race this clock is in is already won.
    fn race_over(&self, i: usize) -> bool {
        let c = &self.clocks[i];
        c.full()
            || c.rival
                .and_then(|r| self.clocks.get(r))
                .is_some_and(Clock::full)
    }

    /// Applies `change`; on error the caller keeps the previous state.
    pub fn apply(&mut self, change: &ClockChange) -> Result<(), RulesError> {
        match change {
            ClockChange::Add { name, segments } => {
                if ![4, 6, 8].contains(segments) {
                    return Err(RulesError::NotAllowed("clocks have 4, 6 or 8 segments"));
                }
                self.clocks.push(Clock {
                    name: name.clone(),
                    segments: *segments,
                    filled: 0,
                    locked: false,
                    unlocks: None,
                    rival: None,
                });
            }
            ClockChange::Tick { index, by } => self.tick(*index, *by)?,
            ClockChange::Untick { index, by } => {
                let c = self.get(*index)?;
                c.filled = c.filled.saturating_sub(*by);
            }
            ClockChange::Link { first, then } => {
                self.pair_check(*first, *then)?;
                self.clocks[*first].unlocks = Some(*then);
                let full = self.clocks[*first].full();
                self.clocks[*then].locked = !full;
            }
            ClockChange::Race { a, b } => {
                self.pair_check(*a, *b)?;
                self.clocks[*a].rival = Some(*b);
                self.clocks[*b].rival = Some(*a);
            }
            ClockChange::Remove(i) => self.remove(*i)?,
        }
        Ok(())
    }

    fn pair_check(&mut self, a: usize, b: usize) -> Result<(), RulesError> {
        self.get(a)?;
        self.get(b)?;
        if a == b {
            return Err(RulesError::NotAllowed(
                "a clock cannot be paired with itself",
            ));
        }
        Ok(())
    }

    fn tick(&mut self, index: usize, by: u8) -> Result<(), RulesError> {
        if self.get(index)?.locked {
            return Err(RulesError::NotAllowed(
                "this clock is locked until its linked clock fills",
            ));
        }
        if self.race_over(index) {
            return Err(RulesError::NotAllowed("this clock's race is already over"));
        }
        let c = self.get(index)?;
        c.filled = c.filled.saturating_add(by).min(c.segments);
        if c.full()
            && let Some(next) = c.unlocks
            && let Some(n) = self.clocks.get_mut(next)
        {
            n.locked = false;
        }
        Ok(())
    }

    fn remove(&mut self, i: usize) -> Result<(), RulesError> {
        self.get(i)?;
        if self
            .clocks
            .iter()
            .any(|c| c.unlocks == Some(i) || c.rival == Some(i))
        {
            return Err(RulesError::NotAllowed(
                "another clock links to or races this one",
            ));
        }
        self.clocks.remove(i);
        let shift = |r: &mut Option<usize>| {
            if let Some(x) = r.as_mut()
                && *x > i
            {
                *x -= 1;
            }
        };
        for c in &mut self.clocks {
            shift(&mut c.unlocks);
            shift(&mut c.rival);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(c: &mut Clocks, segments: u8) {
        c.apply(&ClockChange::Add {
            name: "x".into(),
            segments,
        })
        .unwrap();
    }

    #[test]
    fn segments_and_ticks() {
        let mut c = Clocks::default();
        assert!(
            c.apply(&ClockChange::Add {
                name: "x".into(),
                segments: 5
            })
            .is_err()
        );
        add(&mut c, 4);
        c.apply(&ClockChange::Tick { index: 0, by: 3 }).unwrap();
        c.apply(&ClockChange::Untick { index: 0, by: 1 }).unwrap();
        c.apply(&ClockChange::Tick { index: 0, by: 9 }).unwrap();
        assert!(c.clocks[0].full());
        assert!(c.apply(&ClockChange::Tick { index: 1, by: 1 }).is_err());
    }

    #[test]
    fn linked_clocks_unlock() {
        let mut c = Clocks::default();
        add(&mut c, 4);
        add(&mut c, 6);
        c.apply(&ClockChange::Link { first: 0, then: 1 }).unwrap();
        assert!(c.apply(&ClockChange::Tick { index: 1, by: 1 }).is_err());
        c.apply(&ClockChange::Tick { index: 0, by: 4 }).unwrap();
        c.apply(&ClockChange::Tick { index: 1, by: 1 }).unwrap();
        assert!(c.apply(&ClockChange::Remove(1)).is_err());
    }

    #[test]
    fn racing_clocks_stop_when_one_fills() {
        let mut c = Clocks::default();
        add(&mut c, 8);
        add(&mut c, 4);
        add(&mut c, 6);
        c.apply(&ClockChange::Race { a: 1, b: 2 }).unwrap();
        c.apply(&ClockChange::Tick { index: 1, by: 4 }).unwrap();
        assert!(c.apply(&ClockChange::Tick { index: 2, by: 1 }).is_err());
        c.apply(&ClockChange::Remove(0)).unwrap();
        assert_eq!((c.clocks[0].rival, c.clocks[1].rival), (Some(1), Some(0)));
    }
}
