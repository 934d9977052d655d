//! Fog of war: which cells a side sees now, and how each cell of the map shows to the players.
//!
//! The party's sight is the union of its tokens' sight polygons ([`Scene::sight_of_side`]). A
//! cell counts as seen when its centre lies inside one of them: a cell behind a wall has its
//! centre behind the wall too, while the cells along a wall's lit side stay seen. Polygons are
//! rasterised with one scan line through each row of cell centres (each column on flat-top hex
//! maps, whose centres line up in columns), so the cost is the polygon's edges plus the cells
//! filled, not the map's area times the edges.

use crate::model::{Cell, Encounter, Fog, GridKind, GridPoint, MapSpec, Side};

use super::fog_raster::{View, side_views};
use super::grid::{HEX_RADIUS, point_in_grid};
use super::light::{Illumination, LightLevel};
use super::scene::Scene;
use super::span::{Bits, chord, within};

/// One flag per cell of the map's rectangle, kept a line of cells to a row of bits (see
/// [`super::span`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CellMask {
    map: MapSpec,
    bits: Bits,
}

impl CellMask {
    /// A mask with no cell set.
    pub fn empty(map: &MapSpec) -> Self {
        let lines = ScanLines::of(map);
        Self {
            map: map.clone(),
            bits: Bits::new(lines.count as usize, lines.length as usize),
        }
    }

    /// The line and position of the cell at `(col, row)`, when it is on the map.
    fn place(&self, col: i32, row: i32) -> Option<(usize, usize)> {
        let (w, h) = (self.map.width_cells as i32, self.map.height_cells as i32);
        ((0..w).contains(&col) && (0..h).contains(&row)).then(|| {
            if self.map.grid == GridKind::HexFlat {
                (col as usize, row as usize)
            } else {
                (row as usize, col as usize)
            }
        })
    }

    /// Whether `cell` is set (cells off the map never are).
    pub fn contains(&self, cell: Cell) -> bool {
        let (col, row) = self.map.offset_of(cell);
        self.contains_offset(col, row)
    }

    /// Whether the cell at `(col, row)` is set.
    pub(crate) fn contains_offset(&self, col: i32, row: i32) -> bool {
        self.place(col, row)
            .is_some_and(|(line, k)| self.bits.get(line, k))
    }

    fn set_offset(&mut self, col: i32, row: i32) {
        if let Some((line, k)) = self.place(col, row) {
            self.bits.set(line, k);
        }
    }

    /// How many cells are set.
    pub fn len(&self) -> usize {
        self.bits.count()
    }

    /// Whether no cell is set.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every set cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let (w, h) = (self.map.width_cells as i32, self.map.height_cells as i32);
        (0..h)
            .flat_map(move |row| (0..w).map(move |col| (col, row)))
            .filter(|&(col, row)| self.contains_offset(col, row))
            .map(|(col, row)| self.map.cell_at_offset(col, row))
    }
}

/// How a cell shows in the players' window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CellFog {
    /// Shown as it is: the party sees it now, or the GM revealed it.
    #[default]
    Visible,
    /// Seen before but not now: shown dimmed, without the creatures on it.
    Explored,
    /// Never seen, or hidden by the GM: not shown at all.
    Hidden,
}

/// The fog state of every cell of the map's rectangle, indexed by `(column, row)` offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FogCells {
    width: u32,
    height: u32,
    states: Vec<CellFog>,
}

impl FogCells {
    /// Each cell's state: a GM-hidden cell is hidden; a GM-revealed or seen one visible; an
    /// explored one dimmed; the rest hidden. With fog off every cell is visible.
    pub fn new(map: &MapSpec, fog: &Fog, seen: &CellMask) -> Self {
        let (width, height) = (map.width_cells, map.height_cells);
        if !fog.enabled {
            return Self {
                width,
                height,
                states: vec![CellFog::Visible; width as usize * height as usize],
            };
        }
        let (w, h) = (width as i32, height as i32);
        let states: Vec<CellFog> = (0..h)
            .flat_map(|row| (0..w).map(move |col| (col, row)))
            .map(|(col, row)| {
                if seen.contains_offset(col, row) {
                    CellFog::Visible
                } else {
                    CellFog::Hidden
                }
            })
            .collect();
        let mut cells = Self {
            width,
            height,
            states,
        };
        for cell in &fog.explored {
            cells.update(map, cell, |s| {
                if s == CellFog::Hidden {
                    CellFog::Explored
                } else {
                    s
                }
            });
        }
        for cell in &fog.revealed {
            cells.update(map, cell, |_| CellFog::Visible);
        }
        for cell in &fog.hidden {
            cells.update(map, cell, |_| CellFog::Hidden);
        }
        cells
    }

    fn update(&mut self, map: &MapSpec, cell: Cell, f: impl FnOnce(CellFog) -> CellFog) {
        let (col, row) = map.offset_of(cell);
        if let Some(i) = self.index(col, row) {
            self.states[i] = f(self.states[i]);
        }
    }

    fn index(&self, col: i32, row: i32) -> Option<usize> {
        let (w, h) = (self.width as i32, self.height as i32);
        ((0..w).contains(&col) && (0..h).contains(&row)).then(|| (row * w + col) as usize)
    }

    /// The state of the cell at `(column, row)`; off the map is hidden.
    pub fn at_offset(&self, col: i32, row: i32) -> CellFog {
        self.index(col, row)
            .map_or(CellFog::Hidden, |i| self.states[i])
    }

    /// The state of `cell` on `map` (the map these states were made for).
    pub fn at(&self, map: &MapSpec, cell: Cell) -> CellFog {
        let (col, row) = map.offset_of(cell);
        self.at_offset(col, row)
    }

    /// The map's size in cells, `(columns, rows)`.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }
}

/// The cells `side`'s tokens see now, each from the centre of its footprint, as far as
/// `radius` cells (unlimited when `None`).
pub fn seen_cells(scene: &Scene, side: Side, radius: Option<f64>) -> CellMask {
    rasterise(&scene.map, &scene.sight_of_side(side, radius))
}

/// The cells seen now that the fog has not recorded as explored yet, in row order.
pub fn newly_seen(fog: &Fog, seen: &CellMask) -> Vec<Cell> {
    let mut explored = fog.explored.lookup();
    seen.cells().filter(|c| !explored.contains(*c)).collect()
}

/// The cells `side`'s tokens see now in `light` (Evening, Vision): a cell is seen when its
/// centre lies inside a token's sight polygon and is lit (dim or bright), or lies within that
/// token's darkvision range (which sees darkness as dim light). A blind token sees nothing. Each
/// token's own footprint is always seen: a creature knows where it stands, and the players keep
/// seeing their own tokens in the dark.
pub fn seen_cells_lit(
    scene: &Scene,
    encounter: &Encounter,
    light: &Illumination,
    side: Side,
) -> CellMask {
    seen_by_views(&encounter.map, light, &side_views(scene, encounter, side))
}

/// [`seen_cells_lit`] from views already worked out.
pub fn seen_by_views(map: &MapSpec, light: &Illumination, views: &[View]) -> CellMask {
    let mut mask = CellMask::empty(map);
    let lines = ScanLines::of(map);
    // Every cell is lit when the ambient light is; otherwise the lit cells, as bits.
    let lit = (light.ambient() < LightLevel::Dim).then(|| light.lit_bits());
    for view in views {
        for cell in &view.own {
            let (col, row) = map.offset_of(*cell);
            mask.set_offset(col, row);
        }
        if mask.bits.all_full() {
            // Five thousand viewers who see the whole map: the first one settles it.
            continue;
        }
        let (c_along, c_across) = lines.split(view.centre);
        lines.for_each_span(&view.polygon, |line, first, last| {
            if mask.bits.line_full(line) {
                return;
            }
            let Some(lit) = lit else {
                mask.bits.set_range(line, first, last);
                return;
            };
            mask.bits.or_range_from(line, first, last, lit);
            let Some(range) = view.darkvision else {
                return;
            };
            let across = lines.across(line) - c_across;
            let (sure, unsure) = chord(lines.positions(line), c_along, across, range);
            if let Some(run) = sure.and_then(|r| within((first, last), r)) {
                mask.bits.set_range(line, run.0, run.1);
            }
            for run in unsure.iter().filter_map(|r| within((first, last), *r)) {
                for k in run.0..=run.1 {
                    let (col, row) = lines.offset(line, k);
                    let p = point_in_grid(map.grid, map.cell_at_offset(col, row));
                    if (p.x - view.centre.x).hypot(p.y - view.centre.y) <= range {
                        mask.bits.set(line, k);
                    }
                }
            }
        });
    }
    mask
}

/// The cells of `map` whose centres lie inside any of `polygons` (map space, even-odd rule).
pub fn rasterise(map: &MapSpec, polygons: &[Vec<GridPoint>]) -> CellMask {
    let mut mask = CellMask::empty(map);
    let lines = ScanLines::of(map);
    for polygon in polygons {
        if mask.bits.all_full() {
            break;
        }
        lines.for_each_span(polygon, |line, first, last| {
            mask.bits.set_range(line, first, last);
        });
    }
    mask
}

/// Calls `visit(column, row)` once for each cell of `map` whose centre lies inside `polygon`
/// (map space, even-odd rule), line by line.
#[cfg(test)]
pub(crate) fn for_each_cell_in(
    map: &MapSpec,
    polygon: &[GridPoint],
    mut visit: impl FnMut(i32, i32),
) {
    let lines = ScanLines::of(map);
    lines.for_each_span(polygon, |line, first, last| {
        for k in first..=last {
            let (col, row) = lines.offset(line, k);
            visit(col, row);
        }
    });
}

/// The lines of cell centres a map is scanned along.
///
/// Line `line`, position `k` is the cell at [`Self::offset`]; masks keep one row of bits per line.
///
/// Along a line, centres sit one unit apart starting at `start + stagger` (odd lines shifted by
/// `stagger`); line `i` lies at `across_first + i · across_step`. On flat-top hex maps the lines
/// are the columns, so `along` is y and `across` is x; elsewhere the rows.
pub(crate) struct ScanLines {
    by_column: bool,
    count: u32,
    /// Cells per line.
    length: u32,
    across_first: f64,
    across_step: f64,
    start: f64,
    stagger: f64,
}

impl ScanLines {
    pub(crate) fn of(map: &MapSpec) -> Self {
        let (w, h) = (map.width_cells, map.height_cells);
        let hex_step = 1.5 * HEX_RADIUS;
        match map.grid {
            GridKind::Square | GridKind::Gridless => Self::rows(h, w, 0.5, 1.0, 0.0),
            GridKind::HexPointy => Self::rows(h, w, HEX_RADIUS, hex_step, 0.5),
            GridKind::HexFlat => Self {
                by_column: true,
                ..Self::rows(w, h, HEX_RADIUS, hex_step, 0.5)
            },
        }
    }

    fn rows(count: u32, length: u32, across_first: f64, across_step: f64, stagger: f64) -> Self {
        Self {
            by_column: false,
            count,
            length,
            across_first,
            across_step,
            start: 0.5,
            stagger,
        }
    }

    /// How many lines, and cells per line.
    pub(crate) fn shape(&self) -> (usize, usize) {
        (self.count as usize, self.length as usize)
    }

    /// Where the centres of `line` lie along it: `(first, step, count)` for [`chord`].
    pub(crate) fn positions(&self, line: usize) -> (f64, f64, usize) {
        let start = self.start + if line & 1 == 1 { self.stagger } else { 0.0 };
        (start, 1.0, self.length as usize)
    }

    /// Where `line` lies across.
    pub(crate) fn across(&self, line: usize) -> f64 {
        self.across_first + line as f64 * self.across_step
    }

    /// The `(column, row)` offset of position `k` of `line`.
    pub(crate) fn offset(&self, line: usize, k: usize) -> (i32, i32) {
        if self.by_column {
            (line as i32, k as i32)
        } else {
            (k as i32, line as i32)
        }
    }

    /// Calls `visit(line, first, last)` for each run of cells of a line whose centres lie inside
    /// `polygon` (map space, even-odd rule).
    pub(crate) fn for_each_span(
        &self,
        polygon: &[GridPoint],
        mut visit: impl FnMut(usize, usize, usize),
    ) {
        // Only the lines the polygon reaches get a list: a torch on a big map spans a few.
        let (lo, hi) = polygon.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
            let across = self.split(*p).1;
            (lo.min(across), hi.max(across))
        });
        let lines = self.lines_between(lo, hi);
        let Some((first_line, last_line)) = lines else {
            return;
        };
        let mut crossings: Vec<Vec<f64>> = vec![Vec::new(); last_line - first_line + 1];
        self.collect_crossings(polygon, first_line, &mut crossings);
        for (i, list) in crossings.iter_mut().enumerate() {
            list.sort_by(f64::total_cmp);
            for pair in list.chunks_exact(2) {
                if let Some((first, last)) = self.span(first_line + i, pair[0], pair[1]) {
                    visit(first_line + i, first, last);
                }
            }
        }
    }

    /// The positions of `line` whose centres lie between `from` and `to` along it.
    fn span(&self, line: usize, from: f64, to: f64) -> Option<(usize, usize)> {
        let (start, _, length) = self.positions(line);
        let first = (from - start).ceil().max(0.0);
        let last = (to - start).floor().min(length as f64 - 1.0);
        (first <= last).then_some((first as usize, last as usize))
    }

    /// A point's `(along, across)` coordinates.
    pub(crate) fn split(&self, p: GridPoint) -> (f64, f64) {
        if self.by_column {
            (p.y, p.x)
        } else {
            (p.x, p.y)
        }
    }

    /// The lines `lo <= across <= hi` holds, if any.
    fn lines_between(&self, lo: f64, hi: f64) -> Option<(usize, usize)> {
        let first = ((lo - self.across_first) / self.across_step)
            .ceil()
            .max(0.0);
        let last = ((hi - self.across_first) / self.across_step)
            .floor()
            .min(f64::from(self.count) - 1.0);
        (first <= last).then_some((first as usize, last as usize))
    }

    /// Adds, for each line an edge of `polygon` crosses, where along the line it crosses; the
    /// list of line `first_line + i` is `crossings[i]`, and lines past the lists are left out.
    fn collect_crossings(
        &self,
        polygon: &[GridPoint],
        first_line: usize,
        crossings: &mut [Vec<f64>],
    ) {
        let n = polygon.len();
        let end = (first_line + crossings.len()) as f64 - 1.0;
        for i in 0..n {
            let (a_along, a_across) = self.split(polygon[i]);
            let (b_along, b_across) = self.split(polygon[(i + 1) % n]);
            let (lo, hi) = (a_across.min(b_across), a_across.max(b_across));
            // Lines with lo <= across < hi: the half-open rule counts a vertex on a line once.
            let first = ((lo - self.across_first) / self.across_step)
                .ceil()
                .max(first_line as f64);
            let last = ((hi - self.across_first) / self.across_step).ceil() - 1.0;
            let last = last.min(end);
            let mut line = first;
            while line <= last {
                let across = self.across_first + line * self.across_step;
                if (lo..hi).contains(&across) {
                    let t = (across - a_across) / (b_across - a_across);
                    crossings[line as usize - first_line].push(a_along + t * (b_along - a_along));
                }
                line += 1.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::point_in_grid;
    use crate::model::{Encounter, RuleSystem, Token, TokenId, Wall, WallId, WallKind};

    fn map(grid: GridKind, w: u32, h: u32) -> MapSpec {
        MapSpec {
            grid,
            width_cells: w,
            height_cells: h,
            ..MapSpec::default()
        }
    }

    /// Whether `p` is inside `polygon` by the even-odd rule, the slow way.
    fn inside(polygon: &[GridPoint], p: GridPoint) -> bool {
        let mut inside = false;
        for i in 0..polygon.len() {
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
            if (a.y <= p.y) != (b.y <= p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if p.x < x {
                    inside = !inside;
                }
            }
        }
        inside
    }

    #[test]
    fn a_triangle_fills_exactly_the_cells_whose_centres_it_holds() {
        let triangle = vec![
            GridPoint::new(0.2, 0.3),
            GridPoint::new(9.71, 2.13),
            GridPoint::new(3.3, 8.9),
        ];
        for grid in GridKind::ALL {
            let m = map(grid, 12, 10);
            let mask = rasterise(&m, std::slice::from_ref(&triangle));
            let mut expected = 0;
            for col in 0..12 {
                for row in 0..10 {
                    let cell = m.cell_at_offset(col, row);
                    let want = inside(&triangle, point_in_grid(grid, cell));
                    assert_eq!(mask.contains(cell), want, "{grid:?} {cell}");
                    expected += usize::from(want);
                }
            }
            assert!(expected > 10, "{grid:?}: the triangle covers cells");
            assert_eq!(mask.len(), expected);
        }
    }

    #[test]
    fn a_wall_keeps_the_far_room_unseen() {
        let mut enc = Encounter::new("fog", RuleSystem::Evening);
        enc.map.width_cells = 10;
        enc.map.height_cells = 6;
        // A full-height wall along x = 5.
        enc.walls.push(Wall {
            id: WallId(1),
            a: GridPoint::new(5.0, 0.0),
            b: GridPoint::new(5.0, 6.0),
            kind: WallKind::Wall,
        });
        enc.tokens.push(Token::new(
            TokenId(1),
            "Scout",
            Side::Party,
            Cell::new(1, 2),
        ));
        let scene = Scene::new(&enc);
        let seen = seen_cells(&scene, Side::Party, None);
        assert_eq!(seen.len(), 30, "the whole west room and nothing else");
        assert!(seen.contains(Cell::new(4, 5)));
        assert!(!seen.contains(Cell::new(5, 0)));
        assert!(seen_cells(&scene, Side::Enemy, None).is_empty());
    }

    #[test]
    fn cell_states_follow_sight_exploring_and_the_gm_marks() {
        let m = map(GridKind::Square, 4, 1);
        let mut seen = CellMask::empty(&m);
        seen.set_offset(0, 0);
        seen.set_offset(1, 0);
        let mut fog = Fog {
            enabled: true,
            ..Fog::default()
        };
        fog.explored.insert(Cell::new(2, 0));
        fog.hidden.insert(Cell::new(1, 0));
        fog.revealed.insert(Cell::new(3, 0));
        let cells = FogCells::new(&m, &fog, &seen);
        let states: Vec<CellFog> = (0..4).map(|c| cells.at_offset(c, 0)).collect();
        assert_eq!(
            states,
            [
                CellFog::Visible,
                CellFog::Hidden,
                CellFog::Explored,
                CellFog::Visible
            ]
        );
        assert_eq!(
            newly_seen(&fog, &seen),
            vec![Cell::new(0, 0), Cell::new(1, 0)]
        );
        fog.enabled = false;
        assert_eq!(
            FogCells::new(&m, &fog, &seen).at_offset(1, 0),
            CellFog::Visible
        );
    }
}
