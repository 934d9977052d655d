//! Modal questions: unsaved changes before they are dropped, and restoring an autosave.
//!
//! Restored work is never one click from being lost: the file named on the command line that
//! the restored work belongs to is simply not read again, and any other file waits behind a
//! question that offers only to save first or to keep working ([`Prompt::RestoredThenOpen`]).
//! The autosave goes only when the work is saved or the GM discards it, and the prompt that
//! offers Discard says the autosave goes with it.

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
    /// Open a file named on the command line as `lantern FILE` would (an encounter, or a map
    /// as a new encounter), once the work before it is saved.
    OpenArgument(PathBuf),
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
    /// Work was just restored from the autosave, and the command line names another file:
    /// save the restored work first, or keep working on it. No Discard here.
    RestoredThenOpen(PathBuf),
}

/// The buttons of the question after a restore.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestoredChoice {
    SaveThenOpen,
    KeepWorking,
}

impl LanternApp {
    pub(super) fn prompt_ui(&mut self, ctx: &egui::Context) {
        let answer = match &self.prompt {
            None => None,
            Some(Prompt::Unsaved(after)) => {
                // Checked while the question is up: whether Discard also deletes an autosave.
                let autosaved = self.autosave_path().is_some_and(|p| p.exists());
                let name = crate::app::text::name(&self.document.encounter.name);
                unsaved_ui(ctx, &name, after, autosaved).map(Request::Unsaved)
            }
            Some(Prompt::Restore(offer)) => restore_ui(ctx, offer).map(Request::Restore),
            Some(Prompt::RestoredThenOpen(path)) => {
                restored_then_open_ui(ctx, &self.document.encounter.name, path)
                    .map(Request::RestoredThenOpen)
            }
        };
        if let Some(answer) = answer {
            self.request(ctx, answer);
        }
    }
}

fn unsaved_ui(
    ctx: &egui::Context,
    name: &str,
    after: &AfterConfirm,
    autosaved: bool,
) -> Option<UnsavedChoice> {
    let doing = match after {
        AfterConfirm::New => "starting a new encounter",
        AfterConfirm::Open | AfterConfirm::OpenPath(_) | AfterConfirm::OpenArgument(_) => {
            "opening another encounter"
        }
        AfterConfirm::OpenDemo(_) => "opening the demo",
        AfterConfirm::ImportMap => "importing the map as a new encounter",
        AfterConfirm::Close => "closing Lantern",
    };
    let response = egui::Modal::new(egui::Id::unique("unsaved_prompt")).show(ctx, |ui| {
        ui.set_max_width(380.0);
        ui.heading("Unsaved changes");
        ui.label(format!("Save the changes to “{name}” before {doing}?"));
        if autosaved {
            ui.weak("Discard throws them away for good, with the autosave Lantern kept of them.");
        }
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

fn restored_then_open_ui(
    ctx: &egui::Context,
    name: &str,
    path: &std::path::Path,
) -> Option<RestoredChoice> {
    let file = super::text::file_name(path);
    let modal = egui::Modal::new(egui::Id::unique("restored_then_open")).show(ctx, |ui| {
        ui.set_max_width(400.0);
        ui.heading("Restored work is open");
        ui.label(format!(
            "You restored unsaved changes to “{name}”. Save them before opening “{file}”?"
        ));
        ui.weak(format!("{}", path.display()));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Save, then open").clicked() {
                return Some(RestoredChoice::SaveThenOpen);
            }
            ui.button("Keep working")
                .clicked()
                .then_some(RestoredChoice::KeepWorking)
        })
        .inner
    });
    let escaped = modal.should_close() && modal.inner.is_none();
    modal
        .inner
        .or(escaped.then_some(RestoredChoice::KeepWorking))
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
