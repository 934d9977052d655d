//! Modal questions: unsaved changes before they are dropped, and restoring an autosave.

use std::path::PathBuf;

use super::autosave::RestoreOffer;
use super::{LanternApp, Request};
use crate::demo::Demo;

/// What to do once the user has dealt with unsaved changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterConfirm {
    New,
    Open,
    OpenPath(PathBuf),
    OpenDemo(Demo),
    /// Start a new encounter on the map being imported.
    ImportMap,
    Close,
}

/// The buttons of the unsaved-changes prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnsavedChoice {
    Save,
    Discard,
    Cancel,
}

/// A question the app is waiting on.
#[derive(Debug)]
pub enum Prompt {
    Unsaved(AfterConfirm),
    /// Boxed: an encounter is large and this prompt is rare.
    Restore(Box<RestoreOffer>),
}

impl LanternApp {
    pub(super) fn prompt_ui(&mut self, ctx: &egui::Context) {
        let answer = match &self.prompt {
            None => None,
            Some(Prompt::Unsaved(after)) => unsaved_ui(
                ctx,
                &crate::app::text::name(&self.document.encounter.name),
                after,
            )
            .map(Request::Unsaved),
            Some(Prompt::Restore(offer)) => restore_ui(ctx, offer).map(Request::Restore),
        };
        if let Some(answer) = answer {
            self.request(ctx, answer);
        }
    }
}

fn unsaved_ui(ctx: &egui::Context, name: &str, after: &AfterConfirm) -> Option<UnsavedChoice> {
    let doing = match after {
        AfterConfirm::New => "starting a new encounter",
        AfterConfirm::Open | AfterConfirm::OpenPath(_) => "opening another encounter",
        AfterConfirm::OpenDemo(_) => "opening the demo",
        AfterConfirm::ImportMap => "importing the map as a new encounter",
        AfterConfirm::Close => "closing Lantern",
    };
    let response = egui::Modal::new(egui::Id::unique("unsaved_prompt")).show(ctx, |ui| {
        ui.set_max_width(380.0);
        ui.heading("Unsaved changes");
        ui.label(format!("Save the changes to “{name}” before {doing}?"));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Save").clicked() {
                return Some(UnsavedChoice::Save);
            }
            if ui.button("Discard").clicked() {
                return Some(UnsavedChoice::Discard);
            }
            ui.button("Cancel")
                .clicked()
                .then_some(UnsavedChoice::Cancel)
        })
        .inner
    });
    let escaped = response.should_close() && response.inner.is_none();
    response.inner.or(escaped.then_some(UnsavedChoice::Cancel))
}

fn restore_ui(ctx: &egui::Context, offer: &RestoreOffer) -> Option<bool> {
    let modal = egui::Modal::new(egui::Id::unique("restore_prompt")).show(ctx, |ui| {
        ui.set_max_width(380.0);
        ui.heading("Restore unsaved work?");
        ui.label(format!(
            "Lantern closed with unsaved changes to “{}”.",
            crate::app::text::name(&offer.encounter.name)
        ));
        if let Some(origin) = &offer.origin {
            ui.weak(format!("From {}", origin.display()));
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Restore").clicked() {
                return Some(true);
            }
            ui.button("Discard autosave").clicked().then_some(false)
        })
        .inner
    });
    modal.inner
}
