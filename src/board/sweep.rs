//! The exact angular sweep behind sight polygons.
//!
//! Every end point of a sight-blocking segment is an event. Events are sorted by angle around the
//! viewer with exact integer comparisons (half-plane, then the sign of a cross product), and a
//! sweep keeps the segment nearest the viewer: only when it changes does the polygon get a vertex
//! (where the ray leaves the old nearest segment and where it meets the new one).
//!
//! Segments must not cross each other's interiors (the scene splits crossings once when it is
//! built, see [`split_crossings`]); touching at end points, T-joints and collinear overlaps are
//! fine. Then "which of two segments is nearer" is the same all along the angles they share and
//! is decided by orientation signs alone. A segment collinear with the viewer hides nothing (a
//! ray along a wall is clear) and is skipped. The hit points themselves are floating point: they
//! are for drawing fog, and the verdicts never read them.

use std::cmp::Ordering;

use super::lattice::{LatticePoint, cross, orient};

/// A segment relative to the viewer, turned so that `a → b` runs counter-clockwise around it.
#[derive(Clone, Copy, Debug)]
struct Edge {
    a: LatticePoint,
    b: LatticePoint,
}

/// Where a segment enters (`start`) or leaves the sweep.
#[derive(Clone, Copy, Debug)]
struct Event {
    dir: LatticePoint,
    edge: u32,
    start: bool,
}

/// The visible region from `origin` past `segments`, inside the square of half-size `bound`
/// around it: polygon vertices in lattice coordinates, counter-clockwise from the `+x` ray.
pub fn visibility(
    origin: LatticePoint,
    segments: impl IntoIterator<Item = (LatticePoint, LatticePoint)>,
    bound: i64,
) -> Vec<(f64, f64)> {
    let bound = bound.max(1);
    let corners = [
        (bound, bound),
        (-bound, bound),
        (-bound, -bound),
        (bound, -bound),
    ]
    .map(|(x, y)| LatticePoint::new(x, y));
    let frame = (0..4).map(|i| (corners[i], corners[(i + 1) % 4]));
    let relative = segments
        .into_iter()
        .map(|(a, b)| (a.minus(origin), b.minus(origin)));
    let edges: Vec<Edge> = relative.chain(frame).filter_map(edge).collect();
    let mut sweep = Sweep::new(&edges);
    sweep.run();
    let (ox, oy) = (origin.x as f64, origin.y as f64);
    sweep
        .points
        .into_iter()
        .map(|(x, y)| (x + ox, y + oy))
        .collect()
}

/// The segment as an [`Edge`], or `None` when it is collinear with the viewer.
fn edge((a, b): (LatticePoint, LatticePoint)) -> Option<Edge> {
    match cross(a, b).cmp(&0) {
        Ordering::Greater => Some(Edge { a, b }),
        Ordering::Less => Some(Edge { a: b, b: a }),
        Ordering::Equal => None,
    }
}

/// `0` for directions in `[0, π)` from `+x`, `1` for `[π, 2π)`.
fn half(v: LatticePoint) -> u8 {
    u8::from(!(v.y > 0 || (v.y == 0 && v.x > 0)))
}

/// Exact angular order of two nonzero directions, starting at `+x`.
pub fn angle_cmp(u: LatticePoint, v: LatticePoint) -> Ordering {
    half(u).cmp(&half(v)).then_with(|| 0.cmp(&cross(u, v)))
}

/// Whether `s` is nearer the viewer than `t` on the rays both cover, or `None` if they cross
/// (only after rounding a split point; callers then measure).
fn in_front(s: &Edge, t: &Edge) -> Option<bool> {
    let o = LatticePoint::default();
    // The viewer is left of every edge (counter-clockwise), so "same side as the viewer" is +1.
    let (ta, tb) = (orient(s.a, s.b, t.a), orient(s.a, s.b, t.b));
    if ta >= 0 && tb >= 0 && (ta, tb) != (0, 0) {
        return Some(false);
    }
    if ta <= 0 && tb <= 0 {
        return Some(true);
    }
    let (sa, sb) = (orient(t.a, t.b, s.a), orient(t.a, t.b, s.b));
    debug_assert!(orient(t.a, t.b, o) > 0);
    if sa >= 0 && sb >= 0 {
        Some(true)
    } else if sa <= 0 && sb <= 0 {
        Some(false)
    } else {
        None
    }
}

/// Where the ray from the viewer along `dir` meets the line of `e`.
fn hit(e: &Edge, dir: LatticePoint) -> (f64, f64) {
    if cross(dir, e.a) == 0 {
        return (e.a.x as f64, e.a.y as f64);
    }
    if cross(dir, e.b) == 0 {
        return (e.b.x as f64, e.b.y as f64);
    }
    let (ax, ay) = (e.a.x as f64, e.a.y as f64);
    let (ex, ey) = ((e.b.x - e.a.x) as f64, (e.b.y - e.a.y) as f64);
    let (dx, dy) = (dir.x as f64, dir.y as f64);
    let t = (ax * ey - ay * ex) / (dx * ey - dy * ex);
    (dx * t, dy * t)
}

/// Distance along the ray `dir` (f64) to the line of `e`, for the rare rounded crossing.
fn distance_along(e: &Edge, dx: f64, dy: f64) -> f64 {
    let (ax, ay) = (e.a.x as f64, e.a.y as f64);
    let (ex, ey) = ((e.b.x - e.a.x) as f64, (e.b.y - e.a.y) as f64);
    let denom = dx * ey - dy * ex;
    if denom.abs() < f64::EPSILON {
        f64::INFINITY
    } else {
        (ax * ey - ay * ex) / denom
    }
}

/// The sweep's state: the active edges and the nearest of them.
struct Sweep<'a> {
    edges: &'a [Edge],
    events: Vec<Event>,
    active: Vec<u32>,
    /// Position of each edge in `active`, or `usize::MAX`.
    slot: Vec<usize>,
    nearest: Option<u32>,
    points: Vec<(f64, f64)>,
}

impl<'a> Sweep<'a> {
    fn new(edges: &'a [Edge]) -> Self {
        let mut events = Vec::with_capacity(edges.len() * 2);
        for (i, e) in edges.iter().enumerate() {
            events.push(Event {
                dir: e.a,
                edge: i as u32,
                start: true,
            });
            events.push(Event {
                dir: e.b,
                edge: i as u32,
                start: false,
            });
        }
        events.sort_unstable_by(|p, q| angle_cmp(p.dir, q.dir));
        let mut sweep = Self {
            edges,
            events,
            active: Vec::new(),
            slot: vec![usize::MAX; edges.len()],
            nearest: None,
            points: Vec::new(),
        };
        // Edges that span the `+x` ray are already under way when the sweep starts there.
        let x_axis = LatticePoint::new(1, 0);
        for (i, e) in edges.iter().enumerate() {
            let wraps = angle_cmp(e.a, e.b) == Ordering::Greater;
            if wraps && angle_cmp(e.b, x_axis) != Ordering::Equal {
                sweep.insert(i as u32);
            }
        }
        sweep
    }

    fn insert(&mut self, edge: u32) {
        if self.slot[edge as usize] == usize::MAX {
            self.slot[edge as usize] = self.active.len();
            self.active.push(edge);
        }
    }

    fn remove(&mut self, edge: u32) {
        let at = self.slot[edge as usize];
        if at == usize::MAX {
            return;
        }
        self.active.swap_remove(at);
        if let Some(&moved) = self.active.get(at) {
            self.slot[moved as usize] = at;
        }
        self.slot[edge as usize] = usize::MAX;
    }

    /// Processes every angle once, the `+x` ray first even without an event there.
    fn run(&mut self) {
        let x_axis = LatticePoint::new(1, 0);
        let mut i = 0;
        let mut dir = x_axis;
        loop {
            let group_end = self.group_end(i, dir);
            let next_dir = self.events.get(group_end).map_or(x_axis, |e| e.dir);
            self.step(i, group_end, dir, next_dir);
            if group_end >= self.events.len() {
                break;
            }
            i = group_end;
            dir = next_dir;
        }
        if let Some(n) = self.nearest {
            self.push(hit(&self.edges[n as usize], x_axis));
        }
        if self.points.len() > 1 && self.points.first() == self.points.last() {
            self.points.pop();
        }
    }

    /// The end of the run of events at the angle of `dir`, from `i`.
    fn group_end(&self, i: usize, dir: LatticePoint) -> usize {
        let mut j = i;
        while j < self.events.len() && angle_cmp(self.events[j].dir, dir) == Ordering::Equal {
            j += 1;
        }
        j
    }

    /// Applies the events `[from, to)` at angle `dir` and emits the vertices they cause.
    fn step(&mut self, from: usize, to: usize, dir: LatticePoint, next: LatticePoint) {
        let before = self.nearest;
        let mut lost = false;
        for k in from..to {
            let ev = self.events[k];
            if !ev.start {
                lost |= before == Some(ev.edge);
                self.remove(ev.edge);
            }
        }
        let mut nearest = if lost { None } else { before };
        if nearest.is_none() {
            nearest = self.scan(dir, next);
        }
        for k in from..to {
            let ev = self.events[k];
            if ev.start {
                self.insert(ev.edge);
                nearest = Some(match nearest {
                    Some(n) => self.nearer(n, ev.edge, dir, next),
                    None => ev.edge,
                });
            }
        }
        if nearest != before || before.is_none() {
            if let Some(b) = before {
                self.push(hit(&self.edges[b as usize], dir));
            }
            if let Some(n) = nearest {
                self.push(hit(&self.edges[n as usize], dir));
            }
        }
        self.nearest = nearest;
    }

    /// The nearest active edge on the wedge from `dir` to `next`.
    fn scan(&self, dir: LatticePoint, next: LatticePoint) -> Option<u32> {
        let mut best: Option<u32> = None;
        for &e in &self.active {
            best = Some(match best {
                Some(b) => self.nearer(b, e, dir, next),
                None => e,
            });
        }
        best
    }

    /// The nearer of two active edges on the wedge from `dir` to `next`.
    fn nearer(&self, s: u32, t: u32, dir: LatticePoint, next: LatticePoint) -> u32 {
        let (es, et) = (&self.edges[s as usize], &self.edges[t as usize]);
        match in_front(es, et) {
            Some(true) => s,
            Some(false) => t,
            None => {
                let (dx, dy) = mid_direction(dir, next);
                if distance_along(es, dx, dy) <= distance_along(et, dx, dy) {
                    s
                } else {
                    t
                }
            }
        }
    }

    fn push(&mut self, p: (f64, f64)) {
        if self.points.last() != Some(&p) {
            self.points.push(p);
        }
    }
}

/// A direction strictly inside the wedge from `u` to `v` (counter-clockwise, less than a half
/// turn: the frame's corners are events, so no wedge is wider than a quarter turn).
fn mid_direction(first: LatticePoint, second: LatticePoint) -> (f64, f64) {
    let norm = |p: LatticePoint| {
        let length = (p.x as f64).hypot(p.y as f64).max(f64::MIN_POSITIVE);
        (p.x as f64 / length, p.y as f64 / length)
    };
    let ((ux, uy), (vx, vy)) = (norm(first), norm(second));
    (ux + vx, uy + vy)
}

/// Splits segments where they cross each other's interiors, rounding each crossing to the
/// lattice, so the sweep can order them by orientation signs alone. `near(i)` lists the
/// segments whose bounding boxes may meet segment `i`'s.
pub fn split_crossings(
    segments: &[(LatticePoint, LatticePoint)],
    near: impl Fn(usize, &mut Vec<u32>),
) -> Vec<(LatticePoint, LatticePoint, u32)> {
    let mut out = Vec::with_capacity(segments.len());
    let mut candidates = Vec::new();
    let mut cuts: Vec<LatticePoint> = Vec::new();
    for (i, &(a, b)) in segments.iter().enumerate() {
        candidates.clear();
        near(i, &mut candidates);
        cuts.clear();
        cuts.extend([a, b]);
        for &j in &candidates {
            let (c, d) = segments[j as usize];
            if j as usize != i
                && let Some(x) = crossing_point(a, b, c, d)
            {
                cuts.push(x);
            }
        }
        let direction = b.minus(a);
        cuts.sort_unstable_by_key(|p| super::lattice::dot(p.minus(a), direction));
        cuts.dedup();
        out.extend(cuts.windows(2).map(|w| (w[0], w[1], i as u32)));
    }
    out
}

/// The lattice point nearest where `ab` and `cd` cross, if their interiors cross properly.
fn crossing_point(
    a: LatticePoint,
    b: LatticePoint,
    c: LatticePoint,
    d: LatticePoint,
) -> Option<LatticePoint> {
    let (oa, ob) = (orient(c, d, a), orient(c, d, b));
    let (oc, od) = (orient(a, b, c), orient(a, b, d));
    if oa * ob >= 0 || oc * od >= 0 {
        return None;
    }
    let (ab, cd) = (b.minus(a), d.minus(c));
    let along = cross(c.minus(a), cd) as f64 / cross(ab, cd) as f64;
    Some(LatticePoint::new(
        a.x + (ab.x as f64 * along).round() as i64,
        a.y + (ab.y as f64 * along).round() as i64,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: i64, y: i64) -> LatticePoint {
        LatticePoint::new(x, y)
    }

    #[test]
    fn angles_sort_counter_clockwise_from_plus_x() {
        let mut dirs = vec![
            pt(0, -1),
            pt(-1, 0),
            pt(1, 1),
            pt(1, 0),
            pt(0, 1),
            pt(1, -1),
        ];
        dirs.sort_by(|a, b| angle_cmp(*a, *b));
        assert_eq!(
            dirs,
            vec![
                pt(1, 0),
                pt(1, 1),
                pt(0, 1),
                pt(-1, 0),
                pt(0, -1),
                pt(1, -1)
            ]
        );
    }

    #[test]
    fn an_empty_scene_shows_the_frame() {
        let poly = visibility(pt(5, 5), [], 10);
        // The four corners, and where the sweep starts on the `+x` ray.
        assert_eq!(
            poly,
            vec![
                (15.0, 5.0),
                (15.0, 15.0),
                (-5.0, 15.0),
                (-5.0, -5.0),
                (15.0, -5.0)
            ]
        );
    }

    #[test]
    fn a_wall_in_front_cuts_the_region_short() {
        // A wall at x = 3 from y = -2 to 2: the ray along +x stops at 3.
        let poly = visibility(pt(0, 0), [(pt(3, -2), pt(3, 2))], 100);
        assert!(poly.contains(&(3.0, -2.0)) && poly.contains(&(3.0, 2.0)));
        assert!(poly.iter().all(|&(x, y)| x <= 3.0 || y.abs() > 2.0 - 1e-9));
    }

    #[test]
    fn crossing_walls_are_split_at_the_crossing() {
        let segs = [(pt(0, 0), pt(10, 10)), (pt(0, 10), pt(10, 0))];
        let pieces = split_crossings(&segs, |_, out| out.extend([0, 1]));
        assert_eq!(pieces.len(), 4);
        assert!(pieces.iter().all(|p| p.0 == pt(5, 5) || p.1 == pt(5, 5)));
    }
}
