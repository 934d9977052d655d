//! Conditions: every token, ready for the conditions that arrive with the rule systems.

use crate::app::PaneContext;

pub fn conditions_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    ui.weak("Conditions arrive with the rule systems.");
    ui.separator();
    egui::ScrollArea::vertical().show(ui, |ui| {
        for token in &ctx.encounter.tokens {
            ui.horizontal(|ui| {
                ui.label(&token.name);
                ui.weak("no conditions");
            });
        }
    });
}
