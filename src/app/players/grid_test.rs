//! The grid test: the players' screen shows only the scaled grid, a cell-sized square in each
//! corner and two bars of known numbers of pixels, one across the screen and one down it, so the
//! GM can check the setup with a ruler (and measure the bar across to set the screen's size; the
//! bar down checks a projector whose pixels are not square). The grid and bars are drawn in the
//! screen's own axes — a bar is measured along the glass — with the hexes facing as the turned
//! map's do; the words are turned to read from the players' side, as the map's are.

use std::fmt::Write as _;

use egui::emath::Rot2;
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2, vec2};

use super::TableSetup;
use super::turn::ScreenTurn;
use crate::board::grid::cell_corners;
use crate::board::table_scale::{MM_PER_INCH, PxPerCell, QuarterTurn};
use crate::model::{Cell, GridKind};

const INK: Color32 = Color32::from_gray(235);
const SQUARE: Color32 = Color32::from_rgb(250, 200, 60);
/// The type of the caption and the bars' labels, in points.
const TEXT_SIZE: f32 = 20.0;

/// Paints the grid test for `setup` over `rect` (the whole players' window).
pub fn paint_grid_test(ui: &egui::Ui, rect: Rect, setup: &TableSetup, grid: GridKind) {
    let painter = ui.painter_at(rect);
    let ppp = ui.ctx().pixels_per_point();
    let window_px = [
        (rect.width() * ppp).floor() as u32,
        (rect.height() * ppp).floor() as u32,
    ];
    let bars = Bars {
        across_px: setup.bar_px(window_px[0]),
        down_px: setup.bar_down_px(window_px[1]),
        pixels_per_point: ppp,
    };
    let text = Words {
        painter: &painter,
        rect,
        turn: setup.turn,
    };
    let cell = match setup.px_per_cell() {
        Ok(cell) => cell,
        Err(err) => {
            bars.paint(ui, &text, None);
            text.caption(&format!("No true scale yet: {err}."));
            return;
        }
    };
    // Cells in points along the screen's x and y (they differ when pixels are not square).
    let cell_pt = vec2(cell.x as f32, cell.y as f32) / ppp;
    paint_grid(&painter, rect, facing(grid, setup.turn), cell_pt);
    paint_corner_squares(&painter, rect, cell_pt);
    bars.paint(ui, &text, Some((cell, setup.cell_mm)));
    let size = if (setup.cell_mm - MM_PER_INCH).abs() < 1e-9 {
        "1 inch (25.4 mm)".to_owned()
    } else {
        format!("{:.1} mm", setup.cell_mm)
    };
    let pixels = if cell.is_square() {
        format!("{:.2}", cell.x)
    } else {
        format!("{:.2} across × {:.2} down", cell.x, cell.y)
    };
    text.caption(&format!(
        "Grid test: each cell and each yellow square should measure {size} with a ruler, and \
         each bar what its label says. Cell: {pixels} screen pixels."
    ));
}

/// The grid as it shows on a screen turned by `turn`: a quarter turn shows flat-topped hexes
/// pointy-topped, and the other way round.
fn facing(grid: GridKind, turn: QuarterTurn) -> GridKind {
    match grid {
        GridKind::HexFlat if turn.is_sideways() => GridKind::HexPointy,
        GridKind::HexPointy if turn.is_sideways() => GridKind::HexFlat,
        other => other,
    }
}

/// Words on the grid test, turned to read from the players' side of the table.
struct Words<'a> {
    painter: &'a Painter,
    rect: Rect,
    turn: QuarterTurn,
}

impl Words<'_> {
    fn angle(&self) -> f32 {
        f32::from(self.turn.quarters()) * std::f32::consts::FRAC_PI_2
    }

    /// The caption at the top of the players' picture, on a dark plate.
    fn caption(&self, text: &str) {
        let screen = ScreenTurn {
            centre: self.rect.center(),
            turn: self.turn,
            stretch_y: 1.0,
        };
        let upright = screen.logical_rect(self.rect);
        let galley = self.painter.layout(
            text.to_owned(),
            FontId::proportional(TEXT_SIZE),
            INK,
            upright.width() * 0.7,
        );
        let middle = upright.center_top() + vec2(0.0, 12.0 + galley.size().y * 0.5);
        self.galley_at(screen.pos(middle), galley, true);
    }

    /// One line of text beside a bar: its middle moved from `at` along `away` (a unit vector
    /// across the bar) by half its own extent that way and a little more.
    fn label(&self, at: Pos2, away: Vec2, text: &str) {
        let galley =
            self.painter
                .layout_no_wrap(text.to_owned(), FontId::proportional(TEXT_SIZE), INK);
        let turned = Rot2::from_angle(self.angle()) * galley.size();
        let extent = vec2(turned.x.abs(), turned.y.abs());
        let middle = at + away * (extent.dot(away.abs()) * 0.5 + 10.0);
        self.galley_at(middle, galley, false);
    }

    /// Paints `galley` turned to the players' side with its middle on `middle`.
    fn galley_at(&self, middle: Pos2, galley: std::sync::Arc<egui::Galley>, plate: bool) {
        let rot = Rot2::from_angle(self.angle());
        let half = galley.size() * 0.5;
        if plate {
            let turned = rot * galley.size();
            let r = Rect::from_center_size(middle, vec2(turned.x.abs(), turned.y.abs()));
            self.painter
                .rect_filled(r.expand(8.0), 6.0, Color32::from_black_alpha(220));
        }
        // A text turns about its top-left corner: start there so that its middle lands on `middle`.
        let pos = middle - rot * half;
        self.painter
            .add(egui::epaint::TextShape::new(pos, galley, INK).with_angle(self.angle()));
    }
}

/// The two bars, across and down the screen, crossing at its middle.
struct Bars {
    across_px: u32,
    down_px: u32,
    pixels_per_point: f32,
}

impl Bars {
    fn paint(&self, ui: &egui::Ui, words: &Words<'_>, scale: Option<(PxPerCell, f64)>) {
        let centre = words.rect.center();
        let across = vec2(self.across_px as f32 / self.pixels_per_point, 14.0);
        let down = vec2(14.0, self.down_px as f32 / self.pixels_per_point);
        for (size, name, px) in [
            (across, "Bar across", self.across_px),
            (down, "Bar down", self.down_px),
        ] {
            let bar = Rect::from_center_size(centre, size);
            words
                .painter
                .rect_filled(bar.expand(2.0), 0.0, Color32::BLACK);
            words.painter.rect_filled(bar, 0.0, INK);
            let id = ui.scope_id().with(("grid_test_bar", name));
            let node = ui.interact(bar, id, egui::Sense::empty());
            let label = format!("{name}: {px} screen pixels");
            node.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
        }
        let cell = |down: bool| scale.map(|(c, mm)| (if down { c.y } else { c.x }, mm));
        let across_text = bar_text(
            self.across_px,
            "across",
            cell(false),
            across.x > words.rect.width(),
        );
        let down_text = bar_text(
            self.down_px,
            "down",
            cell(true),
            down.y > words.rect.height(),
        );
        // Each label beside its own bar, on the half the other's label leaves free.
        words.label(
            centre + vec2(across.x * 0.25, 0.0),
            vec2(0.0, 1.0),
            &across_text,
        );
        words.label(
            centre - vec2(0.0, down.y * 0.25),
            vec2(1.0, 0.0),
            &down_text,
        );
    }
}

/// What a bar `px` pixels long says: its length and, with the scale (the cell's pixels along the
/// bar and millimetres), what a ruler should read.
fn bar_text(px: u32, way: &str, scale: Option<(f64, f64)>, cut: bool) -> String {
    let mut text = format!("{px} pixels {way}");
    if let Some((cell_px, cell_mm)) = scale {
        let mm = f64::from(px) / cell_px * cell_mm;
        let _ = write!(text, ": {:.1} mm ({:.2} in)", mm, mm / MM_PER_INCH);
    }
    if cut {
        text += " — longer than the window: make it fullscreen (F11)";
    }
    text
}

/// The grid from the window's top-left corner, squares or the map's hexes.
fn paint_grid(painter: &Painter, rect: Rect, grid: GridKind, cell_pt: Vec2) {
    let stroke = Stroke::new(1.0, Color32::from_gray(150));
    if grid.is_hex() {
        let at = |p: crate::model::GridPoint| rect.min + vec2(p.x as f32, p.y as f32) * cell_pt;
        let cols = (rect.width() / cell_pt.x).ceil() as i32 + 2;
        let rows = (rect.height() / cell_pt.y).ceil() as i32 + 2;
        let map = crate::model::MapSpec {
            grid,
            ..crate::model::MapSpec::default()
        };
        for col in -1..cols * 2 {
            for row in -1..rows * 2 {
                let cell: Cell = map.cell_at_offset(col, row);
                let points: Vec<Pos2> = cell_corners(grid, cell).into_iter().map(at).collect();
                if points
                    .iter()
                    .any(|p| rect.expand(cell_pt.max_elem()).contains(*p))
                {
                    painter.add(Shape::closed_line(points, stroke));
                }
            }
        }
        return;
    }
    let mut x = rect.left();
    while x <= rect.right() {
        painter.vline(x, rect.y_range(), stroke);
        x += cell_pt.x;
    }
    let mut y = rect.top();
    while y <= rect.bottom() {
        painter.hline(rect.x_range(), y, stroke);
        y += cell_pt.y;
    }
}

/// A filled square one cell in size, a cell in from each corner (clear of a bezel).
fn paint_corner_squares(painter: &Painter, rect: Rect, cell_pt: Vec2) {
    let inset = cell_pt;
    let corners = [
        (rect.left_top() + inset, Align2::LEFT_TOP),
        (
            rect.right_top() + vec2(-inset.x, inset.y),
            Align2::RIGHT_TOP,
        ),
        (
            rect.left_bottom() + vec2(inset.x, -inset.y),
            Align2::LEFT_BOTTOM,
        ),
        (rect.right_bottom() - inset, Align2::RIGHT_BOTTOM),
    ];
    for (at, align) in corners {
        let square = align.anchor_size(at, cell_pt);
        painter.rect_filled(square, 0.0, SQUARE);
    }
}
