//! Evening as `evening-core.txt` writes it: falling to zero, ranged attacks and sight, obscured
//! areas, squeezing, Prone, reserves and exhaustion. Each test names the section it follows and
//! works its numbers out by hand from the text.

use lantern::board::{Gait, Scene};
use lantern::combat::action::{ActionRequest, FilledCheck, Lever, Source, build, consequence};
use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::health::{evening_change, long_rest, short_rest};
use lantern::combat::initiative::{Combatant, EconomyPart, Mode};
use lantern::combat::turn_move::{StandUpError, gait, movement_left, stand_up};
use lantern::combat::wounds::token_speed;
use lantern::dice::DiceRng;
use lantern::edit::Document;
use lantern::model::trackers::attack::AttackRange;
use lantern::model::{
    Ambient, Cell, Command, Encounter, GridPoint, RuleSystem, Senses, Side, SizeCategory, Token,
    TokenId, Wall, WallId, WallKind,
};
use lantern::rules::evening::{
    DamageDice, EveningAbility, EveningAttack, EveningAttackNumbers, EveningAttribute,
    EveningChange, EveningCheck, EveningRoll, EveningToken, Reserve, ReserveRoll, ThreatProfile,
    exhaustion_summary,
};
use lantern::rules::{CheckOutcome, CheckSetup, TokenTrackers};

const ASH: TokenId = TokenId(1);
const BRUTE: TokenId = TokenId(2);

fn encounter() -> Encounter {
    let mut e = Encounter::new("evening", RuleSystem::Evening);
    e.tokens
        .push(Token::new(ASH, "Ash", Side::Party, Cell::new(0, 0)));
    e.tokens
        .push(Token::new(BRUTE, "Brute", Side::Enemy, Cell::new(1, 0)));
    e
}

fn character(health: u32, max: u32) -> TokenTrackers {
    TokenTrackers::Evening(EveningToken {
        health,
        max_health: max,
        ..EveningToken::default()
    })
}

fn threat() -> TokenTrackers {
    let mut t = EveningToken::default();
    let Ok(()) = t.apply(&EveningChange::SetThreat(Some(ThreatProfile::default()))) else {
        panic!("a rating 1 threat is refused");
    };
    TokenTrackers::Evening(t)
}

fn sheet(e: &Encounter, id: TokenId) -> EveningToken {
    let Some(TokenTrackers::Evening(t)) = e.sheet(id) else {
        panic!("no Evening sheet");
    };
    t.clone()
}

fn conditions_on(e: &Encounter, id: TokenId) -> Vec<String> {
    e.combat
        .conditions
        .iter()
        .filter(|c| c.token == id)
        .map(|c| c.name.clone())
        .collect()
}

fn condition(e: &mut Encounter, token: TokenId, name: &str) {
    e.combat.conditions.push(ActiveCondition {
        token,
        name: name.into(),
        duration: Duration::UntilRemoved,
    });
}

fn hit(natural: u32) -> CheckOutcome {
    let check = EveningCheck {
        attack: true,
        ..EveningCheck::default()
    };
    CheckOutcome::Evening(EveningRoll {
        dice: Vec::new(),
        natural,
        total: i64::from(natural),
        outcome: check.outcome(natural),
        critical: false,
        thread_prompt: None,
    })
}

fn attack_request(melee: bool, weapon: Option<usize>) -> ActionRequest {
    ActionRequest {
        actor: Some(ASH),
        targets: vec![BRUTE],
        attack: true,
        melee,
        weapon,
        ..ActionRequest::default()
    }
}

fn evening_base() -> CheckSetup {
    CheckSetup::Evening(EveningCheck::default())
}

fn lines(filled: &FilledCheck, source: Source) -> Vec<(String, Lever)> {
    filled
        .contributions
        .iter()
        .filter(|c| c.source == source)
        .map(|c| (c.text.clone(), c.lever))
        .collect()
}

fn setup(filled: &FilledCheck) -> EveningCheck {
    let CheckSetup::Evening(c) = filled.setup() else {
        panic!("not an Evening check");
    };
    c
}

fn start_initiative(doc: &mut Document, order: &[TokenId]) {
    let combatants = order.iter().map(|t| Combatant::new(*t)).collect();
    let Ok(()) = doc.apply(Command::Combat(CombatCommand::StartInitiative {
        mode: Mode::Rolled,
        combatants,
        surprise_round: false,
        pick: None,
    })) else {
        panic!("initiative refused");
    };
}

// ---- 1. Falling to zero -------------------------------------------------------------------

/// Evening, Damage & Health, Falling to zero: "Whenever you drop to 0 health, you are knocked
/// unconscious"; Conditions, Unconscious: the creature "falls prone". Brute (5 of 12 health)
/// takes a 7-damage hit: 5 − 7 leaves 0 (health can't go below it), and 7 is under its total
/// health of 12, so it is not killed outright (Death: Killed outright). Apply puts Unconscious
/// and Prone on it in the roll's step; one undo takes back damage and both conditions.
#[test]
fn falling_to_zero_knocks_out_and_lays_prone_in_one_undo_step() {
    let mut e = encounter();
    e.combat.trackers.insert(ASH, character(12, 12));
    e.combat.trackers.insert(BRUTE, character(5, 12));
    let filled = build(&e, &attack_request(true, None), &evening_base());
    let apply = consequence(&e, &filled, &hit(15), 7, [1, 1, 1]);
    assert!(
        apply.lines[0].ends_with("down at 0, Unconscious and Prone"),
        "{:?}",
        apply.lines
    );
    let mut doc = Document::new(e, None);
    let Ok(()) = doc.apply(Command::Batch(apply.commands)) else {
        panic!("Apply was refused");
    };
    assert_eq!(sheet(&doc.encounter, BRUTE).health, 0);
    assert_eq!(
        conditions_on(&doc.encounter, BRUTE),
        ["Unconscious", "Prone"]
    );
    let Ok(_) = doc.undo() else {
        panic!("undo refused")
    };
    assert_eq!(sheet(&doc.encounter, BRUTE).health, 5);
    assert!(conditions_on(&doc.encounter, BRUTE).is_empty());
}

/// Evening, Death: "If your character takes enough damage from a single source that meets or
/// exceeds your total health, they are killed outright" — 12 damage on 12 total health is
/// death, not unconsciousness; and damage to a creature already at 0 is no new fall.
#[test]
fn killed_outright_is_no_fall_and_a_second_hit_at_zero_adds_nothing() {
    let mut e = encounter();
    e.combat.trackers.insert(BRUTE, character(12, 12));
    let dead = evening_change(&e, BRUTE, EveningChange::Damage(12)).unwrap();
    assert!(dead.after.is_dead() && !dead.falls);
    assert_eq!(dead.commands.len(), 1);
    e.combat.trackers.insert(BRUTE, character(0, 12));
    condition(&mut e, BRUTE, "Unconscious");
    let again = evening_change(&e, BRUTE, EveningChange::Damage(3)).unwrap();
    assert!(!again.falls && again.commands.len() == 1);
}

/// Evening, Healing and Death: healing lifts the creature off 0 health, and the knocked-out
/// state ends with it; Prone stays (it fell; Get up costs 2 speed). Stabilize: "their health
/// stays at 0 and they stay unconscious". Death saves: a 20 means "you awaken with 1 health".
#[test]
fn healing_wakes_stabilizing_does_not_and_a_twenty_wakes() {
    let mut e = encounter();
    e.combat.trackers.insert(ASH, character(12, 12));
    e.combat.trackers.insert(BRUTE, character(4, 12));
    let mut doc = Document::new(e, None);
    start_initiative(&mut doc, &[BRUTE, ASH]);
    let fall = evening_change(&doc.encounter, BRUTE, EveningChange::Damage(4)).unwrap();
    doc.apply(Command::Batch(fall.commands)).unwrap();
    assert_eq!(
        conditions_on(&doc.encounter, BRUTE),
        ["Unconscious", "Prone"]
    );

    // First aid: stable, still at 0 and unconscious.
    doc.apply(Command::Combat(CombatCommand::Stabilize { token: BRUTE }))
        .unwrap();
    assert_eq!(sheet(&doc.encounter, BRUTE).health, 0);
    assert!(conditions_on(&doc.encounter, BRUTE).contains(&"Unconscious".to_owned()));

    // Healing 3: 0 + 3 = 3 health, awake, still prone.
    let heal = evening_change(&doc.encounter, BRUTE, EveningChange::Heal(3)).unwrap();
    assert!(heal.wakes);
    doc.apply(Command::Batch(heal.commands)).unwrap();
    assert_eq!(sheet(&doc.encounter, BRUTE).health, 3);
    assert_eq!(conditions_on(&doc.encounter, BRUTE), ["Prone"]);
    doc.undo().unwrap();
    assert_eq!(
        conditions_on(&doc.encounter, BRUTE),
        ["Unconscious", "Prone"]
    );

    // A fresh fall, then a natural 20 on the death save on Brute's turn: awake at 1.
    let mut e = doc.encounter.clone();
    e.combat.death_saves.clear();
    let mut doc = Document::new(e, None);
    doc.apply(Command::Combat(CombatCommand::DeathSave {
        token: BRUTE,
        d20: 20,
    }))
    .unwrap();
    assert_eq!(sheet(&doc.encounter, BRUTE).health, 1);
    assert_eq!(conditions_on(&doc.encounter, BRUTE), ["Prone"]);
}

// ---- 2. Ranged attacks --------------------------------------------------------------------

fn archer(e: &mut Encounter, short_cells: u32, long_cells: u32) {
    let bow = EveningAttack::new(
        "Bow",
        AttackRange::Ranged {
            short_cells,
            long_cells,
        },
        EveningAttackNumbers {
            ability: EveningAbility::Finesse,
            attribute: EveningAttribute::Body,
            aptitude: false,
            damage: DamageDice {
                count: 1,
                sides: 6,
                bonus: 0,
            },
            damage_type: None,
        },
    );
    e.combat.trackers.insert(
        ASH,
        TokenTrackers::Evening(EveningToken {
            health: 10,
            max_health: 10,
            attacks: vec![bow],
            ..EveningToken::default()
        }),
    );
    e.combat.trackers.insert(BRUTE, threat());
}

/// Evening, Combat, Ranged combat (Range): "You may make ranged attacks only against targets
/// which you can see within the range specified of your weapon. ... Whenever you make an
/// attack with the long range, your attack has disadvantage." A bow of short range 5, long 10:
/// at 4 cells no line; at 8 (past 5) disadvantage; at 11 (past 10) refused.
#[test]
fn a_ranged_attack_past_short_range_has_disadvantage_and_past_long_is_refused() {
    let mut e = encounter();
    archer(&mut e, 5, 10);
    for (x, long, refused) in [(4, false, false), (8, true, false), (11, false, true)] {
        e.tokens[1].cell = Cell::new(x, 0);
        let filled = build(&e, &attack_request(false, Some(0)), &evening_base());
        let harder = lines(&filled, Source::Weapon)
            .iter()
            .any(|(t, l)| *l == Lever::Harder && t.contains("long range"));
        assert_eq!(harder, long, "{x} cells");
        assert_eq!(filled.refused.is_some(), refused, "{x} cells");
        assert_eq!(setup(&filled).disadvantage, long, "{x} cells");
    }
}

/// Evening, Range ("only against targets which you can see"), Vision and Lighting (darkness
/// blocks vision entirely), Invisible ("impossible to see without the aid of features or
/// specific senses"), Blinded ("can't see"). In a dark map 6 cells off, the archer can't see
/// the Brute: the ranged attack is refused (the GM may roll anyway). Darkvision 12 sees it as
/// in dim light: allowed, and dim light gives an attack nothing. An Invisible target in
/// daylight, or a Blinded archer, is refused too. A melee attack on an adjacent Invisible
/// target is not (the rule is for ranged attacks).
#[test]
fn a_ranged_attack_needs_a_target_the_attacker_can_see() {
    let mut e = encounter();
    archer(&mut e, 10, 20);
    e.tokens[1].cell = Cell::new(6, 0);
    e.ambient = Ambient::Dark;
    let refused =
        |e: &Encounter| build(e, &attack_request(false, Some(0)), &evening_base()).refused;
    let why = refused(&e).unwrap();
    assert!(why.contains("in darkness"), "{why}");
    assert!(
        why.ends_with("a ranged attack needs a target it can see"),
        "{why}"
    );

    e.tokens[0].senses = Senses::Darkvision { range_cells: 12 };
    assert_eq!(refused(&e), None);
    let filled = build(&e, &attack_request(false, Some(0)), &evening_base());
    assert!(
        !setup(&filled).disadvantage,
        "dim light gives an attack nothing"
    );

    e.ambient = Ambient::Bright;
    e.tokens[0].senses = Senses::Normal;
    condition(&mut e, BRUTE, "Invisible");
    assert!(refused(&e).unwrap().starts_with("Brute is Invisible"));
    e.tokens[1].cell = Cell::new(1, 0);
    let melee = build(&e, &attack_request(true, None), &evening_base());
    assert_eq!(melee.refused, None);

    e.combat.conditions.clear();
    e.tokens[1].cell = Cell::new(6, 0);
    condition(&mut e, ASH, "Blinded");
    assert!(refused(&e).unwrap().starts_with("Ash can't see"));
}

// ---- 3. Obscured areas --------------------------------------------------------------------

/// Evening, Vision: "In an obscured area, such as in dim light ... you have disadvantage on
/// aptitude checks which rely on sight." Lighting: dim light is an obscured area, darkness a
/// heavily obscured one (Blinded: "automatically fails any aptitude check that requires sight",
/// "disadvantage on attack rolls"). Under dim ambient light an attack gets a note and no
/// disadvantage; an aptitude check against the target gets disadvantage (the line says it is
/// for a check relying on sight); a threat's attack turned into a defence check gets no
/// advantage from it. In darkness the aptitude check fails outright and a melee attack has
/// disadvantage.
#[test]
fn dim_light_touches_sight_based_aptitude_checks_and_not_attacks() {
    let mut e = encounter();
    e.combat.trackers.insert(ASH, character(10, 10));
    e.combat.trackers.insert(BRUTE, character(10, 10));
    e.ambient = Ambient::Dim;
    let attack = build(&e, &attack_request(true, None), &evening_base());
    let light = lines(&attack, Source::Light);
    assert_eq!(light.len(), 1);
    assert_eq!(light[0].1, Lever::Note);
    assert!(
        light[0]
            .0
            .contains("only on aptitude checks relying on sight")
    );
    assert!(!setup(&attack).disadvantage);

    let look = ActionRequest {
        attack: false,
        kind: Some(lantern::combat::catalogue::CheckKind::Aptitude),
        ..attack_request(false, None)
    };
    let check = build(&e, &look, &evening_base());
    let light = lines(&check, Source::Light);
    assert_eq!(light[0].1, Lever::Harder);
    assert!(light[0].0.contains("if the check relies on sight"));
    assert!(setup(&check).disadvantage);

    // A threat attacking Ash in dim light: Ash's defence has neither advantage nor
    // disadvantage from the light.
    e.combat.trackers.insert(BRUTE, threat());
    let turned = ActionRequest {
        actor: Some(BRUTE),
        targets: vec![ASH],
        ..attack_request(true, None)
    };
    let defence = build(&e, &turned, &evening_base());
    assert_eq!(defence.defender, Some(ASH));
    let d = setup(&defence);
    assert!(!d.advantage && !d.disadvantage);

    e.ambient = Ambient::Dark;
    let check = build(&e, &look, &evening_base());
    assert_eq!(lines(&check, Source::Light)[0].1, Lever::FailsOutright);
    assert!(setup(&check).fails_outright);
    let attack = build(&e, &attack_request(true, None), &evening_base());
    assert!(setup(&attack).disadvantage);
}

// ---- 4. Squeezing -------------------------------------------------------------------------

/// A corridor along row 1 half a cell wide: walls at y = 1.25 and y = 1.75 from x = 0 to 12.
fn narrow_corridor(e: &mut Encounter) {
    for (id, y) in [(1, 1.25), (2, 1.75)] {
        e.walls.push(Wall {
            id: WallId(id),
            a: GridPoint::new(0.0, y),
            b: GridPoint::new(12.0, y),
            kind: WallKind::Wall,
        });
    }
}

/// Evening, Size, Getting into smaller spots: "You can squeeze through a space that can
/// accommodate a creature up to one size smaller than you are. Squeezing ... is difficult
/// terrain: it halves your speed, and you have disadvantage on attack rolls and Finesse
/// defenses while you do it." In a half-cell corridor a Medium creature squeezes (a Small one,
/// half a cell wide, fits). Each square along it costs 2 (Difficult terrain: "requiring 2
/// points of speed for each square"), so speed 4 gets 2 squares. Ash squeezing attacks with
/// disadvantage, and defends against a threat's attack with disadvantage (Reflex, a Finesse
/// defence).
#[test]
fn a_squeezing_creature_pays_double_and_attacks_and_defends_at_disadvantage() {
    let mut e = encounter();
    narrow_corridor(&mut e);
    e.tokens[0].cell = Cell::new(3, 1);
    e.tokens[1] = e.tokens[1].clone().with_size(SizeCategory::Small);
    e.tokens[1].cell = Cell::new(4, 1);
    e.combat.trackers.insert(ASH, character(10, 10));
    e.combat.trackers.insert(BRUTE, character(10, 10));
    let scene = Scene::new(&e);
    assert_eq!(scene.squeezing(ASH), Some(true));
    assert_eq!(
        scene.squeezing(BRUTE),
        Some(false),
        "Small fits half a cell"
    );
    e.tokens[1].cell = Cell::new(6, 1);
    let reach = Scene::new(&e).reachable(ASH, 4).unwrap();
    assert_eq!(reach.cost_cells(Cell::new(4, 1)), Some(2.0));
    assert_eq!(reach.cost_cells(Cell::new(5, 1)), Some(4.0));
    assert_eq!(reach.cost_cells(Cell::new(6, 1)), None);

    e.tokens[1].cell = Cell::new(4, 1);
    let filled = build(&e, &attack_request(true, None), &evening_base());
    assert_eq!(
        lines(&filled, Source::Space),
        [(
            "Ash is squeezing (only a smaller creature fits there): disadvantage on attacks"
                .to_owned(),
            Lever::Harder
        )]
    );
    assert!(setup(&filled).disadvantage);

    e.combat.trackers.insert(BRUTE, threat());
    let turned = ActionRequest {
        actor: Some(BRUTE),
        targets: vec![ASH],
        ..attack_request(true, None)
    };
    let defence = build(&e, &turned, &evening_base());
    assert_eq!(defence.defender, Some(ASH));
    assert!(
        lines(&defence, Source::Space)
            .iter()
            .any(|(t, l)| t.contains("Reflex (Finesse) defence") && *l == Lever::Harder)
    );
    assert!(setup(&defence).disadvantage);

    // Out in the open Ash has room: no squeeze.
    e.tokens[0].cell = Cell::new(3, 5);
    assert_eq!(Scene::new(&e).squeezing(ASH), Some(false));
}

/// Evening, Getting into smaller spots, for a Large creature (space 2): a one-cell gap fits
/// the Medium creature one size smaller, so standing in the gap, its footprint over the wall
/// of obstacles, it squeezes.
#[test]
fn a_large_creature_in_a_one_cell_gap_is_squeezing() {
    let mut e = encounter();
    for y in (-5..0).chain(1..6) {
        e.obstacle_cells.insert(Cell::new(3, y));
    }
    e.tokens[0] = e.tokens[0].clone().with_size(SizeCategory::Large);
    e.tokens[1].cell = Cell::new(9, 9);
    assert_eq!(Scene::new(&e).squeezing(ASH), Some(false));
    e.tokens[0].cell = Cell::new(2, 0);
    assert_eq!(Scene::new(&e).squeezing(ASH), Some(true));
}

// ---- 5. Prone -----------------------------------------------------------------------------

/// Evening, Prone: "A prone creature's only movement option is crawling, unless it is able to
/// stand up and does so. Standing up costs 2 speed and ends the condition." (Movement actions:
/// Get up.) The text gives crawling no cost; Lantern's reading is its 5E ancestry's, one more
/// speed per square, so crawling costs 2 a square. Prone Ash with speed 6 on its turn: crawling
/// 3 squares costs 6; standing up spends 2 of the 6 (4 left) and ends Prone, one undo step; a
/// second stand-up is refused (not prone); with 1 left it can't stand.
#[test]
fn prone_crawls_at_double_cost_and_standing_up_spends_two() {
    let mut e = encounter();
    e.tokens[1].cell = Cell::new(9, 9);
    e.combat.trackers.insert(ASH, character(10, 10));
    condition(&mut e, ASH, "Prone");
    assert_eq!(gait(&e, ASH), Gait::Crawl);
    let crawl = Scene::new(&e).reachable_with(ASH, 6, Gait::Crawl).unwrap();
    assert_eq!(crawl.cost_cells(Cell::new(3, 0)), Some(6.0));
    assert_eq!(crawl.cost_cells(Cell::new(4, 0)), None);

    let mut doc = Document::new(e, None);
    start_initiative(&mut doc, &[ASH, BRUTE]);
    assert_eq!(movement_left(&doc.encounter, ASH), Some(6));
    let up = stand_up(&doc.encounter, ASH).unwrap();
    doc.apply(up).unwrap();
    assert_eq!(movement_left(&doc.encounter, ASH), Some(4));
    assert!(conditions_on(&doc.encounter, ASH).is_empty());
    assert_eq!(gait(&doc.encounter, ASH), Gait::Walk);
    assert!(matches!(
        stand_up(&doc.encounter, ASH),
        Err(StandUpError::NotProne(_))
    ));
    doc.undo().unwrap();
    assert_eq!(movement_left(&doc.encounter, ASH), Some(6));
    assert_eq!(conditions_on(&doc.encounter, ASH), ["Prone"]);

    // 5 of 6 spent crawling: 1 left, short of the 2 standing costs.
    doc.apply(Command::Combat(CombatCommand::UseEconomy {
        token: ASH,
        part: lantern::combat::initiative::EconomyPart::Movement(5),
    }))
    .unwrap();
    assert_eq!(
        stand_up(&doc.encounter, ASH),
        Err(StandUpError::NoMovementLeft {
            who: "Ash".to_owned(),
            left: 1
        })
    );
    // An unconscious creature can't move at all, so it can't get up.
    let mut e = doc.encounter.clone();
    condition(&mut e, BRUTE, "Unconscious");
    condition(&mut e, BRUTE, "Prone");
    assert!(matches!(
        stand_up(&e, BRUTE),
        Err(StandUpError::TooSlow { speed: 0, .. })
    ));
}

// ---- 6. Reserves and rests ----------------------------------------------------------------

/// Evening, Resting: "At the end of the short rest, your character may spend some of their
/// reserves in order to recover health. Roll a number of die for each reserve spent, adding
/// your Resolve + Body to the result of each." Reserves: "You regain all spent reserves after
/// finishing a long rest." Long rest: "regains all health and reserves" (and Exhaustion,
/// Recovery: one level less). Resolve 1 + Body 2 = +3 a die: a d8 rolling 5 and a d10 rolling
/// 2 heal (5 + 3) + (2 + 3) = 13, from 3 to 16 of 20. The long rest then brings 20 health and
/// both dice back, exhaustion 2 → 1. Each rest is one logged undo step.
#[test]
fn a_short_rest_spends_reserves_to_heal_and_a_long_rest_restores_them() {
    let mut e = encounter();
    let mut ash = EveningToken {
        health: 3,
        max_health: 20,
        exhaustion: 2,
        reserves: vec![
            Reserve {
                sides: 8,
                spent: false,
            },
            Reserve {
                sides: 10,
                spent: false,
            },
            Reserve {
                sides: 6,
                spent: false,
            },
        ],
        ..EveningToken::default()
    };
    ash.abilities.resolve = 1;
    ash.abilities.body = 2;
    e.combat.trackers.insert(ASH, TokenTrackers::Evening(ash));
    let rolls = vec![
        ReserveRoll { index: 0, face: 5 },
        ReserveRoll { index: 1, face: 2 },
    ];
    let mut doc = Document::new(e, None);
    doc.apply(short_rest(&doc.encounter, ASH, &rolls).unwrap())
        .unwrap();
    let t = sheet(&doc.encounter, ASH);
    assert_eq!(t.health, 16);
    assert_eq!(
        t.reserves.iter().map(|r| r.spent).collect::<Vec<_>>(),
        [true, true, false]
    );
    let log = doc.encounter.combat.log.last().unwrap();
    assert_eq!(log.what, "Short rest");
    assert_eq!(log.dice, "d8: 5, d10: 2, each +3 (Resolve + Body)");
    assert!(log.result.ends_with("health 3 → 16"), "{}", log.result);
    // The same dice can't be spent twice before a long rest.
    assert!(short_rest(&doc.encounter, ASH, &rolls).is_err());

    doc.apply(long_rest(&doc.encounter, ASH).unwrap()).unwrap();
    let t = sheet(&doc.encounter, ASH);
    assert_eq!((t.health, t.exhaustion), (20, 1));
    assert!(t.reserves.iter().all(|r| !r.spent));
    let log = doc.encounter.combat.log.last().unwrap();
    assert_eq!(
        (log.what.as_str(), log.result.as_str()),
        (
            "Long rest",
            "health 16 → 20, 2 reserve dice back, exhaustion 2 → 1"
        )
    );
    doc.undo().unwrap();
    doc.undo().unwrap();
    assert_eq!(sheet(&doc.encounter, ASH).health, 3);
    assert!(doc.encounter.combat.log.is_empty());
}

/// Evening, Resting: a short rest has no health floor (only the long rest needs 1 health), so
/// a creature at 0 may spend reserves and wakes when it heals above 0. The rolled dice are
/// checked: a d6 can't roll 7. The pane rolls with the app's seeded dice.
#[test]
fn a_short_rest_at_zero_wakes_and_its_dice_are_checked() {
    let mut e = encounter();
    let down = EveningToken {
        health: 0,
        max_health: 10,
        reserves: vec![Reserve {
            sides: 6,
            spent: false,
        }],
        ..EveningToken::default()
    };
    e.combat
        .trackers
        .insert(ASH, TokenTrackers::Evening(down.clone()));
    condition(&mut e, ASH, "Unconscious");
    condition(&mut e, ASH, "Prone");
    let bad = vec![ReserveRoll { index: 0, face: 7 }];
    assert!(short_rest(&e, ASH, &bad).is_err());
    let rolls = down.roll_reserves(&[0, 0, 5], &mut DiceRng::seeded(7));
    assert_eq!(rolls.len(), 1, "one die, named once; no die 5");
    assert!((1..=6).contains(&rolls[0].face));
    let mut doc = Document::new(e, None);
    doc.apply(short_rest(&doc.encounter, ASH, &rolls).unwrap())
        .unwrap();
    // Resolve 0 + Body 0: the face itself.
    assert_eq!(sheet(&doc.encounter, ASH).health, rolls[0].face);
    assert_eq!(conditions_on(&doc.encounter, ASH), ["Prone"]);
    assert!(
        doc.encounter
            .combat
            .log
            .last()
            .unwrap()
            .result
            .ends_with("wakes")
    );
}

// ---- 7. Exhaustion ------------------------------------------------------------------------

/// Evening, Exhaustion: "1 Disadvantage on aptitude checks, 2 Speed halved, 3 Disadvantage on
/// attacks and defenses, 4 Health maximum is halved, 5 Speed reduced to 0, 6 Death", each level
/// adding to those below. The Trackers pane's words name the speed at 2 and 5, and the speed
/// Lantern moves the token with agrees: 6 → 3 from level 2, 0 from level 5.
#[test]
fn exhaustion_names_its_speed_effects_and_the_speed_follows() {
    let mut e = encounter();
    for (level, speed) in [(0, 6), (1, 6), (2, 3), (3, 3), (4, 3), (5, 0)] {
        e.combat.trackers.insert(
            ASH,
            TokenTrackers::Evening(EveningToken {
                exhaustion: level,
                health: 10,
                max_health: 10,
                ..EveningToken::default()
            }),
        );
        assert_eq!(
            token_speed(&e, &e.combat.conditions, ASH).value,
            speed,
            "level {level}"
        );
        let words = exhaustion_summary(level);
        assert_eq!(
            words.contains("speed halved"),
            speed == 3,
            "{level}: {words}"
        );
        assert_eq!(words.contains("speed 0"), speed == 0, "{level}: {words}");
        assert_eq!(
            words.contains("aptitude") || words.contains("all checks"),
            level >= 1
        );
        assert_eq!(words.contains("all checks"), level >= 3);
        assert_eq!(words.contains("max health halved"), level >= 4);
    }
    assert_eq!(exhaustion_summary(6), "dead");
}

// ---- Initiative: a turn's economy; Movement: speed and Dash --------------------------------

/// Evening, Movement and actions (line 490): "you may take one action, and make one movement";
/// Bonus action (line 492): one more, on your turn; Speed (line 593): one speed a square,
/// regained each round; Dash (line 613): "As a bonus action, you can spend up to your base speed
/// in additional movement". Ash (speed 6) on his turn: a second Action is refused; he moves 6
/// and a 7th square is refused; Dash spends the bonus action and gives 6 more (12 in all), and a
/// second bonus action is refused. On his next turn all of it is back.
#[test]
fn a_turn_has_one_action_one_movement_a_bonus_action_and_dash() {
    let mut e = encounter();
    e.tokens[0].speed_cells = 6;
    let mut doc = Document::new(e, None);
    start_initiative(&mut doc, &[ASH, BRUTE]);
    let part = |part| Command::Combat(CombatCommand::UseEconomy { token: ASH, part });
    assert!(doc.apply(part(EconomyPart::Action)).is_ok());
    assert!(doc.apply(part(EconomyPart::Action)).is_err(), "one action");
    assert!(doc.apply(part(EconomyPart::Movement(6))).is_ok());
    assert!(
        doc.apply(part(EconomyPart::Movement(1))).is_err(),
        "speed 6"
    );
    assert!(doc.apply(part(EconomyPart::Dash)).is_ok());
    assert_eq!(movement_left(&doc.encounter, ASH), Some(6));
    assert!(doc.apply(part(EconomyPart::Movement(6))).is_ok());
    assert!(
        doc.apply(part(EconomyPart::BonusAction)).is_err(),
        "one bonus action"
    );
    for _ in 0..2 {
        let Ok(()) = doc.apply(Command::Combat(CombatCommand::NextTurn { pick: None })) else {
            panic!("no next turn");
        };
    }
    assert_eq!(movement_left(&doc.encounter, ASH), Some(6));
    assert!(doc.apply(part(EconomyPart::Action)).is_ok());
}

// ---- Conditions ------------------------------------------------------------------------------

/// Evening, Stacking conditions (line 1120): "Something either has the condition or it doesn't."
/// Prone put on twice is one Prone, and the log says it already had it.
#[test]
fn a_condition_put_on_twice_is_had_once() {
    let mut doc = Document::new(encounter(), None);
    for _ in 0..2 {
        let prone = ActiveCondition {
            token: ASH,
            name: "Prone".into(),
            duration: Duration::UntilRemoved,
        };
        let Ok(()) = doc.apply(Command::Combat(CombatCommand::ApplyCondition(prone))) else {
            panic!("Prone refused");
        };
    }
    assert_eq!(conditions_on(&doc.encounter, ASH), ["Prone"]);
    let last = doc.encounter.combat.log.last().map(|l| l.result.clone());
    assert_eq!(last.as_deref(), Some("already had it"));
}

/// Evening, Grappled (line 1143): "speed becomes 0"; Restrained (lines 1184–1185): speed 0,
/// "Attack rolls against the creature have advantage, and the creature's attack and defense
/// rolls have disadvantage"; Incapacitated (line 1149): "can't take actions or reactions". Ash
/// (speed 6) grappled moves 0; the Brute restrained moves 0, Ash's attack on it has advantage,
/// its own attack disadvantage; Ash incapacitated is refused his Action and his reaction.
#[test]
fn grappled_and_restrained_stop_movement_and_incapacitated_stops_acting() {
    let mut e = encounter();
    e.tokens[0].speed_cells = 6;
    e.tokens[1].speed_cells = 6;
    condition(&mut e, ASH, "Grappled");
    condition(&mut e, BRUTE, "Restrained");
    let speed = |e: &Encounter, id| token_speed(e, &e.combat.conditions, id).value;
    assert_eq!((speed(&e, ASH), speed(&e, BRUTE)), (0, 0));
    let on_brute = build(&e, &attack_request(true, None), &evening_base());
    assert!(setup(&on_brute).advantage && !setup(&on_brute).disadvantage);
    let brute_attacks = ActionRequest {
        actor: Some(BRUTE),
        targets: vec![ASH],
        attack: true,
        melee: true,
        ..ActionRequest::default()
    };
    let from_brute = build(&e, &brute_attacks, &evening_base());
    assert!(setup(&from_brute).disadvantage);
    let mut doc = Document::new(e, None);
    start_initiative(&mut doc, &[ASH, BRUTE]);
    let _ = doc.apply(Command::Combat(CombatCommand::ApplyCondition(
        ActiveCondition {
            token: ASH,
            name: "Incapacitated".into(),
            duration: Duration::UntilRemoved,
        },
    )));
    for part in [EconomyPart::Action, EconomyPart::Reaction] {
        let used = doc.apply(Command::Combat(CombatCommand::UseEconomy {
            token: ASH,
            part,
        }));
        assert!(used.is_err(), "{part:?}");
    }
}

/// Evening, Invisible (line 1155): "The invisible creature's attack rolls and defense checks have
/// advantage"; Blinded (line 1125): "disadvantage on attack rolls, and defense rolls made to
/// avoid attacks". Ash invisible attacks with advantage; Ash blinded attacks with disadvantage.
#[test]
fn invisible_attacks_with_advantage_and_blinded_with_disadvantage() {
    let mut seen = encounter();
    condition(&mut seen, ASH, "Invisible");
    let filled = build(&seen, &attack_request(true, None), &evening_base());
    assert!(setup(&filled).advantage && !setup(&filled).disadvantage);
    let mut dark = encounter();
    condition(&mut dark, ASH, "Blinded");
    let filled = build(&dark, &attack_request(true, None), &evening_base());
    assert!(setup(&filled).disadvantage && !setup(&filled).advantage);
}

// ---- Character Creation: level 0 --------------------------------------------------------------

/// Evening, Character Creation, level adjustments (line 165): "level 0 … you have no aptitudes, 4
/// health, no reserves". A party token's starting sheet is such a character; an enemy's is a
/// rating 1 threat (Threat Rating, line 772: 15 health, TN 14).
#[test]
fn a_party_token_starts_as_a_level_0_character_and_an_enemy_as_a_rating_1_threat() {
    let evening = lantern::rules::system(RuleSystem::Evening);
    let TokenTrackers::Evening(hero) = evening.starting_sheet(Side::Party) else {
        panic!("not an Evening sheet");
    };
    assert_eq!((hero.level, hero.health, hero.max_health), (0, 4, 4));
    assert!(hero.reserves.is_empty());
    let TokenTrackers::Evening(foe) = evening.starting_sheet(Side::Enemy) else {
        panic!("not an Evening sheet");
    };
    let Some(threat) = &foe.threat else {
        panic!("not a threat");
    };
    assert_eq!((foe.health, threat.stats().tn_to_hit), (15, 14));
}

/// Evening, Long rest (line 365): the character "must have at least 1 health at the beginning of
/// the rest in order to gain its benefits": at 0 health it is refused.
#[test]
fn a_long_rest_needs_at_least_one_health() {
    let mut down = EveningToken {
        health: 0,
        max_health: 10,
        ..EveningToken::default()
    };
    assert!(down.apply(&EveningChange::LongRest).is_err());
    down.health = 1;
    assert!(down.apply(&EveningChange::LongRest).is_ok());
    assert_eq!(down.health, 10);
}

/// Evening, Melee combat (lines 977–979): "Attempting to use ranged weaponry in melee range
/// imposes disadvantage on the attack roll." Ash next to the Brute attacking at range has
/// disadvantage; in melee he has none.
#[test]
fn a_ranged_attack_in_melee_range_has_disadvantage() {
    let e = encounter();
    let ranged = build(&e, &attack_request(false, None), &evening_base());
    assert!(
        lines(&ranged, Source::Band)
            .iter()
            .any(|(t, l)| t == "ranged attack in melee range" && *l == Lever::Harder)
    );
    assert!(setup(&ranged).disadvantage);
    let melee = build(&e, &attack_request(true, None), &evening_base());
    assert!(!setup(&melee).disadvantage);
}

/// Evening, Stunned (lines 1189–1190): "A stunned creature is incapacitated, can't move … The
/// creature automatically fails Prowess or Finesse defenses." A Stunned Ash (speed 6) moves 0,
/// and his Reflex defence against the Brute, a rating 1 threat, fails whatever the roll.
#[test]
fn a_stunned_creature_cannot_move_and_fails_its_finesse_defence() {
    let mut e = encounter();
    e.tokens[0].speed_cells = 6;
    e.combat.trackers.insert(ASH, character(10, 10));
    e.combat.trackers.insert(BRUTE, threat());
    condition(&mut e, ASH, "Stunned");
    assert_eq!(token_speed(&e, &e.combat.conditions, ASH).value, 0);
    let brute_attacks = ActionRequest {
        actor: Some(BRUTE),
        targets: vec![ASH],
        attack: true,
        melee: true,
        ..ActionRequest::default()
    };
    let defence = build(&e, &brute_attacks, &evening_base());
    assert_eq!(defence.defender, Some(ASH));
    let check = setup(&defence);
    assert!(check.fails_outright);
    assert_eq!(
        check.outcome(20),
        lantern::rules::evening::EveningOutcome::Failure
    );
}
