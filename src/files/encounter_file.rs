//! The encounter file: JSON with a `format_version`, the encounter's fields beside it.
//!
//! Loading parses JSON, reads the version, migrates older versions up to [`FORMAT_VERSION`], then
//! checks shape, references and embedded images. The format is documented in `FORMAT.md`.

use std::path::Path;

use serde_json::Value;

use super::{FileError, clip_message, decode_image, write_atomic};
use crate::model::Encounter;

/// The version this build writes. Bump it, and add a step to [`migrate`], when the format changes
/// in a way old files don't already fit through `#[serde(default)]`.
pub const FORMAT_VERSION: u64 = 1;

/// Upgrades a parsed file of version `from` to the current version.
///
/// Version 1 is the first format, so today the only step is the identity; each future version
/// adds one `from == n` arm that rewrites the JSON to version `n + 1`.
pub fn migrate(mut value: Value, from: u64) -> Result<Value, FileError> {
    if from > FORMAT_VERSION {
        return Err(FileError::FutureVersion {
            found: from,
            supported: FORMAT_VERSION,
        });
    }
    if from == 0 {
        // Version 0 never shipped; treat it as the first format so hand-written files that say 0
        // still open.
    }
    if let Value::Object(map) = &mut value {
        map.insert("format_version".to_owned(), Value::from(FORMAT_VERSION));
    }
    Ok(value)
}

/// Parses and validates an encounter from file bytes.
pub fn encounter_from_json(bytes: &[u8]) -> Result<Encounter, FileError> {
    let value: Value = serde_json::from_slice(bytes).map_err(FileError::NotJson)?;
    let version = value
        .get("format_version")
        .and_then(Value::as_u64)
        .ok_or(FileError::NoVersion)?;
    let value = migrate(value, version)?;
    let encounter: Encounter = serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        // Clipped: a damaged file can put a megabyte of text where a name belongs, and serde
        // quotes it whole.
        if path == "." {
            FileError::WrongShape(clip_message(&inner.to_string()))
        } else {
            FileError::WrongShape(clip_message(&format!("at `{path}`: {inner}")))
        }
    })?;
    check_references(&encounter)?;
    check_images(&encounter)?;
    Ok(encounter)
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

/// Reads an encounter file.
pub fn load_encounter(path: &Path) -> Result<Encounter, FileError> {
    let bytes = std::fs::read(path).map_err(|err| match err.kind() {
        std::io::ErrorKind::NotFound => FileError::Missing,
        _ => FileError::Read(err),
    })?;
    encounter_from_json(&bytes)
}

/// Writes an encounter file atomically (see [`write_atomic`]).
pub fn save_encounter(path: &Path, encounter: &Encounter) -> Result<(), FileError> {
    let bytes = encounter_to_json(encounter)?;
    write_atomic(path, |w| w.write_all(&bytes)).map_err(FileError::Write)
}

/// Ids must be unique and every image a token or the background names must be embedded.
fn check_references(encounter: &Encounter) -> Result<(), FileError> {
    let mut token_ids = std::collections::BTreeSet::new();
    for token in &encounter.tokens {
        if !token_ids.insert(token.id) {
            return Err(FileError::Inconsistent(format!(
                "two tokens share the id {}",
                token.id.0
            )));
        }
        if let Some(image) = token.image.filter(|id| !encounter.images.contains_key(id)) {
            return Err(FileError::Inconsistent(format!(
                "token “{}” uses image {} which is not in the file",
                clip_message(&token.name),
                image.0
            )));
        }
    }
    let mut wall_ids = std::collections::BTreeSet::new();
    if let Some(wall) = encounter.walls.iter().find(|w| !wall_ids.insert(w.id)) {
        return Err(FileError::Inconsistent(format!(
            "two walls share the id {}",
            wall.id.0
        )));
    }
    let mut area_ids = std::collections::BTreeSet::new();
    if let Some(area) = encounter.areas.iter().find(|a| !area_ids.insert(a.id)) {
        return Err(FileError::Inconsistent(format!(
            "two areas share the id {}",
            area.id.0
        )));
    }
    if let Some(bg) = encounter
        .map
        .background
        .as_ref()
        .filter(|bg| !encounter.images.contains_key(&bg.image))
    {
        return Err(FileError::Inconsistent(format!(
            "the background uses image {} which is not in the file",
            bg.image.0
        )));
    }
    let map = &encounter.map;
    let max = crate::model::MapSpec::MAX_CELLS;
    if !(1..=max).contains(&map.width_cells) || !(1..=max).contains(&map.height_cells) {
        return Err(FileError::Inconsistent(format!(
            "the map is {}×{} cells; it must be 1 to {max} on each side",
            map.width_cells, map.height_cells
        )));
    }
    Ok(())
}

fn check_images(encounter: &Encounter) -> Result<(), FileError> {
    for (id, image) in &encounter.images {
        decode_image(&image.data).map_err(|reason| FileError::BadImage {
            id: *id,
            name: clip_message(&image.name),
            reason: clip_message(&reason),
        })?;
    }
    Ok(())
}
