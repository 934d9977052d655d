//! Sight polygons on real and synthetic maps, side by side with the npm package
//! `visibility-polygon` on the same segments. Run in release:
//!
//! ```text
//! cargo run --release --example bench_sight
//! ```
//!
//! For each map (the two real Universal VTT files in `../shared/maps/` and a synthetic 200×200
//! map with 5,000 random walls) it prints `sight_ms_<map>: <median> ms`, the median of `REPS`
//! sight polygons from one viewer with no radius, and `peer_ratio_<map>: <peer ÷ ours>`, where
//! the peer is `examples/visibility_peer/index.js` run by `node` over the same segments (plus a
//! frame around the map) and the same number of repetitions. Both sides deal with crossing
//! segments once, outside the timing (Lantern lists the crossing pairs when it builds its scene,
//! the peer splits them). Without `node` the peer is skipped and says so.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, bail};
use lantern::board::Scene;
use lantern::board::light::Illumination;
use lantern::files::import_uvtt;
use lantern::model::{Ambient, Encounter, GridPoint, Light, LightKind, RuleSystem};
use serde_json::{Value, json};
use support::{MAP_SEED, XorShift, random_walls};

mod support;

/// Sight polygons timed per map, on each side.
const REPS: usize = 101;

/// One map to measure: its name in the printed figures, the scene and the viewer's position.
struct Case {
    name: &'static str,
    scene: Scene,
    viewer: GridPoint,
}

/// 5,000 walls of up to three cells each way on a 200×200 map (as `bench_geometry`'s map).
fn synthetic() -> Encounter {
    let mut rng = XorShift::new(MAP_SEED);
    let mut enc = Encounter::new("synthetic", RuleSystem::Evening);
    enc.map.width_cells = 200;
    enc.map.height_cells = 200;
    enc.walls = random_walls(&mut rng, 5_000, 200);
    enc
}

fn real(file: &str) -> anyhow::Result<Encounter> {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/maps")).join(file);
    Ok(import_uvtt(&path, RuleSystem::Evening)?.encounter)
}

/// The median and fastest of `REPS` sight polygons, in ms, and the polygon's vertex count.
fn ours(case: &Case) -> (f64, f64, usize) {
    let mut vertices = 0;
    for _ in 0..5 {
        vertices = case.scene.sight_polygon(case.viewer, None).len();
    }
    let mut times: Vec<f64> = (0..REPS)
        .map(|_| {
            let start = Instant::now();
            vertices = case.scene.sight_polygon(case.viewer, None).len();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[REPS / 2], times[0], vertices)
}

/// The peer's input: each map's segments and a frame one cell outside the map.
fn peer_input(cases: &[Case]) -> Value {
    let maps: Vec<Value> = cases
        .iter()
        .map(|case| {
            let (w, h) = (
                f64::from(case.scene.map.width_cells) + 1.0,
                f64::from(case.scene.map.height_cells) + 1.0,
            );
            let frame = [(-1.0, -1.0), (w, -1.0), (w, h), (-1.0, h)];
            let mut segments: Vec<Value> = (0..4)
                .map(|i| {
                    let (a, b) = (frame[i], frame[(i + 1) % 4]);
                    json!([[a.0, a.1], [b.0, b.1]])
                })
                .collect();
            segments.extend(
                case.scene
                    .sight_segments()
                    .iter()
                    .map(|(a, b)| json!([[a.x, a.y], [b.x, b.y]])),
            );
            json!({
                "name": case.name,
                "origin": [case.viewer.x, case.viewer.y],
                "segments": segments,
            })
        })
        .collect();
    json!({ "reps": REPS, "maps": maps })
}

/// Runs the node peer, installing its one package first if needed; one JSON value per map.
fn run_peer(input: &Value) -> anyhow::Result<Vec<Value>> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/visibility_peer"
    ));
    if !dir.join("node_modules/visibility-polygon").exists() {
        let status = Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--silent"])
            .current_dir(&dir)
            .status()
            .context("running npm install for the peer")?;
        if !status.success() {
            bail!("npm install failed in {}", dir.display());
        }
    }
    let file =
        std::env::temp_dir().join(format!("lantern-bench-sight-{}.json", std::process::id()));
    std::fs::write(&file, serde_json::to_vec(input)?).context("writing the peer's input")?;
    let output = Command::new("node")
        .arg(dir.join("index.js"))
        .arg(&file)
        .output()
        .context("running node");
    std::fs::remove_file(&file).ok();
    let output = output?;
    if !output.status.success() {
        bail!(
            "the peer failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).context("reading the peer's output"))
        .collect()
}

/// The cave in the dark with its own lights and 20 torches on random cells: the median time, in
/// ms, to work out every light's polygon and the illumination of every cell.
fn lighting_ms_cave() -> anyhow::Result<f64> {
    let mut enc = real("cave-sample.dd2vtt")?;
    enc.ambient = Ambient::Dark;
    let mut rng = XorShift::new(MAP_SEED);
    let (w, h) = (
        u64::from(enc.map.width_cells),
        u64::from(enc.map.height_cells),
    );
    for _ in 0..20 {
        let at = GridPoint::new(f64::from(rng.below(w)) + 0.5, f64::from(rng.below(h)) + 0.5);
        enc.lights.push(Light::preset(LightKind::Torch, at));
    }
    let scene = Scene::new(&enc);
    let mut times: Vec<f64> = (0..REPS)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(Illumination::new(&scene, &enc));
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    Ok(times[times.len() / 2])
}

fn main() -> anyhow::Result<()> {
    println!("lighting_ms_cave: {:.4} ms", lighting_ms_cave()?);
    let cases = vec![
        Case {
            name: "cave",
            scene: Scene::new(&real("cave-sample.dd2vtt")?),
            viewer: GridPoint::new(8.5, 8.5),
        },
        Case {
            name: "cropped",
            scene: Scene::new(&real("cropped-origin-sample.dd2vtt")?),
            viewer: GridPoint::new(2.5, 4.5),
        },
        Case {
            name: "synthetic5000",
            scene: Scene::new(&synthetic()),
            viewer: GridPoint::new(100.5, 100.5),
        },
    ];
    let mine: Vec<(f64, f64, usize)> = cases.iter().map(ours).collect();
    let peer = run_peer(&peer_input(&cases));
    if let Err(e) = &peer {
        println!("peer_skipped: {e:#}");
    }
    for (case, (median, fastest, vertices)) in cases.iter().zip(&mine) {
        let segments = case.scene.sight_segments().len();
        println!("segments_{}: {segments} segments", case.name);
        println!("sight_ms_{}: {median:.4} ms", case.name);
        eprintln!("  (fastest of {REPS}: {fastest:.4} ms, {vertices} vertices)");
        let Ok(peer) = &peer else { continue };
        let Some(theirs) = peer.iter().find(|p| p["map"] == case.name) else {
            continue;
        };
        let their_ms = theirs["median_ms"].as_f64().unwrap_or(f64::NAN);
        println!("peer_ms_{}: {their_ms:.4} ms", case.name);
        eprintln!(
            "  (peer fastest: {:.4} ms, {} vertices)",
            theirs["fastest_ms"].as_f64().unwrap_or(f64::NAN),
            theirs["vertices"]
        );
        println!("peer_ratio_{}: {:.1}", case.name, their_ms / median);
    }
    Ok(())
}
