//! Miniatures mode: each token drawn on the table's screen as a base ring in its colour, for a
//! miniature or a standee to stand on, instead of a picture under it. The ring is the base's own
//! size — one cell across for Tiny to Medium creatures (a 25 mm base on a one-inch cell), two for
//! Large, three for Huge, four for Gargantuan, as the creature's space — with its dark edge
//! inside that circle, so a base set on it covers it exactly. The name goes under the ring and
//! the condition chips over it (the audience view places both), and each condition also marks
//! the ring with an arc in its chip's colour just outside the base, visible past a miniature
//! standing there.

use std::f32::consts::TAU;

use egui::{Color32, Painter, Pos2, Shape, Stroke, vec2};

use super::palette;
use super::token_marks::chip_colour;
use crate::model::{SizeCategory, Token};

/// Each condition's arc, as a share of the full turn.
const MARK_TURN: f32 = 1.0 / 9.0;

/// The radius of a `size` creature's base, in points, with cells `points_per_cell` across: half
/// its space.
pub fn base_radius(size: SizeCategory, points_per_cell: f32) -> f32 {
    size.space_cells() as f32 * points_per_cell * 0.5
}

/// How far the ring's marks reach for a base of `base_radius` points: the base and the band of
/// condition arcs round it (names and chips go past this).
pub fn outer_radius(base_radius: f32) -> f32 {
    base_radius + mark_width(base_radius) + 2.0
}

fn ring_width(base_radius: f32) -> f32 {
    (base_radius * 0.14).clamp(2.0, 12.0)
}

fn mark_width(base_radius: f32) -> f32 {
    ring_width(base_radius) * 0.8
}

/// The rings painted for a base of `base_radius` points, from its centre: the dark edge's and the
/// colour's (radius to the stroke's middle, stroke width), both wholly inside the base.
pub fn ring_strokes(base_radius: f32) -> [(f32, f32); 2] {
    let width = ring_width(base_radius);
    let edge = width + 2.0;
    let middle = base_radius - edge * 0.5;
    [(middle, edge), (middle, width)]
}

/// Paints `token`'s base ring, `base_radius` points round `centre`, with a mark for each of
/// `conditions`, clockwise from the top.
pub fn paint_base_ring(
    painter: &Painter,
    token: &Token,
    centre: Pos2,
    base_radius: f32,
    conditions: &[&str],
) {
    let [(edge_r, edge_w), (ring_r, width)] = ring_strokes(base_radius);
    let colour = palette::token_fill(token.side, token.color);
    let opacity = if token.gm_only { 0.55 } else { 1.0 };
    painter.circle_filled(centre, ring_r, colour.gamma_multiply(0.3 * opacity));
    painter.circle_stroke(
        centre,
        edge_r,
        Stroke::new(edge_w, Color32::BLACK.gamma_multiply(opacity)),
    );
    painter.circle_stroke(
        centre,
        ring_r,
        Stroke::new(width, colour.gamma_multiply(opacity)),
    );
    // The side's colour as a thin inner line, so a party ring and an enemy ring of the same
    // colour still tell apart.
    painter.circle_stroke(
        centre,
        ring_r - width * 0.5,
        Stroke::new(
            width * 0.25,
            palette::side_ring(token.side).gamma_multiply(opacity),
        ),
    );
    // The marks lie just outside the base, where a miniature standing on it leaves them seen.
    let mark = mark_width(base_radius);
    let mark_r = base_radius + mark * 0.5 + 1.0;
    for (i, name) in conditions.iter().enumerate() {
        let start = -TAU / 4.0 + (i as f32) * MARK_TURN * TAU * 1.15;
        let arc = arc_points(centre, mark_r, start, MARK_TURN * TAU);
        painter.add(Shape::line(
            arc.clone(),
            Stroke::new(mark + 2.0, Color32::BLACK),
        ));
        painter.add(Shape::line(arc, Stroke::new(mark, chip_colour(name))));
    }
}

/// Points along a circle's arc from angle `start` (radians, clockwise from the right on screen)
/// through `sweep`.
fn arc_points(centre: Pos2, radius: f32, start: f32, sweep: f32) -> Vec<Pos2> {
    let steps = 12;
    (0..=steps)
        .map(|i| {
            let a = start + sweep * i as f32 / steps as f32;
            centre + vec2(a.cos(), a.sin()) * radius
        })
        .collect()
}
