//! The egui shell: windows, panes and input over the pure core. Only this folder uses egui.
//!
//! A frame runs in two halves. `logic()` does the non-drawing work: keyboard shortcuts, the
//! requests menus and prompts queued last frame, file-dialog answers, the autosave timer and the
//! window title. `ui()` draws the menu bar, the dock and any prompt, then applies the commands
//! the panes queued, each as one undo step.
//!
//! # What is where
//!
//! - The dock of panes (`dock.rs`, `egui_tiles`), the menu bar and every user-facing action with
//!   its label and shortcut (`menu_bar.rs`, `action.rs`), prompts, notifications, autosave, recent
//!   files, the window's size kept as a share of the monitor (`window_size.rs`).
//! - Help → Rules: the rules ledger, searchable and filtered by system (`rules_window.rs`).
//! - File and folder dialogs (`dialogs/`): the desktop's own, or Lantern's in-window chooser
//!   (`chooser/`: open, save and folder modes) when no native one can be shown, with its egui-free
//!   listing and name rules in `chooser/listing.rs`.
//! - The battle map (`map/`, see its module docs: tools, fog, light, areas, and the one rule for
//!   who gets the pointer in `map/pointer.rs`).
//! - The players' window, an egui viewport, with its table-screen setup, turning and grid test,
//!   and PNG export (`players/`).
//! - Background images and Universal VTT maps decoded on a worker thread with progress
//!   (`import/`).
//! - The Initiative, Conditions and Momentum panes (`combat/`; the aura and Battle Stress offers'
//!   card in `combat/aura_offers.rs`, drawn by the Initiative pane and by the map's
//!   `map/aura_cards.rs`), the Sheet and Encounter panes (`panes/`), the Dice & Log pane
//!   (`dice/`) and the Trackers pane (`trackers/`).
//! - The Library pane (`library/`): the folder listed on a worker, each file read once for its
//!   summary with images checked by their headers (`files/scan.rs`), each entry then read whole
//!   and its picture decoded on picture workers or at first use, which mark it bad if that fails;
//!   drag-and-drop onto the map via `map/library_drop.rs`.

mod action;
mod autosave;
mod chooser;
pub mod combat;
pub mod companion;
mod config;
mod context;
mod dialogs;
pub mod dice;
mod dock;
mod documents;
pub mod handouts;
pub mod import;
pub mod library;
pub mod map;
mod menu_bar;
mod notifications;
pub mod panes;
pub mod ping;
pub mod players;
mod prompts;
mod recent;
mod rules_window;
mod settings;
mod start_screen;
pub mod text;
pub mod trackers;
mod window_size;

pub use action::Action;
pub use autosave::{Autosave, RestoreOffer};
pub use config::AppConfig;
pub use context::{PaneContext, Selection};
pub use dialogs::DialogBackend;
pub use dock::{Dock, Pane, default_dock, is_open as dock_has};
pub use notifications::{Level, Notice, Notifications};
pub use prompts::{AfterConfirm, Prompt};
pub use recent::RecentFiles;
pub use settings::{Settings, settings_path};

use std::path::PathBuf;

use crate::demo::Demo;
use crate::edit::Document;
use crate::model::Command;

/// Something a menu, prompt or shortcut asked for, handled in the next `logic()`.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Action(Action),
    OpenDemo(Demo),
    OpenRecent(PathBuf),
    ClearRecent,
    TogglePane(Pane),
    /// An answer to the unsaved-changes prompt.
    Unsaved(prompts::UnsavedChoice),
    /// An answer to the restore-autosave prompt: `true` restores.
    Restore(bool),
    /// An answer to the question after a restore when the command line named another file.
    RestoredThenOpen(prompts::RestoredChoice),
}

/// The Lantern application: one open encounter and the windows over it.
pub struct LanternApp {
    pub document: Document,
    pub selection: Selection,
    pub map_view: map::MapView,
    /// The check being set up in the Dice & Log pane (view state).
    pub dice: dice::DiceState,
    /// The one dice source every pane rolls with; tests replace it with a seeded one.
    pub rng: crate::dice::DiceRng,
    pub dock: Dock,
    pub notifications: Notifications,
    pub recent: RecentFiles,
    /// A modal question waiting for the user.
    pub prompt: Option<Prompt>,
    /// Commands the panes queued this frame, applied after drawing.
    pending: Vec<Command>,
    requests: Vec<Request>,
    dialogs: dialogs::FileDialogs,
    /// Maps and background images being read and decoded on workers.
    imports: import::Imports,
    autosave: Option<Autosave>,
    autosave_interval_secs: f64,
    /// `egui` time at which unsaved changes were first seen without an autosave.
    unsaved_since: Option<f64>,
    /// Set once the user agreed to close, so the next close request goes through.
    closing: bool,
    shown_title: String,
    /// A file named on the command line, opened once no prompt is waiting.
    argument: Option<PathBuf>,
    /// That file's name while it opens at start-up: the window shows only its progress
    /// (`start_screen`).
    starting_with: Option<String>,
    /// The players' window (view state).
    pub players: players::PlayersWindow,
    exporter: players::Exporter,
    /// The prep library's entries, pictures and filters (view state).
    pub library: library::LibraryState,
    /// The Handouts window and the handouts' pictures (view state).
    pub handouts: handouts::HandoutsState,
    /// Where the settings file lives (`None`: settings are not kept).
    settings_dir: Option<PathBuf>,
    /// The settings as last written, so an unchanged layout is not written again.
    settings_written: Option<Settings>,
    /// Whether the last settings write failed (its error is shown once, not every 30 s).
    settings_failing: bool,
    /// The main window's size as a share of its monitor, kept across runs.
    window: window_size::WindowSize,
    /// The context whose memory the settings keep (`None` in tests without a data folder).
    memory_of: Option<egui::Context>,
    /// Players' phones: the companion's host and its window (view state).
    pub companion: companion::CompanionState,
}

impl LanternApp {
    /// The app as `cargo run` starts it: the Go Forth: Heroes demo, the platform data folder.
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        Self::new_with(cc, AppConfig::platform())
    }

    /// The app with an explicit configuration (tests pass a temporary data folder).
    pub fn new_with(cc: &eframe::CreationContext<'_>, config: AppConfig) -> Self {
        let settings = Settings::load(config.data_dir.as_deref(), cc.storage);
        if let Some(kept) = &settings.egui_memory {
            settings::restore_memory(&cc.egui_ctx, kept);
        }
        let mut document = Document::new(Demo::GoForthHeroes.encounter().unwrap_or_default(), None);
        documents::fog_on_at_open(&mut document);
        let mut app = Self::with_document(document);
        app.restore_settings(&settings);
        app.settings_dir.clone_from(&config.data_dir);
        app.memory_of = Some(cc.egui_ctx.clone());
        app.autosave_interval_secs = config.autosave_interval.as_secs_f64();
        if let Some(dir) = &config.data_dir {
            app.open_library(&cc.egui_ctx, dir.join("library"));
        }
        app.autosave = config.data_dir.map(Autosave::new);
        app.offer_restore(&cc.egui_ctx);
        app
    }

    pub fn with_document(document: Document) -> Self {
        let system = document.encounter.system;
        Self {
            document,
            selection: Selection::new(),
            map_view: map::MapView::default(),
            dice: dice::DiceState::new(system),
            rng: crate::dice::DiceRng::from_entropy(),
            dock: default_dock(),
            notifications: Notifications::default(),
            recent: RecentFiles::default(),
            prompt: None,
            pending: Vec::new(),
            requests: Vec::new(),
            dialogs: dialogs::FileDialogs::default(),
            imports: import::Imports::default(),
            autosave: None,
            autosave_interval_secs: config::AppConfig::AUTOSAVE_SECS as f64,
            unsaved_since: None,
            closing: false,
            shown_title: String::new(),
            argument: None,
            starting_with: None,
            players: players::PlayersWindow::default(),
            exporter: players::Exporter::default(),
            library: library::LibraryState::default(),
            handouts: handouts::HandoutsState::default(),
            settings_dir: None,
            settings_written: None,
            settings_failing: false,
            window: window_size::WindowSize::default(),
            memory_of: None,
            companion: companion::CompanionState::default(),
        }
    }

    /// The settings as they stand now.
    pub fn settings(&self) -> Settings {
        Settings {
            dock: Some(self.dock.clone()),
            recent: self.recent.clone(),
            recent_folders: self.dialogs.recent_folders().to_vec(),
            table_screens: self.players.table.clone(),
            window: self.window.current(),
            egui_memory: self.memory_of.as_ref().and_then(settings::memory_ron),
        }
    }

    /// Writes the settings file if they changed since it was last written (what eframe's
    /// periodic and closing save runs). A failure is shown once; the previous file stays whole.
    /// Returns whether the file now holds the settings.
    pub fn save_settings(&mut self) -> bool {
        let Some(dir) = self.settings_dir.clone() else {
            return false;
        };
        let settings = self.settings();
        if self.settings_written.as_ref() == Some(&settings) {
            return true;
        }
        match settings.write(&dir) {
            Ok(()) => {
                self.settings_written = Some(settings);
                self.settings_failing = false;
                true
            }
            Err(err) => {
                if self.settings_failing {
                    log::warn!("{err:#}");
                } else {
                    self.notifications.error(&err);
                }
                self.settings_failing = true;
                false
            }
        }
    }

    /// Takes the settings kept across runs, as at start-up: the dock's layout (the default one
    /// for a layout that does not hold together), recent files and folders, and each display's
    /// table-screen setup.
    pub fn restore_settings(&mut self, settings: &Settings) {
        self.dock = settings
            .dock
            .clone()
            .filter(dock::is_sound)
            .unwrap_or_else(default_dock);
        self.recent = settings.recent.clone();
        self.dialogs
            .set_recent_folders(settings.recent_folders.clone());
        self.players.table = settings.table_screens.clone();
        self.window = window_size::WindowSize::new(settings.window);
    }

    /// Opens or closes a pane, as the View menu does.
    pub fn toggle_pane(&mut self, pane: Pane) {
        dock::toggle(&mut self.dock, pane);
    }

    /// Which file dialogs this run uses (tests choose Lantern's own chooser, which they can drive).
    pub fn set_file_dialogs(&mut self, backend: DialogBackend) {
        self.dialogs.set_backend(backend);
    }

    /// Folders the file dialogs offer as recent ones (kept across runs), newest first.
    pub fn set_recent_folders(&mut self, folders: Vec<PathBuf>) {
        self.dialogs.set_recent_folders(folders);
    }

    /// Folders the file dialogs offer as recent ones, newest first.
    pub fn recent_folders(&self) -> &[PathBuf] {
        self.dialogs.recent_folders()
    }

    /// The folder the in-window file chooser shows, while it is open.
    pub fn file_chooser_folder(&self) -> Option<&std::path::Path> {
        self.dialogs.chooser_folder()
    }

    /// Opens `pane` if it is closed and brings its tab to the front.
    pub fn show_pane(&mut self, pane: Pane) {
        dock::show(&mut self.dock, pane);
    }

    /// Closes every pane but `pane` (the View menu can bring them back).
    pub fn show_only(&mut self, pane: Pane) {
        for other in Pane::ALL.into_iter().filter(|p| *p != pane) {
            if dock::is_open(&self.dock, other) {
                dock::toggle(&mut self.dock, other);
            }
        }
    }

    /// Queues a request for the next `logic()` and makes sure that frame comes.
    fn request(&mut self, ctx: &egui::Context, request: Request) {
        self.requests.push(request);
        ctx.request_repaint();
    }

    /// Applies the panes' commands, each as its own undo step; failures are shown, not dropped.
    fn apply_pending(&mut self, ctx: &egui::Context) {
        let queued = self.map_view.take_queued();
        if !queued.is_empty() {
            // Queued by the players' window after this frame's check for a second frame.
            ctx.request_repaint();
        }
        self.pending.extend(queued);
        // A phone's request applied in `logic()` is this frame's change too.
        let mut applied = std::mem::take(&mut self.companion.applied);
        for command in std::mem::take(&mut self.pending) {
            let label = command.label();
            match self.document.apply(command) {
                Ok(()) => applied = true,
                Err(err) => {
                    let err = anyhow::Error::new(err).context(format!("{label} failed"));
                    self.notifications.error(&err);
                }
            }
        }
        let applied = self.apply_dice_amends(applied);
        self.forget_missing_selection();
        self.record_explored(ctx, applied);
    }

    /// Apply and Boosts from the Dice pane join the roll's undo step while it is the newest
    /// step; otherwise they become a step of their own.
    fn apply_dice_amends(&mut self, mut applied: bool) -> bool {
        if applied {
            self.dice.note_applied(self.document.history().marker());
        }
        let (amends, same_step) = self.dice.take_amends(self.document.history().marker());
        if amends.is_empty() {
            return applied;
        }
        let mut ok = true;
        for command in amends {
            let label = command.label();
            let before = self.document.history().marker();
            let result = if same_step {
                self.document.amend_last(command)
            } else {
                self.document.apply(command)
            };
            match result {
                Ok(()) => {
                    applied = true;
                    if same_step {
                        self.dice
                            .step_amended(before, self.document.history().marker());
                    }
                }
                Err(err) => {
                    ok = false;
                    let err = anyhow::Error::new(err).context(format!("{label} failed"));
                    self.notifications.error(&err);
                }
            }
        }
        self.dice
            .note_amends_applied(self.document.history().marker(), ok);
        applied
    }

    /// Adds the cells the party sees now to the explored fog, as part of the undo step that let
    /// it see them (a move, an opened door, fog turned on), so undoing that step forgets them
    /// again and redo brings them back. With no step at all yet (an encounter just opened with
    /// fog on) they join the opened state, so opening leaves nothing unsaved. With no step this
    /// frame otherwise they become a step of their own, unless redo steps are waiting: a new step
    /// would throw them away, and undo only ever returns to states already explored.
    ///
    /// On a map whose light is worked out on a worker, the cells come when it lands, frames after
    /// the step that let the party see them: they join the newest step then.
    fn record_explored(&mut self, ctx: &egui::Context, applied: bool) {
        self.map_view.set_revision(self.document.revision());
        let cells = self.map_view.unexplored_seen(ctx, &self.document.encounter);
        if cells.is_empty() {
            return;
        }
        let command = Command::Fog(crate::model::FogCommand::Explore(cells));
        let history = self.document.history();
        let untouched = history.undo_label().is_none() && history.redo_label().is_none();
        let before = history.marker();
        let late = self.map_view.lighting_from_worker() && history.undo_label().is_some();
        let result = if applied || late {
            let amended = self.document.amend_last(command);
            // The Dice pane follows its roll's step by marker.
            self.dice
                .step_amended(before, self.document.history().marker());
            amended
        } else if untouched {
            self.document.apply_as_opened(command)
        } else if self.document.history().redo_label().is_none() {
            self.document.apply(command)
        } else {
            return;
        };
        if let Err(err) = result {
            self.notifications
                .error(&anyhow::Error::new(err).context("Recording explored cells failed"));
        }
    }

    /// Keeps the selection to tokens that still exist (after an undo or a delete).
    fn forget_missing_selection(&mut self) {
        let encounter = &self.document.encounter;
        self.selection.retain(|id| encounter.token(*id).is_some());
    }

    fn title(&self) -> String {
        if let Some(name) = &self.starting_with {
            return format!("Opening {}… — Lantern", text::name(name));
        }
        let marker = if self.document.is_dirty() { " •" } else { "" };
        format!(
            "{}{marker} — Lantern",
            text::name(&self.document.encounter.name)
        )
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let title = self.title();
        if title != self.shown_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }
    }

    fn dock_ui(&mut self, ui: &mut egui::Ui) {
        // The Dice pane's result follows the history (undo, redo) before it is drawn.
        self.dice.follow_history(self.document.history());
        let mut behavior = dock::DockBehavior {
            pane_ctx: PaneContext {
                encounter: &self.document.encounter,
                commands: &mut self.pending,
                selection: &mut self.selection,
            },
            map_view: &mut self.map_view,
            dice: &mut self.dice,
            rng: &mut self.rng,
            library: &mut self.library,
            front_tabs: dock::front_tabs(&self.dock),
        };
        let widened = dock::fit_tab_bars(&mut self.dock, ui.ctx(), ui.available_width());
        self.dock.ui(&mut behavior, ui);
        dock::unfit_tab_bars(&mut self.dock, widened);
        self.library_after_dock(ui.ctx());
        let show_sheet = egui::Id::unique(panes::sheet::SHOW_SHEET);
        if ui
            .data_mut(|d| d.remove_temp::<bool>(show_sheet))
            .unwrap_or(false)
        {
            dock::show(&mut self.dock, Pane::Sheet);
        }
    }
}

impl LanternApp {
    /// Whether any worker thread is still reading, decoding or uploading for the app: an import,
    /// a background image, a palette picture or the library. Each asks for a repaint when it
    /// lands, so tests step the app until this is false before they expect it to rest.
    pub fn workers_busy(&self) -> bool {
        self.imports.busy()
            || self.map_view.is_loading()
            || self.library.busy()
            || self.handouts.busy()
    }

    /// One whole frame without eframe, `logic` then `ui` on a root ui: what the headless frame
    /// benchmark times with `egui::Context::run_ui`.
    pub fn headless_frame(&mut self, ui: &mut egui::Ui) {
        self.logic_pass(ui.ctx());
        self.ui_pass(ui);
    }

    fn logic_pass(&mut self, ctx: &egui::Context) {
        self.handle_close_request(ctx);
        self.handle_shortcuts(ctx);
        for request in std::mem::take(&mut self.requests) {
            self.handle_request(ctx, request);
        }
        self.open_argument_when_free(ctx);
        self.drop_unwanted_early_read();
        if map::take_image_request(ctx) {
            self.start_dialog(ctx, dialogs::DialogPurpose::TokenImage);
        }
        if let Some(answer) = self.dialogs.poll() {
            self.handle_dialog_answer(ctx, answer);
        }
        self.imports_logic(ctx);
        self.settle_start_screen();
        self.companion_logic();
        self.library_logic(ctx);
        self.handouts_logic(ctx);
        self.autosave_tick(ctx);
        self.export_tick(ctx);
        self.notifications.expire(ctx);
        self.update_title(ctx);
        self.window.tick(ctx);
    }

    fn ui_pass(&mut self, ui: &mut egui::Ui) {
        if self.on_start_screen() {
            self.start_screen_ui(ui);
            self.notifications.ui(ui.ctx());
            return;
        }
        self.map_view.set_revision(self.document.revision());
        // First, so Enter and Esc go to the chooser and not to the map under it.
        self.dialogs.ui(ui.ctx());
        egui::Panel::top("menu_bar").show(ui, |ui| self.menu_bar_ui(ui));
        // No fill: the window is cleared to the panels' colour (`clear_color`), and a second
        // coat over the whole window costs a software renderer a tenth of a second a frame.
        let dock_frame = egui::Frame::central_panel(ui.style()).fill(egui::Color32::TRANSPARENT);
        egui::CentralPanel::default()
            .frame(dock_frame)
            .show(ui, |ui| self.dock_ui(ui));
        self.players_viewport(ui.ctx());
        self.table_setup_window(ui.ctx());
        rules_window::rules_window_ui(ui.ctx(), self.document.encounter.system);
        self.handouts_window(ui.ctx());
        self.companion_window(ui.ctx());
        self.prompt_ui(ui.ctx());
        self.imports_ui(ui.ctx());
        self.notifications.ui(ui.ctx());
        self.map_view.end_pass(ui.ctx());
        if !self.pending.is_empty() {
            // This frame was drawn before the change; a key press brings no second frame.
            ui.ctx().request_repaint();
        }
        self.apply_pending(ui.ctx());
        self.companion_publish(ui.ctx());
    }
}

impl eframe::App for LanternApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.logic_pass(ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.ui_pass(ui);
    }

    /// The panels' own colour, so the dock needs no fill of its own (see `ui_pass`).
    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        visuals.panel_fill.to_normalized_gamma_f32()
    }

    /// egui's memory goes into our own settings file, written atomically; eframe's `app.ron`
    /// (written in place) is given nothing to hold.
    fn persist_egui_memory(&self) -> bool {
        false
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.save_settings() {
            settings::Settings::forget_in(storage);
        }
    }
}
