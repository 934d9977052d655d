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
    Ambient, Cell, Encounter, GridPoint, Light, LightKind, RuleSystem, Side, Token, TokenId,
    WallKind,
};
use support::{centre_of, drag, map_harness, points_per_cell};

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
    harness.state().document.encounter.fog.explored.clone()
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
        .with_size(Vec2::new(720.0, 480.0))
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    harness.run();
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
