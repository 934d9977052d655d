//! The fog toolbar's Reveal room, driven through the real app on the demo: one click reveals
//! exactly the room's cells as one undo step; open ground is refused with the reason.

use egui::Pos2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::LanternApp;
use lantern::demo::Demo;
use lantern::model::{Cell, Encounter, WallKind};

use crate::support::{click_at, demo, map_harness};

/// Where the centre of `cell` is drawn on the GM's map (square grid).
pub fn ui_of_cell(harness: &Harness<'_, LanternApp>, cell: Cell) -> Pos2 {
    let app = harness.state();
    let (Some(view), Some(rect)) = (app.map_view.view_in_grid(), app.map_view.rect(&harness.ctx))
    else {
        panic!("the map pane has not been shown yet");
    };
    let scale = rect.width() / view.width();
    let at = egui::vec2(cell.x as f32 + 0.5, cell.y as f32 + 0.5);
    rect.min + (at - view.min.to_vec2()) * scale
}

/// The demo with fog on and its west house's open door closed: the house is a room.
fn demo_with_the_door_closed() -> Encounter {
    let mut encounter = demo(Demo::GoForthHeroes);
    encounter.fog.enabled = true;
    for wall in &mut encounter.walls {
        if wall.kind == (WallKind::Door { open: true }) {
            wall.kind = WallKind::Door { open: false };
        }
    }
    encounter
}

#[test]
fn one_click_reveals_the_whole_room_as_one_undo_step() {
    let mut harness = map_harness(demo_with_the_door_closed());
    harness.get_by_label("Reveal room").click();
    harness.run();
    let steps = harness.state().document.history().marker();
    let at = ui_of_cell(&harness, Cell::new(6, 12));
    click_at(&mut harness, at);
    harness.run();
    let revealed: std::collections::BTreeSet<Cell> = harness
        .state()
        .document
        .encounter
        .fog
        .revealed
        .iter()
        .collect();
    // The west house: walls from (1, 1) to (10, 15), so cells 1–9 by 1–14, 9 × 14 of them.
    let house: std::collections::BTreeSet<Cell> = (1..15)
        .flat_map(|y| (1..10).map(move |x| Cell::new(x, y)))
        .collect();
    assert_eq!(revealed, house);
    let document = &mut harness.state_mut().document;
    assert_eq!(document.history().marker(), steps + 1);
    assert_eq!(document.undo().unwrap(), Some("Reveal room"));
    assert!(document.encounter.fog.revealed.is_empty());
}

#[test]
fn open_ground_is_refused_with_the_reason_and_reveals_nothing() {
    let mut harness = map_harness(demo_with_the_door_closed());
    harness.get_by_label("Reveal room").click();
    harness.run();
    let steps = harness.state().document.history().marker();
    // The yard between the houses reaches every edge of the map.
    let at = ui_of_cell(&harness, Cell::new(11, 8));
    click_at(&mut harness, at);
    harness.run();
    let app = harness.state();
    assert!(app.document.encounter.fog.revealed.is_empty());
    assert_eq!(app.document.history().marker(), steps);
    let Some(note) = app.map_view.refusal_note() else {
        panic!("no reason was given");
    };
    assert!(note.contains("open ground"), "{note}");
}
