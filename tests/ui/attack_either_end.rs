//! Attack from either end (issue 25, item 3): a token's menu offers "Attack with <name>…" (the
//! token attacks whoever is clicked next, a live line showing band and cover, Esc cancels) and
//! "Attack <name>…" (the selected token, or else the current combatant, attacks it), each
//! saying who acts on whom.

use egui::accesskit::Role;
use egui::{Key, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use lantern::app::{LanternApp, Pane};
use lantern::combat::initiative::Combatant;
use lantern::model::{Cell, Encounter, RuleSystem, Side, Token, TokenId};

const PIP: TokenId = TokenId(1);
const GOBLIN: TokenId = TokenId(2);
const KESTREL: TokenId = TokenId(3);

/// Pip and Kestrel of the party and a goblin four cells from Pip, behind an obstacle cell.
fn skirmish() -> Encounter {
    let mut e = Encounter::new("skirmish", RuleSystem::GoForthHeroes);
    for (id, name, side, cell) in [
        (PIP, "Pip", Side::Party, Cell::new(1, 1)),
        (GOBLIN, "Goblin", Side::Enemy, Cell::new(5, 1)),
        (KESTREL, "Kestrel", Side::Party, Cell::new(1, 4)),
    ] {
        e.tokens.push(Token::new(id, name, side, cell));
    }
    e.obstacle_cells.insert(Cell::new(3, 1));
    e
}

/// The Map and Dice panes side by side.
fn app(encounter: Encounter) -> Harness<'static, LanternApp> {
    let panes = [Pane::Map, Pane::DiceLog];
    crate::support::panes_harness(encounter, &panes, 0, egui::vec2(1400.0, 900.0))
}

fn at(h: &Harness<'_, LanternApp>, name: &str) -> Pos2 {
    h.get_by_role_and_label(Role::Button, name).rect().center()
}

fn open_menu_of(h: &mut Harness<'static, LanternApp>, name: &str) {
    let on = at(h, name);
    crate::support::right_click_at(h, on);
}

#[test]
fn attack_with_pip_draws_a_line_with_band_and_cover_and_the_clicked_token_is_the_target() {
    let mut h = app(skirmish());
    open_menu_of(&mut h, "Pip");
    h.get_by_label("Attack with Pip…").click();
    h.run();
    // Over the goblin: who attacks whom, the band and the cover the obstacle gives.
    let goblin = at(&h, "Goblin");
    h.hover_at(goblin);
    h.run();
    let Some(note) = h
        .query_all_by_label_contains("Pip attacks Goblin: ")
        .next()
        .and_then(|n| {
            n.accesskit_node()
                .value()
                .or_else(|| n.accesskit_node().label())
        })
    else {
        panic!("no live line from Pip to the goblin");
    };
    assert!(note.contains("cover"), "{note}");
    // GFH, Movement, Grid Play: Close is about six squares; the goblin is four away.
    assert!(note.contains("Close"), "{note}");
    crate::support::click_at(&mut h, goblin);
    h.run();
    let dice = &h.state().dice;
    assert_eq!(dice.roller, Some(PIP), "Pip acts");
    assert_eq!(dice.targets, vec![GOBLIN], "on the goblin");
    assert!(dice.attack);
    assert!(h.query_by_label("Against Goblin").is_some());
    assert!(
        !h.state().selection.contains(&GOBLIN),
        "the click picked a target, it did not select"
    );
    // The pick is over: the line is gone.
    h.hover_at(at(&h, "Kestrel"));
    h.run();
    assert!(
        h.query_all_by_label_contains("Pip attacks")
            .next()
            .is_none()
    );
}

#[test]
fn esc_or_a_right_click_cancels_attack_with() {
    let mut h = app(skirmish());
    for cancel in ["Esc", "right click"] {
        open_menu_of(&mut h, "Pip");
        h.get_by_label("Attack with Pip…").click();
        h.run();
        let empty = at(&h, "Goblin") + egui::vec2(0.0, 120.0);
        h.hover_at(empty);
        h.run();
        assert!(
            h.query_all_by_label_contains("Pip attacks")
                .next()
                .is_some(),
            "picking before {cancel}"
        );
        if cancel == "Esc" {
            h.key_press(Key::Escape);
            h.run();
        } else {
            crate::support::right_click_at(&mut h, empty);
        }
        let goblin = at(&h, "Goblin");
        crate::support::click_at(&mut h, goblin);
        h.run();
        assert!(h.state().dice.targets.is_empty(), "{cancel} did not cancel");
        assert!(
            h.state().selection.contains(&GOBLIN),
            "a plain click selects again"
        );
        h.state_mut().selection.clear();
        h.run();
    }
}

#[test]
fn attack_goblin_makes_the_selected_token_attack_it_and_says_so() {
    let mut h = app(skirmish());
    let kestrel = at(&h, "Kestrel");
    crate::support::click_at(&mut h, kestrel);
    open_menu_of(&mut h, "Goblin");
    let entry = h.get_by_label("Attack Goblin…");
    entry.hover();
    h.run();
    assert!(
        h.query_by_label("Kestrel attacks Goblin").is_some(),
        "the entry says who acts"
    );
    h.get_by_label("Attack Goblin…").click();
    h.run();
    h.run();
    let dice = &h.state().dice;
    assert_eq!(dice.roller, Some(KESTREL));
    assert_eq!(dice.targets, vec![GOBLIN]);
    assert!(dice.attack);
}

#[test]
fn attack_goblin_with_nothing_selected_is_the_current_combatants() {
    let mut e = skirmish();
    let initiative = &mut e.combat.initiative;
    initiative.combatants = [PIP, GOBLIN, KESTREL].map(Combatant::new).to_vec();
    initiative.current = Some(0);
    initiative.round = 1;
    let mut h = app(e);
    open_menu_of(&mut h, "Goblin");
    h.get_by_label("Attack Goblin…").hover();
    h.run();
    assert!(h.query_by_label("Pip attacks Goblin").is_some());
    h.get_by_label("Attack Goblin…").click();
    h.run();
    h.run();
    assert_eq!(
        h.state().dice.roller,
        Some(PIP),
        "the current combatant acts"
    );
    assert_eq!(h.state().dice.targets, vec![GOBLIN]);
}
