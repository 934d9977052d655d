//! Aligning the background image to the grid: drag a rectangle over a block of the image's own
//! grid cells (say 4 × 3) and say how many cells it spans; the image is scaled and shifted so its
//! grid lands on the map's. Numbers can be typed too. Either way it is one `SetBackground`.

use egui::{Color32, Painter, Rect, Stroke, Ui};

use super::pointer::MapPointer;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::model::{Background, Command, GridPoint};

const FRAME: Color32 = Color32::from_rgb(255, 90, 200);

/// The calibration tool's state.
#[derive(Debug)]
pub struct Calibration {
    /// How many of the image's cells the dragged rectangle spans, across and down.
    pub cells_across: u32,
    pub cells_down: u32,
    drag: Option<(GridPoint, GridPoint)>,
    /// The numbers in the panel, and the background they were read from.
    typed: Option<Background>,
    seen: Option<Background>,
}

impl Default for Calibration {
    fn default() -> Self {
        Self {
            cells_across: 4,
            cells_down: 4,
            drag: None,
            typed: None,
            seen: None,
        }
    }
}

impl Calibration {
    /// Follows a primary drag over the map and aligns the image when it ends.
    pub fn drag_ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &Painter,
        t: &MapTransform,
        pointer: &MapPointer,
    ) {
        let down = ui.input(|i| i.pointer.primary_down());
        if let Some(press) = pointer.press_in_ui {
            let start = t.grid_from_ui(press);
            self.drag = Some((start, start));
        }
        let at = pointer.pos_in_ui.map(|p| t.grid_from_ui(p));
        if let (Some((_, end)), Some(at)) = (&mut self.drag, at) {
            *end = at;
        }
        if let Some((start, end)) = self.drag {
            let rect = Rect::from_two_pos(t.ui_from_grid(start), t.ui_from_grid(end));
            painter.rect_stroke(rect, 0.0, Stroke::new(2.0, FRAME), egui::StrokeKind::Middle);
            let label = format!("{} × {} cells", self.cells_across, self.cells_down);
            painter.text(
                rect.left_top() - egui::vec2(0.0, 4.0),
                egui::Align2::LEFT_BOTTOM,
                label,
                egui::FontId::proportional(14.0),
                FRAME,
            );
        }
        if !down && let Some((start, end)) = self.drag.take() {
            let background = ctx.encounter.map.background.as_ref();
            let aligned = background
                .and_then(|bg| calibrated(bg, start, end, self.cells_across, self.cells_down));
            if let Some(aligned) = aligned {
                ctx.command(Command::SetBackground(Some(aligned)));
            }
        }
    }

    /// The panel: the rectangle's size in cells, and the scale and offset as numbers.
    pub fn panel_ui(&mut self, ui: &Ui, ctx: &mut PaneContext<'_>, at: Rect) {
        let current = ctx.encounter.map.background.clone();
        if current != self.seen {
            self.typed.clone_from(&current);
            self.seen = current;
        }
        egui::Window::new("Align background")
            .fixed_pos(at.min)
            .resizable(false)
            .collapsible(false)
            .show(ui.ctx(), |ui| self.fields_ui(ui, ctx));
    }

    fn fields_ui(&mut self, ui: &mut Ui, ctx: &mut PaneContext<'_>) {
        if self.seen.is_none() {
            ui.label("The map has no background image yet (File menu, Set map background…).");
            return;
        }
        ui.label("Drag over a block of the image's own grid cells.");
        let Some(typed) = &mut self.typed else { return };
        egui::Grid::new("align_numbers")
            .num_columns(2)
            .show(ui, |ui| {
                labelled_ui(
                    ui,
                    "Block: cells across",
                    egui::DragValue::new(&mut self.cells_across).range(1..=200),
                );
                labelled_ui(
                    ui,
                    "Block: cells down",
                    egui::DragValue::new(&mut self.cells_down).range(1..=200),
                );
                labelled_ui(
                    ui,
                    "Pixels per cell",
                    egui::DragValue::new(&mut typed.pixels_per_cell)
                        .range(1.0..=16_384.0)
                        .speed(0.5),
                );
                labelled_ui(
                    ui,
                    "Offset across (cells)",
                    egui::DragValue::new(&mut typed.origin_in_grid.x).speed(0.02),
                );
                labelled_ui(
                    ui,
                    "Offset down (cells)",
                    egui::DragValue::new(&mut typed.origin_in_grid.y).speed(0.02),
                );
            });
        let changed = self.seen.as_ref() != Some(typed);
        if ui
            .add_enabled(changed, egui::Button::new("Apply"))
            .clicked()
        {
            ctx.command(Command::SetBackground(Some(typed.clone())));
        }
    }
}

/// One row of a form grid: a label and its widget, named after the label for screen readers.
fn labelled_ui(ui: &mut Ui, label: &str, widget: impl egui::Widget) {
    let label = ui.label(label);
    ui.add(widget).labelled_by(label.id);
    ui.end_row();
}

/// The background moved and scaled so the image rectangle under `start`–`end` (in map space
/// as drawn now) spans `across × down` cells, with its top-left corner on the nearest grid
/// corner. `None` for a rectangle too small to measure; a scale out of bounds is left for the
/// command's check to name.
pub fn calibrated(
    background: &Background,
    start: GridPoint,
    end: GridPoint,
    across: u32,
    down: u32,
) -> Option<Background> {
    let ppc = background.pixels_per_cell;
    let origin = background.origin_in_grid;
    let (x0, x1) = (start.x.min(end.x), start.x.max(end.x));
    let (y0, y1) = (start.y.min(end.y), start.y.max(end.y));
    let (w_px, h_px) = ((x1 - x0) * ppc, (y1 - y0) * ppc);
    if w_px < 2.0 || h_px < 2.0 || across == 0 || down == 0 {
        return None;
    }
    // Image cells are square: average the two measurements.
    let new_ppc = f64::midpoint(w_px / f64::from(across), h_px / f64::from(down));
    let corner_px = ((x0 - origin.x) * ppc, (y0 - origin.y) * ppc);
    let target = (x0.round(), y0.round());
    Some(Background {
        image: background.image,
        origin_in_grid: GridPoint::new(
            target.0 - corner_px.0 / new_ppc,
            target.1 - corner_px.1 / new_ppc,
        ),
        pixels_per_cell: new_ppc,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ImageId;

    #[test]
    fn a_dragged_block_of_image_cells_sets_scale_and_offset() {
        // The image has 50-pixel cells whose grid starts 20 pixels in; it is drawn at 100 px per
        // cell from the map's origin, so its cells look half a cell wide, starting at 0.2.
        let bg = Background {
            image: ImageId(1),
            origin_in_grid: GridPoint::new(0.0, 0.0),
            pixels_per_cell: 100.0,
        };
        let start = GridPoint::new(0.2 + 0.5 * 3.0, 0.2 + 0.5);
        let end = GridPoint::new(start.x + 0.5 * 4.0, start.y + 0.5 * 2.0);
        let aligned = calibrated(&bg, end, start, 4, 2).unwrap();
        assert!((aligned.pixels_per_cell - 50.0).abs() < 1e-9);
        // Image pixel 170 (the corner dragged from) must land on the grid corner (2, 1).
        let x = aligned.origin_in_grid.x + 170.0 / aligned.pixels_per_cell;
        let y = aligned.origin_in_grid.y + 70.0 / aligned.pixels_per_cell;
        assert!((x - 2.0).abs() < 1e-9 && (y - 1.0).abs() < 1e-9, "{x} {y}");
        assert!((aligned.origin_in_grid.x - -1.4).abs() < 1e-9);
        assert!(calibrated(&bg, start, start, 4, 2).is_none());
    }
}
