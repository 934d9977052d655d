//! The prep library: creatures, heroes and maps kept across encounters, one JSON file per entry
//! in a folder of the user's data directory. Pure core: no egui.
//!
//! An entry file is an encounter file (`FORMAT.md`) holding only what the entry needs — one
//! token and its image for a creature or hero, the map without tokens for a map — plus a
//! `library` block with the entry's kind and its sheet for each rule system. Loading runs the
//! encounter file's own validation ([`crate::files::encounter_from_json`]), so an entry is checked
//! by exactly the code that checks encounters. Listing a folder reads each file once for its
//! summary, with images checked by their headers only ([`summary_from_json`]), and leaves the
//! whole read with the pixel decode (the rest of the same checks) to the first use of the entry
//! ([`ListedEntry::load`]: the pane's picture worker, placing, "Use this map"), so a thousand
//! entries list quickly.
//!
//! # What is where
//!
//! - Entry files and their identities, carried by placed tokens (`entry.rs`, `file.rs`).
//! - The folder listed with each bad file's error, folder import and export (`folder.rs`).
//! - The demo's starting content (`starting.rs`).
//! - Placing entries as one command: a numbered group without overlap, or "Use this map"
//!   (`place.rs`).

mod entry;
mod file;
mod folder;
mod place;
mod starting;

pub use entry::{EntryKind, EntrySummary, LibraryEntry, SystemSheet};
pub use file::{
    LIBRARY_VERSION, LibraryError, entry_from_json, entry_from_json_with, entry_to_json,
    summary_from_json,
};
pub use folder::{
    CopyReport, ListedEntry, copy_entries, copy_entries_with, entry_file_name, load_folder,
    save_entry,
};
pub use place::{PlaceError, numbered_name, place_group, token_identity, use_map_command};
pub use starting::{bestiary, seed_if_missing, starting_entries};
