//! The light on the map: the illumination worked out once per change of the board, the lights
//! or the ambient light, and drawn for an audience — the GM gets a light tint over the dark and
//! each light's radii; the players get darkness as dark, with a soft falloff from each light.
//!
//! The shading is a mesh in map space with one vertex per cell centre and corner; a corner takes
//! the mean glow of the cells around it, so the GPU's colour interpolation draws a smooth
//! gradient instead of a staircase. It is rebuilt only when the illumination changes.

use egui::{Color32, Mesh, Pos2, Rect, Shape, Stroke, pos2};

use super::fog::MapAudience;
use super::transform::MapTransform;
use crate::board::Scene;
use crate::board::grid::{HEX_DIRECTIONS, cell_corners, point_in_grid};
use crate::board::light::{Illumination, LightLevel};
use crate::model::{Ambient, Cell, Encounter, GridKind, GridPoint, Light, MapSpec, Senses};

/// Rows per cached shading mesh, for culling.
const BAND_ROWS: i32 = 16;

/// What the illumination is worked out from, beside the scene: when none of it changed, the
/// illumination (and the party's sight in it) is still right.
#[derive(Clone, Debug, PartialEq)]
struct LightKey {
    scene: u64,
    lights: Vec<Light>,
    ambient: Ambient,
    senses: Vec<Senses>,
}

impl LightKey {
    fn matches(&self, scene: u64, e: &Encounter) -> bool {
        self.scene == scene
            && self.ambient == e.ambient
            && self.lights == e.lights
            && self
                .senses
                .iter()
                .copied()
                .eq(e.tokens.iter().map(|t| t.senses))
    }

    fn of(scene: u64, e: &Encounter) -> Self {
        Self {
            scene,
            lights: e.lights.clone(),
            ambient: e.ambient,
            senses: e.tokens.iter().map(|t| t.senses).collect(),
        }
    }
}

/// One band of the shading in map space, with its extent for culling.
#[derive(Clone, Debug)]
struct Band {
    bounds: Rect,
    mesh: Mesh,
}

/// The illumination cache and its meshes. View state; nothing here is saved.
#[derive(Debug, Default)]
pub struct LightLayer {
    built: Option<(LightKey, Illumination)>,
    /// Bumped whenever the illumination is worked out again.
    generation: u64,
    /// Shading meshes per audience, for the generation they name.
    shading: [Option<(u64, Vec<Band>)>; 2],
}

impl LightLayer {
    /// Brings the illumination up to date with the encounter and returns its generation, which
    /// changes whenever the scene (generation `scene_generation`), the lights, the ambient light
    /// or a token's senses change: what is derived from the party's sight keys on it.
    pub fn refresh(&mut self, scene: &Scene, scene_generation: u64, encounter: &Encounter) -> u64 {
        let stale = self
            .built
            .as_ref()
            .is_none_or(|(key, _)| !key.matches(scene_generation, encounter));
        if stale {
            self.generation += 1;
            let lit = Illumination::new(scene, encounter);
            self.built = Some((LightKey::of(scene_generation, encounter), lit));
        }
        self.generation
    }

    /// The illumination as of the last [`Self::refresh`].
    pub fn illumination(&self) -> Option<&Illumination> {
        self.built.as_ref().map(|(_, lit)| lit)
    }

    /// Paints the shading for `audience` (nothing in bright ambient light), and for the GM each
    /// light's bright and dim radius.
    pub fn paint(
        &mut self,
        painter: &egui::Painter,
        encounter: &Encounter,
        audience: MapAudience,
        t: &MapTransform,
    ) {
        let Some((_, lit)) = &self.built else {
            return;
        };
        if lit.ambient() != LightLevel::Bright {
            let slot = audience as usize;
            if self.shading[slot]
                .as_ref()
                .is_none_or(|(g, _)| *g != self.generation)
            {
                let bands = build_shading(&encounter.map, lit, darkest(audience));
                self.shading[slot] = Some((self.generation, bands));
            }
            if let Some((_, bands)) = &self.shading[slot] {
                let view = t.grid_rect_from_ui(painter.clip_rect());
                for band in bands.iter().filter(|b| b.bounds.intersects(view)) {
                    painter.add(Shape::mesh(to_ui(&band.mesh, t)));
                }
            }
        }
        if audience == MapAudience::Gm {
            paint_radii(painter, encounter, lit, t);
        }
    }
}

/// The shade over darkness: near black for the players, a light tint for the GM.
fn darkest(audience: MapAudience) -> Color32 {
    match audience {
        MapAudience::Players => Color32::from_rgba_unmultiplied(4, 4, 10, 215),
        MapAudience::Gm => Color32::from_rgba_unmultiplied(10, 12, 40, 110),
    }
}

/// Each shining light's dim radius (thin) and bright radius (bolder), in its colour, and a dot
/// where it stands; lights that are off show as a hollow dot.
fn paint_radii(
    painter: &egui::Painter,
    encounter: &Encounter,
    lit: &Illumination,
    t: &MapTransform,
) {
    for source in lit.sources() {
        let [r, g, b, _] = source.colour;
        let colour = Color32::from_rgb(r, g, b);
        let centre = t.ui_from_grid(source.centre);
        painter.circle_stroke(
            centre,
            t.points(source.dim_cells),
            Stroke::new(1.0, colour.gamma_multiply(0.6)),
        );
        painter.circle_stroke(
            centre,
            t.points(source.bright_cells),
            Stroke::new(1.5, colour),
        );
        painter.circle_filled(centre, 4.0, colour);
    }
    for light in encounter.lights.iter().filter(|l| !l.on) {
        let centre = t.ui_from_grid(crate::board::light::light_centre(encounter, light));
        painter.circle_stroke(centre, 4.0, Stroke::new(1.5, Color32::GRAY));
    }
}

/// The shading as bands of rows in map space: a fan per cell from its centre to its corners.
fn build_shading(map: &MapSpec, lit: &Illumination, darkest: Color32) -> Vec<Band> {
    let (w, h) = (map.width_cells as i32, map.height_cells as i32);
    let shade = |glow: f32| darkest.gamma_multiply((1.0 - glow).clamp(0.0, 1.0));
    let mut bands = Vec::new();
    for first_row in (0..h).step_by(BAND_ROWS as usize) {
        let mut mesh = Mesh::default();
        for row in first_row..(first_row + BAND_ROWS).min(h) {
            for col in 0..w {
                let cell = map.cell_at_offset(col, row);
                let glow = lit.glow_at_cell(cell);
                let centre = point_in_grid(map.grid, cell);
                let corners = cell_corners(map.grid, cell);
                let base = mesh.vertices.len() as u32;
                mesh.colored_vertex(to_pos(centre), shade(glow));
                for corner in &corners {
                    let g = corner_glow(map, lit, cell, *corner);
                    mesh.colored_vertex(to_pos(*corner), shade(g));
                }
                let n = corners.len() as u32;
                for i in 0..n {
                    mesh.add_triangle(base, base + 1 + i, base + 1 + (i + 1) % n);
                }
            }
        }
        if !mesh.is_empty() {
            bands.push(Band {
                bounds: mesh.calc_bounds(),
                mesh,
            });
        }
    }
    bands
}

/// The mean glow of the map's cells that share `corner` with `cell`.
fn corner_glow(map: &MapSpec, lit: &Illumination, cell: Cell, corner: GridPoint) -> f32 {
    let reach = match map.grid {
        GridKind::Square | GridKind::Gridless => 0.75,
        GridKind::HexFlat | GridKind::HexPointy => crate::board::grid::HEX_RADIUS + 1e-3,
    };
    let (mut sum, mut count) = (0.0, 0.0);
    for near in neighbourhood(map.grid, cell) {
        let p = point_in_grid(map.grid, near);
        if map.contains(near) && (p.x - corner.x).hypot(p.y - corner.y) <= reach {
            sum += lit.glow_at_cell(near);
            count += 1.0;
        }
    }
    if count > 0.0 {
        sum / count
    } else {
        lit.glow_at_cell(cell)
    }
}

/// `cell` and the cells around it.
fn neighbourhood(grid: GridKind, cell: Cell) -> Vec<Cell> {
    let mut out = vec![cell];
    if grid.is_hex() {
        out.extend(
            HEX_DIRECTIONS
                .iter()
                .map(|d| Cell::new(cell.x + d.x, cell.y + d.y)),
        );
    } else {
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) != (0, 0) {
                    out.push(Cell::new(cell.x + dx, cell.y + dy));
                }
            }
        }
    }
    out
}

fn to_pos(p: GridPoint) -> Pos2 {
    pos2(p.x as f32, p.y as f32)
}

/// A copy of a map-space mesh placed in the ui.
fn to_ui(mesh: &Mesh, t: &MapTransform) -> Mesh {
    let mut out = mesh.clone();
    for v in &mut out.vertices {
        v.pos = t.origin_in_ui + v.pos.to_vec2() * t.points_per_cell;
    }
    out
}
