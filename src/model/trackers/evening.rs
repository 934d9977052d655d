//! Evening trackers as saved with the encounter: tokens' health, reserves, injury, exhaustion and
//! threat profile; threads, challenges and death saves. The rules that change them live in
//! `rules::evening`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::super::TokenId;
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
    /// The damage's type, which a target's vulnerability, resistance or immunity reads
    /// (Evening, Damage types); absent: untyped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
}

/// A damage type (Evening, Damage & Health: "All damage sources specify what kind of damage
/// they deal"). The text names bludgeoning, poison, psychic, fire and cold; being "directly
/// descended from 5E", Lantern offers 5E's thirteen (our reading: a fixed list the sheet and
/// the attack pick from, so a vulnerability always meets the attack that names its type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DamageType {
    Acid,
    Bludgeoning,
    Cold,
    Fire,
    Force,
    Lightning,
    Necrotic,
    Piercing,
    Poison,
    Psychic,
    Radiant,
    Slashing,
    Thunder,
}

impl DamageType {
    /// Every type, in alphabetical order.
    pub const ALL: [Self; 13] = [
        Self::Acid,
        Self::Bludgeoning,
        Self::Cold,
        Self::Fire,
        Self::Force,
        Self::Lightning,
        Self::Necrotic,
        Self::Piercing,
        Self::Poison,
        Self::Psychic,
        Self::Radiant,
        Self::Slashing,
        Self::Thunder,
    ];

    /// The type in lower case, as a sentence uses it ("fire damage").
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Acid => "acid",
            Self::Bludgeoning => "bludgeoning",
            Self::Cold => "cold",
            Self::Fire => "fire",
            Self::Force => "force",
            Self::Lightning => "lightning",
            Self::Necrotic => "necrotic",
            Self::Piercing => "piercing",
            Self::Poison => "poison",
            Self::Psychic => "psychic",
            Self::Radiant => "radiant",
            Self::Slashing => "slashing",
            Self::Thunder => "thunder",
        }
    }
}

/// How a target takes a damage type (Evening, Modifiers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Affinity {
    /// Full damage.
    #[default]
    Normal,
    /// Double damage.
    Vulnerable,
    /// Half damage, rounded down.
    Resistant,
    /// No damage.
    Immune,
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
    /// Damage types it takes otherwise than in full (Evening, Modifiers: vulnerable, resistant,
    /// immune); a type not listed is taken normally.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub affinities: BTreeMap<DamageType, Affinity>,
    /// What a threat is good at; while it applies, its TN is 6 higher (Evening, Determining
    /// Strengths & Weaknesses). Empty: none written.
    #[serde(
        default,
        skip_serializing_if = "String::is_empty",
        deserialize_with = "crate::model::validate::de_name"
    )]
    pub strength: String,
    /// What a threat is poor at; while it applies, its TN is 6 lower.
    #[serde(
        default,
        skip_serializing_if = "String::is_empty",
        deserialize_with = "crate::model::validate::de_name"
    )]
    pub weakness: String,
    /// What a threat's traits let it spend and count in a fight (legendary actions and
    /// resistances, villain actions, phases, a swarm's bodies).
    #[serde(default, skip_serializing_if = "ThreatTrack::is_fresh")]
    pub track: ThreatTrack,
    /// Its other kinds of movement with their speeds (Evening, Movement: Kinds of movement);
    /// the base speed is the token's.
    #[serde(default, skip_serializing_if = "MovementSpeeds::is_empty")]
    pub movement: MovementSpeeds,
    /// The kind of movement it moves by now: walking at its base speed, or one it has a speed
    /// for.
    #[serde(default, skip_serializing_if = "MoveKind::is_walk")]
    pub moving: MoveKind,
}

/// What a threat's traits spend and count during a fight (Evening, Traits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ThreatTrack {
    /// Legendary actions spent since its turn last began (Legendary: three, back at the
    /// beginning of its turn).
    pub legendary_actions_spent: u8,
    /// Legendary resistances spent (Legendary: three).
    pub legendary_resistances_spent: u8,
    /// When its last legendary action was taken, as (round, place in the turn order): one at
    /// one time (Legendary action limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legendary_at: Option<(u32, usize)>,
    /// Villain actions used so far, 0–3; they go in order (Nemesis).
    pub villain_actions: u8,
    /// The round of its last villain action: one a round (Nemesis).
    pub villain_round: u32,
    /// A Phased threat's phases in all; 0 is the plain two, a first and one more (Phased).
    pub phases: u8,
    /// Phases it has gone through: each fall to 0 health with a phase left refills it.
    pub phase: u8,
    /// A Swarm's bodies away from its heart location, each perishing when hit (Swarm).
    pub swarm_bodies: u16,
}

impl ThreatTrack {
    /// Nothing spent, counted or set: the file leaves it out.
    #[must_use]
    pub fn is_fresh(&self) -> bool {
        *self == Self::default()
    }
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
            affinities: BTreeMap::new(),
            strength: String::new(),
            weakness: String::new(),
            track: ThreatTrack::default(),
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
    /// How it takes a damage type (Normal takes the type off the list).
    SetAffinity {
        /// The type.
        damage_type: DamageType,
        /// How it takes it.
        affinity: Affinity,
    },
    /// Write a threat's strength (empty: none).
    SetStrength(String),
    /// Write a threat's weakness (empty: none).
    SetWeakness(String),
    /// Spend one legendary resistance to ignore an effect (Evening, Legendary resistances).
    SpendLegendaryResistance,
    /// Set a Phased threat's phases in all (0: the plain two).
    SetPhases(u8),
    /// Set a Swarm's bodies away from its heart.
    SetSwarmBodies(u16),
    /// A Swarm's body away from the heart is hit and perishes (Evening, Swarm: Many locations).
    SwarmBodyPerishes,
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
    /// Who charmed whom, charmed token to charmer (Evening, Charmed), read while the charmed
    /// token carries Charmed.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub charmed_by: BTreeMap<TokenId, TokenId>,
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
    /// Say who charmed `charmed` (`None`: nobody the map knows).
    SetCharmer {
        /// The charmed token.
        charmed: TokenId,
        /// Its charmer.
        charmer: Option<TokenId>,
    },
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
