//! Turns in the real panes: a Reaction taken on an enemy's turn from the Initiative pane, and
//! Agility edited in the Sheet pane growing the map's movement range, undone with Ctrl+Z.

use egui::accesskit::Role;
use egui::{Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use lantern::app::combat::initiative_ui;
use lantern::app::{LanternApp, Pane};
use lantern::board::Scene;
use lantern::combat::wounds::token_speed;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{Cell, Side, TokenId};

use super::support::{Table, centre_of, demo, drag, points_per_cell, token_cell};

/// GFH, Reactions: a Reaction is taken outside one's own turn. On the Goblin Skulker's turn,
/// Kestrel's row offers its Reaction; taking it marks it used, and the button turns off.
#[test]
fn a_reaction_on_an_enemys_turn_from_the_initiative_pane() {
    let table = Table::seeded(Demo::GoForthHeroes, 3);
    let mut h = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(egui::vec2(600.0, 1000.0))
        .build_ui_state(|ui, t: &mut Table| t.show(ui, initiative_ui), table);
    h.get_by_label("⚔ Start initiative").click();
    h.run();
    let enemy_turn = |h: &Harness<'_, Table>| {
        let e = &h.state().doc.encounter;
        e.combat
            .initiative
            .current_token()
            .is_some_and(|t| e.token(t).unwrap().side == Side::Enemy)
    };
    while !enemy_turn(&h) {
        h.get_by_label("Next turn ▶").click();
        h.run();
    }
    h.get_by_label("Reaction: Kestrel").click();
    h.run();
    let init = &h.state().doc.encounter.combat.initiative;
    let kestrel = &init.combatants[init.position(TokenId(1)).unwrap()];
    assert!(kestrel.economy.reaction_used);
    assert!(
        h.get_by_label("Reaction: Kestrel")
            .accesskit_node()
            .is_disabled()
    );
}

/// GFH, Grid Play: "Move = 4 + Agility squares". Raising Kestrel's Agility to 3 in the Sheet
/// pane lets the map accept a drag to a cell 7 away that it refused at 6; Ctrl+Z puts the
/// Agility (and so the Move) back.
#[test]
fn agility_in_the_sheet_grows_the_movement_range_and_ctrl_z_reverts_it() {
    let kestrel = TokenId(1);
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(demo(Demo::GoForthHeroes), None));
            app.show_only(Pane::Map);
            app
        });
    harness.state_mut().selection.insert(kestrel);
    harness.run();
    let speed = |h: &Harness<'_, LanternApp>| {
        let e = &h.state().document.encounter;
        token_speed(e, &e.combat.conditions, kestrel).value
    };
    assert_eq!(speed(&harness), 6, "no attributes yet: its typed speed");
    // A cell 7 away (and not 6) on the map.
    let encounter = harness.state().document.encounter.clone();
    let scene = Scene::new(&encounter);
    let far = scene.reachable(kestrel, 7).unwrap();
    let target = far
        .cells()
        .find(|c| far.cost_cells(*c) == Some(7.0) && c.y == 3)
        .or_else(|| far.cells().find(|c| far.cost_cells(*c) == Some(7.0)))
        .unwrap();
    let start = token_cell(&harness, 1).unwrap();
    let ppc = points_per_cell(&harness);
    let offset = |c: Cell| Vec2::new((c.x - start.x) as f32, (c.y - start.y) as f32) * ppc;

    let from = centre_of(&harness, "Kestrel");
    drag(&mut harness, from, from + offset(target), Modifiers::NONE);
    assert_eq!(
        token_cell(&harness, 1),
        Some(start),
        "7 is out of a Move of 6"
    );

    // The Sheet opens as a tab beside the Map; the Map tab brings the map back.
    harness.state_mut().toggle_pane(Pane::Sheet);
    harness.run();
    harness
        .get_by_role_and_label(Role::SpinButton, "Agility")
        .set_value_accesskit(3.0);
    harness.run();
    harness.run();
    assert_eq!(speed(&harness), 7);
    harness.get_by_label("Map").click();
    harness.run();
    let from = centre_of(&harness, "Kestrel");
    drag(&mut harness, from, from + offset(target), Modifiers::NONE);
    assert_eq!(
        token_cell(&harness, 1),
        Some(target),
        "within a Move of 7 now"
    );

    // Undo the move, then the Agility.
    for _ in 0..2 {
        harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
        harness.run();
    }
    assert_eq!(token_cell(&harness, 1), Some(start));
    assert_eq!(speed(&harness), 6);
}

/// A token's right-click menu → "Sheet…" selects the token and brings the Sheet pane forward,
/// showing that token's numbers.
#[test]
fn sheet_from_the_token_menu_shows_that_token() {
    let mut harness = super::support::map_harness(demo(Demo::GoForthHeroes));
    assert!(!lantern::app::dock_has(&harness.state().dock, Pane::Sheet));
    harness.get_by_label("Bram").click_secondary();
    harness.run();
    harness.get_by_label("Sheet…").click();
    harness.run();
    harness.run();
    let app = harness.state();
    assert!(lantern::app::dock_has(&app.dock, Pane::Sheet));
    assert_eq!(
        app.selection.iter().copied().collect::<Vec<_>>(),
        vec![TokenId(2)]
    );
    assert!(harness.query_by_label("Bram · Go Forth: Heroes").is_some());
}

/// Evening, Initiative ("Joining initiative"; "Ties roll off against each other until an order
/// emerges"): Tobin, selected and added to a running fight from the Initiative pane, rolls
/// d20 + Finesse and lands in the order by his count, with any tie on it rolled off, as one
/// undo step.
#[test]
fn a_token_joining_an_evening_fight_rolls_and_settles_its_ties() {
    use lantern::combat::command::CombatCommand;
    use lantern::model::Command;
    let tobin = TokenId(3);
    let mut table = Table::seeded(Demo::EveningHex, 11);
    table.selection.clear();
    let mut h = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(egui::vec2(600.0, 1000.0))
        .build_ui_state(|ui, t: &mut Table| t.show(ui, initiative_ui), table);
    h.get_by_label("⚔ Start initiative").click();
    h.run();
    h.state_mut()
        .doc
        .apply(Command::Combat(CombatCommand::Leave(tobin)))
        .unwrap();
    h.state_mut().selection.insert(tobin);
    h.run();
    let before = h.state().doc.encounter.combat.initiative.clone();
    h.get_by_label("➕ Add selected tokens").click();
    h.run();
    let init = h.state().doc.encounter.combat.initiative.clone();
    let joined = &init.combatants[init.position(tobin).unwrap()];
    let roll = joined.roll.as_ref().unwrap();
    assert_eq!(roll.bonus, 1, "Tobin's Finesse");
    // Highest first, and no two on the same count with the same roll-offs.
    let keys: Vec<(i32, Vec<u8>)> = init
        .combatants
        .iter()
        .filter_map(|c| c.roll.as_ref().map(|r| (r.total(), r.rolloffs.clone())))
        .collect();
    assert!(keys.windows(2).all(|w| w[0] > w[1]), "{keys:?}");
    assert_eq!(
        init.current,
        before
            .current
            .map(|_| init.position(before.current_token().unwrap()).unwrap())
    );
    h.state_mut().doc.undo().unwrap();
    assert_eq!(h.state().doc.encounter.combat.initiative, before);
}
