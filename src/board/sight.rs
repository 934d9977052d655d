//! The region visible from a point: a sight polygon for fog of war.
//!
//! An exact angular sweep over the end points of every sight-blocking segment (walls, closed
//! doors, obstacle cells and obstacle polygons; windows and open doors block nothing), see
//! [`super::sweep`]. Without a radius the sweep takes every segment and a frame just outside the
//! map; with one it takes the segments the spatial index finds near the viewer, and the polygon
//! is then clipped to the circle, its arcs drawn as short chords (at most 3° each).
//!
//! Nothing is sampled, so a far room glimpsed through a slit of any width shows up. The polygon
//! is for drawing fog: vertices are floating point, and the verdicts never read them.

use std::f64::consts::TAU;

use crate::model::{Cell, GridPoint, Side};

use super::footprint::footprint_centre;
use super::grid::cell_in_grid;
use super::index::Segment;
use super::lattice::{LatticePoint, orient};
use super::scene::Scene;
use super::sweep::visibility;

/// Half the side of the first square of segments [`Scene::sight_polygon`] sweeps without a
/// radius, in cells: on a busy map the view ends well inside it.
const NEAR_REACH_CELLS: i64 = 16;

/// Scenes with fewer sight-blocking segments are swept whole without a radius: a nearby try
/// would save little, and costs a second sweep when the view reaches past it.
const NEAR_MIN_SEGMENTS: usize = 1_000;

/// The largest angle one chord of a clipped arc spans.
const ARC_STEP: f64 = TAU / 120.0;

impl Scene {
    /// The visible region from `from` (map space), as a polygon in angle order, optionally
    /// limited to `radius` cells.
    pub fn sight_polygon(&self, from: GridPoint, radius: Option<f64>) -> Vec<GridPoint> {
        let polygon = self.sight_polygon_unclipped(from, radius);
        match radius {
            Some(r) => clip_to_circle(&polygon, from, r.max(0.0)),
            None => polygon,
        }
    }

    /// The visible region from `from` as [`Self::sight_polygon`] finds it before cutting it to
    /// the circle of `radius`: with a radius, it reaches at least that far in every direction.
    pub(crate) fn sight_polygon_unclipped(
        &self,
        from: GridPoint,
        radius: Option<f64>,
    ) -> Vec<GridPoint> {
        let inner = self.inner_edges_around(from);
        self.sight_polygon_around(self.lattice.lattice_from_grid(from), &inner, radius)
    }

    /// [`Self::sight_polygon_unclipped`] from a lattice point, past the obstacle cells' `inner`
    /// edges around it.
    pub(crate) fn sight_polygon_around(
        &self,
        origin: LatticePoint,
        inner: &[Segment],
        radius: Option<f64>,
    ) -> Vec<GridPoint> {
        let span = self.lattice.cell_span();
        let lattice_points = if let Some(r) = radius {
            // On squares a map unit is `span` lattice units; on hexes (axial × 3) a map unit is
            // at most 1.6 `span` on either axis. Twice `r · span` holds the circle on both.
            // A radius past the map sees what no radius sees: cap it there, which also keeps
            // the lattice arithmetic far from overflow.
            let frame = self.frame_bound(origin);
            let bound = ((2.0 * r.max(0.0) * span as f64).ceil() as i64 + span).min(frame);
            let mut ids = Vec::new();
            self.sight.visit_box_ids(
                LatticePoint::new(origin.x - bound, origin.y - bound),
                LatticePoint::new(origin.x + bound, origin.y + bound),
                &mut ids,
            );
            // `ids` is sorted: a crossing's ends become positions among the visited segments.
            let local = |id: u32| ids.binary_search(&id).ok().map(|k| k as u32);
            let crossings: Vec<(u32, u32)> = self
                .sight_crossings
                .iter()
                .filter_map(|&(i, j)| Some((local(i)?, local(j)?)))
                .collect();
            // The frame holds every visited segment whole: the sweep lists no crossings with it.
            let far = |p: LatticePoint| (p.x - origin.x).abs().max((p.y - origin.y).abs());
            let frame = self
                .pieces(Some(&ids), inner)
                .map(|(a, b)| far(a).max(far(b)) + span)
                .fold(bound * 2, i64::max);
            self.sweep(origin, Some(&ids), crossings, inner, frame)
        } else {
            let full = self.frame_bound(origin);
            self.visibility_nearby(origin, full, inner)
                .unwrap_or_else(|| {
                    let crossings = self.sight_crossings.clone();
                    self.sweep(origin, None, crossings, inner, full)
                })
        };
        lattice_points
            .into_iter()
            .map(|(x, y)| self.lattice.grid_from_lattice_xy(x, y))
            .collect()
    }

    /// The sight segments `ids` (every one for `None`) and then `inner`, as end points.
    fn pieces<'s>(
        &'s self,
        ids: Option<&'s [u32]>,
        inner: &'s [Segment],
    ) -> impl Iterator<Item = (LatticePoint, LatticePoint)> + Clone + 's {
        let segments = &self.sight.segments;
        let listed = ids
            .into_iter()
            .flatten()
            .map(move |&i| &segments[i as usize]);
        let every = ids
            .is_none()
            .then_some(segments.iter())
            .into_iter()
            .flatten();
        listed.chain(every).chain(inner).map(|s| (s.a(), s.b()))
    }

    /// [`visibility`] from `origin` past the sight segments `ids` (every one for `None`) and
    /// the obstacle cells' `inner` edges, whose crossings with the walls join `crossings` (given
    /// by position among `ids`).
    fn sweep(
        &self,
        origin: LatticePoint,
        ids: Option<&[u32]>,
        mut crossings: Vec<(u32, u32)>,
        inner: &[Segment],
        frame: i64,
    ) -> Vec<(f64, f64)> {
        let count = ids.map_or(self.sight.segments.len(), <[u32]>::len);
        let mut near = Vec::new();
        for (k, e) in inner.iter().enumerate() {
            near.clear();
            self.sight.visit_box_ids(
                LatticePoint::new(e.a().x.min(e.b().x), e.a().y.min(e.b().y)),
                LatticePoint::new(e.a().x.max(e.b().x), e.a().y.max(e.b().y)),
                &mut near,
            );
            let at = (count + k) as u32;
            for &id in &near {
                let s = self.sight.segments[id as usize];
                let crosses = !Self::is_cell_edge(s.source)
                    && orient(s.a(), s.b(), e.a()) * orient(s.a(), s.b(), e.b()) < 0
                    && orient(e.a(), e.b(), s.a()) * orient(e.a(), e.b(), s.b()) < 0;
                let position = match ids {
                    None => Some(id),
                    Some(ids) => ids.binary_search(&id).ok().map(|p| p as u32),
                };
                if crosses && let Some(p) = position {
                    crossings.push((p, at));
                }
            }
        }
        visibility(origin, self.pieces(ids, inner), &crossings, frame)
    }

    /// The edges between obstacle cells among the cells around `from`: with the outline, what
    /// boxes in a view from a point on an obstacle cell (see [`Scene::inner_edges`]).
    fn inner_edges_around(&self, from: GridPoint) -> Vec<Segment> {
        if self.obstacles.is_empty() {
            return Vec::new();
        }
        let cell = cell_in_grid(self.grid(), from);
        let around: Vec<Cell> = if self.grid().is_hex() {
            (0..6)
                .map(|k| self.lattice.neighbour_across(cell, k))
                .chain([cell])
                .collect()
        } else {
            (-1..=1)
                .flat_map(|dx| (-1..=1).map(move |dy| Cell::new(cell.x + dx, cell.y + dy)))
                .collect()
        };
        self.edges_between_obstacles(&around)
    }

    /// The sweep of [`visibility`] over only the segments near `origin`, when that is the whole
    /// answer: `None` when the viewer may see past them (then the caller sweeps every segment,
    /// inside the frame of half-size `full`).
    ///
    /// A square of half-size `reach` around the viewer is searched through the spatial index,
    /// which finds every segment touching it. If the polygon from those alone stays inside the
    /// square (by a lattice unit, far above the rounding of its vertices), every ray meets one of
    /// them inside it, and a segment outside the square lies further along that ray: it changes
    /// nothing, so the polygon is exactly the one every segment gives. Otherwise a larger square
    /// is tried; when the polygon missed the frame it cannot grow with more segments (adding a
    /// segment never grows it), so a square just holding it is enough.
    fn visibility_nearby(
        &self,
        origin: LatticePoint,
        full: i64,
        inner: &[Segment],
    ) -> Option<Vec<(f64, f64)>> {
        let span = self.lattice.cell_span();
        let total = self.sight.segments.len();
        if total < NEAR_MIN_SEGMENTS {
            return None;
        }
        let mut reach = NEAR_REACH_CELLS * span;
        let mut ids = Vec::new();
        let mut crossings = Vec::new();
        while reach < full {
            ids.clear();
            self.sight.visit_box_ids(
                LatticePoint::new(origin.x - reach, origin.y - reach),
                LatticePoint::new(origin.x + reach, origin.y + reach),
                &mut ids,
            );
            if ids.len() * 2 > total {
                // Most of the scene: sweeping all of it costs hardly more.
                return None;
            }
            // `ids` is sorted: a crossing's ends become positions among the visited segments.
            let local = |id: u32| ids.binary_search(&id).ok().map(|k| k as u32);
            crossings.clear();
            crossings.extend(
                self.sight_crossings
                    .iter()
                    .filter_map(|&(i, j)| Some((local(i)?, local(j)?))),
            );
            // A frame past every visited segment and past the square: its points, if the polygon
            // reaches it, fail the test below.
            let far = |p: LatticePoint| (p.x - origin.x).abs().max((p.y - origin.y).abs());
            let frame = self
                .pieces(Some(&ids), inner)
                .map(|(a, b)| far(a).max(far(b)))
                .fold(reach, i64::max)
                + span;
            let polygon = self.sweep(origin, Some(&ids), crossings.clone(), inner, frame);
            let (ox, oy) = (origin.x as f64, origin.y as f64);
            let extent = polygon
                .iter()
                .map(|&(x, y)| (x - ox).abs().max((y - oy).abs()))
                .fold(0.0, f64::max);
            if extent <= (reach - 1) as f64 {
                return Some(polygon);
            }
            reach = if extent < (frame - 1) as f64 {
                // The frame was never seen: a square holding this polygon holds the final one.
                extent.ceil() as i64 + 2
            } else {
                reach * 4
            };
        }
        None
    }

    /// The union of what several viewers see: one polygon per viewer (fog clears where any is).
    pub fn sight_union(&self, from: &[GridPoint], radius: Option<f64>) -> Vec<Vec<GridPoint>> {
        from.iter()
            .map(|p| self.sight_polygon(*p, radius))
            .collect()
    }

    /// What a side's tokens see together, each from the centre of its footprint: the fog of
    /// war's clear region for that side.
    pub fn sight_of_side(&self, side: Side, radius: Option<f64>) -> Vec<Vec<GridPoint>> {
        let from: Vec<GridPoint> = self
            .tokens
            .iter()
            .filter(|t| t.side == side)
            .map(|t| footprint_centre(self.grid(), t.size, t.anchor))
            .collect();
        self.sight_union(&from, radius)
    }

    /// The sight-blocking segments the sweep reads (walls, closed doors, obstacle outlines; two
    /// may cross), in map space: for comparing with other visibility code.
    pub fn sight_segments(&self) -> Vec<(GridPoint, GridPoint)> {
        self.sight
            .segments
            .iter()
            .map(|s| {
                (
                    self.lattice.grid_from_lattice(s.a()),
                    self.lattice.grid_from_lattice(s.b()),
                )
            })
            .collect()
    }

    /// Half the side of a square around `origin` (lattice units) holding the whole map and every
    /// sight-blocking segment, with a cell to spare.
    pub(crate) fn frame_bound(&self, origin: LatticePoint) -> i64 {
        let (w, h) = (
            f64::from(self.map.width_cells) + 1.0,
            f64::from(self.map.height_cells) + 1.0,
        );
        let corners = [(-1.0, -1.0), (w, -1.0), (w, h), (-1.0, h)]
            .map(|(x, y)| self.lattice.lattice_from_grid(GridPoint::new(x, y)));
        let far = |p: LatticePoint| (p.x - origin.x).abs().max((p.y - origin.y).abs());
        // The box of every segment stands for them: its farthest corner is as far as any end.
        let segments = self.sight_extent().into_iter().flat_map(|(lo, hi)| {
            [
                far(lo),
                far(hi),
                far(LatticePoint::new(lo.x, hi.y)),
                far(LatticePoint::new(hi.x, lo.y)),
            ]
        });
        corners
            .into_iter()
            .map(far)
            .chain(segments)
            .max()
            .unwrap_or(0)
            + self.lattice.cell_span()
    }
}

/// Where the boundary of a polygon stands against a circle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// A vertex inside the circle.
    Inside,
    /// The boundary comes into the circle here.
    Entry,
    /// The boundary leaves the circle here.
    Exit,
}

/// The part of a polygon, star-shaped around `centre` and in angle order, inside the circle of
/// `radius` around it. Pieces of the boundary outside the circle become arcs.
pub fn clip_to_circle(polygon: &[GridPoint], centre: GridPoint, radius: f64) -> Vec<GridPoint> {
    let n = polygon.len();
    let rel: Vec<(f64, f64)> = polygon
        .iter()
        .map(|p| (p.x - centre.x, p.y - centre.y))
        .collect();
    let r2 = radius * radius;
    let mut marks: Vec<((f64, f64), Mark)> = Vec::with_capacity(n);
    for i in 0..n {
        let (p, q) = (rel[i], rel[(i + 1) % n]);
        if p.0 * p.0 + p.1 * p.1 <= r2 {
            marks.push((p, Mark::Inside));
        }
        for (t, entering) in circle_crossings(p, q, r2) {
            let x = (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t);
            marks.push((x, if entering { Mark::Entry } else { Mark::Exit }));
        }
    }
    let mut out: Vec<(f64, f64)> = Vec::with_capacity(marks.len());
    // Start where the boundary is inside, so every exit meets its entry further on.
    match marks.iter().position(|(_, m)| *m != Mark::Exit) {
        None => push_arc(&mut out, 0.0, TAU, radius),
        Some(first) => {
            marks.rotate_left(first);
            let angle = |p: (f64, f64)| p.1.atan2(p.0);
            let mut left_at: Option<f64> = None;
            for &(p, mark) in &marks {
                if mark == Mark::Entry
                    && let Some(from) = left_at.take()
                {
                    push_arc(&mut out, from, angle(p), radius);
                }
                if mark == Mark::Exit {
                    left_at = Some(angle(p));
                }
                out.push(p);
            }
            if let Some(from) = left_at {
                push_arc(&mut out, from, angle(marks[0].0), radius);
            }
        }
    }
    out.into_iter()
        .map(|(x, y)| GridPoint::new(centre.x + x, centre.y + y))
        .collect()
}

/// The parameters `t` in `[0, 1)` where the edge `p → q` meets the circle, in order, each with
/// whether the edge comes inside there.
fn circle_crossings(p: (f64, f64), q: (f64, f64), r2: f64) -> Vec<(f64, bool)> {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    // |p + t·(q − p)|² = r² as square·t² + linear·t + constant = 0.
    let square = dx * dx + dy * dy;
    if square == 0.0 {
        return Vec::new();
    }
    let linear = 2.0 * (p.0 * dx + p.1 * dy);
    let constant = p.0 * p.0 + p.1 * p.1 - r2;
    let disc = linear * linear - 4.0 * square * constant;
    if disc <= 0.0 {
        return Vec::new();
    }
    let root = disc.sqrt();
    let (t0, t1) = (
        (-linear - root) / (2.0 * square),
        (-linear + root) / (2.0 * square),
    );
    let mut out = Vec::new();
    // Entering needs `p` strictly outside; a `p` on the circle going outward leaves at `t = 0`.
    if (0.0..1.0).contains(&t0) && constant > 0.0 {
        out.push((t0, true));
    }
    if (0.0..1.0).contains(&t1) {
        out.push((t1, false));
    }
    out
}

/// Arc points after the angle `from` up to `to`, counter-clockwise, chords of at most
/// [`ARC_STEP`] (the end point itself is left to the caller, except for a full turn).
fn push_arc(out: &mut Vec<(f64, f64)>, from: f64, to: f64, radius: f64) {
    let full = to - from >= TAU;
    let sweep = if full {
        TAU
    } else {
        (to - from).rem_euclid(TAU)
    };
    let steps = (sweep / ARC_STEP).ceil() as usize;
    for k in 1..steps {
        let a = from + sweep * k as f64 / steps as f64;
        out.push((radius * a.cos(), radius * a.sin()));
    }
    if full {
        out.push((radius * from.cos(), radius * from.sin()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Encounter, RuleSystem, Wall, WallId, WallKind};

    /// A busy map: `count` short walls scattered over a `side`×`side` map, from a fixed seed.
    fn scattered_walls(count: u64, side: i32, seed: u64) -> Encounter {
        let mut state = seed;
        let mut below = move |n: i32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as i32
        };
        let mut enc = Encounter::new("busy", RuleSystem::Evening);
        enc.map.width_cells = side as u32;
        enc.map.height_cells = side as u32;
        enc.walls = (0..count)
            .map(|i| {
                let (x, y) = (below(side), below(side));
                let (dx, dy) = (below(7) - 3, below(7) - 3);
                let (dx, dy) = if (dx, dy) == (0, 0) { (1, 0) } else { (dx, dy) };
                Wall {
                    id: WallId(i + 1),
                    a: GridPoint::new(f64::from(x), f64::from(y)),
                    b: GridPoint::new(f64::from(x + dx), f64::from(y + dy)),
                    kind: WallKind::Wall,
                }
            })
            .collect();
        enc
    }

    #[test]
    fn the_nearby_sweep_is_the_sweep_of_every_segment() {
        // Dense walls (the view ends close by) and sparse ones (it reaches far, or the frame).
        for (count, seed) in [(5_000, 0x5eed_1234_abcd_9876), (2_000, 7), (1_200, 11)] {
            let scene = Scene::new(&scattered_walls(count, 120, seed));
            let mut answered = 0;
            for k in 0..12 {
                let from = GridPoint::new(7.5 + 9.0 * f64::from(k), 3.5 + 9.7 * f64::from(k));
                let origin = scene.lattice.lattice_from_grid(from);
                let full = scene.frame_bound(origin);
                let pieces = scene.sight.segments.iter().map(|s| (s.a(), s.b()));
                let every = visibility(origin, pieces, &scene.sight_crossings, full);
                if let Some(near) = scene.visibility_nearby(origin, full, &[]) {
                    assert_eq!(near, every, "{count} walls, viewer at {from:?}");
                    answered += 1;
                }
            }
            if count == 5_000 {
                // The test above must have been met: on a busy map the view ends close by.
                assert!(answered >= 10, "{answered} of 12 viewers");
            }
        }
    }
}
