//! The fog of war at a finer resolution than cells, for drawing: the edge of what the party sees
//! follows its sight polygons (and the reach of its lights) smoothly instead of stepping from
//! cell to cell, and a door's opening shows as the wedge it is.
//!
//! Which *cells* the party sees stays the cell-centre rule of [`super::fog`] (tokens, exploring
//! and the GM's marks keep working per cell). Each pixel of the raster takes the state of its
//! cell, except that a cell the party sees shows in full only where a pixel lies inside a party
//! token's sight polygon and is lit (or in that token's darkvision); the rest of the cell shows
//! as explored. The GM's marks and the party's own cells win over the pixels.

use crate::model::{Cell, Encounter, Fog, GridKind, GridPoint, MapSpec, Senses, Side, Token};

use super::fog::{CellFog, CellMask};
use super::footprint::{footprint_cells, footprint_centre};
use super::grid::{HEX_RADIUS, cell_in_grid, point_in_grid};
use super::light::{Illumination, LightLevel};
use super::scene::Scene;
use super::span::{Bits, chord, within};

/// The most pixels a raster holds: a 512² texture. Large maps get fewer pixels per cell.
const MAX_PIXELS: f64 = 262_144.0;
/// The most pixels per cell side, for small maps.
const MAX_PER_CELL: f64 = 8.0;

/// What one token of a side sees, for the fog.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub centre: GridPoint,
    /// Darkvision's range in cells, if the token has it.
    pub darkvision: Option<f64>,
    /// Its sight polygon (empty for a blind token).
    pub polygon: Vec<GridPoint>,
    /// The cells it stands on, always seen.
    pub own: Vec<Cell>,
}

impl View {
    /// Whether this viewer sees the point `p` that lies inside its polygon: lit, or in its
    /// darkvision.
    fn sees_inside(&self, p: GridPoint, lit: bool) -> bool {
        lit || self
            .darkvision
            .is_some_and(|r| (p.x - self.centre.x).hypot(p.y - self.centre.y) <= r)
    }
}

/// The views of `side`'s tokens, each from the centre of its footprint.
pub fn side_views(scene: &Scene, encounter: &Encounter, side: Side) -> Vec<View> {
    encounter
        .tokens
        .iter()
        .filter(|t| t.side == side)
        .map(|t| token_view(scene, encounter.map.grid, t))
        .collect()
}

/// What `token` sees, from the centre of its footprint.
pub fn token_view(scene: &Scene, grid: GridKind, token: &Token) -> View {
    let centre = footprint_centre(grid, token.size, token.cell);
    let (darkvision, polygon) = match token.senses {
        Senses::Blind => (None, Vec::new()),
        Senses::Normal => (None, scene.sight_polygon(centre, None)),
        Senses::Darkvision { range_cells } => (
            Some(f64::from(range_cells)),
            scene.sight_polygon(centre, None),
        ),
    };
    View {
        centre,
        darkvision,
        polygon,
        own: footprint_cells(grid, token.size, token.cell),
    }
}

/// How a pixel of the raster shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PixelFog {
    /// Off the map's cells: nothing drawn.
    Outside,
    Cell(CellFog),
}

/// The fog over the map's bounding rectangle, `pixels_per_cell` pixels to a cell length.
#[derive(Clone, Debug, PartialEq)]
pub struct FogRaster {
    pub width: u32,
    pub height: u32,
    /// The map-space point at the raster's top-left corner.
    pub origin: GridPoint,
    pub pixels_per_cell: u32,
    /// Row by row from the top-left.
    pub pixels: Vec<PixelFog>,
}

impl FogRaster {
    /// A raster over `map`'s bounding rectangle with no pixels yet: as many pixels to a cell as
    /// [`MAX_PIXELS`] allows, at most `max_per_cell`.
    fn blank(map: &MapSpec, max_per_cell: f64) -> Self {
        let grid = PixelGrid::over(map, PixelGrid::per_cell(map, max_per_cell));
        Self {
            width: grid.width,
            height: grid.height,
            origin: grid.origin,
            pixels_per_cell: grid.k as u32,
            pixels: Vec::new(),
        }
    }

    fn grid(&self) -> PixelGrid {
        PixelGrid {
            width: self.width,
            height: self.height,
            origin: self.origin,
            k: f64::from(self.pixels_per_cell),
        }
    }

    /// The state of the pixel holding map point `p`.
    pub fn at(&self, p: GridPoint) -> PixelFog {
        match self.grid().index_at(p) {
            Some(i) => self.pixels[i],
            None => PixelFog::Outside,
        }
    }

    /// The raster's extent in map space: `(origin, size)`.
    pub fn extent(&self) -> (GridPoint, GridPoint) {
        self.grid().extent()
    }
}

/// Where a raster's pixels lie: `k` pixels to a cell length from `origin`, row by row.
#[derive(Clone, Copy, Debug, PartialEq)]
struct PixelGrid {
    width: u32,
    height: u32,
    origin: GridPoint,
    k: f64,
}

impl PixelGrid {
    /// How many pixels to a cell a raster of `map` gets: as many as [`MAX_PIXELS`] allows, a
    /// whole number from 1 to `max_per_cell`.
    fn per_cell(map: &MapSpec, max_per_cell: f64) -> f64 {
        let (lo, hi) = map_bounds(map);
        let (span_x, span_y) = ((hi.x - lo.x).max(1e-9), (hi.y - lo.y).max(1e-9));
        (MAX_PIXELS / (span_x * span_y))
            .sqrt()
            .floor()
            .clamp(1.0, max_per_cell)
    }

    /// The grid over `map`'s bounding rectangle at `k` pixels to a cell.
    fn over(map: &MapSpec, k: f64) -> Self {
        let (lo, hi) = map_bounds(map);
        let (span_x, span_y) = ((hi.x - lo.x).max(1e-9), (hi.y - lo.y).max(1e-9));
        Self {
            width: ((span_x * k).ceil() as u32).max(1),
            height: ((span_y * k).ceil() as u32).max(1),
            origin: lo,
            k,
        }
    }

    fn count(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The index of the pixel holding `p`, if one does.
    fn index_at(&self, p: GridPoint) -> Option<usize> {
        let (i, j) = (
            (p.x - self.origin.x) * self.k,
            (p.y - self.origin.y) * self.k,
        );
        let inside =
            i >= 0.0 && j >= 0.0 && i < f64::from(self.width) && j < f64::from(self.height);
        inside.then(|| j as usize * self.width as usize + i as usize)
    }

    fn extent(&self) -> (GridPoint, GridPoint) {
        let size = GridPoint::new(
            f64::from(self.width) / self.k,
            f64::from(self.height) / self.k,
        );
        (self.origin, size)
    }

    fn centre_of(&self, i: u32, j: u32) -> GridPoint {
        GridPoint::new(
            self.origin.x + (f64::from(i) + 0.5) / self.k,
            self.origin.y + (f64::from(j) + 0.5) / self.k,
        )
    }

    /// Where the pixel centres of a row lie along it, for [`chord`].
    fn positions(&self) -> (f64, f64, usize) {
        (
            self.origin.x + 0.5 / self.k,
            1.0 / self.k,
            self.width as usize,
        )
    }

    /// Where row `j`'s pixel centres lie across.
    fn across(&self, j: usize) -> f64 {
        self.origin.y + (j as f64 + 0.5) / self.k
    }

    /// Calls `visit(row, first, last)` for each run of a row's pixels whose centres lie inside
    /// `polygon`.
    fn for_each_span(&self, polygon: &[GridPoint], mut visit: impl FnMut(usize, usize, usize)) {
        let scale = self.k;
        // Pixel coordinates: pixel (i, j) has its centre at (i, j).
        let to_pixels = |p: GridPoint| {
            (
                (p.x - self.origin.x) * scale - 0.5,
                (p.y - self.origin.y) * scale - 0.5,
            )
        };
        let (lo, hi) = polygon.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
            let y = to_pixels(*p).1;
            (lo.min(y), hi.max(y))
        });
        let first_row = lo.ceil().max(0.0);
        let last_row = hi.floor().min(f64::from(self.height) - 1.0);
        if first_row > last_row {
            return;
        }
        let first_row = first_row as usize;
        let mut crossings: Vec<Vec<f64>> = vec![Vec::new(); last_row as usize - first_row + 1];
        let count = polygon.len();
        for edge in 0..count {
            let (xa, ya) = to_pixels(polygon[edge]);
            let (xb, yb) = to_pixels(polygon[(edge + 1) % count]);
            let (lo, hi) = (ya.min(yb), ya.max(yb));
            let first = lo.ceil().max(first_row as f64) as i64;
            let last = (hi.ceil() as i64 - 1).min((first_row + crossings.len()) as i64 - 1);
            for row in first..=last {
                let row_y = row as f64;
                if (lo..hi).contains(&row_y) {
                    let along = (row_y - ya) / (yb - ya);
                    crossings[row as usize - first_row].push(xa + along * (xb - xa));
                }
            }
        }
        for (r, list) in crossings.iter_mut().enumerate() {
            list.sort_by(f64::total_cmp);
            for pair in list.chunks_exact(2) {
                let first = pair[0].ceil().max(0.0);
                let last = pair[1].floor().min(f64::from(self.width) - 1.0);
                if first <= last {
                    visit(first_row + r, first as usize, last as usize);
                }
            }
        }
    }

    /// Marks in `bits` the pixels of `polygon` within `radius` of `centre` (`None`: all of
    /// them), the exact test `inside(p)` deciding at the rim.
    fn mark_disc(
        &self,
        bits: &mut Bits,
        polygon: &[GridPoint],
        disc: Option<(GridPoint, f64)>,
        inside: impl Fn(GridPoint) -> bool,
    ) {
        if bits.all_full() {
            return;
        }
        self.for_each_span(polygon, |row, first, last| {
            if bits.line_full(row) {
                return;
            }
            let Some((centre, radius)) = disc else {
                bits.set_range(row, first, last);
                return;
            };
            let across = self.across(row) - centre.y;
            let (sure, unsure) = chord(self.positions(), centre.x, across, radius);
            if let Some((a, b)) = sure.and_then(|r| within((first, last), r)) {
                bits.set_range(row, a, b);
            }
            for (a, b) in unsure.iter().filter_map(|r| within((first, last), *r)) {
                for i in a..=b {
                    if inside(self.centre_of(i as u32, row as u32)) {
                        bits.set(row, i);
                    }
                }
            }
        });
    }
}

/// The map's bounding rectangle in map space: `(min, max)`.
fn map_bounds(map: &MapSpec) -> (GridPoint, GridPoint) {
    let (w, h) = (map.width_cells as i32, map.height_cells as i32);
    if !map.grid.is_hex() {
        return (GridPoint::new(0.0, 0.0), GridPoint::new(w.into(), h.into()));
    }
    let (mut lo, mut hi) = (
        GridPoint::new(f64::MAX, f64::MAX),
        GridPoint::new(f64::MIN, f64::MIN),
    );
    let edge = (0..w)
        .flat_map(|c| [(c, 0), (c, 1), (c, h - 1), (c, h - 2)])
        .chain((0..h).flat_map(|r| [(0, r), (1, r), (w - 1, r), (w - 2, r)]));
    for (col, row) in edge {
        if (0..w).contains(&col) && (0..h).contains(&row) {
            let p = point_in_grid(map.grid, map.cell_at_offset(col, row));
            lo = GridPoint::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = GridPoint::new(hi.x.max(p.x), hi.y.max(p.y));
        }
    }
    (
        GridPoint::new(lo.x - HEX_RADIUS, lo.y - HEX_RADIUS),
        GridPoint::new(hi.x + HEX_RADIUS, hi.y + HEX_RADIUS),
    )
}

/// The fog raster of `map`: each pixel the state its cell has in `cells`-to-be (see the module
/// doc), `seen` being the cells the side sees by the cell-centre rule and `views` its tokens'.
pub fn fog_raster(
    map: &MapSpec,
    fog: &Fog,
    seen: &CellMask,
    views: &[View],
    light: &Illumination,
) -> FogRaster {
    let visible = visible_pixels(map, light, views);
    fog_raster_seeing(map, fog, seen, views, &visible)
}

/// [`fog_raster`] from the pixels the views see ([`visible_pixels`]), which change only with
/// the board, the light and the party, while the rest changes with the saved fog too.
pub(crate) fn fog_raster_seeing(
    map: &MapSpec,
    fog: &Fog,
    seen: &CellMask,
    views: &[View],
    visible: &Bits,
) -> FogRaster {
    let mut raster = FogRaster::blank(map, MAX_PER_CELL);
    let cells = CellStates::new(map, fog, seen, views);
    raster.pixels = pixel_states(map, &raster, &cells, visible);
    raster
}

/// The pixels of `map`'s fog raster some view sees: inside its polygon and lit, or in its
/// darkvision.
pub(crate) fn visible_pixels(map: &MapSpec, light: &Illumination, views: &[View]) -> Bits {
    let grid = &FogRaster::blank(map, MAX_PER_CELL).grid();
    let lit = lit_pixels(grid, light);
    let mut visible = Bits::new(grid.height as usize, grid.width as usize);
    for view in views {
        let Some(lit) = &lit else {
            grid.mark_disc(&mut visible, &view.polygon, None, |_| true);
            continue;
        };
        if visible.all_full() {
            break;
        }
        grid.for_each_span(&view.polygon, |row, first, last| {
            visible.or_range_from(row, first, last, lit);
        });
        if let Some(range) = view.darkvision {
            let sees = |p: GridPoint| view.sees_inside(p, false);
            grid.mark_disc(
                &mut visible,
                &view.polygon,
                Some((view.centre, range)),
                sees,
            );
        }
    }
    visible
}

/// Each pixel's state: that of the cell holding its centre, seen where `visible` says so.
fn pixel_states(
    map: &MapSpec,
    raster: &FogRaster,
    cells: &CellStates,
    visible: &Bits,
) -> Vec<PixelFog> {
    let (width, height) = (raster.width, raster.height);
    let grid = raster.grid();
    if map.grid.is_hex() {
        return (0..width as usize * height as usize)
            .map(|i| {
                let (x, y) = (i % width as usize, i / width as usize);
                let cell = cell_in_grid(map.grid, grid.centre_of(x as u32, y as u32));
                cells.pixel(map, cell, visible.get(y, x))
            })
            .collect();
    }
    // Square cells are columns and rows: a pixel's cell column is its pixel column's, its cell
    // row its pixel row's, each worked out once instead of once per pixel.
    let cols: Vec<i32> = (0..width)
        .map(|x| cell_in_grid(map.grid, grid.centre_of(x, 0)).x)
        .collect();
    let rows = (0..height).map(|y| cell_in_grid(map.grid, grid.centre_of(0, y)).y);
    let mut pixels = Vec::with_capacity(grid.count());
    for (y, row) in rows.enumerate() {
        pixels.extend(
            cols.iter()
                .enumerate()
                .map(|(x, &col)| cells.pixel(map, Cell::new(col, row), visible.get(y, x))),
        );
    }
    pixels
}

/// Each cell's state where its pixels are not seen, and whether a seen pixel may show.
struct CellStates {
    width: i32,
    height: i32,
    /// `(state, a seen pixel shows)` per cell, row by row.
    states: Vec<(CellFog, bool)>,
}

impl CellStates {
    /// Seen (by the cell-centre rule) and explored cells are explored; the party's own cells and
    /// the GM's revealed cells visible; the GM's hidden cells hidden, whatever a pixel sees.
    fn new(map: &MapSpec, fog: &Fog, seen: &CellMask, views: &[View]) -> Self {
        let (width, height) = (map.width_cells as i32, map.height_cells as i32);
        let mut cells = Self {
            width,
            height,
            states: vec![(CellFog::Hidden, true); width as usize * height as usize],
        };
        let explored = fog.explored.iter().chain(seen.cells());
        for cell in explored {
            cells.set(map, cell, (CellFog::Explored, true));
        }
        let own = views.iter().flat_map(|v| v.own.iter().copied());
        for cell in own.chain(fog.revealed.iter()) {
            cells.set(map, cell, (CellFog::Visible, true));
        }
        for cell in &fog.hidden {
            cells.set(map, cell, (CellFog::Hidden, false));
        }
        cells
    }

    fn index(&self, map: &MapSpec, cell: Cell) -> Option<usize> {
        let (col, row) = map.offset_of(cell);
        ((0..self.width).contains(&col) && (0..self.height).contains(&row))
            .then(|| (row * self.width + col) as usize)
    }

    fn set(&mut self, map: &MapSpec, cell: Cell, state: (CellFog, bool)) {
        if let Some(i) = self.index(map, cell) {
            self.states[i] = state;
        }
    }

    /// The state of a pixel in `cell`, seen or not.
    fn pixel(&self, map: &MapSpec, cell: Cell, visible: bool) -> PixelFog {
        let Some(i) = self.index(map, cell) else {
            return PixelFog::Outside;
        };
        match self.states[i] {
            (_, true) if visible => PixelFog::Cell(CellFog::Visible),
            (state, _) => PixelFog::Cell(state),
        }
    }
}

/// How light the map looks, pixel by pixel at the fog raster's resolution: the soft falloff the
/// shell draws over the map, with shadows exactly as sharp as the fog's edge (a cell-by-cell
/// glow would draw a thin shadow as a checkerboard of cells).
#[derive(Clone, Debug, PartialEq)]
pub struct GlowRaster {
    pub width: u32,
    pub height: u32,
    /// The map-space point at the raster's top-left corner.
    pub origin: GridPoint,
    /// Pixels to a cell length: below 1 when a thousand lights each reach across a large map
    /// (see [`GLOW_PIXEL_BUDGET`]).
    pub pixels_per_cell: f64,
    /// Row by row from the top-left, 0 (dark) to 1 (bright); pixels off a hex map's cells are
    /// 1, so nothing shades the table around it.
    pub glow: Vec<f32>,
}

impl GlowRaster {
    fn grid(&self) -> PixelGrid {
        PixelGrid {
            width: self.width,
            height: self.height,
            origin: self.origin,
            k: self.pixels_per_cell,
        }
    }

    /// The glow of the pixel holding map point `p`; off the raster, none.
    pub fn at(&self, p: GridPoint) -> f32 {
        self.grid().index_at(p).map_or(0.0, |i| self.glow[i])
    }

    /// The raster's extent in map space: `(origin, size)`.
    pub fn extent(&self) -> (GridPoint, GridPoint) {
        self.grid().extent()
    }
}

/// How many pixels the glow's falloff may be worked out for, one light and pixel at a time:
/// about a tenth of a second. Past it the raster gets fewer pixels to a cell (see
/// [`glow_raster`]).
pub const GLOW_PIXEL_BUDGET: f64 = 24e6;

/// The glow of every pixel of `map`: the ambient light's, raised by each light that reaches the
/// pixel's centre ([`super::light::LitSource::glow_at`]), the brightest winning.
///
/// Within a light's bright radius a pixel is simply bright, a run of a row at a time; only its
/// dim band is worked out pixel by pixel, and not where another light already made it bright.
/// Lights whose dim bands together cover the map more than [`GLOW_PIXEL_BUDGET`] pixels over
/// (a thousand lights each reaching across a 2,000-cell map) get a coarser raster, down to a
/// pixel for several cells: it is drawn smoothly, and over such reaches shows the same.
pub fn glow_raster(map: &MapSpec, light: &Illumination) -> GlowRaster {
    // Half the fog's resolution: drawn with linear filtering the glow still fades smoothly and
    // a shadow's edge is a quarter cell wide, at a quarter of the work per light.
    let per_cell = PixelGrid::per_cell(map, MAX_PER_CELL / 2.0).min(glow_per_cell(map, light));
    let grid = PixelGrid::over(map, per_cell);
    let mut glow = vec![light.ambient_glow(); grid.count()];
    let mut bright = Bits::new(grid.height as usize, grid.width as usize);
    let width = grid.width as usize;
    for source in light.sources() {
        if bright.all_full() {
            break;
        }
        let disc = Some((source.centre, source.bright_cells));
        grid.mark_disc(&mut bright, &source.region, disc, |p| {
            source.glow_at(p) >= 1.0
        });
        grid.for_each_span(&source.region, |row, first, last| {
            if bright.line_full(row) {
                return;
            }
            bright.for_each_clear(row, first, last, |i| {
                let p = grid.centre_of(i as u32, row as u32);
                let g = &mut glow[row * width + i];
                *g = g.max(source.glow_at(p));
            });
        });
    }
    for (row, line) in glow.chunks_exact_mut(width).enumerate() {
        for (i, g) in line.iter_mut().enumerate() {
            if bright.get(row, i) {
                *g = 1.0;
            }
        }
    }
    if map.grid.is_hex() {
        for (i, g) in glow.iter_mut().enumerate() {
            let (x, y) = (i % width, i / width);
            let p = grid.centre_of(x as u32, y as u32);
            if !map.contains(cell_in_grid(map.grid, p)) {
                *g = 1.0;
            }
        }
    }
    GlowRaster {
        width: grid.width,
        height: grid.height,
        origin: grid.origin,
        pixels_per_cell: grid.k,
        glow,
    }
}

/// The most pixels to a cell the glow of `light`'s sources may have within
/// [`GLOW_PIXEL_BUDGET`]: their dim bands' area on the map, in cells, times the pixels to a cell
/// squared, stays within it — but never so few that the map is under 64 pixels across.
fn glow_per_cell(map: &MapSpec, light: &Illumination) -> f64 {
    let (lo, hi) = map_bounds(map);
    let fewest = 64.0 / (hi.x - lo.x).max(hi.y - lo.y).max(1e-9);
    // In bright ambient light every pixel is bright (no light outshines it, and none is
    // counted): the coarsest raster says so, and a 2,000-cell map does not fill and upload
    // millions of pixels to say it.
    if light.ambient() == LightLevel::Bright {
        return fewest;
    }
    let area = (hi.x - lo.x) * (hi.y - lo.y);
    let band_cells: f64 = light
        .sources()
        .iter()
        .map(|s| {
            let band = std::f64::consts::PI * (s.dim_cells.powi(2) - s.bright_cells.powi(2));
            band.clamp(0.0, area)
        })
        .sum();
    (GLOW_PIXEL_BUDGET / band_cells.max(1e-9))
        .sqrt()
        .max(fewest)
}

/// Which pixels some light reaches, or `None` when the ambient light reaches them all.
fn lit_pixels(grid: &PixelGrid, light: &Illumination) -> Option<Bits> {
    if light.ambient() >= LightLevel::Dim {
        return None;
    }
    let mut lit = Bits::new(grid.height as usize, grid.width as usize);
    for source in light.sources() {
        let (centre, radius) = (source.centre, source.dim_cells);
        let reached = |p: GridPoint| (p.x - centre.x).hypot(p.y - centre.y) <= radius;
        grid.mark_disc(&mut lit, &source.region, Some((centre, radius)), reached);
    }
    Some(lit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{RuleSystem, TokenId, Wall, WallId, WallKind};

    #[test]
    fn a_diagonal_wall_splits_cells_smoothly() {
        // A wall from (4, 0) to (8, 3) (y = 0.75·(x − 4)) seen from (2.5, 2.5), below it: cell
        // (6, 1) straddles it. Its centre (6.5, 1.5) is above the wall's 1.875 there, so the
        // cell is not seen, but its lower-left part (6.1, 1.9; the wall at 1.575) shows.
        let mut enc = Encounter::new("raster", RuleSystem::Evening);
        enc.map.width_cells = 10;
        enc.map.height_cells = 6;
        enc.fog.enabled = true;
        enc.walls.push(Wall {
            id: WallId(1),
            a: GridPoint::new(4.0, 0.0),
            b: GridPoint::new(8.0, 3.0),
            kind: WallKind::Wall,
        });
        enc.tokens.push(Token::new(
            TokenId(1),
            "Scout",
            Side::Party,
            Cell::new(2, 2),
        ));
        let scene = Scene::new(&enc);
        let light = Illumination::new(&scene, &enc);
        let views = side_views(&scene, &enc, Side::Party);
        let seen = super::super::fog::seen_cells_lit(&scene, &enc, &light, Side::Party);
        assert!(!seen.contains(Cell::new(6, 1)));
        let raster = fog_raster(&enc.map, &enc.fog, &seen, &views, &light);
        assert_eq!(raster.pixels_per_cell, 8);
        let visible = PixelFog::Cell(CellFog::Visible);
        assert_eq!(raster.at(GridPoint::new(6.1, 1.9)), visible);
        assert_eq!(
            raster.at(GridPoint::new(6.9, 1.1)),
            PixelFog::Cell(CellFog::Hidden)
        );
        assert_eq!(raster.at(GridPoint::new(11.0, 1.0)), PixelFog::Outside);
    }

    #[test]
    fn bright_ambient_light_is_bright_everywhere_from_a_small_raster() {
        // Bright ambient light: every point of the largest map is bright (the torch adds
        // nothing), held in some 64 pixels a side, not millions.
        use crate::model::{Ambient, Light, LightKind};
        let mut enc = Encounter::new("noon", RuleSystem::Evening);
        enc.map.width_cells = 2_000;
        enc.map.height_cells = 2_000;
        enc.ambient = Ambient::Bright;
        enc.lights
            .push(Light::preset(LightKind::Torch, GridPoint::new(2.5, 2.5)));
        let scene = Scene::new(&enc);
        let glow = glow_raster(&enc.map, &Illumination::new(&scene, &enc));
        assert!(
            glow.width <= 65 && glow.height <= 65,
            "{}×{}",
            glow.width,
            glow.height
        );
        for p in [(0.5, 0.5), (2.5, 2.5), (1_000.5, 3.5), (1_999.5, 1_999.5)] {
            assert!(
                (glow.at(GridPoint::new(p.0, p.1)) - 1.0).abs() < 1e-6,
                "{p:?}"
            );
        }
    }

    #[test]
    fn a_torch_glows_full_to_its_bright_radius_fades_in_its_dim_band_and_stops_at_a_wall() {
        // A torch (bright 4 cells, dim 8) at (2.5, 2.5) in the dark; a wall along x = 9.
        // Midway through the dim band (6 cells away) the glow is 1 − 0.65 · ½ = 0.675; at
        // (9.5, 2.5), 7 cells away, the wall's shadow leaves the ambient darkness, 0.
        use crate::model::{Ambient, Light, LightKind};
        let mut enc = Encounter::new("glow", RuleSystem::Evening);
        enc.map.width_cells = 12;
        enc.map.height_cells = 12;
        enc.ambient = Ambient::Dark;
        enc.lights
            .push(Light::preset(LightKind::Torch, GridPoint::new(2.5, 2.5)));
        let scene = Scene::new(&enc);
        let glow = glow_raster(&enc.map, &Illumination::new(&scene, &enc));
        assert!((glow.at(GridPoint::new(4.5, 4.5)) - 1.0).abs() < 1e-6);
        // Pixel centres (4 to a cell) lie within √2/8 cell of the point: the glow within
        // 0.65 · 0.18 / 4 < 0.03 of it.
        assert!((glow.at(GridPoint::new(2.5, 8.5)) - 0.675).abs() < 0.03);
        assert!(glow.at(GridPoint::new(9.5, 2.5)) > 0.4, "lit with no wall");
        enc.walls.push(Wall {
            id: WallId(1),
            a: GridPoint::new(9.0, 0.0),
            b: GridPoint::new(9.0, 12.0),
            kind: WallKind::Wall,
        });
        let scene = Scene::new(&enc);
        let glow = glow_raster(&enc.map, &Illumination::new(&scene, &enc));
        assert!(glow.at(GridPoint::new(9.5, 2.5)).abs() < 1e-6);
        assert!(
            glow.at(GridPoint::new(11.5, 11.5)).abs() < 1e-6,
            "out of reach"
        );
    }

    /// The glow and the fog raster, worked out a run of a row at a time, give every pixel what
    /// the pixel-by-pixel rule gives it.
    #[test]
    fn runs_of_pixels_glow_and_fog_exactly_as_pixel_by_pixel() {
        use crate::board::fog::seen_by_views;
        use crate::board::light::lit_board;
        for grid in GridKind::ALL {
            for seed in 1..12 {
                let mut enc = lit_board(grid, seed * 104_729);
                enc.fog.enabled = true;
                let scene = Scene::new(&enc);
                let light = Illumination::new(&scene, &enc);
                let glow = glow_raster(&enc.map, &light);
                let g = glow.grid();
                let mut want = vec![light.ambient_glow(); g.count()];
                for source in light.sources() {
                    g.for_each_span(&source.region, |row, first, last| {
                        for i in first..=last {
                            let p = g.centre_of(i as u32, row as u32);
                            let at = row * g.width as usize + i;
                            want[at] = want[at].max(source.glow_at(p));
                        }
                    });
                }
                for (i, w) in want.iter().enumerate() {
                    let p =
                        g.centre_of((i % g.width as usize) as u32, (i / g.width as usize) as u32);
                    let off_map = !enc.map.contains(cell_in_grid(grid, p));
                    let w = if grid.is_hex() && off_map { 1.0 } else { *w };
                    assert!((glow.glow[i] - w).abs() < 1e-6, "{grid:?} {seed} pixel {i}");
                }
                // The fog: a pixel seen is in a view's polygon and lit, or in its darkvision.
                let views = side_views(&scene, &enc, Side::Party);
                let seen = seen_by_views(&enc.map, &light, &views);
                let raster = fog_raster(&enc.map, &enc.fog, &seen, &views, &light);
                let f = raster.grid();
                let mut lit = vec![false; f.count()];
                for source in light.sources() {
                    f.for_each_span(&source.region, |row, first, last| {
                        for i in first..=last {
                            let p = f.centre_of(i as u32, row as u32);
                            let c = source.centre;
                            if (p.x - c.x).hypot(p.y - c.y) <= source.dim_cells {
                                lit[row * f.width as usize + i] = true;
                            }
                        }
                    });
                }
                let mut visible = vec![false; f.count()];
                for view in &views {
                    f.for_each_span(&view.polygon, |row, first, last| {
                        for i in first..=last {
                            let at = row * f.width as usize + i;
                            let p = f.centre_of(i as u32, row as u32);
                            visible[at] |= view.sees_inside(p, lit[at]);
                        }
                    });
                }
                let cells = CellStates::new(&enc.map, &enc.fog, &seen, &views);
                for (i, pixel) in raster.pixels.iter().enumerate() {
                    let p =
                        f.centre_of((i % f.width as usize) as u32, (i / f.width as usize) as u32);
                    let cell = cell_in_grid(grid, p);
                    assert_eq!(
                        *pixel,
                        cells.pixel(&enc.map, cell, visible[i]),
                        "{grid:?} {seed} {i}"
                    );
                }
                assert!(visible.iter().any(|v| *v) && lit.iter().any(|l| *l));
            }
        }
    }

    #[test]
    fn a_thousand_lights_across_a_large_map_get_a_coarser_glow() {
        use crate::model::{Ambient, Light, LightKind};
        let mut enc = Encounter::new("glare", RuleSystem::Evening);
        enc.map.width_cells = 400;
        enc.map.height_cells = 400;
        enc.ambient = Ambient::Dark;
        for i in 0..1_000 {
            let at = GridPoint::new(
                f64::from(i % 40) * 10.0 + 0.5,
                f64::from(i / 40) * 16.0 + 0.5,
            );
            let mut light = Light::preset(LightKind::Custom, at);
            light.range_cells = 400.0;
            light.bright_cells = Some(0.0);
            enc.lights.push(light);
        }
        let scene = Scene::new(&enc);
        let glow = glow_raster(&enc.map, &Illumination::new(&scene, &enc));
        // Each light's dim band covers the whole map (160,000 cells): the budget allows
        // √(24e6 / 1.6e8) ≈ 0.39 pixels a cell, 155 pixels across instead of 400.
        assert!(
            glow.pixels_per_cell < 0.4 && glow.pixels_per_cell > 0.38,
            "{}",
            glow.pixels_per_cell
        );
        assert!(glow.width < 160);
        assert!(
            glow.glow.iter().all(|g| *g > 0.3),
            "every pixel in some light's reach"
        );
    }

    #[test]
    fn hex_rasters_cover_the_map_and_leave_the_jagged_edge_outside() {
        let map = MapSpec {
            grid: GridKind::HexFlat,
            width_cells: 4,
            height_cells: 3,
            ..MapSpec::default()
        };
        let fog = Fog {
            enabled: true,
            ..Fog::default()
        };
        let enc = Encounter {
            map: map.clone(),
            ..Encounter::default()
        };
        let scene = Scene::new(&enc);
        let light = Illumination::new(&scene, &enc);
        let raster = fog_raster(&map, &fog, &CellMask::empty(&map), &[], &light);
        let centre = point_in_grid(map.grid, map.cell_at_offset(0, 0));
        assert_eq!(raster.at(centre), PixelFog::Cell(CellFog::Hidden));
        // The top-left corner of the bounding box lies outside the first hex.
        let (origin, _) = raster.extent();
        let corner = GridPoint::new(origin.x + 0.02, origin.y + 0.02);
        assert_eq!(raster.at(corner), PixelFog::Outside);
    }
}
