//! Opening a large encounter file on a worker: reading and checking 130 MB of JSON (a map of
//! four million obstacle cells) and building its board's geometry take a second or more, and
//! the window keeps drawing meanwhile,
//! with the progress at the bottom. The open encounter stays until the new one is ready; a file
//! that fails leaves it open, with the message. Small files open on the spot, as before.
//!
//! A large file named on the command line is read from the moment the process starts
//! ([`Argument::read_early`]), while the window and its renderer come up.

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

/// A file named on the command line (`lantern FILE`), and, when it is a large encounter file,
/// its reading already under way: the window and its renderer take a few tenths of a second
/// to come up (more where a frame is drawn in software), and the file is read meanwhile.
#[derive(Debug)]
pub struct Argument {
    path: PathBuf,
    early: Option<EncounterLoad>,
}

impl Argument {
    /// Starts reading `path` now if it is a large encounter file; maps and pictures wait for
    /// the window (their pictures go straight to textures).
    pub fn read_early(path: PathBuf) -> Self {
        let early =
            (super::FileKind::of(&path).is_none() && is_large(&path)).then(|| EncounterLoad {
                path: path.clone(),
                job: Job::spawn_before_window(load_work(path.clone())),
            });
        Self { path, early }
    }
}

fn is_large(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() > OPEN_ON_THE_SPOT_BYTES)
}

/// Reads and checks the file, then builds its board's geometry (for such a map a large part of
/// the work).
fn load_work(
    path: PathBuf,
) -> impl FnOnce(&super::job::Progress) -> anyhow::Result<(Encounter, Scene)> + Send + 'static {
    move |progress| {
        progress.set("Reading and checking", 0.3);
        let encounter =
            load_encounter(&path).with_context(|| format!("Could not open {}", path.display()))?;
        progress.set("Building the board", 0.8);
        let scene = Scene::new(&encounter);
        Ok((encounter, scene))
    }
}

impl EncounterLoad {
    pub(super) fn progress(&self) -> &super::job::Progress {
        self.job.progress()
    }

    fn progress_ui(&self, ctx: &egui::Context) {
        let name = crate::app::text::file_name(&self.path);
        let title = format!("Opening {}…", crate::app::text::name(&name));
        progress_ui(ctx, "encounter-file", &title, &self.job);
    }
}

impl LanternApp {
    /// Opens a file named on the command line, its reading perhaps already under way.
    pub fn open_argument_read_early(&mut self, argument: Argument) {
        self.imports.early = argument.early;
        self.open_argument(argument.path);
    }

    /// Opens `path` on a worker when it is large; returns whether it did (else the caller
    /// opens it on the spot). The command line's file, read early, is taken over.
    pub(crate) fn open_large_file(&mut self, ctx: &egui::Context, path: &Path) -> bool {
        if let Some(early) = self.imports.early.take_if(|early| early.path == path) {
            early.job.attach(ctx);
            self.imports.encounter = Some(early);
            return true;
        }
        if !is_large(path) {
            return false;
        }
        let job = Job::spawn(ctx, load_work(path.to_path_buf()));
        self.imports.encounter = Some(EncounterLoad {
            path: path.to_path_buf(),
            job,
        });
        true
    }

    /// Lets go of the command line's file read early once it will not be opened (the user
    /// kept restored work instead): an encounter of hundreds of megabytes is not held for
    /// nothing.
    pub(in crate::app) fn drop_unwanted_early_read(&mut self) {
        if self.imports.early.is_some() && self.argument.is_none() && self.prompt.is_none() {
            self.imports.early = None;
        }
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
