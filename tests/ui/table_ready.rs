//! What a game master meets on the first evening (issue 18), driven through the real app: a door
//! drawn over a wall, fog on from the start, panes that scroll and fit a 1024×700 window, the
//! token menu and its condition sub-menus, and token names that never overlap.

use std::path::Path;
use std::time::Duration;

use egui::accesskit::Role;
use egui::{Key, Modifiers, Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use lantern::app::map::Tool;
use lantern::app::{AppConfig, LanternApp, Pane};
use lantern::demo::Demo;
use lantern::model::{
    Cell, Command, Encounter, FogCommand, GridPoint, RuleSystem, Side, Token, TokenId, Wall,
    WallId, WallKind,
};

use crate::support::{centre_of, click_at, demo, map_harness, points_per_cell, right_click_at};

/// The real app as `cargo run` starts it (the demo, fog on), on a temporary data folder, in a
/// window of `size`.
fn app_in(data_dir: &Path, size: Vec2) -> Harness<'static, LanternApp> {
    let config = AppConfig {
        data_dir: Some(data_dir.to_path_buf()),
        autosave_interval: Duration::from_hours(1),
    };
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(size)
        .build_eframe(move |cc| LanternApp::new_with(cc, config));
    crate::support::settle(&mut harness);
    harness
}

/// A 12×8 room split by a wall along x = 6, with the scout in the west half and fog on.
fn walled_room() -> Encounter {
    let mut encounter = Encounter::new("Two rooms", RuleSystem::Evening);
    encounter.map.width_cells = 12;
    encounter.map.height_cells = 8;
    encounter.walls.push(Wall {
        id: WallId(1),
        a: GridPoint::new(6.0, 0.0),
        b: GridPoint::new(6.0, 8.0),
        kind: WallKind::Wall,
    });
    encounter.tokens.push(Token::new(
        TokenId(1),
        "Scout",
        Side::Party,
        Cell::new(2, 3),
    ));
    encounter.fog.enabled = true;
    encounter
}

#[test]
fn a_door_drawn_over_a_wall_cuts_it_in_one_step_and_opens_sight_through_it() {
    let mut harness = map_harness(walled_room());
    let scout = centre_of(&harness, "Scout");
    let ppc = points_per_cell(&harness);
    // Map point (x, y) on screen, measured from the scout's centre at (2.5, 3.5).
    let at = |x: f32, y: f32| scout + Vec2::new(x - 2.5, y - 3.5) * ppc;
    let steps = harness.state().document.history().marker();
    harness.get_by_label("Door").click();
    harness.run();
    click_at(&mut harness, at(6.0, 3.0));
    click_at(&mut harness, at(6.0, 4.0));
    right_click_at(&mut harness, at(9.5, 6.5));

    let ends: Vec<_> = harness
        .state()
        .document
        .encounter
        .walls
        .iter()
        .map(|w| (w.a, w.b, w.kind))
        .collect();
    let p = GridPoint::new;
    let closed = WallKind::Door { open: false };
    assert_eq!(
        ends,
        [
            (p(6.0, 0.0), p(6.0, 3.0), WallKind::Wall),
            (p(6.0, 4.0), p(6.0, 8.0), WallKind::Wall),
            (p(6.0, 3.0), p(6.0, 4.0), closed),
        ]
    );
    assert_eq!(harness.state().document.history().marker(), steps + 1);
    assert!(
        harness.state().notifications.notices().is_empty(),
        "no warning"
    );
    let east = Cell::new(9, 3);
    assert!(
        !harness
            .state()
            .document
            .encounter
            .fog
            .explored
            .contains(&east)
    );

    // In play, the door opens and the party sees the east room through it.
    harness.key_press(Key::V);
    harness.run();
    assert_eq!(harness.state_mut().map_view.tools().tool, Tool::Select);
    harness.get_by_label("Door (closed)").click();
    harness.run();
    assert!(
        harness
            .state()
            .document
            .encounter
            .fog
            .explored
            .contains(&east)
    );

    let document = &mut harness.state_mut().document;
    assert_eq!(document.undo().unwrap(), Some("Change wall"));
    assert_eq!(document.undo().unwrap(), Some("Add wall"));
    assert_eq!(document.encounter.walls, walled_room().walls);
}

#[test]
fn new_opened_and_demo_encounters_start_with_fog_on_and_nothing_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path(), Vec2::new(1400.0, 900.0));
    let check_fogged = |h: &Harness<'_, LanternApp>| {
        let document = &h.state().document;
        assert!(
            document.encounter.fog.enabled,
            "{}",
            document.encounter.name
        );
        assert!(!document.is_dirty(), "opening is not an edit");
        assert_eq!(document.history().undo_label(), None);
    };
    // At start-up: the party's sight is explored already, and the players' window hides the
    // skulker in the closed room.
    check_fogged(&harness);
    assert!(!harness.state().document.encounter.fog.explored.is_empty());
    harness.state_mut().players.open = true;
    harness.run();
    harness.run();
    let players_see = |h: &Harness<'_, LanternApp>, name: &str| {
        h.query_all_by_role_and_label(Role::Label, name).count() > 0
    };
    assert!(players_see(&harness, "Kestrel"));
    assert!(!players_see(&harness, "Goblin Skulker"));
    harness.state_mut().players.open = false;
    harness.run();

    // A file saved with fog off opens with it on.
    harness
        .state_mut()
        .document
        .apply(Command::Fog(FogCommand::SetEnabled(false)))
        .unwrap();
    let path = dir.path().join("no-fog.json");
    assert!(harness.state_mut().save_to(&path));
    harness.state_mut().open_path(&path);
    harness.run();
    check_fogged(&harness);

    // The other demo, from the File menu.
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("Open demo").click();
    harness.run();
    harness.get_by_label(Demo::EveningHex.label()).click();
    harness.run();
    harness.run();
    assert_eq!(
        harness.state().document.encounter.name,
        demo(Demo::EveningHex).name
    );
    check_fogged(&harness);

    // A new encounter.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run();
    assert!(harness.state().document.encounter.tokens.is_empty());
    check_fogged(&harness);
}

/// The tab of `pane`'s rect (the first node with its title).
fn tab(harness: &Harness<'_, LanternApp>, pane: Pane) -> Rect {
    let Some(node) = harness.get_all_by_label(pane.label()).next() else {
        panic!("no tab for {}", pane.label());
    };
    node.rect()
}

/// Scrolls the first widget whose label holds `label` into view and returns where it ended up
/// (every combatant's row has a Reaction, so some labels are many).
fn shown_at(harness: &mut Harness<'_, LanternApp>, label: &str) -> Rect {
    let Some(node) = harness.get_all_by_label_contains(label).next() else {
        panic!("nothing labelled {label}");
    };
    node.scroll_to_me();
    harness.run();
    harness.run();
    let Some(node) = harness.get_all_by_label_contains(label).next() else {
        panic!("nothing labelled {label}");
    };
    node.rect()
}

#[test]
fn at_1024_by_700_the_initiative_and_dice_controls_are_in_their_panes() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path(), Vec2::new(1024.0, 700.0));
    let window = Rect::from_min_size(Pos2::ZERO, Vec2::new(1024.0, 700.0));
    let map = harness.state().map_view.rect(&harness.ctx).unwrap();

    // The Initiative pane, left of the map: every control whole, nothing under the map.
    for label in [
        "Start initiative",
        "Round the Table",
        "The Zipper",
        "woven in",
    ] {
        let rect = shown_at(&mut harness, label);
        assert!(window.contains_rect(rect), "{label}: {rect:?}");
        assert!(
            rect.max.x <= map.min.x,
            "{label} runs under the map: {rect:?}"
        );
    }

    // The fight running: the turn buttons and the current combatant's action economy.
    harness.get_by_label_contains("Start initiative").click();
    harness.run();
    harness.run();
    for label in [
        "Next turn",
        "Previous",
        "Action",
        "Reaction",
        "+1 move",
        "End initiative",
    ] {
        let rect = shown_at(&mut harness, label);
        assert!(window.contains_rect(rect), "{label}: {rect:?}");
        assert!(
            rect.max.x <= map.min.x,
            "{label} runs under the map: {rect:?}"
        );
    }

    // The Dice & Log pane, right of the map and above the Momentum tab: each control can be
    // scrolled into view, whole.
    let dice_top = tab(&harness, Pane::DiceLog).max.y;
    let dice_bottom = tab(&harness, Pane::Momentum).min.y;
    for label in [
        "Attack",
        "Roll check",
        "Hit: ",
        "Dice expression",
        "Roll expression",
        "Roll log (",
    ] {
        let rect = shown_at(&mut harness, label);
        assert!(
            rect.min.x >= map.max.x && rect.max.x <= window.max.x,
            "{label} is cut sideways: {rect:?}"
        );
        assert!(
            rect.min.y >= dice_top - 1.0 && rect.max.y <= dice_bottom + 1.0,
            "{label} is out of the pane: {rect:?} not in {dice_top}..{dice_bottom}"
        );
    }

    // An event's parts sit side by side, not on top of each other.
    harness.get_by_label("Round 1 begins").scroll_to_me();
    harness.run();
    harness.run();
    let result = harness.get_by_label("Round 1 begins").rect();
    let what = harness
        .get_all_by_label("Initiative")
        .map(|n| n.rect())
        .find(|r| r.min.x >= map.max.x)
        .unwrap();
    assert!(
        what.intersect(result).area() < 1.0,
        "{what:?} and {result:?} overlap"
    );

    // A long roll log wraps inside the pane rather than running off it.
    harness.get_by_label("Roll expression").click();
    harness.run();
    harness.run();
    let last = harness
        .state()
        .document
        .encounter
        .combat
        .log
        .last()
        .cloned()
        .unwrap();
    let who = harness
        .get_all_by_label(&last.who)
        .map(|n| n.rect())
        .find(|r| r.min.x >= map.max.x)
        .unwrap();
    assert!(who.max.x <= window.max.x);
}

#[test]
fn the_map_fits_again_when_the_window_is_resized_until_the_gm_zooms() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path(), Vec2::new(1400.0, 900.0));
    let whole_map = |h: &Harness<'_, LanternApp>| {
        let map = &h.state().document.encounter.map;
        let view = h.state().map_view.view_in_grid().unwrap();
        view.contains_rect(Rect::from_min_size(
            Pos2::ZERO,
            Vec2::new(map.width_cells as f32, map.height_cells as f32),
        ))
    };
    assert!(whole_map(&harness));
    let big = points_per_cell(&harness);
    harness.set_size(Vec2::new(1024.0, 700.0));
    harness.run();
    harness.run();
    assert!(whole_map(&harness), "fitted to the smaller pane");
    assert!(points_per_cell(&harness) < big);

    // Once the GM zooms, the view is theirs: a resize keeps it.
    harness.get_by_label("+").click();
    harness.run();
    let zoomed = points_per_cell(&harness);
    harness.set_size(Vec2::new(1300.0, 860.0));
    harness.run();
    harness.run();
    assert!((points_per_cell(&harness) - zoomed).abs() < 1e-3);
}

#[test]
fn the_token_menu_ends_with_delete() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness.get_by_label("Kestrel").click_secondary();
    harness.run();
    let items: Vec<(String, f32)> = harness
        .get_all_by_role(Role::Button)
        .filter_map(|n| {
            let label = n.accesskit_node().label()?;
            let y = n.rect().min.y;
            [
                "Mobile",
                "Duplicate",
                "Delete",
                "Hide from players (GM only)",
            ]
            .contains(&label.as_str())
            .then_some((label, y))
        })
        .collect();
    let lowest = items
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(label, _)| label.as_str());
    assert_eq!(items.len(), 4, "{items:?}");
    assert_eq!(lowest, Some("Delete"));
    harness.get_by_label("Delete").click();
    harness.run();
    assert!(
        harness
            .state()
            .document
            .encounter
            .token(TokenId(1))
            .is_none()
    );
}

#[test]
fn a_condition_menu_opens_beside_its_parent_at_1024_by_700() {
    // A token at the map's right edge, in a window where a menu as wide as the longest Evening
    // summary fits on neither side of the conditions list.
    let mut encounter = walled_room();
    encounter.tokens.push(Token::new(
        TokenId(2),
        "Sentry",
        Side::Enemy,
        Cell::new(11, 4),
    ));
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(1024.0, 700.0))
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(lantern::edit::Document::new(encounter, None));
            app.show_only(Pane::Map);
            app
        });
    harness.run();
    harness.get_by_label("Sentry").click_secondary();
    harness.run();
    // "Incapacitated" has the longest summary in the Evening catalogue.
    harness.get_by_label("Incapacitated").hover();
    harness.run();
    harness.run();
    // The whole context menu, from its heading down to Delete.
    let menu = ["Conditions", "Incapacitated", "Duplicate", "Delete"]
        .map(|label| harness.get_by_label(label).rect())
        .into_iter()
        .reduce(Rect::union)
        .unwrap();
    let child = harness.get_by_label("until removed").rect();
    assert!(
        child.min.x >= menu.max.x || child.max.x <= menu.min.x,
        "the sub-menu {child:?} covers the menu {menu:?}"
    );
    assert!(child.width() < 300.0, "the summary wraps: {child:?}");
}

#[test]
fn crowded_token_names_stack_instead_of_overlapping() {
    // Three neighbours in a row whose names are far wider than a cell.
    let mut encounter = Encounter::new("Crowd", RuleSystem::Evening);
    encounter.map.width_cells = 12;
    encounter.map.height_cells = 8;
    for (i, name) in [
        "Captain Aldric Thornwood",
        "Sister Maelis of the Ash",
        "Old Brannoc Deepdelver",
    ]
    .into_iter()
    .enumerate()
    {
        let cell = Cell::new(4 + i as i32, 3);
        encounter
            .tokens
            .push(Token::new(TokenId(i as u64 + 1), name, Side::Party, cell));
    }
    let names: Vec<String> = encounter.tokens.iter().map(|t| t.name.clone()).collect();
    let harness = map_harness(encounter.clone());
    let tags = |h: &Harness<'_, LanternApp>| -> Vec<Rect> {
        names
            .iter()
            .map(|n| h.get_by_label(&format!("{n}: name")).rect())
            .collect()
    };
    let overlap = |a: &Rect, b: &Rect| a.intersect(*b).area() > 0.5;
    let gm = tags(&harness);
    for (i, a) in gm.iter().enumerate() {
        for b in &gm[i + 1..] {
            assert!(!overlap(a, b), "{a:?} {b:?}");
        }
    }
    // The players' window too, where the names are larger still.
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(720.0, 480.0))
        .build_ui_state(
            |ui, app: &mut LanternApp| app.players_view_ui(ui),
            LanternApp::with_document(lantern::edit::Document::new(encounter, None)),
        );
    harness.run();
    let players = tags(&harness);
    for (i, a) in players.iter().enumerate() {
        for b in &players[i + 1..] {
            assert!(!overlap(a, b), "{a:?} {b:?}");
        }
    }
}

#[test]
fn momentum_zone_names_stay_on_one_line_in_a_narrow_pane() {
    let dir = tempfile::tempdir().unwrap();
    // The demo's four heroes come with their momentum pools.
    let mut harness = app_in(dir.path(), Vec2::new(1024.0, 700.0));
    harness.run();
    harness.run();
    let titles: Vec<Rect> = harness
        .get_all_by_label("Building 0")
        .map(|n| n.rect())
        .collect();
    assert_eq!(titles.len(), 4);
    for rect in titles {
        assert!(
            rect.width() > rect.height() && rect.height() < 24.0,
            "the title wraps: {rect:?}"
        );
    }
}
