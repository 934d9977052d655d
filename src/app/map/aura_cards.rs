//! The aura offers on the map, where the GM is looking when a turn changes: the waiting offers
//! (`encounter.combat.aura_offers`, made by the core's `combat::aura`) as cards beside the
//! first offer's aura, tied to its start by a thin line, and a ring on every token an offer
//! would affect while it waits. Each card is the Initiative pane's own
//! ([`offer_card_ui`](crate::app::combat::offer_card_ui)): Apply is the same one command
//! there and here, and a settled offer leaves both.

use egui::{Color32, Painter, Pos2, Rect, Stroke, Ui, Vec2};

use super::layout::disc_of;
use super::token_marks::mark_node;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::board::Scene;
use crate::dice::DiceRng;
use crate::model::{AuraOffer, Encounter, TokenId};

/// The accessible name of the cards' area on the map, for tests and screen readers.
pub const CARDS_LABEL: &str = "Aura offers on the map";

/// The waiting offer's ring: amber, apart from the areas' orange, so it reads as "waiting on
/// you" on top of an aura's own ring.
const WAITING: Color32 = Color32::from_rgb(255, 215, 70);

/// The cards' width: the title and two buttons on a line, names wrapping under them.
const CARD_WIDTH: f32 = 250.0;

/// Where the map's furniture leaves room for the cards: what `map_ui` draws around its edges.
pub struct Room {
    /// The map pane's rect.
    pub map: Rect,
    /// The Area tool's window is open at the top-right.
    pub area_window: bool,
}

impl Room {
    /// The pane less the tool column (left), the camera and play toolbars (top), the fog
    /// toolbar (bottom-left) and, when open, the Area window (its last rect).
    fn free(&self, ui: &Ui) -> (Rect, Option<Rect>) {
        let free = Rect::from_min_max(
            self.map.min + Vec2::new(116.0, 52.0),
            self.map.max - Vec2::new(8.0, 48.0),
        );
        let window = self
            .area_window
            .then(|| {
                ui.ctx()
                    .memory(|m| m.area_rect(super::area_tool::window_id()))
            })
            .flatten();
        (free, window)
    }
}

/// The rings on the tokens the waiting offers would affect, each with an accessible mark
/// ("Goblin 1: aura offer waiting").
pub fn paint_waiting_tokens(ui: &Ui, painter: &Painter, encounter: &Encounter, t: &MapTransform) {
    for id in waiting_tokens(&encounter.combat.aura_offers) {
        let Some(token) = encounter.token(id) else {
            continue;
        };
        let (centre, radius_cells) = disc_of(encounter.map.grid, token);
        let centre = t.ui_from_grid(centre);
        let radius = t.points(radius_cells);
        painter.circle_stroke(centre, radius + 8.0, Stroke::new(3.0, WAITING));
        painter.circle_stroke(centre, radius + 11.0, Stroke::new(1.5, Color32::BLACK));
        let rect = Rect::from_center_size(centre, Vec2::splat(2.0 * radius));
        let label = format!(
            "{}: aura offer waiting",
            crate::app::text::name(&token.name)
        );
        mark_node(ui, "aura_offer", &label, rect);
    }
}

/// Every token in a waiting offer, once each, in offer order.
fn waiting_tokens(offers: &[AuraOffer]) -> Vec<TokenId> {
    let mut out: Vec<TokenId> = Vec::new();
    for id in offers.iter().flat_map(|o| o.tokens.iter().copied()) {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// The waiting offers' cards, beside the first offer's aura.
pub fn cards_ui(
    ui: &Ui,
    ctx: &mut PaneContext<'_>,
    rng: &mut DiceRng,
    painter: &Painter,
    t: &MapTransform,
    scene: &Scene,
    room: &Room,
) {
    let offers = ctx.encounter.combat.aura_offers.clone();
    let Some(first) = offers.first() else {
        return;
    };
    let id = egui::Id::unique("lantern_aura_cards");
    let size = ui
        .ctx()
        .memory(|m| m.area_rect(id))
        .map_or(Vec2::new(CARD_WIDTH + 16.0, 110.0), |r| r.size());
    let (free, window) = room.free(ui);
    let (aura, origin) = aura_rect(ctx.encounter, scene, first, t);
    let mut avoid = token_rects(ctx.encounter, &waiting_tokens(&offers), t);
    avoid.extend(token_rects(ctx.encounter, &acting_tokens(ctx.encounter), t));
    avoid.extend(window);
    let at = card_place(free, size, aura, &avoid);
    if let Some(origin) = origin {
        let near = Rect::from_min_size(at, size).clamp(origin);
        // Thin and see-through: it may cross a token on its way.
        painter.line_segment(
            [origin, near],
            Stroke::new(1.5, WAITING.gamma_multiply(0.6)),
        );
    }
    let shown = egui::Area::new(id)
        .fixed_pos(at)
        .order(egui::Order::Middle)
        .show(ui.ctx(), |ui| {
            ui.set_max_width(CARD_WIDTH);
            for offer in &offers {
                crate::app::combat::offer_card_ui(ui, ctx, rng, offer);
            }
        });
    // On the area's own widget, which has its rect and holds the cards' widgets.
    shown
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Group, true, CARDS_LABEL));
}

/// The aura's outline on screen and where it starts (the whole map's centre line when the
/// area is gone or cannot be measured).
fn aura_rect(
    encounter: &Encounter,
    scene: &Scene,
    offer: &AuraOffer,
    t: &MapTransform,
) -> (Rect, Option<Pos2>) {
    let placed = encounter
        .areas
        .iter()
        .find(|a| a.id == offer.area)
        .and_then(|a| scene.place_area(a).ok());
    let Some(placed) = placed else {
        return (Rect::NOTHING, None);
    };
    let origin = t.ui_from_grid(placed.origin);
    let points = placed
        .outline(scene)
        .into_iter()
        .map(|p| t.ui_from_grid(p))
        .chain([origin]);
    (Rect::from_points(&points.collect::<Vec<_>>()), Some(origin))
}

/// The token acted on now: the current combatant, and the aura's owner is it at the end of
/// its own turn (the turn's new owner at a start).
fn acting_tokens(encounter: &Encounter) -> Vec<TokenId> {
    let mut out: Vec<TokenId> = encounter
        .combat
        .aura_offers
        .iter()
        .map(|o| o.turn_of)
        .collect();
    out.extend(encounter.combat.initiative.current_token());
    out
}

fn token_rects(encounter: &Encounter, ids: &[TokenId], t: &MapTransform) -> Vec<Rect> {
    ids.iter()
        .filter_map(|id| encounter.token(*id))
        .map(|token| {
            let (centre, radius_cells) = disc_of(encounter.map.grid, token);
            // The waiting ring and the name under the disc count as the token.
            let radius = t.points(radius_cells) + 12.0;
            Rect::from_center_size(t.ui_from_grid(centre), Vec2::splat(2.0 * radius))
        })
        .collect()
}

/// Where a card of `size` goes (its top-left): beside the aura — above its outline, else
/// below, right, left — else along the free room's top or bottom edge; the first spot inside
/// `free` that covers nothing in `avoid` (the tokens in the offers, the combatant acting, the
/// Area window). When every spot covers something, above the aura, kept inside `free`.
fn card_place(free: Rect, size: Vec2, aura: Rect, avoid: &[Rect]) -> Pos2 {
    let gap = 10.0;
    let centre = if aura.is_finite() {
        aura.center()
    } else {
        free.center()
    };
    let candidates = [
        Pos2::new(centre.x - size.x / 2.0, aura.top() - gap - size.y),
        Pos2::new(centre.x - size.x / 2.0, aura.bottom() + gap),
        Pos2::new(aura.right() + gap, centre.y - size.y / 2.0),
        Pos2::new(aura.left() - gap - size.x, centre.y - size.y / 2.0),
        Pos2::new(centre.x - size.x / 2.0, free.top()),
        Pos2::new(centre.x - size.x / 2.0, free.bottom() - size.y),
        free.left_top(),
        Pos2::new(free.left(), free.bottom() - size.y),
    ];
    let inside = |p: Pos2| {
        let max = (free.max - size).max(free.min);
        p.clamp(free.min, max)
    };
    let clear = |p: Pos2| {
        let card = Rect::from_min_size(p, size);
        free.contains_rect(card) && !avoid.iter().any(|r| r.intersects(card))
    };
    candidates
        .into_iter()
        .map(inside)
        .find(|p| clear(*p))
        .unwrap_or_else(|| inside(candidates[0]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Rect {
        Rect::from_min_max(Pos2::new(x0, y0), Pos2::new(x1, y1))
    }

    #[test]
    fn a_card_sits_above_the_aura_when_there_is_room() {
        let free = rect(0.0, 0.0, 1000.0, 800.0);
        let at = card_place(
            free,
            Vec2::new(200.0, 100.0),
            rect(400.0, 400.0, 600.0, 600.0),
            &[],
        );
        assert_eq!(at, Pos2::new(400.0, 290.0));
    }

    #[test]
    fn a_card_goes_below_an_aura_at_the_top_and_never_over_a_token_to_avoid() {
        let free = rect(0.0, 0.0, 1000.0, 800.0);
        let aura = rect(400.0, 20.0, 600.0, 220.0);
        let size = Vec2::new(200.0, 100.0);
        // No room above: clamped there it would cover the aura's token at the top.
        let token = rect(480.0, 20.0, 520.0, 60.0);
        let at = card_place(free, size, aura, &[token]);
        assert_eq!(at, Pos2::new(400.0, 230.0));
        // A token below too: to the right.
        let below = rect(480.0, 240.0, 520.0, 280.0);
        let at = card_place(free, size, aura, &[token, below]);
        assert_eq!(at, Pos2::new(610.0, 70.0));
    }

    #[test]
    fn a_card_bigger_than_the_room_starts_at_its_corner() {
        let free = rect(100.0, 50.0, 300.0, 120.0);
        let at = card_place(
            free,
            Vec2::new(400.0, 200.0),
            rect(150.0, 60.0, 200.0, 90.0),
            &[],
        );
        assert_eq!(at, Pos2::new(100.0, 50.0));
    }

    #[test]
    fn waiting_tokens_are_listed_once() {
        let offer = |area: u64, tokens: &[u64]| AuraOffer {
            area: crate::model::AreaId(area),
            turn_of: TokenId(1),
            moment: crate::model::TurnMoment::End,
            tokens: tokens.iter().map(|t| TokenId(*t)).collect(),
        };
        let offers = [offer(1, &[5, 6]), offer(2, &[6, 7])];
        assert_eq!(
            waiting_tokens(&offers),
            [TokenId(5), TokenId(6), TokenId(7)]
        );
    }
}
