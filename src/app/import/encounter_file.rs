//! Opening a large encounter file on a worker: reading and checking 130 MB of JSON (a map of
//! four million obstacle cells) and building its board's geometry take a second or more, and
//! the window keeps drawing meanwhile,
//! with the progress at the bottom. The open encounter stays until the new one is ready; a file
//! that fails leaves it open, with the message. Small files open on the spot, as before.

use std::path::{Path, PathBuf};

use anyhow::Context as _;

use super::job::{Job, progress_ui};
use crate::app::LanternApp;
use crate::board::Scene;
use crate::edit::Document;
use crate::files::load_encounter;
use crate::model::Encounter;

/// Files up to this size open in the frame that asks (a few tens of milliseconds at most).
const OPEN_ON_THE_SPOT_BYTES: u64 = 4 << 20;

/// An encounter file being read and checked.
#[derive(Debug)]
pub struct EncounterLoad {
    path: PathBuf,
    job: Job<(Encounter, Scene)>,
}

impl EncounterLoad {
    fn progress_ui(&self, ctx: &egui::Context) {
        let name = self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let title = format!("Opening {}…", crate::app::text::name(&name));
        progress_ui(ctx, "encounter-file", &title, &self.job);
    }
}

impl LanternApp {
    /// Opens `path` on a worker when it is large; returns whether it did (else the caller
    /// opens it on the spot).
    pub(crate) fn open_large_file(&mut self, ctx: &egui::Context, path: &Path) -> bool {
        let large = std::fs::metadata(path).is_ok_and(|m| m.len() > OPEN_ON_THE_SPOT_BYTES);
        if !large {
            return false;
        }
        let worker_path = path.to_path_buf();
        let job = Job::spawn(ctx, move |progress| {
            progress.set("Reading and checking", 0.3);
            let encounter = load_encounter(&worker_path)
                .with_context(|| format!("Could not open {}", worker_path.display()))?;
            // The board's geometry too: for such a map it is a large part of the work.
            progress.set("Building the board", 0.8);
            let scene = Scene::new(&encounter);
            Ok((encounter, scene))
        });
        self.imports.encounter = Some(EncounterLoad {
            path: path.to_path_buf(),
            job,
        });
        true
    }

    /// Takes the opened encounter when the worker is done.
    pub(super) fn encounter_load_logic(&mut self) {
        let Some(load) = &mut self.imports.encounter else {
            return;
        };
        let Some(result) = load.job.poll() else {
            return;
        };
        let path = load.path.clone();
        self.imports.encounter = None;
        match result {
            Ok((encounter, scene)) => {
                self.replace_document(Document::new(encounter, Some(path.clone())));
                self.map_view.adopt_scene(&self.document.encounter, scene);
                self.recent.push(&path);
            }
            Err(err) => self.notifications.error(&err),
        }
    }

    pub(super) fn encounter_load_ui(&self, ctx: &egui::Context) {
        if let Some(load) = &self.imports.encounter {
            load.progress_ui(ctx);
        }
    }
}
