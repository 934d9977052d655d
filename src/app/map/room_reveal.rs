//! The fog toolbar's "Reveal room": with it on, the room under the pointer is tinted, and a
//! click reveals exactly its cells as one undo step (`FogCommand::Reveal`). Open ground and
//! regions too large to be a room are refused with the reason on the map. Which cells make a
//! room is the core's reading (`board::rooms`).

use egui::{Color32, Shape};

use super::pointer::MapPointer;
use super::terrain::cell_polygon;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::board::Scene;
use crate::board::grid::cell_in_grid;
use crate::board::rooms::{RoomError, room_at};
use crate::model::{Cell, Command, FogCommand};

/// A room looked up at a cell of one scene generation, and what was found there.
type FoundRoom = ((Cell, u64), Result<Vec<Cell>, RoomError>);

/// The room under the pointer, kept while the pointer stays on one cell of one scene.
#[derive(Debug, Default)]
pub struct RoomPreview {
    /// The cell and scene generation it was found for, and what was found.
    found: Option<FoundRoom>,
}

impl RoomPreview {
    /// The room at `cell`, found once per cell and scene.
    fn room(
        &mut self,
        scene: &Scene,
        generation: u64,
        cell: Cell,
    ) -> &Result<Vec<Cell>, RoomError> {
        let key = (cell, generation);
        if self.found.as_ref().is_some_and(|(k, _)| *k != key) {
            self.found = None;
        }
        let (_, room) = self
            .found
            .get_or_insert_with(|| (key, room_at(scene, cell).map(|room| room.cells)));
        room
    }

    /// Forgets the room found (the tool was put down).
    pub fn clear(&mut self) {
        self.found = None;
    }

    /// Tints the room under the pointer and, on a click, reveals it or says why not
    /// (`refusal`: the note shown on the map).
    pub fn ui(
        &mut self,
        ctx: &mut PaneContext<'_>,
        (scene, generation): (&Scene, u64),
        background: &egui::Response,
        pointer: &MapPointer,
        painter: &egui::Painter,
        t: &MapTransform,
    ) -> Option<String> {
        let at = pointer.pos_in_ui.filter(|_| pointer.over_map)?;
        let grid = ctx.encounter.map.grid;
        let cell = cell_in_grid(grid, t.grid_from_ui(at));
        if !ctx.encounter.map.contains(cell) {
            return None;
        }
        let clicked = background.clicked() && pointer.owns(at);
        let room = self.room(scene, generation, cell);
        let view = painter.clip_rect().expand(t.points_per_cell);
        match room {
            Ok(cells) => {
                paint_room(painter, grid, cells, t, view);
                label(painter, at, &format!("Reveal room: {} cells", cells.len()));
                if clicked {
                    ctx.commands
                        .push(Command::Fog(FogCommand::Reveal(cells.clone())));
                }
                None
            }
            Err(err) => {
                let why = err.to_string();
                label(painter, at, "No room here");
                clicked.then(|| format!("Reveal room: {why}"))
            }
        }
    }
}

/// Tints the room's cells in view and outlines its edge, so the GM sees what a click reveals.
fn paint_room(
    painter: &egui::Painter,
    grid: crate::model::GridKind,
    cells: &[Cell],
    t: &MapTransform,
    view: egui::Rect,
) {
    let tint = Color32::from_rgba_unmultiplied(255, 200, 60, 60);
    let edge = egui::Stroke::new(3.0, Color32::from_rgb(255, 170, 0));
    let lattice = crate::board::lattice::Lattice::new(grid);
    let inside: std::collections::HashSet<Cell> = cells.iter().copied().collect();
    for cell in cells {
        let polygon = cell_polygon(grid, *cell, t);
        if !polygon.iter().any(|p| view.contains(*p)) {
            continue;
        }
        painter.add(Shape::convex_polygon(polygon, tint, egui::Stroke::NONE));
        for k in 0..lattice.corner_count() {
            if inside.contains(&lattice.neighbour_across(*cell, k)) {
                continue;
            }
            let [a, b] = [k, k + 1]
                .map(|i| t.ui_from_grid(lattice.grid_from_lattice(lattice.corner(*cell, i))));
            painter.line_segment([a, b], edge);
        }
    }
}

/// A short label beside the pointer.
fn label(painter: &egui::Painter, at: egui::Pos2, text: &str) {
    let galley = painter.layout_no_wrap(
        text.to_owned(),
        egui::FontId::proportional(13.0),
        Color32::WHITE,
    );
    let rect = egui::Align2::LEFT_TOP.anchor_size(at + egui::vec2(16.0, 16.0), galley.size());
    painter.rect_filled(rect.expand(4.0), 4.0, Color32::from_black_alpha(180));
    painter.galley(rect.min, galley, Color32::WHITE);
}
