//! The condition catalogue of each rule system, with each condition's mechanical effects.
//!
//! Summaries are our own words. Effects are what Lantern applies by itself (speed on the map,
//! Easy/Hard or advantage on checks, Defense changes, momentum); anything else in a condition is
//! for the table to play and shows in the summary.

use crate::model::RuleSystem;

/// A Go Forth: Heroes Defense (GFH, Defenses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Defense {
    Body,
    Mind,
    Soul,
}

/// Which checks an effect touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckKind {
    /// GFH Physical checks, Evening attack rolls.
    Physical,
    Mental,
    Social,
    /// Attack rolls the bearer makes.
    Attack,
    /// Rolls to defend against attacks (Evening).
    Defense,
    /// Aptitude checks (Evening).
    Aptitude,
    /// Every check the bearer makes.
    Any,
}

/// One mechanical effect of a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A Defense changes by this much (GFH).
    DefenseChange(Defense, i8),
    /// The bearer's checks of this kind are Easy (GFH) / have advantage (Evening, 3d6).
    Easier(CheckKind),
    /// The bearer's checks of this kind are Hard / have disadvantage.
    Harder(CheckKind),
    /// Attacks against the bearer are Easy / have advantage.
    AttacksAgainstEasier,
    /// The bearer's speed doubles.
    DoubleSpeed,
    /// The bearer's speed is 0.
    NoMovement,
    /// The bearer's speed is halved (Evening: grappling someone).
    HalfSpeed,
    /// The bearer may take no actions or reactions.
    NoActions,
    /// The bearer takes a Move or an Action on its turn, not both (GFH Staggered).
    MoveOrAction,
    /// One momentum die more (+1) or fewer (−1) for as long as it lasts (GFH).
    TemporaryMomentum(i8),
    /// Opens a second lock slot (GFH Focused).
    ExtraLockSlot,
    /// No lock slot may be used (GFH Dazed).
    NoLockSlot,
    /// The bearer fails Prowess and Finesse defenses outright (Evening).
    FailsPhysicalDefenses,
    /// Difficulty rises by this much (Road and Ruin).
    Difficulty(i8),
    /// Roll one more skill die and keep the lower (Road and Ruin Tiring).
    ExtraLowDie,
}

/// A condition a token can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConditionDef {
    pub name: &'static str,
    /// Our summary of the rule, shown on hover.
    pub summary: &'static str,
    /// The paired opposite that cancels this one on contact (GFH pairs).
    pub opposite: Option<&'static str>,
    pub effects: &'static [Effect],
}

const fn def(
    name: &'static str,
    summary: &'static str,
    opposite: Option<&'static str>,
    effects: &'static [Effect],
) -> ConditionDef {
    ConditionDef {
        name,
        summary,
        opposite,
        effects,
    }
}

use CheckKind as C;
use Defense as D;
use Effect as E;

/// GFH, Conditions: four pairs that cancel on contact, and the monster Debuffs.
const GO_FORTH_HEROES: &[ConditionDef] = &[
    def(
        "Bolstered",
        "Soul Defense +3, Social checks Easy, one temporary momentum die.",
        Some("Shaken"),
        &[
            E::DefenseChange(D::Soul, 3),
            E::Easier(C::Social),
            E::TemporaryMomentum(1),
        ],
    ),
    def(
        "Shaken",
        "Soul Defense −3, Social checks Hard, one momentum die lost for the duration.",
        Some("Bolstered"),
        &[
            E::DefenseChange(D::Soul, -3),
            E::Harder(C::Social),
            E::TemporaryMomentum(-1),
        ],
    ),
    def(
        "Empowered",
        "Body Defense +3, Physical checks Easy.",
        Some("Weakened"),
        &[E::DefenseChange(D::Body, 3), E::Easier(C::Physical)],
    ),
    def(
        "Weakened",
        "Body Defense −3, Physical checks Hard.",
        Some("Empowered"),
        &[E::DefenseChange(D::Body, -3), E::Harder(C::Physical)],
    ),
    def(
        "Focused",
        "Mind Defense +3, Mental checks Easy, a second lock slot opens.",
        Some("Dazed"),
        &[
            E::DefenseChange(D::Mind, 3),
            E::Easier(C::Mental),
            E::ExtraLockSlot,
        ],
    ),
    def(
        "Dazed",
        "Mind Defense −3, Mental checks Hard, lock slots can't be used.",
        Some("Focused"),
        &[
            E::DefenseChange(D::Mind, -3),
            E::Harder(C::Mental),
            E::NoLockSlot,
        ],
    ),
    def(
        "Mobile",
        "Moves twice as far.",
        Some("Trapped"),
        &[E::DoubleSpeed],
    ),
    def("Trapped", "Can't move.", Some("Mobile"), &[E::NoMovement]),
    def(
        "Exposed",
        "Debuff: every attack against this monster is Easy.",
        None,
        &[E::AttacksAgainstEasier],
    ),
    def(
        "Rattled",
        "Debuff: this monster's attacks are Hard.",
        None,
        &[E::Harder(C::Attack)],
    ),
    def(
        "Pinned",
        "Debuff: this monster can't use its Move.",
        None,
        &[E::NoMovement],
    ),
    def(
        "Staggered",
        "Debuff: this monster takes its Move or its Action this turn, not both.",
        None,
        &[E::MoveOrAction],
    ),
    def(
        "Stunned",
        "Debuff: this monster can't act this round.",
        None,
        &[E::NoActions, E::NoMovement],
    ),
];

/// Evening, Conditions: the fourteen conditions.
const EVENING: &[ConditionDef] = &[
    def(
        "Blinded",
        "Sees nothing; sight-based aptitude checks fail; disadvantage on attacks and on defending against them.",
        None,
        &[E::Harder(C::Attack), E::Harder(C::Defense)],
    ),
    def(
        "Charmed",
        "Won't harm the charmer; the charmer has advantage socially against it.",
        None,
        &[],
    ),
    def(
        "Deafened",
        "Hears nothing; hearing-based aptitude checks fail.",
        None,
        &[],
    ),
    def(
        "Frightened",
        "Disadvantage on aptitude checks and attacks while the source is in sight; won't willingly approach it.",
        None,
        &[E::Harder(C::Aptitude), E::Harder(C::Attack)],
    ),
    def(
        "Grappled",
        "Speed 0, no speed bonuses; ends if the grappler is incapacitated or the hold is broken.",
        None,
        &[E::NoMovement],
    ),
    def(
        "Incapacitated",
        "No actions or reactions.",
        None,
        &[E::NoActions],
    ),
    def(
        "Invisible",
        "Unseen without special senses; advantage on its attacks and defense checks.",
        None,
        &[E::Easier(C::Attack), E::Easier(C::Defense)],
    ),
    def(
        "Paralyzed",
        "Incapacitated, can't move or speak; fails Prowess and Finesse defenses; adjacent hits are critical.",
        None,
        &[E::NoActions, E::NoMovement, E::FailsPhysicalDefenses],
    ),
    def(
        "Petrified",
        "Turned to stone: incapacitated, unaware, fails every defense, resists all damage.",
        None,
        &[E::NoActions, E::NoMovement, E::FailsPhysicalDefenses],
    ),
    def(
        "Poisoned",
        "Disadvantage on attacks and aptitude checks.",
        None,
        &[E::Harder(C::Attack), E::Harder(C::Aptitude)],
    ),
    def(
        "Prone",
        "Crawls unless it stands (2 speed); disadvantage on attacks; adjacent attackers have advantage, others disadvantage.",
        None,
        &[E::Harder(C::Attack)],
    ),
    def(
        "Restrained",
        "Speed 0; attacks against it have advantage; its attacks and defenses have disadvantage.",
        None,
        &[
            E::NoMovement,
            E::AttacksAgainstEasier,
            E::Harder(C::Attack),
            E::Harder(C::Defense),
        ],
    ),
    def(
        "Stunned",
        "Incapacitated, can't move, barely speaks; fails Prowess and Finesse defenses.",
        None,
        &[E::NoActions, E::NoMovement, E::FailsPhysicalDefenses],
    ),
    def(
        "Unconscious",
        "Incapacitated, unaware, drops what it holds and falls prone; fails Prowess and Finesse defenses.",
        None,
        &[E::NoActions, E::NoMovement, E::FailsPhysicalDefenses],
    ),
];

/// Road and Ruin: the states its text names for combat.
const ROAD_AND_RUIN: &[ConditionDef] = &[
    def(
        "Shaken",
        "No Steadfast left: its Intention becomes getting out of danger.",
        None,
        &[],
    ),
    def(
        "Distracted",
        "Acted outside its Intention: slower, less accurate, worse outcomes until it Assesses.",
        None,
        &[E::Difficulty(1)],
    ),
    def(
        "Tiring",
        "Rolls an extra skill die and keeps the lower.",
        None,
        &[E::ExtraLowDie],
    ),
    def(
        "Exhausted",
        "Under half its Exertion: +5 difficulty and an extra skill die, keep the lower.",
        None,
        &[E::Difficulty(5), E::ExtraLowDie],
    ),
];

/// Post core rules: the states that follow from HP and attribute loss.
const POST_CORE: &[ConditionDef] = &[
    def("Exposed", "Guard down: treated as if at 0 HP.", None, &[]),
    def(
        "Paralysed",
        "DEX below 0: can't move.",
        None,
        &[E::NoMovement, E::NoActions],
    ),
    def(
        "Delirious",
        "WIL below 0: not in control of itself.",
        None,
        &[],
    ),
    def(
        "Taken down",
        "STR below 0: dying unless helped at once.",
        None,
        &[E::NoMovement, E::NoActions],
    ),
];

/// The 3d6 core mechanics name no conditions; GMs use custom ones.
const THREE_D6: &[ConditionDef] = &[];

/// The catalogue for a rule system.
pub fn catalogue(system: RuleSystem) -> &'static [ConditionDef] {
    match system {
        RuleSystem::GoForthHeroes => GO_FORTH_HEROES,
        RuleSystem::Evening => EVENING,
        RuleSystem::RoadAndRuin => ROAD_AND_RUIN,
        RuleSystem::PostCore => POST_CORE,
        RuleSystem::ThreeD6 => THREE_D6,
    }
}

/// The catalogue entry for `name` under `system`; `None` for custom conditions.
pub fn find(system: RuleSystem, name: &str) -> Option<&'static ConditionDef> {
    catalogue(system)
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evening_has_fourteen_conditions() {
        assert_eq!(catalogue(RuleSystem::Evening).len(), 14);
    }

    #[test]
    fn gfh_pairs_point_at_each_other() {
        for d in catalogue(RuleSystem::GoForthHeroes) {
            if let Some(other) = d.opposite {
                assert_eq!(
                    find(RuleSystem::GoForthHeroes, other).and_then(|o| o.opposite),
                    Some(d.name)
                );
            }
        }
        assert_eq!(
            catalogue(RuleSystem::GoForthHeroes)
                .iter()
                .filter(|d| d.opposite.is_some())
                .count(),
            8
        );
    }
}
