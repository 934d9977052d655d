//! Checking a parsed file and converting it to map space.

use std::path::Path;

use serde_json::error::Category;

use super::error::number;
use super::geometry::{LatticePoint, map_point, polyline_segments, snap};
use super::image_source::{decode_map_image, source_image};
use super::map::{ImportStats, UvttMap};
use super::raw::{Polylines, RawFile, RawLight, RawPoint, RawPortal};
use super::{MAX_LIGHTS, MAX_PIXELS_PER_GRID, MAX_POINTS, MAX_SEGMENTS, UvttError, clip};
use crate::model::{
    EmbeddedImage, Light, LightKind, MapSpec, Rgba, Wall, WallId, WallKind, normalise_walls,
    validate_lights, validate_walls,
};

/// The format versions whose layout this importer knows (1.0 is Arkenforge's, laid out as 0.3).
const KNOWN_FORMATS: [f64; 3] = [0.2, 0.3, 1.0];

/// Parses the JSON, telling "not JSON" apart from "JSON of the wrong shape" (with its path).
pub fn parse(bytes: &[u8]) -> Result<RawFile, UvttError> {
    let mut json = serde_json::Deserializer::from_slice(bytes);
    let raw: RawFile = serde_path_to_error::deserialize(&mut json).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        match inner.classify() {
            Category::Data if path == "." => UvttError::WrongShape(clip(&inner.to_string())),
            Category::Data => UvttError::WrongShape(clip(&format!("at `{path}`: {inner}"))),
            Category::Syntax | Category::Eof | Category::Io => {
                UvttError::NotJson(clip(&inner.to_string()))
            }
        }
    })?;
    json.end()
        .map_err(|err| UvttError::NotJson(clip(&err.to_string())))?;
    Ok(raw)
}

/// Checks the parsed file and builds the map: cheap checks and geometry first, so a broken file
/// fails before its image is decoded.
pub fn convert(raw: RawFile, folder: Option<&Path>) -> Result<UvttMap, UvttError> {
    check_format(&raw)?;
    let Some(resolution) = &raw.resolution else {
        return Err(UvttError::NotUvtt("resolution"));
    };
    let pixels_per_cell = resolution
        .pixels_per_grid
        .ok_or(UvttError::NotUvtt("resolution.pixels_per_grid"))?;
    if !(1.0..=MAX_PIXELS_PER_GRID).contains(&pixels_per_cell) {
        return Err(UvttError::BadPixelsPerGrid(pixels_per_cell));
    }
    let size = resolution
        .map_size
        .ok_or(UvttError::NotUvtt("resolution.map_size"))?;
    let (width_cells, height_cells) = map_size(size)?;
    let origin = resolution.map_origin.unwrap_or_default();
    check_counts(&raw)?;
    let mut stats = ImportStats {
        wall_segments_in_file: raw.line_of_sight.segments + raw.objects_line_of_sight.segments,
        ..ImportStats::default()
    };
    let mut walls = Vec::new();
    wall_segments(&raw.line_of_sight, "line_of_sight", origin, &mut walls)?;
    wall_segments(
        &raw.objects_line_of_sight,
        "objects_line_of_sight",
        origin,
        &mut walls,
    )?;
    door_segments(&raw.portals.items, origin, &mut walls, &mut stats)?;
    let walls = renumber(normalise_walls(walls));
    validate_walls(&walls).map_err(UvttError::Invalid)?;
    let lights = lights(&raw.lights.items, origin)?;
    validate_lights(&lights).map_err(UvttError::Invalid)?;
    let Some(image_text) = raw.image else {
        return Err(UvttError::NoImage);
    };
    let source = source_image(&image_text, folder)?;
    drop(image_text);
    let image_rgba = decode_map_image(&source.bytes)?;
    Ok(UvttMap {
        image: EmbeddedImage::new(source.name, source.bytes),
        image_rgba,
        pixels_per_cell,
        width_cells,
        height_cells,
        walls,
        lights,
        stats,
    })
}

/// Numbers walls from 1 in their order, as [`UvttMap::walls`] promises.
fn renumber(mut walls: Vec<Wall>) -> Vec<Wall> {
    for (wall, id) in walls.iter_mut().zip(1..) {
        wall.id = WallId(id);
    }
    walls
}

fn check_format(raw: &RawFile) -> Result<(), UvttError> {
    let Some(format) = &raw.format else {
        return Err(UvttError::NotUvtt("format"));
    };
    if KNOWN_FORMATS
        .iter()
        .any(|known| (known - format.0).abs() < 1e-9)
    {
        Ok(())
    } else {
        Err(UvttError::UnsupportedFormat(number(format.0)))
    }
}

/// The map's size in whole cells; a fractional size (a map cropped mid-cell) rounds up so the
/// whole image lies on the grid.
fn map_size(size: RawPoint) -> Result<(u32, u32), UvttError> {
    let max = f64::from(MapSpec::MAX_CELLS);
    let cells = |v: f64| (v.is_finite() && v > 0.0 && v.ceil() <= max).then(|| v.ceil() as u32);
    match (cells(size.x), cells(size.y)) {
        (Some(width), Some(height)) => Ok((width, height)),
        _ => Err(UvttError::BadMapSize {
            width: size.x,
            height: size.y,
        }),
    }
}

fn check_counts(raw: &RawFile) -> Result<(), UvttError> {
    let lists = [&raw.line_of_sight, &raw.objects_line_of_sight];
    let door_segments: u64 = raw
        .portals
        .items
        .iter()
        .map(|p| p.bounds.total.saturating_sub(1))
        .sum();
    // Portals past the kept ones count one segment each: enough to trip the cap.
    let portals_not_kept = raw.portals.total - raw.portals.items.len() as u64;
    let segments = lists.iter().map(|l| l.segments).sum::<u64>() + door_segments + portals_not_kept;
    if segments > MAX_SEGMENTS {
        return Err(UvttError::TooManySegments { found: segments });
    }
    if let Some(list) = lists.iter().find(|l| l.points > MAX_POINTS) {
        return Err(UvttError::TooManyPoints { found: list.points });
    }
    if raw.lights.total > MAX_LIGHTS {
        return Err(UvttError::TooManyLights {
            found: raw.lights.total,
        });
    }
    if let Some((index, portal)) = raw
        .portals
        .items
        .iter()
        .enumerate()
        .find(|(_, p)| p.bounds.total > p.bounds.items.len() as u64)
    {
        return Err(UvttError::WrongShape(format!(
            "at `portals[{index}].bounds`: a door lists {} points",
            portal.bounds.total
        )));
    }
    Ok(())
}

fn wall_segments(
    lines: &Polylines,
    field: &str,
    origin: RawPoint,
    walls: &mut Vec<Wall>,
) -> Result<(), UvttError> {
    for (line_index, line) in lines.lines.iter().enumerate() {
        let points = line
            .iter()
            .enumerate()
            .map(|(i, p)| map_point(*p, origin, || format!("{field}[{line_index}][{i}]")))
            .collect::<Result<Vec<_>, _>>()?;
        for (a, b) in polyline_segments(&points) {
            push_wall(walls, a, b, WallKind::Wall);
        }
    }
    Ok(())
}

/// Doors from each portal's `bounds`, never merged: each is its own door to open and close.
fn door_segments(
    portals: &[RawPortal],
    origin: RawPoint,
    walls: &mut Vec<Wall>,
    stats: &mut ImportStats,
) -> Result<(), UvttError> {
    for (index, portal) in portals.iter().enumerate() {
        let kind = WallKind::Door {
            open: !portal.closed,
        };
        let mut added = false;
        for (i, pair) in portal.bounds.items.windows(2).enumerate() {
            let path = || format!("portals[{index}].bounds[{}]", i + 1);
            let a = map_point(pair[0], origin, || format!("portals[{index}].bounds[{i}]"))?;
            let b = map_point(pair[1], origin, path)?;
            if a != b {
                push_wall(walls, a, b, kind);
                added = true;
            }
        }
        stats.portals_in_file += 1;
        if !added {
            // A door of no length blocks nothing; keeping it would only clutter the wall list.
            stats.portals_skipped += 1;
        }
    }
    Ok(())
}

fn push_wall(walls: &mut Vec<Wall>, a: LatticePoint, b: LatticePoint, kind: WallKind) {
    walls.push(Wall {
        id: WallId(walls.len() as u64 + 1),
        a: a.to_grid(),
        b: b.to_grid(),
        kind,
    });
}

fn lights(raw: &[RawLight], origin: RawPoint) -> Result<Vec<Light>, UvttError> {
    raw.iter()
        .enumerate()
        .map(|(index, light)| convert_light(index, light, origin))
        .collect()
}

fn convert_light(index: usize, light: &RawLight, origin: RawPoint) -> Result<Light, UvttError> {
    let bad = |reason: String| UvttError::BadLight { index, reason };
    let position = map_point(light.position, origin, || {
        format!("lights[{index}].position")
    })?;
    let range_cells = snap(light.range).filter(|r| *r >= 0.0).ok_or_else(|| {
        bad(format!(
            "its range {} is not a distance",
            number(light.range)
        ))
    })?;
    let intensity = snap(light.intensity).filter(|i| *i >= 0.0).ok_or_else(|| {
        bad(format!(
            "its intensity {} is not a brightness",
            light.intensity
        ))
    })?;
    let color = match &light.color {
        None => [255; 4],
        Some(text) => argb_color(text)
            .ok_or_else(|| bad(format!("its colour “{}” is not ARGB hex", clip(text))))?,
    };
    Ok(Light {
        position: position.to_grid(),
        range_cells,
        intensity,
        color,
        shadows: light.shadows,
        kind: LightKind::Custom,
        bright_cells: None,
        on: true,
        carried_by: None,
        blinding_cells: None,
    })
}

/// Parses `aarrggbb` (the format's colour order) or `rrggbb` into RGBA; a leading `#` is allowed.
fn argb_color(text: &str) -> Option<Rgba> {
    let hex = text.trim().trim_start_matches('#');
    if !hex.is_ascii() || !(hex.len() == 6 || hex.len() == 8) {
        return None;
    }
    let bytes = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
        .collect::<Option<Vec<u8>>>()?;
    match *bytes.as_slice() {
        [a, r, g, b] => Some([r, g, b, a]),
        [r, g, b] => Some([r, g, b, 255]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_argb() {
        assert_eq!(argb_color("ffeccd8b"), Some([0xec, 0xcd, 0x8b, 0xff]));
        assert_eq!(argb_color("80ff0000"), Some([0xff, 0, 0, 0x80]));
        assert_eq!(argb_color("#00ff00"), Some([0, 0xff, 0, 0xff]));
        assert_eq!(argb_color("ggffffff"), None);
        assert_eq!(argb_color("fff"), None);
        assert_eq!(argb_color("ffé0000"), None);
    }

    #[test]
    fn map_sizes_round_up_and_stay_in_range() {
        assert_eq!(map_size(RawPoint { x: 20.0, y: 12.5 }).unwrap(), (20, 13));
        assert!(map_size(RawPoint { x: 0.0, y: 5.0 }).is_err());
        assert!(map_size(RawPoint { x: 2001.0, y: 5.0 }).is_err());
    }
}
