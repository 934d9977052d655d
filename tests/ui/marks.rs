//! Marks through the real app: the Pen tool (P) draws a kept mark in one undo step, or a fading
//! one that is never saved; the players' window's pen draws with the mouse once Draw is on.

use egui::{Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::MarkShape;

use crate::support::{self, centre_of, demo, drag, map_harness, points_per_cell};

/// A drag across three empty cells left of Kestrel.
fn scribble(harness: &mut Harness<'_, LanternApp>) {
    let ppc = points_per_cell(harness);
    let start = centre_of(harness, "Kestrel") - Vec2::new(2.0, -1.0) * ppc;
    drag(
        harness,
        start,
        start + Vec2::new(0.5, 3.0) * ppc,
        Modifiers::NONE,
    );
}

#[test]
fn the_pen_draws_a_kept_mark_in_one_undo_step() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness.key_press(egui::Key::P);
    harness.run();
    assert!(harness.query_by_label("Keep").is_some(), "the Pen's panel");
    let steps = harness.state().document.history().marker();
    scribble(&mut harness);
    let marks = harness.state().document.encounter.marks.clone();
    assert_eq!(marks.len(), 1);
    let MarkShape::Stroke { points } = &marks[0].shape else {
        panic!("a stroke");
    };
    assert!(points.len() >= 3, "{points:?}");
    assert!(!marks[0].gm_only);
    let document = &mut harness.state_mut().document;
    assert_eq!(document.history().marker(), steps + 1);
    assert_eq!(document.undo().unwrap(), Some("Draw on the map"));
    assert!(document.encounter.marks.is_empty());
}

#[test]
fn a_fading_mark_is_drawn_but_never_reaches_the_encounter() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness.get_by_label("Pen").click();
    harness.run();
    harness.get_by_label("Fade").click();
    harness.run();
    let steps = harness.state().document.history().marker();
    scribble(&mut harness);
    let app = harness.state();
    assert!(app.document.encounter.marks.is_empty());
    assert_eq!(app.document.history().marker(), steps);
    assert_eq!(app.map_view.fading_marks(), 1);
}

#[test]
fn the_players_window_pen_draws_with_the_mouse_once_draw_is_on() {
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(Vec2::new(2000.0, 1000.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(demo(Demo::GoForthHeroes), None));
            app.show_only(Pane::Map);
            app.players.open = true;
            app
        });
    support::settle(&mut harness);
    let view = harness.get_by_label("Players' view").rect();
    let (from, to) = (view.center(), view.center() + Vec2::new(60.0, 40.0));
    // Off, the window takes no pointer input (kittest embeds it as a window a drag would move).
    assert_eq!(harness.state().map_view.fading_marks(), 0);
    harness.get_by_label("✏ Draw").click();
    harness.run();
    drag(&mut harness, from, to, Modifiers::NONE);
    assert_eq!(
        harness.state().map_view.fading_marks(),
        1,
        "fading by default"
    );
    assert!(harness.state().document.encounter.marks.is_empty());
    harness.get_by_label("Keep").click();
    harness.run();
    drag(&mut harness, from, to, Modifiers::NONE);
    harness.run();
    let app = harness.state_mut();
    assert_eq!(app.document.encounter.marks.len(), 1, "kept");
    assert_eq!(app.document.undo().unwrap(), Some("Draw on the map"));
}
