//! The window while the file named on the command line opens (`lantern FILE`): its name and
//! progress on the bare window, not the demo the file is about to replace.
//!
//! Besides not flashing an encounter nobody asked for, it keeps the start quick where there is
//! no GPU: drawn in software, each frame of the full window takes both cores for a third of a
//! second, and the first frames come while the worker is reading the file and building its
//! board. This screen's frames cost almost nothing. It ends when the file is open or refused
//! (the refusal is shown over the demo), or as soon as a question needs the whole window.

use super::LanternApp;

impl LanternApp {
    /// Ends the start screen once the file is open or refused, or a question is waiting.
    pub(super) fn settle_start_screen(&mut self) {
        if self.starting_with.is_none() {
            return;
        }
        let opening = self.argument.is_some() || self.import_busy();
        if self.prompt.is_some() || !opening {
            self.starting_with = None;
        }
    }

    /// Whether the start screen is up (then `ui_pass` draws only it and the notices).
    pub(super) fn on_start_screen(&self) -> bool {
        self.starting_with.is_some()
    }

    /// The file's name and how far opening it has got, in the middle of the window. No panel
    /// fill: the window is cleared to the panels' colour.
    pub(super) fn start_screen_ui(&self, ui: &mut egui::Ui) {
        let Some(name) = &self.starting_with else {
            return;
        };
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space((ui.available_height() / 2.0 - 40.0).max(0.0));
                ui.heading(format!("Opening {}…", super::text::name(name)));
                let progress = self.imports.opening_progress();
                let (fraction, stage) =
                    progress.map_or((0.0, "Starting"), |p| (p.fraction(), p.stage()));
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .desired_width(360.0)
                        .text(format!("{stage} {:.0}%", fraction * 100.0)),
                );
            });
        });
    }
}
