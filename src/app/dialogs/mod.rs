//! File and folder dialogs that always answer: the desktop's native dialog on a background
//! thread when one can be shown, else Lantern's own chooser in the window (`app::chooser`).
//!
//! Which one is used is settled at the first dialog: a session with no portal and no `zenity`
//! (or whose native dialog answers "no path" faster than a person could click) switches to the
//! in-window chooser for the rest of the run. `LANTERN_FILE_DIALOG=lantern` or `=native`
//! chooses up front.

mod native;

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Instant;

use super::chooser::{
    ChooserMode, ChooserOutcome, FileChooser, FileFilter, home_folder, suggested_file_name,
};
use super::library::FolderJob;
use native::NativeAnswer;

/// What the picked path is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogPurpose {
    Open,
    /// Save As; `then` runs after a successful save (e.g. New after "Save" in the unsaved prompt).
    SaveAs {
        then: Option<super::AfterConfirm>,
    },
    /// A Universal VTT map to import.
    ImportMap,
    /// An image for the map's background.
    Background,
    /// An image for the token palette's next token.
    TokenImage,
    /// A picture to add as a handout.
    HandoutImage,
    /// A PNG to export the Map pane's view to, with the players' fog or none.
    Export {
        with_fog: bool,
    },
    /// A folder to copy library entries from or to (the Library menu).
    LibraryFolder(FolderJob),
}

impl DialogPurpose {
    fn mode(&self) -> ChooserMode {
        match self {
            Self::Open
            | Self::ImportMap
            | Self::Background
            | Self::TokenImage
            | Self::HandoutImage => ChooserMode::Open,
            Self::SaveAs { .. } | Self::Export { .. } => ChooserMode::Save,
            Self::LibraryFolder(_) => ChooserMode::Folder,
        }
    }

    fn filter(&self) -> FileFilter {
        match self {
            Self::Open | Self::SaveAs { .. } => FileFilter::Encounter,
            Self::ImportMap => FileFilter::UniversalVtt,
            Self::Background | Self::TokenImage | Self::HandoutImage => FileFilter::Image,
            Self::Export { .. } => FileFilter::Png,
            Self::LibraryFolder(_) => FileFilter::LibraryEntry,
        }
    }

    fn title(&self) -> &'static str {
        match self {
            Self::Open => "Open encounter",
            Self::SaveAs { .. } => "Save encounter as",
            Self::ImportMap => "Import Universal VTT map",
            Self::Background => "Set map background",
            Self::TokenImage => "Token image",
            Self::HandoutImage => "Add a handout",
            Self::Export { .. } => "Export map view as PNG",
            Self::LibraryFolder(job) => job.title(),
        }
    }

    /// Imports only read, so a scripted answer cannot overwrite anything.
    fn reads(&self) -> bool {
        matches!(
            self,
            Self::ImportMap | Self::Background | Self::TokenImage | Self::HandoutImage
        )
    }
}

/// Everything a dialog of either kind needs to show.
#[derive(Clone, Debug)]
pub struct Spec {
    title: String,
    mode: ChooserMode,
    filter: FileFilter,
    folder: PathBuf,
    /// The suggested name when saving.
    file_name: String,
}

/// Which dialogs this session uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DialogBackend {
    /// Native if one can be shown, found out at the first dialog.
    #[default]
    Auto,
    Native,
    /// Lantern's own chooser in the window.
    InWindow,
}

impl DialogBackend {
    /// Chooses the dialogs up front: `lantern` for the in-window chooser, `native` for the
    /// desktop's.
    pub const VAR: &'static str = "LANTERN_FILE_DIALOG";

    fn from_env() -> Self {
        match std::env::var(Self::VAR).as_deref() {
            Ok("lantern") => Self::InWindow,
            Ok("native") => Self::Native,
            _ => Self::Auto,
        }
    }
}

/// A native dialog the user has not answered yet.
struct NativeDialog {
    purpose: DialogPurpose,
    spec: Spec,
    answer: Receiver<NativeAnswer>,
    started: Instant,
}

/// At most one dialog at a time: answers are polled from `App::logic`, the in-window chooser
/// is drawn from `App::ui`.
pub struct FileDialogs {
    backend: DialogBackend,
    native: Option<NativeDialog>,
    chooser: Option<(DialogPurpose, FileChooser)>,
    /// An answer waiting for the next `poll` (the chooser's, or a scripted one).
    answered: Option<DialogResult>,
    /// Folders files were recently picked in, newest first (kept across runs).
    recent_folders: Vec<PathBuf>,
}

impl Default for FileDialogs {
    fn default() -> Self {
        Self {
            backend: DialogBackend::from_env(),
            native: None,
            chooser: None,
            answered: None,
            recent_folders: Vec::new(),
        }
    }
}

/// A dialog the user answered: the purpose and the chosen path.
pub struct DialogResult {
    pub purpose: DialogPurpose,
    pub path: PathBuf,
}

/// When set, the import dialogs (map and background) answer with this path instead of
/// opening: for scripted checks of the real window, so they still go the menu's way. Never used
/// for saving, where a wrong answer would overwrite.
pub const SCRIPTED_ANSWER_VAR: &str = "LANTERN_DIALOG_ANSWER";

fn scripted_answer() -> Option<PathBuf> {
    std::env::var_os(SCRIPTED_ANSWER_VAR).map(PathBuf::from)
}

const MAX_RECENT_FOLDERS: usize = 8;

impl FileDialogs {
    pub fn is_open(&self) -> bool {
        self.native.is_some() || self.chooser.is_some()
    }

    pub fn set_backend(&mut self, backend: DialogBackend) {
        self.backend = backend;
    }

    pub fn recent_folders(&self) -> &[PathBuf] {
        &self.recent_folders
    }

    pub fn set_recent_folders(&mut self, folders: Vec<PathBuf>) {
        self.recent_folders = folders;
        self.recent_folders.truncate(MAX_RECENT_FOLDERS);
    }

    /// The folder of the open chooser, if one is open (tests read it).
    pub fn chooser_folder(&self) -> Option<&Path> {
        self.chooser.as_ref().map(|(_, chooser)| chooser.folder())
    }

    /// Asks for a path (a file, or a folder for `DialogPurpose::LibraryFolder`); ignored while
    /// another dialog is open (dialogs would stack confusingly).
    /// `near` is a file whose folder the dialog starts in (the open encounter's).
    pub fn start(
        &mut self,
        ctx: &egui::Context,
        purpose: DialogPurpose,
        suggested_name: &str,
        near: Option<&Path>,
    ) {
        if self.is_open() {
            return;
        }
        if purpose.reads()
            && let Some(path) = scripted_answer()
        {
            self.answered = Some(DialogResult { purpose, path });
            ctx.request_repaint();
            return;
        }
        let spec = self.spec(&purpose, suggested_name, near);
        if self.backend == DialogBackend::InWindow {
            self.open_chooser(purpose, spec);
            return;
        }
        let probe = self.backend == DialogBackend::Auto;
        self.native = Some(NativeDialog {
            answer: native::spawn(ctx, spec.clone(), probe),
            purpose,
            spec,
            started: Instant::now(),
        });
    }

    fn spec(&self, purpose: &DialogPurpose, suggested_name: &str, near: Option<&Path>) -> Spec {
        let folder = near
            .and_then(Path::parent)
            .filter(|f| f.is_dir())
            .map(Path::to_path_buf)
            .or_else(|| self.recent_folders.iter().find(|f| f.is_dir()).cloned())
            .or_else(home_folder)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("/"));
        let filter = purpose.filter();
        Spec {
            title: purpose.title().to_owned(),
            mode: purpose.mode(),
            filter,
            folder,
            file_name: suggested_file_name(suggested_name, filter),
        }
    }

    fn open_chooser(&mut self, purpose: DialogPurpose, spec: Spec) {
        let name = match spec.mode {
            ChooserMode::Open | ChooserMode::Folder => String::new(),
            ChooserMode::Save => spec.file_name,
        };
        let chooser = FileChooser::new(
            spec.title,
            spec.mode,
            spec.filter,
            spec.folder,
            name,
            self.recent_folders.clone(),
        );
        self.chooser = Some((purpose, chooser));
    }

    /// The answer, once the user chose a path. A native dialog that could not be shown is
    /// replaced by the in-window chooser here, and the session keeps to it.
    pub fn poll(&mut self) -> Option<DialogResult> {
        if let Some(result) = self.answered.take() {
            return Some(result);
        }
        let dialog = self.native.as_ref()?;
        let answer = match dialog.answer.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => NativeAnswer::Answered(None),
        };
        let dialog = self.native.take()?;
        let fell_through = native::fell_through(&answer, dialog.started.elapsed());
        if fell_through && self.backend == DialogBackend::Auto {
            log::warn!(
                "No native file dialog could be shown (no desktop portal, no zenity); \
                 using Lantern's own file chooser"
            );
            self.backend = DialogBackend::InWindow;
            self.open_chooser(dialog.purpose, dialog.spec);
            return None;
        }
        let NativeAnswer::Answered(Some(path)) = answer else {
            return None;
        };
        // A dialog showed and answered: this session has working native dialogs.
        self.backend = DialogBackend::Native;
        Some(self.chosen(dialog.purpose, path))
    }

    fn chosen(&mut self, purpose: DialogPurpose, path: PathBuf) -> DialogResult {
        // A chosen folder is itself the folder to offer again; a chosen file's is its parent.
        let folder = match purpose.mode() {
            ChooserMode::Folder => Some(path.as_path()),
            ChooserMode::Open | ChooserMode::Save => path.parent(),
        };
        if let Some(folder) = folder.filter(|f| !f.as_os_str().is_empty()) {
            super::chooser::remember_folder(&mut self.recent_folders, folder, MAX_RECENT_FOLDERS);
        }
        DialogResult { purpose, path }
    }

    /// Draws the in-window chooser, if open; its answer is picked up by the next `poll`.
    pub fn ui(&mut self, ctx: &egui::Context) {
        let Some((_, chooser)) = &mut self.chooser else {
            return;
        };
        let Some(outcome) = chooser.ui(ctx) else {
            return;
        };
        let Some((purpose, _)) = self.chooser.take() else {
            return;
        };
        if let ChooserOutcome::Chosen(path) = outcome {
            self.answered = Some(self.chosen(purpose, path));
        }
        ctx.request_repaint();
    }
}
