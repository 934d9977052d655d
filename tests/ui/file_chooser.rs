//! Lantern's own file chooser, driven as a person would: what Open, Save As, Import and the
//! Library menu's folders use on a session where no native file dialog can be shown (no desktop
//! portal, no zenity).

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use lantern::app::{AppConfig, DialogBackend, LanternApp, Pane};
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::files::{load_encounter, save_encounter};
use lantern::library::{LibraryEntry, entry_file_name, save_entry};
use lantern::model::{Cell, Command, Encounter, RuleSystem, Side, Token, TokenId};

use crate::support;

/// The real app with the in-window chooser, starting in `folder` (a recent folder).
fn app_with_chooser(data_dir: &Path, folder: &Path) -> Harness<'static, LanternApp> {
    let config = AppConfig::with_data_dir(Some(data_dir.to_path_buf()));
    let folder = folder.to_path_buf();
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
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
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
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
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
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
    // The picture loads on a worker from here, asking for repaints as it goes: step, not run.
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

/// A library entry for a token named `name`.
fn token_entry(name: &str) -> LibraryEntry {
    let mut e = Encounter::new(name, RuleSystem::GoForthHeroes);
    e.tokens
        .push(Token::new(TokenId(1), name, Side::Enemy, Cell::new(0, 0)));
    let Some(entry) = LibraryEntry::from_token(&e, TokenId(1)) else {
        panic!("the token is there");
    };
    entry
}

/// Opens the Library menu's folder item `label` ("Import library folder…" or "Export…").
fn library_folder_item(harness: &mut Harness<'_, LanternApp>, label: &str) {
    // The menu bar's "Library", not the pane's tab: the topmost.
    let Some(menu) = harness
        .get_all_by_label("Library")
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
    else {
        panic!("no Library menu");
    };
    menu.click();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
    harness.run();
}

/// Two clicks in one frame: a double click (the harness steps a quarter second a frame, too slow
/// for one made of two `click`s).
fn double_click(harness: &mut Harness<'_, LanternApp>, label: &str) {
    let pos = harness.get_by_label(label).rect().center();
    let events = &mut harness.input_mut().events;
    events.push(egui::Event::PointerMoved(pos));
    for pressed in [true, false, true, false] {
        events.push(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    harness.run();
}

/// The `.json` files in `folder`, sorted.
fn json_files(folder: &Path) -> Vec<String> {
    let Ok(listing) = std::fs::read_dir(folder) else {
        panic!("cannot list {}", folder.display());
    };
    let mut names: Vec<String> = listing
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|ext| ext == "json"))
        .filter_map(|p| Some(p.file_name()?.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

#[test]
fn library_import_folder_through_the_chooser_copies_the_selected_subfolders_entries() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let shared = dir.path().join("shared");
    let ogre = token_entry("Ogre chief");
    let wolf = token_entry("Dire wolf");
    for entry in [&ogre, &wolf] {
        save_entry(&shared, entry).unwrap();
    }
    let mut harness = app_with_chooser(data.path(), dir.path());
    let ogre_file = entry_file_name(&ogre);
    assert!(harness.state().library.row(&ogre_file).is_none());

    library_folder_item(&mut harness, "Import library folder…");
    assert!(
        harness
            .query_by_label("Import library entries from")
            .is_some()
    );
    assert_eq!(chooser_folder(&harness).as_deref(), Some(dir.path()));
    // A click selects the subfolder (the chooser stays where it is) and names it on the button.
    harness.get_by_label("📁 shared").click();
    harness.run();
    assert_eq!(chooser_folder(&harness).as_deref(), Some(dir.path()));
    harness.get_by_label("Choose “shared”").click();
    // The click's frames, then the frame that takes the answer and starts the library's reload.
    harness.step();
    support::settle(&mut harness);

    let state = harness.state();
    assert_eq!(chooser_folder(&harness), None);
    for entry in [&ogre, &wolf] {
        let file = entry_file_name(entry);
        assert!(data.path().join("library").join(&file).is_file(), "{file}");
        assert!(state.library.row(&file).is_some(), "{file} is not listed");
    }
    let notice = &state.notifications.notices().last().unwrap().text;
    assert!(notice.starts_with("Copied 2 library entries"), "{notice}");
    // The chosen folder is offered again next time.
    assert_eq!(state.recent_folders().first(), Some(&shared));
}

#[test]
fn library_export_folder_through_the_chooser_writes_into_the_folder_entered() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("notes.txt"), "not an entry").unwrap();
    std::fs::write(out.join("aaa-old.json"), "kept").unwrap();
    let mut harness = app_with_chooser(data.path(), dir.path());
    let library = json_files(&data.path().join("library"));
    assert!(!library.is_empty(), "the library starts with its seed");

    library_folder_item(&mut harness, "Export library folder…");
    assert!(harness.query_by_label("Export the library to").is_some());
    double_click(&mut harness, "📁 out");
    assert_eq!(chooser_folder(&harness), Some(out.clone()));
    // Library entries are shown greyed (only folders can be chosen), other files not at all.
    assert!(
        harness
            .get_by_label("aaa-old.json")
            .accesskit_node()
            .is_disabled()
    );
    assert!(harness.query_by_label("notes.txt").is_none());
    harness.get_by_label("Choose this folder").click();
    harness.step();
    support::settle(&mut harness);

    assert_eq!(chooser_folder(&harness), None);
    let mut expected = library;
    expected.insert(0, "aaa-old.json".to_owned());
    assert_eq!(json_files(&out), expected);
    assert_eq!(
        std::fs::read_to_string(out.join("aaa-old.json")).unwrap(),
        "kept"
    );
}

#[test]
fn cancelling_a_library_folder_chooser_copies_nothing() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let shared = dir.path().join("shared");
    save_entry(&shared, &token_entry("Ogre chief")).unwrap();
    let mut harness = app_with_chooser(data.path(), dir.path());
    let library = json_files(&data.path().join("library"));
    let notices = harness.state().notifications.notices().len();

    library_folder_item(&mut harness, "Export library folder…");
    harness.get_by_label("📁 shared").click();
    harness.run();
    harness.get_by_label("Cancel").click();
    harness.run();
    assert_eq!(chooser_folder(&harness), None);

    library_folder_item(&mut harness, "Import library folder…");
    harness.get_by_label("📁 shared").click();
    harness.run();
    harness.key_press(Key::Escape);
    harness.run();
    support::settle(&mut harness);

    assert_eq!(chooser_folder(&harness), None);
    assert_eq!(
        json_files(&shared),
        [entry_file_name(&token_entry("Ogre chief"))]
    );
    assert_eq!(json_files(&data.path().join("library")), library);
    assert_eq!(harness.state().notifications.notices().len(), notices);
}

#[test]
fn a_library_folder_that_cannot_be_read_says_so_in_the_chooser_and_is_not_chosen() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let gone = dir.path().join("gone");
    std::fs::create_dir(&gone).unwrap();
    let mut harness = app_with_chooser(data.path(), dir.path());
    let notices = harness.state().notifications.notices().len();

    library_folder_item(&mut harness, "Export library folder…");
    // The folder vanishes between the listing and going in (a click selects it, a second
    // click, however slow, enters it).
    std::fs::remove_dir(&gone).unwrap();
    for _ in 0..2 {
        harness.get_by_label("📁 gone").click();
        harness.run();
    }
    assert_eq!(chooser_folder(&harness), Some(gone.clone()));
    assert!(
        harness
            .query_by_label_contains("Could not read the folder")
            .is_some()
    );
    let choose = harness.get_by_label("Choose this folder");
    assert!(choose.accesskit_node().is_disabled());
    harness.key_press(Key::Enter);
    harness.run();
    // Still open, nothing written, and no second report of the same problem.
    assert_eq!(chooser_folder(&harness), Some(gone.clone()));
    assert!(!gone.exists());
    assert_eq!(harness.state().notifications.notices().len(), notices);
    harness.get_by_label("⬆ Parent folder").click();
    harness.run();
    assert_eq!(chooser_folder(&harness).as_deref(), Some(dir.path()));
    assert!(
        harness
            .query_by_label_contains("Could not read the folder")
            .is_none()
    );
}
