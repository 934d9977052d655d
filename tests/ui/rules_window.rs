//! Help → Rules (issue 31): the rules ledger in a window, its rows the ledgers' own, searched,
//! and filtered by system with the encounter's system first and shown to begin with.

use egui_kittest::kittest::Queryable as _;
use lantern::demo::Demo;
use lantern::model::RuleSystem;
use lantern::rules::ledger;

use crate::support::{demo, map_harness};

fn rows(system: RuleSystem) -> usize {
    lantern::rules::system(system).ledger().len()
}

fn shown(shown: usize, total: usize) -> String {
    format!("{shown} of {total} rules shown")
}

#[test]
fn help_rules_lists_the_encounters_system_first_searches_and_filters() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness.get_by_label("Help").click();
    harness.run();
    harness.get_by_label_contains("Rules…").click();
    harness.run();

    // The encounter's system is first, and picked.
    let gfh = rows(RuleSystem::GoForthHeroes);
    assert!(harness.query_by_label(&shown(gfh, gfh)).is_some());
    assert!(
        harness
            .query_by_label("Go Forth: Heroes (this encounter)")
            .is_some()
    );

    // Search: the words of a rule find it, and only the rows holding every word.
    harness.get_by_label("Search").focus();
    harness.run();
    harness.get_by_label("Search").type_text("hurry hard");
    harness.run();
    let expected = lantern::rules::system(RuleSystem::GoForthHeroes)
        .ledger()
        .iter()
        .filter(|row| ledger::matches(row, "hurry hard"))
        .count();
    assert!(expected >= 1);
    assert!(harness.query_by_label(&shown(expected, gfh)).is_some());
    assert!(
        harness
            .query_by_label(
                "Hurry: the turn's Action is taken at Hard, and Interact or Help comes free."
            )
            .is_some()
    );
    assert!(
        harness
            .query_by_label_contains("Applied by combat::turn_action::take")
            .is_some()
    );

    // Another system: its rows, searched the same way.
    harness.get_by_label("Road and Ruin").click();
    harness.run();
    let rr = rows(RuleSystem::RoadAndRuin);
    let rr_hits = lantern::rules::system(RuleSystem::RoadAndRuin)
        .ledger()
        .iter()
        .filter(|row| ledger::matches(row, "hurry hard"))
        .count();
    assert!(harness.query_by_label(&shown(rr_hits, rr)).is_some());

    // Every system, with the search cleared.
    harness.get_by_label("Search").focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.key_press(egui::Key::Backspace);
    harness.run();
    harness.get_by_label(ledger_all()).click();
    harness.run();
    let all = ledger::row_count();
    assert!(harness.query_by_label(&shown(all, all)).is_some());

    // Only what is out of scope.
    harness.get_by_label("Applied rules").click();
    harness.get_by_label("Offered rules").click();
    harness.run();
    let out = ledger::all()
        .map(|(_, rows)| ledger::counts(rows)[2])
        .sum::<usize>();
    assert!(harness.query_by_label(&shown(out, all)).is_some());
}

fn ledger_all() -> &'static str {
    "All systems"
}
