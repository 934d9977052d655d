//! Attacks from a sheet: the builder fills the check from the chosen attack (its reach or
//! range, its die, its bonuses) and Apply uses its damage; a number a sheet lacks is listed as a
//! stand-in. Every expected number is worked out by hand from the rule text named in the test.

use lantern::combat::action::{
    ActionRequest, FilledCheck, Lever, SheetSpot, Source, attacks_of, build, consequence,
    default_base, request_for,
};
use lantern::edit::apply;
use lantern::model::trackers::attack::{Attack, AttackRange};
use lantern::model::{Cell, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::{CheckOutcome, CheckSetup, TokenTrackers};

const ASH: TokenId = TokenId(1);
const BRUTE: TokenId = TokenId(2);

/// Ash at (0,0) and Brute `distance` cells east, in the open.
fn scene(system: RuleSystem, distance: i32) -> Encounter {
    let mut e = Encounter::new("attacks", system);
    e.tokens
        .push(Token::new(ASH, "Ash", Side::Party, Cell::new(0, 0)));
    e.tokens.push(Token::new(
        BRUTE,
        "Brute",
        Side::Enemy,
        Cell::new(distance, 0),
    ));
    e
}

fn give(e: &mut Encounter, token: TokenId, sheet: TokenTrackers) {
    e.combat.trackers.insert(token, sheet);
}

fn attack_with(e: &Encounter, weapon: usize) -> FilledCheck {
    let request = ActionRequest {
        actor: Some(ASH),
        targets: vec![BRUTE],
        attack: true,
        weapon: Some(weapon),
        ..ActionRequest::default()
    };
    build(e, &request, &default_base(e.system, true))
}

fn weapon_levers(filled: &FilledCheck) -> Vec<Lever> {
    filled
        .contributions
        .iter()
        .filter(|c| c.source == Source::Weapon)
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

fn ranged(short_cells: u32, long_cells: u32) -> AttackRange {
    AttackRange::Ranged {
        short_cells,
        long_cells,
    }
}

/// GFH, Roll vs Effort Bonus: Finesse 3 with one point shifted to Effort is +2 Roll, +4 Effort;
/// the worked example's ranged weapon rolls a d8 Effort die (GFH, Effort example). A target past
/// the weapon's range is refused; within it, the check carries both.
#[test]
fn gfh_shortbow_carries_its_split_bonus_and_d8_and_refuses_past_its_range() {
    use lantern::rules::go_forth_heroes::{
        Attribute, Attributes, GfhAttack, GfhAttackNumbers, GfhToken,
    };
    let mut e = scene(RuleSystem::GoForthHeroes, 8);
    let mut shift = [0; 8];
    shift[2] = 1; // Finesse, third in Attribute::ALL.
    let bow = GfhAttack::new(
        "Shortbow",
        ranged(12, 12),
        GfhAttackNumbers {
            attribute: Attribute::Finesse,
            effort_die: 8,
        },
    );
    give(
        &mut e,
        ASH,
        TokenTrackers::GoForthHeroes(GfhToken {
            attributes: Attributes {
                finesse: 3,
                ..Attributes::default()
            },
            effort_shift: shift,
            attacks: vec![bow],
            ..GfhToken::default()
        }),
    );
    let filled = attack_with(&e, 0);
    assert_eq!(
        weapon_levers(&filled),
        [
            Lever::RollAndEffort { roll: 2, effort: 4 },
            Lever::EffortDie(8)
        ]
    );
    let CheckSetup::GoForthHeroes(c) = filled.setup() else {
        panic!("not GFH");
    };
    assert_eq!((c.roll_bonus, c.effort_bonus, c.effort_die), (2, 4, 8));
    assert_eq!(filled.refused, None);
    e.tokens[1].cell = Cell::new(13, 0);
    assert_eq!(
        attack_with(&e, 0).refused.as_deref(),
        Some("out of range: 13 cells, range 12")
    );
}

/// Evening, Attack and Modifiers: an attack adds one ability, one attribute and the aptitude
/// bonus; level 5 has +3 (Character progression). Prowess 2 + Body 1 + 3 = +6. Range: 8 squares
/// is past a short range of 5, so long range, disadvantage. A hit rolls the weapon's damage.
#[test]
fn evening_longbow_adds_ability_attribute_and_aptitude_and_long_range_is_disadvantage() {
    use lantern::rules::evening::{
        DamageDice, EveningAbilities, EveningAbility, EveningAttack, EveningAttackNumbers,
        EveningAttribute, EveningToken, ThreatProfile,
    };
    let mut e = scene(RuleSystem::Evening, 8);
    let bow = EveningAttack::new(
        "Longbow",
        ranged(5, 20),
        EveningAttackNumbers {
            ability: EveningAbility::Prowess,
            attribute: EveningAttribute::Body,
            aptitude: true,
            damage: DamageDice {
                count: 1,
                sides: 8,
                bonus: 2,
            },
            damage_type: None,
        },
    );
    give(
        &mut e,
        ASH,
        TokenTrackers::Evening(EveningToken {
            abilities: EveningAbilities {
                prowess: 2,
                body: 1,
                ..EveningAbilities::default()
            },
            level: 5,
            attacks: vec![bow],
            max_health: 20,
            health: 20,
            ..EveningToken::default()
        }),
    );
    // A rating 1 threat: TN 14, 15 health (Evening, Threat Rating).
    let threat = ThreatProfile {
        rating: 1,
        traits: Vec::new(),
    };
    give(
        &mut e,
        BRUTE,
        TokenTrackers::Evening(EveningToken {
            max_health: 15,
            health: 15,
            threat: Some(threat),
            ..EveningToken::default()
        }),
    );
    let filled = attack_with(&e, 0);
    assert!(filled.stand_ins.is_empty(), "{:?}", filled.stand_ins);
    let CheckSetup::Evening(check) = filled.setup() else {
        panic!("not Evening");
    };
    assert_eq!(
        (check.modifier(), check.tn(), check.disadvantage),
        (6, 14, true)
    );
    // A natural 11 (disadvantage kept the lower of two) + 6 = 17 beats TN 14: a hit; the
    // Longbow's 1d8+2, here 7, comes off Brute's 15 health.
    let outcome = CheckOutcome::Evening(lantern::rules::evening::EveningRoll {
        dice: Vec::new(),
        natural: 11,
        total: 17,
        outcome: check.outcome(11),
        critical: false,
        thread_prompt: None,
    });
    let apply_it = consequence(&e, &filled, &outcome, 7, [1, 1, 1]);
    apply_all(&mut e, apply_it.commands);
    let Some(TokenTrackers::Evening(brute)) = e.sheet(BRUTE) else {
        panic!("Brute lost its sheet");
    };
    assert_eq!(brute.health, 8);
}

/// Road and Ruin, COMBAT: a chopping axe rolls the d10; proficiency adds to the To Hit. A Solid
/// Blow deals the weapon's full damage, which strikes through Steadfast (HEALTH).
#[test]
fn road_and_ruin_axe_rolls_its_d10_with_proficiency_and_its_damage_lands() {
    use lantern::rules::road_and_ruin::{AttackDie, Pool, RrAttack, RrAttackNumbers, RrToken};
    let mut e = scene(RuleSystem::RoadAndRuin, 1);
    let axe = RrAttack::new(
        "Axe",
        AttackRange::ADJACENT,
        RrAttackNumbers {
            die: AttackDie::D10,
            proficiency: 2,
            damage: 5,
        },
    );
    give(
        &mut e,
        ASH,
        TokenTrackers::RoadAndRuin(RrToken {
            attacks: vec![axe],
            ..RrToken::default()
        }),
    );
    let mut brute = RrToken {
        armour: 1,
        ..RrToken::default()
    };
    brute.max[Pool::Health as usize] = 10;
    brute.current[Pool::Health as usize] = 10;
    brute.max[Pool::Steadfast as usize] = 3;
    brute.current[Pool::Steadfast as usize] = 3;
    give(&mut e, BRUTE, TokenTrackers::RoadAndRuin(brute));
    let filled = attack_with(&e, 0);
    assert!(filled.stand_ins.is_empty(), "{:?}", filled.stand_ins);
    let CheckSetup::RoadAndRuinAttack(roll) = filled.setup() else {
        panic!("not an attack roll");
    };
    assert_eq!(
        (roll.die, roll.modifier, roll.armour),
        (AttackDie::D10, 2, 1)
    );
    // 5 striking 3 Steadfast: each point of Steadfast turns a multiple away — 3 Steadfast lost
    // reach 3 of the 5, the remaining 2 are below the multiple of 3, so Health keeps its 10
    // (HEALTH: "struck with 4 or 5 damage, it would only lose 3SF").
    // Face 7 + 2 = 9 to hit, − armour 1 = 8 ≥ 6: a Solid Blow on a d10 (the attack table).
    let faces = lantern::rules::road_and_ruin::AttackFaces {
        to_hit: 7,
        special: 1,
        ..lantern::rules::road_and_ruin::AttackFaces::default()
    };
    let outcome = roll.resolve(&faces);
    let result = CheckOutcome::RoadAndRuinAttack(lantern::rules::road_and_ruin::AttackResult {
        dice: Vec::new(),
        faces,
        outcome,
    });
    let mut rng = lantern::dice::DiceRng::seeded(1);
    // The Axe's damage, not the pane's stand-in: a Solid Blow deals the full 5.
    let damage = lantern::combat::action::default_amount(&e, &filled, &result, 99, &mut rng);
    assert_eq!(damage, 5);
    let lands = consequence(&e, &filled, &result, damage, [1, 1, 1]);
    apply_all(&mut e, lands.commands);
    let Some(TokenTrackers::RoadAndRuin(brute)) = e.sheet(BRUTE) else {
        panic!("Brute lost its sheet");
    };
    assert_eq!(
        (brute.get(Pool::Steadfast), brute.get(Pool::Health)),
        (0, 10)
    );
}

/// Post, Action roll and Equipment: the attribute's score is the pool, and assistive equipment
/// raises the effect by one.
#[test]
fn post_knife_rolls_dex_and_counts_as_assistive() {
    use lantern::rules::post_core::{Attribute, PostAttack, PostAttackNumbers, PostToken};
    let mut e = scene(RuleSystem::PostCore, 1);
    let knife = PostAttack::new(
        "Knife",
        AttackRange::ADJACENT,
        PostAttackNumbers {
            attribute: Attribute::Dex,
            assistive: true,
        },
    );
    give(
        &mut e,
        ASH,
        TokenTrackers::PostCore(PostToken {
            attributes: [1, 3, 0],
            base_attributes: [1, 3, 0],
            attacks: vec![knife],
            ..PostToken::default()
        }),
    );
    give(&mut e, BRUTE, TokenTrackers::PostCore(PostToken::default()));
    let filled = attack_with(&e, 0);
    let CheckSetup::PostCore(c) = filled.setup() else {
        panic!("not Post");
    };
    assert_eq!((c.attribute, c.assistive), (3, true));
    assert!(filled.stand_ins.is_empty(), "{:?}", filled.stand_ins);
}

/// 3d6, Effect and Step Up: an attack reading the High die stepped up once adds 1 to it; with
/// dice [4, 1, 6] that is 7 harm, marked on the target (Lantern's tally, the text keeps no
/// health track).
#[test]
fn three_d6_harm_reads_the_attacks_die_and_is_marked_on_the_target() {
    use lantern::rules::three_d6::{EffectDie, ThreeD6Attack, ThreeD6AttackNumbers, ThreeD6Token};
    let mut e = scene(RuleSystem::ThreeD6, 1);
    let maul = ThreeD6Attack::new(
        "Maul",
        AttackRange::ADJACENT,
        ThreeD6AttackNumbers {
            die: EffectDie::High,
            steps: 1,
            halved: false,
        },
    );
    let level = |l| ThreeD6Token {
        level: l,
        ..ThreeD6Token::default()
    };
    give(
        &mut e,
        ASH,
        TokenTrackers::ThreeD6(ThreeD6Token {
            attacks: vec![maul],
            ..level(Some(2))
        }),
    );
    give(&mut e, BRUTE, TokenTrackers::ThreeD6(level(Some(2))));
    let filled = attack_with(&e, 0);
    let CheckSetup::ThreeD6(_) = filled.setup() else {
        panic!("not 3d6");
    };
    // Level 2 against level 2: tier 1 each (3d6, Level, Tier), so no Advantage — but the line
    // is there, so the GM sees the tier was weighed.
    assert!(
        filled
            .contributions
            .iter()
            .any(|c| c.text == "tier 1 against tier 1"
                && c.lever.effect(&filled.base) == "same tier")
    );
    let outcome = CheckOutcome::ThreeD6(lantern::rules::three_d6::ThreeD6Roll {
        dice: Vec::new(),
        effect: lantern::rules::three_d6::EffectDice::from_kept(&[4, 1, 6]),
        total: 11,
        band: lantern::rules::three_d6::ResolutionBand::for_total(11),
    });
    let mut rng = lantern::dice::DiceRng::seeded(1);
    let harm = lantern::combat::action::default_amount(&e, &filled, &outcome, 0, &mut rng);
    assert_eq!(harm, 7);
    let lands = consequence(&e, &filled, &outcome, harm, [1, 1, 1]);
    apply_all(&mut e, lands.commands);
    let Some(TokenTrackers::ThreeD6(brute)) = e.sheet(BRUTE) else {
        panic!("Brute lost its sheet");
    };
    assert_eq!(brute.harm_taken, 7);
}

/// A melee attack reaches only as far as its reach; a reach-2 spear reaches 2 cells, a plain
/// weapon 1 (Evening, Reach).
#[test]
fn a_melee_attack_reaches_only_its_reach() {
    use lantern::rules::go_forth_heroes::{Attribute, GfhAttack, GfhAttackNumbers, GfhToken};
    let mut e = scene(RuleSystem::GoForthHeroes, 2);
    let numbers = GfhAttackNumbers {
        attribute: Attribute::Might,
        effort_die: 6,
    };
    give(
        &mut e,
        ASH,
        TokenTrackers::GoForthHeroes(GfhToken {
            attacks: vec![
                GfhAttack::new("Sword", AttackRange::ADJACENT, numbers),
                GfhAttack::new("Spear", AttackRange::Melee { reach_cells: 2 }, numbers),
            ],
            ..GfhToken::default()
        }),
    );
    assert_eq!(
        attack_with(&e, 0).refused.as_deref(),
        Some("out of melee reach: 2 cells, reach 1")
    );
    assert_eq!(attack_with(&e, 1).refused, None);
    // The action picked on the map starts with the attack that reaches: the Spear.
    let request = request_for(&e, Some(ASH), BRUTE, true);
    assert_eq!(request.weapon, Some(1));
    assert_eq!(attacks_of(&e, ASH).len(), 2);
}

/// Stand-ins: a GFH target with no sheet has its Body Defense stood in by the form's TN, and an
/// actor whose sheet lists no attack has its Effort die stood in; both say where to fix them.
#[test]
fn missing_numbers_are_listed_with_what_stood_in() {
    use lantern::rules::go_forth_heroes::GfhToken;
    let mut e = scene(RuleSystem::GoForthHeroes, 1);
    give(
        &mut e,
        ASH,
        TokenTrackers::GoForthHeroes(GfhToken::default()),
    );
    let request = ActionRequest {
        actor: Some(ASH),
        targets: vec![BRUTE],
        attack: true,
        ..ActionRequest::default()
    };
    let filled = build(&e, &request, &default_base(e.system, true));
    let texts: Vec<&str> = filled.stand_ins.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Ash has no attack in Go Forth: Heroes: a d6 Effort die stands in",
            "Brute has no Body Defense in Go Forth: Heroes: TN 12 stands in",
        ]
    );
    assert_eq!(filled.stand_ins[0].at, SheetSpot::Attacks);
    assert_eq!(
        (filled.stand_ins[1].token, filled.stand_ins[1].at),
        (BRUTE, SheetSpot::Sheet)
    );
    // With its sheet, Brute's Body Defense is 10 + Might + Agility = 10 (GFH, Defenses).
    give(
        &mut e,
        BRUTE,
        TokenTrackers::GoForthHeroes(GfhToken::default()),
    );
    let filled = build(&e, &request, &default_base(e.system, true));
    assert_eq!(filled.stand_ins.len(), 1);
    assert_eq!(filled.target_number(), Some(10));
}

/// A sheet's attacks are checked when they are set: a d7 Effort die is refused with its reason,
/// and the sheet keeps its old list.
#[test]
fn an_impossible_attack_is_refused_and_the_sheet_keeps_its_list() {
    use lantern::model::Command;
    use lantern::rules::go_forth_heroes::{Attribute, GfhAttackNumbers, GfhChange, GfhToken};
    use lantern::rules::{TokenChange, TrackerCommand};
    let mut e = scene(RuleSystem::GoForthHeroes, 1);
    give(
        &mut e,
        ASH,
        TokenTrackers::GoForthHeroes(GfhToken::default()),
    );
    let odd = Attack::new(
        "Odd",
        AttackRange::ADJACENT,
        GfhAttackNumbers {
            attribute: Attribute::Might,
            effort_die: 7,
        },
    );
    let before = e.clone();
    let set = Command::Tracker(TrackerCommand::Token {
        token: ASH,
        change: TokenChange::GoForthHeroes(GfhChange::SetAttacks(vec![odd])),
    });
    let Err(err) = apply(&mut e, set) else {
        panic!("a d7 Effort die was kept");
    };
    assert!(err.to_string().contains("d7"), "{err}");
    assert_eq!(e, before);
}
