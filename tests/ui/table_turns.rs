//! A true-scale table screen through a fight (issue 30, items 13 and 14): the view box follows
//! Next turn and shows a token with a cell of room; names and condition chips stay on the
//! picture and face the nearer edge of the table; the "TV view" tag never sits on a token or
//! under the tool column; miniature rings are their bases' size; the grid test faces the players
//! and has a bar down the screen; the fullscreen button stays off the table's picture; and the
//! Table screen window says where the players' window is.

use std::f32::consts::{FRAC_PI_2, PI};

use egui::accesskit::Role;
use egui::epaint::{ClippedShape, Shape};
use egui::{Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::players::TableSetup;
use lantern::app::{Action, LanternApp, Pane};
use lantern::board::table_scale::{QuarterTurn, ScreenMeasure};
use lantern::board::view_box::{GridRect, footprint_rect};
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::initiative::Combatant;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{Cell, Encounter, GridKind, GridPoint, TokenId};

use crate::support::{self, demo};

/// A projector throwing 1920 pixels 1500 mm wide (1.28 pixels a millimetre) with cells of
/// `cell_mm`: 32 pixels a cell at 25 mm, 96 at 75 mm, 128 at 100 mm.
fn projector(cell_mm: f64) -> TableSetup {
    TableSetup {
        true_scale: true,
        screen_px: [1920, 1080],
        measure: ScreenMeasure::Width { mm: 1500.0 },
        cell_mm,
        ..TableSetup::default()
    }
}

/// Kestrel's turn in round 1 of a fight with the Mill Ogre and Ysolde after her.
fn fight() -> Encounter {
    let mut encounter = demo(Demo::GoForthHeroes);
    let initiative = &mut encounter.combat.initiative;
    initiative.combatants = [1, 8, 3].map(|id| Combatant::new(TokenId(id))).to_vec();
    initiative.current = Some(0);
    initiative.round = 1;
    encounter
}

/// The real app with the Map and Initiative panes and the players' window open (embedded in the
/// GM's window: kittest has one window) on `setup`.
fn table_app(encounter: Encounter, setup: TableSetup) -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(Vec2::new(2400.0, 1000.0))
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            // The Map and Initiative panes in their default places, side by side.
            for pane in Pane::ALL {
                let wanted = matches!(pane, Pane::Map | Pane::Initiative);
                if lantern::app::dock_has(&app.dock, pane) != wanted {
                    app.toggle_pane(pane);
                }
            }
            *app.players.table.current_mut() = setup;
            app.players.open = true;
            app
        });
    support::settle(&mut harness);
    harness
}

/// The players' view alone at `size`, on `setup`, its view box around cell `centre`.
fn players_alone(
    encounter: Encounter,
    setup: TableSetup,
    size: Vec2,
    centre: (f64, f64),
) -> Harness<'static, LanternApp> {
    let mut app = LanternApp::with_document(Document::new(encounter, None));
    let at = GridPoint::new(centre.0 + 0.5, centre.1 + 0.5);
    app.map_view
        .view_box_mut()
        .show(GridKind::Square, [1, 1], setup.turn, at);
    *app.players.table.current_mut() = setup;
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(size)
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    support::settle(&mut harness);
    harness
}

fn box_in_grid(harness: &Harness<'_, LanternApp>) -> GridRect {
    let Some(shown) = harness.state().map_view.view_box().current() else {
        panic!("no view box");
    };
    shown.rect_in_grid(GridKind::Square)
}

/// Whether `b` shows token `id` with at least a cell of room on every side.
fn shows_with_room(harness: &Harness<'_, LanternApp>, b: &GridRect, id: u64) -> bool {
    let Some(token) = harness.state().document.encounter.token(TokenId(id)) else {
        panic!("no token {id}");
    };
    let f = footprint_rect(GridKind::Square, token.size, token.cell);
    f.min.x - b.min.x >= 1.0
        && f.min.y - b.min.y >= 1.0
        && b.max.x - f.max.x >= 1.0
        && b.max.y - f.max.y >= 1.0
}

/// Clicks "Next turn" (through its accessibility node: in kittest's one window the embedded
/// players' window may lie over the Initiative pane).
fn next_turn(harness: &mut Harness<'_, LanternApp>) {
    harness.get_by_label("Next turn ▶").click_accesskit();
    harness.run();
    harness.run();
}

#[test]
fn next_turn_moves_the_view_box_to_the_new_combatant_with_room() {
    // 76.8 pixels a cell: the players' window (960 × 600, less the round's banner) shows a box of
    // 12 × 6 cells, room enough for the Large Mill Ogre with a cell round it.
    let mut harness = table_app(fight(), projector(60.0));
    let first = box_in_grid(&harness);
    assert!(shows_with_room(&harness, &first, 1), "Kestrel: {first:?}");

    next_turn(&mut harness);
    let ogre = box_in_grid(&harness);
    assert!(
        shows_with_room(&harness, &ogre, 8),
        "the Mill Ogre: {ogre:?}"
    );
    assert!((ogre.width() - first.width()).abs() < 1e-9, "the same size");
    // Only the box moved: no undo step.
    assert_eq!(
        harness.state().document.history().undo_label(),
        Some("Next turn")
    );

    next_turn(&mut harness);
    let ysolde = box_in_grid(&harness);
    assert!(shows_with_room(&harness, &ysolde, 3), "Ysolde: {ysolde:?}");
}

#[test]
fn the_box_stays_when_following_is_off_or_the_players_cannot_see_the_combatant() {
    let setup = TableSetup {
        follow_turn: false,
        ..projector(100.0)
    };
    let mut harness = table_app(fight(), setup);
    let before = box_in_grid(&harness);
    next_turn(&mut harness);
    assert_eq!(box_in_grid(&harness), before, "following is off");

    // The Mill Ogre hidden from the players: the box does not go looking for it.
    let mut encounter = fight();
    encounter.tokens[7].gm_only = true;
    let mut harness = table_app(encounter, projector(100.0));
    let before = box_in_grid(&harness);
    next_turn(&mut harness);
    assert_eq!(box_in_grid(&harness), before, "a hidden combatant");
}

/// The players' frame's box on screen (ui points).
fn box_on_screen(harness: &Harness<'_, LanternApp>) -> Rect {
    let Some(frame) = harness.state().players.last_frame else {
        panic!("the players' window drew no map");
    };
    let Some(shown) = frame.view_box else {
        panic!("no true scale");
    };
    let b = shown.rect_in_grid(GridKind::Square);
    let t = frame.transform;
    Rect::from_min_max(t.ui_from_grid(b.min), t.ui_from_grid(b.max))
}

#[test]
fn names_at_the_box_edge_stay_on_the_picture_and_a_token_outside_shows_none() {
    // 32 pixels a cell on a 624 × 404 canvas: 19 × 12 cells. Around (12, 8): columns 3..22, rows
    // 2..14. Ysolde (2, 10) is one column outside it; the Giant Rat (11, 14) just below it; the
    // Hobgoblin Sergeant (14, 12) and Pip (7, 9) inside, the Sergeant one row up from the bottom.
    let mut encounter = demo(Demo::GoForthHeroes);
    // The rat in the bottom row, on (11, 13).
    encounter.tokens[8].cell = Cell::new(11, 13);
    let harness = players_alone(
        encounter,
        projector(25.0),
        Vec2::new(640.0, 420.0),
        (12.0, 8.0),
    );
    let frame = harness.state().players.last_frame.unwrap();
    assert_eq!(frame.view_box.unwrap().min_offset(), (3, 2));
    let shown = box_on_screen(&harness);
    for name in ["Giant Rat", "Hobgoblin Sergeant", "Pip"] {
        let tag = harness.get_by_label(&format!("{name}: name")).rect();
        assert!(
            shown.expand(0.5).contains_rect(tag),
            "{name}'s name {tag:?} is cut by the box {shown:?}"
        );
    }
    // The rat's name, which would hang below the picture, sits above its token instead.
    let rat = harness.get_by_label("Giant Rat").rect();
    let tag = harness.get_by_label("Giant Rat: name").rect();
    assert!(tag.max.y <= rat.center().y, "{tag:?} above {rat:?}");
    assert!(
        harness.query_by_label("Ysolde: name").is_none(),
        "a token outside the box shows no name of its own"
    );
}

/// Every shape painted in the last frame, flattened.
fn shapes(harness: &Harness<'_, LanternApp>) -> Vec<Shape> {
    fn flat(shape: &Shape, out: &mut Vec<Shape>) {
        if let Shape::Vec(shapes) = shape {
            for s in shapes {
                flat(s, out);
            }
        } else {
            out.push(shape.clone());
        }
    }
    let mut out = Vec::new();
    for ClippedShape { shape, .. } in &harness.output().shapes {
        flat(shape, &mut out);
    }
    out
}

/// The texts painted that read `text`, with their angles.
fn text_angles(harness: &Harness<'_, LanternApp>, text: &str) -> Vec<f32> {
    shapes(harness)
        .into_iter()
        .filter_map(|s| match s {
            Shape::Text(t) if t.galley.text().contains(text) => Some(t.angle),
            _ => None,
        })
        .collect()
}

/// How far from `centre` the circles painted round it reach (their radius and half their
/// stroke), the furthest first.
fn circles_round(harness: &Harness<'_, LanternApp>, centre: Pos2) -> f32 {
    shapes(harness)
        .into_iter()
        .filter_map(|s| match s {
            Shape::Circle(c) if (c.center - centre).length() < 0.5 => {
                Some(c.radius + c.stroke.width * 0.5)
            }
            _ => None,
        })
        .fold(0.0, f32::max)
}

#[test]
fn a_miniature_ring_is_the_size_of_its_base() {
    // 96 pixels a cell, at one pixel a point: a Medium creature's 25 mm base is one cell across
    // (48 points round its centre), the Large Mill Ogre's two (96 points).
    let setup = TableSetup {
        miniatures: true,
        ..projector(75.0)
    };
    let harness = players_alone(
        demo(Demo::GoForthHeroes),
        setup,
        Vec2::new(816.0, 616.0),
        (18.0, 9.0),
    );
    let frame = harness.state().players.last_frame.unwrap();
    assert!((frame.transform.points_per_cell - 96.0).abs() < 1e-3);
    let t = frame.transform;
    // The Hobgoblin Sergeant (Medium) on (14, 12): its centre is its cell's.
    let sergeant = t.ui_from_grid(GridPoint::new(14.5, 12.5));
    let reach = circles_round(&harness, sergeant);
    assert!(
        (47.0..=48.01).contains(&reach),
        "the Sergeant's ring reaches {reach} points, not its base's 48"
    );
    // The Mill Ogre (Large) on (18, 9) covers (18..20, 9..11): its centre is the corner (19, 10).
    let ogre = t.ui_from_grid(GridPoint::new(19.0, 10.0));
    let reach = circles_round(&harness, ogre);
    assert!(
        (95.0..=96.01).contains(&reach),
        "the Ogre's ring reaches {reach} points, not its base's 96"
    );
}

#[test]
fn with_text_both_ways_each_name_and_chip_faces_its_nearer_edge() {
    let mut encounter = demo(Demo::GoForthHeroes);
    // Kestrel (3, 3) near the top edge, Ysolde (2, 10) near the bottom; each with a condition.
    for (token, name) in [(1, "Prone"), (3, "Dazed")] {
        encounter.combat.conditions.push(ActiveCondition {
            token: TokenId(token),
            name: name.to_owned(),
            duration: Duration::UntilRemoved,
        });
    }
    let setup = TableSetup {
        text_both_ways: true,
        ..projector(25.0)
    };
    let harness = players_alone(encounter, setup, Vec2::new(640.0, 420.0), (8.0, 7.0));
    let turned = |text: &str| {
        let angles = text_angles(&harness, text);
        assert!(!angles.is_empty(), "no {text} painted");
        angles.iter().all(|a| (a - PI).abs() < 1e-4)
    };
    let upright = |text: &str| {
        let angles = text_angles(&harness, text);
        assert!(!angles.is_empty(), "no {text} painted");
        angles.iter().all(|a| a.abs() < 1e-4)
    };
    assert!(turned("Kestrel"), "the far half reads from the far edge");
    assert!(turned("Prone"));
    assert!(upright("Ysolde"), "the near half reads from the near edge");
    assert!(upright("Dazed"));
    // The far half's names sit beyond their tokens as seen from there: above them here.
    let kestrel = harness.get_by_label("Kestrel").rect();
    let tag = harness.get_by_label("Kestrel: name").rect();
    assert!(tag.max.y <= kestrel.center().y, "{tag:?} over {kestrel:?}");
}

#[test]
fn the_grid_test_faces_the_players_and_has_a_bar_down_the_screen() {
    let setup = TableSetup {
        turn: QuarterTurn::Deg90,
        ..projector(25.0)
    };
    let mut app = LanternApp::with_document(Document::new(demo(Demo::EveningHex), None));
    *app.players.table.current_mut() = setup;
    app.players.grid_test = true;
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(Vec2::new(1016.0, 716.0))
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    harness.run();
    // A 1000 × 700 canvas: the bar across is 800 pixels (four fifths, in hundreds), the bar down
    // 400 (three fifths of 700 is 420), at one pixel a point.
    let across = harness.get_by_label("Bar across: 800 screen pixels").rect();
    let down = harness.get_by_label("Bar down: 400 screen pixels").rect();
    assert!((across.width() - 800.0).abs() < 0.01, "{across:?}");
    assert!((down.height() - 400.0).abs() < 0.01, "{down:?}");
    assert!(down.width() < 20.0);
    // Turned a quarter, the words read from the screen's side that is the players' picture's
    // bottom: they turn a quarter too.
    let angles = text_angles(&harness, "Grid test");
    assert_eq!(angles.len(), 1);
    assert!((angles[0] - FRAC_PI_2).abs() < 1e-4, "{angles:?}");
    // A ruler on the bar down at 32 pixels a 25 mm cell: 400 / 32 × 25 = 312.5 mm.
    assert_eq!(text_angles(&harness, "400 pixels down: 312.5 mm").len(), 1);
}

#[test]
fn the_fullscreen_button_shows_only_while_the_mouse_moves_and_never_in_fullscreen() {
    let mut harness = players_alone(
        fight(),
        projector(25.0),
        Vec2::new(640.0, 420.0),
        (8.0, 7.0),
    );
    assert!(
        harness.query_by_label("Fullscreen").is_none(),
        "nothing over the map and banner at rest"
    );
    harness.hover_at(Pos2::new(300.0, 200.0));
    harness.run();
    assert!(harness.query_by_label("Fullscreen").is_some());
    // Three seconds after the mouse stops (each step is a quarter of a second), it goes.
    for _ in 0..14 {
        harness.step();
    }
    harness.run();
    assert!(harness.query_by_label("Fullscreen").is_none());
    // In fullscreen the mouse brings no button: F11 or the View menu leave it.
    harness.state_mut().players.fullscreen = true;
    harness.hover_at(Pos2::new(320.0, 210.0));
    harness.run();
    assert!(harness.query_by_label("Leave fullscreen").is_none());
}

#[test]
fn the_table_screen_window_says_when_the_players_window_is_closed() {
    let mut harness = support::map_harness(demo(Demo::GoForthHeroes));
    harness.state_mut().players.table.last_display = Some("1920x1080".to_owned());
    harness.get_by_label("View").click();
    harness.run();
    harness
        .get_by_label_contains(Action::TableScreen.label())
        .click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("the screen the players' window is on")
            .is_none(),
        "the window is closed: it is on no screen"
    );
    assert!(
        harness
            .query_by_label_contains("The players' window is closed")
            .is_some()
    );
    harness.get_by_label("Open the players' window").click();
    harness.run();
    assert!(harness.state().players.open);
}

#[test]
fn the_tv_tag_covers_no_token_and_no_toolbar() {
    // 128 pixels a cell: a 7 × 4 box. Kestrel's turn: the box shows her with room round her.
    let mut encounter = fight();
    // A goblin on the cell just above the box's top-left corner once it shows Kestrel (3, 3)
    // with room (the box starts at column 2, row 2): where the tag used to sit.
    encounter.tokens[4].cell = Cell::new(2, 1);
    let mut harness = table_app(encounter, projector(100.0));
    let b = harness.state().map_view.view_box().current().unwrap();
    assert_eq!(b.min_offset(), (2, 2), "{b:?}");

    let tag = harness.get_by_label("TV view box").rect();
    let goblin = harness
        .get_by_role_and_label(Role::Button, "Goblin Skulker")
        .rect();
    assert!(
        tag.intersect(goblin).area() <= 0.0,
        "the tag {tag:?} covers the goblin {goblin:?}"
    );
    // The tool column, from its first tool to its last, and the toolbars' buttons.
    let tools = harness
        .get_by_label("Select")
        .rect()
        .union(harness.get_by_label("Light source").rect());
    let buttons = ["Sight", "Ruler", "Fit map", "Reveal", "Lights"]
        .map(|label| harness.get_by_label(label).rect());
    for chrome in std::iter::once(tools).chain(buttons) {
        assert!(
            !tag.intersects(chrome),
            "the tag {tag:?} is under the map's chrome {chrome:?}"
        );
    }
    // A click on the goblin is the goblin's.
    harness
        .get_by_role_and_label(Role::Button, "Goblin Skulker")
        .click();
    harness.run();
    assert!(harness.state().selection.contains(&TokenId(5)));
    assert!(!harness.state().map_view.view_box().is_selected());
}
