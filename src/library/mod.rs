//! The prep library: creatures, heroes and maps kept across encounters, one JSON file per entry
//! in a folder of the user's data directory. Pure core: no egui.
//!
//! An entry file is an encounter file (`FORMAT.md`) holding only what the entry needs — one
//! token and its image for a creature or hero, the map without tokens for a map — plus a
//! `library` block with the entry's kind and its sheet for each rule system. Loading runs the
//! encounter file's own validation ([`crate::files::encounter_from_json`]), so an entry is checked
//! by exactly the code that checks encounters. Listing a folder runs it with images checked by
//! their headers only and leaves the pixel decode (the other half of the same checks) to the
//! picture worker and to placing, so a thousand entries list quickly.

mod entry;
mod file;
mod folder;
mod place;
mod starting;

pub use entry::{EntryKind, LibraryEntry, SystemSheet};
pub use file::{
    LIBRARY_VERSION, LibraryError, decode_entry_images, entry_from_json, entry_from_json_headers,
    entry_to_json,
};
pub use folder::{CopyReport, ListedEntry, copy_entries, entry_file_name, load_folder, save_entry};
pub use place::{PlaceError, numbered_name, place_group, use_map_command};
pub use starting::{seed_if_missing, starting_entries};
