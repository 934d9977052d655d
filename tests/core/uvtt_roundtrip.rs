//! Property tests of the Universal VTT import: an imported encounter survives save and load
//! unchanged, and merging straight runs keeps every wall point where it was.

use std::io::Cursor;

use lantern::files::{LATTICE_PER_CELL, encounter_from_json, encounter_to_json, uvtt_from_json};
use lantern::model::{GridPoint, RuleSystem, Wall, WallKind};
use proptest::prelude::*;
use serde_json::{Value, json};

fn stand_in_image() -> String {
    use base64::Engine as _;
    let img = image::RgbImage::from_pixel(4, 4, image::Rgb([1, 2, 3]));
    let mut out = Cursor::new(Vec::new());
    let Ok(()) = img.write_to(&mut out, image::ImageFormat::Png) else {
        panic!("a 4×4 PNG always encodes");
    };
    base64::engine::general_purpose::STANDARD.encode(out.into_inner())
}

/// A coordinate as exporters write them: six decimals, sometimes on whole or half cells.
fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        (-20_i32..80).prop_map(f64::from),
        (-40_i32..160).prop_map(|h| f64::from(h) / 2.0),
        (-20_000_000_i64..80_000_000).prop_map(|m| m as f64 / 1e6),
    ]
}

fn point() -> impl Strategy<Value = Value> {
    (coordinate(), coordinate()).prop_map(|(x, y)| json!({ "x": x, "y": y }))
}

/// A polyline that sometimes walks in tiny straight steps, as curved cave walls come out.
fn polyline() -> impl Strategy<Value = Vec<Value>> {
    prop_oneof![
        prop::collection::vec(point(), 0..12),
        (
            coordinate(),
            coordinate(),
            -3_i32..4,
            -3_i32..4,
            2_usize..30
        )
            .prop_map(|(x, y, dx, dy, n)| {
                (0..n)
                    .map(|i| {
                        let step = i as f64 / 64.0;
                        json!({ "x": x + f64::from(dx) * step, "y": y + f64::from(dy) * step })
                    })
                    .collect()
            }),
    ]
}

fn portal() -> impl Strategy<Value = Value> {
    (point(), point(), any::<bool>()).prop_map(|(a, b, closed)| {
        json!({ "position": a, "bounds": [a, b], "rotation": 0, "closed": closed, "freestanding": false })
    })
}

fn light() -> impl Strategy<Value = Value> {
    (
        point(),
        0_u32..40_000,
        0_u32..2_000,
        any::<u32>(),
        any::<bool>(),
    )
        .prop_map(|(position, range, intensity, argb, shadows)| {
            json!({
                "position": position,
                "range": f64::from(range) / 1e3,
                "intensity": f64::from(intensity) / 1e3,
                "color": format!("{argb:08x}"),
                "shadows": shadows
            })
        })
}

fn uvtt_file() -> impl Strategy<Value = Value> {
    (
        (-4_i32..5, -4_i32..5, prop_oneof![Just(0.0), Just(0.5)]),
        (1_u32..60, 1_u32..60, 8_u32..300),
        prop::collection::vec(polyline(), 0..8),
        prop::collection::vec(polyline(), 0..4),
        prop::collection::vec(portal(), 0..5),
        prop::collection::vec(light(), 0..4),
    )
        .prop_map(
            |((ox, oy, half), (w, h, ppg), los, objects, portals, lights)| {
                json!({
                    "format": 0.3,
                    "resolution": {
                        "map_origin": { "x": f64::from(ox) + half, "y": f64::from(oy) },
                        "map_size": { "x": w, "y": h },
                        "pixels_per_grid": ppg
                    },
                    "line_of_sight": los,
                    "objects_line_of_sight": objects,
                    "portals": portals,
                    "lights": lights,
                    "image": stand_in_image()
                })
            },
        )
}

fn shapes(walls: &[Wall]) -> Vec<(GridPoint, GridPoint, WallKind)> {
    walls.iter().map(|w| (w.a, w.b, w.kind)).collect()
}

/// The file's points of one polyline in map space, snapped as the importer snaps them.
fn snapped(line: &Value, origin: (f64, f64)) -> Vec<(f64, f64)> {
    let snap = |v: f64| (v * LATTICE_PER_CELL).round() / LATTICE_PER_CELL;
    let points = line.as_array().map_or(&[][..], Vec::as_slice);
    points
        .iter()
        .map(|p| {
            let coordinate = |axis: &str| p[axis].as_f64().unwrap_or(f64::NAN);
            let (x, y) = (coordinate("x"), coordinate("y"));
            (snap(x - origin.0), snap(y - origin.1))
        })
        .collect()
}

fn on_segment(p: (f64, f64), w: &Wall) -> bool {
    let (ax, ay, bx, by) = (w.a.x, w.a.y, w.b.x, w.b.y);
    let cross = (bx - ax) * (p.1 - ay) - (by - ay) * (p.0 - ax);
    let within = p.0 >= ax.min(bx) && p.0 <= ax.max(bx) && p.1 >= ay.min(by) && p.1 <= ay.max(by);
    cross.abs() < 1e-9 && within
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn imported_encounters_save_and_load_unchanged(file in uvtt_file()) {
        let map = uvtt_from_json(&serde_json::to_vec(&file).unwrap(), None).unwrap();
        let encounter = map.into_encounter("Round trip", RuleSystem::PostCore).encounter;
        let loaded = encounter_from_json(&encounter_to_json(&encounter).unwrap()).unwrap();
        prop_assert_eq!(shapes(&loaded.walls), shapes(&encounter.walls));
        prop_assert_eq!(&loaded.lights, &encounter.lights);
        prop_assert_eq!(loaded, encounter);
    }

    #[test]
    fn merging_keeps_every_wall_point_and_invents_none(file in uvtt_file()) {
        let map = uvtt_from_json(&serde_json::to_vec(&file).unwrap(), None).unwrap();
        let origin = &file["resolution"]["map_origin"];
        let origin = (origin["x"].as_f64().unwrap(), origin["y"].as_f64().unwrap());
        let walls: Vec<&Wall> = map.walls.iter().filter(|w| w.kind == WallKind::Wall).collect();
        let lines = [&file["line_of_sight"], &file["objects_line_of_sight"]];
        let points: Vec<(f64, f64)> = lines
            .iter()
            .flat_map(|list| list.as_array().unwrap().iter())
            .filter(|line| snapped(line, origin).windows(2).any(|w| w[0] != w[1]))
            .flat_map(|line| snapped(line, origin))
            .collect();
        // Every vertex of a polyline with any length still lies on an imported wall …
        for p in &points {
            prop_assert!(walls.iter().any(|w| on_segment(*p, w)), "{:?} lost", p);
        }
        // … and every imported wall starts and ends on a vertex of the file.
        for w in &walls {
            for end in [(w.a.x, w.a.y), (w.b.x, w.b.y)] {
                prop_assert!(points.contains(&end), "{:?} invented", end);
            }
        }
        let segments: usize = lines
            .iter()
            .flat_map(|list| list.as_array().unwrap().iter())
            .map(|line| line.as_array().unwrap().len().saturating_sub(1))
            .sum();
        prop_assert!(walls.len() <= segments);
    }
}

#[test]
fn a_half_cell_origin_shifts_walls_and_round_trips() {
    let file = json!({
        "format": 1.0,
        "resolution": { "map_origin": { "x": 0.5, "y": 0 }, "map_size": { "x": 3, "y": 3 }, "pixels_per_grid": 10 },
        "line_of_sight": [[{ "x": 0.5, "y": 1.123_456 }, { "x": 3.5, "y": 1.123_456 }]],
        "image": stand_in_image()
    });
    let map = uvtt_from_json(&serde_json::to_vec(&file).unwrap(), None).unwrap();
    // 1.123456 snaps to the nearest 1/1024: 1150/1024.
    let y = 1150.0 / 1024.0;
    assert_eq!(
        shapes(&map.walls),
        vec![(
            GridPoint::new(0.0, y),
            GridPoint::new(3.0, y),
            WallKind::Wall
        )]
    );
    let encounter = map.into_encounter("Half", RuleSystem::Evening).encounter;
    let loaded = encounter_from_json(&encounter_to_json(&encounter).unwrap()).unwrap();
    assert_eq!(loaded, encounter);
}
