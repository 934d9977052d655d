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

use super::fog::for_each_cell_in;
use super::footprint::footprint_centre;
use super::grid::point_in_grid;
use super::scene::Scene;
use super::sight::clip_to_circle;

/// How lit a place is: Evening's bands of illumination without "blinding", which no light
/// source here makes (Evening, Lighting). Ordered from dark to bright.
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
    levels: Vec<LightLevel>,
    sources: Vec<LitSource>,
}

impl Illumination {
    /// Lights the encounter's map: every light that is on, from its carrier's footprint centre
    /// when a token carries it. With bright ambient light every cell is bright and no light
    /// polygon is worked out.
    pub fn new(scene: &Scene, encounter: &Encounter) -> Self {
        let map = &encounter.map;
        let ambient = LightLevel::of_ambient(encounter.ambient);
        let count = map.width_cells as usize * map.height_cells as usize;
        let mut lit = Self {
            map: map.clone(),
            ambient,
            levels: vec![ambient; count],
            sources: Vec::new(),
        };
        if ambient == LightLevel::Bright {
            return lit;
        }
        for (index, light) in encounter.lights.iter().enumerate() {
            if let Some(source) = lit_source(scene, encounter, index, light) {
                lit.add(&source);
                lit.sources.push(source);
            }
        }
        lit
    }

    fn add(&mut self, source: &LitSource) {
        let map = &self.map;
        let width = map.width_cells as usize;
        let levels = &mut self.levels;
        for_each_cell_in(map, &source.region, |col, row| {
            let p = point_in_grid(map.grid, map.cell_at_offset(col, row));
            let Some(level) = source.level_at_reached(p) else {
                return;
            };
            let i = row as usize * width + col as usize;
            levels[i] = levels[i].max(level);
        });
    }

    fn index(&self, cell: Cell) -> Option<usize> {
        let (col, row) = self.map.offset_of(cell);
        let (w, h) = (self.map.width_cells as i32, self.map.height_cells as i32);
        ((0..w).contains(&col) && (0..h).contains(&row)).then(|| (row * w + col) as usize)
    }

    /// The light on `cell` (its centre's, see the module's partial-cell rule). Off the map the
    /// ambient light.
    pub fn at_cell(&self, cell: Cell) -> LightLevel {
        self.index(cell).map_or(self.ambient, |i| self.levels[i])
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

/// Where `light` stands now: its carrier's footprint centre while the carrier exists.
pub fn light_centre(encounter: &Encounter, light: &Light) -> GridPoint {
    light
        .carried_by
        .and_then(|id| encounter.token(id))
        .map_or(light.position, |t| {
            footprint_centre(encounter.map.grid, t.size, t.cell)
        })
}

/// The light as it shines, or `None` when it is off or reaches nothing.
fn lit_source(
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
