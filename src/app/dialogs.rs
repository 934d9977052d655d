//! Native file dialogs on a background thread, so the window keeps drawing while one is open.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

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
}

/// A dialog the user has not answered yet.
struct OpenDialog {
    purpose: DialogPurpose,
    answer: Receiver<Option<PathBuf>>,
}

/// At most one native dialog at a time, polled from `App::logic`.
#[derive(Default)]
pub struct FileDialogs {
    open: Option<OpenDialog>,
}

/// A dialog the user answered: the purpose and the chosen path.
pub struct DialogResult {
    pub purpose: DialogPurpose,
    pub path: PathBuf,
}

/// When set, the import dialogs (map and background) answer with this path instead of
/// opening: for scripted checks of the real window where no desktop portal runs (Xvfb), so
/// they still go the menu's way. Never used for saving, where a wrong answer would overwrite.
pub const SCRIPTED_ANSWER_VAR: &str = "LANTERN_DIALOG_ANSWER";

fn scripted_answer() -> Option<PathBuf> {
    std::env::var_os(SCRIPTED_ANSWER_VAR).map(PathBuf::from)
}

const FILTER_NAME: &str = "Lantern encounter";
const FILTER_EXTENSIONS: [&str; 1] = ["json"];

impl FileDialogs {
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Shows a native dialog; ignored while another is open (the OS would stack them confusingly).
    pub fn start(&mut self, ctx: &egui::Context, purpose: DialogPurpose, suggested_name: &str) {
        if self.is_open() {
            return;
        }
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        let file_name = format!("{suggested_name}.json");
        let kind = purpose.clone();
        std::thread::spawn(move || {
            let import = matches!(kind, DialogPurpose::ImportMap | DialogPurpose::Background);
            if let Some(path) = scripted_answer().filter(|_| import) {
                let _ = tx.send(Some(path));
                ctx.request_repaint();
                return;
            }
            let encounters = || rfd::FileDialog::new().add_filter(FILTER_NAME, &FILTER_EXTENSIONS);
            let path = match kind {
                DialogPurpose::Open => encounters().set_title("Open encounter").pick_file(),
                DialogPurpose::SaveAs { .. } => encounters()
                    .set_title("Save encounter as")
                    .set_file_name(file_name)
                    .save_file(),
                DialogPurpose::ImportMap => rfd::FileDialog::new()
                    .add_filter("Universal VTT map", &crate::files::UVTT_EXTENSIONS)
                    .set_title("Import Universal VTT map")
                    .pick_file(),
                DialogPurpose::Background => rfd::FileDialog::new()
                    .add_filter("Image", &super::import::IMAGE_EXTENSIONS)
                    .set_title("Set map background")
                    .pick_file(),
            };
            // The app may have quit meanwhile; then nobody wants the answer.
            let _ = tx.send(path);
            ctx.request_repaint();
        });
        self.open = Some(OpenDialog {
            purpose,
            answer: rx,
        });
    }

    /// The answer, once the user closed the dialog with a path chosen.
    pub fn poll(&mut self) -> Option<DialogResult> {
        let dialog = self.open.as_ref()?;
        let answer = match dialog.answer.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => None,
        };
        let purpose = self.open.take()?.purpose;
        answer.map(|path| DialogResult { purpose, path })
    }
}
