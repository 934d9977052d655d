//! Worked cases and hand-drawn cover cases on square and hex grids.

use lantern::board::{Blocker, CoverDegree, Scene, VerdictKind};
use lantern::model::{
    Cell, Encounter, GridKind, GridPoint, RuleSystem, Rulings, Side, SizeCategory, Token, TokenId,
    Wall, WallKind,
};

struct Case {
    enc: Encounter,
}

impl Case {
    fn new(system: RuleSystem, grid: GridKind) -> Self {
        let mut enc = Encounter::new("case", system);
        enc.map.grid = grid;
        Self { enc }
    }

    fn token(mut self, id: u64, side: Side, size: SizeCategory, cell: (i32, i32)) -> Self {
        let t = Token::new(
            TokenId(id),
            format!("t{id}"),
            side,
            Cell::new(cell.0, cell.1),
        );
        self.enc.tokens.push(t.with_size(size));
        self
    }

    fn a(self, cell: (i32, i32)) -> Self {
        self.token(1, Side::Party, SizeCategory::Medium, cell)
    }

    fn t(self, cell: (i32, i32)) -> Self {
        self.token(2, Side::Enemy, SizeCategory::Medium, cell)
    }

    fn obstacle(mut self, cell: (i32, i32)) -> Self {
        self.enc.obstacle_cells.insert(Cell::new(cell.0, cell.1));
        self
    }

    fn wall_kind(mut self, a: (f64, f64), b: (f64, f64), kind: WallKind) -> Self {
        let id = self.enc.fresh_wall_id();
        self.enc.walls.push(Wall {
            id,
            a: GridPoint::new(a.0, a.1),
            b: GridPoint::new(b.0, b.1),
            kind,
        });
        self
    }

    fn wall(self, a: (f64, f64), b: (f64, f64)) -> Self {
        self.wall_kind(a, b, WallKind::Wall)
    }

    /// (kind, clear lines) of A (id 1) against T (id 2).
    fn judge(&self) -> (VerdictKind, u32) {
        let Some(v) = Scene::new(&self.enc).verdict(TokenId(1), TokenId(2)) else {
            panic!("both tokens are placed");
        };
        (v.kind, v.clear_lines)
    }
}

fn sq() -> Case {
    Case::new(RuleSystem::GoForthHeroes, GridKind::Square)
}

#[test]
fn worked_obstacle_on_the_line_gives_cover_with_two_face_lines() {
    assert_eq!(
        sq().a((0, 0)).t((4, 0)).obstacle((2, 0)).judge(),
        (VerdictKind::Cover, 2)
    );
}

#[test]
fn worked_diagonal_staircase_blocks_sight() {
    let mut case = sq().a((0, 3)).t((3, 0));
    for k in -3..=7 {
        case = case.obstacle((k, k));
    }
    assert_eq!(case.judge().0, VerdictKind::NoSight);
}

#[test]
fn worked_wall_free_end_is_grazed() {
    assert_eq!(
        sq().a((0, 0))
            .t((5, 0))
            .wall((3.0, 0.0), (3.0, 9.0))
            .judge(),
        (VerdictKind::Cover, 2)
    );
}

#[test]
fn worked_large_target_half_behind_an_obstacle_is_seen() {
    let case = sq()
        .a((0, 0))
        .token(2, Side::Enemy, SizeCategory::Large, (4, 0))
        .obstacle((2, 0));
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!(v.kind, VerdictKind::Clear);
    assert_eq!(v.evidence.target_cell, Cell::new(4, 1));
    // From (0,1) as the issue traces it, or (1,1): both run along the obstacle's bottom face.
    let corner = v.evidence.attacker_corner;
    assert!(corner == GridPoint::new(0.0, 1.0) || corner == GridPoint::new(1.0, 1.0));
}

#[test]
fn worked_large_attacker_sees_through_a_slit_at_its_edge() {
    let case = sq()
        .token(1, Side::Party, SizeCategory::Large, (0, 0))
        .t((5, 0))
        .wall((2.0, -9.0), (2.0, 0.9))
        .wall((2.0, 1.1), (2.0, 9.0));
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!(v.kind, VerdictKind::Clear);
    assert_eq!(v.evidence.attacker_corner, GridPoint::new(2.0, 1.0));
}

#[test]
fn worked_hostile_gives_cover_and_ally_does_not() {
    let hostile = sq()
        .a((0, 0))
        .t((4, 0))
        .token(3, Side::Enemy, SizeCategory::Medium, (2, 0));
    assert_eq!(hostile.judge(), (VerdictKind::Cover, 2));
    let ally = sq()
        .a((0, 0))
        .t((4, 0))
        .token(3, Side::Ally, SizeCategory::Medium, (2, 0));
    assert_eq!(ally.judge(), (VerdictKind::Clear, 4));
}

#[test]
fn open_ground_is_clear() {
    assert_eq!(sq().a((0, 0)).t((7, 3)).judge(), (VerdictKind::Clear, 4));
}

#[test]
fn a_long_wall_between_removes_sight() {
    let case = sq().a((0, 0)).t((5, 0)).wall((3.0, -9.0), (3.0, 9.0));
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!(v.kind, VerdictKind::NoSight);
    assert!(
        v.evidence
            .lines
            .iter()
            .all(|l| matches!(l.blocked_by, Some(Blocker::Wall { .. })))
    );
}

#[test]
fn a_one_cell_corridor_still_sees_straight_down() {
    // Walls along both sides of row 0 from x = 1 to 9.
    let case = sq()
        .a((0, 0))
        .t((8, 0))
        .wall((1.0, 0.0), (9.0, 0.0))
        .wall((1.0, 1.0), (9.0, 1.0));
    assert_eq!(case.judge(), (VerdictKind::Clear, 4));
}

#[test]
fn a_diagonal_pinch_between_two_obstacles_blocks() {
    // Obstacles (1,0) and (0,1) meet diagonally at (1,1); A at (0,0) looks to (2,2) only
    // through that point.
    let case = sq().a((0, 0)).t((2, 2)).obstacle((1, 0)).obstacle((0, 1));
    assert_eq!(case.judge().0, VerdictKind::NoSight);
}

#[test]
fn a_seam_between_two_obstacles_blocks() {
    // A block three obstacles wide: the only straight lines run along the seams x = 2, 3.
    let mut case = sq().a((2, -4)).t((2, 4));
    for x in 1..=3 {
        case = case.obstacle((x, 0)).obstacle((x, 1));
    }
    assert_eq!(case.judge().0, VerdictKind::NoSight);
}

#[test]
fn a_line_along_a_wall_is_clear() {
    let case = sq().a((0, 0)).t((6, 0)).wall((1.0, 0.0), (6.0, 0.0));
    assert_eq!(case.judge(), (VerdictKind::Clear, 4));
}

#[test]
fn the_joint_of_two_wall_pieces_blocks() {
    // Two pieces meeting at (3, 0.5) on the line y = 0.5 from A's... every line crosses.
    let case = sq()
        .a((0, 0))
        .t((5, 0))
        .wall((3.0, -9.0), (3.0, 0.0))
        .wall((3.0, 0.0), (3.0, 9.0));
    assert_eq!(case.judge().0, VerdictKind::NoSight);
}

#[test]
fn a_corner_on_a_long_wall_does_not_see_through_it() {
    // A's right edge is a long wall; the target straight to the right is out of sight.
    let case = sq().a((0, 0)).t((3, 0)).wall((1.0, -9.0), (1.0, 9.0));
    assert_eq!(case.judge().0, VerdictKind::NoSight);
}

#[test]
fn doors_block_closed_and_not_open() {
    let closed =
        sq().a((0, 0))
            .t((5, 0))
            .wall_kind((3.0, -9.0), (3.0, 9.0), WallKind::Door { open: false });
    assert_eq!(closed.judge().0, VerdictKind::NoSight);
    let open =
        sq().a((0, 0))
            .t((5, 0))
            .wall_kind((3.0, -9.0), (3.0, 9.0), WallKind::Door { open: true });
    assert_eq!(open.judge(), (VerdictKind::Clear, 4));
    let window = sq()
        .a((0, 0))
        .t((5, 0))
        .wall_kind((3.0, -9.0), (3.0, 9.0), WallKind::Window);
    assert_eq!(window.judge(), (VerdictKind::Clear, 4));
}

#[test]
fn a_hostile_beside_the_target_does_not_cover_it() {
    let case = sq()
        .a((0, 0))
        .t((4, 0))
        .token(3, Side::Enemy, SizeCategory::Medium, (4, 1));
    assert_eq!(case.judge(), (VerdictKind::Clear, 4));
}

#[test]
fn hostiles_alone_never_remove_sight_and_evening_calls_it_full_cover() {
    let mut case = Case::new(RuleSystem::Evening, GridKind::Square)
        .a((0, 0))
        .t((4, 0));
    for (i, y) in (-3..=3).enumerate() {
        case = case.token(10 + i as u64, Side::Enemy, SizeCategory::Medium, (2, y));
    }
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!((v.kind, v.clear_lines), (VerdictKind::Cover, 0));
    assert_eq!(v.degree, Some(CoverDegree::Great));
    assert_eq!(v.degree.and_then(CoverDegree::tn_modifier), Some(-9));
}

#[test]
fn evening_grades_half_cover() {
    let case = Case::new(RuleSystem::Evening, GridKind::Square)
        .a((0, 0))
        .t((4, 0))
        .obstacle((2, 0));
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!(v.degree, Some(CoverDegree::Limited));
    // Evening, Defense (Circumstantial bonuses): half cover is a limited circumstance, −3 to
    // the covered creature's defense TN; an attacker rolling against it meets TN +3.
    assert_eq!(v.degree.and_then(CoverDegree::attack_tn_modifier), Some(3));
    assert!(
        v.explain(RuleSystem::Evening, Rulings::default())
            .contains("TN −3"),
        "{}",
        v.explain(RuleSystem::Evening, Rulings::default())
    );
}

#[test]
fn a_gargantuan_attacker_peeks_around_a_wall_end() {
    // The wall ends at (6, 4): a Medium attacker at (0,0) sees T only partly, a Gargantuan
    // one anchored there reaches past the end from a lower corner.
    let medium = sq().a((0, 0)).t((9, 5)).wall((6.0, -9.0), (6.0, 4.0));
    assert_eq!(medium.judge().0, VerdictKind::Cover);
    let case = sq()
        .token(1, Side::Party, SizeCategory::Gargantuan, (0, 0))
        .t((9, 5))
        .wall((6.0, -9.0), (6.0, 4.0));
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!(v.kind, VerdictKind::Clear);
    assert!(
        v.evidence.attacker_corner.y > 1.0,
        "{:?}",
        v.evidence.attacker_corner
    );
}

#[test]
fn adjacent_tokens_across_a_wall_corner() {
    // A at (0,0), T at (1,1) diagonal; walls run along A's right and bottom edges from the
    // shared corner outwards: the shared corner is on both walls, so no line passes.
    let case = sq()
        .a((0, 0))
        .t((1, 1))
        .wall((1.0, -5.0), (1.0, 1.0))
        .wall((-5.0, 1.0), (1.0, 1.0));
    assert_eq!(case.judge().0, VerdictKind::NoSight);
    // With only one wall ending at the shared corner, the target is still seen around it.
    let one = sq().a((0, 0)).t((1, 1)).wall((1.0, -5.0), (1.0, 1.0));
    assert_ne!(one.judge().0, VerdictKind::NoSight);
}

fn hex() -> Case {
    Case::new(RuleSystem::Evening, GridKind::HexFlat)
}

#[test]
fn hex_open_ground_is_clear_with_six_lines() {
    let case = hex().a((0, 0)).t((4, -1));
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!(
        (v.kind, v.clear_lines, v.of_lines),
        (VerdictKind::Clear, 6, 6)
    );
}

#[test]
fn hex_obstacle_between_gives_cover_and_a_ring_removes_sight() {
    let one = hex().a((0, 0)).t((4, 0)).obstacle((2, 0));
    let (kind, clear) = one.judge();
    assert_eq!(kind, VerdictKind::Cover);
    assert!(clear > 0 && clear < 6);
    let mut ring = hex().a((0, 0)).t((4, 0));
    for d in [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)] {
        ring = ring.obstacle(d);
    }
    assert_eq!(ring.judge().0, VerdictKind::NoSight);
}

#[test]
fn hex_hostile_between_gives_cover_only() {
    let case = hex()
        .a((0, 0))
        .t((4, 0))
        .token(3, Side::Enemy, SizeCategory::Medium, (2, 0));
    assert_eq!(case.judge().0, VerdictKind::Cover);
}

#[test]
fn dragging_the_target_behind_a_wall_updates_the_verdict() {
    let case = sq().a((0, 0)).t((5, 0)).wall((3.0, 2.0), (3.0, 9.0));
    let scene = Scene::new(&case.enc);
    let here = scene.verdict(TokenId(1), TokenId(2)).unwrap();
    assert_eq!(here.kind, VerdictKind::Clear);
    let behind = scene
        .verdict_moved(TokenId(1), TokenId(2), Some((TokenId(2), Cell::new(5, 6))))
        .unwrap();
    assert_eq!(behind.kind, VerdictKind::NoSight);
    // A hostile bystander dragged onto the line gives cover.
    let mut with_guard = case;
    with_guard = with_guard.token(3, Side::Enemy, SizeCategory::Medium, (9, 9));
    let scene = Scene::new(&with_guard.enc);
    let guarded = scene
        .verdict_moved(TokenId(1), TokenId(2), Some((TokenId(3), Cell::new(2, 0))))
        .unwrap();
    assert_eq!((guarded.kind, guarded.clear_lines), (VerdictKind::Cover, 2));
}

#[test]
fn evening_hex_grades_by_six_lines() {
    let case = hex().a((0, 0)).t((4, 0)).obstacle((2, 0));
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    let blocked = v.of_lines - v.clear_lines;
    let expected = match blocked {
        1..=3 => CoverDegree::Limited,
        4..=5 => CoverDegree::Standard,
        _ => CoverDegree::Great,
    };
    assert_eq!(v.degree, Some(expected));
}

#[test]
fn road_and_ruin_says_the_target_may_hide() {
    let case = Case::new(RuleSystem::RoadAndRuin, GridKind::Square)
        .a((0, 0))
        .t((5, 0))
        .wall_kind((3.0, -9.0), (3.0, 9.0), WallKind::Door { open: false });
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert!(
        v.explain(RuleSystem::RoadAndRuin, Rulings::default())
            .contains("Hide")
    );
}

#[test]
fn gridless_traces_from_the_centre() {
    let case = Case::new(RuleSystem::GoForthHeroes, GridKind::Gridless)
        .a((0, 0))
        .t((6, 1))
        .obstacle((3, 0));
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!(v.kind, VerdictKind::Cover);
    assert_eq!(v.evidence.attacker_corner, GridPoint::new(0.5, 0.5));
    assert_eq!(v.degree, Some(CoverDegree::Hard));
}

/// GFH, Line of Sight & Cover, Without Grid: "If the line touches any part of them, you have
/// Line of Sight"; if not every part can be touched, Cover. Drawn: A at cell (0, 0), traced from
/// its centre (0.5, 0.5); T at cell (6, 0), the square 6..7 × 0..1. Two walls on x = 5.5 leave
/// a gap for y in (0.45, 0.55). At x = 5.5 the lines to T's corners pass at y = 0.5 ∓ 0.5·5/5.5
/// = 0.045 and 0.955 (to (6, 0) and (6, 1)) and 0.5 ∓ 0.5·5/6.5 = 0.115 and 0.885 (to (7, 0)
/// and (7, 1)): all four hit a wall. The line to T's middle (6.5, 0.5) stays on y = 0.5, through
/// the gap: it touches part of T, so T is in sight with cover, not out of sight.
#[test]
fn gridless_a_target_seen_only_through_a_gap_between_its_corners_has_cover() {
    let case = Case::new(RuleSystem::GoForthHeroes, GridKind::Gridless)
        .a((0, 0))
        .t((6, 0))
        .wall((5.5, -0.5), (5.5, 0.45))
        .wall((5.5, 0.55), (5.5, 1.5));
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!(v.kind, VerdictKind::Cover);
    assert_eq!(v.clear_lines, 0, "no corner is reached");
    assert_eq!(v.degree, Some(CoverDegree::Hard));
    let through_the_gap = v.evidence.lines.iter().find(|l| l.blocked_by.is_none());
    assert_eq!(
        through_the_gap.map(|l| l.to),
        Some(GridPoint::new(6.5, 0.5))
    );
    // Closing the gap leaves no part in sight.
    let closed = case.wall((5.5, 0.4), (5.5, 0.6));
    assert_eq!(closed.judge(), (VerdictKind::NoSight, 0));
}

// Hand-drawn walls on a flat-top hex map. A stands on hex (0,0), T four hexes straight down on
// (0,4); both columns' centres lie on x = s (s = 1/√3, the hex's circumradius), so A's and T's
// corners span x ∈ [0, 2s], and every sight line crosses y = 2.5 (the middle of hex (0,2))
// between x = 0 and x = 2s.
const S: f64 = lantern::board::grid::HEX_RADIUS;

fn hex_column() -> Case {
    hex().a((0, 0)).t((0, 4))
}

#[test]
fn hex_wall_between_removes_sight() {
    let case = hex_column().wall((-5.0, 2.5), (6.0, 2.5));
    assert_eq!(case.judge(), (VerdictKind::NoSight, 0));
}

#[test]
fn hex_wall_free_end_grazed_leaves_half_the_lines() {
    // A wall from far right ending at (s/2, 2.5), halfway between hex (0,2)'s centre and its
    // left corner. From A's left corners the lines to T's three left corners pass at or left of
    // the end (those through it exactly graze it); the three to T's right corners cross the wall.
    let case = hex_column().wall((S / 2.0, 2.5), (6.0, 2.5));
    assert_eq!(case.judge(), (VerdictKind::Cover, 3));
    let v = Scene::new(&case.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!(v.degree, Some(CoverDegree::Limited), "3 of 6 blocked");
    // Ending the wall at hex (0,2)'s centre instead: A's left corner sees past it to every
    // corner of T (the line to T's right corner grazes the end).
    let past = hex_column().wall((S, 2.5), (6.0, 2.5));
    assert_eq!(past.judge(), (VerdictKind::Clear, 6));
}

#[test]
fn hex_doorway_closed_blocks_and_open_clears() {
    // Walls left and right of a door that spans exactly the column, from x = 0 to x = 2s.
    let door = |open: bool| {
        hex_column()
            .wall((-5.0, 2.5), (0.0, 2.5))
            .wall_kind((0.0, 2.5), (2.0 * S, 2.5), WallKind::Door { open })
            .wall((2.0 * S, 2.5), (6.0, 2.5))
    };
    assert_eq!(door(false).judge(), (VerdictKind::NoSight, 0));
    // Open, the lines along the column's edges graze the two wall ends: all six are clear.
    assert_eq!(door(true).judge(), (VerdictKind::Clear, 6));
    // A window in the doorway lets sight through too.
    let window = hex_column()
        .wall((-5.0, 2.5), (0.0, 2.5))
        .wall_kind((0.0, 2.5), (2.0 * S, 2.5), WallKind::Window)
        .wall((2.0 * S, 2.5), (6.0, 2.5));
    assert_eq!(window.judge(), (VerdictKind::Clear, 6));
}

// Issue 11, "A cover verdict that a distant wall changes": two tokens side by side with a wall
// along the side they share. GFH, Line of Sight & Cover lets the attacker pick any corner of its
// cell: from an end of the shared side, one line runs to that same corner (a point; the wall
// only ends there, so it can be peeked around), one runs along the wall to the side's other end
// (a line along a wall is not stopped by it), and the others run into the target's own cell:
// every line is clear. A wall elsewhere that touches none of those lines changes nothing.

#[test]
fn worked_a_distant_wall_leaves_a_shared_side_wall_clear_on_squares() {
    let near = sq().a((0, 0)).t((1, 0)).wall((1.0, 0.0), (1.0, 1.0));
    assert_eq!(near.judge(), (VerdictKind::Clear, 4));
    let far = sq()
        .a((0, 0))
        .t((1, 0))
        .wall((1.0, 0.0), (1.0, 1.0))
        .wall((3.0, 3.0), (4.0, 3.0));
    assert_eq!(far.judge(), (VerdictKind::Clear, 4));
    let v = Scene::new(&far.enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert!(v.evidence.lines.iter().all(|l| l.blocked_by.is_none()));
}

#[test]
fn worked_a_distant_wall_leaves_a_shared_side_wall_clear_on_squares_mirrored() {
    // The same scene mirrored about x = 1: A and T swap cells, the far wall moves to the left.
    let far = sq()
        .a((1, 0))
        .t((0, 0))
        .wall((1.0, 0.0), (1.0, 1.0))
        .wall((-1.0, 3.0), (-2.0, 3.0));
    assert_eq!(far.judge(), (VerdictKind::Clear, 4));
}

#[test]
fn a_point_line_is_stopped_only_by_a_wall_through_its_point() {
    // The shared side's wall continued past both its ends: from either end of the side the
    // point line can no longer turn around the wall, and every other corner of A is cut off by
    // it, so A sees T through no corner at all.
    let long = sq().a((0, 0)).t((1, 0)).wall((1.0, -5.0), (1.0, 6.0));
    assert_eq!(long.judge().0, VerdictKind::NoSight);
}

/// A map-space point of a pointy-top hex map, from its axial coordinates × 3.
fn pointy(thirds: (i64, i64)) -> (f64, f64) {
    use lantern::board::lattice::{LATTICE_STEPS, Lattice, LatticePoint};
    let p = Lattice::new(GridKind::HexPointy).grid_from_lattice(LatticePoint::new(
        thirds.0 * LATTICE_STEPS,
        thirds.1 * LATTICE_STEPS,
    ));
    (p.x, p.y)
}

fn pointy_case() -> Case {
    Case::new(RuleSystem::Evening, GridKind::HexPointy)
}

#[test]
fn worked_a_distant_wall_leaves_a_shared_side_wall_clear_on_pointy_hexes() {
    // Hexes (0,0) and (1,0) share the side between the corners (2,−1) and (1,1) (axial × 3).
    let side = (pointy((2, -1)), pointy((1, 1)));
    let near = pointy_case().a((0, 0)).t((1, 0)).wall(side.0, side.1);
    assert_eq!(near.judge(), (VerdictKind::Clear, 6));
    let far = pointy_case()
        .a((0, 0))
        .t((1, 0))
        .wall(side.0, side.1)
        .wall(pointy((8, 2)), pointy((7, 4)));
    assert_eq!(far.judge(), (VerdictKind::Clear, 6));
}

#[test]
fn worked_a_distant_wall_leaves_a_shared_side_wall_clear_on_pointy_hexes_mirrored() {
    // Mirrored about the (vertical) shared side: A and T swap hexes, the far wall goes left.
    let side = (pointy((2, -1)), pointy((1, 1)));
    let axis = side.0.0;
    let mirror = |p: (f64, f64)| (2.0 * axis - p.0, p.1);
    let far = pointy_case()
        .a((1, 0))
        .t((0, 0))
        .wall(side.0, side.1)
        .wall(mirror(pointy((8, 2))), mirror(pointy((7, 4))));
    assert_eq!(far.judge(), (VerdictKind::Clear, 6));
}

// GFH, Line of Sight & Cover: with a grid, one of the target's squares seen at all four
// corners is Line of Sight ("any one square"); without a grid, a target whose parts cannot all
// be touched has Cover. A wall from far above ends at (3, 1): from A's centre (0.5, 1.5) the
// lines to the Large target's bottom row pass below its end, those to the top row's upper
// corners run into it. Gridless, 12 of the 16 corner lines are clear (the bottom cells 4 of 4,
// the top cells 2 of 4 each): Cover.
fn half_hidden_large(grid: GridKind) -> Case {
    Case::new(RuleSystem::GoForthHeroes, grid)
        .a((0, 1))
        .token(2, Side::Enemy, SizeCategory::Large, (4, 0))
        .wall((3.0, -5.0), (3.0, 1.0))
}

#[test]
fn worked_large_target_half_hidden_gridless_has_cover_and_on_squares_is_seen() {
    let v = Scene::new(&half_hidden_large(GridKind::Gridless).enc)
        .verdict(TokenId(1), TokenId(2))
        .unwrap();
    assert_eq!(
        (v.kind, v.clear_lines, v.of_lines),
        (VerdictKind::Cover, 12, 16)
    );
    assert_eq!(v.degree, Some(CoverDegree::Hard));
    assert_eq!(
        half_hidden_large(GridKind::Square).judge().0,
        VerdictKind::Clear
    );
}
