//! The Map pane: the battle map the GM works on.

use super::PaneContext;

/// Pan, zoom, hover and drag state of a map view. Not saved with the encounter.
#[derive(Debug, Default)]
pub struct MapView {}

/// Draws the map and turns the GM's gestures into commands.
pub fn map_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, view: &mut MapView) {
    let _ = view;
    ui.label(format!("{} tokens on the map", ctx.encounter.tokens.len()));
}
