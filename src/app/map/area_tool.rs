//! The Area tool: lay a cone, sphere, line, square or burst on the map in the encounter's own
//! bands, see who is inside, and hand them to the Dice pane as the action's targets.
//!
//! Press where the area starts (or pick "Area from here…" on a token), drag to turn it, release
//! to place it: a one-off measurement stays until Esc or the next one; with "Keep on map" it
//! becomes an encounter object (a command: undo, saved, shown to the players unless GM-only).
//! Which cells and tokens are inside is the core's decision (`board::area`); this file draws it.

use egui::{Color32, Painter, Stroke, Ui};

use super::pointer::MapPointer;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::board::footprint::footprint_centre;
use crate::board::grid::{cell_corners, cell_in_grid, point_in_grid};
use crate::board::{Scene, band_limits_cells};
use crate::model::{
    AreaCommand, AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, AuraEffect, Command,
    Encounter, GridPoint, TokenId, fresh_area_id,
};

/// The area's fill and outline: a saturated orange that reads on parchment, on dark
/// backgrounds and on a television across the room.
pub const AREA_FILL: Color32 = Color32::from_rgba_unmultiplied_const(255, 110, 0, 90);
pub const AREA_EDGE: Color32 = Color32::from_rgb(255, 140, 20);

/// Which shape the tool lays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ShapePick {
    #[default]
    Cone,
    Sphere,
    Line,
    Square,
    Burst,
}

impl ShapePick {
    const ALL: [Self; 5] = [
        Self::Cone,
        Self::Sphere,
        Self::Line,
        Self::Square,
        Self::Burst,
    ];

    fn label(self) -> &'static str {
        match self {
            Self::Cone => "Cone",
            Self::Sphere => "Sphere",
            Self::Line => "Line",
            Self::Square => "Square",
            Self::Burst => "Burst",
        }
    }
}

/// The Area tool's settings and the area being laid. View state: never saved.
#[derive(Debug)]
pub struct AreaTool {
    pub shape: ShapePick,
    /// The band the size is taken from, or `None` for `cells`.
    pub band: Option<String>,
    pub cells: f64,
    pub line_width_cells: f64,
    pub keep: bool,
    pub gm_only: bool,
    pub select: AreaSelect,
    /// The token the next area comes from ("Area from here…").
    pub source: Option<TokenId>,
    /// An aura: the kept area moves with its source.
    pub follows: bool,
    /// What the aura does at a turn boundary (offered by the turn tracker).
    pub effect: Option<AuraEffect>,
    /// The press that started the drag, in map space.
    drag_from: Option<GridPoint>,
    /// The area being dragged or the last one-off measurement.
    pub current: Option<AreaTemplate>,
    /// The kept area whose turning handle shows.
    pub(super) selected: Option<AreaId>,
    /// A turn or move of a kept area in progress.
    pub(super) handle: Option<super::area_handles::HandleDrag>,
}

impl Default for AreaTool {
    fn default() -> Self {
        Self {
            shape: ShapePick::Cone,
            band: Some("Close".to_owned()),
            cells: 3.0,
            line_width_cells: 1.0,
            keep: false,
            gm_only: false,
            select: AreaSelect::Everyone,
            source: None,
            follows: false,
            effect: None,
            drag_from: None,
            current: None,
            selected: None,
            handle: None,
        }
    }
}

/// The Area tool's window, whose last rect the aura cards keep clear of.
pub(super) fn window_id() -> egui::Id {
    egui::Id::unique("lantern_area_window")
}

fn request_id() -> egui::Id {
    egui::Id::unique("lantern_area_from_token")
}

/// "Area from here…" on a token: the map switches to the Area tool with that token as source.
pub fn request_area_from(ctx: &egui::Context, token: TokenId) {
    ctx.data_mut(|d| d.insert_temp(request_id(), Some(token)));
}

/// The token a right-click asked to lay an area from, if any (taken once).
pub fn take_area_request(ctx: &egui::Context) -> Option<TokenId> {
    ctx.data_mut(|d| d.remove_temp::<Option<TokenId>>(request_id()))
        .flatten()
}

impl AreaTool {
    /// Starts an area from `token`: the next press only turns it.
    pub fn start_from(&mut self, token: TokenId) {
        self.source = Some(token);
        self.current = None;
    }

    fn size(&self) -> AreaSize {
        match &self.band {
            Some(name) => AreaSize::Band(name.clone()),
            None => AreaSize::Cells(self.cells),
        }
    }

    fn shape_now(&self) -> AreaShape {
        let size = self.size();
        match self.shape {
            ShapePick::Cone => AreaShape::Cone { length: size },
            ShapePick::Sphere => AreaShape::Sphere { radius: size },
            ShapePick::Line => AreaShape::Line {
                length: size,
                width: AreaSize::Cells(self.line_width_cells),
            },
            ShapePick::Square => AreaShape::Square { side: size },
            ShapePick::Burst => AreaShape::Burst { reach: size },
        }
    }

    /// Where an area pressed at `p` and aimed at `toward` starts: a cone from a token at the
    /// edge or corner of its footprint facing the aim (`board::area::cone_apex`), any other
    /// area from a token at its centre; else the nearest grid intersection for spheres and
    /// squares (square maps; a hex centre on hex maps) and the nearest cell centre otherwise.
    fn snapped_origin(&self, encounter: &Encounter, p: GridPoint, toward: GridPoint) -> GridPoint {
        let grid = encounter.map.grid;
        if let Some(t) = self.source.and_then(|id| encounter.token(id)) {
            if self.shape == ShapePick::Cone {
                return crate::board::area::cone_apex(grid, t.size, t.cell, toward);
            }
            return footprint_centre(grid, t.size, t.cell);
        }
        snap_free(
            grid,
            matches!(self.shape, ShapePick::Sphere | ShapePick::Square),
            p,
        )
    }

    /// The area pressed at `from` (in map space) and aimed at `toward`.
    fn template_towards(
        &self,
        encounter: &Encounter,
        from: GridPoint,
        toward: GridPoint,
    ) -> AreaTemplate {
        AreaTemplate {
            id: fresh_area_id(&encounter.areas),
            shape: self.shape_now(),
            origin: self.snapped_origin(encounter, from, toward),
            toward,
            source: self.source,
            follows: self.follows && self.source.is_some(),
            select: self.select,
            gm_only: self.gm_only,
            effect: self
                .effect
                .clone()
                .filter(|_| self.follows && self.source.is_some()),
        }
    }

    /// Follows the pointer: press to start, drag to turn, release to place. Draws the area.
    pub fn place_ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &Painter,
        t: &MapTransform,
        pointer: &MapPointer,
        scene: &Scene,
    ) {
        let (down, released) =
            ui.input(|i| (i.pointer.primary_down(), i.pointer.primary_released()));
        let handles = self.handles_ui(ui, ctx, painter, t, pointer, scene);
        if let Some(press) = pointer.press_in_ui.filter(|_| !handles.busy) {
            self.drag_from = Some(t.grid_from_ui(press));
        }
        if super::pointer::keys_for_map(ui) && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.current = None;
            self.drag_from = None;
            self.source = None;
        }
        if let Some(from) = self.drag_from {
            // The pointer counts while the button is held or on the frame it comes up; a
            // release off the map, over a pane or outside the window still ends the drag (the
            // area stays where it was last seen), so it never follows a pointer with no
            // button down.
            if (down || released)
                && let Some(pos) = pointer.pos_in_ui
            {
                self.current =
                    Some(self.template_towards(ctx.encounter, from, t.grid_from_ui(pos)));
            }
            if !down {
                self.drag_from = None;
                self.finish(ui.ctx(), ctx, scene);
            }
        }
        if let Some(area) = &self.current {
            paint_area(painter, scene, area, t, true);
        }
    }

    /// The drag ended: the targets go to the Dice pane; a kept area becomes a command.
    fn finish(&mut self, egui_ctx: &egui::Context, ctx: &mut PaneContext<'_>, scene: &Scene) {
        let Some(area) = self.current.clone() else {
            return;
        };
        let targets = targets_of(scene, &area);
        // An aura with a turn effect acts through the turn tracker, not as an action now.
        if !targets.is_empty() && area.effect.is_none() {
            crate::app::dice::request_area_targets(egui_ctx, area.source, targets);
        }
        if self.keep {
            ctx.command(Command::Area(AreaCommand::Add(area)));
            self.current = None;
            self.source = None;
        }
    }

    /// The tool's options and the areas kept on the map, in a window pinned to the map's
    /// top-right corner under the camera and play toolbars: clear of the tool column and the
    /// fog toolbar on the left, never taller than the map (it scrolls), and foldable to its
    /// title bar when it covers the fight.
    pub fn panel_ui(
        &mut self,
        ui: &mut Ui,
        ctx: &mut PaneContext<'_>,
        scene: &Scene,
        map_rect: egui::Rect,
    ) {
        // Under the camera and play toolbars, which sit in a row along the map's top edge.
        let top = 52.0;
        let room = egui::Rect::from_min_max(
            map_rect.min + egui::Vec2::new(8.0, top),
            map_rect.max - egui::Vec2::splat(8.0),
        );
        egui::Window::new("Area of effect")
            .id(window_id())
            .anchor(egui::Align2::RIGHT_TOP, egui::Vec2::ZERO)
            .constrain_to(room)
            .max_height((room.height() - 40.0).max(120.0))
            .resizable(false)
            .collapsible(true)
            .show(ui.ctx(), |ui| {
                ui.set_max_width(240.0);
                egui::ScrollArea::vertical().show(ui, |ui| {
                    self.options_ui(ui, ctx.encounter, scene);
                    self.inside_ui(ui, ctx.encounter, scene);
                    kept_ui(ui, ctx, scene, &mut self.selected);
                });
            });
    }

    fn options_ui(&mut self, ui: &mut Ui, encounter: &Encounter, scene: &Scene) {
        ui.horizontal_wrapped(|ui| {
            for pick in ShapePick::ALL {
                ui.selectable_value(&mut self.shape, pick, pick.label());
            }
        });
        let bands = band_limits_cells(scene);
        let size_text = self
            .band
            .clone()
            .unwrap_or_else(|| format!("{} cells", self.cells));
        egui::ComboBox::from_label("Size")
            .selected_text(size_text)
            .show_ui(ui, |ui| {
                for (name, cells) in &bands {
                    let label = format!("{name} (up to {cells:.0} cells)");
                    ui.selectable_value(&mut self.band, Some(name.clone()), label);
                }
                ui.selectable_value(&mut self.band, None, "Cells");
            });
        if self.band.is_none() {
            ui.add(
                egui::DragValue::new(&mut self.cells)
                    .range(0.5..=200.0)
                    .speed(0.5)
                    .suffix(" cells"),
            );
        }
        if self.shape == ShapePick::Line {
            ui.add(
                egui::DragValue::new(&mut self.line_width_cells)
                    .range(0.5..=20.0)
                    .speed(0.5)
                    .prefix("width ")
                    .suffix(" cells"),
            );
        }
        if let Some(t) = self.source.and_then(|id| encounter.token(id)) {
            ui.label(format!("From {}", crate::app::text::name(&t.name)));
            egui::ComboBox::from_label("Affects")
                .selected_text(select_label(self.select))
                .show_ui(ui, |ui| {
                    for s in [
                        AreaSelect::Everyone,
                        AreaSelect::Allies,
                        AreaSelect::Enemies,
                    ] {
                        ui.selectable_value(&mut self.select, s, select_label(s));
                    }
                });
            ui.checkbox(&mut self.follows, "Follows the token (aura)");
            if self.follows
                && let Some(p) =
                    super::aura_effect_ui::effect_ui(ui, encounter.system, &mut self.effect)
            {
                self.shape = ShapePick::Burst;
                self.band = Some(p.reach.to_owned());
                self.select = p.select;
                self.keep = true;
            }
        }
        ui.checkbox(&mut self.keep, "Keep on map");
        ui.checkbox(&mut self.gm_only, "GM only");
    }

    fn inside_ui(&self, ui: &mut Ui, encounter: &Encounter, scene: &Scene) {
        let Some(area) = &self.current else {
            ui.label("Press on the map and drag to lay the area.");
            return;
        };
        match scene.place_area(area) {
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.to_string());
            }
            Ok(placed) => {
                let names = scene
                    .area_tokens(&placed)
                    .iter()
                    .filter_map(|id| encounter.token(*id).map(|t| t.name.as_str()))
                    .collect::<Vec<_>>();
                if names.is_empty() {
                    ui.label("Inside: nobody");
                } else {
                    ui.label(format!("Inside: {}", crate::app::text::names(names)));
                }
            }
        }
    }
}

/// Where a free-standing area pressed at `p` starts: on square maps a sphere or square
/// (`on_corner`) at the nearest grid intersection, anything else at the nearest cell centre
/// (always a hex centre on hex maps).
pub(super) fn snap_free(grid: crate::model::GridKind, on_corner: bool, p: GridPoint) -> GridPoint {
    let cell = cell_in_grid(grid, p);
    if grid.is_hex() || !on_corner {
        return point_in_grid(grid, cell);
    }
    cell_corners(grid, cell)
        .into_iter()
        .min_by(|a, b| {
            let da = (a.x - p.x).hypot(a.y - p.y);
            let db = (b.x - p.x).hypot(b.y - p.y);
            da.total_cmp(&db)
        })
        .unwrap_or(p)
}

fn select_label(select: AreaSelect) -> &'static str {
    match select {
        AreaSelect::Everyone => "Everyone",
        AreaSelect::Allies => "Its allies",
        AreaSelect::Enemies => "Its enemies",
    }
}

/// The areas kept in the encounter, each with Targets and Remove.
fn kept_ui(ui: &mut Ui, ctx: &mut PaneContext<'_>, scene: &Scene, selected: &mut Option<AreaId>) {
    if ctx.encounter.areas.is_empty() {
        return;
    }
    ui.separator();
    for area in &ctx.encounter.areas {
        ui.horizontal_wrapped(|ui| {
            let from = area
                .source
                .and_then(|id| ctx.encounter.token(id))
                .map_or(String::new(), |t| {
                    format!(" from {}", crate::app::text::name(&t.name))
                });
            let effect = area.effect.as_ref().map_or(String::new(), |e| {
                let what = crate::combat::aura::outcome_text(ctx.encounter.system, &e.outcome);
                format!(": {what}")
            });
            let text = format!("{} {}{from}{effect}", area.shape.name(), area.id);
            if ui
                .selectable_label(*selected == Some(area.id), text)
                .clicked()
            {
                *selected = Some(area.id);
            }
            if ui.small_button("Targets").clicked() {
                let targets = targets_of(scene, area);
                crate::app::dice::request_area_targets(ui.ctx(), area.source, targets);
            }
            if ui.small_button("Remove").clicked() {
                ctx.commands
                    .push(Command::Area(AreaCommand::Remove(area.id)));
            }
        });
    }
}

/// The tokens an area affects (none when it cannot be measured).
pub fn targets_of(scene: &Scene, area: &AreaTemplate) -> Vec<TokenId> {
    scene
        .place_area(area)
        .map(|placed| scene.area_tokens(&placed))
        .unwrap_or_default()
}

/// Draws an area: its cells filled, its outline, and a ring on each token inside.
pub fn paint_area(
    painter: &Painter,
    scene: &Scene,
    area: &AreaTemplate,
    t: &MapTransform,
    rings: bool,
) {
    let Ok(placed) = scene.place_area(area) else {
        return;
    };
    let grid = scene.grid();
    for cell in scene.area_cells(&placed) {
        let corners: Vec<egui::Pos2> = cell_corners(grid, cell)
            .into_iter()
            .map(|p| t.ui_from_grid(p))
            .collect();
        painter.add(egui::Shape::convex_polygon(
            corners,
            AREA_FILL,
            Stroke::NONE,
        ));
    }
    let outline: Vec<egui::Pos2> = placed
        .outline(scene)
        .into_iter()
        .map(|p| t.ui_from_grid(p))
        .collect();
    if outline.len() > 2 {
        painter.add(egui::Shape::closed_line(
            outline,
            Stroke::new(3.0, AREA_EDGE),
        ));
    }
    painter.circle_filled(t.ui_from_grid(placed.origin), 4.0, AREA_EDGE);
    if !rings {
        return;
    }
    for id in scene.area_tokens(&placed) {
        let Some(i) = scene.token_index(id) else {
            continue;
        };
        let token = &scene.tokens[i];
        let centre = footprint_centre(grid, token.size, token.anchor);
        let radius = t.points(0.5 * (token.cells.len() as f64).sqrt());
        painter.circle_stroke(
            t.ui_from_grid(centre),
            radius + 3.0,
            Stroke::new(4.0, AREA_EDGE),
        );
    }
}

/// The encounter's kept areas, for an audience: for the players, those their view shows.
pub fn paint_kept_areas(
    painter: &Painter,
    scene: &Scene,
    encounter: &Encounter,
    t: &MapTransform,
    players: Option<&crate::view::PlayersView>,
) {
    for area in encounter
        .areas
        .iter()
        .filter(|a| players.is_none_or(|p| p.shows_area(a.id)))
    {
        paint_area(painter, scene, area, t, true);
    }
}
