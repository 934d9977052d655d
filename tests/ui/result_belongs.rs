//! A result belongs to its roll (issue 25, item 2): the Dice pane shows a result only with the
//! check that produced it and while the roll's undo step holds; whether Apply is in effect is
//! read from the history, so undoing an Apply brings its button back.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::model::{Cell, Command, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::TokenTrackers;
use lantern::rules::go_forth_heroes::{GfhToken, Hearts};

const ASH: TokenId = TokenId(1);
const BRUTE: TokenId = TokenId(2);
const SCOUT: TokenId = TokenId(3);

/// Ash and a scout of the party, and Brute with two Hearts, on an open GFH map.
fn duel() -> Encounter {
    let mut e = Encounter::new("duel", RuleSystem::GoForthHeroes);
    for (id, name, side, x) in [
        (ASH, "Ash", Side::Party, 0),
        (BRUTE, "Brute", Side::Enemy, 3),
        (SCOUT, "Scout", Side::Party, 0),
    ] {
        let y = if id == SCOUT { 3 } else { 0 };
        e.tokens.push(Token::new(id, name, side, Cell::new(x, y)));
    }
    // Ash's own sheet lists no attack, so the form's numbers roll (a token with no sheet at
    // all would attack with the starting sheet's Weapon, which reaches only the next cell).
    e.combat
        .trackers
        .insert(ASH, TokenTrackers::GoForthHeroes(GfhToken::default()));
    e.combat.trackers.insert(
        BRUTE,
        TokenTrackers::GoForthHeroes(GfhToken {
            hearts: Some(Hearts::new(2)),
            ..GfhToken::default()
        }),
    );
    e
}

/// The Map and Dice panes side by side, dice seeded.
fn app() -> Harness<'static, LanternApp> {
    let panes = [Pane::Map, Pane::DiceLog];
    crate::support::panes_harness(duel(), &panes, 3, egui::vec2(1400.0, 900.0))
}

fn brute_hearts(h: &Harness<'_, LanternApp>) -> Option<Hearts> {
    match h.state().document.encounter.sheet(BRUTE) {
        Some(TokenTrackers::GoForthHeroes(t)) => t.hearts.clone(),
        other => panic!("Brute's sheet changed kind: {other:?}"),
    }
}

/// Ash attacks Brute from the map and rolls until a hit offers Apply (seeded: the same rolls
/// every run).
fn roll_a_hit(h: &mut Harness<'static, LanternApp>) {
    h.get_by_role_and_label(Role::Button, "Ash").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Brute")
        .click_secondary();
    h.run();
    h.get_by_label("Attack Brute…").click();
    h.run();
    h.run();
    for _ in 0..12 {
        h.get_by_label("Roll attack").click();
        h.run();
        h.run();
        if h.query_by_label("Apply").is_some() {
            return;
        }
    }
    panic!("no hit in twelve rolls");
}

/// Whether the pane shows a result: its big line, "Hit for … (… vs TN …)", is the last roll's
/// (the roll log below keeps every line, so the text alone would not tell).
fn result_shown(h: &Harness<'_, LanternApp>) -> bool {
    let Some(last) = h.state().dice.last.as_ref() else {
        return false;
    };
    // The big line and the log's line: two nodes while the result shows, one after.
    h.query_all_by_label_contains(&last.result).count() > 1
}

#[test]
fn undoing_an_apply_brings_the_apply_button_back_and_redo_takes_it_away() {
    let mut h = app();
    roll_a_hit(&mut h);
    // Another edit between the roll and Apply, so Apply is a step of its own.
    let Ok(()) = h
        .state_mut()
        .document
        .apply(Command::SetName("Duel at dusk".into()))
    else {
        panic!("renaming failed");
    };
    h.run();
    let before = brute_hearts(&h);
    h.get_by_label("Apply").click();
    h.run();
    h.run();
    assert_ne!(brute_hearts(&h), before, "Apply changed nothing");
    assert!(h.query_by_label("Applied.").is_some());
    assert!(h.query_by_label("Apply").is_none());

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.run();
    assert_eq!(brute_hearts(&h), before, "undo took the damage back");
    assert!(result_shown(&h), "the roll itself still stands");
    assert!(h.query_by_label("Applied.").is_none());
    assert!(
        h.query_by_label("Apply").is_some(),
        "Apply is offered again"
    );

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    h.run();
    assert_ne!(brute_hearts(&h), before);
    assert!(h.query_by_label("Applied.").is_some());
    assert!(h.query_by_label("Apply").is_none());

    // Undone again and applied again from the button: one more step, the damage once.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    h.run();
    assert_ne!(brute_hearts(&h), before);
    assert!(h.query_by_label("Applied.").is_some());
}

#[test]
fn selecting_another_token_clears_the_result_and_its_apply() {
    let mut h = app();
    roll_a_hit(&mut h);
    assert!(result_shown(&h));
    h.get_by_role_and_label(Role::Button, "Scout").click();
    h.run();
    h.run();
    assert_eq!(
        h.state().dice.roller,
        Some(SCOUT),
        "Who rolls follows the selection"
    );
    assert!(!result_shown(&h), "Ash's result stayed under the Scout");
    assert!(h.query_by_label("Apply").is_none());
    assert!(h.state().dice.last.is_none());
    assert!(
        !h.state().document.encounter.combat.log.is_empty(),
        "the roll stays logged"
    );
}

#[test]
fn a_new_target_number_clears_the_result() {
    let mut h = app();
    roll_a_hit(&mut h);
    let tn = |h: &Harness<'_, LanternApp>| {
        let state = h.state();
        state.dice.filled(&state.document.encounter).target_number()
    };
    let rolled_against = tn(&h);
    // Easy takes 3 off the TN the roll was made against.
    h.get_by_role_and_label(Role::CheckBox, "Easy (TN -3)")
        .click();
    h.run();
    h.run();
    assert_eq!(
        tn(&h),
        rolled_against.map(|t| t - 3),
        "the target number changed"
    );
    assert!(
        !result_shown(&h),
        "the old result stayed under a new target number"
    );
    assert!(h.query_by_label("Apply").is_none());
    // Back as it was rolled, the result does not come back: it went with its check.
    h.get_by_role_and_label(Role::CheckBox, "Easy (TN -3)")
        .click();
    h.run();
    assert!(!result_shown(&h));
}

#[test]
fn unticking_attack_clears_the_result() {
    let mut h = app();
    roll_a_hit(&mut h);
    h.get_by_role_and_label(Role::CheckBox, "Attack").click();
    h.run();
    h.run();
    assert!(!result_shown(&h));
    assert!(h.query_by_label("Apply").is_none());
}
