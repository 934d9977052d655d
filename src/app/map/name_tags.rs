//! Token names on dark tags under their discs, placed so that no two overlap: a tag that would
//! cover one already placed moves down below it, so the names of crowded tokens stack.

use egui::{FontId, Painter, Pos2, Rect, vec2};

use super::palette;
use super::token_paint::name_size;
use crate::model::Token;

/// Space kept between two stacked tags, in points.
const GAP: f32 = 1.0;
/// How many times one tag may move down past others before it stays where it is.
const MAX_PASSES: usize = 8;

/// One name waiting to be placed.
struct Tag {
    name: String,
    /// Where the tag's top edge would sit, centred: just under the disc.
    top_centre: Pos2,
    size: f32,
    opacity: f32,
}

/// The names of one view's tokens, collected while the discs are painted and placed together
/// afterwards (over the discs, so a stacked name is never hidden under a neighbour).
#[derive(Default)]
pub struct NameTags {
    tags: Vec<Tag>,
}

impl NameTags {
    /// Queues `name` in `size`-point type with its tag's top edge centred on `top_centre`.
    pub fn push(&mut self, name: &str, top_centre: Pos2, size: f32, opacity: f32) {
        self.tags.push(Tag {
            name: crate::app::text::name(name).into_owned(),
            top_centre,
            size,
            opacity,
        });
    }

    /// Queues `token`'s name under its disc, in the GM's type size (as [`paint_token`] would).
    ///
    /// [`paint_token`]: super::token_paint::paint_token
    pub fn push_under(&mut self, token: &Token, centre: Pos2, radius: f32, opacity: f32) {
        let size = name_size(radius);
        self.push(&token.name, centre + vec2(0.0, radius + 2.0), size, opacity);
    }

    /// Places and paints every tag. With `ui`, each tag also gets an accessibility node
    /// ("Kestrel: name") so tests and screen readers can find where it ended up.
    pub fn paint(self, painter: &Painter, ui: Option<&egui::Ui>) {
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
        let wanted: Vec<Rect> = self
            .tags
            .iter()
            .zip(&galleys)
            .map(|(tag, galley)| {
                let text = galley.size();
                Rect::from_min_size(tag.top_centre - vec2(text.x * 0.5, 0.0), text)
                    .expand2(vec2(4.0, 1.0))
            })
            .collect();
        let placed = place(&wanted);
        for (i, ((tag, galley), rect)) in self.tags.iter().zip(galleys).zip(placed).enumerate() {
            painter.rect_filled(rect, 3.0, palette::LABEL_BACK.gamma_multiply(tag.opacity));
            painter.galley(rect.min + vec2(4.0, 1.0), galley, palette::LABEL_TEXT);
            if let Some(ui) = ui {
                // By position in the list: two tokens may well share a name.
                let id = ui.scope_id().with(("name_tag", i));
                let node = ui.interact(rect, id, egui::Sense::empty());
                let label = format!("{}: name", tag.name);
                node.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
            }
        }
    }
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
