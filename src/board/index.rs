//! A uniform grid of buckets over the lattice: which segments lie near a sight line.
//!
//! Maps are a few hundred cells across and walls are short, so fixed buckets a few cells wide
//! beat a tree: building is one pass, and a query walks only the buckets a line crosses, in order
//! from its start, so a blocked line stops after a few buckets.

use super::lattice::LatticePoint;

/// One straight piece of a blocker on the lattice, with the index of what it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub a: LatticePoint,
    pub b: LatticePoint,
    /// Index into the owner's list of blockers (walls, obstacle cells, tokens).
    pub source: u32,
}

/// Segments bucketed on a uniform grid.
#[derive(Clone, Debug, Default)]
pub struct BucketIndex {
    pub segments: Vec<Segment>,
    origin: LatticePoint,
    bucket: i64,
    cols: i64,
    rows: i64,
    buckets: Vec<Vec<u32>>,
}

impl BucketIndex {
    /// Buckets of `bucket` lattice units covering the segments within `area` (the map's extent,
    /// `[lo, hi]`). The grid is sized by the map, never by an outlier: segments beyond `area`
    /// fall into its edge buckets, which every query visits too, so nothing is missed.
    pub fn new(segments: Vec<Segment>, bucket: i64, area: (LatticePoint, LatticePoint)) -> Self {
        let bucket = bucket.max(1);
        let (mut lo, mut hi) = (
            LatticePoint::new(i64::MAX, i64::MAX),
            LatticePoint::new(i64::MIN, i64::MIN),
        );
        for s in &segments {
            lo = LatticePoint::new(lo.x.min(s.a.x.min(s.b.x)), lo.y.min(s.a.y.min(s.b.y)));
            hi = LatticePoint::new(hi.x.max(s.a.x.max(s.b.x)), hi.y.max(s.a.y.max(s.b.y)));
        }
        if segments.is_empty() {
            return Self {
                bucket,
                ..Self::default()
            };
        }
        let (area_lo, area_hi) = area;
        let lo = LatticePoint::new(
            lo.x.clamp(area_lo.x, area_hi.x),
            lo.y.clamp(area_lo.y, area_hi.y),
        );
        let hi = LatticePoint::new(
            hi.x.clamp(area_lo.x, area_hi.x),
            hi.y.clamp(area_lo.y, area_hi.y),
        );
        let cols = (hi.x - lo.x) / bucket + 1;
        let rows = (hi.y - lo.y) / bucket + 1;
        let mut index = Self {
            segments: Vec::new(),
            origin: lo,
            bucket,
            cols,
            rows,
            buckets: vec![Vec::new(); (cols * rows) as usize],
        };
        for (i, s) in segments.iter().enumerate() {
            let (c0, c1) = index.span(s.a.x.min(s.b.x), s.a.x.max(s.b.x), lo.x, cols);
            let (r0, r1) = index.span(s.a.y.min(s.b.y), s.a.y.max(s.b.y), lo.y, rows);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    index.buckets[(r * cols + c) as usize].push(i as u32);
                }
            }
        }
        index.segments = segments;
        index
    }

    /// The bucket range `[first, last]` a closed coordinate range touches, clamped to the grid.
    /// A value on a bucket boundary belongs to both neighbours, so touching is never missed.
    fn span(&self, min: i64, max: i64, origin: i64, count: i64) -> (i64, i64) {
        let first = (min - origin - 1)
            .div_euclid(self.bucket)
            .clamp(0, count - 1);
        let last = (max - origin + 1)
            .div_euclid(self.bucket)
            .clamp(0, count - 1);
        (first, last)
    }

    /// Calls `visit` with every segment in a bucket the segment `p → q` crosses, roughly in
    /// order from `p`; stops early when `visit` returns `true`. A segment may be visited twice.
    pub fn visit_along(
        &self,
        p: LatticePoint,
        q: LatticePoint,
        mut visit: impl FnMut(&Segment) -> bool,
    ) -> bool {
        if self.segments.is_empty() {
            return false;
        }
        let (c0, c1) = self.span(p.x.min(q.x), p.x.max(q.x), self.origin.x, self.cols);
        for i in 0..=(c1 - c0) {
            // Walk columns from p's side so a blocked line stops near its start.
            let c = if p.x <= q.x { c0 + i } else { c1 - i };
            let (r0, r1) = self.rows_in_column(p, q, c);
            let mut visit_row = |r: i64| {
                self.buckets[(r * self.cols + c) as usize]
                    .iter()
                    .any(|&i| visit(&self.segments[i as usize]))
            };
            let hit = if p.y <= q.y {
                (r0..=r1).any(&mut visit_row)
            } else {
                (r0..=r1).rev().any(&mut visit_row)
            };
            if hit {
                return true;
            }
        }
        false
    }

    /// The rows a segment occupies within bucket column `column` (conservative by a unit).
    fn rows_in_column(&self, from: LatticePoint, to: LatticePoint, column: i64) -> (i64, i64) {
        if from.x == to.x {
            return self.span(
                from.y.min(to.y) - 1,
                from.y.max(to.y) + 1,
                self.origin.y,
                self.rows,
            );
        }
        let (min_x, max_x) = (from.x.min(to.x), from.x.max(to.x));
        // Edge columns also hold everything beyond the grid, so they reach to the line's ends.
        let left = if column == 0 {
            min_x
        } else {
            (self.origin.x + column * self.bucket).max(min_x)
        };
        let right = if column == self.cols - 1 {
            max_x
        } else {
            (self.origin.x + (column + 1) * self.bucket).min(max_x)
        };
        let slope = (to.y - from.y) as f64 / (to.x - from.x) as f64;
        let y_at = |x: i64| from.y as f64 + slope * (x - from.x) as f64;
        let (ya, yb) = (y_at(left), y_at(right));
        let (low, high) = (ya.min(yb), ya.max(yb));
        self.span(
            low.floor() as i64 - 1,
            high.ceil() as i64 + 1,
            self.origin.y,
            self.rows,
        )
    }

    /// Calls `visit` with every segment whose bucket overlaps the box `[lo, hi]`.
    pub fn visit_box(&self, lo: LatticePoint, hi: LatticePoint, mut visit: impl FnMut(&Segment)) {
        if self.segments.is_empty() {
            return;
        }
        let (c0, c1) = self.span(lo.x, hi.x, self.origin.x, self.cols);
        let (r0, r1) = self.span(lo.y, hi.y, self.origin.y, self.rows);
        for r in r0..=r1 {
            for c in c0..=c1 {
                for &i in &self.buckets[(r * self.cols + c) as usize] {
                    visit(&self.segments[i as usize]);
                }
            }
        }
    }

    /// The ids (positions in [`Self::segments`]) of every segment whose bucket overlaps the box
    /// `[lo, hi]`, each once, in increasing order, appended to `out`.
    pub fn visit_box_ids(&self, lo: LatticePoint, hi: LatticePoint, out: &mut Vec<u32>) {
        if self.segments.is_empty() {
            return;
        }
        let start = out.len();
        let (c0, c1) = self.span(lo.x, hi.x, self.origin.x, self.cols);
        let (r0, r1) = self.span(lo.y, hi.y, self.origin.y, self.rows);
        for r in r0..=r1 {
            for c in c0..=c1 {
                out.extend_from_slice(&self.buckets[(r * self.cols + c) as usize]);
            }
        }
        let mut found = out.split_off(start);
        found.sort_unstable();
        found.dedup();
        out.extend(found);
    }
}
