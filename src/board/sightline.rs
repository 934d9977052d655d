//! Whether one sight line is clear: the exact predicate behind every cover verdict.
//!
//! A line `p → q` is clear when some arbitrarily small shift of it misses every blocker, where
//! each end may be nudged around its point but not across a wall through it. The shifted line's
//! sideways offset is linear along the line, so it passes every contact point on one side, or
//! switches side once in a gap between contacts. Each contact point only says which sides are
//! free there:
//! - a blocker segment crossing the line's interior properly leaves no side;
//! - a segment ending on the line (a wall's free end, a cell's corner) closes the side it lies on;
//! - a segment along the line closes no side, but the shifted line may not switch sides there.
//!
//! At an end, the nudged point must be reachable from inside the cell it belongs to by turning
//! around the end without crossing a blocker piece that meets it; that is what makes a corner on
//! a long wall blind beyond the wall, while a wall's free end can be peeked around.
//!
//! Solid blockers (obstacle cells, hostile tokens) enter as their outline segments: a line that
//! enters a solid must cross or touch its outline from both sides.
//!
//! A line whose two ends are the same point (two touching cells sharing a corner) has no
//! direction: only blocker pieces passing through that point matter, and the line is clear when
//! one can turn around the point from inside the first cell to inside the second, one way or the
//! other, without crossing such a piece (a wall ending at the point can be peeked around; one
//! running through it cannot).

use super::index::Segment;
use super::lattice::{LatticePoint, cross, dot, orient};

/// One end of a sight line: its point and a point inside the cell it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineEnd {
    /// Where the line ends (a cell corner, or a token's centre on gridless maps).
    pub point: LatticePoint,
    /// A point inside the cell the end belongs to: the nudged end starts from that side.
    pub inside: LatticePoint,
}

/// Which sides a shifted line may pass a stretch of contact on.
#[derive(Clone, Copy, Debug)]
struct Contact {
    from: i64,
    to: i64,
    left: bool,
    right: bool,
    source: u32,
}

/// A blocker piece meeting an end of the line, as a direction away from that end.
#[derive(Clone, Copy, Debug)]
struct EndRay {
    at_start: bool,
    dir: LatticePoint,
    source: u32,
}

/// Accumulates what the candidate segments do to the line `p → q`.
pub struct LineTrace {
    p: LineEnd,
    q: LineEnd,
    d: LatticePoint,
    length2: i64,
    contacts: Vec<Contact>,
    rays: Vec<EndRay>,
    crossed: Option<Segment>,
}

impl LineTrace {
    /// A trace of the line `p → q` with no blockers yet.
    pub fn new(p: LineEnd, q: LineEnd) -> Self {
        let d = q.point.minus(p.point);
        Self {
            p,
            q,
            d,
            length2: dot(d, d),
            contacts: Vec::new(),
            rays: Vec::new(),
            crossed: None,
        }
    }

    /// The segment that crosses the line properly, once one was found.
    pub fn crossing(&self) -> Option<Segment> {
        self.crossed
    }

    /// Adds one blocker segment. Returns `true` when the line is certainly blocked (a proper
    /// crossing), so callers can stop looking.
    pub fn add(&mut self, s: &Segment) -> bool {
        let (p, q) = (self.p.point, self.q.point);
        if p == q {
            // A point line: only a piece through the point matters (see the module docs).
            if orient(s.a(), s.b(), p) == 0 && dot(s.a().minus(p), s.b().minus(p)) <= 0 {
                self.push_ray(true, s.a().minus(p), s.source);
                self.push_ray(true, s.b().minus(p), s.source);
            }
            return false;
        }
        let (oa, ob) = (orient(p, q, s.a()), orient(p, q, s.b()));
        if oa == ob && oa != 0 {
            return false;
        }
        if oa == 0 && ob == 0 {
            self.add_collinear(s);
        } else if oa == 0 {
            self.add_touch(s.a(), s.b(), ob, s.source);
        } else if ob == 0 {
            self.add_touch(s.b(), s.a(), oa, s.source);
        } else {
            let (op, oq) = (orient(s.a(), s.b(), p), orient(s.a(), s.b(), q));
            if op != 0 && oq != 0 && op != oq {
                self.crossed = Some(*s);
                return true;
            }
            for (at_start, o, end) in [(true, op, p), (false, oq, q)] {
                if o == 0 {
                    self.push_ray(at_start, s.a().minus(end), s.source);
                    self.push_ray(at_start, s.b().minus(end), s.source);
                }
            }
        }
        false
    }

    /// Where `x` (on the line) sits along it, from 0 at `p` to `length2` at `q`.
    fn along(&self, x: LatticePoint) -> i64 {
        dot(x.minus(self.p.point), self.d)
    }

    fn push_ray(&mut self, at_start: bool, dir: LatticePoint, source: u32) {
        if dir != LatticePoint::default() {
            self.rays.push(EndRay {
                at_start,
                dir,
                source,
            });
        }
    }

    /// A segment with one end `on` the line and the other `off` it, on side `side`.
    fn add_touch(&mut self, on: LatticePoint, off: LatticePoint, side: i64, source: u32) {
        let t = self.along(on);
        if t < 0 || t > self.length2 {
            return;
        }
        if t == 0 {
            self.push_ray(true, off.minus(on), source);
        } else if t == self.length2 {
            self.push_ray(false, off.minus(on), source);
        } else {
            self.contacts.push(Contact {
                from: t,
                to: t,
                // The piece closes the side it lies on.
                left: side > 0,
                right: side < 0,
                source,
            });
        }
    }

    /// A segment lying along the line.
    fn add_collinear(&mut self, s: &Segment) {
        let (ta, tb) = (self.along(s.a()), self.along(s.b()));
        let (lo, hi) = (ta.min(tb), ta.max(tb));
        if hi < 0 || lo > self.length2 {
            return;
        }
        self.contacts.push(Contact {
            from: lo.max(0),
            to: hi.min(self.length2),
            left: true,
            right: true,
            source: s.source,
        });
        for (at_start, end) in [(true, self.p.point), (false, self.q.point)] {
            let t = self.along(end);
            if lo <= t && t <= hi {
                self.push_ray(at_start, s.a().minus(end), s.source);
                self.push_ray(at_start, s.b().minus(end), s.source);
            }
        }
    }

    /// The verdict: `None` when the line is clear, else the source of a blocker that stops it.
    pub fn blocker(mut self) -> Option<u32> {
        if let Some(s) = self.crossed {
            return Some(s.source);
        }
        if self.length2 == 0 {
            return self.point_blocker();
        }
        if self.contacts.is_empty() && self.rays.is_empty() {
            return None;
        }
        let fallback = self
            .contacts
            .iter()
            .find(|c| !(c.left && c.right))
            .map(|c| c.source)
            .or_else(|| self.rays.first().map(|r| r.source));
        let start = self.end_contact(true);
        let end = self.end_contact(false);
        self.contacts.push(start);
        self.contacts.push(end);
        self.contacts.sort_unstable_by_key(|c| (c.from, c.to));
        let groups = merge_groups(&self.contacts);
        if passable(&groups) {
            None
        } else {
            groups
                .iter()
                .find(|g| !g.left || !g.right)
                .map(|g| g.source)
                .or(fallback)
                .or(Some(0))
        }
    }

    /// The verdict of a line whose ends are one point: clear when a turn around the point, one
    /// way or the other, leads from inside the first cell to inside the second without crossing
    /// a blocker piece through the point.
    fn point_blocker(&self) -> Option<u32> {
        let first = self.rays.first()?.source;
        let from = self.p.inside.minus(self.p.point);
        let to = self.q.inside.minus(self.q.point);
        let zero = LatticePoint::default();
        let along = |a: LatticePoint, b: LatticePoint| cross(a, b) == 0 && dot(a, b) > 0;
        if self
            .rays
            .iter()
            .any(|r| (from != zero && along(r.dir, from)) || (to != zero && along(r.dir, to)))
        {
            return Some(first);
        }
        if from == zero || to == zero || along(from, to) {
            // A centre end may leave in any direction, and two ends inside the same wedge need
            // no turn at all.
            return None;
        }
        // Angles are counted counter-clockwise from `from`; a ray strictly before `to` lies on
        // the counter-clockwise turn, one after it on the clockwise turn.
        let before = |a: LatticePoint, b: LatticePoint| {
            let (ha, hb) = (half(a, from), half(b, from));
            if ha == hb { cross(a, b) > 0 } else { ha < hb }
        };
        let ccw_blocked = self.rays.iter().any(|r| before(r.dir, to));
        let cw_blocked = self.rays.iter().any(|r| before(to, r.dir));
        if ccw_blocked && cw_blocked {
            Some(first)
        } else {
            None
        }
    }

    /// The sides a nudged end may take, as a contact at that end.
    fn end_contact(&self, at_start: bool) -> Contact {
        let end = if at_start { self.p } else { self.q };
        let t = if at_start { 0 } else { self.length2 };
        let side_free = |side: i64| self.end_side_free(at_start, end, side);
        Contact {
            from: t,
            to: t,
            left: side_free(-1),
            right: side_free(1),
            source: self
                .rays
                .iter()
                .find(|r| r.at_start == at_start)
                .map_or(0, |r| r.source),
        }
    }

    /// Whether the end can be nudged to `side` (sign of `cross(d, offset)`) without crossing a
    /// blocker piece that meets the end, starting from inside its own cell.
    fn end_side_free(&self, at_start: bool, end: LineEnd, side: i64) -> bool {
        let rays = || self.rays.iter().filter(|r| r.at_start == at_start);
        if rays().next().is_none() {
            return true;
        }
        // The nudged end sits just beside the line: beside `d` at the start, beside `-d` at the
        // end. Side +1 is counter-clockwise of `d` and clockwise of `-d`.
        let (axis, eps) = if at_start {
            (self.d, side)
        } else {
            (LatticePoint::new(-self.d.x, -self.d.y), -side)
        };
        let m = end.inside.minus(end.point);
        if m == LatticePoint::default() {
            return !rays().any(|r| cross(r.dir, axis) == 0 && dot(r.dir, axis) > 0);
        }
        let (mut ccw_blocked, mut cw_blocked) = (false, false);
        for r in rays() {
            if cross(m, r.dir) == 0 && dot(m, r.dir) > 0 {
                return false;
            }
            if ray_before(r.dir, axis, eps, m) {
                ccw_blocked = true;
            } else {
                cw_blocked = true;
            }
        }
        !(ccw_blocked && cw_blocked)
    }
}

/// The counter-clockwise half-turn `v` lies in, seen from `m`: `0` for `[0, π)`, `1` for `[π, 2π)`.
fn half(v: LatticePoint, m: LatticePoint) -> u8 {
    let c = cross(m, v);
    u8::from(!(c > 0 || (c == 0 && dot(m, v) > 0)))
}

/// Whether `ray` comes before the direction `axis` turned infinitesimally by `eps` (±1,
/// counter-clockwise positive), turning counter-clockwise from `m`. `ray` is not `m` itself.
fn ray_before(ray: LatticePoint, axis: LatticePoint, eps: i64, m: LatticePoint) -> bool {
    if cross(m, axis) == 0 && dot(m, axis) > 0 {
        // The target hugs `m`: just after it (nothing comes first) or just before a full turn.
        return eps < 0;
    }
    if cross(ray, axis) == 0 && dot(ray, axis) > 0 {
        return eps > 0;
    }
    let (hr, ha) = (half(ray, m), half(axis, m));
    if hr == ha {
        cross(ray, axis) > 0
    } else {
        hr < ha
    }
}

/// A run of contacts the shifted line must pass on one side.
#[derive(Clone, Copy, Debug)]
struct Group {
    left: bool,
    right: bool,
    source: u32,
}

/// Joins contacts that touch or overlap: the line cannot switch sides inside one.
fn merge_groups(sorted: &[Contact]) -> Vec<Group> {
    let mut groups: Vec<(i64, Group)> = Vec::with_capacity(sorted.len());
    for c in sorted {
        match groups.last_mut() {
            Some((to, g)) if c.from <= *to => {
                *to = (*to).max(c.to);
                if !(c.left && c.right) && g.left && g.right {
                    g.source = c.source;
                }
                g.left &= c.left;
                g.right &= c.right;
            }
            _ => groups.push((
                c.to,
                Group {
                    left: c.left,
                    right: c.right,
                    source: c.source,
                },
            )),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// Whether one side throughout, or one switch of side between groups, passes every group.
fn passable(groups: &[Group]) -> bool {
    for first_left in [true, false] {
        let allows = |g: &Group, left: bool| if left { g.left } else { g.right };
        // The longest prefix passable on the first side, then the rest on the other.
        let prefix = groups.iter().take_while(|g| allows(g, first_left)).count();
        if prefix == groups.len() || groups[prefix..].iter().all(|g| allows(g, !first_left)) {
            return true;
        }
    }
    false
}

/// Whether `s` crosses the open segment `p → q` at a point interior to both: such a line is
/// blocked whatever else lies around it.
pub fn crosses_properly(p: LatticePoint, q: LatticePoint, s: &Segment) -> bool {
    let (oa, ob) = (orient(p, q, s.a()), orient(p, q, s.b()));
    let (op, oq) = (orient(s.a(), s.b(), p), orient(s.a(), s.b(), q));
    oa * ob < 0 && op * oq < 0
}

#[cfg(test)]
mod tests {
    use super::*;

    type Pair = (i64, i64);

    fn pt(x: i64, y: i64) -> LatticePoint {
        LatticePoint::new(x, y)
    }

    /// Traces `p → q` (each end's cell interior towards `pi`, `qi`) past wall segments.
    fn clear(p: Pair, pi: Pair, q: Pair, qi: Pair, walls: &[(Pair, Pair)]) -> bool {
        let mut t = LineTrace::new(
            LineEnd {
                point: pt(p.0, p.1),
                inside: pt(pi.0, pi.1),
            },
            LineEnd {
                point: pt(q.0, q.1),
                inside: pt(qi.0, qi.1),
            },
        );
        for (i, (a, b)) in walls.iter().enumerate() {
            t.add(&Segment::new(pt(a.0, a.1), pt(b.0, b.1), i as u32));
        }
        t.blocker().is_none()
    }

    #[test]
    fn grazing_a_free_end_is_clear_and_crossing_is_not() {
        let (p, q) = ((0, 0), (10, 0));
        assert!(clear(p, (-1, 1), q, (11, 1), &[((5, 0), (5, 9))]));
        assert!(!clear(p, (-1, 1), q, (11, 1), &[((5, -1), (5, 9))]));
    }

    #[test]
    fn the_joint_of_two_pieces_blocks_and_a_collinear_wall_does_not() {
        let (p, q) = ((0, 0), (10, 0));
        assert!(!clear(
            p,
            (-1, 1),
            q,
            (11, 1),
            &[((5, -9), (5, 0)), ((5, 0), (5, 9))]
        ));
        assert!(clear(p, (-1, 1), q, (11, 1), &[((2, 0), (8, 0))]));
    }

    #[test]
    fn an_end_on_a_long_wall_cannot_be_nudged_across_it() {
        // The start's own cell lies left of the wall x = 0 through it.
        assert!(!clear(
            (0, 0),
            (-1, 1),
            (10, 0),
            (11, 1),
            &[((0, -9), (0, 9))]
        ));
        // A wall merely ending at the start can be stepped around.
        assert!(clear(
            (0, 0),
            (-1, 1),
            (10, 0),
            (11, 1),
            &[((0, -9), (0, 0))]
        ));
    }

    #[test]
    fn a_point_line_sees_past_walls_elsewhere_and_around_a_wall_end() {
        // Two cells side by side, the line from the shared corner (0,0) to itself.
        let (p, left, right) = ((0, 0), (-1, 1), (1, 1));
        assert!(clear(p, left, p, right, &[((5, 5), (9, 5))]));
        // A wall along the shared side ends at the point: turn the other way round it.
        assert!(clear(p, left, p, right, &[((0, 0), (0, 9))]));
        // The same wall running on past the point closes both turns.
        assert!(!clear(p, left, p, right, &[((0, -9), (0, 9))]));
    }
}
