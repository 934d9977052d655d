//! A 1024×700 window (issue 25, item 4): every control of the default layout in reach without
//! hunting for it, and the layout's proportions kept for a larger window.

use egui::accesskit::Role;
use egui::{Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane, default_dock};
use lantern::demo::Demo;
use lantern::dice::DiceRng;
use lantern::edit::Document;
use lantern::model::{Ambient, Encounter, TokenId};
use lantern::rules::TokenTrackers;
use lantern::rules::go_forth_heroes::{GfhToken, Hearts};

const SMALL: Vec2 = Vec2::new(1024.0, 700.0);

/// The whole app, default dock, on `encounter` in a 1024×700 window, dice seeded.
fn small_app(encounter: Encounter) -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(SMALL)
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.rng = DiceRng::seeded(11);
            app
        });
    crate::support::settle(&mut harness);
    harness
}

fn window() -> Rect {
    Rect::from_min_size(Pos2::ZERO, SMALL)
}

/// The Hobgoblin Sergeant of the GFH demo with two Hearts, so a hit has something to Apply.
fn demo_with_a_sergeant_to_hit() -> Encounter {
    let mut encounter = crate::support::demo(Demo::GoForthHeroes);
    let Some(sergeant) = encounter
        .tokens
        .iter()
        .find(|t| t.name == "Hobgoblin Sergeant")
        .map(|t| t.id)
    else {
        panic!("the demo has no Hobgoblin Sergeant");
    };
    encounter.combat.trackers.insert(
        sergeant,
        TokenTrackers::GoForthHeroes(GfhToken {
            hearts: Some(Hearts::new(2)),
            ..GfhToken::default()
        }),
    );
    encounter
}

fn token_id(harness: &Harness<'_, LanternApp>, name: &str) -> TokenId {
    let Some(token) = harness
        .state()
        .document
        .encounter
        .tokens
        .iter()
        .find(|t| t.name == name)
    else {
        panic!("no token {name}");
    };
    token.id
}

#[test]
fn at_1024_by_700_the_lights_menu_is_in_reach_and_opens() {
    let mut harness = small_app(crate::support::demo(Demo::GoForthHeroes));
    let Some(map) = harness.state().map_view.rect(&harness.ctx) else {
        panic!("the map pane was not drawn");
    };
    // The fog toolbar wraps inside the map pane instead of running off its edge.
    for label in ["Fog", "Reset explored", "Daylight", "Dim", "Dark", "Lights"] {
        let rect = harness.get_by_role_and_label(Role::Button, label).rect();
        assert!(
            map.contains_rect(rect),
            "{label} is cut off: {rect:?} not in {map:?}"
        );
    }
    harness.get_by_role_and_label(Role::Button, "Dark").click();
    harness.run();
    assert_eq!(harness.state().document.encounter.ambient, Ambient::Dark);
    harness
        .get_by_role_and_label(Role::Button, "Lights")
        .click();
    harness.run();
    assert!(
        harness.query_by_label_contains("No lights").is_some()
            || harness.query_by_label_contains("All o").is_some(),
        "the Lights menu did not open"
    );
}

#[test]
fn at_1024_by_700_roll_and_apply_stay_in_view_at_the_dice_panes_bottom() {
    let mut harness = small_app(demo_with_a_sergeant_to_hit());
    let pip = token_id(&harness, "Pip");
    let sergeant = token_id(&harness, "Hobgoblin Sergeant");
    let at = on_map(&harness, "Pip");
    crate::support::click_at(&mut harness, at);
    let at = on_map(&harness, "Hobgoblin Sergeant");
    crate::support::right_click_at(&mut harness, at);
    harness.get_by_label("Attack Hobgoblin Sergeant…").click();
    harness.run();
    harness.run();
    assert_eq!(harness.state().dice.roller, Some(pip));
    let pane_top = tab_rect(&harness, Pane::DiceLog).max.y;
    let pane_bottom = tab_rect(&harness, Pane::Momentum).min.y;
    let in_pane =
        |r: Rect| window().contains_rect(r) && r.min.y >= pane_top && r.max.y <= pane_bottom;
    // Rolled until a hit offers Apply (seeded dice: the same rolls every run); every time the
    // Roll button is in view without scrolling.
    let mut applied = false;
    for roll in 1..=12 {
        let button = harness.get_by_label("Roll attack").rect();
        assert!(in_pane(button), "Roll attack out of view: {button:?}");
        harness.get_by_label("Roll attack").click();
        harness.run();
        harness.run();
        assert_eq!(harness.state().document.encounter.combat.log.len(), roll);
        if let Some(apply) = harness.query_by_label("Apply") {
            let rect = apply.rect();
            assert!(in_pane(rect), "Apply out of view: {rect:?}");
            apply.click();
            harness.run();
            harness.run();
            applied = true;
            break;
        }
    }
    assert!(applied, "no hit in twelve rolls");
    let hearts = match harness.state().document.encounter.sheet(sergeant) {
        Some(TokenTrackers::GoForthHeroes(t)) => t.hearts.clone(),
        other => panic!("the sergeant's trackers changed kind: {other:?}"),
    };
    assert_ne!(hearts, Some(Hearts::new(2)), "Apply changed nothing");
}

/// Where the token `name` is drawn on the map.
fn on_map(harness: &Harness<'_, LanternApp>, name: &str) -> Pos2 {
    let Some(map) = harness.state().map_view.rect(&harness.ctx) else {
        panic!("the map pane was not drawn");
    };
    let Some(rect) = harness
        .get_all_by_role_and_label(Role::Button, name)
        .map(|n| n.rect())
        .find(|r| map.contains(r.center()))
    else {
        panic!("{name} is not on the map");
    };
    rect.center()
}

/// The tab of `pane`.
fn tab_rect(harness: &Harness<'_, LanternApp>, pane: Pane) -> Rect {
    // Below the menu bar, whose Library menu shares the name.
    let Some(node) = harness
        .get_all_by_role_and_label(Role::Button, pane.label())
        .find(|n| n.rect().min.y > 30.0)
    else {
        panic!("no tab for {}", pane.label());
    };
    node.rect()
}

#[test]
fn at_1024_by_700_every_tab_title_shows_whole_and_the_library_opens() {
    let mut harness = small_app(crate::support::demo(Demo::GoForthHeroes));
    let Some(map) = harness.state().map_view.rect(&harness.ctx) else {
        panic!("the map pane was not drawn");
    };
    let left = [Pane::Initiative, Pane::Encounter, Pane::Library];
    for pane in left {
        let rect = tab_rect(&harness, pane);
        assert!(
            rect.min.x >= 0.0 && rect.max.x <= map.min.x,
            "the {} tab is cut: {rect:?}, map from {}",
            pane.label(),
            map.min.x
        );
    }
    let right = [
        Pane::DiceLog,
        Pane::Momentum,
        Pane::Conditions,
        Pane::Trackers,
        Pane::Sheet,
    ];
    for pane in right {
        let rect = tab_rect(&harness, pane);
        assert!(
            rect.min.x >= map.max.x && rect.max.x <= SMALL.x,
            "the {} tab is cut: {rect:?}",
            pane.label()
        );
    }
    let library = tab_rect(&harness, Pane::Library).center();
    crate::support::click_at(&mut harness, library);
    harness.run();
    let library_shown = harness
        .state()
        .dock
        .active_tiles()
        .into_iter()
        .any(|tile| harness.state().dock.tiles.get_pane(&tile) == Some(&Pane::Library));
    assert!(library_shown, "the Library pane did not come to the front");
}

#[test]
fn at_1024_by_700_the_names_show_at_fit_zoom() {
    let harness = small_app(crate::support::demo(Demo::GoForthHeroes));
    for token in &harness.state().document.encounter.tokens {
        let tag = format!("{}: name", token.name);
        assert!(
            harness.query_by_label(&tag).is_some(),
            "no name for {}",
            token.name
        );
    }
}

#[test]
fn a_small_window_keeps_the_docks_proportions_for_a_larger_one() {
    let mut harness = small_app(crate::support::demo(Demo::GoForthHeroes));
    harness.run();
    // Widened for the small window while drawing, the saved layout is still the default's.
    let saved = serde_json::to_value(&harness.state().dock.tiles).unwrap_or_default();
    let default = serde_json::to_value(&default_dock().tiles).unwrap_or_default();
    assert_eq!(saved, default);
    // And a large window shows those proportions: the map's column is three of 5.2 shares.
    harness.set_size(Vec2::new(1600.0, 1000.0));
    harness.run();
    harness.run();
    let Some(map) = harness.state().map_view.rect(&harness.ctx) else {
        panic!("the map pane was not drawn");
    };
    let share = map.width() / 1600.0;
    assert!(
        (0.52..0.6).contains(&share),
        "the map takes {share} of a large window"
    );
}

/// The left column's right edge: where the map begins.
fn left_column_right(harness: &Harness<'_, LanternApp>) -> f32 {
    let Some(map) = harness.state().map_view.rect(&harness.ctx) else {
        panic!("the map pane was not drawn");
    };
    map.min.x
}

/// Issue 30, item 15: the Encounter pane's fields are whole in the narrow left column, each
/// under its label.
#[test]
fn at_1024_by_700_the_encounter_panes_fields_are_whole() {
    let mut harness = small_app(crate::support::demo(Demo::GoForthHeroes));
    let tab = tab_rect(&harness, Pane::Encounter).center();
    crate::support::click_at(&mut harness, tab);
    harness.run();
    let right = left_column_right(&harness);
    for field in ["Rule system", "Grid", "Diagonals"] {
        let rect = harness.get_by_role_and_label(Role::ComboBox, field).rect();
        assert!(
            rect.max.x <= right,
            "{field} is cut at the pane's edge: {rect:?}"
        );
    }
    for field in ["Map width", "Map height"] {
        let rect = harness.get_by_label(field).rect();
        assert!(rect.max.x <= right, "{field} is cut: {rect:?}");
    }
}

/// Issue 30, item 15: with initiative running, "End initiative" is whole below the order.
#[test]
fn at_1024_by_700_end_initiative_is_whole() {
    let mut harness = small_app(crate::support::demo(Demo::GoForthHeroes));
    harness.get_by_label("⚔ Start initiative").click();
    harness.run();
    harness.run();
    let end = harness.get_by_label("End initiative").rect();
    let pane_bottom = window().max.y;
    assert!(
        end.max.y <= pane_bottom - 2.0,
        "End initiative is cut: {end:?}"
    );
    assert!(end.max.x <= left_column_right(&harness));
    // Above the order's last row, not under it.
    let order_rows = harness.get_all_by_label("Reaction").map(|n| n.rect().max.y);
    let shown: Vec<f32> = order_rows.filter(|y| *y <= end.min.y).collect();
    assert!(!shown.is_empty());
}

/// Issue 30, item 15: after a roll the result takes at most part of the Dice pane: the
/// check's lines above it keep most of the room.
#[test]
fn at_1024_by_700_the_checks_lines_keep_their_room_after_a_roll() {
    let mut harness = small_app(demo_with_a_sergeant_to_hit());
    let at = on_map(&harness, "Pip");
    crate::support::click_at(&mut harness, at);
    let at = on_map(&harness, "Hobgoblin Sergeant");
    crate::support::right_click_at(&mut harness, at);
    harness.get_by_label("Attack Hobgoblin Sergeant…").click();
    harness.run();
    harness.run();
    harness.get_by_label("Roll attack").click();
    harness.run();
    harness.run();
    let pane_top = tab_rect(&harness, Pane::DiceLog).max.y;
    let pane_bottom = tab_rect(&harness, Pane::Momentum).min.y;
    let Some(last) = harness.state().dice.last.clone() else {
        panic!("no result");
    };
    // The big line is the first of two nodes with the result's words (the log has the other).
    let Some(headline) = harness
        .query_all_by_label_contains(&last.result)
        .map(|n| n.rect())
        .min_by(|a, b| b.height().total_cmp(&a.height()))
    else {
        panic!("the result is not shown");
    };
    let form_room = headline.min.y - pane_top;
    assert!(
        form_room >= 0.4 * (pane_bottom - pane_top),
        "the form keeps {form_room} of {}",
        pane_bottom - pane_top
    );
    let roll = harness.get_by_label("Roll attack").rect();
    assert!(
        roll.max.y <= pane_bottom,
        "Roll attack out of view: {roll:?}"
    );
}

/// Issue 30, item 15: the card that follows "Attack with…" never covers the attacker, and no
/// token's hover card opens over the line meanwhile.
#[test]
fn the_attack_with_card_keeps_clear_of_the_attacker() {
    let mut harness = small_app(crate::support::demo(Demo::GoForthHeroes));
    let pip = on_map(&harness, "Pip");
    crate::support::right_click_at(&mut harness, pip);
    harness.get_by_label("Attack with Pip…").click();
    harness.run();
    let kestrel = on_map(&harness, "Kestrel");
    harness.hover_at(kestrel);
    harness.run();
    harness.run();
    let Some(card) = harness
        .query_all_by_label_contains("Pip attacks Kestrel")
        .map(|n| n.rect())
        .next()
    else {
        panic!("no card for the hovered target");
    };
    let pip_disc = harness
        .get_all_by_role_and_label(Role::Button, "Pip")
        .map(|n| n.rect())
        .find(|r| r.contains(pip))
        .unwrap_or(Rect::from_center_size(pip, Vec2::splat(20.0)));
    assert!(
        !card.intersects(pip_disc),
        "the card {card:?} covers Pip {pip_disc:?}"
    );
    assert!(
        harness.query_by_label_contains("Speed ").is_none(),
        "no token hover card while picking a target"
    );
}
