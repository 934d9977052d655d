//! How long imports take through the real app, and how long the UI thread's frames are while
//! they run (the work is on workers, so frames should stay short). Headless (`egui_kittest`,
//! CPU only: texture upload to a GPU is not included). Run with
//! `cargo run --release --example bench_import_ui`.
//!
//! Prints, as medians over five runs:
//! - `import_cave_ms`: `cave-sample.dd2vtt` from hand-over to a new encounter on screen;
//! - `background_8k_ms`: an 8192 × 8192 PNG from hand-over to the background shown (16 tiles);
//! - `*_frame_median_ms` / `*_frame_max_ms`: UI frames while each import runs.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::edit::Document;
use lantern::model::Encounter;

const RUNS: usize = 5;

fn harness() -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(Encounter::default(), None));
            app.show_only(Pane::Map);
            app
        });
    harness.run();
    harness
}

/// Hands `path` over and steps frames until the import is done; returns the total time and
/// each frame's time.
fn import(path: &Path, answer: Option<&str>) -> (Duration, Vec<f64>) {
    let mut harness = harness();
    let start = Instant::now();
    harness.state_mut().import_file(path);
    let mut frames = Vec::new();
    let mut answered = answer.is_none();
    while harness.state().import_busy() {
        let frame = Instant::now();
        harness.step();
        frames.push(frame.elapsed().as_secs_f64() * 1e3);
        if let (false, Some(label)) = (answered, answer)
            && let Some(button) = harness.query_by_label(label)
        {
            button.click();
            answered = true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    harness.step();
    (start.elapsed(), frames)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

fn report(name: &str, path: &Path, answer: Option<&str>) {
    let mut totals = Vec::new();
    let mut frames = Vec::new();
    for _ in 0..RUNS {
        let (total, mut run_frames) = import(path, answer);
        totals.push(total.as_secs_f64() * 1e3);
        frames.append(&mut run_frames);
    }
    let max = frames.iter().copied().fold(0.0, f64::max);
    println!("{name}_ms: {:.1} ms", median(&mut totals));
    println!("{name}_frame_median_ms: {:.2} ms", median(&mut frames));
    println!("{name}_frame_max_ms: {max:.2} ms");
}

fn big_png(dir: &Path) -> PathBuf {
    let path = dir.join("big.png");
    let pixels = image::RgbaImage::from_fn(8192, 8192, |x, y| {
        image::Rgba([(x % 251) as u8, (y % 241) as u8, ((x ^ y) % 256) as u8, 255])
    });
    if let Err(err) = pixels.save(&path) {
        eprintln!("could not write the test image: {err}");
    }
    path
}

fn main() {
    let cave = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/maps/cave-sample.dd2vtt"
    ));
    report("import_cave", &cave, Some("New encounter"));
    let Ok(dir) = tempfile::tempdir() else {
        eprintln!("no temporary folder");
        return;
    };
    report("background_8k", &big_png(dir.path()), None);
}
