//! How long the slowest hostile file of issue 13 takes to load (or be refused) and build its
//! scene, and the most memory one takes. Each file runs in a child process of its own, so its
//! peak memory is its own (`VmHWM`). The target: any file up to 1 MB in under 2 s and 512 MB.
//!
//! Then the files of issue 26 (`tests/core/limit_files.rs`: each within the format's limits,
//! each once too heavy for the window) given to the real app, headless, as `lantern FILE` gives
//! them: `first_frame_ms_worst` is the longest any took from reading the file to the end of the
//! first frame that draws it (target: 2,000 ms on the 2-core build machine), with the app's
//! peak memory (target: under 1 GB) and the largest frame's vertex and index bytes (wgpu
//! refuses a buffer over 256 MB).
//!
//! ```text
//! cargo run --release --example bench_load
//! ```
//!
//! Issue 29 adds files at every cap of text (5,000 tokens named in 200 characters; every string
//! at its cap) and of areas (a thousand spheres over the largest map, open and walled), and
//! times a click on each file's map once it is drawn: `click_ms_worst` is the slowest frame
//! that answers a press and a release (target: 500 ms).
//!
//! A software renderer (llvmpipe, where no GPU is) pays for each triangle and each pixel it
//! shades, overlaps counted every time: the largest frame's triangles and covered pixels are
//! printed too (`triangles_worst`, `covered_mpx_worst`). 5,000 tokens with a condition chip
//! each were 1.9 million triangles over 57 million pixels, a second of both cores a frame.
//!
//! Prints `worst_load_ms`, `worst_peak_mb`, `first_frame_ms_worst`, `first_frame_peak_mb_worst`,
//! `click_ms_worst`, `triangles_worst`, `covered_mpx_worst` and one line per file.

#[path = "../tests/core/hostile.rs"]
mod hostile;
#[path = "../tests/core/limit_files.rs"]
mod limit_files;

use std::process::Command;
use std::time::{Duration, Instant};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, name] = args.as_slice()
        && flag == "--one"
    {
        return run_one(name);
    }
    if let [flag, name] = args.as_slice()
        && flag == "--first-frame"
    {
        return first_frame(name);
    }
    let exe = std::env::current_exe()?;
    let (mut worst_ms, mut worst_mb) = (0_u64, 0_u64);
    for file in hostile::corpus()? {
        let output = Command::new(&exe).args(["--one", file.name]).output()?;
        let text = String::from_utf8_lossy(&output.stdout);
        let field = |name: &str| -> u64 {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(u64::MAX)
        };
        let (ms, mb) = (field("load_ms:"), field("peak_mb:"));
        let outcome = text
            .lines()
            .find_map(|l| l.strip_prefix("outcome:"))
            .unwrap_or(" (no answer: the child failed)");
        println!(
            "{:<40} {:>6} KB {ms:>6} ms {mb:>5} MB{outcome}",
            file.name,
            file.bytes.len() / 1024
        );
        worst_ms = worst_ms.max(ms);
        worst_mb = worst_mb.max(mb);
    }
    println!("worst_load_ms: {worst_ms}");
    println!("worst_peak_mb: {worst_mb}");
    first_frames(&exe)
}

/// Each file of issue 26 in a child of its own: its first frame, memory and frame size.
fn first_frames(exe: &std::path::Path) -> anyhow::Result<()> {
    let (mut worst_ms, mut worst_mb, mut worst_click) = (0_u64, 0_u64, 0_u64);
    let (mut worst_triangles, mut worst_covered) = (0_u64, 0_u64);
    for name in limit_files::NAMES {
        let output = Command::new(exe).args(["--first-frame", name]).output()?;
        let text = String::from_utf8_lossy(&output.stdout);
        let field = |key: &str| -> u64 {
            text.lines()
                .find_map(|l| l.strip_prefix(key))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(u64::MAX)
        };
        let (ms, mb) = (field("first_frame_ms:"), field("peak_mb:"));
        let click = field("click_ms:");
        let (triangles, covered) = (field("triangles:"), field("covered_mpx:"));
        println!(
            "{name:<40} first frame {ms:>6} ms, layers ready {:>6} ms, click {click:>5} ms, {mb:>5} MB, largest frame {:>4} MB of vertices and {:>4} MB of indices, {triangles:>8} triangles over {covered:>3} Mpx, {:>4} MB of textures{}",
            field("layers_ready_ms:"),
            field("vertex_mb:"),
            field("index_mb:"),
            field("texture_mb:"),
            text.lines()
                .find_map(|l| l.strip_prefix("outcome:"))
                .unwrap_or(" (no answer: the child failed)"),
        );
        worst_ms = worst_ms.max(ms);
        worst_mb = worst_mb.max(mb);
        worst_click = worst_click.max(click);
        worst_triangles = worst_triangles.max(triangles);
        worst_covered = worst_covered.max(covered);
    }
    println!("first_frame_ms_worst: {worst_ms} ms");
    println!("first_frame_peak_mb_worst: {worst_mb} MB");
    println!("click_ms_worst: {worst_click} ms");
    println!("triangles_worst: {worst_triangles}");
    println!("covered_mpx_worst: {worst_covered} Mpx");
    Ok(())
}

/// The app given the file `name` as `lantern FILE` gives it, drawn headless (a 1600 × 1000
/// screen, the players' window open in the same pass) until its own map is drawn and every
/// worker has finished.
fn first_frame(name: &str) -> anyhow::Result<()> {
    use lantern::app::LanternApp;
    use lantern::edit::Document;
    let file = limit_files::build(name).ok_or_else(|| anyhow::anyhow!("no file {name}"))?;
    let dir = std::env::temp_dir().join(format!("lantern-first-frame-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("{name}.lantern.json"));
    lantern::files::save_encounter(&path, &file.encounter)?;
    drop(file);
    // As `main` does: a large file's reading starts before the window and the app are made.
    let started = Instant::now();
    let argument = lantern::app::import::Argument::read_early(path.clone());
    let demo = lantern::demo::Demo::GoForthHeroes.encounter()?;
    let mut app = LanternApp::with_document(Document::new(demo, None));
    app.players.open = true;
    let ctx = egui::Context::default();
    app.open_argument_read_early(argument);
    let mut frame = Frame::default();
    let mut first = None;
    while started.elapsed() < Duration::from_mins(2) {
        frame.run(&ctx, &mut app);
        let shown = app.document.path.as_deref() == Some(path.as_path());
        let refused = !app.notifications.notices().is_empty();
        if first.is_none() && (shown || refused) {
            first = Some(started.elapsed());
            println!("first_frame_ms: {}", started.elapsed().as_millis());
        }
        if first.is_some() && !app.workers_busy() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    // A few more frames at rest: what every later frame costs.
    for _ in 0..3 {
        frame.run(&ctx, &mut app);
    }
    println!("layers_ready_ms: {}", started.elapsed().as_millis());
    // A click in the middle of the map (a token or the floor), then a click on another spot:
    // the slowest frame answering a press or a release.
    let mut click_ms = 0;
    for at in [egui::pos2(800.0, 500.0), egui::pos2(700.0, 420.0)] {
        for pressed in [true, false] {
            frame.events = vec![
                egui::Event::PointerMoved(at),
                egui::Event::PointerButton {
                    pos: at,
                    button: egui::PointerButton::Primary,
                    pressed,
                    modifiers: egui::Modifiers::NONE,
                },
            ];
            let started = Instant::now();
            frame.run(&ctx, &mut app);
            click_ms = click_ms.max(started.elapsed().as_millis());
        }
    }
    println!("click_ms: {click_ms}");
    println!("peak_mb: {}", peak_rss_mb().unwrap_or_default());
    println!("vertex_mb: {}", frame.vertex_bytes >> 20);
    println!("index_mb: {}", frame.index_bytes >> 20);
    println!("texture_mb: {}", frame.texture_bytes >> 20);
    println!("triangles: {}", frame.triangles);
    println!("covered_mpx: {}", frame.covered_pixels / 1_000_000);
    let outcome = match app.notifications.notices().first() {
        Some(notice) => format!(
            " refused: {}",
            notice.text.chars().take(160).collect::<String>()
        ),
        None if first.is_some() => " opened".to_owned(),
        None => " never drawn".to_owned(),
    };
    println!("outcome:{outcome}");
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// Frames of the headless app, and the largest buffers any of them needed.
#[derive(Default)]
struct Frame {
    number: u64,
    vertex_bytes: usize,
    index_bytes: usize,
    texture_bytes: usize,
    /// The most triangles in one frame, and the most pixels one frame's triangles cover.
    triangles: usize,
    covered_pixels: u64,
    /// Input for the next frame (a click).
    events: Vec<egui::Event>,
}

impl Frame {
    fn run(&mut self, ctx: &egui::Context, app: &mut lantern::app::LanternApp) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1600.0, 1000.0),
            )),
            time: Some(self.number as f64 / 60.0),
            events: std::mem::take(&mut self.events),
            ..egui::RawInput::default()
        };
        self.number += 1;
        let output = ctx.run_ui(input, |ui| app.headless_frame(ui));
        // Every texture the app holds, not only this frame's uploads.
        let textures: usize = ctx
            .tex_manager()
            .read()
            .allocated()
            .map(|(_, meta)| meta.size[0] * meta.size[1] * meta.bytes_per_pixel)
            .sum();
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        let (mut vertices, mut indices, mut covered) = (0, 0, 0.0);
        for p in &primitives {
            if let egui::epaint::Primitive::Mesh(mesh) = &p.primitive {
                vertices += mesh.vertices.len() * std::mem::size_of::<egui::epaint::Vertex>();
                indices += mesh.indices.len() * 4;
                covered += covered_pixels(mesh, p.clip_rect);
            }
        }
        self.triangles = self.triangles.max(indices / 12);
        self.covered_pixels = self.covered_pixels.max(covered as u64);
        self.vertex_bytes = self.vertex_bytes.max(vertices);
        self.index_bytes = self.index_bytes.max(indices);
        self.texture_bytes = self.texture_bytes.max(textures);
    }
}

/// How many pixels `mesh`'s triangles cover inside `clip` (screen points at a scale of one),
/// overlaps counted each time: each triangle clipped to the rectangle, its area summed.
fn covered_pixels(mesh: &egui::epaint::Mesh, clip: egui::Rect) -> f64 {
    mesh.indices
        .chunks_exact(3)
        .map(|t| {
            let corners: Vec<egui::Pos2> = t
                .iter()
                .map(|&i| {
                    mesh.vertices
                        .get(i as usize)
                        .map_or(egui::Pos2::ZERO, |v| v.pos)
                })
                .collect();
            area(&clipped(corners, clip))
        })
        .sum()
}

/// `polygon` (convex) cut to `clip`, one side of the rectangle at a time.
fn clipped(mut polygon: Vec<egui::Pos2>, clip: egui::Rect) -> Vec<egui::Pos2> {
    // Each side as (axis, bound, whether inside is above the bound).
    let sides = [
        (0, clip.min.x, true),
        (0, clip.max.x, false),
        (1, clip.min.y, true),
        (1, clip.max.y, false),
    ];
    for (axis, bound, above) in sides {
        let inside = |p: egui::Pos2| {
            if above {
                p[axis] >= bound
            } else {
                p[axis] <= bound
            }
        };
        let mut out = Vec::with_capacity(polygon.len() + 1);
        for (i, &p) in polygon.iter().enumerate() {
            let q = polygon[(i + 1) % polygon.len()];
            if inside(p) {
                out.push(p);
            }
            if inside(p) != inside(q) {
                let t = (bound - p[axis]) / (q[axis] - p[axis]);
                out.push(p + (q - p) * t);
            }
        }
        polygon = out;
        if polygon.is_empty() {
            break;
        }
    }
    polygon
}

/// The area of `polygon` (shoelace).
fn area(polygon: &[egui::Pos2]) -> f64 {
    let twice: f32 = (0..polygon.len())
        .map(|i| {
            let (p, q) = (polygon[i], polygon[(i + 1) % polygon.len()]);
            p.x * q.y - q.x * p.y
        })
        .sum();
    f64::from(twice.abs()) / 2.0
}

/// Loads (or imports) one hostile file and builds its scene, timing both.
fn run_one(name: &str) -> anyhow::Result<()> {
    let file = hostile::corpus()?
        .into_iter()
        .find(|h| h.name == name)
        .ok_or_else(|| anyhow::anyhow!("no hostile file {name}"))?;
    let started = Instant::now();
    let outcome = match lantern::check::open(&file.bytes, file.is_map, name, None) {
        Ok((_, encounter)) => {
            let scene = lantern::board::Scene::new(&encounter);
            format!(" loaded, scene of {} tokens built", scene.tokens.len())
        }
        Err(err) => format!(" refused: {err}"),
    };
    println!("load_ms: {}", started.elapsed().as_millis());
    // The whole process's peak, building the corpus included: an upper bound for the load.
    println!("peak_mb: {}", peak_rss_mb().unwrap_or_default());
    println!("outcome:{outcome}");
    Ok(())
}

/// The process's peak resident memory in MB, from `/proc/self/status` (Linux).
fn peak_rss_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}
