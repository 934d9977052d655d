//! Light sources on the map, kept from imported maps for the lighting work still to come.

use serde::{Deserialize, Serialize};

use super::GridPoint;

/// A colour with alpha, as `[red, green, blue, alpha]`.
pub type Rgba = [u8; 4];

/// A point light in map space.
///
/// Universal VTT maps carry these (Dungeondraft's lights); Lantern stores them so the players'
/// view can light the map later without re-importing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Light {
    pub position: GridPoint,
    /// How far the light reaches, in cell lengths.
    pub range_cells: f64,
    /// Brightness, 1 for a full-strength light.
    pub intensity: f64,
    pub color: Rgba,
    /// Whether walls cast shadows from this light.
    pub shadows: bool,
}
