//! Road and Ruin trackers as saved with the encounter: each token's pools and the story roster. The
//! rules that change them live in `rules::road_and_ruin`.

use serde::{Deserialize, Serialize};

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
