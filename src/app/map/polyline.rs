//! Drawing walls, doors and windows: click corners one after another; Esc, Enter, a right-click
//! or a second click on the last corner ends the polyline, which becomes one command.

use egui::{Color32, Key, Modifiers, Painter, Pos2, Stroke, Ui};

use super::pointer::MapPointer;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::board::grid::{cell_corners, cell_in_grid};
use crate::board::wall_split::draw_segments_command;
use crate::model::{Command, Encounter, GridKind, GridPoint, WallKind};

const PREVIEW: Color32 = Color32::from_rgb(255, 150, 40);

/// A polyline being drawn, in map space.
#[derive(Debug, Default)]
pub struct Polyline {
    points: Vec<GridPoint>,
}

impl Polyline {
    pub fn clear(&mut self) {
        self.points.clear();
    }

    /// The corners clicked so far.
    pub fn points(&self) -> &[GridPoint] {
        &self.points
    }

    pub fn ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &Painter,
        t: &MapTransform,
        pointer: &MapPointer,
        kind: WallKind,
    ) {
        let grid = ctx.encounter.map.grid;
        let free = ui.input(|i| i.modifiers.shift);
        let cursor = pointer
            .pos_in_ui
            .filter(|_| pointer.over_map)
            .map(|p| place(grid, t.grid_from_ui(p), free));
        let ended = ui.input(|i| i.pointer.secondary_pressed());
        let pressed = pointer
            .press_in_ui
            .map(|p| place(grid, t.grid_from_ui(p), free));
        let keys_end = !self.points.is_empty()
            && super::pointer::keys_for_map(ui)
            && ui.input_mut(|i| {
                i.consume_key(Modifiers::NONE, Key::Escape)
                    || i.consume_key(Modifiers::NONE, Key::Enter)
            });
        if let Some(at) = pressed {
            if self.points.last() == Some(&at) {
                self.finish(ctx, kind);
            } else {
                self.points.push(at);
            }
        } else if keys_end || (ended && pointer.over_map) {
            self.finish(ctx, kind);
        }
        // No repaint request: pointer movement already brings the next frame.
        self.paint_preview(painter, t, cursor);
    }

    /// Queues the polyline as one command (nothing for fewer than two distinct corners).
    fn finish(&mut self, ctx: &mut PaneContext<'_>, kind: WallKind) {
        let points = std::mem::take(&mut self.points);
        if let Some(command) = polyline_command(ctx.encounter, &points, kind) {
            ctx.command(command);
        }
    }

    fn paint_preview(&self, painter: &Painter, t: &MapTransform, cursor: Option<GridPoint>) {
        let width = (t.points_per_cell * 0.08).clamp(2.0, 6.0);
        let stroke = Stroke::new(width, PREVIEW);
        let mut line: Vec<Pos2> = self.points.iter().map(|p| t.ui_from_grid(*p)).collect();
        if let (Some(cursor), false) = (cursor, line.is_empty()) {
            line.push(t.ui_from_grid(cursor));
        }
        for pair in line.windows(2) {
            painter.line_segment([pair[0], pair[1]], stroke);
        }
        for p in &line {
            painter.circle_filled(*p, width * 1.2, PREVIEW);
        }
        if let Some(cursor) = cursor {
            painter.circle_stroke(t.ui_from_grid(cursor), width * 2.0, stroke);
        }
    }
}

/// Where a click at `p` puts a corner: the nearest cell corner, or `p` itself when `free`.
pub fn place(grid: GridKind, p: GridPoint, free: bool) -> GridPoint {
    if free {
        return p;
    }
    match grid {
        GridKind::Square | GridKind::Gridless => GridPoint::new(p.x.round(), p.y.round()),
        GridKind::HexFlat | GridKind::HexPointy => {
            let corners = cell_corners(grid, cell_in_grid(grid, p));
            let distance = |c: &GridPoint| (c.x - p.x).hypot(c.y - p.y);
            corners
                .into_iter()
                .min_by(|a, b| distance(a).total_cmp(&distance(b)))
                .unwrap_or(p)
        }
    }
}

/// One `AddWall` per segment of `points`, with fresh ids, as one batch; a door or window also
/// cuts the walls it is drawn along (see `board::wall_split`).
pub fn polyline_command(
    encounter: &Encounter,
    points: &[GridPoint],
    kind: WallKind,
) -> Option<Command> {
    draw_segments_command(&encounter.walls, encounter.fresh_wall_id(), points, kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::apply;
    use crate::model::{RuleSystem, WallId};

    #[test]
    fn corners_snap_to_the_nearest_grid_corner() {
        let p = GridPoint::new(3.4, 6.7);
        assert_eq!(place(GridKind::Square, p, false), GridPoint::new(3.0, 7.0));
        assert_eq!(place(GridKind::Square, p, true), p);
        let hex = place(GridKind::HexFlat, GridPoint::new(0.02, 0.48), false);
        let corner = cell_corners(GridKind::HexFlat, crate::model::Cell::new(0, 0))[3];
        assert!((hex.x - corner.x).abs() < 1e-9 && (hex.y - corner.y).abs() < 1e-9);
    }

    #[test]
    fn a_polyline_is_one_batch_of_fresh_walls_and_undoes_at_once() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        let points = [
            GridPoint::new(1.0, 1.0),
            GridPoint::new(4.0, 1.0),
            GridPoint::new(4.0, 1.0),
            GridPoint::new(4.0, 3.0),
        ];
        let command = polyline_command(&e, &points, WallKind::Window).unwrap();
        let inverse = apply(&mut e, command).unwrap();
        assert_eq!(e.walls.len(), 2);
        assert_eq!(e.walls[1].id, WallId(2));
        assert_eq!(e.walls[1].a, GridPoint::new(4.0, 1.0));
        assert!(e.walls.iter().all(|w| w.kind == WallKind::Window));
        apply(&mut e, inverse).unwrap();
        assert!(e.walls.is_empty());
        assert!(polyline_command(&e, &points[..1], WallKind::Wall).is_none());
    }
}
