//! Importing through the path the File menu's dialogs (and dropped files) take: a real
//! Universal VTT map as a new encounter or as the current encounter's map, a broken file, and
//! an image as the map's background.

use crate::support;

use std::path::PathBuf;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::LanternApp;
use lantern::app::map::Tool;
use lantern::demo::Demo;
use lantern::model::{Cell, Command, ImageId, Side, Token, WallKind};
use support::{demo, map_harness};

fn cave() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/maps/cave-sample.dd2vtt"
    ))
}

/// Steps frames (letting the workers run) until `done` holds; fails after ten seconds.
fn step_until(
    harness: &mut Harness<'_, LanternApp>,
    done: impl Fn(&Harness<'_, LanternApp>) -> bool,
) {
    for _ in 0..1000 {
        harness.step();
        if done(harness) {
            harness.step();
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("gave up waiting");
}

fn doors(harness: &Harness<'_, LanternApp>) -> Vec<WallKind> {
    let walls = &harness.state().document.encounter.walls;
    walls
        .iter()
        .map(|w| w.kind)
        .filter(|k| matches!(k, WallKind::Door { .. }))
        .collect()
}

#[test]
fn a_real_map_becomes_a_new_encounter_and_its_doors_open_in_play() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness.state_mut().import_file(cave());
    step_until(&mut harness, |h| {
        h.query_by_label("New encounter").is_some()
    });
    harness.get_by_label("New encounter").click();
    step_until(&mut harness, |h| !h.state().import_busy());

    let e = &harness.state().document.encounter;
    assert_eq!(e.name, "cave-sample");
    assert_eq!((e.map.width_cells, e.map.height_cells), (20, 20));
    assert_eq!(e.walls.len(), 249);
    assert!(e.tokens.is_empty());
    let background = e.map.background.clone().unwrap();
    assert_eq!(background.image, ImageId(1));
    assert!((background.pixels_per_cell - 64.0).abs() < 1e-9);
    assert_eq!(doors(&harness), vec![WallKind::Door { open: false }; 3]);
    assert_eq!(
        harness.state().map_view.background_size_px(ImageId(1)),
        Some([1280, 1280]),
        "the worker's textures are used, not decoded again"
    );
    assert!(!harness.state().document.is_dirty());

    harness.run();
    harness
        .get_all_by_label("Door (closed)")
        .next()
        .unwrap()
        .click();
    harness.run();
    assert_eq!(
        doors(&harness)
            .iter()
            .filter(|k| **k == WallKind::Door { open: true })
            .count(),
        1
    );
    harness.state_mut().document.undo().unwrap();
    harness.run();
    assert_eq!(doors(&harness), vec![WallKind::Door { open: false }; 3]);
}

#[test]
fn replacing_the_map_keeps_the_tokens_and_undoes_in_one_step() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    let before = harness.state().document.encounter.clone();
    harness.state_mut().import_file(cave());
    step_until(&mut harness, |h| {
        h.query_by_label_contains("Replace the map").is_some()
    });
    harness.get_by_label_contains("Replace the map").click();
    step_until(&mut harness, |h| !h.state().import_busy());

    let e = &harness.state().document.encounter;
    assert_eq!(e.name, before.name);
    // Every token stays but the goblin archer, who stood at (20, 2), one column east of the
    // 20×20 cave: it comes onto the cave's last column.
    let mut expected = before.tokens.clone();
    expected[5].cell = Cell::new(19, 2);
    assert_eq!(expected[5].name, "Goblin Archer");
    assert_eq!(e.tokens, expected);
    assert_eq!(e.walls.len(), 249);
    assert_eq!((e.map.width_cells, e.map.height_cells), (20, 20));
    let image = e.map.background.as_ref().unwrap().image;
    assert!(harness.state().map_view.background_size_px(image).is_some());
    assert_eq!(harness.state().document.history().marker(), 1);

    harness.state_mut().document.undo().unwrap();
    harness.run();
    assert_eq!(harness.state().document.encounter, before);
}

#[test]
fn a_token_beyond_the_new_maps_edge_is_brought_onto_it_in_the_same_step() {
    // The cave is 20×20 cells (columns 0..=19): a straggler at (25, 3) would be left off it, so
    // the replacement moves it to (19, 3), the nearest cell on the map, in the same undo step.
    // (The tokens before it in the list come first; the archer at (20, 2) takes (19, 2).)
    let mut encounter = demo(Demo::GoForthHeroes);
    let id = encounter.fresh_token_id();
    encounter
        .tokens
        .push(Token::new(id, "Straggler", Side::Party, Cell::new(25, 3)));
    let mut harness = map_harness(encounter);
    let before = harness.state().document.encounter.clone();
    harness.state_mut().import_file(cave());
    step_until(&mut harness, |h| {
        h.query_by_label_contains("Replace the map").is_some()
    });
    harness.get_by_label_contains("Replace the map").click();
    step_until(&mut harness, |h| !h.state().import_busy());

    let e = &harness.state().document.encounter;
    assert_eq!(e.token(id).unwrap().cell, Cell::new(19, 3));
    // The goblin archer at (20, 2) came onto the last column too, one row up.
    assert_eq!(e.tokens[5].cell, Cell::new(19, 2));
    harness.state_mut().document.undo().unwrap();
    harness.run();
    assert_eq!(harness.state().document.encounter, before);
}

#[test]
fn a_new_encounter_asks_about_unsaved_changes_and_cancel_keeps_everything() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Changed".to_owned()))
        .unwrap();
    let before = harness.state().document.encounter.clone();
    harness.state_mut().import_file(cave());
    step_until(&mut harness, |h| {
        h.query_by_label("New encounter").is_some()
    });
    harness.get_by_label("New encounter").click();
    step_until(&mut harness, |h| {
        h.query_by_label("Unsaved changes").is_some()
    });
    harness.get_by_label("Cancel").click();
    step_until(&mut harness, |h| !h.state().import_busy());
    assert_eq!(harness.state().document.encounter, before);
    assert!(harness.query_by_label("New encounter").is_none());
}

#[test]
fn a_broken_map_is_reported_once_and_the_encounter_stays() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.dd2vtt");
    std::fs::write(&path, b"{\"format\": 0.2, \"resolution\": ").unwrap();
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    let before = harness.state().document.encounter.clone();
    harness.state_mut().import_file(&path);
    step_until(&mut harness, |h| !h.state().import_busy());
    harness.run();
    assert!(
        harness.query_by_label("New encounter").is_none(),
        "no question left"
    );
    let notices = harness.state().notifications.notices();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].text.starts_with("Could not import"),
        "{}",
        notices[0].text
    );
    assert!(
        notices[0].text.contains("not valid JSON"),
        "{}",
        notices[0].text
    );
    assert_eq!(harness.state().document.encounter, before);
}

#[test]
fn an_image_file_becomes_the_background_in_one_step() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("yard.png");
    image::RgbaImage::from_pixel(600, 400, image::Rgba([40, 120, 60, 255]))
        .save(&path)
        .unwrap();
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness.state_mut().import_file(&path);
    step_until(&mut harness, |h| !h.state().import_busy());

    let e = &harness.state().document.encounter;
    let background = e.map.background.clone().unwrap();
    assert_eq!(e.images[&background.image].name, "yard.png");
    let across = f64::from(e.map.width_cells);
    assert!((background.pixels_per_cell - 600.0 / across).abs() < 1e-9);
    assert_eq!(
        harness
            .state()
            .map_view
            .background_size_px(background.image),
        Some([600, 400])
    );
    assert_eq!(harness.state_mut().map_view.tools().tool, Tool::Calibrate);
    assert!(harness.query_by_label("Align background").is_some());
    harness.state_mut().document.undo().unwrap();
    harness.run();
    assert!(harness.state().document.encounter.map.background.is_none());
}

/// A file dropped on the window, as the platform layer hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|err| err.to_string())
    }
}

#[test]
fn a_map_dropped_on_the_window_is_imported_like_one_from_the_menu() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(cave())));
    step_until(&mut harness, |h| {
        h.query_by_label("New encounter").is_some()
    });
    harness.get_by_label("New encounter").click();
    step_until(&mut harness, |h| !h.state().import_busy());
    let e = &harness.state().document.encounter;
    assert_eq!(e.name, "cave-sample");
    assert_eq!(e.walls.len(), 249);
}
