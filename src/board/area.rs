//! Which cells and tokens an area of effect covers.
//!
//! The texts name areas without drawing them (GFH, Gambits: "Area — affects all creatures in a
//! defined space (cone, sphere, line, etc.)"; Evening, Threats: ranged attacks become cones or
//! spheres), so Lantern fixes one reading and decides it exactly:
//!
//! - **A cell is in when the template covers its centre**, boundary included, on every grid kind
//!   (square, both hex orientations, gridless). Centres and template edges are compared on the
//!   integer lattice ([`super::lattice`]) with Euclidean map-space lengths, so "on the edge" is
//!   decided exactly, never by rounding.
//! - **Cone**: from the apex towards the direction, as wide at each distance as that distance
//!   (a half-angle of atan ½, about 53° in all), as long as its length measured straight.
//! - **Sphere**: a circle of its radius, measured straight.
//! - **Line**: a strip as long as its length from the origin and as wide as its width, centred
//!   on the direction.
//! - **Square**: centred on its origin, sides along the direction.
//! - **Burst** ("everything within Close of you"): every cell whose range from the source
//!   token's cells (or from the origin's cell) is within the reach, measured as the map measures
//!   range ([`cell_distance`]: hex steps, the square map's diagonal rule, or straight on
//!   gridless maps) — the same number the range bands read.
//! - **Walls cut an area from its origin** with the sight rule behind cover verdicts: a cell
//!   inside the shape stays in when the line from the origin to its centre, or to one of its
//!   corners, passes no wall, closed door or obstacle (creatures never stop an area). So an area
//!   does not go round a corner, and a cell the origin could see a corner of is hit.
//! - **A token is in when any of its cells is**; the area's own source token never is, and an
//!   area from a token may pick only its allies or its enemies (GFH auras: "Close allies",
//!   "Close enemies").
//!
//! Sizes are cells, or a band's far edge ([`band_limit_cells`]): a GFH Close cone is 6 cells
//! long, an Evening Close sphere has a radius of 5 squares.

use crate::model::{
    AreaSelect, AreaShape, AreaSize, AreaTemplate, Cell, GridKind, GridPoint, Side, SizeCategory,
    TokenId,
};

use super::bands::{band_limit_cells, cell_distance};
use super::footprint::{footprint_cells, footprint_centre};
use super::grid::{cell_corners, cell_in_grid, point_in_grid};
use super::lattice::LatticePoint;
use super::scene::{CrossingCache, LineFilter, Scene};
use super::sightline::LineEnd;

/// Why an area could not be measured.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AreaError {
    #[error("this encounter's rule system has no range band called \"{0}\"")]
    UnknownBand(String),
    #[error("an area's size must be a positive number of cells, not {0}")]
    BadSize(f64),
}

/// The shape with its sizes in lattice steps (bursts keep cells: they measure as range does).
#[derive(Clone, Copy, Debug)]
enum Kind {
    Cone { length: i128 },
    Sphere { radius: i128 },
    Line { length: i128, width: i128 },
    Square { side: i128 },
    Burst { reach_cells: f64 },
}

/// An area resolved against a scene: where it sits on the lattice and how big it is.
#[derive(Clone, Debug)]
pub struct PlacedArea {
    kind: Kind,
    /// The origin in map space, and on the lattice.
    pub origin: GridPoint,
    /// The direction's far point in map space (one size away from the origin).
    pub toward: GridPoint,
    origin_l: LatticePoint,
    inside_l: LatticePoint,
    dir: LatticePoint,
    source: Option<usize>,
    /// A burst's source cells.
    burst_cells: Vec<Cell>,
    select: AreaSelect,
    /// No covered centre lies farther than this from the origin, in cells.
    bound_cells: f64,
}

impl Scene {
    /// Resolves `area` against the board: its source token's position when it follows one,
    /// its sizes from the encounter's bands.
    pub fn place_area(&self, area: &AreaTemplate) -> Result<PlacedArea, AreaError> {
        let size = |s: &AreaSize| self.area_size_cells(s);
        let source = area.source.and_then(|id| self.token_index(id));
        let mut origin = area.origin;
        let mut toward = area.toward;
        if area.follows
            && let Some(i) = source
        {
            let t = &self.tokens[i];
            origin = footprint_centre(self.grid(), t.size, t.anchor);
            toward = GridPoint::new(
                origin.x + area.toward.x - area.origin.x,
                origin.y + area.toward.y - area.origin.y,
            );
            if matches!(area.shape, AreaShape::Cone { .. }) {
                // A following cone keeps its direction and starts again at the edge or corner
                // of the footprint it points out of.
                let apex = cone_apex(self.grid(), t.size, t.anchor, toward);
                toward = GridPoint::new(apex.x + toward.x - origin.x, apex.y + toward.y - origin.y);
                origin = apex;
            }
        }
        let span = self.lattice.cell_span() as f64;
        let steps = |cells: f64| (cells * span).round() as i128;
        let (kind, bound_cells) = match &area.shape {
            AreaShape::Cone { length } => {
                let l = size(length)?;
                (Kind::Cone { length: steps(l) }, l)
            }
            AreaShape::Sphere { radius } => {
                let r = size(radius)?;
                (Kind::Sphere { radius: steps(r) }, r)
            }
            AreaShape::Line { length, width } => {
                let (l, w) = (size(length)?, size(width)?);
                let kind = Kind::Line {
                    length: steps(l),
                    width: steps(w),
                };
                (kind, l.hypot(w / 2.0))
            }
            AreaShape::Square { side } => {
                let s = size(side)?;
                (
                    Kind::Square { side: steps(s) },
                    s * std::f64::consts::FRAC_1_SQRT_2,
                )
            }
            AreaShape::Burst { reach } => {
                let r = size(reach)?;
                // Range is never shorter than the straight distance between centres, and a
                // footprint reaches at most its size from its centre.
                (Kind::Burst { reach_cells: r }, r + 4.0)
            }
        };
        let burst_cells = match (kind, source) {
            (Kind::Burst { .. }, Some(i)) => self.tokens[i].cells.clone(),
            (Kind::Burst { .. }, None) => vec![cell_in_grid(self.grid(), origin)],
            _ => Vec::new(),
        };
        if let (Kind::Burst { .. }, Some(i)) = (kind, source) {
            let t = &self.tokens[i];
            origin = footprint_centre(self.grid(), t.size, t.anchor);
        } else if matches!(kind, Kind::Burst { .. }) {
            origin = point_in_grid(self.grid(), burst_cells[0]);
        }
        let origin_l = self.lattice.lattice_from_grid(origin);
        let mut dir = self.lattice.lattice_from_grid(toward).minus(origin_l);
        if dir == LatticePoint::default() {
            dir = LatticePoint::new(self.lattice.cell_span(), 0);
        }
        // The origin belongs to its source's footprint, so a wall along the token's edge does
        // not hide the token's own side of it.
        let inside_l = source.map_or(origin_l, |i| {
            let t = &self.tokens[i];
            self.lattice
                .lattice_from_grid(footprint_centre(self.grid(), t.size, t.anchor))
        });
        Ok(PlacedArea {
            kind,
            origin,
            toward,
            origin_l,
            inside_l,
            dir,
            source,
            burst_cells,
            select: area.select,
            bound_cells,
        })
    }

    /// A size in cells: a number, or a band's far edge.
    pub fn area_size_cells(&self, size: &AreaSize) -> Result<f64, AreaError> {
        let cells = match size {
            AreaSize::Cells(n) => *n,
            AreaSize::Band(name) => {
                band_limit_cells(self, name).ok_or_else(|| AreaError::UnknownBand(name.clone()))?
            }
        };
        if cells.is_finite() && cells > 0.0 && cells <= crate::model::MAX_AREA_SIZE_CELLS {
            Ok(cells)
        } else {
            Err(AreaError::BadSize(cells))
        }
    }

    /// The map's cells the area covers (see the module docs for the rule), walls included,
    /// row by row. Found line by line ([`Scene::area_runs`]): the cost follows the map's rows.
    pub fn area_cells(&self, area: &PlacedArea) -> Vec<Cell> {
        self.area_runs(area).cells(&self.map).collect()
    }

    /// The map's cells the area covers, tested one by one (what [`Scene::area_cells`] finds
    /// line by line; the property tests hold the two equal).
    pub fn area_cells_one_by_one(&self, area: &PlacedArea) -> Vec<Cell> {
        let mut cache = CrossingCache::default();
        self.candidate_cells(area)
            .into_iter()
            .filter(|c| self.map.contains(*c) && self.cell_in_area(area, *c, &mut cache))
            .collect()
    }

    /// The tokens the area affects: any of their cells is in, the source excluded, filtered by
    /// the area's side selection. In the encounter's order.
    pub fn area_tokens(&self, area: &PlacedArea) -> Vec<TokenId> {
        self.area_tokens_with(area, None)
    }

    /// [`Scene::area_tokens`], reading a token's cells on the map from `runs` (the area's
    /// cells, found already) rather than testing them again.
    pub fn area_tokens_with(
        &self,
        area: &PlacedArea,
        runs: Option<&super::area_cells::CellRuns>,
    ) -> Vec<TokenId> {
        let mut cache = CrossingCache::default();
        let source_side = area.source.map(|i| self.tokens[i].side);
        let reach = area.bound_cells + 3.0;
        self.tokens
            .iter()
            .enumerate()
            .filter(|(i, t)| {
                if Some(*i) == area.source || !selects(area.select, source_side, t.side) {
                    return false;
                }
                let c = point_in_grid(self.grid(), t.anchor);
                if (c.x - area.origin.x).hypot(c.y - area.origin.y) > reach {
                    return false;
                }
                t.cells.iter().any(|cell| match runs {
                    Some(runs) if self.map.contains(*cell) => runs.contains(&self.map, *cell),
                    _ => self.cell_in_area(area, *cell, &mut cache),
                })
            })
            .map(|(_, t)| t.id)
            .collect()
    }

    /// Whether the shape covers the cell's centre and the origin reaches it past the walls.
    fn cell_in_area(&self, area: &PlacedArea, cell: Cell, cache: &mut CrossingCache) -> bool {
        self.shape_covers(area, cell) && self.reaches(area, cell, cache)
    }

    pub(crate) fn shape_covers(&self, area: &PlacedArea, cell: Cell) -> bool {
        if let Kind::Burst { reach_cells } = area.kind {
            return area.burst_cells.iter().any(|s| {
                cell_distance(self.grid(), self.diagonal(), *s, cell) <= reach_cells + 1e-9
            });
        }
        let v = self.lattice.centre(cell).minus(area.origin_l);
        covers(self.grid(), area.kind, v, area.dir)
    }

    /// The sight rule of cover verdicts, walls, closed doors and obstacles only: some line from
    /// the origin to the cell's centre or one of its corners is clear.
    pub(crate) fn reaches(&self, area: &PlacedArea, cell: Cell, cache: &mut CrossingCache) -> bool {
        self.reaches_by(area, cell, u8::MAX, None, cache)
    }

    /// [`Scene::reaches`] through only some of the cell's points: bit 0 of `points` is its
    /// centre, bit `i + 1` its corner `i` (a caller that knows the other points are blocked),
    /// with the segments each line may meet from `rays` when given (`area_walls.rs`).
    pub(crate) fn reaches_by(
        &self,
        area: &PlacedArea,
        cell: Cell,
        points: u8,
        rays: Option<&super::area_walls::Rays>,
        cache: &mut CrossingCache,
    ) -> bool {
        let own: &[Cell] = area.source.map_or(&[], |i| &self.tokens[i].cells);
        let target = [cell];
        let filter = LineFilter {
            own_cells: own,
            own_cells_2: &target,
            hostile: &[],
            extra: &[],
            inner_edges: self.inner_edges(own, &target),
        };
        let start = LineEnd {
            point: area.origin_l,
            inside: area.inside_l,
        };
        let centre = self.lattice.centre(cell);
        let ends = std::iter::once(centre)
            .chain((0..self.lattice.corner_count()).map(|i| self.lattice.corner(cell, i)))
            .enumerate()
            .filter(|(i, _)| points & (1 << i) != 0)
            .map(|(_, point)| point);
        for point in ends {
            if point == area.origin_l {
                return true;
            }
            let end = LineEnd {
                point,
                inside: centre,
            };
            let verdict = match rays {
                Some(rays) => self.trace_among(start, end, &filter, false, cache, |visit| {
                    rays.visit_toward(point, visit)
                }),
                None => self.trace(start, end, &filter, false, cache),
            };
            if verdict.is_none() {
                return true;
            }
        }
        false
    }

    /// Every cell whose centre may lie within the area's bound.
    fn candidate_cells(&self, area: &PlacedArea) -> Vec<Cell> {
        let centre = cell_in_grid(self.grid(), area.origin);
        // A hex k steps away is at least k·√3/2 away.
        let stretch = if self.grid().is_hex() { 1.16 } else { 1.0 };
        let n = (area.bound_cells * stretch).ceil() as i32 + 2;
        let hex = self.grid().is_hex();
        let near = |dx: i32, dy: i32| !(hex && (dx + dy).abs() > n);
        // An area larger than the map looks only at the map's own cells, so its cost is
        // bounded by the map, never by the size typed in.
        let window = (2 * i64::from(n) + 1).pow(2);
        let map_cells = i64::from(self.map.width_cells) * i64::from(self.map.height_cells);
        if window > map_cells {
            let (w, h) = (self.map.width_cells as i32, self.map.height_cells as i32);
            return (0..h)
                .flat_map(|row| (0..w).map(move |col| (col, row)))
                .map(|(col, row)| self.map.cell_at_offset(col, row))
                .filter(|c| {
                    let (dx, dy) = (c.x - centre.x, c.y - centre.y);
                    dx.abs() <= n && dy.abs() <= n && near(dx, dy)
                })
                .collect();
        }
        let mut out = Vec::new();
        for dy in -n..=n {
            for dx in -n..=n {
                if near(dx, dy) {
                    out.push(Cell::new(centre.x + dx, centre.y + dy));
                }
            }
        }
        out
    }
}

/// Whether `token_side` is picked by `select`, judged from the source's side.
fn selects(select: AreaSelect, source: Option<Side>, token_side: Side) -> bool {
    let Some(source) = source else {
        return true;
    };
    let friendly = |s: Side| matches!(s, Side::Party | Side::Ally);
    match select {
        AreaSelect::Everyone => true,
        AreaSelect::Enemies => source.is_hostile_to(token_side),
        AreaSelect::Allies => source == token_side || (friendly(source) && friendly(token_side)),
    }
}

/// Four times the Euclidean dot product of two lattice vectors, in squared lattice steps.
/// On hex maps the lattice is axial, where `|(q, r)|² = q² + r² + qr`.
fn dot4(grid: GridKind, a: LatticePoint, b: LatticePoint) -> i128 {
    let (ax, ay, bx, by) = (
        i128::from(a.x),
        i128::from(a.y),
        i128::from(b.x),
        i128::from(b.y),
    );
    if grid.is_hex() {
        4 * ax * bx + 4 * ay * by + 2 * ax * by + 2 * ay * bx
    } else {
        4 * (ax * bx + ay * by)
    }
}

/// Sixteen times the squared Euclidean cross product (on hex maps the axial cross product
/// is `2/√3` times the Euclidean one, so its square is scaled by 12 instead of 16).
fn cross16_sq(grid: GridKind, a: LatticePoint, b: LatticePoint) -> i128 {
    let c = i128::from(a.x) * i128::from(b.y) - i128::from(a.y) * i128::from(b.x);
    if grid.is_hex() {
        12 * c * c
    } else {
        16 * c * c
    }
}

/// Whether the vector `v` from the origin lies in the shape pointing along `d`, exactly.
///
/// With `D = 4·(v·d)`, `C = 16·(v×d)²`, `N = 4·|d|²` and `V = 4·|v|²` (all integers) and sizes
/// in lattice steps, squaring both sides of each Euclidean test gives:
/// - sphere `|v| ≤ R` ⇔ `V ≤ 4R²`;
/// - cone `|v| ≤ L`, `v·d ≥ 0`, `|v×d| ≤ ½·v·d` ⇔ `V ≤ 4L²`, `D ≥ 0`, `4C ≤ D²`;
/// - line `0 ≤ v·d ≤ L·|d|`, `|v×d| ≤ ½W·|d|` ⇔ `D ≥ 0`, `D² ≤ 4L²N`, `C ≤ W²N`;
/// - square `|v·d| ≤ ½S·|d|`, `|v×d| ≤ ½S·|d|` ⇔ `D² ≤ S²N`, `C ≤ S²N`.
fn covers(grid: GridKind, kind: Kind, v: LatticePoint, d: LatticePoint) -> bool {
    let vv = dot4(grid, v, v);
    let vd = dot4(grid, v, d);
    let cross = cross16_sq(grid, v, d);
    let dd = dot4(grid, d, d);
    match kind {
        Kind::Sphere { radius } => vv <= 4 * radius * radius,
        Kind::Cone { length } => vv <= 4 * length * length && vd >= 0 && 4 * cross <= vd * vd,
        Kind::Line { length, width } => {
            vd >= 0 && vd * vd <= 4 * length * length * dd && cross <= width * width * dd
        }
        Kind::Square { side } => vd * vd <= side * side * dd && cross <= side * side * dd,
        Kind::Burst { .. } => false,
    }
}

impl PlacedArea {
    /// The origin on the lattice.
    pub(crate) fn origin_l(&self) -> LatticePoint {
        self.origin_l
    }

    /// No covered centre lies farther than this from the origin, in cells.
    pub(crate) fn bound_cells(&self) -> f64 {
        self.bound_cells
    }

    /// The shape in map space for estimating where it crosses a line of cell centres
    /// (`area_cells.rs`): its outline, origin, unit direction, and how far from the origin a
    /// covered centre may lie.
    #[expect(
        clippy::many_single_char_names,
        reason = "the geometry's own letters: origin, direction, normal"
    )]
    pub(crate) fn estimate_shape(
        &self,
        scene: &Scene,
    ) -> (super::area_cells::Outline, GridPoint, (f64, f64), f64) {
        use super::area_cells::Outline;
        // Sizes a hair larger than they are: the estimate only proposes cells, each tested
        // exactly, so it errs towards too many.
        let cells = |steps: i128| steps as f64 / scene.lattice.cell_span() as f64 + 1e-6;
        let o = self.origin;
        let d = scene.lattice.grid_from_lattice(LatticePoint::new(
            self.origin_l.x + self.dir.x,
            self.origin_l.y + self.dir.y,
        ));
        let (x, y) = (d.x - o.x, d.y - o.y);
        let len = x.hypot(y).max(1e-12);
        let u = (x / len, y / len);
        let shape = match self.kind {
            Kind::Sphere { radius } => Outline::Sphere {
                radius: cells(radius),
            },
            Kind::Cone { length } => Outline::Cone {
                length: cells(length),
            },
            Kind::Line { length, width } => Outline::Line {
                length: cells(length),
                width: cells(width),
            },
            Kind::Square { side } => Outline::Square { side: cells(side) },
            Kind::Burst { .. } => Outline::Burst,
        };
        (shape, o, u, self.bound_cells)
    }

    /// The shape's outline in map space for drawing (empty for a burst, which is drawn by its
    /// cells).
    pub fn outline(&self, scene: &Scene) -> Vec<GridPoint> {
        let span = scene.lattice.cell_span() as f64;
        let o = self.origin;
        let d = scene.lattice.grid_from_lattice(LatticePoint::new(
            self.origin_l.x + self.dir.x,
            self.origin_l.y + self.dir.y,
        ));
        let (ux, uy) = {
            let (x, y) = (d.x - o.x, d.y - o.y);
            let len = x.hypot(y).max(1e-12);
            (x / len, y / len)
        };
        let at = |along: f64, across: f64| {
            GridPoint::new(
                o.x + ux * along - uy * across,
                o.y + uy * along + ux * across,
            )
        };
        match self.kind {
            Kind::Sphere { radius } => {
                let r = radius as f64 / span;
                (0..64)
                    .map(|i| {
                        let a = f64::from(i) * std::f64::consts::TAU / 64.0;
                        GridPoint::new(o.x + r * a.cos(), o.y + r * a.sin())
                    })
                    .collect()
            }
            Kind::Cone { length } => {
                let l = length as f64 / span;
                let half = 0.5_f64.atan();
                std::iter::once(o)
                    .chain((0..=16).map(|i| {
                        let a = -half + 2.0 * half * f64::from(i) / 16.0;
                        at(l * a.cos(), l * a.sin())
                    }))
                    .collect()
            }
            Kind::Line { length, width } => {
                let (l, w) = (length as f64 / span, width as f64 / span / 2.0);
                vec![at(0.0, -w), at(l, -w), at(l, w), at(0.0, w)]
            }
            Kind::Square { side } => {
                let s = side as f64 / span / 2.0;
                vec![at(-s, -s), at(s, -s), at(s, s), at(-s, s)]
            }
            Kind::Burst { .. } => Vec::new(),
        }
    }

    /// Whether the shape is a burst (drawn by its cells).
    pub fn is_burst(&self) -> bool {
        matches!(self.kind, Kind::Burst { .. })
    }
}

/// Where a cone from a token starts: on the outline of the token's footprint, at the corner or
/// edge midpoint whose direction from the footprint's centre is nearest the aim.
///
/// The texts give cones from a creature without saying where on it they start (GFH, Gambits:
/// a "Close cone"; Evening, Threats: attacks that become cones). A cone drawn from a token's
/// centre would begin inside the token and reach half a token less far than the table counts
/// from its edge, so Lantern reads "from the creature" as "from its edge", the way a table lays
/// a template against the miniature's base, and snaps the apex to a point a template can sit
/// on:
/// - **Square and gridless maps**: the footprint is a square of N cells a side; the apex is one
///   of its 4 corners or 4 side midpoints, so the aim is snapped to the nearest of 8
///   directions 45° apart (a Medium token's east edge midpoint, or its south-east corner).
/// - **Hex maps**: the footprint's outline is made of hex edges; the apex is one of the
///   outline's corners or the midpoint of one of its edges (a single hex: 6 corners and 6 edge
///   midpoints, 30° apart; a Large triangle of 3 hexes: 12 of each around it).
///
/// On an exact tie the corner listed first wins (corners come before midpoints). With no aim
/// (`toward` at the centre) the apex is the centre.
#[must_use]
pub fn cone_apex(grid: GridKind, size: SizeCategory, anchor: Cell, toward: GridPoint) -> GridPoint {
    let centre = footprint_centre(grid, size, anchor);
    let aim = (toward.x - centre.x, toward.y - centre.y);
    if aim.0.hypot(aim.1) < 1e-9 {
        return centre;
    }
    let turn = |p: &GridPoint| {
        let v = (p.x - centre.x, p.y - centre.y);
        let cross = aim.0 * v.1 - aim.1 * v.0;
        let dot = aim.0 * v.0 + aim.1 * v.1;
        cross.atan2(dot).abs()
    };
    outline_points(grid, size, anchor)
        .into_iter()
        .filter(|p| (p.x - centre.x).hypot(p.y - centre.y) > 1e-9)
        .fold(None::<(GridPoint, f64)>, |best, p| {
            let a = turn(&p);
            match best {
                Some((_, b)) if b <= a + 1e-9 => best,
                _ => Some((p, a)),
            }
        })
        .map_or(centre, |(p, _)| p)
}

/// The corners, then the edge midpoints, of a footprint's outline (see [`cone_apex`]).
fn outline_points(grid: GridKind, size: SizeCategory, anchor: Cell) -> Vec<GridPoint> {
    let cells = footprint_cells(grid, size, anchor);
    if !grid.is_hex() {
        let x0 = f64::from(cells.iter().map(|c| c.x).min().unwrap_or(anchor.x));
        let y0 = f64::from(cells.iter().map(|c| c.y).min().unwrap_or(anchor.y));
        let x1 = f64::from(cells.iter().map(|c| c.x).max().unwrap_or(anchor.x)) + 1.0;
        let y1 = f64::from(cells.iter().map(|c| c.y).max().unwrap_or(anchor.y)) + 1.0;
        let (mx, my) = (f64::midpoint(x0, x1), f64::midpoint(y0, y1));
        return [
            (x0, y0),
            (x1, y0),
            (x1, y1),
            (x0, y1),
            (mx, y0),
            (x1, my),
            (mx, y1),
            (x0, my),
        ]
        .into_iter()
        .map(|(x, y)| GridPoint::new(x, y))
        .collect();
    }
    let mut corners: Vec<GridPoint> = Vec::new();
    let mut mids = Vec::new();
    for cell in &cells {
        let c = point_in_grid(grid, *cell);
        let k = cell_corners(grid, *cell);
        for i in 0..k.len() {
            let (a, b) = (k[i], k[(i + 1) % k.len()]);
            let mid = GridPoint::new(f64::midpoint(a.x, b.x), f64::midpoint(a.y, b.y));
            // The hex across this edge: an edge shared with the footprint is inside it.
            let across = cell_in_grid(grid, GridPoint::new(2.0 * mid.x - c.x, 2.0 * mid.y - c.y));
            if cells.contains(&across) {
                continue;
            }
            mids.push(mid);
            for p in [a, b] {
                if !corners.iter().any(|q| (q.x - p.x).hypot(q.y - p.y) < 1e-6) {
                    corners.push(p);
                }
            }
        }
    }
    corners.extend(mids);
    corners
}
