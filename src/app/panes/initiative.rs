//! Initiative: the tokens in turn order; clicking one selects it on the map too.

use crate::app::PaneContext;
use crate::model::Token;

/// Lists the tokens in drawing order (turn order arrives with the turn-structure work).
pub fn initiative_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    if ctx.encounter.tokens.is_empty() {
        ui.weak("No tokens on the map yet.");
        return;
    }
    egui::ScrollArea::vertical().show(ui, |ui| {
        egui::Grid::new("initiative_grid")
            .striped(true)
            .num_columns(3)
            .show(ui, |ui| {
                ui.strong("Name");
                ui.strong("Side");
                ui.strong("Size");
                ui.end_row();
                for token in &ctx.encounter.tokens {
                    token_row_ui(ui, token, ctx.selection);
                    ui.end_row();
                }
            });
    });
}

fn token_row_ui(ui: &mut egui::Ui, token: &Token, selection: &mut crate::app::Selection) {
    let selected = selection.contains(&token.id);
    if ui.selectable_label(selected, &token.name).clicked() {
        // A click picks this token alone, like a click on the map.
        selection.clear();
        selection.insert(token.id);
    }
    ui.label(token.side.label());
    ui.label(token.size.label());
}
