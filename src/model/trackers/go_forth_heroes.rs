//! Go Forth: Heroes trackers as saved with the encounter: attributes, Hearts, Wounds and the
//! scene's TN. The rules that change them live in `rules::go_forth_heroes`.

use serde::{Deserialize, Serialize};

use super::attack::Attack;

/// A GFH attack's numbers: the attribute it rolls with (its +Roll on the d20, its +Effort on the
/// Effort die) and the Effort die's size (GFH, Effort: bare hands d4, a weapon or tool d6; the
/// worked example's ranged weapon d8; Gambits change it further).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GfhAttackNumbers {
    /// The attribute rolled (GFH, Attributes: Might heavy melee, Agility light melee, Finesse
    /// ranged, Reason arcane spells, Presence divine spells).
    pub attribute: Attribute,
    /// Faces of the Effort die: 4, 6, 8, 10 or 12.
    pub effort_die: u32,
}

/// A GFH attack on a sheet.
pub type GfhAttack = Attack<GfhAttackNumbers>;

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

/// What the encounter tracks for one GFH token.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GfhToken {
    /// Attributes, which give the three Defenses (GFH, Defenses).
    pub attributes: Attributes,
    /// Hearts, for enemies and obstacles (GFH, Hearts).
    pub hearts: Option<Hearts>,
    /// Wounds carried (GFH, Wounds).
    pub wounds: Vec<Wound>,
    /// Points shifted from +Roll to +Effort, per attribute in [`Attribute::ALL`] order
    /// (negative: from Effort to Roll). GFH, Roll vs Effort Bonus: "for each point you reduce
    /// one value, increase the other by the same amount".
    #[serde(default)]
    pub effort_shift: [i64; 8],
    /// The attacks the token makes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<GfhAttack>,
    /// The sheet holds the system's plain starting numbers, not ones the GM gave it (a token
    /// from the palette); the first sheet edit clears it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub default_numbers: bool,
}

/// A change to one GFH token. Applied through [`super::TrackerCommand`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GfhChange {
    /// Replace the attributes.
    SetAttributes(Attributes),
    /// Give or take away Hearts.
    SetHearts(Option<Hearts>),
    /// Apply a strike of Effort to the Hearts (`overkill` carries excess on).
    ApplyEffort {
        /// Effort before Shields.
        effort: u32,
        /// Whether the Overkill gambit applies.
        overkill: bool,
    },
    /// Record a rolled Wound.
    AddWound(Wound),
    /// Remove a Wound (cured, or cleared by a Reason check).
    RemoveWound(usize),
    /// Short Rest after an encounter: Flesh Wounds disappear (GFH, Recovery).
    ShortRest,
    /// Long Rest: one Shallow Wound goes (GFH, Recovery).
    LongRest,
    /// A session ends: Vicious Wounds count down one session and go at zero.
    EndSession,
    /// Replace the attacks.
    SetAttacks(Vec<GfhAttack>),
    /// Shift points between an attribute's +Roll and +Effort: `shift` moves from Roll to Effort
    /// (GFH, Roll vs Effort Bonus). Refused if either would exceed +5.
    SetEffortShift {
        /// Which attribute.
        attribute: Attribute,
        /// Points moved from Roll to Effort (negative: Effort to Roll).
        shift: i64,
    },
}

/// The three Defenses, each fed by two attributes (GFH, Defenses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Defense {
    /// 10 + Might + Agility.
    #[default]
    Body,
    /// 10 + Instinct + Reason.
    Mind,
    /// 10 + Presence + Vigor.
    Soul,
}

/// The eight GFH attributes (GFH, Attributes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attributes {
    /// Raw power; heavy melee weapons.
    pub might: i64,
    /// Speed and balance; light melee weapons.
    pub agility: i64,
    /// Precision; ranged weapons.
    pub finesse: i64,
    /// Awareness and intuition.
    pub instinct: i64,
    /// Knowledge and analysis; arcane spells.
    pub reason: i64,
    /// Endurance and toughness.
    pub vigor: i64,
    /// Personal impact; divine spells.
    pub presence: i64,
    /// Cunning communication.
    pub guile: i64,
}

/// How bad a Wound is, worst first (GFH, Severity Table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Severity {
    /// −6 or less: dead at the end of the encounter.
    Death,
    /// −5 to 0: lasts until a miracle, quest or powerful NPC cures it.
    Permanent,
    /// 1–5: lasts d4 sessions.
    Vicious,
    /// 6–15: a Reason check or a Long Rest clears it.
    Shallow,
    /// 16+: a Reason check or the end of the encounter clears it.
    Flesh,
}

/// A Wound carried by a hero, with its timer (GFH, Wounds; Recovery).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wound {
    /// The Defense chart it came from.
    pub defense: Defense,
    /// How long it lasts.
    pub severity: Severity,
    /// The d8 face rolled on the Defense chart.
    pub effect_roll: u8,
    /// Sessions left for a Vicious Wound (d4 when taken); 0 otherwise.
    pub sessions_left: u8,
}

/// An enemy's or obstacle's Hearts, with the text's variations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hearts {
    /// Hearts not yet overcome, counting the one being worked on.
    pub remaining: u32,
    /// Effort already on the current Heart (0–9).
    pub progress: u32,
    /// Fortified: a single strike must carry 10+ Effort (after Shield) to count at all.
    pub fortified: bool,
    /// Shield: flat Effort taken off every check or attack.
    pub shield: u32,
    /// Breaking Point: this much Effort in one action overcomes every Heart at once.
    pub breaking_point: Option<u32>,
}

/// The eight GFH attributes by name, for checks made with one of them (GFH, Attributes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Attribute {
    Might,
    Agility,
    Finesse,
    Instinct,
    Reason,
    Vigor,
    Presence,
    Guile,
}

/// The scene's rolled TN and the tier it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SceneTn {
    /// The tier rolled.
    pub tier: TnTier,
    /// 10 plus the tier's dice.
    pub tn: i64,
}

/// Encounter-wide GFH state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GfhEncounter {
    /// The scene's TN once rolled; a new scene forgets it.
    pub scene_tn: Option<SceneTn>,
}

/// A change to the encounter-wide GFH state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GfhEncounterChange {
    /// Keep (or forget, with `None`) the scene's TN.
    SetSceneTn(Option<SceneTn>),
}

/// The encounter TN tiers the GM picks from (GFH, Encounter Target Numbers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TnTier {
    /// TN 10.
    VeryEasy,
    /// TN 10 + 1d4.
    Easy,
    /// TN 10 + 1d6.
    #[default]
    Common,
    /// TN 10 + 1d8.
    Challenge,
    /// TN 10 + 2d4.
    Extreme2d4,
    /// TN 10 + 2d6.
    Extreme2d6,
    /// TN 10 + 2d8.
    Extreme2d8,
    /// TN 10 + 2d12.
    Doom,
}
