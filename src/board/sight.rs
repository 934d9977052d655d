//! The region visible from a point: a sight polygon for fog of war.
//!
//! Rays are cast towards every end point of a sight-blocking segment near the viewer (and just
//! either side of it, to slip past corners), plus an even fan so a radius limit comes out round.
//! Each ray stops at the nearest blocker found by walking the bucket index outwards in growing
//! steps, so a ray in a crowded map costs a few buckets. The polygon is for drawing fog, so it
//! is computed in floating point; verdicts never use it.
//!
//! Which end points count: those within the radius, or (without a radius) within the farthest
//! distance an even fan of 720 rays reaches. A far end point glimpsed only through a slit
//! narrower than the fan's spacing can be missed; the region is then slightly too small there.

use crate::model::{GridPoint, Side};

use super::footprint::footprint_centre;
use super::lattice::LatticePoint;
use super::scene::Scene;

/// Rays in the even fan.
const FAN_RAYS: usize = 720;
/// How far either side of an end point the extra rays turn, in radians.
const SLIP: f64 = 1e-4;

impl Scene {
    /// The visible region from `from` (map space), as a polygon in angle order, optionally
    /// limited to `radius` cells.
    pub fn sight_polygon(&self, from: GridPoint, radius: Option<f64>) -> Vec<GridPoint> {
        let origin = self.lattice.lattice_from_grid(from);
        let span = self.lattice.cell_span() as f64;
        let reach = radius.map_or_else(|| self.map_extent_lattice(), |r| r * span);
        let mut angles: Vec<f64> = (0..FAN_RAYS)
            .map(|i| i as f64 * std::f64::consts::TAU / FAN_RAYS as f64)
            .collect();
        let fan_reach = angles
            .iter()
            .map(|a| self.cast(origin, *a, reach))
            .fold(0.0, f64::max);
        let near = fan_reach.min(reach) + span;
        let (lo, hi) = (
            LatticePoint::new(origin.x - near as i64, origin.y - near as i64),
            LatticePoint::new(origin.x + near as i64, origin.y + near as i64),
        );
        self.sight.visit_box(lo, hi, |s| {
            for e in [s.a, s.b] {
                let a = ((e.y - origin.y) as f64).atan2((e.x - origin.x) as f64);
                angles.extend([a - SLIP, a, a + SLIP]);
            }
        });
        for a in &mut angles {
            *a = a.rem_euclid(std::f64::consts::TAU);
        }
        angles.sort_by(f64::total_cmp);
        angles.dedup();
        angles
            .iter()
            .map(|a| {
                let d = self.cast(origin, *a, reach);
                let p = LatticePoint::new(
                    origin.x + (d * a.cos()).round() as i64,
                    origin.y + (d * a.sin()).round() as i64,
                );
                self.lattice.grid_from_lattice(p)
            })
            .collect()
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

    /// A lattice length longer than any line on the map.
    fn map_extent_lattice(&self) -> f64 {
        let span = self.lattice.cell_span() as f64;
        f64::from(self.map.width_cells + self.map.height_cells + 2) * span * 2.0
    }

    /// The distance (lattice units) a ray at `angle` travels before a blocker, up to `reach`.
    fn cast(&self, origin: LatticePoint, angle: f64, reach: f64) -> f64 {
        let (dx, dy) = (angle.cos(), angle.sin());
        let (ox, oy) = (origin.x as f64, origin.y as f64);
        let step = 4.0 * self.lattice.cell_span() as f64;
        let mut start = 0.0;
        let mut length = step;
        while start < reach {
            let end = (start + length).min(reach);
            let p = LatticePoint::new((ox + dx * start) as i64, (oy + dy * start) as i64);
            let q = LatticePoint::new(
                (ox + dx * end).round() as i64,
                (oy + dy * end).round() as i64,
            );
            let mut best = f64::INFINITY;
            self.sight.visit_along(p, q, |s| {
                if let Some(t) = ray_hit(ox, oy, dx, dy, s.a, s.b) {
                    best = best.min(t);
                }
                false
            });
            if best <= end {
                return best;
            }
            start = end;
            length *= 2.0;
        }
        reach
    }
}

/// Where the ray `o + t·d` (t ≥ 0) meets segment `ab`, if it does.
fn ray_hit(ox: f64, oy: f64, dx: f64, dy: f64, a: LatticePoint, b: LatticePoint) -> Option<f64> {
    let (ax, ay, bx, by) = (a.x as f64, a.y as f64, b.x as f64, b.y as f64);
    let (ex, ey) = (bx - ax, by - ay);
    let denom = dx * ey - dy * ex;
    if denom.abs() < 1e-12 {
        return None;
    }
    let (wx, wy) = (ax - ox, ay - oy);
    let t = (wx * ey - wy * ex) / denom;
    let u = (wx * dy - wy * dx) / denom;
    (t >= 0.0 && (0.0..=1.0).contains(&u)).then_some(t)
}
