//! Rooms from the walls (`board::rooms`): hand-drawn maps whose rooms are counted by hand, the
//! two real Universal VTT maps and both demos, and a property test that a region walled all
//! round is found whole and alone on square and hex grids.

use std::collections::BTreeSet;
use std::path::Path;

use lantern::board::Scene;
use lantern::board::grid::point_in_grid;
use lantern::board::lattice::Lattice;
use lantern::board::rooms::{MAX_ROOM_CELLS, RoomError, find_rooms, room_at};
use lantern::demo::Demo;
use lantern::files::import_uvtt;
use lantern::model::{
    Cell, Encounter, GridKind, GridPoint, MapSpec, RuleSystem, Wall, WallId, WallKind,
};
use proptest::prelude::*;

const MAPS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/maps");

fn map(grid: GridKind, width: u32, height: u32) -> Encounter {
    let mut e = Encounter::new("rooms", RuleSystem::Evening);
    e.map = MapSpec {
        grid,
        width_cells: width,
        height_cells: height,
        ..MapSpec::default()
    };
    e
}

/// Adds a polyline of `kind` through `points` (map space).
fn draw(e: &mut Encounter, kind: WallKind, points: &[(f64, f64)]) {
    for pair in points.windows(2) {
        let id = e.fresh_wall_id();
        e.walls.push(Wall {
            id,
            a: GridPoint::new(pair[0].0, pair[0].1),
            b: GridPoint::new(pair[1].0, pair[1].1),
            kind,
        });
    }
}

fn wall(e: &mut Encounter, points: &[(f64, f64)]) {
    draw(e, WallKind::Wall, points);
}

/// The cells of every room, each room as a set, largest first.
fn rooms(e: &Encounter) -> Vec<BTreeSet<Cell>> {
    let mut rooms: Vec<BTreeSet<Cell>> = find_rooms(&Scene::new(e))
        .rooms
        .into_iter()
        .map(|r| r.cells.into_iter().collect())
        .collect();
    rooms.sort_by_key(|r| std::cmp::Reverse(r.len()));
    rooms
}

fn cells(cols: std::ops::Range<i32>, rows: std::ops::Range<i32>) -> BTreeSet<Cell> {
    rows.flat_map(|y| cols.clone().map(move |x| Cell::new(x, y)))
        .collect()
}

/// Two rooms side by side on a 12×6 map: x 1–5 and 5–10, y 1–5, the wall between them at x = 5
/// with its middle cell (y 2–3) left to `between`.
fn two_rooms(between: Option<WallKind>) -> Encounter {
    let mut e = map(GridKind::Square, 12, 6);
    wall(&mut e, &[(5.0, 1.0), (1.0, 1.0), (1.0, 5.0), (5.0, 5.0)]);
    wall(&mut e, &[(5.0, 1.0), (10.0, 1.0), (10.0, 5.0), (5.0, 5.0)]);
    wall(&mut e, &[(5.0, 1.0), (5.0, 2.0)]);
    wall(&mut e, &[(5.0, 3.0), (5.0, 5.0)]);
    if let Some(kind) = between {
        draw(&mut e, kind, &[(5.0, 2.0), (5.0, 3.0)]);
    }
    e
}

#[test]
fn an_l_shaped_room_is_one_room_of_its_cells() {
    // The L: columns 2–7 of rows 2–3, and columns 2–3 down to row 7. Counted by hand: 6 × 2 +
    // 2 × 4 = 20 cells.
    let mut e = map(GridKind::Square, 10, 10);
    wall(
        &mut e,
        &[
            (2.0, 2.0),
            (8.0, 2.0),
            (8.0, 4.0),
            (4.0, 4.0),
            (4.0, 8.0),
            (2.0, 8.0),
            (2.0, 2.0),
        ],
    );
    let expected: BTreeSet<Cell> = cells(2..8, 2..4)
        .union(&cells(2..4, 4..8))
        .copied()
        .collect();
    assert_eq!(expected.len(), 20);
    assert_eq!(rooms(&e), std::slice::from_ref(&expected));
    let scene = Scene::new(&e);
    let from_corner = room_at(&scene, Cell::new(3, 7)).unwrap();
    assert_eq!(
        from_corner.cells.into_iter().collect::<BTreeSet<_>>(),
        expected
    );
    // The ground around it reaches every edge: outside, not a room.
    assert!(matches!(
        room_at(&scene, Cell::new(9, 9)),
        Err(RoomError::Outside { cells: 80 })
    ));
}

#[test]
fn a_closed_door_parts_two_rooms_and_an_open_one_joins_them() {
    let left = cells(1..5, 1..5);
    let right = cells(5..10, 1..5);
    assert_eq!(
        rooms(&two_rooms(Some(WallKind::Door { open: false }))),
        [right.clone(), left.clone()],
        "a 4×4 and a 5×4 room"
    );
    let joined: BTreeSet<Cell> = left.union(&right).copied().collect();
    assert_eq!(
        rooms(&two_rooms(Some(WallKind::Door { open: true }))),
        [joined]
    );
}

#[test]
fn a_window_parts_rooms_as_a_wall_does() {
    assert_eq!(rooms(&two_rooms(Some(WallKind::Window))).len(), 2);
}

#[test]
fn a_one_cell_gap_joins_rooms_and_a_sliver_of_a_gap_does_not() {
    // The wall between stops a cell short of the rest: a doorway with no door.
    assert_eq!(rooms(&two_rooms(None)).len(), 1);
    // Walls meant to meet, drawn a tenth of a cell apart: still two rooms.
    let mut e = two_rooms(None);
    wall(&mut e, &[(5.0, 2.0), (5.0, 2.95)]);
    assert_eq!(rooms(&e).len(), 2);
    // Half a cell open: one room again.
    let mut e = two_rooms(None);
    wall(&mut e, &[(5.0, 2.0), (5.0, 2.5)]);
    assert_eq!(rooms(&e).len(), 1);
}

#[test]
fn an_outdoor_map_has_no_room_and_says_so() {
    let mut e = map(GridKind::Square, 30, 20);
    // A low wall in a field does not make a room.
    wall(&mut e, &[(5.0, 5.0), (15.0, 5.0)]);
    let found = find_rooms(&Scene::new(&e));
    assert!(found.rooms.is_empty());
    assert_eq!(found.outside.len(), 1);
    assert_eq!(
        room_at(&Scene::new(&e), Cell::new(10, 10)),
        Err(RoomError::Outside { cells: 600 })
    );
}

#[test]
fn a_region_past_the_room_cap_is_too_large() {
    // Walled all round but 60 × 60 = 3,600 cells: a walled town, not a room.
    let mut e = map(GridKind::Square, 62, 62);
    wall(
        &mut e,
        &[
            (1.0, 1.0),
            (61.0, 1.0),
            (61.0, 61.0),
            (1.0, 61.0),
            (1.0, 1.0),
        ],
    );
    const { assert!(60 * 60 > MAX_ROOM_CELLS) };
    let scene = Scene::new(&e);
    assert_eq!(room_at(&scene, Cell::new(30, 30)), Err(RoomError::TooLarge));
    let found = find_rooms(&scene);
    assert!(found.rooms.is_empty());
    assert_eq!(found.too_large.len(), 1);
}

#[test]
fn a_room_whose_wall_is_the_maps_edge_is_a_room() {
    // A 6×4 map: a wall down x = 3 parts it in two, each against three edges.
    let mut e = map(GridKind::Square, 6, 4);
    wall(&mut e, &[(3.0, 0.0), (3.0, 4.0)]);
    assert_eq!(rooms(&e), [cells(0..3, 0..4), cells(3..6, 0..4)]);
}

#[test]
fn a_slanted_wall_corner_to_corner_lets_nothing_through() {
    // A 6×6 room cut corner to corner. The wall crosses the six diagonal cells through their
    // centres; each goes to the side above it (the reading's tie-break), so 15 + 6 = 21 cells
    // above and 15 below.
    let mut e = map(GridKind::Square, 8, 8);
    wall(
        &mut e,
        &[(1.0, 1.0), (7.0, 1.0), (7.0, 7.0), (1.0, 7.0), (1.0, 1.0)],
    );
    wall(&mut e, &[(1.0, 1.0), (7.0, 7.0)]);
    let found = rooms(&e);
    assert_eq!(
        found.iter().map(BTreeSet::len).collect::<Vec<_>>(),
        [21, 15]
    );
    assert!(found[0].contains(&Cell::new(6, 1)) && found[1].contains(&Cell::new(1, 6)));
}

/// Walls along every edge between `region` and the cells outside it.
fn wall_around(e: &mut Encounter, region: &BTreeSet<Cell>) {
    let lattice = Lattice::new(e.map.grid);
    for &cell in region {
        for k in 0..lattice.corner_count() {
            if region.contains(&lattice.neighbour_across(cell, k)) {
                continue;
            }
            let a = lattice.grid_from_lattice(lattice.corner(cell, k));
            let b = lattice.grid_from_lattice(lattice.corner(cell, k + 1));
            let id = WallId(e.walls.len() as u64 + 1);
            e.walls.push(Wall {
                id,
                a,
                b,
                kind: WallKind::Wall,
            });
        }
    }
}

/// A connected blob of cells grown from `start` by `steps` (each an index into the cells so far
/// and a direction), kept within the map's middle.
fn blob(grid: GridKind, steps: &[(usize, usize)]) -> BTreeSet<Cell> {
    let lattice = Lattice::new(grid);
    let map = MapSpec {
        grid,
        width_cells: 16,
        height_cells: 16,
        ..MapSpec::default()
    };
    let start = map.cell_at_offset(8, 8);
    let mut cells = vec![start];
    for &(from, dir) in steps {
        let next = lattice.neighbour_across(cells[from % cells.len()], dir);
        let (col, row) = map.offset_of(next);
        if (2..14).contains(&col) && (2..14).contains(&row) && !cells.contains(&next) {
            cells.push(next);
        }
    }
    cells.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Walled all round along its cells' edges (the wall tool's way), a connected region is one
    /// room holding exactly its cells, found from any of them, on square and hex grids alike.
    #[test]
    fn a_region_walled_all_round_is_one_room_of_exactly_its_cells(
        hex in any::<bool>(),
        steps in prop::collection::vec((0usize..64, 0usize..6), 0..40),
        pick in 0usize..64,
    ) {
        let grid = if hex { GridKind::HexFlat } else { GridKind::Square };
        let region = blob(grid, &steps);
        let mut e = map(grid, 16, 16);
        wall_around(&mut e, &region);
        let scene = Scene::new(&e);
        let from = *region.iter().nth(pick % region.len()).unwrap();
        let room = room_at(&scene, from).unwrap();
        let found: BTreeSet<Cell> = room.cells.into_iter().collect();
        prop_assert_eq!(&found, &region);
        // Each cell's centre lies in it: the room holds what the GM sees inside the walls.
        for cell in &found {
            let p = point_in_grid(grid, *cell);
            prop_assert!(p.x > 0.0 && p.y > 0.0);
        }
    }
}

#[test]
fn a_hex_room_drawn_along_hex_edges_is_found() {
    let region = blob(
        GridKind::HexPointy,
        &[(0, 0), (0, 1), (1, 2), (2, 3), (0, 4), (3, 5), (4, 0)],
    );
    let mut e = map(GridKind::HexPointy, 16, 16);
    wall_around(&mut e, &region);
    assert_eq!(rooms(&e), [region]);
}

fn load(name: &str) -> Encounter {
    match import_uvtt(&Path::new(MAPS).join(name), RuleSystem::GoForthHeroes) {
        Ok(import) => import.encounter,
        Err(e) => panic!("{name}: {e}"),
    }
}

/// The cave, counted by hand on its picture with the walls drawn over it (`cargo run --example
/// rooms -- ../shared/maps/cave-sample.dd2vtt --png cave.png`): the rough cave to the west,
/// the planked hall and the stone halls east and south are one space (no wall parts them; its
/// three doors, closed, lead out onto the rock), and the two closed wooden boxes below it are
/// a room each: 3 rooms. The rock all round is the outside.
#[test]
fn the_cave_has_three_rooms() {
    let e = load("cave-sample.dd2vtt");
    let found = find_rooms(&Scene::new(&e));
    let sizes: Vec<usize> = found.rooms.iter().map(|r| r.cells.len()).collect();
    assert_eq!(found.rooms.len(), 3, "{sizes:?}");
    assert_eq!(found.outside.len(), 1);
    // The boxes: the western one 2 × 2 cells, the eastern one a single cell.
    let mut small: Vec<usize> = sizes.iter().copied().filter(|n| *n < 10).collect();
    small.sort_unstable();
    assert_eq!(small, [1, 4]);
}

/// The cropped-origin map: a plank room walled all round, split down the middle by a wall with
/// a closed door at its north end and an open one at its south end. The open door joins the
/// halves: 1 room of 8 × 8 cells. The ground round the house is the outside.
#[test]
fn the_cropped_origin_map_has_one_room_joined_by_its_open_door() {
    let mut e = load("cropped-origin-sample.dd2vtt");
    let found = find_rooms(&Scene::new(&e));
    assert_eq!(found.rooms.len(), 1);
    assert_eq!(found.rooms[0].cells.len(), 64);
    assert_eq!(found.outside.len(), 1);
    // Close the open door and the halves are two rooms of 4 × 8.
    for wall in &mut e.walls {
        if wall.kind == (WallKind::Door { open: true }) {
            wall.kind = WallKind::Door { open: false };
        }
    }
    let halves: Vec<usize> = find_rooms(&Scene::new(&e))
        .rooms
        .iter()
        .map(|r| r.cells.len())
        .collect();
    assert_eq!(halves, [32, 32]);
}

/// The Go Forth: Heroes demo: the west house's east door stands open onto the yard, and the
/// east house's west wall leaves a gap three cells wide, so houses and yard are one open region
/// that reaches every edge — no room. Close the west house's open door and it is a room of
/// 9 × 14 cells.
#[test]
fn the_go_forth_heroes_demo_has_a_room_once_its_door_is_closed() {
    let Ok(mut e) = Demo::GoForthHeroes.encounter() else {
        panic!("the demo loads");
    };
    let found = find_rooms(&Scene::new(&e));
    assert!(found.rooms.is_empty());
    assert_eq!(found.outside.len(), 1);
    for wall in &mut e.walls {
        if wall.kind == (WallKind::Door { open: true }) {
            wall.kind = WallKind::Door { open: false };
        }
    }
    let scene = Scene::new(&e);
    let house = room_at(&scene, Cell::new(4, 8)).unwrap();
    let expected = cells(1..10, 1..15);
    assert_eq!(house.cells.into_iter().collect::<BTreeSet<_>>(), expected);
    assert_eq!(find_rooms(&scene).rooms.len(), 1);
}

/// The Evening demo is a hex field with no walls at all: no room, one outside.
#[test]
fn the_evening_demo_is_open_ground() {
    let Ok(e) = Demo::EveningHex.encounter() else {
        panic!("the demo loads");
    };
    let found = find_rooms(&Scene::new(&e));
    assert!(found.rooms.is_empty());
    assert_eq!(found.outside.len(), 1);
}
