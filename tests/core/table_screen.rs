//! The table screen's true scale and its view box, worked by hand: pixels per cell for known
//! screens, hex cells measured flat to flat, non-square pixels, and the box's snapping, turning
//! and least move to show a token.

use lantern::board::table_scale::{
    MM_PER_INCH, PxPerCell, QuarterTurn, ScreenMeasure, cell_pitch, px_per_cell,
};
use lantern::board::view_box::{GridRect, ViewBox, footprint_rect as footprint};
use lantern::model::{Cell, GridKind, GridPoint, SizeCategory};

const UHD: [u32; 2] = [3840, 2160];
const FULL_HD: [u32; 2] = [1920, 1080];

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[test]
fn a_55_inch_4k_television_at_one_inch_a_cell() {
    // A 16:9 picture's width is 16/√(16² + 9²) = 16/√337 of its diagonal: 55 × 16 / 18.3576
    // = 47.937 inches. Its 3840 pixels over 47.937 inches are 80.106 pixels an inch, and a cell
    // of one inch takes that many.
    let width_in = 55.0 * 16.0 / 337.0_f64.sqrt();
    assert!(close(width_in, 47.937, 0.001));
    let expected = 3840.0 / width_in;
    assert!(close(expected, 80.106, 0.001));

    let diagonal = ScreenMeasure::Diagonal {
        mm: 55.0 * MM_PER_INCH,
        aspect: [16.0, 9.0],
    };
    let cell = px_per_cell(UHD, diagonal, MM_PER_INCH).unwrap();
    assert!(close(cell.x, expected, 1e-9), "{cell:?}");
    assert!(close(cell.y, expected, 1e-9), "square pixels");
    // 47.937 inches across and 55 × 9/√337 = 26.964 down: 47 whole cells by 26.
    let visible = cell.cells_visible([3840.0, 2160.0], GridKind::Square, QuarterTurn::Deg0);
    assert_eq!(visible, [47, 26]);

    // The same television given by its width in millimetres (47.937 in × 25.4 = 1217.6 mm).
    let width = ScreenMeasure::Width {
        mm: width_in * MM_PER_INCH,
    };
    let by_width = px_per_cell(UHD, width, MM_PER_INCH).unwrap();
    assert!(close(by_width.x, expected, 1e-9));
}

#[test]
fn a_1920_pixel_projector_image_measured_at_1500_mm_with_25_mm_cells() {
    // 1920 px / 1500 mm = 1.28 px/mm; a 25 mm cell is 1.28 × 25 = 32 px. Across: 1920 / 32 =
    // exactly 60 cells (not 59 from a division landing a hair short); down: 1080 / 32 = 33.75,
    // so 33 whole cells.
    let measure = ScreenMeasure::Width { mm: 1500.0 };
    let cell = px_per_cell(FULL_HD, measure, 25.0).unwrap();
    assert!(close(cell.x, 32.0, 1e-9) && close(cell.y, 32.0, 1e-9));
    let visible = cell.cells_visible([1920.0, 1080.0], GridKind::Square, QuarterTurn::Deg0);
    assert_eq!(visible, [60, 33]);

    // A bar of 1000 px measured at 781.25 mm gives the same 1.28 px/mm.
    let bar = ScreenMeasure::Bar {
        bar_px: 1000,
        mm: 781.25,
    };
    let by_bar = px_per_cell(FULL_HD, bar, 25.0).unwrap();
    assert!(close(by_bar.x, 32.0, 1e-9));
}

#[test]
fn hex_cells_are_measured_flat_to_flat() {
    // On the 32 px-per-25-mm projector, a 25 mm hex is 32 px from flat side to flat side (the
    // distance between neighbouring centres, one map unit). Flat-top columns step 3/4 of the
    // corner-to-corner width, 1.5/√3 × 32 = 27.713 px: 1920 / 27.713 = 69.28, so 69 columns;
    // rows step the full 32 px: 33. Pointy-top hexes turn that round: 60 columns, and rows
    // of 27.713 px: 1080 / 27.713 = 38.97, so 38.
    let cell = px_per_cell(FULL_HD, ScreenMeasure::Width { mm: 1500.0 }, 25.0).unwrap();
    assert!(close(cell.x, 32.0, 1e-9));
    assert!(close(
        cell_pitch(GridKind::HexFlat)[0] * 32.0,
        27.713,
        0.001
    ));
    let picture = [1920.0, 1080.0];
    let flat = cell.cells_visible(picture, GridKind::HexFlat, QuarterTurn::Deg0);
    assert_eq!(flat, [69, 33]);
    let pointy = cell.cells_visible(picture, GridKind::HexPointy, QuarterTurn::Deg0);
    assert_eq!(pointy, [60, 38]);
}

#[test]
fn pixels_that_are_not_square_keep_each_axis_true() {
    // A 1920 × 1080 picture thrown 1600 mm wide and 1200 mm tall: 1.2 px/mm across, 0.9 px/mm
    // down. A 25 mm cell is 30 px wide and 22.5 px tall; 64 cells across, 48 down. Turned a
    // quarter, the map's columns run down the screen: 48 columns, 64 rows.
    let measure = ScreenMeasure::WidthHeight {
        width_mm: 1600.0,
        height_mm: 1200.0,
    };
    let cell = px_per_cell(FULL_HD, measure, 25.0).unwrap();
    assert!(
        close(cell.x, 30.0, 1e-9) && close(cell.y, 22.5, 1e-9),
        "{cell:?}"
    );
    let picture = [1920.0, 1080.0];
    assert_eq!(
        cell.cells_visible(picture, GridKind::Square, QuarterTurn::Deg0),
        [64, 48]
    );
    assert_eq!(
        cell.cells_visible(picture, GridKind::Square, QuarterTurn::Deg90),
        [48, 64]
    );

    // Both sides of the 55-inch television measured to the millimetre: 3840/1217.7 = 3.1535
    // and 2160/685 = 3.1533 px/mm agree within 1 %, so the pixels are square and the width
    // decides: 3.1535 × 25.4 = 80.099 px.
    let tv = ScreenMeasure::WidthHeight {
        width_mm: 1217.7,
        height_mm: 685.0,
    };
    let cell = px_per_cell(UHD, tv, MM_PER_INCH).unwrap();
    assert!(close(cell.x, 80.099, 0.001));
    assert!(cell.is_square());
}

#[test]
fn a_sideways_screen_swaps_columns_and_rows() {
    let cell = PxPerCell { x: 80.0, y: 80.0 };
    // 3840 / 80 = 48 across and 2160 / 80 = 27 down; a quarter turn shows the map's x down the
    // screen: 27 columns and 48 rows.
    let picture = [3840.0, 2160.0];
    assert_eq!(
        cell.cells_visible(picture, GridKind::Square, QuarterTurn::Deg0),
        [48, 27]
    );
    assert_eq!(
        cell.cells_visible(picture, GridKind::Square, QuarterTurn::Deg90),
        [27, 48]
    );
    assert_eq!(
        cell.cells_visible(picture, GridKind::Square, QuarterTurn::Deg180),
        [48, 27]
    );
    assert_eq!(
        cell.cells_visible(picture, GridKind::Square, QuarterTurn::Deg270),
        [27, 48]
    );
}

#[test]
fn turning_the_view_box_keeps_its_centre_cell() {
    // 47 × 26 cells around cell (30, 20): its top-left cell is (30 − 23, 20 − 13) = (7, 7), so
    // it covers x 7..54, y 7..33.
    let wide = ViewBox {
        centre_col: 30,
        centre_row: 20,
        cols: 47,
        rows: 26,
    };
    let r = wide.rect_in_grid(GridKind::Square);
    assert_eq!(
        (r.min, r.max),
        (GridPoint::new(7.0, 7.0), GridPoint::new(54.0, 33.0))
    );
    // Turned a quarter: 26 columns, 47 rows, top-left (30 − 13, 20 − 23) = (17, −3).
    let tall = wide.resized(26, 47);
    let r = tall.rect_in_grid(GridKind::Square);
    assert_eq!(
        (r.min, r.max),
        (GridPoint::new(17.0, -3.0), GridPoint::new(43.0, 44.0))
    );
    // Turned back, the very same box: turning to and fro never drifts.
    assert_eq!(tall.resized(47, 26), wide);
}

#[test]
fn a_dragged_box_snaps_to_whole_cells() {
    // A box dragged so its corner is at (3.4, 1.6) lands with its corner on cell (3, 2).
    let b = ViewBox::snapped(GridKind::Square, GridPoint::new(3.4, 1.6), 10, 6);
    assert_eq!(b.min_offset(), (3, 2));
    assert_eq!((b.centre_col, b.centre_row), (8, 5));
    let r = b.rect_in_grid(GridKind::Square);
    assert_eq!(
        (r.min, r.max),
        (GridPoint::new(3.0, 2.0), GridPoint::new(13.0, 8.0))
    );

    // Flat-top hexes: columns step 1.5/√3 = 0.866 across and odd columns sit half a hex lower.
    // A corner dragged to (2.252, 1.2), 2.6 columns across: column 3's corners lie at x 2.598
    // and y 0.5, 1.5, 2.5…; (2.598, 1.5) is 0.458 away, nearer than column 2's (1.732, 1.0),
    // 0.557 away. So column 3, row 1.
    let pitch = cell_pitch(GridKind::HexFlat)[0];
    let b = ViewBox::snapped(GridKind::HexFlat, GridPoint::new(2.6 * pitch, 1.2), 10, 6);
    assert_eq!(b.min_offset(), (3, 1));
    let r = b.rect_in_grid(GridKind::HexFlat);
    assert!(close(r.min.x, 3.0 * pitch, 1e-9) && close(r.min.y, 1.5, 1e-9));
}

#[test]
fn showing_a_token_moves_the_box_the_least() {
    let grid = GridKind::Square;
    // A 10 × 6 box on cells (0, 0)..(10, 6).
    let b = ViewBox {
        centre_col: 5,
        centre_row: 3,
        cols: 10,
        rows: 6,
    };
    // Already inside: the box stays.
    let inside = footprint(grid, SizeCategory::Medium, Cell::new(9, 5));
    assert_eq!(b.showing(grid, &inside), b);
    // A Medium token on (12, 3) needs the box's right edge at 13: three columns right, and no
    // vertical move (its row is already in the box).
    let right = footprint(grid, SizeCategory::Medium, Cell::new(12, 3));
    let moved = b.showing(grid, &right);
    assert_eq!(moved.min_offset(), (3, 0));
    // A Large token on (−2, 5) covers x −2..0, y 5..7: two columns left, one row down.
    let low_left = footprint(grid, SizeCategory::Large, Cell::new(-2, 5));
    assert_eq!(b.showing(grid, &low_left).min_offset(), (-2, 1));
    // No box that shows it is nearer than the one picked.
    for (grid, anchor) in [
        (GridKind::Square, Cell::new(12, 3)),
        (GridKind::Square, Cell::new(-2, 9)),
        (GridKind::HexFlat, Cell::new(13, -4)),
        (GridKind::HexPointy, Cell::new(-3, 8)),
    ] {
        let token = footprint(grid, SizeCategory::Large, anchor);
        assert_least_move(grid, b, &token);
    }
}

/// `b.showing` holds `token`, and no box of the same size over cells −30..30 that holds it moved
/// less far.
fn assert_least_move(grid: GridKind, b: ViewBox, token: &GridRect) {
    let start = b.rect_in_grid(grid).min;
    let moved = b.showing(grid, token);
    let got = moved.rect_in_grid(grid);
    assert!(got.contains_rect(token), "{grid:?}: {moved:?}");
    let distance = |p: GridPoint| (p.x - start.x).hypot(p.y - start.y);
    let best = distance(got.min);
    for col in -30..30 {
        for row in -30..30 {
            let other = ViewBox {
                centre_col: col,
                centre_row: row,
                ..b
            };
            let rect = other.rect_in_grid(grid);
            if rect.contains_rect(token) {
                assert!(
                    distance(rect.min) >= best - 1e-9,
                    "{grid:?}: {other:?} moves {} < {best}",
                    distance(rect.min)
                );
            }
        }
    }
}

#[test]
fn showing_the_current_combatant_keeps_a_cell_of_room_round_it() {
    let grid = GridKind::Square;
    // The 10 × 6 box on cells (0, 0)..(10, 6) again.
    let b = ViewBox {
        centre_col: 5,
        centre_row: 3,
        cols: 10,
        rows: 6,
    };
    // A Medium token on (9, 5) is inside, but in the box's last column and row: its ring and
    // name would sit on the screen's edge. With a cell of room it needs columns up to 11 and
    // rows up to 7: the box moves one column right and one row down.
    let corner = footprint(grid, SizeCategory::Medium, Cell::new(9, 5));
    assert_eq!(
        b.showing_with_margin(grid, &corner, 1.0).min_offset(),
        (1, 1)
    );
    // A token a cell in from every edge is already shown with room: the box stays.
    let inner = footprint(grid, SizeCategory::Medium, Cell::new(8, 4));
    assert_eq!(b.showing_with_margin(grid, &inner, 1.0), b);
    // A Medium token on (12, 3) needs the box's right edge at 14: four columns right.
    let right = footprint(grid, SizeCategory::Medium, Cell::new(12, 3));
    assert_eq!(
        b.showing_with_margin(grid, &right, 1.0).min_offset(),
        (4, 0)
    );
    // A box only 3 × 2 cells: across there is room for the whole cell on each side of a Medium
    // token; down only half a cell each side is left, so the token is shown whole, not cut.
    let small = ViewBox {
        centre_col: 1,
        centre_row: 1,
        cols: 3,
        rows: 2,
    };
    let far = footprint(grid, SizeCategory::Medium, Cell::new(7, 7));
    let moved = small.showing_with_margin(grid, &far, 1.0);
    let rect = moved.rect_in_grid(grid);
    assert!(rect.contains_rect(&far), "{moved:?}");
    assert_eq!(moved.min_offset().0, 6, "a cell of room left of the token");
    // Hex maps too: the token lands inside with room wherever the lattice lets it.
    for grid in [GridKind::HexFlat, GridKind::HexPointy] {
        let token = footprint(grid, SizeCategory::Medium, Cell::new(14, -3));
        let got = b.showing_with_margin(grid, &token, 1.0).rect_in_grid(grid);
        assert!(got.contains_rect(&token), "{grid:?}");
        assert!(
            token.min.x - got.min.x >= 0.99 && got.max.x - token.max.x >= 0.99,
            "{grid:?}: room across {got:?} {token:?}"
        );
    }
}
