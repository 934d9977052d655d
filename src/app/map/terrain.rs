//! Painting the board under the tokens: map area, grid lines, obstacle and difficult cells.

use std::collections::BTreeSet;

use egui::{Painter, Pos2, Rect, Shape, Stroke, Vec2};

use super::layout::{OffsetRange, visible_x_span};
use super::palette;
use super::transform::MapTransform;
use crate::board::grid::{HEX_RADIUS, point_in_grid};
use crate::model::{Cell, Encounter, GridKind, MapSpec};

/// Below this zoom the grid is noise rather than help, and drawing it costs the most.
const MIN_GRID_POINTS_PER_CELL: f32 = 7.0;
const MIN_HEX_GRID_POINTS_PER_CELL: f32 = 10.0;

/// The visible part of the map, as found by [`super::layout::visible_offsets`].
pub struct VisibleCells<'a> {
    pub map: &'a MapSpec,
    pub cols: OffsetRange,
    pub rows: OffsetRange,
    /// The visible region in map space, for culling shapes of cell sets.
    pub view_in_grid: Rect,
}

impl VisibleCells<'_> {
    /// Each visible cell of the map.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.rows.clone().flat_map(move |row| {
            self.cols
                .clone()
                .map(move |col| self.map.cell_at_offset(col, row))
        })
    }

    /// The members of `set` that are in view: a range query on `x`, then a test on the centre.
    pub fn members<'s>(&'s self, set: &'s BTreeSet<Cell>) -> impl Iterator<Item = Cell> + 's {
        let (x0, x1) = visible_x_span(self.map, &self.cols, &self.rows);
        let view = self.view_in_grid.expand(1.0);
        set.range(Cell::new(x0 - 1, i32::MIN)..=Cell::new(x1 + 1, i32::MAX))
            .copied()
            .filter(move |c| {
                let p = point_in_grid(self.map.grid, *c);
                view.contains(Pos2::new(p.x as f32, p.y as f32)) && self.map.contains(*c)
            })
    }
}

/// The outline of `cell` in ui space.
///
/// Same corners as [`crate::board::grid::cell_corners`], but from fixed offsets around the centre
/// instead of six sines and cosines per hex: the grid is drawn cell by cell every frame.
pub fn cell_polygon(grid: GridKind, cell: Cell, t: &MapTransform) -> Vec<Pos2> {
    let centre = t.ui_from_grid(point_in_grid(grid, cell));
    corner_offsets(grid)
        .iter()
        .map(|[x, y]| centre + Vec2::new(*x, *y) * t.points_per_cell)
        .collect()
}

/// Corners relative to the cell's centre, in map space, in `cell_corners` order.
fn corner_offsets(grid: GridKind) -> &'static [[f32; 2]] {
    const R: f32 = HEX_RADIUS as f32;
    const SQUARE: [[f32; 2]; 4] = [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]];
    // A hex with centres one apart has circumradius R and inradius 1/2.
    const FLAT: [[f32; 2]; 6] = [
        [R, 0.0],
        [R / 2.0, 0.5],
        [-R / 2.0, 0.5],
        [-R, 0.0],
        [-R / 2.0, -0.5],
        [R / 2.0, -0.5],
    ];
    const POINTY: [[f32; 2]; 6] = [
        [0.5, R / 2.0],
        [0.0, R],
        [-0.5, R / 2.0],
        [-0.5, -R / 2.0],
        [0.0, -R],
        [0.5, -R / 2.0],
    ];
    match grid {
        GridKind::Square | GridKind::Gridless => &SQUARE,
        GridKind::HexFlat => &FLAT,
        GridKind::HexPointy => &POINTY,
    }
}

/// Fills the map area (parchment when there is no background image, unless `parchment` is
/// false: the cell layers' texture carries it) and edges a square map.
pub fn paint_map_area(
    painter: &Painter,
    encounter: &Encounter,
    map_in_ui: Rect,
    cells: Option<&VisibleCells<'_>>,
    t: &MapTransform,
    parchment: bool,
) {
    let map = &encounter.map;
    let Some(ground) = parchment_rect(map, map_in_ui, t) else {
        return;
    };
    if parchment {
        painter.rect_filled(ground, 0.0, palette::PARCHMENT);
    }
    if map.grid.is_hex() {
        // Hex maps have ragged edges, so the table shows between the outer hexes. One rectangle
        // covers the inside; only the hexes of the outer ring are filled one by one.
        let Some(cells) = cells else { return };
        let (last_col, last_row) = (map.width_cells as i32 - 1, map.height_cells as i32 - 1);
        for cell in cells.cells() {
            let (col, row) = map.offset_of(cell);
            if col == 0 || row == 0 || col == last_col || row == last_row {
                let polygon = cell_polygon(map.grid, cell, t);
                painter.add(Shape::convex_polygon(
                    polygon,
                    palette::PARCHMENT,
                    Stroke::NONE,
                ));
            }
        }
    } else {
        let edge = Stroke::new(
            (t.points_per_cell * 0.06).clamp(1.0, 3.0),
            palette::MAP_EDGE,
        );
        painter.rect_stroke(map_in_ui, 0.0, edge, egui::StrokeKind::Outside);
    }
}

/// The rectangle of plain parchment under a map without a picture: the whole map on square
/// grids, the inside of the outer ring of hexes on hex grids.
fn parchment_rect(map: &MapSpec, map_in_ui: Rect, t: &MapTransform) -> Option<Rect> {
    if map.background.is_some() {
        return None;
    }
    if !map.grid.is_hex() {
        return Some(map_in_ui);
    }
    let (inset_x, inset_y) = if map.grid == GridKind::HexFlat {
        (HEX_RADIUS as f32 / 2.0, 0.5)
    } else {
        (0.5, HEX_RADIUS as f32 / 2.0)
    };
    Some(map_in_ui.shrink2(Vec2::new(inset_x, inset_y) * t.points_per_cell))
}

/// The table around the map: `pane` less the map's parchment (which is opaque), in at most
/// four bands. Filled under the parchment too, the table was one more layer of the pane's
/// every pixel a frame, a sixth of a frame's cost in a software renderer.
pub fn paint_table(
    painter: &Painter,
    pane: Rect,
    map: &MapSpec,
    map_in_ui: Rect,
    t: &MapTransform,
) {
    let hole = parchment_rect(map, map_in_ui, t)
        .map(|r| r.intersect(pane))
        .filter(Rect::is_positive);
    let Some(hole) = hole else {
        painter.rect_filled(pane, 0.0, palette::TABLE);
        return;
    };
    let bands = [
        Rect::from_min_max(pane.min, egui::pos2(pane.max.x, hole.min.y)),
        Rect::from_min_max(egui::pos2(pane.min.x, hole.max.y), pane.max),
        Rect::from_min_max(
            egui::pos2(pane.min.x, hole.min.y),
            egui::pos2(hole.min.x, hole.max.y),
        ),
        Rect::from_min_max(
            egui::pos2(hole.max.x, hole.min.y),
            egui::pos2(pane.max.x, hole.max.y),
        ),
    ];
    for band in bands.into_iter().filter(Rect::is_positive) {
        painter.rect_filled(band, 0.0, palette::TABLE);
    }
}

/// Obstacles as solid dark cells and difficult terrain as tinted, hatched cells.
pub fn paint_cell_layers(
    painter: &Painter,
    encounter: &Encounter,
    cells: &VisibleCells<'_>,
    t: &MapTransform,
) {
    let grid = encounter.map.grid;
    for cell in cells.members(&encounter.difficult_cells) {
        let polygon = cell_polygon(grid, cell, t);
        painter.add(Shape::convex_polygon(
            polygon.clone(),
            palette::DIFFICULT_TINT,
            Stroke::NONE,
        ));
        paint_hatch(painter, &polygon, t.points_per_cell * 0.22);
    }
    let edge = Stroke::new(
        (t.points_per_cell * 0.03).clamp(0.5, 2.0),
        palette::OBSTACLE_EDGE,
    );
    for cell in cells.members(&encounter.obstacle_cells) {
        painter.add(Shape::convex_polygon(
            cell_polygon(grid, cell, t),
            palette::OBSTACLE,
            edge,
        ));
    }
    paint_obstacle_polygons(painter, encounter, t);
}

/// The obstacle polygons, as closed outlines.
pub fn paint_obstacle_polygons(painter: &Painter, encounter: &Encounter, t: &MapTransform) {
    let edge = Stroke::new(
        (t.points_per_cell * 0.03).clamp(0.5, 2.0),
        palette::OBSTACLE_EDGE,
    );
    for polygon in &encounter.obstacle_polygons {
        let points: Vec<Pos2> = polygon.points.iter().map(|p| t.ui_from_grid(*p)).collect();
        // Obstacle polygons may be concave, so they are drawn as outlines filled by a closed path.
        painter.add(Shape::closed_line(
            points,
            Stroke::new(edge.width * 2.0, palette::OBSTACLE),
        ));
    }
}

/// Diagonal lines across a convex polygon, `spacing` points apart, like a map's marsh hatching.
fn paint_hatch(painter: &Painter, polygon: &[Pos2], spacing: f32) {
    if spacing < 3.0 {
        return;
    }
    let stroke = Stroke::new((spacing * 0.12).clamp(0.6, 2.0), palette::DIFFICULT_HATCH);
    let sums = polygon.iter().map(|p| p.x + p.y);
    let (lo, hi) = sums.fold((f32::MAX, f32::MIN), |(lo, hi), s| (lo.min(s), hi.max(s)));
    let mut c = lo + spacing * 0.5;
    while c < hi {
        if let Some(segment) = clip_diagonal(polygon, c) {
            painter.line_segment(segment, stroke);
        }
        c += spacing;
    }
}

/// Where the line `x + y = c` crosses a convex polygon.
fn clip_diagonal(polygon: &[Pos2], c: f32) -> Option<[Pos2; 2]> {
    let mut hits = [Pos2::ZERO; 2];
    let mut n = 0;
    for (i, a) in polygon.iter().enumerate() {
        let b = polygon[(i + 1) % polygon.len()];
        let (fa, fb) = (a.x + a.y - c, b.x + b.y - c);
        if (fa < 0.0) != (fb < 0.0) && n < 2 {
            hits[n] = *a + (b - *a) * (fa / (fa - fb));
            n += 1;
        }
    }
    (n == 2).then_some(hits)
}

/// Grid lines over the visible cells; none on gridless maps or when zoomed far out.
pub fn paint_grid(painter: &Painter, cells: &VisibleCells<'_>, map_in_ui: Rect, t: &MapTransform) {
    let grid = cells.map.grid;
    // Hexes cost one outline each (squares one line per column and row), so they wait for a
    // closer zoom before the grid appears.
    let min_points = if grid.is_hex() {
        MIN_HEX_GRID_POINTS_PER_CELL
    } else {
        MIN_GRID_POINTS_PER_CELL
    };
    if grid == GridKind::Gridless || t.points_per_cell < min_points {
        return;
    }
    let stroke = Stroke::new(
        (t.points_per_cell * 0.025).clamp(0.6, 1.5),
        palette::GRID_LINE,
    );
    if grid.is_hex() {
        for cell in cells.cells() {
            painter.add(Shape::closed_line(cell_polygon(grid, cell, t), stroke));
        }
    } else {
        paint_square_lines(painter, cells, map_in_ui, t, stroke);
    }
}

/// One line per visible column and row edge, clipped to the map.
fn paint_square_lines(
    painter: &Painter,
    cells: &VisibleCells<'_>,
    map_in_ui: Rect,
    t: &MapTransform,
    stroke: Stroke,
) {
    let top = map_in_ui.top().max(painter.clip_rect().top());
    let bottom = map_in_ui.bottom().min(painter.clip_rect().bottom());
    for col in *cells.cols.start()..=*cells.cols.end() + 1 {
        let x = t.origin_in_ui.x + col as f32 * t.points_per_cell;
        painter.vline(x, top..=bottom, stroke);
    }
    let left = map_in_ui.left().max(painter.clip_rect().left());
    let right = map_in_ui.right().min(painter.clip_rect().right());
    for row in *cells.rows.start()..=*cells.rows.end() + 1 {
        let y = t.origin_in_ui.y + row as f32 * t.points_per_cell;
        painter.hline(left..=right, y, stroke);
    }
}

/// A soft highlight on the cell under the cursor, so the GM sees where a click lands.
pub fn paint_hovered_cell(painter: &Painter, grid: GridKind, cell: Cell, t: &MapTransform) {
    painter.add(Shape::convex_polygon(
        cell_polygon(grid, cell, t),
        palette::HOVER_CELL,
        Stroke::NONE,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::cell_corners;
    use egui::pos2;

    #[test]
    fn fast_outlines_match_the_grid_corners() {
        let t = MapTransform::new(pos2(5.0, 7.0), 30.0);
        for grid in GridKind::ALL {
            let cell = Cell::new(3, -2);
            let expected: Vec<Pos2> = cell_corners(grid, cell)
                .into_iter()
                .map(|p| t.ui_from_grid(p))
                .collect();
            let got = cell_polygon(grid, cell, &t);
            assert_eq!(got.len(), expected.len());
            for (g, e) in got.iter().zip(&expected) {
                assert!((*g - *e).length() < 1e-3, "{grid:?}: {g:?} vs {e:?}");
            }
        }
    }

    #[test]
    fn a_diagonal_through_a_square_meets_two_edges() {
        let square = [
            pos2(0.0, 0.0),
            pos2(10.0, 0.0),
            pos2(10.0, 10.0),
            pos2(0.0, 10.0),
        ];
        let [a, b] = clip_diagonal(&square, 5.0).unwrap();
        let mut ends = [a, b];
        ends.sort_by(|p, q| p.x.total_cmp(&q.x));
        assert_eq!(ends, [pos2(0.0, 5.0), pos2(5.0, 0.0)]);
        assert!(clip_diagonal(&square, 25.0).is_none());
    }
}
