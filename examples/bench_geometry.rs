//! Geometry timings on a busy map: 200×200 squares, 5,000 wall segments, 100 tokens; and the
//! 1,000-token stress map (the same walls) for `area_tokens_ms`.
//!
//! Run with `cargo run --release --example bench_geometry`. Prints `name: value unit` lines,
//! each the median of repeated runs on one core.

use std::time::Instant;

use lantern::board::{Scene, VerdictKind};
use lantern::model::{
    AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, Cell, Encounter, GridPoint, RuleSystem,
    Side, Token, TokenId,
};
use support::{MAP_SEED, XorShift, random_walls};

mod support;

fn busy_map() -> Encounter {
    let mut rng = XorShift::new(MAP_SEED);
    let mut enc = Encounter::new("bench", RuleSystem::Evening);
    enc.map.width_cells = 200;
    enc.map.height_cells = 200;
    enc.walls = random_walls(&mut rng, 5_000, 200);
    for i in 0..100 {
        let side = if i % 2 == 0 { Side::Party } else { Side::Enemy };
        let cell = Cell::new(rng.below(200), rng.below(200));
        enc.tokens
            .push(Token::new(TokenId(i + 1), format!("t{i}"), side, cell));
    }
    enc
}

/// The busy map's walls with 1,000 tokens, a GFH encounter (its bands size the areas).
fn stress_map() -> Encounter {
    let mut enc = busy_map();
    enc.system = RuleSystem::GoForthHeroes;
    let mut rng = XorShift::new(MAP_SEED ^ 0xa5ea);
    enc.tokens = (0..1_000)
        .map(|i| {
            let side = if i % 3 == 0 { Side::Party } else { Side::Enemy };
            let cell = Cell::new(rng.below(200), rng.below(200));
            Token::new(TokenId(i + 1), format!("t{i}"), side, cell)
        })
        .collect();
    enc
}

/// A Nearby sphere (12 cells) over the stress map's middle: who is inside, walls included.
fn area_tokens_ms() -> f64 {
    let enc = stress_map();
    let scene = Scene::new(&enc);
    let area = AreaTemplate {
        id: AreaId(1),
        shape: AreaShape::Sphere {
            radius: AreaSize::Band("Nearby".into()),
        },
        origin: GridPoint::new(100.0, 100.0),
        toward: GridPoint::new(101.0, 100.0),
        source: None,
        follows: false,
        select: AreaSelect::Everyone,
        gm_only: false,
        effect: None,
    };
    let mut inside = 0;
    let ms = median_ms(51, || {
        if let Ok(placed) = scene.place_area(&area) {
            inside = scene.area_tokens(&placed).len();
        }
    });
    println!("area_tokens_inside: {inside} tokens");
    ms
}

/// The median time of `runs` calls of `f`, in milliseconds. The fastest run is printed too: on a
/// machine shared with other builds the median measures the neighbours as much as the code.
fn median_ms(runs: usize, f: impl FnMut()) -> f64 {
    let (median, fastest) = timings_ms(runs, f);
    eprintln!("  (fastest of {runs}: {fastest:.3} ms)");
    median
}

/// The median and the fastest of `runs` calls of `f`, in milliseconds.
fn timings_ms(runs: usize, mut f: impl FnMut()) -> (f64, f64) {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[0])
}

fn main() {
    let enc = busy_map();
    let scene = Scene::new(&enc);
    println!(
        "scene_build_ms: {:.3} ms",
        median_ms(9, || drop(Scene::new(&enc)))
    );
    let mut sink = 0usize;
    let verdicts = scene.all_verdicts();
    for kind in [VerdictKind::Clear, VerdictKind::Cover, VerdictKind::NoSight] {
        let n = verdicts.iter().filter(|(_, _, v)| v.kind == kind).count();
        println!("pairs_{}: {n} pairs", kind.word());
    }
    let pairs = median_ms(15, || {
        sink += scene.all_verdicts().len();
    });
    println!("cover_pairs_ms: {pairs:.3} ms");
    let moved = TokenId(1);
    let others: Vec<TokenId> = enc
        .tokens
        .iter()
        .map(|t| t.id)
        .filter(|id| *id != moved)
        .collect();
    let mut to = Cell::new(100, 100);
    let one = median_ms(51, || {
        to = Cell::new(to.x + 1, to.y);
        for &other in &others {
            sink += usize::from(
                scene
                    .verdict_moved(moved, other, Some((moved, to)))
                    .is_some(),
            );
            sink += usize::from(
                scene
                    .verdict_moved(other, moved, Some((moved, to)))
                    .is_some(),
            );
        }
    });
    println!("cover_one_token_ms: {one:.3} ms");
    let sight = median_ms(51, || {
        sink += scene
            .sight_polygon(GridPoint::new(100.5, 100.5), None)
            .len();
    });
    println!("sight_polygon_ms: {sight:.3} ms");
    let reach = median_ms(51, || {
        sink += scene.reachable(moved, 12).map_or(0, |r| r.len());
    });
    println!("reachable_ms: {reach:.3} ms");
    println!("area_tokens_ms: {:.3} ms", area_tokens_ms());
    if sink == 0 {
        eprintln!("nothing measured");
    }
}
