//! Areas of effect kept in the encounter: cones, spheres, lines, squares and bursts.
//!
//! A template is data only; which cells and tokens it covers is decided by the board geometry
//! (`board::area`). GFH, Gambits: an Area gambit "affects all creatures in a defined space (cone,
//! sphere, line, etc.)", sized in the system's bands; Evening, Threats: ranged attacks that become
//! cones or spheres.

use serde::{Deserialize, Serialize};

use super::{GridPoint, TokenId};

/// Identifies an area template kept in the encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AreaId(pub u64);

impl std::fmt::Display for AreaId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A length: a number of cells, or the far edge of one of the encounter's range bands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AreaSize {
    Cells(f64),
    /// The band's upper limit ("Close" is up to 6 cells in GFH, up to 5 squares in Evening).
    Band(String),
}

/// The shape of an area, with its sizes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AreaShape {
    /// From its origin towards `toward`, as wide at each distance as that distance.
    Cone { length: AreaSize },
    /// A circle of `radius` around the origin.
    Sphere { radius: AreaSize },
    /// A strip from the origin towards `toward`.
    Line { length: AreaSize, width: AreaSize },
    /// A square centred on the origin, its sides along the direction to `toward`.
    Square { side: AreaSize },
    /// Every cell within `reach` of the origin's token (or cell), measured as the system
    /// measures range.
    Burst { reach: AreaSize },
}

impl AreaShape {
    /// The shape's name for menus and the map's label.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Cone { .. } => "Cone",
            Self::Sphere { .. } => "Sphere",
            Self::Line { .. } => "Line",
            Self::Square { .. } => "Square",
            Self::Burst { .. } => "Burst",
        }
    }

    /// The size the shape is known by (a line's length, a sphere's radius).
    pub fn main_size(&self) -> &AreaSize {
        match self {
            Self::Cone { length } | Self::Line { length, .. } => length,
            Self::Sphere { radius } => radius,
            Self::Square { side } => side,
            Self::Burst { reach } => reach,
        }
    }
}

/// Which tokens inside an area it affects, judged from the side of the token it comes from
/// (GFH auras: "Close allies", "Close enemies").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AreaSelect {
    #[default]
    Everyone,
    Allies,
    Enemies,
}

/// An area of effect on the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AreaTemplate {
    pub id: AreaId,
    pub shape: AreaShape,
    /// Where the area starts (a cone's apex, a sphere's centre), in map space.
    pub origin: GridPoint,
    /// A point the area points at; only its direction from `origin` matters.
    pub toward: GridPoint,
    /// The token the area comes from: it is never among the targets, sides are judged from it.
    #[serde(default)]
    pub source: Option<TokenId>,
    /// Whether the area moves with its source token (an aura): it keeps its offset from the
    /// token's centre and its direction.
    #[serde(default)]
    pub follows: bool,
    #[serde(default)]
    pub select: AreaSelect,
    /// Hidden from the players' window.
    #[serde(default)]
    pub gm_only: bool,
}

/// A change to the encounter's areas.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum AreaCommand {
    Add(AreaTemplate),
    Remove(AreaId),
    /// Replaces the area with the same id (moved, turned, resized).
    Update(AreaTemplate),
}

impl AreaCommand {
    /// A short description for the undo menu.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Add(_) => "Add area",
            Self::Remove(_) => "Remove area",
            Self::Update(_) => "Change area",
        }
    }

    /// Applies the change to `areas`, returning its inverse, or the id that was missing (or
    /// already taken, for `Add`).
    pub fn apply(self, areas: &mut Vec<AreaTemplate>) -> Result<Self, AreaId> {
        match self {
            Self::Add(area) => {
                if areas.iter().any(|a| a.id == area.id) {
                    return Err(area.id);
                }
                let id = area.id;
                areas.push(area);
                Ok(Self::Remove(id))
            }
            Self::Remove(id) => {
                let i = areas.iter().position(|a| a.id == id).ok_or(id)?;
                Ok(Self::Add(areas.remove(i)))
            }
            Self::Update(area) => {
                let slot = areas.iter_mut().find(|a| a.id == area.id).ok_or(area.id)?;
                Ok(Self::Update(std::mem::replace(slot, area)))
            }
        }
    }
}

/// An id no area in `areas` uses.
pub fn fresh_area_id(areas: &[AreaTemplate]) -> AreaId {
    AreaId(areas.iter().map(|a| a.id.0 + 1).max().unwrap_or(1))
}
