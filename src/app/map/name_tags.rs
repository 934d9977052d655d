//! Token names on dark tags under their discs, placed so that no two overlap: a tag that would
//! cover one already placed moves down below it, so the names of crowded tokens stack.
//!
//! On the table's screen a view may also keep every tag within its picture (a name that would
//! run off the bottom goes above its token instead) and turn the names of tokens nearer the far
//! edge half round, on the far side of their token, so each reads from the nearer edge of the
//! table ("Text both ways").

use std::f32::consts::PI;

use egui::{FontId, Painter, Pos2, Rect, vec2};

use super::palette;
use super::token_paint::name_size;
use crate::model::Token;

/// Space kept between two stacked tags, in points.
const GAP: f32 = 1.0;
/// How many times one tag may move down past others before it stays where it is.
const MAX_PASSES: usize = 8;
/// The padding between a tag's edge and its text.
const PAD: egui::Vec2 = vec2(4.0, 1.0);

/// One name waiting to be placed.
struct Tag {
    name: String,
    /// The token's centre.
    anchor: Pos2,
    /// From the token's centre to the tag's near edge: the tag hangs just past the disc.
    gap: f32,
    size: f32,
    opacity: f32,
    /// Read from the far edge of the table: the tag turned half round, beyond its token as seen
    /// from there.
    upside_down: bool,
}

impl Tag {
    /// A point of the tag's own frame (the view turned half round for an upside-down tag) in the
    /// view, and back: a half turn about the origin is its own inverse.
    fn frame(&self, p: Pos2) -> Pos2 {
        if self.upside_down {
            Pos2::new(-p.x, -p.y)
        } else {
            p
        }
    }

    fn frame_rect(&self, r: Rect) -> Rect {
        Rect::from_two_pos(self.frame(r.min), self.frame(r.max))
    }
}

/// The names of one view's tokens, collected while the discs are painted and placed together
/// afterwards (over the discs, so a stacked name is never hidden under a neighbour).
#[derive(Default)]
pub struct NameTags {
    tags: Vec<Tag>,
}

impl NameTags {
    /// Queues `name` in `size`-point type for a token centred on `centre`, its tag `gap` points
    /// past the centre: below it, or (`upside_down`) above it and turned half round.
    pub fn push_facing(
        &mut self,
        name: &str,
        centre: Pos2,
        gap: f32,
        size: f32,
        opacity: f32,
        upside_down: bool,
    ) {
        self.tags.push(Tag {
            name: crate::app::text::name(name).into_owned(),
            anchor: centre,
            gap,
            size,
            opacity,
            upside_down,
        });
    }

    /// Queues `token`'s name under its disc, in the GM's type size (as [`paint_token`] would).
    ///
    /// [`paint_token`]: super::token_paint::paint_token
    pub fn push_under(&mut self, token: &Token, centre: Pos2, radius: f32, opacity: f32) {
        let size = name_size(radius);
        self.push_facing(&token.name, centre, radius + 2.0, size, opacity, false);
    }

    /// Places and paints every tag. With `ui`, each tag also gets an accessibility node
    /// ("Kestrel: name") so tests and screen readers can find where it ended up.
    pub fn paint(self, painter: &Painter, ui: Option<&egui::Ui>) {
        self.paint_within(painter, ui, None);
    }

    /// As [`Self::paint`], every tag kept within `bounds` when given: a name that would run past
    /// its bottom edge goes on the other side of its token, and any that still stick out are
    /// moved in.
    pub fn paint_within(self, painter: &Painter, ui: Option<&egui::Ui>, bounds: Option<Rect>) {
        let galleys: Vec<_> = self
            .tags
            .iter()
            .map(|tag| {
                painter.layout_no_wrap(
                    tag.name.clone(),
                    FontId::proportional(tag.size),
                    palette::LABEL_TEXT.gamma_multiply(tag.opacity),
                )
            })
            .collect();
        let sizes: Vec<egui::Vec2> = galleys.iter().map(|g| g.size() + PAD * 2.0).collect();
        let placed = self.place_all(&sizes, bounds);
        for (i, ((tag, galley), rect)) in self.tags.iter().zip(galleys).zip(placed).enumerate() {
            painter.rect_filled(rect, 3.0, palette::LABEL_BACK.gamma_multiply(tag.opacity));
            if tag.upside_down {
                // Turned half round about the tag's middle: the text starts at its far corner.
                let text =
                    egui::epaint::TextShape::new(rect.max - PAD, galley, palette::LABEL_TEXT)
                        .with_angle(PI);
                painter.add(text);
            } else {
                painter.galley(rect.min + PAD, galley, palette::LABEL_TEXT);
            }
            if let Some(ui) = ui {
                // By position in the list: two tokens may well share a name.
                let id = ui.scope_id().with(("name_tag", i));
                let node = ui.interact(rect, id, egui::Sense::empty());
                let label = format!("{}: name", tag.name);
                node.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
            }
        }
    }

    /// Where each tag goes (in the view), the tags of each facing placed in their own frame.
    fn place_all(&self, sizes: &[egui::Vec2], bounds: Option<Rect>) -> Vec<Rect> {
        let mut out = vec![Rect::NOTHING; self.tags.len()];
        for upside_down in [false, true] {
            let group: Vec<usize> = (0..self.tags.len())
                .filter(|&i| self.tags[i].upside_down == upside_down)
                .collect();
            let wanted: Vec<Rect> = group
                .iter()
                .map(|&i| {
                    let tag = &self.tags[i];
                    let frame_bounds = bounds.map(|b| tag.frame_rect(b));
                    wanted_in_frame(tag, sizes[i], frame_bounds)
                })
                .collect();
            for (&i, rect) in group.iter().zip(place(&wanted)) {
                let tag = &self.tags[i];
                let kept = bounds.map_or(rect, |b| keep_inside(rect, tag.frame_rect(b)));
                out[i] = tag.frame_rect(kept);
            }
        }
        out
    }
}

/// Where `tag` (its tag `size` points) would go in its own frame: just below its token, or
/// just above it when below would run past the bottom of `bounds`; moved across to lie within
/// them.
fn wanted_in_frame(tag: &Tag, size: egui::Vec2, bounds: Option<Rect>) -> Rect {
    let centre = tag.frame(tag.anchor);
    // The text starts `gap` past the centre; its plate's padding reaches a little nearer.
    let below = Rect::from_min_size(centre + vec2(-size.x * 0.5, tag.gap - PAD.y), size);
    let Some(bounds) = bounds else {
        return below;
    };
    let rect = if below.max.y > bounds.max.y {
        Rect::from_min_size(centre + vec2(-size.x * 0.5, PAD.y - tag.gap - size.y), size)
    } else {
        below
    };
    let dx = (bounds.min.x - rect.min.x).max(0.0) + (bounds.max.x - rect.max.x).min(0.0);
    rect.translate(vec2(dx, 0.0))
}

/// `rect` moved the least that brings it inside `bounds` (its top-left kept in when it is the
/// larger).
fn keep_inside(rect: Rect, bounds: Rect) -> Rect {
    let shift = |min: f32, max: f32, lo: f32, hi: f32| {
        if max > hi {
            (hi - max).max(lo - min)
        } else if min < lo {
            lo - min
        } else {
            0.0
        }
    };
    rect.translate(vec2(
        shift(rect.min.x, rect.max.x, bounds.min.x, bounds.max.x),
        shift(rect.min.y, rect.max.y, bounds.min.y, bounds.max.y),
    ))
}

/// Where each of `wanted` goes: tags are taken from the top of the view down (left to right on
/// a row), each keeps its place across and moves down just past every tag already placed that
/// it would overlap (at most [`MAX_PASSES`] times). Returned in the order of `wanted`.
pub fn place(wanted: &[Rect]) -> Vec<Rect> {
    let mut order: Vec<usize> = (0..wanted.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (wanted[a].min, wanted[b].min);
        a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x))
    });
    let mut placed = PlacedTags::default();
    let mut out = wanted.to_vec();
    for i in order {
        let mut rect = wanted[i];
        // Each pass moves the tag below every placed tag it overlaps. A crowd so dense that
        // this keeps cascading gets a few passes, not one per token, so a frame stays cheap
        // (the tag may then touch another; its token's tooltip still names it).
        for _ in 0..MAX_PASSES {
            let Some(bottom) = placed.lowest_overlapping(&rect) else {
                break;
            };
            rect = rect.translate(vec2(0.0, bottom + GAP - rect.min.y));
        }
        placed.insert(rect);
        out[i] = rect;
    }
    out
}

/// Side of the square buckets placed tags are filed under, in points: about one tag's width,
/// so a query looks at a handful of buckets and the tags near it, never at every tag (a
/// thousand names on a zoomed-out map would otherwise cost millions of tests a frame).
const BUCKET_POINTS: f32 = 64.0;

/// The tags placed so far, filed by the buckets they touch.
#[derive(Default)]
struct PlacedTags {
    rects: Vec<Rect>,
    buckets: std::collections::HashMap<(i32, i32), Vec<usize>>,
}

impl PlacedTags {
    /// The buckets `rect` touches (a huge rect is clamped to a few, so it stays cheap).
    fn buckets_of(rect: &Rect) -> impl Iterator<Item = (i32, i32)> {
        let cell = |v: f32| (v / BUCKET_POINTS).floor().clamp(-1e6, 1e6) as i32;
        let (x0, y0) = (cell(rect.min.x), cell(rect.min.y));
        let (x1, y1) = (cell(rect.max.x).min(x0 + 16), cell(rect.max.y).min(y0 + 16));
        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| (x, y)))
    }

    fn insert(&mut self, rect: Rect) {
        let index = self.rects.len();
        self.rects.push(rect);
        for key in Self::buckets_of(&rect) {
            self.buckets.entry(key).or_default().push(index);
        }
    }

    /// The lowest bottom edge among the placed tags `rect` overlaps.
    fn lowest_overlapping(&self, rect: &Rect) -> Option<f32> {
        Self::buckets_of(rect)
            .filter_map(|key| self.buckets.get(&key))
            .flatten()
            .map(|&i| self.rects[i])
            .filter(|p| overlaps(p, rect))
            .map(|p| p.max.y)
            .reduce(f32::max)
    }
}

/// Whether two tags share any area (touching edges do not count).
fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    fn tag(x: f32, y: f32, w: f32) -> Rect {
        Rect::from_min_size(pos2(x, y), vec2(w, 10.0))
    }

    #[test]
    fn tags_apart_stay_where_they_are() {
        let wanted = [
            tag(0.0, 0.0, 40.0),
            tag(50.0, 0.0, 40.0),
            tag(0.0, 20.0, 40.0),
        ];
        assert_eq!(place(&wanted), wanted);
    }

    #[test]
    fn overlapping_tags_stack_downwards_in_reading_order() {
        // Three neighbours on one row whose names are wider than their cells.
        let wanted = [
            tag(60.0, 0.0, 80.0),
            tag(0.0, 0.0, 80.0),
            tag(30.0, 0.0, 80.0),
        ];
        let placed = place(&wanted);
        // The leftmost keeps its place; the others go one row down each.
        assert_eq!(placed[1], wanted[1]);
        assert_eq!(placed[2], tag(30.0, 11.0, 80.0));
        assert_eq!(placed[0], tag(60.0, 22.0, 80.0));
        for (i, a) in placed.iter().enumerate() {
            for b in &placed[i + 1..] {
                assert!(!overlaps(a, b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn a_moved_tag_also_clears_tags_further_down() {
        // A tag pushed down by the first pushes the next one down in turn.
        let wanted = [
            tag(0.0, 0.0, 50.0),
            tag(10.0, 5.0, 50.0),
            tag(20.0, 12.0, 50.0),
        ];
        let placed = place(&wanted);
        assert_eq!(placed[0], wanted[0]);
        assert_eq!(placed[1], tag(10.0, 11.0, 50.0));
        assert_eq!(placed[2], tag(20.0, 22.0, 50.0));
    }
}
