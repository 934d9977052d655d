//! The board as the geometry queries see it: snapped blockers, spatial indexes, token footprints.
//!
//! Build a [`Scene`] once per encounter change; every query (verdicts, distances, sight, reach)
//! then reads it without touching the encounter again.

use serde::Serialize;

use crate::model::{
    Cell, CustomBand, DiagonalRule, Encounter, GridKind, MapSpec, RuleSystem, Side, SizeCategory,
    TokenId, WallId, WallKind,
};

use super::cell_set::CellSet;
use super::footprint::footprint_cells;
use super::index::{BucketIndex, Segment};
use super::lattice::{Lattice, LatticePoint};
use super::sightline::{LineEnd, LineTrace, crosses_properly};
use super::solid::Solid;
use super::sweep::crossing_pairs;

/// What stopped a sight line or a step, for the map to highlight and the tooltip to name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Blocker {
    Wall {
        id: WallId,
    },
    Door {
        id: WallId,
    },
    Window {
        id: WallId,
    },
    Obstacle {
        cell: Cell,
    },
    ObstaclePolygon {
        index: usize,
    },
    /// A creature hostile to the viewer: gives cover, never removes line of sight by itself.
    Token {
        id: TokenId,
    },
}

impl Blocker {
    /// A short name for tooltips.
    pub fn label(self) -> String {
        match self {
            Self::Wall { .. } => "a wall".to_owned(),
            Self::Door { .. } => "a closed door".to_owned(),
            Self::Window { .. } => "a window".to_owned(),
            Self::Obstacle { cell } => format!("the obstacle at {cell}"),
            Self::ObstaclePolygon { .. } => "an obstacle".to_owned(),
            Self::Token { .. } => "a hostile creature".to_owned(),
        }
    }
}

/// Where a blocker segment came from, so queries can skip the viewer's and target's own cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Source {
    pub blocker: Blocker,
    pub cell: Option<Cell>,
    /// Index into [`Scene::tokens`] for token outlines.
    pub token: Option<usize>,
}

/// A token as the geometry sees it.
#[derive(Clone, Debug)]
pub struct SceneToken {
    pub id: TokenId,
    pub name: String,
    /// Decides who is hostile to whom (hostiles give cover and block movement).
    pub side: Side,
    pub size: SizeCategory,
    /// The anchor cell of the footprint.
    pub anchor: Cell,
    /// Every cell of the footprint.
    pub cells: Vec<Cell>,
    pub speed_cells: u32,
}

/// The board, prepared for fast geometry queries. See the module docs.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The exact lattice the predicates run on.
    pub lattice: Lattice,
    /// The rule system whose bands and cover grades apply.
    pub system: RuleSystem,
    pub map: MapSpec,
    /// The GM's bands (Post core rules, 3d6 core mechanics).
    pub custom_bands: Vec<CustomBand>,
    /// Tokens in the encounter's order.
    pub tokens: Vec<SceneToken>,
    /// Obstacle cells: block sight and cannot be entered.
    pub obstacles: CellSet,
    /// Difficult cells: cost double to enter.
    pub difficult: CellSet,
    /// What each blocker segment belongs to, by source id below [`OBSTACLE_SOURCES`].
    pub(crate) sources: Vec<Source>,
    /// The obstacle cells in order: source id `OBSTACLE_SOURCES + i` is the `i`th.
    obstacle_list: Vec<Cell>,
    /// Sight-blocking walls, doors and the outline of the obstacle cells: the edges between an
    /// obstacle cell and open ground (see [`Scene::inner_edges`] for the rest).
    pub(crate) sight: BucketIndex,
    /// The corners of the box holding every segment of `sight`.
    sight_extent: Option<(LatticePoint, LatticePoint)>,
    /// The pairs of `sight` segments (by id) that cross, for the sight polygon's sweep.
    pub(crate) sight_crossings: Vec<(u32, u32)>,
    /// Obstacle polygons, solid inside.
    pub(crate) solids: Vec<Solid>,
    /// Outlines of every token's cells (used only for tokens hostile to the viewer).
    pub(crate) token_outlines: BucketIndex,
    /// Walls, windows and closed doors: what stops a step (obstacle polygons are in `solids`).
    pub(crate) movement: BucketIndex,
    /// How many of `sources` belong to the terrain (the tokens' follow).
    terrain_sources: usize,
}

impl Scene {
    /// Snaps and indexes everything in `encounter`.
    pub fn new(encounter: &Encounter) -> Self {
        Self::build(encounter, false)
    }

    /// [`Scene::new`] with every edge of every obstacle cell in the index, as scenes were built
    /// before only the outline was: what the outline must answer exactly like.
    #[cfg(test)]
    pub(crate) fn with_every_obstacle_edge(encounter: &Encounter) -> Self {
        Self::build(encounter, true)
    }

    fn build(encounter: &Encounter, every_obstacle_edge: bool) -> Self {
        let lattice = Lattice::new(encounter.map.grid);
        let obstacles = CellSet::new(encounter.obstacle_cells.iter());
        let obstacle_list: Vec<Cell> = encounter.obstacle_cells.iter().copied().collect();
        let mut blockers = Blockers {
            every_obstacle_edge,
            ..Blockers::default()
        };
        blockers.add_terrain(lattice, encounter, (&obstacles, &obstacle_list));
        let Blockers {
            sources,
            sight,
            movement,
            solids,
            ..
        } = blockers;
        let bucket = 4 * lattice.cell_span();
        let area = map_area(lattice, &encounter.map);
        let sight_extent = extent(&sight);
        let sight = BucketIndex::new(sight, bucket, area);
        let sight_crossings = sight_crossings(&sight);
        let mut scene = Self {
            lattice,
            system: encounter.system,
            map: encounter.map.clone(),
            custom_bands: encounter.custom_bands.clone(),
            tokens: Vec::new(),
            obstacles,
            difficult: CellSet::new(encounter.difficult_cells.iter()),
            terrain_sources: sources.len(),
            sources,
            obstacle_list,
            sight,
            sight_extent,
            sight_crossings,
            solids,
            token_outlines: BucketIndex::default(),
            // Lanes ask about two cells at a time: finer buckets hand them fewer candidates.
            movement: BucketIndex::new(movement, 2 * lattice.cell_span(), area),
        };
        scene.retoken(encounter);
        scene
    }

    /// Puts `encounter`'s tokens in the scene, keeping its terrain: when only tokens changed
    /// (a move), this gives the scene [`Scene::new`] would, without indexing and splitting every
    /// wall again.
    pub fn retoken(&mut self, encounter: &Encounter) {
        let grid = encounter.map.grid;
        self.tokens = encounter
            .tokens
            .iter()
            .map(|t| SceneToken {
                id: t.id,
                name: t.name.clone(),
                side: t.side,
                size: t.size,
                anchor: t.cell,
                cells: footprint_cells(grid, t.size, t.cell),
                speed_cells: t.speed_cells,
            })
            .collect();
        self.sources.truncate(self.terrain_sources);
        let mut outlines = Vec::new();
        for (i, t) in self.tokens.iter().enumerate() {
            let blocker = Blocker::Token { id: t.id };
            let source = push_source(&mut self.sources, blocker, None, Some(i));
            for &cell in &t.cells {
                outlines.extend(cell_outline(self.lattice, cell, source));
            }
        }
        let area = map_area(self.lattice, &self.map);
        self.token_outlines = BucketIndex::new(outlines, 4 * self.lattice.cell_span(), area);
    }

    /// The grid kind of the map.
    pub fn grid(&self) -> GridKind {
        self.map.grid
    }

    /// The diagonal rule for square maps.
    pub fn diagonal(&self) -> DiagonalRule {
        self.map.diagonal
    }

    /// The index of a token in [`Self::tokens`].
    pub fn token_index(&self, id: TokenId) -> Option<usize> {
        self.tokens.iter().position(|t| t.id == id)
    }

    /// What blocks one sight line, or `None` when it is clear.
    ///
    /// `filter` says whose cells never block and which tokens count as hostile; with `soft`
    /// false only walls, closed doors and obstacles are considered.
    pub(crate) fn trace(
        &self,
        p: LineEnd,
        q: LineEnd,
        filter: &LineFilter,
        soft: bool,
        cache: &mut CrossingCache,
    ) -> Option<Blocker> {
        self.trace_among(p, q, filter, soft, cache, |visit| {
            self.sight.visit_along(p.point, q.point, visit)
        })
    }

    /// [`Scene::trace`] with the sight segments that may meet the line handed out by
    /// `segments` (which calls its visitor on each until it answers `true`, and answers
    /// whether it did) instead of the scene's index: every segment meeting the line must be
    /// among them.
    pub(crate) fn trace_among(
        &self,
        p: LineEnd,
        q: LineEnd,
        filter: &LineFilter,
        soft: bool,
        cache: &mut CrossingCache,
        segments: impl FnOnce(&mut dyn FnMut(&Segment) -> bool) -> bool,
    ) -> Option<Blocker> {
        if !soft && let Some(s) = cache.find(p.point, q.point) {
            return Some(self.source(s.source).blocker);
        }
        let mut trace = LineTrace::new(p, q);
        let mut blocked = segments(&mut |s: &Segment| {
            !filter.skips_cell(self.source(s.source).cell) && trace.add(s)
        });
        if !blocked {
            blocked = filter.inner_edges.iter().any(|s| trace.add(s));
        }
        if !blocked && soft {
            let blocked = self.token_outlines.visit_along(p.point, q.point, |s| {
                filter.counts_token(self.source(s.source).token) && trace.add(s)
            });
            if !blocked {
                for s in filter.extra {
                    if trace.add(s) {
                        break;
                    }
                }
            }
        }
        if !blocked
            && !soft
            && let Some(solid) = self.solid_across(p.point, q.point)
        {
            return Some(self.source(solid.source).blocker);
        }
        // Only walls are remembered: an obstacle cell may be one of the next pair's own cells.
        if !soft
            && let Some(s) = trace.crossing()
            && self.source(s.source).cell.is_none()
        {
            cache.remember(s);
        }
        trace.blocker().map(|i| self.source(i).blocker)
    }

    /// What the blocker segment with source id `id` belongs to.
    pub(crate) fn source(&self, id: u32) -> Source {
        match id.checked_sub(OBSTACLE_SOURCES) {
            Some(i) => {
                let cell = self.obstacle_list[i as usize];
                Source {
                    blocker: Blocker::Obstacle { cell },
                    cell: Some(cell),
                    token: None,
                }
            }
            None => self.sources[id as usize],
        }
    }

    /// The edges of the obstacle cells among `cells` that face another obstacle cell not in
    /// `cells`, with that cell as their source.
    ///
    /// The index holds only the obstacle cells' outline against open ground: a line reaching an
    /// edge between two obstacle cells has crossed the outline first, so such an edge decides
    /// nothing — except for a line that starts or ends on an obstacle cell (a token standing on
    /// one, whose own cells never block it). It then leaves its cell through such an edge, and
    /// the cell beyond stops it as before. Sight polygons from a point on an obstacle cell take
    /// these edges of the cells around that point for the same reason.
    pub(crate) fn inner_edges(&self, cells: &[Cell], also: &[Cell]) -> Vec<Segment> {
        let mine = |c: &Cell| cells.contains(c) || also.contains(c);
        let own = cells.iter().chain(also).copied();
        self.obstacle_edges(own, |across| !mine(across))
    }

    /// Every edge between two obstacle cells of `cells` and an obstacle cell beside it.
    pub(crate) fn edges_between_obstacles(&self, cells: &[Cell]) -> Vec<Segment> {
        self.obstacle_edges(cells.iter().copied(), |_| true)
    }

    /// The edges of the obstacle cells among `cells` with an obstacle cell across that `keep`
    /// accepts, each with the cell across as its source.
    fn obstacle_edges(
        &self,
        cells: impl Iterator<Item = Cell>,
        keep: impl Fn(&Cell) -> bool,
    ) -> Vec<Segment> {
        let mut out = Vec::new();
        if self.obstacles.is_empty() {
            return out;
        }
        for cell in cells.filter(|c| self.obstacles.contains(c)) {
            for k in 0..self.lattice.corner_count() {
                let across = self.lattice.neighbour_across(cell, k);
                if !keep(&across) || !self.obstacles.contains(&across) {
                    continue;
                }
                let Ok(i) = self.obstacle_list.binary_search(&across) else {
                    continue;
                };
                out.push(Segment::new(
                    self.lattice.corner(cell, k),
                    self.lattice.corner(cell, k + 1),
                    OBSTACLE_SOURCES + i as u32,
                ));
            }
        }
        out
    }

    /// How many sight-blocking segments the scene indexes (walls, closed doors, the obstacles'
    /// outlines): what a sight sweep's cost follows.
    pub fn sight_segment_count(&self) -> usize {
        self.sight.segments.len()
    }

    /// The box holding every sight-blocking segment, if there is one.
    pub(crate) fn sight_extent(&self) -> Option<(LatticePoint, LatticePoint)> {
        self.sight_extent
    }

    /// Whether the sight segment with source id `source` is an edge of an obstacle cell: such
    /// edges tile the plane and never cross each other.
    pub(crate) fn is_cell_edge(source: u32) -> bool {
        source >= OBSTACLE_SOURCES
    }
}

/// Source ids from here up name obstacle cells: a map may mark millions of cells, which need no
/// record each.
const OBSTACLE_SOURCES: u32 = 1 << 31;

/// The box holding every one of `segments`.
fn extent(segments: &[Segment]) -> Option<(LatticePoint, LatticePoint)> {
    let mut points = segments.iter().flat_map(|s| [s.a(), s.b()]);
    let first = points.next()?;
    Some(points.fold((first, first), |(lo, hi), p| {
        (
            LatticePoint::new(lo.x.min(p.x), lo.y.min(p.y)),
            LatticePoint::new(hi.x.max(p.x), hi.y.max(p.y)),
        )
    }))
}

impl Scene {
    /// The first obstacle polygon whose inside the open segment `p → q` passes through.
    pub(crate) fn solid_across(&self, p: LatticePoint, q: LatticePoint) -> Option<&Solid> {
        self.solids.iter().find(|s| s.blocks_line(p, q))
    }

    /// Whether a lattice point lies strictly inside an obstacle polygon.
    pub(crate) fn inside_solid(&self, p: LatticePoint) -> bool {
        self.solids.iter().any(|s| s.contains(p))
    }
}

/// The map's extent on the lattice with a cell or two to spare: what the spatial indexes cover,
/// so their size follows the map and never a far-off token or wall.
fn map_area(lattice: Lattice, map: &MapSpec) -> (LatticePoint, LatticePoint) {
    // Hex maps in offset layout reach at most 1.5 cell lengths per column or row plus a hex.
    let extent = |cells: u32| 1.5 * f64::from(cells) + 2.0;
    let (w, h) = (extent(map.width_cells), extent(map.height_cells));
    let corners = [(-2.0, -2.0), (w, -2.0), (-2.0, h), (w, h)]
        .map(|(x, y)| lattice.lattice_from_grid(crate::model::GridPoint::new(x, y)));
    let lo = LatticePoint::new(
        corners.iter().map(|p| p.x).min().unwrap_or(0),
        corners.iter().map(|p| p.y).min().unwrap_or(0),
    );
    let hi = LatticePoint::new(
        corners.iter().map(|p| p.x).max().unwrap_or(0),
        corners.iter().map(|p| p.y).max().unwrap_or(0),
    );
    (lo, hi)
}

/// The pairs of sight segments that cross, for the sweep (see [`super::sweep`]).
fn sight_crossings(sight: &BucketIndex) -> Vec<(u32, u32)> {
    let ends = |i: usize| (sight.segments[i].a(), sight.segments[i].b());
    let cell_edge = |i: usize| Scene::is_cell_edge(sight.segments[i].source);
    crossing_pairs(sight.segments.len(), ends, cell_edge, |i, out| {
        let (a, b) = ends(i);
        sight.visit_box_ids(
            LatticePoint::new(a.x.min(b.x), a.y.min(b.y)),
            LatticePoint::new(a.x.max(b.x), a.y.max(b.y)),
            out,
        );
    })
}

/// The last few segments that crossed a line of the same pair. Lines between two tokens are
/// nearly parallel, so the wall that cut one usually cuts the next: testing it first spares a
/// walk through the index.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CrossingCache {
    /// The most recently useful first, roughly: a hit swaps to the front, and a new segment
    /// takes the next slot of a ring (moving eight segments about on every line cost more than
    /// the order saved).
    recent: [Option<Segment>; 8],
    next: usize,
}

impl CrossingCache {
    fn find(&mut self, p: LatticePoint, q: LatticePoint) -> Option<Segment> {
        let i = self
            .recent
            .iter()
            .position(|s| s.is_some_and(|s| crosses_properly(p, q, &s)))?;
        self.recent.swap(0, i);
        self.recent[0]
    }

    fn remember(&mut self, s: Segment) {
        self.recent[self.next] = Some(s);
        self.next = (self.next + 1) % self.recent.len();
    }
}

/// Blocker segments gathered while building a scene.
#[derive(Default)]
struct Blockers {
    /// Index every edge of the obstacle cells, not only their outline (tests compare the two).
    every_obstacle_edge: bool,
    sources: Vec<Source>,
    sight: Vec<Segment>,
    movement: Vec<Segment>,
    solids: Vec<Solid>,
}

impl Blockers {
    /// Walls, doors, windows, obstacle cells (`obstacles` as a set and in order, their outline
    /// against open ground) and obstacle polygons, snapped to the lattice.
    fn add_terrain(
        &mut self,
        lattice: Lattice,
        encounter: &Encounter,
        (obstacles, cells): (&CellSet, &[Cell]),
    ) {
        for wall in &encounter.walls {
            let (a, b) = (
                lattice.lattice_from_grid(wall.a),
                lattice.lattice_from_grid(wall.b),
            );
            if a == b {
                continue;
            }
            let blocker = match wall.kind {
                WallKind::Wall => Blocker::Wall { id: wall.id },
                WallKind::Door { .. } => Blocker::Door { id: wall.id },
                WallKind::Window => Blocker::Window { id: wall.id },
            };
            let source = push_source(&mut self.sources, blocker, None, None);
            if wall.kind.blocks_sight() {
                self.sight.push(Segment::new(a, b, source));
            }
            if wall.kind.blocks_movement() {
                self.movement.push(Segment::new(a, b, source));
            }
        }
        self.add_obstacle_outline(lattice, obstacles, cells);
        for (index, polygon) in encounter.obstacle_polygons.iter().enumerate() {
            let source = push_source(
                &mut self.sources,
                Blocker::ObstaclePolygon { index },
                None,
                None,
            );
            let points: Vec<LatticePoint> = polygon
                .points
                .iter()
                .map(|p| lattice.lattice_from_grid(*p))
                .collect();
            for (i, &a) in points.iter().enumerate() {
                let b = points[(i + 1) % points.len()];
                if a != b {
                    self.sight.push(Segment::new(a, b, source));
                }
            }
            self.solids.extend(Solid::new(points, source));
        }
    }

    /// The obstacle cells' edges against open ground (every edge with `every_obstacle_edge`),
    /// cell by cell in `cells`' order, each with its cell's source.
    fn add_obstacle_outline(&mut self, lattice: Lattice, obstacles: &CellSet, cells: &[Cell]) {
        // Solid rock a map wide is millions of cells but an outline of thousands of edges.
        let every_edge = self.every_obstacle_edge;
        let open = |cell: Cell, k: usize| {
            every_edge || !obstacles.contains(&lattice.neighbour_across(cell, k))
        };
        // Each cell's open sides (a bit a side), counted first: a growing list of millions of
        // edges would for a moment hold its old and new buffers both. Counting and filling are
        // split between cores for a large map (two million cells: about half of 0.26 s).
        let parts = if cells.len() < PARALLEL_OUTLINE_FROM {
            1
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
        };
        let part_len = cells.len().div_ceil(parts).max(1);
        let open_sides = |part: &[Cell]| -> Vec<u8> {
            part.iter()
                .map(|&c| {
                    (0..lattice.corner_count())
                        .filter(|&k| open(c, k))
                        .fold(0_u8, |bits, k| bits | 1 << k)
                })
                .collect()
        };
        let sides: Vec<Vec<u8>> =
            super::cores::on_cores(cells.chunks(part_len).collect(), &open_sides);
        let counts: Vec<usize> = sides
            .iter()
            .map(|part| part.iter().map(|b| b.count_ones() as usize).sum())
            .collect();
        let first = self.sight.len();
        let placeholder = Segment::new(LatticePoint::default(), LatticePoint::default(), 0);
        self.sight
            .resize(first + counts.iter().sum::<usize>(), placeholder);
        // Each part's edges go to their own stretch of the list, in cell order.
        let mut stretches = Vec::with_capacity(counts.len());
        let mut rest = &mut self.sight[first..];
        for &count in &counts {
            let (stretch, tail) = rest.split_at_mut(count);
            stretches.push(stretch);
            rest = tail;
        }
        let jobs: Vec<_> = stretches
            .into_iter()
            .zip(&sides)
            .enumerate()
            .map(|(p, (stretch, sides))| (p * part_len, stretch, sides.as_slice()))
            .collect();
        super::cores::on_cores(jobs, &|(start, stretch, sides): (
            usize,
            &mut [Segment],
            &[u8],
        )| {
            let outlines =
                cells[start..]
                    .iter()
                    .zip(sides)
                    .enumerate()
                    .flat_map(|(i, (&cell, &open))| {
                        let source = OBSTACLE_SOURCES + (start + i) as u32;
                        cell_outline(lattice, cell, source)
                            .enumerate()
                            .filter(move |(k, _)| open & 1 << k != 0)
                            .map(|(_, s)| s)
                    });
            for (slot, segment) in stretch.iter_mut().zip(outlines) {
                *slot = segment;
            }
        });
    }
}

/// Obstacle cells from which their outline is worked out on more than one core.
const PARALLEL_OUTLINE_FROM: usize = 100_000;

/// Who may block a sight line between a viewer and a target.
pub(crate) struct LineFilter<'a> {
    /// The viewer's and target's own cells, which never block.
    pub own_cells: &'a [Cell],
    pub own_cells_2: &'a [Cell],
    /// For each token index, whether its outline counts (hostile to the viewer, not an end,
    /// not the moved token, whose outline comes in `extra`).
    pub hostile: &'a [bool],
    pub extra: &'a [Segment],
    /// [`Scene::inner_edges`] of the two ends' own cells.
    pub inner_edges: Vec<Segment>,
}

impl LineFilter<'_> {
    fn skips_cell(&self, cell: Option<Cell>) -> bool {
        cell.is_some_and(|c| self.own_cells.contains(&c) || self.own_cells_2.contains(&c))
    }

    fn counts_token(&self, token: Option<usize>) -> bool {
        token.is_some_and(|i| self.hostile.get(i).copied().unwrap_or(false))
    }
}

fn push_source(
    sources: &mut Vec<Source>,
    blocker: Blocker,
    cell: Option<Cell>,
    token: Option<usize>,
) -> u32 {
    sources.push(Source {
        blocker,
        cell,
        token,
    });
    (sources.len() - 1) as u32
}

/// The edges of one cell as blocker segments.
pub(crate) fn cell_outline(
    lattice: Lattice,
    cell: Cell,
    source: u32,
) -> impl Iterator<Item = Segment> {
    let n = lattice.corner_count();
    (0..n).map(move |i| Segment::new(lattice.corner(cell, i), lattice.corner(cell, i + 1), source))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::fog::rasterise;
    use crate::board::footprint::footprint_centre;
    use crate::model::{GridPoint, RuleSystem, Token, Wall};

    /// A small board: obstacle cells where `rock` says, a wall, and tokens anywhere — on the
    /// obstacles too, as a GM's brush or a file can put them.
    fn board(
        grid: GridKind,
        rock: &[bool],
        tokens: &[(i32, i32, u8)],
        wall: [i32; 4],
    ) -> Encounter {
        let mut e = Encounter::new("rock", RuleSystem::GoForthHeroes);
        e.map.grid = grid;
        e.map.width_cells = 7;
        e.map.height_cells = 7;
        for (i, solid) in rock.iter().enumerate() {
            if *solid {
                e.obstacle_cells
                    .insert(e.map.cell_at_offset(i as i32 % 7, i as i32 / 7));
            }
        }
        for (i, &(x, y, size)) in tokens.iter().enumerate() {
            let mut t = Token::new(
                TokenId(i as u64 + 1),
                "t",
                Side::Party,
                e.map.cell_at_offset(x, y),
            );
            t.side = [Side::Party, Side::Enemy][i % 2];
            t.size = [
                SizeCategory::Medium,
                SizeCategory::Large,
                SizeCategory::Small,
            ][size as usize % 3];
            e.tokens.push(t);
        }
        let [ax, ay, bx, by] = wall;
        if (ax, ay) != (bx, by) {
            e.walls.push(Wall {
                id: WallId(1),
                a: GridPoint::new(f64::from(ax) * 0.5, f64::from(ay) * 0.5),
                b: GridPoint::new(f64::from(bx) * 0.5, f64::from(by) * 0.5),
                kind: WallKind::Wall,
            });
        }
        e
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]
        /// Indexing only the obstacle cells' outline against open ground changes no verdict and
        /// no seen cell, whoever stands where (on the rock included).
        #[test]
        fn the_outline_answers_as_every_edge_did(
            grid_pick in 0usize..3,
            rock in proptest::collection::vec(proptest::bool::weighted(0.45), 49),
            tokens in proptest::collection::vec((0i32..7, 0i32..7, 0u8..3), 2..5),
            wall in proptest::array::uniform4(0i32..15),
        ) {
            let grid = [GridKind::Square, GridKind::HexFlat, GridKind::HexPointy][grid_pick];
            let e = board(grid, &rock, &tokens, wall);
            let outline = Scene::new(&e);
            let every = Scene::with_every_obstacle_edge(&e);
            proptest::prop_assert!(outline.sight.segments.len() <= every.sight.segments.len());
            // Which of several obstacle cells a line met first may differ (the index is visited
            // in another order); whether it is stopped, and by the terrain or a creature, not.
            let verdicts = |s: &Scene| -> Vec<_> {
                s.all_verdicts()
                    .into_iter()
                    .map(|(v, t, verdict)| {
                        let lines: Vec<_> = verdict
                            .evidence
                            .lines
                            .iter()
                            .map(|l| {
                                let by = l.blocked_by.map(|b| matches!(b, Blocker::Token { .. }));
                                (l.from, l.to, by)
                            })
                            .collect();
                        let e = &verdict.evidence;
                        (v, t, verdict.kind, verdict.clear_lines, verdict.degree, e.attacker_corner, e.target_cell, lines)
                    })
                    .collect()
            };
            proptest::prop_assert_eq!(verdicts(&outline), verdicts(&every));
            for t in &e.tokens {
                let from = footprint_centre(grid, t.size, t.cell);
                let seen = |s: &Scene| rasterise(&e.map, &[s.sight_polygon(from, None)]);
                proptest::prop_assert_eq!(seen(&outline), seen(&every), "from {:?}", t.cell);
                let lit = |s: &Scene| rasterise(&e.map, &[s.sight_polygon(from, Some(3.5))]);
                proptest::prop_assert_eq!(lit(&outline), lit(&every), "lit from {:?}", t.cell);
            }
        }
    }

    #[test]
    fn solid_rock_indexes_only_its_outline() {
        let mut e = Encounter::new("rock", RuleSystem::GoForthHeroes);
        e.map.width_cells = 100;
        e.map.height_cells = 100;
        e.obstacle_cells = (0..100)
            .flat_map(|x| (0..100).map(move |y| Cell::new(x, y)))
            .collect();
        let scene = Scene::new(&e);
        // The 100 × 100 block's outline: 400 cell edges, not 40,000.
        assert_eq!(scene.sight.segments.len(), 400);
        assert!(scene.sight_crossings.is_empty());
    }

    /// Past `PARALLEL_OUTLINE_FROM` cells the outline is filled in parts on several cores: the
    /// edges are the same and in the same order as one core gives them, cell by cell with its
    /// source — for a square checkerboard each cell's four sides (no neighbour is rock), for
    /// hexes the sides not shared with the next row's rock.
    #[test]
    fn a_large_field_of_rock_is_outlined_as_one_core_would() {
        for grid in [GridKind::Square, GridKind::HexFlat] {
            let mut e = Encounter::new("rock", RuleSystem::GoForthHeroes);
            e.map.grid = grid;
            e.map.width_cells = 500;
            e.map.height_cells = 500;
            e.obstacle_cells = (0..500)
                .flat_map(|x| (0..500).map(move |y| Cell::new(x, y)))
                .filter(|c| (c.x + c.y) % 2 == 0)
                .collect();
            assert!(e.obstacle_cells.len() > PARALLEL_OUTLINE_FROM);
            let scene = Scene::new(&e);
            let lattice = Lattice::new(grid);
            let expected: Vec<Segment> = e
                .obstacle_cells
                .iter()
                .enumerate()
                .flat_map(|(i, &cell)| {
                    let source = OBSTACLE_SOURCES + i as u32;
                    cell_outline(lattice, cell, source)
                        .enumerate()
                        .filter(|&(k, _)| {
                            !e.obstacle_cells
                                .contains(&lattice.neighbour_across(cell, k))
                        })
                        .map(|(_, s)| s)
                        .collect::<Vec<_>>()
                })
                .collect();
            if grid == GridKind::Square {
                assert_eq!(expected.len(), 4 * e.obstacle_cells.len());
            }
            assert!(scene.sight.segments == expected, "{grid:?}");
        }
    }
}
