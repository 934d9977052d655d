//! The action flow per system: an attacker, a target behind an obstacle, a condition on each;
//! the builder fills the check, fixed dice resolve it, Apply changes the target's trackers.
//! Every expected number is worked out by hand from the rule text named in the test.

use lantern::combat::action::{ActionRequest, FilledCheck, Lever, Source, build, consequence};
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::momentum::{MomentumPool, Zone};
use lantern::edit::apply;
use lantern::model::{Cell, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::{CheckOutcome, CheckSetup, TokenTrackers};

const ATTACKER: TokenId = TokenId(1);
const TARGET: TokenId = TokenId(2);

/// Attacker at (0,0), target at (4,0), an obstacle at (2,0): 2 of 4 corners clear, cover
/// (the worked case in `geometry_cover`), 4 cells apart.
fn scene(system: RuleSystem) -> Encounter {
    let mut e = Encounter::new("flow", system);
    e.tokens
        .push(Token::new(ATTACKER, "Ash", Side::Party, Cell::new(0, 0)));
    e.tokens
        .push(Token::new(TARGET, "Brute", Side::Enemy, Cell::new(4, 0)));
    e.obstacle_cells.insert(Cell::new(2, 0));
    e
}

fn condition(e: &mut Encounter, token: TokenId, name: &str) {
    e.combat.conditions.push(ActiveCondition {
        token,
        name: name.into(),
        duration: Duration::UntilRemoved,
    });
}

fn trackers(e: &mut Encounter, token: TokenId, t: TokenTrackers) {
    e.combat.trackers.insert(token, t);
}

fn attack(e: &Encounter, base: &CheckSetup) -> FilledCheck {
    let request = ActionRequest {
        actor: Some(ATTACKER),
        targets: vec![TARGET],
        attack: true,
        ..ActionRequest::default()
    };
    build(e, &request, base)
}

fn levers(filled: &FilledCheck, source: Source) -> Vec<Lever> {
    filled
        .contributions
        .iter()
        .filter(|c| c.source == source)
        .map(|c| c.lever)
        .collect()
}

fn apply_all(e: &mut Encounter, commands: Vec<lantern::model::Command>) {
    for c in commands {
        let Ok(_) = apply(e, c) else {
            panic!("Apply's command was refused");
        };
    }
}

fn odds_sum(filled: &FilledCheck) -> f64 {
    filled.setup().odds().iter().map(|(_, p)| p).sum()
}

#[test]
fn gfh_attack_on_a_hero_in_cover_hits_and_sends_a_die_to_fatigue() {
    use lantern::rules::go_forth_heroes::{Attribute, Attributes, GfhCheck, GfhToken, Target};
    let mut e = scene(RuleSystem::GoForthHeroes);
    let hero = |a: Attributes| {
        TokenTrackers::GoForthHeroes(GfhToken {
            attributes: a,
            ..GfhToken::default()
        })
    };
    let finesse = Attributes {
        finesse: 3,
        ..Attributes::default()
    };
    let tough = Attributes {
        might: 1,
        agility: 2,
        ..Attributes::default()
    };
    trackers(&mut e, ATTACKER, hero(finesse));
    trackers(&mut e, TARGET, hero(tough));
    e.combat.momentum.insert(TARGET, MomentumPool::with_size(3));
    condition(&mut e, ATTACKER, "Empowered");
    condition(&mut e, TARGET, "Weakened");
    let request = ActionRequest {
        actor: Some(ATTACKER),
        targets: vec![TARGET],
        attack: true,
        attribute: Some(Attribute::Finesse),
        ..ActionRequest::default()
    };
    let filled = build(
        &e,
        &request,
        &CheckSetup::GoForthHeroes(GfhCheck::default()),
    );
    // GFH, Line of Sight & Cover: attacks vs Cover are Hard.
    assert_eq!(levers(&filled, Source::Cover), vec![Lever::Harder]);
    // GFH, Conditions: Empowered makes Physical checks Easy (Finesse is Physical).
    assert_eq!(levers(&filled, Source::Condition), vec![Lever::Easier]);
    // GFH, Defenses: Body = 10 + Might 1 + Agility 2 = 13; Weakened: Body −3 → 10.
    assert_eq!(
        levers(&filled, Source::Defense),
        vec![Lever::TargetNumber(10)]
    );
    let CheckSetup::GoForthHeroes(check) = filled.setup() else {
        panic!("not a GFH check");
    };
    // Easy and Hard offset (GFH, Easy vs Hard): TN 10; Finesse +3 to Roll and Effort.
    assert_eq!((check.easy, check.hard, check.tn_shift()), (true, true, 0));
    assert_eq!((check.roll_bonus, check.effort_bonus), (3, 3));
    assert_eq!(check.target, Target::Fixed(10));
    assert_eq!(filled.target_number(), Some(10));
    assert!((odds_sum(&filled) - 1.0).abs() < 1e-9);
    // d20 9 + 3 = 12 ≥ 10: a Hit; Effort d6 face 4 + 3 = 7 (GFH, Attacking).
    let roll = check.resolve(9, 4, None, 10);
    assert_eq!(roll.effort, 7);
    let outcome = CheckOutcome::GoForthHeroes(roll);
    let applied = consequence(&e, &filled, &outcome, 7, [10, 1, 1]);
    apply_all(&mut e, applied.commands);
    // GFH, Hits & Beats: a Hit moves one momentum die into Fatigue.
    let pool = &e.combat.momentum[&TARGET];
    assert_eq!(
        (pool.count(Zone::Stamina), pool.count(Zone::Fatigue)),
        (2, 1)
    );
}

#[test]
fn gfh_effort_goes_into_an_enemys_hearts() {
    use lantern::rules::go_forth_heroes::{GfhCheck, GfhToken, Hearts};
    let mut e = scene(RuleSystem::GoForthHeroes);
    let enemy = GfhToken {
        hearts: Some(Hearts::new(2)),
        ..GfhToken::default()
    };
    trackers(&mut e, TARGET, TokenTrackers::GoForthHeroes(enemy));
    let base = CheckSetup::GoForthHeroes(GfhCheck {
        effort_bonus: 2,
        ..GfhCheck::default()
    });
    let filled = attack(&e, &base);
    let CheckSetup::GoForthHeroes(check) = filled.setup() else {
        panic!("not a GFH check");
    };
    // A Graze still lands the Effort bonus, 2 (GFH, Attacking).
    let roll = check.resolve(1, 6, None, 12);
    assert_eq!(roll.effort, 2);
    let outcome = CheckOutcome::GoForthHeroes(roll);
    let commands = consequence(&e, &filled, &outcome, 2, [1, 1, 1]).commands;
    apply_all(&mut e, commands);
    let Some(TokenTrackers::GoForthHeroes(t)) = e.sheet(TARGET) else {
        panic!("the target lost its trackers");
    };
    // GFH, Hearts: 10 Effort per Heart; 2 Effort is progress on the first of 2 Hearts.
    let hearts = t.hearts.clone().unwrap_or_else(|| Hearts::new(0));
    assert_eq!((hearts.remaining, hearts.progress), (2, 2));
}

/// Evening, Circumstantial bonuses (lines 345–351): half cover is a limited circumstance, 3 on the
/// TN; Threat Rating (lines 772, 785): a rating 1 threat's TN is 14 and its health 15; Levels of
/// injury (line 1047): injury 2 is −3 to attacks; Attack (line 988): a hit rolls the damage. +5 − 3
/// = +2 against 14 + 3 = 17: a natural 16 totals 18 and hits, and 5 damage leaves 10 health.
#[test]
fn evening_attack_on_a_threat_in_half_cover_deals_damage_to_its_health() {
    use lantern::rules::evening::{EveningCheck, EveningRoll, EveningToken, ThreatProfile};
    let mut e = scene(RuleSystem::Evening);
    let wounded = EveningToken {
        injury: 2,
        ..EveningToken::default()
    };
    trackers(&mut e, ATTACKER, TokenTrackers::Evening(wounded));
    let mut threat = EveningToken::default();
    let Ok(()) = threat.apply(&lantern::rules::evening::EveningChange::SetThreat(Some(
        ThreatProfile::default(),
    ))) else {
        panic!("a rating 1 threat is refused");
    };
    trackers(&mut e, TARGET, TokenTrackers::Evening(threat));
    condition(&mut e, ATTACKER, "Poisoned");
    condition(&mut e, TARGET, "Restrained");
    let base = CheckSetup::Evening(EveningCheck {
        modifier: 5,
        ..EveningCheck::default()
    });
    let filled = attack(&e, &base);
    // Evening, Circumstantial bonuses: 2 of 4 corners blocked is half cover, limited: 3.
    assert_eq!(levers(&filled, Source::Cover), vec![Lever::TnShift(3)]);
    // Evening, Levels of injury: level 2 is −3 to attacks and defenses.
    assert_eq!(
        levers(&filled, Source::Injury),
        vec![Lever::RollModifier(-3)]
    );
    // Threat Rating 1: TN 14.
    assert_eq!(
        levers(&filled, Source::Defense),
        vec![Lever::TargetNumber(14)]
    );
    let CheckSetup::Evening(check) = filled.setup() else {
        panic!("not an Evening check");
    };
    // Poisoned (disadvantage on attacks) and Restrained (attacks against it have advantage)
    // cancel; TN 14 + 3 = 17; modifier 5 − 3 = 2.
    assert!(check.advantage && check.disadvantage);
    assert_eq!((check.tn(), check.modifier()), (17, 2));
    assert!((odds_sum(&filled) - 1.0).abs() < 1e-9);
    // Natural 16 + 2 = 18 beats 17: a hit.
    let roll = EveningRoll {
        dice: Vec::new(),
        natural: 16,
        total: 18,
        outcome: check.outcome(16),
        critical: false,
        thread_prompt: None,
    };
    let outcome = CheckOutcome::Evening(roll);
    let commands = consequence(&e, &filled, &outcome, 5, [1, 1, 1]).commands;
    apply_all(&mut e, commands);
    let Some(TokenTrackers::Evening(t)) = e.sheet(TARGET) else {
        panic!("the target lost its trackers");
    };
    // Threat Rating 1 has 15 health; 5 damage leaves 10.
    assert_eq!(t.health, 10);
}

/// Evening, Threat Rating ("Defending against threat attacks … are made against its TN"),
/// Contested Checks (the narrator's side "doesn't involve a roll") and Defense (d20 + ability +
/// attribute): a threat attacking a character is the character's defence check. Worked by
/// hand: a rating 5 Defender threat has TN 19 (Defender raises only the TN to hit it, to 22);
/// the character behind the obstacle has half cover, a limited circumstance, TN − 3 = 16
/// (Circumstantial bonuses); Reflex is Finesse + Body = 2 + 1 = +3. The threat is Poisoned
/// (disadvantage on its attacks), which is advantage on the defence. Success needs
/// d20 + 3 > 16, a kept 14 or more: 1 − (13/20)² = 231/400; a natural 20 (1 − (19/20)² =
/// 39/400) is Strong (Making checks), the other 192/400 Standard; failure 169/400. A failed
/// defence lets the attack land for the rating's 3d10 + 3, never doubled (no critical on a
/// defence check), off the character's health.
#[test]
fn evening_threat_attacking_a_character_is_the_characters_defence_check() {
    use lantern::combat::action::{default_amount, defence_result};
    use lantern::rules::evening::{
        EffectLevel, EveningChange, EveningCheck, EveningOutcome, EveningRoll, EveningToken,
        ThreatProfile, ThreatTrait,
    };
    let mut e = scene(RuleSystem::Evening);
    e.tokens[1].finesse = 2;
    let mut threat = EveningToken::default();
    let profile = ThreatProfile {
        rating: 5,
        traits: vec![ThreatTrait::Defender],
    };
    let Ok(()) = threat.apply(&EveningChange::SetThreat(Some(profile))) else {
        panic!("a rating 5 threat is refused");
    };
    trackers(&mut e, ATTACKER, TokenTrackers::Evening(threat));
    let mut character = EveningToken {
        health: 40,
        max_health: 40,
        ..EveningToken::default()
    };
    character.abilities.body = 1;
    trackers(&mut e, TARGET, TokenTrackers::Evening(character));
    condition(&mut e, ATTACKER, "Poisoned");

    let filled = attack(&e, &CheckSetup::Evening(EveningCheck::default()));
    assert_eq!(filled.defender, Some(TARGET));
    assert_eq!(filled.roller(), Some(TARGET), "the character rolls");
    assert_eq!(levers(&filled, Source::Cover), vec![Lever::TnShift(-3)]);
    assert_eq!(
        levers(&filled, Source::Defense),
        vec![Lever::RollModifier(3), Lever::TargetNumber(19)]
    );
    assert_eq!(levers(&filled, Source::Condition), vec![Lever::Easier]);
    let CheckSetup::Evening(check) = filled.setup() else {
        panic!("not an Evening check");
    };
    assert!(!check.attack, "a defence check is not an attack roll");
    assert!(check.advantage && !check.disadvantage);
    assert_eq!((check.tn(), check.modifier()), (16, 3));
    let odds = check.odds();
    let p = |o: EveningOutcome| odds.iter().find(|(x, _)| **x == o).map_or(0.0, |(_, p)| p);
    assert!((p(EveningOutcome::Failure) - 169.0 / 400.0).abs() < 1e-9);
    assert!((p(EveningOutcome::Success(EffectLevel::Standard)) - 192.0 / 400.0).abs() < 1e-9);
    assert!((p(EveningOutcome::Success(EffectLevel::Strong)) - 39.0 / 400.0).abs() < 1e-9);

    let roll = |natural: u32| {
        CheckOutcome::Evening(EveningRoll {
            dice: Vec::new(),
            natural,
            total: i64::from(natural) + 3,
            outcome: check.outcome(natural),
            critical: false,
            thread_prompt: None,
        })
    };
    // 13 + 3 = 16 does not beat 16: the attack lands.
    let landed = roll(13);
    let words = defence_result(&e, &filled, &landed).unwrap();
    assert!(words.starts_with("Not defended"), "{words}");
    let mut rng = lantern::dice::DiceRng::seeded(3);
    let amount = default_amount(&e, &filled, &landed, 0, &mut rng);
    assert!(
        (6..=33).contains(&amount),
        "3d10 + 3, not doubled: {amount}"
    );
    let commands = consequence(&e, &filled, &landed, amount, [1, 1, 1]).commands;
    apply_all(&mut e, commands);
    let Some(TokenTrackers::Evening(t)) = e.sheet(TARGET) else {
        panic!("the character lost its trackers");
    };
    assert_eq!(i64::from(t.health), 40 - amount);
    // 14 + 3 = 17 beats 16: avoided, and nothing to apply.
    let avoided = roll(14);
    let words = defence_result(&e, &filled, &avoided).unwrap();
    assert!(words.starts_with("Defended"), "{words}");
    assert_eq!(default_amount(&e, &filled, &avoided, 0, &mut rng), 0);
}

/// The other way round stays the attacker's roll: a character attacking a threat (above), and
/// a threat attacking another threat, are not turned into defence checks.
#[test]
fn evening_only_a_threat_attacking_a_character_turns_into_a_defence() {
    use lantern::rules::evening::{EveningChange, EveningCheck, EveningToken, ThreatProfile};
    let mut e = scene(RuleSystem::Evening);
    for token in [ATTACKER, TARGET] {
        let mut threat = EveningToken::default();
        let Ok(()) = threat.apply(&EveningChange::SetThreat(Some(ThreatProfile::default()))) else {
            panic!("a rating 1 threat is refused");
        };
        trackers(&mut e, token, TokenTrackers::Evening(threat));
    }
    let filled = attack(&e, &CheckSetup::Evening(EveningCheck::default()));
    assert_eq!(filled.defender, None);
    assert_eq!(filled.roller(), Some(ATTACKER));
}

/// Moves the target next to the attacker, at (1,0): distance 1, adjacent, no obstacle between.
fn adjacent(e: &mut Encounter) {
    e.tokens[1].cell = Cell::new(1, 0);
}

fn evening_check(filled: &FilledCheck) -> lantern::rules::evening::EveningCheck {
    let CheckSetup::Evening(check) = filled.setup() else {
        panic!("not an Evening check");
    };
    check
}

/// Evening, Conditions, Prone: "An attack roll against the creature has advantage if the
/// attacker is adjacent to it, otherwise the attack has disadvantage." Unconscious: the creature
/// "falls prone", so the same holds. By hand, +0 against TN 10: adjacent, advantage, a kept
/// d20 of 11+ hits: 1 − (10/20)² = 3/4; from 4 cells, disadvantage: (10/20)² = 1/4.
#[test]
fn evening_attacks_on_a_prone_or_unconscious_target_depend_on_reach() {
    use lantern::rules::evening::{EveningCheck, EveningOutcome};
    for name in ["Prone", "Unconscious"] {
        let mut far = scene(RuleSystem::Evening);
        far.obstacle_cells.clear();
        condition(&mut far, TARGET, name);
        let base = CheckSetup::Evening(EveningCheck::default());
        let filled = attack(&far, &base);
        assert_eq!(
            levers(&filled, Source::Condition),
            vec![Lever::Harder],
            "{name}"
        );
        let check = evening_check(&filled);
        assert!(check.disadvantage && !check.advantage, "{name}");
        let hit = 1.0 - check.odds().probability(&EveningOutcome::Failure);
        assert!((hit - 0.25).abs() < 1e-12, "{name}: {hit}");

        let mut near = far.clone();
        adjacent(&mut near);
        // A melee attack: a ranged one in melee range would add its own disadvantage.
        let melee = ActionRequest {
            actor: Some(ATTACKER),
            targets: vec![TARGET],
            attack: true,
            melee: true,
            ..ActionRequest::default()
        };
        let filled = build(&near, &melee, &base);
        let mut expected = vec![Lever::Easier];
        if name == "Unconscious" {
            expected.push(Lever::CriticalOnHit);
        }
        assert_eq!(levers(&filled, Source::Condition), expected, "{name}");
        let check = evening_check(&filled);
        assert!(check.advantage && !check.disadvantage, "{name}");
        let hit = 1.0 - check.odds().probability(&EveningOutcome::Failure);
        assert!((hit - 0.75).abs() < 1e-12, "{name}: {hit}");
        // Unconscious also makes an adjacent attacker's hit critical ("Any attack from an
        // adjacent creature which hits it is a critical hit"); Prone does not.
        assert_eq!(check.critical_on_hit, name == "Unconscious", "{name}");
    }
}

/// Evening, Conditions, Petrified ("resistance to all damage") with Modifiers (resistant:
/// half damage) and "Just round down": 9 damage on a Petrified rating 1 threat (15 health) is
/// 4, leaving 11.
#[test]
fn evening_a_petrified_target_takes_half_damage_rounded_down() {
    use lantern::rules::evening::{
        EveningChange, EveningCheck, EveningRoll, EveningToken, ThreatProfile,
    };
    let mut e = scene(RuleSystem::Evening);
    let mut threat = EveningToken::default();
    let Ok(()) = threat.apply(&EveningChange::SetThreat(Some(ThreatProfile::default()))) else {
        panic!("a rating 1 threat is refused");
    };
    trackers(&mut e, TARGET, TokenTrackers::Evening(threat));
    condition(&mut e, TARGET, "Petrified");
    let filled = attack(&e, &CheckSetup::Evening(EveningCheck::default()));
    let check = evening_check(&filled);
    let hit = CheckOutcome::Evening(EveningRoll {
        dice: Vec::new(),
        natural: 19,
        total: 19,
        outcome: check.outcome(19),
        critical: false,
        thread_prompt: None,
    });
    let consequence = consequence(&e, &filled, &hit, 9, [1, 1, 1]);
    assert!(
        consequence.lines[0].contains("9 halves to 4"),
        "{:?}",
        consequence.lines
    );
    apply_all(&mut e, consequence.commands);
    let Some(TokenTrackers::Evening(t)) = e.sheet(TARGET) else {
        panic!("the target lost its trackers");
    };
    assert_eq!(t.health, 11);
}

/// Evening, Conditions, Paralyzed: "Any attack from an adjacent creature which hits it is a
/// critical hit", and Attack: a critical hit doubles the damage dice. By hand, +5 against
/// TN 10: from the next cell a natural 6 totals 11, beats 10, and is critical; a natural 5
/// totals 10, a tie, and misses. From 4 cells away a hit on 6 is a plain hit.
#[test]
fn evening_an_adjacent_hit_on_a_paralyzed_target_is_critical() {
    use lantern::rules::evening::EveningCheck;
    let mut e = scene(RuleSystem::Evening);
    e.obstacle_cells.clear();
    condition(&mut e, TARGET, "Paralyzed");
    let base = CheckSetup::Evening(EveningCheck {
        modifier: 5,
        ..EveningCheck::default()
    });
    let far = evening_check(&attack(&e, &base));
    assert!(!far.critical_on_hit && !far.critical(6) && far.critical(20));
    adjacent(&mut e);
    let filled = attack(&e, &base);
    assert_eq!(
        levers(&filled, Source::Condition),
        vec![Lever::CriticalOnHit]
    );
    let near = evening_check(&filled);
    assert!(near.critical(6) && !near.critical(5));
}

/// Evening, Conditions, Paralyzed: the creature "automatically fails Prowess or Finesse
/// defenses" and an adjacent hit on it is critical. A rating 1 threat next to a Paralyzed
/// character: the character's Reflex (Finesse) defence fails on every roll, so the attack
/// lands, and its 2d8 + 3 is rolled as 4d8 + 3 (7 to 35).
#[test]
fn evening_a_paralyzed_character_fails_its_defence_and_takes_a_critical() {
    use lantern::combat::action::default_amount;
    use lantern::rules::evening::{
        EveningChange, EveningCheck, EveningOutcome, EveningRoll, EveningToken, ThreatProfile,
    };
    let mut e = scene(RuleSystem::Evening);
    e.obstacle_cells.clear();
    adjacent(&mut e);
    let mut threat = EveningToken::default();
    let Ok(()) = threat.apply(&EveningChange::SetThreat(Some(ThreatProfile::default()))) else {
        panic!("a rating 1 threat is refused");
    };
    trackers(&mut e, ATTACKER, TokenTrackers::Evening(threat));
    let character = EveningToken {
        health: 40,
        max_health: 40,
        ..EveningToken::default()
    };
    trackers(&mut e, TARGET, TokenTrackers::Evening(character));
    condition(&mut e, TARGET, "Paralyzed");
    let filled = attack(&e, &CheckSetup::Evening(EveningCheck::default()));
    assert_eq!(filled.defender, Some(TARGET));
    let check = evening_check(&filled);
    assert!(check.fails_outright && check.critical_on_hit);
    assert!((check.odds().probability(&EveningOutcome::Failure) - 1.0).abs() < 1e-12);
    let landed = CheckOutcome::Evening(EveningRoll {
        dice: Vec::new(),
        natural: 20,
        total: 20,
        outcome: check.outcome(20),
        critical: false,
        thread_prompt: None,
    });
    assert_eq!(check.outcome(20), EveningOutcome::Failure);
    let mut amounts = Vec::new();
    for seed in 0..40 {
        let mut rng = lantern::dice::DiceRng::seeded(seed);
        amounts.push(default_amount(&e, &filled, &landed, 0, &mut rng));
    }
    assert!(amounts.iter().all(|a| (7..=35).contains(a)), "{amounts:?}");
    assert!(
        amounts.iter().any(|a| *a > 19),
        "4d8 + 3 reaches past 2d8 + 3"
    );
}

#[test]
fn road_and_ruin_solid_blow_strikes_through_steadfast() {
    use lantern::rules::road_and_ruin::{
        AttackDie, AttackFaces, AttackOutcome, AttackResult, AttackRoll, Blow, Pool, RrToken,
    };
    let mut e = scene(RuleSystem::RoadAndRuin);
    let mut target = RrToken::default();
    target.current[Pool::Health as usize] = 10;
    target.current[Pool::Steadfast as usize] = 3;
    // The armour the target wears is on its sheet; the attack reads it from there.
    target.armour = 3;
    trackers(&mut e, TARGET, TokenTrackers::RoadAndRuin(target));
    condition(&mut e, ATTACKER, "Distracted");
    condition(&mut e, TARGET, "Shaken");
    let base = CheckSetup::RoadAndRuinAttack(AttackRoll {
        die: AttackDie::D8,
        modifier: 1,
        ..AttackRoll::default()
    });
    let filled = attack(&e, &base);
    // Road and Ruin, BEHIND: cover lets the target Hide; it names no number for the attack.
    assert_eq!(levers(&filled, Source::Cover), vec![Lever::Note]);
    // Road and Ruin, Hastened time: Distracted worsens accuracy; on the To Hit die its one
    // point of difficulty is −1 to hit.
    assert_eq!(
        levers(&filled, Source::Condition),
        vec![Lever::RollModifier(-1)]
    );
    assert_eq!(levers(&filled, Source::Defense), vec![Lever::Armour(3)]);
    let CheckSetup::RoadAndRuinAttack(roll) = filled.setup() else {
        panic!("not an attack");
    };
    assert_eq!(filled.target_number(), Some(3));
    // Face 8 + 1 − 1 = 8 to hit; 8 − armour 3 = 5 ≥ 5: a Solid Blow on a d8; Special
    // 8 + 2 = 10 is under 12 (the attack table).
    let faces = AttackFaces {
        to_hit: 8,
        special: 2,
        ..AttackFaces::default()
    };
    let outcome = roll.resolve(&faces);
    assert_eq!(
        outcome,
        AttackOutcome::Hit {
            blow: Blow::Solid,
            special: 0
        }
    );
    let result = CheckOutcome::RoadAndRuinAttack(AttackResult {
        dice: Vec::new(),
        faces,
        outcome,
    });
    // A Solid Blow deals the weapon's full damage, 7; Road and Ruin, HEALTH: 6–8 on 3 SF
    // cost 3 SF and 3 Health.
    let commands = consequence(&e, &filled, &result, 7, [1, 1, 1]).commands;
    apply_all(&mut e, commands);
    let Some(TokenTrackers::RoadAndRuin(t)) = e.sheet(TARGET) else {
        panic!("the target lost its trackers");
    };
    assert_eq!((t.get(Pool::Steadfast), t.get(Pool::Health)), (0, 7));
}

#[test]
fn post_core_attack_under_cover_raises_risk_and_harms_an_exposed_target() {
    use lantern::rules::post_core::{ActionOutcome, ActionResult, ActionRoll, PostToken, Risk};
    let mut e = scene(RuleSystem::PostCore);
    let shooter = PostToken {
        attributes: [1, 3, 2],
        ..PostToken::default()
    };
    let target = PostToken {
        hp: 2,
        attributes: [2, 1, 1],
        ..PostToken::default()
    };
    trackers(&mut e, ATTACKER, TokenTrackers::PostCore(shooter));
    trackers(&mut e, TARGET, TokenTrackers::PostCore(target));
    condition(&mut e, ATTACKER, "Delirious");
    condition(&mut e, TARGET, "Exposed");
    // Post names no cover: the GM has turned on "Cover as a ruling" (issue 23, item 15).
    e.rulings.cover = true;
    let low = ActionRoll {
        risk: Risk::Low,
        ..ActionRoll::default()
    };
    let filled = attack(&e, &CheckSetup::PostCore(low));
    // The ruling: cover raises the risk one step.
    assert_eq!(levers(&filled, Source::Cover), vec![Lever::RiskUp]);
    let CheckSetup::PostCore(roll) = filled.setup() else {
        panic!("not an action roll");
    };
    // A ranged attack rolls DEX (3 dice); Low risk one step up is Mixed.
    assert_eq!((roll.pool(), roll.risk), (3, Risk::Mixed));
    assert!((odds_sum(&filled) - 1.0).abs() < 1e-9);
    // A 6: Full Success, Mixed Effect, score 2 (Post core, Effect and Consequence).
    let (effect, consequence_score) = roll.scores(ActionOutcome::FullSuccess);
    assert_eq!((effect, consequence_score), (2, 0));
    let result = CheckOutcome::PostCore(ActionResult {
        dice: Vec::new(),
        outcome: ActionOutcome::FullSuccess,
        effect,
        consequence: consequence_score,
    });
    let commands = consequence(&e, &filled, &result, i64::from(effect), [1, 1, 1]).commands;
    apply_all(&mut e, commands);
    let Some(TokenTrackers::PostCore(t)) = e.sheet(TARGET) else {
        panic!("the target lost its trackers");
    };
    // Exposed acts as at 0 HP: any harm goes below 0 and costs one STR; HP stays 2.
    assert_eq!((t.hp, t.attributes[0]), (2, 1));
}

#[test]
fn three_d6_attack_in_cover_counts_tier_escalation_and_one_disadvantage() {
    use lantern::rules::three_d6::{ThreeD6Check, ThreeD6Token, TierRelation};
    let mut e = scene(RuleSystem::ThreeD6);
    trackers(
        &mut e,
        ATTACKER,
        TokenTrackers::ThreeD6(ThreeD6Token {
            level: Some(4),
            ..ThreeD6Token::default()
        }),
    );
    trackers(
        &mut e,
        TARGET,
        TokenTrackers::ThreeD6(ThreeD6Token {
            level: Some(1),
            ..ThreeD6Token::default()
        }),
    );
    e.combat.trackers.encounter.three_d6.escalation = 2;
    // 3d6 names no cover: the GM has turned on "Cover as a ruling" (issue 23, item 15).
    e.rulings.cover = true;
    let filled = attack(&e, &CheckSetup::ThreeD6(ThreeD6Check::default()));
    // The ruling: one Disadvantage under cover.
    assert_eq!(levers(&filled, Source::Cover), vec![Lever::Harder]);
    // Level 4 is tier 2, level 1 tier 1: a lower tier gives 1 Advantage.
    assert_eq!(
        levers(&filled, Source::Defense),
        vec![Lever::Tier(TierRelation::Below)]
    );
    // Escalation applies to PC rolls that trigger combat abilities.
    assert_eq!(
        levers(&filled, Source::Escalation),
        vec![Lever::Escalation(2)]
    );
    let CheckSetup::ThreeD6(check) = filled.setup() else {
        panic!("not a 3d6 check");
    };
    // One Advantage (tier) and one Disadvantage (cover) cancel; Total gets +2.
    assert_eq!(check.net_edge(), 0);
    assert!(check.add_escalation && check.escalation == 2);
    assert!((odds_sum(&filled) - 1.0).abs() < 1e-9);
}

#[test]
fn no_line_of_sight_refuses_the_attack_and_melee_needs_an_adjacent_cell() {
    let mut e = scene(RuleSystem::GoForthHeroes);
    // A wall across the whole gap between them.
    let id = e.fresh_wall_id();
    e.walls.push(lantern::model::Wall {
        id,
        a: lantern::model::GridPoint::new(3.0, -5.0),
        b: lantern::model::GridPoint::new(3.0, 5.0),
        kind: lantern::model::WallKind::Wall,
    });
    let base = lantern::rules::system(RuleSystem::GoForthHeroes).default_check();
    let filled = attack(&e, &base);
    assert_eq!(
        filled.line_of_sight,
        Some(lantern::board::VerdictKind::NoSight)
    );
    assert!(filled.refused.is_some());
    let melee = ActionRequest {
        actor: Some(ATTACKER),
        targets: vec![TARGET],
        attack: true,
        melee: true,
        ..ActionRequest::default()
    };
    let open = scene(RuleSystem::GoForthHeroes);
    let filled = build(&open, &melee, &base);
    let refused = filled.refused.unwrap_or_default();
    assert!(refused.contains("out of melee reach"), "{refused}");
}

/// GFH, Grid Play: Engaged is "adjacent". A target on the diagonal square next to the
/// attacker is adjacent even when diagonals are measured as Euclidean (√2 cells between
/// centres): melee reaches it, and an attack picked on the map starts as melee.
#[test]
fn melee_reaches_a_diagonal_neighbour_under_euclidean_diagonals() {
    let mut e = Encounter::new("diagonal", RuleSystem::GoForthHeroes);
    e.map.diagonal = lantern::model::DiagonalRule::Euclidean;
    e.tokens
        .push(Token::new(ATTACKER, "Ash", Side::Party, Cell::new(0, 0)));
    e.tokens
        .push(Token::new(TARGET, "Brute", Side::Enemy, Cell::new(1, 1)));
    let request = lantern::combat::action::request_for(&e, Some(ATTACKER), TARGET, true);
    assert!(request.melee);
    let base = lantern::rules::system(RuleSystem::GoForthHeroes).default_check();
    let filled = build(&e, &request, &base);
    assert_eq!(filled.refused, None);
}

#[test]
fn a_cleared_contribution_leaves_the_check() {
    let e = scene(RuleSystem::GoForthHeroes);
    let base = lantern::rules::system(RuleSystem::GoForthHeroes).default_check();
    let mut filled = attack(&e, &base);
    let Some(cover) = filled
        .contributions
        .iter()
        .find(|c| c.source == Source::Cover)
    else {
        panic!("no cover line");
    };
    let off = std::collections::BTreeSet::from([cover.text.clone()]);
    filled.switch_off(&off);
    let CheckSetup::GoForthHeroes(check) = filled.setup() else {
        panic!("not a GFH check");
    };
    assert!(!check.hard);
}

#[test]
fn gfh_encounter_tn_is_rolled_once_for_the_scene_and_kept() {
    use lantern::combat::action::rolled_scene_tn;
    use lantern::rules::go_forth_heroes::{GfhCheck, GfhEncounterChange, Target, TnTier};
    use lantern::rules::{EncounterChange, TrackerCommand};
    let mut e = scene(RuleSystem::GoForthHeroes);
    let base = CheckSetup::GoForthHeroes(GfhCheck {
        target: Target::Tier(TnTier::Common),
        ..GfhCheck::default()
    });
    let request = ActionRequest {
        actor: Some(ATTACKER),
        ..ActionRequest::default()
    };
    let first = build(&e, &request, &base);
    let setup = first.setup();
    // Nothing rolled yet: the odds average over the tier.
    assert!(levers(&first, Source::Defense).is_empty());
    let outcome = setup.roll(&mut lantern::dice::DiceRng::seeded(3));
    let Some(kept) = rolled_scene_tn(&setup, &outcome) else {
        panic!("a tier check rolls its TN");
    };
    // GFH, Encounter Target Numbers: Common is 10 + 1d6.
    assert!((11..=16).contains(&kept.tn), "{}", kept.tn);
    let keep = TrackerCommand::Encounter(EncounterChange::GoForthHeroes(
        GfhEncounterChange::SetSceneTn(Some(kept)),
    ));
    let Ok(_) = apply(&mut e, lantern::model::Command::Tracker(keep)) else {
        panic!("keeping the scene TN was refused");
    };
    let next = build(&e, &request, &base);
    assert_eq!(
        levers(&next, Source::Defense),
        vec![Lever::TargetNumber(kept.tn)]
    );
    assert_eq!(next.target_number(), Some(kept.tn));
    // A file from before the scene TN existed still loads, with none kept.
    let Ok(mut old) = serde_json::to_value(lantern::rules::EncounterTrackers::default()) else {
        panic!("trackers serialise");
    };
    if let Some(map) = old.as_object_mut() {
        map.remove("go_forth_heroes");
    }
    let parsed: Result<lantern::rules::EncounterTrackers, _> = serde_json::from_value(old);
    let Ok(parsed) = parsed else {
        panic!("an older file's trackers no longer load");
    };
    assert_eq!(parsed.go_forth_heroes.scene_tn, None);
}

#[test]
fn an_attack_spends_the_heros_increase_defense_and_the_tn_counted_it() {
    use lantern::combat::action::attack_spends;
    use lantern::rules::go_forth_heroes::{Attributes, GfhCheck, GfhToken};
    let mut e = scene(RuleSystem::GoForthHeroes);
    let hero = GfhToken {
        attributes: Attributes {
            might: 1,
            agility: 1,
            ..Attributes::default()
        },
        ..GfhToken::default()
    };
    trackers(&mut e, TARGET, TokenTrackers::GoForthHeroes(hero));
    let mut pool = MomentumPool::with_size(2);
    pool.dice[0].zone = Zone::Power;
    let Ok(()) = pool.increase_defense(0, 4, 1) else {
        panic!("Increase Defense refused");
    };
    e.combat.momentum.insert(TARGET, pool);
    let filled = attack(&e, &CheckSetup::GoForthHeroes(GfhCheck::default()));
    // GFH, Defenses: Body 10 + 1 + 1 = 12, Increase Defense +4 → 16.
    assert_eq!(
        levers(&filled, Source::Defense),
        vec![Lever::TargetNumber(16)]
    );
    let Some(spend) = attack_spends(&e, &filled) else {
        panic!("the attack spends nothing");
    };
    apply_all(&mut e, vec![spend]);
    // Until attacked: the die goes to Fatigue and the bonus is gone.
    let pool = &e.combat.momentum[&TARGET];
    assert_eq!((pool.defense_bonus(), pool.count(Zone::Fatigue)), (0, 1));
}

#[test]
fn a_hit_on_a_hero_with_every_die_in_fatigue_is_a_beat_that_knocks_it_out() {
    use lantern::rules::go_forth_heroes::{Defense, GfhCheck, GfhToken};
    let mut e = scene(RuleSystem::GoForthHeroes);
    trackers(
        &mut e,
        TARGET,
        TokenTrackers::GoForthHeroes(GfhToken::default()),
    );
    let mut pool = MomentumPool::with_size(1);
    pool.dice[0].zone = Zone::Fatigue;
    e.combat.momentum.insert(TARGET, pool);
    let filled = attack(&e, &CheckSetup::GoForthHeroes(GfhCheck::default()));
    let CheckSetup::GoForthHeroes(check) = filled.setup() else {
        panic!("not a GFH check");
    };
    let roll = check.resolve(20, 3, None, 10);
    let outcome = CheckOutcome::GoForthHeroes(roll);
    let applied = consequence(&e, &filled, &outcome, 3, [12, 2, 1]);
    assert!(
        applied.lines.iter().any(|l| l.contains("Beat")),
        "{:?}",
        applied.lines
    );
    apply_all(&mut e, applied.commands);
    // GFH, Hits & Beats: the Beat knocks the hero out with a Wound from the Defense attacked
    // (Body) and the chart's d8 (2).
    let Some(TokenTrackers::GoForthHeroes(t)) = e.sheet(TARGET) else {
        panic!("the target lost its trackers");
    };
    assert_eq!(t.wounds.len(), 1);
    assert_eq!(
        (t.wounds[0].defense, t.wounds[0].effect_roll),
        (Defense::Body, 2)
    );
}
