//! Lantern's own file chooser, drawn inside the window as a modal: what the file dialogs use
//! when no native dialog can be shown (no desktop portal and no zenity, e.g. a bare X server
//! or many tiling window managers), and what the UI tests drive.
//!
//! Folders are browsed by clicking them (Parent, Home and recent folders on the side); files
//! are filtered by kind; saving has a name field and asks before replacing a file. Enter
//! confirms, Esc cancels. The listing and name rules live in the egui-free `listing`.
//!
//! Choosing a folder works as GTK's folder chooser does: a click selects a subfolder and a
//! double click enters it; "Choose" answers with the selected subfolder, or with the folder
//! shown when none is selected. A click on the selected subfolder enters it too, so a slow
//! machine whose frames outlast a double click's interval can still go down (and entering the
//! selected subfolder never changes what "Choose" answers). Files are listed greyed, for
//! orientation only.

mod listing;

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers, RichText};

use listing::{Entry, list_folder, save_target};
pub use listing::{FileFilter, remember_folder, suggested_file_name};

/// Whether the chooser picks an existing file, names one to write, or picks a folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChooserMode {
    Open,
    Save,
    /// An existing folder: the selected subfolder, else the one shown.
    Folder,
}

/// How the user closed the chooser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChooserOutcome {
    Chosen(PathBuf),
    Cancelled,
}

/// An open chooser: the folder shown, its listing, the typed name.
#[derive(Debug)]
pub struct FileChooser {
    title: String,
    mode: ChooserMode,
    filter: FileFilter,
    folder: PathBuf,
    /// The folder's entries, or why it could not be read.
    listing: Result<Vec<Entry>, String>,
    /// The name field: the picked file when opening, the new name when saving, the selected
    /// subfolder when choosing a folder.
    name: String,
    show_hidden: bool,
    recent_folders: Vec<PathBuf>,
    /// A save target that exists, waiting for the user to say "Replace".
    replacing: Option<PathBuf>,
    /// Why the last confirm did nothing (no name, no such file).
    problem: Option<String>,
    /// The name field takes the keyboard on the first frame, so typing goes there (and not to
    /// the map's tool keys under the modal).
    focus_name: bool,
}

/// What a click or key asked the chooser to do this frame.
enum Step {
    GoTo(PathBuf),
    Pick(String),
    /// Pick this file and confirm at once (a double click). It carries the name: on a slow
    /// frame both clicks arrive together, before the first one's pick was ever made.
    PickAndConfirm(String),
    Confirm,
    Cancel,
}

impl FileChooser {
    pub fn new(
        title: impl Into<String>,
        mode: ChooserMode,
        filter: FileFilter,
        folder: PathBuf,
        name: String,
        recent_folders: Vec<PathBuf>,
    ) -> Self {
        let mut chooser = Self {
            title: title.into(),
            mode,
            filter,
            folder: PathBuf::new(),
            listing: Ok(Vec::new()),
            name,
            show_hidden: false,
            recent_folders,
            replacing: None,
            problem: None,
            focus_name: true,
        };
        chooser.go_to(folder);
        chooser
    }

    /// The folder being shown.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    fn go_to(&mut self, folder: PathBuf) {
        if self.mode == ChooserMode::Folder {
            // A subfolder selected in the folder left behind is no choice in the new one.
            self.name.clear();
        }
        self.folder = folder;
        self.replacing = None;
        self.problem = None;
        self.refresh();
    }

    fn refresh(&mut self) {
        self.listing = list_folder(&self.folder, self.filter, self.show_hidden).map_err(|err| {
            let message = format!("Could not read the folder: {err}");
            log::warn!("{message} ({})", self.folder.display());
            message
        });
    }

    /// Enter or the Open/Save button: the chosen file, or `None` with the reason shown (or the
    /// replace question asked, or a typed folder entered).
    fn confirm(&mut self) -> Option<PathBuf> {
        self.problem = None;
        match self.mode {
            ChooserMode::Open => self.confirm_open(),
            ChooserMode::Save => self.confirm_save(),
            ChooserMode::Folder => self.confirm_folder(),
        }
    }

    /// The folder named in the field (a selected subfolder, or a typed name or path), else the
    /// folder shown, unless it cannot be read (its message is already shown).
    fn confirm_folder(&mut self) -> Option<PathBuf> {
        let typed = self.name.trim();
        if typed.is_empty() {
            return self.listing.is_ok().then(|| self.folder.clone());
        }
        let path = self.folder.join(typed);
        if !path.is_dir() {
            self.problem = Some(format!("There is no folder named “{typed}” here"));
            return None;
        }
        Some(path)
    }

    fn confirm_open(&mut self) -> Option<PathBuf> {
        let typed = self.name.trim();
        if typed.is_empty() {
            self.problem = Some("Pick a file".to_owned());
            return None;
        }
        let path = self.folder.join(typed);
        if path.is_dir() {
            self.name.clear();
            self.go_to(path);
            return None;
        }
        if !path.is_file() {
            self.problem = Some(format!("There is no file named “{typed}” here"));
            return None;
        }
        Some(path)
    }

    fn confirm_save(&mut self) -> Option<PathBuf> {
        let path = match save_target(&self.folder, &self.name, self.filter) {
            Ok(path) => path,
            Err(err) => {
                self.problem = Some(err.to_string());
                return None;
            }
        };
        if path.exists() && self.replacing.as_ref() != Some(&path) {
            self.replacing = Some(path);
            return None;
        }
        Some(path)
    }

    /// Draws the chooser; `Some` once the user chose a file or cancelled.
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<ChooserOutcome> {
        if self.focus_name {
            // egui sizes a new area on its first frame without showing it: draw a second one
            // now, not at the next input event.
            ctx.request_repaint();
        }
        // Keys first, so the map and panes under the modal never see them.
        let mut step = keys_step(ctx);
        let modal = egui::Modal::new(egui::Id::unique("lantern_file_chooser")).show(ctx, |ui| {
            ui.set_width(680.0);
            ui.heading(&self.title);
            let mut clicked = self.folder_bar_ui(ui);
            ui.separator();
            ui.horizontal_top(|ui| {
                clicked = clicked.take().or(self.places_ui(ui));
                // Space, not a separator: a vertical separator takes all the height it is
                // given, and a modal's area grows to fit it every frame.
                ui.add_space(12.0);
                clicked = clicked.take().or(self.listing_ui(ui));
            });
            ui.separator();
            clicked.or(self.bottom_ui(ui))
        });
        step = step.or(modal.inner);
        let step = step?;
        // The frame was drawn before the step: show its result now, not at the next event.
        ctx.request_repaint();
        match step {
            Step::GoTo(folder) => self.go_to(folder),
            Step::Pick(name) => {
                self.name = name;
                self.replacing = None;
                self.problem = None;
            }
            Step::PickAndConfirm(name) => {
                self.name = name;
                self.replacing = None;
                self.problem = None;
                return self.confirm().map(ChooserOutcome::Chosen);
            }
            Step::Confirm => return self.confirm().map(ChooserOutcome::Chosen),
            Step::Cancel if self.replacing.is_some() => self.replacing = None,
            Step::Cancel => return Some(ChooserOutcome::Cancelled),
        }
        None
    }

    /// Parent and Home, and the folder shown.
    fn folder_bar_ui(&self, ui: &mut egui::Ui) -> Option<Step> {
        ui.horizontal(|ui| {
            let parent = self.folder.parent().map(Path::to_path_buf);
            let up = ui
                .add_enabled(parent.is_some(), egui::Button::new("⬆ Parent folder"))
                .clicked();
            let home = home_folder();
            let home_clicked = ui
                .add_enabled(home.is_some(), egui::Button::new("🏠 Home"))
                .clicked();
            ui.add(
                egui::Label::new(RichText::new(self.folder.display().to_string()).monospace())
                    .truncate(),
            );
            if up {
                parent.map(Step::GoTo)
            } else if home_clicked {
                home.map(Step::GoTo)
            } else {
                None
            }
        })
        .inner
    }

    /// The side column: recent folders and the hidden-files switch.
    fn places_ui(&mut self, ui: &mut egui::Ui) -> Option<Step> {
        ui.vertical(|ui| {
            ui.set_width(160.0);
            ui.label(RichText::new("Recent folders").strong());
            let mut step = None;
            if self.recent_folders.is_empty() {
                ui.weak("None yet");
            }
            for folder in &self.recent_folders {
                let name = crate::app::text::file_name(folder);
                let button = egui::Button::new(format!("📁 {name}")).truncate();
                if ui
                    .add(button)
                    .on_hover_text(folder.display().to_string())
                    .clicked()
                {
                    step = Some(Step::GoTo(folder.clone()));
                }
            }
            ui.add_space(8.0);
            if ui.checkbox(&mut self.show_hidden, "Hidden files").changed() {
                self.refresh();
            }
            step
        })
        .inner
    }

    /// The folders and files of the shown folder.
    fn listing_ui(&self, ui: &mut egui::Ui) -> Option<Step> {
        let mut step = None;
        // Top-down inside the side-by-side row, or the entries would line up in a row too.
        ui.vertical(|ui| {
            // The same area for a folder that cannot be read, so the buttons stay in place.
            egui::ScrollArea::vertical()
                .id_salt("file_chooser_listing")
                .min_scrolled_height(320.0)
                .max_height(320.0)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let entries = match &self.listing {
                        Ok(entries) => entries,
                        Err(message) => {
                            ui.colored_label(ui.visuals().error_fg_color, message);
                            return;
                        }
                    };
                    if entries.is_empty() {
                        ui.weak(match self.mode {
                            ChooserMode::Folder => "No folders here",
                            ChooserMode::Open | ChooserMode::Save => {
                                "No folders here, and no files of this kind"
                            }
                        });
                    }
                    for entry in entries {
                        step = step.take().or(entry_ui(ui, entry, &self.name, self.mode));
                    }
                });
        });
        step
    }

    /// The name field, the filter, a problem, and the buttons (or the replace question).
    fn bottom_ui(&mut self, ui: &mut egui::Ui) -> Option<Step> {
        ui.horizontal(|ui| {
            let label = ui.label(match self.mode {
                ChooserMode::Folder => "Folder:",
                ChooserMode::Open | ChooserMode::Save => "File name:",
            });
            let field = egui::TextEdit::singleline(&mut self.name).desired_width(420.0);
            let response = ui.add(field).labelled_by(label.id);
            if std::mem::take(&mut self.focus_name) {
                response.request_focus();
                select_stem(ui.ctx(), response.id, &self.name);
            }
        });
        match self.mode {
            ChooserMode::Folder => ui.weak(format!(
                "Only a folder can be chosen. Shown greyed: {}",
                self.filter.label()
            )),
            ChooserMode::Open | ChooserMode::Save => ui.weak(self.filter.label()),
        };
        if let Some(problem) = &self.problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
        if let Some(path) = &self.replacing {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            ui.label(format!("“{name}” already exists here. Replace it?"));
            return ui
                .horizontal(|ui| {
                    if ui.button("Replace").clicked() {
                        Some(Step::Confirm)
                    } else if ui.button("Keep it").clicked() {
                        Some(Step::Cancel)
                    } else {
                        None
                    }
                })
                .inner;
        }
        let (confirm, can_confirm) = match self.mode {
            ChooserMode::Open => ("Open".to_owned(), true),
            ChooserMode::Save => ("Save".to_owned(), true),
            ChooserMode::Folder => match self.name.trim() {
                "" => ("Choose this folder".to_owned(), self.listing.is_ok()),
                typed => (format!("Choose “{typed}”"), true),
            },
        };
        ui.horizontal(|ui| {
            if ui
                .add_enabled(can_confirm, egui::Button::new(confirm))
                .clicked()
            {
                Some(Step::Confirm)
            } else if ui.button("Cancel").clicked() {
                Some(Step::Cancel)
            } else {
                None
            }
        })
        .inner
    }
}

/// One folder (a click enters it) or file (a click picks it, a double click or a click on the
/// picked one opens it). When choosing a folder, a click selects a folder, and a double click or
/// a click on the selected one enters it; files are greyed.
fn entry_ui(ui: &mut egui::Ui, entry: &Entry, picked: &str, mode: ChooserMode) -> Option<Step> {
    if mode == ChooserMode::Folder {
        if !entry.is_folder {
            ui.add_enabled(false, egui::Button::selectable(false, &entry.name));
            return None;
        }
        let response = ui.selectable_label(entry.name == picked, format!("📁 {}", entry.name));
        // egui counts a quick second click as a triple one when the click before it (anywhere,
        // e.g. on the menu that opened the chooser) was recent too: either enters.
        let again = response.clicked() && entry.name == picked;
        return if again || response.double_clicked() || response.triple_clicked() {
            Some(Step::GoTo(entry.path.clone()))
        } else if response.clicked() {
            Some(Step::Pick(entry.name.clone()))
        } else {
            None
        };
    }
    if entry.is_folder {
        let response = ui.selectable_label(false, format!("📁 {}", entry.name));
        return response.clicked().then(|| Step::GoTo(entry.path.clone()));
    }
    let response = ui.selectable_label(entry.name == picked, &entry.name);
    // A second click on the picked file opens it, however long egui took between the two: it
    // times clicks by frame, and on a slow software-rendered frame a double click came apart
    // into two single ones. A quick second click may also count as a triple one.
    let again = response.clicked() && entry.name == picked;
    if again || response.double_clicked() || response.triple_clicked() {
        Some(Step::PickAndConfirm(entry.name.clone()))
    } else if response.clicked() {
        Some(Step::Pick(entry.name.clone()))
    } else {
        None
    }
}

/// Selects the name without its extension, so typing replaces just that (as desktop dialogs
/// do when saving).
fn select_stem(ctx: &egui::Context, id: egui::Id, name: &str) {
    let Some(mut state) = egui::TextEdit::load_state(ctx, id) else {
        return;
    };
    let stem = Path::new(name)
        .file_stem()
        .map_or(0, |s| s.to_string_lossy().chars().count());
    let range =
        egui::text::CCursorRange::two(egui::text::CCursor::new(0), egui::text::CCursor::new(stem));
    state.cursor.set_char_range(Some(range));
    state.store(ctx, id);
}

/// Enter confirms and Esc cancels, whichever widget has focus.
fn keys_step(ctx: &egui::Context) -> Option<Step> {
    ctx.input_mut(|i| {
        if i.consume_key(Modifiers::NONE, Key::Escape) {
            Some(Step::Cancel)
        } else if i.consume_key(Modifiers::NONE, Key::Enter) {
            Some(Step::Confirm)
        } else {
            None
        }
    })
}

/// The user's home folder, if the platform has one.
pub fn home_folder() -> Option<PathBuf> {
    directories::UserDirs::new().map(|dirs| dirs.home_dir().to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder_chooser(folder: &Path) -> FileChooser {
        FileChooser::new(
            "Pick",
            ChooserMode::Folder,
            FileFilter::LibraryEntry,
            folder.to_path_buf(),
            String::new(),
            Vec::new(),
        )
    }

    #[test]
    fn choosing_a_folder_answers_the_selected_subfolder_else_the_one_shown() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("maps")).unwrap();
        std::fs::write(dir.path().join("goblin.json"), b"{}").unwrap();
        let mut chooser = folder_chooser(dir.path());
        assert_eq!(chooser.confirm(), Some(dir.path().to_path_buf()));
        chooser.name = "maps".into();
        assert_eq!(chooser.confirm(), Some(dir.path().join("maps")));
        // A file is no folder, and neither is a name that is not there.
        for typed in ["goblin.json", "nowhere"] {
            chooser.name = typed.into();
            assert_eq!(chooser.confirm(), None);
            assert_eq!(
                chooser.problem.as_deref(),
                Some(format!("There is no folder named “{typed}” here").as_str())
            );
        }
        // Entering a folder drops the selection made in the one left.
        chooser.name = "maps".into();
        chooser.go_to(dir.path().join("maps"));
        assert_eq!(chooser.name, "");
        assert_eq!(chooser.confirm(), Some(dir.path().join("maps")));
    }

    #[test]
    fn a_folder_that_cannot_be_read_is_not_chosen_and_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let gone = dir.path().join("gone");
        let mut chooser = folder_chooser(&gone);
        let Err(message) = &chooser.listing else {
            panic!("a missing folder lists");
        };
        assert!(
            message.starts_with("Could not read the folder"),
            "{message}"
        );
        assert_eq!(chooser.confirm(), None);
    }
}
