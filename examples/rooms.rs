//! Finds the rooms of a map (`lantern::board::rooms`) and says how many and how long it took.
//!
//! ```text
//! cargo run --release --example rooms -- FILE [--png OUT.png]
//! ```
//!
//! `FILE` is an encounter or a Universal VTT map (`.dd2vtt`, `.df2vtt`, `.uvtt`). Prints
//! `rooms: N`, `outside: N` (regions open to every edge of the map), `too_large: N`, one
//! `room: CELLS cells` line per room, and `room_ms: T`, the best of five finds. `--png` draws the
//! map with each room tinted its own colour, the outside grey and the walls black, to count the
//! rooms by hand against.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use lantern::board::Scene;
use lantern::board::grid::cell_in_grid;
use lantern::board::rooms::{Rooms, find_rooms};
use lantern::model::{Cell, Encounter, GridPoint};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, png) = match args.as_slice() {
        [path] => (PathBuf::from(path), None),
        [path, flag, out] if flag == "--png" => (PathBuf::from(path), Some(PathBuf::from(out))),
        _ => {
            eprintln!("usage: rooms FILE [--png OUT.png]");
            return ExitCode::from(2);
        }
    };
    let encounter = match open(&path) {
        Ok(encounter) => encounter,
        Err(err) => {
            eprintln!("{}: {err}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let scene = Scene::new(&encounter);
    let mut best_ms = f64::INFINITY;
    let mut rooms = Rooms::default();
    for _ in 0..5 {
        let start = Instant::now();
        rooms = find_rooms(&scene);
        best_ms = best_ms.min(start.elapsed().as_secs_f64() * 1000.0);
    }
    println!("rooms: {}", rooms.rooms.len());
    println!("outside: {}", rooms.outside.len());
    println!("too_large: {}", rooms.too_large.len());
    for room in &rooms.rooms {
        println!("room: {} cells", room.cells.len());
    }
    println!("room_ms: {best_ms:.3}");
    if let Some(out) = png
        && let Err(err) = draw(&encounter, &rooms, &out)
    {
        eprintln!("{}: {err}", out.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The encounter in `path`, or the one its map imports as.
fn open(path: &std::path::Path) -> Result<Encounter, String> {
    let bytes = lantern::files::read_regular(path).map_err(|e| e.to_string())?;
    let is_map = path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        lantern::files::UVTT_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str())
    });
    let name = path
        .file_stem()
        .map_or_else(|| "map".to_owned(), |s| s.to_string_lossy().into_owned());
    lantern::check::open(&bytes, is_map, &name, path.parent())
        .map(|(_, encounter)| encounter)
        .map_err(|e| e.to_string())
}

/// Pixels per cell in the drawing.
const PX: f64 = 40.0;

/// Draws the map's background with the rooms tinted over it and the walls on top.
fn draw(encounter: &Encounter, rooms: &Rooms, out: &std::path::Path) -> Result<(), String> {
    let map = &encounter.map;
    // Hex columns are 0.87 of a cell apart; odd ones reach half a cell lower.
    let across = if map.grid.is_hex() { 0.87 } else { 1.0 };
    let (w, h) = (
        ((f64::from(map.width_cells) * across + 0.5) * PX) as u32,
        ((f64::from(map.height_cells) + 0.5) * PX) as u32,
    );
    let background = map.background.as_ref().and_then(|bg| {
        let image = encounter.images.get(&bg.image)?;
        let pixels = lantern::files::decode_image(&image.data).ok()?;
        Some((bg, pixels))
    });
    let mut tint: std::collections::HashMap<Cell, [u8; 3]> = std::collections::HashMap::new();
    for (k, room) in rooms.rooms.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        tint.extend(room.cells.iter().map(|c| (*c, colour)));
    }
    for room in rooms.outside.iter().chain(&rooms.too_large) {
        tint.extend(room.cells.iter().map(|c| (*c, [90, 90, 90])));
    }
    let mut img = image::RgbImage::new(w, h);
    for (x, y, pixel) in img.enumerate_pixels_mut() {
        let at = GridPoint::new(f64::from(x) / PX, f64::from(y) / PX);
        let base = background
            .as_ref()
            .and_then(|(bg, pixels)| {
                let px = (at.x - bg.origin_in_grid.x) * bg.pixels_per_cell;
                let py = (at.y - bg.origin_in_grid.y) * bg.pixels_per_cell;
                (px >= 0.0 && py >= 0.0)
                    .then(|| pixels.get_pixel_checked(px as u32, py as u32))
                    .flatten()
                    .map(|p| [p[0], p[1], p[2]])
            })
            .unwrap_or([230, 225, 210]);
        let cell = cell_in_grid(map.grid, at);
        let colour = if map.contains(cell) {
            tint.get(&cell).map_or(base, |t| mix(base, *t))
        } else {
            [255, 255, 255]
        };
        *pixel = image::Rgb(colour);
    }
    for wall in &encounter.walls {
        let colour = match wall.kind {
            lantern::model::WallKind::Wall => [0, 0, 0],
            lantern::model::WallKind::Window => [0, 120, 255],
            lantern::model::WallKind::Door { open: false } => [220, 0, 0],
            lantern::model::WallKind::Door { open: true } => [0, 200, 0],
        };
        line(&mut img, wall.a, wall.b, colour);
    }
    img.save(out).map_err(|e| e.to_string())
}

const PALETTE: [[u8; 3]; 8] = [
    [255, 60, 60],
    [60, 160, 255],
    [60, 220, 60],
    [255, 200, 0],
    [200, 80, 255],
    [0, 220, 220],
    [255, 120, 0],
    [255, 80, 200],
];

fn mix(a: [u8; 3], b: [u8; 3]) -> [u8; 3] {
    [0, 1, 2].map(|i| u8::midpoint(a[i], b[i]))
}

#[expect(
    clippy::many_single_char_names,
    reason = "a segment's ends and its steps, as in the formula"
)]
fn line(img: &mut image::RgbImage, a: GridPoint, b: GridPoint, colour: [u8; 3]) {
    let steps = ((b.x - a.x).hypot(b.y - a.y) * PX * 2.0).ceil().max(1.0) as u32;
    for k in 0..=steps {
        let t = f64::from(k) / f64::from(steps);
        let (x, y) = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let (px, py) = ((x * PX) as i64 + dx, (y * PX) as i64 + dy);
            if px >= 0 && py >= 0 && (px as u32) < img.width() && (py as u32) < img.height() {
                img.put_pixel(px as u32, py as u32, image::Rgb(colour));
            }
        }
    }
}
