//! Obstacle polygons as solids: a line through the inside is blocked, not only one that cuts
//! the outline.
//!
//! The outline pieces already go through the exact sight-line predicate with the walls, which
//! settles lines that cross an edge, pinch through a vertex, graze a vertex or run along a face
//! (GFH, Line of Sight & Cover: touching a corner or a face is clear). What the outline alone
//! misses is a line lying wholly inside: one whose ends are inside the polygon or on its boundary
//! and which never crosses it. So, exactly on the lattice: cut the line at every polygon vertex on
//! it, and the line passes through the inside when the midpoint of some piece is strictly inside
//! (midpoints are integral in doubled coordinates).

use super::lattice::{LatticePoint, dot, orient};

/// One obstacle polygon on the lattice.
#[derive(Clone, Debug)]
pub(crate) struct Solid {
    pub points: Vec<LatticePoint>,
    pub lo: LatticePoint,
    pub hi: LatticePoint,
    /// Index of its blocker in the scene's sources.
    pub source: u32,
}

impl Solid {
    /// The polygon through `points` (closed implicitly), or `None` if it encloses nothing.
    pub fn new(points: Vec<LatticePoint>, source: u32) -> Option<Self> {
        if points.len() < 3 {
            return None;
        }
        let lo = points.iter().fold(points[0], |m, p| {
            LatticePoint::new(m.x.min(p.x), m.y.min(p.y))
        });
        let hi = points.iter().fold(points[0], |m, p| {
            LatticePoint::new(m.x.max(p.x), m.y.max(p.y))
        });
        Some(Self {
            points,
            lo,
            hi,
            source,
        })
    }

    /// The polygon's edges.
    pub fn edges(&self) -> impl Iterator<Item = (LatticePoint, LatticePoint)> + '_ {
        let n = self.points.len();
        (0..n).map(move |i| (self.points[i], self.points[(i + 1) % n]))
    }

    /// Whether the bounding box of `p → q` meets the polygon's.
    pub fn near(&self, p: LatticePoint, q: LatticePoint) -> bool {
        p.x.max(q.x) >= self.lo.x
            && p.x.min(q.x) <= self.hi.x
            && p.y.max(q.y) >= self.lo.y
            && p.y.min(q.y) <= self.hi.y
    }

    /// Whether `p` lies strictly inside (not on the boundary).
    pub fn contains(&self, p: LatticePoint) -> bool {
        self.contains_doubled(LatticePoint::new(2 * p.x, 2 * p.y))
    }

    /// Whether the open segment `p → q` passes through the inside anywhere.
    pub fn blocks_line(&self, p: LatticePoint, q: LatticePoint) -> bool {
        if !self.near(p, q) || p == q {
            return false;
        }
        let dir = q.minus(p);
        let length2 = dot(dir, dir);
        let mut cuts = vec![0, length2];
        let mut stops = vec![p, q];
        for (a, b) in self.edges() {
            let (oa, ob) = (orient(p, q, a), orient(p, q, b));
            let (op, oq) = (orient(a, b, p), orient(a, b, q));
            if oa * ob < 0 && op * oq < 0 {
                // Crossing an edge's inside goes from outside to inside or back.
                return true;
            }
            let t = dot(a.minus(p), dir);
            if oa == 0 && 0 < t && t < length2 {
                cuts.push(t);
                stops.push(a);
            }
        }
        let mut order: Vec<usize> = (0..cuts.len()).collect();
        order.sort_unstable_by_key(|&i| cuts[i]);
        order.windows(2).any(|w| {
            let (from, to) = (stops[w[0]], stops[w[1]]);
            from != to && self.contains_doubled(LatticePoint::new(from.x + to.x, from.y + to.y))
        })
    }

    /// Whether `p2` (a point in doubled coordinates) lies strictly inside: even-odd crossings of
    /// a ray towards `+x`, with points on an edge counted as outside.
    fn contains_doubled(&self, p2: LatticePoint) -> bool {
        let mut inside = false;
        for (a, b) in self.edges() {
            let (a, b) = (
                LatticePoint::new(2 * a.x, 2 * a.y),
                LatticePoint::new(2 * b.x, 2 * b.y),
            );
            let on_line = orient(a, b, p2) == 0;
            let within = p2.x >= a.x.min(b.x)
                && p2.x <= a.x.max(b.x)
                && p2.y >= a.y.min(b.y)
                && p2.y <= a.y.max(b.y);
            if on_line && within {
                return false;
            }
            if (a.y > p2.y) != (b.y > p2.y) {
                // The edge spans the ray's height; count it if it passes right of the point.
                let side = orient(a, b, p2);
                if (b.y > a.y && side > 0) || (b.y < a.y && side < 0) {
                    inside = !inside;
                }
            }
        }
        inside
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: i64, y: i64) -> LatticePoint {
        LatticePoint::new(x, y)
    }

    fn square() -> Solid {
        Solid::new(vec![pt(0, 0), pt(10, 0), pt(10, 10), pt(0, 10)], 0).unwrap()
    }

    #[test]
    fn inside_outside_and_boundary() {
        let s = square();
        assert!(s.contains(pt(5, 5)));
        assert!(!s.contains(pt(10, 5)));
        assert!(!s.contains(pt(0, 0)));
        assert!(!s.contains(pt(11, 5)));
    }

    #[test]
    fn diagonal_and_inner_lines_are_blocked_faces_are_not() {
        let s = square();
        assert!(s.blocks_line(pt(0, 0), pt(10, 10)));
        assert!(s.blocks_line(pt(2, 2), pt(3, 8)));
        assert!(!s.blocks_line(pt(0, 0), pt(10, 0)));
        assert!(!s.blocks_line(pt(-5, 0), pt(20, 0)));
        assert!(!s.blocks_line(pt(-5, 5), pt(0, 10)));
    }

    #[test]
    fn a_reflex_corner_does_not_hide_the_inside() {
        // An L: the line through the reflex vertex (5, 5) runs inside on both sides of it.
        let l = Solid::new(
            vec![
                pt(0, 0),
                pt(10, 0),
                pt(10, 5),
                pt(5, 5),
                pt(5, 10),
                pt(0, 10),
            ],
            0,
        )
        .unwrap();
        assert!(l.blocks_line(pt(2, 8), pt(8, 2)));
    }
}
