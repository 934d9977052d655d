//! The GM's fog brush (reveal, hide, unmark; one command per stroke) and the fog toolbar.

use egui::{Color32, Rect, Shape, Ui, Vec2};

use super::terrain::cell_polygon;
use super::transform::MapTransform;
use crate::board::grid::cell_in_grid;
use crate::model::{Cell, Command, Encounter, Fog, FogCommand, FogMark, GridKind, MapSpec};

/// What the GM's brush does to the cells it passes over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrushTool {
    Reveal,
    Hide,
    /// Takes the GM's mark off, so the party's sight decides again.
    Unmark,
    /// A click reveals the whole room under it (`room_reveal.rs`); no stroke.
    Room,
}

impl BrushTool {
    fn mark(self) -> Option<FogMark> {
        match self {
            Self::Reveal => Some(FogMark::Revealed),
            Self::Hide => Some(FogMark::Hidden),
            Self::Unmark | Self::Room => None,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Self::Reveal => "Reveal",
            Self::Hide => "Hide",
            Self::Unmark => "Unmark",
            Self::Room => "Reveal room",
        }
    }

    fn tooltip(self) -> &'static str {
        match self {
            Self::Reveal => "Drag over the map to show cells to the players",
            Self::Hide => "Drag over the map to hide cells from the players",
            Self::Unmark => "Drag over the map to let the party's sight decide again",
            Self::Room => {
                "Click a room to show all of it to the players: the cells its walls, windows \
                 and closed doors close off (an open door joins the rooms either side)"
            }
        }
    }
}

/// The brush: its tool (off when `None`), size and the stroke under way.
#[derive(Clone, Debug, Default)]
pub struct Brush {
    pub tool: Option<BrushTool>,
    /// Cells painted around the pointer: 0 is one cell.
    pub radius_cells: u32,
    stroke: Vec<Cell>,
    /// The button went down on the map itself (see `pointer`), so this press may paint.
    pressed_on_map: bool,
}

impl Brush {
    /// Follows a primary drag (or click) on the map and queues one command per stroke.
    pub fn ui(
        &mut self,
        ui: &Ui,
        background: &egui::Response,
        pointer: &super::pointer::MapPointer,
        map: &MapSpec,
        t: &MapTransform,
        commands: &mut Vec<Command>,
    ) {
        let Some(tool) = self.tool.filter(|t| *t != BrushTool::Room) else {
            self.stroke.clear();
            return;
        };
        // A stroke starts only where the map owns the press (never through the toolbars).
        if pointer.press_in_ui.is_some() {
            self.pressed_on_map = true;
        }
        let painting = self.pressed_on_map
            && (background.dragged_by(egui::PointerButton::Primary)
                || background.drag_stopped_by(egui::PointerButton::Primary)
                || background.clicked());
        // egui calls it a drag only once the pointer has moved a little: the stroke starts where
        // the button went down.
        let origin = background
            .drag_started_by(egui::PointerButton::Primary)
            .then(|| ui.input(|i| i.pointer.press_origin()))
            .flatten();
        let pointer = painting
            .then(|| background.interact_pointer_pos())
            .flatten();
        for at in origin.into_iter().chain(pointer) {
            let centre = cell_in_grid(map.grid, t.grid_from_ui(at));
            for cell in cells_around(map, centre, self.radius_cells) {
                if !self.stroke.contains(&cell) {
                    self.stroke.push(cell);
                }
            }
        }
        let done = background.drag_stopped_by(egui::PointerButton::Primary)
            || background.clicked()
            || !ui.input(|i| i.pointer.primary_down());
        if done {
            self.pressed_on_map = false;
        }
        if done && !self.stroke.is_empty() {
            let cells = std::mem::take(&mut self.stroke);
            let mark = tool.mark();
            commands.push(Command::Fog(FogCommand::Brush(
                cells.into_iter().map(|c| (c, mark)).collect(),
            )));
        }
    }

    /// Outlines the stroke under way, so the GM sees what the release will change.
    pub fn paint_stroke(&self, painter: &egui::Painter, grid: GridKind, t: &MapTransform) {
        let colour = match self.tool {
            Some(BrushTool::Hide) => Color32::from_rgba_unmultiplied(20, 20, 60, 120),
            _ => Color32::from_rgba_unmultiplied(255, 240, 160, 90),
        };
        for cell in &self.stroke {
            painter.add(Shape::convex_polygon(
                cell_polygon(grid, *cell, t),
                colour,
                egui::Stroke::NONE,
            ));
        }
    }
}

/// The map cells within `radius` cells of `centre` (by centre distance), `centre` included.
fn cells_around(map: &MapSpec, centre: Cell, radius: u32) -> Vec<Cell> {
    let r = radius as i32;
    let c = crate::board::grid::point_in_grid(map.grid, centre);
    let limit = f64::from(radius) + 0.01;
    let mut cells = Vec::new();
    for dy in -r..=r {
        for dx in -r..=r {
            let cell = Cell::new(centre.x + dx, centre.y + dy);
            let p = crate::board::grid::point_in_grid(map.grid, cell);
            if map.contains(cell) && (p.x - c.x).hypot(p.y - c.y) <= limit {
                cells.push(cell);
            }
        }
    }
    cells
}

/// The fog toolbar in the pane's bottom-left corner: fog on/off, the brush tools and size, a
/// reset of what the party explored, and the light: ambient light and the map's lights.
pub fn toolbar_ui(
    ui: &mut Ui,
    rect: Rect,
    encounter: &Encounter,
    brush: &mut Brush,
    commands: &mut Vec<Command>,
) {
    let fog = &encounter.fog;
    let overlay = super::pointer::Overlay {
        name: "fog_toolbar",
        label: "Fog tools",
        anchor: egui::Align2::LEFT_BOTTOM,
        inset: Vec2::splat(8.0),
        max_width: 760.0,
    };
    // In a narrow pane the buttons wrap onto more rows, growing upwards: every one stays in reach.
    super::pointer::overlay_ui(ui, rect, &overlay, |ui| {
        ui.horizontal_wrapped(|ui| {
            tools_ui(ui, fog, brush, commands);
            ui.separator();
            super::light_menu::ambient_ui(ui, encounter, commands);
            super::light_menu::lights_menu_ui(ui, encounter, commands);
        });
    });
}

fn tools_ui(ui: &mut Ui, fog: &Fog, brush: &mut Brush, commands: &mut Vec<Command>) {
    let mut enabled = fog.enabled;
    if ui
        .toggle_value(&mut enabled, "Fog")
        .on_hover_text("Fog of war: the players see only what the party has seen")
        .clicked()
    {
        commands.push(Command::Fog(FogCommand::SetEnabled(enabled)));
    }
    ui.add_enabled_ui(fog.enabled, |ui| {
        for tool in [
            BrushTool::Reveal,
            BrushTool::Hide,
            BrushTool::Unmark,
            BrushTool::Room,
        ] {
            let on = brush.tool == Some(tool);
            if ui
                .selectable_label(on, tool.label())
                .on_hover_text(tool.tooltip())
                .clicked()
            {
                brush.tool = if on { None } else { Some(tool) };
            }
        }
        ui.add(
            egui::DragValue::new(&mut brush.radius_cells)
                .range(0..=6)
                .prefix("size "),
        )
        .on_hover_text("Brush radius in cells (0 paints one cell)");
        if ui
            .button("Reset explored")
            .on_hover_text("Forget what the party explored; what it sees now stays")
            .clicked()
        {
            commands.push(Command::Fog(FogCommand::ResetExplored));
        }
    });
    if !fog.enabled {
        brush.tool = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_brush_of_radius_one_covers_a_cell_and_its_four_neighbours() {
        let map = MapSpec::default();
        let cells = cells_around(&map, Cell::new(5, 5), 1);
        assert_eq!(cells.len(), 5);
        assert_eq!(
            cells_around(&map, Cell::new(0, 0), 1).len(),
            3,
            "clipped to the map"
        );
        let hex = MapSpec {
            grid: GridKind::HexFlat,
            ..MapSpec::default()
        };
        assert_eq!(cells_around(&hex, Cell::new(5, 5), 1).len(), 7);
    }
}
