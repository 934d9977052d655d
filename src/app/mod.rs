//! The egui shell: windows, panes and input over the pure core. Only this folder uses egui.

pub mod combat;
mod context;
pub mod map;

pub use context::{PaneContext, Selection};

use crate::demo::Demo;
use crate::model::{Command, Document};

/// The Lantern application: one open encounter and the windows over it.
pub struct LanternApp {
    pub document: Document,
    pub selection: Selection,
    pub map_view: map::MapView,
    /// Commands the panes queued this frame, applied after drawing.
    pending: Vec<Command>,
}

impl LanternApp {
    /// The app as `cargo run` starts it: on the built-in Go Forth: Heroes demo.
    pub fn new(_cc: &eframe::CreationContext<'_>) -> Self {
        Self::with_document(Document::new(
            Demo::GoForthHeroes.encounter().unwrap_or_default(),
            None,
        ))
    }

    pub fn with_document(document: Document) -> Self {
        Self {
            document,
            selection: Selection::new(),
            map_view: map::MapView::default(),
            pending: Vec::new(),
        }
    }

    fn apply_pending(&mut self) {
        for command in std::mem::take(&mut self.pending) {
            // Errors are shown to the user by the real shell; the skeleton drops them.
            let _ = self.document.apply(command);
        }
    }
}

impl eframe::App for LanternApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            let mut ctx = PaneContext {
                encounter: &self.document.encounter,
                commands: &mut self.pending,
                selection: &mut self.selection,
            };
            map::map_ui(ui, &mut ctx, &mut self.map_view);
        });
        self.apply_pending();
    }
}
