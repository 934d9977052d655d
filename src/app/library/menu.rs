//! The Library menu: save the map, and import or export a whole folder of entries. The folder
//! is asked for through the app's dialogs (`app::dialogs`), so it can always be chosen, native
//! dialog or not; the answer comes back to `LibraryState::copy_folder`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use super::LibraryState;
use crate::app::LanternApp;
use crate::app::dialogs::DialogPurpose;
use crate::app::import::job::{Job, progress_ui};
use crate::library::{CopyReport, copy_entries_with};

/// What a picked folder is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FolderJob {
    /// Copy the picked folder's entries into the library.
    Import,
    /// Copy the library's entries into the picked folder.
    Export,
}

impl FolderJob {
    /// The folder dialog's title.
    pub(crate) fn title(self) -> &'static str {
        match self {
            Self::Import => "Import library entries from",
            Self::Export => "Export the library to",
        }
    }
}

impl LanternApp {
    pub(crate) fn library_menu_ui(&mut self, ui: &mut egui::Ui) {
        let has_dir = self.library.dir.is_some();
        if ui
            .add_enabled(has_dir, egui::Button::new("Save map to library"))
            .on_hover_text("Keep this map (background, grid, walls, doors, terrain, lights; no tokens) in the library")
            .clicked()
        {
            self.save_map_to_library(ui.ctx());
            ui.close();
        }
        ui.separator();
        for (job, label) in [
            (FolderJob::Import, "Import library folder…"),
            (FolderJob::Export, "Export library folder…"),
        ] {
            if ui.add_enabled(has_dir, egui::Button::new(label)).clicked() {
                self.start_dialog(ui.ctx(), DialogPurpose::LibraryFolder(job));
                ui.close();
            }
        }
        if ui
            .add_enabled(has_dir, egui::Button::new("Reload library"))
            .clicked()
        {
            if let Some(dir) = self.library.dir.clone() {
                self.library.open(ui.ctx(), dir);
            }
            ui.close();
        }
    }
}

/// A folder being copied in or out on a worker (2,000 entries took 4.8 s, the window frozen,
/// when the copy ran in the frame).
#[derive(Debug)]
pub(crate) struct Copying {
    job: Job<CopyReport>,
    what: FolderJob,
    to: PathBuf,
}

impl LibraryState {
    /// Starts an import or export with the folder the dialog answered on a worker; its report
    /// (how many entries went, and each left out) comes when it is done ([`Self::copy_logic`]).
    pub(crate) fn copy_folder(&mut self, ctx: &egui::Context, job: FolderJob, picked: &Path) {
        let Some(dir) = self.dir.clone() else {
            // The menu items need a library; it cannot have gone while the dialog was open.
            return;
        };
        let (from, to) = match job {
            FolderJob::Import => (picked.to_path_buf(), dir),
            FolderJob::Export => (dir, picked.to_path_buf()),
        };
        let worker_to = to.clone();
        let work = Job::spawn(ctx, move |progress| {
            let report = |done: usize, total: usize| {
                progress.set("Copying entries", done as f32 / total.max(1) as f32);
                true
            };
            copy_entries_with(&from, &worker_to, &report).with_context(|| {
                format!("could not copy library entries to {}", worker_to.display())
            })
        });
        self.copying = Some(Copying {
            job: work,
            what: job,
            to,
        });
    }

    /// Takes a finished copy's report (an import then reads the library again).
    pub(super) fn copy_logic(&mut self, ctx: &egui::Context) {
        let Some(copying) = &mut self.copying else {
            return;
        };
        let Some(result) = copying.job.poll() else {
            return;
        };
        let (what, to) = (copying.what, copying.to.clone());
        self.copying = None;
        match result {
            Ok(report) => {
                let mut text = format!(
                    "Copied {} library entries to {}",
                    report.copied.len(),
                    to.display()
                );
                for (file, err) in &report.failed {
                    let _ = write!(text, "\nLeft out {file}: {err}");
                }
                self.messages.push(Ok(text));
                if what == FolderJob::Import
                    && let Some(dir) = self.dir.clone()
                {
                    self.open(ctx, dir);
                }
            }
            Err(err) => self.messages.push(Err(err)),
        }
    }

    /// The copy's progress, while one runs.
    pub(super) fn copy_ui(&self, ctx: &egui::Context) {
        if let Some(copying) = &self.copying {
            let title = match copying.what {
                FolderJob::Import => "Importing library entries…",
                FolderJob::Export => "Exporting the library…",
            };
            progress_ui(ctx, "library-copy", title, &copying.job);
        }
    }
}

impl LanternApp {
    /// Imports (`import`) the entries of `folder` into the library, or exports the library
    /// into it, on a worker: what the Library menu's items do once their folder is picked.
    pub fn copy_library_folder(&mut self, ctx: &egui::Context, import: bool, folder: &Path) {
        let job = if import {
            FolderJob::Import
        } else {
            FolderJob::Export
        };
        self.library.copy_folder(ctx, job, folder);
    }
}
