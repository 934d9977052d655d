//! One line of a filled check: where it comes from, what it says, and what it does to the roll.
//!
//! Adding a source (e.g. light) is two steps: a [`Source`] variant with its report word, and a
//! function in `mod.rs` that pushes [`Contribution`]s with an existing [`Lever`] (or a new
//! lever with its arm in [`Lever::fold`]). The Dice pane and `check_report` need no change.

use serde::Serialize;

use crate::rules::CheckSetup;
use crate::rules::post_core::Risk;
use crate::rules::road_and_ruin::Exhaustion;
use crate::rules::three_d6::TierRelation;

/// Where a contribution comes from; its word is the report's `source`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Line of sight and cover between the two tokens, from the map's verdict.
    Cover,
    /// The distance, its band, and whether the action reaches.
    Band,
    /// The space a token stands in (Evening: squeezing into a smaller spot).
    Space,
    /// A condition on the actor or the target.
    Condition,
    /// A GFH Wound the actor carries.
    Wound,
    /// Evening injury levels.
    Injury,
    /// Evening exhaustion levels, Road and Ruin Exhaustion.
    Exhaustion,
    /// 3d6 escalation.
    Escalation,
    /// The target's defence: a Defense, a TN, a tier.
    Defense,
    /// Light and darkness (filled in by the light work).
    Light,
    /// The attack chosen from the actor's sheet: its bonuses, its die, its reach or range.
    Weapon,
    /// A teammate adding a die to the roll (Post core, Grit).
    Teamwork,
    /// The GM's own choices in the form.
    Gm,
}

impl Source {
    /// The word `check_report` prints.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Cover => "cover",
            Self::Band => "band",
            Self::Space => "space",
            Self::Condition => "condition",
            Self::Wound => "wound",
            Self::Injury => "injury",
            Self::Exhaustion => "exhaustion",
            Self::Escalation => "escalation",
            Self::Defense => "defense",
            Self::Light => "light",
            Self::Weapon => "weapon",
            Self::Teamwork => "teamwork",
            Self::Gm => "gm",
        }
    }
}

/// What a contribution does to the check when it is switched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Lever {
    /// Nothing to the numbers: a fact the GM should see (a band, a clear line).
    Note,
    /// GFH Easy; Evening advantage; 3d6 one Advantage.
    Easier,
    /// GFH Hard; Evening disadvantage; 3d6 one Disadvantage.
    Harder,
    /// GFH: the attribute's score as +Roll and +Effort.
    AttributeBonus(i64),
    /// GFH: an attribute's +Roll and +Effort after points were shifted between them.
    RollAndEffort { roll: i64, effort: i64 },
    /// GFH: the attack's Effort die, by its faces.
    EffortDie(u32),
    /// Road and Ruin: the weapon's attack die.
    AttackDie(crate::rules::road_and_ruin::AttackDie),
    /// Post core: assistive equipment, effect +1.
    Assistive,
    /// The TN to beat (GFH, Evening).
    TargetNumber(i64),
    /// The TN moves by this much (Evening cover as a circumstance).
    TnShift(i64),
    /// A flat change to the roll (Evening injury, Road and Ruin attack modifiers).
    RollModifier(i64),
    /// Road and Ruin: difficulty rises by this much.
    Difficulty(i64),
    /// Road and Ruin: one more skill die, keep the lower.
    ExtraLowDie,
    /// Road and Ruin: the Exhaustion penalty.
    Exhausted,
    /// Road and Ruin: the target's armour rating.
    Armour(i64),
    /// Post core: the action's risk one step higher.
    RiskUp,
    /// Post core: the pool's attribute.
    PoolAttribute(u8),
    /// Post core: a teammate gives one die, for 1 of the teammate's own grit.
    TeammateDie(crate::model::TokenId),
    /// 3d6: escalation added to the Total.
    Escalation(u8),
    /// 3d6: the target's tier against the roller's.
    Tier(TierRelation),
    /// Evening: a hit is a critical hit (an adjacent attacker against a Paralyzed target).
    CriticalOnHit,
    /// Evening: the check fails whatever the roll (a Paralyzed, Stunned or Unconscious
    /// creature's Prowess or Finesse defense, any defense of a Petrified one).
    FailsOutright,
    /// Evening: how the damaged creature takes the damage's type (Modifiers).
    Affinity(crate::rules::evening::Affinity),
    /// Evening: the attack is a Nemesis threat's villain action of this round, 1–3.
    VillainStep(u8),
}

impl Lever {
    /// What the lever does, in short, for the report's `effect`.
    #[must_use]
    pub fn effect(self, setup: &CheckSetup) -> String {
        let gfh = matches!(setup, CheckSetup::GoForthHeroes(_));
        match self {
            Self::Note => "none".to_owned(),
            Self::Easier if gfh => "Easy".to_owned(),
            Self::Harder if gfh => "Hard".to_owned(),
            Self::Easier => "advantage".to_owned(),
            Self::Harder => "disadvantage".to_owned(),
            Self::AttributeBonus(n) => format!("Roll {n:+}, Effort {n:+}"),
            Self::RollAndEffort { roll, effort } => format!("Roll {roll:+}, Effort {effort:+}"),
            Self::EffortDie(n) => format!("Effort d{n}"),
            Self::AttackDie(d) => format!("attack die d{}", d.sides()),
            Self::Assistive => "effect +1".to_owned(),
            Self::TargetNumber(tn) => format!("TN {tn}"),
            Self::TnShift(n) => format!("TN {n:+}"),
            Self::RollModifier(n) => format!("roll {n:+}"),
            Self::Difficulty(n) => format!("difficulty {n:+}"),
            Self::ExtraLowDie => "an extra die, keep the lower".to_owned(),
            Self::Exhausted => "Exhaustion".to_owned(),
            Self::Armour(n) => format!("armour {n}"),
            Self::RiskUp => "risk one step higher".to_owned(),
            Self::PoolAttribute(n) => format!("{n} dice"),
            Self::TeammateDie(_) => "+1 die".to_owned(),
            Self::Escalation(n) => format!("Total +{n}"),
            Self::Tier(TierRelation::Same) => "same tier".to_owned(),
            Self::Tier(TierRelation::Below) => "1 Advantage".to_owned(),
            Self::Tier(TierRelation::Above) => "1 Disadvantage".to_owned(),
            Self::CriticalOnHit => "a hit is a critical hit".to_owned(),
            Self::FailsOutright => "fails outright".to_owned(),
            Self::Affinity(a) => match a {
                crate::rules::evening::Affinity::Normal => "full damage",
                crate::rules::evening::Affinity::Vulnerable => "double damage",
                crate::rules::evening::Affinity::Resistant => "half damage",
                crate::rules::evening::Affinity::Immune => "no damage",
            }
            .to_owned(),
            Self::VillainStep(n) => format!("villain action {n}"),
        }
    }

    /// Whether the lever replaces a number (a TN, an attribute) rather than moving one.
    #[must_use]
    pub fn sets_a_number(self) -> bool {
        matches!(
            self,
            Self::TargetNumber(_)
                | Self::AttributeBonus(_)
                | Self::RollAndEffort { .. }
                | Self::EffortDie(_)
                | Self::AttackDie(_)
                | Self::PoolAttribute(_)
                | Self::Armour(_)
        )
    }

    /// Folds the lever into `setup`. Easy and Hard stay flags, so several Easy reasons count
    /// once and Easy offsets Hard as each check's own rules say; 3d6 counts instances.
    pub fn fold(self, setup: &mut CheckSetup) {
        match (self, setup) {
            (Self::Easier, CheckSetup::GoForthHeroes(c)) => c.easy = true,
            (Self::Harder, CheckSetup::GoForthHeroes(c)) => c.hard = true,
            (Self::AttributeBonus(n), CheckSetup::GoForthHeroes(c)) => {
                c.roll_bonus = n;
                c.effort_bonus = n;
            }
            (Self::RollAndEffort { roll, effort }, CheckSetup::GoForthHeroes(c)) => {
                c.roll_bonus = roll;
                c.effort_bonus = effort;
            }
            (Self::EffortDie(n), CheckSetup::GoForthHeroes(c)) => c.effort_die = n,
            (Self::AttackDie(d), CheckSetup::RoadAndRuinAttack(c)) => c.die = d,
            (Self::Assistive, CheckSetup::PostCore(c)) => c.assistive = true,
            (Self::TargetNumber(tn), CheckSetup::GoForthHeroes(c)) => {
                c.target = crate::rules::go_forth_heroes::Target::Fixed(tn);
            }
            (Self::Easier, CheckSetup::Evening(c)) => c.advantage = true,
            (Self::Harder, CheckSetup::Evening(c)) => c.disadvantage = true,
            (Self::TargetNumber(tn), CheckSetup::Evening(c)) => c.tn = tn,
            (Self::TnShift(n), CheckSetup::Evening(c)) => c.tn += n,
            (Self::CriticalOnHit, CheckSetup::Evening(c)) => c.critical_on_hit = true,
            (Self::FailsOutright, CheckSetup::Evening(c)) => c.fails_outright = true,
            (Self::Affinity(a), CheckSetup::Evening(c)) => c.affinity = c.affinity.with(a),
            (Self::VillainStep(n), CheckSetup::Evening(c)) => c.villain_step = n,
            (Self::RollModifier(n), CheckSetup::Evening(c)) => c.modifier += n,
            (Self::Difficulty(n), CheckSetup::RoadAndRuin(c)) => c.difficulty += n,
            (Self::ExtraLowDie, CheckSetup::RoadAndRuin(c)) => {
                c.tiring = c.tiring.saturating_add(1);
            }
            (Self::Exhausted, CheckSetup::RoadAndRuin(c)) if c.exhaustion == Exhaustion::Fresh => {
                c.exhaustion = Exhaustion::Exhausted;
            }
            (Self::Armour(n), CheckSetup::RoadAndRuinAttack(c)) => c.armour = n,
            (Self::ExtraLowDie | Self::Exhausted, CheckSetup::RoadAndRuinAttack(c)) => {
                c.tiring = c.tiring.saturating_add(1);
            }
            (Self::RollModifier(n), CheckSetup::RoadAndRuinAttack(c)) => c.modifier += n,
            (Self::RiskUp, CheckSetup::PostCore(c)) => {
                c.risk = match c.risk {
                    Risk::Low => Risk::Mixed,
                    Risk::Mixed | Risk::High => Risk::High,
                };
            }
            (Self::PoolAttribute(n), CheckSetup::PostCore(c)) => c.attribute = n,
            (Self::TeammateDie(_), CheckSetup::PostCore(c)) => {
                c.teammate_dice = c.teammate_dice.saturating_add(1);
            }
            (Self::Easier, CheckSetup::ThreeD6(c)) => c.advantage = c.advantage.saturating_add(1),
            (Self::Harder, CheckSetup::ThreeD6(c)) => {
                c.disadvantage = c.disadvantage.saturating_add(1);
            }
            (Self::Escalation(n), CheckSetup::ThreeD6(c)) => {
                c.escalation = n;
                c.add_escalation = true;
            }
            (Self::Tier(t), CheckSetup::ThreeD6(c)) => c.tier = t,
            _ => {}
        }
    }
}

/// One line of the filled check, which the GM may switch off.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Contribution {
    /// Where it comes from.
    pub source: Source,
    /// The line the Dice pane shows, e.g. "Goblin has cover (3 of 4 corners clear)".
    pub text: String,
    /// What it does to the roll.
    pub lever: Lever,
    /// Whether it counts; the GM's checkbox.
    pub on: bool,
    /// Why the builder leaves it off whatever the checkbox: a GM ruling the encounter has not
    /// turned on (cover in Post and 3d6). `None` for a line that counts unless cleared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub off_because: Option<String>,
}

impl Contribution {
    /// A contribution that counts.
    #[must_use]
    pub fn new(source: Source, text: impl Into<String>, lever: Lever) -> Self {
        Self {
            source,
            text: text.into(),
            lever,
            on: true,
            off_because: None,
        }
    }

    /// A contribution shown switched off, with why: a ruling the encounter has off.
    #[must_use]
    pub fn switched_off(
        source: Source,
        text: impl Into<String>,
        lever: Lever,
        because: impl Into<String>,
    ) -> Self {
        Self {
            on: false,
            off_because: Some(because.into()),
            ..Self::new(source, text, lever)
        }
    }
}
