//! The Map pane: the battle map the GM works on.
//!
//! Layers, bottom to top: the table, the map area (or its background image), difficult and
//! obstacle cells, grid lines, the fog of war's tint, walls/doors/windows, the dragged token's
//! reach, tokens with their sight, turn and condition marks, the drag ghost and its path, the
//! hovered token's sight lines, the ruler, the toolbars. Only what is in view is drawn. Every
//! edit is queued as a [`Command`]; pan, zoom, hover, drags and the play aids' state live in
//! [`MapView`].
//!
//! The players' window and PNG export draw the same layers without gestures
//! ([`paint_map_view`]); [`MapAudience`] says who a view is for.
//!
//! # What is where
//!
//! - Who gets the pointer (`pointer.rs`): one decision per frame that every gesture asks, and
//!   [`pointer::overlay_ui`], which every toolbar drawn over the map goes through.
//! - Play aids (`play.rs`: the sight overlay and the ruler), the camera and its toolbar
//!   (`camera.rs`), tokens (`tokens.rs`, painted by `token_paint.rs` and `token_sprite.rs`, named
//!   by `name_tags.rs`), walls and doors (`walls.rs`, kept meshes in `mesh_cache.rs`).
//! - The editing tools (`tools.rs`, one file per tool: `token_palette.rs`, `polyline.rs`,
//!   `brush.rs`, `calibrate.rs`, `area_tool.rs`, `light_tool.rs`).
//! - The fog layer and its brush (`fog.rs`, `fog_brush.rs` with the fog toolbar).
//! - Areas of effect: placing, turning and keeping them and sending their targets to the Dice pane
//!   (`area_tool.rs`); a kept area's origin dot, menu and turning handle (`area_handles.rs`); an
//!   aura's turn effect (`aura_effect_ui.rs`); the waiting aura offers' cards beside their aura and
//!   the rings on the tokens they name (`aura_cards.rs`); the attacks of opportunity a move
//!   offered, with Attack… and Let it go beside the attacker (`opportunity_cards.rs`); a
//!   token's fall, its height asked in a small window (`fall_window.rs`).
//! - The light layer (`light_layer.rs`: the GM's tint and radii, the players' darkness with a soft
//!   falloff, drawn as a texture from `board::fog_raster::glow_raster`), its menus
//!   (`light_menu.rs`), and the Light source tool (`light_tool.rs`: placing, the editing panel and
//!   each light's right-click menu).
//! - `audience_view.rs` draws the map for a [`MapAudience`] (the GM or the players) and the
//!   players' turn banner in its own strip.

mod area_handles;
mod area_layer;
mod area_tool;
mod attack_pick;
mod audience_view;
mod aura_cards;
mod aura_effect_ui;
pub(crate) mod background;
mod base_ring;
mod box_select;
mod brush;
mod calibrate;
mod camera;
mod cell_layers;
mod fall_window;
mod fog;
mod fog_brush;
mod layout;
mod library_drop;
mod light_layer;
mod light_menu;
mod light_tool;
mod marks;
mod mesh_cache;
mod move_kind_menu;
mod movement;
mod name_tags;
mod opportunity_cards;
pub(crate) mod palette;
mod pen;
mod placement;
mod play;
pub mod pointer;
mod polyline;
mod room_reveal;
mod ruler;
mod scene_cache;
mod sight_overlay;
mod table_view;
mod terrain;
mod token_images;
mod token_marks;
mod token_paint;
mod token_palette;
mod token_sprite;
mod tokens;
mod tools;
mod transform;
mod turning;
mod view_box;
mod walls;

pub use area_tool::{request_area_from, targets_of};
pub use audience_view::{ViewOptions, paint_map_view, paint_turn_banner, turn_banner_height};
pub use fall_window::fall_menu_ui;
pub use fog::MapAudience;
pub use layout::map_rect_in_grid;
pub(crate) use marks::{FadingMarks, StrokeSoFar};
pub use ruler::Measurement;
pub use sight_overlay::overlay_verdicts;
pub use table_view::paint_table_drag;
pub use token_palette::{TokenPalette, take_image_request};
pub use tools::{Tool, ToolState};
pub use transform::MapTransform;
pub use view_box::ViewBoxState;
pub use walls::door_label;

use egui::{Key, Modifiers, Sense, Vec2};

use super::PaneContext;
use crate::board::VerdictKind;
use crate::model::{Cell, TokenId};
use background::BackgroundCache;
use camera::Camera;
use play::PlayState;
use terrain::VisibleCells;

/// Pan, zoom, hover and drag state of a map view. Not saved with the encounter.
#[derive(Debug, Default)]
pub struct MapView {
    camera: Option<Camera>,
    drag: Option<TokenDrag>,
    hovered_cell: Option<Cell>,
    backgrounds: BackgroundCache,
    play: PlayState,
    tools: ToolState,
    token_images: token_images::TokenImages,
    fog: fog::FogLayer,
    /// The walls' meshes, kept while the walls and the camera stay.
    walls: walls::WallMeshes,
    /// The obstacle and difficult cells as a texture, for when too many are in view.
    cell_layers: cell_layers::CellLayerTexture,
    /// The kept areas' board, worked out on a worker when heavy.
    areas: area_layer::AreaLayer,
    box_select: box_select::BoxSelect,
    /// The part of the map (map space) the GM's pane showed last frame: what the players'
    /// window follows or is pushed.
    view_in_grid: Option<egui::Rect>,
    /// While set, the pane draws this plain view (no gestures, no toolbars) for a PNG export.
    export: Option<ViewOptions>,
    /// The pane's rect and the pass it was drawn in.
    rect: Option<(egui::Rect, u64)>,
    /// "Attack with …": the attacker whose target the next token click picks.
    attack_pick: attack_pick::AttackPick,
    /// The table screen's view box, drawn over the map while the players' window shows true scale.
    view_box: ViewBoxState,
    /// Where the GM or the table pointed, shown on both windows for a few seconds.
    pings: crate::app::ping::Pings,
    /// The room Reveal room would reveal at the pointer.
    room_preview: room_reveal::RoomPreview,
    /// Marks that vanish a few seconds after they are drawn, on both windows.
    fading: marks::FadingMarks,
    /// Commands queued from outside the Map pane (the players' window's pen), for the app to
    /// apply with the panes' own.
    queued: Vec<crate::model::Command>,
}

/// A token being dragged with the primary button.
#[derive(Clone, Copy, Debug)]
struct TokenDrag {
    id: TokenId,
    /// From the anchor cell's centre to where the token was grabbed, in map space.
    grab_x: f64,
    grab_y: f64,
    /// The anchor cell the token would land on if dropped now.
    target: Cell,
}

impl MapView {
    /// Fits the whole map into the pane on the next frame.
    pub fn fit_map(&mut self) {
        if let Some(camera) = &mut self.camera {
            camera.request_fit();
        }
    }

    /// The current zoom in ui points per cell, once the pane has been shown.
    pub fn points_per_cell(&self) -> Option<f32> {
        self.camera.as_ref().map(Camera::points_per_cell)
    }

    /// The sight overlay as last drawn: every other token's verdict from the one selected token
    /// (empty when the overlay is off or not exactly one token is selected).
    pub fn sight_marks(&self) -> Vec<(TokenId, VerdictKind)> {
        self.play.sight_marks()
    }

    /// The ruler's latest measurement, kept after the drag ends.
    pub fn last_measurement(&self) -> Option<&Measurement> {
        self.play.last_measurement()
    }

    /// The editing tools: the active tool, the token palette, a polyline being drawn.
    pub fn tools(&mut self) -> &mut ToolState {
        &mut self.tools
    }

    /// The background textures, for handing over images decoded by an import.
    pub(crate) fn backgrounds(&mut self) -> &mut BackgroundCache {
        &mut self.backgrounds
    }

    /// Whether a background image, a palette picture or the light and fog are still being
    /// worked out on a worker.
    pub fn is_loading(&self) -> bool {
        self.backgrounds.is_loading()
            || self.tools.palette.is_loading()
            || self.fog.light.progress().is_some()
            || self.areas.progress().is_some()
    }

    /// Whether the light and fog drawn came from a worker (on a heavy map), frames after the
    /// edit that asked for them.
    pub fn lighting_from_worker(&self) -> bool {
        self.fog.light.landed_from_worker()
    }

    /// The party's lit board, once it is worked out for `encounter` as it is (the companion
    /// sends phones their views from it); `None` while a worker still works it out.
    pub fn current_lit_board(
        &self,
        encounter: &crate::model::Encounter,
    ) -> Option<&crate::board::lit_board::LitBoard> {
        let light = &self.fog.light;
        light
            .board()
            .filter(|b| light.is_current() && b.map() == &encounter.map)
    }

    /// Takes `scene`, built on a worker for `encounter` (a large file just opened), so the
    /// first frame of that encounter does not build it again.
    pub(crate) fn adopt_scene(
        &mut self,
        encounter: &crate::model::Encounter,
        scene: crate::board::Scene,
    ) {
        self.play.scene.adopt(encounter, scene);
    }

    /// Tells the view which state of the document it draws: while `revision` stays, its caches
    /// take the encounter as unchanged without comparing it (see `Document::revision`).
    pub fn set_revision(&mut self, revision: u64) {
        self.play.scene.revision = Some(revision);
        self.fog.light.revision = Some(revision);
    }

    /// The size in pixels of a background image whose textures are ready.
    pub fn background_size_px(&self, image: crate::model::ImageId) -> Option<[u32; 2]> {
        self.backgrounds.size_px(image)
    }

    /// The part of the map the GM's pane showed last frame, in map space.
    pub fn view_in_grid(&self) -> Option<egui::Rect> {
        self.view_in_grid
    }

    /// The pane's rect in ui points, if the pane was drawn in this pass or the one before (a
    /// pane in a hidden tab keeps an old rect that would crop the wrong part of a screenshot).
    pub fn rect(&self, ctx: &egui::Context) -> Option<egui::Rect> {
        let now = ctx.cumulative_pass_nr();
        self.rect
            .filter(|(_, pass)| pass + 1 >= now)
            .map(|(rect, _)| rect)
    }

    /// Draws the pane as a plain view for export (`Some`) or as the GM's map again (`None`).
    pub fn set_export(&mut self, options: Option<ViewOptions>) {
        self.export = options;
    }

    /// Cells the party sees now but has not explored (empty with fog off or nothing new).
    pub fn unexplored_seen(
        &mut self,
        ctx: &egui::Context,
        encounter: &crate::model::Encounter,
    ) -> Vec<Cell> {
        self.fog.refresh(&mut self.play.scene, encounter, ctx);
        self.fog.unexplored_seen(encounter)
    }

    /// Call at the end of every pass: when text laid out after a kept mesh was built grew the
    /// font atlas, the mesh's discs point at the wrong place in it, so another frame is asked
    /// for, in which they are rebuilt (a mesh not drawn meanwhile, its pane hidden, is dropped
    /// and asks only once).
    pub fn end_pass(&mut self, ctx: &egui::Context) {
        if self.walls.forget_if_atlas_changed(ctx) {
            ctx.request_repaint();
        }
    }

    /// The table screen's view box.
    pub fn view_box(&self) -> &ViewBoxState {
        &self.view_box
    }

    pub fn view_box_mut(&mut self) -> &mut ViewBoxState {
        &mut self.view_box
    }

    /// The fading marks both windows draw.
    pub(crate) fn fading_mut(&mut self) -> &mut FadingMarks {
        &mut self.fading
    }

    /// Queues a command from a window without a command list of its own (the players').
    pub(crate) fn queue(&mut self, command: crate::model::Command) {
        self.queued.push(command);
    }

    /// The commands queued since the last call.
    pub(crate) fn take_queued(&mut self) -> Vec<crate::model::Command> {
        std::mem::take(&mut self.queued)
    }

    /// How many fading marks are showing.
    pub fn fading_marks(&self) -> usize {
        self.fading.len()
    }

    /// Why the last token drop was refused, while the note is shown.
    pub fn refusal_note(&self) -> Option<&str> {
        self.play.note()
    }

    /// The pings showing on the windows.
    pub fn pings(&self) -> &crate::app::ping::Pings {
        &self.pings
    }

    pub fn pings_mut(&mut self) -> &mut crate::app::ping::Pings {
        &mut self.pings
    }
}

/// Draws the map and turns the GM's gestures into commands. `rng` rolls an aura offer's harm
/// when it is applied from its card on the map.
pub fn map_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    view: &mut MapView,
    rng: &mut crate::dice::DiceRng,
) {
    let (rect, background) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    background.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Map"));
    let encounter = ctx.encounter;
    let map_in_grid = layout::map_rect_in_grid(&encounter.map);
    // Who gets the pointer is decided once, here: every gesture below asks `pointer`.
    let pointer = pointer::MapPointer::find(ui, rect);
    if view.attack_pick.update(ui, &pointer, ctx.encounter) {
        // Picking a target: the next click on a token is that, not an editing tool's.
        view.tools.set_tool(Tool::Select);
        view.fog.brush.tool = None;
    }
    let camera = view.camera.get_or_insert_with(Camera::default);
    let arrows_taken = view.view_box.takes_arrow_keys();
    camera.handle_input(ui, rect, map_in_grid, &background, &pointer, arrows_taken);
    let t = camera.transform(rect, map_in_grid);

    view.rect = Some((rect, ui.ctx().cumulative_pass_nr()));
    view.view_in_grid = Some(t.grid_rect_from_ui(rect));
    if let Some(options) = view.export {
        paint_map_view(ui, rect, view, encounter, &t, options);
        return;
    }
    let painter = ui.painter_at(rect);
    let background_error = paint_board(ui, &painter, view, encounter, map_in_grid, &t);
    view.fog.refresh(&mut view.play.scene, encounter, ui.ctx());
    view.fog
        .light
        .paint(&painter, encounter, MapAudience::Gm, &t);
    view.fog.paint(&painter, encounter, MapAudience::Gm, &t);
    view.fog
        .brush
        .ui(ui, &background, &pointer, &encounter.map, &t, ctx.commands);
    view.fog
        .brush
        .paint_stroke(&painter, encounter.map.grid, &t);
    reveal_room_ui(ui, ctx, view, &background, &pointer, &painter, &t);
    view.hovered_cell = hovered_cell(ctx, &pointer, &t);
    if pointer.over_map {
        library_drop::library_drop_ui(ui, ctx, &mut view.play.note, &background, &t);
    }
    if let Some(cell) = view.hovered_cell {
        terrain::paint_hovered_cell(&painter, encounter.map.grid, cell, &t);
    }
    // Doors open and close on a click only in play; an editing tool's clicks are its own.
    let mut door_clicks = Vec::new();
    let door_commands = if view.tools.tool.edits() {
        &mut door_clicks
    } else {
        &mut *ctx.commands
    };
    walls::walls_ui(
        ui,
        &painter,
        &encounter.walls,
        &t,
        door_commands,
        &mut view.walls,
    );

    view.play.before_tokens(ctx, view.drag, &painter, &t);
    let (pan, hovered) = tokens_layer_ui(ui, ctx, view, &painter, &t);
    view.token_images.paint(ui.ctx(), &painter, encounter, &t);
    turning::paint_facings(&painter, encounter, &t);
    view.tools.tool_ui(ui, ctx, &painter, &t, &pointer);
    let light_tool_on = view.tools.tool == Tool::Light;
    if light_tool::handles_ui(ui, ctx, &mut view.tools.light, light_tool_on, &t).is_some() {
        view.tools.set_tool(Tool::Light);
    }
    area_ui(ui, ctx, view, &painter, &t, &pointer);
    marks_ui(ui, ctx, view, &painter, &t, &pointer);
    aura_cards::paint_waiting_tokens(ui, &painter, encounter, &t);
    view.play
        .after_tokens(ui, ctx, view.drag, hovered, pointer.over_map, &painter, &t);
    let (scene, _) = view.play.scene.scene(encounter);
    view.attack_pick
        .paint(ui, &painter, scene, encounter, &t, &pointer, hovered);

    table_aids_ui(ui, view, encounter, (&painter, &t), &background, &pointer);

    let boxing = !view.tools.tool.edits()
        && !view.fog.brushing()
        && !view.play.ruler.active(ui)
        && view.drag.is_none();
    view.box_select
        .ui(ui, &background, &pointer, &painter, &t, ctx, boxing);
    // With an editing tool a click on the map is the tool's (placing a token selects it).
    if background.clicked() && pointer.over_map && !view.tools.tool.edits() {
        ctx.selection.clear();
    }
    handle_keys(ui, ctx);
    let brush_before = view.fog.brush.tool;
    view.tools.handle_keys(ui, ctx);
    if let Some(camera) = &mut view.camera {
        camera.pan(ui, pan);
        camera::toolbar_ui(ui, rect, camera);
    }
    view.play.toolbar_ui(ui, rect);
    view.tools.toolbar_ui(ui, ctx, rect);
    area_windows_ui(ui, ctx, view, rng, &painter, &t, rect);
    opportunity_cards::offers_ui(ui, ctx, &painter, &t, rect.shrink2(Vec2::new(60.0, 50.0)));
    fall_window::fall_window_ui(ui, ctx, rng);
    view.backgrounds.progress_ui(ui);
    lighting_progress_ui(ui, rect, view.fog.light.progress());
    fog_brush::toolbar_ui(ui, rect, encounter, &mut view.fog.brush, ctx.commands);
    keep_one_brush(view, brush_before);
    if let Some(err) = background_error {
        error_banner_ui(ui, rect, &err);
    }
}

/// What the map shows for the table: the pings, and the table screen's view box.
fn table_aids_ui(
    ui: &egui::Ui,
    view: &mut MapView,
    encounter: &crate::model::Encounter,
    (painter, t): (&egui::Painter, &MapTransform),
    background: &egui::Response,
    pointer: &pointer::MapPointer,
) {
    ping_ui(ui, &mut view.pings, pointer, painter, t);
    view_box::view_box_ui(
        ui,
        &mut view.view_box,
        encounter,
        painter,
        t,
        background,
        pointer,
    );
}

/// Alt+click pings the spot on both windows; the pings showing are drawn over the tokens.
fn ping_ui(
    ui: &egui::Ui,
    pings: &mut crate::app::ping::Pings,
    pointer: &pointer::MapPointer,
    painter: &egui::Painter,
    t: &MapTransform,
) {
    let now = crate::app::ping::now(ui.ctx());
    if let Some(at) = crate::app::ping::alt_click(ui, t, |p| pointer.owns(p)) {
        pings.push(at, now);
    }
    crate::app::ping::paint_pings(painter, pings, t, now);
}

/// The kept and fading marks, and the Pen tool's gesture.
fn marks_ui(
    ui: &egui::Ui,
    ctx: &mut PaneContext<'_>,
    view: &mut MapView,
    painter: &egui::Painter,
    t: &MapTransform,
    pointer: &pointer::MapPointer,
) {
    marks::paint_kept(painter, ctx.encounter, t, MapAudience::Gm);
    view.fading.paint(painter, t, ui.input(|i| i.time));
    if view.tools.tool == Tool::Pen {
        view.tools
            .pen
            .ui(ui, ctx, painter, t, pointer, &mut view.fading);
    }
}

/// The fog toolbar's Reveal room: the room under the pointer, revealed on a click.
fn reveal_room_ui(
    ui: &egui::Ui,
    ctx: &mut PaneContext<'_>,
    view: &mut MapView,
    background: &egui::Response,
    pointer: &pointer::MapPointer,
    painter: &egui::Painter,
    t: &MapTransform,
) {
    if view.fog.brush.tool != Some(fog_brush::BrushTool::Room) {
        view.room_preview.clear();
        return;
    }
    let scene = view.play.scene.scene(ctx.encounter);
    let refused = view
        .room_preview
        .ui(ctx, scene, background, pointer, painter, t);
    if let Some(why) = refused {
        view.play.note = Some((why, ui.input(|i| i.time) + 5.0));
    }
}

/// The kept areas, a right-click's "Area from here…", and the Area tool's drag.
fn area_ui(
    ui: &egui::Ui,
    ctx: &mut PaneContext<'_>,
    view: &mut MapView,
    painter: &egui::Painter,
    t: &transform::MapTransform,
    pointer: &pointer::MapPointer,
) {
    if let Some(token) = area_tool::take_area_request(ui.ctx()) {
        view.tools.set_tool(Tool::Area);
        view.tools.area.start_from(token);
    }
    view.areas
        .refresh(&mut view.play.scene, ctx.encounter, ui.ctx());
    view.areas.paint(painter, ctx.encounter, t, None);
    let (scene, _) = view.play.scene.scene(ctx.encounter);
    if view.tools.tool == Tool::Area {
        view.tools
            .area
            .place_ui(ui, ctx, painter, t, pointer, scene);
    }
}

/// The Area tool's window, when the tool is on, and the waiting aura offers' cards.
fn area_windows_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    view: &mut MapView,
    rng: &mut crate::dice::DiceRng,
    painter: &egui::Painter,
    t: &MapTransform,
    rect: egui::Rect,
) {
    let area_window = view.tools.tool == Tool::Area;
    let offers = !ctx.encounter.combat.aura_offers.is_empty();
    if !area_window && !offers {
        // Most frames: no scene needed (the stress frame's budget counts every call).
        return;
    }
    let (scene, _) = view.play.scene.scene(ctx.encounter);
    if area_window {
        view.tools.area.panel_ui(ui, ctx, scene, rect);
    }
    let room = aura_cards::Room {
        map: rect,
        area_window,
    };
    aura_cards::cards_ui(ui, ctx, rng, painter, t, scene, &room);
}

/// The fog brush and the editing tools both take primary drags, so at most one is on: the one
/// picked last wins and the other is put down.
fn keep_one_brush(view: &mut MapView, brush_before: Option<fog_brush::BrushTool>) {
    if view.fog.brush.tool.is_none() || !view.tools.tool.edits() {
        return;
    }
    if view.fog.brush.tool == brush_before {
        view.fog.brush.tool = None;
    } else {
        view.tools.set_tool(Tool::Select);
    }
}

/// The tokens, with the play aids' marks on them. Returns how far to pan (drags with the middle
/// or right button that started on a token) and the hovered token.
fn tokens_layer_ui(
    ui: &egui::Ui,
    ctx: &mut PaneContext<'_>,
    view: &mut MapView,
    painter: &egui::Painter,
    t: &MapTransform,
) -> (Vec2, Option<TokenId>) {
    let mut pan = Vec2::ZERO;
    let mut hovered = None;
    let discs = layout::token_discs(ctx.encounter.map.grid);
    // An editing tool owns primary drags, as the ruler does: tokens then only take clicks.
    // The fog brush takes primary drags too: tokens stay put under it.
    // Picking a target for "Attack with …": a click on a token picks it, and nothing drags.
    let picking = view.attack_pick.attacker().is_some();
    let measuring =
        view.play.ruler.active(ui) || view.tools.tool.edits() || view.fog.brushing() || picking;
    let mut picked = None;
    let play = &mut view.play;
    let (scene, _) = play.scene.scene(ctx.encounter);
    let mut layer = tokens::TokenLayer {
        painter,
        transform: t,
        discs: &discs,
        drag: &mut view.drag,
        pan: &mut pan,
        scene,
        marks: &play.marks,
        reach: &mut play.reach,
        note: &mut play.note,
        measuring,
        hovered: &mut hovered,
        picked: picking.then_some(&mut picked),
    };
    tokens::tokens_ui(ui, ctx, &mut layer);
    if let Some(target) = picked {
        view.attack_pick.pick(ui.ctx(), target);
    }
    // A drag whose release never reached its token (the token was undone away mid-drag) ends here.
    if !ui.input(|i| i.pointer.primary_down()) {
        view.drag = None;
    }
    (pan, hovered)
}

/// Everything under the walls and tokens: table, map area or background image, terrain, grid.
/// Returns why the background image could not be shown, if it could not.
fn paint_board(
    ui: &egui::Ui,
    painter: &egui::Painter,
    view: &mut MapView,
    encounter: &crate::model::Encounter,
    map_in_grid: egui::Rect,
    t: &MapTransform,
) -> Option<String> {
    let rect = painter.clip_rect();
    let map_in_ui = t.ui_rect_from_grid(map_in_grid);
    terrain::paint_table(painter, rect, &encounter.map, map_in_ui, t);
    let view_in_grid = t.grid_rect_from_ui(rect);
    let cells =
        layout::visible_offsets(&encounter.map, view_in_grid).map(|(cols, rows)| VisibleCells {
            map: &encounter.map,
            cols,
            rows,
            view_in_grid,
        });
    let from_texture = cells
        .as_ref()
        .is_some_and(|cells| cell_layers::too_many(encounter, cells, t));
    // The texture carries the parchment of a square map: none is painted under it.
    let parchment =
        !from_texture || cell_layers::Ground::for_map(&encounter.map) == cell_layers::Ground::Clear;
    terrain::paint_map_area(painter, encounter, map_in_ui, cells.as_ref(), t, parchment);
    let background_error = view.backgrounds.paint(ui.ctx(), painter, encounter, t);
    if let Some(cells) = &cells {
        if from_texture {
            let terrain = view.play.scene.terrain_generation(encounter);
            view.cell_layers.paint(painter, encounter, terrain, t);
            terrain::paint_obstacle_polygons(painter, encounter, t);
        } else {
            terrain::paint_cell_layers(painter, encounter, cells, t);
        }
        terrain::paint_grid(painter, cells, map_in_ui, t);
    }
    background_error
}

/// The map cell under the pointer, when the map owns the pointer.
fn hovered_cell(
    ctx: &PaneContext<'_>,
    pointer: &pointer::MapPointer,
    t: &MapTransform,
) -> Option<Cell> {
    let at = pointer.pos_in_ui.filter(|_| pointer.over_map)?;
    let cell = crate::board::grid::cell_in_grid(ctx.encounter.map.grid, t.grid_from_ui(at));
    ctx.encounter.map.contains(cell).then_some(cell)
}

/// Delete removes the selected tokens, unless a text field has the keyboard.
fn handle_keys(ui: &egui::Ui, ctx: &mut PaneContext<'_>) {
    if ctx.selection.is_empty() || !pointer::keys_for_map(ui) {
        return;
    }
    if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Delete)) {
        tokens::delete_selected(ctx);
    }
}

/// While a worker works the light and fog out, a note at the top of the map says how far it
/// has got (the map meanwhile shows the last light, or none).
fn lighting_progress_ui(ui: &mut egui::Ui, rect: egui::Rect, progress: Option<f32>) {
    let Some(done) = progress else {
        return;
    };
    let at = egui::Rect::from_center_size(
        rect.center_top() + Vec2::new(0.0, 52.0),
        Vec2::new(300.0, 40.0),
    );
    ui.scope_builder(egui::UiBuilder::new().max_rect(at), |ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            ui.add(
                egui::ProgressBar::new(done)
                    .desired_width(260.0)
                    .text(format!(
                        "Working out the light and fog… {:.0}%",
                        done * 100.0
                    )),
            );
        });
    });
}

fn error_banner_ui(ui: &mut egui::Ui, rect: egui::Rect, message: &str) {
    let banner = pointer::Overlay {
        name: "error_banner",
        label: "Map message",
        // Below the toolbars along the top.
        anchor: egui::Align2::CENTER_TOP,
        inset: Vec2::new(8.0, 52.0),
        max_width: 640.0,
    };
    pointer::overlay_ui(ui, rect, &banner, |ui| {
        ui.add(
            egui::Label::new(egui::RichText::new(message).color(ui.visuals().error_fg_color))
                .wrap(),
        );
    });
}
