//! The exact angular sweep behind sight polygons.
//!
//! Every end point of a sight-blocking segment is an event, and so is every point where two
//! segments cross. Events are sorted by angle around the viewer with exact integer comparisons
//! (half-plane, then the sign of a cross product), and a sweep keeps the segment nearest the
//! viewer: only when it changes does the polygon get a vertex (where the ray leaves the old
//! nearest segment and where it meets the new one).
//!
//! Crossing segments are not split (a split point rounded to the lattice bends the wall off its
//! line, and a viewer closer to that line than the rounding then sees a piece from its other
//! side). Instead the scene lists which pairs cross ([`crossing_pairs`]); the crossing's exact
//! direction (a rational point, kept as a wide integer vector) is an event, and "which of two
//! segments is nearer" on a wedge of angles is decided by orientation signs alone: for two
//! segments that do not cross it is the same on every angle they share, and for two that do it
//! flips at the crossing. A segment collinear with the viewer hides nothing (a ray along a wall
//! is clear) and is skipped. The hit points themselves are floating point: they are for drawing
//! fog, and the verdicts never read them.

use std::cmp::Ordering;

use super::lattice::{LatticePoint, cross, orient};

/// A segment relative to the viewer, turned so that `a → b` runs counter-clockwise around it.
#[derive(Clone, Copy, Debug)]
struct Edge {
    a: LatticePoint,
    b: LatticePoint,
}

/// A direction from the viewer with wide integer coordinates: a lattice point, or a crossing
/// of two segments scaled by its denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dir {
    x: i128,
    y: i128,
}

impl From<LatticePoint> for Dir {
    fn from(p: LatticePoint) -> Self {
        Self {
            x: i128::from(p.x),
            y: i128::from(p.y),
        }
    }
}

/// What happens to the sweep at an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The edge enters the sweep.
    Start,
    /// The edge leaves the sweep.
    End,
    /// The edge crosses the given edge here, so their order flips.
    Cross(u32),
}

/// Where a segment enters or leaves the sweep, or crosses another.
#[derive(Clone, Copy, Debug)]
struct Event {
    dir: Dir,
    /// [`pseudo_angle`] of `dir`, which sorts the events without wide arithmetic.
    key: f64,
    edge: u32,
    kind: Kind,
}

impl Event {
    fn new(dir: Dir, edge: u32, kind: Kind) -> Self {
        Self {
            dir,
            key: pseudo_angle(dir),
            edge,
            kind,
        }
    }
}

/// How far apart two [`pseudo_angle`]s must be for their order to be that of the directions'.
/// The computed values are within a few units of `f64` rounding (about 1e-15) of the exact ones,
/// so this leaves a wide margin; closer pairs are compared exactly.
const PSEUDO_ANGLE_MARGIN: f64 = 1e-9;

/// A number in `[0, 4)` that grows with the angle of `v` from `+x` (strictly, in exact
/// arithmetic): `1 − x/(|x|+|y|)` on the upper half-plane, `3 + x/(|x|+|y|)` on the lower.
fn pseudo_angle(v: Dir) -> f64 {
    let (x, y) = (v.x as f64, v.y as f64);
    let r = x / (x.abs() + y.abs());
    if half(v) == 0 { 1.0 - r } else { 3.0 + r }
}

/// The exact angular order of two events: decided by their pseudo-angles when those are far
/// enough apart, by exact integer arithmetic otherwise (a NaN key, never expected, falls
/// through to the exact test too).
fn event_cmp(p: &Event, q: &Event) -> Ordering {
    let d = p.key - q.key;
    if d > PSEUDO_ANGLE_MARGIN {
        Ordering::Greater
    } else if d < -PSEUDO_ANGLE_MARGIN {
        Ordering::Less
    } else {
        wide_angle_cmp(p.dir, q.dir)
    }
}

/// The visible region from `origin` past `segments`, inside the square of half-size `bound`
/// around it: polygon vertices in lattice coordinates, counter-clockwise from the `+x` ray.
/// `crossings` names (by position in `segments`) every pair whose interiors cross properly
/// (see [`crossing_pairs`]); segments may also touch at end points, meet in T-joints and
/// overlap collinearly.
pub fn visibility(
    origin: LatticePoint,
    segments: impl IntoIterator<Item = (LatticePoint, LatticePoint)>,
    crossings: &[(u32, u32)],
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
    // Where each segment went in `edges` (none when it is collinear with the viewer).
    let mut edges: Vec<Edge> = Vec::new();
    let mut placed: Vec<u32> = Vec::new();
    for (a, b) in segments {
        match edge((a.minus(origin), b.minus(origin))) {
            Some(e) => {
                placed.push(edges.len() as u32);
                edges.push(e);
            }
            None => placed.push(u32::MAX),
        }
    }
    edges.extend(frame.filter_map(edge));
    let pairs = crossings.iter().filter_map(|&(i, j)| {
        let (s, t) = (*placed.get(i as usize)?, *placed.get(j as usize)?);
        (s != u32::MAX && t != u32::MAX).then_some((s, t))
    });
    let mut sweep = Sweep::new(&edges, pairs);
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
fn half(v: Dir) -> u8 {
    u8::from(!(v.y > 0 || (v.y == 0 && v.x > 0)))
}

/// Sorts `events` into exact angular order. The pseudo-angles are sorted first, as plain
/// numbers (a small key and an index, not whole events); a pair whose exact order could differ
/// from its keys' lies within [`PSEUDO_ANGLE_MARGIN`] of each other, and so does everything
/// between them, so sorting each run of keys closer than the margin exactly gives the exact
/// order of the whole.
fn sort_events(events: &mut Vec<Event>) {
    // Non-negative keys (with −0 made +0) order as their bit patterns do.
    let keys: Option<Vec<(u64, u32)>> = events
        .iter()
        .enumerate()
        .map(|(i, e)| (e.key >= 0.0).then(|| ((e.key + 0.0).to_bits(), i as u32)))
        .collect();
    let Some(mut keys) = keys else {
        // A NaN key (never expected): the exact comparison alone.
        events.sort_unstable_by(|p, q| wide_angle_cmp(p.dir, q.dir));
        return;
    };
    keys.sort_unstable();
    *events = keys.iter().map(|&(_, i)| events[i as usize]).collect();
    let mut start = 0;
    for i in 1..=events.len() {
        if i == events.len() || events[i].key - events[i - 1].key > PSEUDO_ANGLE_MARGIN {
            if i - start > 1 {
                events[start..i].sort_unstable_by(|p, q| wide_angle_cmp(p.dir, q.dir));
            }
            start = i;
        }
    }
}

/// Exact angular order of two nonzero directions, starting at `+x`.
pub fn angle_cmp(u: LatticePoint, v: LatticePoint) -> Ordering {
    wide_angle_cmp(u.into(), v.into())
}

fn wide_angle_cmp(u: Dir, v: Dir) -> Ordering {
    half(u).cmp(&half(v)).then_with(|| turn(u, v).reverse())
}

/// The sign of the cross product `u × v`: `Greater` when `v` is counter-clockwise of `u`.
/// Exact while the products fit in `i128` (crossings of walls up to about two thousand cells
/// long on maps as large as Lantern allows); past that, measured in `f64`.
fn turn(u: Dir, v: Dir) -> Ordering {
    // Nearly always every coordinate fits in `i64` (lattice points, and crossings of walls
    // shorter than about a thousand cells): then the products are exact widening multiplies,
    // with no overflow checks on 128-bit ones.
    if let (Ok(ux), Ok(uy), Ok(vx), Ok(vy)) = (
        i64::try_from(u.x),
        i64::try_from(u.y),
        i64::try_from(v.x),
        i64::try_from(v.y),
    ) {
        return (i128::from(ux) * i128::from(vy)).cmp(&(i128::from(uy) * i128::from(vx)));
    }
    match (u.x.checked_mul(v.y), u.y.checked_mul(v.x)) {
        (Some(p), Some(q)) => p.cmp(&q),
        _ => (u.x as f64 * v.y as f64)
            .partial_cmp(&(u.y as f64 * v.x as f64))
            .unwrap_or(Ordering::Equal),
    }
}

/// The direction from the viewer to where the edges `s` and `t` cross, which they must do
/// properly: `s.a + (s.b − s.a)·num/den`, scaled by `den > 0`.
fn crossing_dir(s: &Edge, t: &Edge) -> Dir {
    let (ab, cd) = (s.b.minus(s.a), t.b.minus(t.a));
    let num = i128::from(cross(t.a.minus(s.a), cd));
    let den = i128::from(cross(ab, cd));
    let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
    Dir {
        x: i128::from(s.a.x) * den + i128::from(ab.x) * num,
        y: i128::from(s.a.y) * den + i128::from(ab.y) * num,
    }
}

/// Whether `s` is nearer the viewer than `t` on the rays both cover, or `None` if they cross
/// (then the answer flips at the crossing: see [`Sweep::nearer`]).
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

/// Where the ray from the viewer along `dir` meets the line of `e`: `e.a + (e.b − e.a)·s`. The
/// same for every event at one angle, whichever of them opens the run of events there: `s` is
/// a ratio of two exact integers, each linear in `dir`, so while both fit an `f64` exactly the
/// one rounding of their quotient does not see the scale of `dir`; past that, `dir` is first
/// reduced to its shortest lattice vector.
fn hit(e: &Edge, dir: Dir) -> (f64, f64) {
    if turn(dir, e.a.into()) == Ordering::Equal {
        return (e.a.x as f64, e.a.y as f64);
    }
    if turn(dir, e.b.into()) == Ordering::Equal {
        return (e.b.x as f64, e.b.y as f64);
    }
    let along = e.b.minus(e.a);
    let s = exact_ratio(dir, e.a, along).unwrap_or_else(|| {
        let d = primitive(dir);
        exact_ratio(d, e.a, along).unwrap_or_else(|| {
            let (ax, ay) = (e.a.x as f64, e.a.y as f64);
            let (ex, ey) = (along.x as f64, along.y as f64);
            let (dx, dy) = (d.x as f64, d.y as f64);
            (ax * dy - ay * dx) / (dx * ey - dy * ex)
        })
    });
    (
        e.a.x as f64 + along.x as f64 * s,
        e.a.y as f64 + along.y as f64 * s,
    )
}

/// `(a × dir) / (dir × along)`, where the ray along `dir` meets the line `a + along·s`, when
/// the divisor is nonzero and both are integers an `f64` holds exactly.
fn exact_ratio(dir: Dir, a: LatticePoint, along: LatticePoint) -> Option<f64> {
    const EXACT: u128 = 1 << f64::MANTISSA_DIGITS;
    let (dx, dy) = (i64::try_from(dir.x).ok()?, i64::try_from(dir.y).ok()?);
    let wide = |p: i64, q: i64| i128::from(p) * i128::from(q);
    let num = wide(a.x, dy) - wide(a.y, dx);
    let den = wide(dx, along.y) - wide(dy, along.x);
    (den != 0 && num.unsigned_abs() <= EXACT && den.unsigned_abs() <= EXACT)
        .then(|| num as f64 / den as f64)
}

/// `v` divided by the greatest common divisor of its coordinates (for [`hit`]'s rare wide case).
fn primitive(v: Dir) -> Dir {
    let (mut a, mut b) = (v.x.unsigned_abs(), v.y.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    if let Ok(g) = i128::try_from(a)
        && g > 1
    {
        Dir {
            x: v.x / g,
            y: v.y / g,
        }
    } else {
        v
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
    fn new(edges: &'a [Edge], crossings: impl Iterator<Item = (u32, u32)>) -> Self {
        let mut events = Vec::with_capacity(edges.len() * 2);
        for (i, e) in edges.iter().enumerate() {
            events.push(Event::new(e.a.into(), i as u32, Kind::Start));
            events.push(Event::new(e.b.into(), i as u32, Kind::End));
        }
        for (s, t) in crossings {
            let (es, et) = (&edges[s as usize], &edges[t as usize]);
            // Only a proper crossing flips the order (the scene lists no other).
            if in_front(es, et).is_none() {
                events.push(Event::new(crossing_dir(es, et), s, Kind::Cross(t)));
            }
        }
        sort_events(&mut events);
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
        let x_axis = Dir::from(LatticePoint::new(1, 0));
        let mut i = 0;
        let mut dir = x_axis;
        loop {
            let group_end = self.group_end(i, dir);
            let next_dir = self.events.get(group_end).map_or(x_axis, |e| e.dir);
            self.step(i, group_end, dir);
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
    fn group_end(&self, i: usize, dir: Dir) -> usize {
        let at = Event::new(dir, 0, Kind::Start);
        let mut j = i;
        while j < self.events.len() && event_cmp(&self.events[j], &at) == Ordering::Equal {
            j += 1;
        }
        j
    }

    /// Applies the events `[from, to)` at angle `dir` and emits the vertices they cause.
    fn step(&mut self, from: usize, to: usize, dir: Dir) {
        let before = self.nearest;
        let mut lost = false;
        for k in from..to {
            let ev = self.events[k];
            match ev.kind {
                Kind::End => {
                    lost |= before == Some(ev.edge);
                    self.remove(ev.edge);
                }
                // The nearest edge may pass behind the one crossing it: look again.
                Kind::Cross(other) => lost |= before == Some(ev.edge) || before == Some(other),
                Kind::Start => {}
            }
        }
        let mut nearest = if lost { None } else { before };
        if nearest.is_none() {
            nearest = self.scan(dir);
        }
        for k in from..to {
            let ev = self.events[k];
            if ev.kind == Kind::Start {
                self.insert(ev.edge);
                nearest = Some(match nearest {
                    Some(n) => self.nearer(n, ev.edge, dir),
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

    /// The nearest active edge on the wedge from `dir` to the next event.
    fn scan(&self, dir: Dir) -> Option<u32> {
        let mut best: Option<u32> = None;
        for &e in &self.active {
            best = Some(match best {
                Some(b) => self.nearer(b, e, dir),
                None => e,
            });
        }
        best
    }

    /// The nearer of two active edges on the wedge from `dir` to the next event.
    fn nearer(&self, s: u32, t: u32, dir: Dir) -> u32 {
        let (es, et) = (&self.edges[s as usize], &self.edges[t as usize]);
        let s_first = in_front(es, et).unwrap_or_else(|| {
            // They cross, and the crossing is an event, so the wedge lies wholly before it or
            // starts at or after it (both edges span less than a half turn, so the sign of one
            // cross product says which). Past the crossing, `t` runs on towards `t.b`: `s` is in
            // front if that end lies beyond `s`; before it, if `t.a` does.
            let past = turn(crossing_dir(es, et), dir) != Ordering::Less;
            let t_end = if past { et.b } else { et.a };
            orient(es.a, es.b, t_end) < 0
        });
        if s_first { s } else { t }
    }

    fn push(&mut self, p: (f64, f64)) {
        if self.points.last() != Some(&p) {
            self.points.push(p);
        }
    }
}

/// The pairs `(i, j)`, `i < j`, of segments whose interiors cross properly (each one's ends
/// strictly on both sides of the other's line), for [`visibility`]. `near(i)` lists the
/// segments whose bounding boxes may meet segment `i`'s. `tiling(i)` says segment `i` is an edge
/// of a tiling (an obstacle cell's): two of those never cross, so only the others are looked up,
/// and a map of a million obstacle edges costs what its walls do.
pub fn crossing_pairs(
    count: usize,
    ends: impl Fn(usize) -> (LatticePoint, LatticePoint),
    tiling: impl Fn(usize) -> bool,
    near: impl Fn(usize, &mut Vec<u32>),
) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut candidates = Vec::new();
    for i in 0..count {
        if tiling(i) {
            continue;
        }
        let (a, b) = ends(i);
        candidates.clear();
        near(i, &mut candidates);
        for &j in &candidates {
            let (c, d) = ends(j as usize);
            // A tiling edge never looks its own crossings up: it is found from the other side.
            if ((j as usize) > i || tiling(j as usize))
                && orient(c, d, a) * orient(c, d, b) < 0
                && orient(a, b, c) * orient(a, b, d) < 0
            {
                out.push((i.min(j as usize) as u32, i.max(j as usize) as u32));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
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
    fn events_sort_in_exact_angular_order_ties_and_near_ties_included() {
        // Small coordinates give many exact ties; large ones pairs a hair apart in angle.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: i64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % (2 * n as u64 + 1)) as i64 - n
        };
        let mut events = Vec::new();
        for i in 0..4000 {
            let n = if i % 2 == 0 { 6 } else { 1 << 40 };
            let (x, y) = (next(n), next(n));
            if (x, y) != (0, 0) {
                let dir = Dir {
                    x: i128::from(x),
                    y: i128::from(y),
                };
                events.push(Event::new(dir, i, Kind::Start));
                // The same direction scaled, and one a unit off at a large scale.
                let k = 1 << 20;
                let far = Dir {
                    x: dir.x * k,
                    y: dir.y * k + 1,
                };
                events.push(Event::new(far, i, Kind::End));
            }
        }
        sort_events(&mut events);
        for pair in events.windows(2) {
            assert_ne!(
                wide_angle_cmp(pair[0].dir, pair[1].dir),
                Ordering::Greater,
                "{pair:?}"
            );
        }
    }

    #[test]
    fn directions_reduce_to_their_shortest_lattice_vector() {
        let d = |x: i128, y: i128| Dir { x, y };
        assert_eq!(primitive(d(12, -18)), d(2, -3));
        assert_eq!(primitive(d(0, -7)), d(0, -1));
        assert_eq!(primitive(d(5, 0)), d(1, 0));
        assert_eq!(primitive(d(-7, 5)), d(-7, 5));
        // Past 64 bits: 2⁷⁰·3 and 2⁷⁰·5.
        assert_eq!(primitive(d(3 << 70, -(5 << 70))), d(3, -5));
    }

    #[test]
    fn a_hit_is_the_same_point_for_every_vector_along_the_ray() {
        // Whichever event opens a run at one angle, the polygon gets the same rounded point.
        let e = Edge {
            a: pt(7, -3),
            b: pt(2, 9),
        };
        let d = Dir { x: 3, y: 1 };
        let p = hit(&e, d);
        for k in [3_i128, 1 << 20, 12_345_678_901, 1 << 60, 1 << 70] {
            assert_eq!(hit(&e, Dir { x: 3 * k, y: k }), p, "scaled by {k}");
        }
    }

    #[test]
    fn an_empty_scene_shows_the_frame() {
        let poly = visibility(pt(5, 5), [], &[], 10);
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
        let poly = visibility(pt(0, 0), [(pt(3, -2), pt(3, 2))], &[], 100);
        assert!(poly.contains(&(3.0, -2.0)) && poly.contains(&(3.0, 2.0)));
        assert!(poly.iter().all(|&(x, y)| x <= 3.0 || y.abs() > 2.0 - 1e-9));
    }

    #[test]
    fn crossing_walls_are_listed_once_and_touching_ones_not() {
        let segs = [
            (pt(0, 0), pt(10, 10)),
            (pt(0, 10), pt(10, 0)),
            (pt(10, 10), pt(20, 0)),
        ];
        let pairs = crossing_pairs(
            segs.len(),
            |i| segs[i],
            |_| false,
            |_, out| out.extend([0, 1, 2]),
        );
        assert_eq!(pairs, vec![(0, 1)]);
    }

    #[test]
    fn a_crossing_swaps_the_nearest_wall_where_the_walls_meet() {
        // Walls from (10, -10) to (10, 10) and from (5, -10) to (15, 10) cross at (10, 0): the
        // second is nearer below the x axis and the first above it.
        let segs = [(pt(10, -10), pt(10, 10)), (pt(5, -10), pt(15, 10))];
        let poly = visibility(pt(0, 0), segs, &[(0, 1)], 100);
        assert!(poly.contains(&(10.0, 0.0)), "{poly:?}");
        // Along the ray towards (10, -5) the second wall is hit first, at (7.5, -5); towards
        // (10, 5) the first, at (10, 5): no vertex lies beyond either wall there.
        assert!(
            poly.contains(&(5.0, -10.0)) && poly.contains(&(10.0, 10.0)),
            "{poly:?}"
        );
        assert!(
            !poly.contains(&(15.0, 10.0)) && !poly.contains(&(10.0, -10.0)),
            "{poly:?}"
        );
    }
}
