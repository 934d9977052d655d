//! Bringing files onto the map: Universal VTT maps (File → Import Universal VTT…, or dropped on
//! the window) and background images (File → Set map background…, or dropped). Reading,
//! decoding and uploading happen on worker threads with a progress bar; the result becomes one
//! undoable command, or a new encounter.

mod autosave_read;
mod background_file;
mod encounter_file;
pub mod job;
mod map_file;

pub use encounter_file::Argument;

use std::path::{Path, PathBuf};

use super::LanternApp;
use crate::files::UVTT_EXTENSIONS;
use background_file::BackgroundLoad;
use map_file::MapImport;

/// Image files a background can be made of.
pub const IMAGE_EXTENSIONS: [&str; 4] = ["png", "jpg", "jpeg", "webp"];

/// What a file is for, judged by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    UvttMap,
    Image,
}

impl FileKind {
    pub fn of(path: &Path) -> Option<Self> {
        let ext = path.extension()?.to_string_lossy().to_ascii_lowercase();
        if UVTT_EXTENSIONS.contains(&ext.as_str()) {
            Some(Self::UvttMap)
        } else if IMAGE_EXTENSIONS.contains(&ext.as_str()) {
            Some(Self::Image)
        } else {
            None
        }
    }
}

/// Imports under way. Held by the app; polled from `App::logic`.
#[derive(Debug, Default)]
pub struct Imports {
    /// Files handed over (by a dialog, a drop or a test) and not started yet.
    queued: Vec<PathBuf>,
    map: Option<MapImport>,
    background: Option<BackgroundLoad>,
    /// A large encounter file being opened.
    encounter: Option<encounter_file::EncounterLoad>,
    /// A large autosave being read at start-up.
    autosave: Option<autosave_read::AutosaveRead>,
    /// The command line's file, read from the start, until it is opened (then it is
    /// `encounter`).
    early: Option<encounter_file::EncounterLoad>,
}

impl Imports {
    /// Whether anything is still being read, decoded or waiting for an answer.
    pub fn busy(&self) -> bool {
        !self.queued.is_empty()
            || self.map.is_some()
            || self.background.is_some()
            || self.encounter.is_some()
            || self.autosave.is_some()
    }

    /// How far the encounter file being opened, or the map being imported, has got.
    pub fn opening_progress(&self) -> Option<&job::Progress> {
        (self.encounter.as_ref().or(self.early.as_ref()))
            .map(encounter_file::EncounterLoad::progress)
            .or_else(|| self.map.as_ref().and_then(MapImport::progress))
    }
}

impl LanternApp {
    /// Imports `path`: a Universal VTT map (asking whether it makes a new encounter or replaces
    /// this one's map) or an image for the map's background. What the file dialogs' answers and
    /// dropped files run; the work starts in the next `logic()`.
    pub fn import_file(&mut self, path: impl Into<PathBuf>) {
        self.imports.queued.push(path.into());
    }

    /// Imports a Universal VTT map straight into a new encounter, without asking where it goes
    /// (`lantern map.dd2vtt` on the command line).
    pub(super) fn import_map_as_new_encounter(&mut self, ctx: &egui::Context, path: PathBuf) {
        self.start_map_import(ctx, path);
        self.import_into_new_encounter();
    }

    /// Whether an import is still under way (tests step frames until it is not).
    pub fn import_busy(&self) -> bool {
        self.imports.busy()
    }

    /// The non-drawing half: dropped files, queued files, finished workers.
    pub(super) fn imports_logic(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        self.imports.queued.extend(dropped);
        for path in std::mem::take(&mut self.imports.queued) {
            self.start_import(ctx, path);
        }
        self.map_import_logic(ctx);
        self.background_logic();
        self.encounter_load_logic();
        self.autosave_read_logic();
    }

    fn start_import(&mut self, ctx: &egui::Context, path: PathBuf) {
        match FileKind::of(&path) {
            Some(FileKind::UvttMap) => self.start_map_import(ctx, path),
            Some(FileKind::Image) => self.start_background(ctx, path),
            None => self.notifications.error(&anyhow::anyhow!(
                "Lantern imports Universal VTT maps (.dd2vtt, .df2vtt, .uvtt) and PNG, JPEG or \
                 WebP images, not {}",
                path.display()
            )),
        }
    }

    /// The drawing half: the question asked about a map, progress bars, the drop hint.
    pub(super) fn imports_ui(&mut self, ctx: &egui::Context) {
        self.map_import_ui(ctx);
        if let Some(load) = &self.imports.background {
            load.progress_ui(ctx);
        }
        self.encounter_load_ui(ctx);
        self.autosave_read_ui(ctx);
        drop_hint_ui(ctx);
    }
}

/// While files are dragged over the window: what dropping them does.
fn drop_hint_ui(ctx: &egui::Context) {
    let hovering = ctx.input(|i| !i.raw.hovered_files.is_empty());
    if !hovering {
        return;
    }
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::unique("drop_hint"),
    ));
    let rect = ctx.content_rect();
    painter.rect_filled(rect, 0.0, egui::Color32::from_black_alpha(150));
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        "Drop a Universal VTT map to import it, or an image to use as the map's background",
        egui::FontId::proportional(22.0),
        egui::Color32::WHITE,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_told_apart_by_extension() {
        assert_eq!(
            FileKind::of(Path::new("a/cave.DD2VTT")),
            Some(FileKind::UvttMap)
        );
        assert_eq!(FileKind::of(Path::new("x.uvtt")), Some(FileKind::UvttMap));
        assert_eq!(FileKind::of(Path::new("yard.jpeg")), Some(FileKind::Image));
        assert_eq!(FileKind::of(Path::new("notes.json")), None);
        assert_eq!(FileKind::of(Path::new("README")), None);
    }
}
