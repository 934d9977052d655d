//! The exact sub-lattice every sight-line predicate runs on.
//!
//! Map space is f64; deciding "does this line graze that wall's end" with floats is a coin toss.
//! So every corner and wall end is snapped once to an integer lattice and all predicates are
//! integer orientation tests:
//! - square and gridless maps: `LATTICE_STEPS` steps per cell side, so 0.9 and 1.1 of a cell are
//!   exact (840 = 2³·3·5·7 divides by every small denominator a GM types);
//! - hex maps: fractional axial coordinates × 3 × `LATTICE_STEPS`, where every hex corner
//!   (a third of the way between centres) is integral.
//!
//! The hex lattice is an affine image of map space, and orientation signs survive affine maps,
//! so "left of", "on" and "crosses" mean the same on both sides.

use crate::model::{Cell, GridKind, GridPoint};

use super::grid::HEX_RADIUS;

/// Lattice steps per cell (per third of an axial unit on hex maps).
pub const LATTICE_STEPS: i64 = 840;

/// A point of the lattice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LatticePoint {
    pub x: i64,
    pub y: i64,
}

impl LatticePoint {
    /// The point `(x, y)` in lattice steps.
    pub const fn new(x: i64, y: i64) -> Self {
        Self { x, y }
    }

    /// The vector from `o` to `self`.
    #[must_use]
    pub fn minus(self, o: Self) -> Self {
        Self::new(self.x - o.x, self.y - o.y)
    }
}

/// Cross product of two lattice vectors.
pub fn cross(a: LatticePoint, b: LatticePoint) -> i64 {
    a.x * b.y - a.y * b.x
}

/// Dot product of two lattice vectors.
pub fn dot(a: LatticePoint, b: LatticePoint) -> i64 {
    a.x * b.x + a.y * b.y
}

/// Sign of the turn `a → b → c`: positive, zero (collinear) or negative.
pub fn orient(a: LatticePoint, b: LatticePoint, c: LatticePoint) -> i64 {
    cross(b.minus(a), c.minus(a)).signum()
}

/// Hex corner offsets from a centre, in axial thirds, cyclic (the centroids of neighbouring
/// direction pairs).
const HEX_CORNERS_THIRDS: [(i64, i64); 6] = [(2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1)];

/// Conversions between map space and the lattice for one grid kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lattice {
    /// The grid kind whose space the lattice refines.
    pub grid: GridKind,
}

impl Lattice {
    /// The lattice for maps of `grid`.
    pub fn new(grid: GridKind) -> Self {
        Self { grid }
    }

    /// The lattice point nearest a map-space point.
    pub fn lattice_from_grid(self, p: GridPoint) -> LatticePoint {
        let (a, b) = self.lattice_xy_from_grid(p);
        LatticePoint::new(a.round() as i64, b.round() as i64)
    }

    /// A map-space point's fractional lattice position.
    pub fn lattice_xy_from_grid(self, p: GridPoint) -> (f64, f64) {
        let k = LATTICE_STEPS as f64;
        let (a, b) = match self.grid {
            GridKind::Square | GridKind::Gridless => (p.x * k, p.y * k),
            GridKind::HexFlat => {
                let q = (p.x - HEX_RADIUS) / (1.5 * HEX_RADIUS);
                (3.0 * k * q, 3.0 * k * (p.y - 0.5 - q / 2.0))
            }
            GridKind::HexPointy => {
                let r = (p.y - HEX_RADIUS) / (1.5 * HEX_RADIUS);
                (3.0 * k * (p.x - 0.5 - r / 2.0), 3.0 * k * r)
            }
        };
        (a, b)
    }

    /// The map-space point of a lattice point.
    pub fn grid_from_lattice(self, p: LatticePoint) -> GridPoint {
        self.grid_from_lattice_xy(p.x as f64, p.y as f64)
    }

    /// The map-space point of a fractional lattice position (a sight polygon's hit points).
    pub fn grid_from_lattice_xy(self, lx: f64, ly: f64) -> GridPoint {
        let steps = LATTICE_STEPS as f64;
        match self.grid {
            GridKind::Square | GridKind::Gridless => GridPoint::new(lx / steps, ly / steps),
            GridKind::HexFlat | GridKind::HexPointy => {
                let (q, r) = (lx / (3.0 * steps), ly / (3.0 * steps));
                if self.grid == GridKind::HexFlat {
                    GridPoint::new(HEX_RADIUS + 1.5 * HEX_RADIUS * q, 0.5 + r + q / 2.0)
                } else {
                    GridPoint::new(0.5 + q + r / 2.0, HEX_RADIUS + 1.5 * HEX_RADIUS * r)
                }
            }
        }
    }

    /// The centre of a cell on the lattice.
    pub fn centre(self, cell: Cell) -> LatticePoint {
        let (x, y) = (i64::from(cell.x), i64::from(cell.y));
        if self.grid.is_hex() {
            LatticePoint::new(3 * LATTICE_STEPS * x, 3 * LATTICE_STEPS * y)
        } else {
            LatticePoint::new(
                LATTICE_STEPS * x + LATTICE_STEPS / 2,
                LATTICE_STEPS * y + LATTICE_STEPS / 2,
            )
        }
    }

    /// How many corners a cell has (4 or 6).
    pub fn corner_count(self) -> usize {
        if self.grid.is_hex() { 6 } else { 4 }
    }

    /// Corner `i` of a cell, cyclic in `i`.
    pub fn corner(self, cell: Cell, i: usize) -> LatticePoint {
        let (x, y) = (i64::from(cell.x), i64::from(cell.y));
        let k = LATTICE_STEPS;
        if self.grid.is_hex() {
            let (dq, dr) = HEX_CORNERS_THIRDS[i % 6];
            LatticePoint::new(k * (3 * x + dq), k * (3 * y + dr))
        } else {
            let (dx, dy) = [(0, 0), (1, 0), (1, 1), (0, 1)][i % 4];
            LatticePoint::new(k * (x + dx), k * (y + dy))
        }
    }

    /// The cell across edge `i` of `cell`: the edge from corner `i` to corner `i + 1`.
    pub fn neighbour_across(self, cell: Cell, i: usize) -> Cell {
        if self.grid.is_hex() {
            // The neighbour's centre is the reflection of this one's across the edge's middle:
            // the two corners' sum, less this centre, in axial thirds.
            let (a, b) = (HEX_CORNERS_THIRDS[i % 6], HEX_CORNERS_THIRDS[(i + 1) % 6]);
            let (dq, dr) = ((a.0 + b.0) / 3, (a.1 + b.1) / 3);
            Cell::new(cell.x + dq as i32, cell.y + dr as i32)
        } else {
            let (dx, dy) = [(0, -1), (1, 0), (0, 1), (-1, 0)][i % 4];
            Cell::new(cell.x + dx, cell.y + dy)
        }
    }

    /// The lattice length of one cell (square side, or hex centre spacing along an axis).
    pub fn cell_span(self) -> i64 {
        if self.grid.is_hex() {
            3 * LATTICE_STEPS
        } else {
            LATTICE_STEPS
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::{cell_corners, point_in_grid};

    #[test]
    fn tenths_of_a_cell_are_exact_on_squares() {
        let l = Lattice::new(GridKind::Square);
        assert_eq!(
            l.lattice_from_grid(GridPoint::new(2.0, 0.9)),
            LatticePoint::new(1680, 756)
        );
        assert_eq!(
            l.lattice_from_grid(GridPoint::new(2.0, 1.1)),
            LatticePoint::new(1680, 924)
        );
    }

    #[test]
    fn hex_centres_and_corners_are_integral_and_round_trip() {
        for grid in [GridKind::HexFlat, GridKind::HexPointy] {
            let l = Lattice::new(grid);
            let cell = Cell::new(3, -2);
            assert_eq!(
                l.lattice_from_grid(point_in_grid(grid, cell)),
                l.centre(cell)
            );
            let drawn = cell_corners(grid, cell);
            for i in 0..6 {
                let p = l.grid_from_lattice(l.corner(cell, i));
                assert!(
                    drawn.iter().any(|d| (d.x - p.x).hypot(d.y - p.y) < 1e-9),
                    "{grid:?} {i}"
                );
                assert_eq!(l.lattice_from_grid(p), l.corner(cell, i));
            }
        }
    }

    #[test]
    fn the_cell_across_an_edge_shares_that_edge() {
        for grid in [GridKind::Square, GridKind::HexFlat, GridKind::HexPointy] {
            let l = Lattice::new(grid);
            let cell = Cell::new(3, -2);
            let n = l.corner_count();
            for i in 0..n {
                let other = l.neighbour_across(cell, i);
                assert_ne!(other, cell);
                let edge = [l.corner(cell, i), l.corner(cell, i + 1)];
                let shared = (0..n)
                    .filter(|&j| edge.contains(&l.corner(other, j)))
                    .count();
                assert_eq!(shared, 2, "{grid:?} edge {i}");
            }
        }
    }

    #[test]
    fn orientation_signs() {
        let o = LatticePoint::new(0, 0);
        assert_eq!(
            orient(o, LatticePoint::new(1, 0), LatticePoint::new(1, 1)),
            1
        );
        assert_eq!(
            orient(o, LatticePoint::new(1, 0), LatticePoint::new(2, 0)),
            0
        );
        assert_eq!(
            orient(o, LatticePoint::new(1, 0), LatticePoint::new(1, -1)),
            -1
        );
    }
}
