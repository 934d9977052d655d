//! Reading the autosave an earlier run left, on a worker when it is large: a 242 MB autosave
//! took 2.3 s to read and check, and the window drew nothing until then. The window draws at
//! once; the restore question comes when the read lands, and a file named on the command line
//! waits for that question as it always has (`open_argument_when_free`).

use super::job::{Job, progress_ui};
use crate::app::LanternApp;
use crate::app::autosave::{Autosave, RestoreOffer};
use crate::app::prompts::Prompt;

/// Autosaves up to this size are read in the frame that starts the app, as before.
const READ_ON_THE_SPOT_BYTES: u64 = 4 << 20;

/// The autosave being read.
#[derive(Debug)]
pub struct AutosaveRead {
    job: Job<Option<RestoreOffer>>,
}

impl LanternApp {
    /// Offers to restore the autosave an earlier run left, if any: at once for a small one, from
    /// a worker for a large one.
    pub(crate) fn offer_restore(&mut self, ctx: &egui::Context) {
        let Some(autosave) = self.autosave.clone() else {
            return;
        };
        let size = std::fs::metadata(autosave.encounter_path()).map_or(0, |m| m.len());
        if size <= READ_ON_THE_SPOT_BYTES {
            let found = autosave.find();
            self.restore_found(found);
            return;
        }
        let job = Job::spawn(ctx, move |progress| {
            progress.set("Reading the autosave", 0.3);
            Autosave::find(&autosave)
        });
        self.imports.autosave = Some(AutosaveRead { job });
    }

    fn restore_found(&mut self, found: anyhow::Result<Option<RestoreOffer>>) {
        match found {
            Ok(Some(offer)) => self.prompt = Some(Prompt::Restore(Box::new(offer))),
            Ok(None) => {}
            Err(err) => self.notifications.error(&err),
        }
    }

    /// Asks the restore question once the worker has read the autosave.
    pub(super) fn autosave_read_logic(&mut self) {
        let Some(read) = &mut self.imports.autosave else {
            return;
        };
        let Some(found) = read.job.poll() else {
            return;
        };
        self.imports.autosave = None;
        self.restore_found(found);
    }

    pub(super) fn autosave_read_ui(&self, ctx: &egui::Context) {
        if let Some(read) = &self.imports.autosave {
            progress_ui(ctx, "autosave-read", "Reading the autosave…", &read.job);
        }
    }

    /// Whether the autosave is still being read (a file to open waits for the question).
    pub(crate) fn reading_autosave(&self) -> bool {
        self.imports.autosave.is_some()
    }
}
