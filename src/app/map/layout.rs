//! Where things are on the map, in map space: the map's extent, the cells in view and each token
//! size's disc. Kept apart from painting so the pane can ask it for hit tests too.

use egui::{Rect, pos2};

use crate::board::footprint::footprint_centre;
use crate::board::grid::{HEX_RADIUS, cell_in_grid, point_in_grid};
use crate::model::{Cell, GridKind, GridPoint, MapSpec, SizeCategory};

/// The map's rectangle in map space (hex maps: the bounding box of their hexes).
pub fn map_rect_in_grid(map: &MapSpec) -> Rect {
    let (w, h) = (map.width_cells as f32, map.height_cells as f32);
    let s = HEX_RADIUS as f32;
    // Odd columns (flat) or rows (pointy) stick out by half a cell once there are two of them.
    let stagger = |n: u32| if n > 1 { 0.5 } else { 0.0 };
    let max = match map.grid {
        GridKind::Square | GridKind::Gridless => pos2(w, h),
        GridKind::HexFlat => pos2(s * (2.0 + 1.5 * (w - 1.0)), h + stagger(map.width_cells)),
        GridKind::HexPointy => pos2(w + stagger(map.height_cells), s * (2.0 + 1.5 * (h - 1.0))),
    };
    Rect::from_min_max(pos2(0.0, 0.0), max)
}

/// The map's `(column, row)` ranges that may show inside `view_in_grid`, clamped to the map.
///
/// Work per frame is proportional to the cells in view, not to the map's size.
pub fn visible_offsets(map: &MapSpec, view_in_grid: Rect) -> Option<(OffsetRange, OffsetRange)> {
    let view = view_in_grid.expand(1.0);
    let corners = [
        view.left_top(),
        view.right_top(),
        view.left_bottom(),
        view.right_bottom(),
    ];
    let (mut cols, mut rows) = ((i32::MAX, i32::MIN), (i32::MAX, i32::MIN));
    for corner in corners {
        let cell = cell_in_grid(map.grid, GridPoint::new(corner.x.into(), corner.y.into()));
        let (col, row) = map.offset_of(cell);
        cols = (cols.0.min(col), cols.1.max(col));
        rows = (rows.0.min(row), rows.1.max(row));
    }
    let cols = (cols.0.max(0), cols.1.min(map.width_cells as i32 - 1));
    let rows = (rows.0.max(0), rows.1.min(map.height_cells as i32 - 1));
    (cols.0 <= cols.1 && rows.0 <= rows.1).then_some((cols.0..=cols.1, rows.0..=rows.1))
}

/// An inclusive range of map columns or rows.
pub type OffsetRange = std::ops::RangeInclusive<i32>;

/// The smallest and largest `cell.x` of the visible cells, for range queries on cell sets
/// (which sort by `x` first).
pub fn visible_x_span(map: &MapSpec, cols: &OffsetRange, rows: &OffsetRange) -> (i32, i32) {
    let corners = [
        map.cell_at_offset(*cols.start(), *rows.start()),
        map.cell_at_offset(*cols.end(), *rows.start()),
        map.cell_at_offset(*cols.start(), *rows.end()),
        map.cell_at_offset(*cols.end(), *rows.end()),
    ];
    let min = corners.iter().map(|c| c.x).min().unwrap_or(0);
    let max = corners.iter().map(|c| c.x).max().unwrap_or(0);
    (min, max)
}

/// How a token of one size sits over its anchor: the disc drawn for it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TokenDisc {
    /// From the anchor cell's centre to the footprint's centre, in map space.
    pub offset_x: f64,
    pub offset_y: f64,
    /// The disc's radius in cells.
    pub radius_cells: f64,
}

impl TokenDisc {
    /// Where the disc's centre is for a token anchored at `anchor`.
    pub fn centre(&self, grid: GridKind, anchor: Cell) -> GridPoint {
        let a = point_in_grid(grid, anchor);
        GridPoint::new(a.x + self.offset_x, a.y + self.offset_y)
    }
}

/// The disc of every size on `grid`, indexed like [`SizeCategory::ALL`].
///
/// Both grid layouts are linear in the cell coordinates, so a footprint's centre is its anchor's
/// centre plus a fixed offset: computing it once per frame spares an allocation per token.
pub fn token_discs(grid: GridKind) -> [TokenDisc; 6] {
    SizeCategory::ALL.map(|size| {
        let origin = Cell::new(0, 0);
        let centre = footprint_centre(grid, size, origin);
        let anchor = point_in_grid(grid, origin);
        TokenDisc {
            offset_x: centre.x - anchor.x,
            offset_y: centre.y - anchor.y,
            radius_cells: disc_radius_cells(grid, size),
        }
    })
}

/// A disc that covers the footprint with a little room left to see the grid around it.
fn disc_radius_cells(grid: GridKind, size: SizeCategory) -> f64 {
    let medium = 0.43;
    match (grid.is_hex(), size) {
        (_, SizeCategory::Tiny) => 0.3,
        (_, SizeCategory::Small) => 0.37,
        (_, SizeCategory::Medium) => medium,
        (false, big) => f64::from(big.space_cells()) * medium,
        // Hex centres of the Large triangle lie 1/√3 from its centre, of Huge 1 from it.
        (true, SizeCategory::Large) => HEX_RADIUS + medium,
        (true, SizeCategory::Huge) => 1.0 + medium,
        (true, SizeCategory::Gargantuan) => 1.53 + medium,
    }
}

/// Where `token`'s disc is drawn, in map space: its centre and its radius in cells.
pub fn disc_of(grid: GridKind, token: &crate::model::Token) -> (GridPoint, f64) {
    let disc = token_discs(grid)[size_index(token.size)];
    (disc.centre(grid, token.cell), disc.radius_cells)
}

/// The index of `size` in [`SizeCategory::ALL`].
pub fn size_index(size: SizeCategory) -> usize {
    size as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::cell_corners;

    fn map(grid: GridKind, w: u32, h: u32) -> MapSpec {
        MapSpec {
            grid,
            width_cells: w,
            height_cells: h,
            ..MapSpec::default()
        }
    }

    #[test]
    fn map_rect_is_the_bounding_box_of_its_cells() {
        for grid in GridKind::ALL {
            let m = map(grid, 7, 5);
            let (mut max_x, mut max_y) = (0.0_f64, 0.0_f64);
            for col in 0..7 {
                for row in 0..5 {
                    for p in cell_corners(grid, m.cell_at_offset(col, row)) {
                        max_x = max_x.max(p.x);
                        max_y = max_y.max(p.y);
                    }
                }
            }
            let r = map_rect_in_grid(&m);
            assert!((f64::from(r.max.x) - max_x).abs() < 1e-4, "{grid:?}");
            assert!((f64::from(r.max.y) - max_y).abs() < 1e-4, "{grid:?}");
        }
    }

    #[test]
    fn visible_offsets_cover_the_view_and_stay_in_the_map() {
        let m = map(GridKind::Square, 200, 200);
        let view = Rect::from_min_max(pos2(10.2, 20.5), pos2(30.9, 25.0));
        let (cols, rows) = visible_offsets(&m, view).unwrap();
        assert_eq!((cols, rows), (9..=31, 19..=26));
        let outside = Rect::from_min_max(pos2(-50.0, -50.0), pos2(-20.0, -20.0));
        assert!(visible_offsets(&m, outside).is_none());
    }

    #[test]
    fn medium_disc_sits_on_its_cell_and_large_square_disc_on_its_four() {
        let discs = token_discs(GridKind::Square);
        let medium = discs[size_index(SizeCategory::Medium)];
        assert_eq!(
            medium.centre(GridKind::Square, Cell::new(3, 4)),
            GridPoint::new(3.5, 4.5)
        );
        let large = discs[size_index(SizeCategory::Large)];
        assert_eq!(
            large.centre(GridKind::Square, Cell::new(3, 4)),
            GridPoint::new(4.0, 5.0)
        );
        let hex = token_discs(GridKind::HexFlat)[size_index(SizeCategory::Large)];
        let expected = footprint_centre(GridKind::HexFlat, SizeCategory::Large, Cell::new(5, -2));
        let got = hex.centre(GridKind::HexFlat, Cell::new(5, -2));
        assert!((got.x - expected.x).abs() < 1e-9 && (got.y - expected.y).abs() < 1e-9);
    }
}
