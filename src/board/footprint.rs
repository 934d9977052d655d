//! Footprints: the cells a token of each size covers.
//!
//! Square and gridless grids follow Evening's size table: a creature of space N covers N×N
//! squares, with its anchor cell at the top-left. Hex grids give each size a compact shape:
//! - space 1 (Tiny, Small, Medium): the anchor hex alone (1 hex);
//! - Large: a triangle of 3 mutually adjacent hexes, the anchor and its neighbours in axial
//!   directions `(1, 0)` and `(0, 1)`;
//! - Huge: the anchor and its six neighbours (7 hexes, anchor at the centre);
//! - Gargantuan: the Large triangle grown by one hex all round (12 hexes).

use crate::model::{Cell, GridKind, GridPoint, SizeCategory};

use super::grid::{HEX_DIRECTIONS, point_in_grid};

/// The cells a token of `size` anchored at `anchor` covers.
pub fn footprint_cells(grid: GridKind, size: SizeCategory, anchor: Cell) -> Vec<Cell> {
    if grid.is_hex() {
        hex_shape(size)
            .iter()
            .map(|d| Cell::new(anchor.x + d.x, anchor.y + d.y))
            .collect()
    } else {
        let n = size.space_cells() as i32;
        (0..n)
            .flat_map(|dy| (0..n).map(move |dx| Cell::new(anchor.x + dx, anchor.y + dy)))
            .collect()
    }
}

/// The centre of a footprint in map space: where the token is drawn and measured from.
pub fn footprint_centre(grid: GridKind, size: SizeCategory, anchor: Cell) -> GridPoint {
    let cells = footprint_cells(grid, size, anchor);
    let n = cells.len().max(1) as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(sx, sy), c| {
        let p = point_in_grid(grid, *c);
        (sx + p.x, sy + p.y)
    });
    GridPoint::new(sx / n, sy / n)
}

/// Offsets from the anchor for each hex size.
fn hex_shape(size: SizeCategory) -> Vec<Cell> {
    let origin = Cell::new(0, 0);
    let triangle = [origin, Cell::new(1, 0), Cell::new(0, 1)];
    match size {
        SizeCategory::Tiny | SizeCategory::Small | SizeCategory::Medium => vec![origin],
        SizeCategory::Large => triangle.to_vec(),
        SizeCategory::Huge => std::iter::once(origin).chain(HEX_DIRECTIONS).collect(),
        SizeCategory::Gargantuan => {
            let mut cells: Vec<Cell> = triangle
                .iter()
                .flat_map(|t| {
                    std::iter::once(*t).chain(
                        HEX_DIRECTIONS
                            .iter()
                            .map(|d| Cell::new(t.x + d.x, t.y + d.y)),
                    )
                })
                .collect();
            cells.sort_unstable();
            cells.dedup();
            cells
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_footprints_follow_the_space_table() {
        for (size, n) in [
            (SizeCategory::Tiny, 1),
            (SizeCategory::Medium, 1),
            (SizeCategory::Large, 4),
            (SizeCategory::Huge, 9),
            (SizeCategory::Gargantuan, 16),
        ] {
            assert_eq!(
                footprint_cells(GridKind::Square, size, Cell::new(3, 4)).len(),
                n
            );
        }
        let large = footprint_cells(GridKind::Square, SizeCategory::Large, Cell::new(4, 0));
        assert_eq!(
            large,
            vec![
                Cell::new(4, 0),
                Cell::new(5, 0),
                Cell::new(4, 1),
                Cell::new(5, 1)
            ]
        );
    }

    #[test]
    fn hex_footprints_are_1_3_7_12() {
        for grid in [GridKind::HexFlat, GridKind::HexPointy] {
            let counts: Vec<usize> = [
                SizeCategory::Medium,
                SizeCategory::Large,
                SizeCategory::Huge,
                SizeCategory::Gargantuan,
            ]
            .iter()
            .map(|s| footprint_cells(grid, *s, Cell::new(2, 2)).len())
            .collect();
            assert_eq!(counts, vec![1, 3, 7, 12]);
        }
    }

    #[test]
    fn huge_hex_is_centred_on_its_anchor() {
        let c = footprint_centre(GridKind::HexFlat, SizeCategory::Huge, Cell::new(3, 1));
        let a = point_in_grid(GridKind::HexFlat, Cell::new(3, 1));
        assert!((c.x - a.x).abs() < 1e-9 && (c.y - a.y).abs() < 1e-9);
    }
}
