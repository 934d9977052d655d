//! 3d6 trackers: each token's level and tier, and the encounter's escalation.

use egui::{Id, RichText};

use super::{edit_ui, encounter_change, token_change};
use crate::app::PaneContext;
use crate::model::TokenId;
use crate::rules::three_d6::{EscalationChange, MAX_ESCALATION, ThreeD6Change, ThreeD6Token};
use crate::rules::{EncounterChange, TokenChange};

/// Level 0–10 and the tier it gives.
pub fn token_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, t: &ThreeD6Token) {
    ui.horizontal(|ui| {
        if let Some(level) = edit_ui(
            ui,
            Id::unique(("3d6_level", token.0)),
            t.level,
            0..=10,
            "Level ",
        ) {
            token_change(
                ctx,
                token,
                TokenChange::ThreeD6(ThreeD6Change::SetLevel(level)),
            );
        }
        ui.label(format!("Tier {}", t.tier()));
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
