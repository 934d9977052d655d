//! Evening trackers as saved with the encounter: tokens' health, reserves, injury, exhaustion and
//! threat profile; threads, challenges and death saves. The rules that change them live in
//! `rules::evening`.

use serde::{Deserialize, Serialize};

use super::attack::Attack;
use super::evening_movement::{MoveKind, MovementSpeeds};
use super::go_forth_heroes::is_false;

/// Damage per attack as dice plus a flat part, e.g. 2d8 + 3 (Evening, Threat Rating; a
/// weapon's damage).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageDice {
    /// Number of dice.
    pub count: u32,
    /// Sides per die.
    pub sides: u32,
    /// Flat bonus.
    pub bonus: i64,
}

/// The ability an Evening check adds (Evening, Character Creation: Finesse, Prowess, Resolve).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EveningAbility {
    /// Finesse (kept on the token, which rolls initiative with it).
    Finesse,
    /// Prowess.
    #[default]
    Prowess,
    /// Resolve.
    Resolve,
}

/// The attribute an Evening check adds (Evening, Character Creation: Body, Mind).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EveningAttribute {
    /// Body.
    #[default]
    Body,
    /// Mind.
    Mind,
}

/// An Evening attack's numbers: the attack check adds one ability, one attribute and, when the
/// character has the attack's aptitude, its aptitude bonus (Evening, Modifiers: one of each
/// applies); a hit rolls the weapon's damage (Evening, Combat, Attack).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EveningAttackNumbers {
    /// The ability added.
    pub ability: EveningAbility,
    /// The attribute added.
    pub attribute: EveningAttribute,
    /// Whether the character's aptitude bonus applies.
    pub aptitude: bool,
    /// The weapon's damage.
    pub damage: DamageDice,
}

/// An Evening attack on a sheet.
pub type EveningAttack = Attack<EveningAttackNumbers>;

fn first_level() -> u8 {
    1
}

/// One reserve die (Evening, Reserves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reserve {
    /// Die size.
    pub sides: u32,
    /// Spent until the next long rest.
    pub spent: bool,
}

/// One reserve die spent on a short rest and what it rolled (Evening, Resting: "Roll a number
/// of die for each reserve spent"). The dice are rolled before the change is made, so redo
/// heals the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReserveRoll {
    /// The reserve die's place in the pool.
    pub index: usize,
    /// What it rolled, 1 to its size.
    pub face: u32,
}

/// What the encounter tracks for one Evening token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EveningToken {
    /// Current health.
    pub health: u32,
    /// Maximum health (before exhaustion halves it).
    pub max_health: u32,
    /// Temporary health, lost first; sources do not stack (Evening, Temporary health).
    pub temp_health: u32,
    /// The reserve pool, dice of mixed sizes.
    pub reserves: Vec<Reserve>,
    /// Injury 0–7; 7 is death.
    pub injury: u8,
    /// Exhaustion 0–6; 6 is death.
    pub exhaustion: u8,
    /// Killed outright by one source dealing at least its maximum health.
    pub dead: bool,
    /// Set for threats built from the rating table.
    pub threat: Option<ThreatProfile>,
    /// Prowess, Resolve, Body and Mind (Finesse lives on the token, which rolls initiative
    /// with it).
    #[serde(default)]
    pub abilities: EveningAbilities,
    /// Character level 0–20, which sets the aptitude bonus (Evening, Character progression);
    /// characters start at 1.
    #[serde(default = "first_level")]
    pub level: u8,
    /// The attacks the token makes (a threat's come from its rating instead).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<EveningAttack>,
    /// The sheet holds the system's plain starting numbers (see `GfhToken::default_numbers`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub default_numbers: bool,
    /// Its other kinds of movement with their speeds (Evening, Movement: Kinds of movement);
    /// the base speed is the token's.
    #[serde(default, skip_serializing_if = "MovementSpeeds::is_empty")]
    pub movement: MovementSpeeds,
    /// The kind of movement it moves by now: walking at its base speed, or one it has a speed
    /// for.
    #[serde(default, skip_serializing_if = "MoveKind::is_walk")]
    pub moving: MoveKind,
}

impl Default for EveningToken {
    /// Nothing tracked yet, at the first character level.
    fn default() -> Self {
        Self {
            health: 0,
            max_health: 0,
            temp_health: 0,
            reserves: Vec::new(),
            injury: 0,
            exhaustion: 0,
            dead: false,
            threat: None,
            abilities: EveningAbilities::default(),
            level: first_level(),
            attacks: Vec::new(),
            default_numbers: false,
            movement: MovementSpeeds::default(),
            moving: MoveKind::Walk,
        }
    }
}

/// The abilities and attributes besides Finesse (Evening, Character Creation: abilities
/// Finesse, Prowess, Resolve; attributes Body, Mind; each starts at −1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EveningAbilities {
    /// Prowess (an ability).
    pub prowess: i32,
    /// Resolve (an ability).
    pub resolve: i32,
    /// Body (an attribute).
    pub body: i32,
    /// Mind (an attribute).
    pub mind: i32,
}

/// A change to one Evening token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EveningChange {
    /// Set maximum health (current health is capped to it).
    SetMaxHealth(u32),
    /// Damage from one source: temporary health first, then health.
    Damage(u32),
    /// Healing, up to the maximum; refused once dead.
    Heal(u32),
    /// Gain temporary health; the higher of old and new stays.
    GainTempHealth(u32),
    /// Add a reserve die.
    AddReserve(u32),
    /// Spend one unspent reserve die.
    SpendReserve(usize),
    /// Short rest: spend these reserve dice, each healing its roll + Resolve + Body (Evening,
    /// Resting; Reserves), up to the maximum; refused once dead.
    ShortRest(Vec<ReserveRoll>),
    /// Long rest: full health and reserves, one exhaustion level less, temporary health gone;
    /// needs at least 1 health (Evening, Resting).
    LongRest,
    /// Set the injury level 0–7.
    SetInjury(u8),
    /// Set the exhaustion level 0–6.
    SetExhaustion(u8),
    /// Make (or unmake) this token a threat; making one sets health from the threat table.
    SetThreat(Option<ThreatProfile>),
    /// Set Prowess, Resolve, Body and Mind.
    SetAbilities(EveningAbilities),
    /// Set the character level 0–20.
    SetLevel(u8),
    /// Replace the attacks.
    SetAttacks(Vec<EveningAttack>),
    /// Set the speeds of its other kinds of movement; moving by a kind it no longer has, it
    /// walks.
    SetMovement(MovementSpeeds),
    /// Move by this kind from now on; refused for a kind it has no speed for.
    MoveBy(MoveKind),
}

/// Traits that change a threat (Evening, Traits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ThreatTrait {
    /// Double health.
    Behemoth,
    /// TN +3; one attack deals double damage.
    Champion,
    /// May slow instead of damaging; ranged attacks hit small areas.
    Controller,
    /// +3 to the TN to hit it.
    Defender,
    /// A lair action on initiative 20 when fighting at home.
    Lair,
    /// TN +3, 3 legendary actions, 3 legendary resistances.
    Legendary,
    /// A cascade of villain actions, one per round, in order.
    Nemesis,
    /// Refills health at 0 and changes, once per phase.
    Phased,
    /// Many bodies sharing one health pool, with a heart location.
    Swarm,
    /// Double damage per attack; +3 to the TN to defend against its direct attacks.
    Vicious,
}

/// A threat as the GM builds it: a rating and traits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreatProfile {
    /// Rating 1–10 (clamped).
    pub rating: u8,
    /// Its traits.
    pub traits: Vec<ThreatTrait>,
}

/// A thread: a named storyline that resolves after `length` marks (Evening, Threads).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thread {
    /// Its name.
    pub name: String,
    /// Marks to resolve, 4–12.
    pub length: u8,
    /// Marks so far.
    pub marks: u8,
}

/// Encounter-wide Evening state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EveningEncounter {
    /// Threads in play.
    pub threads: Vec<Thread>,
    /// Marks made this scene.
    pub marks_this_scene: u8,
    /// Challenges in play.
    pub challenges: Vec<ChallengeTracker>,
}

/// A change to the Evening encounter state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EveningEncounterChange {
    /// Start a thread of length 4–12.
    AddThread {
        /// Its name.
        name: String,
        /// Its length.
        length: u8,
    },
    /// Mark a thread forward.
    AdvanceThread(usize),
    /// Take a mark off; a thread with no marks left is removed.
    ForestallThread(usize),
    /// Drop a thread (resolved, or no longer relevant).
    RemoveThread(usize),
    /// A new scene: marks may be made again.
    NewScene,
    /// Start a challenge.
    AddChallenge {
        /// Its name.
        name: String,
        /// Rating 1–10.
        rating: u8,
        /// Complexity 1–10.
        complexity: u8,
    },
    /// Tally a check against a challenge.
    TallyChallenge {
        /// Which challenge.
        index: usize,
        /// What the check tallied.
        tally: Tally,
    },
    /// Drop a challenge.
    RemoveChallenge(usize),
}

/// What one check against a challenge tallies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tally {
    /// One failure.
    Failure,
    /// This many successes (0 for a success with no effect).
    Successes(u32),
}

/// A challenge in play with its tallies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeTracker {
    /// A short name for the scenario.
    pub name: String,
    /// Rating 1–10.
    pub rating: u8,
    /// Complexity 1–10.
    pub complexity: u8,
    /// Successes tallied.
    pub successes: u32,
    /// Failures tallied.
    pub failures: u32,
}

/// Death saves made so far. The text also says three successes kill, then that they revive; we
/// follow the second sentence (three successes or a 20 recover; three failures die).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeathSaves {
    /// Successes so far.
    pub successes: u8,
    /// Failures so far.
    pub failures: u8,
}
