//! The view box: the fixed window of whole cells a true-scale table screen shows, which the GM
//! steers over the map.
//!
//! The box is kept as the map column and row (the map's offset coordinates, see
//! [`crate::model::MapSpec::offset_of`]) of its centre cell and its size in columns and rows. It
//! only ever moves by whole cells of the grid's own lattice, so the grid drawn on the table screen
//! stays where it was and miniatures standing on its cells stay on cells. On hex maps a step of
//! one column (flat-top) or row (pointy-top) also moves the box half a cell along the other axis,
//! as the hexes themselves stagger.
//!
//! Turning the screen swaps the box's columns and rows around the same centre cell, so turning
//! there and back returns the same box.

use crate::model::{Cell, GridKind, GridPoint, SizeCategory};

use super::footprint::footprint_cells;
use super::grid::cell_corners;
use super::table_scale::cell_pitch;

/// Tolerance for "inside", in map units: a footprint whose edge lies on the box's is inside.
const EPSILON: f64 = 1e-9;

/// A window of `cols × rows` cells centred on the cell at map column `centre_col`, row
/// `centre_row`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewBox {
    pub centre_col: i32,
    pub centre_row: i32,
    pub cols: u32,
    pub rows: u32,
}

/// A rectangle in map space, by its smallest and largest corners.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridRect {
    pub min: GridPoint,
    pub max: GridPoint,
}

impl GridRect {
    /// Whether `other` lies wholly inside (edges may touch).
    pub fn contains_rect(&self, other: &Self) -> bool {
        other.min.x >= self.min.x - EPSILON
            && other.min.y >= self.min.y - EPSILON
            && other.max.x <= self.max.x + EPSILON
            && other.max.y <= self.max.y + EPSILON
    }

    /// The smallest rectangle holding every point (`None` for none).
    pub fn around(points: impl IntoIterator<Item = GridPoint>) -> Option<Self> {
        let mut points = points.into_iter();
        let first = points.next()?;
        Some(points.fold(
            Self {
                min: first,
                max: first,
            },
            |r, p| Self {
                min: GridPoint::new(r.min.x.min(p.x), r.min.y.min(p.y)),
                max: GridPoint::new(r.max.x.max(p.x), r.max.y.max(p.y)),
            },
        ))
    }

    pub fn width(&self) -> f64 {
        self.max.x - self.min.x
    }

    pub fn height(&self) -> f64 {
        self.max.y - self.min.y
    }
}

impl ViewBox {
    /// The column and row of the box's top-left cell.
    pub fn min_offset(&self) -> (i32, i32) {
        (
            self.centre_col - (self.cols / 2) as i32,
            self.centre_row - (self.rows / 2) as i32,
        )
    }

    /// The box in map space: its top-left cell's corner and `cols × rows` cell pitches.
    pub fn rect_in_grid(&self, grid: GridKind) -> GridRect {
        let (col, row) = self.min_offset();
        let min = lattice_point(grid, col, row);
        let [pitch_x, pitch_y] = cell_pitch(grid);
        let max = GridPoint::new(
            min.x + f64::from(self.cols) * pitch_x,
            min.y + f64::from(self.rows) * pitch_y,
        );
        GridRect { min, max }
    }

    /// The box of `cols × rows` cells whose top-left corner is nearest `min` (a dragged box
    /// snapping to whole cells).
    pub fn snapped(grid: GridKind, min: GridPoint, cols: u32, rows: u32) -> Self {
        let (col, row) = nearest_lattice(grid, min);
        Self::from_min_offset(col, row, cols, rows)
    }

    /// The box of `cols × rows` cells whose centre is nearest `centre` (in map space).
    pub fn around(grid: GridKind, centre: GridPoint, cols: u32, rows: u32) -> Self {
        let [pitch_x, pitch_y] = cell_pitch(grid);
        let min = GridPoint::new(
            centre.x - f64::from(cols) * pitch_x / 2.0,
            centre.y - f64::from(rows) * pitch_y / 2.0,
        );
        Self::snapped(grid, min, cols, rows)
    }

    /// The box moved `cols` columns right and `rows` rows down.
    #[must_use]
    pub fn moved(self, cols: i32, rows: i32) -> Self {
        Self {
            centre_col: self.centre_col.saturating_add(cols),
            centre_row: self.centre_row.saturating_add(rows),
            ..self
        }
    }

    /// The same centre cell with `cols × rows` cells: what a turned screen (columns and rows
    /// swapped) or a resized window shows.
    #[must_use]
    pub fn resized(self, cols: u32, rows: u32) -> Self {
        Self { cols, rows, ..self }
    }

    /// The box moved the least distance (in map space) that brings `footprint` wholly inside:
    /// itself when it already is. A footprint larger than the box gets the box centred on it.
    #[must_use]
    pub fn showing(self, grid: GridKind, footprint: &GridRect) -> Self {
        let here = self.rect_in_grid(grid);
        if here.contains_rect(footprint) {
            return self;
        }
        // The top-left corners that would hold the footprint form an interval on each axis; the
        // nearest lattice corner that holds it lies within a step of the interval's nearest point.
        let target = GridPoint::new(
            nearest_in(here.min.x, footprint.max.x - here.width(), footprint.min.x),
            nearest_in(here.min.y, footprint.max.y - here.height(), footprint.min.y),
        );
        let (col0, row0) = nearest_lattice(grid, target);
        let mut best: Option<(f64, Self)> = None;
        for col in col0 - 2..=col0 + 2 {
            for row in row0 - 2..=row0 + 2 {
                let candidate = Self::from_min_offset(col, row, self.cols, self.rows);
                let rect = candidate.rect_in_grid(grid);
                if !rect.contains_rect(footprint) {
                    continue;
                }
                let (dx, dy) = (rect.min.x - here.min.x, rect.min.y - here.min.y);
                let distance = dx.hypot(dy);
                if best.is_none_or(|(d, _)| distance < d - EPSILON) {
                    best = Some((distance, candidate));
                }
            }
        }
        best.map_or_else(
            || {
                let centre = GridPoint::new(
                    f64::midpoint(footprint.min.x, footprint.max.x),
                    f64::midpoint(footprint.min.y, footprint.max.y),
                );
                Self::around(grid, centre, self.cols, self.rows)
            },
            |(_, found)| found,
        )
    }

    /// The box moved the least that shows `footprint` with `margin` map units of room on every
    /// side, so a token brought into view keeps its ring, marks and name on the screen rather than
    /// on the box's edge. On an axis where the box is too small for the whole margin, the room
    /// left is shared equally on both sides (none, when even the footprint does not fit).
    #[must_use]
    pub fn showing_with_margin(self, grid: GridKind, footprint: &GridRect, margin: f64) -> Self {
        let here = self.rect_in_grid(grid);
        let room = |box_len: f64, len: f64| margin.min(((box_len - len) / 2.0).max(0.0)).max(0.0);
        let mx = room(here.width(), footprint.width());
        let my = room(here.height(), footprint.height());
        let padded = GridRect {
            min: GridPoint::new(footprint.min.x - mx, footprint.min.y - my),
            max: GridPoint::new(footprint.max.x + mx, footprint.max.y + my),
        };
        self.showing(grid, &padded)
    }

    fn from_min_offset(col: i32, row: i32, cols: u32, rows: u32) -> Self {
        Self {
            centre_col: col.saturating_add((cols / 2) as i32),
            centre_row: row.saturating_add((rows / 2) as i32),
            cols,
            rows,
        }
    }
}

/// The bounding rectangle of the cells a token of `size` anchored at `anchor` covers: what
/// "show the current combatant" brings inside the box.
pub fn footprint_rect(grid: GridKind, size: SizeCategory, anchor: Cell) -> GridRect {
    let corners = footprint_cells(grid, size, anchor)
        .into_iter()
        .flat_map(|cell| cell_corners(grid, cell));
    GridRect::around(corners).unwrap_or(GridRect {
        min: GridPoint::new(0.0, 0.0),
        max: GridPoint::new(0.0, 0.0),
    })
}

/// The point of `[lo, hi]` nearest `x`; the interval's middle when it is empty (`lo > hi`: the
/// footprint is wider than the box).
fn nearest_in(x: f64, lo: f64, hi: f64) -> f64 {
    if lo > hi {
        f64::midpoint(lo, hi)
    } else {
        x.clamp(lo, hi)
    }
}

/// The top-left corner of the cell at map column `col`, row `row`, relative to that of cell
/// (0, 0): a translation of the grid onto itself.
pub fn lattice_point(grid: GridKind, col: i32, row: i32) -> GridPoint {
    let [pitch_x, pitch_y] = cell_pitch(grid);
    let (c, r) = (f64::from(col), f64::from(row));
    // Odd columns of flat-top hexes sit half a hex lower; odd rows of pointy-top ones half a hex
    // to the right (`MapSpec::cell_at_offset`).
    let odd = |n: i32| if n & 1 == 1 { 0.5 } else { 0.0 };
    match grid {
        GridKind::Square | GridKind::Gridless => GridPoint::new(c, r),
        GridKind::HexFlat => GridPoint::new(c * pitch_x, r + odd(col)),
        GridKind::HexPointy => GridPoint::new(c + odd(row), r * pitch_y),
    }
}

/// The column and row whose [`lattice_point`] is nearest `p`.
fn nearest_lattice(grid: GridKind, p: GridPoint) -> (i32, i32) {
    let [pitch_x, pitch_y] = cell_pitch(grid);
    let (col, row) = (
        (p.x / pitch_x).round() as i32,
        (p.y / pitch_y).round() as i32,
    );
    let mut best = (f64::INFINITY, (col, row));
    // The stagger moves a hex lattice point half a cell: the nearest is among the neighbours.
    for c in col - 1..=col + 1 {
        for r in row - 1..=row + 1 {
            let q = lattice_point(grid, c, r);
            let d = (q.x - p.x).hypot(q.y - p.y);
            if d < best.0 - EPSILON {
                best = (d, (c, r));
            }
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::{cell_in_grid, point_in_grid};
    use crate::model::MapSpec;

    #[test]
    fn lattice_points_are_translations_of_the_grid() {
        for grid in GridKind::ALL {
            let map = MapSpec {
                grid,
                ..MapSpec::default()
            };
            let origin = point_in_grid(grid, map.cell_at_offset(0, 0));
            for col in -3..4 {
                for row in -3..4 {
                    let shift = lattice_point(grid, col, row);
                    let moved = GridPoint::new(origin.x + shift.x, origin.y + shift.y);
                    let cell = map.cell_at_offset(col, row);
                    let centre = point_in_grid(grid, cell);
                    assert!(
                        (centre.x - moved.x).abs() < 1e-9 && (centre.y - moved.y).abs() < 1e-9,
                        "{grid:?} {col} {row}"
                    );
                    assert_eq!(cell_in_grid(grid, moved), cell);
                }
            }
        }
    }
}
