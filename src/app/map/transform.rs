//! Conversions between map space (cells) and ui space (egui points).

use egui::{Pos2, Rect, Vec2, pos2};

use crate::model::GridPoint;

/// A uniform scale and offset from map space to ui space: the map pane's camera for one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapTransform {
    /// Where the map-space origin lands in the ui.
    pub origin_in_ui: Pos2,
    /// How many ui points one cell length takes.
    pub points_per_cell: f32,
}

impl MapTransform {
    /// The closest the GM can zoom out: a 200×200 map still fits a laptop screen.
    pub const MIN_POINTS_PER_CELL: f32 = 3.0;
    /// The closest the GM can zoom in: a single cell fills a large part of the pane.
    pub const MAX_POINTS_PER_CELL: f32 = 400.0;

    pub fn new(origin_in_ui: Pos2, points_per_cell: f32) -> Self {
        Self {
            origin_in_ui,
            points_per_cell: clamp_zoom(points_per_cell),
        }
    }

    /// The transform that shows `map_in_grid` as large as fits in `rect_in_ui`, centred, with
    /// `margin` points left free all round.
    pub fn fit(map_in_grid: Rect, rect_in_ui: Rect, margin: f32) -> Self {
        let room = (rect_in_ui.size() - Vec2::splat(2.0 * margin)).max(Vec2::splat(1.0));
        let size = map_in_grid.size().max(Vec2::splat(f32::EPSILON));
        let points_per_cell = clamp_zoom((room.x / size.x).min(room.y / size.y));
        let origin_in_ui = rect_in_ui.center() - map_in_grid.center().to_vec2() * points_per_cell;
        Self {
            origin_in_ui,
            points_per_cell,
        }
    }

    pub fn ui_from_grid(&self, p: GridPoint) -> Pos2 {
        self.origin_in_ui + Vec2::new(p.x as f32, p.y as f32) * self.points_per_cell
    }

    pub fn grid_from_ui(&self, p: Pos2) -> GridPoint {
        let v = (p - self.origin_in_ui) / self.points_per_cell;
        GridPoint::new(f64::from(v.x), f64::from(v.y))
    }

    /// A map-space rectangle (held in f32 for egui) in ui space.
    pub fn ui_rect_from_grid(&self, r: Rect) -> Rect {
        Rect::from_min_max(
            self.origin_in_ui + r.min.to_vec2() * self.points_per_cell,
            self.origin_in_ui + r.max.to_vec2() * self.points_per_cell,
        )
    }

    /// A ui-space rectangle in map space.
    pub fn grid_rect_from_ui(&self, r: Rect) -> Rect {
        let min = (r.min - self.origin_in_ui) / self.points_per_cell;
        let max = (r.max - self.origin_in_ui) / self.points_per_cell;
        Rect::from_min_max(pos2(min.x, min.y), pos2(max.x, max.y))
    }

    /// A length in cells as ui points.
    pub fn points(&self, cells: f64) -> f32 {
        cells as f32 * self.points_per_cell
    }

    /// Moves the view by `delta` ui points.
    pub fn pan(&mut self, delta: Vec2) {
        self.origin_in_ui += delta;
    }

    /// Multiplies the zoom by `factor` (clamped), keeping the map point under `fixed_in_ui` where
    /// it is, so zooming follows the cursor.
    pub fn zoom_around(&mut self, fixed_in_ui: Pos2, factor: f32) {
        let new_points = clamp_zoom(self.points_per_cell * factor);
        let applied = new_points / self.points_per_cell;
        self.origin_in_ui = fixed_in_ui - (fixed_in_ui - self.origin_in_ui) * applied;
        self.points_per_cell = new_points;
    }
}

fn clamp_zoom(points_per_cell: f32) -> f32 {
    if points_per_cell.is_finite() {
        points_per_cell.clamp(
            MapTransform::MIN_POINTS_PER_CELL,
            MapTransform::MAX_POINTS_PER_CELL,
        )
    } else {
        MapTransform::MIN_POINTS_PER_CELL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Pos2, b: Pos2) -> bool {
        (a - b).length() < 1e-3
    }

    #[test]
    fn grid_from_ui_undoes_ui_from_grid() {
        let t = MapTransform::new(pos2(37.5, -12.0), 42.0);
        for (x, y) in [(0.0, 0.0), (3.25, 7.5), (-2.0, 19.75), (199.5, 0.125)] {
            let p = GridPoint::new(x, y);
            let back = t.grid_from_ui(t.ui_from_grid(p));
            assert!(
                (back.x - x).abs() < 1e-4 && (back.y - y).abs() < 1e-4,
                "{p:?}"
            );
        }
        let ui = pos2(640.0, 333.0);
        assert!(close(t.ui_from_grid(t.grid_from_ui(ui)), ui));
        assert_eq!(t.ui_from_grid(GridPoint::new(1.0, 2.0)), pos2(79.5, 72.0));
    }

    #[test]
    fn zoom_keeps_the_point_under_the_cursor_fixed() {
        let mut t = MapTransform::new(pos2(100.0, 50.0), 30.0);
        let cursor = pos2(412.0, 287.0);
        let under = t.grid_from_ui(cursor);
        t.zoom_around(cursor, 1.7);
        assert!((t.points_per_cell - 51.0).abs() < 1e-4);
        assert!(close(t.ui_from_grid(under), cursor));
        t.zoom_around(cursor, 1e6);
        assert!((t.points_per_cell - MapTransform::MAX_POINTS_PER_CELL).abs() < 1e-3);
        assert!(close(t.ui_from_grid(under), cursor));
    }

    #[test]
    fn fit_centres_the_map_in_the_pane() {
        let map = Rect::from_min_max(Pos2::ZERO, pos2(24.0, 16.0));
        let pane = Rect::from_min_size(pos2(10.0, 20.0), Vec2::new(1000.0, 500.0));
        let t = MapTransform::fit(map, pane, 10.0);
        assert!((t.points_per_cell - 30.0).abs() < 1e-4);
        assert!(close(
            t.ui_from_grid(GridPoint::new(12.0, 8.0)),
            pane.center()
        ));
    }
}
