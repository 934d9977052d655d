//! Fog of war and the players' window, driven through the real app: the fog toggle and brush on
//! the Map pane, exploring as tokens move (in the move's undo step), and what the players' view
//! shows and hides.

use crate::support;

use egui::{Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{Action, LanternApp};
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{Cell, Command, Encounter, FogCommand, TokenId};
use support::{centre_of, demo, drag, map_harness, points_per_cell};

fn fog(harness: &Harness<'_, LanternApp>) -> lantern::model::Fog {
    harness.state().document.encounter.fog.clone()
}

/// The players' view alone, on `encounter`, in a small harness.
fn players_harness(encounter: Encounter) -> Harness<'static, LanternApp> {
    let app = LanternApp::with_document(Document::new(encounter, None));
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(720.0, 480.0))
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    harness.run();
    harness
}

#[test]
fn turning_fog_on_records_what_the_party_sees_in_the_same_undo_step() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    assert!(!fog(&harness).enabled);
    harness.get_by_label("Fog").click();
    harness.run();
    let on = fog(&harness);
    assert!(on.enabled);
    // Kestrel stands in the open at (3, 3): her own cell and its neighbours are seen.
    assert!(on.explored.contains(&Cell::new(3, 3)));
    assert!(on.explored.contains(&Cell::new(4, 3)));
    assert!(on.explored.len() > 20, "{} cells", on.explored.len());
    let document = &mut harness.state_mut().document;
    assert_eq!(document.undo().unwrap(), Some("Turn fog on"));
    assert_eq!(document.history().undo_label(), None, "one step");
    assert_eq!(document.encounter.fog, lantern::model::Fog::default());
}

#[test]
fn a_move_explores_new_cells_and_undo_forgets_only_those() {
    let mut encounter = demo(Demo::GoForthHeroes);
    encounter.fog.enabled = true;
    let mut harness = map_harness(encounter);
    // Opening with fog on records the party's sight once.
    let before = fog(&harness).explored;
    assert!(!before.is_empty());
    let steps = harness.state().document.history().marker();

    let from = centre_of(&harness, "Ysolde");
    let to = from + Vec2::new(4.0, 0.0) * points_per_cell(&harness);
    drag(&mut harness, from, to, Modifiers::NONE);
    let after = fog(&harness).explored;
    assert!(before.iter().all(|c| after.contains(&c)));
    assert!(after.len() > before.len(), "the move showed new cells");
    let document = &mut harness.state_mut().document;
    assert_eq!(document.undo().unwrap(), Some("Move token"));
    assert_eq!(
        document.history().marker(),
        steps,
        "move and exploring: one step"
    );
    assert_eq!(document.encounter.fog.explored, before);
    assert_eq!(document.redo().unwrap(), Some("Move token"));
    assert_eq!(document.encounter.fog.explored, after);
}

#[test]
fn a_hide_stroke_is_one_command_and_undoes() {
    let mut encounter = demo(Demo::GoForthHeroes);
    encounter.fog.enabled = true;
    let mut harness = map_harness(encounter);
    harness.get_by_label("Hide").click();
    harness.run();
    let ppc = points_per_cell(&harness);
    // From an empty cell left of Kestrel, three cells down.
    let start = centre_of(&harness, "Kestrel") - Vec2::new(2.0, 0.0) * ppc;
    let steps = harness.state().document.history().marker();
    drag(
        &mut harness,
        start,
        start + Vec2::new(0.0, 3.0) * ppc,
        Modifiers::NONE,
    );
    let hidden = fog(&harness).hidden;
    assert!(hidden.contains(&Cell::new(1, 3)) && hidden.contains(&Cell::new(1, 6)));
    assert_eq!(hidden.len(), 4, "{hidden:?}");
    let document = &mut harness.state_mut().document;
    assert_eq!(document.history().marker(), steps + 1);
    assert_eq!(document.undo().unwrap(), Some("Fog brush"));
    assert!(document.encounter.fog.hidden.is_empty());
}

#[test]
fn players_never_see_gm_only_tokens_nor_enemies_in_the_fog() {
    let mut encounter = demo(Demo::GoForthHeroes);
    encounter.tokens[1].gm_only = true; // Bram
    let harness = players_harness(encounter.clone());
    assert!(harness.query_by_label("Kestrel").is_some());
    assert!(
        harness.query_by_label("Goblin Skulker").is_some(),
        "no fog: all shown"
    );
    assert!(harness.query_by_label("Bram").is_none(), "GM-only");

    encounter.fog.enabled = true;
    let harness = players_harness(encounter.clone());
    assert!(harness.query_by_label("Kestrel").is_some());
    assert!(harness.query_by_label("Bram").is_none());
    // The skulker waits in the closed room to the north-east, out of the party's sight; the
    // ogre stands in the corridor the open door shows.
    assert!(harness.query_by_label("Goblin Skulker").is_none());
    assert!(harness.query_by_label("Mill Ogre").is_some());

    // The GM reveals the skulker's cell: now the players see it.
    let skulker = encounter.token(TokenId(5)).unwrap().cell;
    let reveal = vec![(skulker, Some(lantern::model::FogMark::Revealed))];
    lantern::edit::apply(&mut encounter, Command::Fog(FogCommand::Brush(reveal))).unwrap();
    let harness = players_harness(encounter);
    assert!(harness.query_by_label("Goblin Skulker").is_some());
}

#[test]
fn view_menu_pushes_the_gm_view_and_opens_the_players_window() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness.get_by_label("View").click();
    harness.run();
    // Menu buttons name their (here empty) shortcut after the label.
    harness
        .get_by_label_contains(Action::PushView.label())
        .click();
    harness.run();
    harness.get_by_label("View").click();
    harness.run();
    harness.get_by_label(Action::PlayersWindow.label()).click();
    harness.run();
    harness.run();
    let state = harness.state();
    assert!(state.players.open);
    assert!(state.players.held.is_some());
    assert_eq!(state.players.held, state.map_view.view_in_grid());
    assert!(!state.players.follow_gm);
    // Embedded in the test (no native windows), the players' view shows inside the GM's.
    assert!(harness.query_by_label("Players' view").is_some());

    harness.key_press(egui::Key::F11);
    harness.run();
    assert!(harness.state().players.fullscreen);
}

/// Runs frames until `path` exists (the PNG is written on a background thread).
fn run_until_written(harness: &mut Harness<'_, LanternApp>, path: &std::path::Path) {
    for _ in 0..200 {
        harness.run();
        if path.exists() && image::open(path).is_ok() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("{} was never written", path.display());
}

#[test]
fn export_saves_the_map_pane_with_and_without_fog() {
    let mut encounter = demo(Demo::GoForthHeroes);
    encounter.fog.enabled = true;
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(900.0, 600.0))
        .wgpu()
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.show_only(lantern::app::Pane::Map);
            app
        });
    harness.run();
    let pane = harness.state().map_view.rect(&harness.ctx).unwrap();
    let skulker = centre_of(&harness, "Goblin Skulker") - pane.min;
    let dir = tempfile::tempdir().unwrap();

    let fogged = dir.path().join("fogged.png");
    harness.state_mut().export_map_view(fogged.clone(), true);
    run_until_written(&mut harness, &fogged);
    let image = image::open(&fogged).unwrap().to_rgba8();
    assert_eq!(image.width(), pane.width().round() as u32);
    assert_eq!(image.height(), pane.height().round() as u32);
    let at = |image: &image::RgbaImage| image.get_pixel(skulker.x as u32, skulker.y as u32).0;
    let [r, g, b, _] = at(&image);
    assert!(
        r < 40 && g < 40 && b < 40,
        "the skulker is under fog: {r} {g} {b}"
    );

    let plain = dir.path().join("plain.png");
    harness.state_mut().export_map_view(plain.clone(), false);
    run_until_written(&mut harness, &plain);
    let [r, g, b, _] = at(&image::open(&plain).unwrap().to_rgba8());
    assert!(
        r > 80 && r > 2 * g && r > 2 * b,
        "the skulker's red disc: {r} {g} {b}"
    );
    // The pane is back to the GM's map with its toolbars.
    harness.run();
    assert!(harness.query_by_label("Fog tools").is_some());
}

#[test]
fn blackout_shows_the_players_nothing_until_lifted() {
    let mut harness = players_harness(demo(Demo::GoForthHeroes));
    assert!(harness.query_by_label("Kestrel").is_some());
    harness.state_mut().players.blackout = true;
    harness.run();
    assert!(harness.query_by_label("Kestrel").is_none());
    // The fullscreen button shows while the mouse moves over the window, blackout or not.
    harness.hover_at(egui::Pos2::new(300.0, 200.0));
    harness.run();
    assert!(
        harness.query_by_label("Fullscreen").is_some(),
        "the button stays"
    );
    harness.state_mut().players.blackout = false;
    harness.run();
    assert!(harness.query_by_label("Kestrel").is_some());
}
