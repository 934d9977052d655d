//! The players' window: a second native window for the TV that shows the map as the party knows
//! it (fog, no GM-only tokens, no notes, no editing chrome), with whose turn it is in large
//! type. It follows the GM's view or holds one the GM pushed; "Blackout" hides it while the GM
//! sets up. Also the PNG export of the map view, which shares its plain drawing.
//!
//! It is an immediate viewport: drawn in the same pass as the GM's window, straight from the
//! app's state, so it needs no shared locks and is never a frame behind the GM's edits.

mod export;

pub use export::Exporter;

use egui::{Color32, Key, Rect, Sense, Vec2, ViewportBuilder, ViewportCommand, ViewportId};

use super::LanternApp;
use super::map::{self, MapTransform, MapView, ViewOptions};
use crate::model::Encounter;

/// The players' window's own state. View state: never saved with the encounter.
#[derive(Clone, Debug, Default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "four independent switches, each a checkbox in the View menu"
)]
pub struct PlayersWindow {
    pub open: bool,
    /// Show what the GM's Map pane shows; otherwise hold the pushed view.
    pub follow_gm: bool,
    /// Show nothing (a black screen) while the GM sets up.
    pub blackout: bool,
    pub fullscreen: bool,
    /// The part of the map held when not following, in map space; the whole map when `None`.
    pub held: Option<Rect>,
}

impl PlayersWindow {
    /// The id of the players' viewport.
    pub fn viewport_id() -> ViewportId {
        ViewportId::from_hash_of("lantern_players_window")
    }

    /// Holds `region` (map space): what the GM's pane shows now.
    pub fn push_view(&mut self, region: Rect) {
        self.held = Some(region);
        self.follow_gm = false;
    }

    /// The part of the map to show, in map space.
    fn region(&self, view: &MapView, encounter: &Encounter) -> Rect {
        let gm = self.follow_gm.then(|| view.view_in_grid()).flatten();
        gm.or(self.held)
            .unwrap_or_else(|| map::map_rect_in_grid(&encounter.map))
    }
}

impl LanternApp {
    /// Shows the players' window while it is open (call once per frame from `ui`).
    pub(super) fn players_viewport(&mut self, ctx: &egui::Context) {
        if !self.players.open {
            return;
        }
        let builder = ViewportBuilder::default()
            .with_title("Lantern — Players")
            .with_inner_size([960.0, 600.0])
            .with_fullscreen(self.players.fullscreen);
        let window = &mut self.players;
        let view = &mut self.map_view;
        let encounter = &self.document.encounter;
        ctx.show_viewport_immediate(PlayersWindow::viewport_id(), builder, |ui, _class| {
            if ui.input(|i| i.viewport().close_requested()) {
                window.open = false;
            }
            players_ui(ui, window, view, encounter);
        });
    }

    /// Draws only the players' view into `ui` (tests and the frame benchmark use this).
    pub fn players_view_ui(&mut self, ui: &mut egui::Ui) {
        self.map_view.set_revision(self.document.revision());
        players_ui(
            ui,
            &mut self.players,
            &mut self.map_view,
            &self.document.encounter,
        );
    }
}

/// The players' view: the map for the players, the turn banner and a fullscreen button.
pub fn players_ui(
    ui: &mut egui::Ui,
    window: &mut PlayersWindow,
    view: &mut MapView,
    encounter: &Encounter,
) {
    let size = ui.available_size().max(Vec2::new(320.0, 200.0));
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Players' view"));
    ui.painter().rect_filled(rect, 0.0, Color32::BLACK);
    if ui.input(|i| i.key_pressed(Key::F11)) {
        set_fullscreen(ui.ctx(), window, !window.fullscreen);
    }
    if !window.blackout {
        let region = window.region(view, encounter);
        let t = MapTransform::fit(region, rect, 0.0);
        let turn_shown = map::paint_map_view(ui, rect, view, encounter, &t, ViewOptions::PLAYERS);
        map::paint_turn_banner(&ui.painter_at(rect), rect, encounter, turn_shown);
    }
    fullscreen_button_ui(ui, rect, window);
    view.end_pass(ui.ctx());
}

/// Asks the window to enter or leave fullscreen.
pub fn set_fullscreen(ctx: &egui::Context, window: &mut PlayersWindow, on: bool) {
    window.fullscreen = on;
    // Sent by id: from the GM's menu (or an embedded players' view) the current viewport is
    // the GM's window.
    ctx.send_viewport_cmd_to(
        PlayersWindow::viewport_id(),
        ViewportCommand::Fullscreen(on),
    );
}

/// A small, dim button in the bottom-right corner: fullscreen on and off (F11 does the same).
fn fullscreen_button_ui(ui: &mut egui::Ui, rect: Rect, window: &mut PlayersWindow) {
    let size = Vec2::new(130.0, 28.0);
    let at = Rect::from_min_size(rect.right_bottom() - size - Vec2::splat(8.0), size);
    let text = if window.fullscreen {
        "Leave fullscreen"
    } else {
        "Fullscreen"
    };
    let button = egui::Button::new(egui::RichText::new(text).color(Color32::from_gray(170)))
        .fill(Color32::from_black_alpha(140));
    if ui
        .put(at, button)
        .on_hover_text("Toggle fullscreen (F11)")
        .clicked()
    {
        set_fullscreen(ui.ctx(), window, !window.fullscreen);
    }
}

impl LanternApp {
    /// Runs the View and File menu entries of the players' window and the export.
    pub(super) fn run_players_action(&mut self, ctx: &egui::Context, action: super::Action) {
        use super::Action;
        let players = &mut self.players;
        match action {
            Action::PlayersWindow => {
                players.open = !players.open;
                if !players.open {
                    players.fullscreen = false;
                }
            }
            Action::PlayersFollow => players.follow_gm = !players.follow_gm,
            Action::PushView => {
                if let Some(region) = self.map_view.view_in_grid() {
                    players.push_view(region);
                }
            }
            Action::Blackout => players.blackout = !players.blackout,
            // F11 in the GM's window does nothing while there is no players' window to fill.
            Action::PlayersFullscreen if players.open => {
                set_fullscreen(ctx, players, !players.fullscreen);
            }
            Action::ExportView => self.start_export(ctx, true),
            Action::ExportViewNoFog => self.start_export(ctx, false),
            _ => {}
        }
    }
}
