//! A token's numbers after its conditions: what they do to a check it makes, and its GFH
//! Defenses. Each result carries the reasons, in words, for the hover that explains it.

use super::catalogue::{CheckKind, Defense as ConditionDefense, Effect};
use super::conditions::{ActiveCondition, Adjusted, on_token};
use super::initiative::{Economy, EconomyPart};
use super::wounds::hard_from_wounds;
use crate::model::{Encounter, RuleSystem, TokenId};
use crate::rules::TokenTrackers;
use crate::rules::go_forth_heroes::{Attribute, Defense, net_modifier};

/// What active conditions do to one check.
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent effects, each from its own condition, shown one by one"
)]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckEffects {
    /// Something makes it Easy (GFH) / gives advantage (Evening).
    pub easier: bool,
    /// Something makes it Hard / gives disadvantage.
    pub harder: bool,
    /// Road and Ruin: difficulty added by conditions.
    pub difficulty: i64,
    /// Road and Ruin: extra skill dice keeping the lower (Tiring).
    pub extra_low_dice: u8,
    /// Road and Ruin: the Exhaustion penalty applies.
    pub exhausted: bool,
    /// Evening: a Prowess or Finesse defense fails whatever the roll (Paralyzed, Stunned, …).
    pub fails_physical_defenses: bool,
    /// Evening: every defense fails whatever the roll (Petrified).
    pub fails_all_defenses: bool,
    /// Evening: an attack that hits is a critical hit (an adjacent attacker against a Paralyzed
    /// or Unconscious target); set only by [`target_reach_effects`].
    pub critical_if_hit: bool,
    /// One line per condition or Wound that changed the check, e.g. "Weakened: Hard".
    pub reasons: Vec<String>,
    /// GFH: one of the roller's Wounds made the check Hard (its reason is in `reasons`).
    pub wounded: bool,
}

impl CheckEffects {
    /// Whether any condition changed the check.
    #[must_use]
    pub fn any(&self) -> bool {
        !self.reasons.is_empty()
    }
}

/// The words for Easy/Hard in a system: GFH says Easy and Hard, the d20 systems advantage.
fn ease_words(system: RuleSystem) -> (&'static str, &'static str) {
    if system == RuleSystem::GoForthHeroes {
        ("Easy", "Hard")
    } else {
        ("advantage", "disadvantage")
    }
}

/// What the roller's conditions (and, for an attack, the target's) do to a check of `kinds`.
///
/// Several Easy reasons count once and Easy offsets Hard (GFH, Easy vs Hard; Evening,
/// Advantage), so this reports whether each is present rather than a count. A target's
/// "attacks against it are easier" (GFH Exposed, Evening Restrained) counts for attacks.
#[must_use]
pub fn check_effects(
    list: &[ActiveCondition],
    system: RuleSystem,
    roller: TokenId,
    kinds: &[CheckKind],
    target: Option<TokenId>,
) -> CheckEffects {
    let (easy, hard) = ease_words(system);
    let touches = |k: CheckKind| k == CheckKind::Any || kinds.contains(&k);
    let mut out = CheckEffects::default();
    for (c, def) in on_token(list, system, roller) {
        for effect in def.map_or(&[][..], |d| d.effects) {
            let line = match *effect {
                Effect::Easier(k) if touches(k) => {
                    out.easier = true;
                    easy.to_owned()
                }
                Effect::Harder(k) if touches(k) => {
                    out.harder = true;
                    hard.to_owned()
                }
                Effect::Difficulty(n) => {
                    out.difficulty += i64::from(n);
                    format!("difficulty {n:+}")
                }
                Effect::ExtraLowDie => {
                    out.extra_low_dice += 1;
                    "an extra skill die, keep the lower".to_owned()
                }
                Effect::Exhaustion => {
                    out.exhausted = true;
                    "Exhaustion".to_owned()
                }
                Effect::FailsPhysicalDefenses if kinds.contains(&CheckKind::Defense) => {
                    out.fails_physical_defenses = true;
                    "fails Prowess and Finesse defenses outright".to_owned()
                }
                Effect::FailsAllDefenses if kinds.contains(&CheckKind::Defense) => {
                    out.fails_all_defenses = true;
                    "fails every defense outright".to_owned()
                }
                _ => continue,
            };
            out.reasons.push(format!("{}: {line}", c.name));
        }
    }
    if let Some(target) = target.filter(|_| kinds.contains(&CheckKind::Attack)) {
        for (c, def) in on_token(list, system, target) {
            if def.is_some_and(|d| d.effects.contains(&Effect::AttacksAgainstEasier)) {
                out.easier = true;
                out.reasons.push(format!("target {}: {easy}", c.name));
            }
        }
    }
    out
}

/// What the target's conditions do to an attack on it that depend on whether the attacker is
/// adjacent (Evening, Conditions): Prone (and Unconscious, which falls prone) gives an adjacent
/// attacker advantage and any other disadvantage; a hit from an adjacent attacker on a
/// Paralyzed or Unconscious target is a critical hit. Merge it with [`check_effects`] for the attack (whose `harder` and `easier`
/// then offset each other as Evening's advantage rules say).
#[must_use]
pub fn target_reach_effects(
    list: &[ActiveCondition],
    system: RuleSystem,
    target: TokenId,
    adjacent: bool,
) -> CheckEffects {
    let (easy, hard) = ease_words(system);
    let mut out = CheckEffects::default();
    for (c, def) in on_token(list, system, target) {
        for effect in def.map_or(&[][..], |d| d.effects) {
            let line = match (*effect, adjacent) {
                (Effect::AttacksAgainstByReach, true) => {
                    out.easier = true;
                    format!("{easy} (adjacent)")
                }
                (Effect::AttacksAgainstByReach, false) => {
                    out.harder = true;
                    format!("{hard} (not adjacent)")
                }
                (Effect::AdjacentHitsCritical, true) => {
                    out.critical_if_hit = true;
                    "a hit from adjacent is a critical hit".to_owned()
                }
                _ => continue,
            };
            out.reasons.push(format!("target {}: {line}", c.name));
        }
    }
    out
}

/// Adds the roller's Wound that makes a check with `attribute` Hard, if it carries one
/// (GFH, Determining the Wound: "<attribute> checks Hard").
pub fn add_wound_effects(
    effects: &mut CheckEffects,
    encounter: &Encounter,
    roller: TokenId,
    attribute: Attribute,
) {
    if let Some(why) = hard_from_wounds(encounter, roller, attribute) {
        effects.harder = true;
        effects.wounded = true;
        effects.reasons.push(why);
    }
}

/// Why the token's conditions forbid `part` of its turn now, if they do: no actions or
/// reactions (Evening Incapacitated and the conditions that include it, GFH Stunned), or a Move
/// or an Action but not both (GFH Staggered). Movement itself is limited by the effective speed.
#[must_use]
pub fn economy_refusal(
    list: &[ActiveCondition],
    system: RuleSystem,
    token: TokenId,
    part: EconomyPart,
    economy: &Economy,
) -> Option<String> {
    let moving = matches!(part, EconomyPart::Movement(_));
    on_token(list, system, token).find_map(|(c, def)| {
        let effects = def.map_or(&[][..], |d| d.effects);
        if effects.contains(&Effect::NoActions) && !moving {
            return Some(format!("{}: no actions or reactions", c.name));
        }
        if effects.contains(&Effect::MoveOrAction) {
            if moving && economy.action_used {
                return Some(format!("{}: it took its Action, so no Move", c.name));
            }
            if part == EconomyPart::Action && economy.movement_spent > 0 {
                return Some(format!("{}: it moved, so no Action", c.name));
            }
        }
        None
    })
}

fn condition_defense(defense: Defense) -> ConditionDefense {
    match defense {
        Defense::Body => ConditionDefense::Body,
        Defense::Mind => ConditionDefense::Mind,
        Defense::Soul => ConditionDefense::Soul,
    }
}

/// A GFH token's Defense TN with its conditions and any Increase Defense die: 10 + the pair,
/// then the best bonus and the worst penalty of those sources, each once (GFH, Defenses;
/// Modifiers: take the highest). `None` when the token has no GFH attributes.
#[must_use]
pub fn effective_defense(
    encounter: &Encounter,
    token: TokenId,
    defense: Defense,
) -> Option<Adjusted<i64>> {
    let Some(TokenTrackers::GoForthHeroes(hero)) = encounter.sheet(token) else {
        return None;
    };
    Some(defense_on(encounter, hero, token, defense))
}

/// [`effective_defense`] from the GFH numbers `hero` (the token's sheet, or the starting one
/// the Sheet pane shows when it has none).
#[must_use]
pub fn defense_on(
    encounter: &Encounter,
    hero: &crate::rules::go_forth_heroes::GfhToken,
    token: TokenId,
    defense: Defense,
) -> Adjusted<i64> {
    let base = hero.attributes.defense(defense);
    let mut sources: Vec<(String, i64)> = Vec::new();
    let wanted = condition_defense(defense);
    for (c, def) in on_token(&encounter.combat.conditions, encounter.system, token) {
        for effect in def.map_or(&[][..], |d| d.effects) {
            if let Effect::DefenseChange(d, amount) = *effect
                && d == wanted
            {
                sources.push((c.name.clone(), i64::from(amount)));
            }
        }
    }
    let locked = encounter
        .combat
        .momentum
        .get(&token)
        .map_or(0, |p| i64::from(p.defense_bonus()));
    if locked > 0 {
        sources.push(("Increase Defense".to_owned(), locked));
    }
    take_the_highest(base, &sources)
}

/// Base plus the best bonus and worst penalty, with a reason per source saying whether it
/// counted.
fn take_the_highest(base: i64, sources: &[(String, i64)]) -> Adjusted<i64> {
    let amounts: Vec<i64> = sources.iter().map(|(_, a)| *a).collect();
    let net = net_modifier(&amounts);
    let best = amounts.iter().copied().filter(|a| *a > 0).max();
    let worst = amounts.iter().copied().filter(|a| *a < 0).min();
    let mut counted_best = false;
    let mut counted_worst = false;
    let mut reasons = vec![format!("base {base}")];
    for (name, amount) in sources {
        let counts = if Some(*amount) == best && !counted_best {
            counted_best = true;
            true
        } else if Some(*amount) == worst && !counted_worst {
            counted_worst = true;
            true
        } else {
            false
        };
        let note = if counts {
            ""
        } else {
            " (not counted: only the highest counts)"
        };
        reasons.push(format!("{name} {amount:+}{note}"));
    }
    Adjusted {
        value: base + net,
        reasons,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combat::conditions::Duration;

    fn cond(token: u64, name: &str) -> ActiveCondition {
        ActiveCondition {
            token: TokenId(token),
            name: name.into(),
            duration: Duration::UntilRemoved,
            system: None,
        }
    }

    #[test]
    fn gfh_weakened_makes_physical_checks_hard_and_exposed_targets_easy() {
        let list = vec![cond(1, "Weakened"), cond(2, "Exposed")];
        let gfh = RuleSystem::GoForthHeroes;
        let physical = check_effects(&list, gfh, TokenId(1), &[CheckKind::Physical], None);
        assert!(physical.harder && !physical.easier);
        assert_eq!(physical.reasons, vec!["Weakened: Hard".to_owned()]);
        let social = check_effects(&list, gfh, TokenId(1), &[CheckKind::Social], None);
        assert!(!social.any());
        let attack = check_effects(
            &list,
            gfh,
            TokenId(1),
            &[CheckKind::Physical, CheckKind::Attack],
            Some(TokenId(2)),
        );
        assert!(attack.easier && attack.harder, "they offset in the check");
        assert_eq!(attack.reasons[1], "target Exposed: Easy");
    }

    #[test]
    fn evening_prone_paralyzed_and_petrified_as_the_text_writes_them() {
        // Evening, Conditions: Prone — an attack against it has advantage from adjacent,
        // otherwise disadvantage; Paralyzed — an adjacent hit is a critical hit; Petrified —
        // fails any defense check.
        let ev = RuleSystem::Evening;
        let list = vec![cond(2, "Prone"), cond(3, "Paralyzed"), cond(4, "Petrified")];
        let near = target_reach_effects(&list, ev, TokenId(2), true);
        assert!(near.easier && !near.harder);
        let far = target_reach_effects(&list, ev, TokenId(2), false);
        assert!(far.harder && !far.easier);
        assert_eq!(
            far.reasons,
            vec!["target Prone: disadvantage (not adjacent)".to_owned()]
        );
        assert!(target_reach_effects(&list, ev, TokenId(3), true).critical_if_hit);
        assert!(!target_reach_effects(&list, ev, TokenId(3), false).critical_if_hit);
        let stone = check_effects(&list, ev, TokenId(4), &[CheckKind::Defense], None);
        assert!(stone.fails_all_defenses && stone.fails_physical_defenses);
        let paralyzed = check_effects(&list, ev, TokenId(3), &[CheckKind::Defense], None);
        assert!(!paralyzed.fails_all_defenses && paralyzed.fails_physical_defenses);
    }

    /// Evening, Conditions, Unconscious: it falls prone, so Prone's rule for attacks against it
    /// holds (advantage from an adjacent attacker, disadvantage from any other), and its own
    /// list makes an adjacent attacker's hit a critical hit, as Paralyzed's does.
    #[test]
    fn evening_unconscious_falls_prone_and_adjacent_hits_are_critical() {
        let ev = RuleSystem::Evening;
        let list = vec![cond(5, "Unconscious")];
        let near = target_reach_effects(&list, ev, TokenId(5), true);
        assert!(near.easier && !near.harder);
        assert!(near.critical_if_hit);
        let far = target_reach_effects(&list, ev, TokenId(5), false);
        assert!(far.harder && !far.easier && !far.critical_if_hit);
    }

    #[test]
    fn road_and_ruin_conditions_add_difficulty_and_dice() {
        let list = vec![
            cond(1, "Distracted"),
            cond(1, "Tiring"),
            cond(1, "Exhausted"),
        ];
        let e = check_effects(&list, RuleSystem::RoadAndRuin, TokenId(1), &[], None);
        assert_eq!((e.difficulty, e.extra_low_dice, e.exhausted), (1, 1, true));
        assert_eq!(e.reasons.len(), 3);
    }

    #[test]
    fn stunned_stops_actions_and_staggered_allows_a_move_or_an_action() {
        let list = vec![cond(1, "Stunned"), cond(2, "Staggered")];
        let gfh = RuleSystem::GoForthHeroes;
        let fresh = Economy::default();
        assert_eq!(
            economy_refusal(&list, gfh, TokenId(1), EconomyPart::Action, &fresh),
            Some("Stunned: no actions or reactions".to_owned())
        );
        assert_eq!(
            economy_refusal(&list, gfh, TokenId(2), EconomyPart::Action, &fresh),
            None
        );
        let acted = Economy {
            action_used: true,
            ..Economy::default()
        };
        assert_eq!(
            economy_refusal(&list, gfh, TokenId(2), EconomyPart::Movement(1), &acted),
            Some("Staggered: it took its Action, so no Move".to_owned())
        );
    }

    #[test]
    fn evening_paralyzed_fails_physical_defenses() {
        let list = vec![cond(1, "Paralyzed")];
        let e = check_effects(
            &list,
            RuleSystem::Evening,
            TokenId(1),
            &[CheckKind::Defense],
            None,
        );
        assert!(e.fails_physical_defenses);
        let aptitude = check_effects(
            &list,
            RuleSystem::Evening,
            TokenId(1),
            &[CheckKind::Aptitude],
            None,
        );
        assert!(!aptitude.any());
    }

    #[test]
    fn only_the_highest_bonus_and_worst_penalty_count() {
        let sources = [
            ("Bolstered".to_owned(), 3),
            ("Increase Defense".to_owned(), 5),
            ("Shaken".to_owned(), -3),
        ];
        let d = take_the_highest(11, &sources);
        assert_eq!(d.value, 13);
        assert_eq!(
            d.reasons,
            vec![
                "base 11".to_owned(),
                "Bolstered +3 (not counted: only the highest counts)".to_owned(),
                "Increase Defense +5".to_owned(),
                "Shaken -3".to_owned(),
            ]
        );
    }
}
