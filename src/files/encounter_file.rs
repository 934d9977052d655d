//! The encounter file: JSON with a `format_version`, the encounter's fields beside it.
//!
//! Loading reads the version, then streams the JSON straight into the typed model (no generic
//! JSON tree, so a large file costs about what the encounter itself does), normalises the walls,
//! and runs the model's one validation ([`crate::model::validate`], the same the commands run)
//! and the image limits. The format is documented in `FORMAT.md`.

use std::path::Path;

use serde_json::Value;

use super::images::{image_pixels, pixel_budget};
use super::{FileError, clip_message, decode_image, read_regular, write_atomic};
use crate::model::validate::TOO_LONG_MARKER;
use crate::model::{Encounter, ImageId, normalise_walls, validate};
use image::RgbaImage;

/// The version this build writes. Bump it, and add a step to [`migrate`], when the format changes
/// in a way old files don't already fit through `#[serde(default)]`.
pub const FORMAT_VERSION: u64 = 1;

/// Upgrades a parsed file of version `from` to the current version.
///
/// Version 1 is the first format, so today the only step is the identity and the loader never
/// needs it (versions 0 and 1 stream straight into the model); each future version adds one
/// `from == n` arm that rewrites the JSON to version `n + 1`, and the loader then parses files
/// older than [`FORMAT_VERSION`] through it.
pub fn migrate(mut value: Value, from: u64) -> Result<Value, FileError> {
    if from > FORMAT_VERSION {
        return Err(FileError::FutureVersion {
            found: from,
            supported: FORMAT_VERSION,
        });
    }
    if let Value::Object(map) = &mut value {
        map.insert("format_version".to_owned(), Value::from(FORMAT_VERSION));
    }
    Ok(value)
}

/// The UTF-8 byte-order mark some editors put at the start of a text file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Parses and validates an encounter from file bytes, every embedded image decoded.
pub fn encounter_from_json(bytes: &[u8]) -> Result<Encounter, FileError> {
    let encounter = encounter_from_json_headers(bytes)?;
    decode_images(&encounter, |_, _| ())?;
    Ok(encounter)
}

/// Parses and validates an encounter from file bytes like [`encounter_from_json`], but checks
/// each embedded image by its header only (a PNG, JPEG or WebP within the side limit, and all of
/// them within the file's pixel budget) without unpacking its pixels. For listing many files
/// quickly (the prep library): the encounter is not ready for use until [`decode_images`] has
/// succeeded on it, which is the rest of [`encounter_from_json`]'s checks.
pub fn encounter_from_json_headers(bytes: &[u8]) -> Result<Encounter, FileError> {
    encounter_from_json_noting(bytes).map(|(encounter, _)| encounter)
}

/// [`encounter_from_json_headers`], with what the loader let go to open the file, in a
/// sentence for the GM (`None` when it let nothing go): what a fight kept for deleted tokens.
pub fn encounter_from_json_noting(bytes: &[u8]) -> Result<(Encounter, Option<String>), FileError> {
    let bytes = bytes.strip_prefix(BYTE_ORDER_MARK).unwrap_or(bytes);
    // The version is read first and decides; on a large file the reading of everything else
    // goes on beside it (each is a pass over the whole file).
    let (version, parsed) = if bytes.len() < PARSE_BESIDE_THE_VERSION_FROM {
        (read_version(bytes), None)
    } else {
        std::thread::scope(|scope| {
            let parse = scope.spawn(|| parse_encounter(bytes));
            let version = read_version(bytes);
            let parsed = parse
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (version, Some(parsed))
        })
    };
    let version = version?;
    if version > FORMAT_VERSION {
        return Err(FileError::FutureVersion {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    // Version 0 never shipped; it reads as the first format, so hand-written files that say 0
    // still open.
    let mut encounter = match parsed {
        Some(parsed) => parsed?,
        None => parse_encounter(bytes)?,
    };
    encounter.combat.settle_condition_systems(encounter.system);
    encounter.walls = normalise_walls(std::mem::take(&mut encounter.walls));
    let note = forget_deleted_tokens(&mut encounter);
    validate(&encounter).map_err(FileError::Invalid)?;
    check_image_headers(&encounter)?;
    Ok((encounter, note))
}

/// Files from which the version and the rest are read side by side (see
/// [`encounter_from_json_noting`]); below it a second thread costs more than it saves.
const PARSE_BESIDE_THE_VERSION_FROM: usize = 4 << 20;

/// A Lantern before deleting a token cleared its part of the fight saved files whose fight
/// still names deleted tokens (a turn-order place, sheets, conditions): nothing shows them, so
/// the loader lets them go, as deleting the token now does, rather than refuse the file.
fn forget_deleted_tokens(encounter: &mut Encounter) -> Option<String> {
    let held: std::collections::BTreeSet<_> = encounter.tokens.iter().map(|t| t.id).collect();
    match encounter.combat.forget_tokens_not_in(&held) {
        0 => None,
        1 => Some(
            "The fight named a token that is no longer on the map; its turn-order place, \
             conditions and sheets were let go."
                .to_owned(),
        ),
        n => Some(format!(
            "The fight named {n} tokens that are no longer on the map; their turn-order \
             places, conditions and sheets were let go."
        )),
    }
}

/// Streams the JSON into the model, keeping the path of the first wrong field for the message.
fn parse_encounter(bytes: &[u8]) -> Result<Encounter, FileError> {
    // Tracking the path costs a quarter of the parse (a second on a 130 MB map): a file that
    // parses needs none, and one that fails is parsed again for its message.
    if let Ok(encounter) = serde_json::from_slice(bytes) {
        return Ok(encounter);
    }
    let mut json = serde_json::Deserializer::from_slice(bytes);
    let encounter: Encounter = serde_path_to_error::deserialize(&mut json).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        if let Some(too_long) = too_long(&path, &inner) {
            return too_long;
        }
        // Clipped: a damaged file can put a megabyte of text where a name belongs, and serde
        // quotes it whole.
        if path == "." {
            FileError::WrongShape(clip_message(&inner.to_string()))
        } else {
            FileError::WrongShape(clip_message(&format!("at `{path}`: {inner}")))
        }
    })?;
    json.end().map_err(FileError::NotJson)?;
    Ok(encounter)
}

/// A text over its cap, which the model's capped reader refused as it read it: said as the
/// validation says it, with the field's path and where it is in the file.
fn too_long(path: &str, err: &serde_json::Error) -> Option<FileError> {
    let message = err.to_string();
    let detail = message.strip_prefix(TOO_LONG_MARKER)?;
    // serde_json adds " at line L column C"; said once, in words.
    let detail = detail.split(" at line ").next().unwrap_or(detail);
    Some(FileError::TooLong {
        path: path.to_owned(),
        detail: format!("{detail} (line {}, column {})", err.line(), err.column()),
    })
}

/// Reads `format_version` alone, skipping every other field without building it.
fn read_version(bytes: &[u8]) -> Result<u64, FileError> {
    #[derive(serde::Deserialize)]
    struct Probe {
        #[serde(default)]
        format_version: Version,
    }
    if let Some(shape) = top_shape(bytes) {
        // Valid JSON of another shape is said to be so; anything else is not JSON at all.
        return match serde_json::from_slice::<serde::de::IgnoredAny>(bytes) {
            Ok(_) => Err(FileError::NotAnObject(shape)),
            Err(err) => Err(FileError::NotJson(err)),
        };
    }
    let probe: Probe = serde_json::from_slice(bytes).map_err(|err| match err.classify() {
        // Inside an object: `format_version` given twice.
        serde_json::error::Category::Data => FileError::WrongShape(clip_message(&err.to_string())),
        _ => FileError::NotJson(err),
    })?;
    match probe.format_version {
        Version::Missing => Err(FileError::NoVersion),
        Version::Number(n) => Ok(n),
        Version::Wrong(found) => Err(FileError::BadVersion(found)),
    }
}

/// What a file holds at its top when that is not an object (`None` for an object, or for
/// nothing JSON starts with, which the JSON reader then names).
fn top_shape(bytes: &[u8]) -> Option<&'static str> {
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace())?;
    match first {
        b'[' => Some("a JSON list"),
        b'"' => Some("a JSON string"),
        b't' | b'f' => Some("a JSON true or false"),
        b'n' => Some("a JSON null"),
        b'-' | b'0'..=b'9' => Some("a JSON number"),
        _ => None,
    }
}

/// What the file's `format_version` holds.
#[derive(Default)]
enum Version {
    #[default]
    Missing,
    Number(u64),
    /// Anything but a whole number from 0 up, as the file wrote it.
    Wrong(String),
}

impl<'de> serde::Deserialize<'de> for Version {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(VersionVisitor)
    }
}

struct VersionVisitor;

impl<'de> serde::de::Visitor<'de> for VersionVisitor {
    type Value = Version;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a format version number")
    }

    fn visit_u64<E>(self, v: u64) -> Result<Version, E> {
        Ok(Version::Number(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Version, E> {
        Ok(u64::try_from(v).map_or_else(|_| Version::Wrong(v.to_string()), Version::Number))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Version, E> {
        Ok(Version::Wrong(v.to_string()))
    }

    fn visit_str<E>(self, v: &str) -> Result<Version, E> {
        Ok(Version::Wrong(format!("the text “{}”", clip_message(v))))
    }

    fn visit_bool<E>(self, v: bool) -> Result<Version, E> {
        Ok(Version::Wrong(v.to_string()))
    }

    fn visit_unit<E>(self) -> Result<Version, E> {
        Ok(Version::Wrong("null".to_owned()))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Version, A::Error> {
        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
        Ok(Version::Wrong("a list".to_owned()))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Version, A::Error> {
        while map
            .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
            .is_some()
        {}
        Ok(Version::Wrong("an object".to_owned()))
    }
}

/// Encodes an encounter as pretty JSON with the current `format_version`.
pub fn encounter_to_json(encounter: &Encounter) -> Result<Vec<u8>, FileError> {
    #[derive(serde::Serialize)]
    struct File<'a> {
        format_version: u64,
        #[serde(flatten)]
        encounter: &'a Encounter,
    }
    serde_json::to_vec_pretty(&File {
        format_version: FORMAT_VERSION,
        encounter,
    })
    .map_err(FileError::Encode)
}

/// Reads an encounter file. Temporary files a killed save left beside it are swept first.
pub fn load_encounter(path: &Path) -> Result<Encounter, FileError> {
    load_encounter_noting(path).map(|(encounter, _)| encounter)
}

/// [`load_encounter`], with what the loader let go to open the file (see
/// [`encounter_from_json_noting`]), for the app to tell the GM.
pub fn load_encounter_noting(path: &Path) -> Result<(Encounter, Option<String>), FileError> {
    super::atomic::sweep_temp_files(path);
    let bytes = read_regular(path).map_err(|err| match err.kind() {
        std::io::ErrorKind::NotFound => FileError::Missing,
        _ => FileError::Read(err),
    })?;
    let (encounter, note) = encounter_from_json_noting(&bytes)?;
    decode_images(&encounter, |_, _| ())?;
    Ok((encounter, note))
}

/// Writes an encounter file atomically (see [`write_atomic`]).
pub fn save_encounter(path: &Path, encounter: &Encounter) -> Result<(), FileError> {
    let bytes = encounter_to_json(encounter)?;
    write_atomic(path, |w| w.write_all(&bytes)).map_err(FileError::Write)
}

fn bad_image(id: ImageId, name: &str, reason: &str) -> FileError {
    FileError::BadImage {
        id,
        name: clip_message(name),
        reason: clip_message(reason),
    }
}

/// Every embedded image's header names a format Lantern reads and a size within the limits, and
/// together they stay within the file's pixel budget (see `files::images`): a decompression bomb
/// is refused before any pixel is unpacked.
fn check_image_headers(encounter: &Encounter) -> Result<(), FileError> {
    let (mut pixels, mut bytes) = (0_u64, 0_u64);
    for (id, image) in &encounter.images {
        pixels +=
            image_pixels(&image.data).map_err(|reason| bad_image(*id, &image.name, &reason))?;
        bytes += image.data.len() as u64;
    }
    if pixels > pixel_budget(bytes) {
        return Err(FileError::TooManyPixels {
            found_millions: pixels / 1_000_000,
            max_millions: pixel_budget(bytes) / 1_000_000,
        });
    }
    Ok(())
}

/// Decodes every embedded image of an encounter whose headers were already checked
/// ([`encounter_from_json_headers`]), handing each decoded picture to `each` (a thumbnail maker,
/// say) and refusing the first image whose pixels do not decode. This is the check
/// [`encounter_from_json`] adds to the header-only one.
pub fn decode_images(
    encounter: &Encounter,
    mut each: impl FnMut(ImageId, &RgbaImage),
) -> Result<(), FileError> {
    for (id, image) in &encounter.images {
        let rgba =
            decode_image(&image.data).map_err(|reason| bad_image(*id, &image.name, &reason))?;
        each(*id, &rgba);
    }
    Ok(())
}
