//! Post core trackers as saved with the encounter: HP, grit, attributes and clocks. The rules that
//! change them live in `rules::post_core`.

use serde::{Deserialize, Serialize};

use super::attack::Attack;
use super::go_forth_heroes::is_false;

/// A Post attack's numbers: the attribute whose score is the pool, and whether the weapon counts
/// as assistive equipment, which raises the effect by one (Post, Equipment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostAttackNumbers {
    /// The attribute rolled.
    pub attribute: Attribute,
    /// Assistive equipment: +1 effect on a success.
    pub assistive: bool,
}

/// A Post attack on a sheet.
pub type PostAttack = Attack<PostAttackNumbers>;

/// The three attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Attribute {
    /// Strength.
    Str,
    /// Dexterity.
    Dex,
    /// Willpower.
    Wil,
}

/// What the encounter tracks for one Post core token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostToken {
    /// Current hit protection.
    pub hp: u8,
    /// HP a rest restores.
    pub max_hp: u8,
    /// Current grit.
    pub grit: u8,
    /// Current STR, DEX, WIL; −1 means the attribute is lost below 0.
    pub attributes: [i8; 3],
    /// Scores an extended rest restores.
    pub base_attributes: [i8; 3],
    /// The token's attacks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<PostAttack>,
    /// The sheet holds the system's plain starting numbers (see `GfhToken::default_numbers`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub default_numbers: bool,
}

/// A change to one Post core token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PostChange {
    /// Set attribute scores (also what an extended rest restores) and HP maximum.
    SetUp {
        /// STR, DEX, WIL.
        attributes: [i8; 3],
        /// Max HP.
        max_hp: u8,
    },
    /// Physical damage: the consequence comes off HP; going below 0 costs 1 STR instead.
    Damage(u8),
    /// Physical damage to an exposed character, who acts as if at 0 HP (Post core, Hit
    /// Protection): any consequence takes it below 0 and costs 1 STR; its HP stays.
    ExposedDamage(u8),
    /// A narrative consequence taken from an attribute.
    AttributeLoss {
        /// Which attribute.
        attribute: Attribute,
        /// How much.
        amount: u8,
    },
    /// Spend grit (refused if short).
    SpendGrit(u8),
    /// Short rest: HP and grit restored.
    ShortRest,
    /// Extended rest: HP, grit and attributes restored.
    ExtendedRest,
    SetAttacks(Vec<PostAttack>),
}

/// A clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// What it tracks.
    pub name: String,
    /// 4 (basic), 6 (elaborate) or 8 (daunting problem).
    pub segments: u8,
    /// Segments filled.
    pub filled: u8,
    /// Cannot tick until the clock linked to it fills.
    pub locked: bool,
    /// The clock this one unlocks when full.
    pub unlocks: Option<usize>,
    /// The clock this one races: once either fills, neither ticks.
    pub rival: Option<usize>,
}

/// All clocks in an encounter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// The clocks.
    pub clocks: Vec<Clock>,
}

/// A change to the clocks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockChange {
    /// A new empty clock.
    Add {
        /// Its name.
        name: String,
        /// 4, 6 or 8.
        segments: u8,
    },
    /// Fill segments (stops at full).
    Tick {
        /// Which clock.
        index: usize,
        /// How many.
        by: u8,
    },
    /// Empty segments (tug-of-war).
    Untick {
        /// Which clock.
        index: usize,
        /// How many.
        by: u8,
    },
    /// `then` stays locked until `first` fills.
    Link {
        /// The clock that must fill.
        first: usize,
        /// The clock it unlocks.
        then: usize,
    },
    /// Two clocks race to fill.
    Race {
        /// One clock.
        a: usize,
        /// The other.
        b: usize,
    },
    /// Remove a clock no other clock links to or races.
    Remove(usize),
}
