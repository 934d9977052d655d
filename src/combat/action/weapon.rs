//! The attack the actor makes, from its sheet: the choices its sheet offers, the one an action
//! starts with, and what the chosen one brings to the check (its reach or range, its die and
//! bonuses) and to Apply (its damage).
//!
//! Readings:
//! - A melee attack reaches targets within its reach in cells (1: adjacent, or footprints
//!   touching); a ranged one, targets up to its long range. Past either the builder refuses
//!   (the GM may roll anyway).
//! - Evening, Range: past the short range is long range, which gives disadvantage. The other
//!   texts give a ranged weapon one range.
//! - Evening, Attack: the attack check adds the attack's ability, its attribute and, when the
//!   character has the aptitude, the aptitude bonus of the character's level.
//! - Post, Equipment: a weapon that counts as assistive equipment raises the effect by one.

use serde::Serialize;

use super::{Contribution, FilledCheck, Lever, Source, name};
use crate::board::Scene;
use crate::model::trackers::attack::AttackRange;
use crate::model::{Encounter, TokenId};
use crate::rules::TokenTrackers;
use crate::rules::evening::{DamageDice, EveningAbility, EveningAttribute, EveningToken};
use crate::rules::go_forth_heroes::Attribute;
use crate::rules::three_d6::ThreeD6AttackNumbers;

/// One attack a sheet offers, as the Dice pane and `check_report` list it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttackChoice {
    /// Its place on the sheet, which an [`super::ActionRequest`] names.
    pub index: usize,
    /// Its name.
    pub name: String,
    /// Its reach or range.
    #[serde(skip)]
    pub range: AttackRange,
    /// Its numbers in the system's words ("Might, d6 Effort", "Prowess + Body, 1d8+2").
    pub numbers: String,
}

/// What the chosen attack deals when Apply lands it, in the system's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponDamage {
    /// GFH: Effort comes from the roll itself.
    Effort,
    /// Evening: the weapon's damage dice.
    Dice(DamageDice),
    /// Road and Ruin: a Solid Blow's damage (a Glancing Blow deals half).
    Solid(u32),
    /// Post: the effect score is the harm.
    Effect,
    /// 3d6: harm read from an effect die.
    Harm(ThreeD6AttackNumbers),
}

/// The attack a filled check uses, kept for Apply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChosenAttack {
    /// Its name.
    pub name: String,
    /// What it deals.
    pub damage: WeaponDamage,
}

/// The attacks `token`'s sheet offers in the encounter's system (none without a sheet).
#[must_use]
pub fn attacks_of(encounter: &Encounter, token: TokenId) -> Vec<AttackChoice> {
    let Some(sheet) = encounter.sheet(token) else {
        return Vec::new();
    };
    let choice = |index: usize, name: &str, range: AttackRange, numbers: String| AttackChoice {
        index,
        name: name.to_owned(),
        range,
        numbers,
    };
    match sheet {
        TokenTrackers::GoForthHeroes(t) => (t.attacks.iter().enumerate())
            .map(|(i, a)| {
                let n = a.numbers;
                let words = format!("{}, d{} Effort", n.attribute.label(), n.effort_die);
                choice(i, &a.name, a.range, words)
            })
            .collect(),
        TokenTrackers::Evening(t) => (t.attacks.iter().enumerate())
            .map(|(i, a)| {
                let n = a.numbers;
                let apt = if n.aptitude { " + aptitude" } else { "" };
                let kind = n.damage_type.map_or("", |t| t.label());
                let words = format!(
                    "{} + {}{apt}, {}{}{kind}",
                    ability_label(n.ability),
                    attribute_label(n.attribute),
                    dice_label(n.damage),
                    if kind.is_empty() { "" } else { " " },
                );
                choice(i, &a.name, a.range, words)
            })
            .collect(),
        TokenTrackers::RoadAndRuin(t) => (t.attacks.iter().enumerate())
            .map(|(i, a)| {
                let n = a.numbers;
                let words = format!(
                    "d{} {:+}, {} damage",
                    n.die.sides(),
                    n.proficiency,
                    n.damage
                );
                choice(i, &a.name, a.range, words)
            })
            .collect(),
        TokenTrackers::PostCore(t) => (t.attacks.iter().enumerate())
            .map(|(i, a)| {
                let n = a.numbers;
                let assist = if n.assistive { ", assistive" } else { "" };
                let words = format!("{}{assist}", post_attribute_label(n.attribute));
                choice(i, &a.name, a.range, words)
            })
            .collect(),
        TokenTrackers::ThreeD6(t) => (t.attacks.iter().enumerate())
            .map(|(i, a)| choice(i, &a.name, a.range, harm_label(a.numbers)))
            .collect(),
    }
}

/// The attack an action from `actor` on `target` starts with: a melee attack that reaches the
/// target, else a ranged one whose range does, else the one that reaches farthest; `None` when
/// the sheet lists none.
#[must_use]
pub fn default_weapon(encounter: &Encounter, actor: TokenId, target: TokenId) -> Option<usize> {
    reaching(encounter, &Scene::new(encounter), actor, target)
}

/// [`default_weapon`] on a scene already built.
pub(super) fn reaching(
    encounter: &Encounter,
    scene: &Scene,
    actor: TokenId,
    target: TokenId,
) -> Option<usize> {
    let attacks = attacks_of(encounter, actor);
    let distance = scene.distance_cells(actor, target);
    let adjacent = scene.touching(actor, target) == Some(true);
    let reaches = |c: &&AttackChoice| reaches(c.range, distance, adjacent).is_ok();
    let melee = attacks.iter().filter(|c| c.range.is_melee()).find(reaches);
    let ranged = attacks.iter().filter(|c| !c.range.is_melee()).find(reaches);
    // Nothing reaches: the one that reaches farthest, so the refusal names the nearest miss.
    let farthest = attacks.iter().max_by_key(|c| c.range.max_cells());
    melee.or(ranged).or(farthest).map(|choice| choice.index)
}

/// Whether an attack of `range` reaches a target `distance` cells away (footprints touching
/// count as adjacent), or the words of why not.
fn reaches(range: AttackRange, distance: Option<f64>, adjacent: bool) -> Result<(), String> {
    let Some(distance) = distance else {
        return Ok(());
    };
    match range {
        AttackRange::Melee { reach_cells } => {
            if adjacent || distance <= f64::from(reach_cells) {
                Ok(())
            } else {
                Err(format!(
                    "out of melee reach: {distance} cells, reach {reach_cells}"
                ))
            }
        }
        AttackRange::Ranged { long_cells, .. } => {
            if distance <= f64::from(long_cells) {
                Ok(())
            } else {
                Err(format!(
                    "out of range: {distance} cells, range {long_cells}"
                ))
            }
        }
    }
}

/// What the chosen attack brings to the check: its name and numbers as lines, its reach or
/// range checked against the distance, and its damage kept for Apply. Returns whether an
/// attack was found (so the builder knows not to fall back to the adjacent-cell rule).
pub(super) fn weapon(
    encounter: &Encounter,
    board: &super::Board<'_>,
    index: usize,
    actor: TokenId,
    target: Option<TokenId>,
    filled: &mut FilledCheck,
) -> bool {
    let Some(sheet) = encounter.sheet(actor) else {
        return false;
    };
    let Some(choice) = attacks_of(encounter, actor).into_iter().nth(index) else {
        return false;
    };
    let who = name(encounter, actor);
    let head = format!("{who}'s {}", choice.name);
    let (lines, damage) = match sheet {
        TokenTrackers::GoForthHeroes(t) => gfh_lines(t, index, &head),
        TokenTrackers::Evening(t) => {
            let finesse = encounter.token(actor).map_or(0, |tok| tok.finesse);
            evening_lines(t, index, finesse, &head)
        }
        TokenTrackers::RoadAndRuin(t) => rr_lines(t, index, &head),
        TokenTrackers::PostCore(t) => post_lines(t, index, &head),
        TokenTrackers::ThreeD6(t) => {
            let n = t.attacks[index].numbers;
            let text = format!("{head}: harm from the {}", harm_label(n));
            (vec![line(text, Lever::Note)], WeaponDamage::Harm(n))
        }
    };
    filled.contributions.extend(lines);
    filled.weapon = Some(ChosenAttack {
        name: choice.name.clone(),
        damage,
    });
    if let Some(target) = target {
        range_facts(encounter, board.scene(), &choice, actor, target, filled);
    }
    true
}

fn line(text: String, lever: Lever) -> Contribution {
    Contribution::new(Source::Weapon, text, lever)
}

/// GFH: the attribute's +Roll and +Effort (after any shift) and the Effort die.
fn gfh_lines(
    t: &crate::rules::go_forth_heroes::GfhToken,
    index: usize,
    head: &str,
) -> (Vec<Contribution>, WeaponDamage) {
    let n = t.attacks[index].numbers;
    let roll = t.roll_bonus(n.attribute);
    let effort = t.effort_bonus(n.attribute);
    let label = n.attribute.label();
    let lines = vec![
        line(
            format!("{head} ({label})"),
            Lever::RollAndEffort { roll, effort },
        ),
        line(
            format!("the {}'s Effort die", t.attacks[index].name),
            Lever::EffortDie(n.effort_die),
        ),
    ];
    (lines, WeaponDamage::Effort)
}

/// Evening: the ability, the attribute and the aptitude bonus, each a line.
fn evening_lines(
    t: &EveningToken,
    index: usize,
    finesse: i32,
    head: &str,
) -> (Vec<Contribution>, WeaponDamage) {
    let n = t.attacks[index].numbers;
    if t.threat.is_some() {
        // A threat's attack is rated by its TN, not by abilities (Evening, Threat Rating): the
        // attack brings its range and its damage only.
        let text = format!("{head}: {} damage", dice_label(n.damage));
        return (vec![line(text, Lever::Note)], WeaponDamage::Dice(n.damage));
    }
    let ability = ability_score(t, n.ability, finesse);
    let attribute = match n.attribute {
        EveningAttribute::Body => t.abilities.body,
        EveningAttribute::Mind => t.abilities.mind,
    };
    let mut lines = vec![
        line(
            format!("{head} ({})", ability_label(n.ability)),
            Lever::RollModifier(i64::from(ability)),
        ),
        line(
            attribute_label(n.attribute).to_owned(),
            Lever::RollModifier(i64::from(attribute)),
        ),
    ];
    if n.aptitude {
        let bonus = aptitude_bonus(t.level);
        lines.push(line(
            format!("aptitude bonus (level {})", t.level),
            Lever::RollModifier(i64::from(bonus)),
        ));
    }
    (lines, WeaponDamage::Dice(n.damage))
}

/// Road and Ruin: the attack die and the proficiency.
fn rr_lines(
    t: &crate::rules::road_and_ruin::RrToken,
    index: usize,
    head: &str,
) -> (Vec<Contribution>, WeaponDamage) {
    let n = t.attacks[index].numbers;
    let mut lines = vec![line(head.to_owned(), Lever::AttackDie(n.die))];
    if n.proficiency != 0 {
        lines.push(line(
            "proficiency".to_owned(),
            Lever::RollModifier(n.proficiency),
        ));
    }
    (lines, WeaponDamage::Solid(n.damage))
}

/// Post: the attribute's score is the pool; assistive equipment raises the effect.
fn post_lines(
    t: &crate::rules::post_core::PostToken,
    index: usize,
    head: &str,
) -> (Vec<Contribution>, WeaponDamage) {
    let n = t.attacks[index].numbers;
    let score = u8::try_from(t.attributes[n.attribute as usize]).unwrap_or(0);
    let label = post_attribute_label(n.attribute);
    let mut lines = vec![line(
        format!("{head} ({label})"),
        Lever::PoolAttribute(score),
    )];
    if n.assistive {
        lines.push(line("assistive equipment".to_owned(), Lever::Assistive));
    }
    (lines, WeaponDamage::Effect)
}

/// The chosen attack's reach or range against the distance to the target: out of reach or
/// range refuses; Evening's long range gives disadvantage.
fn range_facts(
    encounter: &Encounter,
    scene: &Scene,
    choice: &AttackChoice,
    actor: TokenId,
    target: TokenId,
    filled: &mut FilledCheck,
) {
    let distance = scene.distance_cells(actor, target);
    let adjacent = scene.touching(actor, target) == Some(true);
    let leaving = filled.opportunity.is_some() && choice.range.is_melee();
    if let Err(why) = reaches(choice.range, distance, adjacent) {
        // An attack of opportunity is made as the target leaves: its reach was met then.
        if filled.refused.is_none() && !leaving {
            filled.refused = Some(why);
        }
        return;
    }
    let (Some(distance), AttackRange::Ranged { short_cells, .. }) = (distance, choice.range) else {
        return;
    };
    if encounter.system == crate::model::RuleSystem::Evening && distance > f64::from(short_cells) {
        filled.contributions.push(Contribution::new(
            Source::Weapon,
            format!(
                "long range for the {} ({distance} cells, short range {short_cells})",
                choice.name
            ),
            Lever::Harder,
        ));
    }
}

/// The aptitude bonus of an Evening character level (Evening, Character progression: +2 at
/// levels 1–4, one more every four levels; level 0 has no aptitudes).
#[must_use]
pub fn aptitude_bonus(level: u8) -> i32 {
    if level == 0 {
        0
    } else {
        2 + i32::from((level - 1) / 4)
    }
}

fn ability_score(t: &EveningToken, ability: EveningAbility, finesse: i32) -> i32 {
    match ability {
        EveningAbility::Finesse => finesse,
        EveningAbility::Prowess => t.abilities.prowess,
        EveningAbility::Resolve => t.abilities.resolve,
    }
}

fn ability_label(ability: EveningAbility) -> &'static str {
    match ability {
        EveningAbility::Finesse => "Finesse",
        EveningAbility::Prowess => "Prowess",
        EveningAbility::Resolve => "Resolve",
    }
}

fn attribute_label(attribute: EveningAttribute) -> &'static str {
    match attribute {
        EveningAttribute::Body => "Body",
        EveningAttribute::Mind => "Mind",
    }
}

fn post_attribute_label(attribute: crate::rules::post_core::Attribute) -> &'static str {
    match attribute {
        crate::rules::post_core::Attribute::Str => "STR",
        crate::rules::post_core::Attribute::Dex => "DEX",
        crate::rules::post_core::Attribute::Wil => "WIL",
    }
}

/// "1d8+2", "2d6", "1d4-1".
#[must_use]
pub fn dice_label(d: DamageDice) -> String {
    match d.bonus {
        0 => format!("{}d{}", d.count, d.sides),
        b => format!("{}d{}{b:+}", d.count, d.sides),
    }
}

fn harm_label(n: ThreeD6AttackNumbers) -> String {
    let die = format!("{:?} die", n.die);
    let steps = match n.steps {
        0 => String::new(),
        s if s > 0 => format!(", stepped up {s}"),
        s => format!(", stepped down {}", -s),
    };
    let halved = if n.halved { ", halved" } else { "" };
    format!("{die}{steps}{halved}")
}

/// The GFH attribute an attack rolls with, for requests that name an attack.
#[must_use]
pub fn gfh_attribute(encounter: &Encounter, actor: TokenId, index: usize) -> Option<Attribute> {
    match encounter.sheet(actor)? {
        TokenTrackers::GoForthHeroes(t) => t.attacks.get(index).map(|a| a.numbers.attribute),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aptitude_bonus_follows_the_progression_table() {
        // Evening, Character progression: +2 at 1st–4th, +3 at 5th–8th, +4 at 9th–12th,
        // +5 at 13th–16th; level 0 has no aptitudes.
        let table = [
            (0, 0),
            (1, 2),
            (4, 2),
            (5, 3),
            (8, 3),
            (9, 4),
            (12, 4),
            (13, 5),
            (16, 5),
        ];
        for (level, bonus) in table {
            assert_eq!(aptitude_bonus(level), bonus, "level {level}");
        }
    }

    #[test]
    fn reach_and_range_say_why_a_target_is_out() {
        let bow = AttackRange::Ranged {
            short_cells: 16,
            long_cells: 64,
        };
        assert!(reaches(bow, Some(64.0), false).is_ok());
        assert!(reaches(bow, Some(65.0), false).is_err());
        let spear = AttackRange::Melee { reach_cells: 2 };
        assert!(reaches(spear, Some(2.0), false).is_ok());
        assert!(reaches(spear, Some(3.0), false).is_err());
        // A Large creature's footprint touching the attacker is adjacent, whatever the
        // distance between anchors says.
        assert!(reaches(AttackRange::ADJACENT, Some(2.0), true).is_ok());
    }
}
