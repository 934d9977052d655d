//! Illumination: how brightly each cell (and each point, on gridless maps) is lit by the map's
//! lights, with walls and closed doors casting shadows, over the encounter's ambient light.
//!
//! A light reaches what its sight polygon holds (the same exact sweep as a token's sight, see
//! [`Scene::sight_polygon`]); a light without `shadows` reaches its whole circle. Within that
//! region a point is bright out to the light's bright radius and dim out to its dim radius,
//! measured in map space (cell lengths) from the light's centre. Where several lights reach, the
//! brightest wins; the ambient light is the floor.
//!
//! **A cell partly lit takes the light at its centre**, the same rule the fog of war uses for a
//! cell partly seen: a cell whose centre lies in a light's shadow is dark even if a corner of it
//! is lit, and a cell whose centre lies within a radius gets that band whole. On gridless maps
//! [`Illumination::at_point`] answers for any point exactly so.

use std::f64::consts::TAU;

use crate::model::{Ambient, Cell, Encounter, GridPoint, Light, MapSpec, Rgba};

use super::fog::ScanLines;
use super::footprint::footprint_centre;
use super::grid::point_in_grid;
use super::scene::Scene;
use super::sight::clip_to_circle;
use super::span::{Bits, chord, within};

/// How lit a place is: Evening's bands of illumination without "blinding", which a light's
/// blinding radius adds where a rule asks ([`blinding_at`]). Ordered from dark to bright.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LightLevel {
    #[default]
    Dark,
    Dim,
    Bright,
}

impl LightLevel {
    pub fn label(self) -> &'static str {
        match self {
            Self::Dark => "dark",
            Self::Dim => "dim light",
            Self::Bright => "bright light",
        }
    }

    /// The level the ambient light gives everywhere.
    pub fn of_ambient(ambient: Ambient) -> Self {
        match ambient {
            Ambient::Bright => Self::Bright,
            Ambient::Dim => Self::Dim,
            Ambient::Dark => Self::Dark,
        }
    }
}

/// One light as it shines now: where (following its carrier), how far, and the region it
/// reaches (map space, counter-clockwise, already cut to its dim radius).
#[derive(Clone, Debug, PartialEq)]
pub struct LitSource {
    /// Index into the encounter's lights.
    pub index: usize,
    pub centre: GridPoint,
    pub bright_cells: f64,
    pub dim_cells: f64,
    pub colour: Rgba,
    pub region: Vec<GridPoint>,
}

impl LitSource {
    /// The band this light gives `p`, or `None` when it does not reach it.
    pub fn level_at(&self, p: GridPoint) -> Option<LightLevel> {
        self.level_at_reached(p).filter(|_| inside(&self.region, p))
    }

    /// How strongly this light shows at `p` for drawing: 1 inside the bright radius, falling
    /// smoothly to 0.35 at the dim radius (`p` is assumed reached). The rim stays well above
    /// darkness so that, on a TV across the room, all the players see now reads as lit and
    /// apart from what they only remember.
    pub fn glow_at(&self, p: GridPoint) -> f32 {
        // Called for every pixel a light reaches: a plain square root, not `hypot`.
        let (dx, dy) = (p.x - self.centre.x, p.y - self.centre.y);
        let d = (dx * dx + dy * dy).sqrt();
        if d <= self.bright_cells {
            return 1.0;
        }
        let span = (self.dim_cells - self.bright_cells).max(1e-9);
        let t = ((d - self.bright_cells) / span).clamp(0.0, 1.0);
        // Dim light reads as about two thirds midway between the bright edge and the rim.
        (1.0 - 0.65 * t) as f32
    }
}

/// The illumination of every cell of the map's rectangle, and the lights behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct Illumination {
    map: MapSpec,
    ambient: LightLevel,
    /// The cells some light reaches with at least dim light, a line of cells to a row of bits.
    lit: Bits,
    /// The cells some light reaches with bright light.
    bright: Bits,
    sources: Vec<LitSource>,
}

impl Illumination {
    /// Lights the encounter's map: every light that is on, from its carrier's footprint centre
    /// when a token carries it. With bright ambient light every cell is bright and no light
    /// polygon is worked out.
    pub fn new(scene: &Scene, encounter: &Encounter) -> Self {
        let sources = if encounter.ambient == Ambient::Bright {
            Vec::new()
        } else {
            encounter
                .lights
                .iter()
                .enumerate()
                .filter_map(|(index, light)| lit_source(scene, encounter, index, light))
                .collect()
        };
        Self::with_sources(&encounter.map, encounter.ambient, sources)
    }

    /// The illumination of `map` in `ambient` light from `sources` (see [`lit_source`]; left
    /// out in bright ambient light, which no light brightens).
    pub fn with_sources(map: &MapSpec, ambient: Ambient, sources: Vec<LitSource>) -> Self {
        let ambient = LightLevel::of_ambient(ambient);
        let (lines, length) = ScanLines::of(map).shape();
        let mut lit = Self {
            map: map.clone(),
            ambient,
            lit: Bits::new(lines, length),
            bright: Bits::new(lines, length),
            sources: Vec::new(),
        };
        if ambient == LightLevel::Bright {
            return lit;
        }
        for source in &sources {
            lit.add(source);
        }
        lit.sources = sources;
        lit
    }

    /// Marks the cells `source` lights: whole runs of a line where a cell's centre is surely
    /// within a radius, the exact per-cell test at the runs' ends.
    fn add(&mut self, source: &LitSource) {
        // Once every cell is bright, no light changes anything.
        if self.bright.all_full() {
            return;
        }
        let lines = ScanLines::of(&self.map);
        let (c_along, c_across) = lines.split(source.centre);
        let (map, lit, bright) = (&self.map, &mut self.lit, &mut self.bright);
        lines.for_each_span(&source.region, |line, first, last| {
            if bright.line_full(line) {
                return;
            }
            let across = lines.across(line) - c_across;
            let positions = lines.positions(line);
            let (sure_bright, unsure_bright) =
                chord(positions, c_along, across, source.bright_cells);
            let (sure_dim, unsure_dim) = chord(positions, c_along, across, source.dim_cells);
            if let Some((a, b)) = sure_dim.and_then(|r| within((first, last), r)) {
                lit.set_range(line, a, b);
            }
            if let Some((a, b)) = sure_bright.and_then(|r| within((first, last), r)) {
                lit.set_range(line, a, b);
                bright.set_range(line, a, b);
            }
            let unsure = unsure_bright.into_iter().chain(unsure_dim);
            for (a, b) in unsure.filter_map(|r| within((first, last), r)) {
                for k in a..=b {
                    let (col, row) = lines.offset(line, k);
                    let p = point_in_grid(map.grid, map.cell_at_offset(col, row));
                    match source.level_at_reached(p) {
                        Some(LightLevel::Bright) => {
                            lit.set(line, k);
                            bright.set(line, k);
                        }
                        Some(_) => lit.set(line, k),
                        None => {}
                    }
                }
            }
        });
    }

    /// The light on `cell` (its centre's, see the module's partial-cell rule). Off the map the
    /// ambient light.
    pub fn at_cell(&self, cell: Cell) -> LightLevel {
        let (col, row) = self.map.offset_of(cell);
        let (w, h) = (self.map.width_cells as i32, self.map.height_cells as i32);
        if !(0..w).contains(&col) || !(0..h).contains(&row) {
            return self.ambient;
        }
        let (line, k) = if self.map.grid == crate::model::GridKind::HexFlat {
            (col as usize, row as usize)
        } else {
            (row as usize, col as usize)
        };
        let from_lights = if self.bright.get(line, k) {
            LightLevel::Bright
        } else if self.lit.get(line, k) {
            LightLevel::Dim
        } else {
            LightLevel::Dark
        };
        from_lights.max(self.ambient)
    }

    /// The cells lights reach with at least dim light, as bits in the fog's line layout.
    pub(crate) fn lit_bits(&self) -> &Bits {
        &self.lit
    }

    /// The light at any point of the map, exactly (gridless maps ask this).
    pub fn at_point(&self, p: GridPoint) -> LightLevel {
        self.sources
            .iter()
            .filter_map(|s| s.level_at(p))
            .fold(self.ambient, Ord::max)
    }

    /// The ambient light's level.
    pub fn ambient(&self) -> LightLevel {
        self.ambient
    }

    /// How light the ambient light looks, 0 (dark) to 1 (bright), for drawing.
    pub fn ambient_glow(&self) -> f32 {
        ambient_glow(self.ambient)
    }

    /// The lights that shine, with the regions they reach.
    pub fn sources(&self) -> &[LitSource] {
        &self.sources
    }
}

impl LitSource {
    /// [`Self::level_at`] for a point already known to be inside the region.
    fn level_at_reached(&self, p: GridPoint) -> Option<LightLevel> {
        let d = (p.x - self.centre.x).hypot(p.y - self.centre.y);
        if d <= self.bright_cells {
            Some(LightLevel::Bright)
        } else if d <= self.dim_cells {
            Some(LightLevel::Dim)
        } else {
            None
        }
    }
}

fn ambient_glow(level: LightLevel) -> f32 {
    match level {
        LightLevel::Dark => 0.0,
        LightLevel::Dim => 0.5,
        LightLevel::Bright => 1.0,
    }
}

/// Whether `p` lies in blinding light (Evening, Lighting: light "far brighter than normal"):
/// within the blinding radius of a light that is on and reaches `p` past the walls when it
/// casts shadows. Worked out from the lights themselves whatever the ambient light, which
/// blinding light outshines; only lights with a blinding radius are looked at.
pub fn blinding_at(scene: &Scene, encounter: &Encounter, p: GridPoint) -> bool {
    encounter.lights.iter().any(|light| {
        let radius = light.blinding_radius();
        if !light.on || radius <= 0.0 {
            return false;
        }
        let centre = light_centre(encounter, light);
        if (p.x - centre.x).hypot(p.y - centre.y) > radius {
            return false;
        }
        !light.shadows || inside(&scene.sight_polygon(centre, Some(radius + 1e-3)), p)
    })
}

/// Where `light` stands now: its carrier's footprint centre while the carrier exists.
pub fn light_centre(encounter: &Encounter, light: &Light) -> GridPoint {
    light
        .carried_by
        .and_then(|id| encounter.token(id))
        .map_or(light.position, |t| {
            footprint_centre(encounter.map.grid, t.size, t.cell)
        })
}

/// The light as it shines, or `None` when it is off or reaches nothing. Its region depends
/// on the terrain and where it stands, not on the tokens (which cast no shadow).
pub fn lit_source(
    scene: &Scene,
    encounter: &Encounter,
    index: usize,
    light: &Light,
) -> Option<LitSource> {
    let dim = light.dim_radius();
    if !light.on || dim <= 0.0 {
        return None;
    }
    let centre = light_centre(encounter, light);
    // The region is cut to a slightly larger circle than the dim radius: its arcs are chords
    // (at most 3° each), and the exact distance test decides at the rim.
    let margin = dim * 4e-4 + 1e-3;
    let region = if light.shadows {
        let unclipped = scene.sight_polygon_unclipped(centre, Some(dim + margin));
        clip_to_circle(&unclipped, centre, dim + margin)
    } else {
        circle(centre, dim + margin)
    };
    Some(LitSource {
        index,
        centre,
        bright_cells: light.bright_radius(),
        dim_cells: dim,
        colour: light.color,
        region,
    })
}

/// A circle as a polygon whose chords stay outside the radius's inner side by at most 0.1 %.
fn circle(centre: GridPoint, radius: f64) -> Vec<GridPoint> {
    let steps = 120;
    (0..steps)
        .map(|k| {
            let a = TAU * f64::from(k) / f64::from(steps);
            GridPoint::new(centre.x + radius * a.cos(), centre.y + radius * a.sin())
        })
        .collect()
}

/// Whether `p` is inside `polygon` by the even-odd rule.
pub(crate) fn inside(polygon: &[GridPoint], point: GridPoint) -> bool {
    let mut inside = false;
    let count = polygon.len();
    for i in 0..count {
        let (a, b) = (polygon[i], polygon[(i + 1) % count]);
        if (a.y <= point.y) != (b.y <= point.y) {
            let crossing = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if point.x < crossing {
                inside = !inside;
            }
        }
    }
    inside
}

#[cfg(test)]
/// A board in the dark with lights of every size, walls, and viewers with darkvision.
pub(crate) fn lit_board(grid: crate::model::GridKind, seed: u64) -> Encounter {
    use crate::model::{RuleSystem, Senses, Side, Token, TokenId, Wall, WallId, WallKind};
    let mut n = seed | 1;
    let mut next = |m: u64| {
        n ^= n << 13;
        n ^= n >> 7;
        n ^= n << 17;
        n % m
    };
    let mut e = Encounter::new("lit", RuleSystem::Evening);
    e.map.grid = grid;
    e.map.width_cells = 23;
    e.map.height_cells = 17;
    e.ambient = Ambient::Dark;
    for i in 0..6 {
        let at = |v: u64| v as f64 / 4.0;
        e.walls.push(Wall {
            id: WallId(i + 1),
            a: GridPoint::new(at(next(92)), at(next(68))),
            b: GridPoint::new(at(next(92)), at(next(68))),
            kind: WallKind::Wall,
        });
    }
    for _ in 0..7 {
        let at = GridPoint::new(next(230) as f64 / 10.0, next(170) as f64 / 10.0);
        let mut light = Light::preset(crate::model::LightKind::Torch, at);
        light.range_cells = next(140) as f64 / 10.0;
        light.bright_cells = Some(next(80) as f64 / 10.0);
        light.shadows = next(3) != 0;
        e.lights.push(light);
    }
    for i in 0..4 {
        let cell = e.map.cell_at_offset(next(23) as i32, next(17) as i32);
        let mut t = Token::new(TokenId(i + 1), "v", Side::Party, cell);
        if i % 2 == 0 {
            t.senses = Senses::Darkvision {
                range_cells: next(9) as u32,
            };
        }
        e.tokens.push(t);
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::fog::{for_each_cell_in, seen_by_views};
    use crate::board::fog_raster::side_views;
    use crate::model::{GridKind, Side};

    /// Runs of whole lines at once give each cell exactly the light and sight the per-cell test
    /// gives it: the brightest light whose region holds its centre and whose radius reaches it;
    /// seen where a viewer's polygon holds it and it is lit or in the viewer's darkvision.
    #[test]
    fn runs_of_cells_light_and_see_exactly_as_cell_by_cell() {
        let mut levels = [0_usize; 3];
        let mut seen_cells = 0;
        for grid in [GridKind::Square, GridKind::HexFlat, GridKind::HexPointy] {
            for seed in 1..40 {
                let board = lit_board(grid, seed * 7919);
                let scene = Scene::new(&board);
                let light = Illumination::new(&scene, &board);
                let map = &board.map;
                let (width, height) = (map.width_cells as usize, map.height_cells as usize);
                let mut want = vec![LightLevel::Dark; width * height];
                for source in light.sources() {
                    for_each_cell_in(map, &source.region, |col, row| {
                        let p = point_in_grid(map.grid, map.cell_at_offset(col, row));
                        if let Some(level) = source.level_at_reached(p) {
                            let i = row as usize * width + col as usize;
                            want[i] = want[i].max(level);
                        }
                    });
                }
                let views = side_views(&scene, &board, Side::Party);
                let mut seen = vec![false; width * height];
                for view in &views {
                    for cell in &view.own {
                        let (col, row) = map.offset_of(*cell);
                        seen[row as usize * width + col as usize] = true;
                    }
                    for_each_cell_in(map, &view.polygon, |col, row| {
                        let i = row as usize * width + col as usize;
                        let p = point_in_grid(map.grid, map.cell_at_offset(col, row));
                        let dark_sight = view
                            .darkvision
                            .is_some_and(|r| (p.x - view.centre.x).hypot(p.y - view.centre.y) <= r);
                        seen[i] |= dark_sight || want[i] >= LightLevel::Dim;
                    });
                }
                let mask = seen_by_views(map, &light, &views);
                for row in 0..height as i32 {
                    for col in 0..width as i32 {
                        let i = row as usize * width + col as usize;
                        let cell = map.cell_at_offset(col, row);
                        assert_eq!(light.at_cell(cell), want[i], "{grid:?} {seed} {cell}");
                        assert_eq!(mask.contains(cell), seen[i], "{grid:?} {seed} seen {cell}");
                        levels[want[i] as usize] += 1;
                        seen_cells += usize::from(seen[i]);
                    }
                }
            }
        }
        // The boards light, shade and hide cells of every kind.
        assert!(levels.iter().all(|n| *n > 1_000), "{levels:?}");
        assert!(seen_cells > 1_000);
    }
}
