//! The egui shell driven through the real app with `egui_kittest`.

use std::path::Path;
use std::time::Duration;

use egui::{Key, Modifiers, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use lantern::app::{AppConfig, LanternApp, Pane, Prompt};
use lantern::demo::Demo;
use lantern::model::Command;

/// The real app on a temporary data folder, autosaving as soon as something changes.
fn app_in(data_dir: &Path) -> Harness<'static, LanternApp> {
    let config = AppConfig {
        data_dir: Some(data_dir.to_path_buf()),
        autosave_interval: Duration::ZERO,
    };
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size([1400.0, 900.0])
        .build_eframe(move |cc| LanternApp::new_with(cc, config));
    crate::support::settle(&mut harness);
    harness
}

fn demo_name() -> String {
    // An unreadable demo yields "", which no assertion below would accept.
    Demo::GoForthHeroes
        .encounter()
        .map(|e| e.name)
        .unwrap_or_default()
}

#[test]
fn every_pane_is_present_by_label() {
    let dir = tempfile::tempdir().unwrap();
    let harness = app_in(dir.path());
    for pane in Pane::ALL {
        assert!(
            harness.get_all_by_label(pane.label()).next().is_some(),
            "no tab for {}",
            pane.label()
        );
    }
    assert_eq!(Pane::ALL.len(), 9);
    assert_eq!(harness.state().document.encounter.name, demo_name());
}

#[test]
fn renaming_in_the_encounter_pane_is_one_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    harness.get_by_label("Encounter").click();
    harness.run();
    harness.get_by_label("Encounter name").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness
        .get_by_label("Encounter name")
        .type_text("Bridge of Sighs");
    harness.run();
    // Typing alone is not an edit yet: the rename lands on Enter, as one step.
    assert_eq!(harness.state().document.encounter.name, demo_name());
    harness.key_press(Key::Enter);
    harness.run();
    let document = &harness.state().document;
    assert_eq!(document.encounter.name, "Bridge of Sighs");
    assert_eq!(document.history().undo_label(), Some("Rename encounter"));
    assert!(document.is_dirty());

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(harness.state().document.encounter.name, demo_name());
    assert_eq!(harness.state().document.history().undo_label(), None);

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run();
    assert_eq!(harness.state().document.encounter.name, "Bridge of Sighs");
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run();
    assert_eq!(
        harness.state().document.encounter.name,
        "Bridge of Sighs",
        "nothing left to redo"
    );
}

#[test]
fn edit_menu_names_the_step_it_undoes() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Renamed".into()))
        .unwrap();
    harness.get_by_label("Edit").click();
    harness.run();
    harness
        .get_by_label_contains("Undo Rename encounter")
        .click();
    harness.run();
    assert_eq!(harness.state().document.encounter.name, demo_name());
}

#[test]
fn new_with_unsaved_changes_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Half-planned raid".into()))
        .unwrap();

    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run();
    assert!(harness.query_by_label("Unsaved changes").is_some());
    assert_eq!(harness.state().document.encounter.name, "Half-planned raid");

    harness.get_by_label("Cancel").click();
    harness.run();
    assert!(harness.query_by_label("Unsaved changes").is_none());
    assert_eq!(harness.state().document.encounter.name, "Half-planned raid");

    harness.get_by_label("File").click();
    harness.run();
    // Menu buttons' names include their shortcut text.
    harness.get_by_label_contains("New").click();
    harness.run();
    assert!(matches!(harness.state().prompt, Some(Prompt::Unsaved(_))));
    assert_eq!(harness.state().document.encounter.name, "Half-planned raid");
    harness.get_by_label("Discard").click();
    harness.run();
    let document = &harness.state().document;
    assert_eq!(document.encounter.name, "Untitled encounter");
    assert!(document.encounter.tokens.is_empty());
    assert!(!document.is_dirty());
}

#[test]
fn new_without_changes_does_not_ask() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run();
    assert!(harness.state().prompt.is_none());
    assert_eq!(
        harness.state().document.encounter.name,
        "Untitled encounter"
    );
}

#[test]
fn opening_a_bad_file_names_the_problem_and_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    let before = harness.state().document.encounter.clone();
    let cases = [
        (
            "notes.json",
            "shopping list, not an encounter",
            "not valid JSON",
        ),
        ("future.json", r#"{"format_version": 999}"#, "newer Lantern"),
    ];
    for (file, content, problem) in cases {
        let path = dir.path().join(file);
        std::fs::write(&path, content).unwrap();
        harness.state_mut().open_path(&path);
        harness.run();
        let path_text = path.display().to_string();
        assert!(harness.query_by_label_contains(&path_text).is_some());
        let notice = &harness.state().notifications.notices().last().unwrap().text;
        assert!(
            notice.contains(problem) && notice.contains(&path_text),
            "{notice}"
        );
        assert!(harness.query_by_label_contains(problem).is_some());
        assert_eq!(harness.state().document.encounter, before);
        assert_eq!(harness.state().document.path, None);
    }
}

#[test]
fn save_then_open_round_trips_and_fills_recent_files() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    let path = dir.path().join("mill.json");
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Mill, revisited".into()))
        .unwrap();
    assert!(harness.state_mut().save_to(&path));
    harness.run();
    assert!(!harness.state().document.is_dirty());
    assert!(!harness.state().autosave_path().unwrap().exists());

    harness.state_mut().open_path(&path);
    harness.run();
    let state = harness.state();
    assert_eq!(state.document.encounter.name, "Mill, revisited");
    assert_eq!(state.document.path.as_deref(), Some(path.as_path()));
    assert_eq!(state.recent.paths()[0], path);
}

#[test]
fn autosave_writes_to_the_data_folder_and_a_restart_offers_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    let autosave = harness.state().autosave_path().unwrap();
    assert!(autosave.starts_with(dir.path()));
    assert!(!autosave.exists());
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Unfinished ambush".into()))
        .unwrap();
    harness.run();
    assert!(autosave.exists());
    let saved = lantern::files::load_encounter(&autosave).unwrap();
    assert_eq!(saved.name, "Unfinished ambush");
    assert!(!harness.state().document.needs_autosave());
    drop(harness);

    let mut harness = app_in(dir.path());
    assert!(harness.query_by_label("Restore unsaved work?").is_some());
    assert_eq!(harness.state().document.encounter.name, demo_name());
    harness.get_by_label("Restore").click();
    harness.run();
    let document = &harness.state().document;
    assert_eq!(document.encounter.name, "Unfinished ambush");
    assert!(document.is_dirty());
}

#[test]
fn discarding_the_offered_autosave_deletes_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Throwaway".into()))
        .unwrap();
    harness.run();
    let autosave = harness.state().autosave_path().unwrap();
    assert!(autosave.exists());
    drop(harness);

    let mut harness = app_in(dir.path());
    harness.get_by_label("Discard autosave").click();
    harness.run();
    assert!(!autosave.exists());
    assert_eq!(harness.state().document.encounter.name, demo_name());
}

#[test]
fn view_menu_closes_and_reopens_panes_and_resets_the_layout() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    harness.get_by_label("View").click();
    harness.run();
    harness
        .get_by_role_and_label(Role::CheckBox, "Momentum")
        .click();
    harness.run();
    assert!(!lantern::app::dock_has(
        &harness.state().dock,
        Pane::Momentum
    ));
    if harness.query_by_label_contains("Reset layout").is_none() {
        harness.get_by_label("View").click();
        harness.run();
    }
    harness.get_by_label_contains("Reset layout").click();
    harness.run();
    assert!(lantern::app::dock_has(
        &harness.state().dock,
        Pane::Momentum
    ));
}

#[test]
fn initiative_selects_a_token() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    let first = harness.state().document.encounter.tokens[0].clone();
    // Other panes may name the token too; the Initiative row is a selectable button.
    harness
        .get_all_by_label(&first.name)
        .find(|node| node.accesskit_node().role() == Role::Button)
        .unwrap()
        .click();
    harness.run();
    assert_eq!(
        harness
            .state()
            .selection
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        vec![first.id]
    );
}

#[test]
fn shrinking_the_map_brings_tokens_onto_it_in_the_same_step() {
    // The demo map is 24 × 16; the Mill Ogre (Large, 2 × 2) stands at (18, 9) and the goblin
    // archer at (20, 2). At 18 columns (0..=17) both are beyond the east edge: the archer,
    // pulled to (17, 2), takes it; the ogre, pulled to (17, 9), would cover column 18, so it
    // takes the first anchor of the ring round that, (16, 8).
    let dir = tempfile::tempdir().unwrap();
    let mut harness = app_in(dir.path());
    let before = harness.state().document.encounter.clone();
    harness.get_by_label("Encounter").click();
    harness.run();
    harness.get_by_label("Map width").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label("Map width").type_text("18");
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
    let document = &harness.state().document;
    let cell = |name: &str| {
        let token = document.encounter.tokens.iter().find(|t| t.name == name);
        token.map(|t| t.cell)
    };
    assert_eq!(document.encounter.map.width_cells, 18);
    assert_eq!(
        cell("Goblin Archer"),
        Some(lantern::model::Cell::new(17, 2))
    );
    assert_eq!(cell("Mill Ogre"), Some(lantern::model::Cell::new(16, 8)));
    assert_eq!(
        cell("Kestrel"),
        Some(lantern::model::Cell::new(3, 3)),
        "inside: stays"
    );
    assert_eq!(document.history().undo_label(), Some("Resize map"));
    harness.state_mut().document.undo().unwrap();
    assert_eq!(harness.state().document.encounter, before, "one undo step");
}
