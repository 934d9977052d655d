//! Fog of war on the map: what the party sees (worked out once per change of the board) and the
//! fog painted for the GM (a light tint) or the players (unexplored hidden, explored dimmed). The
//! GM's brush and the fog toolbar are in `fog_brush`.
//!
//! The fog is kept as meshes in map space, one per band of rows, rebuilt only when the board or
//! the saved fog changes; a frame moves the bands in view into ui space and nothing else.

use egui::{Color32, Mesh, Pos2, Rect, Shape, pos2};

use super::light_layer::LightLayer;
use super::terrain::cell_polygon;
use super::transform::MapTransform;
use crate::board::Scene;
use crate::board::fog::{CellFog, CellMask, FogCells, newly_seen, seen_cells_lit};
use crate::model::{Cell, Encounter, Fog, MapSpec, Side};

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
///
/// The party sees what is in its sight *and* lit, so every cache here keys on the light
/// layer's generation (which follows the scene's), not on the scene's alone.
#[derive(Debug, Default)]
pub struct FogLayer {
    /// The illumination the party's sight depends on, and its drawing.
    pub light: LightLayer,
    /// The party's sight for one light generation.
    seen: Option<(u64, CellMask)>,
    /// Cell states for a scene generation and a saved fog.
    cells: Option<(u64, Fog, FogCells)>,
    /// Meshes per audience, for the cell states of the generation they name.
    bands: [Option<(u64, Fog, Vec<Band>)>; 2],
    /// Which walls show at all for the cell states of a generation and a saved fog.
    walls: Option<(u64, Fog, Vec<bool>)>,
    /// `(scene generation, explored count)` last checked for newly seen cells.
    checked: Option<(u64, usize)>,
    pub brush: super::fog_brush::Brush,
}

impl FogLayer {
    /// The cells the party sees in `scene` (generation `generation`) in its light, computed
    /// once per change of either.
    pub fn seen(&mut self, scene: &Scene, generation: u64, encounter: &Encounter) -> &CellMask {
        let generation = self.light.refresh(scene, generation, encounter);
        seen_for(&mut self.seen, &self.light, scene, generation, encounter)
    }

    /// Every cell's fog state, recomputed when the scene, the light or the saved fog changed.
    pub fn cells(&mut self, scene: &Scene, generation: u64, encounter: &Encounter) -> &FogCells {
        let generation = self.light.refresh(scene, generation, encounter);
        let stale = self
            .cells
            .as_ref()
            .is_none_or(|(g, fog, _)| *g != generation || *fog != encounter.fog);
        if stale {
            self.cells = None;
        }
        let (seen, light) = (&mut self.seen, &self.light);
        let (_, _, cells) = self.cells.get_or_insert_with(|| {
            let seen = seen_for(seen, light, scene, generation, encounter);
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
        let scene_generation = generation;
        let generation = self.light.refresh(scene, generation, encounter);
        let stale = self
            .walls
            .as_ref()
            .is_none_or(|(g, fog, _)| *g != generation || *fog != encounter.fog);
        if stale {
            let cells = self.cells(scene, scene_generation, encounter);
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
        let lit_generation = self.light.refresh(scene, generation, encounter);
        let key = (lit_generation, encounter.fog.explored.len());
        if !encounter.fog.enabled || self.checked == Some(key) {
            return Vec::new();
        }
        self.checked = Some(key);
        newly_seen(&encounter.fog, self.seen(scene, generation, encounter))
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
        let scene_generation = generation;
        let generation = self.light.refresh(scene, generation, encounter);
        let slot = audience as usize;
        let stale = self.bands[slot]
            .as_ref()
            .is_none_or(|(g, fog, _)| *g != generation || *fog != encounter.fog);
        if stale {
            let cells = self.cells(scene, scene_generation, encounter);
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

/// The party's sight cached in `slot` for light generation `generation`, computed when missing
/// or stale.
fn seen_for<'a>(
    slot: &'a mut Option<(u64, CellMask)>,
    light: &LightLayer,
    scene: &Scene,
    generation: u64,
    encounter: &Encounter,
) -> &'a CellMask {
    if slot.as_ref().is_some_and(|(g, _)| *g != generation) {
        *slot = None;
    }
    let (_, seen) = slot.get_or_insert_with(|| {
        let seen = light.illumination().map_or_else(
            || CellMask::empty(&encounter.map),
            |lit| seen_cells_lit(scene, encounter, lit, Side::Party),
        );
        (generation, seen)
    });
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
    // Built literally: `MapTransform::new` clamps the zoom to what the pane allows.
    let identity = MapTransform {
        origin_in_ui: Pos2::ZERO,
        points_per_cell: 1.0,
    };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GridKind;

    #[test]
    fn hex_bands_are_in_map_space() {
        let map = MapSpec {
            grid: GridKind::HexPointy,
            width_cells: 3,
            height_cells: 2,
            ..MapSpec::default()
        };
        let fog = Fog {
            enabled: true,
            ..Fog::default()
        };
        let cells = FogCells::new(&map, &fog, &CellMask::empty(&map));
        let bands = build_bands(&map, &cells, fog_colours(MapAudience::Gm));
        let expected = crate::app::map::layout::map_rect_in_grid(&map);
        let bounds = bands[0].bounds;
        assert!(
            (bounds.max.x - expected.max.x).abs() < 1e-4,
            "{bounds:?} vs {expected:?}"
        );
        assert!(
            (bounds.max.y - expected.max.y).abs() < 1e-4,
            "{bounds:?} vs {expected:?}"
        );
        assert_eq!(bands[0].mesh.vertices.len(), 6 * 6);
    }

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
}
