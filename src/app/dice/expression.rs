//! The free dice-expression roller and the roll log.

use egui::{Color32, RichText};

use super::{DiceState, expression_entry, roller_name};
use crate::app::{PaneContext, text};
use crate::dice::{DiceExpr, DiceRng};
use crate::model::{Command, LogEntry};

/// A text field for any expression (`4d6kh3`, `2d20kl1+5`…) with its own Roll button. A parse
/// error shows in red under the field and the button stays off until the text parses.
pub fn expression_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
) {
    let parsed = DiceExpr::parse(&state.expression);
    let mut roll = false;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Dice expression");
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut state.expression)
                    .desired_width(140.0)
                    .hint_text("4d6kh3"),
            )
            .labelled_by(label.id);
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let button = ui.add_enabled(parsed.is_ok(), egui::Button::new("Roll expression"));
        roll = (button.clicked() || entered) && parsed.is_ok();
    });
    match &parsed {
        Err(error) => {
            ui.label(RichText::new(error.to_string()).color(Color32::LIGHT_RED));
        }
        Ok(expr) if roll => {
            let record = expr.roll(rng);
            let entry =
                expression_entry(&roller_name(ctx.encounter, state.roller), &record).fitted();
            state.show_result_of_expression(entry.clone());
            ctx.command(Command::AppendLog(entry));
        }
        Ok(_) => {}
    }
}

/// The most log entries the pane lays out: the newest, a long evening's worth. A file may carry
/// any number; the rest stay in it, unshown.
const SHOWN_LOG_ENTRIES: usize = 500;

/// The least height the roll log scrolls in: several entries, however little of the pane is
/// left below the check.
const MIN_LOG_HEIGHT: f32 = 200.0;

/// The roll log, newest first: who, what, the dice and the result. Each line wraps at the
/// pane's edge rather than running off it sideways; each part is cut to a line's length.
pub fn log_ui(ui: &mut egui::Ui, log: &[LogEntry]) {
    ui.label(RichText::new(format!("Roll log ({})", log.len())).strong());
    // Inside the pane's scrolling body the room left below the form can be a sliver (or none,
    // with a long check): the log keeps a readable height of its own, and the body scrolls to
    // it, rather than shrinking to a line or two of the newest entries.
    egui::ScrollArea::vertical()
        .id_salt("roll_log")
        .auto_shrink([false, true])
        .min_scrolled_height(MIN_LOG_HEIGHT)
        .max_height(ui.available_height().max(MIN_LOG_HEIGHT))
        .show(ui, |ui| {
            for (i, entry) in log.iter().rev().take(SHOWN_LOG_ENTRIES).enumerate() {
                let fill = if i % 2 == 0 {
                    ui.visuals().faint_bg_color
                } else {
                    egui::Color32::TRANSPARENT
                };
                egui::Frame::new()
                    .fill(fill)
                    .inner_margin(2.0)
                    .show(ui, |ui| {
                        ui.set_min_width(ui.available_width());
                        ui.horizontal_wrapped(|ui| {
                            // Events have no roller and no dice: an empty label would still
                            // take a place in the row.
                            let parts = [
                                RichText::new(text::name(&entry.who)).strong(),
                                RichText::new(text::line(&entry.what)),
                                RichText::new(text::line(&entry.dice)).monospace(),
                                RichText::new(text::line(&entry.result)),
                            ];
                            for part in parts.into_iter().filter(|p| !p.text().is_empty()) {
                                ui.label(part);
                            }
                        });
                    });
            }
        });
}
