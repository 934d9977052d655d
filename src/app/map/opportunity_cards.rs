//! The attacks of opportunity a move offered (`encounter.combat.opportunity_offers`, made by
//! the core's `combat::opportunity`), on the map where the move was made: a red line from the
//! attacker to the creature that left its reach, and beside the attacker a card with
//! **Attack…** — the Dice pane filled with the attacker's melee attack, whose roll spends its
//! reaction and settles the offer — and **Let it go**, one undo step. Only draws and queues:
//! the rule is the core's.

use egui::{Color32, Painter, Pos2, Rect, Stroke, Ui, Vec2};

use super::layout::disc_of;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::combat::opportunity::{can_take, let_go};
use crate::model::{Encounter, OpportunityOffer, TokenId};

/// The accessible name of the cards' group, for tests and screen readers.
pub const CARDS_LABEL: &str = "Attacks of opportunity on the map";

const THREAT: Color32 = Color32::from_rgb(235, 80, 60);

/// The cards' width.
const CARD_WIDTH: f32 = 230.0;

/// A token's disc on screen: its centre and radius in points.
fn disc(encounter: &Encounter, id: TokenId, t: &MapTransform) -> Option<(Pos2, f32)> {
    let token = encounter.token(id)?;
    let (centre, radius_cells) = disc_of(encounter.map.grid, token);
    Some((t.ui_from_grid(centre), t.points(radius_cells)))
}

/// The waiting offers: a line from each attacker to the creature that left its reach, a ring
/// on that creature, and each offer's card beside its attacker, kept inside `room`.
pub fn offers_ui(
    ui: &Ui,
    ctx: &mut PaneContext<'_>,
    painter: &Painter,
    t: &MapTransform,
    room: Rect,
) {
    let offers = ctx.encounter.combat.opportunity_offers.clone();
    if offers.is_empty() {
        return;
    }
    for (i, offer) in offers.iter().enumerate() {
        let (Some((from, r_by)), Some((to, r_mover))) = (
            disc(ctx.encounter, offer.by, t),
            disc(ctx.encounter, offer.mover, t),
        ) else {
            continue;
        };
        painter.line_segment([from, to], Stroke::new(2.5, THREAT.gamma_multiply(0.8)));
        painter.circle_stroke(to, r_mover + 7.0, Stroke::new(3.0, THREAT));
        let size = Vec2::new(CARD_WIDTH + 16.0, 96.0);
        let wanted = from + Vec2::new(r_by + 14.0, -size.y / 2.0);
        let max = (room.max - size).max(room.min);
        let at = wanted.clamp(room.min, max);
        let id = egui::Id::unique(("lantern_opportunity_card", i, offer.by, offer.mover));
        let shown = egui::Area::new(id)
            .fixed_pos(at)
            .order(egui::Order::Middle)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(CARD_WIDTH);
                    card_ui(ui, ctx, *offer);
                });
            });
        shown
            .response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Group, true, CARDS_LABEL));
    }
}

/// One offer's card: what happened, Attack… and Let it go.
fn card_ui(ui: &mut Ui, ctx: &mut PaneContext<'_>, offer: OpportunityOffer) {
    let name = |id: TokenId| {
        ctx.encounter.token(id).map_or_else(
            || "?".to_owned(),
            |t| crate::app::text::name(&t.name).into_owned(),
        )
    };
    let (by, mover) = (name(offer.by), name(offer.mover));
    ui.strong("⚔ Attack of opportunity");
    ui.label(format!("{mover} left {by}'s reach."));
    let ready = can_take(ctx.encounter, offer);
    ui.horizontal_wrapped(|ui| {
        let attack = ui
            .add_enabled(ready, egui::Button::new(format!("Attack {mover}…")))
            .on_hover_text(format!(
                "{by} makes one melee attack on {mover} with its reaction: the Dice pane fills it"
            ))
            .on_disabled_hover_text(format!("{by} has no reaction to take it with now"));
        if attack.clicked() {
            ctx.selection.clear();
            ctx.selection.insert(offer.by);
            crate::app::dice::request_action(
                ui.ctx(),
                crate::app::dice::MapAction {
                    actor: Some(offer.by),
                    target: offer.mover,
                    attack: true,
                    add: false,
                },
            );
        }
        if ui
            .button("Let it go")
            .on_hover_text(format!("{by} keeps its reaction"))
            .clicked()
        {
            ctx.command(let_go(offer));
        }
    });
}
