//! The undo menu names what was done (issue 30, item 10): a sheet's attacks edited, a Road and
//! Ruin Strike, a library group placed — not "Change tracker" or "Add token".

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use lantern::combat::sheet::{attacks, edit_attacks};
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::library::{LibraryEntry, place_group};
use lantern::model::{Cell, Command, RuleSystem, TokenId};
use lantern::rules::road_and_ruin::RrChange;
use lantern::rules::{TokenChange, TokenTrackers, TrackerCommand};

fn demo() -> Document {
    Document::new(Demo::GoForthHeroes.encounter().unwrap(), None)
}

fn token(doc: &Document, name: &str) -> TokenId {
    doc.encounter
        .tokens
        .iter()
        .find(|t| t.name == name)
        .unwrap()
        .id
}

#[test]
fn editing_a_sheets_attacks_undoes_as_edit_attacks() {
    let mut doc = demo();
    let pip = token(&doc, "Pip");
    let TokenTrackers::GoForthHeroes(mut sheet) = attacks(&doc.encounter, pip) else {
        panic!("Pip has a GFH sheet");
    };
    sheet.attacks.truncate(1);
    let change = TokenChange::GoForthHeroes(
        lantern::rules::go_forth_heroes::GfhChange::SetAttacks(sheet.attacks),
    );
    doc.apply(edit_attacks(&doc.encounter, pip, change).unwrap())
        .unwrap();
    assert_eq!(doc.history().undo_label(), Some("Edit attacks"));
}

#[test]
fn a_road_and_ruin_strike_undoes_as_strike() {
    let mut doc = demo();
    doc.apply(Command::SetSystem(RuleSystem::RoadAndRuin))
        .unwrap();
    let sergeant = token(&doc, "Hobgoblin Sergeant");
    doc.apply(Command::Tracker(TrackerCommand::Token {
        token: sergeant,
        change: TokenChange::RoadAndRuin(RrChange::Strike(2)),
    }))
    .unwrap();
    assert_eq!(doc.history().undo_label(), Some("Strike"));
}

#[test]
fn placing_a_library_group_undoes_as_add_tokens() {
    let mut doc = demo();
    let goblin = LibraryEntry::from_token(&doc.encounter, token(&doc, "Goblin Skulker")).unwrap();
    let command = place_group(&doc.encounter, &[(&goblin, 3)], Cell::new(10, 10)).unwrap();
    doc.apply(command).unwrap();
    assert_eq!(doc.history().undo_label(), Some("Add tokens"));
    // One token from the palette, with its sheets, is still "Add token".
    let one = place_group(&doc.encounter, &[(&goblin, 1)], Cell::new(12, 12)).unwrap();
    doc.apply(one).unwrap();
    assert_eq!(doc.history().undo_label(), Some("Add token"));
}
