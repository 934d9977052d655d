//! Undo and redo: a stack of applied commands with their inverses.

use super::apply;
use crate::model::{Command, CommandError, Encounter};

/// One undoable step: one user gesture.
#[derive(Clone, Debug)]
struct Step {
    forward: Command,
    inverse: Command,
    /// Unique per step, so "is the encounter as it was saved?" is one comparison.
    serial: u64,
}

/// The undo and redo stacks of one open encounter.
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// The last serial handed out: serials count up and are never reused, so a marker names one
    /// state for the history's whole life (a stack depth would repeat after undo or truncation).
    next_serial: u64,
    /// The marker of the state below the oldest kept step: 0 until a step falls off the bottom,
    /// then that step's serial, so undoing to the bottom of a truncated history is not mistaken
    /// for the state the history started from.
    bottom: u64,
}

impl History {
    /// How many steps are kept; older ones fall off the bottom.
    pub const MAX_STEPS: usize = 500;

    /// Applies `command` as one new step; clears the redo stack.
    pub fn apply(
        &mut self,
        encounter: &mut Encounter,
        command: Command,
    ) -> Result<(), CommandError> {
        let inverse = apply(encounter, command.clone())?;
        let serial = self.fresh_serial();
        self.undo.push(Step {
            forward: command,
            inverse,
            serial,
        });
        if self.undo.len() > Self::MAX_STEPS {
            let dropped = self.undo.remove(0);
            self.bottom = dropped.serial;
        }
        self.redo.clear();
        Ok(())
    }

    /// Applies `command` as part of the newest step rather than as a step of its own: for what
    /// that step's change led to (the cells a move let the party see), so one undo takes back
    /// both and redo replays both. With no step to join, `command` becomes a step.
    pub fn amend_last(
        &mut self,
        encounter: &mut Encounter,
        command: Command,
    ) -> Result<(), CommandError> {
        let Some(step) = self.undo.last_mut() else {
            return self.apply(encounter, command);
        };
        let inverse = apply(encounter, command.clone())?;
        let forward = std::mem::replace(&mut step.forward, Command::Batch(Vec::new()));
        step.forward = Command::Batch(vec![forward, command]);
        let older = std::mem::replace(&mut step.inverse, Command::Batch(Vec::new()));
        step.inverse = Command::Batch(vec![inverse, older]);
        // The step now leads to a different state than the one a save may have recorded.
        self.next_serial += 1;
        step.serial = self.next_serial;
        Ok(())
    }

    fn fresh_serial(&mut self) -> u64 {
        self.next_serial += 1;
        self.next_serial
    }

    /// Undoes the newest step, returning its label, or `None` when there is nothing to undo.
    pub fn undo(
        &mut self,
        encounter: &mut Encounter,
    ) -> Result<Option<&'static str>, CommandError> {
        let Some(step) = self.undo.pop() else {
            return Ok(None);
        };
        match apply(encounter, step.inverse.clone()) {
            Ok(_) => {
                let label = step.forward.label();
                self.redo.push(step);
                Ok(Some(label))
            }
            Err(err) => {
                self.undo.push(step);
                Err(err)
            }
        }
    }

    /// Redoes the newest undone step, returning its label, or `None` when there is nothing to redo.
    pub fn redo(
        &mut self,
        encounter: &mut Encounter,
    ) -> Result<Option<&'static str>, CommandError> {
        let Some(step) = self.redo.pop() else {
            return Ok(None);
        };
        match apply(encounter, step.forward.clone()) {
            Ok(inverse) => {
                let label = step.forward.label();
                self.undo.push(Step { inverse, ..step });
                Ok(Some(label))
            }
            Err(err) => {
                self.redo.push(step);
                Err(err)
            }
        }
    }

    pub fn undo_label(&self) -> Option<&'static str> {
        self.undo.last().map(|s| s.forward.label())
    }

    pub fn redo_label(&self) -> Option<&'static str> {
        self.redo.last().map(|s| s.forward.label())
    }

    /// Whether the step that left `marker` (a [`Self::marker`] taken right after it) is in
    /// effect now: on the undo stack, not undone. Redo puts a step back with its marker, so it
    /// holds again; a step that fell off the bottom no longer counts.
    #[must_use]
    pub fn holds(&self, marker: u64) -> bool {
        self.undo.iter().any(|s| s.serial == marker)
    }

    /// Identifies the current state: equal markers mean the same sequence of applied steps.
    /// Markers never repeat for different states, whatever mix of edits, undos, redos and
    /// truncation past [`Self::MAX_STEPS`] led there.
    pub fn marker(&self) -> u64 {
        self.undo.last().map_or(self.bottom, |s| s.serial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_holds_until_undone_and_again_once_redone() {
        let mut encounter = Encounter::default();
        let mut history = History::default();
        history
            .apply(&mut encounter, Command::SetName("A".into()))
            .unwrap();
        let first = history.marker();
        history
            .apply(&mut encounter, Command::SetName("B".into()))
            .unwrap();
        let second = history.marker();
        assert!(history.holds(first) && history.holds(second));
        history.undo(&mut encounter).unwrap();
        assert!(history.holds(first) && !history.holds(second));
        history.redo(&mut encounter).unwrap();
        assert!(history.holds(second));
        // Amending the newest step gives it a new marker: the old one no longer holds.
        history
            .amend_last(&mut encounter, Command::SetName("C".into()))
            .unwrap();
        assert!(!history.holds(second) && history.holds(history.marker()));
    }

    #[test]
    fn amending_a_step_gives_it_a_new_marker() {
        // A save between a move and its exploring must not count the explored cells as saved.
        let mut encounter = Encounter::default();
        let mut history = History::default();
        history
            .apply(&mut encounter, Command::SetName("a".into()))
            .unwrap();
        let saved = history.marker();
        history
            .amend_last(&mut encounter, Command::SetName("b".into()))
            .unwrap();
        assert_ne!(history.marker(), saved);
        assert_ne!(history.marker(), 0);
    }

    #[test]
    fn exploring_joins_the_move_that_revealed_it_in_undo_and_redo() {
        use crate::model::{Cell, FogCommand, RuleSystem, Side, Token, TokenId};
        let mut enc = Encounter::new("fog", RuleSystem::Evening);
        enc.tokens.push(Token::new(
            TokenId(1),
            "Scout",
            Side::Party,
            Cell::new(0, 0),
        ));
        let mut history = History::default();
        let step = Command::MoveToken {
            id: TokenId(1),
            to: Cell::new(4, 0),
        };
        history.apply(&mut enc, step).unwrap();
        let explore = Command::Fog(FogCommand::Explore(vec![Cell::new(5, 0), Cell::new(6, 0)]));
        history.amend_last(&mut enc, explore).unwrap();
        assert_eq!(history.undo_label(), Some("Move token"));

        history.undo(&mut enc).unwrap();
        assert_eq!(history.undo_label(), None, "still one step");
        assert_eq!(enc.tokens[0].cell, Cell::new(0, 0));
        assert!(enc.fog.explored.is_empty());
        history.redo(&mut enc).unwrap();
        assert_eq!(enc.tokens[0].cell, Cell::new(4, 0));
        assert_eq!(enc.fog.explored.len(), 2);
    }
}
