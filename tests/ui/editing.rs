//! The Map pane's editing tools driven through the real app: walls, doors and windows drawn by
//! clicks, cells painted and erased by strokes, tokens placed from the palette and turned. Each
//! gesture must be one undo step.

use crate::support;

use egui::{Key, Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::LanternApp;
use lantern::app::map::Tool;
use lantern::model::{
    Cell, Encounter, GridPoint, RuleSystem, Side, SizeCategory, Token, TokenId, WallKind,
};
use support::{centre_of, click_at, map_harness, points_per_cell, right_click_at};

/// An empty 30×20 square map with one token, "Marker", at cell (0, 19) to measure the view by.
fn blank_map() -> Harness<'static, LanternApp> {
    let mut encounter = Encounter::new("Blank", RuleSystem::Evening);
    encounter.tokens.push(Token::new(
        TokenId(1),
        "Marker",
        Side::Neutral,
        Cell::new(0, 19),
    ));
    map_harness(encounter)
}

/// Where map point `(x, y)` is on screen, measured from the marker token's centre.
fn ui_at(harness: &Harness<'_, LanternApp>, x: f64, y: f64) -> Pos2 {
    let marker = centre_of(harness, "Marker");
    let ppc = points_per_cell(harness);
    marker + Vec2::new((x - 0.5) as f32, (y - 19.5) as f32) * ppc
}

/// Presses at `from`, moves to `to` in small steps, releases.
fn stroke(harness: &mut Harness<'_, LanternApp>, from: Pos2, to: Pos2) {
    harness.hover_at(from);
    harness.run();
    harness.drag_at(from);
    harness.run();
    for i in 1..=8 {
        harness.hover_at(from + (to - from) * (i as f32 / 8.0));
        harness.run();
    }
    harness.drop_at(to);
    harness.run();
}

fn pick_tool(harness: &mut Harness<'_, LanternApp>, key: Key, tool: Tool) {
    harness.key_press(key);
    harness.run();
    assert_eq!(harness.state_mut().map_view.tools().tool, tool);
}

fn undo(harness: &mut Harness<'_, LanternApp>) -> Option<&'static str> {
    let Ok(label) = harness.state_mut().document.undo() else {
        panic!("undo failed");
    };
    harness.run();
    label
}

#[test]
fn a_wall_polyline_snaps_to_corners_and_is_one_undo_step() {
    let mut harness = blank_map();
    pick_tool(&mut harness, Key::W, Tool::Wall);
    // A little off each corner: the clicks snap.
    for (x, y) in [(2.2, 2.1), (5.9, 1.8), (6.1, 5.2)] {
        let at = ui_at(&harness, x, y);
        click_at(&mut harness, at);
    }
    assert!(
        harness.state().document.encounter.walls.is_empty(),
        "not before it ends"
    );
    harness.key_press(Key::Escape);
    harness.run();

    let walls = harness.state().document.encounter.walls.clone();
    let ends: Vec<_> = walls.iter().map(|w| (w.a, w.b, w.kind)).collect();
    assert_eq!(
        ends,
        vec![
            (
                GridPoint::new(2.0, 2.0),
                GridPoint::new(6.0, 2.0),
                WallKind::Wall
            ),
            (
                GridPoint::new(6.0, 2.0),
                GridPoint::new(6.0, 5.0),
                WallKind::Wall
            ),
        ]
    );
    assert_eq!(harness.state().document.history().marker(), 1);
    assert_eq!(undo(&mut harness), Some("Add wall"));
    assert!(harness.state().document.encounter.walls.is_empty());
}

#[test]
fn a_door_drawn_from_the_toolbar_ends_with_a_right_click_and_opens_in_play() {
    let mut harness = blank_map();
    harness.get_by_label("Door").click();
    harness.run();
    assert_eq!(harness.state_mut().map_view.tools().tool, Tool::Door);
    for (x, y) in [(10.0, 4.0), (11.0, 4.0)] {
        let at = ui_at(&harness, x, y);
        click_at(&mut harness, at);
    }
    let end = ui_at(&harness, 14.5, 8.5);
    right_click_at(&mut harness, end);
    let walls = harness.state().document.encounter.walls.clone();
    assert_eq!(walls.len(), 1);
    assert_eq!(walls[0].kind, WallKind::Door { open: false });
    assert_eq!(
        (walls[0].a, walls[0].b),
        (GridPoint::new(10.0, 4.0), GridPoint::new(11.0, 4.0))
    );

    // While a tool is active a click on the door is the tool's; in play it opens the door.
    pick_tool(&mut harness, Key::V, Tool::Select);
    harness.get_by_label("Door (closed)").click();
    harness.run();
    let kind = harness.state().document.encounter.walls[0].kind;
    assert_eq!(kind, WallKind::Door { open: true });
    assert_eq!(undo(&mut harness), Some("Change wall"));
    assert_eq!(undo(&mut harness), Some("Add wall"));
    assert!(harness.state().document.encounter.walls.is_empty());
}

#[test]
fn strokes_paint_obstacles_and_difficult_cells_and_the_eraser_takes_them_and_walls() {
    let mut harness = blank_map();
    pick_tool(&mut harness, Key::O, Tool::Obstacle);
    let (from, to) = (ui_at(&harness, 2.5, 8.5), ui_at(&harness, 6.5, 8.5));
    stroke(&mut harness, from, to);
    let row: Vec<Cell> = (2..=6).map(|x| Cell::new(x, 8)).collect();
    let obstacles: Vec<Cell> = harness
        .state()
        .document
        .encounter
        .obstacle_cells
        .iter()
        .copied()
        .collect();
    assert_eq!(obstacles, row);
    assert_eq!(
        harness.state().document.history().marker(),
        1,
        "one step per stroke"
    );

    harness.get_by_label("Difficult").click();
    harness.run();
    let (from, to) = (ui_at(&harness, 3.5, 10.5), ui_at(&harness, 3.5, 12.5));
    stroke(&mut harness, from, to);
    let difficult: Vec<Cell> = harness
        .state()
        .document
        .encounter
        .difficult_cells
        .iter()
        .copied()
        .collect();
    assert_eq!(
        difficult,
        vec![Cell::new(3, 10), Cell::new(3, 11), Cell::new(3, 12)]
    );

    // A wall to erase across cells (4, 8)..(5, 8).
    pick_tool(&mut harness, Key::W, Tool::Wall);
    for (x, y) in [(4.0, 7.0), (4.0, 10.0)] {
        let at = ui_at(&harness, x, y);
        click_at(&mut harness, at);
    }
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(harness.state().document.encounter.walls.len(), 1);

    pick_tool(&mut harness, Key::E, Tool::Erase);
    let (from, to) = (ui_at(&harness, 3.5, 8.5), ui_at(&harness, 4.5, 8.5));
    stroke(&mut harness, from, to);
    let e = &harness.state().document.encounter;
    let left: Vec<Cell> = e.obstacle_cells.iter().copied().collect();
    assert_eq!(
        left,
        vec![Cell::new(2, 8), Cell::new(5, 8), Cell::new(6, 8)]
    );
    assert!(e.walls.is_empty(), "the stroke crossed the wall");
    assert_eq!(e.difficult_cells.len(), 3);

    assert_eq!(undo(&mut harness), Some("Paint cells"));
    let e = &harness.state().document.encounter;
    assert_eq!(e.obstacle_cells.len(), 5);
    assert_eq!(e.walls.len(), 1);
    for _ in 0..3 {
        undo(&mut harness);
    }
    let e = &harness.state().document.encounter;
    assert!(e.obstacle_cells.is_empty() && e.difficult_cells.is_empty() && e.walls.is_empty());
}

#[test]
fn the_palette_places_a_token_on_free_cells_only() {
    let mut harness = blank_map();
    pick_tool(&mut harness, Key::T, Tool::AddToken);
    assert!(harness.query_by_label("Token palette").is_some());
    {
        let palette = &mut harness.state_mut().map_view.tools().palette;
        palette.name = "Ogre".to_owned();
        palette.size = SizeCategory::Large;
        palette.side = Side::Enemy;
        palette.color = Some([200, 120, 40]);
    }
    let at = ui_at(&harness, 20.5, 10.5);
    click_at(&mut harness, at);
    let ogre = harness
        .state()
        .document
        .encounter
        .token(TokenId(2))
        .cloned()
        .unwrap();
    assert_eq!(
        (
            ogre.name.as_str(),
            ogre.cell,
            ogre.size,
            ogre.side,
            ogre.color
        ),
        (
            "Ogre",
            Cell::new(20, 10),
            SizeCategory::Large,
            Side::Enemy,
            Some([200, 120, 40])
        )
    );
    assert!(harness.state().selection.contains(&TokenId(2)));

    // Overlapping the ogre, or hanging off the map's right edge: refused.
    for (x, y) in [(21.5, 11.5), (29.5, 3.5)] {
        let at = ui_at(&harness, x, y);
        click_at(&mut harness, at);
    }
    assert_eq!(harness.state().document.encounter.tokens.len(), 2);
    // A second one gets a number.
    let at = ui_at(&harness, 24.5, 10.5);
    click_at(&mut harness, at);
    let names: Vec<String> = harness
        .state()
        .document
        .encounter
        .tokens
        .iter()
        .map(|t| t.name.clone())
        .collect();
    assert_eq!(names, ["Marker", "Ogre", "Ogre 2"]);

    assert_eq!(undo(&mut harness), Some("Add token"));
    assert_eq!(undo(&mut harness), Some("Add token"));
    assert_eq!(harness.state().document.encounter.tokens.len(), 1);
}

#[test]
fn r_turns_the_selected_token_and_the_context_menu_turns_it_back() {
    let mut harness = blank_map();
    harness.get_by_label("Marker").click();
    harness.run();
    harness.key_press(Key::R);
    harness.run();
    let rotation =
        |h: &Harness<'_, LanternApp>| h.state().document.encounter.tokens[0].rotation_deg;
    assert!((rotation(&harness) - 45.0).abs() < 1e-4);
    for _ in 0..2 {
        harness.key_press_modifiers(Modifiers::SHIFT, Key::R);
        harness.run();
    }
    assert!((rotation(&harness) - 315.0).abs() < 1e-4);

    harness.get_by_label("Marker").click_secondary();
    harness.run();
    harness.get_by_label("Turn right (R)").click();
    harness.run();
    assert!(rotation(&harness).abs() < 1e-4);
    assert_eq!(harness.state().document.history().marker(), 4);
    for _ in 0..4 {
        assert_eq!(undo(&mut harness), Some("Edit token"));
    }
    assert!(rotation(&harness).abs() < 1e-4);
    assert_eq!(harness.state().document.history().undo_label(), None);
}

#[test]
fn a_token_with_a_picture_from_a_file_brings_its_image_in_the_same_step() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wolf.png");
    image::RgbaImage::from_pixel(300, 200, image::Rgba([120, 110, 100, 255]))
        .save(&path)
        .unwrap();
    let mut harness = blank_map();
    pick_tool(&mut harness, Key::T, Tool::AddToken);
    let ctx = harness.ctx.clone();
    harness.state_mut().map_view.tools().palette.name = "Wolf".to_owned();
    harness
        .state_mut()
        .map_view
        .tools()
        .palette
        .load_image(&ctx, &path);
    for _ in 0..500 {
        harness.step();
        if !harness.state_mut().map_view.tools().palette.is_loading() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    harness.run();
    assert!(
        harness.query_by_label("wolf.png").is_some(),
        "the palette names the picture"
    );
    let at = ui_at(&harness, 12.5, 12.5);
    click_at(&mut harness, at);

    let e = &harness.state().document.encounter;
    let wolf = e.token(TokenId(2)).unwrap();
    let image = wolf.image.unwrap();
    assert_eq!(e.images[&image].name, "wolf.png");
    assert_eq!(harness.state().document.history().marker(), 1);
    // One step named for the gesture: the token, with the image it brought (issue 30).
    assert_eq!(undo(&mut harness), Some("Add token"));
    let e = &harness.state().document.encounter;
    assert!(e.images.is_empty() && e.tokens.len() == 1);
}

#[test]
fn dragging_a_rectangle_over_the_image_grid_aligns_the_background() {
    use lantern::model::{Background, EmbeddedImage, ImageId};
    let mut png = Vec::new();
    image::DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(
        400,
        400,
        image::Rgba([200, 190, 170, 255]),
    ))
    .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
    .unwrap();
    let mut encounter = Encounter::new("Aligned", RuleSystem::Evening);
    encounter.tokens.push(Token::new(
        TokenId(1),
        "Marker",
        Side::Neutral,
        Cell::new(0, 19),
    ));
    encounter
        .images
        .insert(ImageId(1), EmbeddedImage::new("plan.png", png));
    encounter.map.background = Some(Background {
        image: ImageId(1),
        origin_in_grid: GridPoint::new(0.0, 0.0),
        pixels_per_cell: 20.0,
    });
    let mut harness = map_harness(encounter);
    pick_tool(&mut harness, Key::A, Tool::Calibrate);
    assert!(harness.query_by_label("Align background").is_some());
    {
        let calibration = &mut harness.state_mut().map_view.tools().calibration;
        calibration.cells_across = 2;
        calibration.cells_down = 2;
    }
    // The image's own cells are 40 px, drawn two map cells wide; drag over 2 × 2 of them,
    // starting at the image cell whose corner is at map (8, 8).
    let (from, to) = (ui_at(&harness, 8.0, 8.0), ui_at(&harness, 12.0, 12.0));
    stroke(&mut harness, from, to);

    let background = harness
        .state()
        .document
        .encounter
        .map
        .background
        .clone()
        .unwrap();
    assert!(
        (background.pixels_per_cell - 40.0).abs() < 0.5,
        "{background:?}"
    );
    // Image pixel 160 (map 8 before) now sits on grid corner 8: the origin stays near 4.
    let corner = background.origin_in_grid.x + 160.0 / background.pixels_per_cell;
    assert!((corner - 8.0).abs() < 0.05, "{background:?}");
    assert_eq!(undo(&mut harness), Some("Change background"));
    let background = harness
        .state()
        .document
        .encounter
        .map
        .background
        .clone()
        .unwrap();
    assert!((background.pixels_per_cell - 20.0).abs() < 1e-9);
}

#[test]
fn on_a_hex_map_walls_snap_to_hex_corners_and_tokens_to_free_hexes() {
    use lantern::board::grid::{cell_corners, point_in_grid};
    use lantern::demo::Demo;
    use lantern::model::GridKind;
    let mut harness = map_harness(support::demo(Demo::EveningHex));
    let grid = GridKind::HexFlat;
    // Aldric stands on hex (8, 6): his disc's centre is that hex's centre.
    let aldric_ui = centre_of(&harness, "Aldric");
    let aldric = point_in_grid(grid, Cell::new(8, 6));
    let ppc = points_per_cell(&harness);
    let to_ui = |p: GridPoint| {
        aldric_ui + Vec2::new((p.x - aldric.x) as f32, (p.y - aldric.y) as f32) * ppc
    };
    let corners = cell_corners(grid, Cell::new(4, 8));
    pick_tool(&mut harness, Key::W, Tool::Wall);
    for corner in &corners[..2] {
        // A tenth of a cell off the corner, towards the hex's centre.
        let centre = point_in_grid(grid, Cell::new(4, 8));
        let near = GridPoint::new(
            corner.x + (centre.x - corner.x) * 0.15,
            corner.y + (centre.y - corner.y) * 0.15,
        );
        click_at(&mut harness, to_ui(near));
    }
    harness.key_press(Key::Escape);
    harness.run();
    let walls = harness.state().document.encounter.walls.clone();
    let wall = walls.last().unwrap();
    let close = |a: GridPoint, b: GridPoint| (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9;
    assert!(
        close(wall.a, corners[0]) && close(wall.b, corners[1]),
        "{wall:?}"
    );

    // A Large token (three hexes) next to Aldric overlaps him; one hex further it fits.
    pick_tool(&mut harness, Key::T, Tool::AddToken);
    harness.state_mut().map_view.tools().palette.size = SizeCategory::Large;
    let tokens_before = harness.state().document.encounter.tokens.len();
    click_at(&mut harness, to_ui(point_in_grid(grid, Cell::new(8, 5))));
    assert_eq!(
        harness.state().document.encounter.tokens.len(),
        tokens_before
    );
    click_at(&mut harness, to_ui(point_in_grid(grid, Cell::new(4, 4))));
    let e = &harness.state().document.encounter;
    assert_eq!(e.tokens.len(), tokens_before + 1);
    let placed = e.tokens.last().unwrap();
    assert_eq!(
        (placed.cell, placed.size),
        (Cell::new(4, 4), SizeCategory::Large)
    );
}
