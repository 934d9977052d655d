//! Universal VTT import: the map files Dungeondraft (`.dd2vtt`), Dungeon Fog (`.df2vtt`) and
//! Arkenforge (`.uvtt`) export. One JSON file holds the map image, walls and doors in grid units,
//! and lights. [`read_uvtt`] turns one into [`UvttMap`], the parts of a Lantern map; the shell
//! makes a new encounter of it ([`UvttMap::into_encounter`]) or swaps the current encounter's
//! map for it as one undoable command ([`UvttMap::replace_map_command`]).

mod convert;
mod error;
mod geometry;
mod image_source;
mod map;
mod raw;

use std::io::Read as _;
use std::path::Path;

pub use error::UvttError;
pub use geometry::LATTICE_PER_CELL;
pub use map::{ImportStats, UvttImport, UvttMap};

use crate::model::RuleSystem;

/// File name extensions of Universal VTT maps, for file dialogs.
pub const UVTT_EXTENSIONS: [&str; 3] = ["dd2vtt", "df2vtt", "uvtt"];

/// The most wall and door segments a map may hold (before merging straight runs).
pub const MAX_SEGMENTS: u64 = 200_000;

/// The most wall points one list (`line_of_sight` or `objects_line_of_sight`) may hold.
pub const MAX_POINTS: u64 = 2 * MAX_SEGMENTS;

/// The most lights a map may hold.
pub const MAX_LIGHTS: u64 = 10_000;

/// The largest `pixels_per_grid` accepted: one cell as wide as the largest image.
pub const MAX_PIXELS_PER_GRID: f64 = crate::files::MAX_IMAGE_SIDE_PX as f64;

/// How far from the image's corner a wall or light may lie, in cells: the encounter's allowed
/// area ([`crate::model::MAX_COORDINATE`]); after the shift to the map's origin the encounter's
/// own validation has the last word.
pub const MAX_COORDINATE_CELLS: f64 = crate::model::MAX_COORDINATE as f64;

/// The largest map file read (the image inside is base64, a third larger than the image file).
pub const MAX_FILE_BYTES: u64 = 512 << 20;

/// Reads a Universal VTT file. An image given as a file name is looked for beside it.
pub fn read_uvtt(path: &Path) -> Result<UvttMap, UvttError> {
    let bytes = read_capped(path)?;
    uvtt_from_json(&bytes, path.parent())
}

/// Reads a Universal VTT file into a new encounter under `system`, named after the file.
pub fn import_uvtt(path: &Path, system: RuleSystem) -> Result<UvttImport, UvttError> {
    let name = path.file_stem().map_or_else(
        || "Imported map".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    );
    Ok(read_uvtt(path)?.into_encounter(name, system))
}

/// Parses and converts the bytes of a Universal VTT file. `folder` is where an image given as a
/// relative file name is looked for (`None`: such an image is an error).
pub fn uvtt_from_json(bytes: &[u8], folder: Option<&Path>) -> Result<UvttMap, UvttError> {
    let raw = convert::parse(bytes)?;
    convert::convert(raw, folder)
}

fn read_capped(path: &Path) -> Result<Vec<u8>, UvttError> {
    let file = crate::files::open_regular(path).map_err(|err| match err.kind() {
        std::io::ErrorKind::NotFound => UvttError::Missing,
        _ => UvttError::Read(err),
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(UvttError::Read)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(UvttError::FileTooLarge {
            found_mb: bytes.len() as u64 >> 20,
            max_mb: MAX_FILE_BYTES >> 20,
        });
    }
    Ok(bytes)
}

/// Shortens text quoted in a message (a mangled file can put megabytes where a number belongs).
pub(crate) fn clip(text: &str) -> String {
    crate::files::clip_message(text)
}
