//! Walls cutting a large area, line by line (issue 29): an area's cost on a walled map follows
//! the map's rows and the walls it sees, never the cells it covers.
//!
//! The rule (`area.rs`) keeps a covered cell when the line from the origin to its centre or to
//! one of its corners passes no wall, closed door or obstacle polygon. Those clear points are
//! exactly the points inside the origin's sight polygon (the exact sweep of `sight.rs`, which
//! blocks on the same segments). Each of a cell's points (its centre, its corners) lies on a
//! straight line of such points, one per cell along the map's line of centres, so the polygon
//! is cut by each of these lines once ([`Edges`], a sweep in increasing y) and the cells are
//! sorted by interval arithmetic: a cell with a point inside the polygon by more than [`EPS`]
//! is in, a cell whose points all lie outside it by more than [`EPS`] is out, and only a cell
//! with a point on the polygon's boundary (a corner on a wall, a centre on a shadow's edge) is
//! traced exactly.
//!
//! Maps with obstacle cells, and origins on a blocker, are left to the exact rule cell by
//! cell: there a line may leave or enter an obstacle cell the polygon boxes in.

use crate::model::GridPoint;

use super::area::PlacedArea;
use super::area_cells::Run;
use super::lattice::LatticePoint;
use super::scene::{CrossingCache, Scene};

/// How near the sight polygon's boundary (in cells) a point must be to be traced exactly.
/// The polygon's vertices are exact lattice points, or crossings of lattice segments rounded
/// once: far below this.
const EPS: f64 = 1e-6;

/// A closed interval of positions along a line of points.
type Span = (i32, i32);

/// The sight polygon's edges, met by horizontal lines in increasing y.
struct Edges {
    /// Every edge, lower y first, sorted by that lower y.
    sorted: Vec<(GridPoint, GridPoint)>,
    next: usize,
    active: Vec<(GridPoint, GridPoint)>,
    /// The last line asked for, and its answer.
    last: Option<(f64, Line)>,
}

/// Where one horizontal line meets the polygon.
#[derive(Clone, Default)]
struct Line {
    /// Where the boundary crosses it, sorted: inside between the 1st and 2nd, 3rd and 4th, …
    crossings: Vec<f64>,
    /// The x ranges within [`EPS`] of the boundary, sorted and merged.
    near: Vec<(f64, f64)>,
}

impl Edges {
    fn new(polygon: &[GridPoint]) -> Self {
        let n = polygon.len();
        let mut edges: Vec<(GridPoint, GridPoint)> = (0..n)
            .map(|i| {
                let (a, b) = (polygon[i], polygon[(i + 1) % n]);
                if a.y <= b.y { (a, b) } else { (b, a) }
            })
            .collect();
        edges.sort_by(|a, b| a.0.y.total_cmp(&b.0.y));
        Self {
            sorted: edges,
            next: 0,
            active: Vec::new(),
            last: None,
        }
    }

    /// The line `y = y`; lines come in increasing y.
    fn line(&mut self, y: f64) -> &Line {
        if self
            .last
            .as_ref()
            .is_none_or(|(at, _)| at.to_bits() != y.to_bits())
        {
            let line = self.cut(y);
            self.last = Some((y, line));
        }
        match &self.last {
            Some((_, line)) => line,
            None => unreachable!("just set"),
        }
    }

    fn cut(&mut self, y: f64) -> Line {
        while let Some(e) = self.sorted.get(self.next)
            && e.0.y - EPS <= y
        {
            self.active.push(*e);
            self.next += 1;
        }
        self.active.retain(|e| e.1.y + EPS >= y);
        let mut line = Line::default();
        for &(a, b) in &self.active {
            // Half-open: an edge counts when it spans y from below to above (a.y ≤ y < b.y).
            if a.y <= y && y < b.y {
                line.crossings
                    .push(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y));
            }
            // The part of the edge within EPS of the line, widened by EPS.
            let (lo, hi) = if b.y > a.y {
                let at = |t: f64| {
                    let t = t.clamp(0.0, 1.0);
                    a.x + t * (b.x - a.x)
                };
                let (x0, x1) = (
                    at((y - EPS - a.y) / (b.y - a.y)),
                    at((y + EPS - a.y) / (b.y - a.y)),
                );
                (x0.min(x1), x0.max(x1))
            } else {
                (a.x.min(b.x), a.x.max(b.x))
            };
            line.near.push((lo - EPS, hi + EPS));
        }
        line.crossings.sort_by(f64::total_cmp);
        line.near.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut merged: Vec<(f64, f64)> = Vec::with_capacity(line.near.len());
        for (lo, hi) in line.near.drain(..) {
            match merged.last_mut() {
                Some(m) if lo <= m.1 => m.1 = m.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        line.near = merged;
        line
    }
}

/// The positions `j` in `within` whose points `x0 + j·sx` (sx > 0) lie in `[lo, hi]`, with a
/// hair's margin outwards (the caller widens what must be caught, never what is sure).
fn positions(x0: f64, sx: f64, lo: f64, hi: f64, within: Span) -> Option<Span> {
    let first = ((lo - x0) / sx - 1e-9).ceil().max(f64::from(within.0));
    let last = ((hi - x0) / sx + 1e-9).floor().min(f64::from(within.1));
    (first <= last).then_some((first as i32, last as i32))
}

/// The positions `j` in `within` whose points `x0 + j·sx` (sx > 0) are inside by more than
/// [`EPS`] (`inside`) or within [`EPS`] of the boundary (`near`).
fn classify(
    line: &Line,
    x0: f64,
    sx: f64,
    within: Span,
    inside: &mut Vec<Span>,
    near: &mut Vec<Span>,
) {
    // Inside by margin: inside the crossings' pairs, and outside every near range. The near
    // ranges hold every crossing, so an inside pair less its near ranges is safe.
    let mut gaps = Vec::new();
    let mut from = f64::NEG_INFINITY;
    for &(lo, hi) in &line.near {
        gaps.push((from, lo));
        from = hi;
    }
    gaps.push((from, f64::INFINITY));
    for pair in line.crossings.chunks_exact(2) {
        for &(g0, g1) in &gaps {
            let (lo, hi) = (pair[0].max(g0), pair[1].min(g1));
            if lo < hi {
                // Strictly inside the gap: shrink by a hair so no near point is taken.
                let width = (hi - lo) * 1e-9;
                if let Some(s) = positions(x0, sx, lo + width, hi - width, within) {
                    inside.push(s);
                }
            }
        }
    }
    for &(lo, hi) in &line.near {
        if let Some(s) = positions(x0, sx, lo, hi, within) {
            near.push(s);
        }
    }
}

/// Sorted, merged union of closed spans.
fn union(mut spans: Vec<Span>) -> Vec<Span> {
    spans.sort_unstable();
    let mut out: Vec<Span> = Vec::with_capacity(spans.len());
    for (a, b) in spans {
        match out.last_mut() {
            Some(m) if a <= m.1 + 1 => m.1 = m.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

impl Scene {
    /// The covered runs `shape` cut by the walls as the area's rule says, line by line; `None`
    /// when this map or origin needs the exact rule cell by cell.
    pub(crate) fn cut_by_sight(&self, area: &PlacedArea, shape: &[Run]) -> Option<Vec<Run>> {
        if !self.obstacles.is_empty() || self.origin_on_blocker(area.origin_l()) {
            return None;
        }
        let bound = area.bound_cells() + 2.0;
        let polygon = self.sight_polygon_around(area.origin_l(), &[], Some(bound));
        if polygon.len() < 3 {
            return None;
        }
        let point_count = 1 + self.lattice.corner_count();
        // Each run's cells' points, as lines: (y, x0, sx, run index, point index).
        let mut lines = Vec::with_capacity(shape.len() * point_count);
        for (k, run) in shape.iter().enumerate() {
            let cell_at = |col| self.map.cell_at_offset(col, run.row);
            let (a, b) = (cell_at(run.first), cell_at(run.first + run.stride));
            for i in 0..point_count {
                let point = |cell| {
                    let l = if i == 0 {
                        self.lattice.centre(cell)
                    } else {
                        self.lattice.corner(cell, i - 1)
                    };
                    self.lattice.grid_from_lattice(l)
                };
                let (p, q) = (point(a), point(b));
                let sx = q.x - p.x;
                if sx.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater)
                    || (q.y - p.y).abs() > 1e-9
                {
                    return None;
                }
                lines.push((p.y, p.x, sx, k, i));
            }
        }
        lines.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut edges = Edges::new(&polygon);
        let mut inside: Vec<Vec<Span>> = vec![Vec::new(); shape.len()];
        let mut near: Vec<Vec<Span>> = vec![Vec::new(); shape.len()];
        for (y, x0, sx, k, _) in lines {
            let within = (0, shape[k].len() as i32 - 1);
            let line = edges.line(y);
            classify(line, x0, sx, within, &mut inside[k], &mut near[k]);
        }
        let mut cache = CrossingCache::default();
        let mut runs = Vec::new();
        for (k, run) in shape.iter().enumerate() {
            let sure = union(std::mem::take(&mut inside[k]));
            let mut taken = sure.clone();
            for (a, b) in union(std::mem::take(&mut near[k])) {
                for j in a..=b {
                    let is_sure = sure
                        .binary_search_by(|s| {
                            if s.1 < j {
                                std::cmp::Ordering::Less
                            } else if s.0 > j {
                                std::cmp::Ordering::Greater
                            } else {
                                std::cmp::Ordering::Equal
                            }
                        })
                        .is_ok();
                    let cell = self.map.cell_at_offset(run.first + j * run.stride, run.row);
                    if !is_sure && self.reaches(area, cell, &mut cache) {
                        taken.push((j, j));
                    }
                }
            }
            runs.extend(union(taken).into_iter().map(|(a, b)| Run {
                first: run.first + a * run.stride,
                last: run.first + b * run.stride,
                ..*run
            }));
        }
        Some(runs)
    }

    /// Whether a sight-blocking segment passes through or right by `origin`.
    fn origin_on_blocker(&self, origin: LatticePoint) -> bool {
        let r: i64 = 2;
        let mut ids = Vec::new();
        self.sight.visit_box_ids(
            LatticePoint::new(origin.x - r, origin.y - r),
            LatticePoint::new(origin.x + r, origin.y + r),
            &mut ids,
        );
        ids.iter().any(|&id| {
            let s = &self.sight.segments[id as usize];
            let d = |p: LatticePoint| (p.x as f64, p.y as f64);
            let ((ax, ay), (bx, by), (ox, oy)) = (d(s.a), d(s.b), d(origin));
            let (dx, dy) = (bx - ax, by - ay);
            let len2 = dx * dx + dy * dy;
            let t = if len2 > 0.0 {
                (((ox - ax) * dx + (oy - ay) * dy) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let (px, py) = (ax + t * dx - ox, ay + t * dy - oy);
            px.hypot(py) <= r as f64
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::model::{
        AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, Encounter, GridKind, GridPoint,
        RuleSystem, Wall, WallId, WallKind,
    };

    use super::super::scene::{CrossingCache, Scene};

    /// A wall's ends in half cells, and its kind (0 a closed door, 1 a window, else a wall).
    type HalfCellWall = ((i32, i32), (i32, i32), u8);

    fn walled(grid: GridKind, walls: &[HalfCellWall]) -> Encounter {
        let mut enc = Encounter::new("walled", RuleSystem::Evening);
        enc.map.grid = grid;
        enc.map.width_cells = 40;
        enc.map.height_cells = 40;
        let at = |c: (i32, i32)| GridPoint::new(f64::from(c.0) / 2.0, f64::from(c.1) / 2.0);
        enc.walls = walls
            .iter()
            .enumerate()
            .map(|(i, &(a, b, kind))| Wall {
                id: WallId(i as u64 + 1),
                a: at(a),
                b: at(b),
                kind: match kind {
                    0 => WallKind::Door { open: false },
                    1 => WallKind::Window,
                    _ => WallKind::Wall,
                },
            })
            .collect();
        enc
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Issue 29: the cut by the sight polygon keeps exactly the cells the rule keeps one by
        /// one (a line from the origin to the centre or a corner passes no blocker), on every
        /// grid, with walls on half cells (corners and centres on walls, rays through corners).
        #[test]
        fn the_polygon_cut_keeps_exactly_the_cells_traced_one_by_one(
            grid_i in 0usize..4, sphere in any::<bool>(), size in 1u32..120,
            ox in 0i32..320, oy in 0i32..320, dx in -9i32..9, dy in -9i32..9,
            walls in prop::collection::vec(((0..80i32, 0..80i32), (0..80i32, 0..80i32), 0u8..4), 1..16),
        ) {
            let enc = walled(GridKind::ALL[grid_i], &walls);
            let origin = GridPoint::new(f64::from(ox) / 8.0, f64::from(oy) / 8.0);
            let q = AreaSize::Cells(f64::from(size) / 4.0);
            let area = AreaTemplate {
                id: AreaId(1),
                shape: if sphere { AreaShape::Sphere { radius: q } } else { AreaShape::Cone { length: q } },
                origin,
                toward: GridPoint::new(origin.x + f64::from(dx) + 0.25, origin.y + f64::from(dy)),
                source: None,
                follows: false,
                select: AreaSelect::Everyone,
                gm_only: false,
                effect: None,
            };
            let scene = Scene::new(&enc);
            let Ok(placed) = scene.place_area(&area) else {
                panic!("a valid area: {area:?}");
            };
            let shape = scene.shape_runs(&placed);
            let cut = scene.cut_by_sight(&placed, shape.runs());
            // Only an origin on a blocker is left to the cell-by-cell rule.
            prop_assert_eq!(cut.is_none(), scene.origin_on_blocker(placed.origin_l()));
            if let Some(runs) = cut {
                let cut: Vec<_> = super::super::area_cells::CellRuns::from_runs(runs)
                    .cells(&scene.map)
                    .collect();
                let mut cache = CrossingCache::default();
                let traced: Vec<_> = shape
                    .cells(&scene.map)
                    .filter(|c| scene.reaches(&placed, *c, &mut cache))
                    .collect();
                prop_assert_eq!(cut, traced);
            }
        }
    }
}
