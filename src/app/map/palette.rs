//! The map's colours, chosen for a laptop in a dim room: a warm parchment board on a dark table,
//! dark ink for walls, strong side colours on the tokens.

use egui::Color32;

use crate::model::{Rgb, Side};

/// Outside the map: the table the map lies on.
pub const TABLE: Color32 = Color32::from_rgb(38, 40, 46);
/// The map area when there is no background image.
pub const PARCHMENT: Color32 = Color32::from_rgb(228, 218, 192);
/// Grid lines, drawn over parchment or a background image.
pub const GRID_LINE: Color32 = Color32::from_rgba_unmultiplied_const(60, 46, 28, 110);
pub const MAP_EDGE: Color32 = Color32::from_rgb(92, 76, 52);
pub const OBSTACLE: Color32 = Color32::from_rgb(64, 60, 56);
pub const OBSTACLE_EDGE: Color32 = Color32::from_rgb(36, 34, 32);
pub const DIFFICULT_TINT: Color32 = Color32::from_rgba_unmultiplied_const(120, 140, 60, 70);
pub const DIFFICULT_HATCH: Color32 = Color32::from_rgba_unmultiplied_const(84, 100, 36, 200);
pub const HOVER_CELL: Color32 = Color32::from_rgba_unmultiplied_const(255, 240, 180, 70);
pub const WALL: Color32 = Color32::from_rgb(34, 30, 28);
pub const DOOR_WOOD: Color32 = Color32::from_rgb(176, 112, 48);
pub const DOOR_EDGE: Color32 = Color32::from_rgb(60, 36, 16);
pub const DOOR_HOVER: Color32 = Color32::from_rgb(255, 214, 90);
pub const WINDOW_GLASS: Color32 = Color32::from_rgb(70, 160, 235);
pub const WINDOW_PANE: Color32 = Color32::from_rgb(190, 228, 250);
pub const SELECTION: Color32 = Color32::from_rgb(255, 214, 60);
pub const LABEL_BACK: Color32 = Color32::from_rgba_unmultiplied_const(20, 20, 24, 200);
pub const LABEL_TEXT: Color32 = Color32::from_rgb(245, 242, 232);
pub const DROP_OK: Color32 = Color32::from_rgba_unmultiplied_const(70, 160, 255, 70);
pub const DROP_BAD: Color32 = Color32::from_rgba_unmultiplied_const(220, 50, 40, 80);

/// The ring colour that tells the sides apart at a glance.
pub fn side_ring(side: Side) -> Color32 {
    match side {
        Side::Party => Color32::from_rgb(52, 120, 235),
        Side::Ally => Color32::from_rgb(46, 170, 80),
        Side::Enemy => Color32::from_rgb(215, 45, 40),
        Side::Neutral => Color32::from_rgb(150, 150, 150),
    }
}

/// The disc's fill: the token's own colour, else a darker shade of its side's.
pub fn token_fill(side: Side, color: Option<Rgb>) -> Color32 {
    if let Some([r, g, b]) = color {
        Color32::from_rgb(r, g, b)
    } else {
        let ring = side_ring(side);
        Color32::from_rgb(ring.r() / 2, ring.g() / 2, ring.b() / 2)
    }
}

/// Black or white, whichever reads better on `fill`.
pub fn ink_on(fill: Color32) -> Color32 {
    let luma =
        0.299 * f32::from(fill.r()) + 0.587 * f32::from(fill.g()) + 0.114 * f32::from(fill.b());
    if luma > 150.0 {
        Color32::from_rgb(20, 20, 20)
    } else {
        Color32::WHITE
    }
}
