//! A token's sheets for the five systems, side by side: switching the encounter's system reads
//! another sheet and loses none, edits touch only the sheet of the running system, and files
//! from before side-by-side sheets load.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use std::collections::BTreeMap;

use lantern::combat::sheet;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::files::{encounter_from_json, encounter_to_json};
use lantern::model::{Command, Encounter, RuleSystem, TokenId};
use lantern::rules::TokenTrackers;
use proptest::prelude::*;

/// The Go Forth: Heroes demo with every token holding the starting sheet of every system.
fn demo_with_all_sheets() -> Encounter {
    let mut e = Demo::GoForthHeroes.encounter().unwrap();
    let tokens: Vec<_> = e.tokens.iter().map(|t| (t.id, t.side)).collect();
    for (id, side) in tokens {
        for system in RuleSystem::ALL {
            if e.combat.trackers.sheet(id, system).is_none() {
                let sheet = lantern::rules::system(system).starting_sheet(side);
                e.combat.trackers.insert(id, sheet);
            }
        }
    }
    e
}

/// Every sheet of every token, keyed by token and system.
fn all_sheets(e: &Encounter) -> BTreeMap<(TokenId, RuleSystem), TokenTrackers> {
    let mut out = BTreeMap::new();
    for (id, sheets) in &e.combat.trackers.per_token {
        for sheet in sheets.iter() {
            out.insert((*id, sheet.system()), sheet.clone());
        }
    }
    out
}

#[derive(Clone, Debug)]
enum Step {
    Switch(RuleSystem),
    Edit {
        token: usize,
        field: usize,
        value: u32,
    },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        prop::sample::select(RuleSystem::ALL.to_vec()).prop_map(Step::Switch),
        (0..9usize, 0..40usize, any::<u32>()).prop_map(|(token, field, value)| Step::Edit {
            token,
            field,
            value
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random switches and sheet edits: after every step each sheet is what it was when its
    /// system last ran (an edit changes only the running system's sheet of the edited token),
    /// and undoing every step gives back the encounter the session started with.
    #[test]
    fn switching_back_restores_each_sheet_exactly(steps in prop::collection::vec(step(), 1..40)) {
        let start = demo_with_all_sheets();
        let mut doc = Document::new(start.clone(), None);
        let mut expected = all_sheets(&start);
        let mut applied = 0;
        for step in steps {
            match step {
                Step::Switch(system) => {
                    doc.apply(Command::SetSystem(system)).unwrap();
                    applied += 1;
                }
                Step::Edit { token, field, value } => {
                    let e = &doc.encounter;
                    let id = e.tokens[token % e.tokens.len()].id;
                    let fields = sheet::typed_fields(e, id);
                    let (field, min, max) = fields[field % fields.len()];
                    let value = min + i64::from(value) % (max - min + 1);
                    let Ok(command) = sheet::edit(e, id, field, value) else {
                        continue;
                    };
                    if doc.apply(command).is_ok() {
                        applied += 1;
                        let e = &doc.encounter;
                        if let Some(now) = e.sheet(id) {
                            expected.insert((id, e.system), now.clone());
                        }
                    }
                }
            }
            prop_assert_eq!(&all_sheets(&doc.encounter), &expected);
        }
        for _ in 0..applied {
            doc.undo().unwrap();
        }
        prop_assert_eq!(doc.encounter, start);
    }
}

#[test]
fn the_running_system_picks_the_sheet_every_reader_sees() {
    let mut e = demo_with_all_sheets();
    let pip = e.tokens.iter().find(|t| t.name == "Pip").unwrap().id;
    for system in RuleSystem::ALL {
        e.system = system;
        assert_eq!(e.sheet(pip).map(TokenTrackers::system), Some(system));
    }
}

/// A file saved before sheets stood side by side kept one tracker object per token, named by
/// its system; it opens as a token with that one sheet, and saving writes the new shape, which
/// reads back equal.
#[test]
fn a_file_with_one_sheet_per_token_still_opens() {
    let demo = Demo::GoForthHeroes.encounter().unwrap();
    let mut json: serde_json::Value =
        serde_json::from_slice(&encounter_to_json(&demo).unwrap()).unwrap();
    json["combat"]["trackers"] = serde_json::json!({
        "per_token": {
            "7": {"GoForthHeroes": {
                "attributes": {"might": 2, "agility": 1, "finesse": 0, "instinct": 0,
                               "reason": 0, "vigor": 1, "presence": 0, "guile": 0},
                "hearts": {"remaining": 3, "progress": 4, "fortified": false, "shield": 0,
                           "breaking_point": null},
                "wounds": []
            }},
            "2": {"Evening": {
                "health": 7, "max_health": 12, "temp_health": 0, "reserves": [],
                "injury": 0, "exhaustion": 1, "dead": false, "threat": null
            }}
        },
        "encounter": {
            "evening": {"threads": [], "marks_this_scene": 0, "challenges": []},
            "road_and_ruin": {"slots": []},
            "post_core": {"clocks": []},
            "three_d6": {"escalation": 0}
        }
    });
    let old = serde_json::to_vec(&json).unwrap();
    let e = encounter_from_json(&old).unwrap();
    let Some(TokenTrackers::GoForthHeroes(sergeant)) = e.sheet(TokenId(7)) else {
        panic!("the GFH sheet did not load");
    };
    let hearts = sergeant.hearts.as_ref().unwrap();
    assert_eq!((hearts.remaining, hearts.progress), (3, 4));
    assert_eq!(sergeant.attributes.might, 2);
    assert!(sergeant.attacks.is_empty() && !sergeant.default_numbers);
    // Token 2's only sheet is Evening's: the GFH encounter reads none for it, an Evening one
    // reads it whole, at the first character level the older file did not write.
    assert!(e.sheet(TokenId(2)).is_none());
    let Some(TokenTrackers::Evening(evening)) =
        e.combat.trackers.sheet(TokenId(2), RuleSystem::Evening)
    else {
        panic!("the Evening sheet did not load");
    };
    assert_eq!(
        (evening.health, evening.max_health, evening.level),
        (7, 12, 1)
    );
    let again = encounter_from_json(&encounter_to_json(&e).unwrap()).unwrap();
    assert_eq!(again, e);
}

/// One edit in the running system leaves the token's other sheets alone, and switching the
/// system in the same document shows them again as they were.
#[test]
fn an_edit_in_one_system_leaves_the_others_alone() {
    let mut doc = Document::new(demo_with_all_sheets(), None);
    let pip = doc
        .encounter
        .tokens
        .iter()
        .find(|t| t.name == "Pip")
        .unwrap()
        .id;
    let before = all_sheets(&doc.encounter);
    let command = sheet::edit(
        &doc.encounter,
        pip,
        sheet::SheetField::GfhAttribute(lantern::rules::go_forth_heroes::Attribute::Agility),
        3,
    )
    .unwrap();
    doc.apply(command).unwrap();
    doc.apply(Command::SetSystem(RuleSystem::Evening)).unwrap();
    doc.apply(Command::SetSystem(RuleSystem::GoForthHeroes))
        .unwrap();
    let after = all_sheets(&doc.encounter);
    for ((id, system), sheet) in &before {
        if (*id, *system) == (pip, RuleSystem::GoForthHeroes) {
            let TokenTrackers::GoForthHeroes(h) = &after[&(pip, RuleSystem::GoForthHeroes)] else {
                panic!("Pip lost its GFH sheet");
            };
            assert_eq!(h.attributes.agility, 3);
            assert!(!h.default_numbers, "an edited sheet is the GM's own");
        } else {
            assert_eq!(&after[&(*id, *system)], sheet);
        }
    }
}

/// GFH, Grid Play: a hero moves 4 + Agility squares; monsters have Hearts instead of a hero's
/// build and keep the speed the GM typed (the Mill Ogre's).
#[test]
fn gfh_heroes_move_by_agility_and_monsters_keep_their_speed() {
    let e = Demo::GoForthHeroes.encounter().unwrap();
    let id = |name: &str| e.tokens.iter().find(|t| t.name == name).unwrap().id;
    let Some(TokenTrackers::GoForthHeroes(pip)) = e.sheet(id("Pip")) else {
        panic!("Pip has no GFH sheet");
    };
    let expected = u32::try_from(4 + pip.attributes.agility).unwrap();
    assert_eq!(sheet::base_move(&e, id("Pip")).value, expected);
    let ogre = id("Mill Ogre");
    let typed = e.token(ogre).unwrap().speed_cells;
    assert_eq!(sheet::base_move(&e, ogre).value, typed);
}
