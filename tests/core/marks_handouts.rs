//! Marks and handouts as files keep them: they survive a save and a reload, a file past their
//! limits is refused in the limits' words, and a picture that is broken, too large or past the
//! file's pixel budget is refused as a handout with its reason.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use std::collections::BTreeMap;
use std::io::Cursor;
use std::sync::Arc;

use lantern::edit::{Document, apply};
use lantern::files::{PictureError, encounter_from_json, encounter_to_json, handout_picture};
use lantern::model::validate::{MAX_HANDOUTS, MAX_MARK_TEXT_CHARS, MAX_STROKE_POINTS};
use lantern::model::{
    Command, EmbeddedImage, Encounter, GridPoint, Handout, HandoutCommand, HandoutId, ImageId,
    Mark, MarkCommand, MarkId, MarkShape, RuleSystem,
};

/// A `width × height` PNG of one colour.
fn png(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbaImage::from_pixel(width, height, image::Rgba([120, 80, 40, 255]));
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A black `width × height` PNG of one bit a pixel: a few kilobytes that unpack to millions
/// of pixels.
fn one_bit_png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::One);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header().unwrap();
    let rows = vec![0_u8; width.div_ceil(8) as usize * height as usize];
    writer.write_image_data(&rows).unwrap();
    writer.finish().unwrap();
    bytes
}

fn stroke(id: u64, gm_only: bool) -> Mark {
    Mark {
        id: MarkId(id),
        shape: MarkShape::Stroke {
            points: vec![
                GridPoint::new(2.0, 2.0),
                GridPoint::new(3.5, 2.25),
                GridPoint::new(4.0, 5.0),
            ],
        },
        color: [230, 40, 40],
        gm_only,
    }
}

fn label(id: u64) -> Mark {
    Mark {
        id: MarkId(id),
        shape: MarkShape::Text {
            at: GridPoint::new(6.5, 1.0),
            text: "Pit trap — 3 m".into(),
        },
        color: [255, 190, 0],
        gm_only: false,
    }
}

/// An encounter with two marks and a handout, each added by its command.
fn drawn_on() -> Encounter {
    let mut doc = Document::new(Encounter::new("Drawn on", RuleSystem::Evening), None);
    for mark in [stroke(1, true), label(2)] {
        doc.apply(Command::Mark(MarkCommand::Add(mark))).unwrap();
    }
    let picture = EmbeddedImage::new("letter.png", png(30, 20));
    doc.apply(Command::Handout(HandoutCommand::Add {
        handout: Handout {
            id: HandoutId(1),
            name: "The baron's letter".into(),
            image: ImageId(1),
        },
        index: None,
        picture: Some(picture),
    }))
    .unwrap();
    doc.encounter
}

#[test]
fn marks_and_handouts_survive_save_and_reload() {
    let encounter = drawn_on();
    let bytes = encounter_to_json(&encounter).unwrap();
    let reloaded = encounter_from_json(&bytes).unwrap();
    assert_eq!(reloaded, encounter);
    assert_eq!(reloaded.marks, [stroke(1, true), label(2)]);
    assert_eq!(reloaded.handouts[0].name, "The baron's letter");
    // As FORMAT.md writes them.
    let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(json["marks"][1]["kind"], "text");
    assert_eq!(json["marks"][0]["gm_only"], true);
    assert_eq!(json["handouts"][0]["image"], 1);
}

#[test]
fn an_encounter_without_marks_or_handouts_writes_neither() {
    let bytes = encounter_to_json(&Encounter::new("Plain", RuleSystem::Evening)).unwrap();
    let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert!(json.get("marks").is_none() && json.get("handouts").is_none());
}

#[test]
fn undoing_a_kept_mark_takes_it_off_the_map() {
    let mut doc = Document::new(Encounter::new("t", RuleSystem::Evening), None);
    doc.apply(Command::Mark(MarkCommand::Add(stroke(1, false))))
        .unwrap();
    assert_eq!(doc.undo().unwrap(), Some("Draw on the map"));
    assert!(doc.encounter.marks.is_empty());
    assert_eq!(doc.redo().unwrap(), Some("Draw on the map"));
    assert_eq!(doc.encounter.marks, [stroke(1, false)]);
}

/// `encounter` with `change` made to its JSON, loaded: the loader's message.
fn load_changed(encounter: &Encounter, change: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut json: serde_json::Value =
        serde_json::from_slice(&encounter_to_json(encounter).unwrap()).unwrap();
    change(&mut json);
    match encounter_from_json(json.to_string().as_bytes()) {
        Ok(_) => panic!("the file was accepted"),
        Err(err) => err.to_string(),
    }
}

#[test]
fn a_file_past_the_marks_limits_is_refused_in_their_words() {
    let encounter = drawn_on();
    let long = load_changed(&encounter, |json| {
        let point = serde_json::json!([1.0, 1.0]);
        json["marks"][0]["points"] = serde_json::Value::Array(vec![point; MAX_STROKE_POINTS + 1]);
    });
    assert!(long.contains("points in one pen stroke"), "{long}");
    let text = load_changed(&encounter, |json| {
        json["marks"][1]["text"] = "x".repeat(MAX_MARK_TEXT_CHARS + 1).into();
    });
    assert!(text.contains(&MAX_MARK_TEXT_CHARS.to_string()), "{text}");
    let far = load_changed(&encounter, |json| {
        json["marks"][1]["at"] = serde_json::json!([1e9, 0.0]);
    });
    assert!(far.contains("outside the area"), "{far}");
    let twice = load_changed(&encounter, |json| {
        json["marks"][1]["id"] = 1.into();
    });
    assert!(twice.contains("mark 1"), "{twice}");
}

#[test]
fn a_file_whose_handout_names_no_picture_or_too_many_is_refused() {
    let encounter = drawn_on();
    let missing = load_changed(&encounter, |json| {
        json["handouts"][0]["image"] = 9.into();
    });
    assert!(missing.contains("image 9"), "{missing}");
    let many = load_changed(&encounter, |json| {
        let one = json["handouts"][0].clone();
        let list = (0..=MAX_HANDOUTS)
            .map(|i| {
                let mut h = one.clone();
                h["id"] = (i + 1).into();
                h
            })
            .collect();
        json["handouts"] = serde_json::Value::Array(list);
    });
    assert!(
        many.contains(&format!("at most {MAX_HANDOUTS} handouts")),
        "{many}"
    );
}

#[test]
fn a_handouts_picture_cannot_be_removed_from_under_it() {
    let mut encounter = drawn_on();
    assert_eq!(
        apply(&mut encounter, Command::RemoveImage(ImageId(1))),
        Err(lantern::model::CommandError::ImageInUse(ImageId(1)))
    );
}

#[test]
fn a_broken_picture_is_refused_with_its_reason() {
    let mut torn = png(64, 64);
    torn.truncate(torn.len() / 2);
    let err = handout_picture(&BTreeMap::new(), "torn.png", torn.into()).unwrap_err();
    assert!(matches!(err, PictureError::Refused { .. }), "{err}");
    assert!(
        err.to_string().starts_with("“torn.png” cannot be shown: "),
        "{err}"
    );
}

#[test]
fn a_huge_picture_is_refused_with_its_reason_before_it_is_unpacked() {
    // Wider than any image Lantern opens.
    let err = handout_picture(
        &BTreeMap::new(),
        "mural.png",
        one_bit_png(20_000, 100).into(),
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("the largest side Lantern opens is 16384"),
        "{err}"
    );
    // 7000 × 7000 from a few bytes: a decompression bomb.
    let err =
        handout_picture(&BTreeMap::new(), "bomb.png", one_bit_png(7000, 7000).into()).unwrap_err();
    assert!(
        err.to_string().contains("it unpacks to 49 million pixels"),
        "{err}"
    );
}

#[test]
fn a_picture_that_would_take_the_file_past_its_pixel_budget_is_refused() {
    // A 6000 × 6000 map is in the file; a 4000 × 4000 picture is fine alone, not beside it:
    // 52 million pixels against a budget of 48 million and a little for their bytes.
    let mut images = BTreeMap::new();
    images.insert(
        ImageId(1),
        EmbeddedImage::new("map.png", Arc::<[u8]>::from(one_bit_png(6000, 6000))),
    );
    let err = handout_picture(&images, "poster.png", one_bit_png(4000, 4000).into()).unwrap_err();
    let PictureError::OverBudget {
        found_millions,
        max_millions,
        ..
    } = err
    else {
        panic!("{err}");
    };
    assert_eq!((found_millions, max_millions), (52, 48));
}
