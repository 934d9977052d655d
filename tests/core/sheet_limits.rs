//! Issue 29: one set of limits, kept everywhere. For every limit of a sheet
//! (`limit_cases.rs`, FORMAT.md "Limits"): a file just past it — and at a file integer's
//! extremes — is refused by the loader naming the field; the same value through every command
//! that can set it (restoring the sheet, adding it to a token, the system's own change) is
//! refused and changes nothing; a file at the limit opens and every command keeps it. A
//! property test: a sheet the commands accept is one the loader accepts, and the reverse.

use lantern::edit::apply;
use lantern::files::{encounter_from_json, encounter_to_json};
use lantern::model::trackers::attack::{Attack, MAX_ATTACK_NAME_CHARS, MAX_ATTACKS};
use lantern::model::validate::check_sheet;
use lantern::model::{Command, Encounter, RuleSystem};
use lantern::rules::{TokenTrackers, TrackerCommand};
use proptest::prelude::*;

use crate::limit_cases::{Case, TOKEN, base_sheet, cases, encounter_with, restore};

/// Writes `encounter` as a file and reads it back.
fn reopen(encounter: &Encounter) -> Result<Encounter, String> {
    let Ok(bytes) = encounter_to_json(encounter) else {
        panic!("the encounter could not be written");
    };
    encounter_from_json(&bytes).map_err(|err| err.to_string())
}

/// The commands that can put `sheet` (past a limit in `case`'s field) on the token: restoring
/// it, adding it to a token without one, and the system's own change.
fn commands_setting(case: &Case, sheet: &TokenTrackers) -> Vec<(Encounter, Command)> {
    let base = encounter_with(base_sheet(case.system));
    let mut bare = base.clone();
    bare.combat.trackers.remove(TOKEN, case.system);
    let mut commands = vec![
        (base.clone(), Command::Tracker(restore(sheet.clone()))),
        (
            bare,
            Command::Tracker(TrackerCommand::AddToken {
                token: TOKEN,
                trackers: sheet.clone(),
            }),
        ),
    ];
    if let Some(change) = case.change {
        commands.push((
            base,
            Command::Tracker(TrackerCommand::Token {
                token: TOKEN,
                change: change(sheet),
            }),
        ));
    }
    commands
}

#[test]
fn a_file_past_each_limit_is_refused_naming_the_field() {
    for case in cases() {
        for value in case.past_limit() {
            let Some(sheet) = case.sheet_with(value) else {
                continue;
            };
            let what = format!("{:?} `{}` = {value}", case.system, case.field);
            let Err(err) = reopen(&encounter_with(sheet)) else {
                panic!("a file with {what} opened");
            };
            // The message names the field; its path in the file or under the sheet.
            let last = case.field.rsplit('.').next().unwrap_or(case.field);
            assert!(err.contains(last), "{what}: {err}");
        }
    }
}

#[test]
fn every_command_setting_a_value_past_its_limit_is_refused_and_changes_nothing() {
    for case in cases() {
        for value in case.past_limit() {
            let Some(sheet) = case.sheet_with(value) else {
                continue;
            };
            for (mut encounter, command) in commands_setting(&case, &sheet) {
                let before = encounter.clone();
                let label = format!(
                    "{:?} `{}` = {value} by {command:?}",
                    case.system, case.field
                );
                let restoring = !matches!(command, Command::Tracker(TrackerCommand::Token { .. }));
                let Err(err) = apply(&mut encounter, command) else {
                    panic!("kept {label}");
                };
                assert_eq!(encounter, before, "{label}");
                if restoring {
                    assert!(err.to_string().contains(case.field), "{label}: {err}");
                }
            }
        }
    }
}

#[test]
fn a_file_at_each_limit_opens_and_every_command_keeps_it() {
    for case in cases() {
        for value in case.at_limit() {
            let Some(sheet) = case.sheet_with(value) else {
                panic!("{} cannot hold its own limit {value}", case.field);
            };
            let what = format!("{:?} `{}` = {value}", case.system, case.field);
            assert_eq!(check_sheet(TOKEN, &sheet), Ok(()), "{what}");
            let opened = reopen(&encounter_with(sheet.clone()));
            assert!(opened.is_ok(), "{what}: {opened:?}");
            for (mut encounter, command) in commands_setting(&case, &sheet) {
                // The system's own change may refuse by its rule (a shift past +5); the sheet's
                // limits never.
                let own_change = matches!(command, Command::Tracker(TrackerCommand::Token { .. }));
                let result = apply(&mut encounter, command);
                if !own_change {
                    assert!(result.is_ok(), "{what}: {result:?}");
                }
            }
        }
    }
}

/// The lists' counts and an attack's name: one past is refused by the loader and the commands.
#[test]
fn counts_and_names_past_their_caps_are_refused() {
    let sword = match base_sheet(RuleSystem::Evening) {
        TokenTrackers::Evening(t) => t.attacks[0].clone(),
        _ => unreachable!(),
    };
    let with = |attacks: Vec<Attack<_>>| {
        let mut sheet = base_sheet(RuleSystem::Evening);
        if let TokenTrackers::Evening(t) = &mut sheet {
            t.attacks = attacks;
        }
        sheet
    };
    let long_name = {
        let mut a = sword.clone();
        a.name = "x".repeat(MAX_ATTACK_NAME_CHARS + 1);
        a
    };
    let at_cap = {
        let mut a = sword.clone();
        a.name = "é".repeat(MAX_ATTACK_NAME_CHARS);
        a
    };
    let cases = [
        (with(vec![sword.clone(); MAX_ATTACKS + 1]), "attacks"),
        (with(vec![long_name]), "name"),
    ];
    for (sheet, field) in cases {
        let err = reopen(&encounter_with(sheet.clone())).unwrap_err();
        assert!(err.contains(field), "{err}");
        let mut encounter = encounter_with(base_sheet(RuleSystem::Evening));
        let err = apply(&mut encounter, Command::Tracker(restore(sheet))).unwrap_err();
        assert!(err.to_string().contains(field), "{err}");
    }
    for sheet in [with(vec![sword; MAX_ATTACKS]), with(vec![at_cap])] {
        assert!(reopen(&encounter_with(sheet.clone())).is_ok());
        let mut encounter = encounter_with(base_sheet(RuleSystem::Evening));
        assert!(apply(&mut encounter, Command::Tracker(restore(sheet))).is_ok());
    }
}

/// Issue 29's shift: `SetEffortShift {Finesse, i64::MAX}` passed the "+5" check by overflow.
#[test]
fn an_effort_shift_at_an_integer_extreme_is_refused() {
    use lantern::rules::TokenChange;
    use lantern::rules::go_forth_heroes::{Attribute, GfhChange};
    for shift in [i64::MAX, i64::MIN, i64::MIN + 1] {
        let mut encounter = encounter_with(base_sheet(RuleSystem::GoForthHeroes));
        let before = encounter.clone();
        let command = Command::Tracker(TrackerCommand::Token {
            token: TOKEN,
            change: TokenChange::GoForthHeroes(GfhChange::SetEffortShift {
                attribute: Attribute::Finesse,
                shift,
            }),
        });
        assert!(apply(&mut encounter, command).is_err(), "{shift}");
        assert_eq!(encounter, before);
    }
}

/// A sheet built from a few (case, value) pairs, values near and at each limit and at a file
/// integer's extremes.
fn any_sheet() -> impl Strategy<Value = TokenTrackers> {
    let count = cases().len();
    (
        0..RuleSystem::ALL.len(),
        proptest::collection::vec((0..count, 0..8usize, -3i128..=3), 0..4),
    )
        .prop_map(|(system, edits)| {
            let all = cases();
            let system = RuleSystem::ALL[system];
            let mut sheet = base_sheet(system);
            for (case, pick, nudge) in edits {
                let case = &all[case];
                if case.system != system {
                    continue;
                }
                let mut values = case.at_limit();
                values.extend(case.past_limit());
                let value = values[pick % values.len()] + nudge;
                let mut next = sheet.clone();
                if (case.set)(&mut next, value).is_some() {
                    sheet = next;
                }
            }
            sheet
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any sheet the commands accept, the loader accepts, and the reverse.
    #[test]
    fn the_commands_and_the_loader_accept_the_same_sheets(sheet in any_sheet()) {
        let system = sheet.system();
        let mut encounter = encounter_with(base_sheet(system));
        let by_command = apply(&mut encounter, Command::Tracker(restore(sheet.clone()))).is_ok();
        let mut bare = encounter_with(base_sheet(system));
        bare.combat.trackers.remove(TOKEN, system);
        let added = apply(
            &mut bare,
            Command::Tracker(TrackerCommand::AddToken { token: TOKEN, trackers: sheet.clone() }),
        )
        .is_ok();
        let by_file = reopen(&encounter_with(sheet.clone())).is_ok();
        prop_assert_eq!(by_command, by_file, "{:?}", sheet);
        prop_assert_eq!(added, by_file);
        prop_assert_eq!(check_sheet(TOKEN, &sheet).is_ok(), by_file);
    }
}
