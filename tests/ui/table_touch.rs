//! The table answers back (issue 33, items 1 and 2): touches on the players' window, each
//! tracked by its own id, drag tokens — six fingers six tokens, each drop one move and one undo
//! step in the GM's window, refused past movement as the GM's map refuses it, and only the
//! tokens the setting lets the table move — while a resting finger and a bare touch never pan,
//! zoom or move anything; a long press pings, and so does Alt+click on the GM's map, on both
//! windows. The mouse on the players' window does what a finger does, and the pointer a finger
//! drags along never acts twice.
//!
//! kittest has one window: the players' viewport is embedded in the GM's as an egui window, and
//! every event goes to the one root input both read. The players' view reads `Event::Touch` by
//! itself (the GM's map reads no touch events), so the touches below are the very events a touch
//! frame sends, at points on the players' picture.

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2, TouchDeviceId, TouchId, TouchPhase, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::players::{TableMoves, TableSetup};
use lantern::app::{Action, LanternApp, Pane};
use lantern::board::table_scale::{QuarterTurn, ScreenMeasure};
use lantern::combat::initiative::Combatant;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{Cell, Encounter, GridKind, GridPoint, Side, Token, TokenId};

use crate::support::{self, demo};

/// A projector throwing 1920 pixels 1500 mm wide, 30 mm cells: 38.4 pixels a cell, so the
/// players' window holds the demo's whole west room.
fn projector() -> TableSetup {
    TableSetup {
        true_scale: true,
        screen_px: [1920, 1080],
        measure: ScreenMeasure::Width { mm: 1500.0 },
        cell_mm: 30.0,
        ..TableSetup::default()
    }
}

/// The demo with six heroes in the west room (Wren and Tamsin join the four) and a seventh,
/// Oswin, whose place a resting finger covers.
fn six_heroes() -> Encounter {
    let mut encounter = demo(Demo::GoForthHeroes);
    for (id, name, cell) in [
        (20, "Wren", Cell::new(2, 13)),
        (21, "Tamsin", Cell::new(7, 2)),
        (22, "Oswin", Cell::new(8, 5)),
    ] {
        encounter
            .tokens
            .push(Token::new(TokenId(id), name, Side::Party, cell));
    }
    encounter
}

/// The real app with only the Map pane and the players' window open (embedded) on the
/// projector, letting the table move `moves`.
fn table_app(encounter: Encounter, moves: TableMoves) -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(Vec2::new(2000.0, 1000.0))
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.show_only(Pane::Map);
            *app.players.table.current_mut() = projector();
            app.players.table.moves = moves;
            app.players.open = true;
            app
        });
    support::settle(&mut harness);
    harness
}

/// Where token `name` is on the players' window.
fn on_table(harness: &Harness<'_, LanternApp>, name: &str) -> Pos2 {
    harness
        .get_by_role_and_label(Role::Label, name)
        .rect()
        .center()
}

/// One cell of the players' picture, in points.
fn table_cell(harness: &Harness<'_, LanternApp>) -> f32 {
    let Some(frame) = harness.state().players.last_frame else {
        panic!("the players' window drew no map");
    };
    frame.transform.points_per_cell
}

fn touch(id: u64, phase: TouchPhase, pos: Pos2) -> Event {
    Event::Touch {
        device_id: TouchDeviceId(7),
        id: TouchId(id),
        phase,
        pos,
        force: None,
    }
}

/// One frame (a quarter of a second in kittest) with all of `events` in it.
fn frame(harness: &mut Harness<'_, LanternApp>, events: Vec<Event>) {
    harness.input_mut().events.extend(events);
    harness.step();
}

fn cell_of(harness: &Harness<'_, LanternApp>, id: u64) -> Cell {
    let Some(cell) = support::token_cell(harness, id) else {
        panic!("no token {id}");
    };
    cell
}

fn steps(harness: &Harness<'_, LanternApp>) -> u64 {
    harness.state().document.history().marker()
}

#[test]
fn six_fingers_drag_six_tokens_at_once_and_a_resting_seventh_changes_nothing() {
    let mut harness = table_app(six_heroes(), TableMoves::PartyTokens);
    let before = harness.state().players.last_frame.unwrap();
    let gm_zoom = support::points_per_cell(&harness);
    let cell = table_cell(&harness);
    // Each hero two cells east: all six within their Move, on open floor.
    let heroes: [(u64, &str, Cell); 6] = [
        (1, "Kestrel", Cell::new(5, 3)),
        (2, "Bram", Cell::new(6, 6)),
        (3, "Ysolde", Cell::new(4, 10)),
        (4, "Pip", Cell::new(9, 9)),
        (20, "Wren", Cell::new(4, 13)),
        (21, "Tamsin", Cell::new(9, 2)),
    ];
    let starts: Vec<Pos2> = heroes
        .iter()
        .map(|(_, n, _)| on_table(&harness, n))
        .collect();
    let oswin = on_table(&harness, "Oswin");
    let marker = steps(&harness);

    // All seven fingers down in one frame, the seventh on Oswin.
    let mut down: Vec<Event> = starts
        .iter()
        .enumerate()
        .map(|(i, p)| touch(i as u64 + 1, TouchPhase::Start, *p))
        .collect();
    down.push(touch(7, TouchPhase::Start, oswin));
    frame(&mut harness, down);
    // The six slide east together, the seventh trembling in place.
    for f in [0.5, 1.0, 2.0] {
        let mut moves: Vec<Event> = starts
            .iter()
            .enumerate()
            .map(|(i, p)| {
                touch(
                    i as u64 + 1,
                    TouchPhase::Move,
                    *p + Vec2::new(f * cell, 0.0),
                )
            })
            .collect();
        moves.push(touch(7, TouchPhase::Move, oswin + Vec2::new(2.0, -1.0)));
        frame(&mut harness, moves);
    }
    assert_eq!(
        steps(&harness),
        marker,
        "nothing lands before the fingers lift"
    );
    // The six lift together; the seventh stays down.
    let ups: Vec<Event> = starts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            touch(
                i as u64 + 1,
                TouchPhase::End,
                *p + Vec2::new(2.0 * cell, 0.0),
            )
        })
        .collect();
    frame(&mut harness, ups);
    harness.run();

    for (id, name, target) in heroes {
        assert_eq!(cell_of(&harness, id), target, "{name}");
    }
    assert_eq!(cell_of(&harness, 22), Cell::new(8, 5), "Oswin stays");
    assert_eq!(steps(&harness), marker + 6, "one undo step a drop");
    // No pan, no zoom: the players' view and the GM's map are as they were.
    let after = harness.state().players.last_frame.unwrap();
    assert_eq!(after.transform, before.transform);
    assert_eq!(after.view_box, before.view_box);
    assert!((support::points_per_cell(&harness) - gm_zoom).abs() < 1e-4);
    assert_eq!(harness.state().map_view.pings().active(1e9).count(), 0);

    the_resting_finger_lifts_to_nothing(&mut harness, oswin, marker + 6);
    each_move_undoes_in_the_gms_window(&mut harness, marker);
}

/// The resting finger on `oswin`, still for two seconds more, then dragged off and lifted: no
/// move, no ping; the history stays at `marker`.
fn the_resting_finger_lifts_to_nothing(
    harness: &mut Harness<'_, LanternApp>,
    oswin: Pos2,
    marker: u64,
) {
    let cell = table_cell(harness);
    for _ in 0..8 {
        frame(harness, vec![]);
    }
    let off = oswin + Vec2::new(3.0 * cell, 0.0);
    frame(harness, vec![touch(7, TouchPhase::Move, off)]);
    frame(harness, vec![touch(7, TouchPhase::End, off)]);
    harness.run();
    assert_eq!(cell_of(harness, 22), Cell::new(8, 5));
    assert_eq!(steps(harness), marker);
    let now = harness.ctx.input(|i| i.time);
    assert_eq!(
        harness.state().map_view.pings().active(now).count(),
        0,
        "no ping either"
    );
}

/// Ctrl+Z in the GM's window takes the six moves back one by one, to where the heroes stood
/// (`marker` is the history before them).
fn each_move_undoes_in_the_gms_window(harness: &mut Harness<'_, LanternApp>, marker: u64) {
    for undone in 1..=6 {
        assert_eq!(
            harness.state().document.history().undo_label(),
            Some("Move token")
        );
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run();
        assert_eq!(steps(harness), marker + 6 - undone);
    }
    for (id, cell) in [
        (1, (3, 3)),
        (2, (4, 6)),
        (3, (2, 10)),
        (4, (7, 9)),
        (20, (2, 13)),
        (21, (7, 2)),
    ] {
        assert_eq!(cell_of(harness, id), Cell::new(cell.0, cell.1));
    }
}

#[test]
fn a_long_press_pings_while_held_and_once_and_a_tap_does_not() {
    let mut harness = table_app(six_heroes(), TableMoves::PartyTokens);
    let cell = table_cell(&harness);
    // An empty cell of the west room, two east of Ysolde.
    let spot = on_table(&harness, "Ysolde") + Vec2::new(2.0 * cell, -2.0 * cell);
    let pings = |h: &Harness<'_, LanternApp>| {
        let now = h.ctx.input(|i| i.time);
        h.state().map_view.pings().active(now).count()
    };

    // A tap: down and up a quarter of a second apart.
    frame(&mut harness, vec![touch(1, TouchPhase::Start, spot)]);
    frame(&mut harness, vec![touch(1, TouchPhase::End, spot)]);
    assert_eq!(pings(&harness), 0, "a tap");

    // A long press: down, barely trembling, then no event at all — a finger held still on a
    // touch frame sends nothing. The window asks for its own frames while a finger is down, and
    // the one half a second after the press pings, the finger still down.
    frame(&mut harness, vec![touch(3, TouchPhase::Start, spot)]);
    let asked = harness.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay;
    assert!(
        asked <= std::time::Duration::from_millis(50),
        "a finger down asks for the frames that time its press: {asked:?}"
    );
    frame(
        &mut harness,
        vec![touch(3, TouchPhase::Move, spot + Vec2::new(3.0, 2.0))],
    );
    assert_eq!(pings(&harness), 0, "a quarter of a second is no long press");
    frame(&mut harness, vec![]);
    assert_eq!(pings(&harness), 1, "half a second: a ping, no lift needed");
    // Held on (a cup, a miniature's base, a hand that lingers), it pings no more, nor on lifting.
    for _ in 0..6 {
        frame(&mut harness, vec![]);
    }
    frame(&mut harness, vec![touch(3, TouchPhase::End, spot)]);
    assert_eq!(pings(&harness), 1, "one ping a press");
    let now = harness.ctx.input(|i| i.time);
    let ping = *harness.state().map_view.pings().active(now).next().unwrap();
    // Ysolde's cell is (2, 10): the spot is the middle of (4, 8).
    assert!(
        (ping.at.x - 4.5).abs() < 0.05 && (ping.at.y - 8.5).abs() < 0.05,
        "{:?}",
        ping.at
    );
    assert_eq!(steps(&harness), 0, "a ping is no undo step");
    assert!(!harness.state().document.is_dirty());
    // Drawn on both windows: rings round the spot on the players' picture and the GM's map.
    harness.step();
    let players_spot = spot;
    assert!(
        rings_round(&harness, players_spot) > 0,
        "on the players' window"
    );
    let gm = gm_point(&harness, ping.at);
    assert!(rings_round(&harness, gm) > 0, "on the GM's map");
    // And gone after three seconds.
    for _ in 0..13 {
        harness.step();
    }
    assert_eq!(pings(&harness), 0);
}

/// Where map point `p` is on the GM's map.
fn gm_point(harness: &Harness<'_, LanternApp>, p: GridPoint) -> Pos2 {
    let ppc = support::points_per_cell(harness);
    // Kestrel's button on the GM's map is centred on her cell's middle, (3.5, 3.5).
    let kestrel = harness
        .get_by_role_and_label(Role::Button, "Kestrel")
        .rect()
        .center();
    kestrel + Vec2::new((p.x - 3.5) as f32, (p.y - 3.5) as f32) * ppc
}

/// How many circles were painted last frame centred on `at`.
fn rings_round(harness: &Harness<'_, LanternApp>, at: Pos2) -> usize {
    fn count(shape: &egui::Shape, at: Pos2) -> usize {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().map(|s| count(s, at)).sum(),
            egui::Shape::Circle(c) => usize::from((c.center - at).length() < 1.5),
            _ => 0,
        }
    }
    harness
        .output()
        .shapes
        .iter()
        .map(|c| count(&c.shape, at))
        .sum()
}

/// Kestrel's turn, then Bram's, then the Hobgoblin Sergeant's.
fn fight() -> Encounter {
    let mut encounter = six_heroes();
    let initiative = &mut encounter.combat.initiative;
    initiative.combatants = [1, 2, 7].map(|id| Combatant::new(TokenId(id))).to_vec();
    initiative.current = Some(0);
    initiative.round = 1;
    encounter
}

/// One finger drags the token at `from` by `cells` cells (across, down) and lifts.
fn drag_by(harness: &mut Harness<'_, LanternApp>, id: u64, from: Pos2, cells: Vec2) {
    let to = from + cells * table_cell(harness);
    frame(harness, vec![touch(id, TouchPhase::Start, from)]);
    frame(
        harness,
        vec![touch(id, TouchPhase::Move, from.lerp(to, 0.5))],
    );
    frame(harness, vec![touch(id, TouchPhase::Move, to)]);
    frame(harness, vec![touch(id, TouchPhase::End, to)]);
    harness.run();
}

/// One finger drags the token at `from` `cells` cells east and lifts.
fn drag_east(harness: &mut Harness<'_, LanternApp>, id: u64, from: Pos2, cells: f32) {
    drag_by(harness, id, from, Vec2::new(cells, 0.0));
}

#[test]
fn the_setting_says_who_the_table_may_move() {
    // The default: only the current combatant.
    let mut harness = table_app(fight(), TableMoves::default());
    assert_eq!(
        harness.state().players.table.moves,
        TableMoves::CurrentCombatant
    );
    let bram = on_table(&harness, "Bram");
    drag_east(&mut harness, 1, bram, 1.0);
    assert_eq!(cell_of(&harness, 2), Cell::new(4, 6), "not Bram's turn");
    assert!(
        harness
            .query_by_label(TableMoves::CurrentCombatant.refusal())
            .is_some(),
        "the table is told why"
    );
    let kestrel = on_table(&harness, "Kestrel");
    drag_east(&mut harness, 2, kestrel, 1.0);
    assert_eq!(cell_of(&harness, 1), Cell::new(4, 3), "Kestrel's turn");
    assert_eq!(
        harness.state().document.history().undo_label(),
        Some("Move token")
    );

    // Nobody: the table only points.
    let mut harness = table_app(fight(), TableMoves::Nobody);
    let kestrel = on_table(&harness, "Kestrel");
    drag_east(&mut harness, 1, kestrel, 1.0);
    assert_eq!(cell_of(&harness, 1), Cell::new(3, 3));
    assert_eq!(steps(&harness), 0);

    // Any party token: Bram moves on Kestrel's turn; no enemy moves, the Sergeant's turn or not.
    let mut harness = table_app(fight(), TableMoves::PartyTokens);
    let bram = on_table(&harness, "Bram");
    drag_east(&mut harness, 1, bram, 1.0);
    assert_eq!(cell_of(&harness, 2), Cell::new(5, 6));
    let skulker = on_table(&harness, "Goblin Skulker");
    drag_east(&mut harness, 2, skulker, 1.0);
    assert_eq!(cell_of(&harness, 5), Cell::new(15, 3));

    // Chosen in the Table screen window, and kept in the settings file.
    harness.get_by_label("View").click();
    harness.run();
    harness
        .get_by_label_contains(Action::TableScreen.label())
        .click();
    harness.run();
    harness.get_by_label("Nobody").click();
    harness.run();
    assert_eq!(harness.state().players.table.moves, TableMoves::Nobody);
    let dir = tempfile::tempdir().unwrap();
    harness.state().settings().write(dir.path()).unwrap();
    let mut restarted = LanternApp::with_document(Document::new(demo(Demo::GoForthHeroes), None));
    assert_eq!(restarted.players.table.moves, TableMoves::CurrentCombatant);
    restarted.restore_settings(&lantern::app::Settings::load(Some(dir.path()), None));
    assert_eq!(restarted.players.table.moves, TableMoves::Nobody);
}

#[test]
fn a_drop_past_the_combatants_movement_is_refused_as_on_the_gms_map() {
    let mut harness = table_app(fight(), TableMoves::CurrentCombatant);
    let left = |h: &Harness<'_, LanternApp>| {
        lantern::combat::turn_move::movement_left(&h.state().document.encounter, TokenId(1))
            .unwrap()
    };
    // Kestrel walks two cells down her open column, spending two of her Move.
    let speed = left(&harness);
    let kestrel = on_table(&harness, "Kestrel");
    drag_by(&mut harness, 1, kestrel, Vec2::new(0.0, 2.0));
    assert_eq!(cell_of(&harness, 1), Cell::new(3, 5));
    assert_eq!(left(&harness), speed - 2);
    assert_eq!(
        harness.state().document.history().undo_label(),
        Some("Move token")
    );
    // One cell further than she has left is refused, and nothing changes.
    let rest = left(&harness);
    assert!(rest < 9, "the column (3, 5..14) holds the test");
    let marker = steps(&harness);
    let kestrel = on_table(&harness, "Kestrel");
    drag_by(&mut harness, 2, kestrel, Vec2::new(0.0, rest as f32 + 1.0));
    assert_eq!(cell_of(&harness, 1), Cell::new(3, 5));
    assert_eq!(steps(&harness), marker);
    // The table is told why, in the map's words (without the GM's Alt).
    let why = format!("Out of reach (cost {} of {rest}).", rest + 1);
    assert!(
        harness.query_by_label(&why).is_some(),
        "the players' window says {why}"
    );
    // All she has left is hers to take.
    drag_by(&mut harness, 3, kestrel, Vec2::new(0.0, rest as f32));
    assert_eq!(cell_of(&harness, 1), Cell::new(3, 5 + rest as i32));
    assert_eq!(left(&harness), 0);
}

/// The players' view alone (no embedded window to drag about), on the projector.
fn players_alone(encounter: Encounter, moves: TableMoves) -> Harness<'static, LanternApp> {
    let mut app = LanternApp::with_document(Document::new(encounter, None));
    app.map_view.view_box_mut().show(
        GridKind::Square,
        [1, 1],
        QuarterTurn::default(),
        GridPoint::new(6.5, 8.5),
    );
    *app.players.table.current_mut() = projector();
    app.players.table.moves = moves;
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(Vec2::new(960.0, 600.0))
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    support::settle(&mut harness);
    harness
}

fn button(pos: Pos2, pressed: bool, modifiers: Modifiers) -> Event {
    Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers,
    }
}

#[test]
fn the_mouse_on_the_players_window_drags_and_pings_as_a_finger_does() {
    let mut harness = players_alone(fight(), TableMoves::CurrentCombatant);
    let cell = table_cell(&harness);
    let kestrel = on_table(&harness, "Kestrel");
    let to = kestrel + Vec2::new(2.0 * cell, cell);
    frame(&mut harness, vec![Event::PointerMoved(kestrel)]);
    frame(&mut harness, vec![button(kestrel, true, Modifiers::NONE)]);
    // Held still on the token two seconds first: a slow grab, not a ping, and the mouse is never
    // a resting object (a finger held that long and then slid drags nothing).
    for _ in 0..8 {
        frame(&mut harness, vec![]);
    }
    frame(
        &mut harness,
        vec![Event::PointerMoved(kestrel.lerp(to, 0.5))],
    );
    frame(&mut harness, vec![Event::PointerMoved(to)]);
    frame(&mut harness, vec![button(to, false, Modifiers::NONE)]);
    harness.run();
    assert_eq!(cell_of(&harness, 1), Cell::new(5, 4));
    assert_eq!(steps(&harness), 1);
    let now = harness.ctx.input(|i| i.time);
    assert_eq!(harness.state().map_view.pings().active(now).count(), 0);

    // Alt+click pings at once.
    let spot = to + Vec2::new(0.0, 3.0 * cell);
    frame(&mut harness, vec![Event::PointerMoved(spot)]);
    frame(
        &mut harness,
        vec![
            button(spot, true, Modifiers::ALT),
            button(spot, false, Modifiers::ALT),
        ],
    );
    let now = harness.ctx.input(|i| i.time);
    assert_eq!(harness.state().map_view.pings().active(now).count(), 1);

    // The mouse held down on bare floor, and nothing more: a ping half a second on.
    let floor = spot + Vec2::new(cell, 0.0);
    frame(&mut harness, vec![Event::PointerMoved(floor)]);
    frame(&mut harness, vec![button(floor, true, Modifiers::NONE)]);
    frame(&mut harness, vec![]);
    frame(&mut harness, vec![]);
    let now = harness.ctx.input(|i| i.time);
    assert_eq!(harness.state().map_view.pings().active(now).count(), 2);
}

#[test]
fn with_draw_on_the_mouse_is_the_pens_and_drags_no_token_nor_pings() {
    let mut harness = players_alone(fight(), TableMoves::CurrentCombatant);
    harness.state_mut().players.pen.on = true;
    harness.step();
    let cell = table_cell(&harness);
    let kestrel = on_table(&harness, "Kestrel");
    let to = kestrel + Vec2::new(2.0 * cell, cell);
    frame(&mut harness, vec![Event::PointerMoved(kestrel)]);
    frame(&mut harness, vec![button(kestrel, true, Modifiers::NONE)]);
    // A pause before the stroke: no ping.
    for _ in 0..3 {
        frame(&mut harness, vec![]);
    }
    frame(
        &mut harness,
        vec![Event::PointerMoved(kestrel.lerp(to, 0.5))],
    );
    frame(&mut harness, vec![Event::PointerMoved(to)]);
    frame(&mut harness, vec![button(to, false, Modifiers::NONE)]);
    harness.run();
    assert_eq!(cell_of(&harness, 1), Cell::new(3, 3), "Kestrel stays");
    assert_eq!(steps(&harness), 0);
    let now = harness.ctx.input(|i| i.time);
    assert_eq!(harness.state().map_view.pings().active(now).count(), 0);
    assert_eq!(
        harness.state().map_view.fading_marks(),
        1,
        "the stroke drawn"
    );
}

#[test]
fn the_pointer_a_finger_drags_along_does_not_act_twice() {
    // What egui-winit sends for the first finger on a touch frame: its touch events and, in the
    // same frames, a pointer press, moves, a release and the pointer gone.
    let mut harness = players_alone(fight(), TableMoves::CurrentCombatant);
    let cell = table_cell(&harness);
    let kestrel = on_table(&harness, "Kestrel");
    let to = kestrel + Vec2::new(2.0 * cell, 0.0);
    let mid = kestrel.lerp(to, 0.5);
    frame(
        &mut harness,
        vec![
            touch(1, TouchPhase::Start, kestrel),
            Event::PointerMoved(kestrel),
            button(kestrel, true, Modifiers::NONE),
        ],
    );
    for p in [mid, to] {
        frame(
            &mut harness,
            vec![touch(1, TouchPhase::Move, p), Event::PointerMoved(p)],
        );
    }
    frame(
        &mut harness,
        vec![
            touch(1, TouchPhase::End, to),
            button(to, false, Modifiers::NONE),
            Event::PointerGone,
        ],
    );
    harness.run();
    assert_eq!(cell_of(&harness, 1), Cell::new(5, 3));
    assert_eq!(steps(&harness), 1, "one drop, one step");
    let now = harness.ctx.input(|i| i.time);
    assert_eq!(
        harness.state().map_view.pings().active(now).count(),
        0,
        "and no press held for a ping"
    );
    // A long press on bare floor, its pointer along: one ping, not two.
    let spot = to + Vec2::new(0.0, 3.0 * cell);
    frame(
        &mut harness,
        vec![
            touch(2, TouchPhase::Start, spot),
            Event::PointerMoved(spot),
            button(spot, true, Modifiers::NONE),
        ],
    );
    frame(&mut harness, vec![]);
    frame(&mut harness, vec![]);
    frame(
        &mut harness,
        vec![
            touch(2, TouchPhase::End, spot),
            button(spot, false, Modifiers::NONE),
            Event::PointerGone,
        ],
    );
    let now = harness.ctx.input(|i| i.time);
    assert_eq!(harness.state().map_view.pings().active(now).count(), 1);
    assert!(
        harness.query_by_label("Fullscreen").is_none(),
        "a finger is not the mouse: no button shows"
    );
}

#[test]
fn alt_click_on_the_gms_map_pings_on_both_windows() {
    let mut harness = support::map_harness(demo(Demo::GoForthHeroes));
    let ppc = support::points_per_cell(&harness);
    let kestrel = support::centre_of(&harness, "Kestrel");
    // The middle of the empty cell (5, 5), two right of and two below Kestrel's (3, 3).
    let spot = kestrel + Vec2::new(2.0, 2.0) * ppc;
    harness.hover_at(spot);
    harness.run();
    harness.event_modifiers(button(spot, true, Modifiers::ALT), Modifiers::ALT);
    harness.event_modifiers(button(spot, false, Modifiers::ALT), Modifiers::ALT);
    harness.step();
    harness.step();
    let now = harness.ctx.input(|i| i.time);
    let pings: Vec<GridPoint> = harness
        .state()
        .map_view
        .pings()
        .active(now)
        .map(|p| p.at)
        .collect();
    assert_eq!(pings.len(), 1);
    assert!((pings[0].x - 5.5).abs() < 0.05 && (pings[0].y - 5.5).abs() < 0.05);
    assert!(rings_round(&harness, spot) > 0, "on the GM's map");
    assert_eq!(harness.state().document.history().undo_label(), None);
    assert!(
        harness.state().selection.is_empty(),
        "nothing else was clicked"
    );

    // The players' window, opened now, shows it too.
    harness.state_mut().players.open = true;
    harness.step();
    harness.step();
    let frame = harness.state().players.last_frame.unwrap();
    let on_players = frame.transform.ui_from_grid(pings[0]);
    assert!(
        rings_round(&harness, on_players) > 0,
        "on the players' window"
    );
}
