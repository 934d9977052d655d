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

impl Attribute {
    /// The three, in the text's order.
    pub const ALL: [Self; 3] = [Self::Str, Self::Dex, Self::Wil];

    /// The text's abbreviation.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Str => "STR",
            Self::Dex => "DEX",
            Self::Wil => "WIL",
        }
    }
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
    /// Full inventory slots, 0–5, which set the load on DEX action rolls (Post, Inventory);
    /// `None` when the inventory is not kept (no load counts).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "de_slots_full"
    )]
    pub slots_full: Option<u8>,
    /// Shields and armour carried, and their uses spent (Post, Equipment).
    #[serde(default, skip_serializing_if = "Defensive::is_empty")]
    pub defensive: Defensive,
}

/// The inventory slots a Post character has (Post, Inventory).
pub const INVENTORY_SLOTS: u8 = 5;

/// Reads `slots_full`, refusing more slots than a character has.
fn de_slots_full<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    let slots = Option::<u8>::deserialize(d)?;
    if slots.is_some_and(|n| n > INVENTORY_SLOTS) {
        return Err(serde::de::Error::custom(format!(
            "slots_full is at most {INVENTORY_SLOTS}"
        )));
    }
    Ok(slots)
}

/// Defensive equipment (Post, Equipment): each regular piece takes a slot and is used once,
/// each bulky one takes two slots and is used twice; uses come back at an extended rest.
/// Read from a file only when the pieces fit the five slots and no more uses are spent than
/// they have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "DefensiveFile")]
pub struct Defensive {
    /// Regular pieces (one slot, one use each).
    #[serde(default)]
    pub regular: u8,
    /// Bulky pieces (two slots, two uses each).
    #[serde(default)]
    pub bulky: u8,
    /// Uses spent since the last extended rest.
    #[serde(default)]
    pub used: u8,
}

impl Defensive {
    /// Whether nothing is carried or spent.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// Uses the pieces have between rests: one a regular piece, two a bulky one.
    #[must_use]
    pub fn uses(&self) -> u8 {
        self.regular.saturating_add(self.bulky.saturating_mul(2))
    }

    /// Uses left.
    #[must_use]
    pub fn uses_left(&self) -> u8 {
        self.uses().saturating_sub(self.used)
    }

    /// Inventory slots the pieces take: one a regular piece, two a bulky one.
    #[must_use]
    pub fn slots(&self) -> u8 {
        self.uses()
    }
}

/// [`Defensive`] as a file writes it, checked on the way in.
#[derive(Deserialize)]
struct DefensiveFile {
    #[serde(default)]
    regular: u8,
    #[serde(default)]
    bulky: u8,
    #[serde(default)]
    used: u8,
}

impl TryFrom<DefensiveFile> for Defensive {
    type Error = String;

    fn try_from(f: DefensiveFile) -> Result<Self, String> {
        let d = Self {
            regular: f.regular,
            bulky: f.bulky,
            used: f.used,
        };
        if u16::from(f.regular) + 2 * u16::from(f.bulky) > u16::from(INVENTORY_SLOTS) {
            return Err(format!(
                "defensive equipment takes {} slots; a character has {INVENTORY_SLOTS}",
                u16::from(f.regular) + 2 * u16::from(f.bulky)
            ));
        }
        if d.used > d.uses() {
            return Err(format!(
                "defensive equipment has {} uses, not {} spent",
                d.uses(),
                d.used
            ));
        }
        Ok(d)
    }
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
    /// Extended rest: HP, grit and attributes restored, defensive equipment repaired.
    ExtendedRest,
    SetAttacks(Vec<PostAttack>),
    /// Set the full inventory slots (0–5, or not kept) and the defensive pieces carried.
    SetGear {
        /// Full slots, `None` when the inventory is not kept.
        slots_full: Option<u8>,
        /// Regular defensive pieces.
        regular: u8,
        /// Bulky defensive pieces.
        bulky: u8,
    },
    /// Spend one use of defensive equipment against a physical consequence (refused with none
    /// left).
    UseDefensive,
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
