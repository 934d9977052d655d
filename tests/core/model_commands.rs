//! Every command's apply + inverse restores the encounter exactly, over random command sequences.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use lantern::demo::Demo;
use lantern::edit::{Document, apply};
use lantern::model::{
    Cell, CellLayer, CellLength, Command, DiagonalRule, Encounter, GridKind, GridPoint, LengthUnit,
    LogEntry, ObstaclePolygon, RuleSystem, Side, SizeCategory, Token, TokenId, Wall, WallId,
    WallKind,
};
use proptest::prelude::*;

fn demo() -> Encounter {
    Demo::GoForthHeroes.encounter().unwrap()
}

/// Commands over ids and cells that mostly exist in the demo, so most apply and some fail.
fn command() -> impl Strategy<Value = Command> {
    let cell = (-2..26i32, -2..18i32).prop_map(|(x, y)| Cell::new(x, y));
    let token_id = (1..12u64).prop_map(TokenId);
    let wall_id = (1..24u64).prop_map(WallId);
    let point = (0..24i32, 0..16i32).prop_map(|(x, y)| GridPoint::new(f64::from(x), f64::from(y)));
    let kind = prop_oneof![
        Just(WallKind::Wall),
        Just(WallKind::Window),
        any::<bool>().prop_map(|open| WallKind::Door { open })
    ];
    let size = prop::sample::select(SizeCategory::ALL.to_vec());
    prop_oneof![
        "[a-zA-Z ]{0,12}".prop_map(Command::SetName),
        prop::sample::select(RuleSystem::ALL.to_vec()).prop_map(Command::SetSystem),
        prop::sample::select(GridKind::ALL.to_vec()).prop_map(Command::SetGrid),
        (0..40u32, 0..40u32).prop_map(|(w, h)| Command::SetMapSize {
            width_cells: w,
            height_cells: h
        }),
        (-1.0..10.0f64).prop_map(|value| Command::SetCellLength(CellLength {
            value,
            unit: LengthUnit::Metres
        })),
        prop::sample::select(DiagonalRule::ALL.to_vec()).prop_map(Command::SetDiagonal),
        (
            token_id.clone(),
            cell.clone(),
            size,
            prop::option::of(0..12usize)
        )
            .prop_map(|(id, c, s, index)| {
                Command::AddToken {
                    token: Token::new(id, "New", Side::Enemy, c).with_size(s),
                    index,
                }
            }),
        token_id.clone().prop_map(Command::RemoveToken),
        (token_id.clone(), cell.clone()).prop_map(|(id, to)| Command::MoveToken { id, to }),
        (token_id, cell.clone(), any::<bool>()).prop_map(|(id, c, gm_only)| {
            let mut t = Token::new(id, "Edited", Side::Neutral, c);
            t.gm_only = gm_only;
            Command::UpdateToken(t)
        }),
        (
            wall_id.clone(),
            point.clone(),
            point,
            kind.clone(),
            prop::option::of(0..30usize)
        )
            .prop_map(|(id, a, b, kind, index)| Command::AddWall {
                wall: Wall { id, a, b, kind },
                index
            }),
        wall_id.clone().prop_map(Command::RemoveWall),
        (wall_id, kind).prop_map(|(id, kind)| Command::SetWallKind { id, kind }),
        (
            prop::bool::ANY,
            prop::collection::vec((cell.clone(), any::<bool>()), 0..6)
        )
            .prop_map(|(obstacle, cells)| {
                let layer = if obstacle {
                    CellLayer::Obstacle
                } else {
                    CellLayer::Difficult
                };
                Command::PaintCells { layer, cells }
            }),
        (3..6usize, prop::option::of(0..3usize)).prop_map(|(n, index)| {
            Command::AddObstaclePolygon {
                polygon: ObstaclePolygon {
                    points: (0..n)
                        .map(|i| GridPoint::new(i as f64, (i * i) as f64))
                        .collect(),
                },
                index,
            }
        }),
        (0..3usize).prop_map(Command::RemoveObstaclePolygon),
        "[a-z]{1,6}".prop_map(|what| Command::AppendLog(LogEntry {
            what,
            ..LogEntry::default()
        })),
        Just(Command::PopLog),
    ]
}

/// Combat commands over the demo's tokens; many are refused (no initiative yet, no pool), which
/// the test checks changes nothing.
fn combat_command() -> impl Strategy<Value = Command> {
    use lantern::combat::command::{CombatCommand as C, MomentumAction as M};
    use lantern::combat::conditions::{ActiveCondition, Duration};
    use lantern::combat::initiative::{Combatant, Mode};
    use lantern::combat::momentum::Zone;
    let token_id = (1..11u64).prop_map(TokenId);
    let zone = prop::sample::select(Zone::ALL.to_vec());
    let name = prop::sample::select(vec![
        "Bolstered",
        "Shaken",
        "Mobile",
        "Trapped",
        "Focused",
        "Dazed",
        "On fire",
    ]);
    let action = prop_oneof![
        (1..6usize).prop_map(|size| M::Create { size }),
        zone.clone().prop_map(|from| M::Prepare { from }),
        (0..6usize, any::<bool>()).prop_map(|(die, power_only)| M::Spend {
            die,
            power_only,
            rolled: Some(3)
        }),
        (0..6usize).prop_map(|die| M::Build { die }),
        prop::option::of(0..6usize).prop_map(|die| M::Hit { die }),
        Just(M::Rally),
        (0..6usize, zone).prop_map(|(die, to)| M::MoveDie { die, to }),
    ];
    prop_oneof![
        prop::collection::vec(token_id.clone(), 1..5).prop_map(|ids| C::StartInitiative {
            mode: Mode::Ordered,
            combatants: ids.into_iter().map(Combatant::new).collect(),
            surprise_round: false,
            pick: None,
        }),
        prop::option::of(token_id.clone()).prop_map(|pick| C::NextTurn { pick }),
        Just(C::PreviousTurn),
        (token_id.clone(), name.clone(), 0..3u32).prop_map(|(token, name, r)| C::ApplyCondition(
            ActiveCondition {
                token,
                name: name.into(),
                duration: if r == 0 {
                    Duration::UntilRemoved
                } else {
                    Duration::Rounds {
                        remaining: r,
                        from: None,
                    }
                },
                system: None,
            }
        )),
        (token_id.clone(), name).prop_map(|(token, name)| C::RemoveCondition {
            token,
            name: name.into()
        }),
        (token_id, action).prop_map(|(owner, action)| C::Momentum { owner, action }),
    ]
    .prop_map(Command::Combat)
}

fn batch_or_single() -> impl Strategy<Value = Command> {
    prop_oneof![
        4 => command(),
        3 => combat_command(),
        1 => prop::collection::vec(command(), 0..5).prop_map(Command::Batch),
    ]
}

/// Text of a length around a cap: well within, at 200 (the names' cap) or past every cap.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z ]{1,12}",
        (60..70usize).prop_map(|n| "c".repeat(n)),
        (195..205usize).prop_map(|n| "n".repeat(n)),
        Just("x".repeat(20_001)),
    ]
}

/// Commands a replay script or a damaged history could carry: tokens that may not exist, dice
/// off the die, rounds past the loader's, texts past their caps, whole fights set at once.
fn hostile_command() -> impl Strategy<Value = Command> {
    use lantern::combat::command::CombatCommand as C;
    use lantern::combat::conditions::{ActiveCondition, Duration};
    use lantern::combat::initiative::{Combatant, InitiativeRoll, Mode};
    use lantern::model::CombatState;
    use lantern::model::trackers::evening::EveningEncounterChange as Evening;
    use lantern::model::trackers::post_core::ClockChange;
    use lantern::model::trackers::road_and_ruin::RosterChange;
    use lantern::model::trackers::{EncounterChange, TrackerCommand};
    let token_id = (1..14u64).prop_map(TokenId);
    let combatant = (token_id.clone(), any::<u8>(), any::<i32>(), any::<bool>()).prop_map(
        |(token, d20, bonus, rolls)| Combatant {
            roll: rolls.then(|| InitiativeRoll {
                d20: d20 % 24,
                bonus: if bonus % 3 == 0 { bonus } else { bonus % 1_200 },
                rolloffs: Vec::new(),
            }),
            ..Combatant::new(token)
        },
    );
    let mode = prop::sample::select(vec![Mode::Ordered, Mode::Rolled, Mode::Escalating]);
    let tracker = |change| Command::Tracker(TrackerCommand::Encounter(change));
    prop_oneof![
        (mode, prop::collection::vec(combatant.clone(), 1..5)).prop_map(|(mode, combatants)| {
            Command::Combat(C::StartInitiative {
                mode,
                combatants,
                surprise_round: false,
                pick: None,
            })
        }),
        combatant.prop_map(|c| Command::Combat(C::Join(c))),
        (token_id.clone(), text())
            .prop_map(|(token, intention)| Command::Combat(C::SetIntention { token, intention })),
        (token_id.clone(), text(), any::<u32>()).prop_map(|(token, name, remaining)| {
            Command::Combat(C::ApplyCondition(ActiveCondition {
                token,
                name,
                duration: Duration::Rounds {
                    remaining,
                    from: None,
                },
                system: None,
            }))
        }),
        (token_id.clone(), any::<u8>())
            .prop_map(|(token, d20)| Command::Combat(C::DeathSave { token, d20 })),
        (any::<u32>(), prop::option::of(0..6usize), 0..12u8).prop_map(|(round, current, pip)| {
            let mut state = CombatState::default();
            state.initiative.round = round % 2_000_000;
            state.initiative.current = current;
            state.initiative.pip = pip;
            Command::SetCombat(Box::new(state))
        }),
        text().prop_map(Command::SetName),
        (token_id.clone(), text()).prop_map(|(id, name)| {
            Command::UpdateToken(Token::new(id, name, Side::Enemy, Cell::new(1, 1)))
        }),
        token_id.prop_map(Command::RemoveToken),
        text().prop_map(|what| Command::AppendLog(LogEntry {
            what,
            ..LogEntry::default()
        })),
        text().prop_map(
            move |name| tracker(EncounterChange::Evening(Evening::AddThread {
                name,
                length: 6
            }))
        ),
        text().prop_map(
            move |name| tracker(EncounterChange::PostCore(ClockChange::Add {
                name,
                segments: 4
            }))
        ),
        text().prop_map(move |name| tracker(EncounterChange::RoadAndRuin(RosterChange::Add(name)))),
    ]
}

/// Any command, valid or not, alone or in a batch.
fn any_command() -> impl Strategy<Value = Command> {
    prop_oneof![
        3 => batch_or_single(),
        3 => hostile_command(),
        1 => prop::collection::vec(hostile_command(), 1..4).prop_map(Command::Batch),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Applying a command then its inverse gives back exactly the encounter before; a failing
    /// command (batches included) leaves the encounter untouched.
    #[test]
    fn every_command_undoes_exactly(commands in prop::collection::vec(batch_or_single(), 1..30)) {
        let mut encounter = demo();
        for command in commands {
            let before = encounter.clone();
            if let Ok(inverse) = apply(&mut encounter, command.clone()) {
                let after = encounter.clone();
                let redo = apply(&mut encounter, inverse).unwrap();
                prop_assert_eq!(&encounter, &before, "undo of {:?}", command);
                apply(&mut encounter, redo).unwrap();
                prop_assert_eq!(&encounter, &after, "redo of {:?}", command);
            } else { prop_assert_eq!(&encounter, &before, "failed {:?} changed the encounter", command) }
        }
    }

    /// Issue 26: every state random commands reach passes the loader's own validation, and
    /// saved and opened again it is the same encounter (its walls as the loader normalises
    /// them). So no command, a replay script's included, makes a file Lantern would refuse.
    #[test]
    fn every_reachable_state_opens_again_unchanged(
        commands in prop::collection::vec(any_command(), 1..30),
        evening in any::<bool>(),
    ) {
        let mut encounter = if evening {
            Demo::EveningHex.encounter().unwrap()
        } else {
            demo()
        };
        for command in commands {
            let label = format!("{command:?}").chars().take(200).collect::<String>();
            if apply(&mut encounter, command).is_ok() {
                let checked = lantern::model::validate(&encounter);
                prop_assert!(checked.is_ok(), "after {}: {:?}", label, checked);
            }
        }
        let bytes = lantern::files::encounter_to_json(&encounter).unwrap();
        let reopened = lantern::files::encounter_from_json(&bytes);
        prop_assert!(reopened.is_ok(), "{:?}", reopened.as_ref().err());
        let mut expected = encounter;
        expected.walls = lantern::model::normalise_walls(std::mem::take(&mut expected.walls));
        prop_assert_eq!(reopened.unwrap(), expected);
    }

    /// Undoing every step of a document's history returns to the start; redoing all returns to the end.
    #[test]
    fn history_walks_back_and_forth(commands in prop::collection::vec(batch_or_single(), 1..30)) {
        let start = demo();
        let mut doc = Document::new(start.clone(), None);
        for command in commands {
            let _ = doc.apply(command);
        }
        let end = doc.encounter.clone();
        while doc.undo().unwrap().is_some() {}
        prop_assert_eq!(&doc.encounter, &start);
        prop_assert!(!doc.is_dirty());
        while doc.redo().unwrap().is_some() {}
        prop_assert_eq!(&doc.encounter, &end);
    }
}

#[test]
fn invalid_commands_name_the_problem() {
    let mut e = demo();
    let cases = [
        (
            Command::MoveToken {
                id: TokenId(99),
                to: Cell::new(1, 1),
            },
            "there is no token 99",
        ),
        (Command::RemoveWall(WallId(77)), "there is no wall 77"),
        (
            Command::SetName("  ".into()),
            "the encounter's name can't be empty",
        ),
        (
            Command::SetMapSize {
                width_cells: 0,
                height_cells: 5,
            },
            "a map must be between 1 and 2000 cells on each side, not 0×5",
        ),
        (Command::PopLog, "the roll log is empty"),
    ];
    for (command, message) in cases {
        assert_eq!(apply(&mut e, command).unwrap_err().to_string(), message);
    }
    assert_eq!(e, demo());
}

#[test]
fn dirty_tracks_the_saved_state_through_undo() {
    let mut doc = Document::new(demo(), None);
    assert!(!doc.is_dirty());
    doc.apply(Command::SetName("Renamed".into())).unwrap();
    assert!(doc.is_dirty() && doc.needs_autosave());
    doc.mark_autosaved();
    assert!(doc.is_dirty() && !doc.needs_autosave());
    doc.undo().unwrap();
    assert!(!doc.is_dirty(), "back at the saved state");
    doc.redo().unwrap();
    doc.mark_saved("x.json".into());
    assert!(!doc.is_dirty());
    assert_eq!(doc.history().undo_label(), Some("Rename encounter"));
}

#[test]
fn a_failed_batch_rolls_back_its_applied_part() {
    let mut e = demo();
    let batch = Command::Batch(vec![
        Command::MoveToken {
            id: TokenId(1),
            to: Cell::new(2, 2),
        },
        Command::RemoveToken(TokenId(2)),
        Command::RemoveToken(TokenId(404)),
    ]);
    assert!(apply(&mut e, batch).is_err());
    assert_eq!(e, demo());
}
