//! The narrow context every pane's `*_ui` function receives (rerun's `ViewerContext`).

use std::collections::BTreeSet;

use crate::model::{Command, Encounter, TokenId};

/// Which tokens the GM has selected. View state: never saved with the encounter.
pub type Selection = BTreeSet<TokenId>;

/// What a pane may read and the only way it may change the encounter: by queueing commands.
///
/// The app applies queued commands after all panes have drawn, so every pane in a frame sees the
/// same encounter.
pub struct PaneContext<'a> {
    pub encounter: &'a Encounter,
    pub commands: &'a mut Vec<Command>,
    pub selection: &'a mut Selection,
}

impl PaneContext<'_> {
    /// Queues a command to apply at the end of the frame as one undo step.
    pub fn command(&mut self, command: Command) {
        self.commands.push(command);
    }
}
