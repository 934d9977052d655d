//! Issue 29: a view never changes the document. A token holding every sheet at its limits
//! (each field at its largest, then at its smallest: `tests/core/limit_cases.rs`) is opened as
//! a file the way `lantern FILE` opens one, selected, and every pane is brought forward in
//! turn under each rule system: each draws, and the history stays empty and the file clean —
//! no pane clamps a value and writes it back, or issues an edit nobody made.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

#[path = "../core/limit_cases.rs"]
mod limit_cases;

use egui::Vec2;
use egui_kittest::Harness;
use lantern::app::{LanternApp, Pane};
use lantern::edit::Document;
use lantern::model::{Encounter, RuleSystem};

use crate::support::settle;
use limit_cases::{TOKEN, at_limits};

/// The real app, given `encounter` as a file to open, run until it shows it.
fn opened(encounter: &Encounter, name: &str) -> Harness<'static, LanternApp> {
    let dir = std::env::temp_dir().join(format!("lantern-limits-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.lantern.json"));
    lantern::files::save_encounter(&path, encounter).unwrap();
    let demo = crate::support::demo(lantern::demo::Demo::GoForthHeroes);
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(Document::new(demo, None));
            app.players.open = true;
            app.open_argument(path);
            app
        });
    settle(&mut harness);
    let shown = harness.state().document.path.clone();
    assert!(
        shown
            .as_deref()
            .is_some_and(|p| p.ends_with(format!("{name}.lantern.json"))),
        "the file was not opened: {:?}",
        harness.state().notifications.notices()
    );
    let _ = std::fs::remove_dir_all(&dir);
    harness
}

#[test]
fn no_pane_changes_a_token_at_its_limits() {
    for largest in [true, false] {
        for system in RuleSystem::ALL {
            let name = format!("{system:?}-{largest}");
            let mut harness = opened(&at_limits(system, largest), &name);
            harness.state_mut().selection.insert(TOKEN);
            for pane in Pane::ALL {
                harness.state_mut().show_pane(pane);
                for _ in 0..3 {
                    harness.step();
                }
            }
            harness.run();
            let app = harness.state();
            assert_eq!(
                app.document.history().undo_label(),
                None,
                "{name}: a pane edited the document"
            );
            assert!(!app.document.is_dirty(), "{name}: the file shows unsaved");
            assert!(
                app.notifications.notices().is_empty(),
                "{name}: {:?}",
                app.notifications.notices()
            );
        }
    }
}
