//! Helpers shared by the map tests: the real app showing only the Map pane, and pointer gestures.

use egui::{Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::demo::Demo;
use lantern::model::{Cell, Document, Encounter, TokenId};

/// The real app on `encounter` with only the Map pane open, so token names are unique labels.
pub fn map_harness(encounter: Encounter) -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1200.0, 800.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.show_only(Pane::Map);
            app
        });
    harness.run();
    harness
}

/// A built-in demo's encounter; a broken asset fails the test loudly.
pub fn demo(demo: Demo) -> Encounter {
    let Ok(encounter) = demo.encounter() else {
        panic!("the demo {demo:?} does not load");
    };
    encounter
}

pub fn token_cell(harness: &Harness<'_, LanternApp>, id: u64) -> Option<Cell> {
    harness
        .state()
        .document
        .encounter
        .token(TokenId(id))
        .map(|t| t.cell)
}

pub fn centre_of(harness: &Harness<'_, LanternApp>, label: &str) -> Pos2 {
    harness.get_by_label(label).rect().center()
}

pub fn points_per_cell(harness: &Harness<'_, LanternApp>) -> f32 {
    let Some(points) = harness.state().map_view.points_per_cell() else {
        panic!("the map pane has not been shown yet");
    };
    points
}

/// Presses the primary button at `from`, moves in a few steps to `to` and lets go, holding
/// `modifiers` (e.g. Alt, the GM's override) while dropping.
pub fn drag(harness: &mut Harness<'_, LanternApp>, from: Pos2, to: Pos2, modifiers: Modifiers) {
    harness.hover_at(from);
    harness.run();
    harness.drag_at(from);
    harness.run();
    for f in [0.25, 0.5, 0.75, 1.0] {
        harness.hover_at(from + (to - from) * f);
        harness.run();
    }
    if !modifiers.is_none() {
        harness.event(egui::Event::ModifiersChanged(modifiers));
        harness.run();
    }
    harness.drop_at(to);
    harness.run();
    if !modifiers.is_none() {
        harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
        harness.run();
    }
}
