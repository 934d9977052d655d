//! The encounter: everything one file holds.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{
    Ambient, AreaTemplate, Cell, CombatState, EmbeddedImage, Fog, GridPoint, ImageId, Light,
    MapSpec, RuleSystem, Token, TokenId, Wall, WallId,
};

/// A named distance band a GM defines for systems whose texts name none (Post, 3d6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CustomBand {
    pub name: String,
    /// The band covers distances up to and including this many cells.
    pub max_cells: u32,
}

/// The GM's rulings where a rule text is silent, saved with the encounter; each is off unless
/// the GM turns it on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Rulings {
    /// Cover as a ruling: in a system whose text has no cover rule (Post core, 3d6), the map's
    /// cover still changes an attack (the builder's reading: Post risk one step higher, 3d6 one
    /// Disadvantage). Off, the builder shows the cover line switched off, with why.
    pub cover: bool,
}

impl Rulings {
    /// Whether every ruling is off (the file then leaves the field out).
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// A closed polygon that blocks sight and movement like an obstacle cell, in map space.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ObstaclePolygon {
    pub points: Vec<GridPoint>,
}

/// One encounter: the map, what stands on it, and the combat state, under one rule system.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Encounter {
    #[serde(deserialize_with = "super::validate::de_name")]
    pub name: String,
    pub system: RuleSystem,
    pub map: MapSpec,
    #[serde(default)]
    pub walls: Vec<Wall>,
    /// Cells filled by something that blocks sight and movement (pillars, boulders).
    #[serde(default, deserialize_with = "super::map::cell_set")]
    pub obstacle_cells: BTreeSet<Cell>,
    #[serde(default)]
    pub obstacle_polygons: Vec<ObstaclePolygon>,
    /// Cells that cost double to enter.
    #[serde(default, deserialize_with = "super::map::cell_set")]
    pub difficult_cells: BTreeSet<Cell>,
    /// Tokens in drawing order (later ones on top).
    #[serde(default)]
    pub tokens: Vec<Token>,
    #[serde(default, deserialize_with = "super::image::unique_images")]
    pub images: BTreeMap<ImageId, EmbeddedImage>,
    #[serde(default)]
    pub custom_bands: Vec<CustomBand>,
    #[serde(default)]
    pub combat: CombatState,
    /// Light sources: imported with a Universal VTT map or placed by the GM.
    #[serde(default)]
    pub lights: Vec<Light>,
    /// The light where no light source reaches (bright by default: lights change nothing).
    #[serde(default)]
    pub ambient: Ambient,
    /// Fog of war: on or off, what the party explored, the GM's reveals and hides.
    #[serde(default)]
    pub fog: Fog,
    /// Areas of effect kept on the map (cones, spheres, lines, squares, bursts, auras).
    #[serde(default)]
    pub areas: Vec<AreaTemplate>,
    /// The GM's rulings where the rule text is silent (cover in Post and 3d6).
    #[serde(default, skip_serializing_if = "Rulings::is_default")]
    pub rulings: Rulings,
    /// Pen strokes and labels kept on the map (fading ones are never saved).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<super::Mark>,
    /// Pictures kept to show the players (which one is shown is view state).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub handouts: Vec<super::Handout>,
}

impl Default for Encounter {
    fn default() -> Self {
        Self::new("Untitled encounter", RuleSystem::default())
    }
}

impl Encounter {
    /// An empty encounter on the default 30×20 square map.
    pub fn new(name: impl Into<String>, system: RuleSystem) -> Self {
        Self {
            name: name.into(),
            system,
            map: MapSpec::default(),
            walls: Vec::new(),
            obstacle_cells: BTreeSet::new(),
            obstacle_polygons: Vec::new(),
            difficult_cells: BTreeSet::new(),
            tokens: Vec::new(),
            images: BTreeMap::new(),
            custom_bands: Vec::new(),
            combat: CombatState::default(),
            lights: Vec::new(),
            ambient: Ambient::default(),
            fog: Fog::default(),
            areas: Vec::new(),
            rulings: Rulings::default(),
            marks: Vec::new(),
            handouts: Vec::new(),
        }
    }

    pub fn token(&self, id: TokenId) -> Option<&Token> {
        self.tokens.iter().find(|t| t.id == id)
    }

    /// The token's sheet in the encounter's system: the numbers the map, the panes and the
    /// check builder read. Its sheets for other systems wait until the system changes back.
    pub fn sheet(&self, id: TokenId) -> Option<&super::trackers::TokenTrackers> {
        self.combat.trackers.sheet(id, self.system)
    }

    pub fn token_index(&self, id: TokenId) -> Option<usize> {
        self.tokens.iter().position(|t| t.id == id)
    }

    pub fn wall(&self, id: WallId) -> Option<&Wall> {
        self.walls.iter().find(|w| w.id == id)
    }

    pub fn wall_index(&self, id: WallId) -> Option<usize> {
        self.walls.iter().position(|w| w.id == id)
    }

    /// An id no token uses. Derived from the tokens present, so it needs no saved counter.
    pub fn fresh_token_id(&self) -> TokenId {
        TokenId(self.tokens.iter().map(|t| t.id.0 + 1).max().unwrap_or(1))
    }

    /// An id no wall uses.
    pub fn fresh_wall_id(&self) -> WallId {
        WallId(self.walls.iter().map(|w| w.id.0 + 1).max().unwrap_or(1))
    }

    /// An id no embedded image uses.
    pub fn fresh_image_id(&self) -> ImageId {
        ImageId(self.images.keys().map(|id| id.0 + 1).max().unwrap_or(1))
    }
}
