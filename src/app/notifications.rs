//! Messages for the user: errors stay until dismissed, confirmations fade.

use std::time::Duration;

/// How serious a message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Info,
    Error,
}

#[derive(Clone, Debug)]
pub struct Notice {
    pub level: Level,
    pub text: String,
    /// `egui` time when it was posted, for fading info messages.
    posted_at: Option<f64>,
}

/// The notification area in the bottom-right corner.
#[derive(Debug, Default)]
pub struct Notifications {
    notices: Vec<Notice>,
}

impl Notifications {
    const INFO_LIFETIME: Duration = Duration::from_secs(4);

    pub fn info(&mut self, text: impl Into<String>) {
        self.push(Level::Info, text.into());
    }

    /// Shows an error with its whole chain of causes (`anyhow`'s `{:#}`), and writes it to the
    /// log (stderr) too: this is where every failure the user is told about is handled.
    pub fn error(&mut self, err: &anyhow::Error) {
        log::error!("{err:#}");
        self.push(Level::Error, format!("{err:#}"));
    }

    fn push(&mut self, level: Level, text: String) {
        self.notices.push(Notice {
            level,
            text,
            posted_at: None,
        });
    }

    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Drops info messages past their lifetime; keeps the UI ticking while one is up.
    pub fn expire(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        let lifetime = Self::INFO_LIFETIME.as_secs_f64();
        for notice in &mut self.notices {
            notice.posted_at.get_or_insert(now);
        }
        self.notices
            .retain(|n| n.level == Level::Error || n.posted_at.is_none_or(|t| now - t < lifetime));
        if self.notices.iter().any(|n| n.level == Level::Info) {
            ctx.request_repaint_after(Duration::from_millis(500));
        }
    }

    /// The newest confirmation ("Saved …"), on the right of the menu bar: a line there covers
    /// nothing, where a toast in a corner sat over a pane's text.
    pub fn status_ui(&self, ui: &mut egui::Ui) {
        let Some(notice) = self.notices.iter().rev().find(|n| n.level == Level::Info) else {
            return;
        };
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.add(
                egui::Label::new(egui::RichText::new(&notice.text).weak())
                    .truncate()
                    .selectable(false),
            );
        });
    }

    /// Draws the errors stacked in the bottom-right corner, each with a dismiss button (they
    /// stay until dismissed; confirmations go to [`Self::status_ui`]).
    pub fn ui(&mut self, ctx: &egui::Context) {
        if !self.notices.iter().any(|n| n.level == Level::Error) {
            return;
        }
        let mut dismissed = None;
        egui::Area::new(egui::Id::unique("notifications"))
            .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                ui.set_max_width(420.0);
                let errors = self.notices.iter().enumerate();
                for (i, notice) in errors.filter(|(_, n)| n.level == Level::Error) {
                    if notice_ui(ui, notice) {
                        dismissed = Some(i);
                    }
                }
            });
        if let Some(i) = dismissed {
            self.notices.remove(i);
        }
    }
}

/// One message; returns whether the user dismissed it.
fn notice_ui(ui: &mut egui::Ui, notice: &Notice) -> bool {
    let (fill, text_color) = (ui.visuals().error_fg_color, egui::Color32::WHITE);
    egui::Frame::popup(ui.style())
        .fill(fill)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                let dismiss = ui.button("×").on_hover_text("Dismiss").clicked();
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(crate::app::text::line(&notice.text)).color(text_color),
                    )
                    .wrap(),
                );
                dismiss
            })
            .inner
        })
        .inner
}
