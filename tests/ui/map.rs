//! The Map pane driven through the real app: drags, door clicks, deletion, the hex demo.

use crate::support;

use egui::{Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::LanternApp;
use lantern::demo::Demo;
use lantern::model::{
    Background, Cell, EmbeddedImage, GridKind, GridPoint, TokenId, WallId, WallKind,
};
use support::{centre_of, demo, drag, map_harness, points_per_cell, token_cell};

#[test]
fn dragging_kestrel_moves_her_in_one_undo_step() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    assert_eq!(token_cell(&harness, 1), Some(Cell::new(3, 3)));
    let from = centre_of(&harness, "Kestrel");
    let to = from + Vec2::new(2.0, 1.0) * points_per_cell(&harness);
    drag(&mut harness, from, to, Modifiers::NONE);

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
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    let from = centre_of(&harness, "Kestrel");
    let ppc = points_per_cell(&harness);
    drag(
        &mut harness,
        from,
        from + Vec2::new(0.2, 0.1) * ppc,
        Modifiers::NONE,
    );
    drag(
        &mut harness,
        from,
        from - Vec2::new(6.0, 0.0) * ppc,
        Modifiers::NONE,
    );
    assert_eq!(token_cell(&harness, 1), Some(Cell::new(3, 3)));
    assert_eq!(harness.state().document.history().undo_label(), None);
}

#[test]
fn clicking_a_door_opens_it_and_undo_closes_it() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
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
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
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
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
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
fn dragging_a_box_over_empty_map_selects_the_tokens_inside_and_shift_adds() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    let ids = |h: &Harness<'_, LanternApp>| -> Vec<u64> {
        h.state().selection.iter().map(|id| id.0).collect()
    };
    let ppc = points_per_cell(&harness);
    let (kestrel, bram) = (centre_of(&harness, "Kestrel"), centre_of(&harness, "Bram"));
    // From empty floor up-left of Kestrel to just past Bram: the two of them, not Pip or Ysolde.
    let from = kestrel - Vec2::new(0.9, 0.9) * ppc;
    let to = bram + Vec2::new(0.6, 0.6) * ppc;
    drag(&mut harness, from, to, Modifiers::NONE);
    assert_eq!(ids(&harness), vec![1, 2]);
    assert_eq!(
        token_cell(&harness, 1),
        demo(Demo::GoForthHeroes).token(TokenId(1)).map(|t| t.cell)
    );

    let pip = centre_of(&harness, "Pip");
    drag(
        &mut harness,
        pip - Vec2::new(0.7, 0.7) * ppc,
        pip + Vec2::new(0.7, 0.7) * ppc,
        Modifiers::SHIFT,
    );
    let mut with_pip = ids(&harness);
    with_pip.sort_unstable();
    assert_eq!(
        with_pip.len(),
        3,
        "Shift keeps Kestrel and Bram: {with_pip:?}"
    );
    assert!(with_pip.starts_with(&[1, 2]));
    // Selecting is view state, not an edit: nothing to undo.
    assert_eq!(harness.state().document.history().undo_label(), None);
}

#[test]
fn hex_demo_draws_its_tokens_and_they_drag_by_hexes() {
    let mut harness = map_harness(demo(Demo::EveningHex));
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
    drag(&mut harness, from, to, Modifiers::NONE);
    assert_eq!(token_cell(&harness, 1), Some(Cell::new(8, 7)));
    assert_eq!(
        harness.state().document.history().undo_label(),
        Some("Move token")
    );
}

#[test]
fn zoom_buttons_and_fit_map_change_the_zoom() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
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
    map_harness(encounter)
}

#[test]
fn gridless_and_pointy_hex_maps_draw_their_tokens_and_snap_drags_to_cells() {
    let mut gridless = harness_on_grid(GridKind::Gridless);
    let from = centre_of(&gridless, "Kestrel");
    let to = from + Vec2::new(3.0, 0.0) * points_per_cell(&gridless);
    drag(&mut gridless, from, to, Modifiers::NONE);
    assert_eq!(token_cell(&gridless, 1), Some(Cell::new(6, 3)));

    let mut pointy = harness_on_grid(GridKind::HexPointy);
    assert!(pointy.query_by_label("Mill Ogre").is_some());
    // On pointy-top hexes the east neighbour is one cell length to the right: axial (q+1, r).
    let from = centre_of(&pointy, "Kestrel");
    let to = from + Vec2::new(points_per_cell(&pointy), 0.0);
    drag(&mut pointy, from, to, Modifiers::NONE);
    assert_eq!(token_cell(&pointy, 1), Some(Cell::new(4, 3)));
}

#[test]
fn context_menu_hides_and_duplicates_a_token() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
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
    map_harness(encounter)
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
