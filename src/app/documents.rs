//! Requests on the open document: new, open, save, undo, autosave and closing the window.

use std::path::{Path, PathBuf};

use anyhow::Context as _;

use super::dialogs::{DialogPurpose, DialogResult};
use super::import::FileKind;
use super::prompts::{AfterConfirm, Prompt, RestoredChoice, UnsavedChoice};
use super::{Action, LanternApp, Request, RestoreOffer, dock};
use crate::demo::Demo;
use crate::edit::Document;
use crate::files::{load_encounter_noting, save_encounter};
use crate::model::{Command, Encounter, FogCommand};

impl LanternApp {
    /// Turns pressed shortcuts into requests; none while a prompt or a native dialog is up.
    pub(super) fn handle_shortcuts(&mut self, ctx: &egui::Context) {
        if self.prompt.is_some() || self.dialogs.is_open() {
            return;
        }
        let typing = ctx.egui_wants_keyboard_input();
        for action in Action::ALL {
            if typing && action.yields_to_text_edit() {
                continue;
            }
            let pressed = action
                .shortcuts()
                .iter()
                .any(|shortcut| ctx.input_mut(|i| i.consume_shortcut(shortcut)));
            if pressed {
                self.requests.push(Request::Action(action));
            }
        }
    }

    pub(super) fn handle_request(&mut self, ctx: &egui::Context, request: Request) {
        match request {
            Request::Action(action) => self.run_action(ctx, action),
            Request::OpenDemo(demo) => self.ask_before_dropping(ctx, AfterConfirm::OpenDemo(demo)),
            Request::OpenRecent(path) => {
                self.ask_before_dropping(ctx, AfterConfirm::OpenPath(path));
            }
            Request::ClearRecent => self.recent.clear(),
            Request::TogglePane(pane) => dock::toggle(&mut self.dock, pane),
            Request::Unsaved(choice) => self.answer_unsaved(ctx, choice),
            Request::Restore(restore) => self.answer_restore(ctx, restore),
            Request::RestoredThenOpen(choice) => self.answer_restored_then_open(ctx, choice),
        }
    }

    fn run_action(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::New => self.ask_before_dropping(ctx, AfterConfirm::New),
            Action::Open => self.ask_before_dropping(ctx, AfterConfirm::Open),
            Action::Save => self.save(ctx, None),
            Action::SaveAs => self.start_dialog(ctx, DialogPurpose::SaveAs { then: None }),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::ResetLayout => self.dock = dock::default_dock(),
            Action::ImportMap => self.start_dialog(ctx, DialogPurpose::ImportMap),
            Action::SetBackground => self.start_dialog(ctx, DialogPurpose::Background),
            Action::PlayersWindow
            | Action::PlayersFollow
            | Action::PushView
            | Action::Blackout
            | Action::PlayersFullscreen
            | Action::TableScreen
            | Action::ShowCurrentCombatant
            | Action::ExportView
            | Action::ExportViewNoFog
            | Action::Handouts
            | Action::DismissHandout => self.run_players_action(ctx, action),
            Action::PlayersPhones => self.companion.open = !self.companion.open,
            Action::Quit => self.ask_before_dropping(ctx, AfterConfirm::Close),
        }
    }

    fn undo(&mut self) {
        if let Err(err) = self.document.undo() {
            self.notifications
                .error(&anyhow::Error::new(err).context("could not undo"));
        }
        self.forget_missing_selection();
    }

    fn redo(&mut self) {
        if let Err(err) = self.document.redo() {
            self.notifications
                .error(&anyhow::Error::new(err).context("could not redo"));
        }
        self.forget_missing_selection();
    }

    /// Runs `after` now, or first asks what to do with unsaved changes.
    fn ask_before_dropping(&mut self, ctx: &egui::Context, after: AfterConfirm) {
        if self.document.is_dirty() {
            self.prompt = Some(Prompt::Unsaved(after));
        } else {
            self.proceed(ctx, after);
        }
    }

    fn answer_unsaved(&mut self, ctx: &egui::Context, choice: UnsavedChoice) {
        let Some(Prompt::Unsaved(after)) = self.prompt.take() else {
            return;
        };
        match choice {
            UnsavedChoice::Save => self.save(ctx, Some(after)),
            UnsavedChoice::Discard => self.proceed(ctx, after),
            UnsavedChoice::Cancel => {}
        }
    }

    /// Does what the user asked once unsaved changes are dealt with.
    fn proceed(&mut self, ctx: &egui::Context, after: AfterConfirm) {
        match after {
            AfterConfirm::New => self.replace_document(Document::new(Encounter::default(), None)),
            AfterConfirm::Open => self.start_dialog(ctx, DialogPurpose::Open),
            AfterConfirm::OpenPath(path) => {
                if !self.open_large_file(ctx, &path) {
                    self.open_path(&path);
                }
            }
            AfterConfirm::OpenDemo(demo) => self.open_demo(demo),
            AfterConfirm::ImportMap => self.import_into_new_encounter(),
            // The work before it is saved now, so the argument opens without asking.
            AfterConfirm::OpenArgument(path) => self.argument = Some(path),
            AfterConfirm::Close => {
                self.closing = true;
                self.remove_autosave();
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    pub(super) fn start_dialog(&mut self, ctx: &egui::Context, purpose: DialogPurpose) {
        // The name a Save dialog offers: a file name is no place for a megabyte.
        let name = super::text::name(&self.document.encounter.name).into_owned();
        let near = self.document.path.as_deref();
        self.dialogs.start(ctx, purpose, &name, near);
    }

    pub(super) fn handle_dialog_answer(&mut self, ctx: &egui::Context, answer: DialogResult) {
        match answer.purpose {
            DialogPurpose::Open => {
                if !self.open_large_file(ctx, &answer.path) {
                    self.open_path(&answer.path);
                }
            }
            DialogPurpose::ImportMap | DialogPurpose::Background => self.import_file(answer.path),
            DialogPurpose::Export { with_fog } => self.export_map_view(answer.path, with_fog),
            DialogPurpose::TokenImage => {
                self.map_view.tools().palette.load_image(ctx, &answer.path);
            }
            DialogPurpose::HandoutImage => self.add_handout_file(ctx, answer.path),
            DialogPurpose::LibraryFolder(job) => {
                self.library.copy_folder(ctx, job, &answer.path);
            }
            DialogPurpose::SaveAs { then } => {
                if self.save_to(&answer.path)
                    && let Some(after) = then
                {
                    self.proceed(ctx, after);
                }
            }
        }
    }

    /// Opens an encounter file (what the Open dialog's answer runs). On failure the message names
    /// the problem and the file, and the open encounter stays as it was.
    pub fn open_path(&mut self, path: &Path) {
        let loaded = load_encounter_noting(path)
            .with_context(|| format!("Could not open {}", path.display()));
        match loaded {
            Ok((encounter, note)) => {
                self.replace_document(Document::new(encounter, Some(path.to_path_buf())));
                self.recent.push(path);
                if let Some(note) = note {
                    self.notifications.info(note);
                }
            }
            Err(err) => self.notifications.error(&err),
        }
    }

    /// Opens a file named on the command line (`lantern FILE`): an encounter, a Universal VTT
    /// map as a new encounter, or an image for the map's background. It waits for the
    /// restore-autosave question, so restored work is never dropped without asking.
    pub fn open_argument(&mut self, path: PathBuf) {
        self.starting_with = Some(super::text::file_name(&path));
        self.argument = Some(path);
    }

    pub(super) fn open_argument_when_free(&mut self, ctx: &egui::Context) {
        if self.prompt.is_some() || self.reading_autosave() {
            return;
        }
        let Some(path) = self.argument.take() else {
            return;
        };
        match FileKind::of(&path) {
            // A clean document is simply replaced; with unsaved work the import asks first.
            Some(FileKind::UvttMap) if !self.document.is_dirty() => {
                self.import_map_as_new_encounter(ctx, path);
            }
            Some(_) => self.import_file(path),
            None => self.ask_before_dropping(ctx, AfterConfirm::OpenPath(path)),
        }
    }

    fn open_demo(&mut self, demo: Demo) {
        match demo.encounter().context("The built-in demo is damaged") {
            Ok(encounter) => self.replace_document(Document::new(encounter, None)),
            Err(err) => self.notifications.error(&err),
        }
    }

    /// View state belongs to one encounter: a new one starts with no selection and a fresh
    /// Dice & Log form for its own system.
    fn reset_view_state(&mut self, document: &Document) {
        self.selection.clear();
        self.dice = super::dice::DiceState::new(document.encounter.system);
        // Claims and the join secret are the old encounter's: phones join the new one afresh.
        self.companion.host.forget_encounter();
    }

    /// Swaps in another encounter (new, opened, a demo or an imported map) with its fog on; the
    /// old one's autosave goes with it.
    pub(super) fn replace_document(&mut self, mut document: Document) {
        fog_on_at_open(&mut document);
        self.reset_view_state(&document);
        self.document = document;
        self.unsaved_since = None;
        self.remove_autosave();
    }

    /// Saves to the document's file, or asks where first; then runs `after` if it succeeded.
    fn save(&mut self, ctx: &egui::Context, after: Option<AfterConfirm>) {
        let Some(path) = self.document.path.clone() else {
            self.start_dialog(ctx, DialogPurpose::SaveAs { then: after });
            return;
        };
        if self.save_to(&path)
            && let Some(after) = after
        {
            self.proceed(ctx, after);
        }
    }

    /// Saves to `path` through the core's atomic save; returns whether it worked.
    pub fn save_to(&mut self, path: &Path) -> bool {
        let saved = save_encounter(path, &self.document.encounter)
            .with_context(|| format!("Could not save {}", path.display()));
        match saved {
            Ok(()) => {
                self.document.mark_saved(path.to_path_buf());
                self.recent.push(path);
                self.remove_autosave();
                self.notifications.info(format!("Saved {}", path.display()));
                true
            }
            Err(err) => {
                self.notifications.error(&err);
                false
            }
        }
    }

    /// On a close request with unsaved changes: keep the window and ask.
    pub(super) fn handle_close_request(&mut self, ctx: &egui::Context) {
        if !ctx.input(|i| i.viewport().close_requested()) || self.closing {
            return;
        }
        if self.document.is_dirty() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.prompt = Some(Prompt::Unsaved(AfterConfirm::Close));
        } else {
            // A clean close: nothing unsaved, so no autosave is worth keeping.
            self.closing = true;
            self.remove_autosave();
        }
    }

    /// Writes the autosave once changes have waited the autosave interval.
    pub(super) fn autosave_tick(&mut self, ctx: &egui::Context) {
        if !self.document.needs_autosave() {
            self.unsaved_since = None;
            return;
        }
        let Some(autosave) = &self.autosave else {
            return;
        };
        let now = ctx.input(|i| i.time);
        let since = *self.unsaved_since.get_or_insert(now);
        let waited = now - since;
        if waited < self.autosave_interval_secs {
            let left = self.autosave_interval_secs - waited;
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
            return;
        }
        match autosave.write(&self.document) {
            Ok(()) => self.document.mark_autosaved(),
            Err(err) => self.notifications.error(&err),
        }
        self.unsaved_since = None;
    }

    fn remove_autosave(&mut self) {
        let Some(autosave) = &self.autosave else {
            return;
        };
        if let Err(err) = autosave.remove() {
            self.notifications.error(&err);
        }
    }

    /// At start-up: an autosave left behind means the last run ended with unsaved work.
    fn answer_restore(&mut self, ctx: &egui::Context, restore: bool) {
        let Some(Prompt::Restore(offer)) = self.prompt.take() else {
            return;
        };
        if !restore {
            self.remove_autosave();
            return;
        }
        let RestoreOffer { encounter, origin } = *offer;
        let document = Document::restored(encounter, origin);
        self.reset_view_state(&document);
        self.document = document;
        self.after_restore(ctx);
    }

    /// A file named on the command line waits for the restore question. The restored work's own
    /// file is not read again (that would ask to drop the restored changes); a background image
    /// goes under the restored map as usual; anything else would replace the restored work, so
    /// it waits behind a question with no Discard.
    fn after_restore(&mut self, ctx: &egui::Context) {
        let Some(path) = self.argument.take() else {
            return;
        };
        if self
            .document
            .path
            .as_deref()
            .is_some_and(|origin| same_file(origin, &path))
        {
            self.notifications.info(format!(
                "Restored the unsaved changes to {}",
                path.display()
            ));
            return;
        }
        if FileKind::of(&path) == Some(FileKind::Image) {
            self.argument = Some(path);
            return;
        }
        self.prompt = Some(Prompt::RestoredThenOpen(path));
        ctx.request_repaint();
    }

    fn answer_restored_then_open(&mut self, ctx: &egui::Context, choice: RestoredChoice) {
        let Some(Prompt::RestoredThenOpen(path)) = self.prompt.take() else {
            return;
        };
        match choice {
            RestoredChoice::SaveThenOpen => self.save(ctx, Some(AfterConfirm::OpenArgument(path))),
            RestoredChoice::KeepWorking => {
                self.notifications.info(format!(
                    "Kept the restored work open; {} is in File, Open Recent",
                    path.display()
                ));
                self.recent.push(&path);
            }
        }
    }

    /// The path of the autosave file, if autosave is on.
    pub fn autosave_path(&self) -> Option<PathBuf> {
        self.autosave.as_ref().map(super::Autosave::encounter_path)
    }
}

/// Whether two paths name one file (through links and relative parts), or are written alike
/// when either cannot be resolved.
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Every encounter starts with fog on, so a players' window already open on the TV never shows
/// what the party has not seen (enemies in the next room) before the GM thinks of it; the GM
/// turns it off for maps that should lie open. Part of the opened state: no undo step, nothing
/// unsaved. A restored autosave keeps the fog it had.
pub(super) fn fog_on_at_open(document: &mut Document) {
    let on = Command::Fog(FogCommand::SetEnabled(true));
    // Turning fog on is valid in every state; an error here would be a bug in the model.
    let applied = document.apply_as_opened(on);
    debug_assert!(applied.is_ok(), "turning fog on failed: {applied:?}");
}
