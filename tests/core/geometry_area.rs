//! Areas of effect: hand-worked cell tables for each shape on each grid kind, and the
//! invariants (rotation, growing, walls) as property tests.
//!
//! The rule under test (`board::area`): a cell is in when the template covers its centre,
//! boundary included; walls cut the area from its origin; a token is in when any of its cells is.

use std::collections::BTreeSet;

use lantern::board::grid::point_in_grid;
use lantern::board::lattice::{Lattice, LatticePoint};
use lantern::board::{AreaError, Scene};
use lantern::edit::apply;
use lantern::model::{
    AreaCommand, AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, Cell, Command,
    DiagonalRule, Encounter, GridKind, GridPoint, RuleSystem, Side, Token, TokenId, Wall, WallId,
    WallKind,
};
use proptest::prelude::*;

fn encounter(system: RuleSystem, grid: GridKind, size: u32) -> Encounter {
    let mut enc = Encounter::new("areas", system);
    enc.map.grid = grid;
    enc.map.width_cells = size;
    enc.map.height_cells = size;
    enc
}

fn template(shape: AreaShape, origin: GridPoint, toward: GridPoint) -> AreaTemplate {
    AreaTemplate {
        id: AreaId(1),
        shape,
        origin,
        toward,
        source: None,
        follows: false,
        select: AreaSelect::Everyone,
        gm_only: false,
        effect: None,
    }
}

fn cells_of(enc: &Encounter, area: &AreaTemplate) -> BTreeSet<Cell> {
    let scene = Scene::new(enc);
    let Ok(placed) = scene.place_area(area) else {
        panic!("a valid area: {area:?}");
    };
    scene.area_cells(&placed).into_iter().collect()
}

fn set(cells: &[(i32, i32)]) -> BTreeSet<Cell> {
    cells.iter().map(|&(x, y)| Cell::new(x, y)).collect()
}

fn cells(n: f64) -> AreaSize {
    AreaSize::Cells(n)
}

fn p(x: f64, y: f64) -> GridPoint {
    GridPoint::new(x, y)
}

fn wall(id: u64, a: GridPoint, b: GridPoint) -> Wall {
    Wall {
        id: WallId(id),
        a,
        b,
        kind: WallKind::Wall,
    }
}

/// A cone of length 3 from the corner (10, 10) along the diagonal towards (11, 11). Relative to
/// the corner a cell (i, j) has its centre at v = (i+½, j+½); with d = (1, 1) it is in when
/// |v|² ≤ 9, v·d ≥ 0 and |v×d| ≤ ½ v·d:
/// (0,0) ½ ≤ 9, 0 ≤ ½ in; (1,0) v·d = 2, |v×d| = 1 = ½·2, on the edge, in (and (0,1));
/// (1,1) 0 ≤ 1½ in; (2,1) 1 ≤ 2, |v|² = 8½ in (and (1,2)); (2,0) 2 > 1½ out;
/// (2,2) |v|² = 12½ out; (3,1) 14½ out; (0,−1) v·d = 0 but |v×d| = 1 out.
#[test]
fn a_cone_along_the_diagonal_takes_six_squares() {
    for grid in [GridKind::Square, GridKind::Gridless] {
        let enc = encounter(RuleSystem::Evening, grid, 30);
        let cone = template(
            AreaShape::Cone { length: cells(3.0) },
            p(10.0, 10.0),
            p(11.0, 11.0),
        );
        assert_eq!(
            cells_of(&enc, &cone),
            set(&[(10, 10), (11, 10), (10, 11), (11, 11), (12, 11), (11, 12)]),
            "{grid:?}"
        );
    }
}

/// A sphere centred on the corner (10, 10): centres sit at (k+½, m+½) from it.
/// Radius 1: only the four (½, ½) centres, |v|² = ½. Radius 2: |v|² = ½ and 2½ are in, 4½ (the
/// diagonal (1½, 1½)) and 6½ are out, so three per quarter, twelve in all.
#[test]
fn a_sphere_on_a_corner_takes_four_then_twelve_squares() {
    let enc = encounter(RuleSystem::Evening, GridKind::Square, 30);
    let sphere = |r: f64| {
        template(
            AreaShape::Sphere { radius: cells(r) },
            p(10.0, 10.0),
            p(11.0, 10.0),
        )
    };
    assert_eq!(
        cells_of(&enc, &sphere(1.0)),
        set(&[(9, 9), (10, 9), (9, 10), (10, 10)])
    );
    let mut twelve = BTreeSet::new();
    for x in 8..12 {
        for y in 8..12 {
            twelve.insert(Cell::new(x, y));
        }
    }
    for corner in [(8, 8), (11, 8), (8, 11), (11, 11)] {
        twelve.remove(&Cell::new(corner.0, corner.1));
    }
    assert_eq!(cells_of(&enc, &sphere(2.0)), twelve);
}

/// A line 1 wide and 4 long from the corner (10, 10) along the diagonal crosses the corners
/// of (11, 10) and (10, 11), but their centres lie √½ ≈ 0.71 from the middle of the strip, more
/// than its half-width ½: only the three cells the diagonal runs through (their centres
/// 0.71, 2.12 and 3.54 along it; (13, 13) at 4.95 is past the end).
#[test]
fn a_line_grazing_corners_takes_only_the_cells_whose_centres_it_covers() {
    let enc = encounter(RuleSystem::Evening, GridKind::Square, 30);
    let line = template(
        AreaShape::Line {
            length: cells(4.0),
            width: cells(1.0),
        },
        p(10.0, 10.0),
        p(11.0, 11.0),
    );
    assert_eq!(cells_of(&enc, &line), set(&[(10, 10), (11, 11), (12, 12)]));
}

/// A line 1 wide along the grid line y = 10 covers y from 9½ to 10½: the centres of rows 9 and
/// 10 lie exactly on its two edges, and the boundary counts.
#[test]
fn a_line_whose_edges_run_through_centres_takes_both_rows() {
    let enc = encounter(RuleSystem::Evening, GridKind::Square, 30);
    let line = template(
        AreaShape::Line {
            length: cells(3.0),
            width: cells(1.0),
        },
        p(10.0, 10.0),
        p(14.0, 10.0),
    );
    assert_eq!(
        cells_of(&enc, &line),
        set(&[(10, 9), (11, 9), (12, 9), (10, 10), (11, 10), (12, 10)])
    );
}

/// A square of side 2 centred on a cell's centre covers centres up to 1 away along each of its
/// axes: 3×3 cells. Turned 45°, a side neighbour (1, 0) lies √½ ≈ 0.71 along each turned axis
/// (in), a diagonal neighbour (1, 1) √2 along one (out), (2, 0) √2 along both (out): 5 cells.
#[test]
fn a_square_takes_its_cells_and_turns() {
    let enc = encounter(RuleSystem::Evening, GridKind::Square, 30);
    let straight = template(
        AreaShape::Square { side: cells(2.0) },
        p(10.5, 10.5),
        p(12.5, 10.5),
    );
    let mut nine = BTreeSet::new();
    for x in 9..12 {
        for y in 9..12 {
            nine.insert(Cell::new(x, y));
        }
    }
    assert_eq!(cells_of(&enc, &straight), nine);
    let turned = template(
        AreaShape::Square { side: cells(2.0) },
        p(10.5, 10.5),
        p(11.5, 11.5),
    );
    assert_eq!(
        cells_of(&enc, &turned),
        set(&[(10, 10), (9, 10), (11, 10), (10, 9), (10, 11)])
    );
}

/// The twelve-square sphere of radius 2 on the corner (10, 10), with a wall along x = 11 from
/// y = 7 to y = 13: the two cells east of the wall, (11, 9) and (11, 10), lose every line from
/// the corner (their western corners lie on the wall, seen from the wrong side), so ten remain.
#[test]
fn a_wall_cuts_a_sphere() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square, 30);
    enc.walls.push(wall(1, p(11.0, 7.0), p(11.0, 13.0)));
    let sphere = template(
        AreaShape::Sphere { radius: cells(2.0) },
        p(10.0, 10.0),
        p(11.0, 10.0),
    );
    let got = cells_of(&enc, &sphere);
    assert_eq!(got.len(), 10, "{got:?}");
    assert!(!got.contains(&Cell::new(11, 9)) && !got.contains(&Cell::new(11, 10)));
    assert!(got.contains(&Cell::new(10, 9)) && got.contains(&Cell::new(8, 10)));
}

/// A closed door cuts like a wall; an open one does not.
#[test]
fn a_closed_door_cuts_and_an_open_one_does_not() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square, 30);
    enc.walls.push(Wall {
        id: WallId(1),
        a: p(11.0, 7.0),
        b: p(11.0, 13.0),
        kind: WallKind::Door { open: false },
    });
    let sphere = template(
        AreaShape::Sphere { radius: cells(2.0) },
        p(10.0, 10.0),
        p(11.0, 10.0),
    );
    assert_eq!(cells_of(&enc, &sphere).len(), 10);
    enc.walls[0].kind = WallKind::Door { open: true };
    assert_eq!(cells_of(&enc, &sphere).len(), 12);
}

/// On both hex orientations a sphere of radius 1 around a hex centre takes that hex and its
/// six neighbours (their centres exactly 1 away, on the edge).
#[test]
fn a_hex_sphere_of_radius_one_takes_seven_hexes() {
    for grid in [GridKind::HexFlat, GridKind::HexPointy] {
        let enc = encounter(RuleSystem::GoForthHeroes, grid, 30);
        let centre = point_in_grid(grid, Cell::new(8, 5));
        let sphere = template(AreaShape::Sphere { radius: cells(1.0) }, centre, centre);
        assert_eq!(
            cells_of(&enc, &sphere),
            set(&[(8, 5), (9, 5), (9, 4), (8, 4), (7, 5), (7, 6), (8, 6)]),
            "{grid:?}"
        );
    }
}

/// A cone of length 3 from the centre of hex (8, 5) towards hex (9, 5). In axial offsets
/// (q, r) the straight length is √(q² + r² + qr), and along d = (1, 0): v·d = q + r/2,
/// |v×d| = (√3/2)|r|. In: (0,0); (1,0), (2,0), (3,0) on the axis; (2,1): length √7 ≤ 3,
/// v·d = 2½, |v×d| = 0.87 ≤ 1¼; (3,−1) the same. Out: (1,1) 0.87 > ¾; (1,2) 1.73 > 1;
/// (4,−1) length √13 > 3.
#[test]
fn a_hex_cone_takes_six_hexes_on_both_orientations() {
    for grid in [GridKind::HexFlat, GridKind::HexPointy] {
        let enc = encounter(RuleSystem::GoForthHeroes, grid, 30);
        let cone = template(
            AreaShape::Cone { length: cells(3.0) },
            point_in_grid(grid, Cell::new(8, 5)),
            point_in_grid(grid, Cell::new(9, 5)),
        );
        assert_eq!(
            cells_of(&enc, &cone),
            set(&[(8, 5), (9, 5), (10, 5), (11, 5), (10, 6), (11, 4)]),
            "{grid:?}"
        );
    }
}

/// GFH, Grid Play: Close is up to 6 cells, counted with every diagonal as one. A Close burst
/// from a one-cell hero covers the 13×13 block around it; on hexes, the 127 hexes within 6
/// steps (1 + 3·6·7).
#[test]
fn a_close_burst_reaches_six_cells_the_way_range_is_counted() {
    let mut enc = encounter(RuleSystem::GoForthHeroes, GridKind::Square, 30);
    enc.map.diagonal = DiagonalRule::One;
    enc.tokens.push(Token::new(
        TokenId(1),
        "Hero",
        Side::Party,
        Cell::new(10, 10),
    ));
    let mut burst = template(
        AreaShape::Burst {
            reach: AreaSize::Band("Close".into()),
        },
        p(0.0, 0.0),
        p(0.0, 0.0),
    );
    burst.source = Some(TokenId(1));
    assert_eq!(cells_of(&enc, &burst).len(), 13 * 13);
    enc.map.grid = GridKind::HexFlat;
    assert_eq!(cells_of(&enc, &burst).len(), 127);
}

/// GFH, Elemental Aura (Air): "Close allies gain Mobile. Close enemies are Rattled." An aura
/// that follows the hero picks each side separately, never the hero, and not past 6 cells.
#[test]
fn an_aura_selects_close_allies_or_close_enemies() {
    let mut enc = encounter(RuleSystem::GoForthHeroes, GridKind::Square, 30);
    let put = |enc: &mut Encounter, id, name: &str, side, x| {
        enc.tokens
            .push(Token::new(TokenId(id), name, side, Cell::new(x, 10)));
    };
    put(&mut enc, 1, "Hero", Side::Party, 10);
    put(&mut enc, 2, "Friend", Side::Ally, 11);
    put(&mut enc, 3, "Goblin", Side::Enemy, 12);
    put(&mut enc, 4, "Far goblin", Side::Enemy, 17);
    put(&mut enc, 5, "Edge goblin", Side::Enemy, 16);
    let mut aura = template(
        AreaShape::Burst {
            reach: AreaSize::Band("Close".into()),
        },
        p(10.5, 10.5),
        p(11.5, 10.5),
    );
    aura.source = Some(TokenId(1));
    aura.follows = true;
    let targets = |enc: &Encounter, select| {
        let scene = Scene::new(enc);
        let mut a = aura.clone();
        a.select = select;
        let placed = scene.place_area(&a).expect("valid");
        scene.area_tokens(&placed)
    };
    assert_eq!(
        targets(&enc, AreaSelect::Enemies),
        vec![TokenId(3), TokenId(5)]
    );
    assert_eq!(targets(&enc, AreaSelect::Allies), vec![TokenId(2)]);
    assert_eq!(
        targets(&enc, AreaSelect::Everyone),
        vec![TokenId(2), TokenId(3), TokenId(5)]
    );
    // The aura follows the hero: moved 5 cells east, the far goblin is within Close.
    enc.tokens[0].cell = Cell::new(15, 10);
    enc.tokens[1].cell = Cell::new(2, 2);
    assert_eq!(
        targets(&enc, AreaSelect::Enemies),
        vec![TokenId(3), TokenId(4), TokenId(5)]
    );
}

/// A large token is in when any of its four squares is.
#[test]
fn a_token_is_in_when_any_of_its_cells_is() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square, 30);
    let mut ogre = Token::new(TokenId(7), "Ogre", Side::Enemy, Cell::new(11, 11));
    ogre.size = lantern::model::SizeCategory::Large;
    enc.tokens.push(ogre);
    // Radius 1 on the corner (11, 11) covers the ogre's (11, 11) and none of its other cells…
    let sphere = template(
        AreaShape::Sphere { radius: cells(1.0) },
        p(11.0, 11.0),
        p(12.0, 11.0),
    );
    let scene = Scene::new(&enc);
    let placed = scene.place_area(&sphere).expect("valid");
    assert_eq!(scene.area_tokens(&placed), vec![TokenId(7)]);
    // …and a sphere whose four cells sit west of the ogre misses it.
    let west = template(
        AreaShape::Sphere { radius: cells(1.0) },
        p(10.0, 11.0),
        p(11.0, 11.0),
    );
    let placed = scene.place_area(&west).expect("valid");
    assert!(scene.area_tokens(&placed).is_empty());
}

/// Sizes by band: Evening, Range: Close is up to 5 squares; GFH, Grid Play: Close up to 6; a
/// band the system lacks is an error, not a guess.
#[test]
fn sizes_come_from_the_systems_bands() {
    let evening = Scene::new(&encounter(RuleSystem::Evening, GridKind::Square, 30));
    let gfh = Scene::new(&encounter(RuleSystem::GoForthHeroes, GridKind::Square, 30));
    let close = AreaSize::Band("Close".into());
    assert_eq!(evening.area_size_cells(&close), Ok(5.0));
    assert_eq!(gfh.area_size_cells(&close), Ok(6.0));
    assert_eq!(
        gfh.area_size_cells(&AreaSize::Band("Nearby".into())),
        Ok(12.0)
    );
    assert_eq!(
        evening.area_size_cells(&AreaSize::Band("Nearby".into())),
        Err(AreaError::UnknownBand("Nearby".into()))
    );
    assert_eq!(
        gfh.area_size_cells(&AreaSize::Cells(-1.0)),
        Err(AreaError::BadSize(-1.0))
    );
}

/// Areas are commands: adding one and undoing it leaves the encounter as it was; an old file
/// without areas loads with none.
#[test]
fn adding_an_area_undoes_and_old_files_have_none() {
    let mut enc = encounter(RuleSystem::Evening, GridKind::Square, 30);
    let before = enc.clone();
    let area = template(
        AreaShape::Sphere { radius: cells(2.0) },
        p(3.0, 3.0),
        p(4.0, 3.0),
    );
    let inverse = apply(&mut enc, Command::Area(AreaCommand::Add(area.clone()))).expect("adds");
    assert_eq!(enc.areas, vec![area.clone()]);
    assert!(apply(&mut enc, Command::Area(AreaCommand::Add(area))).is_err());
    apply(&mut enc, inverse).expect("undoes");
    assert_eq!(enc, before);
    let mut json = serde_json::to_value(&before).expect("serialises");
    json.as_object_mut().expect("an object").remove("areas");
    let old: Encounter = serde_json::from_value(json).expect("loads");
    assert!(old.areas.is_empty());
}

// --- Properties --------------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum ShapeKind {
    Cone,
    Sphere,
    Line,
    Square,
    Burst,
}

fn shape_kind() -> impl Strategy<Value = ShapeKind> {
    prop_oneof![
        Just(ShapeKind::Cone),
        Just(ShapeKind::Sphere),
        Just(ShapeKind::Line),
        Just(ShapeKind::Square),
        Just(ShapeKind::Burst),
    ]
}

/// A shape with its main size `a` and a line's width `b`, both in quarter cells.
fn shape(kind: &ShapeKind, a: u32, b: u32) -> AreaShape {
    let q = |n: u32| AreaSize::Cells(f64::from(n) / 4.0);
    match kind {
        ShapeKind::Cone => AreaShape::Cone { length: q(a) },
        ShapeKind::Sphere => AreaShape::Sphere { radius: q(a) },
        ShapeKind::Line => AreaShape::Line {
            length: q(a),
            width: q(b),
        },
        ShapeKind::Square => AreaShape::Square { side: q(a) },
        ShapeKind::Burst => AreaShape::Burst { reach: q(a) },
    }
}

/// The point `lattice steps (dx, dy)` away from `origin` on `grid`'s lattice.
fn offset(grid: GridKind, origin: GridPoint, d: (i64, i64)) -> GridPoint {
    let l = Lattice::new(grid);
    let o = l.lattice_from_grid(origin);
    l.grid_from_lattice(LatticePoint::new(o.x + d.0, o.y + d.1))
}

fn rotated_cells(
    origin_cell: Cell,
    cells: &BTreeSet<Cell>,
    turn: impl Fn(i32, i32) -> (i32, i32),
) -> BTreeSet<Cell> {
    cells
        .iter()
        .map(|c| {
            let (x, y) = turn(c.x - origin_cell.x, c.y - origin_cell.y);
            Cell::new(origin_cell.x + x, origin_cell.y + y)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Turning a template 90° about a cell's centre on a square map turns its cells with it.
    #[test]
    fn a_quarter_turn_on_squares_turns_the_cells(
        kind in shape_kind(), a in 1u32..28, b in 1u32..12,
        dx in -40i64..40, dy in -40i64..40,
    ) {
        prop_assume!(dx != 0 || dy != 0);
        let grid = GridKind::Square;
        let enc = encounter(RuleSystem::Evening, grid, 40);
        let centre = Cell::new(20, 20);
        let origin = point_in_grid(grid, centre);
        let step = 210; // a quarter cell
        let area = template(shape(&kind, a, b), origin, offset(grid, origin, (dx * step, dy * step)));
        let mut turned = area.clone();
        turned.toward = offset(grid, origin, (-dy * step, dx * step));
        let expected = rotated_cells(centre, &cells_of(&enc, &area), |x, y| (-y, x));
        prop_assert_eq!(cells_of(&enc, &turned), expected);
    }

    /// Turning a template 60° about a hex centre turns its cells with it, on both orientations.
    #[test]
    fn a_sixth_turn_on_hexes_turns_the_cells(
        kind in shape_kind(), a in 1u32..28, b in 1u32..12, flat in any::<bool>(),
        dx in -12i64..12, dy in -12i64..12,
    ) {
        prop_assume!(dx != 0 || dy != 0);
        let grid = if flat { GridKind::HexFlat } else { GridKind::HexPointy };
        let enc = encounter(RuleSystem::GoForthHeroes, grid, 60);
        let centre = enc.map.cell_at_offset(30, 30);
        let origin = point_in_grid(grid, centre);
        let step = 630; // a quarter of a hex step on the axial lattice
        let area = template(shape(&kind, a, b), origin, offset(grid, origin, (dx * step, dy * step)));
        let mut turned = area.clone();
        // (q, r) → (−r, q + r) turns axial vectors by 60°.
        turned.toward = offset(grid, origin, (-dy * step, (dx + dy) * step));
        let expected = rotated_cells(centre, &cells_of(&enc, &area), |q, r| (-r, q + r));
        prop_assert_eq!(cells_of(&enc, &turned), expected);
    }

    /// Issue 29: the cells found line by line (`Scene::area_cells`, whose cost follows the
    /// map's rows) are exactly the cells the rule takes one by one, on every grid, for every
    /// shape, from a token or not, near or past the map's edge, with walls or without.
    #[test]
    fn line_by_line_finds_exactly_the_cells_taken_one_by_one(
        kind in shape_kind(), a in 1u32..80, b in 1u32..24, grid_i in 0usize..4,
        ox in -12i32..40, oy in -12i32..40, fx in 0i32..8, fy in 0i32..8,
        dx in -20i64..20, dy in -20i64..20, from_token in any::<bool>(),
        walls in prop::collection::vec(((0..40i32, 0..40i32), (0..40i32, 0..40i32)), 0..3),
    ) {
        let grid = GridKind::ALL[grid_i];
        let mut enc = encounter(RuleSystem::Evening, grid, 24);
        for (i, (s, e)) in walls.iter().enumerate() {
            let at = |c: &(i32, i32)| GridPoint::new(f64::from(c.0) / 2.0, f64::from(c.1) / 2.0);
            enc.walls.push(wall(i as u64 + 1, at(s), at(e)));
        }
        let centre = point_in_grid(grid, enc.map.cell_at_offset(ox, oy));
        let origin = GridPoint::new(centre.x + f64::from(fx) / 8.0, centre.y + f64::from(fy) / 8.0);
        let mut area = template(shape(&kind, a, b), origin, offset(grid, origin, (dx * 210 + 1, dy * 210)));
        if from_token {
            let cell = enc.map.cell_at_offset(ox.clamp(0, 23), oy.clamp(0, 23));
            enc.tokens.push(lantern::model::Token::new(
                lantern::model::TokenId(1), "Pip", lantern::model::Side::Party, cell,
            ));
            area.source = Some(lantern::model::TokenId(1));
            area.follows = true;
        }
        let scene = Scene::new(&enc);
        let Ok(placed) = scene.place_area(&area) else {
            panic!("a valid area: {area:?}");
        };
        let by_line: BTreeSet<Cell> = scene.area_cells(&placed).into_iter().collect();
        let one_by_one: BTreeSet<Cell> = scene.area_cells_one_by_one(&placed).into_iter().collect();
        prop_assert_eq!(by_line, one_by_one);
    }

    /// Growing a template never loses a cell, and a wall never adds one, on every grid.
    #[test]
    fn growing_never_removes_and_walls_never_add(
        kind in shape_kind(), a in 1u32..24, grow in 0u32..12, b in 1u32..12,
        grid_i in 0usize..4, ox in 0i32..8, oy in 0i32..8, dx in -20i64..20, dy in -20i64..20,
        walls in prop::collection::vec(((0..24i32, 0..24i32), (0..24i32, 0..24i32)), 0..4),
    ) {
        let grid = GridKind::ALL[grid_i];
        let mut enc = encounter(RuleSystem::Evening, grid, 30);
        let origin = point_in_grid(grid, Cell::new(10, 10));
        let origin = GridPoint::new(origin.x + f64::from(ox) / 8.0, origin.y + f64::from(oy) / 8.0);
        let toward = offset(grid, origin, (dx * 210, dy * 210));
        let small = template(shape(&kind, a, b), origin, toward);
        let big = template(shape(&kind, a + grow, b + grow), origin, toward);
        let open_small = cells_of(&enc, &small);
        let open_big = cells_of(&enc, &big);
        prop_assert!(open_small.is_subset(&open_big), "{:?} ⊄ {:?}", open_small, open_big);
        for (i, (s, e)) in walls.iter().enumerate() {
            let at = |c: &(i32, i32)| GridPoint::new(4.0 + f64::from(c.0) / 2.0, 4.0 + f64::from(c.1) / 2.0);
            enc.walls.push(wall(i as u64 + 1, at(s), at(e)));
        }
        let walled = cells_of(&enc, &big);
        prop_assert!(walled.is_subset(&open_big));
        let walled_small = cells_of(&enc, &small);
        prop_assert!(walled_small.is_subset(&walled));
    }
}

/// Cones from a token start on its footprint's outline, at the corner or edge midpoint
/// nearest the aim (`board::area::cone_apex`), worked by hand.
mod cone_apex_from_a_token {
    use lantern::board::area::cone_apex;
    use lantern::model::{Cell, GridKind, GridPoint, SizeCategory};

    const S: f64 = 0.577_350_269_189_625_8; // 1/√3: a hex's corner radius (FORMAT.md)

    fn at(
        grid: GridKind,
        size: SizeCategory,
        anchor: (i32, i32),
        toward: (f64, f64),
    ) -> (f64, f64) {
        let p = cone_apex(
            grid,
            size,
            Cell::new(anchor.0, anchor.1),
            GridPoint::new(toward.0, toward.1),
        );
        (p.x, p.y)
    }

    fn near(a: (f64, f64), b: (f64, f64)) {
        assert!(
            (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9,
            "{a:?} is not {b:?}"
        );
    }

    /// A Medium square token at (2, 2) covers (2..3, 2..3), centre (2.5, 2.5). Aim east: the
    /// east side's midpoint (3, 2.5). Aim at (5, 4), 31° below east: nearer 45° than 0°, the
    /// south-east corner (3, 3). Aim at (5, 3.5), 21.8°: nearer 0°, the midpoint again. Aim
    /// north: the north side's midpoint (2.5, 2).
    #[test]
    fn medium_on_squares() {
        let m = |toward| at(GridKind::Square, SizeCategory::Medium, (2, 2), toward);
        near(m((6.0, 2.5)), (3.0, 2.5));
        near(m((5.0, 4.0)), (3.0, 3.0));
        near(m((5.0, 3.5)), (3.0, 2.5));
        near(m((2.5, 0.0)), (2.5, 2.0));
    }

    /// A Large square token at (2, 2) covers (2..4, 2..4), centre (3, 3). Aim east: (4, 3);
    /// north-west: the corner (2, 2); at (6, 4), 18.4° below east: the east midpoint (4, 3);
    /// south: (3, 4). The same on a gridless map, whose footprints are the same squares.
    #[test]
    fn large_on_squares_and_gridless() {
        for grid in [GridKind::Square, GridKind::Gridless] {
            let l = |toward| at(grid, SizeCategory::Large, (2, 2), toward);
            near(l((9.0, 3.0)), (4.0, 3.0));
            near(l((0.0, 0.0)), (2.0, 2.0));
            near(l((6.0, 4.0)), (4.0, 3.0));
            near(l((3.0, 7.0)), (3.0, 4.0));
        }
    }

    /// A Medium flat-top hex [0, 0], centre (s, ½) with s = 1/√3: corners at 0°, 60°, … (s
    /// away), edge midpoints at 30°, 90°, … (½ away). Aim east: the corner (2s, ½); south:
    /// the bottom edge's midpoint (s, 1); 40° below east: nearer 30° than 60°, the midpoint
    /// (s + √3/4, ¾).
    #[test]
    fn medium_on_flat_hexes() {
        let m = |toward| at(GridKind::HexFlat, SizeCategory::Medium, (0, 0), toward);
        near(m((5.0, 0.5)), (2.0 * S, 0.5));
        near(m((S, 4.0)), (S, 1.0));
        let a = 40_f64.to_radians();
        near(
            m((S + 3.0 * a.cos(), 0.5 + 3.0 * a.sin())),
            (S + 3_f64.sqrt() / 4.0, 0.75),
        );
    }

    /// A Medium pointy-top hex [0, 0], centre (½, s): edge midpoints at 0°, 60°, …, corners at
    /// 30°, 90°, …. Aim east: the east edge's midpoint (1, s); south: the corner (½, 2s).
    #[test]
    fn medium_on_pointy_hexes() {
        let m = |toward| at(GridKind::HexPointy, SizeCategory::Medium, (0, 0), toward);
        near(m((5.0, S)), (1.0, S));
        near(m((0.5, 4.0)), (0.5, 2.0 * S));
    }

    /// A kept cone that follows its token starts again at the token's edge wherever the token
    /// stands: laid east from a Medium token at (2, 2), it starts at (6, 5.5) once the token
    /// is at (5, 5), the east midpoint of (5..6, 5..6).
    #[test]
    fn a_following_cone_starts_at_its_tokens_edge_where_it_stands() {
        use lantern::board::Scene;
        use lantern::model::{
            AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, Encounter, RuleSystem, Side,
            Token, TokenId,
        };
        let mut e = Encounter::new("cone", RuleSystem::GoForthHeroes);
        e.tokens
            .push(Token::new(TokenId(1), "Ash", Side::Party, Cell::new(5, 5)));
        let area = AreaTemplate {
            id: AreaId(1),
            shape: AreaShape::Cone {
                length: AreaSize::Cells(3.0),
            },
            origin: GridPoint::new(3.0, 2.5),
            toward: GridPoint::new(6.0, 2.5),
            source: Some(TokenId(1)),
            follows: true,
            select: AreaSelect::Everyone,
            gm_only: false,
            effect: None,
        };
        let scene = Scene::new(&e);
        let Ok(placed) = scene.place_area(&area) else {
            panic!("a valid cone");
        };
        near((placed.origin.x, placed.origin.y), (6.0, 5.5));
    }

    /// A Large flat-top token at [0, 0] is the triangle [0, 0], [1, 0], [0, 1], centred at
    /// (s, ½), (2.5s, 1) and (s, 1.5): its centre is their mean (1.5s, 1), the corner the
    /// three share. Aim east: [1, 0]'s corner at 0°, (3.5s, 1), on the outline.
    /// Aim west: the corner (½s, 1) where [0, 0] and [0, 1] meet the outside hex [-1, 1].
    #[test]
    fn large_on_flat_hexes() {
        let l = |toward| at(GridKind::HexFlat, SizeCategory::Large, (0, 0), toward);
        near(l((5.0, 1.0)), (3.5 * S, 1.0));
        near(l((-5.0, 1.0)), (0.5 * S, 1.0));
    }
}
