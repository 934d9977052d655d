//! The whole path a file takes through Lantern, without a window: load (or import a Universal
//! VTT map), build the board's scene, compute what the party sees, run a few combat commands
//! and undo them, save, reload and compare. `examples/check_file.rs`, the fuzzer
//! (`examples/fuzz_loaders.rs`), `examples/bench_load.rs` and the tests share it, so "a file
//! loads" always means "and nothing after loading breaks". Pure core: no egui.

use std::path::Path;

use crate::board::Scene;
use crate::board::fog::seen_cells;
use crate::combat::command::CombatCommand;
use crate::combat::initiative::{Combatant, Mode};
use crate::edit::Document;
use crate::files::{FileError, UvttError, encounter_from_json, encounter_to_json, uvtt_from_json};
use crate::model::{Command, Encounter, RuleSystem, Side};

/// What a file turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Encounter,
    UniversalVttMap,
}

/// What the check found, for its one-line summary.
#[derive(Clone, Debug)]
pub struct CheckSummary {
    pub kind: FileKind,
    pub name: String,
    pub width_cells: u32,
    pub height_cells: u32,
    pub walls: usize,
    pub tokens: usize,
    pub images: usize,
    /// Cells the party's tokens see now.
    pub party_sees_cells: usize,
    /// Combat commands applied (the rest were refused with a message, as they may be).
    pub commands_applied: usize,
    pub saved_bytes: usize,
}

impl std::fmt::Display for CheckSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.kind {
            FileKind::Encounter => "encounter",
            FileKind::UniversalVttMap => "Universal VTT map",
        };
        write!(
            f,
            "{kind} “{}”: {}×{} cells, {}, {}, {}; scene built, the party sees {}, {} applied and undone, saved {} KB and reloaded identical",
            crate::files::clip_message(&self.name),
            self.width_cells,
            self.height_cells,
            count(self.walls, "wall"),
            count(self.tokens, "token"),
            count(self.images, "image"),
            count(self.party_sees_cells, "cell"),
            count(self.commands_applied, "combat command"),
            self.saved_bytes / 1024,
        )
    }
}

/// "1 wall", "2 walls".
fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// Why a file failed the check: one sentence, naming the problem (the caller names the file).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("could not read the file: {0}")]
    Read(std::io::Error),
    #[error(transparent)]
    Encounter(FileError),
    #[error(transparent)]
    Map(UvttError),
    #[error("undoing the combat commands did not give back the encounter as loaded")]
    UndoDiffers,
    #[error("the encounter saved after loading does not open again: {0}")]
    SavedUnopenable(FileError),
    #[error("the encounter saved after loading reopens different from what was saved")]
    ReloadDiffers,
    #[error("the encounter could not be saved: {0}")]
    Save(FileError),
}

/// Checks the file at `path` (see the module docs).
pub fn check_file(path: &Path) -> Result<CheckSummary, CheckError> {
    // Never a named pipe or a device: `check_file f.json` on a FIFO would wait for ever.
    let bytes = crate::files::read_regular(path).map_err(CheckError::Read)?;
    let is_map = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| crate::files::UVTT_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()));
    let name = path.file_stem().map_or_else(
        || "Imported map".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    );
    check_bytes(&bytes, is_map, &name, path.parent())
}

/// Checks file bytes: an encounter, or a Universal VTT map when `is_map` (or when the bytes are
/// no encounter but import as a map). `folder` is where a map's image file would be.
pub fn check_bytes(
    bytes: &[u8],
    is_map: bool,
    name: &str,
    folder: Option<&Path>,
) -> Result<CheckSummary, CheckError> {
    let (kind, encounter) = open(bytes, is_map, name, folder)?;
    check_encounter(kind, &encounter)
}

/// Loads the bytes as an encounter or imports them as a map.
pub fn open(
    bytes: &[u8],
    is_map: bool,
    name: &str,
    folder: Option<&Path>,
) -> Result<(FileKind, Encounter), CheckError> {
    let import = || {
        uvtt_from_json(bytes, folder)
            .map(|map| map.into_encounter(name, RuleSystem::default()).encounter)
    };
    if is_map {
        return Ok((
            FileKind::UniversalVttMap,
            import().map_err(CheckError::Map)?,
        ));
    }
    match encounter_from_json(bytes) {
        Ok(encounter) => Ok((FileKind::Encounter, encounter)),
        // A file with no version may be a map under another name.
        Err(err @ FileError::NoVersion) => match import() {
            Ok(encounter) => Ok((FileKind::UniversalVttMap, encounter)),
            Err(_) => Err(CheckError::Encounter(err)),
        },
        Err(err) => Err(CheckError::Encounter(err)),
    }
}

/// Everything after loading: scene, the party's fog, combat commands and their undo, save and
/// reload.
pub fn check_encounter(kind: FileKind, encounter: &Encounter) -> Result<CheckSummary, CheckError> {
    let scene = Scene::new(encounter);
    let party_sees_cells = seen_cells(&scene, Side::Party, None).len();
    drop(scene);
    let mut document = Document::new(encounter.clone(), None);
    let mut commands_applied = 0;
    for command in combat_commands(encounter) {
        // A refusal is a fine answer; a panic is not (and would end the check).
        if document.apply(Command::Combat(command)).is_ok() {
            commands_applied += 1;
        }
    }
    let after = document.encounter.clone();
    while let Ok(Some(_)) = document.undo() {}
    if document.encounter != *encounter {
        return Err(CheckError::UndoDiffers);
    }
    let saved = encounter_to_json(&after).map_err(CheckError::Save)?;
    let reloaded = encounter_from_json(&saved).map_err(CheckError::SavedUnopenable)?;
    if reloaded != after {
        return Err(CheckError::ReloadDiffers);
    }
    Ok(CheckSummary {
        kind,
        name: encounter.name.clone(),
        width_cells: encounter.map.width_cells,
        height_cells: encounter.map.height_cells,
        walls: encounter.walls.len(),
        tokens: encounter.tokens.len(),
        images: encounter.images.len(),
        party_sees_cells,
        commands_applied,
        saved_bytes: saved.len(),
    })
}

/// What a GM does first with a loaded fight: add the tokens to the order (joining a fight in
/// progress, as the loaded state may be), reorder, step the turn on and back, then start afresh
/// and take a few turns.
fn combat_commands(encounter: &Encounter) -> Vec<CombatCommand> {
    let tokens: Vec<_> = encounter.tokens.iter().map(|t| t.id).take(20).collect();
    let last = encounter
        .combat
        .initiative
        .combatants
        .len()
        .saturating_sub(1);
    let mut commands: Vec<CombatCommand> = tokens
        .iter()
        .map(|t| CombatCommand::Join(Combatant::new(*t)))
        .collect();
    commands.extend([
        CombatCommand::Reorder { from: 0, to: last },
        CombatCommand::Reorder { from: last, to: 0 },
        CombatCommand::NextTurn { pick: None },
        CombatCommand::PreviousTurn,
        CombatCommand::EndInitiative,
        CombatCommand::StartInitiative {
            mode: Mode::Ordered,
            combatants: tokens.iter().map(|t| Combatant::new(*t)).collect(),
            surprise_round: false,
            pick: None,
        },
    ]);
    commands.extend((0..3).map(|_| CombatCommand::NextTurn { pick: None }));
    commands.extend(tokens.first().map(|t| CombatCommand::Leave(*t)));
    commands
}
