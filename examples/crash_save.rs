//! The crash harness for saves: a child process saves an encounter of about `--mb` megabytes
//! over and over (two versions, turn about) and is killed with SIGKILL at random moments. After
//! every kill the file must open and be exactly the old or the new version; after one more save
//! no temporary file may remain in the folder. Run:
//!
//! ```text
//! cargo run --release --example crash_save -- [--kills 200] [--mb 10]
//! ```

use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use lantern::demo::Demo;
use lantern::files::{encounter_from_json, encounter_to_json, save_encounter, write_atomic};
use lantern::model::{Encounter, LogEntry};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, path, mb] = args.as_slice()
        && flag == "--writer"
    {
        return writer(Path::new(path), mb.parse()?);
    }
    let (mut kills, mut mb) = (200_u32, 10_usize);
    for pair in args.chunks(2) {
        match pair {
            [flag, n] if flag == "--kills" => kills = n.parse()?,
            [flag, n] if flag == "--mb" => mb = n.parse()?,
            _ => anyhow::bail!("usage: crash_save [--kills N] [--mb MB]"),
        }
    }
    harness(kills, mb)
}

fn harness(kills: u32, mb: usize) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("crash.lantern.json");
    let versions = [version(0, mb)?, version(1, mb)?];
    let bytes = [
        encounter_to_json(&versions[0])?,
        encounter_to_json(&versions[1])?,
    ];
    save_encounter(&path, &versions[0])?;
    let exe = std::env::current_exe()?;
    let mut rng = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)?
        .as_nanos() as u64
        | 1;
    let (mut left_behind, started) = (0_usize, Instant::now());
    for kill in 0..kills {
        let mut child = Command::new(&exe)
            .arg("--writer")
            .arg(&path)
            .arg(mb.to_string())
            .stdout(Stdio::piped())
            .spawn()?;
        // Wait until the writer has built its encounters and is saving, then kill it at a
        // random moment of the next few saves.
        if let Some(out) = child.stdout.take() {
            let mut line = String::new();
            BufReader::new(out).read_line(&mut line)?;
        }
        std::thread::sleep(Duration::from_millis(next(&mut rng) % 600));
        child.kill()?; // SIGKILL on Unix.
        child.wait()?;
        left_behind = left_behind.max(temp_files(dir.path())?.len());
        let on_disk = lantern::files::read_regular(&path)?;
        if !bytes.contains(&on_disk) {
            anyhow::bail!(
                "after kill {kill} the file is neither version ({} bytes)",
                on_disk.len()
            );
        }
        // Parsed from the bytes, not loaded: a load sweeps temporary files, and the final save
        // must show it does so itself.
        let loaded = encounter_from_json(&on_disk)?;
        anyhow::ensure!(
            versions.contains(&loaded),
            "kill {kill}: reloads differently"
        );
    }
    save_encounter(&path, &versions[0])?;
    let remaining = temp_files(dir.path())?;
    anyhow::ensure!(
        remaining.is_empty(),
        "temporary files remain after the next save: {remaining:?}"
    );
    println!(
        "{kills} kills during saves of a {} MB file in {:.1} s: every time the whole old or new version; up to {left_behind} temporary files left by a kill, none after the next save",
        bytes[0].len() >> 20,
        started.elapsed().as_secs_f64()
    );
    println!("crash_kills_survived: {kills}");
    Ok(())
}

/// Saves the two versions turn about until killed. They are encoded once up front, so the kill
/// lands in the part of a save that touches the disk (`write_atomic`, which `save_encounter`
/// runs after encoding).
fn writer(path: &Path, mb: usize) -> anyhow::Result<()> {
    let bytes = [
        encounter_to_json(&version(0, mb)?)?,
        encounter_to_json(&version(1, mb)?)?,
    ];
    println!("saving");
    std::io::Write::flush(&mut std::io::stdout())?;
    for i in 0.. {
        write_atomic(path, |w| w.write_all(&bytes[i % 2]))?;
    }
    Ok(())
}

/// The demo with a roll log long enough to make the file about `mb` megabytes.
fn version(which: usize, mb: usize) -> anyhow::Result<Encounter> {
    let mut encounter = Demo::GoForthHeroes.encounter()?;
    encounter.name = format!("Version {which}");
    let entry = |i: usize| LogEntry {
        who: format!("Hero {i}"),
        what: format!("Attack roll {which}"),
        dice: "[14] + 3".to_owned(),
        result: format!("17 — a hit on goblin {i}"),
    };
    encounter.combat.log = (0..mb * 7_000).map(entry).collect();
    Ok(encounter)
}

fn temp_files(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    Ok(std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "tmp"))
        .collect())
}

/// xorshift64: enough randomness for kill timing, no seeding ceremony.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}
