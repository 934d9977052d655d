//! 3d6 trackers: each token's level and tier, and the encounter's escalation.

use egui::RichText;

use super::{encounter_change, token_change};
use crate::app::PaneContext;
use crate::model::TokenId;
use crate::rules::three_d6::{EscalationChange, MAX_ESCALATION, ThreeD6Change, ThreeD6Token};
use crate::rules::{EncounterChange, TokenChange};

/// Level 0–10 (or not set) and the tier it gives.
pub fn token_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, t: &ThreeD6Token) {
    let words = |level: Option<u8>| match level {
        None => "Level not set".to_owned(),
        Some(0) => "Level 0 (prologue)".to_owned(),
        Some(n) => format!("Level {n}"),
    };
    ui.horizontal(|ui| {
        let mut picked = t.level;
        egui::ComboBox::from_id_salt(("3d6_level", token.0))
            .selected_text(words(t.level))
            .show_ui(ui, |ui| {
                let levels = std::iter::once(None).chain((0..=10).map(Some));
                for level in levels {
                    ui.selectable_value(&mut picked, level, words(level));
                }
            })
            .response
            .on_hover_text("Level: 0 is a prologue level; not set gives no tier");
        if picked != t.level {
            token_change(
                ctx,
                token,
                TokenChange::ThreeD6(ThreeD6Change::SetLevel(picked)),
            );
        }
        match t.tier() {
            Some(tier) => ui.label(format!("Tier {tier}")),
            None => ui.label("No tier"),
        };
    });
    harm_ui(ui, ctx, token, t.harm_taken);
}

/// The harm Apply has marked on the token, editable (a rest or healing is the GM's call: the core
/// text keeps no health track), one undo step per finished edit.
fn harm_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, harm: u32) {
    ui.horizontal(|ui| {
        let label = ui.label("Harm marked");
        let id = egui::Id::unique(("3d6_harm", token.0));
        let mut value = ui.data(|d| d.get_temp::<u32>(id)).unwrap_or(harm);
        let response = ui
            .add(
                egui::DragValue::new(&mut value)
                    .range(0..=crate::rules::three_d6::MAX_HARM)
                    .clamp_existing_to_range(false),
            )
            .labelled_by(label.id)
            .on_hover_text("The harm attacks dealt; the text keeps no health track, so read it against your game's limit");
        if response.dragged() {
            ui.data_mut(|d| d.insert_temp(id, value));
            return;
        }
        ui.data_mut(|d| d.remove::<u32>(id));
        let mut set = (value != harm).then_some(value);
        if harm > 0 && ui.small_button("Clear").on_hover_text("No harm marked").clicked() {
            set = Some(0);
        }
        if let Some(value) = set {
            token_change(
                ctx,
                token,
                TokenChange::ThreeD6(ThreeD6Change::SetHarmTaken(value)),
            );
        }
    });
}

/// Escalation, large, with up and down.
pub fn escalation_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    let escalation = ctx.encounter.combat.trackers.encounter.three_d6.escalation;
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!("Escalation {escalation}/{MAX_ESCALATION}"))
                .size(28.0)
                .strong(),
        );
        let mut change = None;
        if ui.button("-").on_hover_text("Escalation down").clicked() {
            change = Some(EscalationChange::Decrease);
        }
        if ui.button("+").on_hover_text("Escalation up").clicked() {
            change = Some(EscalationChange::Increase);
        }
        if ui.button("Reset").clicked() {
            change = Some(EscalationChange::Set(0));
        }
        if let Some(c) = change {
            encounter_change(ctx, EncounterChange::ThreeD6(c));
        }
    });
}
