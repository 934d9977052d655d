//! The grid test: the players' screen shows only the scaled grid, a cell-sized square in each
//! corner and a bar of a known number of pixels, so the GM can check the setup with a ruler (and
//! measure the bar to set the screen's size). Drawn in screen axes, never turned: the bar is
//! measured across the screen.

use std::fmt::Write as _;

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2, pos2, vec2};

use super::TableSetup;
use crate::board::grid::cell_corners;
use crate::board::table_scale::{MM_PER_INCH, PxPerCell};
use crate::model::{Cell, GridKind};

const INK: Color32 = Color32::from_gray(235);
const SQUARE: Color32 = Color32::from_rgb(250, 200, 60);

/// Paints the grid test for `setup` over `rect` (the whole players' window).
pub fn paint_grid_test(ui: &egui::Ui, rect: Rect, setup: &TableSetup, grid: GridKind) {
    let painter = ui.painter_at(rect);
    let ppp = ui.ctx().pixels_per_point();
    let window_px = (rect.width() * ppp).floor() as u32;
    let bar_px = setup.bar_px(window_px);
    let cell = match setup.px_per_cell() {
        Ok(cell) => cell,
        Err(err) => {
            paint_bar(&painter, rect, bar_px, ppp, None);
            caption(&painter, rect, &format!("No true scale yet: {err}."));
            return;
        }
    };
    // Cells in points along the screen's x and y (they differ when pixels are not square).
    let cell_pt = vec2(cell.x as f32, cell.y as f32) / ppp;
    paint_grid(&painter, rect, grid, cell_pt);
    paint_corner_squares(&painter, rect, cell_pt);
    paint_bar(&painter, rect, bar_px, ppp, Some((cell, setup.cell_mm)));
    let size = if (setup.cell_mm - MM_PER_INCH).abs() < 1e-9 {
        "1 inch (25.4 mm)".to_owned()
    } else {
        format!("{:.1} mm", setup.cell_mm)
    };
    caption(
        &painter,
        rect,
        &format!(
            "Grid test: each cell and each yellow square should measure {size} with a ruler. \
             Cell: {:.2} screen pixels.",
            cell.x
        ),
    );
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

/// The bar, `bar_px` screen pixels long, across the middle of the screen, with what it should
/// measure when the scale is known.
fn paint_bar(
    painter: &Painter,
    rect: Rect,
    bar_px: u32,
    pixels_per_point: f32,
    scale: Option<(PxPerCell, f64)>,
) {
    let length = bar_px as f32 / pixels_per_point;
    let height = 14.0;
    let bar = Rect::from_center_size(rect.center(), vec2(length, height));
    painter.rect_filled(bar.expand(2.0), 0.0, Color32::BLACK);
    painter.rect_filled(bar, 0.0, INK);
    let mut text = format!("This bar is {bar_px} screen pixels long");
    if let Some((cell, cell_mm)) = scale {
        let mm = f64::from(bar_px) / cell.x * cell_mm;
        let _ = write!(
            text,
            ": it should measure {:.1} mm ({:.2} in)",
            mm,
            mm / MM_PER_INCH
        );
    }
    if length > rect.width() {
        text += ". The window is narrower than the bar: make it fullscreen (F11) to measure it";
    }
    painter.text(
        bar.center_bottom() + vec2(0.0, 10.0),
        Align2::CENTER_TOP,
        text,
        FontId::proportional(20.0),
        INK,
    );
}

fn caption(painter: &Painter, rect: Rect, text: &str) {
    let at = pos2(rect.center().x, rect.top() + 12.0);
    let galley = painter.layout(
        text.to_owned(),
        FontId::proportional(20.0),
        INK,
        rect.width() * 0.7,
    );
    let r = Align2::CENTER_TOP.anchor_size(at, galley.size());
    painter.rect_filled(r.expand(8.0), 6.0, Color32::from_black_alpha(220));
    painter.galley(r.min, galley, INK);
}
