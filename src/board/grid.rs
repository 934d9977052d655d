//! Grid layouts: where each cell sits in map space, and which cell holds a point.
//!
//! Map space is Euclidean, measured in cell lengths, with y pointing down (like the screen).
//! - Square (and gridless): cell `(x, y)` covers `[x, x+1] × [y, y+1]`.
//! - Hex: neighbouring hex centres are exactly one unit apart (the cell length is measured
//!   centre to centre, flat side to flat side). Cells are axial `(q, r)`; the circumradius is
//!   `1/√3`. Flat-top hex `(q, r)` is centred at `(s + 1.5·s·q, 0.5 + r + q/2)` and pointy-top at
//!   `(0.5 + q + r/2, s + 1.5·s·r)` with `s = 1/√3`, so the map's rectangle of hexes (see
//!   [`crate::model::MapSpec::contains`]) starts at the origin.

use crate::model::{Cell, GridKind, GridPoint};

/// `1/√3`: the circumradius of a hex whose centres are one unit apart.
pub const HEX_RADIUS: f64 = 0.577_350_269_189_625_8;

/// The six axial directions, in order around the hex.
pub const HEX_DIRECTIONS: [Cell; 6] = [
    Cell::new(1, 0),
    Cell::new(1, -1),
    Cell::new(0, -1),
    Cell::new(-1, 0),
    Cell::new(-1, 1),
    Cell::new(0, 1),
];

/// The centre of `cell` in map space.
pub fn point_in_grid(grid: GridKind, cell: Cell) -> GridPoint {
    let (q, r) = (f64::from(cell.x), f64::from(cell.y));
    match grid {
        GridKind::Square | GridKind::Gridless => GridPoint::new(q + 0.5, r + 0.5),
        GridKind::HexFlat => GridPoint::new(HEX_RADIUS + 1.5 * HEX_RADIUS * q, 0.5 + r + q / 2.0),
        GridKind::HexPointy => GridPoint::new(0.5 + q + r / 2.0, HEX_RADIUS + 1.5 * HEX_RADIUS * r),
    }
}

/// The cell containing `point` (on an edge, either neighbour).
pub fn cell_in_grid(grid: GridKind, point: GridPoint) -> Cell {
    match grid {
        GridKind::Square | GridKind::Gridless => Cell::new(floor_i32(point.x), floor_i32(point.y)),
        GridKind::HexFlat => {
            let q = (point.x - HEX_RADIUS) / (1.5 * HEX_RADIUS);
            let r = point.y - 0.5 - q / 2.0;
            hex_round(q, r)
        }
        GridKind::HexPointy => {
            let r = (point.y - HEX_RADIUS) / (1.5 * HEX_RADIUS);
            let q = point.x - 0.5 - r / 2.0;
            hex_round(q, r)
        }
    }
}

/// `x.floor() as i32`, without the library call `floor` is on x86-64 CPUs without SSE4.1 (the
/// fog's per-pixel and per-wall lookups make hundreds of thousands a move). The same value for
/// every `f64`: in `i32`'s range truncation then a step down for negative fractions; outside
/// it, and for NaN, the cast saturates (or gives 0) just as it does after `floor`.
fn floor_i32(x: f64) -> i32 {
    let t = x as i32;
    if f64::from(t) > x {
        t.saturating_sub(1)
    } else {
        t
    }
}

/// The corners of `cell` in map space, clockwise on screen (4 for squares, 6 for hexes).
pub fn cell_corners(grid: GridKind, cell: Cell) -> Vec<GridPoint> {
    let c = point_in_grid(grid, cell);
    match grid {
        GridKind::Square | GridKind::Gridless => {
            let (x, y) = (f64::from(cell.x), f64::from(cell.y));
            vec![
                GridPoint::new(x, y),
                GridPoint::new(x + 1.0, y),
                GridPoint::new(x + 1.0, y + 1.0),
                GridPoint::new(x, y + 1.0),
            ]
        }
        GridKind::HexFlat | GridKind::HexPointy => {
            let start_deg = if grid == GridKind::HexFlat { 0.0 } else { 30.0 };
            (0..6)
                .map(|i| {
                    let a = (start_deg + 60.0 * f64::from(i)).to_radians();
                    GridPoint::new(c.x + HEX_RADIUS * a.cos(), c.y + HEX_RADIUS * a.sin())
                })
                .collect()
        }
    }
}

/// Rounds fractional axial coordinates to the nearest hex (cube rounding).
fn hex_round(q: f64, r: f64) -> Cell {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Cell::new(rq as i32, rr as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_floor_matches_floor_then_cast() {
        let edges = [
            0.0,
            -0.0,
            0.5,
            -0.5,
            -1.0,
            -1.000_000_1,
            2.999_999_9,
            1e300,
            -1e300,
            f64::from(i32::MAX) + 0.5,
            f64::from(i32::MIN) - 0.5,
            f64::from(i32::MIN),
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        let steps = (-4000..4000).map(|i| f64::from(i) * 0.013_7);
        for x in edges.into_iter().chain(steps) {
            assert_eq!(floor_i32(x), x.floor() as i32, "{x}");
        }
    }

    #[test]
    fn centres_round_trip_on_every_grid() {
        for grid in GridKind::ALL {
            for x in -5..5 {
                for y in -5..5 {
                    let cell = Cell::new(x, y);
                    assert_eq!(
                        cell_in_grid(grid, point_in_grid(grid, cell)),
                        cell,
                        "{grid:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn hex_neighbours_are_one_unit_apart() {
        for grid in [GridKind::HexFlat, GridKind::HexPointy] {
            let o = point_in_grid(grid, Cell::new(0, 0));
            for d in HEX_DIRECTIONS {
                let p = point_in_grid(grid, d);
                assert!(((p.x - o.x).hypot(p.y - o.y) - 1.0).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn hex_map_rectangle_starts_at_the_origin() {
        let corners = cell_corners(GridKind::HexFlat, Cell::new(0, 0));
        let min_x = corners.iter().map(|p| p.x).fold(f64::INFINITY, f64::min);
        let min_y = corners.iter().map(|p| p.y).fold(f64::INFINITY, f64::min);
        assert!(min_x.abs() < 1e-12 && min_y.abs() < 1e-12);
    }
}
