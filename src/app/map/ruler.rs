//! The measuring ruler: hold M (or switch on "Ruler") and drag. Shows the distance in cells and
//! in the map's units, and the range band of the encounter's system. From token to token it
//! measures between their closest cells, as the rules do.

use egui::{Align2, Color32, FontId, Painter, Pos2, Stroke};

use super::transform::MapTransform;
use crate::board::grid::cell_in_grid;
use crate::board::{Scene, band, cell_distance, footprint_distance};
use crate::model::{Cell, GridPoint};

const RULER: Color32 = Color32::from_rgb(250, 250, 250);
const RULER_BACK: Color32 = Color32::from_rgba_unmultiplied_const(20, 20, 24, 220);

/// One measurement, as the label shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    pub distance_cells: f64,
    /// The distance in the map's units, e.g. "30 ft".
    pub length: String,
    /// The system's range band, if it has bands.
    pub band: Option<String>,
    /// Whether both ends were on tokens (measured between their closest cells).
    pub token_to_token: bool,
}

impl Measurement {
    /// The label drawn by the ruler.
    pub fn label(&self) -> String {
        let cells = if (self.distance_cells - self.distance_cells.round()).abs() < 1e-9 {
            format!("{:.0}", self.distance_cells)
        } else {
            format!("{:.1}", self.distance_cells)
        };
        match &self.band {
            Some(band) => format!("{cells} cells, {} ({band})", self.length),
            None => format!("{cells} cells, {}", self.length),
        }
    }
}

/// The ruler's state between frames.
#[derive(Debug, Default)]
pub struct Ruler {
    /// The toolbar toggle; holding M works without it.
    pub switched_on: bool,
    drag: Option<(GridPoint, GridPoint)>,
    last: Option<Measurement>,
}

impl Ruler {
    /// The latest measurement (kept after the button is released).
    pub fn last(&self) -> Option<&Measurement> {
        self.last.as_ref()
    }

    /// Whether a primary drag measures now instead of moving tokens.
    pub fn active(&self, ui: &egui::Ui) -> bool {
        self.switched_on
            || (super::pointer::keys_for_map(ui) && ui.input(|i| i.key_down(egui::Key::M)))
    }

    /// Follows the primary button while the ruler is active, and draws it. `over_map` says the
    /// pointer is on the map or a token, not on a toolbar or menu over it.
    pub fn ui(
        &mut self,
        ui: &egui::Ui,
        painter: &Painter,
        scene: &Scene,
        t: &MapTransform,
        over_map: bool,
    ) {
        let active = self.active(ui);
        let (pressed, down, pointer) = ui.input(|i| {
            (
                i.pointer.primary_pressed(),
                i.pointer.primary_down(),
                i.pointer.interact_pos(),
            )
        });
        if active
            && pressed
            && over_map
            && let Some(p) = pointer
        {
            let at = t.grid_from_ui(p);
            self.drag = Some((at, at));
        }
        let Some((start, end)) = &mut self.drag else {
            return;
        };
        if let Some(p) = pointer {
            *end = t.grid_from_ui(p);
        }
        let (start, end) = (*start, *end);
        let measurement = measure(scene, start, end);
        paint(
            painter,
            t.ui_from_grid(start),
            t.ui_from_grid(end),
            &measurement,
        );
        self.last = Some(measurement);
        if !down {
            self.drag = None;
        }
    }
}

/// The token whose footprint covers `cell`, if any.
fn token_cells_at(scene: &Scene, cell: Cell) -> Option<&[Cell]> {
    scene
        .tokens
        .iter()
        .find(|t| t.cells.contains(&cell))
        .map(|t| t.cells.as_slice())
}

/// The distance from `start` to `end`: cell to cell, or closest cell to closest cell when both
/// ends are on tokens.
pub fn measure(scene: &Scene, start: GridPoint, end: GridPoint) -> Measurement {
    let grid = scene.grid();
    let (a, b) = (cell_in_grid(grid, start), cell_in_grid(grid, end));
    let tokens = token_cells_at(scene, a).zip(token_cells_at(scene, b));
    let distance_cells = match tokens {
        Some((ta, tb)) => footprint_distance(grid, scene.diagonal(), ta, tb),
        None => cell_distance(grid, scene.diagonal(), a, b),
    };
    let unit = scene.map.cell_length;
    let length = distance_cells * unit.value;
    Measurement {
        distance_cells,
        length: format!("{} {}", trim(length), unit.unit.abbreviation()),
        band: band(scene.system, distance_cells, scene).map(|b| b.name),
        token_to_token: tokens.is_some(),
    }
}

fn trim(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

fn paint(painter: &Painter, a: Pos2, b: Pos2, measurement: &Measurement) {
    painter.line_segment([a, b], Stroke::new(5.0, RULER_BACK));
    painter.line_segment([a, b], Stroke::new(2.5, RULER));
    painter.circle_filled(a, 4.0, RULER);
    painter.circle_filled(b, 4.0, RULER);
    let galley = painter.layout_no_wrap(measurement.label(), FontId::proportional(16.0), RULER);
    let at = Align2::LEFT_BOTTOM.anchor_size(b + egui::vec2(10.0, -10.0), galley.size());
    painter.rect_filled(at.expand(4.0), 4.0, RULER_BACK);
    painter.galley(at.min, galley, RULER);
}
