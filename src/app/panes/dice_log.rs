//! Dice & Log: the encounter's roll log, newest first.

use crate::app::PaneContext;
use crate::model::LogEntry;

pub fn dice_log_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    let log = &ctx.encounter.combat.log;
    if log.is_empty() {
        ui.weak("No rolls yet.");
        return;
    }
    egui::ScrollArea::vertical().show(ui, |ui| {
        for entry in log.iter().rev() {
            entry_ui(ui, entry);
            ui.separator();
        }
    });
}

fn entry_ui(ui: &mut egui::Ui, entry: &LogEntry) {
    ui.horizontal_wrapped(|ui| {
        if !entry.who.is_empty() {
            ui.strong(&entry.who);
        }
        ui.label(&entry.what);
        if !entry.dice.is_empty() {
            ui.weak(format!("({})", entry.dice));
        }
        ui.label("=");
        ui.strong(&entry.result);
    });
}
