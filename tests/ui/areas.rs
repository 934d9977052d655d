//! Areas of effect from the map to the Dice pane: a Close cone laid from a hero lists the
//! goblins inside as the targets, one roll resolves against each, Apply changes them all in the
//! roll's undo step, and one Ctrl+Z takes everything back.

use egui::{Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::demo::Demo;
use lantern::dice::DiceRng;
use lantern::edit::Document;
use lantern::model::{Cell, TokenId};
use lantern::rules::TokenTrackers;
use lantern::rules::go_forth_heroes::{GfhToken, Hearts};

use crate::support::{centre_of, click_at, demo, drag, points_per_cell, right_click_at};

/// Dice seeded so the area's one roll hits (13 on the d20 against TN 10).
const SEED: u64 = 3;

/// The GFH demo with its walls gone, Kestrel moved to (10, 8) (clear of the tool windows in the
/// map's top-left corner) and three goblins in a column three cells east: (13, 7), (13, 8) and
/// (13, 9). From Kestrel's centre (10½, 8½) pointing east, their centres are 3 along and at most
/// 1 across: inside a cone as wide as it is far (½·3 ≥ 1) and within Close (6 cells, GFH Grid
/// Play). Bram at (4, 6) is behind Kestrel: outside.
fn goblins_in_a_column() -> Harness<'static, LanternApp> {
    goblins_with_panes_hidden(&[
        Pane::Initiative,
        Pane::Encounter,
        Pane::Momentum,
        Pane::Conditions,
        Pane::Trackers,
        Pane::Sheet,
    ])
}

/// The same scene with `hidden` panes closed.
fn goblins_with_panes_hidden(hidden: &'static [Pane]) -> Harness<'static, LanternApp> {
    let mut encounter = demo(Demo::GoForthHeroes);
    encounter.walls.clear();
    encounter.obstacle_cells.clear();
    encounter.obstacle_polygons.clear();
    for (id, x, y) in [(1, 10, 8), (5, 13, 7), (6, 13, 8), (7, 13, 9)] {
        let Some(i) = encounter.token_index(TokenId(id)) else {
            panic!("the demo has token {id}");
        };
        encounter.tokens[i].cell = Cell::new(x, y);
    }
    // Hearts on the goblins, so Effort has somewhere to go (GFH, Hearts).
    for id in [5, 6, 7] {
        let goblin = GfhToken {
            hearts: Some(Hearts::new(3)),
            ..GfhToken::default()
        };
        encounter
            .combat
            .trackers
            .insert(TokenId(id), TokenTrackers::GoForthHeroes(goblin));
    }
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter.clone(), None));
            // Fixed dice that hit (a Graze deals only the Effort modifier, here 0).
            app.rng = DiceRng::seeded(SEED);
            // The default layout keeps the Map and the Dice pane side by side.
            for pane in hidden {
                app.toggle_pane(*pane);
            }
            app
        });
    harness.run();
    harness
}

#[test]
fn a_close_cone_from_a_hero_targets_three_goblins_rolls_applies_and_undoes() {
    let mut h = goblins_in_a_column();
    let from = centre_of(&h, "Kestrel");
    let cell = points_per_cell(&h);
    h.get_by_label("Kestrel").click_secondary();
    h.run();
    h.get_by_label("Area from here…").click();
    h.run();
    drag(
        &mut h,
        from,
        from + Vec2::new(4.0 * cell, 0.0),
        Modifiers::NONE,
    );
    h.run();
    h.get_by_label("Against Goblin Skulker");
    h.get_by_label("then Goblin Archer");
    h.get_by_label("then Hobgoblin Sergeant");
    assert!(h.query_by_label("then Bram").is_none());

    let before = h.state().document.encounter.clone();
    h.get_by_label("Roll attack").scroll_to_me();
    h.run();
    h.get_by_label("Roll attack").click();
    h.run();
    let log = &h.state().document.encounter.combat.log;
    let Some(line) = log.last() else {
        panic!("the roll is logged");
    };
    assert_eq!(line.who, "Kestrel");
    assert!(
        line.what.ends_with("against 3 targets in an area"),
        "{line:?}"
    );
    for name in ["Goblin Skulker", "Goblin Archer", "Hobgoblin Sergeant"] {
        assert!(line.result.contains(name), "{line:?}");
    }
    // The pane scrolls: bring the button into view before pressing it.
    h.get_by_label("Apply to all").scroll_to_me();
    h.run();
    h.get_by_label("Apply to all").click();
    h.run();
    let after = h.state().document.encounter.clone();
    assert_ne!(
        after.combat.trackers, before.combat.trackers,
        "Effort reached the goblins"
    );
    // The roll's line and Apply's, which says what landed on each (issue 30, item 10).
    assert_eq!(after.combat.log.len(), before.combat.log.len() + 2);
    let applied = after.combat.log.last().map(|l| l.what.clone());
    assert_eq!(applied.as_deref(), Some("Apply to 3 targets"));

    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    let undone = &h.state().document.encounter;
    assert_eq!(
        undone.combat, before.combat,
        "one Ctrl+Z takes back the roll and Apply"
    );
}

/// A kept area is an encounter object: added by a command, undone by Ctrl+Z.
#[test]
fn a_kept_area_is_added_and_undone() {
    let mut h = goblins_in_a_column();
    let from = centre_of(&h, "Kestrel");
    let cell = points_per_cell(&h);
    h.key_press(egui::Key::C);
    h.run();
    h.get_by_label("Keep on map").click();
    h.run();
    drag(
        &mut h,
        from + Vec2::new(0.0, 5.0 * cell),
        from + Vec2::new(3.0 * cell, 5.0 * cell),
        Modifiers::NONE,
    );
    h.run();
    assert_eq!(h.state().document.encounter.areas.len(), 1);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.state().document.encounter.areas.is_empty());
}

/// What the map's aura cards are called for AccessKit (and tests).
const CARDS: &str = "Aura offers on the map";
/// The title of Aura of Agony's offer at the end of Kestrel's turn, in either place.
const AGONY: &str = "Aura of Agony — end of Kestrel's turn";
const GOBLINS: [(u64, &str); 3] = [
    (5, "Goblin Skulker"),
    (6, "Goblin Archer"),
    (7, "Hobgoblin Sergeant"),
];

/// The goblins' scene with the Initiative pane open, and Aura of Agony laid from Kestrel as a
/// following aura picked from the text (Right-click, Area from here…, a drag east). The Area
/// tool is still on.
fn kestrel_with_aura_of_agony() -> Harness<'static, LanternApp> {
    let mut h = goblins_with_panes_hidden(&[
        Pane::Encounter,
        Pane::Library,
        Pane::Momentum,
        Pane::Conditions,
        Pane::Trackers,
    ]);
    let from = centre_of(&h, "Kestrel");
    let cell = points_per_cell(&h);
    h.get_by_label("Kestrel").click_secondary();
    h.run();
    h.get_by_label("Area from here…").click();
    h.run();
    h.get_by_label("Follows the token (aura)").click();
    h.run();
    h.get_by_label("From the text…").click();
    h.run();
    h.get_by_label("Aura of Agony (Harm)").click();
    h.run();
    drag(
        &mut h,
        from,
        from + Vec2::new(2.0 * cell, 0.0),
        Modifiers::NONE,
    );
    h.run();
    let areas = &h.state().document.encounter.areas;
    assert_eq!(areas.len(), 1, "the aura is kept");
    assert!(areas[0].follows);
    assert_eq!(
        areas[0].effect.as_ref().map(|e| e.name.as_str()),
        Some("Aura of Agony")
    );
    h
}

/// The aura above, initiative started and Kestrel's turn ended (Round the Table: heroes first,
/// Kestrel's seat first): the offer waits with the three goblins 3 cells away inside.
fn aura_of_agony_offered() -> Harness<'static, LanternApp> {
    let mut h = kestrel_with_aura_of_agony();
    h.get_by_label("⚔ Start initiative").click();
    h.run();
    let current = h
        .state()
        .document
        .encounter
        .combat
        .initiative
        .current_token();
    assert_eq!(current, Some(TokenId(1)), "Kestrel's seat is first");
    h.get_by_label("Next turn ▶").click();
    h.run();
    let offers = &h.state().document.encounter.combat.aura_offers;
    assert_eq!(offers.len(), 1);
    for (goblin, _) in GOBLINS {
        assert!(offers[0].tokens.contains(&TokenId(goblin)), "{offers:?}");
    }
    h
}

/// The map card's widget labelled `label`.
fn on_map<'a>(h: &'a Harness<'static, LanternApp>, label: &'a str) -> egui_kittest::Node<'a> {
    let card = h.get_by_label(CARDS).rect();
    let Some(node) = h
        .get_all_by_label(label)
        .find(|n| card.contains_rect(n.rect()))
    else {
        panic!("no {label} on the map's card");
    };
    node
}

/// The Initiative pane's widget labelled `label` (the map's card has one of the same name).
fn in_initiative<'a>(
    h: &'a Harness<'static, LanternApp>,
    label: &'a str,
) -> egui_kittest::Node<'a> {
    let card = h.get_by_label(CARDS).rect();
    let Some(node) = h
        .get_all_by_label(label)
        .find(|n| !card.intersects(n.rect()))
    else {
        panic!("no {label} outside the map's card");
    };
    node
}

/// Whether the offer shows nowhere: no Apply in the Initiative pane or on the map, no card, no
/// ring (the log keeps the title of an applied offer).
fn offer_gone(h: &Harness<'static, LanternApp>) -> bool {
    h.query_all_by_label("Roll 1d4 & apply").next().is_none()
        && h.query_by_label(CARDS).is_none()
        && GOBLINS.iter().all(|(_, name)| {
            h.query_by_label(&format!("{name}: aura offer waiting"))
                .is_none()
        })
}

/// GFH, Harm, Aura of Agony ("Close enemies take 1d4 Effort at the end of your turn"): laid
/// from Kestrel as a following aura picked from the text, it is offered in the Initiative pane
/// when Kestrel's turn ends; Apply rolls the d4 and puts Effort into each goblin's Hearts in
/// one step, and one Ctrl+Z takes it all back, the offer included.
#[test]
fn an_aura_from_the_text_is_offered_when_its_owners_turn_ends_applied_and_undone() {
    let mut h = aura_of_agony_offered();
    in_initiative(&h, AGONY);
    let before = h.state().document.encounter.clone();
    in_initiative(&h, "Roll 1d4 & apply").click();
    h.run();
    let after = h.state().document.encounter.clone();
    assert!(after.combat.aura_offers.is_empty(), "applied");
    for (goblin, _) in GOBLINS {
        assert_ne!(
            after.combat.trackers.per_token.get(&TokenId(goblin)),
            before.combat.trackers.per_token.get(&TokenId(goblin)),
            "Effort reached goblin {goblin}"
        );
    }
    // The offer left the Initiative pane and the map; the roll log now carries its title.
    assert!(h.query_all_by_label("Roll 1d4 & apply").next().is_none());
    assert!(offer_gone(&h));

    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(
        h.state().document.encounter.combat,
        before.combat,
        "one Ctrl+Z takes back the Effort and brings the offer back"
    );
    in_initiative(&h, AGONY);
}

/// The same offer on the map, where the GM looks when the turn changes: a card with its title
/// and the goblins' names, clear of the goblins and of the combatant whose turn starts, each goblin
/// ringed while it waits. Apply on the card is the same one step as in the Initiative pane:
/// Effort into every goblin's Hearts, the offer gone from both places, one Ctrl+Z back.
#[test]
fn an_aura_offer_on_the_map_applies_from_its_card_in_one_undo_step() {
    let mut h = aura_of_agony_offered();
    on_map(&h, AGONY);
    let card_rect = h.get_by_label(CARDS).rect();
    for (_, name) in GOBLINS {
        let listed = h
            .query_all_by_label_contains(name)
            .any(|n| card_rect.contains_rect(n.rect()));
        assert!(listed, "{name} is named on the card");
    }
    let what = h
        .query_all_by_label_contains(": 1d4 Effort")
        .any(|n| card_rect.contains_rect(n.rect()));
    assert!(what, "the card says what the aura does");
    // Each goblin ringed, and the combatant whose turn starts marked: the marks sit on the
    // tokens (the names also show in the Initiative pane), and the card covers none.
    let mut marks: Vec<String> = GOBLINS
        .iter()
        .map(|(_, name)| format!("{name}: aura offer waiting"))
        .collect();
    let encounter = &h.state().document.encounter;
    let current = encounter.combat.initiative.current_token();
    let Some(now) = current.and_then(|id| encounter.token(id)) else {
        panic!("someone's turn has started");
    };
    marks.push(format!("{}: turn", now.name));
    for mark in &marks {
        let token = h.get_by_label(mark).rect();
        assert!(!card_rect.intersects(token), "the card covers {mark}");
    }
    assert!(h.query_by_label("Kestrel: aura offer waiting").is_none());

    let before = h.state().document.encounter.clone();
    on_map(&h, "Roll 1d4 & apply").click();
    h.run();
    let after = h.state().document.encounter.clone();
    assert!(after.combat.aura_offers.is_empty(), "applied");
    for (goblin, _) in GOBLINS {
        let hearts = |e: &lantern::model::Encounter| match e.sheet(TokenId(goblin)) {
            Some(TokenTrackers::GoForthHeroes(t)) => t.hearts.clone(),
            other => panic!("goblin {goblin} has GFH trackers: {other:?}"),
        };
        assert_ne!(
            hearts(&after),
            hearts(&before),
            "Effort reached goblin {goblin}"
        );
    }
    assert!(
        offer_gone(&h),
        "the card and the pane's offer are both gone"
    );

    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(
        h.state().document.encounter.combat,
        before.combat,
        "one Ctrl+Z takes back the Effort and brings the offer back"
    );
    on_map(&h, AGONY);
    in_initiative(&h, AGONY);
}

/// Skip on the map's card settles the offer and changes nobody: the card, the pane's offer and
/// the goblins' rings go, their trackers stay as they were.
#[test]
fn an_aura_offer_skipped_on_the_map_changes_nobody() {
    let mut h = aura_of_agony_offered();
    let before = h.state().document.encounter.clone();
    on_map(&h, "Skip").click();
    h.run();
    let after = h.state().document.encounter.clone();
    assert!(after.combat.aura_offers.is_empty(), "skipped");
    assert_eq!(
        after.combat.trackers, before.combat.trackers,
        "nobody harmed"
    );
    assert_eq!(after.combat.initiative, before.combat.initiative);
    assert!(offer_gone(&h));
}

/// With the Area tool on, a right-click on the token carrying an aura opens the token's menu:
/// the aura's dot sits beside the token, not on its centre, and keeps the area's own menu.
#[test]
fn a_right_click_on_a_token_carrying_an_aura_opens_the_tokens_menu() {
    let mut h = kestrel_with_aura_of_agony();
    assert!(
        h.query_by_label("Area of effect").is_some(),
        "the Area tool is on"
    );
    let kestrel = h.get_by_label("Kestrel").rect();
    let dot = h.get_by_label("Area 1 (Burst)").rect();
    assert!(
        !dot.intersects(kestrel),
        "the dot {dot:?} is off Kestrel {kestrel:?}"
    );
    right_click_at(&mut h, kestrel.center());
    h.get_by_label("Sheet…");
    h.get_by_label("Area from here…");
    assert!(h.query_by_label("Move…").is_none(), "not the area's menu");
    h.key_press(egui::Key::Escape);
    h.run();

    right_click_at(&mut h, dot.center());
    h.get_by_label("Move…");
    assert!(h.query_by_label("Sheet…").is_none(), "not the token's menu");
}

/// A kept area can be turned, moved and deleted after it is laid: select it in the tool's
/// list, drag its turning handle (one command on release), right-click its origin dot for
/// Move… (the start follows the pointer to the next click) and Delete; each is one Ctrl+Z.
#[test]
fn a_kept_area_turns_by_its_handle_moves_and_deletes_from_its_menu() {
    let mut h = goblins_in_a_column();
    let from = centre_of(&h, "Kestrel") + Vec2::new(0.0, 5.0 * points_per_cell(&h));
    let cell = points_per_cell(&h);
    h.key_press(egui::Key::C);
    h.run();
    h.get_by_label("Keep on map").click();
    h.run();
    drag(
        &mut h,
        from,
        from + Vec2::new(3.0 * cell, 0.0),
        Modifiers::NONE,
    );
    h.run();
    let laid = h.state().document.encounter.areas[0].clone();
    assert!(laid.toward.x > laid.origin.x, "laid pointing east");

    h.get_by_label("Cone 1").click();
    h.run();
    let handle = centre_of(&h, "Turn area 1");
    let dot = centre_of(&h, "Area 1 (Cone)");
    drag(
        &mut h,
        handle,
        dot - Vec2::new(0.0, 4.0 * cell),
        Modifiers::NONE,
    );
    h.run();
    let turned = h.state().document.encounter.areas[0].clone();
    assert_eq!(turned.origin, laid.origin, "turning keeps the start");
    let (dx, dy) = (
        turned.toward.x - turned.origin.x,
        turned.toward.y - turned.origin.y,
    );
    assert!(
        dy < 0.0 && dx.abs() < 0.25 * dy.abs(),
        "now north: {dx}, {dy}"
    );
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().document.encounter.areas[0], laid, "one undo");

    h.get_by_label("Area 1 (Cone)").click_secondary();
    h.run();
    h.get_by_label("Move…").click();
    h.run();
    click_at(&mut h, dot + Vec2::new(0.0, 2.0 * cell));
    let moved = h.state().document.encounter.areas[0].clone();
    assert!(
        (moved.origin.y - laid.origin.y - 2.0).abs() < 1e-9
            && (moved.origin.x - laid.origin.x).abs() < 1e-9,
        "two cells down: {:?} from {:?}",
        moved.origin,
        laid.origin
    );
    assert_eq!(h.state().document.encounter.areas.len(), 1);

    h.get_by_label("Area 1 (Cone)").click_secondary();
    h.run();
    h.get_by_label("Delete").click();
    h.run();
    assert!(h.state().document.encounter.areas.is_empty());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().document.encounter.areas, vec![moved]);
}
