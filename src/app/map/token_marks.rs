//! Marks painted over tokens during play: condition chips, the whose-turn ring, and the mark
//! of a token out of the fight.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Stroke, vec2};

/// The ring around the token whose turn it is: wide and bright, to read from across the room.
const TURN: Color32 = Color32::from_rgb(40, 235, 255);

/// Chip colours, picked per condition name so the same condition always looks the same.
const CHIPS: [Color32; 6] = [
    Color32::from_rgb(170, 70, 200),
    Color32::from_rgb(210, 110, 30),
    Color32::from_rgb(40, 140, 150),
    Color32::from_rgb(190, 50, 90),
    Color32::from_rgb(90, 110, 200),
    Color32::from_rgb(110, 140, 40),
];

/// The most condition chips over one token; more show as one "+N" chip.
const MAX_CHIPS: usize = 6;

/// A whole condition name on a chip stops after this many characters ("…" after): every
/// catalogue condition fits, and a name at its cap (80) stays one token wide, not a row across
/// the table.
const CHIP_NAME_CHARS: usize = 24;

/// Over discs smaller than this (points; where their initials go too) chips are plain
/// rectangles: at that size the rounding is a pixel nobody sees, and a rounded, outlined chip
/// is ~180 triangles against 20, the most of a crowd's frame in a software renderer (5,000
/// tokens with a condition each: 0.9 M triangles).
const ROUNDED_CHIP_RADIUS: f32 = super::token_paint::MIN_INITIALS_RADIUS;

/// A wide cyan ring with a dark edge, outside any selection or sight ring.
pub fn paint_turn_ring(painter: &Painter, centre: Pos2, radius: f32) {
    let width = (radius * 0.22).clamp(3.0, 8.0);
    let r = radius + width * 3.2;
    painter.circle_stroke(centre, r, Stroke::new(width + 2.0, Color32::BLACK));
    painter.circle_stroke(centre, r, Stroke::new(width, TURN));
}

/// A token out of the fight (`combat::down`: overcome, down, dead, knocked out, taken down):
/// the disc dimmed and struck through with a dark red cross, its word across the middle, so it
/// reads as out from across the room on either window.
pub fn paint_down_mark(painter: &Painter, centre: Pos2, radius: f32, word: &str) {
    painter.circle_filled(centre, radius, Color32::from_black_alpha(150));
    let arm = radius * 0.62;
    let stroke = Stroke::new((radius * 0.14).clamp(2.0, 7.0), DOWN);
    for (a, b) in [
        (vec2(-arm, -arm), vec2(arm, arm)),
        (vec2(-arm, arm), vec2(arm, -arm)),
    ] {
        painter.line_segment([centre + a, centre + b], stroke);
    }
    if radius >= 12.0 {
        let font = FontId::proportional((radius * 0.34).clamp(9.0, 20.0));
        let galley = painter.layout_no_wrap(word.to_owned(), font, Color32::WHITE);
        let rect = Align2::CENTER_CENTER.anchor_size(centre, galley.size());
        painter.rect_filled(rect.expand(2.0), 3.0, Color32::from_black_alpha(200));
        painter.galley(rect.min, galley, Color32::WHITE);
    }
}

/// The cross over a token out of the fight.
const DOWN: Color32 = Color32::from_rgb(200, 50, 40);

/// A crowd's condition chips (see [`CROWD_TOKENS`]): one dot on the disc's upper right edge
/// in the first condition's chip colour, ringed dark, as a badge. Two pre-drawn discs (a few
/// triangles) against a row of chips; the hover card and the accessibility node still name
/// every condition.
///
/// [`CROWD_TOKENS`]: super::token_paint::CROWD_TOKENS
pub fn paint_condition_dot(painter: &Painter, names: &[&str], centre: Pos2, radius: f32) {
    let Some(first) = names.first() else {
        return;
    };
    let r = (radius * 0.22).clamp(1.0, 4.0);
    let at = centre + vec2(radius, -radius) * std::f32::consts::FRAC_1_SQRT_2;
    painter.circle_filled(at, r + 1.0, Color32::BLACK);
    painter.circle_filled(at, r, chip_colour(&crate::app::text::name(first)));
}

/// A row of small chips over the top of the disc, one per active condition, with its first
/// letters ("Prone" reads "Pr").
pub fn paint_condition_chips(painter: &Painter, names: &[&str], centre: Pos2, radius: f32) {
    let size = (radius * 0.42).clamp(9.0, 14.0);
    paint_condition_badges(painter, names, centre, radius, size, false);
}

/// A row of chips over the top of the disc in `font_size` points, one per condition: the first
/// two letters, or (`full_names`, for the players' screen) the whole name.
pub fn paint_condition_badges(
    painter: &Painter,
    names: &[&str],
    centre: Pos2,
    radius: f32,
    font_size: f32,
    full_names: bool,
) {
    let badges = Badges {
        centre,
        radius,
        font_size,
        full_names,
        upside_down: false,
        bounds: None,
    };
    badges.paint(painter, names);
}

/// Where and how a token's condition chips are painted.
#[derive(Clone, Copy, Debug)]
pub struct Badges {
    pub centre: Pos2,
    /// From the centre to the chips' near edge.
    pub radius: f32,
    pub font_size: f32,
    /// The whole name rather than its first two letters.
    pub full_names: bool,
    /// Read from the far edge of the table: the row turned half round about the token, under
    /// it as seen from here.
    pub upside_down: bool,
    /// The picture the row must stay on (the players' screen), if any.
    pub bounds: Option<Rect>,
}

impl Badges {
    /// Paints a chip for each of `names`.
    pub fn paint(&self, painter: &Painter, names: &[&str]) {
        if self.upside_down {
            // Painted upright, then each of its shapes turned half round about the token.
            let layer = painter.layer_id();
            let start = painter.ctx().graphics_mut(|g| g.entry(layer).next_idx());
            paint_badge_row(painter, names, self);
            half_turn_since(painter, start, self.centre);
        } else {
            paint_badge_row(painter, names, self);
        }
    }
}

/// Turns every shape `painter`'s layer got from `start` on half round about `centre`.
fn half_turn_since(painter: &Painter, start: egui::layers::ShapeIdx, centre: Pos2) {
    let turn = |p: Pos2| centre - (p - centre);
    painter.ctx().graphics_mut(|g| {
        let list = g.entry(painter.layer_id());
        for i in start.0..list.next_idx().0 {
            list.mutate_shape(egui::layers::ShapeIdx(i), |clipped| {
                match &mut clipped.shape {
                    egui::Shape::Rect(r) => {
                        r.rect = Rect::from_two_pos(turn(r.rect.min), turn(r.rect.max));
                    }
                    egui::Shape::Text(t) => {
                        t.pos = turn(t.pos);
                        t.angle += std::f32::consts::PI;
                    }
                    _ => {}
                }
            });
        }
    });
}

fn paint_badge_row(painter: &Painter, names: &[&str], badges: &Badges) {
    let Badges {
        centre,
        radius,
        font_size,
        full_names,
        ..
    } = *badges;
    if names.is_empty() {
        return;
    }
    let size = font_size;
    let font = FontId::proportional(size);
    // A token under a hundred conditions shows the first few and "+97".
    let more = names.len().saturating_sub(MAX_CHIPS);
    let mut galleys: Vec<_> = names
        .iter()
        .take(MAX_CHIPS)
        .map(|name| {
            let name = crate::app::text::name(name);
            let text: String = if full_names {
                crate::app::text::clip(&name, CHIP_NAME_CHARS).into_owned()
            } else {
                name.chars().take(2).collect()
            };
            (
                painter.layout_no_wrap(text, font.clone(), Color32::WHITE),
                chip_colour(&name),
            )
        })
        .collect();
    if more > 0 {
        let text = format!("+{more}");
        galleys.push((
            painter.layout_no_wrap(text, font.clone(), Color32::WHITE),
            Color32::DARK_GRAY,
        ));
    }
    let gap = 2.0;
    let widths: f32 = galleys.iter().map(|(g, _)| g.size().x + 6.0 + gap).sum();
    let mut x = centre.x - widths * 0.5;
    let mut top = centre.y - radius - size * 0.6;
    if let Some(bounds) = badges.bounds {
        // Kept on the picture (in the row's own frame: turned half round with it), over the
        // token rather than cut at the picture's edge.
        let bounds = if badges.upside_down {
            Rect::from_two_pos(
                centre - (bounds.min - centre),
                centre - (bounds.max - centre),
            )
        } else {
            bounds
        };
        let row_height = galleys.iter().map(|(g, _)| g.size().y).fold(0.0, f32::max);
        top = top
            .max(bounds.min.y + 2.0)
            .min(bounds.max.y - row_height - 2.0);
        x = x.max(bounds.min.x + 2.0).min(bounds.max.x - widths - 2.0);
    }
    for (galley, colour) in galleys {
        let rect = Rect::from_min_size(Pos2::new(x, top), galley.size() + vec2(6.0, 0.0));
        if radius < ROUNDED_CHIP_RADIUS {
            painter.rect_filled(rect.expand(1.0), 0.0, Color32::BLACK);
            painter.rect_filled(rect, 0.0, colour);
        } else {
            painter.rect(
                rect,
                3.0,
                colour,
                Stroke::new(1.0, Color32::BLACK),
                egui::StrokeKind::Outside,
            );
        }
        painter.galley(
            Align2::CENTER_CENTER
                .anchor_size(rect.center(), galley.size())
                .min,
            galley,
            Color32::WHITE,
        );
        x += rect.width() + gap;
    }
}

/// Gives a painted mark a node in the accessibility tree, e.g. "Bram: turn" or
/// "Bram: Dazed, Mobile". Senses nothing, and is made before the token's own widget, so it
/// never takes the token's clicks.
pub fn mark_node(ui: &egui::Ui, salt: &str, label: &str, rect: Rect) {
    let id = ui.scope_id().with(("token_mark", salt, label));
    let response = ui.interact(rect, id, egui::Sense::empty());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, label));
}

pub(super) fn chip_colour(name: &str) -> Color32 {
    let sum: usize = name.bytes().map(usize::from).sum();
    CHIPS[sum % CHIPS.len()]
}
