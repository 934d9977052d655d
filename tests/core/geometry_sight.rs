//! Sight polygons (exact sweep), obstacle polygons as solids, and squeezing.

use lantern::board::{Blocker, Scene, VerdictKind};
use lantern::model::{
    Cell, Encounter, GridKind, GridPoint, ObstaclePolygon, RuleSystem, Side, SizeCategory, Token,
    TokenId, Wall, WallId, WallKind,
};
use proptest::prelude::*;

fn encounter(size: u32) -> Encounter {
    let mut enc = Encounter::new("sight", RuleSystem::Evening);
    enc.map.width_cells = size;
    enc.map.height_cells = size;
    enc
}

fn wall(enc: &mut Encounter, a: (f64, f64), b: (f64, f64), kind: WallKind) {
    let id = enc.fresh_wall_id();
    enc.walls.push(Wall {
        id,
        a: GridPoint::new(a.0, a.1),
        b: GridPoint::new(b.0, b.1),
        kind,
    });
}

fn put(enc: &mut Encounter, id: u64, size: SizeCategory, cell: (i32, i32)) {
    let side = if id == 1 { Side::Party } else { Side::Enemy };
    let t = Token::new(
        TokenId(id),
        format!("t{id}"),
        side,
        Cell::new(cell.0, cell.1),
    );
    enc.tokens.push(t.with_size(size));
}

/// Whether `p` lies inside `poly` (even-odd), and how far it is from the boundary.
fn inside(poly: &[GridPoint], p: GridPoint) -> (bool, f64) {
    let mut odd = false;
    let mut gap = f64::INFINITY;
    for (i, a) in poly.iter().enumerate() {
        let b = poly[(i + 1) % poly.len()];
        if (a.y > p.y) != (b.y > p.y) && a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) > p.x {
            odd = !odd;
        }
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len2 = (dx * dx + dy * dy).max(1e-18);
        let along = (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0);
        gap = gap.min((a.x + dx * along - p.x).hypot(a.y + dy * along - p.y));
    }
    (odd, gap)
}

/// Whether the segment `o → p` crosses the wall `a → b` strictly inside both (with slack).
fn crosses(o: GridPoint, p: GridPoint, a: GridPoint, b: GridPoint) -> bool {
    let orient = |u: GridPoint, v: GridPoint, w: GridPoint| {
        (v.x - u.x) * (w.y - u.y) - (v.y - u.y) * (w.x - u.x)
    };
    let (oa, ob) = (orient(o, p, a), orient(o, p, b));
    let (oo, op) = (orient(a, b, o), orient(a, b, p));
    oa * ob < -1e-12 && oo * op < -1e-12
}

#[test]
fn a_far_room_seen_only_through_a_narrow_slit_is_in_the_polygon() {
    let mut enc = encounter(200);
    // A long wall at x = 5 with a slit a fiftieth of a cell wide around y = 0.5.
    wall(&mut enc, (5.0, -50.0), (5.0, 0.49), WallKind::Wall);
    wall(&mut enc, (5.0, 0.51), (5.0, 250.0), WallKind::Wall);
    let scene = Scene::new(&enc);
    let poly = scene.sight_polygon(GridPoint::new(0.5, 0.5), None);
    let far = GridPoint::new(150.0, 0.5);
    assert!(
        inside(&poly, far).0,
        "the far point through the slit is visible"
    );
    // A point beside the slit's beam, as far away, stays hidden.
    assert!(!inside(&poly, GridPoint::new(150.0, 3.0)).0);
    assert!(inside(&poly, GridPoint::new(4.0, 30.0)).0);
}

#[test]
fn walls_closed_doors_and_obstacles_block_windows_and_open_doors_do_not() {
    let from = GridPoint::new(0.5, 0.5);
    let beyond = GridPoint::new(8.5, 0.5);
    for (kind, visible) in [
        (WallKind::Wall, false),
        (WallKind::Door { open: false }, false),
        (WallKind::Door { open: true }, true),
        (WallKind::Window, true),
    ] {
        let mut enc = encounter(20);
        wall(&mut enc, (4.0, -3.0), (4.0, 3.0), kind);
        let poly = Scene::new(&enc).sight_polygon(from, None);
        assert_eq!(inside(&poly, beyond).0, visible, "{kind:?}");
    }
    let mut enc = encounter(20);
    enc.obstacle_cells.insert(Cell::new(4, 0));
    let poly = Scene::new(&enc).sight_polygon(from, None);
    assert!(!inside(&poly, beyond).0);
    assert!(inside(&poly, GridPoint::new(8.5, 3.5)).0);
}

#[test]
fn a_radius_clips_the_polygon_to_a_circle() {
    let mut enc = encounter(40);
    wall(&mut enc, (3.0, -20.0), (3.0, 20.0), WallKind::Wall);
    let from = GridPoint::new(0.5, 0.5);
    let poly = Scene::new(&enc).sight_polygon(from, Some(10.0));
    assert!(poly.iter().all(|p| p.x <= 3.0 + 1e-9));
    let far = poly
        .iter()
        .map(|p| (p.x - from.x).hypot(p.y - from.y))
        .fold(0.0, f64::max);
    assert!((far - 10.0).abs() < 1e-9, "{far}");
    // Arcs come as chords of at most 3°: the half circle left of the wall has 60 or more.
    assert!(poly.len() >= 60, "{}", poly.len());
    assert!(inside(&poly, GridPoint::new(2.9, 0.5)).0);
    assert!(inside(&poly, GridPoint::new(-9.0, 0.5)).0);
    assert!(!inside(&poly, GridPoint::new(-9.9, 6.0)).0);
    // A radius far past the map is no limit at all.
    let scene = Scene::new(&enc);
    let endless = scene.sight_polygon(from, Some(1e15));
    assert!(inside(&endless, GridPoint::new(-0.9, 39.0)).0);
    assert!(!inside(&endless, GridPoint::new(3.1, 0.5)).0);
}

#[test]
fn hex_sight_polygon_stops_at_an_obstacle() {
    let mut enc = encounter(20);
    enc.map.grid = GridKind::HexFlat;
    enc.obstacle_cells.insert(Cell::new(3, 0));
    let scene = Scene::new(&enc);
    let centre =
        |c: (i32, i32)| lantern::board::grid::point_in_grid(GridKind::HexFlat, Cell::new(c.0, c.1));
    let poly = scene.sight_polygon(centre((0, 0)), None);
    assert!(!inside(&poly, centre((6, 0))).0);
    assert!(inside(&poly, centre((2, 0))).0);
    assert!(inside(&poly, centre((0, 6))).0);
}

/// A few walls on half cells in a 10×10 room, a viewer and probe points.
fn walls() -> impl Strategy<Value = Vec<HalfCellWall>> {
    prop::collection::vec(((0..20i32, 0..20i32), (0..20i32, 0..20i32)), 0..8)
}

/// A wall between two points given in half cells.
type HalfCellWall = ((i32, i32), (i32, i32));

fn with_walls(segs: &[HalfCellWall]) -> Encounter {
    let mut enc = encounter(10);
    for (i, (a, b)) in segs.iter().enumerate() {
        let p = |q: (i32, i32)| GridPoint::new(f64::from(q.0) / 2.0, f64::from(q.1) / 2.0);
        enc.walls.push(Wall {
            id: WallId(i as u64 + 1),
            a: p(*a),
            b: p(*b),
            kind: WallKind::Wall,
        });
    }
    enc
}

/// Found by `the_polygon_never_holds_a_point_hidden_behind_a_wall`: two crossing walls, and a
/// viewer a single lattice step off the first wall's line. Rounding the crossing to the lattice
/// moved the split point to the far side of that line, so one piece of the first wall faced the
/// viewer from its other side and the half it hides was shown.
#[test]
fn a_viewer_beside_the_line_of_a_crossed_wall_sees_nothing_behind_it() {
    // The proptest's half cells: (8,18)–(2,10) and (0,17)–(14,9); the viewer at (13,32)/4 plus
    // the test's offset.
    let segs: Vec<HalfCellWall> = vec![((8, 18), (2, 10)), ((0, 17), (14, 9))];
    let enc = with_walls(&segs);
    let from = GridPoint::new(13.0 / 4.0 + 0.01, 32.0 / 4.0 + 0.013);
    let poly = Scene::new(&enc).sight_polygon(from, None);
    // The viewer stands at the first wall (its line runs from (1, 5) to (4, 9)), on the side
    // of (1, 9), which the second wall does not shut off either.
    assert!(inside(&poly, GridPoint::new(1.0, 9.0)).0);
    // Where the proptest looked, and just past the crossing at (2.5375, 7.05): behind the first
    // wall.
    assert!(!inside(&poly, GridPoint::new(8.02, 3.55)).0);
    assert!(!inside(&poly, GridPoint::new(2.55, 7.05)).0);
    // Nowhere on a tenth-of-a-cell grid over the room is a point seen through a wall.
    let o = lantern::board::lattice::Lattice::new(GridKind::Square);
    let o = o.grid_from_lattice(o.lattice_from_grid(from));
    for x in 0..=100 {
        for y in 0..=100 {
            let p = GridPoint::new(f64::from(x) / 10.0, f64::from(y) / 10.0);
            let (is_in, gap) = inside(&poly, p);
            if is_in && gap > 1e-6 {
                assert!(
                    !enc.walls.iter().any(|w| crosses(o, p, w.a, w.b)),
                    "{p:?} seen through a wall"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_polygon_never_holds_a_point_hidden_behind_a_wall(
        segs in walls(),
        origin in (1..39i32, 1..39i32),
        probes in prop::collection::vec((0..1000i32, 0..1000i32), 40),
    ) {
        let enc = with_walls(&segs);
        let from = GridPoint::new(f64::from(origin.0) / 4.0 + 0.01, f64::from(origin.1) / 4.0 + 0.013);
        let poly = Scene::new(&enc).sight_polygon(from, None);
        for (x, y) in probes {
            let p = GridPoint::new(f64::from(x) / 100.0, f64::from(y) / 100.0);
            let (is_in, gap) = inside(&poly, p);
            if is_in && gap > 1e-6 {
                let o = lantern::board::lattice::Lattice::new(GridKind::Square);
                let o = o.grid_from_lattice(o.lattice_from_grid(from));
                for w in &enc.walls {
                    prop_assert!(!crosses(o, p, w.a, w.b), "{p:?} seen through {w:?}");
                }
            }
        }
    }

    #[test]
    fn adding_a_wall_never_grows_the_polygon(
        segs in walls(),
        extra in ((0..20i32, 0..20i32), (0..20i32, 0..20i32)),
        origin in (1..39i32, 1..39i32),
        radius in prop::option::of(1.0..8.0f64),
        probes in prop::collection::vec((0..1000i32, 0..1000i32), 40),
    ) {
        no_point_appears(&segs, extra, origin, radius, &probes)?;
    }
}

/// The body of `adding_a_wall_never_grows_the_polygon`: no probe (in hundredths of a cell) is
/// inside the polygon with `extra` added, clear of its edge, unless it was inside before.
fn no_point_appears(
    segs: &[HalfCellWall],
    extra: HalfCellWall,
    origin: (i32, i32),
    radius: Option<f64>,
    probes: &[(i32, i32)],
) -> Result<(), proptest::test_runner::TestCaseError> {
    let from = GridPoint::new(
        f64::from(origin.0) / 4.0 + 0.01,
        f64::from(origin.1) / 4.0 + 0.013,
    );
    let before = Scene::new(&with_walls(segs)).sight_polygon(from, radius);
    let mut more = segs.to_vec();
    more.push(extra);
    let after = Scene::new(&with_walls(&more)).sight_polygon(from, radius);
    // A radius is drawn as chords of at most 3° (120 per turn), and a new wall's ends add
    // vertices on the arc, so the chords move outwards by up to the sagitta r(1 − cos 1.5°): a
    // point in that band is the arc's drawing, not sight that grew.
    let on_the_arc = |p: GridPoint| {
        radius.is_some_and(|r| {
            (p.x - from.x).hypot(p.y - from.y) > r * (std::f64::consts::PI / 120.0).cos() - 1e-9
        })
    };
    for &(x, y) in probes {
        let p = GridPoint::new(f64::from(x) / 100.0, f64::from(y) / 100.0);
        let (now, gap) = inside(&after, p);
        if now && gap > 1e-6 && !on_the_arc(p) {
            let (then, gap) = inside(&before, p);
            prop_assert!(then || gap < 1e-6, "{p:?} appeared");
        }
    }
    Ok(())
}

/// Found by `adding_a_wall_never_grows_the_polygon`: a wall (1.5, 4)–(9, 7) cutting a radius of
/// 4.019 round (5.76, 1.513). Its ends add vertices on the arc, so the chords near (5.84, 5.53),
/// 4.0178 from the viewer, move outwards past that point: inside after, outside before, but
/// within the chords' sagitta (4.019 × (1 − cos 1.5°) ≈ 0.0014) of the circle.
#[test]
fn a_wall_that_splits_a_radiuss_arc_only_moves_its_chords() {
    let result = no_point_appears(
        &[],
        ((3, 8), (18, 14)),
        (23, 6),
        Some(4.018_988_226_795_539),
        &[(584, 553)],
    );
    assert!(result.is_ok(), "{result:?}");
}

#[test]
fn a_line_through_an_obstacle_polygon_is_blocked_and_grazing_it_is_not() {
    // A diamond obstacle between A (0,0) and T (6,0); its left and right tips on y = 0.5.
    let mut enc = encounter(20);
    put(&mut enc, 1, SizeCategory::Medium, (0, 0));
    put(&mut enc, 2, SizeCategory::Medium, (6, 0));
    enc.obstacle_polygons.push(ObstaclePolygon {
        points: [(2.0, 0.5), (3.5, -1.0), (5.0, 0.5), (3.5, 2.0)]
            .iter()
            .map(|&(x, y)| GridPoint::new(x, y))
            .collect(),
    });
    let scene = Scene::new(&enc);
    let v = scene.verdict(TokenId(1), TokenId(2)).unwrap();
    assert_eq!(v.kind, VerdictKind::NoSight);
    assert!(
        v.evidence
            .lines
            .iter()
            .all(|l| l.blocked_by == Some(Blocker::ObstaclePolygon { index: 0 }))
    );
    // Two rows down, the lines from A's corner (1,2) graze the diamond's bottom tip (3.5, 2)
    // or run below it.
    enc.tokens[1].cell = Cell::new(6, 2);
    enc.tokens[0].cell = Cell::new(0, 2);
    let v = Scene::new(&enc).verdict(TokenId(1), TokenId(2)).unwrap();
    assert_eq!(v.kind, VerdictKind::Clear);
}

#[test]
fn an_obstacle_polygon_cannot_be_entered_or_crossed() {
    let mut enc = encounter(20);
    put(&mut enc, 1, SizeCategory::Medium, (0, 0));
    // A solid block over cells x 2..4, y -5..5, drawn as a polygon.
    enc.obstacle_polygons.push(ObstaclePolygon {
        points: [(2.0, -5.0), (4.0, -5.0), (4.0, 5.0), (2.0, 5.0)]
            .iter()
            .map(|&(x, y)| GridPoint::new(x, y))
            .collect(),
    });
    let reach = Scene::new(&enc).reachable(TokenId(1), 12).unwrap();
    assert_eq!(reach.cost_cells(Cell::new(1, 0)), Some(1.0));
    assert_eq!(
        reach.cost_cells(Cell::new(2, 0)),
        None,
        "inside the polygon"
    );
    // Around the bottom end: down to row 5 (5), across to (4,5) (8), and back up.
    assert_eq!(reach.cost_cells(Cell::new(4, 4)), Some(9.0));
    assert_eq!(reach.cost_cells(Cell::new(4, 1)), Some(12.0));
    assert_eq!(reach.cost_cells(Cell::new(4, 0)), None, "too far around");
}

/// A wall across column 3 with a gap from `y = 0` to `y = gap` (cells as `(x, y)`).
fn doorway(size: SizeCategory, gap: f64) -> Option<f64> {
    let mut enc = encounter(20);
    put(&mut enc, 1, size, (2, 0));
    wall(&mut enc, (3.0, -20.0), (3.0, 0.0), WallKind::Wall);
    wall(&mut enc, (3.0, gap), (3.0, 20.0), WallKind::Wall);
    let Some(reach) = Scene::new(&enc).reachable(TokenId(1), 4) else {
        panic!("the token is on the map");
    };
    reach.cost_cells(Cell::new(3, 0))
}

#[test]
fn medium_squeezes_through_a_half_cell_gap_at_double_cost() {
    assert_eq!(doorway(SizeCategory::Medium, 1.0), Some(1.0));
    assert_eq!(
        doorway(SizeCategory::Medium, 0.5),
        Some(2.0),
        "fits a Small"
    );
    assert_eq!(doorway(SizeCategory::Medium, 0.4), None, "fits no Small");
    assert_eq!(doorway(SizeCategory::Small, 0.5), Some(1.0));
    assert_eq!(doorway(SizeCategory::Small, 0.3), Some(2.0), "fits a Tiny");
    assert_eq!(doorway(SizeCategory::Tiny, 0.25), Some(1.0));
    assert_eq!(
        doorway(SizeCategory::Tiny, 0.2),
        None,
        "nothing smaller to fit"
    );
}

#[test]
fn a_thin_wall_down_the_middle_of_a_corridor_leaves_two_half_lanes() {
    let mut enc = encounter(20);
    put(&mut enc, 1, SizeCategory::Medium, (0, 0));
    // A corridor along row 0, walled above and below, split by a wall along y = 0.5.
    wall(&mut enc, (0.0, 0.0), (9.0, 0.0), WallKind::Wall);
    wall(&mut enc, (0.0, 1.0), (9.0, 1.0), WallKind::Wall);
    wall(&mut enc, (2.0, 0.5), (6.0, 0.5), WallKind::Wall);
    let reach = Scene::new(&enc).reachable(TokenId(1), 8).unwrap();
    assert_eq!(reach.cost_cells(Cell::new(1, 0)), Some(1.0));
    // Steps from (1,0) on are squeezed until the divider ends at x = 6.
    assert_eq!(reach.cost_cells(Cell::new(2, 0)), Some(3.0));
    assert_eq!(reach.cost_cells(Cell::new(4, 0)), Some(7.0));
    assert_eq!(reach.cost_cells(Cell::new(5, 0)), None);
}

#[test]
fn a_hex_corridor_walled_along_its_edges_is_walked_without_squeezing() {
    use lantern::board::grid::cell_corners;
    let mut enc = encounter(20);
    enc.map.grid = GridKind::HexFlat;
    put(&mut enc, 1, SizeCategory::Medium, (0, 1));
    // Hexes (0,0)..(0,5) straight down, walled on their four slanted side edges (corners
    // 5-0-1 on the right, 2-3-4 on the left); the flat top and bottom edges stay open.
    for r in 0..=5 {
        let c = cell_corners(GridKind::HexFlat, Cell::new(0, r));
        for (i, j) in [(5, 0), (0, 1), (2, 3), (3, 4)] {
            wall(&mut enc, (c[i].x, c[i].y), (c[j].x, c[j].y), WallKind::Wall);
        }
    }
    let reach = Scene::new(&enc).reachable(TokenId(1), 4).unwrap();
    assert_eq!(reach.cost_cells(Cell::new(0, 5)), Some(4.0));
    assert_eq!(
        reach.cost_cells(Cell::new(1, 1)),
        None,
        "behind the right wall"
    );
    assert_eq!(
        reach.cost_cells(Cell::new(-1, 2)),
        None,
        "behind the left wall"
    );
}
