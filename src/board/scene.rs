//! The board as the geometry queries see it: snapped blockers, spatial indexes, token footprints.
//!
//! Build a [`Scene`] once per encounter change; every query (verdicts, distances, sight, reach)
//! then reads it without touching the encounter again.

use std::collections::HashSet;

use serde::Serialize;

use crate::model::{
    Cell, CustomBand, DiagonalRule, Encounter, GridKind, MapSpec, RuleSystem, Side, SizeCategory,
    TokenId, WallId, WallKind,
};

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
    pub obstacles: HashSet<Cell>,
    /// Difficult cells: cost double to enter.
    pub difficult: HashSet<Cell>,
    pub(crate) sources: Vec<Source>,
    /// Sight-blocking walls, doors and obstacle outlines.
    pub(crate) sight: BucketIndex,
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
        let lattice = Lattice::new(encounter.map.grid);
        let mut blockers = Blockers::default();
        blockers.add_terrain(lattice, encounter);
        let Blockers {
            sources,
            sight,
            movement,
            solids,
        } = blockers;
        let bucket = 4 * lattice.cell_span();
        let area = map_area(lattice, &encounter.map);
        let sight = BucketIndex::new(sight, bucket, area);
        let sight_crossings = sight_crossings(&sight);
        let mut scene = Self {
            lattice,
            system: encounter.system,
            map: encounter.map.clone(),
            custom_bands: encounter.custom_bands.clone(),
            tokens: Vec::new(),
            obstacles: encounter.obstacle_cells.iter().copied().collect(),
            difficult: encounter.difficult_cells.iter().copied().collect(),
            terrain_sources: sources.len(),
            sources,
            sight,
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
        if !soft && let Some(s) = cache.find(p.point, q.point) {
            return Some(self.sources[s.source as usize].blocker);
        }
        let mut trace = LineTrace::new(p, q);
        let blocked = self.sight.visit_along(p.point, q.point, |s| {
            !filter.skips_cell(self.sources[s.source as usize].cell) && trace.add(s)
        });
        if !blocked && soft {
            let blocked = self.token_outlines.visit_along(p.point, q.point, |s| {
                filter.counts_token(self.sources[s.source as usize].token) && trace.add(s)
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
            return Some(self.sources[solid.source as usize].blocker);
        }
        // Only walls are remembered: an obstacle cell may be one of the next pair's own cells.
        if !soft
            && let Some(s) = trace.crossing()
            && self.sources[s.source as usize].cell.is_none()
        {
            cache.remember(s);
        }
        trace
            .blocker()
            .and_then(|i| self.sources.get(i as usize))
            .map(|s| s.blocker)
    }
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
    let ends: Vec<(LatticePoint, LatticePoint)> =
        sight.segments.iter().map(|s| (s.a, s.b)).collect();
    crossing_pairs(&ends, |i, out| {
        let (a, b) = ends[i];
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
    sources: Vec<Source>,
    sight: Vec<Segment>,
    movement: Vec<Segment>,
    solids: Vec<Solid>,
}

impl Blockers {
    /// Walls, doors, windows, obstacle cells and obstacle polygons, snapped to the lattice.
    fn add_terrain(&mut self, lattice: Lattice, encounter: &Encounter) {
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
                self.sight.push(Segment { a, b, source });
            }
            if wall.kind.blocks_movement() {
                self.movement.push(Segment { a, b, source });
            }
        }
        for &cell in &encounter.obstacle_cells {
            let source = push_source(
                &mut self.sources,
                Blocker::Obstacle { cell },
                Some(cell),
                None,
            );
            self.sight.extend(cell_outline(lattice, cell, source));
        }
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
                    self.sight.push(Segment { a, b, source });
                }
            }
            self.solids.extend(Solid::new(points, source));
        }
    }
}

/// Who may block a sight line between a viewer and a target.
pub(crate) struct LineFilter<'a> {
    /// The viewer's and target's own cells, which never block.
    pub own_cells: &'a [Cell],
    pub own_cells_2: &'a [Cell],
    /// For each token index, whether its outline counts (hostile to the viewer, not an end,
    /// not the moved token, whose outline comes in `extra`).
    pub hostile: &'a [bool],
    pub extra: &'a [Segment],
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
    (0..n).map(move |i| Segment {
        a: lattice.corner(cell, i),
        b: lattice.corner(cell, i + 1),
        source,
    })
}
