//! Prints the check the Dice pane would fill for an attack, as one JSON object: the same core
//! builder (`lantern::combat::action::build`) the pane calls, and with `--seed` the roll and
//! what Apply does to the target, by the same core path (`lantern::combat::action::resolve`).
//!
//! Usage: `cargo run --example check_report -- FILE --actor NAME --target NAME [--check]
//! [--system NAME] [--attack NAME] [--seed N]`
//! - `--check` asks for a check against the target instead of an attack;
//! - `--system` runs the encounter under another system first (`gfh`, `evening`,
//!   `road-and-ruin`, `post`, `3d6`, or the system's name), as the Encounter pane does;
//! - `--attack` picks one of the actor's attacks by name (else the one the pane starts with);
//! - `--seed` rolls with that seed and applies the default amount.
//!
//! Fields: `actor`, `target`, `rolls`, `system`, `attack`, `attacks` (the actor's), `line_of_sight`,
//! `refused`, `contributions` `{source, text, effect}`, `stand_ins` (each number a sheet lacked
//! and what stood in; empty when the check is fully sourced), `target_number`, `odds`; with
//! `--seed`, `roll` `{result, dice, amount}` and `applied` `{lines, before, after}` (the
//! target's numbers in the system's terms, from `combat::sheet::standing`).

use std::process::ExitCode;

use lantern::combat::action::{
    FilledCheck, Resolution, attacks_of, build, default_base, request_for, resolve,
};
use lantern::combat::sheet::standing;
use lantern::dice::DiceRng;
use lantern::files::load_encounter;
use lantern::model::{Encounter, RuleSystem, TokenId};

/// The weapon damage the Dice pane starts a Road and Ruin attack with when no attack is picked.
const PANE_WEAPON_DAMAGE: u32 = 6;

struct Args {
    path: std::path::PathBuf,
    actor: String,
    target: String,
    attack: bool,
    system: Option<RuleSystem>,
    weapon: Option<String>,
    seed: Option<u64>,
}

const USAGE: &str = "usage: check_report FILE --actor NAME --target NAME [--check] \
                     [--system NAME] [--attack NAME] [--seed N]";

fn args() -> Result<Args, String> {
    let mut path = None;
    let (mut actor, mut target, mut attack) = (None, None, true);
    let (mut system, mut weapon, mut seed) = (None, None, None);
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--actor" => actor = it.next(),
            "--target" => target = it.next(),
            "--check" => attack = false,
            "--attack" => weapon = it.next(),
            "--system" => {
                let name = it.next().ok_or(USAGE)?;
                system = Some(system_named(&name)?);
            }
            "--seed" => {
                let n = it.next().ok_or(USAGE)?;
                seed = Some(
                    n.parse()
                        .map_err(|_| format!("--seed needs a number, not {n}"))?,
                );
            }
            _ => path = Some(std::path::PathBuf::from(arg)),
        }
    }
    match (path, actor, target) {
        (Some(path), Some(actor), Some(target)) => Ok(Args {
            path,
            actor,
            target,
            attack,
            system,
            weapon,
            seed,
        }),
        _ => Err(USAGE.to_owned()),
    }
}

fn system_named(name: &str) -> Result<RuleSystem, String> {
    let key = name.to_lowercase().replace([' ', '_', ':'], "-");
    let found = match key.as_str() {
        "gfh" | "go-forth-heroes" | "go-forth--heroes" => Some(RuleSystem::GoForthHeroes),
        "evening" => Some(RuleSystem::Evening),
        "road-and-ruin" | "rr" => Some(RuleSystem::RoadAndRuin),
        "post" | "post-core" | "post-core-rules" => Some(RuleSystem::PostCore),
        "3d6" | "three-d6" => Some(RuleSystem::ThreeD6),
        _ => RuleSystem::ALL
            .into_iter()
            .find(|s| s.label().eq_ignore_ascii_case(name)),
    };
    found.ok_or_else(|| {
        format!("no rule system called {name}: gfh, evening, road-and-ruin, post or 3d6")
    })
}

fn token(encounter: &Encounter, name: &str) -> Result<TokenId, String> {
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
        .filter(|c| c.on)
        .map(|c| {
            serde_json::json!({
                "source": c.source.word(),
                "text": c.text,
                "effect": c.lever.effect(&filled.base),
            })
        })
        .collect();
    let odds: serde_json::Map<String, serde_json::Value> = setup
        .odds()
        .into_iter()
        .map(|(name, p)| (name, serde_json::json!(p)))
        .collect();
    let attacks: Vec<String> = filled
        .actor
        .map(|a| attacks_of(encounter, a))
        .unwrap_or_default()
        .into_iter()
        .map(|a| format!("{} ({}; {})", a.name, a.range.label(), a.numbers))
        .collect();
    let stand_ins: Vec<&str> = filled.stand_ins.iter().map(|s| s.text.as_str()).collect();
    serde_json::json!({
        "actor": args.actor,
        "target": args.target,
        "rolls": filled.roller().and_then(|id| encounter.token(id)).map_or("GM", |t| t.name.as_str()),
        "system": encounter.system.label(),
        "attack": filled.weapon.as_ref().map(|w| w.name.as_str()),
        "attacks": attacks,
        "line_of_sight": filled.line_of_sight.map(lantern::board::VerdictKind::word),
        "refused": filled.refused,
        "contributions": contributions,
        "stand_ins": stand_ins,
        "target_number": filled.target_number(),
        "odds": odds,
    })
}

/// The seeded roll and what Apply did to the target: its numbers before and after, applied
/// through the same command path as the app's (one undo step's commands).
fn rolled(encounter: &Encounter, filled: &FilledCheck, seed: u64) -> serde_json::Value {
    let mut rng = DiceRng::seeded(seed);
    let Resolution {
        outcome,
        amount,
        consequence,
        ..
    } = resolve(encounter, filled, PANE_WEAPON_DAMAGE, &mut rng);
    let target = filled.target();
    let numbers = |e: &Encounter| -> serde_json::Map<String, serde_json::Value> {
        target
            .map(|t| standing(e, t))
            .unwrap_or_default()
            .into_iter()
            .map(|(k, v)| (k, serde_json::json!(v)))
            .collect()
    };
    let before = numbers(encounter);
    let mut after_encounter = encounter.clone();
    let mut errors = Vec::new();
    for command in consequence.commands {
        if let Err(err) = lantern::edit::apply(&mut after_encounter, command) {
            errors.push(err.to_string());
        }
    }
    let dice: Vec<i64> = outcome.dice().iter().map(|d| d.value).collect();
    let nothing = consequence.nothing.map(|(why, _)| why);
    serde_json::json!({
        "roll": {
            "result": outcome.label(),
            "dice": dice,
            "amount": amount,
        },
        "applied": {
            "lines": consequence.lines,
            "nothing": nothing,
            "refused": errors,
            "before": before,
            "after": numbers(&after_encounter),
        },
    })
}

fn main() -> ExitCode {
    match run() {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("check_report: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<serde_json::Value, String> {
    let args = args()?;
    let mut encounter = load_encounter(&args.path)
        .map_err(|err| format!("cannot read the encounter: {err}: {}", args.path.display()))?;
    if let Some(system) = args.system {
        encounter.system = system;
    }
    let actor = token(&encounter, &args.actor)?;
    let target = token(&encounter, &args.target)?;
    let mut request = request_for(&encounter, Some(actor), target, args.attack);
    if let Some(name) = &args.weapon {
        let attacks = attacks_of(&encounter, actor);
        let Some(found) = attacks.iter().find(|a| a.name.eq_ignore_ascii_case(name)) else {
            let names: Vec<&str> = attacks.iter().map(|a| a.name.as_str()).collect();
            return Err(format!(
                "{} has no attack called {name} (its attacks: {})",
                args.actor,
                names.join(", ")
            ));
        };
        request.weapon = Some(found.index);
    }
    let base = default_base(encounter.system, args.attack);
    let filled = build(&encounter, &request, &base);
    let mut json = report(&encounter, &args, &filled);
    if let (Some(seed), Some(object)) = (args.seed, json.as_object_mut())
        && let serde_json::Value::Object(extra) = rolled(&encounter, &filled, seed)
    {
        object.extend(extra);
    }
    Ok(json)
}
