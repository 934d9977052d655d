//! The Library menu: save the map, and import or export a whole folder of entries.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::mpsc::channel;

use anyhow::Context as _;

use super::LibraryState;
use crate::app::LanternApp;
use crate::library::copy_entries;

/// What a picked folder is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FolderJob {
    /// Copy the picked folder's entries into the library.
    Import,
    /// Copy the library's entries into the picked folder.
    Export,
}

impl FolderJob {
    fn title(self) -> &'static str {
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
                self.library.pick_folder(ui.ctx(), job);
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

impl LibraryState {
    fn pick_folder(&mut self, ctx: &egui::Context, job: FolderJob) {
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let folder = rfd::FileDialog::new().set_title(job.title()).pick_folder();
            let _ = tx.send(folder);
            ctx.request_repaint();
        });
        self.folder_dialog = Some((job, rx));
    }

    pub(super) fn poll_folder_dialog(&mut self, ctx: &egui::Context) {
        let Some((job, answer)) = self
            .folder_dialog
            .as_ref()
            .and_then(|(job, rx)| Some((*job, rx.try_recv().ok()?)))
        else {
            return;
        };
        self.folder_dialog = None;
        if let (Some(picked), Some(dir)) = (answer, self.dir.clone()) {
            self.copy_folder(ctx, job, &picked, dir);
        }
    }

    /// Runs an import or export and reports it: how many entries went, and each left out.
    fn copy_folder(
        &mut self,
        ctx: &egui::Context,
        job: FolderJob,
        picked: &std::path::Path,
        dir: PathBuf,
    ) {
        let (from, to) = match job {
            FolderJob::Import => (picked, dir.as_path()),
            FolderJob::Export => (dir.as_path(), picked),
        };
        let result = copy_entries(from, to)
            .with_context(|| format!("could not copy library entries to {}", to.display()));
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
                if job == FolderJob::Import {
                    self.open(ctx, dir);
                }
            }
            Err(err) => self.messages.push(Err(err)),
        }
    }
}
