//! Movement lanes: how wide a gap a step between two neighbouring cells leaves.
//!
//! Evening, Size: a creature may squeeze through a space that fits a creature one size smaller.
//! Tiny, Small and Medium all fill one cell, so "fits" cannot be read off the footprint alone.
//! Lantern measures gaps on a *lane*: the strip from one cell centre to the next, as wide as the
//! opening between two neighbouring cells (one cell side on squares, one hex edge, `1/√3`, on
//! hexes). A wall, window, closed door or obstacle polygon inside the strip blocks the band of
//! sideways offsets it covers; the gap is the widest band left free, end to end. A creature
//! needs a gap of its *width*: Medium and larger the whole opening per footprint cell, Small half
//! of it, Tiny a quarter. So a doorway narrowed to half a cell lets a Small creature through
//! freely and a Medium one only by squeezing, and a Large creature squeezes down a one-cell
//! corridor because a Medium one fits it. Blockers exactly on the lane's edges (the walls of a
//! one-cell corridor) leave it its full width.
//!
//! Lanes are measured in map space, where widths are Euclidean; a few ulps of tolerance keep
//! "exactly half a cell" a fit.

use crate::model::{Cell, GridKind, GridPoint, SizeCategory};

use super::grid::{HEX_RADIUS, point_in_grid};
use super::lattice::LatticePoint;
use super::scene::Scene;

/// Slack for widths compared in floating point, far below anything a GM draws.
const WIDTH_SLACK: f64 = 1e-9;

/// A lane in map space: from one centre to the next, `width` wide.
#[derive(Clone, Copy, Debug)]
struct Lane {
    from: GridPoint,
    /// Unit vector along the lane.
    along: (f64, f64),
    length: f64,
    half_width: f64,
}

impl Lane {
    /// The lane from the centre of `from` to the centre of `to`, `width` wide.
    fn between(grid: GridKind, from: Cell, to: Cell, width: f64) -> Self {
        let (from, to) = (point_in_grid(grid, from), point_in_grid(grid, to));
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let length = dx.hypot(dy).max(f64::MIN_POSITIVE);
        Self {
            from,
            along: (dx / length, dy / length),
            length,
            half_width: width / 2.0,
        }
    }

    /// Lane coordinates of a map point: distance along, and sideways offset.
    fn local(&self, p: GridPoint) -> (f64, f64) {
        let (dx, dy) = (p.x - self.from.x, p.y - self.from.y);
        let (ax, ay) = self.along;
        (dx * ax + dy * ay, -dx * ay + dy * ax)
    }

    /// The sideways band a segment covers inside the lane, if it enters it.
    fn band_of_segment(&self, a: GridPoint, b: GridPoint) -> Option<(f64, f64)> {
        let (p, q) = (self.local(a), self.local(b));
        let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
        let (du, dv) = (q.0 - p.0, q.1 - p.1);
        // Liang–Barsky against 0 ≤ u ≤ length, |v| ≤ half_width.
        for (d, lo, hi, start) in [
            (du, 0.0, self.length, p.0),
            (dv, -self.half_width, self.half_width, p.1),
        ] {
            if d.abs() < f64::EPSILON {
                if start < lo || start > hi {
                    return None;
                }
                continue;
            }
            let (ta, tb) = ((lo - start) / d, (hi - start) / d);
            t0 = t0.max(ta.min(tb));
            t1 = t1.min(ta.max(tb));
            if t0 > t1 {
                return None;
            }
        }
        let (va, vb) = (p.1 + dv * t0, p.1 + dv * t1);
        Some((va.min(vb), va.max(vb)))
    }

    /// The sideways band a solid polygon covers inside the lane (Sutherland–Hodgman clip).
    fn band_of_polygon(&self, points: &[GridPoint]) -> Option<(f64, f64)> {
        let mut poly: Vec<(f64, f64)> = points.iter().map(|p| self.local(*p)).collect();
        let h = self.half_width;
        let planes: [(usize, f64, bool); 4] = [
            (0, 0.0, true),
            (0, self.length, false),
            (1, -h, true),
            (1, h, false),
        ];
        for (axis, bound, keep_above) in planes {
            poly = clip_half_plane(&poly, axis, bound, keep_above);
            if poly.is_empty() {
                return None;
            }
        }
        let lo = poly.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let hi = poly.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
        Some((lo, hi))
    }
}

/// One Sutherland–Hodgman pass: keeps the part with coordinate `axis` above (or below) `bound`.
fn clip_half_plane(
    poly: &[(f64, f64)],
    axis: usize,
    bound: f64,
    keep_above: bool,
) -> Vec<(f64, f64)> {
    let coord = |p: (f64, f64)| if axis == 0 { p.0 } else { p.1 };
    let keeps = |p: (f64, f64)| {
        if keep_above {
            coord(p) >= bound
        } else {
            coord(p) <= bound
        }
    };
    let mut out = Vec::with_capacity(poly.len() + 2);
    for (i, &p) in poly.iter().enumerate() {
        let q = poly[(i + 1) % poly.len()];
        if keeps(p) {
            out.push(p);
        }
        if keeps(p) != keeps(q) {
            let t = (bound - coord(p)) / (coord(q) - coord(p));
            out.push((p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t));
        }
    }
    out
}

/// The widest gap left in `[-half, half]` by the blocked bands.
fn widest_gap(mut bands: Vec<(f64, f64)>, half: f64) -> f64 {
    bands.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut best: f64 = 0.0;
    let mut edge = -half;
    for (lo, hi) in bands {
        best = best.max(lo - edge);
        edge = edge.max(hi);
    }
    best.max(half - edge)
}

/// The width of the opening between two neighbouring cells, in map units.
pub fn opening_width(hex: bool) -> f64 {
    if hex { HEX_RADIUS } else { 1.0 }
}

/// The share of an opening a creature of `size` needs per footprint cell (Evening, Size).
pub fn width_share(size: SizeCategory) -> f64 {
    match size {
        SizeCategory::Tiny => 0.25,
        SizeCategory::Small => 0.5,
        _ => 1.0,
    }
}

impl Scene {
    /// The widest free gap on the lane between the centres of two neighbouring cells, in map
    /// units (the full opening when nothing comes near it).
    pub(crate) fn lane_gap(&self, from_cell: Cell, to_cell: Cell) -> f64 {
        let grid = self.grid();
        let width = opening_width(grid.is_hex());
        // The lane lies within the two cells, so their corners bound it.
        let corners = (0..self.lattice.corner_count()).flat_map(|i| {
            [
                self.lattice.corner(from_cell, i),
                self.lattice.corner(to_cell, i),
            ]
        });
        let (lo, hi) = corners.fold(
            (
                LatticePoint::new(i64::MAX, i64::MAX),
                LatticePoint::new(i64::MIN, i64::MIN),
            ),
            |(lo, hi), p| {
                (
                    LatticePoint::new(lo.x.min(p.x), lo.y.min(p.y)),
                    LatticePoint::new(hi.x.max(p.x), hi.y.max(p.y)),
                )
            },
        );
        // Built on the first blocker near the lane: most lanes have none.
        let mut lane: Option<Lane> = None;
        let mut bands: Vec<(f64, f64)> = Vec::new();
        let map = |p: LatticePoint| self.lattice.grid_from_lattice(p);
        let lane_of = |lane: &mut Option<Lane>| -> Lane {
            *lane.get_or_insert_with(|| Lane::between(grid, from_cell, to_cell, width))
        };
        self.movement.visit_box(lo, hi, |s| {
            // Most candidates from the buckets lie clear of the lane's box.
            if s.a().x.max(s.b().x) >= lo.x
                && s.a().x.min(s.b().x) <= hi.x
                && s.a().y.max(s.b().y) >= lo.y
                && s.a().y.min(s.b().y) <= hi.y
            {
                bands.extend(lane_of(&mut lane).band_of_segment(map(s.a()), map(s.b())));
            }
        });
        for solid in self.solids.iter().filter(|s| s.near(lo, hi)) {
            let points: Vec<GridPoint> = solid.points.iter().map(|p| map(*p)).collect();
            bands.extend(lane_of(&mut lane).band_of_polygon(&points));
        }
        if bands.is_empty() {
            return width + WIDTH_SLACK;
        }
        widest_gap(bands, width / 2.0) + WIDTH_SLACK
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_between_bands() {
        assert!((widest_gap(vec![], 0.5) - 1.0).abs() < 1e-12);
        assert!((widest_gap(vec![(-0.1, 0.1)], 0.5) - 0.4).abs() < 1e-12);
        assert!((widest_gap(vec![(0.5, 0.5), (-0.5, -0.5)], 0.5) - 1.0).abs() < 1e-12);
        assert!(widest_gap(vec![(-0.6, 0.6)], 0.5) <= 0.0);
    }
}
