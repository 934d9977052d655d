//! The players' window as a table screen: the setup window kept in the app's settings, the view
//! box the GM drags on the map moving the players' view by whole cells, a turned view and
//! miniatures mode (snapshots), and the players' window ignoring every gesture made on it.

use egui::{Key, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::players::{TableSetup, table_setup::ShownUnit};
use lantern::app::{Action, LanternApp, Pane};
use lantern::board::table_scale::{MM_PER_INCH, QuarterTurn, ScreenMeasure};
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::initiative::Combatant;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{Encounter, GridKind, GridPoint, TokenId};

use crate::support::{self, demo};

/// A projector throwing 1920 pixels 1500 mm wide, at 25 mm a cell: 32 pixels a cell.
fn projector(turn: QuarterTurn) -> TableSetup {
    TableSetup {
        true_scale: true,
        screen_px: [1920, 1080],
        measure: ScreenMeasure::Width { mm: 1500.0 },
        cell_mm: 25.0,
        turn,
        ..TableSetup::default()
    }
}

/// The app with `setup` on the (unknown, in tests) display of the players' window.
fn with_setup(app: &mut LanternApp, setup: TableSetup) {
    *app.players.table.current_mut() = setup;
}

/// The players' view alone, as the players' window draws it, at `size` (its canvas is 16 points
/// smaller each way: the harness's margins), the view box around cell `centre`.
fn players_harness(
    encounter: Encounter,
    setup: TableSetup,
    size: Vec2,
    centre: (f64, f64),
) -> Harness<'static, LanternApp> {
    let mut app = LanternApp::with_document(Document::new(encounter, None));
    // Where the GM left the box: its first frame sizes it around that cell.
    let at = GridPoint::new(centre.0 + 0.5, centre.1 + 0.5);
    app.map_view
        .view_box_mut()
        .show(GridKind::Square, [1, 1], setup.turn, at);
    with_setup(&mut app, setup);
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(size)
        .wgpu()
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    support::settle(&mut harness);
    harness
}

/// Types `text` into the drag value named `label` as a GM would: focus, select all, type, Enter.
fn type_into(harness: &mut Harness<'_, LanternApp>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label(label).type_text(text);
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
}

#[test]
fn the_table_screen_setup_is_saved_and_restored() {
    let mut harness = support::map_harness(demo(Demo::GoForthHeroes));
    harness.get_by_label("View").click();
    harness.run();
    harness
        .get_by_label_contains(Action::TableScreen.label())
        .click();
    harness.run();
    harness.get_by_label("Visible width").click();
    harness.run();
    harness.get_by_label("cm").click();
    harness.run();
    type_into(&mut harness, "Picture width", "150");
    for label in [
        "25 mm",
        "90°",
        "Miniatures mode",
        "True scale: cells at their real size",
    ] {
        harness.get_by_label(label).click();
        harness.run();
    }

    let expected = TableSetup {
        true_scale: true,
        screen_px: [1920, 1080],
        measure: ScreenMeasure::Width { mm: 1500.0 },
        unit: ShownUnit::Cm,
        cell_mm: 25.0,
        turn: QuarterTurn::Deg90,
        text_both_ways: false,
        miniatures: true,
        follow_turn: true,
    };
    let setup = harness.state().players.setup();
    assert_eq!(setup, expected);
    // The window says what that gives: 1920 / 1500 × 25 = 32 pixels a cell.
    assert!(
        harness
            .query_by_label_contains("32.00 screen pixels")
            .is_some()
    );

    // Kept in the settings file (written atomically), as the app does when eframe saves.
    let dir = tempfile::tempdir().unwrap();
    harness.state().settings().write(dir.path()).unwrap();
    drop(harness);

    let mut restarted = LanternApp::with_document(Document::new(demo(Demo::GoForthHeroes), None));
    assert_eq!(restarted.players.setup(), TableSetup::default());
    restarted.restore_settings(&lantern::app::Settings::load(Some(dir.path()), None));
    assert_eq!(restarted.players.setup(), expected);
    let cell = restarted.players.true_scale().unwrap();
    assert!((cell.x - 32.0).abs() < 1e-9);
}

/// The real app with only the Map pane, the players' window open (embedded in the GM's window, as
/// kittest has one window) on the projector setup with 128-pixel cells (100 mm), so its view box
/// is a few cells.
fn table_app() -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(Vec2::new(2400.0, 1000.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(demo(Demo::GoForthHeroes), None));
            app.show_only(Pane::Map);
            with_setup(
                &mut app,
                TableSetup {
                    cell_mm: 100.0,
                    ..projector(QuarterTurn::Deg0)
                },
            );
            app.players.open = true;
            app
        });
    support::settle(&mut harness);
    harness
}

#[test]
fn dragging_the_view_box_moves_the_players_view_by_whole_cells() {
    let mut harness = table_app();
    let before = harness.state().players.last_frame.unwrap();
    let view_box = before.view_box.unwrap();
    // 128 pixels a cell, at one pixel a point.
    assert!((before.transform.points_per_cell - 128.0).abs() < 1e-3);
    assert_eq!(
        harness.state().map_view.view_box().current(),
        Some(view_box)
    );

    // Drag the box's tag 3.4 cells right and 0.3 down on the GM's map: it lands 3 cells right.
    let gm_cell = support::points_per_cell(&harness);
    let tag = support::centre_of(&harness, "TV view box");
    let players = harness.get_by_label("Players' view").rect();
    assert!(
        !players.contains(tag),
        "the tag is clear of the players' window"
    );
    let to = tag + Vec2::new(3.4, 0.3) * gm_cell;
    support::drag(&mut harness, tag, to, Modifiers::NONE);
    harness.run();

    let after = harness.state().players.last_frame.unwrap();
    let moved = after.view_box.unwrap();
    assert_eq!(moved, view_box.moved(3, 0));
    // The players' picture moved by exactly three of its cells, and no part of one.
    let shift = (before.transform.origin_in_ui - after.transform.origin_in_ui) / 128.0;
    assert!(
        (shift - Vec2::new(3.0, 0.0)).length() < 1e-3,
        "moved {shift:?} cells"
    );
    assert!(
        (after.transform.points_per_cell - 128.0).abs() < 1e-3,
        "the same scale"
    );
    // The drag changed no token.
    assert_eq!(harness.state().document.history().undo_label(), None);

    // Picked, the box moves a cell with each arrow key.
    harness.key_press(Key::ArrowDown);
    harness.run();
    let keyed = harness
        .state()
        .players
        .last_frame
        .unwrap()
        .view_box
        .unwrap();
    assert_eq!(keyed, view_box.moved(3, 1));
}

#[test]
fn show_the_current_combatant_moves_the_box_to_it() {
    let mut harness = table_app();
    let view_box = harness.state().map_view.view_box().current().unwrap();
    // Kestrel (3, 3) takes her turn: far left of the box around the map's middle.
    let state = harness.state_mut();
    let initiative = &mut state.document.encounter.combat.initiative;
    initiative.combatants = vec![Combatant::new(TokenId(1))];
    initiative.current = Some(0);
    initiative.round = 1;
    harness.get_by_label("View").click();
    harness.run();
    harness
        .get_by_label_contains(Action::ShowCurrentCombatant.label())
        .click();
    harness.run();
    let shown = harness.state().map_view.view_box().current().unwrap();
    let (col, row) = shown.min_offset();
    // The least move that shows her with a cell of room: her column 3 is the box's second.
    assert_eq!(
        col, 2,
        "a column of room left of her: {shown:?} from {view_box:?}"
    );
    assert!(row <= 2, "a row of room above her: {shown:?}");
}

#[test]
fn gestures_on_the_players_window_neither_pan_nor_zoom_it() {
    let mut harness = players_harness(
        demo(Demo::GoForthHeroes),
        projector(QuarterTurn::Deg0),
        Vec2::new(640.0, 420.0),
        (12.0, 8.0),
    );
    let before = harness.state().players.last_frame.unwrap();
    let canvas = harness.get_by_label("Players' view").rect();
    assert_eq!(canvas.size(), Vec2::new(624.0, 404.0));
    // 624 / 32 = 19.5: 19 columns; 404 / 32 = 12.6: 12 rows.
    assert_eq!(before.cells, Some([19, 12]));
    let middle = Pos2::new(320.0, 210.0);
    harness.hover_at(middle);
    harness.run();
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: Vec2::new(40.0, -120.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    harness.event(egui::Event::Zoom(1.8));
    harness.run();
    for button in [
        PointerButton::Primary,
        PointerButton::Secondary,
        PointerButton::Middle,
    ] {
        harness.event(egui::Event::PointerButton {
            pos: middle,
            button,
            pressed: true,
            modifiers: Modifiers::NONE,
        });
        harness.run();
        harness.hover_at(middle + Vec2::new(150.0, 90.0));
        harness.run();
        harness.event(egui::Event::PointerButton {
            pos: middle + Vec2::new(150.0, 90.0),
            button,
            pressed: false,
            modifiers: Modifiers::NONE,
        });
        harness.run();
    }
    for key in [Key::ArrowLeft, Key::ArrowUp, Key::Plus, Key::Minus] {
        harness.key_press(key);
        harness.run();
    }
    assert_eq!(harness.state().players.last_frame.unwrap(), before);
}

/// Bram's turn in round 2, Bram dazed and Kestrel prone: the banner and condition marks to see.
fn fight() -> Encounter {
    let mut encounter = demo(Demo::GoForthHeroes);
    let initiative = &mut encounter.combat.initiative;
    initiative.combatants = [1, 2, 3].map(|id| Combatant::new(TokenId(id))).to_vec();
    initiative.current = Some(1);
    initiative.round = 2;
    for (token, name) in [(2, "Dazed"), (1, "Prone")] {
        encounter.combat.conditions.push(ActiveCondition {
            token: TokenId(token),
            name: name.to_owned(),
            duration: Duration::UntilRemoved,
        });
    }
    encounter
}

#[test]
fn players_view_turned_a_quarter_with_text_both_ways() {
    let setup = TableSetup {
        text_both_ways: true,
        ..projector(QuarterTurn::Deg90)
    };
    let mut harness = players_harness(fight(), setup, Vec2::new(640.0, 420.0), (6.0, 8.0));
    let frame = harness.state().players.last_frame.unwrap();
    // Sideways, the map's columns run down the 624 × 404 canvas: 404 / 32 = 12.6, so 12
    // columns. Its rows run along the 624, less the round's banner's own strips at both ends
    // (text both ways; each 624 × 0.055 = 34.3 point type and 24 points of padding, 58.3):
    // 507.4 / 32 = 15.9, so 15 rows. Around cell (6, 8): columns 0..12, rows 1..16.
    assert_eq!(frame.cells, Some([12, 15]));
    assert_eq!(frame.view_box.unwrap().min_offset(), (0, 1));
    harness.run();
    harness.snapshot("players_view_table_turned");
}

#[test]
fn players_view_in_miniatures_mode() {
    let setup = TableSetup {
        miniatures: true,
        cell_mm: 40.0,
        ..projector(QuarterTurn::Deg0)
    };
    let mut harness = players_harness(fight(), setup, Vec2::new(640.0, 420.0), (6.0, 6.0));
    // 1920 / 1500 × 40 = 51.2 pixels a cell: 12 columns; the 404 rows less the round's
    // banner's strip (404 × 0.055 = 22.2 point type and 24 of padding, 46.2) leave 357.8, so
    // 6 rows.
    let frame = harness.state().players.last_frame.unwrap();
    assert_eq!(frame.cells, Some([12, 6]));
    assert!(harness.query_by_label("Kestrel").is_some());
    harness.snapshot("players_view_miniatures");
}

#[test]
fn the_inch_is_an_inch_on_a_55_inch_television() {
    // The setup's own figure for the 55-inch 4K television is what the window draws: 80.106
    // pixels a cell, at one pixel a point.
    let setup = TableSetup {
        true_scale: true,
        screen_px: [3840, 2160],
        measure: ScreenMeasure::Diagonal {
            mm: 55.0 * MM_PER_INCH,
            aspect: [16.0, 9.0],
        },
        ..TableSetup::default()
    };
    let harness = players_harness(
        demo(Demo::GoForthHeroes),
        setup,
        Vec2::new(816.0, 496.0),
        (12.0, 8.0),
    );
    let frame = harness.state().players.last_frame.unwrap();
    assert!((frame.transform.points_per_cell - 80.106).abs() < 1e-3);
    // An 800 × 480 canvas: 800 / 80.106 = 9.99, so 9 columns; 480 / 80.106 = 5.99, so 5 rows.
    assert_eq!(frame.cells, Some([9, 5]));
}
