//! The Library pane: dragging entries and groups onto the map, saving a token into it.

use std::path::Path;

use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{AppConfig, LanternApp, Pane};
use lantern::edit::Document;
use lantern::library::{EntryKind, LibraryEntry, load_folder, save_entry};
use lantern::model::{
    Background, Cell, EmbeddedImage, Encounter, GridPoint, ImageId, Light, LightKind, RuleSystem,
    Side, SizeCategory, Token, TokenId, Wall, WallId, WallKind,
};

use crate::support::{drag, settle};

fn entry(name: &str, side: Side, size: SizeCategory) -> LibraryEntry {
    let mut e = Encounter::new(name, RuleSystem::GoForthHeroes);
    e.tokens
        .push(Token::new(TokenId(1), name, side, Cell::new(0, 0)).with_size(size));
    let Some(entry) = LibraryEntry::from_token(&e, TokenId(1)) else {
        panic!("the token is there");
    };
    entry
}

/// The real app on `encounter`, its library in `data_dir/library` holding a goblin, a
/// hobgoblin and the hero Kestrel, with the Library pane in front.
fn library_app(data_dir: &Path, encounter: Encounter) -> Harness<'static, LanternApp> {
    let library = data_dir.join("library");
    for e in [
        entry("Goblin", Side::Enemy, SizeCategory::Small),
        entry("Hobgoblin", Side::Enemy, SizeCategory::Large),
        entry("Kestrel", Side::Party, SizeCategory::Medium),
    ] {
        if let Err(err) = save_entry(&library, &e) {
            panic!("could not seed the library: {err}");
        }
    }
    let config = AppConfig::with_data_dir(Some(data_dir.to_path_buf()));
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size([1400.0, 900.0])
        .build_eframe(move |cc| {
            let mut app = LanternApp::new_with(cc, config);
            app.document = Document::new(encounter, None);
            app.show_pane(Pane::Library);
            app
        });
    settle(&mut harness);
    harness
}

/// The library's line for `name` (the leftmost node of that label: the pane sits left of the map).
fn library_label(harness: &Harness<'_, LanternApp>, name: &str) -> Pos2 {
    let Some(pos) = harness
        .get_all_by_label(name)
        .map(|n| n.rect().center())
        .min_by(|a, b| a.x.total_cmp(&b.x))
    else {
        panic!("no {name} in the library");
    };
    pos
}

/// The map canvas (the largest node called "Map": the other is its tab).
fn map_rect(harness: &Harness<'_, LanternApp>) -> egui::Rect {
    let Some(map) = harness
        .get_all_by_label("Map")
        .map(|n| n.rect())
        .max_by(|a, b| a.area().total_cmp(&b.area()))
    else {
        panic!("no map");
    };
    map
}

fn map_centre(harness: &Harness<'_, LanternApp>) -> Pos2 {
    map_rect(harness).center()
}

fn names(harness: &Harness<'_, LanternApp>) -> Vec<String> {
    let tokens = &harness.state().document.encounter.tokens;
    tokens.iter().map(|t| t.name.clone()).collect()
}

fn skirmish() -> Encounter {
    Encounter::new("Skirmish", RuleSystem::GoForthHeroes)
}

#[test]
fn dragging_goblin_onto_the_map_twice_makes_goblin_2() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = library_app(dir.path(), skirmish());
    for _ in 0..2 {
        let from = library_label(&harness, "Goblin");
        let to = map_centre(&harness);
        drag(&mut harness, from, to, Modifiers::NONE);
    }
    assert_eq!(names(&harness), ["Goblin", "Goblin 2"]);
    harness.get_by_label("Goblin 2");
}

#[test]
fn a_hero_already_on_the_map_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = library_app(dir.path(), skirmish());
    for _ in 0..2 {
        let from = library_label(&harness, "Kestrel");
        let to = map_centre(&harness);
        drag(&mut harness, from, to, Modifiers::NONE);
    }
    assert_eq!(names(&harness), ["Kestrel"]);
    let note = harness.state().map_view.refusal_note().unwrap_or_default();
    assert!(note.contains("Kestrel is already on the map"), "{note}");
}

/// Clicks the "+" on the library line of `name`.
fn add_to_group(harness: &mut Harness<'_, LanternApp>, name: &str) {
    let row_y = library_label(harness, name).y;
    let map_left = map_rect(harness).left();
    let Some(plus) = harness
        .get_all_by_label("+")
        .filter(|n| n.rect().center().x < map_left)
        .min_by(|a, b| {
            let distance = |n: &egui_kittest::Node<'_>| (n.rect().center().y - row_y).abs();
            distance(a).total_cmp(&distance(b))
        })
    else {
        panic!("no + button");
    };
    plus.click();
    harness.run();
}

#[test]
fn ctrl_z_removes_a_placed_group_in_one_step() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = library_app(dir.path(), skirmish());
    for _ in 0..4 {
        add_to_group(&mut harness, "Goblin");
    }
    add_to_group(&mut harness, "Hobgoblin");
    harness.get_by_label("4× Goblin, 1× Hobgoblin");
    let from = library_label(&harness, "✋ Group");
    let to = map_centre(&harness);
    drag(&mut harness, from, to, Modifiers::NONE);
    assert_eq!(
        names(&harness),
        ["Goblin", "Goblin 2", "Goblin 3", "Goblin 4", "Hobgoblin"]
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert!(names(&harness).is_empty(), "{:?}", names(&harness));
    assert_eq!(harness.state().document.history().undo_label(), None);
}

#[test]
fn a_token_saved_to_the_library_appears_in_the_pane_and_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let mut encounter = skirmish();
    let mut bram = Token::new(TokenId(3), "Bram", Side::Party, Cell::new(10, 8));
    bram.speed_cells = 7;
    encounter.tokens.push(bram);
    let mut harness = library_app(dir.path(), encounter);
    let map = map_rect(&harness);
    let Some(on_map) = harness
        .get_all_by_label("Bram")
        .find(|n| map.contains(n.rect().center()))
    else {
        panic!("Bram is not on the map");
    };
    on_map.click_secondary();
    harness.run();
    harness.get_by_label("Save to library").click();
    // The saved entry's picture is decoded on a worker.
    settle(&mut harness);
    let listed = load_folder(&dir.path().join("library")).unwrap();
    let saved = listed
        .iter()
        .filter_map(|l| l.load().ok())
        .find(|e| e.name() == "Bram")
        .unwrap();
    assert_eq!(saved.kind, EntryKind::Hero);
    assert_eq!(saved.token().unwrap().speed_cells, 7);
    // The pane lists it, left of the map.
    assert!(
        harness
            .get_all_by_label("Bram")
            .any(|n| n.rect().center().x < map.left())
    );
    // The token on the map is now that hero: dropping Bram from the library is refused.
    let on_map = &harness.state().document.encounter.tokens[0];
    assert_eq!(on_map.library_id.as_ref(), Some(&saved.id));
    let from = library_label(&harness, "Bram");
    let to = map_centre(&harness);
    drag(&mut harness, from, to, Modifiers::NONE);
    assert_eq!(names(&harness), ["Bram"]);
    let note = harness.state().map_view.refusal_note().unwrap_or_default();
    assert!(note.contains("Bram is already on the map"), "{note}");
}

/// "Old Mill": a 12×9 map with a background, a door, a difficult cell, a pillar and a light.
fn old_mill() -> LibraryEntry {
    let mut e = Encounter::new("Old Mill", RuleSystem::GoForthHeroes);
    e.map.width_cells = 12;
    e.map.height_cells = 9;
    e.images.insert(
        ImageId(3),
        EmbeddedImage::new("mill.png", png_with_size(40, 30)),
    );
    e.map.background = Some(Background {
        image: ImageId(3),
        origin_in_grid: GridPoint::new(-0.5, 0.25),
        pixels_per_cell: 70.0,
    });
    e.walls.push(Wall {
        id: WallId(1),
        a: GridPoint::new(1.0, 1.0),
        b: GridPoint::new(5.0, 1.0),
        kind: WallKind::Door { open: false },
    });
    e.difficult_cells.insert(Cell::new(2, 2));
    e.obstacle_cells.insert(Cell::new(4, 4));
    e.lights
        .push(Light::preset(LightKind::Torch, GridPoint::new(3.0, 3.0)));
    LibraryEntry::from_map(&e)
}

fn png_with_size(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(w, h, image::Rgba([120, 100, 70, 255]));
    let mut out = std::io::Cursor::new(Vec::new());
    if let Err(err) = img.write_to(&mut out, image::ImageFormat::Png) {
        panic!("could not encode the PNG: {err}");
    }
    out.into_inner()
}

#[test]
fn use_this_map_replaces_the_map_keeps_the_tokens_and_undoes_in_one_step() {
    let dir = tempfile::tempdir().unwrap();
    let mill = old_mill();
    save_entry(&dir.path().join("library"), &mill).unwrap();
    let mut encounter = skirmish();
    encounter.walls.push(Wall {
        id: WallId(4),
        a: GridPoint::new(0.0, 0.0),
        b: GridPoint::new(0.0, 3.0),
        kind: WallKind::Wall,
    });
    encounter.obstacle_cells.insert(Cell::new(7, 7));
    encounter
        .tokens
        .push(Token::new(TokenId(1), "Bram", Side::Party, Cell::new(1, 1)));
    let before = encounter.clone();
    let mut harness = library_app(dir.path(), encounter);
    // The map's line in the pane, and its button.
    library_label(&harness, "Old Mill");
    harness.get_by_label("Use this map").click();
    harness.run();

    let e = &harness.state().document.encounter;
    assert_eq!((e.map.width_cells, e.map.height_cells), (12, 9));
    let walls: Vec<_> = e.walls.iter().map(|w| (w.a, w.b, w.kind)).collect();
    assert_eq!(
        walls,
        [(
            GridPoint::new(1.0, 1.0),
            GridPoint::new(5.0, 1.0),
            WallKind::Door { open: false }
        )]
    );
    assert_eq!(e.lights, mill.encounter.lights);
    assert_eq!(e.difficult_cells, mill.encounter.difficult_cells);
    assert_eq!(
        e.obstacle_cells, mill.encounter.obstacle_cells,
        "the old pillar went"
    );
    let Some(bg) = e.map.background.as_ref() else {
        panic!("no background");
    };
    assert_eq!(bg.origin_in_grid, GridPoint::new(-0.5, 0.25));
    assert_eq!(e.images[&bg.image].data, mill.picture().unwrap().data);
    assert_eq!(e.tokens, before.tokens, "tokens stay");

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(
        harness.state().document.encounter,
        before,
        "one step undoes it all"
    );
    assert_eq!(harness.state().document.history().undo_label(), None);
}

/// A PNG whose header is intact but whose pixel data is scrambled (the IDAT chunk's data
/// flipped), so it lists by its header and fails only when decoded.
fn png_with_corrupt_body() -> Vec<u8> {
    let img = image::RgbaImage::from_fn(16, 16, |x, y| {
        image::Rgba([x as u8 * 9, y as u8 * 7, 90, 255])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    if let Err(err) = img.write_to(&mut out, image::ImageFormat::Png) {
        panic!("could not encode the PNG: {err}");
    }
    let mut bytes = out.into_inner();
    let Some(idat) = bytes.windows(4).position(|w| w == b"IDAT") else {
        panic!("a PNG has an IDAT chunk");
    };
    let len_bytes = [
        bytes[idat - 4],
        bytes[idat - 3],
        bytes[idat - 2],
        bytes[idat - 1],
    ];
    let len = u32::from_be_bytes(len_bytes) as usize;
    for b in &mut bytes[idat + 4..idat + 4 + len] {
        *b ^= 0xFF;
    }
    bytes
}

#[test]
fn a_picture_that_does_not_decode_makes_its_entry_a_bad_line_that_cannot_be_placed() {
    let dir = tempfile::tempdir().unwrap();
    let library = dir.path().join("library");
    let mut wraith = entry("Wraith", Side::Enemy, SizeCategory::Medium);
    wraith.encounter.images.insert(
        lantern::model::ImageId(1),
        lantern::model::EmbeddedImage::new("wraith.png", png_with_corrupt_body()),
    );
    wraith.encounter.tokens[0].image = Some(lantern::model::ImageId(1));
    save_entry(&library, &wraith).unwrap();
    // The listing reads the header only, so the entry lists…
    let listed = load_folder(&library).unwrap();
    assert!(listed.iter().all(|l| l.summary.is_ok()));
    let mut harness = library_app(dir.path(), skirmish());
    // …until the picture worker decodes it: then it is a bad line with its error.
    let state = &harness.state().library;
    assert!(state.entry("wraith.creature.json").is_none());
    let row = state
        .rows
        .iter()
        .find(|r| r.file_name == "wraith.creature.json")
        .unwrap();
    let err = row.error().unwrap();
    assert!(err.contains("could not be decoded"), "{err}");
    harness.get_by_label("⚠ 1 entries could not be read");
    // Its file name is all the pane shows of it; dragging that places nothing.
    let from = library_label(&harness, "wraith.creature.json");
    let to = map_centre(&harness);
    drag(&mut harness, from, to, Modifiers::NONE);
    assert!(names(&harness).is_empty());
}

#[test]
fn an_entry_found_bad_when_dropped_says_why_and_becomes_a_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    let library = dir.path().join("library");
    // No picture, so the picture workers leave it alone; an image nothing shows, whose pixels
    // do not decode, so only reading it whole (at the drop) finds it bad.
    let mut shade = entry("Shade", Side::Enemy, SizeCategory::Medium);
    shade.encounter.images.insert(
        ImageId(4),
        EmbeddedImage::new("shade.png", png_with_corrupt_body()),
    );
    save_entry(&library, &shade).unwrap();
    let mut harness = library_app(dir.path(), skirmish());
    assert!(
        harness
            .state()
            .library
            .entry("shade.creature.json")
            .is_some()
    );
    let from = library_label(&harness, "Shade");
    let to = map_centre(&harness);
    drag(&mut harness, from, to, Modifiers::NONE);
    assert!(names(&harness).is_empty());
    let note = harness.state().map_view.refusal_note().unwrap_or_default();
    assert!(note.contains("“Shade” cannot be used"), "{note}");
    assert!(note.contains("could not be decoded"), "{note}");
    assert!(
        harness
            .state()
            .library
            .entry("shade.creature.json")
            .is_none()
    );
    harness.run();
    harness.get_by_label("⚠ 1 entries could not be read");
}

/// Issue 30, item 11: gathering a group does not move the list (the group waits at the pane's
/// bottom), so a second click where the first was lands on the same entry's "+".
#[test]
fn a_second_plus_in_the_same_place_adds_the_same_entry() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = library_app(dir.path(), skirmish());
    let row_y = library_label(&harness, "Goblin").y;
    let map_left = map_rect(&harness).left();
    let Some(plus) = harness
        .get_all_by_label("+")
        .filter(|n| n.rect().center().x < map_left)
        .map(|n| n.rect().center())
        .min_by(|a, b| (a.y - row_y).abs().total_cmp(&(b.y - row_y).abs()))
    else {
        panic!("no + button");
    };
    for _ in 0..2 {
        crate::support::click_at(&mut harness, plus);
        harness.run();
    }
    assert!(harness.query_by_label("2× Goblin").is_some());
    let moved = (library_label(&harness, "Goblin").y - row_y).abs();
    assert!(moved < 0.5, "the row stayed (moved {moved} points)");
}
