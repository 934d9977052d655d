//! The texts' combat actions that change later rolls, taken as one command and read by the check
//! builder: GFH Guard and Help (GFH, Combat: Advanced Actions) and Evening Defend (Evening,
//! Combat actions). Every expected number is worked out by hand from the text named.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use lantern::combat::action::{ActionRequest, FilledCheck, Lever, Source, build};
use lantern::combat::catalogue::CheckKind;
use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::Duration;
use lantern::combat::initiative::{Combatant, EnemyPlacement, Mode};
use lantern::combat::turn_action::{TurnAction, TurnActionError, help_used, take};
use lantern::edit::Document;
use lantern::model::{Cell, Command, Encounter, LogEntry, RuleSystem, Side, Token, TokenId};
use lantern::rules::CheckSetup;
use lantern::rules::go_forth_heroes::{GfhCheck, GfhOutcome, Target};

const GUARD: TokenId = TokenId(1);
const NEAR_ALLY: TokenId = TokenId(2);
const FAR_ALLY: TokenId = TokenId(3);
const ORC: TokenId = TokenId(4);

/// GFH: the guard at (0,0), an ally 3 cells away (Close: up to 6), another 10 away (Nearby),
/// and an orc 5 cells below the guard; Round the Table with the orc last, the guard's turn.
/// The three heroes have Might 1 and Agility 1: Body Defense 10 + 1 + 1 = 12 (GFH, Defenses).
fn gfh_fight() -> Document {
    use lantern::rules::TokenTrackers;
    use lantern::rules::go_forth_heroes::{Attributes, GfhToken};
    let mut e = Encounter::new("guard", RuleSystem::GoForthHeroes);
    for (id, name, side, cell) in [
        (GUARD, "Bryn", Side::Party, Cell::new(0, 0)),
        (NEAR_ALLY, "Cass", Side::Party, Cell::new(3, 0)),
        (FAR_ALLY, "Dov", Side::Party, Cell::new(10, 0)),
        (ORC, "Orc", Side::Enemy, Cell::new(0, 5)),
    ] {
        e.tokens.push(Token::new(id, name, side, cell));
        if side == Side::Party {
            let hero = GfhToken {
                attributes: Attributes {
                    might: 1,
                    agility: 1,
                    ..Attributes::default()
                },
                ..GfhToken::default()
            };
            e.combat
                .trackers
                .insert(id, TokenTrackers::GoForthHeroes(hero));
        }
    }
    let mut doc = Document::new(e, None);
    let combatants = [GUARD, NEAR_ALLY, FAR_ALLY, ORC]
        .map(Combatant::new)
        .to_vec();
    let start = CombatCommand::StartInitiative {
        mode: Mode::RoundTheTable {
            placement: EnemyPlacement::AtTheEnd,
        },
        combatants,
        surprise_round: false,
        pick: None,
    };
    doc.apply(Command::Combat(start)).unwrap();
    assert_eq!(doc.encounter.combat.initiative.current_token(), Some(GUARD));
    doc
}

/// A plain d20 + 0 check against TN 12.
fn tn_12() -> CheckSetup {
    CheckSetup::GoForthHeroes(GfhCheck {
        target: Target::Fixed(12),
        ..GfhCheck::default()
    })
}

fn attack_on(e: &Encounter, target: TokenId) -> FilledCheck {
    let request = ActionRequest {
        actor: Some(ORC),
        targets: vec![target],
        attack: true,
        ..ActionRequest::default()
    };
    build(e, &request, &tn_12())
}

fn condition_levers(filled: &FilledCheck) -> Vec<Lever> {
    filled
        .contributions
        .iter()
        .filter(|c| c.source == Source::Condition)
        .map(|c| c.lever)
        .collect()
}

fn gfh_hit_odds(filled: &FilledCheck) -> f64 {
    let CheckSetup::GoForthHeroes(check) = filled.setup() else {
        panic!("not a GFH check");
    };
    check
        .odds()
        .iter()
        .find(|(o, _)| **o == GfhOutcome::Hit)
        .map_or(0.0, |(_, p)| p)
}

fn has_marker(e: &Encounter, token: TokenId, name: &str) -> bool {
    e.combat
        .conditions
        .iter()
        .any(|c| c.token == token && c.name == name)
}

fn next_turn(doc: &mut Document) {
    doc.apply(Command::Combat(CombatCommand::NextTurn { pick: None }))
        .unwrap();
}

/// GFH, Advanced Actions: Guard makes attacks against you or a Close ally Hard until your next
/// turn; Easy and Hard are TN −3 / +3 (GFH, Easy & Hard). By hand, d20 + 0 hits on TN or more:
/// TN 12 hits on 12–20, 9/20; guarded, TN 15 hits on 15–20, 6/20. The ally 10 cells away is
/// Nearby, past Close, so its attack stays at TN 12.
#[test]
fn gfh_guard_makes_attacks_on_the_guard_and_a_close_ally_hard_until_its_next_turn() {
    let mut doc = gfh_fight();
    let before = attack_on(&doc.encounter, NEAR_ALLY);
    assert_eq!(before.target_number(), Some(12));
    assert!((gfh_hit_odds(&before) - 9.0 / 20.0).abs() < 1e-9);

    let guard = take(&doc.encounter, GUARD, TurnAction::Guard, None).unwrap();
    doc.apply(guard).unwrap();
    assert!(has_marker(&doc.encounter, GUARD, "Guard"));
    assert!(
        !doc.encounter.combat.initiative.combatants[0]
            .economy
            .action_available(),
        "Guard takes the guard's Action"
    );

    for target in [GUARD, NEAR_ALLY] {
        let filled = attack_on(&doc.encounter, target);
        assert_eq!(condition_levers(&filled), vec![Lever::Harder], "{target:?}");
        assert_eq!(filled.target_number(), Some(15));
        assert!((gfh_hit_odds(&filled) - 6.0 / 20.0).abs() < 1e-9);
    }
    let far = attack_on(&doc.encounter, FAR_ALLY);
    assert!(condition_levers(&far).is_empty());
    assert_eq!(far.target_number(), Some(12));

    // The GM may clear the line, like any other contribution.
    let mut cleared = attack_on(&doc.encounter, NEAR_ALLY);
    let line = cleared.contributions[cleared
        .contributions
        .iter()
        .position(|c| c.lever == Lever::Harder)
        .unwrap()]
    .text
    .clone();
    assert!(line.contains("Bryn guards Cass"), "{line}");
    cleared.switch_off(&std::iter::once(line).collect());
    assert_eq!(cleared.target_number(), Some(12));

    // Cass, Dov and the orc take their turns: the Guard holds through the orc's attack.
    for _ in 0..3 {
        next_turn(&mut doc);
        assert!(has_marker(&doc.encounter, GUARD, "Guard"));
    }
    assert_eq!(doc.encounter.combat.initiative.current_token(), Some(ORC));
    // The guard's next turn begins: Guard is gone, the attack is back at TN 12.
    next_turn(&mut doc);
    assert_eq!(doc.encounter.combat.initiative.current_token(), Some(GUARD));
    assert!(!has_marker(&doc.encounter, GUARD, "Guard"));
    assert_eq!(
        attack_on(&doc.encounter, NEAR_ALLY).target_number(),
        Some(12)
    );
    // One undo takes back that turn change, and the Guard with it.
    doc.undo().unwrap();
    assert!(has_marker(&doc.encounter, GUARD, "Guard"));
}

/// GFH, Advanced Actions: Help makes an ally's next roll Easy (TN −3): a d20 + 0 against TN 12
/// becomes TN 9, hitting on 9–20, 12/20. The roll uses it up in its own undo step; the next
/// roll is back at TN 12, and one undo brings the Help back.
#[test]
fn gfh_help_makes_the_allys_next_roll_easy_once() {
    let mut doc = gfh_fight();
    assert_eq!(
        take(&doc.encounter, GUARD, TurnAction::Help, None),
        Err(TurnActionError::NoAlly)
    );
    assert_eq!(
        take(&doc.encounter, GUARD, TurnAction::Help, Some(GUARD)),
        Err(TurnActionError::HelpSelf)
    );
    let help = take(&doc.encounter, GUARD, TurnAction::Help, Some(NEAR_ALLY)).unwrap();
    doc.apply(help).unwrap();
    assert!(has_marker(&doc.encounter, NEAR_ALLY, "Help"));
    assert!(!has_marker(&doc.encounter, GUARD, "Help"));

    let request = ActionRequest {
        actor: Some(NEAR_ALLY),
        kind: Some(CheckKind::Physical),
        ..ActionRequest::default()
    };
    let helped = build(&doc.encounter, &request, &tn_12());
    assert_eq!(condition_levers(&helped), vec![Lever::Easier]);
    assert_eq!(helped.target_number(), Some(9));
    assert!((gfh_hit_odds(&helped) - 12.0 / 20.0).abs() < 1e-9);

    // A roll with the Help line cleared did not use it.
    let mut cleared = helped.clone();
    let texts = cleared
        .contributions
        .iter()
        .map(|c| c.text.clone())
        .collect();
    cleared.switch_off(&texts);
    assert_eq!(help_used(&doc.encounter, &cleared), None);

    // The roll: its log line and the Help it used, one undo step.
    let used = help_used(&doc.encounter, &helped).unwrap();
    let log = Command::AppendLog(LogEntry::event("Cass", "Check", "12"));
    doc.apply(Command::Batch(vec![log, used])).unwrap();
    assert!(!has_marker(&doc.encounter, NEAR_ALLY, "Help"));
    let next = build(&doc.encounter, &request, &tn_12());
    assert!(condition_levers(&next).is_empty());
    assert_eq!(next.target_number(), Some(12));
    assert_eq!(help_used(&doc.encounter, &next), None);

    doc.undo().unwrap();
    assert!(has_marker(&doc.encounter, NEAR_ALLY, "Help"));
}

/// Guard and Help are GFH's; Defend and Disengage Evening's: a system takes only its own.
#[test]
fn turn_actions_belong_to_their_text() {
    let doc = gfh_fight();
    assert!(matches!(
        take(&doc.encounter, GUARD, TurnAction::Defend, None),
        Err(TurnActionError::OtherSystem { .. })
    ));
}

const HERO: TokenId = TokenId(1);
const THREAT: TokenId = TokenId(2);

/// Evening: Ada (Finesse 1, Body 1) next to a rating 2 threat (TN 15, Threat Rating).
fn evening_fight() -> Document {
    use lantern::rules::TokenTrackers;
    use lantern::rules::evening::{EveningChange, EveningToken, ThreatProfile};
    let mut e = Encounter::new("defend", RuleSystem::Evening);
    let mut hero = Token::new(HERO, "Ada", Side::Party, Cell::new(0, 0));
    hero.finesse = 1;
    e.tokens.push(hero);
    e.tokens
        .push(Token::new(THREAT, "Wolf", Side::Enemy, Cell::new(1, 0)));
    let mut character = EveningToken::default();
    character.abilities.body = 1;
    e.combat
        .trackers
        .insert(HERO, TokenTrackers::Evening(character));
    let mut threat = EveningToken::default();
    let profile = ThreatProfile {
        rating: 2,
        traits: Vec::new(),
    };
    threat
        .apply(&EveningChange::SetThreat(Some(profile)))
        .unwrap();
    e.combat
        .trackers
        .insert(THREAT, TokenTrackers::Evening(threat));
    Document::new(e, None)
}

/// Evening, Combat actions: Defend adds 3 to any defence check until the beginning of your next
/// turn. Evening, Making checks: the total must beat the TN (a tie fails). By hand, a defence
/// of +2 against TN 15 succeeds on a d20 of 14+, 7/20; with Defend it is +5 and succeeds on
/// 11+, 10/20. The same +3 reaches the path where a threat of rating 2 (TN 15, Threat Rating)
/// attacks the character, who rolls its Reflex defence (Finesse 1 + Body 1 = +2).
#[test]
fn evening_defend_adds_three_to_defence_checks_until_the_next_turn() {
    use lantern::rules::evening::{EveningCheck, EveningOutcome};
    let mut doc = evening_fight();

    let success = |filled: &FilledCheck| {
        let CheckSetup::Evening(check) = filled.setup() else {
            panic!("not an Evening check");
        };
        let odds = check.odds();
        let p: f64 = odds
            .iter()
            .filter(|(o, _)| matches!(o, EveningOutcome::Success(_)))
            .map(|(_, p)| p)
            .sum();
        (check.modifier(), check.tn(), p)
    };
    let defence = ActionRequest {
        actor: Some(HERO),
        kind: Some(CheckKind::Defense),
        ..ActionRequest::default()
    };
    let base = CheckSetup::Evening(EveningCheck {
        modifier: 2,
        tn: 15,
        ..EveningCheck::default()
    });
    let threat_attack = ActionRequest {
        actor: Some(THREAT),
        targets: vec![HERO],
        attack: true,
        melee: true,
        ..ActionRequest::default()
    };
    let plain = CheckSetup::Evening(EveningCheck::default());
    let (m, tn, p) = success(&build(&doc.encounter, &defence, &base));
    assert_eq!((m, tn), (2, 15));
    assert!((p - 7.0 / 20.0).abs() < 1e-9);
    let (m, tn, p) = success(&build(&doc.encounter, &threat_attack, &plain));
    assert_eq!((m, tn), (2, 15));
    assert!((p - 7.0 / 20.0).abs() < 1e-9);

    let defend = take(&doc.encounter, HERO, TurnAction::Defend, None).unwrap();
    doc.apply(defend).unwrap();
    let marker = &doc.encounter.combat.conditions[0];
    assert_eq!((marker.token, marker.name.as_str()), (HERO, "Defend"));
    assert_eq!(
        marker.duration,
        Duration::Rounds {
            remaining: 1,
            from: Some(HERO)
        },
        "until the start of the defender's next turn"
    );

    let filled = build(&doc.encounter, &defence, &base);
    assert_eq!(condition_levers(&filled), vec![Lever::RollModifier(3)]);
    let (m, tn, p) = success(&filled);
    assert_eq!((m, tn), (5, 15));
    assert!((p - 10.0 / 20.0).abs() < 1e-9);
    let filled = build(&doc.encounter, &threat_attack, &plain);
    assert_eq!(filled.defender, Some(HERO));
    assert_eq!(condition_levers(&filled), vec![Lever::RollModifier(3)]);
    let (m, tn, p) = success(&filled);
    assert_eq!((m, tn), (5, 15));
    assert!((p - 10.0 / 20.0).abs() < 1e-9);

    // Not a defence check: the hero's own attack is untouched.
    let hero_attack = ActionRequest {
        actor: Some(HERO),
        targets: vec![THREAT],
        attack: true,
        melee: true,
        ..ActionRequest::default()
    };
    assert!(condition_levers(&build(&doc.encounter, &hero_attack, &plain)).is_empty());

    // Disengage leaves its own marker, for the same round.
    let disengage = take(&doc.encounter, HERO, TurnAction::Disengage, None).unwrap();
    doc.apply(disengage).unwrap();
    assert!(has_marker(&doc.encounter, HERO, "Disengage"));
    doc.undo().unwrap();
    assert!(!has_marker(&doc.encounter, HERO, "Disengage"));
}
