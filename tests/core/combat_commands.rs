//! Turn structure through the model's commands: three rounds of the demo, condition expiry,
//! momentum moves, and undo of each.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use lantern::combat::command::{CombatCommand, MomentumAction};
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::initiative::{EnemyPlacement, Mode, arrange_round_the_table};
use lantern::combat::momentum::Zone;
use lantern::demo::Demo;
use lantern::model::{Command, Document, Side, TokenId};

fn demo_doc() -> Document {
    Document::new(Demo::GoForthHeroes.encounter().unwrap(), None)
}

fn combat(doc: &mut Document, c: CombatCommand) {
    doc.apply(Command::Combat(c)).unwrap();
}

fn start_round_the_table(doc: &mut Document) {
    let ids = |side| {
        doc.encounter
            .tokens
            .iter()
            .filter(|t| t.side == side)
            .map(|t| t.id)
            .collect::<Vec<_>>()
    };
    let (heroes, enemies) = (ids(Side::Party), ids(Side::Enemy));
    let combatants = arrange_round_the_table(&heroes, &enemies, EnemyPlacement::Woven);
    combat(
        doc,
        CombatCommand::StartInitiative {
            mode: Mode::RoundTheTable {
                placement: EnemyPlacement::Woven,
            },
            combatants,
            surprise_round: false,
        },
    );
}

#[test]
fn three_rounds_of_the_demo() {
    let mut doc = demo_doc();
    start_round_the_table(&mut doc);
    let init = &doc.encounter.combat.initiative;
    assert_eq!((init.round, init.current_token()), (1, Some(TokenId(1))));
    let turns = doc.encounter.tokens.len() * 3;
    let mut seen = Vec::new();
    for _ in 0..turns {
        seen.push(doc.encounter.combat.initiative.current_token().unwrap());
        combat(&mut doc, CombatCommand::NextTurn { pick: None });
    }
    assert_eq!(doc.encounter.combat.initiative.round, 4);
    // Woven: hero, enemy, hero, enemy … then the extra enemy at the end.
    assert_eq!(
        seen[..9].iter().map(|t| t.0).collect::<Vec<_>>(),
        vec![1, 5, 2, 6, 3, 7, 4, 8, 9]
    );
    let rounds = doc
        .encounter
        .combat
        .log
        .iter()
        .filter(|e| e.result.ends_with("begins"))
        .count();
    assert_eq!(rounds, 4);
    // Every turn is one undo step.
    for _ in 0..turns {
        doc.undo().unwrap();
    }
    assert_eq!(doc.encounter.combat.initiative.round, 1);
}

#[test]
fn a_condition_expires_at_the_end_of_its_bearers_turn_and_is_logged() {
    let mut doc = demo_doc();
    start_round_the_table(&mut doc);
    let bram = TokenId(2);
    combat(
        &mut doc,
        CombatCommand::ApplyCondition(ActiveCondition {
            token: bram,
            name: "Mobile".into(),
            duration: Duration::Rounds { remaining: 1 },
        }),
    );
    assert_eq!(doc.encounter.combat.conditions.len(), 1);
    // Kestrel (1), Goblin Skulker (5), then Bram's turn ends.
    for _ in 0..3 {
        combat(&mut doc, CombatCommand::NextTurn { pick: None });
    }
    assert!(doc.encounter.combat.conditions.is_empty());
    let last = doc.encounter.combat.log.last().unwrap();
    assert_eq!(
        (last.who.as_str(), last.what.as_str(), last.result.as_str()),
        ("Bram", "Mobile", "wears off")
    );
    doc.undo().unwrap();
    assert_eq!(
        doc.encounter.combat.conditions.len(),
        1,
        "undo brings it back"
    );
}

#[test]
fn bolstered_lends_a_die_and_takes_it_back_when_cancelled() {
    let mut doc = demo_doc();
    let pip = TokenId(4);
    combat(
        &mut doc,
        CombatCommand::Momentum {
            owner: pip,
            action: MomentumAction::Create { size: 3 },
        },
    );
    let bolster = |name: &str| {
        CombatCommand::ApplyCondition(ActiveCondition {
            token: pip,
            name: name.into(),
            duration: Duration::UntilRemoved,
        })
    };
    combat(&mut doc, bolster("Bolstered"));
    assert_eq!(doc.encounter.combat.momentum[&pip].dice.len(), 4);
    combat(&mut doc, bolster("Shaken"));
    assert_eq!(doc.encounter.combat.momentum[&pip].dice.len(), 3);
    assert!(
        doc.encounter.combat.conditions.is_empty(),
        "the pair cancelled"
    );
}

#[test]
fn prepare_boost_and_hit_then_a_beat() {
    let mut doc = demo_doc();
    let kestrel = TokenId(1);
    let m = |action| CombatCommand::Momentum {
        owner: kestrel,
        action,
    };
    combat(&mut doc, m(MomentumAction::Create { size: 3 }));
    combat(
        &mut doc,
        m(MomentumAction::Prepare {
            from: Zone::Stamina,
        }),
    );
    let power = doc.encounter.combat.momentum[&kestrel]
        .first_in(Zone::Power)
        .unwrap();
    combat(
        &mut doc,
        m(MomentumAction::Spend {
            die: power,
            power_only: true,
            rolled: Some(4),
        }),
    );
    for die in 0..3 {
        if doc.encounter.combat.momentum[&kestrel].dice[die].zone != Zone::Fatigue {
            combat(&mut doc, m(MomentumAction::Hit { die: Some(die) }));
        }
    }
    combat(&mut doc, m(MomentumAction::Hit { die: None }));
    assert_eq!(
        doc.encounter.combat.log.last().unwrap().result,
        "every die was in Fatigue: a Beat!"
    );
    // An illegal move is refused with its reason and changes nothing.
    let before = doc.encounter.clone();
    let err = doc
        .apply(Command::Combat(m(MomentumAction::MoveDie {
            die: 0,
            to: Zone::Power,
        })))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "a fatigued die only recovers to Stamina (Prepare or Rally)"
    );
    assert_eq!(doc.encounter, before);
}

#[test]
fn combat_state_survives_a_save_and_load() {
    let mut doc = demo_doc();
    start_round_the_table(&mut doc);
    combat(
        &mut doc,
        CombatCommand::Momentum {
            owner: TokenId(1),
            action: MomentumAction::Create { size: 4 },
        },
    );
    let json = lantern::files::encounter_to_json(&doc.encounter).unwrap();
    assert_eq!(
        lantern::files::encounter_from_json(&json).unwrap(),
        doc.encounter
    );
}

#[test]
fn each_new_3d6_round_raises_the_escalation_tracker_to_six() {
    let mut doc = demo_doc();
    doc.apply(Command::SetSystem(lantern::model::RuleSystem::ThreeD6))
        .unwrap();
    let combatants = vec![lantern::combat::initiative::Combatant::new(TokenId(1))];
    combat(
        &mut doc,
        CombatCommand::StartInitiative {
            mode: Mode::Escalating,
            combatants,
            surprise_round: false,
        },
    );
    let escalation = |doc: &Document| doc.encounter.combat.trackers.encounter.three_d6.escalation;
    assert_eq!(escalation(&doc), 0, "round 1 starts at 0");
    for _ in 0..9 {
        combat(&mut doc, CombatCommand::NextTurn { pick: None });
    }
    assert_eq!(
        (doc.encounter.combat.initiative.round, escalation(&doc)),
        (10, 6)
    );
    doc.undo().unwrap();
    assert_eq!(escalation(&doc), 6, "round 9 was already at the cap");
}
