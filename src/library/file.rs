//! The entry file: an encounter file with a `library` block beside its fields.
//!
//! `{ "format_version": 1, …encounter fields…, "library": { "version": 2, "kind": "creature",
//! "id": "…", "sheets": { "go_forth_heroes": { "trackers": …, "momentum": … } } } }`. See
//! `FORMAT.md`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::entry::{EntryKind, EntrySummary, LibraryEntry, SystemSheet, systems_of};
use crate::files::{
    FORMAT_VERSION, FileError, decode_images, encounter_from_json_headers,
    encounter_listing_from_json,
};
use crate::model::{Encounter, ImageId, LibraryId, RuleSystem};
use image::RgbaImage;

/// The version of the `library` block this build writes. A file with no block is version 0:
/// a plain encounter file dropped into the library folder, read by [`migrate_v0`]. Version 1 had
/// no `id`; such an entry is known by its kind and name ([`LibraryId::from_name`]).
pub const LIBRARY_VERSION: u64 = 2;

/// Why a library entry could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    /// The encounter part failed the encounter file's own checks.
    #[error(transparent)]
    File(#[from] FileError),
    #[error(
        "this entry was saved by a newer Lantern (library format {found}; this one reads up to {supported})"
    )]
    FutureVersion { found: u64, supported: u64 },
    #[error("the library entry is damaged: {0}")]
    WrongShape(String),
    #[error("the library entry is inconsistent: {0}")]
    Inconsistent(String),
    #[error("could not read or write the library folder: {0}")]
    Io(std::io::Error),
}

#[derive(Serialize, Deserialize)]
struct Block {
    version: u64,
    kind: EntryKind,
    /// Absent before version 2.
    #[serde(default)]
    id: Option<LibraryId>,
    #[serde(default)]
    sheets: BTreeMap<RuleSystem, SystemSheet>,
}

/// Parses and validates an entry from file bytes: the encounter part by the encounter file's
/// code (shape, references, map size, every embedded image decoded within limits), then the
/// library block.
pub fn entry_from_json(bytes: &[u8]) -> Result<LibraryEntry, LibraryError> {
    entry_from_json_with(bytes, |_, _| ())
}

/// [`entry_from_json`], handing each decoded image to `each` (the pane's thumbnail maker), so
/// the check and the picture cost one decode.
pub fn entry_from_json_with(
    bytes: &[u8],
    each: impl FnMut(ImageId, &RgbaImage),
) -> Result<LibraryEntry, LibraryError> {
    /// The `library` block alone; every other field is skipped without being built.
    #[derive(Deserialize)]
    struct Probe {
        // `"library": null` is a block (and refused as one), not a missing block.
        #[serde(default, deserialize_with = "present")]
        library: Option<Value>,
    }
    fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
        Value::deserialize(d).map(Some)
    }
    let encounter = encounter_from_json_headers(bytes)?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let probe: Probe = serde_json::from_slice(bytes).map_err(FileError::NotJson)?;
    let block = block_of(&encounter, probe.library)?;
    check_id(block.id.as_ref())?;
    let entry = LibraryEntry {
        kind: block.kind,
        id: block.id.unwrap_or_else(|| name_id(block.kind, &encounter)),
        encounter,
        sheets: block.sheets,
    };
    check(entry.kind, entry.encounter.tokens.len(), &entry.sheets)?;
    decode_images(&entry.encounter, each)?;
    Ok(entry)
}

/// Reads what the library's list shows of an entry, checking all that can be checked without
/// decoding its pictures: the encounter part by [`encounter_listing_from_json`] (everything
/// the encounter file checks, images by their headers), then the library block. One pass over
/// the file, no picture copied. The entry is only used after [`entry_from_json`] has read it
/// whole, which can still refuse it (an image whose pixels do not decode).
pub fn summary_from_json(bytes: &[u8]) -> Result<EntrySummary, LibraryError> {
    let mut listing = encounter_listing_from_json(bytes, &["library"])?;
    let encounter = &listing.encounter;
    let block = block_of(encounter, listing.extra.remove("library"))?;
    check_id(block.id.as_ref())?;
    check(block.kind, encounter.tokens.len(), &block.sheets)?;
    let mut token = encounter.tokens.first().cloned();
    if let Some(token) = &mut token {
        token.library_id = None;
    }
    let picture = match &token {
        Some(token) => token.image,
        None => encounter.map.background.as_ref().map(|bg| bg.image),
    };
    Ok(EntrySummary {
        kind: block.kind,
        id: block.id.unwrap_or_else(|| name_id(block.kind, encounter)),
        name: token
            .as_ref()
            .map_or_else(|| encounter.name.clone(), |t| t.name.clone()),
        systems: systems_of(block.kind, encounter, &block.sheets),
        picture_id: picture.filter(|id| listing.images.contains_key(id)),
        token,
    })
}

/// The file's `library` block, or the one a plain encounter file migrates to.
fn block_of(encounter: &Encounter, block: Option<Value>) -> Result<Block, LibraryError> {
    match block {
        None => migrate_v0(encounter),
        Some(block) => read_block(block),
    }
}

/// The identity of an entry saved before identities existed: its kind and name.
fn name_id(kind: EntryKind, encounter: &Encounter) -> LibraryId {
    let name = encounter
        .tokens
        .first()
        .map_or(&encounter.name, |t| &t.name);
    LibraryId::from_name(kind.key(), name)
}

/// Encodes an entry as pretty JSON: the encounter file's fields plus the `library` block.
pub fn entry_to_json(entry: &LibraryEntry) -> Result<Vec<u8>, LibraryError> {
    #[derive(Serialize)]
    struct File<'a> {
        format_version: u64,
        #[serde(flatten)]
        encounter: &'a Encounter,
        library: BlockRef<'a>,
    }
    #[derive(Serialize)]
    struct BlockRef<'a> {
        version: u64,
        kind: EntryKind,
        id: &'a LibraryId,
        sheets: &'a BTreeMap<RuleSystem, SystemSheet>,
    }
    let file = File {
        format_version: FORMAT_VERSION,
        encounter: &entry.encounter,
        library: BlockRef {
            version: LIBRARY_VERSION,
            kind: entry.kind,
            id: &entry.id,
            sheets: &entry.sheets,
        },
    };
    serde_json::to_vec_pretty(&file).map_err(|err| LibraryError::File(FileError::Encode(err)))
}

fn read_block(block: Value) -> Result<Block, LibraryError> {
    let version = block
        .get("version")
        .and_then(Value::as_u64)
        .ok_or_else(|| LibraryError::WrongShape("the `library` block has no `version`".into()))?;
    if version > LIBRARY_VERSION {
        return Err(LibraryError::FutureVersion {
            found: version,
            supported: LIBRARY_VERSION,
        });
    }
    serde_path_to_error::deserialize(block).map_err(|err| {
        let path = err.path().to_string();
        let message = format!("at `library.{path}`: {}", err.into_inner());
        LibraryError::WrongShape(message.chars().take(300).collect())
    })
}

/// Version 0 → 2: a plain encounter file in the library folder. One token makes a creature (a
/// hero when it is on the Party side) with its sheet from the file's fight, known by the entry
/// the token came from if it came from one; no token makes a map; more than one is refused,
/// since an entry is one thing.
fn migrate_v0(encounter: &Encounter) -> Result<Block, LibraryError> {
    match encounter.tokens.as_slice() {
        [] => Ok(Block {
            version: LIBRARY_VERSION,
            kind: EntryKind::Map,
            id: None,
            sheets: BTreeMap::new(),
        }),
        [token] => {
            let from = LibraryEntry::from_token(encounter, token.id).ok_or_else(|| {
                LibraryError::Inconsistent("the token could not be read".to_owned())
            })?;
            Ok(Block {
                version: LIBRARY_VERSION,
                kind: from.kind,
                id: token.library_id.clone(),
                sheets: from.sheets,
            })
        }
        many => Err(LibraryError::Inconsistent(format!(
            "this encounter file holds {} tokens; a library entry holds one creature or one map",
            many.len()
        ))),
    }
}

/// The entry's identity is within the cap every library identity has (`FORMAT.md`, "Limits").
fn check_id(id: Option<&LibraryId>) -> Result<(), LibraryError> {
    use crate::model::validate::{MAX_LIBRARY_ID_CHARS, check_text};
    let Some(id) = id else {
        return Ok(());
    };
    check_text(&id.0, MAX_LIBRARY_ID_CHARS, || "`library.id`".to_owned())
        .map_err(|err| LibraryError::File(FileError::Invalid(err)))
}

/// A creature or hero holds exactly one token, a map none; each sheet is in the system it is
/// filed under, and only Go Forth: Heroes sheets carry momentum.
fn check(
    kind: EntryKind,
    tokens: usize,
    sheets: &BTreeMap<RuleSystem, SystemSheet>,
) -> Result<(), LibraryError> {
    match (kind, tokens) {
        (EntryKind::Map, 0) => {}
        (EntryKind::Map, n) => {
            return Err(LibraryError::Inconsistent(format!(
                "a map entry holds no tokens, this one holds {n}"
            )));
        }
        (_, 1) => {}
        (kind, n) => {
            return Err(LibraryError::Inconsistent(format!(
                "a {} entry holds one token, this one holds {n}",
                kind.label().to_lowercase()
            )));
        }
    }
    for (system, sheet) in sheets {
        if sheet.trackers.system() != *system {
            return Err(LibraryError::Inconsistent(format!(
                "the sheet filed under {system:?} holds {:?} numbers",
                sheet.trackers.system()
            )));
        }
        // The same check a sheet in an encounter gets (the entry's one token is token 1).
        crate::model::validate::check_sheet(crate::model::TokenId(1), &sheet.trackers).map_err(
            |err| LibraryError::File(FileError::Invalid(crate::model::CommandError::from(err))),
        )?;
        if sheet.momentum.is_some() && *system != RuleSystem::GoForthHeroes {
            return Err(LibraryError::Inconsistent(format!(
                "the {system:?} sheet carries a momentum pool, which only Go Forth: Heroes has"
            )));
        }
    }
    Ok(())
}
