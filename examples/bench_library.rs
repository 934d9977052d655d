//! Opening a library of 1,000 entries with pictures, headless: the real app's Library pane over
//! a folder of 960 creatures and heroes (256×256 token art) and 40 maps (1024×768 backgrounds).
//!
//! Run with `cargo run --release --example bench_library`. Prints:
//! - `library_open_ms`: from asking for the folder until a frame shows the pane with every entry
//!   listed (each file read once and checked by the encounter file's code, images by their
//!   headers, on worker threads);
//! - `library_pictures_ms`: until every entry is read whole and its picture decoded (on
//!   workers) and uploaded;
//! - `library_frame_ms`: the median frame afterwards with the pane showing.

use std::time::{Duration, Instant};

use egui::{RawInput, Rect, Vec2, pos2};
use lantern::app::{LanternApp, Pane};
use lantern::edit::Document;
use lantern::library::{LibraryEntry, save_entry};
use lantern::model::{
    Background, Cell, EmbeddedImage, Encounter, GridPoint, ImageId, RuleSystem, Side, SizeCategory,
    Token, TokenId,
};

/// A xorshift generator, so every run builds the same library.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

const ENTRIES: u64 = 1_000;
const MAPS: u64 = 40;
const SCREEN: Vec2 = Vec2::new(1600.0, 1000.0);

/// A PNG of `w`×`h` with a noisy gradient, so it compresses like art rather than a flat fill.
fn art(rng: &mut XorShift, w: u32, h: u32) -> anyhow::Result<Vec<u8>> {
    let tint = [
        rng.below(256) as u8,
        rng.below(256) as u8,
        rng.below(256) as u8,
    ];
    let img = image::RgbaImage::from_fn(w, h, |x, y| {
        let noise = rng.below(24) as u8;
        image::Rgba([
            tint[0].wrapping_add((x % 64) as u8).wrapping_add(noise),
            tint[1].wrapping_add((y % 64) as u8),
            tint[2].wrapping_add(noise),
            255,
        ])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)?;
    Ok(out.into_inner())
}

fn creature(rng: &mut XorShift, i: u64) -> anyhow::Result<LibraryEntry> {
    let mut e = Encounter::new("bestiary", RuleSystem::GoForthHeroes);
    e.images.insert(
        ImageId(1),
        EmbeddedImage::new("token.png", art(rng, 256, 256)?),
    );
    let side = if i.is_multiple_of(10) {
        Side::Party
    } else {
        Side::Enemy
    };
    let size = SizeCategory::ALL[(i % 6) as usize];
    let mut token = Token::new(TokenId(1), format!("Creature-{i}"), side, Cell::new(0, 0));
    token.size = size;
    token.image = Some(ImageId(1));
    e.tokens.push(token);
    LibraryEntry::from_token(&e, TokenId(1)).ok_or_else(|| anyhow::anyhow!("no token"))
}

fn map(rng: &mut XorShift, i: u64) -> anyhow::Result<LibraryEntry> {
    let mut e = Encounter::new(format!("Map {i}"), RuleSystem::Evening);
    e.images.insert(
        ImageId(1),
        EmbeddedImage::new("map.png", art(rng, 1024, 768)?),
    );
    e.map.background = Some(Background {
        image: ImageId(1),
        origin_in_grid: GridPoint::new(0.0, 0.0),
        pixels_per_cell: 64.0,
    });
    Ok(LibraryEntry::from_map(&e))
}

fn input(frame: u64) -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(pos2(0.0, 0.0), SCREEN)),
        time: Some(frame as f64 / 60.0),
        ..RawInput::default()
    }
}

fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let mut rng = XorShift(0x5eed_1234_abcd_9876);
    for i in 0..ENTRIES {
        let entry = if i < MAPS {
            map(&mut rng, i)?
        } else {
            creature(&mut rng, i)?
        };
        save_entry(dir.path(), &entry)?;
    }
    let ctx = egui::Context::default();
    let mut app = LanternApp::with_document(Document::new(Encounter::default(), None));
    app.show_pane(Pane::Library);
    let mut frame = 0;
    let mut run = |app: &mut LanternApp| {
        frame += 1;
        let mut output = ctx.run_ui(input(frame), |ui| app.headless_frame(ui));
        // No GPU here: the uploads (the pictures) are counted, not applied.
        output.textures_delta.clear();
        let _ = ctx.tessellate(output.shapes, output.pixels_per_point);
    };

    let start = Instant::now();
    app.open_library(&ctx, dir.path().to_path_buf());
    while !app.library.is_loaded() {
        std::thread::sleep(Duration::from_millis(1));
        run(&mut app);
    }
    run(&mut app);
    let open_ms = start.elapsed().as_secs_f64() * 1000.0;
    let listed = app
        .library
        .rows
        .iter()
        .filter(|r| r.usable().is_some())
        .count();
    while !app.library.pictures_done() {
        std::thread::sleep(Duration::from_millis(1));
        run(&mut app);
    }
    let pictures_ms = start.elapsed().as_secs_f64() * 1000.0;
    let mut frames: Vec<f64> = (0..60)
        .map(|_| {
            let t = Instant::now();
            run(&mut app);
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    frames.sort_by(f64::total_cmp);
    println!("library_entries: {listed}");
    if let Some(bad) = app.library.rows.iter().find_map(|r| r.error()) {
        println!("first_error: {bad}");
    }
    println!("library_open_ms: {open_ms:.1}");
    println!("library_pictures_ms: {pictures_ms:.1}");
    println!("library_frame_ms: {:.2}", frames[frames.len() / 2]);
    Ok(())
}
