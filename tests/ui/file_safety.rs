//! Issue 26 in the real app: a file named on the command line that is not a file (4), or
//! whose name is ten megabytes (3); restored work and the file it belongs to (5); saving over a
//! read-only file (6); the shell's settings written atomically (7).

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{AppConfig, LanternApp, Pane, Prompt, settings_path};
use lantern::demo::Demo;
use lantern::files::{encounter_to_json, load_encounter, save_encounter};
use lantern::model::Command;

/// The real app on a temporary data folder, autosaving at once, started as `lantern FILE`
/// when `argument` is given.
fn app_in(data_dir: &Path, argument: Option<&Path>) -> Harness<'static, LanternApp> {
    let config = AppConfig {
        data_dir: Some(data_dir.to_path_buf()),
        autosave_interval: Duration::ZERO,
    };
    let argument = argument.map(Path::to_path_buf);
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size([1400.0, 900.0])
        .build_eframe(move |cc| {
            let mut app = LanternApp::new_with(cc, config);
            if let Some(file) = argument {
                app.open_argument(file);
            }
            app
        });
    crate::support::settle(&mut harness);
    harness
}

fn last_notice(harness: &Harness<'_, LanternApp>) -> String {
    harness
        .state()
        .notifications
        .notices()
        .last()
        .map(|n| n.text.clone())
        .unwrap_or_default()
}

fn demo_file(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    save_encounter(&path, &Demo::GoForthHeroes.encounter().unwrap()).unwrap();
    path
}

/// `lantern f.json` on a named pipe: the window draws, says what the file is, and the demo
/// stays open (before, the first frame never came: `open()` waited for a writer).
#[cfg(target_os = "linux")]
#[test]
fn case4_a_named_pipe_on_the_command_line_is_refused_and_the_window_draws() {
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let fifo = files.path().join("f.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let harness = app_in(data.path(), Some(&fifo));
    let notice = last_notice(&harness);
    assert!(
        notice.contains("it is a named pipe (FIFO), not a regular file"),
        "{notice}"
    );
    assert!(harness.query_by_label_contains("named pipe").is_some());
    let demo = Demo::GoForthHeroes.encounter().unwrap();
    let shown = &harness.state().document;
    assert_eq!(shown.path, None);
    assert_eq!(shown.encounter.tokens, demo.tokens);
}

/// `lantern FILE` with a 10 MB token name: refused with the field named, in a short message,
/// and the demo stays.
#[test]
fn case3_a_ten_megabyte_name_on_the_command_line_is_refused_in_a_short_message() {
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let path = files.path().join("huge-name.json");
    let mut encounter = Demo::GoForthHeroes.encounter().unwrap();
    encounter.tokens[0].name = "n".repeat(10 << 20);
    std::fs::write(&path, encounter_to_json(&encounter).unwrap()).unwrap();
    let harness = app_in(data.path(), Some(&path));
    let notice = last_notice(&harness);
    assert!(
        notice.contains("`tokens[0].name` is 10485760 characters long; Lantern allows at most 200"),
        "{notice}"
    );
    assert!(notice.len() < 400, "{} bytes", notice.len());
    assert_eq!(harness.state().document.path, None);
    assert!(harness.state().document.encounter.tokens[0].name.len() < 200);
}

/// Edits `file` in a first run until the autosave holds them, then "kills" it (the harness is
/// dropped without closing the window, so the autosave stays as a crash leaves it).
fn crash_with_unsaved_work(data: &Path, file: &Path) {
    let mut harness = app_in(data, Some(file));
    assert_eq!(harness.state().document.path.as_deref(), Some(file));
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Ambush at the mill".into()))
        .unwrap();
    harness.run();
    assert!(harness.state().autosave_path().unwrap().exists());
}

/// Case 5: `lantern FILE`, edit, autosave, kill, `lantern FILE` again, Restore: the restored
/// work stays, with no second question that could throw it away, and its autosave stays until
/// it is saved.
#[test]
fn case5_restoring_work_on_the_file_named_again_asks_nothing_more() {
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let file = demo_file(files.path(), "mill.lantern.json");
    crash_with_unsaved_work(data.path(), &file);

    let mut harness = app_in(data.path(), Some(&file));
    assert!(harness.query_by_label("Restore unsaved work?").is_some());
    harness.get_by_label("Restore").click();
    harness.run();
    harness.run();
    assert!(
        harness.state().prompt.is_none(),
        "{:?}",
        harness.state().prompt
    );
    assert!(harness.query_by_label("Unsaved changes").is_none());
    assert!(harness.query_by_label("Discard").is_none());
    let state = harness.state();
    assert_eq!(state.document.encounter.name, "Ambush at the mill");
    assert_eq!(state.document.path.as_deref(), Some(file.as_path()));
    assert!(state.document.is_dirty());
    assert!(state.autosave_path().unwrap().exists());
    assert!(last_notice(&harness).contains("Restored the unsaved changes"));

    // Saving is what lets the autosave go.
    assert!(harness.state_mut().save_to(&file));
    assert!(!harness.state().autosave_path().unwrap().exists());
    assert_eq!(load_encounter(&file).unwrap().name, "Ambush at the mill");
}

/// Case 5 with another file on the command line: the question offers only to save first or
/// to keep working; keeping working keeps the work and its autosave.
#[test]
fn case5_another_file_after_a_restore_waits_behind_a_question_without_discard() {
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let file = demo_file(files.path(), "mill.lantern.json");
    let other = demo_file(files.path(), "crypt.lantern.json");
    crash_with_unsaved_work(data.path(), &file);

    let mut harness = app_in(data.path(), Some(&other));
    harness.get_by_label("Restore").click();
    harness.run();
    assert!(matches!(
        harness.state().prompt,
        Some(Prompt::RestoredThenOpen(_))
    ));
    assert!(harness.query_by_label("Restored work is open").is_some());
    assert!(harness.query_by_label("Discard").is_none());
    assert!(harness.query_by_label("Discard autosave").is_none());
    harness.get_by_label("Keep working").click();
    harness.run();
    let state = harness.state();
    assert!(state.prompt.is_none());
    assert_eq!(state.document.encounter.name, "Ambush at the mill");
    assert!(state.autosave_path().unwrap().exists());
    assert_eq!(state.recent.paths()[0], other);
}

#[test]
fn case5_save_then_open_keeps_the_restored_work_in_its_file_and_opens_the_other() {
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let file = demo_file(files.path(), "mill.lantern.json");
    let other = demo_file(files.path(), "crypt.lantern.json");
    crash_with_unsaved_work(data.path(), &file);

    let mut harness = app_in(data.path(), Some(&other));
    harness.get_by_label("Restore").click();
    harness.run();
    harness.get_by_label("Save, then open").click();
    harness.run();
    harness.run();
    assert_eq!(load_encounter(&file).unwrap().name, "Ambush at the mill");
    let state = harness.state();
    assert_eq!(state.document.path.as_deref(), Some(other.as_path()));
    assert!(!state.document.is_dirty());
    assert!(!state.autosave_path().unwrap().exists());
}

/// The unsaved-changes question says that Discard takes the autosave with it.
#[test]
fn case5_the_unsaved_question_says_discard_deletes_the_autosave() {
    let data = tempfile::tempdir().unwrap();
    let mut harness = app_in(data.path(), None);
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Half-planned raid".into()))
        .unwrap();
    harness.run();
    assert!(harness.state().autosave_path().unwrap().exists());
    harness.state_mut().prompt = Some(Prompt::Unsaved(lantern::app::AfterConfirm::New));
    harness.run();
    assert!(
        harness
            .query_by_label_contains("with the autosave Lantern kept of them")
            .is_some()
    );
}

/// Case 6: saving over a 0400 file is refused with the OS's words, said once, the work stays
/// unsaved, and Save As to another file works.
#[cfg(unix)]
#[test]
fn case6_saving_over_a_read_only_file_is_refused_and_save_as_still_works() {
    use std::os::unix::fs::PermissionsExt as _;
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let file = demo_file(files.path(), "mill.lantern.json");
    let mut harness = app_in(data.path(), Some(&file));
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o400)).unwrap();
    let before = std::fs::read(&file).unwrap();
    harness
        .state_mut()
        .document
        .apply(Command::SetName("Mill, revisited".into()))
        .unwrap();
    assert!(!harness.state_mut().save_to(&file));
    harness.run();
    let notice = last_notice(&harness);
    assert_eq!(
        notice.matches("Permission denied (os error 13)").count(),
        1,
        "{notice}"
    );
    assert!(notice.contains(&file.display().to_string()), "{notice}");
    assert!(
        harness
            .query_by_label_contains("Permission denied")
            .is_some()
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    assert!(harness.state().document.is_dirty());
    let copy = files.path().join("mill copy.lantern.json");
    assert!(harness.state_mut().save_to(&copy));
    assert_eq!(load_encounter(&copy).unwrap().name, "Mill, revisited");
}

/// Case 7: the dock, recent files and folders live in `settings.json`, written atomically; a
/// failed write leaves the previous file whole and is said once.
#[cfg(unix)]
#[test]
fn case7_settings_survive_a_restart_and_a_failed_write_keeps_the_old_file() {
    use std::os::unix::fs::PermissionsExt as _;
    let data = tempfile::tempdir().unwrap();
    let mut harness = app_in(data.path(), None);
    harness.state_mut().toggle_pane(Pane::Momentum);
    harness
        .state_mut()
        .recent
        .push(Path::new("/maps/mill.lantern.json"));
    assert!(harness.state_mut().save_settings());
    let path = settings_path(data.path());
    let written = std::fs::read(&path).unwrap();
    assert!(!written.is_empty());
    drop(harness);

    let mut harness = app_in(data.path(), None);
    assert!(!lantern::app::dock_has(
        &harness.state().dock,
        Pane::Momentum
    ));
    assert_eq!(
        harness.state().recent.paths()[0],
        Path::new("/maps/mill.lantern.json")
    );

    // A write that fails (a file that may not be replaced, as a full disk fails one).
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o400)).unwrap();
    harness.state_mut().toggle_pane(Pane::Momentum);
    assert!(!harness.state_mut().save_settings());
    assert!(!harness.state_mut().save_settings());
    harness.run();
    let told = harness
        .state()
        .notifications
        .notices()
        .iter()
        .filter(|n| n.text.contains("could not save the settings"))
        .count();
    assert_eq!(told, 1);
    assert_eq!(std::fs::read(&path).unwrap(), written);
    // The library was seeded whole on the first start.
    let library = data.path().join("library");
    assert_eq!(
        std::fs::read_dir(&library).unwrap().count(),
        lantern::library::starting_entries().len()
    );
}
