//! What the map, the log and the menus say about a fight (issue 30, items 9–12), from the
//! fresh demos.

use egui::Vec2;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::combat::action::resolve;
use lantern::demo::Demo;
use lantern::dice::DiceRng;
use lantern::edit::Document;
use lantern::model::{Command, Encounter, RuleSystem, TokenId};
use lantern::rules::go_forth_heroes::{GfhChange, Hearts};
use lantern::rules::{TokenChange, TrackerCommand};

use crate::support::{attack_from_menu, demo, panes_harness};

fn id(e: &Encounter, name: &str) -> TokenId {
    let Some(t) = e.tokens.iter().find(|t| t.name == name) else {
        panic!("the demo has no {name}");
    };
    t.id
}

/// The GFH demo with the Sergeant's last Heart overcome.
fn sergeant_overcome() -> Encounter {
    let mut e = demo(Demo::GoForthHeroes);
    let sergeant = id(&e, "Hobgoblin Sergeant");
    let mut hearts = Hearts::new(1);
    hearts.remaining = 0;
    let command = Command::Tracker(TrackerCommand::Token {
        token: sergeant,
        change: TokenChange::GoForthHeroes(GfhChange::SetHearts(Some(hearts))),
    });
    let Ok(_) = lantern::edit::apply(&mut e, command) else {
        panic!("the Hearts change was refused");
    };
    e
}

/// Item 9: a GFH monster on no Hearts is overcome, and both windows show it.
#[test]
fn an_overcome_monster_is_marked_on_both_windows() {
    let gm = crate::support::map_harness(sergeant_overcome());
    assert!(gm.query_by_label("Hobgoblin Sergeant: overcome").is_some());
    assert!(gm.query_by_label("Kestrel: overcome").is_none());
    let app = LanternApp::with_document(Document::new(sergeant_overcome(), None));
    let mut players = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(900.0, 600.0))
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    players.run();
    assert!(
        players
            .query_by_label("Hobgoblin Sergeant: overcome")
            .is_some()
    );
}

/// Item 9: default numbers say so in the Dice pane: a token placed from the palette carries
/// the system's plain starting numbers, and an attack on it names them as defaults.
#[test]
fn default_numbers_are_marked_in_the_dice_pane() {
    let mut e = demo(Demo::GoForthHeroes);
    let sergeant = id(&e, "Hobgoblin Sergeant");
    let side = e.token(sergeant).map(|t| t.side).unwrap_or_default();
    let defaults = lantern::rules::system(RuleSystem::GoForthHeroes).starting_sheet(side);
    e.combat.trackers.insert(sergeant, defaults);
    let mut h = panes_harness(e, &[Pane::Map, Pane::DiceLog], 3, Vec2::new(1400.0, 900.0));
    attack_from_menu(&mut h, "Pip", "Hobgoblin Sergeant");
    assert!(
        h.query_by_label_contains(
            "Hobgoblin Sergeant's numbers in Go Forth: Heroes are the defaults, not its own"
        )
        .is_some()
    );
}

/// Item 10: an Evening hit's Apply logs the damage dice and the target's health before and
/// after, in the roll's undo step; the result shows the damage dice too.
#[test]
fn apply_logs_the_damage_dice_and_the_health_before_and_after() {
    let e = demo(Demo::EveningHex);
    let (mirelle, archer) = (id(&e, "Mirelle"), id(&e, "Bandit Archer"));
    // The first seed whose attack hits, found with the core's own resolution (the pane rolls
    // in the same order).
    let request = lantern::combat::action::request_for(&e, Some(mirelle), archer, true);
    let filled = lantern::combat::action::build(
        &e,
        &request,
        &lantern::combat::action::default_base(RuleSystem::Evening, true),
    );
    let Some(seed) =
        (0..500).find(|seed| resolve(&e, &filled, 6, &mut DiceRng::seeded(*seed)).amount > 0)
    else {
        panic!("no seed hits");
    };
    let mut h = panes_harness(
        e,
        &[Pane::Map, Pane::DiceLog],
        seed,
        Vec2::new(1400.0, 900.0),
    );
    attack_from_menu(&mut h, "Mirelle", "Bandit Archer");
    h.get_by_label("Roll attack").click();
    h.run();
    h.run();
    assert!(
        h.query_all_by_label_contains("Damage 1d").next().is_some(),
        "the result shows the damage dice"
    );
    h.get_by_label("Apply").click();
    h.run();
    h.run();
    let log = &h.state().document.encounter.combat.log;
    let Some(entry) = log.last() else {
        panic!("nothing logged");
    };
    assert!(entry.what.starts_with("Apply "), "{entry:?}");
    assert!(entry.what.ends_with("to Bandit Archer"), "{entry:?}");
    assert!(
        entry.dice.contains('d') && entry.dice.contains('='),
        "{entry:?}"
    );
    assert!(entry.result.contains("Health from "), "{entry:?}");
    let history = h.state().document.history();
    assert_eq!(
        history.undo_label(),
        Some("Roll"),
        "Apply joined the roll's step"
    );
}

/// Item 10: opening another encounter shows the Dice pane from its top, header in view.
#[test]
fn opening_an_encounter_scrolls_the_dice_pane_to_its_top() {
    let mut h = panes_harness(
        demo(Demo::GoForthHeroes),
        &[Pane::Map, Pane::DiceLog],
        3,
        Vec2::new(1024.0, 700.0),
    );
    let heading = |h: &Harness<'static, LanternApp>| h.get_by_label_contains("Dice: ").rect().min.y;
    let top = heading(&h);
    let body = h.get_by_label_contains("Dice: ").rect().center() + Vec2::new(0.0, 120.0);
    h.hover_at(body);
    h.run();
    for _ in 0..10 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: Vec2::new(0.0, -200.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
    assert!(heading(&h) < top - 50.0, "the pane scrolled");
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open demo").click();
    h.run();
    h.get_by_label(Demo::EveningHex.label()).click();
    h.run();
    h.run();
    assert!(
        (heading(&h) - top).abs() < 1.0,
        "the header is back in view"
    );
}

/// Item 12: a hero's right-click menu lists the heroes' conditions first and the monster
/// Debuffs after a heading; a monster's the other way round.
#[test]
fn the_condition_menu_puts_the_tokens_own_side_first() {
    let mut h = crate::support::map_harness(demo(Demo::GoForthHeroes));
    let y = |h: &Harness<'static, LanternApp>, label: &str| {
        h.get_by_role_and_label(Role::Button, label).rect().min.y
    };
    h.get_by_role_and_label(Role::Button, "Kestrel")
        .click_secondary();
    h.run();
    assert!(y(&h, "Bolstered") < y(&h, "Exposed"));
    assert!(h.query_by_label("For monsters (Debuffs)").is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_role_and_label(Role::Button, "Hobgoblin Sergeant")
        .click_secondary();
    h.run();
    assert!(y(&h, "Exposed") < y(&h, "Bolstered"));
    assert!(h.query_by_label("For heroes").is_some());
}

/// Item 10: a Boost's momentum die shows its face under the result, as the log has it.
#[test]
fn a_boost_shows_its_die_face_under_the_result() {
    let mut h = panes_harness(
        demo(Demo::GoForthHeroes),
        &[Pane::Map, Pane::DiceLog],
        3,
        Vec2::new(1400.0, 900.0),
    );
    attack_from_menu(&mut h, "Pip", "Hobgoblin Sergeant");
    h.get_by_label("Roll attack").click();
    h.run();
    h.run();
    let Some(boost) = h.query_all_by_label_contains("on the check").next() else {
        panic!("Pip has no momentum die to Boost with");
    };
    boost.click();
    h.run();
    h.run();
    let Some(rolled) = h.state().dice.rolled.as_ref() else {
        panic!("the roll is gone");
    };
    let face = rolled.boosts[0].1;
    assert!(
        h.query_by_label(&format!("Boost on the check: d6 {face}"))
            .is_some()
    );
    let log = &h.state().document.encounter.combat.log;
    assert!(log.iter().any(|e| e.dice == format!("d6: {face}")));
}
