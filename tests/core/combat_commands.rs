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
use lantern::edit::Document;
use lantern::model::{Command, Side, TokenId};

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
            pick: None,
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

fn one_round_of(token: TokenId, name: &str) -> CombatCommand {
    CombatCommand::ApplyCondition(ActiveCondition {
        token,
        name: name.into(),
        duration: Duration::Rounds {
            remaining: 1,
            from: None,
        },
        system: None,
    })
}

fn has(doc: &Document, token: TokenId, name: &str) -> bool {
    doc.encounter
        .combat
        .conditions
        .iter()
        .any(|c| c.token == token && c.name == name)
}

/// GFH, Turns & Order with the texts' one-round effects ("until the start of your next turn",
/// Reckless Attack; Evening's Defend "until the beginning of your next turn"): a condition
/// lasting 1 round covers a whole round from when it is applied. The demo's woven order is
/// Kestrel, Goblin Skulker, Bram, Goblin Archer, Ysolde, Hobgoblin Sergeant, Pip, Mill Ogre,
/// Giant Rat (nine turns a round). On Kestrel's turn she makes herself Mobile and Bram
/// Focused, each for 1 round: both outlast her own turn's end and Bram's whole turn, are
/// still there on the Giant Rat's turn (8 turns on), and wear off as Kestrel's next turn
/// begins (the 9th), logged; one undo brings them back.
#[test]
fn one_round_put_on_yourself_or_another_on_your_turn_lasts_to_your_next_turn() {
    let mut doc = demo_doc();
    start_round_the_table(&mut doc);
    let (kestrel, bram) = (TokenId(1), TokenId(2));
    assert_eq!(
        doc.encounter.combat.initiative.current_token(),
        Some(kestrel)
    );
    combat(&mut doc, one_round_of(kestrel, "Mobile"));
    combat(&mut doc, one_round_of(bram, "Focused"));
    for turn in 1..=8 {
        combat(&mut doc, CombatCommand::NextTurn { pick: None });
        assert!(has(&doc, kestrel, "Mobile"), "turn {turn}");
        assert!(has(&doc, bram, "Focused"), "turn {turn}");
    }
    assert_eq!(
        doc.encounter.combat.initiative.current_token(),
        Some(TokenId(9))
    );
    combat(&mut doc, CombatCommand::NextTurn { pick: None });
    let init = &doc.encounter.combat.initiative;
    assert_eq!((init.round, init.current_token()), (2, Some(kestrel)));
    assert!(doc.encounter.combat.conditions.is_empty());
    let worn_off: Vec<(&str, &str)> = doc
        .encounter
        .combat
        .log
        .iter()
        .filter(|e| e.result == "wears off")
        .map(|e| (e.who.as_str(), e.what.as_str()))
        .collect();
    assert_eq!(worn_off, vec![("Kestrel", "Mobile"), ("Bram", "Focused")]);
    doc.undo().unwrap();
    assert_eq!(
        doc.encounter.combat.conditions.len(),
        2,
        "undo brings them back"
    );
}

/// The same count from someone else's turn: on the Goblin Skulker's turn (second in the
/// order), Bram is made Focused for 2 rounds; it lasts through two whole rounds and wears off
/// as the Skulker's turn begins in round 3 (18 turns on), not at any of Bram's turns.
#[test]
fn rounds_put_on_another_count_from_the_appliers_turn() {
    let mut doc = demo_doc();
    start_round_the_table(&mut doc);
    let (skulker, bram) = (TokenId(5), TokenId(2));
    combat(&mut doc, CombatCommand::NextTurn { pick: None });
    assert_eq!(
        doc.encounter.combat.initiative.current_token(),
        Some(skulker)
    );
    combat(
        &mut doc,
        CombatCommand::ApplyCondition(ActiveCondition {
            token: bram,
            name: "Focused".into(),
            duration: Duration::Rounds {
                remaining: 2,
                from: None,
            },
            system: None,
        }),
    );
    for turn in 1..=17 {
        combat(&mut doc, CombatCommand::NextTurn { pick: None });
        assert!(has(&doc, bram, "Focused"), "turn {turn}");
    }
    combat(&mut doc, CombatCommand::NextTurn { pick: None });
    let init = &doc.encounter.combat.initiative;
    assert_eq!((init.round, init.current_token()), (3, Some(skulker)));
    assert!(!has(&doc, bram, "Focused"));
}

/// Put on before the fight (no one's turn), "1 round" is the first round: it wears off as
/// round 2 begins.
#[test]
fn one_round_before_the_fight_is_the_first_round() {
    let mut doc = demo_doc();
    let bram = TokenId(2);
    combat(&mut doc, one_round_of(bram, "Focused"));
    start_round_the_table(&mut doc);
    for _ in 0..8 {
        combat(&mut doc, CombatCommand::NextTurn { pick: None });
        assert!(has(&doc, bram, "Focused"));
    }
    combat(&mut doc, CombatCommand::NextTurn { pick: None });
    assert_eq!(doc.encounter.combat.initiative.round, 2);
    assert!(!has(&doc, bram, "Focused"));
}

/// An applier who leaves the fight has no next turn to end the round on: its "1 round"
/// then ends as the next round begins. Kestrel makes Bram Focused on her turn and leaves once
/// it has passed; the eight turns left in round 1 (the Skulker's to the Giant Rat's) keep it,
/// round 2 ends it.
#[test]
fn rounds_from_a_combatant_who_left_end_with_the_round() {
    let mut doc = demo_doc();
    start_round_the_table(&mut doc);
    let (kestrel, bram) = (TokenId(1), TokenId(2));
    combat(&mut doc, one_round_of(bram, "Focused"));
    combat(&mut doc, CombatCommand::NextTurn { pick: None });
    combat(&mut doc, CombatCommand::Leave(kestrel));
    for _ in 0..8 {
        assert!(has(&doc, bram, "Focused"));
        combat(&mut doc, CombatCommand::NextTurn { pick: None });
    }
    assert_eq!(doc.encounter.combat.initiative.round, 2);
    assert!(!has(&doc, bram, "Focused"));
}

/// GFH, Dirty Trick: "The target is Distracted until end of round". Put on the Goblin Archer
/// on Kestrel's turn (the first of nine), it lasts through the other eight turns of round 1,
/// including the Archer's own, and wears off as round 2 begins.
#[test]
fn until_end_of_round_wears_off_as_the_next_round_begins() {
    let mut doc = demo_doc();
    start_round_the_table(&mut doc);
    let archer = TokenId(6);
    combat(
        &mut doc,
        CombatCommand::ApplyCondition(ActiveCondition {
            token: archer,
            name: "Distracted".into(),
            duration: Duration::EndOfRound,
            system: None,
        }),
    );
    for turn in 1..=8 {
        combat(&mut doc, CombatCommand::NextTurn { pick: None });
        assert!(has(&doc, archer, "Distracted"), "turn {turn}");
    }
    combat(&mut doc, CombatCommand::NextTurn { pick: None });
    assert_eq!(doc.encounter.combat.initiative.round, 2);
    assert!(!has(&doc, archer, "Distracted"));
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
            system: None,
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
            pick: None,
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

fn evening_doc_with_aldric_down() -> Document {
    use lantern::rules::evening::EveningToken;
    use lantern::rules::{TokenTrackers, TrackerCommand};
    let mut doc = Document::new(Demo::EveningHex.encounter().unwrap(), None);
    let trackers = TokenTrackers::Evening(EveningToken {
        health: 0,
        max_health: 12,
        ..EveningToken::default()
    });
    // The demo's Aldric carries his own Evening sheet: this one, at 0 health, replaces it.
    doc.apply(Command::Tracker(TrackerCommand::RestoreToken {
        token: TokenId(1),
        trackers: Box::new(trackers),
    }))
    .unwrap();
    let combatants = vec![
        lantern::combat::initiative::Combatant::new(TokenId(1)),
        lantern::combat::initiative::Combatant::new(TokenId(2)),
    ];
    combat(
        &mut doc,
        CombatCommand::StartInitiative {
            mode: Mode::Ordered,
            combatants,
            surprise_round: false,
            pick: None,
        },
    );
    doc
}

fn evening_health(doc: &Document, token: TokenId) -> (u32, bool) {
    match doc.encounter.sheet(token) {
        Some(lantern::rules::TokenTrackers::Evening(t)) => (t.health, t.is_dead()),
        other => panic!("no Evening trackers: {other:?}"),
    }
}

#[test]
fn death_saves_are_counted_once_a_turn_and_a_natural_20_recovers() {
    let mut doc = evening_doc_with_aldric_down();
    let aldric = TokenId(1);
    combat(
        &mut doc,
        CombatCommand::DeathSave {
            token: aldric,
            d20: 12,
        },
    );
    let err = doc
        .apply(Command::Combat(CombatCommand::DeathSave {
            token: aldric,
            d20: 3,
        }))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "this combatant already made its death save this round"
    );
    let last = doc.encounter.combat.log.last().unwrap();
    assert_eq!(
        (last.what.as_str(), last.dice.as_str(), last.result.as_str()),
        (
            "Death save",
            "d20: 12 (one success)",
            "1 success, 0 failures"
        )
    );
    // Mirelle's turn, then round 2 comes back to Aldric.
    combat(&mut doc, CombatCommand::NextTurn { pick: None });
    combat(&mut doc, CombatCommand::NextTurn { pick: None });
    combat(
        &mut doc,
        CombatCommand::DeathSave {
            token: aldric,
            d20: 20,
        },
    );
    assert_eq!(evening_health(&doc, aldric), (1, false));
    assert!(!doc.encounter.combat.death_saves.contains_key(&aldric));
    assert_eq!(
        doc.encounter.combat.log.last().unwrap().result,
        "recovers with 1 health"
    );
    doc.undo().unwrap();
    assert_eq!(evening_health(&doc, aldric), (0, false));
    assert_eq!(doc.encounter.combat.death_saves[&aldric].saves.successes, 1);
}

#[test]
fn three_failed_death_saves_kill_and_first_aid_stabilizes() {
    let mut doc = evening_doc_with_aldric_down();
    let aldric = TokenId(1);
    combat(
        &mut doc,
        CombatCommand::DeathSave {
            token: aldric,
            d20: 1,
        },
    );
    combat(&mut doc, CombatCommand::NextTurn { pick: None });
    combat(&mut doc, CombatCommand::NextTurn { pick: None });
    combat(
        &mut doc,
        CombatCommand::DeathSave {
            token: aldric,
            d20: 7,
        },
    );
    assert_eq!(evening_health(&doc, aldric), (0, true));
    assert_eq!(
        doc.encounter.combat.log.last().unwrap().result,
        "three failures: dies"
    );
    doc.undo().unwrap();
    combat(&mut doc, CombatCommand::Stabilize { token: aldric });
    assert!(doc.encounter.combat.death_saves[&aldric].stable);
    let err = doc
        .apply(Command::Combat(CombatCommand::DeathSave {
            token: aldric,
            d20: 15,
        }))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "a stabilized combatant makes no more death saves"
    );
    // Death saves survive a save and load.
    let json = lantern::files::encounter_to_json(&doc.encounter).unwrap();
    assert_eq!(
        lantern::files::encounter_from_json(&json).unwrap(),
        doc.encounter
    );
}

fn until_removed(token: TokenId, name: &str) -> CombatCommand {
    CombatCommand::ApplyCondition(ActiveCondition {
        token,
        name: name.into(),
        duration: Duration::UntilRemoved,
        system: None,
    })
}

#[test]
fn shaken_sets_a_die_aside_and_bolstered_cancels_it_back() {
    let mut doc = demo_doc();
    let pip = TokenId(4);
    let m = |action| CombatCommand::Momentum { owner: pip, action };
    combat(&mut doc, m(MomentumAction::Create { size: 3 }));
    combat(
        &mut doc,
        m(MomentumAction::Prepare {
            from: Zone::Stamina,
        }),
    );
    combat(&mut doc, until_removed(pip, "Shaken"));
    let pool = &doc.encounter.combat.momentum[&pip];
    assert_eq!(
        (pool.dice.len(), pool.size(), pool.count(Zone::Stamina)),
        (2, 3, 1)
    );
    assert_eq!(pool.set_aside, vec![Zone::Stamina]);
    assert_eq!(
        doc.encounter.combat.log.last().unwrap().result,
        "now until removed; a Stamina die is set aside"
    );
    combat(&mut doc, until_removed(pip, "Bolstered"));
    let pool = &doc.encounter.combat.momentum[&pip];
    assert_eq!((pool.dice.len(), pool.count(Zone::Stamina)), (3, 2));
    assert!(pool.set_aside.is_empty() && doc.encounter.combat.conditions.is_empty());
    doc.undo().unwrap();
    assert_eq!(doc.encounter.combat.momentum[&pip].dice.len(), 2);
}

#[test]
fn a_beat_knocks_out_and_rolls_the_wound_in_the_same_step() {
    use lantern::combat::command::KnockOut;
    use lantern::rules::go_forth_heroes::{Attributes, Defense, GfhToken, Severity};
    use lantern::rules::{TokenTrackers, TrackerCommand};
    let mut doc = demo_doc();
    let bram = TokenId(2);
    let hero = GfhToken {
        attributes: Attributes {
            presence: 2,
            vigor: 1,
            ..Attributes::default()
        },
        ..GfhToken::default()
    };
    // The demo's Bram carries his own GFH sheet: this one replaces it.
    doc.apply(Command::Tracker(TrackerCommand::RestoreToken {
        token: bram,
        trackers: Box::new(TokenTrackers::GoForthHeroes(hero)),
    }))
    .unwrap();
    let m = |action| CombatCommand::Momentum {
        owner: bram,
        action,
    };
    combat(&mut doc, m(MomentumAction::Create { size: 1 }));
    let knock = MomentumAction::KnockOut(KnockOut {
        defense: Defense::Soul,
        d20: 1,
        d8: 1,
        d4: 2,
    });
    assert!(
        doc.apply(Command::Combat(m(knock.clone()))).is_err(),
        "no Beat while a die is out of Fatigue"
    );
    combat(&mut doc, m(MomentumAction::Hit { die: Some(0) }));
    combat(&mut doc, m(knock));
    let Some(TokenTrackers::GoForthHeroes(t)) = doc.encounter.sheet(bram) else {
        panic!("Bram lost his trackers");
    };
    // 1 + Presence 2 + Vigor 1 = 4: a Vicious Wound for the d4's 2 sessions; a 1 on Soul is Shaken.
    assert_eq!(
        (t.wounds[0].severity, t.wounds[0].sessions_left),
        (Severity::Vicious, 2)
    );
    let names: Vec<&str> = doc
        .encounter
        .combat
        .conditions
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(names, vec!["Knocked out", "Shaken"]);
    let beat = doc
        .encounter
        .combat
        .log
        .iter()
        .find(|e| e.what == "Beat: knocked out")
        .unwrap();
    assert_eq!(beat.result, "Vicious Wound, 2 sessions: Shaken");
    assert_eq!(beat.dice, "Severity d20: 1 → 4; Soul chart d8: 1");
    doc.undo().unwrap();
    assert!(doc.encounter.combat.conditions.is_empty());
    assert!(matches!(
        doc.encounter.sheet(bram),
        Some(TokenTrackers::GoForthHeroes(t)) if t.wounds.is_empty()
    ));
}

#[test]
fn rally_reaches_a_close_ally_and_refuses_a_far_one() {
    let mut doc = demo_doc();
    let (kestrel, bram, ysolde) = (TokenId(1), TokenId(2), TokenId(3));
    for hero in [bram, ysolde] {
        let m = |action| CombatCommand::Momentum {
            owner: hero,
            action,
        };
        combat(&mut doc, m(MomentumAction::Create { size: 2 }));
        combat(&mut doc, m(MomentumAction::Hit { die: Some(0) }));
    }
    let rally = |owner| {
        Command::Combat(CombatCommand::Momentum {
            owner,
            action: MomentumAction::RalliedBy { by: kestrel },
        })
    };
    doc.apply(rally(bram)).unwrap();
    assert_eq!(doc.encounter.combat.momentum[&bram].count(Zone::Fatigue), 0);
    assert_eq!(
        doc.encounter.combat.log.last().unwrap().result,
        "Kestrel (Close) rallies them: a die recovers from Fatigue to Stamina"
    );
    let err = doc.apply(rally(ysolde)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Kestrel to Ysolde is Nearby: Rally reaches only a Close ally"
    );
    assert_eq!(
        doc.encounter.combat.momentum[&ysolde].count(Zone::Fatigue),
        1
    );
}

#[test]
fn conditions_limit_the_turn_economy_with_their_reason() {
    use lantern::combat::initiative::EconomyPart;
    let mut doc = demo_doc();
    start_round_the_table(&mut doc);
    let kestrel = TokenId(1);
    combat(&mut doc, until_removed(kestrel, "Staggered"));
    let economy = |part| {
        Command::Combat(CombatCommand::UseEconomy {
            token: kestrel,
            part,
        })
    };
    doc.apply(economy(EconomyPart::Movement(2))).unwrap();
    let err = doc.apply(economy(EconomyPart::Action)).unwrap_err();
    assert_eq!(err.to_string(), "Staggered: it moved, so no Action");
    combat(&mut doc, until_removed(kestrel, "Stunned"));
    let err = doc.apply(economy(EconomyPart::Reaction)).unwrap_err();
    assert_eq!(err.to_string(), "Stunned: no actions or reactions");
    // Trapped stops movement through the speed after conditions.
    combat(&mut doc, until_removed(kestrel, "Trapped"));
    let err = doc.apply(economy(EconomyPart::Movement(1))).unwrap_err();
    assert_eq!(err.to_string(), "that needs 1 movement and only 0 is left");
}

/// A GFH document where Bram (token 2) carries one Shallow Wound from `defense`'s chart face
/// `d8`, and has a momentum pool of two dice with one die in Fatigue.
fn bram_wounded(defense: lantern::rules::go_forth_heroes::Defense, d8: u8) -> (Document, TokenId) {
    use lantern::rules::go_forth_heroes::{GfhToken, Severity, Wound};
    use lantern::rules::{TokenTrackers, TrackerCommand};
    let mut doc = demo_doc();
    let bram = TokenId(2);
    let hero = GfhToken {
        wounds: vec![Wound {
            defense,
            severity: Severity::Shallow,
            effect_roll: d8,
            sessions_left: 0,
        }],
        ..GfhToken::default()
    };
    // The demo's Bram carries his own GFH sheet: this one replaces it.
    doc.apply(Command::Tracker(TrackerCommand::RestoreToken {
        token: bram,
        trackers: Box::new(TokenTrackers::GoForthHeroes(hero)),
    }))
    .unwrap();
    let m = |action| CombatCommand::Momentum {
        owner: bram,
        action,
    };
    combat(&mut doc, m(MomentumAction::Create { size: 2 }));
    combat(&mut doc, m(MomentumAction::Hit { die: Some(1) }));
    (doc, bram)
}

/// Heals Bram's first Wound through the trackers (a Reason check or a rest, say).
fn heal_first_wound(doc: &mut Document, bram: TokenId) {
    use lantern::rules::go_forth_heroes::GfhChange;
    use lantern::rules::{TokenChange, TrackerCommand};
    doc.apply(Command::Tracker(TrackerCommand::Token {
        token: bram,
        change: TokenChange::GoForthHeroes(GfhChange::RemoveWound(0)),
    }))
    .unwrap();
}

fn momentum(owner: TokenId, action: MomentumAction) -> Command {
    Command::Combat(CombatCommand::Momentum { owner, action })
}

fn zones(doc: &Document, hero: TokenId) -> Vec<Zone> {
    doc.encounter.combat.momentum[&hero]
        .dice
        .iter()
        .map(|d| d.zone)
        .collect()
}

#[test]
fn a_body_8_wound_refuses_prepare_until_it_heals() {
    use lantern::rules::go_forth_heroes::Defense;
    let (mut doc, bram) = bram_wounded(Defense::Body, 8);
    let before = zones(&doc, bram);
    let steps = doc.history().undo_label();
    let prepare = momentum(
        bram,
        MomentumAction::Prepare {
            from: Zone::Stamina,
        },
    );
    let err = doc.apply(prepare.clone()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Bram cannot Prepare: the Shallow Body Wound forbids it"
    );
    // Prepare by dragging Stamina to Power, or Fatigue back to Stamina by button, is refused too.
    let drag = MomentumAction::MoveDie {
        die: 0,
        to: Zone::Power,
    };
    assert!(doc.apply(momentum(bram, drag)).is_err());
    let recover = MomentumAction::Prepare {
        from: Zone::Fatigue,
    };
    assert!(doc.apply(momentum(bram, recover)).is_err());
    assert_eq!(zones(&doc, bram), before, "a refusal changes nothing");
    assert_eq!(
        doc.history().undo_label(),
        steps,
        "and records no undo step"
    );
    heal_first_wound(&mut doc, bram);
    doc.apply(prepare).unwrap();
    assert_eq!(zones(&doc, bram), vec![Zone::Power, Zone::Fatigue]);
    doc.undo().unwrap();
    assert_eq!(zones(&doc, bram), before);
    doc.undo().unwrap();
    assert!(
        doc.apply(momentum(
            bram,
            MomentumAction::Prepare {
                from: Zone::Stamina
            }
        ))
        .is_err(),
        "undoing the healing brings the Wound and its refusal back"
    );
}

#[test]
fn a_mind_7_wound_refuses_every_way_to_lock_momentum() {
    use lantern::combat::momentum::{Lock, LockPurpose};
    use lantern::rules::go_forth_heroes::Defense;
    let (mut doc, bram) = bram_wounded(Defense::Mind, 7);
    let lock = MomentumAction::Lock {
        die: 0,
        lock: Lock {
            purpose: LockPurpose::Effect {
                name: "Hold Court".into(),
            },
            release_to: Zone::Stamina,
        },
    };
    let err = doc.apply(momentum(bram, lock.clone())).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Bram cannot Lock momentum: the Shallow Mind Wound forbids it"
    );
    let defend = MomentumAction::IncreaseDefense { die: 0, value: 4 };
    assert!(doc.apply(momentum(bram, defend)).is_err());
    let drag = MomentumAction::MoveDie {
        die: 0,
        to: Zone::Locked,
    };
    assert!(doc.apply(momentum(bram, drag)).is_err());
    assert_eq!(zones(&doc, bram), vec![Zone::Stamina, Zone::Fatigue]);
    // Other moves are untouched by this Wound.
    doc.apply(momentum(
        bram,
        MomentumAction::Prepare {
            from: Zone::Stamina,
        },
    ))
    .unwrap();
    doc.undo().unwrap();
    heal_first_wound(&mut doc, bram);
    doc.apply(momentum(bram, lock)).unwrap();
    assert_eq!(zones(&doc, bram), vec![Zone::Locked, Zone::Fatigue]);
    doc.undo().unwrap();
    assert_eq!(zones(&doc, bram), vec![Zone::Stamina, Zone::Fatigue]);
}

#[test]
fn a_mind_8_wound_stops_the_hero_rallying_but_not_being_rallied() {
    use lantern::rules::go_forth_heroes::Defense;
    let (mut doc, bram) = bram_wounded(Defense::Mind, 8);
    let kestrel = TokenId(1);
    combat(
        &mut doc,
        CombatCommand::Momentum {
            owner: kestrel,
            action: MomentumAction::Create { size: 1 },
        },
    );
    combat(
        &mut doc,
        CombatCommand::Momentum {
            owner: kestrel,
            action: MomentumAction::Hit { die: Some(0) },
        },
    );
    let err = doc
        .apply(momentum(bram, MomentumAction::Rally))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Bram cannot Rally: the Shallow Mind Wound forbids it"
    );
    let err = doc
        .apply(momentum(kestrel, MomentumAction::RalliedBy { by: bram }))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Bram cannot Rally: the Shallow Mind Wound forbids it"
    );
    // Kestrel, unwounded and Close, can still rally Bram.
    doc.apply(momentum(bram, MomentumAction::RalliedBy { by: kestrel }))
        .unwrap();
    assert_eq!(zones(&doc, bram), vec![Zone::Stamina, Zone::Stamina]);
    doc.undo().unwrap();
    heal_first_wound(&mut doc, bram);
    doc.apply(momentum(bram, MomentumAction::Rally)).unwrap();
    assert_eq!(zones(&doc, bram), vec![Zone::Stamina, Zone::Stamina]);
    doc.undo().unwrap();
    assert_eq!(zones(&doc, bram), vec![Zone::Stamina, Zone::Fatigue]);
}

#[test]
fn a_soul_2_wound_refuses_a_hold_but_not_acting_now() {
    use lantern::rules::go_forth_heroes::Defense;
    let (mut doc, bram) = bram_wounded(Defense::Soul, 2);
    start_round_the_table(&mut doc);
    let held = |held| Command::Combat(CombatCommand::SetHeld { token: bram, held });
    let err = doc.apply(held(true)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Bram cannot Hold: the Shallow Soul Wound forbids it"
    );
    let bram_held = |doc: &Document| {
        let init = &doc.encounter.combat.initiative;
        init.combatants[init.position(bram).unwrap()].held
    };
    assert!(!bram_held(&doc));
    heal_first_wound(&mut doc, bram);
    doc.apply(held(true)).unwrap();
    assert!(bram_held(&doc));
    doc.undo().unwrap();
    assert!(!bram_held(&doc));
}

#[test]
fn a_wound_makes_checks_with_its_attribute_hard_and_names_itself() {
    use lantern::combat::effective::{CheckEffects, add_wound_effects};
    use lantern::rules::go_forth_heroes::{Attribute, Defense};
    let (mut doc, bram) = bram_wounded(Defense::Body, 4);
    let effects = |doc: &Document, attribute| {
        let mut e = CheckEffects::default();
        add_wound_effects(&mut e, &doc.encounter, bram, attribute);
        e
    };
    let might = effects(&doc, Attribute::Might);
    assert!(might.harder && might.wounded);
    assert_eq!(
        might.reasons,
        vec!["Shallow Body Wound: Might checks Hard".to_owned()]
    );
    assert!(!effects(&doc, Attribute::Agility).any());
    assert!(!effects(&doc, Attribute::Might).easier);
    heal_first_wound(&mut doc, bram);
    assert!(!effects(&doc, Attribute::Might).any());
    doc.undo().unwrap();
    assert!(effects(&doc, Attribute::Might).harder);
}

#[test]
fn a_soul_8_wound_takes_a_momentum_die_for_good_in_the_knockout_step() {
    use lantern::combat::command::KnockOut;
    let mut doc = demo_doc();
    let bram = TokenId(2);
    combat(
        &mut doc,
        CombatCommand::Momentum {
            owner: bram,
            action: MomentumAction::Create { size: 3 },
        },
    );
    for die in 0..3 {
        combat(
            &mut doc,
            CombatCommand::Momentum {
                owner: bram,
                action: MomentumAction::Hit { die: Some(die) },
            },
        );
    }
    // Default attributes: d20 10 is a Shallow Wound; d8 8 on Soul loses a die.
    let knock = MomentumAction::KnockOut(KnockOut {
        defense: lantern::rules::go_forth_heroes::Defense::Soul,
        d20: 10,
        d8: 8,
        d4: 1,
    });
    doc.apply(momentum(bram, knock)).unwrap();
    assert_eq!(doc.encounter.combat.momentum[&bram].size(), 2);
    assert_eq!(
        doc.encounter.combat.log.last().unwrap().result,
        "one momentum die is lost for good: the pool is now 2 dice"
    );
    doc.undo().unwrap();
    assert_eq!(doc.encounter.combat.momentum[&bram].size(), 3);
}

#[test]
fn a_body_2_wound_shortens_the_move_before_conditions_and_the_economy_agrees() {
    use lantern::combat::initiative::EconomyPart;
    use lantern::combat::wounds::token_speed;
    use lantern::rules::go_forth_heroes::Defense;
    let (mut doc, bram) = bram_wounded(Defense::Body, 2);
    // GFH, Grid Play: "Move = 4 + Agility squares"; Bram's attributes are all 0.
    let base = 4;
    let speed =
        |doc: &Document| token_speed(&doc.encounter, &doc.encounter.combat.conditions, bram);
    assert_eq!(speed(&doc).value, base - 2);
    assert_eq!(
        speed(&doc).reasons,
        vec![
            "Move 4 + Agility 0 (GFH, Grid Play)".to_owned(),
            "Shallow Body Wound: Move reduced by 2".to_owned()
        ]
    );

    // The turn economy spends movement against the same number, on Bram's turn.
    start_round_the_table(&mut doc);
    while doc.encounter.combat.initiative.current_token() != Some(bram) {
        combat(&mut doc, CombatCommand::NextTurn { pick: None });
    }
    let moves = |n| {
        Command::Combat(CombatCommand::UseEconomy {
            token: bram,
            part: EconomyPart::Movement(n),
        })
    };
    let err = doc.apply(moves(base - 1)).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "that needs {} movement and only {} is left",
            base - 1,
            base - 2
        )
    );

    // Mobile doubles the shortened Move; healing the Wound gives the full Move back.
    combat(&mut doc, until_removed(bram, "Mobile"));
    assert_eq!(speed(&doc).value, (base - 2) * 2);
    heal_first_wound(&mut doc, bram);
    assert_eq!(speed(&doc).value, base * 2);
}

#[test]
fn a_wound_from_the_tracker_applies_its_chart_effects_like_a_beat() {
    // GFH, Determining the Wound: a 1 on the Mind chart is the Dazed Condition, an 8 on the
    // Soul chart loses 1 Momentum permanently, whichever way the Wound was taken.
    use lantern::rules::TokenTrackers;
    use lantern::rules::go_forth_heroes::{Defense, Severity, Wound};
    let mut doc = demo_doc();
    let bram = TokenId(2);
    combat(
        &mut doc,
        CombatCommand::Momentum {
            owner: bram,
            action: MomentumAction::Create { size: 3 },
        },
    );
    let wound = |defense, effect_roll| Wound {
        defense,
        severity: Severity::Shallow,
        effect_roll,
        sessions_left: 0,
    };
    combat(
        &mut doc,
        CombatCommand::TakeWound {
            token: bram,
            wound: wound(Defense::Mind, 1),
        },
    );
    assert!(
        doc.encounter
            .combat
            .conditions
            .iter()
            .any(|c| c.token == bram && c.name == "Dazed")
    );
    combat(
        &mut doc,
        CombatCommand::TakeWound {
            token: bram,
            wound: wound(Defense::Soul, 8),
        },
    );
    assert_eq!(doc.encounter.combat.momentum[&bram].size(), 2);
    let Some(TokenTrackers::GoForthHeroes(t)) = doc.encounter.sheet(bram) else {
        panic!("Bram has no trackers");
    };
    assert_eq!(t.wounds.len(), 2);
    // One undo step each: the second undo takes the Dazed Condition and the first Wound away.
    doc.undo().unwrap();
    assert_eq!(doc.encounter.combat.momentum[&bram].size(), 3);
    doc.undo().unwrap();
    assert!(doc.encounter.combat.conditions.is_empty());
    // A chart roll off the d8 is refused and changes nothing.
    assert!(
        doc.apply(Command::Combat(CombatCommand::TakeWound {
            token: bram,
            wound: wound(Defense::Body, 9),
        }))
        .is_err()
    );
}

#[test]
fn evening_exhaustion_halves_the_speed_at_two_and_stops_it_at_five() {
    // Evening, Exhaustion: level 2 "speed halved", level 5 "speed reduced to 0".
    use lantern::combat::wounds::token_speed;
    use lantern::rules::evening::{EveningChange, EveningToken};
    use lantern::rules::{TokenChange, TokenTrackers, TrackerCommand};
    let mut doc = Document::new(Demo::EveningHex.encounter().unwrap(), None);
    let who = TokenId(1);
    // The demo's Aldric carries his own Evening sheet: this one replaces it.
    doc.apply(Command::Tracker(TrackerCommand::RestoreToken {
        token: who,
        trackers: Box::new(TokenTrackers::Evening(EveningToken {
            health: 10,
            max_health: 10,
            ..EveningToken::default()
        })),
    }))
    .unwrap();
    let base = doc.encounter.token(who).unwrap().speed_cells;
    let mut at = |level| {
        doc.apply(Command::Tracker(TrackerCommand::Token {
            token: who,
            change: TokenChange::Evening(EveningChange::SetExhaustion(level)),
        }))
        .unwrap();
        token_speed(&doc.encounter, &doc.encounter.combat.conditions, who).value
    };
    assert_eq!(at(1), base);
    assert_eq!(at(2), base / 2);
    assert_eq!(at(4), base / 2);
    assert_eq!(at(5), 0);
}
