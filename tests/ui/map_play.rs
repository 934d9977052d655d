//! The Map pane's play aids through the real app: refused and overridden drops, the sight
//! overlay across a door, the ruler, and conditions from a token's context menu.

use crate::support;

use egui::{Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::LanternApp;
use lantern::board::VerdictKind;
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::initiative::{Combatant, Initiative, Mode};
use lantern::demo::Demo;
use lantern::model::{Cell, TokenId, WallId, WallKind};
use support::{centre_of, demo, drag, map_harness, points_per_cell, token_cell};

const KESTREL: TokenId = TokenId(1);
const SKULKER: TokenId = TokenId(5);

fn mark(harness: &Harness<'_, LanternApp>, target: TokenId) -> Option<VerdictKind> {
    harness
        .state()
        .map_view
        .sight_marks()
        .into_iter()
        .find(|(id, _)| *id == target)
        .map(|(_, kind)| kind)
}

#[test]
fn a_drop_behind_the_closed_door_is_refused_unless_alt_is_held() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    let ppc = points_per_cell(&harness);
    // Within Kestrel's 6 cells of speed: (3, 3) to (8, 4) costs 5.
    let from = centre_of(&harness, "Kestrel");
    drag(
        &mut harness,
        from,
        from + Vec2::new(5.0, 1.0) * ppc,
        Modifiers::NONE,
    );
    assert_eq!(token_cell(&harness, KESTREL.0), Some(Cell::new(8, 4)));
    assert_eq!(harness.state().document.history().marker(), 1);

    // (11, 4) is three cells east, but behind the closed door in the wall x = 10; the way round
    // through the open door further south is far longer than 6.
    let from = centre_of(&harness, "Kestrel");
    let behind_the_door = from + Vec2::new(3.0, 0.0) * ppc;
    drag(&mut harness, from, behind_the_door, Modifiers::NONE);
    assert_eq!(token_cell(&harness, KESTREL.0), Some(Cell::new(8, 4)));
    assert_eq!(
        harness.state().document.history().marker(),
        1,
        "no undo step"
    );
    let note = harness.state().map_view.refusal_note().map(str::to_owned);
    assert!(
        note.as_deref()
            .is_some_and(|n| n.starts_with("Out of reach (cost ") && n.contains(" of 6)")),
        "{note:?}"
    );

    drag(&mut harness, from, behind_the_door, Modifiers::ALT);
    assert_eq!(token_cell(&harness, KESTREL.0), Some(Cell::new(11, 4)));
    let document = &mut harness.state_mut().document;
    assert_eq!(document.history().marker(), 2);
    assert_eq!(document.undo().unwrap(), Some("Move token"));
    assert_eq!(
        document.encounter.token(KESTREL).map(|t| t.cell),
        Some(Cell::new(8, 4))
    );
}

#[test]
fn opening_the_door_gives_kestrel_a_line_to_the_skulker() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    assert!(harness.state().map_view.sight_marks().is_empty());
    harness.get_by_label("Kestrel").click();
    harness.run();
    let marks = harness.state().map_view.sight_marks();
    assert_eq!(marks.len(), 8, "every other token is marked");
    assert_eq!(mark(&harness, SKULKER), Some(VerdictKind::NoSight));
    // Bram stands in the same hall, nothing between them.
    assert_eq!(mark(&harness, TokenId(2)), Some(VerdictKind::Clear));
    assert!(harness.query_by_label("Bram: clear").is_some());
    assert!(
        harness
            .query_by_label("Goblin Skulker: no line of sight")
            .is_some()
    );

    harness.get_by_label("Door (closed)").click();
    harness.run();
    let door = harness
        .state()
        .document
        .encounter
        .wall(WallId(5))
        .map(|w| w.kind);
    assert_eq!(door, Some(WallKind::Door { open: true }));
    assert_eq!(mark(&harness, SKULKER), Some(VerdictKind::Cover));
    assert!(harness.query_by_label("Goblin Skulker: cover").is_some());

    harness.state_mut().document.undo().unwrap();
    harness.run();
    assert_eq!(mark(&harness, SKULKER), Some(VerdictKind::NoSight));

    harness.get_by_label("Sight").click();
    harness.run();
    assert!(harness.state().map_view.sight_marks().is_empty());
}

#[test]
fn the_ruler_measures_token_to_token_with_the_band() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness.get_by_label("Ruler").click();
    harness.run();
    let (from, to) = (
        centre_of(&harness, "Kestrel"),
        centre_of(&harness, "Goblin Skulker"),
    );
    drag(&mut harness, from, to, Modifiers::NONE);
    // Measuring moves nothing.
    assert_eq!(token_cell(&harness, KESTREL.0), Some(Cell::new(3, 3)));
    assert_eq!(harness.state().document.history().marker(), 0);
    let Some(m) = harness.state().map_view.last_measurement().cloned() else {
        panic!("no measurement");
    };
    // (3, 3) to the small Skulker on (15, 3): 12 cells of 5 ft, GFH's Nearby (up to 12).
    assert!(m.token_to_token);
    assert!((m.distance_cells - 12.0).abs() < 1e-9);
    assert_eq!(m.length, "60 ft");
    assert_eq!(m.band.as_deref(), Some("Nearby"));
    assert_eq!(m.label(), "12 cells, 60 ft (Nearby)");
}

#[test]
fn a_condition_from_the_context_menu_lands_on_the_token() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness.get_by_label("Kestrel").click_secondary();
    harness.run();
    harness.get_by_label("Mobile").click();
    harness.run();
    harness.get_by_label("until removed").click();
    harness.run();
    let conditions = &harness.state().document.encounter.combat.conditions;
    assert_eq!(conditions.len(), 1);
    assert_eq!(
        (conditions[0].token, conditions[0].name.as_str()),
        (KESTREL, "Mobile")
    );
    harness.run();
    assert!(harness.query_by_label("Kestrel: Mobile").is_some());
}

#[test]
fn the_token_whose_turn_it_is_and_its_conditions_are_marked() {
    let Ok(mut encounter) = Demo::GoForthHeroes.encounter() else {
        panic!("the Go Forth: Heroes demo does not load");
    };
    let order = vec![Combatant::new(TokenId(2)), Combatant::new(KESTREL)];
    encounter.combat.initiative = Initiative::start(Mode::Rolled, order, false).0;
    for name in ["Dazed", "Mobile"] {
        encounter.combat.conditions.push(ActiveCondition {
            token: TokenId(2),
            name: name.to_owned(),
            duration: Duration::UntilRemoved,
            system: None,
        });
    }
    let harness = map_harness(encounter);
    assert!(harness.query_by_label("Bram: turn").is_some());
    assert!(harness.query_by_label("Kestrel: turn").is_none());
    assert!(harness.query_by_label("Bram: Dazed, Mobile").is_some());
}

#[test]
fn hovering_a_marked_token_explains_its_verdict() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    harness.get_by_label("Kestrel").click();
    harness.run();
    harness.get_by_label("Goblin Skulker").hover();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("4 of 4 corners blocked, so no line of sight")
            .is_some()
    );
}

#[test]
fn holding_m_measures_from_cell_to_cell() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    let ppc = points_per_cell(&harness);
    // From an empty cell in the west hall, (2, 5), four cells east and one down: (6, 6).
    let kestrel = centre_of(&harness, "Kestrel");
    let from = kestrel + Vec2::new(-1.0, 2.0) * ppc;
    harness.key_down(egui::Key::M);
    harness.run();
    drag(
        &mut harness,
        from,
        from + Vec2::new(4.0, 1.0) * ppc,
        Modifiers::NONE,
    );
    harness.key_up(egui::Key::M);
    harness.run();
    let Some(m) = harness.state().map_view.last_measurement().cloned() else {
        panic!("no measurement");
    };
    assert!(!m.token_to_token);
    assert_eq!(m.label(), "4 cells, 20 ft (Close)");
}
