//! Distances, range bands, movement and sight polygons.

use lantern::board::{Scene, band, cell_distance};
use lantern::model::{
    Cell, CustomBand, DiagonalRule, Encounter, GridKind, GridPoint, LengthUnit, RuleSystem, Side,
    SizeCategory, Token, TokenId, Wall, WallId, WallKind,
};

fn encounter(system: RuleSystem, grid: GridKind) -> Encounter {
    let mut enc = Encounter::new("board", system);
    enc.map.grid = grid;
    enc
}

fn put(enc: &mut Encounter, id: u64, side: Side, size: SizeCategory, cell: (i32, i32)) {
    let t = Token::new(
        TokenId(id),
        format!("t{id}"),
        side,
        Cell::new(cell.0, cell.1),
    );
    enc.tokens.push(t.with_size(size));
}

fn wall(enc: &mut Encounter, a: (f64, f64), b: (f64, f64), kind: WallKind) {
    let id = WallId(enc.walls.len() as u64 + 1);
    enc.walls.push(Wall {
        id,
        a: GridPoint::new(a.0, a.1),
        b: GridPoint::new(b.0, b.1),
        kind,
    });
}

#[test]
fn square_diagonal_rules() {
    let (a, b) = (Cell::new(0, 0), Cell::new(3, 4));
    let d = |rule| cell_distance(GridKind::Square, rule, a, b);
    assert!((d(DiagonalRule::One) - 4.0).abs() < 1e-9);
    // 3 diagonals (1 + 2 + 1) and one straight step.
    assert!((d(DiagonalRule::Alternating) - 5.0).abs() < 1e-9);
    assert!((d(DiagonalRule::Euclidean) - 5.0).abs() < 1e-9);
}

#[test]
fn hex_distance_counts_steps() {
    let d = cell_distance(
        GridKind::HexFlat,
        DiagonalRule::One,
        Cell::new(0, 0),
        Cell::new(3, -1),
    );
    assert!((d - 3.0).abs() < 1e-9);
    let d = cell_distance(
        GridKind::HexPointy,
        DiagonalRule::One,
        Cell::new(0, 0),
        Cell::new(2, 2),
    );
    assert!((d - 4.0).abs() < 1e-9);
}

/// Evening, Movement, Squares (lines 588–590): a square is one cell of the map, and distance runs
/// between the nearest cells: a Huge creature 4 cells off is 4 squares away, Close (5).
#[test]
fn distance_is_between_closest_cells_of_large_footprints() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square);
    put(&mut enc, 1, Side::Party, SizeCategory::Medium, (0, 0));
    put(&mut enc, 2, Side::Enemy, SizeCategory::Huge, (4, 0));
    let scene = Scene::new(&enc);
    assert_eq!(scene.distance_cells(TokenId(1), TokenId(2)), Some(4.0));
    assert_eq!(
        scene.band_between(TokenId(1), TokenId(2)).unwrap().name,
        "Close"
    );
}

/// Evening, Range (lines 601–609): Touch 1, Adjacent 2, Close 5, Near 10, Medium 20, Long 30 squares,
/// "everything within and up to" each distance.
#[test]
fn evening_and_gfh_bands() {
    let scene = Scene::new(&encounter(RuleSystem::Evening, GridKind::Square));
    let name = |system, d| band(system, d, &scene).unwrap().name;
    assert_eq!(name(RuleSystem::Evening, 1.0), "Touch");
    assert_eq!(name(RuleSystem::Evening, 2.0), "Adjacent");
    assert_eq!(name(RuleSystem::Evening, 5.0), "Close");
    assert_eq!(name(RuleSystem::Evening, 6.0), "Near");
    assert_eq!(name(RuleSystem::Evening, 30.0), "Long");
    assert_eq!(name(RuleSystem::Evening, 31.0), "Beyond Long");
    assert_eq!(name(RuleSystem::GoForthHeroes, 1.0), "Engaged");
    assert_eq!(name(RuleSystem::GoForthHeroes, 6.0), "Close");
    assert_eq!(name(RuleSystem::GoForthHeroes, 12.0), "Nearby");
    assert_eq!(name(RuleSystem::GoForthHeroes, 13.0), "Far");
}

/// GFH, Grid Play: "Engaged = adjacent"; Road and Ruin, NAVIGATION: Touching is physical
/// contact. Two squares that meet at a corner are adjacent and in contact whatever rule
/// measures diagonals: under the Euclidean rule their centres are √2 ≈ 1.41 apart, yet the
/// band is still Engaged / Touching. One square further (distance 2) is Close / Near.
#[test]
fn diagonal_neighbours_are_engaged_and_touching_under_euclidean_diagonals() {
    for (system, first, next) in [
        (RuleSystem::GoForthHeroes, "Engaged", "Close"),
        (RuleSystem::RoadAndRuin, "Touching", "Near"),
    ] {
        for grid in [GridKind::Square, GridKind::Gridless] {
            let mut enc = encounter(system, grid);
            enc.map.diagonal = DiagonalRule::Euclidean;
            put(&mut enc, 1, Side::Party, SizeCategory::Medium, (0, 0));
            put(&mut enc, 2, Side::Enemy, SizeCategory::Medium, (1, 1));
            put(&mut enc, 3, Side::Enemy, SizeCategory::Medium, (2, 2));
            let scene = Scene::new(&enc);
            let name = |b| scene.band_between(TokenId(1), TokenId(b)).unwrap().name;
            assert_eq!(name(2), first, "{system:?} {grid:?}");
            assert_eq!(name(3), next, "{system:?} {grid:?}");
        }
    }
}

#[test]
fn road_and_ruin_bands_use_the_cell_length() {
    let mut enc = encounter(RuleSystem::RoadAndRuin, GridKind::Square);
    enc.map.cell_length.value = 2.0;
    enc.map.cell_length.unit = LengthUnit::Metres;
    let scene = Scene::new(&enc);
    let name = |d| band(RuleSystem::RoadAndRuin, d, &scene).unwrap().name;
    assert_eq!(name(1.0), "Touching");
    assert_eq!(name(2.0), "Near");
    assert_eq!(name(3.0), "Close By");
    assert_eq!(name(50.0), "Close By");
    assert_eq!(name(51.0), "Far");
    assert_eq!(name(2_000.0), "Very Far");
}

#[test]
fn post_and_3d6_show_custom_bands_or_none() {
    let mut enc = encounter(RuleSystem::PostCore, GridKind::Square);
    assert!(band(RuleSystem::PostCore, 3.0, &Scene::new(&enc)).is_none());
    enc.custom_bands = vec![
        CustomBand {
            name: "Far".into(),
            max_cells: 20,
        },
        CustomBand {
            name: "Close".into(),
            max_cells: 4,
        },
    ];
    let scene = Scene::new(&enc);
    assert_eq!(
        band(RuleSystem::ThreeD6, 3.0, &scene).unwrap().name,
        "Close"
    );
    assert_eq!(band(RuleSystem::ThreeD6, 9.0, &scene).unwrap().name, "Far");
    assert_eq!(
        band(RuleSystem::ThreeD6, 21.0, &scene).unwrap().name,
        "beyond Far"
    );
}

/// Evening, Difficult terrain (line 599): "double the cost of movement, requiring 2 points of speed
/// for each square": the difficult cell costs 2 of speed 2, and the path around it is cheaper.
#[test]
fn reach_on_open_ground_and_through_difficult_terrain() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square);
    put(&mut enc, 1, Side::Party, SizeCategory::Medium, (10, 10));
    enc.difficult_cells.insert(Cell::new(11, 10));
    let reach = Scene::new(&enc).reachable(TokenId(1), 2).unwrap();
    // Every diagonal 1: a 5×5 square, all reachable with 2.
    assert_eq!(reach.len(), 25);
    assert_eq!(reach.cost_cells(Cell::new(11, 10)), Some(2.0));
    assert_eq!(reach.cost_cells(Cell::new(12, 10)), Some(2.0));
    let path = reach.path_to(Cell::new(12, 10)).unwrap();
    assert_eq!(path.first(), Some(&Cell::new(10, 10)));
    assert_eq!(path.last(), Some(&Cell::new(12, 10)));
    assert!(!path.contains(&Cell::new(11, 10)), "{path:?}");
}

#[test]
fn walls_stop_movement_and_open_doors_do_not() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square);
    put(&mut enc, 1, Side::Party, SizeCategory::Medium, (0, 0));
    wall(&mut enc, (1.0, -5.0), (1.0, 0.0), WallKind::Wall);
    wall(
        &mut enc,
        (1.0, 0.0),
        (1.0, 1.0),
        WallKind::Door { open: false },
    );
    wall(&mut enc, (1.0, 1.0), (1.0, 9.0), WallKind::Window);
    let reach = Scene::new(&enc).reachable(TokenId(1), 3).unwrap();
    assert!(reach.cells().all(|c| c.x < 1), "nothing beyond the wall");
    enc.walls[1].kind = WallKind::Door { open: true };
    let reach = Scene::new(&enc).reachable(TokenId(1), 3).unwrap();
    assert_eq!(reach.cost_cells(Cell::new(1, 0)), Some(1.0));
}

#[test]
fn allies_are_passed_enemies_block() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square);
    put(&mut enc, 1, Side::Party, SizeCategory::Medium, (0, 1));
    // A corridor along row 1, walled above and below.
    wall(&mut enc, (0.0, 1.0), (9.0, 1.0), WallKind::Wall);
    wall(&mut enc, (0.0, 2.0), (9.0, 2.0), WallKind::Wall);
    put(&mut enc, 2, Side::Ally, SizeCategory::Medium, (1, 1));
    let reach = Scene::new(&enc).reachable(TokenId(1), 3).unwrap();
    assert_eq!(
        reach.cost_cells(Cell::new(1, 1)),
        None,
        "cannot stop on the ally"
    );
    assert_eq!(reach.cost_cells(Cell::new(2, 1)), Some(2.0));
    enc.tokens[1].side = Side::Enemy;
    let reach = Scene::new(&enc).reachable(TokenId(1), 3).unwrap();
    assert_eq!(reach.cost_cells(Cell::new(2, 1)), None);
}

#[test]
fn large_creature_squeezes_through_a_one_cell_gap_at_double_cost() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square);
    put(&mut enc, 1, Side::Party, SizeCategory::Large, (0, 0));
    // A wall of obstacles along column 3 with a one-cell gap at row 0.
    for y in 1..6 {
        enc.obstacle_cells.insert(Cell::new(3, y));
    }
    for y in -5..0 {
        enc.obstacle_cells.insert(Cell::new(3, y));
    }
    let reach = Scene::new(&enc).reachable(TokenId(1), 12).unwrap();
    // One plain step to anchor (1,0); anchor (2,0) would put the Large footprint on (3,1), an
    // obstacle: only a squeeze fits, at 2 for the step.
    assert_eq!(reach.cost_cells(Cell::new(1, 0)), Some(1.0));
    assert_eq!(reach.cost_cells(Cell::new(2, 0)), Some(3.0));
    assert!(reach.cost_cells(Cell::new(4, 0)).is_some());
}

#[test]
fn hex_reach_is_a_hexagon() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::HexFlat);
    put(&mut enc, 1, Side::Party, SizeCategory::Medium, (5, 5));
    let reach = Scene::new(&enc).reachable(TokenId(1), 2).unwrap();
    assert_eq!(reach.len(), 19);
}

#[test]
fn sight_polygon_stops_at_walls_and_radius() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square);
    wall(&mut enc, (3.0, -20.0), (3.0, 20.0), WallKind::Wall);
    let scene = Scene::new(&enc);
    let poly = scene.sight_polygon(GridPoint::new(0.5, 0.5), Some(10.0));
    // The arc left of the wall, in chords of at most 3°, and the wall's piece inside the circle.
    assert!(poly.len() >= 60);
    assert!(poly.iter().all(|p| p.x <= 3.0 + 1e-6));
    let max = poly
        .iter()
        .map(|p| (p.x - 0.5).hypot(p.y - 0.5))
        .fold(0.0, f64::max);
    assert!((max - 10.0).abs() < 0.01, "{max}");
    // The wall's piece inside the circle is an edge of the polygon, 2.5 cells to the right.
    let on_wall: Vec<f64> = poly
        .iter()
        .filter(|p| (p.x - 3.0).abs() < 1e-9)
        .map(|p| p.y)
        .collect();
    let half_chord = (100.0_f64 - 2.5 * 2.5).sqrt();
    let (low, high) = on_wall
        .iter()
        .fold((f64::MAX, f64::MIN), |(l, h), y| (l.min(*y), h.max(*y)));
    assert!((low - (0.5 - half_chord)).abs() < 1e-6 && (high - (0.5 + half_chord)).abs() < 1e-6);
}

#[test]
fn a_side_sees_from_each_of_its_tokens() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square);
    put(&mut enc, 1, Side::Party, SizeCategory::Medium, (0, 0));
    put(&mut enc, 2, Side::Party, SizeCategory::Medium, (8, 0));
    put(&mut enc, 3, Side::Enemy, SizeCategory::Medium, (4, 4));
    let scene = Scene::new(&enc);
    let party = scene.sight_of_side(Side::Party, Some(3.0));
    assert_eq!(party.len(), 2);
    let reaches = |poly: &Vec<GridPoint>, x: f64| poly.iter().any(|p| (p.x - x).abs() < 0.01);
    assert!(reaches(&party[0], 3.5) && reaches(&party[1], 11.5));
}

/// Where a token stands after `gather_onto_map` moved it (or where it was, if it stayed).
fn gathered(enc: &Encounter, id: u64) -> Cell {
    use lantern::board::footprint::gather_onto_map;
    use lantern::model::Command;
    let moves = gather_onto_map(&enc.map, &enc.obstacle_cells, &enc.tokens);
    let moved = moves.iter().find_map(|m| match m {
        Command::MoveToken { id: moved, to } if *moved == TokenId(id) => Some(*to),
        _ => None,
    });
    let Some(token) = enc.token(TokenId(id)) else {
        panic!("no token {id}");
    };
    moved.unwrap_or(token.cell)
}

#[test]
fn tokens_left_off_a_smaller_map_come_onto_its_nearest_edge() {
    // Drawn on a 10×10 square map (columns and rows 0..=9):
    // - t1 Medium at (15, 3), five columns east: pulled to column 9, row 3 is free → (9, 3).
    // - t2 Large (2×2) at (12, 12): pulled to (9, 9), where it would cover column and row 10,
    //   off the map; ring 1's first anchor (top row, left first) is (8, 8), covering 8..=9 → (8, 8).
    // - t3 Medium at (4, 4), inside and clear: stays.
    // - t4 Medium at (5, 5) on an obstacle cell: moves to ring 1's first free anchor, (4, 4) is
    //   t3's, so (5, 4).
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square);
    enc.map.width_cells = 10;
    enc.map.height_cells = 10;
    put(&mut enc, 1, Side::Party, SizeCategory::Medium, (15, 3));
    put(&mut enc, 2, Side::Enemy, SizeCategory::Large, (12, 12));
    put(&mut enc, 3, Side::Party, SizeCategory::Medium, (4, 4));
    put(&mut enc, 4, Side::Party, SizeCategory::Medium, (5, 5));
    enc.obstacle_cells.insert(Cell::new(5, 5));
    assert_eq!(gathered(&enc, 1), Cell::new(9, 3));
    assert_eq!(gathered(&enc, 2), Cell::new(8, 8));
    assert_eq!(gathered(&enc, 3), Cell::new(4, 4));
    assert_eq!(gathered(&enc, 4), Cell::new(5, 4));
}

#[test]
fn tokens_west_of_a_hex_map_land_on_its_first_column_without_overlap() {
    // Flat-top hex ("odd-q" offset layout), 6 columns × 4 rows, two Medium tokens beyond the
    // west edge: both pull to the top-left hex; the first takes it, the second the first free
    // hex of ring 1 around it.
    let mut enc = encounter(RuleSystem::Evening, GridKind::HexFlat);
    enc.map.width_cells = 6;
    enc.map.height_cells = 4;
    put(&mut enc, 1, Side::Party, SizeCategory::Medium, (-3, 1));
    put(&mut enc, 2, Side::Party, SizeCategory::Medium, (-5, 1));
    // Axial (-3, 1) is offset (-3, 1 + (-3 - 1) / 2) = (-3, -1): row clamps to 0 → axial (0, 0).
    assert_eq!(enc.map.offset_of(Cell::new(-3, 1)), (-3, -1));
    assert_eq!(gathered(&enc, 1), Cell::new(0, 0));
    // Axial (-5, 1) is offset (-5, 1 + (-5 - 1) / 2) = (-5, -2): also offset (0, 0), taken;
    // ring 1 in offset layout from (0, 0), top row first: (−1, −1), (0, −1), (1, −1) are off
    // the map, then (−1, 0) off, (1, 0) free → axial (1, 0 - (1 - 1) / 2) = (1, 0).
    assert_eq!(gathered(&enc, 2), Cell::new(1, 0));
}

#[test]
fn a_resized_map_moves_only_tokens_beyond_its_edges_and_never_onto_an_obstacle() {
    // 10 × 10 square map shrunk to 6 columns: t1 on an obstacle at (2, 2) was put there by the
    // GM and stays; t2 at (8, 4) pulls to (5, 4), an obstacle, so it takes ring 1's first free
    // anchor, top row first: (4, 3).
    use lantern::board::footprint::gather_onto_resized_map;
    use lantern::model::Command;
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square);
    enc.map.width_cells = 6;
    enc.map.height_cells = 10;
    put(&mut enc, 1, Side::Party, SizeCategory::Medium, (2, 2));
    put(&mut enc, 2, Side::Party, SizeCategory::Medium, (8, 4));
    enc.obstacle_cells
        .extend([Cell::new(2, 2), Cell::new(5, 4)]);
    let moves = gather_onto_resized_map(&enc.map, &enc.obstacle_cells, &enc.tokens);
    assert_eq!(
        moves,
        [Command::MoveToken {
            id: TokenId(2),
            to: Cell::new(4, 3)
        }]
    );
}
