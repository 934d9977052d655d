//! The small things both testers of issue 25 hit (item 5): File → Quit, a confirmation that
//! covers no pane, the 3d6 token menu without an empty heading, one Attack switch in Evening,
//! Road and Ruin's armor in its own words, and a file opened from the in-window chooser with a
//! second click.

use egui::accesskit::Role;
use egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{AfterConfirm, DialogBackend, LanternApp, Pane, Prompt};
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::files::save_encounter;
use lantern::model::{Cell, Command, Encounter, RuleSystem, Side, Token, TokenId};

use crate::support::{self, right_click_at};

/// The whole app on `encounter`, default dock.
fn app(encounter: Encounter) -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(|_cc| LanternApp::with_document(Document::new(encounter, None)));
    support::settle(&mut harness);
    harness
}

/// Two tokens five cells apart on an open map under `system`.
fn duel(system: RuleSystem) -> Encounter {
    let mut e = Encounter::new("Duel", system);
    e.tokens
        .push(Token::new(TokenId(1), "Ash", Side::Party, Cell::new(1, 1)));
    e.tokens.push(Token::new(
        TokenId(2),
        "Brute",
        Side::Enemy,
        Cell::new(6, 1),
    ));
    e
}

#[test]
fn file_quit_and_ctrl_q_ask_about_unsaved_changes_before_closing() {
    let mut harness = app(support::demo(Demo::GoForthHeroes));
    let Ok(()) = harness
        .state_mut()
        .document
        .apply(Command::SetName("Half-planned raid".into()))
    else {
        panic!("renaming failed");
    };
    harness.get_by_label("File").click();
    harness.run();
    // A menu button's name carries its shortcut.
    harness.get_by_label_contains("Quit").click();
    harness.run();
    assert!(matches!(
        harness.state().prompt,
        Some(Prompt::Unsaved(AfterConfirm::Close))
    ));
    harness.get_by_label("Cancel").click();
    harness.run();
    assert!(harness.state().prompt.is_none());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Q);
    harness.run();
    assert!(matches!(
        harness.state().prompt,
        Some(Prompt::Unsaved(AfterConfirm::Close))
    ));
}

#[test]
fn a_saved_message_sits_in_the_menu_bar_over_no_pane() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app(support::demo(Demo::GoForthHeroes));
    let path = dir.path().join("mill.json");
    assert!(harness.state_mut().save_to(&path));
    harness.run();
    let text = format!("Saved {}", path.display());
    let saved = harness.get_by_label(&text).rect();
    let file_menu = harness.get_by_label("File").rect();
    assert!(
        saved.min.y >= file_menu.min.y - 2.0 && saved.max.y <= file_menu.max.y + 2.0,
        "the message is not in the menu bar: {saved:?}, menu {file_menu:?}"
    );
}

#[test]
fn the_3d6_token_menu_has_no_empty_conditions_heading() {
    let mut harness = app(duel(RuleSystem::ThreeD6));
    harness.state_mut().show_only(Pane::Map);
    harness.run();
    let at = harness.get_by_label("Brute").rect().center();
    right_click_at(&mut harness, at);
    assert!(
        harness.query_by_label("Sheet…").is_some(),
        "the menu did not open"
    );
    assert!(harness.query_by_label("Conditions").is_none());
}

#[test]
fn evening_has_one_attack_switch_the_kind_of_roll() {
    let harness = app(duel(RuleSystem::Evening));
    assert!(harness.query_by_label("This roll is").is_some());
    assert!(
        harness
            .query_by_role_and_label(Role::CheckBox, "Attack")
            .is_none(),
        "a second Attack switch beside the kind of roll"
    );
}

#[test]
fn a_road_and_ruin_attack_names_the_targets_armor_not_a_target_number() {
    let mut harness = app(duel(RuleSystem::RoadAndRuin));
    harness.get_by_label("Ash").click();
    harness.run();
    harness.get_by_label("Brute").click_secondary();
    harness.run();
    harness.get_by_label("Attack Brute…").click();
    harness.run();
    harness.run();
    assert!(harness.query_by_label("Against Brute").is_some());
    assert!(harness.query_by_label_contains("Target number").is_none());
    assert!(
        harness
            .query_by_label("Target's armor: none (0 AR)")
            .is_some()
    );
}

/// The app with the in-window chooser opened on a folder holding "Mill at dusk" as mill.json.
fn chooser_on_a_mill(dir: &std::path::Path) -> Harness<'static, LanternApp> {
    let mut mill = support::demo(Demo::GoForthHeroes);
    mill.name = "Mill at dusk".into();
    let Ok(()) = save_encounter(&dir.join("mill.json"), &mill) else {
        panic!("cannot write mill.json");
    };
    let folder = dir.to_path_buf();
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size([1400.0, 900.0])
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(Document::new(Encounter::default(), None));
            app.set_file_dialogs(DialogBackend::InWindow);
            app.set_recent_folders(vec![folder]);
            app
        });
    support::settle(&mut harness);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run();
    harness
}

#[test]
fn a_double_click_arriving_in_one_frame_opens_the_file_it_was_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = chooser_on_a_mill(dir.path());
    // A slow software-rendered frame gets both clicks at once, before the first one picked
    // the file: the double click must carry the file itself.
    let pos = harness.get_by_label("mill.json").rect().center();
    let events = &mut harness.input_mut().events;
    events.push(egui::Event::PointerMoved(pos));
    for pressed in [true, false, true, false] {
        events.push(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    harness.run();
    harness.run();
    assert_eq!(harness.state().document.encounter.name, "Mill at dusk");
    assert!(
        harness.state().file_chooser_folder().is_none(),
        "the chooser stayed open"
    );
}

#[test]
fn a_second_click_on_the_picked_file_opens_it_in_the_chooser() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = chooser_on_a_mill(dir.path());
    // Two clicks a quarter second apart each (the harness's frame): slower than egui's double
    // click on a slow frame, still "open this one".
    harness.get_by_label("mill.json").click();
    harness.run();
    harness.get_by_label("mill.json").click();
    harness.run();
    harness.run();
    assert_eq!(harness.state().document.encounter.name, "Mill at dusk");
    assert!(
        harness.state().file_chooser_folder().is_none(),
        "the chooser stayed open"
    );
}
