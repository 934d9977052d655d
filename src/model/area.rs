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
    /// What an aura does at a turn boundary, offered to the GM by the turn tracker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<AuraEffect>,
}

/// Which end of a turn an aura acts at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnMoment {
    #[default]
    Start,
    End,
}

/// Whose turn an aura waits for: its owner's ("at the end of your turn": every token inside
/// is affected at once), or each affected token's own ("at the start of each of their turns":
/// a token is affected when its own turn reaches the moment while it stands inside).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AuraTurn {
    #[default]
    Owner,
    Each,
}

/// What an aura does to the tokens inside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AuraOutcome {
    /// They gain a condition for `rounds` rounds, counted like any "N rounds" condition from the
    /// turn it is applied in: it lapses as that turn's combatant starts a turn `rounds` rounds on
    /// (`None`: until removed).
    Condition {
        name: String,
        #[serde(default)]
        rounds: Option<u32>,
    },
    /// They take `count`d`sides` + `bonus` harm: Effort in GFH, damage or harm elsewhere.
    Harm {
        count: u32,
        sides: u32,
        #[serde(default)]
        bonus: i32,
    },
}

/// An aura's turn-boundary effect (GFH auras such as Aura of Agony, "Close enemies take 1d4
/// Effort at the end of your turn", or Elemental Aura (Air), "Close allies gain Mobile").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuraEffect {
    /// The name the offer shows ("Aura of Agony").
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub moment: TurnMoment,
    #[serde(default)]
    pub whose: AuraTurn,
    pub outcome: AuraOutcome,
}

/// An aura's effect waiting for the GM's Apply or Skip: the turn boundary reached, and the
/// tokens that stood inside the aura at that moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuraOffer {
    pub area: AreaId,
    /// The token whose turn started or ended.
    pub turn_of: TokenId,
    pub moment: TurnMoment,
    pub tokens: Vec<TokenId>,
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
