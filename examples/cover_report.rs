//! Prints line of sight, cover, distance and band for every ordered pair of tokens in an
//! encounter file, one JSON object per line.
//!
//! Usage: `cargo run --example cover_report -- path/to/encounter.json`

use std::process::ExitCode;

use lantern::board::{CoverDegree, Scene, band};
use lantern::files::load_encounter;

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: cover_report <encounter.json>");
        return ExitCode::FAILURE;
    };
    let path = std::path::PathBuf::from(path);
    let encounter = match load_encounter(&path) {
        Ok(encounter) => encounter,
        Err(err) => {
            eprintln!(
                "cover_report: cannot read the encounter: {err}: {}",
                path.display()
            );
            return ExitCode::FAILURE;
        }
    };
    let scene = Scene::new(&encounter);
    for (from, to, verdict) in scene.all_verdicts() {
        let (Some(a), Some(b)) = (scene.token_index(from), scene.token_index(to)) else {
            continue;
        };
        let distance = scene.distance_cells(from, to).unwrap_or(f64::NAN);
        let band = band(encounter.system, distance, &scene);
        let line = serde_json::json!({
            "from": scene.tokens[a].name,
            "to": scene.tokens[b].name,
            "distance": distance,
            "band": band.as_ref().map(|b| b.name.clone()),
            "verdict": verdict.kind.word(),
            "clear_lines": verdict.clear_lines,
            "of_lines": verdict.of_lines,
            "degree": verdict.degree.map(CoverDegree::label),
            "tn_modifier": verdict.degree.and_then(CoverDegree::tn_modifier),
            "explain": verdict.explain(encounter.system, encounter.rulings),
            "evidence": verdict.evidence,
        });
        println!("{line}");
    }
    ExitCode::SUCCESS
}
