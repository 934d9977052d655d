//! "Attack with <name>…" from a token's menu: the token is the attacker, and the next click on
//! another token makes that one its target in the Dice pane. Until then a line runs from the
//! attacker to the pointer, labelled with the range band and, over a token, the cover the
//! board's verdict gives; Esc or a right click on the map cancels. The click goes through the
//! map's one pointer rule, so a toolbar click never picks a target.

use egui::{Align2, Color32, FontId, Key, Painter, Pos2, Stroke};

use super::pointer::MapPointer;
use super::ruler;
use super::sight_overlay;
use super::transform::MapTransform;
use crate::board::Scene;
use crate::board::footprint::footprint_centre;
use crate::model::{Encounter, TokenId};

const LINE: Color32 = Color32::from_rgb(255, 196, 64);
const BACK: Color32 = Color32::from_rgba_unmultiplied_const(20, 20, 24, 225);

fn request_id() -> egui::Id {
    egui::Id::unique("lantern_map_attack_with")
}

/// Asks the map to start picking a target for `attacker` (read on its next frame).
pub fn request_attack_with(ctx: &egui::Context, attacker: TokenId) {
    ctx.data_mut(|d| d.insert_temp(request_id(), Some(attacker)));
    ctx.request_repaint();
}

/// The attacker whose target is being picked, if any. View state.
#[derive(Debug, Default)]
pub struct AttackPick {
    attacker: Option<TokenId>,
}

impl AttackPick {
    /// The attacker while a target is being picked.
    pub fn attacker(&self) -> Option<TokenId> {
        self.attacker
    }

    /// Takes a request from the token menu (returning true when a pick starts, so the map puts
    /// its editing tools down), and ends the pick on Esc, a right click on the map or when the
    /// attacker is gone (undone, deleted).
    pub fn update(&mut self, ui: &egui::Ui, pointer: &MapPointer, encounter: &Encounter) -> bool {
        let started = ui
            .ctx()
            .data_mut(|d| d.remove_temp::<Option<TokenId>>(request_id()))
            .flatten();
        if let Some(attacker) = started {
            self.attacker = Some(attacker);
            return true;
        }
        let Some(attacker) = self.attacker else {
            return false;
        };
        let right_click = pointer.over_map && ui.input(|i| i.pointer.secondary_pressed());
        let escape = super::pointer::keys_for_map(ui)
            && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::Escape));
        if right_click || escape || encounter.token(attacker).is_none() {
            self.attacker = None;
        }
        false
    }

    /// A token was clicked while picking: it becomes the target of the attacker's attack in the
    /// Dice pane, and the pick ends. A click on the attacker itself is not a target.
    pub fn pick(&mut self, ctx: &egui::Context, target: TokenId) {
        let Some(attacker) = self.attacker.filter(|a| *a != target) else {
            return;
        };
        crate::app::dice::request_action(
            ctx,
            crate::app::dice::MapAction {
                actor: Some(attacker),
                target,
                attack: true,
                add: false,
            },
        );
        self.attacker = None;
    }

    /// The live line from the attacker to the pointer (to the hovered token's centre when the
    /// pointer is on one), with the band and the cover, and a note of what to do.
    pub fn paint(
        &self,
        ui: &egui::Ui,
        painter: &Painter,
        scene: &Scene,
        encounter: &Encounter,
        t: &MapTransform,
        pointer: &MapPointer,
        hovered: Option<TokenId>,
    ) {
        let Some(attacker) = self.attacker.and_then(|id| encounter.token(id)) else {
            return;
        };
        let grid = encounter.map.grid;
        let from = t.ui_from_grid(footprint_centre(grid, attacker.size, attacker.cell));
        let target = hovered
            .filter(|id| *id != attacker.id)
            .and_then(|id| encounter.token(id));
        let at_pointer = pointer.pos_in_ui.filter(|_| pointer.over_map);
        let to = target
            .map(|token| t.ui_from_grid(footprint_centre(grid, token.size, token.cell)))
            .or(at_pointer);
        let Some(to) = to else {
            let text = format!("{} attacks: click a target (Esc cancels)", attacker.name);
            note(ui, painter, from, None, &text);
            return;
        };
        let measurement = ruler::measure(scene, t.grid_from_ui(from), t.grid_from_ui(to));
        let range = measurement
            .band
            .clone()
            .unwrap_or_else(|| measurement.label());
        let text = match target {
            Some(token) => {
                let cover = scene.verdict(attacker.id, token.id).map_or_else(
                    || "no verdict".to_owned(),
                    |v| sight_overlay::cover_words(&v, encounter.rulings),
                );
                format!("{} attacks {}: {range}, {cover}", attacker.name, token.name)
            }
            None => format!(
                "{} attacks: {range} (click a target, Esc cancels)",
                attacker.name
            ),
        };
        painter.line_segment([from, to], Stroke::new(5.0, BACK));
        painter.line_segment([from, to], Stroke::new(2.5, LINE));
        painter.circle_filled(to, 4.0, LINE);
        note(ui, painter, to, Some(from), &text);
    }
}

/// A label beside `at`, on the side away from `away_from` (the attacker, which the card must
/// not cover), kept inside the pane, with an accessibility node of its text (for screen
/// readers and tests; it senses nothing).
fn note(ui: &egui::Ui, painter: &Painter, at: Pos2, away_from: Option<Pos2>, text: &str) {
    let galley = painter.layout_no_wrap(text.to_owned(), FontId::proportional(15.0), LINE);
    let clip = painter.clip_rect().shrink(6.0);
    // Up and to the right of the point by default; past it, seen from the attacker, when
    // there is one, so the line and the attacker stay in view.
    let away = away_from.map_or(egui::vec2(1.0, -1.0), |from| at - from);
    let (anchor, offset) = match (away.x >= 0.0, away.y >= 0.0) {
        (true, true) => (Align2::LEFT_TOP, egui::vec2(12.0, 12.0)),
        (true, false) => (Align2::LEFT_BOTTOM, egui::vec2(12.0, -12.0)),
        (false, true) => (Align2::RIGHT_TOP, egui::vec2(-12.0, 12.0)),
        (false, false) => (Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -12.0)),
    };
    let mut rect = anchor.anchor_size(at + offset, galley.size());
    rect = rect.translate(egui::vec2(
        (clip.max.x - rect.max.x).min(0.0) + (clip.min.x - rect.min.x).max(0.0),
        (clip.min.y - rect.min.y).max(0.0) + (clip.max.y - rect.max.y).min(0.0),
    ));
    // Above the map's toolbars and tool column, which would otherwise hide the card when the
    // pointer nears the pane's edge; clipped to the map all the same.
    let above = ui
        .ctx()
        .layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            ui.scope_id().with("attack_pick_card"),
        ))
        .with_clip_rect(painter.clip_rect());
    above.rect_filled(rect.expand(4.0), 4.0, BACK);
    above.galley(rect.min, galley, LINE);
    let node = ui.interact(
        rect,
        ui.scope_id().with("attack_pick_note"),
        egui::Sense::empty(),
    );
    node.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
}
