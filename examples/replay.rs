//! Replays a script of commands on an encounter and prints, after each one, where the fight
//! stands: one JSON line per command (`combat::report::TurnReport`), or the command's refusal.
//! The script is a JSON list of commands in the encounter history's serde form (FORMAT.md,
//! "Replay scripts").
//!
//! Usage: `cargo run --example replay -- FILE.json SCRIPT.json`

use std::path::PathBuf;
use std::process::ExitCode;

use lantern::combat::report::turn_report;
use lantern::edit::Document;
use lantern::files::{load_encounter, read_regular};
use lantern::model::Command;

fn main() -> ExitCode {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [file, script] = args.as_slice() else {
        eprintln!("usage: replay <encounter.json> <script.json>");
        return ExitCode::FAILURE;
    };
    let encounter = match load_encounter(file) {
        Ok(e) => e,
        Err(err) => {
            eprintln!(
                "replay: cannot read the encounter: {err}: {}",
                file.display()
            );
            return ExitCode::FAILURE;
        }
    };
    let commands: Vec<Command> = match read_regular(script)
        .map_err(|e| e.to_string())
        .and_then(|b| lantern::files::commands_from_json(&b).map_err(|e| e.to_string()))
    {
        Ok(c) => c,
        Err(err) => {
            eprintln!(
                "replay: cannot read the script: {err}: {}",
                script.display()
            );
            return ExitCode::FAILURE;
        }
    };
    let mut doc = Document::new(encounter, None);
    for (step, command) in commands.into_iter().enumerate() {
        let label = command.label();
        let line = match doc.apply(command) {
            Ok(()) => serde_json::json!({
                "step": step,
                "command": label,
                "state": turn_report(&doc.encounter),
            }),
            Err(err) => serde_json::json!({
                "step": step,
                "command": label,
                "refused": err.to_string(),
            }),
        };
        println!("{line}");
    }
    ExitCode::SUCCESS
}
