//! The library's starting content: the demo party and demo monsters, from the demo encounters
//! embedded in the binary, and the bestiary (`assets/bestiary.json`, an encounter file holding
//! the heroes and creatures no demo has), so the content is data, not code.
//!
//! Every token there carries a sheet in each of the five systems, with a line in its notes
//! saying where the numbers come from. Where a text leaves a number open, the content reads it
//! this way (the tests in `tests/core/content.rs` work the numbers out by hand from these):
//! - Go Forth: Heroes: heroes are built as the text builds them (Assign Attributes: Origin and
//!   two Personality traits +1 each, 4 free points, a drop to −1 buys one more, −2 to +3, so
//!   the eight sum to 8), Defenses follow (Defenses), the momentum pool is 3 dice plus 1 per
//!   point of Vigor (`MomentumPool::size_for_vigor`); Effort dice (Effort): small bites d4, a
//!   weapon d6, a longbow d8 (the worked example's ranged weapon), a spell its gambit's die, a
//!   big creature's claws or great weapon d8 and a dragon's d10–d12 (as gambits raise them).
//!   Monsters' Hearts follow how many hits of a weapon's Effort they should take, with a
//!   Variation where the creature earns one (the Mill Ogre's hide is a Shield, the Troll's
//!   closing wounds Fortified Hearts, the Bandit Chief yields at a Breaking Point).
//! - Evening: characters are built at level 1 (Character Creation: abilities from −1 with 4
//!   points, attributes from −1 with 3). The class tables are not in the core text, so a class
//!   level gives 8 health and one d8 reserve die: health is 4 (level 0) + 8 + Body. Weapon
//!   dice are the familiar d20 ones (dagger d4, shortsword d6, longsword and longbow d8,
//!   two-handed axe d10). Enemies are threats (Threat Rating): health from the table (traits
//!   applied), their attacks at the table's damage per attack, adding no ability (the TN
//!   carries their skill).
//! - Road and Ruin: nine attributes per creature (adult humans 2–3, Monstrous +5); Exertion
//!   10 × Endurance and Mana the mental attributes' sum are the text's; Spirit is read as the
//!   social attributes' sum, Steadfast as the Persistence column's (Endurance + Focus + Poise,
//!   where the attribute table places it) and Health as 2 × (Strength + Endurance). A Solid
//!   Blow deals by the weapon's size (tiny 1, small 2, medium 3, large 5, huge 7), one more
//!   when it is heavy; armour by the text's layers; a shield rolls a d12 for its AR 3.
//! - Post: heroes use the quick start (3 points; HP 2 + STR; grit 6); a weapon made for
//!   fighting counts as assistive equipment, natural weapons and spells do not.
//! - 3d6: heroes at levels 1–3 (the first tier), big monsters a tier or two above; harm by the
//!   weapon's size as in Road and Ruin: a small one (dagger, sling, shortbow, a small bite)
//!   reads the Low die, a medium one (sword, spear, longbow, a spell) the Mid die, a great one
//!   the High die; a Large creature's attacks step up once, a Huge one's twice, a Tiny one's
//!   are halved.

use std::path::Path;

use super::entry::{LibraryEntry, SystemSheet};
use super::file::LibraryError;
use super::folder::save_entry;
use crate::demo::Demo;
use crate::files::{FileError, encounter_from_json};
use crate::model::{Encounter, LibraryId, RuleSystem};
use crate::rules::system;

/// The bestiary: heroes and creatures beyond the demos', as one encounter file.
const BESTIARY: &[u8] = include_bytes!("../../assets/bestiary.json");

/// The bestiary encounter. Only fails if the shipped asset is broken, which tests rule out.
pub fn bestiary() -> Result<Encounter, FileError> {
    encounter_from_json(BESTIARY)
}

/// Every token of every demo encounter and of the bestiary as an entry, with its sheets in
/// every system (the system's starting numbers for any the file lacks), known by its kind and
/// name.
pub fn starting_entries() -> Vec<LibraryEntry> {
    let sources = Demo::ALL
        .iter()
        .map(|demo| demo.encounter())
        .chain(std::iter::once(bestiary()));
    let mut entries = Vec::new();
    for encounter in sources {
        let Ok(encounter) = encounter else {
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
///
/// All or nothing: the entries are written into a hidden folder beside `dir`
/// (`.library.seeding.<pid>`), which is renamed to `dir` only once every entry is in it. A
/// full disk or a crash leaves no `dir`, so the next start seeds again; what a failed or
/// killed attempt left is swept then.
pub fn seed_if_missing(dir: &Path) -> Result<bool, LibraryError> {
    seed_with(dir, &starting_entries(), |folder, entry| {
        save_entry(folder, entry).map(drop)
    })
}

/// [`seed_if_missing`] with the entries and the way each is written given (a test fails one
/// midway, as a full disk does).
fn seed_with(
    dir: &Path,
    entries: &[LibraryEntry],
    save: impl Fn(&Path, &LibraryEntry) -> Result<(), LibraryError>,
) -> Result<bool, LibraryError> {
    if dir.exists() {
        return Ok(false);
    }
    let (Some(parent), Some(name)) = (dir.parent(), dir.file_name()) else {
        return Err(LibraryError::Io(std::io::Error::other(
            "the library folder has no parent folder",
        )));
    };
    std::fs::create_dir_all(parent).map_err(LibraryError::Io)?;
    let prefix = format!(".{}.seeding.", name.to_string_lossy());
    sweep_staging(parent, &prefix);
    let staging = parent.join(format!("{prefix}{}", std::process::id()));
    let seeded =
        fill(&staging, entries, save).and_then(|()| match std::fs::rename(&staging, dir) {
            Ok(()) => Ok(true),
            // Another Lantern seeded it meanwhile: theirs stands.
            Err(_) if dir.exists() => Ok(false),
            Err(err) => Err(LibraryError::Io(err)),
        });
    if !matches!(seeded, Ok(true)) {
        // Ours alone, and unfinished or unneeded; the next start sweeps it if this fails.
        let _ = std::fs::remove_dir_all(&staging);
    }
    seeded
}

/// Writes every entry into `staging`, emptied first.
fn fill(
    staging: &Path,
    entries: &[LibraryEntry],
    save: impl Fn(&Path, &LibraryEntry) -> Result<(), LibraryError>,
) -> Result<(), LibraryError> {
    if staging.exists() {
        std::fs::remove_dir_all(staging).map_err(LibraryError::Io)?;
    }
    entries.iter().try_for_each(|entry| save(staging, entry))
}

/// Removes the staging folders of seedings whose process is no longer running.
fn sweep_staging(parent: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let pid = name
            .strip_prefix(prefix)
            .and_then(|pid| pid.parse::<u32>().ok());
        if pid.is_some_and(|pid| !crate::files::process_running(pid)) {
            // Tidying only: what cannot be removed now is tried again next start.
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A disk that fills after four entries: no library folder, nothing left beside it, and
    /// the next start (with room again) seeds every entry.
    #[test]
    fn seeding_is_all_or_nothing_and_tried_again_next_start() {
        let data = tempfile::tempdir().unwrap();
        let dir = data.path().join("library");
        let entries = starting_entries();
        assert!(entries.len() > 4);
        let written = Cell::new(0);
        let full_after_four = |folder: &Path, entry: &LibraryEntry| {
            if written.get() == 4 {
                return Err(LibraryError::Io(std::io::Error::from_raw_os_error(28)));
            }
            written.set(written.get() + 1);
            save_entry(folder, entry).map(drop)
        };
        let err = seed_with(&dir, &entries, full_after_four).unwrap_err();
        assert!(err.to_string().contains("No space left on device"), "{err}");
        assert!(
            !dir.exists(),
            "a half-seeded library would never be completed"
        );
        assert_eq!(std::fs::read_dir(data.path()).unwrap().count(), 0);

        assert!(seed_if_missing(&dir).unwrap());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), entries.len());
        assert_eq!(std::fs::read_dir(data.path()).unwrap().count(), 1);
        assert!(!seed_if_missing(&dir).unwrap(), "seeded once");
    }

    /// A seeding killed midway (its process gone) left its hidden folder; the next start sweeps
    /// it and seeds.
    #[test]
    fn a_killed_seedings_folder_is_swept() {
        let data = tempfile::tempdir().unwrap();
        let left = data
            .path()
            .join(format!(".library.seeding.{}", u32::MAX - 1));
        std::fs::create_dir_all(&left).unwrap();
        std::fs::write(left.join("goblin.creature.json"), "{").unwrap();
        assert!(seed_if_missing(&data.path().join("library")).unwrap());
        assert!(!left.exists());
    }
}
