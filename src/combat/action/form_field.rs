//! The fields of a check that the builder's lines fill, so the Dice pane's form can show each
//! field as the check will roll it (the builder's value, marked with where it came from) until
//! the GM types another: the GM's value then becomes the form's own and the lines that filled
//! the field are switched off, so the form and the lines never disagree (issue 30, item 7).
//!
//! Every field a [`Lever`] folds into is one of [`FormField`]: the form edits a copy of the
//! filled check, and [`FormEdit::new`] keeps the GM's own value only for the fields the GM
//! changed, giving every other filled field back its form value, so a line's effect is never
//! folded into the form twice.

use super::{Contribution, FilledCheck, Lever, Source};
use crate::rules::CheckSetup;

/// One field of a check's form that a builder line can fill. Each names the field of each
/// system's check it stands for; a field a system's check lacks is simply not there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormField {
    /// GFH Easy.
    Easy,
    /// GFH Hard.
    Hard,
    /// GFH +Roll.
    RollBonus,
    /// GFH +Effort.
    EffortBonus,
    /// GFH Effort die.
    EffortDie,
    /// The TN (GFH, Evening).
    Tn,
    /// Evening advantage; 3d6 instances of Advantage.
    Advantage,
    /// Evening disadvantage; 3d6 instances of Disadvantage.
    Disadvantage,
    /// Evening: a hit is a critical hit.
    CriticalOnHit,
    /// Evening: the check fails outright.
    FailsOutright,
    /// Evening modifier; Road and Ruin attack's to-hit modifier.
    Modifier,
    /// Road and Ruin difficulty.
    Difficulty,
    /// Road and Ruin Tiring instances (an Outcome check's and an attack's).
    Tiring,
    /// Road and Ruin Exhaustion.
    Exhaustion,
    /// Road and Ruin attack die.
    AttackDie,
    /// Road and Ruin target's armour.
    Armour,
    /// Road and Ruin target's shield.
    Shield,
    /// Post core assistive equipment.
    Assistive,
    /// Post core risk.
    Risk,
    /// Post core pool attribute.
    PoolAttribute,
    /// Post core teammates' dice.
    TeammateDice,
    /// 3d6 escalation added to the Total.
    Escalation,
    /// 3d6 tier relation.
    Tier,
}

impl FormField {
    /// Every field.
    pub const ALL: [Self; 23] = [
        Self::Easy,
        Self::Hard,
        Self::RollBonus,
        Self::EffortBonus,
        Self::EffortDie,
        Self::Tn,
        Self::Advantage,
        Self::Disadvantage,
        Self::CriticalOnHit,
        Self::FailsOutright,
        Self::Modifier,
        Self::Difficulty,
        Self::Tiring,
        Self::Exhaustion,
        Self::AttackDie,
        Self::Armour,
        Self::Shield,
        Self::Assistive,
        Self::Risk,
        Self::PoolAttribute,
        Self::TeammateDice,
        Self::Escalation,
        Self::Tier,
    ];

    /// Copies this field from `from` to `to` when both are checks of one kind that have it.
    pub fn copy(self, from: &CheckSetup, to: &mut CheckSetup) {
        use CheckSetup as S;
        match (self, from, to) {
            (Self::Easy, S::GoForthHeroes(f), S::GoForthHeroes(t)) => t.easy = f.easy,
            (Self::Hard, S::GoForthHeroes(f), S::GoForthHeroes(t)) => t.hard = f.hard,
            (Self::RollBonus, S::GoForthHeroes(f), S::GoForthHeroes(t)) => {
                t.roll_bonus = f.roll_bonus;
            }
            (Self::EffortBonus, S::GoForthHeroes(f), S::GoForthHeroes(t)) => {
                t.effort_bonus = f.effort_bonus;
            }
            (Self::EffortDie, S::GoForthHeroes(f), S::GoForthHeroes(t)) => {
                t.effort_die = f.effort_die;
            }
            (Self::Tn, S::GoForthHeroes(f), S::GoForthHeroes(t)) => t.target = f.target,
            (Self::Tn, S::Evening(f), S::Evening(t)) => t.tn = f.tn,
            (Self::Advantage, S::Evening(f), S::Evening(t)) => t.advantage = f.advantage,
            (Self::Disadvantage, S::Evening(f), S::Evening(t)) => {
                t.disadvantage = f.disadvantage;
            }
            (Self::CriticalOnHit, S::Evening(f), S::Evening(t)) => {
                t.critical_on_hit = f.critical_on_hit;
            }
            (Self::FailsOutright, S::Evening(f), S::Evening(t)) => {
                t.fails_outright = f.fails_outright;
            }
            (Self::Modifier, S::Evening(f), S::Evening(t)) => t.modifier = f.modifier,
            (Self::Difficulty, S::RoadAndRuin(f), S::RoadAndRuin(t)) => {
                t.difficulty = f.difficulty;
            }
            (Self::Tiring, S::RoadAndRuin(f), S::RoadAndRuin(t)) => t.tiring = f.tiring,
            (Self::Exhaustion, S::RoadAndRuin(f), S::RoadAndRuin(t)) => {
                t.exhaustion = f.exhaustion;
            }
            (Self::Modifier, S::RoadAndRuinAttack(f), S::RoadAndRuinAttack(t)) => {
                t.modifier = f.modifier;
            }
            (Self::Tiring, S::RoadAndRuinAttack(f), S::RoadAndRuinAttack(t)) => {
                t.tiring = f.tiring;
            }
            (Self::AttackDie, S::RoadAndRuinAttack(f), S::RoadAndRuinAttack(t)) => t.die = f.die,
            (Self::Armour, S::RoadAndRuinAttack(f), S::RoadAndRuinAttack(t)) => {
                t.armour = f.armour;
            }
            (Self::Shield, S::RoadAndRuinAttack(f), S::RoadAndRuinAttack(t)) => {
                t.shield = f.shield;
            }
            (Self::Assistive, S::PostCore(f), S::PostCore(t)) => t.assistive = f.assistive,
            (Self::Risk, S::PostCore(f), S::PostCore(t)) => t.risk = f.risk,
            (Self::PoolAttribute, S::PostCore(f), S::PostCore(t)) => t.attribute = f.attribute,
            (Self::TeammateDice, S::PostCore(f), S::PostCore(t)) => {
                t.teammate_dice = f.teammate_dice;
            }
            (Self::Advantage, S::ThreeD6(f), S::ThreeD6(t)) => t.advantage = f.advantage,
            (Self::Disadvantage, S::ThreeD6(f), S::ThreeD6(t)) => {
                t.disadvantage = f.disadvantage;
            }
            (Self::Escalation, S::ThreeD6(f), S::ThreeD6(t)) => {
                t.escalation = f.escalation;
                t.add_escalation = f.add_escalation;
            }
            (Self::Tier, S::ThreeD6(f), S::ThreeD6(t)) => t.tier = f.tier,
            _ => {}
        }
    }

    /// Whether `a` and `b` hold different values in this field.
    #[must_use]
    pub fn differs(self, a: &CheckSetup, b: &CheckSetup) -> bool {
        let mut copied = b.clone();
        self.copy(a, &mut copied);
        copied != *b
    }
}

impl Lever {
    /// The form fields the lever fills when folded (`Lever::fold`), whatever the system: a
    /// field the check lacks is not there to fill.
    #[must_use]
    pub fn fields(self) -> &'static [FormField] {
        use FormField as F;
        match self {
            // A note, the damage a type does and a villain's step (read by Apply) and Post
            // load (a die on the pool) fill no field of the form.
            Self::Note | Self::Affinity(_) | Self::VillainStep(_) | Self::Load(_) => &[],
            Self::Easier => &[F::Easy, F::Advantage],
            Self::Harder => &[F::Hard, F::Disadvantage],
            Self::AttributeBonus(_) | Self::RollAndEffort { .. } => &[F::RollBonus, F::EffortBonus],
            Self::EffortDie(_) => &[F::EffortDie],
            Self::AttackDie(_) => &[F::AttackDie],
            Self::Assistive => &[F::Assistive],
            Self::TargetNumber(_) | Self::TnShift(_) => &[F::Tn],
            Self::RollModifier(_) => &[F::Modifier],
            Self::Difficulty(_) => &[F::Difficulty],
            Self::ExtraLowDie => &[F::Tiring],
            Self::Exhausted => &[F::Exhaustion, F::Tiring],
            Self::Armour(_) => &[F::Armour],
            Self::Shield(_) => &[F::Shield],
            Self::RiskUp => &[F::Risk],
            Self::PoolAttribute(_) => &[F::PoolAttribute],
            Self::TeammateDie(_) => &[F::TeammateDice],
            Self::Escalation(_) => &[F::Escalation],
            Self::Tier(_) => &[F::Tier],
            Self::CriticalOnHit => &[F::CriticalOnHit],
            Self::FailsOutright => &[F::FailsOutright],
        }
    }
}

impl Source {
    /// Where a line's number comes from, in the form's short mark: the map, the sheets and
    /// trackers, or a condition.
    #[must_use]
    pub fn origin(self) -> &'static str {
        match self {
            Self::Cover | Self::Band | Self::Space | Self::Light => "map",
            Self::Condition => "condition",
            Self::Escalation => "tracker",
            Self::Wound
            | Self::Injury
            | Self::Exhaustion
            | Self::Defense
            | Self::Weapon
            | Self::Teamwork
            | Self::Gm => "sheet",
        }
    }
}

impl FilledCheck {
    /// The switched-on lines that fill `field`.
    pub fn filling(&self, field: FormField) -> impl Iterator<Item = &Contribution> + '_ {
        self.contributions
            .iter()
            .filter(move |c| c.on && c.lever.fields().contains(&field))
    }

    /// The form's mark for `fields`: where the lines filling them come from ("sheet",
    /// "map, condition"), or `None` when the form's own value stands.
    #[must_use]
    pub fn filled_from(&self, fields: &[FormField]) -> Option<String> {
        let mut origins: Vec<&str> = Vec::new();
        for c in fields.iter().flat_map(|f| self.filling(*f)) {
            let origin = c.source.origin();
            if !origins.contains(&origin) {
                origins.push(origin);
            }
        }
        (!origins.is_empty()).then(|| origins.join(", "))
    }
}

/// What the GM's edit of the shown form makes of the form: its new values, and the lines to
/// switch off because the GM typed over the field they fill.
#[derive(Clone, Debug, PartialEq)]
pub struct FormEdit {
    /// The form as the GM now sets it, before the builder's lines.
    pub base: CheckSetup,
    /// The texts of the lines the GM overrode.
    pub overridden: Vec<String>,
}

impl FormEdit {
    /// The GM edited `shown` (the filled check, `filled.setup()`) into `edited`: every field
    /// the GM left alone keeps `base`'s value (the builder fills it again), every field the GM
    /// changed takes the GM's value, and the lines that filled it are overridden.
    #[must_use]
    pub fn new(
        base: &CheckSetup,
        filled: &FilledCheck,
        shown: &CheckSetup,
        edited: &CheckSetup,
    ) -> Self {
        let mut new_base = edited.clone();
        let mut overridden = Vec::new();
        for field in FormField::ALL {
            if field.differs(shown, edited) {
                overridden.extend(filled.filling(field).map(|c| c.text.clone()));
            } else {
                field.copy(base, &mut new_base);
            }
        }
        Self {
            base: new_base,
            overridden,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::TokenId;
    use crate::rules::road_and_ruin::{AttackDie, AttackRoll, Shield};
    use crate::rules::three_d6::TierRelation;

    fn every_lever() -> Vec<Lever> {
        vec![
            Lever::Note,
            Lever::Easier,
            Lever::Harder,
            Lever::AttributeBonus(2),
            Lever::RollAndEffort { roll: 1, effort: 3 },
            Lever::EffortDie(8),
            Lever::AttackDie(AttackDie::D12),
            Lever::Assistive,
            Lever::TargetNumber(17),
            Lever::TnShift(3),
            Lever::RollModifier(4),
            Lever::Difficulty(5),
            Lever::ExtraLowDie,
            Lever::Exhausted,
            Lever::Armour(3),
            Lever::Shield(Shield {
                armour: 3,
                ..Shield::default()
            }),
            Lever::RiskUp,
            Lever::PoolAttribute(3),
            Lever::TeammateDie(TokenId(2)),
            Lever::Escalation(4),
            Lever::Tier(TierRelation::Above),
            Lever::CriticalOnHit,
            Lever::FailsOutright,
        ]
    }

    fn every_check() -> Vec<CheckSetup> {
        let mut checks: Vec<CheckSetup> = crate::model::RuleSystem::ALL
            .iter()
            .map(|s| crate::rules::system(*s).default_check())
            .collect();
        checks.push(CheckSetup::RoadAndRuinAttack(AttackRoll::default()));
        checks
    }

    /// Every field a lever folds into is one it lists: giving back the listed fields of the
    /// unfolded check undoes the fold, so a line's effect never stays in the form.
    #[test]
    fn a_lever_touches_only_the_fields_it_lists() {
        for check in every_check() {
            for lever in every_lever() {
                let mut folded = check.clone();
                lever.fold(&mut folded);
                for field in lever.fields() {
                    field.copy(&check, &mut folded);
                }
                assert_eq!(folded, check, "{lever:?} on {check:?}");
            }
        }
    }
}
