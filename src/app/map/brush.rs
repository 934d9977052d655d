//! Painting obstacle and difficult cells, and erasing, in drag strokes: a whole stroke is one
//! command, previewed while the button is down.

use std::collections::BTreeSet;

use egui::{Color32, Painter, Shape, Stroke, Ui};

use super::palette;
use super::pointer::MapPointer;
use super::terrain::cell_polygon;
use super::tools::Tool;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::board::grid::cell_in_grid;
use crate::model::{Cell, CellLayer, Command, Encounter, GridPoint, WallId};

/// How close to a wall, in cells, the eraser must pass to take it.
const ERASE_REACH_CELLS: f64 = 0.3;
const ERASE_TINT: Color32 = Color32::from_rgba_unmultiplied_const(230, 40, 40, 110);

/// A stroke in progress: what it has touched so far.
#[derive(Debug, Default)]
pub struct Brush {
    stroke: Option<StrokeSoFar>,
}

#[derive(Debug, Default)]
struct StrokeSoFar {
    cells: BTreeSet<Cell>,
    walls: BTreeSet<WallId>,
    /// The last pointer position, so a fast drag covers the cells between two frames.
    last: Option<GridPoint>,
}

impl Brush {
    pub fn cancel(&mut self) {
        self.stroke = None;
    }

    pub fn ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &Painter,
        t: &MapTransform,
        pointer: &MapPointer,
        tool: Tool,
    ) {
        let down = ui.input(|i| i.pointer.primary_down());
        let erase = tool == Tool::Erase;
        if let Some(press) = pointer.press_in_ui {
            let mut stroke = StrokeSoFar::default();
            stroke.reach(ctx.encounter, t.grid_from_ui(press), erase);
            self.stroke = Some(stroke);
        }
        // Also on the release frame: it may carry the last moves of the stroke.
        let at = pointer.pos_in_ui.map(|p| t.grid_from_ui(p));
        if let (Some(stroke), Some(at)) = (&mut self.stroke, at) {
            stroke.reach(ctx.encounter, at, erase);
        }
        if let Some(stroke) = &self.stroke {
            stroke.paint(painter, ctx.encounter, t, tool);
        }
        if !down
            && let Some(stroke) = self.stroke.take()
            && let Some(command) = stroke_command(ctx.encounter, &stroke.cells, &stroke.walls, tool)
        {
            ctx.command(command);
        }
    }
}

impl StrokeSoFar {
    /// Adds what the pointer passed over since the last frame.
    fn reach(&mut self, encounter: &Encounter, at: GridPoint, erase: bool) {
        let from = self.last.unwrap_or(at);
        self.last = Some(at);
        let steps = ((at.x - from.x).hypot(at.y - from.y) / 0.25)
            .ceil()
            .max(1.0) as u32;
        for i in 0..=steps {
            let f = f64::from(i) / f64::from(steps);
            let p = GridPoint::new(from.x + (at.x - from.x) * f, from.y + (at.y - from.y) * f);
            let cell = cell_in_grid(encounter.map.grid, p);
            if encounter.map.contains(cell) {
                self.cells.insert(cell);
            }
            if erase {
                let near = encounter
                    .walls
                    .iter()
                    .filter(|w| distance_to_segment(p, w.a, w.b) <= ERASE_REACH_CELLS);
                self.walls.extend(near.map(|w| w.id));
            }
        }
    }

    fn paint(&self, painter: &Painter, encounter: &Encounter, t: &MapTransform, tool: Tool) {
        let tint = match tool {
            Tool::Obstacle => palette::OBSTACLE.gamma_multiply(0.7),
            Tool::Difficult => palette::DIFFICULT_HATCH.gamma_multiply(0.6),
            _ => ERASE_TINT,
        };
        for cell in &self.cells {
            let polygon = cell_polygon(encounter.map.grid, *cell, t);
            painter.add(Shape::convex_polygon(polygon, tint, Stroke::NONE));
        }
        let width = (t.points_per_cell * 0.2).clamp(4.0, 14.0);
        for wall in encounter
            .walls
            .iter()
            .filter(|w| self.walls.contains(&w.id))
        {
            let ends = [t.ui_from_grid(wall.a), t.ui_from_grid(wall.b)];
            painter.line_segment(ends, Stroke::new(width, ERASE_TINT));
        }
    }
}

/// The stroke's command: the cells that change, and for the eraser the walls it crossed; `None`
/// when nothing would change.
pub fn stroke_command(
    encounter: &Encounter,
    cells: &BTreeSet<Cell>,
    walls: &BTreeSet<WallId>,
    tool: Tool,
) -> Option<Command> {
    let paint = |layer: CellLayer, on: bool| {
        let set = match layer {
            CellLayer::Obstacle => &encounter.obstacle_cells,
            CellLayer::Difficult => &encounter.difficult_cells,
        };
        let changed: Vec<(Cell, bool)> = cells
            .iter()
            .filter(|c| set.contains(c) != on)
            .map(|c| (*c, on))
            .collect();
        (!changed.is_empty()).then_some(Command::PaintCells {
            layer,
            cells: changed,
        })
    };
    let commands: Vec<Command> = match tool {
        Tool::Obstacle => paint(CellLayer::Obstacle, true).into_iter().collect(),
        Tool::Difficult => paint(CellLayer::Difficult, true).into_iter().collect(),
        Tool::Erase => paint(CellLayer::Obstacle, false)
            .into_iter()
            .chain(paint(CellLayer::Difficult, false))
            .chain(walls.iter().map(|id| Command::RemoveWall(*id)))
            .collect(),
        _ => Vec::new(),
    };
    (!commands.is_empty()).then_some(Command::Batch(commands))
}

/// The distance from `p` to the segment `a`–`b`, in cells.
fn distance_to_segment(p: GridPoint, a: GridPoint, b: GridPoint) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length_sq = dx * dx + dy * dy;
    let f = if length_sq > 0.0 {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / length_sq).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p.x - a.x - f * dx).hypot(p.y - a.y - f * dy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::apply;
    use crate::model::{RuleSystem, Wall, WallKind};

    #[test]
    fn painting_only_records_cells_that_change() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        e.obstacle_cells.insert(Cell::new(2, 2));
        let cells: BTreeSet<Cell> = [Cell::new(1, 2), Cell::new(2, 2)].into();
        let command = stroke_command(&e, &cells, &BTreeSet::new(), Tool::Obstacle).unwrap();
        assert_eq!(
            command,
            Command::Batch(vec![Command::PaintCells {
                layer: CellLayer::Obstacle,
                cells: vec![(Cell::new(1, 2), true)],
            }])
        );
        let only_old: BTreeSet<Cell> = [Cell::new(2, 2)].into();
        assert!(stroke_command(&e, &only_old, &BTreeSet::new(), Tool::Obstacle).is_none());
    }

    #[test]
    fn the_eraser_clears_both_layers_and_walls_in_one_undoable_step() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        e.obstacle_cells.insert(Cell::new(1, 1));
        e.difficult_cells.insert(Cell::new(2, 1));
        e.walls.push(Wall {
            id: WallId(7),
            a: GridPoint::new(1.0, 1.0),
            b: GridPoint::new(3.0, 1.0),
            kind: WallKind::Wall,
        });
        let mut stroke = StrokeSoFar::default();
        stroke.reach(&e, GridPoint::new(1.5, 1.2), true);
        stroke.reach(&e, GridPoint::new(2.5, 1.2), true);
        assert_eq!(stroke.walls, [WallId(7)].into());
        let before = e.clone();
        let command = stroke_command(&e, &stroke.cells, &stroke.walls, Tool::Erase).unwrap();
        let inverse = apply(&mut e, command).unwrap();
        assert!(e.obstacle_cells.is_empty() && e.difficult_cells.is_empty() && e.walls.is_empty());
        apply(&mut e, inverse).unwrap();
        assert_eq!(e, before);
    }

    #[test]
    fn distance_to_a_segment_uses_its_ends_past_them() {
        let (a, b) = (GridPoint::new(0.0, 0.0), GridPoint::new(2.0, 0.0));
        assert!((distance_to_segment(GridPoint::new(1.0, 0.5), a, b) - 0.5).abs() < 1e-12);
        assert!((distance_to_segment(GridPoint::new(3.0, 0.0), a, b) - 1.0).abs() < 1e-12);
    }
}
