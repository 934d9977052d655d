//! Fog of war on the map: what the party sees (worked out once per change of the board), the
//! fog painted for the GM (a light tint) or the players (unexplored hidden, explored dimmed), and
//! the GM's reveal/hide brush with its small toolbar.
//!
//! The fog is kept as meshes in map space, one per band of rows, rebuilt only when the board or
//! the saved fog changes; a frame moves the bands in view into ui space and nothing else.

use egui::{Color32, Mesh, Pos2, Rect, Shape, Ui, Vec2, pos2};

use super::terrain::cell_polygon;
use super::transform::MapTransform;
use crate::board::Scene;
use crate::board::fog::{CellFog, CellMask, FogCells, newly_seen, seen_cells};
use crate::board::grid::cell_in_grid;
use crate::model::{Cell, Command, Encounter, Fog, FogCommand, FogMark, GridKind, MapSpec, Side};

/// Who a map view is drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MapAudience {
    /// The GM at the laptop: everything, fog as a light tint, editing chrome.
    Gm,
    /// The shared screen: fog hides what the party has not seen, no GM-only tokens or notes.
    Players,
}

/// Rows per cached mesh band: small enough to cull, large enough to keep the shape count low.
const BAND_ROWS: i32 = 16;

/// Fog colours per audience: (hidden, explored).
fn fog_colours(audience: MapAudience) -> (Color32, Color32) {
    match audience {
        MapAudience::Gm => (
            Color32::from_rgba_unmultiplied(18, 24, 48, 110),
            Color32::from_rgba_unmultiplied(18, 24, 48, 45),
        ),
        MapAudience::Players => (
            Color32::from_rgb(10, 10, 12),
            Color32::from_rgba_unmultiplied(10, 10, 12, 170),
        ),
    }
}

/// One band of the fog in map space, with its extent for culling.
#[derive(Clone, Debug)]
struct Band {
    bounds: Rect,
    mesh: Mesh,
}

/// The fog's caches and the brush. View state; nothing here is saved.
#[derive(Debug, Default)]
pub struct FogLayer {
    /// The party's sight for one scene generation.
    seen: Option<(u64, CellMask)>,
    /// Cell states for a scene generation and a saved fog.
    cells: Option<(u64, Fog, FogCells)>,
    /// Meshes per audience, for the cell states of the generation they name.
    bands: [Option<(u64, Fog, Vec<Band>)>; 2],
    /// Which walls show at all for the cell states of a generation and a saved fog.
    walls: Option<(u64, Fog, Vec<bool>)>,
    /// `(scene generation, explored count)` last checked for newly seen cells.
    checked: Option<(u64, usize)>,
    pub brush: Brush,
}

impl FogLayer {
    /// The cells the party sees in `scene` (generation `generation`), computed once per scene.
    pub fn seen(&mut self, scene: &Scene, generation: u64) -> &CellMask {
        seen_for(&mut self.seen, scene, generation)
    }

    /// Every cell's fog state, recomputed when the scene or the saved fog changed.
    pub fn cells(&mut self, scene: &Scene, generation: u64, encounter: &Encounter) -> &FogCells {
        let stale = self
            .cells
            .as_ref()
            .is_none_or(|(g, fog, _)| *g != generation || *fog != encounter.fog);
        if stale {
            self.cells = None;
        }
        let seen = &mut self.seen;
        let (_, _, cells) = self.cells.get_or_insert_with(|| {
            let seen = seen_for(seen, scene, generation);
            let cells = FogCells::new(&encounter.map, &encounter.fog, seen);
            (generation, encounter.fog.clone(), cells)
        });
        cells
    }

    /// One flag per wall of `encounter`: whether a cell beside it is shown at all. Cached like
    /// the cell states.
    pub fn walls_shown(
        &mut self,
        scene: &Scene,
        generation: u64,
        encounter: &Encounter,
    ) -> &[bool] {
        let stale = self
            .walls
            .as_ref()
            .is_none_or(|(g, fog, _)| *g != generation || *fog != encounter.fog);
        if stale {
            let cells = self.cells(scene, generation, encounter);
            let shown = encounter
                .walls
                .iter()
                .map(|w| wall_shown(&encounter.map, cells, w))
                .collect();
            self.walls = Some((generation, encounter.fog.clone(), shown));
        }
        self.walls.as_ref().map_or(&[], |(_, _, shown)| shown)
    }

    /// Cells the party sees now but has not explored yet. Cheap when nothing changed: the check
    /// runs again only when the scene or the number of explored cells moved.
    pub fn unexplored_seen(
        &mut self,
        scene: &Scene,
        generation: u64,
        encounter: &Encounter,
    ) -> Vec<Cell> {
        let key = (generation, encounter.fog.explored.len());
        if !encounter.fog.enabled || self.checked == Some(key) {
            return Vec::new();
        }
        self.checked = Some(key);
        newly_seen(&encounter.fog, self.seen(scene, generation))
    }

    /// Paints the fog over the board for `audience`.
    pub fn paint(
        &mut self,
        painter: &egui::Painter,
        scene: &Scene,
        generation: u64,
        encounter: &Encounter,
        audience: MapAudience,
        t: &MapTransform,
    ) {
        if !encounter.fog.enabled {
            return;
        }
        let slot = audience as usize;
        let stale = self.bands[slot]
            .as_ref()
            .is_none_or(|(g, fog, _)| *g != generation || *fog != encounter.fog);
        if stale {
            let cells = self.cells(scene, generation, encounter);
            let bands = build_bands(&encounter.map, cells, fog_colours(audience));
            self.bands[slot] = Some((generation, encounter.fog.clone(), bands));
        }
        let Some((_, _, bands)) = &self.bands[slot] else {
            return;
        };
        let view = t.grid_rect_from_ui(painter.clip_rect());
        for band in bands.iter().filter(|b| b.bounds.intersects(view)) {
            painter.add(Shape::mesh(to_ui(&band.mesh, t)));
        }
    }

    /// Whether the brush is on, so primary drags paint fog instead of moving tokens.
    pub fn brushing(&self) -> bool {
        self.brush.tool.is_some()
    }
}

/// Whether the cells on either side of a wall (sampled every half cell, a quarter cell off the
/// wall) include one that is shown at all: a wall along a cell edge is seen from either side.
fn wall_shown(map: &MapSpec, cells: &FogCells, wall: &crate::model::Wall) -> bool {
    let (from, to) = (wall.a, wall.b);
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = dx.hypot(dy);
    if length == 0.0 {
        return false;
    }
    let (nx, ny) = (-dy / length * 0.25, dx / length * 0.25);
    let steps = (length * 2.0).ceil() as u32;
    (0..=steps).any(|step| {
        let along = f64::from(step) / f64::from(steps);
        let (px, py) = (from.x + dx * along, from.y + dy * along);
        [1.0, -1.0].iter().any(|side| {
            let point = crate::model::GridPoint::new(px + nx * side, py + ny * side);
            let cell = crate::board::grid::cell_in_grid(map.grid, point);
            cells.at(map, cell) != CellFog::Hidden
        })
    })
}

/// The party's sight cached in `slot` for `generation`, computed when missing or stale.
fn seen_for<'a>(
    slot: &'a mut Option<(u64, CellMask)>,
    scene: &Scene,
    generation: u64,
) -> &'a CellMask {
    if slot.as_ref().is_some_and(|(g, _)| *g != generation) {
        *slot = None;
    }
    let (_, seen) = slot.get_or_insert_with(|| (generation, seen_cells(scene, Side::Party, None)));
    seen
}

/// A copy of a map-space mesh placed in the ui.
fn to_ui(mesh: &Mesh, t: &MapTransform) -> Mesh {
    let mut out = mesh.clone();
    for v in &mut out.vertices {
        v.pos = t.origin_in_ui + v.pos.to_vec2() * t.points_per_cell;
    }
    out
}

/// The fog as bands of rows in map space: runs of equal cells merged into one quad on square
/// grids, one hexagon per cell on hex grids.
fn build_bands(
    map: &MapSpec,
    cells: &FogCells,
    (hidden, explored): (Color32, Color32),
) -> Vec<Band> {
    let (w, h) = cells.size();
    let identity = MapTransform::new(Pos2::ZERO, 1.0);
    let mut bands = Vec::new();
    for first_row in (0..h as i32).step_by(BAND_ROWS as usize) {
        let mut mesh = Mesh::default();
        for row in first_row..(first_row + BAND_ROWS).min(h as i32) {
            let colour = |col| match cells.at_offset(col, row) {
                CellFog::Visible => None,
                CellFog::Explored => Some(explored),
                CellFog::Hidden => Some(hidden),
            };
            if map.grid.is_hex() {
                for col in 0..w as i32 {
                    if let Some(c) = colour(col) {
                        let polygon =
                            cell_polygon(map.grid, map.cell_at_offset(col, row), &identity);
                        add_convex(&mut mesh, &polygon, c);
                    }
                }
            } else {
                add_runs(&mut mesh, w as i32, row, colour);
            }
        }
        if !mesh.is_empty() {
            let bounds = mesh.calc_bounds();
            bands.push(Band { bounds, mesh });
        }
    }
    bands
}

/// One quad per run of cells of the same colour in a square grid's row.
fn add_runs(mesh: &mut Mesh, width: i32, row: i32, colour: impl Fn(i32) -> Option<Color32>) {
    let mut col = 0;
    while col < width {
        let Some(c) = colour(col) else {
            col += 1;
            continue;
        };
        let start = col;
        while col < width && colour(col) == Some(c) {
            col += 1;
        }
        let rect = Rect::from_min_max(
            pos2(start as f32, row as f32),
            pos2(col as f32, row as f32 + 1.0),
        );
        mesh.add_colored_rect(rect, c);
    }
}

/// A convex polygon as a triangle fan.
fn add_convex(mesh: &mut Mesh, polygon: &[Pos2], colour: Color32) {
    let base = mesh.vertices.len() as u32;
    for p in polygon {
        mesh.colored_vertex(*p, colour);
    }
    for i in 1..polygon.len().saturating_sub(1) as u32 {
        mesh.add_triangle(base, base + i, base + i + 1);
    }
}

/// What the GM's brush does to the cells it passes over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrushTool {
    Reveal,
    Hide,
    /// Takes the GM's mark off, so the party's sight decides again.
    Unmark,
}

impl BrushTool {
    fn mark(self) -> Option<FogMark> {
        match self {
            Self::Reveal => Some(FogMark::Revealed),
            Self::Hide => Some(FogMark::Hidden),
            Self::Unmark => None,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Self::Reveal => "Reveal",
            Self::Hide => "Hide",
            Self::Unmark => "Unmark",
        }
    }

    fn tooltip(self) -> &'static str {
        match self {
            Self::Reveal => "Drag over the map to show cells to the players",
            Self::Hide => "Drag over the map to hide cells from the players",
            Self::Unmark => "Drag over the map to let the party's sight decide again",
        }
    }
}

/// The brush: its tool (off when `None`), size and the stroke under way.
#[derive(Clone, Debug, Default)]
pub struct Brush {
    pub tool: Option<BrushTool>,
    /// Cells painted around the pointer: 0 is one cell.
    pub radius_cells: u32,
    stroke: Vec<Cell>,
}

impl Brush {
    /// Follows a primary drag (or click) on the map and queues one command per stroke.
    pub fn ui(
        &mut self,
        ui: &Ui,
        background: &egui::Response,
        map: &MapSpec,
        t: &MapTransform,
        commands: &mut Vec<Command>,
    ) {
        let Some(tool) = self.tool else {
            self.stroke.clear();
            return;
        };
        let painting = background.dragged_by(egui::PointerButton::Primary)
            || background.drag_stopped_by(egui::PointerButton::Primary)
            || background.clicked();
        // egui calls it a drag only once the pointer has moved a little: the stroke starts where
        // the button went down.
        let origin = background
            .drag_started_by(egui::PointerButton::Primary)
            .then(|| ui.input(|i| i.pointer.press_origin()))
            .flatten();
        let pointer = painting
            .then(|| background.interact_pointer_pos())
            .flatten();
        for at in origin.into_iter().chain(pointer) {
            let centre = cell_in_grid(map.grid, t.grid_from_ui(at));
            for cell in cells_around(map, centre, self.radius_cells) {
                if !self.stroke.contains(&cell) {
                    self.stroke.push(cell);
                }
            }
        }
        let done = background.drag_stopped_by(egui::PointerButton::Primary)
            || background.clicked()
            || !ui.input(|i| i.pointer.primary_down());
        if done && !self.stroke.is_empty() {
            let cells = std::mem::take(&mut self.stroke);
            let mark = tool.mark();
            commands.push(Command::Fog(FogCommand::Brush(
                cells.into_iter().map(|c| (c, mark)).collect(),
            )));
        }
    }

    /// Outlines the stroke under way, so the GM sees what the release will change.
    pub fn paint_stroke(&self, painter: &egui::Painter, grid: GridKind, t: &MapTransform) {
        let colour = match self.tool {
            Some(BrushTool::Hide) => Color32::from_rgba_unmultiplied(20, 20, 60, 120),
            _ => Color32::from_rgba_unmultiplied(255, 240, 160, 90),
        };
        for cell in &self.stroke {
            painter.add(Shape::convex_polygon(
                cell_polygon(grid, *cell, t),
                colour,
                egui::Stroke::NONE,
            ));
        }
    }
}

/// The map cells within `radius` cells of `centre` (by centre distance), `centre` included.
fn cells_around(map: &MapSpec, centre: Cell, radius: u32) -> Vec<Cell> {
    let r = radius as i32;
    let c = crate::board::grid::point_in_grid(map.grid, centre);
    let limit = f64::from(radius) + 0.01;
    let mut cells = Vec::new();
    for dy in -r..=r {
        for dx in -r..=r {
            let cell = Cell::new(centre.x + dx, centre.y + dy);
            let p = crate::board::grid::point_in_grid(map.grid, cell);
            if map.contains(cell) && (p.x - c.x).hypot(p.y - c.y) <= limit {
                cells.push(cell);
            }
        }
    }
    cells
}

/// The fog toolbar in the pane's bottom-left corner: fog on/off, the brush tools and size, and
/// a reset of what the party explored.
pub fn toolbar_ui(
    ui: &mut Ui,
    rect: Rect,
    fog: &Fog,
    brush: &mut Brush,
    commands: &mut Vec<Command>,
) {
    let size = Vec2::new(420.0, 34.0);
    let at = Rect::from_min_size(rect.left_bottom() + Vec2::new(8.0, -size.y - 8.0), size);
    let backing = ui.interact(at, ui.scope_id().with("fog_toolbar"), egui::Sense::click());
    backing.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Toolbar, true, "Fog tools"));
    ui.scope_builder(egui::UiBuilder::new().max_rect(at), |ui| {
        egui::Frame::popup(ui.style())
            .inner_margin(4.0)
            .show(ui, |ui| {
                ui.horizontal(|ui| tools_ui(ui, fog, brush, commands));
            });
    });
}

fn tools_ui(ui: &mut Ui, fog: &Fog, brush: &mut Brush, commands: &mut Vec<Command>) {
    let mut enabled = fog.enabled;
    if ui
        .toggle_value(&mut enabled, "Fog")
        .on_hover_text("Fog of war: the players see only what the party has seen")
        .clicked()
    {
        commands.push(Command::Fog(FogCommand::SetEnabled(enabled)));
    }
    ui.add_enabled_ui(fog.enabled, |ui| {
        for tool in [BrushTool::Reveal, BrushTool::Hide, BrushTool::Unmark] {
            let on = brush.tool == Some(tool);
            if ui
                .selectable_label(on, tool.label())
                .on_hover_text(tool.tooltip())
                .clicked()
            {
                brush.tool = if on { None } else { Some(tool) };
            }
        }
        ui.add(
            egui::DragValue::new(&mut brush.radius_cells)
                .range(0..=6)
                .prefix("size "),
        )
        .on_hover_text("Brush radius in cells (0 paints one cell)");
        if ui
            .button("Reset explored")
            .on_hover_text("Forget what the party explored; what it sees now stays")
            .clicked()
        {
            commands.push(Command::Fog(FogCommand::ResetExplored));
        }
    });
    if !fog.enabled {
        brush.tool = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_rows_merge_runs_into_quads() {
        let map = MapSpec {
            width_cells: 6,
            height_cells: 1,
            ..MapSpec::default()
        };
        let seen = CellMask::empty(&map);
        let fog = Fog {
            enabled: true,
            revealed: [Cell::new(2, 0)].into_iter().collect(),
            ..Fog::default()
        };
        let cells = FogCells::new(&map, &fog, &seen);
        let bands = build_bands(&map, &cells, fog_colours(MapAudience::Players));
        assert_eq!(bands.len(), 1);
        // Cells 0–1 and 3–5 hidden: two quads of four vertices.
        assert_eq!(bands[0].mesh.vertices.len(), 8);
        assert_eq!(
            bands[0].bounds,
            Rect::from_min_max(pos2(0.0, 0.0), pos2(6.0, 1.0))
        );
    }

    #[test]
    fn a_brush_of_radius_one_covers_a_cell_and_its_four_neighbours() {
        let map = MapSpec::default();
        let cells = cells_around(&map, Cell::new(5, 5), 1);
        assert_eq!(cells.len(), 5);
        assert_eq!(
            cells_around(&map, Cell::new(0, 0), 1).len(),
            3,
            "clipped to the map"
        );
        let hex = MapSpec {
            grid: GridKind::HexFlat,
            ..MapSpec::default()
        };
        assert_eq!(cells_around(&hex, Cell::new(5, 5), 1).len(), 7);
    }
}
