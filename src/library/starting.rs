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
pub fn seed_if_missing(dir: &Path) -> Result<bool, LibraryError> {
    if dir.exists() {
        return Ok(false);
    }
    for entry in starting_entries() {
        save_entry(dir, &entry)?;
    }
    Ok(true)
}
