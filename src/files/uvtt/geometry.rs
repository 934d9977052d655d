//! From the file's grid units to Lantern's map space: shift by the crop origin, snap to a fine
//! lattice, and merge straight runs of tiny segments.

use super::raw::RawPoint;
use super::{MAX_COORDINATE_CELLS, UvttError};
use crate::model::GridPoint;

/// Lattice steps per cell. Imported coordinates are whole multiples of 1/1024 cell (a quarter
/// pixel at 256 px per cell), which makes "exactly collinear" an integer test and makes every
/// coordinate survive the JSON round trip bit for bit (few enough digits for exact parsing).
pub const LATTICE_PER_CELL: f64 = 1024.0;

/// A point of map space on the import lattice, in 1/[`LATTICE_PER_CELL`] cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LatticePoint {
    pub x: i64,
    pub y: i64,
}

impl LatticePoint {
    pub fn to_grid(self) -> GridPoint {
        GridPoint::new(
            self.x as f64 / LATTICE_PER_CELL,
            self.y as f64 / LATTICE_PER_CELL,
        )
    }
}

/// Snaps a value in cells to the lattice; `None` when it is not finite or out of range.
pub fn snap(value: f64) -> Option<f64> {
    lattice_steps(value).map(|steps| steps as f64 / LATTICE_PER_CELL)
}

fn lattice_steps(value: f64) -> Option<i64> {
    (value.is_finite() && value.abs() <= MAX_COORDINATE_CELLS)
        .then(|| (value * LATTICE_PER_CELL).round() as i64)
}

/// Moves a file point into map space: the image's top-left corner (the file's `map_origin`)
/// becomes map (0, 0). `path` names the point for the error message.
pub fn map_point(
    point: RawPoint,
    origin: RawPoint,
    path: impl Fn() -> String,
) -> Result<LatticePoint, UvttError> {
    let axis = |value: f64, from: f64, axis: &str| {
        let shifted = value - from;
        lattice_steps(shifted).ok_or_else(|| UvttError::BadCoordinate {
            path: format!("{}.{axis}", path()),
            value: if shifted.is_finite() { value } else { shifted },
        })
    };
    Ok(LatticePoint {
        x: axis(point.x, origin.x, "x")?,
        y: axis(point.y, origin.y, "y")?,
    })
}

/// The segments of one polyline, with straight runs merged.
///
/// Only consecutive segments that are exactly collinear on the lattice and keep the same
/// direction merge, so the merged segment covers exactly the points the pieces covered: a
/// sight line through the old joint was blocked before (a joint blocks like the middle of a
/// wall) and is blocked after. Repeated points are dropped; a polyline of one point has none.
pub fn polyline_segments(points: &[LatticePoint]) -> Vec<(LatticePoint, LatticePoint)> {
    let mut distinct = points.to_vec();
    distinct.dedup();
    let mut segments = Vec::new();
    let [first, second, rest @ ..] = distinct.as_slice() else {
        return segments;
    };
    let (mut start, mut end) = (*first, *second);
    for &next in rest {
        if continues_straight(start, end, next) {
            end = next;
        } else {
            segments.push((start, end));
            (start, end) = (end, next);
        }
    }
    segments.push((start, end));
    segments
}

/// Whether `b → c` carries on along `a → b`, in the same direction.
fn continues_straight(a: LatticePoint, b: LatticePoint, c: LatticePoint) -> bool {
    let (ux, uy) = (i128::from(b.x - a.x), i128::from(b.y - a.y));
    let (vx, vy) = (i128::from(c.x - b.x), i128::from(c.y - b.y));
    ux * vy == uy * vx && ux * vx + uy * vy > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> LatticePoint {
        LatticePoint { x, y }
    }

    #[test]
    fn straight_runs_merge() {
        let line = [p(0, 0), p(1, 0), p(2, 0), p(5, 0), p(5, 3), p(5, 4)];
        assert_eq!(
            polyline_segments(&line),
            vec![(p(0, 0), p(5, 0)), (p(5, 0), p(5, 4))]
        );
    }

    #[test]
    fn turning_back_does_not_merge() {
        // A spike out and back covers 0..4 twice; merging would lose the turn point's joint.
        let line = [p(0, 0), p(4, 0), p(2, 0)];
        assert_eq!(
            polyline_segments(&line),
            vec![(p(0, 0), p(4, 0)), (p(4, 0), p(2, 0))]
        );
    }

    #[test]
    fn slight_bends_stay() {
        let line = [p(0, 0), p(1000, 1), p(2000, 2), p(3000, 4)];
        assert_eq!(
            polyline_segments(&line),
            vec![(p(0, 0), p(2000, 2)), (p(2000, 2), p(3000, 4))]
        );
    }

    #[test]
    fn repeated_points_and_single_points() {
        assert_eq!(polyline_segments(&[p(1, 1), p(1, 1)]), vec![]);
        assert_eq!(
            polyline_segments(&[p(0, 0), p(0, 0), p(0, 2), p(0, 2), p(0, 3)]),
            vec![(p(0, 0), p(0, 3))]
        );
    }

    #[test]
    fn origin_shift_and_lattice() {
        let origin = RawPoint { x: 2.0, y: 1.0 };
        let at = map_point(RawPoint { x: 7.0, y: 3.5 }, origin, String::new).unwrap();
        assert_eq!(at.to_grid(), GridPoint::new(5.0, 2.5));
        let near = map_point(RawPoint { x: 2.0001, y: 1.0 }, origin, String::new).unwrap();
        assert_eq!(near, p(0, 0), "snapped to the nearest 1/1024 cell");
    }

    #[test]
    fn far_coordinates_are_refused_with_their_path() {
        let origin = RawPoint::default();
        let err =
            map_point(RawPoint { x: 1.0, y: -1e9 }, origin, || "walls[0]".into()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a coordinate at `walls[0].y` is -1e9; map coordinates must lie within ±4000 cells"
        );
    }
}
