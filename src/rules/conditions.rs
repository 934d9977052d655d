//! Condition catalogue types: each system's folder lists its conditions with these, and the turn
//! tracker (`combat`) applies their effects.
//!
//! Summaries are our own words. Effects are what Lantern applies by itself (speed on the map,
//! Easy/Hard or advantage on checks, Defense changes, momentum); anything else in a condition is
//! for the table to play and shows in the summary.

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
    /// The bearer fails every defense check outright (Evening, Petrified).
    FailsAllDefenses,
    /// Attacks against the bearer have advantage from an adjacent attacker and disadvantage
    /// from any other (Evening, Prone; Unconscious, which falls prone).
    AttacksAgainstByReach,
    /// The bearer has resistance to all damage: it takes half, rounded down (Evening,
    /// Petrified; Modifiers).
    ResistsAllDamage,
    /// Taking the condition puts the bearer Prone as well, which stays when the condition ends
    /// (Evening, Unconscious: "drops anything it was holding and falls prone").
    FallsProne,
    /// The bearer's only movement is crawling until it stands up, for 2 speed (Evening, Prone;
    /// Movement actions: Get up). Lantern reads crawling as costing double, as in the text's 5E
    /// ancestry: each square crawled spends one more speed (`combat::turn_move`).
    Crawls,
    /// The bearer sees nothing (Evening, Blinded): it can't pick a target it must see, such as
    /// a ranged attack's (Evening, Combat: Range).
    SeesNothing,
    /// The bearer can't be seen without special senses (Evening, Invisible): no ranged attack
    /// can target it (Evening, Combat: Range).
    Unseen,
    /// An adjacent attacker's hit on the bearer is a critical hit (Evening, Paralyzed;
    /// Unconscious).
    AdjacentHitsCritical,
    /// Difficulty rises by this much (Road and Ruin).
    Difficulty(i8),
    /// Roll one more skill die and keep the lower (Road and Ruin Tiring).
    ExtraLowDie,
    /// Road and Ruin Exhaustion: +5 difficulty and an extra skill die keeping the lower, counted
    /// once whether it comes from the condition or from the token's Exertion.
    Exhaustion,
    /// Attacks against the bearer or an ally within Close of it are Hard (GFH, Advanced
    /// Actions: Guard). The check builder measures Close with `board`.
    GuardsClose,
    /// The bearer's next roll is Easy, and that roll uses it up (GFH, Advanced Actions: Help).
    NextRollEasier,
    /// A flat bonus to the bearer's defence checks (Evening, Combat actions: Defend, +3).
    DefenceCheckBonus(i8),
    /// The bearer can't be targeted by attacks of opportunity (Evening, Combat actions:
    /// Disengage): its moves offer none (`combat::opportunity`).
    NoOpportunityAttacks,
    /// The bearer's exhaustion has no effect on its checks or speed while it lasts (Evening,
    /// Reserves: a bonus action and a reserve die ignore exhaustion for a round).
    IgnoresExhaustion,
    /// The bearer takes no poison damage (Evening, Petrified: "immune to poison").
    ImmuneToPoison,
    /// The bearer fears the condition's source (Evening, Frightened): the condition's
    /// disadvantage holds only while the source is in its line of sight, and it can't move
    /// closer to the source (`combat::fear`).
    FearsSource,
    /// The bearer is held by the condition's source (Evening, Grappled): the hold ends when the
    /// source is incapacitated or the bearer is out of its reach, and the source's speed is
    /// halved while it holds (`combat::maneuver`).
    HeldBySource,
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

pub const fn def(
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
