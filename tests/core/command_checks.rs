//! Issue 26, cases 3 and 9: what the loader refuses, no command may make. Each command below
//! is one a replay script (`examples/replay.rs`, which applies them through `Document`) or a
//! hand-edited file could carry; each is refused with the loader's words and changes nothing.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use lantern::combat::command::CombatCommand;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::files::{encounter_from_json, encounter_to_json};
use lantern::model::conditions::{ActiveCondition, Duration};
use lantern::model::death_saves::DeathSaveState;
use lantern::model::initiative::{Combatant, InitiativeRoll, Mode};
use lantern::model::momentum::MomentumPool;
use lantern::model::trackers::evening::EveningEncounterChange;
use lantern::model::trackers::post_core::ClockChange;
use lantern::model::trackers::road_and_ruin::RosterChange;
use lantern::model::trackers::{EncounterChange, TrackerCommand};
use lantern::model::{
    CombatState, Command, CustomBand, EmbeddedImage, Encounter, ImageId, LogEntry, TokenId,
};

fn doc(demo: Demo) -> Document {
    Document::new(demo.encounter().unwrap(), None)
}

/// Applies `command`, expecting a refusal that contains `expected` and changes nothing.
fn refused(doc: &mut Document, command: Command, expected: &str) {
    let before = doc.encounter.clone();
    let label = format!("{command:?}").chars().take(120).collect::<String>();
    match doc.apply(command) {
        Ok(()) => panic!("{label} was applied"),
        Err(err) => assert!(
            err.to_string().contains(expected),
            "{label}: {err}\nexpected: {expected}"
        ),
    }
    assert_eq!(doc.encounter, before, "{label} changed the encounter");
}

fn combat(c: CombatCommand) -> Command {
    Command::Combat(c)
}

fn rolled(token: u64, d20: u8, bonus: i32) -> Combatant {
    Combatant {
        roll: Some(InitiativeRoll {
            d20,
            bonus,
            rolloffs: Vec::new(),
        }),
        ..Combatant::new(TokenId(token))
    }
}

fn start(mode: Mode, combatants: Vec<Combatant>) -> Command {
    combat(CombatCommand::StartInitiative {
        mode,
        combatants,
        surprise_round: false,
        pick: None,
    })
}

#[test]
fn case9_set_combat_past_the_loaders_round_is_refused() {
    let mut doc = doc(Demo::GoForthHeroes);
    let mut state = CombatState::default();
    state.initiative.round = 4_000_000_000;
    refused(
        &mut doc,
        Command::SetCombat(Box::new(state)),
        "the fight is in round 4000000000; Lantern counts up to round 1000000",
    );
    let mut state = CombatState::default();
    state.initiative.current = Some(3);
    refused(
        &mut doc,
        Command::SetCombat(Box::new(state)),
        "the turn marker (`current`) is 3, but the turn order is empty",
    );
}

#[test]
fn case9_starting_or_joining_with_tokens_that_do_not_exist_is_refused() {
    let mut doc = doc(Demo::GoForthHeroes);
    let missing = "is token 99, which the encounter does not hold";
    refused(
        &mut doc,
        start(
            Mode::Ordered,
            vec![Combatant::new(TokenId(1)), Combatant::new(TokenId(99))],
        ),
        missing,
    );
    doc.apply(start(Mode::Ordered, vec![Combatant::new(TokenId(1))]))
        .unwrap();
    refused(
        &mut doc,
        combat(CombatCommand::Join(Combatant::new(TokenId(99)))),
        missing,
    );
    refused(
        &mut doc,
        combat(CombatCommand::Join(Combatant::new(TokenId(1)))),
        "already in the initiative",
    );
}

#[test]
fn case9_an_evening_roll_off_the_die_or_past_any_finesse_is_refused() {
    let mut doc = doc(Demo::EveningHex);
    refused(
        &mut doc,
        start(Mode::Rolled, vec![rolled(1, 255, 0), rolled(4, 12, 1)]),
        "its initiative d20 shows 255; a d20 shows 1 to 20",
    );
    for bonus in [i32::MIN, i32::MAX, 1_001] {
        refused(
            &mut doc,
            start(Mode::Rolled, vec![rolled(1, 14, bonus), rolled(4, 12, 1)]),
            &format!("its initiative bonus is {bonus}; Lantern allows -1000 to 1000"),
        );
    }
    doc.apply(start(
        Mode::Rolled,
        vec![rolled(1, 20, 1_000), rolled(4, 1, -1_000)],
    ))
    .unwrap();
    let mut late = rolled(2, 0, 0);
    late.roll.as_mut().unwrap().rolloffs = vec![7];
    refused(
        &mut doc,
        combat(CombatCommand::Join(late)),
        "its initiative d20 shows 0",
    );
}

#[test]
fn case9_a_condition_on_a_missing_token_or_for_ever_is_refused() {
    let mut doc = doc(Demo::GoForthHeroes);
    let condition = |token, remaining| {
        combat(CombatCommand::ApplyCondition(ActiveCondition {
            token: TokenId(token),
            name: "Dazed".into(),
            duration: Duration::Rounds {
                remaining,
                from: None,
            },
            system: None,
        }))
    };
    refused(&mut doc, condition(99, 1), "there is no token 99");
    refused(
        &mut doc,
        condition(1, 4_000_000_000),
        "lasts 4000000000 more rounds; Lantern counts up to 1000000",
    );
}

/// Case 9's files: a fight that names token 999 is refused, whatever names it.
#[test]
fn case9_a_file_naming_token_999_in_its_fight_says_so_and_no_command_makes_one() {
    type Edit = fn(&mut Encounter);
    let cases: [(Edit, &str); 5] = [
        (
            |e| {
                e.combat
                    .initiative
                    .combatants
                    .push(Combatant::new(TokenId(999)));
                e.combat.initiative.round = 1;
            },
            "the turn order's combatant 1 is token 999, which the encounter does not hold",
        ),
        (
            |e| {
                e.combat.conditions.push(ActiveCondition {
                    token: TokenId(999),
                    name: "Prone".into(),
                    duration: Duration::UntilRemoved,
                    system: None,
                });
            },
            "a condition is on token 999, which the encounter does not hold",
        ),
        (
            |e| {
                e.combat
                    .death_saves
                    .insert(TokenId(999), DeathSaveState::default());
            },
            "death saves are kept for token 999, which the encounter does not hold",
        ),
        (
            |e| {
                e.combat
                    .momentum
                    .insert(TokenId(999), MomentumPool::with_size(3));
            },
            "a momentum pool belongs to token 999, which the encounter does not hold",
        ),
        (
            |e| {
                let trackers = lantern::rules::system(e.system).new_token_trackers();
                e.combat.trackers.insert(TokenId(999), trackers);
            },
            "trackers are kept for token 999, which the encounter does not hold",
        ),
    ];
    for (edit, expected) in cases {
        let mut encounter = Demo::GoForthHeroes.encounter().unwrap();
        let clean = encounter.clone();
        edit(&mut encounter);
        // Lanterns before deleting a token cleared its fight saved such files: the file opens
        // without what names the missing token, and the loader says what it let go.
        let bytes = encounter_to_json(&encounter).unwrap();
        let (opened, note) = lantern::files::encounter_from_json_noting(&bytes).unwrap();
        let note = note.unwrap_or_default();
        assert!(note.contains("no longer on the map"), "{note}");
        let mut expect = clean.clone();
        expect.combat.initiative.round = opened.combat.initiative.round;
        assert_eq!(opened.combat, expect.combat);
        // And no command puts the same state back.
        let mut doc = doc(Demo::GoForthHeroes);
        refused(
            &mut doc,
            Command::SetCombat(Box::new(encounter.combat)),
            expected,
        );
    }
}

/// Deleting a token in a fight takes its place in the order, conditions, pool and trackers
/// with it in the same step, so the saved file opens again; undo brings all of it back.
#[test]
fn case9_deleting_a_combatant_leaves_a_fight_the_file_can_hold() {
    let mut doc = doc(Demo::GoForthHeroes);
    doc.apply(start(
        Mode::Ordered,
        vec![Combatant::new(TokenId(1)), Combatant::new(TokenId(5))],
    ))
    .unwrap();
    doc.apply(combat(CombatCommand::ApplyCondition(ActiveCondition {
        token: TokenId(5),
        name: "Dazed".into(),
        duration: Duration::UntilRemoved,
        system: None,
    })))
    .unwrap();
    // The demo's Goblin Skulker (token 5) carries its sheets in every system.
    assert!(
        doc.encounter
            .combat
            .trackers
            .per_token
            .contains_key(&TokenId(5))
    );
    let before = doc.encounter.clone();
    doc.apply(Command::RemoveToken(TokenId(5))).unwrap();
    let fight = &doc.encounter.combat;
    assert_eq!(fight.initiative.combatants.len(), 1);
    assert!(fight.conditions.is_empty());
    assert!(!fight.trackers.per_token.contains_key(&TokenId(5)));
    let reopened = encounter_from_json(&encounter_to_json(&doc.encounter).unwrap()).unwrap();
    assert_eq!(reopened, doc.encounter);
    doc.undo().unwrap();
    assert_eq!(doc.encounter, before);
    doc.redo().unwrap();
    assert!(doc.encounter.token(TokenId(5)).is_none());
}

/// Case 3 on the command side: every command that sets a string refuses one past its cap, in
/// the loader's words.
#[test]
fn case3_every_command_that_sets_a_string_refuses_one_past_its_cap() {
    let long = |n: usize| "x".repeat(n);
    let mut doc = doc(Demo::GoForthHeroes);
    refused(
        &mut doc,
        Command::SetName(long(201)),
        "the encounter's name is 201 characters long; Lantern allows at most 200",
    );
    let mut token = doc.encounter.tokens[0].clone();
    token.name = long(10 << 20);
    refused(
        &mut doc,
        Command::UpdateToken(token.clone()),
        "token 1's name is 10485760 characters long; Lantern allows at most 200",
    );
    token.name = "Kestrel".into();
    token.notes = long(10_001);
    refused(
        &mut doc,
        Command::UpdateToken(token.clone()),
        "token 1's notes is 10001 characters long",
    );
    token.id = TokenId(50);
    refused(
        &mut doc,
        Command::AddToken { token, index: None },
        "token 50's notes",
    );
    refused(
        &mut doc,
        Command::AddImage {
            id: ImageId(77),
            image: EmbeddedImage::new(long(256), vec![1]),
        },
        "image 77's name is 256 characters long; Lantern allows at most 255",
    );
    refused(
        &mut doc,
        Command::SetCustomBands(vec![CustomBand {
            name: long(65),
            max_cells: 2,
        }]),
        "custom band 1's name is 65 characters long",
    );
    refused(
        &mut doc,
        Command::AppendLog(LogEntry::event("GM", long(1_001), "")),
        "a roll log line's `what` is 1001 characters long",
    );
}

/// Case 3 for the fight's and the trackers' texts.
#[test]
fn case3_every_combat_and_tracker_command_that_sets_a_string_refuses_one_past_its_cap() {
    let long = |n: usize| "x".repeat(n);
    let mut doc = doc(Demo::GoForthHeroes);
    refused(
        &mut doc,
        combat(CombatCommand::ApplyCondition(ActiveCondition {
            token: TokenId(1),
            name: long(65),
            duration: Duration::UntilRemoved,
            system: None,
        })),
        "is 65 characters long; Lantern allows at most 64",
    );
    doc.apply(start(Mode::Ordered, vec![Combatant::new(TokenId(1))]))
        .unwrap();
    refused(
        &mut doc,
        combat(CombatCommand::SetIntention {
            token: TokenId(1),
            intention: long(1_001),
        }),
        "intention is 1001 characters long; Lantern allows at most 1000",
    );
    let shared = |change| Command::Tracker(TrackerCommand::Encounter(change));
    refused(
        &mut doc,
        shared(EncounterChange::Evening(
            EveningEncounterChange::AddThread {
                name: long(201),
                length: 6,
            },
        )),
        "an Evening thread's name is 201 characters long",
    );
    refused(
        &mut doc,
        shared(EncounterChange::Evening(
            EveningEncounterChange::AddChallenge {
                name: long(201),
                rating: 3,
                complexity: 3,
            },
        )),
        "an Evening challenge's name is 201 characters long",
    );
    refused(
        &mut doc,
        shared(EncounterChange::PostCore(ClockChange::Add {
            name: long(201),
            segments: 4,
        })),
        "a Post core clock's name is 201 characters long",
    );
    refused(
        &mut doc,
        shared(EncounterChange::RoadAndRuin(RosterChange::Add(long(201)))),
        "a story roster element is 201 characters long",
    );
}

/// A log line built from a long list (an area's every target) is cut to the log's cap, so the
/// roll is kept rather than refused.
#[test]
fn a_log_line_built_from_a_long_list_is_fitted_to_the_cap() {
    let mut doc = doc(Demo::GoForthHeroes);
    let entry = LogEntry::event("GM", "Area", "Goblin: hit; ".repeat(5_000)).fitted();
    assert_eq!(entry.result.chars().count(), 20_000);
    assert!(entry.result.ends_with('…'));
    doc.apply(Command::AppendLog(entry)).unwrap();
}
