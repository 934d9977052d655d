//! Encounter files: save → load equality, migration, and a clear error for each kind of bad file.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use std::io::Cursor;

use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::files::{
    FORMAT_VERSION, FileError, encounter_from_json, encounter_to_json, load_encounter, migrate,
    save_encounter,
};
use lantern::model::{Background, Command, EmbeddedImage, Encounter, GridPoint, ImageId};
use serde_json::{Value, json};

fn png_bytes() -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(4, 3, image::Rgba([200, 100, 50, 255]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn demo_with_background() -> Encounter {
    let mut doc = Document::new(Demo::GoForthHeroes.encounter().unwrap(), None);
    let id = ImageId(1);
    doc.apply(Command::AddImage {
        id,
        image: EmbeddedImage::new("floor.png", png_bytes()),
    })
    .unwrap();
    doc.apply(Command::SetBackground(Some(Background {
        image: id,
        origin_in_grid: GridPoint::new(0.0, 0.0),
        pixels_per_cell: 70.0,
    })))
    .unwrap();
    doc.encounter
}

#[test]
fn save_then_load_gives_the_same_encounter() {
    let dir = tempfile::tempdir().unwrap();
    for encounter in [
        demo_with_background(),
        Demo::EveningHex.encounter().unwrap(),
    ] {
        let path = dir.path().join("e.lantern.json");
        save_encounter(&path, &encounter).unwrap();
        assert_eq!(load_encounter(&path).unwrap(), encounter);
    }
}

#[test]
fn images_travel_inside_the_file_as_base64() {
    let json: Value =
        serde_json::from_slice(&encounter_to_json(&demo_with_background()).unwrap()).unwrap();
    let data = json["images"]["1"]["data"].as_str().unwrap();
    assert!(
        data.starts_with("iVBORw0KGgo"),
        "PNG signature in base64: {data}"
    );
    assert_eq!(json["format_version"], FORMAT_VERSION);
}

#[test]
fn migration_of_the_current_version_is_the_identity() {
    let json: Value = serde_json::from_slice(
        &encounter_to_json(&Demo::GoForthHeroes.encounter().unwrap()).unwrap(),
    )
    .unwrap();
    assert_eq!(migrate(json.clone(), FORMAT_VERSION).unwrap(), json);
}

#[test]
fn version_zero_files_open_through_migration() {
    let mut json: Value = serde_json::from_slice(
        &encounter_to_json(&Demo::GoForthHeroes.encounter().unwrap()).unwrap(),
    )
    .unwrap();
    json["format_version"] = json!(0);
    let bytes = serde_json::to_vec(&json).unwrap();
    assert_eq!(
        encounter_from_json(&bytes).unwrap(),
        Demo::GoForthHeroes.encounter().unwrap()
    );
}

/// Each kind of bad file gives its own message, and loading it changes nothing that is open.
#[test]
fn each_bad_file_has_its_own_clear_error() {
    let good: Value =
        serde_json::from_slice(&encounter_to_json(&demo_with_background()).unwrap()).unwrap();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        serde_json::to_vec(&v).unwrap()
    };
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "not json",
            b"\x89PNG not json at all".to_vec(),
            "it is not valid JSON",
        ),
        (
            "no version",
            with(&|v| {
                v.as_object_mut().unwrap().remove("format_version");
            }),
            "has no `format_version`",
        ),
        (
            "future",
            with(&|v| v["format_version"] = json!(99)),
            "saved by a newer Lantern (format 99; this one reads up to 1)",
        ),
        (
            // The version decides before what a newer format may have changed.
            "future and of another shape",
            with(&|v| {
                v["format_version"] = json!(99);
                v["tokens"][2]["size"] = json!("enormous");
            }),
            "saved by a newer Lantern (format 99; this one reads up to 1)",
        ),
        (
            "wrong shape",
            with(&|v| v["tokens"][2]["size"] = json!("enormous")),
            "at `tokens[2].size`: unknown variant `enormous`",
        ),
        (
            "missing field",
            with(&|v| {
                v.as_object_mut().unwrap().remove("map");
            }),
            "missing field `map`",
        ),
        (
            "bad image",
            with(&|v| v["images"]["1"]["data"] = json!("aGVsbG8gd29ybGQ=")),
            "embedded image 1 (“floor.png”) could not be decoded",
        ),
        (
            "bad base64",
            with(&|v| v["images"]["1"]["data"] = json!("%%%")),
            "not valid base64",
        ),
        (
            "dangling image",
            with(&|v| v["map"]["background"]["image"] = json!(7)),
            "image 7 is not in the encounter",
        ),
        (
            "duplicate ids",
            with(&|v| v["tokens"][1]["id"] = json!(1)),
            "two tokens share the id 1",
        ),
        (
            "huge map",
            with(&|v| v["map"]["width_cells"] = json!(4_000_000)),
            "a map must be between 1 and 2000 cells on each side",
        ),
    ];
    let open = Document::new(Demo::EveningHex.encounter().unwrap(), None);
    let before = open.encounter.clone();
    // Past 4 MB the version and the rest are read side by side: the same message decides.
    let padded = |bytes: &[u8]| match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(mut object)) => {
            object.insert("padding".into(), json!("x".repeat(5 << 20)));
            serde_json::to_vec(&object).unwrap()
        }
        _ => [bytes, "x".repeat(5 << 20).as_bytes()].concat(),
    };
    for (name, bytes, expected) in cases {
        for bytes in [padded(&bytes), bytes] {
            let err = encounter_from_json(&bytes).expect_err(name).to_string();
            assert!(
                err.contains(expected),
                "{name} ({} bytes): {err}",
                bytes.len()
            );
        }
    }
    assert_eq!(open.encounter, before);
}

#[test]
fn a_missing_file_says_so() {
    let err = load_encounter(std::path::Path::new("/no/such/encounter.json")).unwrap_err();
    assert!(matches!(err, FileError::Missing));
    assert_eq!(err.to_string(), "the file does not exist");
}
