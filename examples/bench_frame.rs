//! CPU time per frame of the real app, headless: `egui::Context::run_ui` over
//! [`LanternApp::headless_frame`] plus tessellation, no GPU.
//!
//! Run with `cargo run --release --example bench_frame`. Two encounters:
//! - a stress map: 200×200 squares, 1,000 tokens, 5,000 wall segments, fog on, the players'
//!   window open (embedded, so its view is drawn in the same pass) — `frame_median_ms` and
//!   `frame_p99_ms`;
//! - the real `cave-sample.dd2vtt` map with 300 tokens, fog on, players' window open —
//!   `frame_median_ms_real` and `frame_p99_ms_real`;
//! - the same cave in the dark, lit by its own lights and torches carried by 20 of the tokens
//!   (the first, of the party, among them) — `frame_median_ms_lit` and `frame_p99_ms_lit`.
//!
//! For each it also prints `frame_after_move_ms…`: the median frame right after the first party
//! token moves one cell (on the lit map it carries a torch, so its light moves too).
//!
//! Each frame moves the pointer across the map (hover, tooltips) the way a GM's hand does; the
//! encounter itself does not change, so what is timed is drawing, not geometry rebuilds (those
//! run once per edit and are timed by `bench_geometry`).

use std::path::Path;
use std::time::Instant;

use egui::{Event, Pos2, RawInput, Rect, Vec2, pos2};
use lantern::app::LanternApp;
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::edit::Document;
use lantern::files::import_uvtt;
use lantern::model::{
    Ambient, Cell, Encounter, GridPoint, Light, LightKind, RuleSystem, Side, Token, TokenId,
    WallKind,
};
use support::{MAP_SEED, XorShift, random_walls};

mod support;

const SCREEN: Vec2 = Vec2::new(1600.0, 1000.0);
const WARM_UP_FRAMES: usize = 20;
const TIMED_FRAMES: usize = 300;

/// 5,000 short walls (one in twenty a door), 1,000 tokens (12 of the party), conditions on a
/// few, fog on.
fn stress_encounter() -> Encounter {
    let mut rng = XorShift::new(MAP_SEED);
    let mut enc = Encounter::new("Stress", RuleSystem::GoForthHeroes);
    enc.map.width_cells = 200;
    enc.map.height_cells = 200;
    enc.walls = random_walls(&mut rng, 5_000, 200);
    for (i, wall) in enc.walls.iter_mut().enumerate() {
        if i % 20 == 0 {
            wall.kind = WallKind::Door { open: i % 40 == 0 };
        }
    }
    add_tokens(&mut enc, &mut rng, 1_000);
    enc.fog.enabled = true;
    enc
}

/// `count` tokens on random cells: the first 12 of the party, every tenth GM-only, and a
/// condition on every twentieth.
fn add_tokens(enc: &mut Encounter, rng: &mut XorShift, count: u64) {
    let (w, h) = (
        u64::from(enc.map.width_cells),
        u64::from(enc.map.height_cells),
    );
    for i in 0..count {
        let side = match i {
            0..12 => Side::Party,
            _ if i % 3 == 0 => Side::Neutral,
            _ => Side::Enemy,
        };
        let cell = Cell::new(rng.below(w), rng.below(h));
        let mut token = Token::new(TokenId(i + 1), format!("Token {i}"), side, cell);
        token.gm_only = i % 10 == 9;
        enc.tokens.push(token);
        if i % 20 == 0 {
            enc.combat.conditions.push(ActiveCondition {
                token: TokenId(i + 1),
                name: "Dazed".to_owned(),
                duration: Duration::UntilRemoved,
                system: None,
            });
        }
    }
}

/// The real cave map with 300 tokens, fog on.
fn real_encounter() -> anyhow::Result<Encounter> {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/maps/cave-sample.dd2vtt"
    ));
    let mut enc = import_uvtt(path, RuleSystem::GoForthHeroes)?.encounter;
    let mut rng = XorShift::new(0x0dd2_5eed_0000_0300);
    add_tokens(&mut enc, &mut rng, 300);
    enc.fog.enabled = true;
    Ok(enc)
}

/// The real cave in the dark: its own lights plus torches carried by the first 20 tokens.
fn lit_encounter() -> anyhow::Result<Encounter> {
    let mut enc = real_encounter()?;
    enc.ambient = Ambient::Dark;
    let carriers: Vec<(TokenId, Cell)> =
        enc.tokens.iter().take(20).map(|t| (t.id, t.cell)).collect();
    for (id, cell) in carriers {
        let at = GridPoint::new(f64::from(cell.x) + 0.5, f64::from(cell.y) + 0.5);
        enc.lights.push(Light::carried(LightKind::Torch, id, at));
    }
    Ok(enc)
}

/// One frame's input: the screen, the time, and the pointer at `pointer`.
fn input(frame: usize, pointer: Pos2) -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, SCREEN)),
        time: Some(frame as f64 / 60.0),
        events: vec![Event::PointerMoved(pointer)],
        ..RawInput::default()
    }
}

/// Where the pointer is on frame `i`: a slow loop over the middle of the screen.
fn pointer_at(i: usize) -> Pos2 {
    let a = i as f32 * 0.05;
    pos2(800.0 + 300.0 * a.cos(), 520.0 + 220.0 * a.sin())
}

/// Times `TIMED_FRAMES` frames of the app on `encounter`; returns the (median, p99) frame and
/// the median frame after a party token moves, in ms.
fn time_frames(encounter: Encounter) -> (f64, f64, f64) {
    let mut app = LanternApp::with_document(Document::new(encounter, None));
    app.players.open = true;
    let ctx = egui::Context::default();
    let mut frame = 0;
    let mut run = |app: &mut LanternApp| {
        let output = ctx.run_ui(input(frame, pointer_at(frame)), |ui| app.headless_frame(ui));
        let shapes = output.shapes.len();
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        frame += 1;
        let vertices: usize = primitives
            .iter()
            .map(|p| match &p.primitive {
                egui::epaint::Primitive::Mesh(mesh) => mesh.vertices.len(),
                egui::epaint::Primitive::Callback(_) => 0,
            })
            .sum();
        (shapes, vertices)
    };
    for _ in 0..WARM_UP_FRAMES {
        run(&mut app);
    }
    let (shapes, vertices) = run(&mut app);
    eprintln!("  ({shapes} shapes, {vertices} vertices per frame)");
    let mut times: Vec<f64> = (0..TIMED_FRAMES)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(run(&mut app));
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    let move_ms = time_moves(&mut app, &mut run);
    times.sort_by(f64::total_cmp);
    let p99 = times[(times.len() * 99).div_ceil(100) - 1];
    eprintln!(
        "  (fastest {:.3} ms, slowest {:.3} ms)",
        times[0],
        times[times.len() - 1]
    );
    (times[times.len() / 2], p99, move_ms)
}

/// The median time of the frame after a party token moves one cell: the board geometry, the
/// party's sight, the fog and its meshes are all rebuilt in it.
fn time_moves(
    app: &mut LanternApp,
    run: &mut impl FnMut(&mut LanternApp) -> (usize, usize),
) -> f64 {
    let mut times: Vec<f64> = (0..9)
        .map(|i| {
            let token = &app.document.encounter.tokens[0];
            let to = Cell::new(token.cell.x + if i % 2 == 0 { 1 } else { -1 }, token.cell.y);
            let command = lantern::model::Command::MoveToken { id: token.id, to };
            if let Err(err) = app.document.apply(command) {
                eprintln!("  (move refused: {err})");
            }
            let start = Instant::now();
            std::hint::black_box(run(app));
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() -> anyhow::Result<()> {
    let (median, p99, moved) = time_frames(stress_encounter());
    println!("frame_median_ms: {median:.3} ms");
    println!("frame_p99_ms: {p99:.3} ms");
    println!("frame_after_move_ms: {moved:.3} ms");
    let (median, p99, moved) = time_frames(real_encounter()?);
    println!("frame_median_ms_real: {median:.3} ms");
    println!("frame_p99_ms_real: {p99:.3} ms");
    println!("frame_after_move_ms_real: {moved:.3} ms");
    let (median, p99, moved) = time_frames(lit_encounter()?);
    println!("frame_median_ms_lit: {median:.3} ms");
    println!("frame_p99_ms_lit: {p99:.3} ms");
    println!("frame_after_move_ms_lit: {moved:.3} ms");
    Ok(())
}
