//! The library's starting content: the demo party and demo monsters, from the demo encounters
//! embedded in the binary.

use std::path::Path;

use super::entry::{LibraryEntry, SystemSheet};
use super::file::LibraryError;
use super::folder::save_entry;
use crate::demo::Demo;
use crate::model::{LibraryId, RuleSystem};
use crate::rules::system;

/// Every token of every demo encounter as an entry, with its sheet in that demo's system (the
/// system's starting numbers where the demo gives the token none), known by its kind and name.
pub fn starting_entries() -> Vec<LibraryEntry> {
    let mut entries = Vec::new();
    for demo in Demo::ALL {
        let Ok(encounter) = demo.encounter() else {
            continue;
        };
        for token in &encounter.tokens {
            let Some(mut entry) = LibraryEntry::from_token(&encounter, token.id) else {
                continue;
            };
            // Known by name, as the demo's own tokens are (see `token_identity`), so a demo hero
            // on the map is refused from the library too.
            entry.id = LibraryId::from_name(entry.kind.key(), entry.name());
            for id in RuleSystem::ALL {
                entry.sheets.entry(id).or_insert_with(|| SystemSheet {
                    trackers: system(id).starting_sheet(token.side),
                    momentum: None,
                });
            }
            entries.push(entry);
        }
    }
    entries
}

/// Creates the library folder with the starting content the first time (when `dir` does not
/// exist yet). Returns whether it did; an existing folder, even an emptied one, is left alone.
pub fn seed_if_missing(dir: &Path) -> Result<bool, LibraryError> {
    if dir.exists() {
        return Ok(false);
    }
    for entry in starting_entries() {
        save_entry(dir, &entry)?;
    }
    Ok(true)
}
