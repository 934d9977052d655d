//! Marks on the map, drawn for an audience: the kept marks of the encounter (the players see
//! those `Mark::shown_to_players` lets through) and the fading marks, view state shared by the
//! GM's map and the players' window, that vanish a few seconds after they were drawn. Only marks
//! whose box meets the view are drawn.
//!
//! The pens that make them are `pen.rs` (the GM's map) and `players/table_pen.rs`.

use std::collections::VecDeque;

use egui::{Color32, FontId, Painter, Pos2, Rect, Shape, Stroke};

use super::fog::MapAudience;
use super::transform::MapTransform;
use crate::model::validate::MAX_STROKE_POINTS;
use crate::model::{Encounter, GridPoint, Mark, MarkShape, Rgb};

/// A pen line's width, in cells (never thinner than [`MIN_WIDTH`] points).
const WIDTH_CELLS: f32 = 0.08;
const MIN_WIDTH: f32 = 2.0;
/// A label's height, in cells (never smaller than [`MIN_TEXT`] points).
const TEXT_CELLS: f32 = 0.45;
const MIN_TEXT: f32 = 11.0;
/// How long a fading mark shows at full strength, then how long it takes to fade out.
pub const FADING_FULL_SECS: f64 = 2.5;
pub const FADING_OUT_SECS: f64 = 1.5;
/// The most fading marks at once; a new one pushes out the oldest.
const MAX_FADING: usize = 64;
/// How far the pointer moves, in points, before a stroke takes another point.
const POINT_SPACING: f32 = 3.0;

/// Draws the kept marks `audience` may see, culled to the painter's clip rect.
pub fn paint_kept(
    painter: &Painter,
    encounter: &Encounter,
    t: &MapTransform,
    audience: MapAudience,
) {
    let view = t.grid_rect_from_ui(painter.clip_rect());
    for mark in &encounter.marks {
        let shown = match audience {
            MapAudience::Gm => true,
            MapAudience::Players => mark.shown_to_players(),
        };
        if !shown || !meets(mark, view, t) {
            continue;
        }
        let alpha = if mark.gm_only && audience == MapAudience::Gm {
            0.55
        } else {
            1.0
        };
        paint_shape(painter, &mark.shape, colour(mark.color, alpha), t);
    }
}

/// Whether the mark's box (a label's, roughly) meets `view` (map space).
fn meets(mark: &Mark, view: Rect, t: &MapTransform) -> bool {
    let (lo, hi) = mark.bounds();
    let mut hi = hi;
    if let MarkShape::Text { text, .. } = &mark.shape {
        // A generous box: every character as wide as the text is tall.
        let height = f64::from(text_height(t) / t.points_per_cell.max(1e-3));
        hi.x += height * text.chars().count() as f64;
        hi.y += height;
    }
    let pad = f64::from(WIDTH_CELLS);
    !(hi.x + pad < f64::from(view.min.x)
        || lo.x - pad > f64::from(view.max.x)
        || hi.y + pad < f64::from(view.min.y)
        || lo.y - pad > f64::from(view.max.y))
}

fn colour([r, g, b]: Rgb, alpha: f32) -> Color32 {
    Color32::from_rgb(r, g, b).gamma_multiply(alpha)
}

/// A label's height in points at this zoom.
pub(super) fn text_height(t: &MapTransform) -> f32 {
    (t.points_per_cell * TEXT_CELLS).clamp(MIN_TEXT, 96.0)
}

/// Draws a stroke or a label in `colour`.
pub fn paint_shape(painter: &Painter, shape: &MarkShape, colour: Color32, t: &MapTransform) {
    match shape {
        MarkShape::Stroke { points } => paint_line(painter, points, colour, t),
        MarkShape::Text { at, text } => {
            let font = FontId::proportional(text_height(t));
            let at = t.ui_from_grid(*at);
            let shadow = Color32::from_black_alpha(colour.a());
            painter.text(
                at + egui::vec2(1.0, 1.0),
                egui::Align2::LEFT_TOP,
                text,
                font.clone(),
                shadow,
            );
            painter.text(at, egui::Align2::LEFT_TOP, text, font, colour);
        }
    }
}

/// A pen line through `points`: a dot for a single point.
fn paint_line(painter: &Painter, points: &[GridPoint], colour: Color32, t: &MapTransform) {
    let width = (t.points_per_cell * WIDTH_CELLS).max(MIN_WIDTH);
    let in_ui: Vec<Pos2> = points.iter().map(|p| t.ui_from_grid(*p)).collect();
    if let [only] = in_ui.as_slice() {
        painter.circle_filled(*only, width / 2.0, colour);
        return;
    }
    painter.add(Shape::line(in_ui, Stroke::new(width, colour)));
}

/// A fading mark: drawn at full strength, then fading out, then gone.
#[derive(Clone, Debug)]
struct Fading {
    shape: MarkShape,
    color: Rgb,
    /// egui time it was finished.
    born: f64,
}

/// The fading marks of both windows. View state: never saved, never undone.
#[derive(Clone, Debug, Default)]
pub struct FadingMarks {
    marks: VecDeque<Fading>,
}

impl FadingMarks {
    /// Adds a finished stroke or label at egui time `now`.
    pub fn push(&mut self, shape: MarkShape, color: Rgb, now: f64) {
        if self.marks.len() == MAX_FADING {
            self.marks.pop_front();
        }
        self.marks.push_back(Fading {
            shape,
            color,
            born: now,
        });
    }

    /// How many are still showing.
    pub fn len(&self) -> usize {
        self.marks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.marks.is_empty()
    }

    /// Draws those still showing at egui time `now`, forgets the rest, and asks for the frames
    /// the fading needs.
    pub fn paint(&mut self, painter: &Painter, t: &MapTransform, now: f64) {
        let life = FADING_FULL_SECS + FADING_OUT_SECS;
        self.marks.retain(|m| now - m.born < life);
        for mark in &self.marks {
            let age = now - mark.born;
            let alpha = if age <= FADING_FULL_SECS {
                1.0
            } else {
                (1.0 - (age - FADING_FULL_SECS) / FADING_OUT_SECS) as f32
            };
            paint_shape(painter, &mark.shape, colour(mark.color, alpha), t);
        }
        if let Some(oldest) = self.marks.front() {
            let until_next = if now - oldest.born < FADING_FULL_SECS {
                FADING_FULL_SECS - (now - oldest.born)
            } else {
                0.0
            };
            painter
                .ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(until_next));
        }
    }
}

/// A stroke being drawn: a point every few screen points, at most [`MAX_STROKE_POINTS`].
#[derive(Clone, Debug, Default)]
pub struct StrokeSoFar {
    pub points: Vec<GridPoint>,
    last_in_ui: Option<Pos2>,
}

impl StrokeSoFar {
    /// Takes the pointer at `at` (ui points) into the stroke if it moved far enough.
    pub fn reach(&mut self, at: Pos2, t: &MapTransform) {
        let far = self
            .last_in_ui
            .is_none_or(|last| last.distance(at) >= POINT_SPACING);
        if far && self.points.len() < MAX_STROKE_POINTS {
            self.points.push(t.grid_from_ui(at));
            self.last_in_ui = Some(at);
        }
    }

    /// Draws the stroke under way.
    pub fn paint(&self, painter: &Painter, color: Rgb, t: &MapTransform) {
        if !self.points.is_empty() {
            paint_line(painter, &self.points, colour(color, 1.0), t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fading_marks_keep_at_most_their_cap_and_drop_the_oldest() {
        let mut fading = FadingMarks::default();
        for i in 0..MAX_FADING + 3 {
            let shape = MarkShape::Text {
                at: GridPoint::new(i as f64, 0.0),
                text: "x".into(),
            };
            fading.push(shape, [0, 0, 0], 0.0);
        }
        assert_eq!(fading.len(), MAX_FADING);
        let Some(MarkShape::Text { at, .. }) = fading.marks.front().map(|m| &m.shape) else {
            panic!("a label");
        };
        assert!((at.x - 3.0).abs() < 1e-12);
    }

    #[test]
    fn a_stroke_takes_a_point_only_once_the_pointer_has_moved() {
        let t = MapTransform {
            origin_in_ui: Pos2::ZERO,
            points_per_cell: 50.0,
        };
        let mut stroke = StrokeSoFar::default();
        for x in [10.0, 11.0, 12.0, 14.0, 30.0] {
            stroke.reach(Pos2::new(x, 10.0), &t);
        }
        assert_eq!(stroke.points.len(), 3, "10, 14 and 30");
    }
}
