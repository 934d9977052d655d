//! The Map pane driven through the real app: drags, door clicks, deletion, the hex demo.

use egui::{Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::demo::Demo;
use lantern::model::{
    Background, Cell, Document, EmbeddedImage, GridKind, GridPoint, TokenId, WallId, WallKind,
};

fn app_harness() -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1200.0, 800.0))
        .build_eframe(|cc| {
            let mut app = LanternApp::new(cc);
            app.show_only(Pane::Map);
            app
        });
    harness.run();
    harness
}

fn hex_harness() -> Harness<'static, LanternApp> {
    let Ok(encounter) = Demo::EveningHex.encounter() else {
        panic!("the hex demo does not load");
    };
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1200.0, 800.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.show_only(Pane::Map);
            app
        });
    harness.run();
    harness
}

fn token_cell(harness: &Harness<'_, LanternApp>, id: u64) -> Option<Cell> {
    harness
        .state()
        .document
        .encounter
        .token(TokenId(id))
        .map(|t| t.cell)
}

fn centre_of(harness: &Harness<'_, LanternApp>, label: &str) -> Pos2 {
    harness.get_by_label(label).rect().center()
}

fn points_per_cell(harness: &Harness<'_, LanternApp>) -> f32 {
    let Some(points) = harness.state().map_view.points_per_cell() else {
        panic!("the map pane has not been shown yet");
    };
    points
}

/// Presses the primary button at `from`, moves in a few steps to `to` and lets go.
fn drag(harness: &mut Harness<'_, LanternApp>, from: Pos2, to: Pos2) {
    harness.hover_at(from);
    harness.run();
    harness.drag_at(from);
    harness.run();
    for f in [0.25, 0.5, 0.75, 1.0] {
        harness.hover_at(from + (to - from) * f);
        harness.run();
    }
    harness.drop_at(to);
    harness.run();
}

#[test]
fn dragging_kestrel_moves_her_in_one_undo_step() {
    let mut harness = app_harness();
    assert_eq!(token_cell(&harness, 1), Some(Cell::new(3, 3)));
    let from = centre_of(&harness, "Kestrel");
    let to = from + Vec2::new(2.0, 1.0) * points_per_cell(&harness);
    drag(&mut harness, from, to);

    assert_eq!(token_cell(&harness, 1), Some(Cell::new(5, 4)));
    let document = &mut harness.state_mut().document;
    assert_eq!(document.history().undo_label(), Some("Move token"));
    assert_eq!(
        document.history().marker(),
        1,
        "one step for the whole drag"
    );
    assert_eq!(document.undo().unwrap(), Some("Move token"));
    assert_eq!(document.history().undo_label(), None);
    assert_eq!(
        document.encounter.token(TokenId(1)).unwrap().cell,
        Cell::new(3, 3)
    );
}

#[test]
fn dropping_a_token_on_its_own_cell_or_off_the_map_records_nothing() {
    let mut harness = app_harness();
    let from = centre_of(&harness, "Kestrel");
    let ppc = points_per_cell(&harness);
    drag(&mut harness, from, from + Vec2::new(0.2, 0.1) * ppc);
    drag(&mut harness, from, from - Vec2::new(6.0, 0.0) * ppc);
    assert_eq!(token_cell(&harness, 1), Some(Cell::new(3, 3)));
    assert_eq!(harness.state().document.history().undo_label(), None);
}

#[test]
fn clicking_a_door_opens_it_and_undo_closes_it() {
    let mut harness = app_harness();
    let door = WallId(5);
    let kind = |h: &Harness<'_, LanternApp>| h.state().document.encounter.wall(door).unwrap().kind;
    assert_eq!(kind(&harness), WallKind::Door { open: false });
    harness.get_by_label("Door (closed)").click();
    harness.run();
    assert_eq!(kind(&harness), WallKind::Door { open: true });
    assert!(harness.query_by_label("Door (closed)").is_none());

    harness.state_mut().document.undo().unwrap();
    harness.run();
    assert_eq!(kind(&harness), WallKind::Door { open: false });
    assert!(harness.query_by_label("Door (closed)").is_some());
}

#[test]
fn delete_removes_the_selected_token_and_undo_restores_it() {
    let mut harness = app_harness();
    let before = harness.state().document.encounter.tokens.clone();
    harness.get_by_label("Goblin Archer").click();
    harness.run();
    assert!(harness.state().selection.contains(&TokenId(6)));
    harness.key_press(egui::Key::Delete);
    harness.run();

    assert_eq!(token_cell(&harness, 6), None);
    assert!(harness.query_by_label("Goblin Archer").is_none());
    assert_eq!(
        harness.state().document.encounter.tokens.len(),
        before.len() - 1
    );

    harness.state_mut().document.undo().unwrap();
    harness.run();
    assert_eq!(harness.state().document.encounter.tokens, before);
    assert!(harness.query_by_label("Goblin Archer").is_some());
}

#[test]
fn shift_click_adds_to_the_selection_and_empty_map_clears_it() {
    let mut harness = app_harness();
    harness.get_by_label("Kestrel").click();
    harness.run();
    harness
        .get_by_label("Bram")
        .click_modifiers(egui::Modifiers::SHIFT);
    harness.run();
    let selected: Vec<u64> = harness.state().selection.iter().map(|id| id.0).collect();
    assert_eq!(selected, vec![1, 2]);

    // Cell (12, 9) of the demo is empty yard.
    let kestrel = centre_of(&harness, "Kestrel");
    let ppc = points_per_cell(&harness);
    let empty = kestrel + Vec2::new(9.0, 6.0) * ppc;
    harness.hover_at(empty);
    harness.run();
    harness.drag_at(empty);
    harness.drop_at(empty);
    harness.run();
    assert!(harness.state().selection.is_empty());
}

#[test]
fn hex_demo_draws_its_tokens_and_they_drag_by_hexes() {
    let mut harness = hex_harness();
    let names: Vec<String> = harness
        .state()
        .document
        .encounter
        .tokens
        .iter()
        .map(|t| t.name.clone())
        .collect();
    assert_eq!(names.len(), 7);
    for name in &names {
        assert!(
            harness.query_by_label(name).is_some(),
            "{name} is not on the map"
        );
    }
    // Aldric stands on axial (8, 6); one hex straight down on a flat-top grid is (8, 7).
    let from = centre_of(&harness, "Aldric");
    let to = from + Vec2::new(0.0, points_per_cell(&harness));
    drag(&mut harness, from, to);
    assert_eq!(token_cell(&harness, 1), Some(Cell::new(8, 7)));
    assert_eq!(
        harness.state().document.history().undo_label(),
        Some("Move token")
    );
}

#[test]
fn zoom_buttons_and_fit_map_change_the_zoom() {
    let mut harness = app_harness();
    let fitted = points_per_cell(&harness);
    harness.get_by_label("+").click();
    harness.run();
    assert!((points_per_cell(&harness) - fitted * 1.25).abs() < 0.01);
    harness.get_by_label("Fit map").click();
    harness.run();
    assert!((points_per_cell(&harness) - fitted).abs() < 0.01);
}

fn harness_on_grid(grid: GridKind) -> Harness<'static, LanternApp> {
    let Ok(mut encounter) = Demo::GoForthHeroes.encounter() else {
        panic!("the square demo does not load");
    };
    encounter.map.grid = grid;
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1200.0, 800.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.show_only(Pane::Map);
            app
        });
    harness.run();
    harness
}

#[test]
fn gridless_and_pointy_hex_maps_draw_their_tokens_and_snap_drags_to_cells() {
    let mut gridless = harness_on_grid(GridKind::Gridless);
    let from = centre_of(&gridless, "Kestrel");
    let to = from + Vec2::new(3.0, 0.0) * points_per_cell(&gridless);
    drag(&mut gridless, from, to);
    assert_eq!(token_cell(&gridless, 1), Some(Cell::new(6, 3)));

    let mut pointy = harness_on_grid(GridKind::HexPointy);
    assert!(pointy.query_by_label("Mill Ogre").is_some());
    // On pointy-top hexes the east neighbour is one cell length to the right: axial (q+1, r).
    let from = centre_of(&pointy, "Kestrel");
    let to = from + Vec2::new(points_per_cell(&pointy), 0.0);
    drag(&mut pointy, from, to);
    assert_eq!(token_cell(&pointy, 1), Some(Cell::new(4, 3)));
}

#[test]
fn context_menu_hides_and_duplicates_a_token() {
    let mut harness = app_harness();
    harness.get_by_label("Goblin Archer").click_secondary();
    harness.run();
    harness.get_by_label("Hide from players (GM only)").click();
    harness.run();
    let archer =
        |h: &Harness<'_, LanternApp>| h.state().document.encounter.token(TokenId(6)).cloned();
    assert_eq!(archer(&harness).map(|t| t.gm_only), Some(true));

    harness.get_by_label("Goblin Archer").click_secondary();
    harness.run();
    harness.get_by_label("Duplicate").click();
    harness.run();
    let tokens = &harness.state().document.encounter.tokens;
    assert_eq!(tokens.len(), 10);
    let copy = &tokens[9];
    assert_eq!(
        (copy.id, copy.name.as_str(), copy.gm_only),
        (TokenId(10), "Goblin Archer", true)
    );
    // The archer stands on (20, 2); the first free cell of the ring around it, top row first.
    assert_eq!(copy.cell, Cell::new(19, 1));
}

fn harness_with_background(bytes: Vec<u8>) -> Harness<'static, LanternApp> {
    let Ok(mut encounter) = Demo::GoForthHeroes.encounter() else {
        panic!("the square demo does not load");
    };
    let id = encounter.fresh_image_id();
    encounter
        .images
        .insert(id, EmbeddedImage::new("yard.png", bytes));
    encounter.map.background = Some(Background {
        image: id,
        origin_in_grid: GridPoint::new(0.0, 0.0),
        pixels_per_cell: 10.0,
    });
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1200.0, 800.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.show_only(Pane::Map);
            app
        });
    harness.run();
    harness
}

#[test]
fn a_background_image_shows_and_a_broken_one_says_why() {
    let mut png = Vec::new();
    let pixels = image::RgbaImage::from_pixel(240, 160, image::Rgba([90, 120, 60, 255]));
    image::DynamicImage::ImageRgba8(pixels)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let good = harness_with_background(png);
    assert!(good.query_by_label_contains("background image").is_none());
    assert!(good.query_by_label("Kestrel").is_some());

    let broken = harness_with_background(b"not an image".to_vec());
    assert!(
        broken
            .query_by_label_contains("Can't show the background image yard.png")
            .is_some()
    );
}
