//! The Library menu: save the map, and import or export a whole folder of entries. The folder
//! is asked for through the app's dialogs (`app::dialogs`), so it can always be chosen, native
//! dialog or not; the answer comes back to `LibraryState::copy_folder`.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context as _;

use super::LibraryState;
use crate::app::LanternApp;
use crate::app::dialogs::DialogPurpose;
use crate::library::copy_entries;

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

impl LibraryState {
    /// Runs an import or export with the folder the dialog answered, and reports it: how many
    /// entries went, and each left out.
    pub(crate) fn copy_folder(&mut self, ctx: &egui::Context, job: FolderJob, picked: &Path) {
        let Some(dir) = self.dir.clone() else {
            // The menu items need a library; it cannot have gone while the dialog was open.
            return;
        };
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
