//! Editing an encounter: [`apply`] runs every [`Command`](crate::model::Command), handing combat
//! and tracker commands to `combat` and `rules`; [`History`] keeps undo and redo; [`Document`] is
//! the open encounter with its history and save state. This floor sits above `combat` and
//! `rules` so that `model` needs neither. Pure core: no egui.
//!
//! Flow: the shell builds a `Command`, [`Document::apply`] runs it through [`apply`] (which
//! returns the inverse) and records both in the [`History`] for undo and redo.

mod apply;
mod document;
mod drawn;
mod history;
pub mod preview;

pub use apply::apply;
pub use document::Document;
pub use history::History;
