//! Writes the files of issue 26 (each within the format's limits, each once too heavy for the
//! window) into a folder, to give to the real app one at a time (`lantern FILE`).
//!
//! ```text
//! cargo run --release --example limit_files -- [FOLDER] [NAME…]
//! ```
//!
//! The folder defaults to `limit-files` in the system's temporary folder; without names every
//! file is written. Prints one line per file: its path and size.
//!
//! Issue 29 adds `sheets_at_limits_<System>` and `sheets_at_smallest_<System>` (`Evening`,
//! `GoForthHeroes`, …): token 1 holding every system's sheet with each field at its largest
//! (smallest) value, the encounter under that system (`tests/core/limit_cases.rs`), for
//! checking in the real window that no pane changes a token at its limits.

#[path = "../tests/core/limit_cases.rs"]
mod limit_cases;
#[path = "../tests/core/limit_files.rs"]
mod limit_files;

use std::path::PathBuf;

use anyhow::Context as _;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args_os().skip(1);
    let folder = args
        .next()
        .map_or_else(|| std::env::temp_dir().join("limit-files"), PathBuf::from);
    let names: Vec<String> = args.map(|a| a.to_string_lossy().into_owned()).collect();
    std::fs::create_dir_all(&folder)
        .with_context(|| format!("could not make the folder {}", folder.display()))?;
    for name in limit_files::NAMES {
        if !names.is_empty() && !names.iter().any(|n| n == name) {
            continue;
        }
        let Some(file) = limit_files::build(name) else {
            continue;
        };
        write(&folder, name, &file.encounter)?;
    }
    for system in lantern::model::RuleSystem::ALL {
        for (largest, kind) in [(true, "at_limits"), (false, "at_smallest")] {
            let name = format!("sheets_{kind}_{system:?}");
            if !names.is_empty() && !names.contains(&name) {
                continue;
            }
            write(&folder, &name, &limit_cases::at_limits(system, largest))?;
        }
    }
    Ok(())
}

fn write(
    folder: &std::path::Path,
    name: &str,
    encounter: &lantern::model::Encounter,
) -> anyhow::Result<()> {
    let path = folder.join(format!("{name}.lantern.json"));
    lantern::files::save_encounter(&path, encounter)
        .with_context(|| format!("could not write {}", path.display()))?;
    let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    println!("{} {} KB", path.display(), bytes / 1024);
    Ok(())
}
