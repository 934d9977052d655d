//! Light on the real cave map, through the real app: a hero given a torch from its menu walks
//! through a door into a dark room, and the players see only what the torch lights (Evening,
//! Vision: darkness hides everything in it). The ambient light and a light's switch are one
//! command each, and Ctrl+Z takes them back.

use crate::support;

use egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::LanternApp;
use lantern::edit::Document;
use lantern::files::import_uvtt;
use lantern::model::{
    Ambient, Cell, Encounter, GridPoint, Light, LightKind, RuleSystem, Senses, Side, Token,
    TokenId, WallKind,
};
use support::{centre_of, drag, map_harness, points_per_cell, settle};

/// The cave in the dark with fog on, its own light removed, the door at the top of the small
/// southern room (x 9.5–10.5 at y = 14) open, a hero north of it, a ghoul far off in the open
/// cave (in the hero's line of sight, in the dark), and a bat near the hero.
pub fn dark_cave() -> Encounter {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/maps/cave-sample.dd2vtt"
    );
    let Ok(import) = import_uvtt(std::path::Path::new(path), RuleSystem::Evening) else {
        panic!("the cave map does not import");
    };
    let mut enc = import.encounter;
    enc.lights.clear();
    enc.ambient = Ambient::Dark;
    enc.fog.enabled = true;
    for wall in &mut enc.walls {
        let middle = GridPoint::new(
            f64::midpoint(wall.a.x, wall.b.x),
            f64::midpoint(wall.a.y, wall.b.y),
        );
        if matches!(wall.kind, WallKind::Door { .. })
            && (middle.y - 14.0).abs() < 0.3
            && (middle.x - 10.0).abs() < 0.6
        {
            wall.kind = WallKind::Door { open: true };
        }
    }
    let hero = Token::new(TokenId(1), "Hero", Side::Party, Cell::new(9, 12));
    let ghoul = Token::new(TokenId(2), "Ghoul", Side::Enemy, Cell::new(1, 11));
    let bat = Token::new(TokenId(3), "Bat", Side::Enemy, Cell::new(12, 12));
    enc.tokens.extend([hero, ghoul, bat]);
    enc
}

fn explored(harness: &Harness<'_, LanternApp>) -> std::collections::BTreeSet<Cell> {
    harness
        .state()
        .document
        .encounter
        .fog
        .explored
        .iter()
        .collect()
}

/// Every cell in `cells` has its centre within `reach` of one of `from`'s centres.
fn all_within(cells: &std::collections::BTreeSet<Cell>, from: &[Cell], reach: f64) -> bool {
    cells.iter().all(|c| {
        from.iter()
            .any(|f| f64::from(c.x - f.x).hypot(f64::from(c.y - f.y)) <= reach)
    })
}

/// The players' view alone on `encounter`.
fn players(encounter: Encounter) -> Harness<'static, LanternApp> {
    let app = LanternApp::with_document(Document::new(encounter, None));
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(720.0, 480.0))
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    settle(&mut harness);
    harness
}

#[test]
fn a_torch_carried_into_a_dark_room_shows_the_players_only_what_it_lights() {
    let mut harness = map_harness(dark_cave());
    // In the dark the hero sees only the cell it stands on.
    assert_eq!(explored(&harness), [Cell::new(9, 12)].into());
    assert!(
        players(harness.state().document.encounter.clone())
            .query_by_label("Bat")
            .is_none()
    );

    harness.get_by_label("Hero").click_secondary();
    harness.run();
    harness.get_by_label("Light").click();
    harness.run();
    harness.get_by_label("Carry a torch").click();
    harness.run();
    let encounter = &harness.state().document.encounter;
    assert_eq!(encounter.lights.len(), 1);
    assert_eq!(encounter.lights[0].carried_by, Some(TokenId(1)));
    // The torch reaches 8 cells: what it shows lies within them, and the ghoul
    // in the open cave (√65 away) stays in the dark while the bat 3 cells east is lit.
    let lit = explored(&harness);
    assert!(lit.len() > 30, "{} cells", lit.len());
    assert!(all_within(&lit, &[Cell::new(9, 12)], 8.0));
    assert!(!lit.contains(&Cell::new(1, 11)));
    let view = players(harness.state().document.encounter.clone());
    assert!(view.query_by_label("Bat").is_some());
    assert!(view.query_by_label("Ghoul").is_none());

    // Down through the open door into the room.
    let from = centre_of(&harness, "Hero");
    let to = from + Vec2::new(0.0, 3.0) * points_per_cell(&harness);
    drag(&mut harness, from, to, Modifiers::NONE);
    assert_eq!(
        harness.state().document.encounter.tokens[0].cell,
        Cell::new(9, 15)
    );
    let walked = explored(&harness);
    assert!(walked.contains(&Cell::new(10, 15)), "the room is lit now");
    assert!(all_within(
        &walked,
        &[Cell::new(9, 12), Cell::new(9, 15)],
        8.0
    ));
    assert!(!walked.contains(&Cell::new(1, 11)));

    // Ctrl+Z: the step back forgets what only the room showed.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(explored(&harness), lit);
}

#[test]
fn the_ambient_light_is_one_undoable_click() {
    let mut encounter = dark_cave();
    encounter.ambient = Ambient::Bright;
    let mut harness = map_harness(encounter);
    // In daylight the hero sees the ghoul across the open cave.
    assert!(explored(&harness).contains(&Cell::new(1, 12)));
    harness.get_by_label("Dark").click();
    harness.run();
    assert_eq!(harness.state().document.encounter.ambient, Ambient::Dark);
    let document = &mut harness.state_mut().document;
    assert_eq!(document.undo().unwrap(), Some("Change ambient light"));
    assert_eq!(document.encounter.ambient, Ambient::Bright);
}

#[test]
fn the_lights_menu_puts_a_torch_out_and_undo_lights_it_again() {
    let mut encounter = dark_cave();
    let hero_at = GridPoint::new(9.5, 12.5);
    encounter
        .lights
        .push(Light::carried(LightKind::Torch, TokenId(1), hero_at));
    let mut harness = map_harness(encounter);
    harness.get_by_label("Lights").click();
    harness.run();
    harness.get_by_label("Torch (Hero)").click();
    harness.run();
    assert!(!harness.state().document.encounter.lights[0].on);
    let document = &mut harness.state_mut().document;
    assert_eq!(document.undo().unwrap(), Some("Change light"));
    assert!(document.encounter.lights[0].on);
}

#[test]
fn the_light_tool_places_a_torch_its_radius_is_edited_and_ctrl_z_takes_each_step_back() {
    let mut harness = map_harness(dark_cave());
    harness.get_by_label("Light source").click();
    harness.run();
    // Three cells east and three north of the hero: cell (12, 9), an empty cave floor.
    let at = centre_of(&harness, "Hero") + Vec2::new(3.0, -3.0) * points_per_cell(&harness);
    support::click_at(&mut harness, at);
    let lights = &harness.state().document.encounter.lights;
    assert_eq!(lights.len(), 1, "one click, one light");
    assert_eq!(lights[0].kind, LightKind::Torch);
    assert_eq!(lights[0].position, GridPoint::new(12.5, 9.5));
    assert_eq!(lights[0].carried_by, None);
    assert!(harness.query_by_label("Torch 1").is_some(), "its handle");

    // The new light is the one the panel edits: a dim radius of 6 cells is one command.
    harness.get_by_label("Dim radius").set_value_accesskit(6.0);
    harness.run();
    let light = &harness.state().document.encounter.lights[0];
    assert!((light.dim_radius() - 6.0).abs() < 1e-9);
    assert!((light.bright_radius() - 4.0).abs() < 1e-9);

    // Ctrl+Z: the radius first, then the torch itself.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    let light = &harness.state().document.encounter.lights[0];
    assert!((light.dim_radius() - 8.0).abs() < 1e-9);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert!(harness.state().document.encounter.lights.is_empty());

    // A click on a token hands it the light.
    let bat = centre_of(&harness, "Bat");
    support::click_at(&mut harness, bat);
    let lights = &harness.state().document.encounter.lights;
    assert_eq!(lights.len(), 1);
    assert_eq!(lights[0].carried_by, Some(TokenId(3)));
}

#[test]
fn a_lights_menu_turns_it_off_hands_it_to_a_token_and_deletes_it() {
    let mut encounter = dark_cave();
    encounter
        .lights
        .push(Light::preset(LightKind::Lantern, GridPoint::new(12.5, 9.5)));
    let mut harness = map_harness(encounter);
    let menu = |harness: &mut Harness<'_, LanternApp>, handle: &str, item: &str| {
        harness.get_by_label(handle).click_secondary();
        harness.run();
        harness.get_by_label(item).click();
        harness.run();
    };
    menu(&mut harness, "Lantern 1", "Turn off");
    assert!(!harness.state().document.encounter.lights[0].on);
    harness.get_by_label("Lantern 1").click_secondary();
    harness.run();
    harness.get_by_label("Attach to token").click();
    harness.run();
    let Some(bat) = harness.get_all_by_label("Bat").last() else {
        panic!("no Bat in the menu");
    };
    bat.click();
    harness.run();
    let light = &harness.state().document.encounter.lights[0];
    assert_eq!(light.carried_by, Some(TokenId(3)));
    assert_eq!(light.position, GridPoint::new(12.5, 12.5), "at the bat");
    // A carried light's handle shows with the Light tool (L), over its carrier.
    harness.key_press(Key::L);
    harness.run();
    menu(&mut harness, "Lantern 1 (Bat)", "Delete light");
    assert!(harness.state().document.encounter.lights.is_empty());
    let document = &mut harness.state_mut().document;
    assert_eq!(document.undo().unwrap(), Some("Remove light"));
    assert_eq!(document.encounter.lights[0].carried_by, Some(TokenId(3)));
}

#[test]
fn darkvision_and_its_range_are_set_from_the_tokens_menu_one_step_each() {
    let mut harness = map_harness(dark_cave());
    let senses_menu = |harness: &mut Harness<'_, LanternApp>| {
        harness.get_by_label("Hero").click_secondary();
        harness.run();
        harness.get_by_label("Senses").click();
        harness.run();
    };
    senses_menu(&mut harness);
    harness.get_by_label("Darkvision 12 cells").click();
    harness.run();
    senses_menu(&mut harness);
    harness.get_by_label("24").click();
    harness.run();
    let hero = &harness.state().document.encounter.tokens[0];
    assert_eq!(hero.senses, Senses::Darkvision { range_cells: 24 });
    let document = &mut harness.state_mut().document;
    assert_eq!(document.undo().unwrap(), Some("Edit token"));
    assert_eq!(
        document.encounter.tokens[0].senses,
        Senses::Darkvision { range_cells: 12 }
    );
}

#[test]
fn opening_an_imported_lights_editor_changes_nothing() {
    // A wide imported light (no bright radius of its own, 300 cells of reach): the panel shows
    // it without clamping or filling anything in.
    let mut encounter = dark_cave();
    let mut wide = Light::preset(LightKind::Custom, GridPoint::new(12.5, 9.5));
    wide.range_cells = 300.0;
    wide.bright_cells = None;
    encounter.lights.push(wide.clone());
    let mut harness = map_harness(encounter);
    harness.get_by_label("Light 1").click_secondary();
    harness.run();
    harness.get_by_label("Edit light…").click();
    harness.run();
    harness.run();
    assert!(
        harness.query_by_label("Dim radius").is_some(),
        "the panel is open"
    );
    assert_eq!(harness.state().document.encounter.lights, vec![wide]);
    let undone = harness.state_mut().document.undo().unwrap();
    assert_ne!(undone, Some("Change light"));
}

#[test]
fn done_closes_the_light_editor_and_changes_nothing_on_the_map() {
    let mut harness = map_harness(dark_cave());
    harness.get_by_label("Light source").click();
    harness.run();
    let at = centre_of(&harness, "Hero") + Vec2::new(3.0, -3.0) * points_per_cell(&harness);
    support::click_at(&mut harness, at);
    let placed = harness.state().document.encounter.lights.clone();
    assert_eq!(placed.len(), 1);
    let done = centre_of(&harness, "Done");
    support::click_at(&mut harness, done);
    assert_eq!(harness.state().document.encounter.lights, placed);
    assert!(
        harness.query_by_label("Done").is_none(),
        "the editor closed"
    );
}

#[test]
fn typing_a_colour_in_the_picker_is_one_change_kept_when_the_picker_closes() {
    let mut harness = map_harness(dark_cave());
    harness.get_by_label("Light source").click();
    harness.run();
    let at = centre_of(&harness, "Hero") + Vec2::new(3.0, -3.0) * points_per_cell(&harness);
    support::click_at(&mut harness, at);
    let placed = harness.state().document.encounter.lights.clone();
    let marker = harness.state().document.history().marker();

    // Open the full picker and type a red channel of 12 into its first number field.
    harness
        .get_by_role(egui::accesskit::Role::ColorWell)
        .click();
    harness.run();
    let red = centre_of(&harness, "R");
    support::click_at(&mut harness, red);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    for digit in ["1", "2"] {
        harness.event(egui::Event::Text(digit.to_owned()));
        harness.run();
    }
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(
        harness.state().document.history().marker(),
        marker,
        "nothing is kept while the picker is open"
    );

    let done = centre_of(&harness, "Done");
    support::click_at(&mut harness, done);
    let lights = &harness.state().document.encounter.lights;
    assert_eq!(lights[0].color[0], 12, "the typed red is kept");
    assert_eq!(lights[0].color[1..], placed[0].color[1..]);
    let document = &mut harness.state_mut().document;
    assert_eq!(document.undo().unwrap(), Some("Change light"));
    assert_eq!(document.encounter.lights, placed, "one undo step");
}
