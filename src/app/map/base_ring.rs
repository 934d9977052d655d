//! Miniatures mode: each token drawn on the table's screen as a base ring in its colour, for a
//! miniature or a standee to stand on, instead of a picture under it. The ring reaches the edge of
//! the token's space, where a base of that size ends (a 25 mm base on a one-inch cell); the name
//! goes under the ring and the condition chips over it (the audience view places both), and each
//! condition also marks the ring with an arc in its chip's colour, visible past the base.

use std::f32::consts::TAU;

use egui::{Color32, Painter, Pos2, Shape, Stroke, vec2};

use super::palette;
use super::token_marks::chip_colour;
use crate::model::Token;

/// A token's disc is 0.43 of a cell per cell of its space (`layout::disc_radius_cells`); a base
/// fills its space, 0.5 a cell: the ring is this much larger than the disc.
const BASE_PER_DISC: f32 = 0.5 / 0.43;
/// Each condition's arc on the ring, as a share of the full turn.
const MARK_TURN: f32 = 1.0 / 9.0;

/// The ring's outer radius for a token whose disc has `disc_radius` points.
pub fn outer_radius(disc_radius: f32) -> f32 {
    let r = disc_radius * BASE_PER_DISC;
    r + ring_width(r) * 0.5
}

fn ring_width(ring_radius: f32) -> f32 {
    (ring_radius * 0.14).clamp(2.0, 12.0)
}

/// Paints `token`'s base ring around `centre` (its disc has `disc_radius` points) with a mark
/// for each of `conditions`, clockwise from the top.
pub fn paint_base_ring(
    painter: &Painter,
    token: &Token,
    centre: Pos2,
    disc_radius: f32,
    conditions: &[&str],
) {
    let r = disc_radius * BASE_PER_DISC;
    let width = ring_width(r);
    let colour = palette::token_fill(token.side, token.color);
    let opacity = if token.gm_only { 0.55 } else { 1.0 };
    painter.circle_filled(centre, r, colour.gamma_multiply(0.3 * opacity));
    painter.circle_stroke(
        centre,
        r,
        Stroke::new(width + 2.0, Color32::BLACK.gamma_multiply(opacity)),
    );
    painter.circle_stroke(
        centre,
        r,
        Stroke::new(width, colour.gamma_multiply(opacity)),
    );
    // The side's colour as a thin inner line, so a party ring and an enemy ring of the same
    // colour still tell apart.
    painter.circle_stroke(
        centre,
        r - width * 0.5,
        Stroke::new(
            width * 0.25,
            palette::side_ring(token.side).gamma_multiply(opacity),
        ),
    );
    for (i, name) in conditions.iter().enumerate() {
        let start = -TAU / 4.0 + (i as f32) * MARK_TURN * TAU * 1.15;
        let arc = arc_points(centre, r, start, MARK_TURN * TAU);
        painter.add(Shape::line(
            arc.clone(),
            Stroke::new(width * 1.8 + 2.0, Color32::BLACK),
        ));
        painter.add(Shape::line(
            arc,
            Stroke::new(width * 1.8, chip_colour(name)),
        ));
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
