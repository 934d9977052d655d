//! Distances between tokens and each rule system's range bands.
//!
//! Thresholds, with the readings chosen where a text is loose:
//! - Evening, Range (squares, "up to"): Touch 1, Adjacent 2, Close 5, Near 10, Medium 20,
//!   Long 30, then Beyond Long.
//! - GFH, Grid Play: Engaged is adjacent (1, or footprints touching at a corner under any
//!   diagonal rule), Close "about 6" → up to 6, Nearby "about 12" → up to 12, Far beyond.
//! - Road and Ruin, Distance (metres, from the cell length): Touching is cells in contact
//!   (distance ≤ 1 cell, or footprints touching at a corner); Near up to 5 m; Close By
//!   (10 m spans) up to 100 m; Far (100 m spans) up to 1 km; Very Far up to 5 km; Too Far
//!   (10 km spans) up to 100 km; World beyond.
//!   Elsewhere means "not on this map", so a distance on the map never lands there.
//! - Post core rules and 3d6 core mechanics name no bands: the encounter's custom bands if the
//!   GM defined any, otherwise no band (show the distance only).

use serde::Serialize;

use crate::model::{Cell, DiagonalRule, GridKind, RuleSystem, TokenId};

use super::scene::Scene;

/// A named range band.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Band {
    pub name: String,
    /// The band's upper limit in the system's unit (cells or metres); `None` for the last band.
    pub up_to: Option<f64>,
}

/// The distance between two cells under `grid` and `diagonal`, in cells.
pub fn cell_distance(grid: GridKind, diagonal: DiagonalRule, a: Cell, b: Cell) -> f64 {
    let (dx, dy) = (i64::from(b.x - a.x), i64::from(b.y - a.y));
    match grid {
        GridKind::HexFlat | GridKind::HexPointy => {
            ((dx.abs() + dy.abs() + (dx + dy).abs()) / 2) as f64
        }
        GridKind::Gridless => (dx as f64).hypot(dy as f64),
        GridKind::Square => {
            let (hi, lo) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
            match diagonal {
                DiagonalRule::One => hi as f64,
                // Every second diagonal counts double: lo diagonals cost lo + lo / 2.
                DiagonalRule::Alternating => (hi + lo / 2) as f64,
                DiagonalRule::Euclidean => (dx as f64).hypot(dy as f64),
            }
        }
    }
}

/// The distance between two footprints: between their closest cells.
pub fn footprint_distance(grid: GridKind, diagonal: DiagonalRule, a: &[Cell], b: &[Cell]) -> f64 {
    a.iter()
        .flat_map(|x| b.iter().map(move |y| cell_distance(grid, diagonal, *x, *y)))
        .fold(f64::INFINITY, f64::min)
}

impl Scene {
    /// The distance between two tokens, in cells, between their closest cells.
    pub fn distance_cells(&self, a: TokenId, b: TokenId) -> Option<f64> {
        let (a, b) = (self.token_index(a)?, self.token_index(b)?);
        Some(footprint_distance(
            self.grid(),
            self.diagonal(),
            &self.tokens[a].cells,
            &self.tokens[b].cells,
        ))
    }

    /// The band of the distance between two tokens under the encounter's system. Where the
    /// nearest band means being next to each other (GFH's Engaged, "adjacent"; Road and Ruin's
    /// Touching, in contact), tokens whose footprints touch are in it whatever the diagonal
    /// rule: a diagonal neighbour is √2 away under Euclidean diagonals, yet still adjacent.
    pub fn band_between(&self, a: TokenId, b: TokenId) -> Option<Band> {
        let distance = self.distance_cells(a, b)?;
        let by_contact = matches!(
            self.system,
            RuleSystem::GoForthHeroes | RuleSystem::RoadAndRuin
        );
        if by_contact && self.touching(a, b)? {
            return band(self.system, distance.min(1.0), self);
        }
        band(self.system, distance, self)
    }

    /// Whether two tokens' footprints touch: they share a cell, or two of their cells are
    /// neighbours (across a side or, on squares and gridless maps, a corner).
    pub fn touching(&self, a: TokenId, b: TokenId) -> Option<bool> {
        let (a, b) = (self.token_index(a)?, self.token_index(b)?);
        Some(footprints_touch(
            self.grid(),
            &self.tokens[a].cells,
            &self.tokens[b].cells,
        ))
    }
}

/// Whether some cell of `a` and some cell of `b` are the same or neighbours: on hexes one step
/// apart, on squares and gridless maps at most one apart along each axis (corners touch).
pub fn footprints_touch(grid: GridKind, a: &[Cell], b: &[Cell]) -> bool {
    let near = |x: &Cell, y: &Cell| match grid {
        GridKind::HexFlat | GridKind::HexPointy => {
            cell_distance(grid, DiagonalRule::One, *x, *y) <= 1.0
        }
        GridKind::Square | GridKind::Gridless => {
            (i64::from(x.x) - i64::from(y.x)).abs() <= 1
                && (i64::from(x.y) - i64::from(y.y)).abs() <= 1
        }
    };
    a.iter().any(|x| b.iter().any(|y| near(x, y)))
}

/// Classifies a distance in cells into `system`'s band, or `None` when the system has no bands
/// and the GM defined none.
pub fn band(system: RuleSystem, distance_cells: f64, scene: &Scene) -> Option<Band> {
    match system {
        RuleSystem::Evening => Some(from_table(distance_cells, EVENING_BANDS, "Beyond Long")),
        RuleSystem::GoForthHeroes => Some(from_table(distance_cells, GFH_BANDS, "Far")),
        RuleSystem::RoadAndRuin => Some(road_and_ruin_band(
            distance_cells,
            scene.map.cell_length.metres(),
        )),
        RuleSystem::PostCore | RuleSystem::ThreeD6 => custom_band(distance_cells, scene),
    }
}

/// Evening, Range: each band's far edge in squares.
const EVENING_BANDS: &[(&str, f64)] = &[
    ("Touch", 1.0),
    ("Adjacent", 2.0),
    ("Close", 5.0),
    ("Near", 10.0),
    ("Medium", 20.0),
    ("Long", 30.0),
];

/// GFH, Grid Play: each band's far edge in cells.
const GFH_BANDS: &[(&str, f64)] = &[("Engaged", 1.0), ("Close", 6.0), ("Nearby", 12.0)];

/// Road and Ruin, Distance: each band's far edge in metres (Touching is by contact).
const ROAD_AND_RUIN_BANDS: &[(&str, f64)] = &[
    ("Near", 5.0),
    ("Close By", 100.0),
    ("Far", 1_000.0),
    ("Very Far", 5_000.0),
    ("Too Far", 100_000.0),
];

/// The bands an area can be sized by, nearest first, each with its far edge in cells: the
/// system's own table (Road and Ruin's metres divided by the cell length; Touching is one cell)
/// or the GM's custom bands. The last, open-ended band of each table is left out: it has no edge.
pub fn band_limits_cells(scene: &Scene) -> Vec<(String, f64)> {
    let own = |table: &[(&str, f64)], per_cell: f64| -> Vec<(String, f64)> {
        table
            .iter()
            .map(|(name, max)| ((*name).to_owned(), max / per_cell))
            .collect()
    };
    match scene.system {
        RuleSystem::Evening => own(EVENING_BANDS, 1.0),
        RuleSystem::GoForthHeroes => own(GFH_BANDS, 1.0),
        RuleSystem::RoadAndRuin => {
            let metres = scene.map.cell_length.metres().max(f64::MIN_POSITIVE);
            let mut out = vec![("Touching".to_owned(), 1.0)];
            out.extend(own(ROAD_AND_RUIN_BANDS, metres));
            out
        }
        RuleSystem::PostCore | RuleSystem::ThreeD6 => {
            let mut out: Vec<(String, f64)> = scene
                .custom_bands
                .iter()
                .map(|b| (b.name.clone(), f64::from(b.max_cells)))
                .collect();
            out.sort_by(|a, b| a.1.total_cmp(&b.1));
            out
        }
    }
}

/// The far edge of the band called `name`, in cells (see [`band_limits_cells`]).
pub fn band_limit_cells(scene: &Scene, name: &str) -> Option<f64> {
    band_limits_cells(scene)
        .into_iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, cells)| cells)
}

fn from_table(distance: f64, table: &[(&str, f64)], beyond: &str) -> Band {
    table
        .iter()
        .find(|(_, max)| distance <= *max + 1e-9)
        .map_or_else(
            || Band {
                name: beyond.to_owned(),
                up_to: None,
            },
            |(name, max)| Band {
                name: (*name).to_owned(),
                up_to: Some(*max),
            },
        )
}

/// Road and Ruin, Distance: Touching by contact, the rest by metres.
fn road_and_ruin_band(distance_cells: f64, cell_metres: f64) -> Band {
    if distance_cells <= 1.0 + 1e-9 {
        return Band {
            name: "Touching".to_owned(),
            up_to: Some(cell_metres),
        };
    }
    from_table(distance_cells * cell_metres, ROAD_AND_RUIN_BANDS, "World")
}

/// The GM's bands for the encounter, in increasing order; past the last, "beyond <last>".
fn custom_band(distance_cells: f64, scene: &Scene) -> Option<Band> {
    let mut bands: Vec<(&str, f64)> = scene
        .custom_bands
        .iter()
        .map(|b| (b.name.as_str(), f64::from(b.max_cells)))
        .collect();
    bands.sort_by(|a, b| a.1.total_cmp(&b.1));
    let last = bands.last()?.0;
    Some(from_table(
        distance_cells,
        &bands,
        &format!("beyond {last}"),
    ))
}
