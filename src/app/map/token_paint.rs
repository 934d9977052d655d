//! Painting one token: a disc in its side's colours, its name underneath, and marks for
//! selection and GM-only tokens.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2, vec2};

use super::{palette, token_sprite};
use crate::model::Token;

/// Below this radius (points) a token is drawn as a plain dot.
const MIN_DETAIL_RADIUS: f32 = 5.0;
/// From this radius (points) a disc carries its initials.
pub const MIN_INITIALS_RADIUS: f32 = 9.0;
/// Up to this radius the ring is a fixed share of it, as in the disc texture; past it the ring
/// stops growing, so larger discs are drawn as shapes.
const MAX_SPRITE_RADIUS: f32 = 37.5;

/// How a token is drawn this frame.
#[derive(Clone, Copy, Debug)]
pub struct TokenLook {
    pub selected: bool,
    pub hovered: bool,
    /// 1 for a normal token; less for GM-only tokens, drag ghosts and the spot a token left.
    pub opacity: f32,
    /// Whether to write the name under the disc (skipped when zoomed far out).
    pub label: bool,
    pub detail: Detail,
}

/// How much of a token is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Disc, initials and the GM-only eye.
    Full,
    /// One of more than [`CROWD_TOKENS`] in view: the disc alone (the fading still says
    /// GM-only).
    Crowd,
}

impl Detail {
    /// The detail for a view showing `tokens` tokens.
    pub fn for_view_of(tokens: usize) -> Self {
        if tokens > CROWD_TOKENS {
            Self::Crowd
        } else {
            Self::Full
        }
    }
}

/// More tokens than this in a view make a crowd, drawn plainer: each token its disc and one
/// dot for its conditions ([`paint_condition_dot`](super::token_marks::paint_condition_dot)).
/// A token in full (disc, initials, rounded chips) is up to ~200 triangles; 5,000 of them made
/// a frame of ~0.3 s of both cores in a software renderer. A table's own fights stay far
/// below this and keep every detail at any zoom.
pub const CROWD_TOKENS: usize = 250;

/// Paints `token` as a disc of `radius` points at `centre`.
pub fn paint_token(painter: &Painter, token: &Token, centre: Pos2, radius: f32, look: TokenLook) {
    let fade = |c: Color32| c.gamma_multiply(look.opacity);
    if radius < MIN_DETAIL_RADIUS {
        // A few pixels across: shadow, fill and ring would blur into one dot anyway, so draw the
        // dot in the token's own colour (Pip stays gold), ringed thinly in its side's, and
        // spare two thirds of the shapes on a crowded map.
        if look.selected {
            painter.circle_filled(centre, radius + 2.0, fade(palette::SELECTION));
        }
        painter.circle_filled(centre, radius, fade(palette::side_ring(token.side)));
        let fill = palette::token_fill(token.side, token.color);
        painter.circle_filled(centre, radius * 0.7, fade(fill));
        return;
    }
    let ring_width = (radius * 0.16).clamp(1.5, 6.0);
    if look.selected {
        let glow = Stroke::new(ring_width * 1.1, fade(palette::SELECTION));
        painter.circle_stroke(centre, radius + ring_width * 0.9, glow);
    }
    let fill = palette::token_fill(token.side, token.color);
    let ring = if look.hovered {
        palette::side_ring(token.side).gamma_multiply(1.25)
    } else {
        palette::side_ring(token.side)
    };
    if radius <= MAX_SPRITE_RADIUS {
        token_sprite::paint_disc(painter, centre, radius, fill, ring, look.opacity);
    } else {
        paint_disc_shapes(
            painter,
            centre,
            radius,
            ring_width,
            fill,
            fade(ring),
            look.opacity,
        );
    }
    if radius >= MIN_INITIALS_RADIUS && look.detail == Detail::Full {
        let font = FontId::proportional((radius * 0.75).min(40.0));
        painter.text(
            centre,
            Align2::CENTER_CENTER,
            initials(&token.name),
            font,
            fade(palette::ink_on(fill)),
        );
    }
    if token.gm_only && look.detail == Detail::Full {
        paint_eye_slash(
            painter,
            centre + Vec2::splat(radius * 0.68),
            (radius * 0.4).max(6.0),
        );
    }
    if look.label {
        paint_name(
            painter,
            &crate::app::text::name(&token.name),
            centre + vec2(0.0, radius + 2.0),
            radius,
            look.opacity,
        );
    }
}

/// The disc as shapes, for discs so large that the ring stops growing with them.
fn paint_disc_shapes(
    painter: &Painter,
    centre: Pos2,
    radius: f32,
    ring_width: f32,
    fill: Color32,
    ring: Color32,
    opacity: f32,
) {
    let shadow = Color32::from_black_alpha(90).gamma_multiply(opacity);
    painter.circle_filled(centre + vec2(0.0, radius * 0.08), radius, shadow);
    painter.circle_filled(centre, radius, fill.gamma_multiply(opacity));
    painter.circle_stroke(
        centre,
        radius - ring_width * 0.5,
        Stroke::new(ring_width, ring),
    );
}

/// Up to two letters naming the token inside its disc ("Goblin Archer" → "GA"). Only the
/// name's first and last [`NAME_CHARS`] characters are read, whatever its length.
///
/// [`NAME_CHARS`]: crate::app::text::NAME_CHARS
fn initials(name: &str) -> String {
    let limit = crate::app::text::NAME_CHARS;
    let head_end = name
        .char_indices()
        .nth(limit)
        .map_or(name.len(), |(i, _)| i);
    let tail_start = name
        .char_indices()
        .rev()
        .nth(limit)
        .map_or(0, |(i, _)| i)
        .max(head_end);
    let mut first_words = name[..head_end].split_whitespace();
    let first = first_words.next();
    let last = name[tail_start..]
        .split_whitespace()
        .next_back()
        .or_else(|| first_words.next_back());
    match (first, last) {
        (None, _) => String::new(),
        (Some(one), None) => one.chars().take(2).collect(),
        (Some(first), Some(last)) => first.chars().take(1).chain(last.chars().take(1)).collect(),
    }
}

/// The name on a dark tag, readable over any map.
fn paint_name(painter: &Painter, name: &str, top_centre: Pos2, radius: f32, opacity: f32) {
    paint_name_sized(painter, name, top_centre, name_size(radius), opacity);
}

/// The GM's name type size for a disc of `radius` points.
pub fn name_size(radius: f32) -> f32 {
    (radius * 0.55).clamp(11.0, 16.0)
}

/// The name on a dark tag in `size`-point type (the players' window reads it across a room).
fn paint_name_sized(painter: &Painter, name: &str, top_centre: Pos2, size: f32, opacity: f32) {
    let galley = painter.layout_no_wrap(
        name.to_owned(),
        FontId::proportional(size),
        palette::LABEL_TEXT.gamma_multiply(opacity),
    );
    let rect = Rect::from_min_size(top_centre - vec2(galley.size().x * 0.5, 0.0), galley.size())
        .expand2(vec2(4.0, 1.0));
    painter.rect_filled(rect, 3.0, palette::LABEL_BACK.gamma_multiply(opacity));
    painter.galley(rect.min + vec2(4.0, 1.0), galley, palette::LABEL_TEXT);
}

/// A small badge with a crossed-out eye: "the players can't see this one".
fn paint_eye_slash(painter: &Painter, centre: Pos2, r: f32) {
    painter.circle_filled(centre, r, Color32::from_rgb(30, 30, 34));
    let white = Stroke::new((r * 0.16).max(1.0), Color32::WHITE);
    let eye: Vec<Pos2> = (0..16)
        .map(|i| {
            let a = i as f32 / 16.0 * std::f32::consts::TAU;
            centre + vec2(a.cos() * r * 0.7, a.sin() * r * 0.38)
        })
        .collect();
    painter.add(Shape::closed_line(eye, white));
    painter.circle_filled(centre, r * 0.2, Color32::WHITE);
    let slash = vec2(r * 0.75, -r * 0.75);
    painter.line_segment(
        [centre - slash, centre + slash],
        Stroke::new(white.width * 1.3, palette::DROP_BAD.to_opaque()),
    );
}

#[cfg(test)]
mod tests {
    use super::initials;

    #[test]
    fn initials_take_first_and_last_words() {
        assert_eq!(initials("Goblin Archer"), "GA");
        assert_eq!(initials("Hobgoblin Sergeant of Doom"), "HD");
        assert_eq!(initials("Kestrel"), "Ke");
        assert_eq!(initials("  "), "");
        // A name of megabytes: its first word's letter and its last word's, read from its ends.
        let long = format!("Kestrel {}Unending", "of the North ".repeat(1 << 20));
        assert_eq!(initials(&long), "KU");
    }
}
