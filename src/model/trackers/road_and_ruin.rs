//! Road and Ruin trackers as saved with the encounter: each token's pools and the story roster. The
//! rules that change them live in `rules::road_and_ruin`.

use serde::{Deserialize, Serialize};

use super::attack::Attack;
use super::go_forth_heroes::is_false;

/// The attack die by method of attack (Road and Ruin, COMBAT).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackDie {
    /// d4: accuracy (thrusts, stabs, projectiles).
    D4,
    /// d6: whips.
    D6,
    /// d8: edged (swords, claws).
    #[default]
    D8,
    /// d10: chopping axes.
    D10,
    /// d12: contact and heavy impact (clubs, hammers).
    D12,
}

/// A shield raised against an attack (Road and Ruin, COMBAT, ARMOR: a shield rolls To Hit like
/// a weapon and adds its full AR on a Solid result, half its AR (rounded down, as the text
/// rounds Glancing damage) on a Glancing one, and nothing when it misses the block).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Shield {
    /// The shield's To Hit die.
    pub die: AttackDie,
    /// The blocker's proficiency and other modifiers to the block.
    pub modifier: i64,
    /// The shield's AR.
    pub armour: i64,
    /// Damaged or improvised statuses: each raises the failed-block result by one.
    pub gear_status: u8,
}

/// A Road and Ruin weapon's numbers: its attack die, the wielder's proficiency with it (added
/// to the To Hit) and its Solid Blow damage, which the weapon's size and weight set (COMBAT: a
/// Glancing Blow deals half).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RrAttackNumbers {
    /// The attack die.
    pub die: AttackDie,
    /// Proficiency in the weapon, 0 to the text's maximum.
    pub proficiency: i64,
    /// Damage of a Solid Blow.
    pub damage: u32,
}

/// A Road and Ruin attack on a sheet.
pub type RrAttack = Attack<RrAttackNumbers>;

/// A Road and Ruin pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pool {
    /// Lasting physical damage.
    Health,
    /// The morale shield (SF).
    Steadfast,
    /// Physical push (maximum 10 × Endurance).
    Exertion,
    /// Mana for spells.
    Mana,
    /// Spirit points for asserting oneself.
    Spirit,
}

/// What the encounter tracks for one Road and Ruin token.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RrToken {
    /// Endurance attribute (sets the Exertion maximum).
    pub endurance: u8,
    /// Current values: Health, Steadfast, Exertion, Mana, Spirit.
    pub current: [u32; 5],
    /// Maxima; the Exertion entry is ignored in favour of 10 × Endurance.
    pub max: [u32; 5],
    /// Armour rating, AR, summed over the layers worn: it reduces an attack's To Hit result
    /// (Road and Ruin, COMBAT: Heavy Cloth 1, Chainmail 3, Thick Leathers 3, Metal Plate 4).
    #[serde(default)]
    pub armour: u8,
    /// The shield the token blocks with, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield: Option<Shield>,
    /// The token's weapons.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<RrAttack>,
    /// The sheet holds the system's plain starting numbers (see `GfhToken::default_numbers`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub default_numbers: bool,
}

/// A change to one Road and Ruin token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RrChange {
    /// A strike of damage through Steadfast (see `rules::road_and_ruin::strike`).
    Strike(u32),
    /// Spend from a pool (refused if too little is left).
    Spend {
        /// Which pool.
        pool: Pool,
        /// How much.
        amount: u32,
    },
    /// Recover into a pool, up to its maximum.
    Recover {
        /// Which pool.
        pool: Pool,
        /// How much.
        amount: u32,
    },
    /// Set a pool's maximum (not Exertion; current is capped).
    SetMax {
        /// Which pool.
        pool: Pool,
        /// The new maximum.
        max: u32,
    },
    /// Set Endurance (and so the Exertion maximum).
    SetEndurance(u8),
    /// Set the armour rating (AR) worn.
    SetArmour(u8),
    SetShield(Option<Shield>),
    SetAttacks(Vec<RrAttack>),
}

/// Up to 20 story elements (people, creatures, objects, events, places), slot i on face i+1.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoryRoster {
    /// The slots; missing trailing entries are empty.
    pub slots: Vec<Option<String>>,
}

/// A change to the roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RosterChange {
    /// Add an element in the lowest free slot.
    Add(String),
    /// Set or clear one slot (0-based).
    Set {
        /// The slot.
        slot: usize,
        /// Its new content.
        name: Option<String>,
    },
}
