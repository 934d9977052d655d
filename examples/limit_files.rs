//! Writes the files of issue 26 (each within the format's limits, each once too heavy for the
//! window) into a folder, to give to the real app one at a time (`lantern FILE`).
//!
//! ```text
//! cargo run --release --example limit_files -- [FOLDER] [NAME…]
//! ```
//!
//! The folder defaults to `limit-files` in the system's temporary folder; without names every
//! file is written. Prints one line per file: its path and size.

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
        let path = folder.join(format!("{name}.lantern.json"));
        lantern::files::save_encounter(&path, &file.encounter)
            .with_context(|| format!("could not write {}", path.display()))?;
        let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
        println!("{} {} KB", path.display(), bytes / 1024);
    }
    Ok(())
}
