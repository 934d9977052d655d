//! Tokens: the creatures and objects standing on the map.

use serde::{Deserialize, Serialize};

use super::{Cell, ImageId, TokenId};

/// Whose side a token is on; decides colours, who sees what, and who blocks or gives cover.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    #[default]
    Party,
    Ally,
    Enemy,
    Neutral,
}

impl Side {
    pub const ALL: [Self; 4] = [Self::Party, Self::Ally, Self::Enemy, Self::Neutral];

    pub fn label(self) -> &'static str {
        match self {
            Self::Party => "Party",
            Self::Ally => "Ally",
            Self::Enemy => "Enemy",
            Self::Neutral => "Neutral",
        }
    }

    /// Whether a token of side `other` is hostile to one of this side. Party and allies stand
    /// together against enemies; neutrals are hostile to no one.
    pub fn is_hostile_to(self, other: Self) -> bool {
        let friendly = |s: Self| matches!(s, Self::Party | Self::Ally);
        (friendly(self) && other == Self::Enemy) || (self == Self::Enemy && friendly(other))
    }
}

/// Size category, with the space a creature of that size controls (Evening, Size).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum SizeCategory {
    Tiny,
    Small,
    #[default]
    Medium,
    Large,
    Huge,
    Gargantuan,
}

impl SizeCategory {
    pub const ALL: [Self; 6] = [
        Self::Tiny,
        Self::Small,
        Self::Medium,
        Self::Large,
        Self::Huge,
        Self::Gargantuan,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Self::Tiny => "Tiny",
            Self::Small => "Small",
            Self::Medium => "Medium",
            Self::Large => "Large",
            Self::Huge => "Huge",
            Self::Gargantuan => "Gargantuan",
        }
    }

    /// The space N of Evening's size table: the creature covers N×N squares.
    pub fn space_cells(self) -> u32 {
        match self {
            Self::Tiny | Self::Small | Self::Medium => 1,
            Self::Large => 2,
            Self::Huge => 3,
            Self::Gargantuan => 4,
        }
    }

    /// One size smaller (for squeezing), or `None` for Tiny.
    pub fn smaller(self) -> Option<Self> {
        let i = Self::ALL.iter().position(|s| *s == self)?;
        i.checked_sub(1).map(|j| Self::ALL[j])
    }
}

/// An RGB colour for a token without an image.
pub type Rgb = [u8; 3];

/// A creature or object on the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Token {
    pub id: TokenId,
    #[serde(deserialize_with = "super::validate::de_name")]
    pub name: String,
    pub side: Side,
    #[serde(default)]
    pub size: SizeCategory,
    /// The anchor cell of the token's footprint (its top-left cell on square grids).
    pub cell: Cell,
    #[serde(default)]
    pub color: Option<Rgb>,
    #[serde(default)]
    pub image: Option<ImageId>,
    /// Hidden from the players' window.
    #[serde(default)]
    pub gm_only: bool,
    #[serde(default, deserialize_with = "super::validate::de_notes")]
    pub notes: String,
    #[serde(default)]
    pub rotation_deg: f32,
    /// Movement per turn, in cells.
    #[serde(default = "default_speed_cells")]
    pub speed_cells: u32,
    /// Evening's Finesse, added to its initiative roll.
    #[serde(default)]
    pub finesse: i32,
    /// How the token sees: normally, with darkvision, or not at all.
    #[serde(default)]
    pub senses: Senses,
    /// The prep library entry the token was placed from, if any: the same hero or creature
    /// whatever either is called now (see [`LibraryId`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub library_id: Option<LibraryId>,
}

/// A prep library entry's identity, kept by the entry and by every token placed from it, so a
/// renamed hero is still the same hero and two heroes of one name are not. New entries get a
/// random one; entries and tokens from before identities existed are known by their kind and
/// name ([`LibraryId::from_name`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LibraryId(pub String);

impl LibraryId {
    /// A fresh identity: 16 random hex digits.
    pub fn random() -> Self {
        Self(format!("{:016x}", rand::random::<u64>()))
    }

    /// The identity of an entry from before identities existed: its kind and its name without
    /// case or surrounding spaces (`hero:kestrel`), which is how such entries were told apart.
    pub fn from_name(kind: &str, name: &str) -> Self {
        Self(format!("{kind}:{}", name.trim().to_lowercase()))
    }
}

/// How a token sees in the dark (GFH, Primal Form's darkvision; Evening, Blinded).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Senses {
    /// Sees what is lit (bright or dim).
    #[default]
    Normal,
    /// Sees in darkness out to `range_cells` as if it were dim light. GFH names darkvision
    /// without a range; the GM sets one per token (12 cells, 60 feet, by default).
    Darkvision { range_cells: u32 },
    /// Sees nothing.
    Blind,
}

impl Senses {
    /// Darkvision's range when the GM picks it without a number: 60 feet on 5-foot cells.
    pub const DEFAULT_DARKVISION_CELLS: u32 = 12;

    pub fn label(self) -> String {
        match self {
            Self::Normal => "Normal sight".to_owned(),
            Self::Darkvision { range_cells } => format!("Darkvision {range_cells} cells"),
            Self::Blind => "Blind".to_owned(),
        }
    }
}

fn default_speed_cells() -> u32 {
    6
}

impl Token {
    /// A Medium token with default looks, for builders and tests.
    pub fn new(id: TokenId, name: impl Into<String>, side: Side, cell: Cell) -> Self {
        Self {
            id,
            name: name.into(),
            side,
            size: SizeCategory::Medium,
            cell,
            color: None,
            image: None,
            gm_only: false,
            notes: String::new(),
            rotation_deg: 0.0,
            senses: Senses::Normal,
            speed_cells: default_speed_cells(),
            finesse: 0,
            library_id: None,
        }
    }

    #[must_use]
    pub fn with_size(mut self, size: SizeCategory) -> Self {
        self.size = size;
        self
    }
}
