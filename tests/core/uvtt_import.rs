//! Universal VTT import: the two real maps in `../shared/maps/` (beside the repository), the layouts real exporters
//! write, and a clear error for each kind of bad file.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use lantern::edit::{Document, apply};
use lantern::files::{
    UvttError, encounter_from_json, encounter_to_json, import_uvtt, read_uvtt, uvtt_from_json,
};
use lantern::model::{Cell, Encounter, GridKind, GridPoint, Light, RuleSystem, Wall, WallKind};
use serde_json::{Value, json};

const MAPS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/maps");

fn map_path(name: &str) -> PathBuf {
    Path::new(MAPS).join(name)
}

fn png(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let img = image::RgbImage::from_pixel(width, height, image::Rgb([90, 80, 70]));
    let mut out = Cursor::new(Vec::new());
    let Ok(()) = img.write_to(&mut out, format) else {
        panic!("a small {format:?} image always encodes");
    };
    out.into_inner()
}

fn base64(bytes: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// A small valid map in the 0.3 layout; tests change one thing at a time.
fn small_map() -> Value {
    json!({
        "format": 0.3,
        "resolution": {
            "map_origin": { "x": 0, "y": 0 },
            "map_size": { "x": 4, "y": 3 },
            "pixels_per_grid": 2
        },
        "line_of_sight": [[{ "x": 0, "y": 0 }, { "x": 1, "y": 0 }, { "x": 2, "y": 0 }, { "x": 2, "y": 2 }]],
        "objects_line_of_sight": [],
        "portals": [{
            "position": { "x": 3, "y": 0 },
            "bounds": [{ "x": 2.5, "y": 0 }, { "x": 3.5, "y": 0 }],
            "rotation": 0, "closed": false, "freestanding": false
        }],
        "environment": { "baked_lighting": true, "ambient_light": "ffffffff" },
        "lights": [{ "position": { "x": 1, "y": 1 }, "range": 4, "intensity": 0.5, "color": "80ff0000", "shadows": false }],
        "image": base64(&png(8, 6, image::ImageFormat::Png))
    })
}

fn import(value: &Value) -> Result<lantern::files::UvttMap, UvttError> {
    uvtt_from_json(&serde_json::to_vec(value).unwrap_or_default(), None)
}

fn error_of(value: &Value) -> String {
    match import(value) {
        Ok(_) => panic!("the map imported"),
        Err(err) => err.to_string(),
    }
}

fn wall(walls: &[Wall], a: (f64, f64), b: (f64, f64)) -> &Wall {
    let (a, b) = (GridPoint::new(a.0, a.1), GridPoint::new(b.0, b.1));
    walls
        .iter()
        .find(|w| w.a == a && w.b == b)
        .unwrap_or_else(|| panic!("no wall from {a:?} to {b:?}"))
}

fn count(walls: &[Wall], pick: impl Fn(WallKind) -> bool) -> usize {
    walls.iter().filter(|w| pick(w.kind)).count()
}

#[test]
fn cave_sample_imports_walls_doors_light_and_grid() {
    let import = import_uvtt(&map_path("cave-sample.dd2vtt"), RuleSystem::Evening).unwrap();
    let e = &import.encounter;
    assert_eq!(e.name, "cave-sample");
    assert_eq!(e.system, RuleSystem::Evening);
    assert_eq!(
        (e.map.grid, e.map.width_cells, e.map.height_cells),
        (GridKind::Square, 20, 20)
    );
    let bg = e.map.background.as_ref().unwrap();
    assert_eq!(
        (bg.pixels_per_cell, bg.origin_in_grid),
        (64.0, GridPoint::new(0.0, 0.0))
    );
    assert_eq!(import.background_rgba.dimensions(), (1280, 1280));
    // 9 + 2 polylines holding 247 segments; one straight pair merges (246), then 3 closed doors.
    assert_eq!(count(&e.walls, |k| k == WallKind::Wall), 246);
    assert_eq!(count(&e.walls, |k| k == WallKind::Door { open: false }), 3);
    assert_eq!(e.walls.len(), 249);
    // The first polyline, read off the file: a step along the cave's upper edge.
    wall(&e.walls, (7.359_375, 5.0), (9.0, 5.0));
    wall(&e.walls, (9.0, 5.0), (9.0, 7.0));
    wall(&e.walls, (10.0, 6.0), (11.0, 6.0));
    // Doors from `bounds`, in file order.
    let doors: Vec<_> = e
        .walls
        .iter()
        .filter(|w| w.kind != WallKind::Wall)
        .collect();
    assert_eq!(
        (doors[0].a, doors[0].b),
        (GridPoint::new(11.0, 6.0), GridPoint::new(12.0, 6.0))
    );
    assert_eq!(
        (doors[1].a, doors[1].b),
        (GridPoint::new(12.0, 15.5), GridPoint::new(12.0, 14.5))
    );
    assert_eq!(e.lights.len(), 1);
    let light = &e.lights[0];
    assert_eq!(light.color, [0xec, 0xcd, 0x8b, 0xff], "ARGB ffeccd8b");
    assert!(
        (light.position.x - 6.132_305).abs() < 1e-3 && (light.position.y - 7.212_773).abs() < 1e-3
    );
    assert!((light.range_cells - 9.9).abs() < 1e-3);
    assert_eq!((light.intensity, light.shadows), (1.0, true));
}

#[test]
fn cropped_sample_shifts_everything_by_its_origin() {
    let map = read_uvtt(&map_path("cropped-origin-sample.dd2vtt")).unwrap();
    assert_eq!(
        (map.width_cells, map.height_cells, map.pixels_per_cell),
        (10, 10, 256.0)
    );
    assert_eq!(map.image_rgba.dimensions(), (2560, 2560));
    assert!(
        map.image.data.starts_with(b"\x89PNG"),
        "the original PNG bytes, not re-encoded"
    );
    assert_eq!(map.stats.wall_segments_in_file, 66);
    // 66 segments; the tiny steps of the pillar outline have 8 exactly straight pairs: 58.
    assert_eq!(count(&map.walls, |k| k == WallKind::Wall), 58);
    // The first portal sits at (7, 3) in the file, (2, 1) is the origin: (5, 2) on the map.
    let doors: Vec<_> = map
        .walls
        .iter()
        .filter(|w| w.kind != WallKind::Wall)
        .collect();
    assert_eq!(doors.len(), 2);
    assert_eq!(
        (doors[0].a, doors[0].b),
        (GridPoint::new(5.0, 1.5), GridPoint::new(5.0, 2.5))
    );
    assert_eq!(doors[0].kind, WallKind::Door { open: false });
    assert_eq!(doors[1].kind, WallKind::Door { open: true });
    // The room outline (3,2)-(11,10) in the file: (1,1)-(9,9) on the map.
    wall(&map.walls, (9.0, 9.0), (1.0, 9.0));
    wall(&map.walls, (1.0, 1.0), (9.0, 1.0));
    wall(&map.walls, (5.0, 1.0), (5.0, 1.5));
    assert_eq!(
        map.lights[1].position,
        GridPoint::new(6.007_812_5, 1.984_375)
    );
    assert_eq!(map.lights[1].color, [0x4d, 0xd5, 0x69, 0xff]);
}

#[test]
fn small_map_merges_straight_runs_and_keeps_door_states() {
    let map = import(&small_map()).unwrap();
    let walls: Vec<_> = map.walls.iter().map(|w| (w.a, w.b, w.kind)).collect();
    let p = GridPoint::new;
    assert_eq!(
        walls,
        vec![
            (p(0.0, 0.0), p(2.0, 0.0), WallKind::Wall),
            (p(2.0, 0.0), p(2.0, 2.0), WallKind::Wall),
            (p(2.5, 0.0), p(3.5, 0.0), WallKind::Door { open: true }),
        ]
    );
    assert_eq!(
        map.lights,
        vec![Light {
            position: p(1.0, 1.0),
            range_cells: 4.0,
            intensity: 0.5,
            color: [255, 0, 0, 128],
            shadows: false,
            kind: lantern::model::LightKind::Custom,
            bright_cells: None,
            on: true,
            carried_by: None,
            blinding_cells: None,
        }]
    );
}

#[test]
fn formats_0_2_and_1_0_import() {
    let mut old = small_map();
    old["format"] = json!(0.2);
    old.as_object_mut().unwrap().remove("objects_line_of_sight");
    assert_eq!(import(&old).unwrap().walls.len(), 3);
    let mut arkenforge = small_map();
    arkenforge["format"] = json!("1.0");
    arkenforge["objects_line_of_sight"] = Value::Null;
    assert_eq!(import(&arkenforge).unwrap().walls.len(), 3);
}

#[test]
fn webp_and_jpeg_images_import_undecoded_bytes_kept() {
    for (format, magic, name) in [
        (image::ImageFormat::WebP, &b"RIFF"[..], "map.webp"),
        (image::ImageFormat::Jpeg, &[0xFF, 0xD8][..], "map.jpg"),
    ] {
        let bytes = png(8, 6, format);
        let mut value = small_map();
        value["image"] = json!(base64(&bytes));
        let map = import(&value).unwrap();
        assert!(map.image.data.starts_with(magic));
        assert_eq!(&*map.image.data, &bytes[..]);
        assert_eq!(map.image.name, name);
        assert_eq!(map.image_rgba.dimensions(), (8, 6));
    }
}

#[test]
fn image_given_as_a_path_is_read_beside_the_map() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("floor.png"),
        png(8, 6, image::ImageFormat::Png),
    )
    .unwrap();
    let mut value = small_map();
    value["image"] = json!("floor.png");
    let path = dir.path().join("room.uvtt");
    std::fs::write(&path, serde_json::to_vec(&value).unwrap()).unwrap();
    let map = read_uvtt(&path).unwrap();
    assert_eq!(map.image.name, "floor.png");
    assert_eq!(map.image_rgba.dimensions(), (8, 6));

    value["image"] = json!("missing.png");
    std::fs::write(&path, serde_json::to_vec(&value).unwrap()).unwrap();
    let err = read_uvtt(&path).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "the map image file is missing: {}",
            dir.path().join("missing.png").display()
        )
    );
    assert_eq!(
        error_of(&value),
        "the map image names a file, but the map was not read from a folder: missing.png"
    );
}

#[test]
fn each_bad_file_gets_its_own_message() {
    let with = |edit: &dyn Fn(&mut Value)| {
        let mut value = small_map();
        edit(&mut value);
        error_of(&value)
    };
    let cases: Vec<(String, &str)> = vec![
        (
            uvtt_from_json(b"PNG\x00garbage", None)
                .unwrap_err()
                .to_string(),
            "this is not a Universal VTT map: it is not valid JSON (expected value at line 1 column 1)",
        ),
        (
            with(&|v| {
                v.as_object_mut().unwrap().remove("resolution");
            }),
            "this is not a Universal VTT map: it has no `resolution`",
        ),
        (
            with(&|v| {
                v.as_object_mut().unwrap().remove("format");
            }),
            "this is not a Universal VTT map: it has no `format`",
        ),
        (
            with(&|v| v["format"] = json!(2.5)),
            "this map is Universal VTT format 2.5; Lantern reads formats 0.2, 0.3 and 1.0",
        ),
        (
            with(&|v| v["resolution"]["pixels_per_grid"] = json!(0)),
            "the map says a cell is 0 pixels wide; Lantern needs 1 to 16384 pixels per cell",
        ),
        (
            with(&|v| v["resolution"]["pixels_per_grid"] = json!(1e12)),
            "the map says a cell is 1e12 pixels wide; Lantern needs 1 to 16384 pixels per cell",
        ),
        (
            with(&|v| v["resolution"]["map_size"]["x"] = json!(-3)),
            "the map is -3×3 cells; it must be 1 to 2000 cells on each side",
        ),
        (
            with(&|v| {
                v.as_object_mut().unwrap().remove("image");
            }),
            "the map file holds no map image",
        ),
        (
            with(&|v| v["image"] = json!(base64(&[7; 300]))),
            "the map image could not be decoded: it is not a PNG, JPEG or WebP image",
        ),
        (
            with(&|v| v["line_of_sight"][0][1]["x"] = json!(-1e300)),
            "a coordinate at `line_of_sight[0][1].x` is -1e300; map coordinates must lie within ±4000 cells",
        ),
        (
            with(&|v| v["line_of_sight"][0][1]["x"] = json!("NaN")),
            "the Universal VTT map is damaged: at `line_of_sight[0][1].x`: invalid type: string \"NaN\", expected f64 at line 1 column 415",
        ),
        (
            with(&|v| v["lights"][0]["color"] = json!("red")),
            "light 0 is unusable: its colour “red” is not ARGB hex",
        ),
        (
            with(&|v| v["lights"][0]["range"] = json!(-2)),
            "light 0 is unusable: its range -2 is not a distance",
        ),
        (
            with(&|v| {
                let point = json!({ "x": 1, "y": 1 });
                v["line_of_sight"] = json!([vec![point; 200_002]]);
            }),
            "the map has 200002 wall and door segments; Lantern imports at most 200000",
        ),
    ];
    for (found, expected) in cases {
        assert_eq!(found, expected);
    }
}

#[test]
fn an_image_too_wide_is_refused_from_its_header() {
    // Refused from the header, before the 20000-pixel-wide rows are allocated.
    let bytes = png(20_000, 10, image::ImageFormat::Png);
    let mut value = small_map();
    value["image"] = json!(base64(&bytes));
    assert_eq!(
        error_of(&value),
        "the map image is 20000×10 pixels; Lantern opens images up to 16384 pixels a side"
    );
}

#[test]
fn a_missing_map_file_says_so() {
    assert!(matches!(
        read_uvtt(Path::new("/nonexistent/x.dd2vtt")),
        Err(UvttError::Missing)
    ));
}

#[test]
fn the_map_replaces_the_current_one_as_one_undo_step() {
    let map = read_uvtt(&map_path("cropped-origin-sample.dd2vtt")).unwrap();
    let mut before: Encounter = lantern::demo::Demo::GoForthHeroes.encounter().unwrap();
    before
        .fog
        .explored
        .extend((0..24).map(|x| Cell::new(x, 15)));
    assert!(!before.obstacle_cells.is_empty() && !before.difficult_cells.is_empty());
    let mut doc = Document::new(before.clone(), None);
    doc.apply(map.replace_map_command(&doc.encounter)).unwrap();
    let e = &doc.encounter;
    assert!(e.obstacle_cells.is_empty(), "the old map's terrain goes");
    assert!(e.difficult_cells.is_empty());
    assert!(
        e.fog.explored.is_empty(),
        "what was explored of the old map goes"
    );
    assert_eq!((e.map.width_cells, e.map.height_cells), (10, 10));
    assert_eq!(e.walls.len(), 60);
    assert_eq!(e.lights, map.lights);
    assert_eq!(e.tokens, before.tokens, "tokens stay");
    let bg = e.map.background.as_ref().unwrap();
    assert_eq!(e.images[&bg.image], map.image);
    // The walls as imported, renumbered.
    let shapes = |walls: &[Wall]| walls.iter().map(|w| (w.a, w.b, w.kind)).collect::<Vec<_>>();
    assert_eq!(shapes(&e.walls), shapes(&map.walls));
    doc.undo().unwrap();
    assert_eq!(doc.encounter, before);
}

#[test]
fn an_imported_encounter_saves_and_loads_unchanged() {
    for name in ["cave-sample.dd2vtt", "cropped-origin-sample.dd2vtt"] {
        let e = import_uvtt(&map_path(name), RuleSystem::ThreeD6)
            .unwrap()
            .encounter;
        let loaded = encounter_from_json(&encounter_to_json(&e).unwrap()).unwrap();
        assert_eq!(loaded, e, "{name}");
        // And through the command path: the same map replaces an empty encounter's.
        let mut empty = Encounter::default();
        let map = read_uvtt(&map_path(name)).unwrap();
        apply(&mut empty, map.replace_map_command(&Encounter::default())).unwrap();
        assert_eq!(empty.walls, e.walls);
    }
}
