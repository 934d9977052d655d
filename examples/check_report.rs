//! Prints the check the Dice pane would fill for an attack, as one JSON object: the same core
//! builder (`lantern::combat::action::build`) the pane calls. Every contribution is listed with
//! `"on"`: a line switched off (a GM ruling the encounter has off, such as cover in Post core
//! and 3d6) shows as `"on": false` and does not count in the odds.
//!
//! Usage: `cargo run --example check_report -- FILE --actor NAME --target NAME [--check]`
//! (`--check` asks for a check against the target instead of an attack).

use std::process::ExitCode;

use lantern::combat::action::{FilledCheck, build, default_base, request_for};
use lantern::files::load_encounter;
use lantern::model::Encounter;

struct Args {
    path: std::path::PathBuf,
    actor: String,
    target: String,
    attack: bool,
}

fn args() -> Result<Args, String> {
    let mut path = None;
    let (mut actor, mut target, mut attack) = (None, None, true);
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--actor" => actor = it.next(),
            "--target" => target = it.next(),
            "--check" => attack = false,
            _ => path = Some(std::path::PathBuf::from(arg)),
        }
    }
    match (path, actor, target) {
        (Some(path), Some(actor), Some(target)) => Ok(Args {
            path,
            actor,
            target,
            attack,
        }),
        _ => Err("usage: check_report FILE --actor NAME --target NAME [--check]".to_owned()),
    }
}

fn token(encounter: &Encounter, name: &str) -> Result<lantern::model::TokenId, String> {
    encounter
        .tokens
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name))
        .map(|t| t.id)
        .ok_or_else(|| format!("no token named {name}"))
}

fn report(encounter: &Encounter, args: &Args, filled: &FilledCheck) -> serde_json::Value {
    let setup = filled.setup();
    let contributions: Vec<serde_json::Value> = filled
        .contributions
        .iter()
        .map(|c| {
            serde_json::json!({
                "source": c.source.word(),
                "text": c.text,
                "effect": c.lever.effect(&filled.base),
                "on": c.on,
            })
        })
        .collect();
    let odds: serde_json::Map<String, serde_json::Value> = setup
        .odds()
        .into_iter()
        .map(|(name, p)| (name, serde_json::json!(p)))
        .collect();
    serde_json::json!({
        "actor": args.actor,
        "target": args.target,
        "rolls": filled.roller().and_then(|id| encounter.token(id)).map_or("GM", |t| t.name.as_str()),
        "system": encounter.system.label(),
        "line_of_sight": filled.line_of_sight.map(lantern::board::VerdictKind::word),
        "refused": filled.refused,
        "contributions": contributions,
        "target_number": filled.target_number(),
        "odds": odds,
    })
}

fn main() -> ExitCode {
    let args = match args() {
        Ok(args) => args,
        Err(err) => {
            eprintln!("{err}");
            return ExitCode::FAILURE;
        }
    };
    let encounter = match load_encounter(&args.path) {
        Ok(encounter) => encounter,
        Err(err) => {
            eprintln!(
                "check_report: cannot read the encounter: {err}: {}",
                args.path.display()
            );
            return ExitCode::FAILURE;
        }
    };
    let (actor, target) = match (
        token(&encounter, &args.actor),
        token(&encounter, &args.target),
    ) {
        (Ok(a), Ok(t)) => (a, t),
        (Err(err), _) | (_, Err(err)) => {
            eprintln!("check_report: {err}");
            return ExitCode::FAILURE;
        }
    };
    let request = request_for(&encounter, Some(actor), target, args.attack);
    let base = default_base(encounter.system, args.attack);
    let filled = build(&encounter, &request, &base);
    println!("{}", report(&encounter, &args, &filled));
    ExitCode::SUCCESS
}
