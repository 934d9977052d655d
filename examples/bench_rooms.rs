//! Finding rooms (`lantern::board::rooms`): every room of the two real maps and both demos
//! (`room_ms_*`, the best of 20 finds, scene built beforehand), and one Reveal room click —
//! the search the map runs — on the cave's large room and on the busy synthetic 200×200 map
//! with 5,000 walls (`room_click_ms_*`).
//!
//! ```text
//! cargo run --release --example bench_rooms
//! ```

mod support;

use std::path::Path;
use std::time::Instant;

use lantern::board::Scene;
use lantern::board::rooms::{find_rooms, room_at};
use lantern::demo::Demo;
use lantern::files::import_uvtt;
use lantern::model::{Cell, Encounter, MapSpec, RuleSystem};

const MAPS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/maps");

/// The best of `runs` timings of `work`, in milliseconds.
fn best_ms(runs: u32, mut work: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed().as_secs_f64() * 1000.0
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let mut maps: Vec<(&str, Encounter)> = Vec::new();
    for (name, file) in [
        ("cave", "cave-sample.dd2vtt"),
        ("cropped", "cropped-origin-sample.dd2vtt"),
    ] {
        match import_uvtt(&Path::new(MAPS).join(file), RuleSystem::GoForthHeroes) {
            Ok(import) => maps.push((name, import.encounter)),
            Err(err) => eprintln!("{file}: {err} (skipped)"),
        }
    }
    for (name, demo) in [
        ("demo_gfh", Demo::GoForthHeroes),
        ("demo_evening", Demo::EveningHex),
    ] {
        match demo.encounter() {
            Ok(encounter) => maps.push((name, encounter)),
            Err(err) => eprintln!("{name}: {err} (skipped)"),
        }
    }
    for (name, encounter) in &maps {
        let scene = Scene::new(encounter);
        let rooms = find_rooms(&scene).rooms.len();
        let ms = best_ms(20, || {
            std::hint::black_box(find_rooms(&scene));
        });
        println!("room_ms_{name}: {ms:.3} ms");
        println!("rooms_{name}: {rooms}");
    }
    if let Some((_, cave)) = maps.iter().find(|(name, _)| *name == "cave") {
        let scene = Scene::new(cave);
        let ms = best_ms(20, || {
            std::hint::black_box(room_at(&scene, Cell::new(9, 10)).ok());
        });
        println!("room_click_ms_cave: {ms:.3} ms");
    }
    let mut busy = Encounter::new("Synthetic", RuleSystem::GoForthHeroes);
    busy.map = MapSpec {
        width_cells: 200,
        height_cells: 200,
        ..MapSpec::default()
    };
    let mut rng = support::XorShift::new(support::MAP_SEED);
    busy.walls = support::random_walls(&mut rng, 5_000, 200);
    let scene = Scene::new(&busy);
    let ms = best_ms(5, || {
        std::hint::black_box(room_at(&scene, Cell::new(100, 100)).ok());
    });
    println!("room_click_ms_synthetic5000: {ms:.3} ms");
}
