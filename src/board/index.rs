//! A uniform grid of buckets over the lattice: which segments lie near a sight line.
//!
//! Maps are a few hundred cells across and walls are short, so fixed buckets a few cells wide
//! beat a tree: building is one pass, and a query walks only the buckets a line crosses, in order
//! from its start, so a blocked line stops after a few buckets.

use super::lattice::LatticePoint;

/// One straight piece of a blocker on the lattice, with the index of what it belongs to.
///
/// Its ends are kept as 32-bit lattice coordinates: 20 bytes a segment, not 40, because a map
/// of scattered obstacle cells has eight million of them and writing them was most of the
/// board's building. Every point on a board comes from a checked file or command, so it lies
/// within a few thousand cells of the map (`model::MIN_COORDINATE..=MAX_COORDINATE`): at most
/// about 13 million lattice steps on a hex map, far inside `i32`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    ends: [[i32; 2]; 2],
    /// Index into the owner's list of blockers (walls, obstacle cells, tokens).
    pub source: u32,
}

/// A lattice coordinate as stored in a [`Segment`] (saturating, see there).
fn narrow(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX })
}

impl Segment {
    pub fn new(a: LatticePoint, b: LatticePoint, source: u32) -> Self {
        Self {
            ends: [[narrow(a.x), narrow(a.y)], [narrow(b.x), narrow(b.y)]],
            source,
        }
    }

    /// The first end.
    pub fn a(&self) -> LatticePoint {
        let [x, y] = self.ends[0];
        LatticePoint::new(x.into(), y.into())
    }

    /// The second end.
    pub fn b(&self) -> LatticePoint {
        let [x, y] = self.ends[1];
        LatticePoint::new(x.into(), y.into())
    }
}

impl std::fmt::Debug for Segment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Segment")
            .field("a", &self.a())
            .field("b", &self.b())
            .field("source", &self.source)
            .finish_non_exhaustive()
    }
}

/// Segments bucketed on a uniform grid.
#[derive(Clone, Debug, Default)]
pub struct BucketIndex {
    pub segments: Vec<Segment>,
    origin: LatticePoint,
    /// A bucket's side is `1 << shift` lattice units.
    shift: u32,
    cols: i64,
    rows: i64,
    /// Bucket `b` holds the segment ids `ids[starts[b]..starts[b + 1]]`, in increasing order:
    /// one list for all buckets, filled by a counting pass, instead of a growing list each
    /// (eight million obstacle edges filled a quarter of a million lists a push at a time).
    starts: Vec<usize>,
    ids: Vec<u32>,
}

/// Segments from which an index is filled on more than one core: below it, starting threads
/// costs more than it saves.
const PARALLEL_FROM: usize = 200_000;

/// The exponent of the largest power of two at most `n` (for `n >= 1`), at most 2^40, far wider
/// than any map's lattice. Rounding down keeps buckets no coarser than asked: the nearest power
/// (4,096 for four square cells' 3,360) handed each cover line a third more candidates.
fn power_of_two_below(n: i64) -> u32 {
    n.max(1).ilog2().min(40)
}

impl BucketIndex {
    /// Buckets of about `bucket` lattice units (the largest power of two not above it, so that
    /// finding a bucket is a shift, not a division: eight million obstacle edges are each placed
    /// twice) covering the segments within `area` (the map's extent, `[lo, hi]`). The grid is
    /// sized by the map, never by an outlier: segments beyond `area` fall into its edge buckets,
    /// which every query visits too, so nothing is missed.
    pub fn new(segments: Vec<Segment>, bucket: i64, area: (LatticePoint, LatticePoint)) -> Self {
        let shift = power_of_two_below(bucket);
        let (mut lo, mut hi) = (
            LatticePoint::new(i64::MAX, i64::MAX),
            LatticePoint::new(i64::MIN, i64::MIN),
        );
        for s in &segments {
            lo = LatticePoint::new(
                lo.x.min(s.a().x.min(s.b().x)),
                lo.y.min(s.a().y.min(s.b().y)),
            );
            hi = LatticePoint::new(
                hi.x.max(s.a().x.max(s.b().x)),
                hi.y.max(s.a().y.max(s.b().y)),
            );
        }
        if segments.is_empty() {
            return Self {
                shift,
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
        let cols = ((hi.x - lo.x) >> shift) + 1;
        let rows = ((hi.y - lo.y) >> shift) + 1;
        let mut index = Self {
            segments: Vec::new(),
            origin: lo,
            shift,
            cols,
            rows,
            starts: Vec::new(),
            ids: Vec::new(),
        };
        // Bands of bucket rows, each filled on its own core: a large index (eight million
        // obstacle edges) is built in about half the time on two.
        let threads = if segments.len() < PARALLEL_FROM {
            1
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get().min(4)) as i64
        };
        let band = (rows + threads - 1) / threads;
        let bands: Vec<(i64, i64)> = (0..threads)
            .map(|t| (t * band, ((t + 1) * band).min(rows)))
            .filter(|(r0, r1)| r0 < r1)
            .collect();
        let filled: Vec<(Vec<usize>, Vec<u32>)> =
            super::cores::on_cores(bands, &|band| index.fill_band(&segments, band));
        let mut starts = Vec::with_capacity((cols * rows) as usize + 1);
        let mut ids = Vec::with_capacity(filled.iter().map(|(_, ids)| ids.len()).sum());
        starts.push(0);
        for (band_starts, band_ids) in filled {
            let offset = ids.len();
            starts.extend(band_starts[1..].iter().map(|s| s + offset));
            if ids.is_empty() {
                ids = band_ids;
            } else {
                ids.extend_from_slice(&band_ids);
            }
        }
        index.starts = starts;
        index.ids = ids;
        index.segments = segments;
        index
    }

    /// The buckets of rows `r0..r1`: each one's first slot (counted from the band's first
    /// bucket, with the band's total at the end), and their segment ids in segment order.
    fn fill_band(&self, segments: &[Segment], (r0, r1): (i64, i64)) -> (Vec<usize>, Vec<u32>) {
        let cols = self.cols;
        // A segment's buckets within the band: rows `y0..=y1` (possibly none) by `c0..=c1`.
        let boxes = |s: &Segment| {
            let (c0, c1) = self.span(
                s.a().x.min(s.b().x),
                s.a().x.max(s.b().x),
                self.origin.x,
                cols,
            );
            let (y0, y1) = self.span(
                s.a().y.min(s.b().y),
                s.a().y.max(s.b().y),
                self.origin.y,
                self.rows,
            );
            let (y0, y1) = (y0.max(r0) - r0, y1.min(r1 - 1) - r0);
            (c0 as usize, c1 as usize, y0, y1)
        };
        // Counted, then each bucket's first slot, then filled in segment order.
        let mut starts = vec![0_usize; ((r1 - r0) * cols) as usize + 1];
        for s in segments {
            let (c0, c1, y0, y1) = boxes(s);
            for y in y0..=y1 {
                let row = (y * cols) as usize;
                for b in row + c0..=row + c1 {
                    starts[b + 1] += 1;
                }
            }
        }
        for b in 1..starts.len() {
            starts[b] += starts[b - 1];
        }
        let mut next = starts.clone();
        let mut ids = vec![0_u32; starts.last().copied().unwrap_or(0)];
        for (i, s) in segments.iter().enumerate() {
            let (c0, c1, y0, y1) = boxes(s);
            for y in y0..=y1 {
                let row = (y * cols) as usize;
                for b in row + c0..=row + c1 {
                    ids[next[b]] = i as u32;
                    next[b] += 1;
                }
            }
        }
        (starts, ids)
    }

    /// The ids of the segments in the bucket at row `r`, column `c`.
    fn bucket_ids(&self, r: i64, c: i64) -> &[u32] {
        let b = (r * self.cols + c) as usize;
        &self.ids[self.starts[b]..self.starts[b + 1]]
    }

    /// The bucket range `[first, last]` a closed coordinate range touches, clamped to the grid.
    /// A value on a bucket boundary belongs to both neighbours, so touching is never missed.
    fn span(&self, min: i64, max: i64, origin: i64, count: i64) -> (i64, i64) {
        // An arithmetic shift rounds down, as `div_euclid` by the bucket does.
        let first = ((min - origin - 1) >> self.shift).clamp(0, count - 1);
        let last = ((max - origin + 1) >> self.shift).clamp(0, count - 1);
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
                self.bucket_ids(r, c)
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
            (self.origin.x + (column << self.shift)).max(min_x)
        };
        let right = if column == self.cols - 1 {
            max_x
        } else {
            (self.origin.x + ((column + 1) << self.shift)).min(max_x)
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
                for &i in self.bucket_ids(r, c) {
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
                out.extend_from_slice(self.bucket_ids(r, c));
            }
        }
        let mut found = out.split_off(start);
        found.sort_unstable();
        found.dedup();
        out.extend(found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::lattice::Lattice;
    use crate::model::{GridKind, GridPoint, MAX_COORDINATE, MIN_COORDINATE};

    #[test]
    fn a_segment_keeps_every_point_a_board_can_hold() {
        // The farthest points a checked file or command may place, on every grid: their lattice
        // coordinates come back from a segment unchanged (a hex lattice is the widest, three
        // times 840 steps an axial unit).
        let (lo, hi) = (f64::from(MIN_COORDINATE), f64::from(MAX_COORDINATE));
        for grid in [
            GridKind::Square,
            GridKind::Gridless,
            GridKind::HexFlat,
            GridKind::HexPointy,
        ] {
            let lattice = Lattice::new(grid);
            for (x, y) in [(lo, lo), (lo, hi), (hi, lo), (hi, hi)] {
                let a = lattice.lattice_from_grid(GridPoint::new(x, y));
                let b = lattice.lattice_from_grid(GridPoint::new(y, x));
                let s = Segment::new(a, b, 7);
                assert_eq!((s.a(), s.b(), s.source), (a, b, 7), "{grid:?} ({x}, {y})");
            }
        }
        // Half the bytes of two 64-bit points: a map of scattered obstacle cells has millions.
        assert_eq!(std::mem::size_of::<Segment>(), 20);
    }

    #[test]
    fn a_point_past_32_bits_saturates_rather_than_wrapping() {
        let far = LatticePoint::new(i64::MAX, i64::MIN);
        let s = Segment::new(far, LatticePoint::new(-5, 5), 0);
        assert_eq!(s.a(), LatticePoint::new(i32::MAX.into(), i32::MIN.into()));
        assert_eq!(s.b(), LatticePoint::new(-5, 5));
    }

    #[test]
    fn buckets_round_down_to_a_power_of_two() {
        // Square cells of 840 units, four to a bucket: 3,360 rounds down to 2,048.
        assert_eq!(power_of_two_below(3360), 11);
        assert_eq!(power_of_two_below(1), 0);
        assert_eq!(power_of_two_below(0), 0);
        assert_eq!(power_of_two_below(2), 1);
        assert_eq!(power_of_two_below(3), 1);
        assert_eq!(power_of_two_below(4), 2);
        assert_eq!(power_of_two_below(i64::MAX), 40);
    }

    #[test]
    fn a_segment_on_a_bucket_edge_is_in_both_buckets() {
        let s =
            |ax, ay, bx, by| Segment::new(LatticePoint::new(ax, ay), LatticePoint::new(bx, by), 0);
        let area = (LatticePoint::new(0, 0), LatticePoint::new(64, 64));
        // Buckets of 16: a segment along x = 16 lies on the edge of columns 0 and 1.
        let index = BucketIndex::new(vec![s(16, 2, 16, 5), s(40, 40, 44, 44)], 16, area);
        let mut left = Vec::new();
        index.visit_box_ids(
            LatticePoint::new(1, 1),
            LatticePoint::new(10, 10),
            &mut left,
        );
        let mut right = Vec::new();
        index.visit_box_ids(
            LatticePoint::new(20, 1),
            LatticePoint::new(30, 10),
            &mut right,
        );
        assert_eq!((left, right), (vec![0], vec![0]));
        let mut far = Vec::new();
        index.visit_box_ids(
            LatticePoint::new(36, 36),
            LatticePoint::new(47, 47),
            &mut far,
        );
        assert_eq!(far, vec![1]);
    }
}
