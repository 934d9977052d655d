//! The prep library: entry files, the folder, group placement and "Use this map".

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use std::collections::HashSet;

use lantern::board::footprint::footprint_cells;
use lantern::combat::momentum::MomentumPool;
use lantern::edit::apply;
use lantern::files::{FileError, encounter_to_json};
use lantern::library::{
    EntryKind, LibraryEntry, LibraryError, PlaceError, copy_entries, entry_from_json,
    entry_to_json, load_folder, numbered_name, place_group, save_entry, seed_if_missing,
    starting_entries, summary_from_json, use_map_command,
};
use lantern::model::{
    Background, Cell, EmbeddedImage, Encounter, GridPoint, ImageId, LibraryId, Light, LightKind,
    RuleSystem, Senses, Side, SizeCategory, Token, TokenId, Wall, WallId, WallKind,
};
use lantern::rules::TokenTrackers;
use lantern::rules::go_forth_heroes::{GfhToken, Hearts};
use proptest::prelude::*;

fn png_bytes() -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(4, 4, image::Rgba([200, 30, 30, 255]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn gfh_sheet() -> TokenTrackers {
    let mut gfh = GfhToken::default();
    gfh.attributes.might = 3;
    gfh.attributes.vigor = 2;
    gfh.hearts = Some(Hearts {
        remaining: 2,
        progress: 4,
        fortified: true,
        shield: 1,
        breaking_point: Some(3),
    });
    TokenTrackers::GoForthHeroes(gfh)
}

/// An encounter holding one goblin with an image, GFH trackers and a momentum pool.
fn encounter_with_goblin() -> Encounter {
    let mut e = Encounter::new("Raid", RuleSystem::GoForthHeroes);
    e.images
        .insert(ImageId(7), EmbeddedImage::new("goblin.png", png_bytes()));
    let mut goblin = Token::new(TokenId(5), "Goblin", Side::Enemy, Cell::new(3, 4))
        .with_size(SizeCategory::Small);
    goblin.image = Some(ImageId(7));
    goblin.notes = "Hates bright light".into();
    goblin.speed_cells = 5;
    e.tokens.push(goblin);
    e.combat.trackers.insert(TokenId(5), gfh_sheet());
    e.combat
        .momentum
        .insert(TokenId(5), MomentumPool::with_size(4));
    e
}

fn goblin_entry() -> LibraryEntry {
    LibraryEntry::from_token(&encounter_with_goblin(), TokenId(5)).unwrap()
}

fn creature(name: &str, size: SizeCategory) -> LibraryEntry {
    let mut e = Encounter::new(name, RuleSystem::GoForthHeroes);
    e.tokens
        .push(Token::new(TokenId(1), name, Side::Enemy, Cell::new(0, 0)).with_size(size));
    LibraryEntry::from_token(&e, TokenId(1)).unwrap()
}

fn map_entry() -> LibraryEntry {
    let mut e = Encounter::new("Old Mill", RuleSystem::Evening);
    e.map.width_cells = 12;
    e.map.height_cells = 9;
    e.images
        .insert(ImageId(3), EmbeddedImage::new("mill.png", png_bytes()));
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
    e.lights.push(Light {
        position: GridPoint::new(3.0, 3.0),
        range_cells: 4.0,
        intensity: 1.0,
        color: [255, 200, 120, 255],
        shadows: true,
        ..Light::preset(LightKind::Custom, GridPoint::new(3.0, 3.0))
    });
    e.tokens.push(Token::new(
        TokenId(1),
        "Miller",
        Side::Neutral,
        Cell::new(0, 0),
    ));
    LibraryEntry::from_map(&e)
}

#[test]
fn a_creature_entry_round_trips_with_its_looks_and_whole_sheet() {
    let entry = goblin_entry();
    assert_eq!(entry.kind, EntryKind::Creature);
    let sheet = &entry.sheets[&RuleSystem::GoForthHeroes];
    assert_eq!(sheet.trackers, gfh_sheet());
    assert_eq!(sheet.momentum, Some(MomentumPool::with_size(4)));
    assert_eq!(
        entry.picture().unwrap().data.as_ref(),
        png_bytes().as_slice()
    );
    let json = entry_to_json(&entry).unwrap();
    assert_eq!(entry_from_json(&json).unwrap(), entry);
}

#[test]
fn a_map_entry_keeps_the_map_and_drops_the_tokens() {
    let entry = map_entry();
    assert_eq!(entry.kind, EntryKind::Map);
    assert!(entry.encounter.tokens.is_empty());
    assert_eq!(entry.encounter.walls.len(), 1);
    assert!(entry.picture().is_some());
    let json = entry_to_json(&entry).unwrap();
    assert_eq!(entry_from_json(&json).unwrap(), entry);
}

#[test]
fn a_plain_encounter_file_migrates_to_an_entry() {
    // Version 0: an encounter file with no `library` block, dropped into the folder.
    let json = encounter_to_json(&encounter_with_goblin()).unwrap();
    let entry = entry_from_json(&json).unwrap();
    assert_eq!(entry.kind, EntryKind::Creature);
    assert_eq!(entry.name(), "Goblin");
    assert_eq!(
        entry.sheets[&RuleSystem::GoForthHeroes].momentum,
        Some(MomentumPool::with_size(4))
    );
    let mut party = Encounter::new("p", RuleSystem::Evening);
    party.tokens.push(Token::new(
        TokenId(1),
        "Aldric",
        Side::Party,
        Cell::new(0, 0),
    ));
    let hero = entry_from_json(&encounter_to_json(&party).unwrap()).unwrap();
    assert_eq!(hero.kind, EntryKind::Hero);
    let map = entry_from_json(&encounter_to_json(&Encounter::default()).unwrap()).unwrap();
    assert_eq!(map.kind, EntryKind::Map);
    party.tokens.push(Token::new(
        TokenId(2),
        "Mirelle",
        Side::Party,
        Cell::new(1, 0),
    ));
    let err = entry_from_json(&encounter_to_json(&party).unwrap()).unwrap_err();
    assert!(err.to_string().contains("holds 2 tokens"), "{err}");
}

#[test]
fn a_newer_library_version_is_refused_by_name() {
    let json = entry_to_json(&goblin_entry()).unwrap();
    let mut value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    value["library"]["version"] = 99.into();
    let err = entry_from_json(&serde_json::to_vec(&value).unwrap()).unwrap_err();
    assert!(
        matches!(err, LibraryError::FutureVersion { found: 99, .. }),
        "{err}"
    );
}

#[test]
fn a_sheet_filed_under_the_wrong_system_is_refused() {
    let mut entry = goblin_entry();
    let sheet = entry.sheets.remove(&RuleSystem::GoForthHeroes).unwrap();
    entry.sheets.insert(RuleSystem::Evening, sheet);
    let err = entry_from_json(&entry_to_json(&entry).unwrap()).unwrap_err();
    assert!(matches!(err, LibraryError::Inconsistent(_)), "{err}");
}

#[test]
fn a_bad_entry_is_listed_with_its_error_and_the_others_load() {
    let dir = tempfile::tempdir().unwrap();
    save_entry(dir.path(), &goblin_entry()).unwrap();
    save_entry(dir.path(), &map_entry()).unwrap();
    std::fs::write(dir.path().join("broken.creature.json"), b"{ not json").unwrap();
    // Valid JSON whose image is not an image: the encounter file's own image check catches it.
    let mut bad = goblin_entry();
    bad.encounter.tokens[0].name = "Bad Image".into();
    bad.encounter
        .images
        .insert(ImageId(1), EmbeddedImage::new("x.png", b"garbage".to_vec()));
    save_entry(dir.path(), &bad).unwrap();
    let listed = load_folder(dir.path()).unwrap();
    assert_eq!(listed.len(), 4);
    let good: Vec<&str> = listed
        .iter()
        .filter_map(|l| l.summary.as_ref().ok())
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(good, ["Goblin", "Old Mill"]);
    let errors: Vec<(String, String)> = listed
        .iter()
        .filter_map(|l| Some((l.file_name.clone(), l.error()?)))
        .collect();
    assert_eq!(errors.len(), 2);
    assert_eq!(errors[0].0, "bad-image.creature.json");
    assert!(
        errors[0].1.contains("could not be decoded"),
        "{}",
        errors[0].1
    );
    assert_eq!(errors[1].0, "broken.creature.json");
    assert!(errors[1].1.contains("not valid JSON"), "{}", errors[1].1);
}

/// A PNG whose header (signature and size) is intact but whose pixel data is scrambled: every
/// byte of the IDAT chunk's data flipped, so the header check passes and only a decode fails.
fn png_with_corrupt_body() -> Vec<u8> {
    let img = image::RgbaImage::from_fn(16, 16, |x, y| {
        image::Rgba([x as u8 * 9, y as u8 * 7, 90, 255])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    let mut bytes = out.into_inner();
    let idat = bytes.windows(4).position(|w| w == b"IDAT").unwrap();
    let len = u32::from_be_bytes(bytes[idat - 4..idat].try_into().unwrap()) as usize;
    for b in &mut bytes[idat + 4..idat + 4 + len] {
        *b ^= 0xFF;
    }
    bytes
}

#[test]
fn an_entry_listed_by_its_image_header_is_bad_once_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut goblin = goblin_entry();
    goblin.encounter.images.insert(
        ImageId(7),
        EmbeddedImage::new("goblin.png", png_with_corrupt_body()),
    );
    save_entry(dir.path(), &goblin).unwrap();
    let mut mill = map_entry();
    mill.encounter.images.insert(
        ImageId(3),
        EmbeddedImage::new("mill.png", png_with_corrupt_body()),
    );
    save_entry(dir.path(), &mill).unwrap();

    // Listing reads headers only: both entries list.
    let listed = load_folder(dir.path()).unwrap();
    assert_eq!(listed.len(), 2);
    assert!(
        listed
            .iter()
            .all(|l| l.usable().is_some() && l.error().is_none())
    );
    for (l, entry) in listed.iter().zip([&goblin, &mill]) {
        // Using it reads it whole (what placing, "Use this map" and the picture worker do):
        // refused for the image, by the same message the full load of the file gives…
        let err = l.load().unwrap_err();
        assert!(
            matches!(&*err, LibraryError::File(FileError::BadImage { .. })),
            "{err}"
        );
        let full = entry_from_json(&entry_to_json(entry).unwrap()).unwrap_err();
        assert_eq!(full.to_string(), err.to_string());
        // …and from then on it is a bad line with that error, never usable.
        assert!(l.usable().is_none());
        assert_eq!(l.error(), Some(err.to_string()));
        assert!(l.load().is_err());
    }
}

#[test]
fn the_listing_reads_what_the_whole_entry_says() {
    for entry in [
        goblin_entry(),
        map_entry(),
        creature("Ogre", SizeCategory::Huge),
    ] {
        let json = entry_to_json(&entry).unwrap();
        assert_eq!(summary_from_json(&json).unwrap(), entry.summary());
    }
    // A header the prefix does not reach (a PNG with a large text chunk before its pixels) is
    // read from the whole image instead.
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, 4, 4);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .add_text_chunk("Comment".into(), "a".repeat(20_000))
        .unwrap();
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&[90; 4 * 4 * 4]).unwrap();
    writer.finish().unwrap();
    let mut big_header = goblin_entry();
    big_header
        .encounter
        .images
        .insert(ImageId(7), EmbeddedImage::new("goblin.png", png));
    let json = entry_to_json(&big_header).unwrap();
    assert_eq!(summary_from_json(&json).unwrap(), big_header.summary());
}

#[test]
fn a_listing_refuses_what_the_encounter_file_refuses_with_its_message() {
    let mut value: serde_json::Value =
        serde_json::from_slice(&entry_to_json(&goblin_entry()).unwrap()).unwrap();
    let mut cases = Vec::new();
    let mut not_base64 = value.clone();
    not_base64["images"]["7"]["data"] = "@@@@".into();
    cases.push(not_base64);
    let mut not_an_image = value.clone();
    not_an_image["images"]["7"]["data"] = "aGVsbG8gd29ybGQh".into();
    cases.push(not_an_image);
    let mut missing_image = value.clone();
    missing_image["images"] = serde_json::json!({});
    cases.push(missing_image);
    value["format_version"] = 99.into();
    cases.push(value);
    for case in cases {
        let bytes = serde_json::to_vec(&case).unwrap();
        let listed = summary_from_json(&bytes).unwrap_err();
        let full = entry_from_json(&bytes).unwrap_err();
        assert_eq!(listed.to_string(), full.to_string());
    }
}

#[test]
fn saving_an_entry_of_the_same_name_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    save_entry(dir.path(), &goblin_entry()).unwrap();
    let mut tougher = goblin_entry();
    tougher.encounter.tokens[0].speed_cells = 9;
    save_entry(dir.path(), &tougher).unwrap();
    let listed = load_folder(dir.path()).unwrap();
    assert_eq!(listed.len(), 1);
    let summary = listed[0].summary.as_ref().unwrap();
    assert_eq!(summary.token.as_ref().unwrap().speed_cells, 9);
    assert_eq!(listed[0].load().unwrap().token().unwrap().speed_cells, 9);
}

#[test]
fn a_whole_folder_exports_and_imports_leaving_bad_files_behind() {
    let library = tempfile::tempdir().unwrap();
    let shared = tempfile::tempdir().unwrap();
    save_entry(library.path(), &goblin_entry()).unwrap();
    save_entry(library.path(), &map_entry()).unwrap();
    std::fs::write(library.path().join("junk.json"), b"[]").unwrap();
    let report = copy_entries(library.path(), shared.path()).unwrap();
    assert_eq!(report.copied.len(), 2);
    assert_eq!(report.failed.len(), 1);
    assert_eq!(report.failed[0].0, "junk.json");
    let other = tempfile::tempdir().unwrap();
    copy_entries(shared.path(), other.path()).unwrap();
    let listed = load_folder(other.path()).unwrap();
    assert_eq!(listed.len(), 2);
    assert!(listed.iter().all(|l| l.summary.is_ok()));
}

#[test]
fn the_starting_content_is_the_demo_party_and_monsters() {
    let entries = starting_entries();
    // Ambush at the Old Mill: 4 heroes, 5 foes; The Ford at Greywater: 3 heroes, 4 foes.
    let heroes = entries.iter().filter(|e| e.kind == EntryKind::Hero).count();
    let creatures = entries
        .iter()
        .filter(|e| e.kind == EntryKind::Creature)
        .count();
    assert_eq!((heroes, creatures), (7, 9));
    assert!(entries.iter().all(|e| !e.sheets.is_empty()));
    let dir = tempfile::tempdir().unwrap();
    let library = dir.path().join("library");
    assert!(seed_if_missing(&library).unwrap());
    assert!(!seed_if_missing(&library).unwrap(), "seeded only once");
    let listed = load_folder(&library).unwrap();
    assert_eq!(listed.len(), 16);
    assert!(listed.iter().all(|l| l.summary.is_ok()));
}

#[test]
fn saving_a_numbered_copy_updates_the_creature_not_a_new_entry() {
    let mut e = encounter_with_goblin();
    e.tokens[0].name = "Goblin 3".into();
    let entry = LibraryEntry::from_token(&e, TokenId(5)).unwrap();
    assert_eq!(entry.name(), "Goblin");
    // Heroes keep their names whole.
    e.tokens[0].side = Side::Party;
    let hero = LibraryEntry::from_token(&e, TokenId(5)).unwrap();
    assert_eq!(hero.name(), "Goblin 3");
}

#[test]
fn numbering_follows_the_highest_copy_in_use() {
    assert_eq!(numbered_name([], "Goblin"), "Goblin");
    assert_eq!(numbered_name(["Goblin"], "Goblin"), "Goblin 2");
    assert_eq!(numbered_name(["Goblin", "Goblin 4"], "Goblin"), "Goblin 5");
    assert_eq!(numbered_name(["Goblin Archer"], "Goblin"), "Goblin");
}

/// A 10×10 square map with a goblin already standing at (2,2) and a pillar at (3,2).
fn skirmish() -> Encounter {
    let mut e = Encounter::new("Skirmish", RuleSystem::GoForthHeroes);
    e.map.width_cells = 10;
    e.map.height_cells = 10;
    e.tokens.push(Token::new(
        TokenId(1),
        "Goblin",
        Side::Enemy,
        Cell::new(2, 2),
    ));
    e.obstacle_cells.insert(Cell::new(3, 2));
    e
}

#[test]
fn a_group_is_named_and_placed_without_overlap_in_one_step() {
    let mut e = skirmish();
    let before = e.clone();
    let goblin = goblin_entry();
    let hobgoblin = creature("Hobgoblin", SizeCategory::Large);
    let command = place_group(&e, &[(&goblin, 4), (&hobgoblin, 1)], Cell::new(2, 2)).unwrap();
    let inverse = apply(&mut e, command).unwrap();
    let names: Vec<&str> = e.tokens[1..].iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        ["Goblin 2", "Goblin 3", "Goblin 4", "Goblin 5", "Hobgoblin"]
    );
    let mut seen: HashSet<Cell> = e.obstacle_cells.iter().copied().collect();
    for token in &e.tokens {
        for cell in footprint_cells(e.map.grid, token.size, token.cell) {
            assert!(e.map.contains(cell), "{} off the map", token.name);
            assert!(seen.insert(cell), "{} overlaps at {cell:?}", token.name);
        }
    }
    // Every copy carries the whole sheet and one shared image.
    for token in e.tokens.iter().filter(|t| t.name.starts_with("Goblin ")) {
        assert_eq!(e.sheet(token.id), Some(&gfh_sheet()));
        assert_eq!(e.combat.momentum[&token.id], MomentumPool::with_size(4));
    }
    assert_eq!(e.images.len(), 1);
    apply(&mut e, inverse).unwrap();
    assert_eq!(e, before, "one inverse undoes the whole group");
}

fn hero(name: &str, id: &str) -> LibraryEntry {
    let mut source = Encounter::new("s", RuleSystem::GoForthHeroes);
    source
        .tokens
        .push(Token::new(TokenId(1), name, Side::Party, Cell::new(0, 0)));
    let mut hero = LibraryEntry::from_token(&source, TokenId(1)).unwrap();
    assert_eq!(hero.kind, EntryKind::Hero);
    hero.id = LibraryId(id.to_owned());
    hero
}

#[test]
fn a_hero_already_on_the_map_is_refused_with_the_reason_even_renamed() {
    let mut e = skirmish();
    let kestrel = hero("Kestrel", "k-1");
    let command = place_group(&e, &[(&kestrel, 1)], Cell::new(5, 5)).unwrap();
    apply(&mut e, command).unwrap();
    let placed = e.tokens.last().unwrap().clone();
    assert_eq!(placed.library_id, Some(LibraryId("k-1".into())));
    // Renamed on the map, it is still the same hero.
    apply(
        &mut e,
        lantern::model::Command::UpdateToken(Token {
            name: "Kess the Bold".into(),
            ..placed
        }),
    )
    .unwrap();
    let err = place_group(&e, &[(&kestrel, 1)], Cell::new(0, 0)).unwrap_err();
    assert_eq!(err, PlaceError::HeroOnMap("Kestrel".into()));
    assert!(err.to_string().contains("already on the map"));
    // Twice in one group is refused too.
    let err = place_group(&skirmish(), &[(&kestrel, 2)], Cell::new(0, 0)).unwrap_err();
    assert_eq!(err, PlaceError::HeroOnMap("Kestrel".into()));
}

#[test]
fn two_heroes_of_one_name_are_two_heroes() {
    let mut e = skirmish();
    let ours = hero("Kestrel", "ours");
    let theirs = hero("Kestrel", "theirs");
    let command = place_group(&e, &[(&ours, 1)], Cell::new(5, 5)).unwrap();
    apply(&mut e, command).unwrap();
    let command = place_group(&e, &[(&theirs, 1)], Cell::new(5, 5)).unwrap();
    apply(&mut e, command).unwrap();
    let kestrels = e.tokens.iter().filter(|t| t.name == "Kestrel").count();
    assert_eq!(kestrels, 2);
}

#[test]
fn a_hero_token_from_before_identities_is_known_by_its_name() {
    // A file from before identities: the token has none, and a version 1 entry has none either;
    // both are known by kind and name, so the hero is refused as it always was.
    let mut e = skirmish();
    e.tokens.push(Token::new(
        TokenId(2),
        "Kestrel",
        Side::Party,
        Cell::new(5, 5),
    ));
    let mut value: serde_json::Value =
        serde_json::from_slice(&entry_to_json(&hero("Kestrel", "new")).unwrap()).unwrap();
    value["library"]["version"] = 1.into();
    value["library"].as_object_mut().unwrap().remove("id");
    let old_entry = entry_from_json(&serde_json::to_vec(&value).unwrap()).unwrap();
    assert_eq!(old_entry.id, LibraryId("hero:kestrel".into()));
    let listed = summary_from_json(&serde_json::to_vec(&value).unwrap()).unwrap();
    assert_eq!(listed.id, old_entry.id);
    let err = place_group(&e, &[(&old_entry, 1)], Cell::new(0, 0)).unwrap_err();
    assert_eq!(err, PlaceError::HeroOnMap("Kestrel".into()));
    // A hero saved since is a hero of its own.
    assert!(place_group(&e, &[(&hero("Kestrel", "new"), 1)], Cell::new(0, 0)).is_ok());
}

#[test]
fn a_placed_tokens_identity_is_kept_in_the_encounter_file() {
    let mut e = skirmish();
    let command = place_group(&e, &[(&hero("Kestrel", "k-1"), 1)], Cell::new(5, 5)).unwrap();
    apply(&mut e, command).unwrap();
    let json = encounter_to_json(&e).unwrap();
    let back = lantern::files::encounter_from_json(&json).unwrap();
    assert_eq!(back, e);
    assert_eq!(
        back.tokens.last().unwrap().library_id,
        Some(LibraryId("k-1".into()))
    );
    // Saving the placed hero keeps the entry's identity.
    let saved = LibraryEntry::from_token(&back, back.tokens.last().unwrap().id).unwrap();
    assert_eq!(saved.id, LibraryId("k-1".into()));
    assert_eq!(saved.token().unwrap().library_id, None);
}

#[test]
fn a_full_map_says_so() {
    let mut e = Encounter::new("tiny", RuleSystem::Evening);
    e.map.width_cells = 1;
    e.map.height_cells = 1;
    let goblin = creature("Goblin", SizeCategory::Medium);
    let err = place_group(&e, &[(&goblin, 2)], Cell::new(0, 0)).unwrap_err();
    assert_eq!(err, PlaceError::NoRoom("Goblin 2".into()));
}

#[test]
fn using_a_map_replaces_the_encounters_map_in_one_step() {
    let mut e = skirmish();
    e.walls.push(Wall {
        id: WallId(4),
        a: GridPoint::new(0.0, 0.0),
        b: GridPoint::new(0.0, 3.0),
        kind: WallKind::Wall,
    });
    let before = e.clone();
    let entry = map_entry();
    let command = use_map_command(&e, &entry).unwrap();
    let inverse = apply(&mut e, command).unwrap();
    assert_eq!((e.map.width_cells, e.map.height_cells), (12, 9));
    assert_eq!(e.walls.len(), 1);
    assert_eq!(e.walls[0].kind, WallKind::Door { open: false });
    assert_eq!(e.difficult_cells, entry.encounter.difficult_cells);
    assert_eq!(
        e.obstacle_cells, entry.encounter.obstacle_cells,
        "the old pillar went"
    );
    assert_eq!(e.lights, entry.encounter.lights);
    let bg = e.map.background.as_ref().unwrap();
    assert_eq!(bg.origin_in_grid, GridPoint::new(-0.5, 0.25));
    assert!((bg.pixels_per_cell - 70.0).abs() < 1e-9);
    assert_eq!(e.images[&bg.image].data.as_ref(), png_bytes().as_slice());
    assert_eq!(e.tokens, before.tokens, "tokens stay");
    apply(&mut e, inverse).unwrap();
    assert_eq!(e, before);
    assert!(matches!(
        use_map_command(&e, &goblin_entry()),
        Err(PlaceError::NotAMap(_))
    ));
}

fn any_side() -> impl Strategy<Value = Side> {
    prop::sample::select(Side::ALL.to_vec())
}

fn any_size() -> impl Strategy<Value = SizeCategory> {
    prop::sample::select(SizeCategory::ALL.to_vec())
}

prop_compose! {
    fn any_token()(
        name in "[A-Za-z][A-Za-z ]{0,12}[A-Za-z]",
        side in any_side(),
        size in any_size(),
        color in prop::option::of(any::<[u8; 3]>()),
        gm_only in any::<bool>(),
        notes in ".{0,20}",
        rotation_deg in -360.0f32..360.0,
        speed_cells in 0u32..40,
        finesse in -5i32..10,
        darkvision in prop::option::of(0u32..30),
        id in 1u64..50,
        x in 0i32..20,
        y in 0i32..20,
    ) -> Token {
        Token {
            id: TokenId(id),
            name,
            side,
            size,
            cell: Cell::new(x, y),
            color,
            image: None,
            gm_only,
            notes,
            rotation_deg,
            speed_cells,
            finesse,
            senses: darkvision.map_or(Senses::Normal, |range_cells| Senses::Darkvision {
                range_cells,
            }),
            library_id: None,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Saving a token to the library and dropping it back gives an equal token, except its id
    /// and position, with the same sheet and momentum pool.
    #[test]
    fn a_token_saved_and_dropped_back_is_the_same_token(
        token in any_token(),
        might in -3i64..6,
        momentum in prop::option::of(1usize..7),
        with_image in any::<bool>(),
    ) {
        let mut source = Encounter::new("source", RuleSystem::GoForthHeroes);
        let mut token = token;
        if with_image {
            source.images.insert(ImageId(9), EmbeddedImage::new("t.png", png_bytes()));
            token.image = Some(ImageId(9));
        }
        let mut gfh = GfhToken::default();
        gfh.attributes.might = might;
        source.combat.trackers.insert(token.id, TokenTrackers::GoForthHeroes(gfh.clone()));
        if let Some(size) = momentum {
            source.combat.momentum.insert(token.id, MomentumPool::with_size(size));
        }
        source.tokens.push(token.clone());

        let entry = LibraryEntry::from_token(&source, token.id).unwrap();
        let dir = tempfile::tempdir().unwrap();
        save_entry(dir.path(), &entry).unwrap();
        let listed = load_folder(dir.path()).unwrap();
        let loaded = listed[0].load().unwrap();
        prop_assert_eq!(listed[0].summary.as_ref().unwrap(), &loaded.summary());

        let mut target = Encounter::new("target", RuleSystem::GoForthHeroes);
        let command = place_group(&target, &[(&*loaded, 1)], Cell::new(4, 4)).unwrap();
        apply(&mut target, command).unwrap();
        let dropped = &target.tokens[0];
        // The dropped token carries the entry's identity; the rest is the token as it was.
        prop_assert_eq!(&dropped.library_id, &Some(entry.id.clone()));
        let expected = Token {
            id: dropped.id,
            cell: dropped.cell,
            image: dropped.image,
            library_id: dropped.library_id.clone(),
            ..token.clone()
        };
        prop_assert_eq!(dropped, &expected);
        prop_assert_eq!(
            dropped.image.map(|i| target.images[&i].data.clone()),
            token.image.map(|i| source.images[&i].data.clone())
        );
        prop_assert_eq!(target.sheet(dropped.id), Some(&TokenTrackers::GoForthHeroes(gfh)));
        prop_assert_eq!(
            target.combat.momentum.get(&dropped.id),
            source.combat.momentum.get(&token.id)
        );
    }
}

#[test]
fn using_a_smaller_map_brings_tokens_off_its_edge_onto_it_in_the_same_step() {
    // The skirmish map is 10×10; the Old Mill is 12 columns × 9 rows (rows 0..=8). A scout at
    // (9, 9) would stand below the mill's last row: pulled up to (9, 8), free, it moves there.
    // The goblin at (2, 2) is inside the mill and clear of its pillar at (4, 4): it stays.
    let mut e = skirmish();
    e.tokens.push(Token::new(
        TokenId(2),
        "Scout",
        Side::Party,
        Cell::new(9, 9),
    ));
    let before = e.clone();
    let command = use_map_command(&e, &map_entry()).unwrap();
    let inverse = apply(&mut e, command).unwrap();
    assert_eq!(e.token(TokenId(1)).unwrap().cell, Cell::new(2, 2));
    assert_eq!(e.token(TokenId(2)).unwrap().cell, Cell::new(9, 8));
    apply(&mut e, inverse).unwrap();
    assert_eq!(e, before, "one undo puts the old map and the scout back");
}
