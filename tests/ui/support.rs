//! Helpers shared by the UI tests: the real app showing only the Map pane, one pane drawn on its own
//! over a document (`Table`), and pointer gestures.

use std::time::{Duration, Instant};

use egui::{Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane, PaneContext, Selection};
use lantern::demo::Demo;
use lantern::dice::DiceRng;
use lantern::edit::Document;
use lantern::model::{Cell, Command, Encounter, TokenId};

/// The frames `Harness::run` may take to come to rest. egui's default of 4 is outrun on a loaded
/// machine by the repaints a worker or a fade asks for as it lands; a UI that never rests still
/// fails.
pub const MAX_STEPS: u64 = 16;

/// The real app on `encounter` with only the Map pane open, so token names are unique labels.
pub fn map_harness(encounter: Encounter) -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(1200.0, 800.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.show_only(Pane::Map);
            app
        });
    settle(&mut harness);
    harness
}

/// The real app on `encounter` in a `width`×`height` window with only `panes` open (the default
/// dock's places), its dice seeded with `seed`, run to rest.
pub fn panes_harness(
    encounter: Encounter,
    panes: &[Pane],
    seed: u64,
    size: Vec2,
) -> Harness<'static, LanternApp> {
    let panes = panes.to_vec();
    let mut harness = Harness::builder()
        .with_max_steps(MAX_STEPS)
        .with_size(size)
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            for pane in Pane::ALL {
                if lantern::app::dock_has(&app.dock, pane) != panes.contains(&pane) {
                    app.toggle_pane(pane);
                }
            }
            app.rng = DiceRng::seeded(seed);
            app
        });
    settle(&mut harness);
    harness
}

/// Selects `actor`, right-clicks `target` and picks "Attack <target>…": the Dice pane fills the
/// attack.
pub fn attack_from_menu(harness: &mut Harness<'static, LanternApp>, actor: &str, target: &str) {
    harness.get_by_label(actor).click();
    harness.run();
    harness.get_by_label(target).click_secondary();
    harness.run();
    harness.get_by_label(&format!("Attack {target}…")).click();
    harness.run();
    harness.run();
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

/// What the app would hold for one pane: the document, the selection and a seeded dice source.
pub struct Table {
    pub doc: Document,
    pub selection: Selection,
    pub rng: DiceRng,
}

impl Table {
    /// The GFH demo with dice seeded 7.
    pub fn demo() -> Self {
        Self::of(Demo::GoForthHeroes)
    }

    /// `demo` with dice seeded 7.
    pub fn of(demo_kind: Demo) -> Self {
        Self::seeded(demo_kind, 7)
    }

    /// `demo` with dice seeded `seed`.
    pub fn seeded(demo_kind: Demo, seed: u64) -> Self {
        Self::on(demo(demo_kind), seed)
    }

    /// `encounter` with dice seeded `seed`.
    pub fn on(encounter: Encounter, seed: u64) -> Self {
        Self {
            doc: Document::new(encounter, None),
            selection: Selection::new(),
            rng: DiceRng::seeded(seed),
        }
    }

    /// The GFH demo before any hero has a momentum pool, dice seeded 7. The demo's heroes ship
    /// with theirs, so the Momentum pane would show every hero's buttons; this table shows
    /// only the pools a test gives.
    pub fn demo_without_pools() -> Self {
        let mut encounter = demo(Demo::GoForthHeroes);
        encounter.combat.momentum.clear();
        Self::on(encounter, 7)
    }

    /// Draws a pane, then applies what it queued as the app does after drawing.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        pane: fn(&mut egui::Ui, &mut PaneContext<'_>, &mut DiceRng),
    ) {
        let mut pending: Vec<Command> = Vec::new();
        let mut ctx = PaneContext {
            encounter: &self.doc.encounter,
            commands: &mut pending,
            selection: &mut self.selection,
        };
        pane(ui, &mut ctx, &mut self.rng);
        for command in pending {
            let Ok(()) = self.doc.apply(command) else {
                panic!("a pane queued a command the model refused");
            };
        }
    }
}

/// A primary click at `at`: hover, press, release, a frame each.
pub fn click_at(harness: &mut Harness<'_, LanternApp>, at: Pos2) {
    harness.hover_at(at);
    harness.run();
    harness.drag_at(at);
    harness.run();
    harness.drop_at(at);
    harness.run();
}

/// A secondary (right) click at `at`.
pub fn right_click_at(harness: &mut Harness<'_, LanternApp>, at: Pos2) {
    harness.hover_at(at);
    harness.run();
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos: at,
            button: PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        harness.run();
    }
}

/// Steps the app until its workers (the library's listing and pictures, a background image, an
/// import) have landed, then runs it to rest. Each worker asks for a repaint as it lands; on a
/// loaded machine they land over more frames than `Harness::run` allows, so every test of the app
/// with a data folder or a large image waits here first.
pub fn settle(harness: &mut Harness<'_, LanternApp>) {
    let start = Instant::now();
    // The first frame is what starts the workers of a fresh harness.
    harness.step();
    while harness.state().workers_busy() {
        assert!(
            start.elapsed() < Duration::from_mins(1),
            "the app's workers never finished"
        );
        std::thread::sleep(Duration::from_millis(10));
        harness.step();
    }
    harness.run();
}
