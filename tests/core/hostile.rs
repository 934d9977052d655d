//! The hostile files of issue 13, one per numbered case: shared by the tests
//! (`tests/core/robust_files.rs`), the fuzzer's seed corpus (`examples/fuzz_loaders.rs`) and
//! `examples/bench_load.rs`. Every file is at most about 1 MB.

use std::io::Cursor;

use base64::Engine as _;
use lantern::demo::Demo;
use lantern::files::encounter_to_json;
use serde_json::{Value, json};

/// One hostile file.
pub struct Hostile {
    /// The case it stands for, e.g. `case1_far_token`.
    pub name: &'static str,
    pub bytes: Vec<u8>,
    /// A Universal VTT map (imported) rather than an encounter (loaded).
    pub is_map: bool,
}

/// Every hostile file.
pub fn corpus() -> anyhow::Result<Vec<Hostile>> {
    let mut out = geometry_cases()?;
    out.extend(message_cases()?);
    Ok(out)
}

/// Cases 1 to 8: geometry, combat state, images, numbers, walls, what commands refuse.
fn geometry_cases() -> anyhow::Result<Vec<Hostile>> {
    let mut out = Vec::new();
    let mut encounter = |name, edit: &dyn Fn(&mut Value)| -> anyhow::Result<()> {
        let mut value = demo()?;
        edit(&mut value);
        out.push(Hostile {
            name,
            bytes: serde_json::to_vec(&value)?,
            is_map: false,
        });
        Ok(())
    };
    // 1. Far geometry.
    encounter("case1_far_token", &|v| {
        v["tokens"][0]["cell"] = json!([2_000_000_000, 0]);
    })?;
    encounter("case1_far_wall", &|v| {
        v["walls"][0]["b"] = json!([100_000, 100_000]);
    })?;
    encounter("case1_token_at_20000", &|v| {
        v["tokens"][0]["cell"] = json!([20_000, 20_000]);
    })?;
    encounter("case1_token_at_the_edge_of_the_area", &|v| {
        v["tokens"][0]["cell"] = json!([4_000, -2_000]);
        v["walls"][0]["b"] = json!([-2_000, 4_000]);
    })?;
    // 3. Combat state.
    encounter("case3_current_past_the_order", &|v| {
        v["combat"] = json!({ "initiative": {
            "mode": { "kind": "ordered" },
            "combatants": [{ "token": 1 }, { "token": 2 }],
            "current": 7,
            "round": 1
        }});
    })?;
    // 4. Decompression bombs.
    let bomb = base64_png_1bit(16_384, 16_384)?;
    encounter("case4_png_bomb", &|v| {
        v["images"] = json!({ "1": { "name": "bomb.png", "data": bomb } });
        v["map"]["background"] =
            json!({ "image": 1, "origin_in_grid": [0, 0], "pixels_per_cell": 70 });
    })?;
    let small_bomb = base64_png_1bit(6_900, 6_900)?;
    encounter("case4_twenty_small_bombs", &|v| {
        let images: serde_json::Map<String, Value> = (1..=20)
            .map(|i| {
                (
                    i.to_string(),
                    json!({ "name": "b.png", "data": small_bomb }),
                )
            })
            .collect();
        v["images"] = Value::Object(images);
    })?;
    // 5. Numbers that are not finite once read.
    encounter("case5_rotation_1e300", &|v| {
        v["tokens"][0]["rotation_deg"] = json!(1e300);
    })?;
    // 7. Quadratic walls.
    encounter("case7_crossing_walls", &|v| {
        v["walls"] = json!(grid_walls(2_000));
    })?;
    encounter("case7_identical_walls", &|v| {
        let walls: Vec<Value> = (1..=4_000)
            .map(|id| json!({ "id": id, "a": [1, 1], "b": [9, 1], "kind": "wall" }))
            .collect();
        v["walls"] = json!(walls);
    })?;
    // 8. What the commands refuse, the loader refuses.
    encounter("case8_cell_length_zero", &|v| {
        v["map"]["cell_length"] = json!({ "value": 0.0, "unit": "feet" });
    })?;
    encounter("case8_pixels_per_cell_zero", &|v| {
        v["images"] = json!({ "1": { "name": "f.png", "data": small_png() } });
        v["map"]["background"] =
            json!({ "image": 1, "origin_in_grid": [0, 0], "pixels_per_cell": 0 });
    })?;
    encounter("case8_two_point_polygon", &|v| {
        v["obstacle_polygons"] = json!([{ "points": [[1, 1], [2, 2]] }]);
    })?;
    out.extend(map_cases()?);
    Ok(out)
}

/// Case 10: what messages must say.
fn message_cases() -> anyhow::Result<Vec<Hostile>> {
    let mut out = Vec::new();
    let mut encounter = |name, edit: &dyn Fn(&mut Value)| -> anyhow::Result<()> {
        let mut value = demo()?;
        edit(&mut value);
        out.push(Hostile {
            name,
            bytes: serde_json::to_vec(&value)?,
            is_map: false,
        });
        Ok(())
    };
    for (name, version) in [
        ("case10_version_1_5", json!(1.5)),
        ("case10_version_minus_1", json!(-1)),
        ("case10_version_text", json!("1")),
    ] {
        encounter(name, &|v| {
            v["format_version"] = version.clone();
        })?;
    }
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend(serde_json::to_vec(&demo()?)?);
    out.push(Hostile {
        name: "case10_byte_order_mark",
        bytes: bom,
        is_map: false,
    });
    let mut value = demo()?;
    value["images"] = json!({ "1": { "name": "a.png", "data": small_png() } });
    let text = serde_json::to_string(&value)?;
    // A `Value` cannot hold a key twice: the second image goes into the text.
    let second = format!(
        "\"images\":{{\"1\":{{\"name\":\"b.png\",\"data\":\"{}\"}},",
        small_png()
    );
    out.push(Hostile {
        name: "case10_duplicate_image_keys",
        bytes: text.replacen("\"images\":{", &second, 1).into_bytes(),
        is_map: false,
    });
    Ok(out)
}

/// Universal VTT maps: a far wall (case 1) and stacked doors (case 7).
fn map_cases() -> anyhow::Result<Vec<Hostile>> {
    let mut out = Vec::new();
    out.push(Hostile {
        name: "case1_uvtt_wall_at_99999_cells",
        bytes: uvtt(
            &json!([[{ "x": 1, "y": 1 }, { "x": 99_999, "y": -99_999 }]]),
            &json!([]),
        )?,
        is_map: true,
    });
    let door = json!({ "position": { "x": 2.5, "y": 2 }, "bounds": [{ "x": 2, "y": 2 }, { "x": 3, "y": 2 }], "closed": true });
    out.push(Hostile {
        name: "case7_uvtt_stacked_doors",
        bytes: uvtt(&json!([]), &Value::Array(vec![door; 10_000]))?,
        is_map: true,
    });
    Ok(out)
}

/// The Go Forth: Heroes demo as JSON.
fn demo() -> anyhow::Result<Value> {
    Ok(serde_json::from_slice(&encounter_to_json(
        &Demo::GoForthHeroes.encounter()?,
    )?)?)
}

/// `n` horizontal and `n` vertical walls across a 2000-cell square: `n²` crossings.
fn grid_walls(n: u32) -> Vec<Value> {
    let step = 2_000.0 / f64::from(n);
    (0..n)
        .flat_map(|i| {
            let at = step * (f64::from(i) + 0.5);
            [
                json!({ "id": 2 * i + 1, "a": [0.0, at], "b": [2_000.0, at], "kind": "wall" }),
                json!({ "id": 2 * i + 2, "a": [at, 0.0], "b": [at, 2_000.0], "kind": "wall" }),
            ]
        })
        .collect()
}

/// A Universal VTT map of 20×20 cells with the given wall polylines and portals.
fn uvtt(line_of_sight: &Value, portals: &Value) -> anyhow::Result<Vec<u8>> {
    Ok(serde_json::to_vec(&json!({
        "format": 0.3,
        "resolution": {
            "map_origin": { "x": 0, "y": 0 },
            "map_size": { "x": 20, "y": 20 },
            "pixels_per_grid": 16
        },
        "line_of_sight": line_of_sight,
        "portals": portals,
        "lights": [],
        "image": small_png()
    }))?)
}

/// A 4×4 PNG, base64.
pub fn small_png() -> String {
    let img = image::RgbaImage::from_pixel(4, 4, image::Rgba([1, 2, 3, 255]));
    let mut out = Cursor::new(Vec::new());
    // Encoding a 4×4 image in memory cannot fail.
    let _ = img.write_to(&mut out, image::ImageFormat::Png);
    base64::engine::general_purpose::STANDARD.encode(out.into_inner())
}

/// A black `width × height` PNG of one bit a pixel, base64: tiny on disk, huge once unpacked.
pub fn base64_png_1bit(width: u32, height: u32) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::One);
        encoder.set_compression(png::Compression::High);
        let mut writer = encoder.write_header()?;
        let rows = vec![0_u8; width.div_ceil(8) as usize * height as usize];
        writer.write_image_data(&rows)?;
        writer.finish()?;
    }
    Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
}
