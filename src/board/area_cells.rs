//! The cells an area covers, found line by line: an area's cost follows the map's rows, never
//! the size typed in or the cells it covers.
//!
//! The map's cell centres lie on straight lines: each row of a square, gridless or pointy-top
//! hex map, and on a flat-top hex map each row's even columns and its odd ones (odd columns sit
//! half a hex lower). Every shape is convex — a sphere, a cone, a line, a square, and a burst
//! (a range ball around a convex footprint) — so the centres it covers on one line are one
//! unbroken run. For each line the run is found exactly: a floating-point estimate of where the
//! line crosses the shape gives a few candidates, each tested with the exact rule
//! (`Scene::shape_covers`), and a binary search with that rule finds both ends. A line costs a
//! few dozen exact tests; a sphere over the largest map, 2,000 lines of them.
//!
//! Walls then cut the area (the sight rule of `area.rs`), but only when something that blocks
//! sight lies within the area's reach: on an open map nothing is traced. The cut goes line by
//! line too, by the origin's sight polygon (`area_walls.rs`); a map with obstacle cells is
//! cut cell by cell.

use crate::model::{Cell, GridKind, GridPoint, MapSpec};

use super::area::PlacedArea;
use super::grid::point_in_grid;
use super::scene::{CrossingCache, Scene};

/// A run of covered cells on one line of the map: columns `first`, `first + stride`, … up to
/// `last`, in `row` (offset coordinates, see [`MapSpec::offset_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub row: i32,
    pub first: i32,
    pub last: i32,
    pub stride: i32,
}

impl Run {
    /// How many cells the run holds.
    pub fn len(self) -> usize {
        ((self.last - self.first) / self.stride + 1).max(0) as usize
    }

    /// Whether it holds no cell.
    pub fn is_empty(self) -> bool {
        self.last < self.first
    }

    /// Whether the run holds the cell at offset column `col` of its row.
    fn holds(self, col: i32) -> bool {
        (self.first..=self.last).contains(&col) && (col - self.first) % self.stride == 0
    }
}

/// The cells of an area on the map, as runs in row order, kept small: a thousand areas cut by
/// a maze of walls hold tens of thousands of runs each, so a run is its two columns (a map is
/// at most [`MapSpec::MAX_CELLS`] wide) and its row and stride are kept once per row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellRuns {
    /// Each row's runs: its row, their stride, and the index past its last run in `spans`.
    rows: Vec<RunRow>,
    /// Each run's first and last column.
    spans: Vec<[u16; 2]>,
    /// How many cells the runs hold (asked every frame, by the layer choosing how to draw).
    cells: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RunRow {
    row: i32,
    stride: u16,
    end: u32,
}

impl CellRuns {
    /// Runs in row order, as found. A run off the map's columns (never found: runs are of
    /// the map's cells) is left out rather than wrapped.
    pub(crate) fn from_runs(runs: impl IntoIterator<Item = Run>) -> Self {
        let mut out = Self::default();
        for run in runs {
            let (Ok(first), Ok(last), Ok(stride)) = (
                u16::try_from(run.first),
                u16::try_from(run.last),
                u16::try_from(run.stride),
            ) else {
                continue;
            };
            out.spans.push([first, last]);
            out.cells += run.len();
            let end = out.spans.len() as u32;
            match out.rows.last_mut() {
                Some(r) if r.row == run.row && r.stride == stride => r.end = end,
                _ => out.rows.push(RunRow {
                    row: run.row,
                    stride,
                    end,
                }),
            }
        }
        out
    }

    /// The runs, by row.
    pub fn runs(&self) -> impl Iterator<Item = Run> + '_ {
        self.rows
            .iter()
            .enumerate()
            .flat_map(|(i, r)| self.row_runs(i, *r))
    }

    /// The runs of the `i`th of `rows`.
    fn row_runs(&self, i: usize, r: RunRow) -> impl Iterator<Item = Run> + '_ {
        let start = if i == 0 { 0 } else { self.rows[i - 1].end } as usize;
        self.spans[start..r.end as usize].iter().map(move |s| Run {
            row: r.row,
            first: i32::from(s[0]),
            last: i32::from(s[1]),
            stride: i32::from(r.stride),
        })
    }

    /// How many runs there are.
    pub fn run_count(&self) -> usize {
        self.spans.len()
    }

    /// How many cells the runs hold.
    pub fn len(&self) -> usize {
        self.cells
    }

    /// Whether no cell is covered.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Every covered cell, run by run.
    pub fn cells<'a>(&'a self, map: &'a MapSpec) -> impl Iterator<Item = Cell> + 'a {
        self.runs().flat_map(move |r| {
            (r.first..=r.last)
                .step_by(r.stride.max(1) as usize)
                .map(move |col| map.cell_at_offset(col, r.row))
        })
    }

    /// Whether `cell` (on the map) is covered.
    pub fn contains(&self, map: &MapSpec, cell: Cell) -> bool {
        let (col, row) = map.offset_of(cell);
        let start = self.rows.partition_point(|r| r.row < row);
        (start..self.rows.len())
            .take_while(|&i| self.rows[i].row == row)
            .any(|i| self.row_runs(i, self.rows[i]).any(|r| r.holds(col)))
    }
}

/// One straight line of cell centres: the centre of its `j`th cell is `start + j·step`, its
/// cells are columns `parity + j·stride` of `row`, `j` from 0 to `count − 1`.
struct Line {
    row: i32,
    parity: i32,
    stride: i32,
    count: i32,
    start: GridPoint,
    step: (f64, f64),
}

impl Line {
    fn col(&self, j: i32) -> i32 {
        self.parity + j * self.stride
    }
}

/// The lines of the map's centres among rows `rows` (offset rows, within the map).
fn lines(map: &MapSpec, rows: std::ops::RangeInclusive<i32>) -> impl Iterator<Item = Line> + '_ {
    let width = map.width_cells as i32;
    let stride = if map.grid == GridKind::HexFlat { 2 } else { 1 };
    rows.flat_map(move |row| {
        (0..stride.min(width)).map(move |parity| {
            let at = |col: i32| point_in_grid(map.grid, map.cell_at_offset(col, row));
            let start = at(parity);
            let next = at(parity + stride);
            Line {
                row,
                parity,
                stride,
                count: (width - parity + stride - 1) / stride,
                start,
                step: (next.x - start.x, next.y - start.y),
            }
        })
    })
}

/// An interval of the line parameter `j`, possibly empty or unbounded.
#[derive(Clone, Copy, Debug)]
struct Span(f64, f64);

impl Span {
    const ALL: Self = Self(f64::NEG_INFINITY, f64::INFINITY);

    fn and(self, other: Self) -> Self {
        Self(self.0.max(other.0), self.1.min(other.1))
    }
}

/// Where along `line` the points lie within `r` of `o`.
#[expect(
    clippy::many_single_char_names,
    reason = "the geometry's own letters: origin, direction, normal"
)]
fn disk(line: &Line, o: GridPoint, r: f64) -> Span {
    let (sx, sy) = line.step;
    let (px, py) = (line.start.x - o.x, line.start.y - o.y);
    let a = sx * sx + sy * sy;
    let b = 2.0 * (sx * px + sy * py);
    let c = px * px + py * py - r * r;
    let disc = b * b - 4.0 * a * c;
    if a <= 0.0 || disc < 0.0 {
        // No crossing: the nearest point is the only candidate (a tangent the estimate missed).
        let nearest = if a > 0.0 { -b / (2.0 * a) } else { 0.0 };
        return Span(nearest, nearest);
    }
    let root = disc.sqrt();
    Span((-b - root) / (2.0 * a), (-b + root) / (2.0 * a))
}

/// Where along `line` the points `p` have `n · (p − o) ≤ h`.
#[expect(
    clippy::many_single_char_names,
    reason = "the geometry's own letters: origin, direction, normal"
)]
fn half(line: &Line, o: GridPoint, n: (f64, f64), h: f64) -> Span {
    let k = n.0 * line.step.0 + n.1 * line.step.1;
    let c = n.0 * (line.start.x - o.x) + n.1 * (line.start.y - o.y);
    if k.abs() < 1e-12 {
        // Parallel: all or nothing, erring towards all (each cell is then tested exactly).
        return if c <= h + 1e-6 {
            Span::ALL
        } else {
            Span(f64::INFINITY, f64::NEG_INFINITY)
        };
    }
    let at = (h - c) / k;
    if k > 0.0 {
        Span(f64::NEG_INFINITY, at)
    } else {
        Span(at, f64::INFINITY)
    }
}

/// The shape in map space, for the estimate.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Outline {
    Sphere {
        radius: f64,
    },
    Cone {
        length: f64,
    },
    Line {
        length: f64,
        width: f64,
    },
    Square {
        side: f64,
    },
    /// A burst: the estimate is the nearest point to its centre.
    Burst,
}

/// Where along `line` the shape's outline lies (an estimate: a float's error either way).
fn estimate(line: &Line, shape: Outline, o: GridPoint, u: (f64, f64)) -> Span {
    let across = (-u.1, u.0);
    let neg = |v: (f64, f64)| (-v.0, -v.1);
    match shape {
        Outline::Sphere { radius } => disk(line, o, radius),
        Outline::Cone { length } => {
            let side = |s: f64| (across.0 * s - 0.5 * u.0, across.1 * s - 0.5 * u.1);
            disk(line, o, length)
                .and(half(line, o, neg(u), 0.0))
                .and(half(line, o, side(1.0), 0.0))
                .and(half(line, o, side(-1.0), 0.0))
        }
        Outline::Line { length, width } => half(line, o, neg(u), 0.0)
            .and(half(line, o, u, length))
            .and(half(line, o, across, width / 2.0))
            .and(half(line, o, neg(across), width / 2.0)),
        Outline::Square { side } => half(line, o, u, side / 2.0)
            .and(half(line, o, neg(u), side / 2.0))
            .and(half(line, o, across, side / 2.0))
            .and(half(line, o, neg(across), side / 2.0)),
        Outline::Burst => disk(line, o, 0.0),
    }
}

impl Scene {
    /// The map's cells the area's shape covers, walls not yet considered, as runs.
    pub(crate) fn shape_runs(&self, area: &PlacedArea) -> CellRuns {
        let map = &self.map;
        let (shape, o, u, bound) = area.estimate_shape(self);
        let rows = self.rows_within(o, bound);
        let mut runs = Vec::new();
        for line in lines(map, rows) {
            if let Some(run) = self.line_run(area, &line, estimate(&line, shape, o, u)) {
                runs.push(run);
            }
        }
        CellRuns::from_runs(runs)
    }

    /// The offset rows within `bound` cells of `o`, on the map.
    fn rows_within(&self, o: GridPoint, bound: f64) -> std::ops::RangeInclusive<i32> {
        let map = &self.map;
        // Rows are at least 0.86 cell lengths apart (hex), one on squares: a generous window.
        let reach = (bound.min(1e6) * 1.2).ceil() as i32 + 3;
        let centre = map.offset_of(super::grid::cell_in_grid(map.grid, o)).1;
        let last = map.height_cells as i32 - 1;
        (centre - reach).max(0)..=(centre + reach).min(last)
    }

    /// The covered run of `line`, from the estimate `span`: candidates near its ends and
    /// middle tested exactly, then each end found by binary search with the exact rule.
    fn line_run(&self, area: &PlacedArea, line: &Line, span: Span) -> Option<Run> {
        const EPS: f64 = 1e-6;
        let last = line.count - 1;
        // An empty span, or one the estimate could not place (NaN), has no run.
        if last < 0 || span.0.is_nan() || span.1.is_nan() || span.0 > span.1 + 2.0 {
            return None;
        }
        let covered = |j: i32| {
            let cell = self.map.cell_at_offset(line.col(j), line.row);
            self.shape_covers(area, cell)
        };
        let clamp = |t: f64| t.clamp(-1.0, f64::from(last) + 1.0);
        let (a, b) = (clamp(span.0 - EPS).ceil(), clamp(span.1 + EPS).floor());
        let mid = clamp(f64::midpoint(span.0, span.1)).round();
        let candidates = [a, a + 1.0, b, b - 1.0, mid, a - 1.0, b + 1.0];
        let anchor = candidates
            .into_iter()
            .map(|t| t as i32)
            .filter(|j| (0..=last).contains(j))
            .find(|j| covered(*j))?;
        // Left end: the first covered j in 0..=anchor (covered from there to the anchor).
        let (mut lo, mut hi) = (0, anchor);
        while lo < hi {
            let m = lo + (hi - lo) / 2;
            if covered(m) {
                hi = m;
            } else {
                lo = m + 1;
            }
        }
        let first = lo;
        let (mut lo, mut hi) = (anchor, last);
        while lo < hi {
            let m = hi - (hi - lo) / 2;
            if covered(m) {
                lo = m;
            } else {
                hi = m - 1;
            }
        }
        Some(Run {
            row: line.row,
            first: line.col(first),
            last: line.col(lo),
            stride: line.stride,
        })
    }

    /// Whether something that blocks sight (a wall, a closed door, an obstacle cell or
    /// polygon) lies within `bound` cells of `o`: only then can walls cut an area there.
    fn blockers_near(&self, o: GridPoint, bound: f64) -> bool {
        if !self.solids.is_empty() {
            return true;
        }
        let Some((lo, hi)) = self.sight_extent() else {
            return false;
        };
        // On hex maps the lattice is axial, skewed against map space: take all four corners.
        let r = bound + 2.0;
        let corners = [(-r, -r), (r, -r), (-r, r), (r, r)].map(|(x, y)| {
            self.lattice
                .lattice_from_grid(GridPoint::new(o.x + x, o.y + y))
        });
        let min_x = corners.iter().map(|c| c.x).min().unwrap_or(0);
        let max_x = corners.iter().map(|c| c.x).max().unwrap_or(0);
        let min_y = corners.iter().map(|c| c.y).min().unwrap_or(0);
        let max_y = corners.iter().map(|c| c.y).max().unwrap_or(0);
        !(hi.x < min_x || lo.x > max_x || hi.y < min_y || lo.y > max_y)
    }

    /// The map's cells the area covers, walls included (see `area.rs` for the rule), as runs.
    pub fn area_runs(&self, area: &PlacedArea) -> CellRuns {
        let shape = self.shape_runs(area);
        let (_, o, _, bound) = area.estimate_shape(self);
        if !self.blockers_near(o, bound) {
            return shape;
        }
        let shape: Vec<Run> = shape.runs().collect();
        if let Some(runs) = self.cut_by_sight(area, &shape) {
            return CellRuns::from_runs(runs);
        }
        let mut cache = CrossingCache::default();
        let mut runs = Vec::new();
        for run in shape {
            let mut open: Option<Run> = None;
            for col in (run.first..=run.last).step_by(run.stride as usize) {
                let cell = self.map.cell_at_offset(col, run.row);
                if self.reaches(area, cell, &mut cache) {
                    match &mut open {
                        Some(r) => r.last = col,
                        None => {
                            open = Some(Run {
                                first: col,
                                last: col,
                                ..run
                            });
                        }
                    }
                } else if let Some(r) = open.take() {
                    runs.push(r);
                }
            }
            runs.extend(open);
        }
        CellRuns::from_runs(runs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compact runs hold what they were given: each cell once, counted, found by
    /// `contains`, with two lines of one row (a flat-top hex map's even and odd columns) and
    /// a run off the map's columns left out.
    #[test]
    fn compact_runs_hold_the_cells_they_were_given() {
        let map = MapSpec {
            grid: GridKind::HexFlat,
            width_cells: 20,
            height_cells: 4,
            ..MapSpec::default()
        };
        let run = |row, first, last, stride| Run {
            row,
            first,
            last,
            stride,
        };
        let runs = CellRuns::from_runs([
            run(0, 0, 8, 2),
            run(0, 1, 5, 2),
            run(2, 4, 4, 2),
            run(3, -3, 1, 1),
        ]);
        assert_eq!(runs.run_count(), 3);
        assert_eq!(runs.len(), 5 + 3 + 1);
        let cells: Vec<Cell> = runs.cells(&map).collect();
        assert_eq!(cells.len(), runs.len());
        for cell in &cells {
            assert!(runs.contains(&map, *cell), "{cell:?}");
        }
        let (col, row) = (7, 0);
        assert!(!runs.contains(&map, map.cell_at_offset(col, row)));
        assert!(!runs.contains(&map, map.cell_at_offset(0, 3)));
        assert_eq!(runs.runs().collect::<Vec<_>>()[1], run(0, 1, 5, 2));
    }
}
