//! Issue 29: slow file work happens on workers while the window draws — a large autosave is
//! read after the first frame, not before it, and Library → Import library folder copies its
//! entries with a progress bar instead of freezing the window.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use std::path::Path;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{AppConfig, LanternApp, Prompt};
use lantern::demo::Demo;
use lantern::files::save_encounter;
use lantern::library::{LibraryEntry, save_entry};
use lantern::model::{Cell, Encounter, Side, Token, TokenId};

use crate::support::settle;

/// The real app on `data_dir` as it starts, before any frame.
fn starting(data_dir: &Path) -> Harness<'static, LanternApp> {
    let config = AppConfig {
        data_dir: Some(data_dir.to_path_buf()),
        autosave_interval: Duration::from_hours(1),
    };
    Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size([1400.0, 900.0])
        .build_eframe(move |cc| LanternApp::new_with(cc, config))
}

/// An autosave over the size read on the spot: a map of half a million obstacle cells.
#[test]
fn a_large_autosave_is_read_after_the_first_frame() {
    let data = tempfile::tempdir().unwrap();
    let mut encounter = Demo::GoForthHeroes.encounter().unwrap();
    encounter.map.width_cells = 1_000;
    encounter.map.height_cells = 1_000;
    encounter.obstacle_cells = (0..500)
        .flat_map(|x| (0..1_000).map(move |y| Cell::new(x, y)))
        .collect();
    "Half a quarry".clone_into(&mut encounter.name);
    let autosave = data.path().join("autosave.lantern.json");
    save_encounter(&autosave, &encounter).unwrap();
    assert!(std::fs::metadata(&autosave).unwrap().len() > 4 << 20);

    let mut harness = starting(data.path());
    harness.step();
    // The window drew its first frame with the demo, the autosave still being read.
    assert!(harness.state().prompt.is_none());
    assert!(harness.state().workers_busy());
    settle(&mut harness);
    let Some(Prompt::Restore(offer)) = &harness.state().prompt else {
        panic!("no restore question: {:?}", harness.state().prompt);
    };
    assert_eq!(offer.encounter.name, "Half a quarry");
}

fn creature(n: usize) -> LibraryEntry {
    let mut e = Encounter::new(
        format!("Goblin no{n}"),
        lantern::model::RuleSystem::GoForthHeroes,
    );
    e.tokens.push(Token::new(
        TokenId(1),
        format!("Goblin no{n}"),
        Side::Enemy,
        Cell::new(0, 0),
    ));
    LibraryEntry::from_token(&e, TokenId(1)).unwrap()
}

#[test]
fn importing_a_library_folder_copies_on_a_worker_with_progress() {
    let data = tempfile::tempdir().unwrap();
    let shared = tempfile::tempdir().unwrap();
    for n in 0..300 {
        save_entry(shared.path(), &creature(n)).unwrap();
    }
    let mut harness = starting(data.path());
    settle(&mut harness);
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .copy_library_folder(&ctx, true, shared.path());
    harness.step();
    assert!(harness.state().workers_busy());
    settle(&mut harness);
    let notices = harness.state().notifications.notices();
    assert!(
        notices
            .iter()
            .any(|n| n.text.starts_with("Copied 300 library entries")),
        "{notices:?}"
    );
    assert!(
        harness
            .query_by_label("Importing library entries…")
            .is_none()
    );
    let library = data.path().join("library");
    assert!(library.join("goblin-no299.creature.json").exists());
}
