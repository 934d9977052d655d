//! Lantern's own file chooser, driven as a person would: what Open, Save As and Import use on a
//! session where no native file dialog can be shown (no desktop portal, no zenity).

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{AppConfig, DialogBackend, LanternApp, Pane};
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::files::{load_encounter, save_encounter};
use lantern::model::{Cell, Command, Encounter, RuleSystem, Side, Token, TokenId};

use crate::support;

/// The real app with the in-window chooser, starting in `folder` (a recent folder).
fn app_with_chooser(data_dir: &Path, folder: &Path) -> Harness<'static, LanternApp> {
    let config = AppConfig::with_data_dir(Some(data_dir.to_path_buf()));
    let folder = folder.to_path_buf();
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(move |cc| {
            let mut app = LanternApp::new_with(cc, config);
            app.set_file_dialogs(DialogBackend::InWindow);
            app.set_recent_folders(vec![folder]);
            app
        });
    support::settle(&mut harness);
    harness
}

fn chooser_folder(harness: &Harness<'_, LanternApp>) -> Option<PathBuf> {
    harness.state().file_chooser_folder().map(Path::to_path_buf)
}

/// Replaces the name field's text, as select-all and typing do.
fn type_file_name(harness: &mut Harness<'_, LanternApp>, name: &str) {
    harness.get_by_label("File name:").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label("File name:").type_text(name);
    harness.run();
}

#[test]
fn open_through_the_chooser_browses_into_a_folder_and_loads_the_picked_file() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let maps = dir.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    let mut mill = Demo::GoForthHeroes.encounter().unwrap();
    mill.name = "Mill at dusk".into();
    save_encounter(&maps.join("mill.json"), &mill).unwrap();
    std::fs::write(maps.join("notes.txt"), "not an encounter").unwrap();
    let mut harness = app_with_chooser(data.path(), dir.path());

    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run();
    assert!(harness.query_by_label("Open encounter").is_some());
    assert_eq!(chooser_folder(&harness).as_deref(), Some(dir.path()));
    harness.get_by_label("📁 maps").click();
    harness.run();
    assert_eq!(chooser_folder(&harness), Some(maps.clone()));
    assert!(
        harness.query_by_label("notes.txt").is_none(),
        "only encounter files are listed"
    );
    harness.get_by_label("mill.json").click();
    harness.run();
    harness.get_by_label("Open").click();
    harness.run();
    harness.run();

    let state = harness.state();
    assert_eq!(chooser_folder(&harness), None);
    assert_eq!(state.document.encounter.name, "Mill at dusk");
    assert_eq!(state.document.path, Some(maps.join("mill.json")));
    assert_eq!(state.recent.paths()[0], maps.join("mill.json"));
}

#[test]
fn save_as_through_the_chooser_adds_the_extension_and_asks_before_replacing() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_with_chooser(data.path(), dir.path());
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Raid night".into()))
        .unwrap();

    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.run();
    assert!(harness.query_by_label("Save encounter as").is_some());
    type_file_name(&mut harness, "raid");
    harness.key_press(Key::Enter);
    harness.run();
    let path = dir.path().join("raid.json");
    assert_eq!(load_encounter(&path).unwrap().name, "Raid night");
    assert_eq!(harness.state().document.path, Some(path.clone()));
    assert!(!harness.state().document.is_dirty());

    // Saving a changed encounter over the same name asks first; "Keep it" goes back.
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Raid night, take two".into()))
        .unwrap();
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.run();
    assert_eq!(chooser_folder(&harness).as_deref(), Some(dir.path()));
    type_file_name(&mut harness, "raid.json");
    harness.get_by_label("Save").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("already exists here")
            .is_some()
    );
    harness.get_by_label("Keep it").click();
    harness.run();
    assert_eq!(load_encounter(&path).unwrap().name, "Raid night");
    harness.get_by_label("Save").click();
    harness.run();
    harness.get_by_label("Replace").click();
    harness.run();
    harness.run();
    assert_eq!(load_encounter(&path).unwrap().name, "Raid night, take two");
    assert!(!harness.state().document.is_dirty());
}

#[test]
fn cancelling_the_chooser_by_button_or_escape_changes_nothing() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_with_chooser(data.path(), dir.path());
    let before = harness.state().document.encounter.clone();

    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run();
    assert!(chooser_folder(&harness).is_some());
    harness.get_by_label("Cancel").click();
    harness.run();
    assert_eq!(chooser_folder(&harness), None);

    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.run();
    assert!(chooser_folder(&harness).is_some());
    harness.key_press(Key::Escape);
    harness.run();
    assert_eq!(chooser_folder(&harness), None);

    let state = harness.state();
    assert_eq!(state.document.encounter, before);
    assert_eq!(state.document.path, None);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn import_through_the_chooser_lists_only_universal_vtt_maps() {
    let data = tempfile::tempdir().unwrap();
    let maps = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/maps"));
    let mut harness = app_with_chooser(data.path(), &maps);

    harness.get_by_label("File").click();
    harness.run();
    harness
        .get_by_label_contains("Import Universal VTT")
        .click();
    harness.run();
    assert!(harness.query_by_label("LICENSE-cave-sample.txt").is_none());
    harness.get_by_label("cave-sample.dd2vtt").click();
    harness.run();
    harness.get_by_label("Open").click();
    for _ in 0..1000 {
        harness.step();
        if harness.query_by_label("New encounter").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    harness.get_by_label("New encounter").click();
    for _ in 0..1000 {
        harness.step();
        if !harness.state().import_busy() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(harness.state().document.encounter.name, "cave-sample");
}

/// `lantern FILE`: the app as main.rs builds it, handed the command line's file.
fn app_with_argument(data_dir: &Path, file: PathBuf) -> Harness<'static, LanternApp> {
    let config = AppConfig::with_data_dir(Some(data_dir.to_path_buf()));
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(move |cc| {
            let mut app = LanternApp::new_with(cc, config);
            app.open_argument(file);
            app
        });
    support::settle(&mut harness);
    harness
}

#[test]
fn a_file_on_the_command_line_opens_and_a_bad_one_leaves_the_demo_with_a_message() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut mill = Demo::GoForthHeroes.encounter().unwrap();
    mill.name = "Mill at dusk".into();
    let good = dir.path().join("mill.json");
    save_encounter(&good, &mill).unwrap();
    let harness = app_with_argument(data.path(), good.clone());
    assert_eq!(harness.state().document.encounter.name, "Mill at dusk");
    assert_eq!(harness.state().document.path, Some(good));

    let bad = dir.path().join("torn.json");
    std::fs::write(&bad, "{ half a file").unwrap();
    let harness = app_with_argument(data.path(), bad.clone());
    // The demo stays open, as the app opened it (fog on, what the party sees explored).
    let demo = Demo::GoForthHeroes.encounter().unwrap();
    let shown = &harness.state().document.encounter;
    assert!(shown.fog.enabled);
    assert_eq!(
        Encounter {
            fog: demo.fog.clone(),
            ..shown.clone()
        },
        demo
    );
    let notice = &harness.state().notifications.notices().last().unwrap().text;
    assert!(
        notice.contains("not valid JSON") && notice.contains(&bad.display().to_string()),
        "{notice}"
    );
}

#[test]
fn a_universal_vtt_map_on_the_command_line_becomes_a_new_encounter() {
    let data = tempfile::tempdir().unwrap();
    let cave = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/maps/cave-sample.dd2vtt"
    ));
    let mut harness = app_with_argument(data.path(), cave);
    for _ in 0..1000 {
        harness.step();
        if !harness.state().import_busy() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    harness.run();
    let document = &harness.state().document;
    assert_eq!(document.encounter.name, "cave-sample");
    assert_eq!(document.encounter.walls.len(), 249);
    assert_eq!(document.path, None);
}

/// The token palette's "Image…" goes through the same dialogs as Open and Import: with no
/// native dialog, the in-window chooser lists the images, and the picked one is the picture of
/// the token the next click places.
#[test]
fn the_token_palettes_image_goes_through_the_chooser_onto_the_placed_token() {
    let dir = tempfile::tempdir().unwrap();
    image::RgbaImage::from_pixel(8, 8, image::Rgba([200, 40, 40, 255]))
        .save(dir.path().join("ogre.png"))
        .unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not an image").unwrap();
    let mut encounter = Encounter::new("Blank", RuleSystem::Evening);
    encounter.tokens.push(Token::new(
        TokenId(1),
        "Marker",
        Side::Neutral,
        Cell::new(0, 19),
    ));
    let folder = dir.path().to_path_buf();
    let mut harness = Harness::builder()
        .with_size([1200.0, 800.0])
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.show_only(Pane::Map);
            app.set_file_dialogs(DialogBackend::InWindow);
            app.set_recent_folders(vec![folder]);
            app
        });
    support::settle(&mut harness);
    harness.key_press(Key::T);
    harness.run();
    assert!(harness.query_by_label("Token palette").is_some());

    harness.get_by_label("Image…").click();
    harness.run();
    harness.run();
    assert!(harness.query_by_label("Token image").is_some());
    assert_eq!(chooser_folder(&harness).as_deref(), Some(dir.path()));
    assert!(
        harness.query_by_label("notes.txt").is_none(),
        "only images are listed"
    );
    harness.get_by_label("ogre.png").click();
    harness.run();
    harness.get_by_label("Open").click();
    harness.run();
    for _ in 0..1000 {
        harness.step();
        if harness.state_mut().map_view.tools().palette.image.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    harness.run();
    assert_eq!(chooser_folder(&harness), None);
    let palette = &harness.state_mut().map_view.tools().palette;
    assert_eq!(palette.image_error, None);
    assert_eq!(
        palette.image.as_ref().map(|i| i.name.as_str()),
        Some("ogre.png")
    );

    // A click on a free cell places the token with its picture embedded in the encounter.
    let marker = support::centre_of(&harness, "Marker");
    let at = marker + egui::Vec2::new(5.0, -5.0) * support::points_per_cell(&harness);
    support::click_at(&mut harness, at);
    let e = &harness.state().document.encounter;
    let placed = e.tokens.iter().find(|t| t.name == "Goblin").unwrap();
    let image = placed.image.and_then(|i| e.images.get(&i));
    assert_eq!(image.map(|i| i.name.as_str()), Some("ogre.png"));
}
