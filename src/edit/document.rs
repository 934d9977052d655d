//! An open encounter: the model, its history, where it lives on disk and whether it is saved.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use super::History;
use crate::model::{Command, CommandError, Encounter};

/// The encounter being edited, with undo history and save state. The shell holds one.
#[derive(Clone, Debug, Default)]
pub struct Document {
    pub encounter: Encounter,
    history: History,
    /// Where it was last saved or opened from; `None` for a new or built-in encounter.
    pub path: Option<PathBuf>,
    /// History marker at the last save (`None`: never saved in this state).
    saved_marker: Option<u64>,
    /// History marker at the last autosave.
    autosaved_marker: Option<u64>,
    /// Names the encounter's state: see [`Document::revision`].
    revision: u64,
}

/// The last revision handed out, by any document: two states never share one.
static REVISIONS: AtomicU64 = AtomicU64::new(0);

fn next_revision() -> u64 {
    REVISIONS.fetch_add(1, Ordering::Relaxed) + 1
}

impl Document {
    /// A document for an encounter that matches its file (or a built-in one: nothing to save).
    pub fn new(encounter: Encounter, path: Option<PathBuf>) -> Self {
        Self {
            encounter,
            history: History::default(),
            path,
            saved_marker: Some(0),
            autosaved_marker: Some(0),
            revision: next_revision(),
        }
    }

    /// A document restored from an autosave: it has unsaved changes relative to `path`.
    pub fn restored(encounter: Encounter, path: Option<PathBuf>) -> Self {
        Self {
            saved_marker: None,
            autosaved_marker: Some(0),
            ..Self::new(encounter, path)
        }
    }

    pub fn apply(&mut self, command: Command) -> Result<(), CommandError> {
        self.touch();
        self.history.apply(&mut self.encounter, command)
    }

    /// A number naming the encounter's state: it changes with every change made through the
    /// document (and never comes back, in any document), so what is derived from the encounter
    /// can be kept while it stays — the map compares a large encounter's terrain only when it
    /// moves. Whoever changes `encounter` directly calls [`Self::touch`].
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Gives the encounter a new revision.
    pub fn touch(&mut self) {
        self.revision = next_revision();
    }

    /// Applies `command` as part of the state the document was opened in: no undo step, and a
    /// clean document stays clean. For what opening itself brings (fog turned on, the cells the
    /// party sees from where it stands), which is not the user's edit to save or undo.
    pub fn apply_as_opened(&mut self, command: Command) -> Result<(), CommandError> {
        self.touch();
        super::apply(&mut self.encounter, command).map(|_| ())
    }

    /// Applies `command` as part of the newest undo step (see [`History::amend_last`]).
    pub fn amend_last(&mut self, command: Command) -> Result<(), CommandError> {
        self.touch();
        self.history.amend_last(&mut self.encounter, command)
    }

    pub fn undo(&mut self) -> Result<Option<&'static str>, CommandError> {
        self.touch();
        self.history.undo(&mut self.encounter)
    }

    pub fn redo(&mut self) -> Result<Option<&'static str>, CommandError> {
        self.touch();
        self.history.redo(&mut self.encounter)
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// Whether the encounter differs from what was last saved.
    pub fn is_dirty(&self) -> bool {
        self.saved_marker != Some(self.history.marker())
    }

    /// Whether there are changes the autosave has not written yet.
    pub fn needs_autosave(&self) -> bool {
        self.is_dirty() && self.autosaved_marker != Some(self.history.marker())
    }

    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.saved_marker = Some(self.history.marker());
        self.autosaved_marker = self.saved_marker;
    }

    pub fn mark_autosaved(&mut self) {
        self.autosaved_marker = Some(self.history.marker());
    }

    /// The file name shown in the title bar.
    pub fn file_name(&self) -> Option<String> {
        self.path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
    }
}
