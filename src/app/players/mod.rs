//! The players' window: a second native window for the TV that shows the map as the party knows
//! it (fog, no GM-only tokens, no notes, no editing chrome), with whose turn it is in large
//! type. It follows the GM's view or holds one the GM pushed; "Blackout" hides it while the GM
//! sets up. Also the PNG export of the map view, which shares its plain drawing.
//!
//! On a table screen (`table_setup`) it draws every cell at its real size and shows the view box
//! the GM steers on the map (`map::ViewBoxState`); its picture may be turned to face the players
//! (`turn`), tokens drawn as base rings for miniatures, and a grid test (`grid_test`) checks the
//! scale with a ruler. Nothing done in this window pans or zooms it: its view comes only from the
//! GM's window.
//!
//! It is an immediate viewport: drawn in the same pass as the GM's window, straight from the
//! app's state, so it needs no shared locks and is never a frame behind the GM's edits.

mod export;
mod follow;
mod grid_test;
mod handout_card;
mod table_board;
mod table_pen;
pub mod table_setup;
pub mod touch;
mod turn;

pub use export::Exporter;
pub use table_board::TableTouch;
pub use table_setup::{TableScreens, TableSetup};
pub use touch::TableMoves;
pub use turn::ScreenTurn;

use egui::{Color32, Key, Rect, Sense, Vec2, ViewportBuilder, ViewportCommand, ViewportId};

use super::LanternApp;
use super::map::{self, MapTransform, MapView, ViewOptions};
use crate::board::table_scale::PxPerCell;
use crate::board::view_box::ViewBox;
use crate::model::{Encounter, GridPoint};

/// The players' window's own state. View state: never saved with the encounter, though the
/// table screens' setups are kept in the app's settings.
#[derive(Clone, Debug, Default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches, each a checkbox in the View menu"
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
    /// Each display's table-screen setup (saved in the app's settings, not the encounter).
    pub table: TableScreens,
    /// Show the grid test instead of the map.
    pub grid_test: bool,
    /// The "Table screen" setup window is open.
    pub setup_open: bool,
    /// What the window drew last frame (the map's transform, its turn, the cells shown).
    pub last_frame: Option<PlayersFrame>,
    /// The players' window's width in screen pixels, as last drawn.
    pub window_px: Option<u32>,
    /// The combatant whose turn the view box last saw (it follows when that changes).
    pub followed: Option<crate::model::TokenId>,
    /// When the mouse last moved over the window (egui time): the fullscreen button shows
    /// for a while after.
    mouse_seen_at: Option<f64>,
    /// The fingers (and mouse) on the table's screen.
    pub touch: TableTouch,
    /// The pen on the players' window (`table_pen.rs`).
    pub pen: table_pen::TablePen,
    /// The handout shown over the map (`handout_card.rs`).
    pub handout: handout_card::ShownCard,
}

/// How one frame of the players' window drew the map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayersFrame {
    /// From map space to the upright picture, before [`Self::turn`] takes it to the screen.
    pub transform: MapTransform,
    pub turn: ScreenTurn,
    /// The map's columns and rows shown at true scale; `None` when the view is fitted.
    pub cells: Option<[u32; 2]>,
    pub view_box: Option<ViewBox>,
    /// Where the map shows on the window (the rest is the banner and the black margin).
    pub map_on_screen: Rect,
    /// The window less the round's banner strips: what is laid over the map (a handout) stays
    /// here, so the banner saying whose turn it is is never covered.
    pub clear_of_banner: Rect,
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

    /// The current display's setup (a default one, true scale off, when it has none).
    pub fn setup(&self) -> TableSetup {
        self.table.current().cloned().unwrap_or_default()
    }

    /// One cell's size in screen pixels, while true scale is on and its setup is sound.
    pub fn true_scale(&self) -> Option<PxPerCell> {
        let setup = self.table.current()?;
        setup.true_scale.then(|| setup.px_per_cell().ok()).flatten()
    }
}

impl LanternApp {
    /// Shows the players' window while it is open (call once per frame from `ui`).
    pub(super) fn players_viewport(&mut self, ctx: &egui::Context) {
        if !self.players.open {
            self.map_view.view_box_mut().hide();
            return;
        }
        let builder = ViewportBuilder::default()
            .with_title("Lantern — Players")
            .with_inner_size([960.0, 600.0])
            .with_fullscreen(self.players.fullscreen);
        let window = &mut self.players;
        let view = &mut self.map_view;
        let encounter = &self.document.encounter;
        let commands = &mut self.pending;
        ctx.show_viewport_immediate(PlayersWindow::viewport_id(), builder, |ui, _class| {
            if ui.input(|i| i.viewport().close_requested()) {
                window.open = false;
            }
            players_ui(ui, window, view, encounter, commands);
        });
    }

    /// Draws only the players' view into `ui`, then applies what the table did there as the
    /// app does after drawing (tests and the frame benchmark use this).
    pub fn players_view_ui(&mut self, ui: &mut egui::Ui) {
        self.map_view.set_revision(self.document.revision());
        players_ui(
            ui,
            &mut self.players,
            &mut self.map_view,
            &self.document.encounter,
            &mut self.pending,
        );
        self.apply_pending(ui.ctx());
    }

    /// Draws the "Table screen" setup window while it is open.
    pub(super) fn table_setup_window(&mut self, ctx: &egui::Context) {
        if self.players.setup_open {
            table_setup::table_setup_ui(ctx, &mut self.players);
        }
    }
}

/// The players' view: the map for the players, the turn banner and a fullscreen button; the
/// table's touches (or mouse) move tokens and ping, queuing their moves in `commands`.
pub fn players_ui(
    ui: &mut egui::Ui,
    window: &mut PlayersWindow,
    view: &mut MapView,
    encounter: &Encounter,
    commands: &mut Vec<crate::model::Command>,
) {
    let size = ui.available_size().max(Vec2::new(320.0, 200.0));
    // Hover only: no click, drag, scroll or pinch here ever moves the view. Fingers and the
    // mouse are read as the table's own contacts (`touch`), against the frame last drawn.
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    table_board::table_input_ui(ui, window, view, encounter, commands);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Players' view"));
    ui.painter().rect_filled(rect, 0.0, Color32::BLACK);
    if ui.input(|i| i.key_pressed(Key::F11)) {
        set_fullscreen(ui.ctx(), window, !window.fullscreen);
    }
    window.window_px = Some((rect.width() * ui.ctx().pixels_per_point()).floor() as u32);
    if let Some(px) = table_setup::monitor_px(ui.ctx()) {
        window.table.last_display = Some(table_setup::display_key(px));
    }
    let setup = window.setup();
    let table = if let Some(cell) = window.true_scale() {
        let shown = view_box_for(ui, rect, &setup, cell, window, view, encounter);
        let follow = setup.follow_turn;
        let moved = follow::follow_turn(&mut window.followed, follow, view, encounter);
        let shown = if moved {
            view.view_box().current().unwrap_or(shown)
        } else {
            shown
        };
        Some((cell, shown))
    } else {
        view.view_box_mut().hide();
        None
    };
    window.last_frame = if window.blackout {
        None
    } else if window.grid_test {
        grid_test::paint_grid_test(ui, rect, &setup, encounter.map.grid);
        None
    } else {
        let region = window.region(view, encounter);
        let frame = ViewFrame {
            rect,
            setup: &setup,
            table,
            region,
        };
        Some(frame.paint(ui, view, encounter, &window.touch))
    };
    table_pen::pen_ui(ui, rect, window, view, encounter);
    if let Some(frame) = window.last_frame {
        handout_card::handout_ui(ui, frame.clear_of_banner, &window.handout, encounter);
    }
    fullscreen_button_ui(ui, rect, window);
    view.end_pass(ui.ctx());
}

/// This frame's view box: as many whole cells as the window holds at true scale, around the box's
/// centre cell (or, the first time, the middle of what the players saw).
fn view_box_for(
    ui: &egui::Ui,
    rect: Rect,
    setup: &TableSetup,
    cell: PxPerCell,
    window: &PlayersWindow,
    view: &mut MapView,
    encounter: &Encounter,
) -> ViewBox {
    let mut picture_px = rect.size() * ui.ctx().pixels_per_point();
    // The round's banner has its own strips along the upright picture's top (and bottom): the
    // cells fit between them.
    let upright_height = if setup.turn.is_sideways() {
        rect.width()
    } else {
        rect.height()
    };
    let strips_px = banner_strips(upright_height, setup, encounter) * ui.ctx().pixels_per_point();
    if setup.turn.is_sideways() {
        picture_px.x -= strips_px;
    } else {
        picture_px.y -= strips_px;
    }
    let picture_px = [
        f64::from(picture_px.x.max(1.0)),
        f64::from(picture_px.y.max(1.0)),
    ];
    let grid = encounter.map.grid;
    let cells = cell.cells_visible(picture_px, grid, setup.turn);
    let middle = window.region(view, encounter).center();
    let middle = GridPoint::new(f64::from(middle.x), f64::from(middle.y));
    view.view_box_mut().show(grid, cells, setup.turn, middle)
}

/// The height the round's banner strips take from the upright picture (`upright_height`
/// points tall): its strip along the top, and the same along the bottom when it is repeated
/// upside down.
fn banner_strips(upright_height: f32, setup: &TableSetup, encounter: &Encounter) -> f32 {
    let strip = map::turn_banner_height(upright_height, encounter);
    if setup.text_both_ways {
        2.0 * strip
    } else {
        strip
    }
}

/// What one frame of the players' view draws: where, with which setup, and either the true-scale
/// view box or the region to fit.
struct ViewFrame<'a> {
    rect: Rect,
    setup: &'a TableSetup,
    table: Option<(PxPerCell, ViewBox)>,
    region: Rect,
}

impl ViewFrame<'_> {
    /// Paints the map and banner upright, then turns them to face the players.
    fn paint(
        &self,
        ui: &mut egui::Ui,
        view: &mut MapView,
        encounter: &Encounter,
        touch: &TableTouch,
    ) -> PlayersFrame {
        let ppp = ui.ctx().pixels_per_point();
        let stretch_y = self.table.map_or(1.0, |(cell, _)| (cell.y / cell.x) as f32);
        let turn = ScreenTurn {
            centre: self.rect.center(),
            turn: self.setup.turn,
            stretch_y,
        };
        let upright = turn.logical_rect(self.rect);
        // The map between the banner's strips, never under them.
        let strip = map::turn_banner_height(upright.height(), encounter);
        let mut room = upright;
        room.min.y += strip;
        if self.setup.text_both_ways {
            room.max.y -= strip;
        }
        let (t, clip) = match self.table {
            Some((cell, view_box)) => true_scale_transform(cell, &view_box, encounter, room, ppp),
            None => (MapTransform::fit(self.region, room, 0.0), room),
        };
        let layer = ui.layer_id();
        let start = turn::next_shape(ui.ctx(), layer);
        // The upright picture may reach past the window before it is turned: its own clip.
        let mut upright_ui = ui.new_child(egui::UiBuilder::new().max_rect(upright));
        upright_ui.set_clip_rect(upright);
        let options = ViewOptions {
            miniatures: self.setup.miniatures,
            text_both_ways: self.setup.text_both_ways,
            ..ViewOptions::PLAYERS
        };
        let turn_shown = map::paint_map_view(&upright_ui, clip, view, encounter, &t, options);
        let marks = table_board::MarksFrame {
            ui: &upright_ui,
            painter: &upright_ui.painter_at(clip),
            t: &t,
            turn: &turn,
        };
        let now = ui.input(|i| i.time);
        table_board::paint_table_marks(&marks, touch, view, encounter, now);
        let banner = turn::next_shape(ui.ctx(), layer);
        map::paint_turn_banner(
            &upright_ui.painter_at(upright),
            upright,
            encounter,
            turn_shown,
        );
        if self.setup.text_both_ways {
            turn::repeat_half_turned(ui.ctx(), layer, banner, upright.center());
        }
        turn::turn_painted(ui.ctx(), layer, start, &turn);
        PlayersFrame {
            transform: t,
            turn,
            cells: self.table.map(|(_, b)| [b.cols, b.rows]),
            view_box: self.table.map(|(_, b)| b),
            map_on_screen: turn.rect(clip),
            clear_of_banner: turn.rect(room),
        }
    }
}

/// The transform that draws `view_box` at true scale in the middle of the upright picture, and
/// the box's own rectangle there (the map is clipped to it: the screen shows whole cells).
fn true_scale_transform(
    cell: PxPerCell,
    view_box: &ViewBox,
    encounter: &Encounter,
    upright: Rect,
    pixels_per_point: f32,
) -> (MapTransform, Rect) {
    // Screen pixels to egui points: the same cell is fewer points on a scaled-up desktop.
    let points_per_cell = cell.x as f32 / pixels_per_point;
    let r = view_box.rect_in_grid(encounter.map.grid);
    let size = Vec2::new(r.width() as f32, r.height() as f32) * points_per_cell;
    let box_ui = Rect::from_center_size(upright.center(), size);
    let origin = box_ui.min - Vec2::new(r.min.x as f32, r.min.y as f32) * points_per_cell;
    let t = MapTransform {
        origin_in_ui: origin,
        points_per_cell,
    };
    (t, box_ui)
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

/// How long the fullscreen button stays after the mouse last moved over the window, in seconds.
const BUTTON_SECS: f64 = 3.0;

/// A small, dim button in the bottom-right corner to go fullscreen (F11 does the same), shown
/// only for a few seconds after the mouse moves over the window and never in fullscreen: the
/// table's picture and its banner carry no chrome. F11 in either window, or the View menu,
/// leaves fullscreen.
fn fullscreen_button_ui(ui: &mut egui::Ui, rect: Rect, window: &mut PlayersWindow) {
    let now = ui.input(|i| i.time);
    if mouse_moved(ui, rect) {
        window.mouse_seen_at = Some(now);
    }
    let Some(seen) = window.mouse_seen_at.filter(|_| !window.fullscreen) else {
        return;
    };
    let left = seen + BUTTON_SECS - now;
    if left <= 0.0 {
        window.mouse_seen_at = None;
        return;
    }
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_secs_f64(left));
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
            Action::TableScreen => players.setup_open = !players.setup_open,
            Action::ShowCurrentCombatant => {
                let encounter = &self.document.encounter;
                if let Some(id) = encounter.combat.initiative.current_token() {
                    self.map_view.view_box_mut().show_token(encounter, id);
                }
            }
            Action::Handouts => self.handouts.open = !self.handouts.open,
            Action::DismissHandout => players.handout.shown = None,
            Action::ExportView => self.start_export(ctx, true),
            Action::ExportViewNoFog => self.start_export(ctx, false),
            _ => {}
        }
    }
}

/// Whether a mouse (not a finger, which the platform also reports as the pointer) moved over
/// `rect` this frame.
fn mouse_moved(ui: &egui::Ui, rect: Rect) -> bool {
    ui.input(|i| {
        let touched = i.any_touches()
            || i.events
                .iter()
                .any(|e| matches!(e, egui::Event::Touch { .. }));
        !touched
            && i.events
                .iter()
                .any(|e| matches!(e, egui::Event::PointerMoved(_)))
            && i.pointer.latest_pos().is_some_and(|p| rect.contains(p))
    })
}
