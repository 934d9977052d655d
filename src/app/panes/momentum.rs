//! Momentum: the party's heroes; the pools themselves arrive with the turn-structure work.

use crate::app::PaneContext;
use crate::model::Side;

pub fn momentum_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    ui.weak("Momentum pools arrive with the turn-structure work.");
    ui.separator();
    let mut heroes = ctx
        .encounter
        .tokens
        .iter()
        .filter(|t| t.side == Side::Party)
        .peekable();
    if heroes.peek().is_none() {
        ui.weak("No heroes in this encounter.");
    }
    for hero in heroes {
        ui.label(&hero.name);
    }
}
