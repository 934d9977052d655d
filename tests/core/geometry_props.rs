//! Property tests for the sight-line verdicts and distances.

use lantern::board::{Scene, VerdictKind, cell_distance, footprints_touch};
use lantern::model::{
    Cell, DiagonalRule, Encounter, GridKind, GridPoint, RuleSystem, Side, Token, TokenId, Wall,
    WallId, WallKind,
};
use proptest::prelude::*;

/// A scene: viewer, target, obstacle cells and walls in a 12×12 window; walls on half cells.
#[derive(Clone, Debug)]
struct Sketch {
    grid: GridKind,
    viewer: (i32, i32),
    target: (i32, i32),
    obstacles: Vec<(i32, i32)>,
    walls: Vec<((i32, i32), (i32, i32))>,
}

fn sketch() -> impl Strategy<Value = Sketch> {
    let cell = || (0..12i32, 0..12i32);
    (
        prop_oneof![
            Just(GridKind::Square),
            Just(GridKind::HexFlat),
            Just(GridKind::Gridless)
        ],
        cell(),
        cell(),
        prop::collection::vec(cell(), 0..6),
        prop::collection::vec(((0..24i32, 0..24i32), (0..24i32, 0..24i32)), 0..4),
    )
        .prop_filter("distinct ends", |(_, v, t, _, _)| v != t)
        .prop_map(|(grid, viewer, target, obstacles, walls)| Sketch {
            grid,
            viewer,
            target,
            obstacles,
            walls,
        })
}

impl Sketch {
    fn encounter(&self, map: impl Fn((i32, i32)) -> (i32, i32), flip: bool) -> Encounter {
        let mut enc = Encounter::new("prop", RuleSystem::Evening);
        enc.map.grid = self.grid;
        let cell = |c: (i32, i32)| {
            let (x, y) = map(c);
            Cell::new(x, y)
        };
        enc.tokens
            .push(Token::new(TokenId(1), "v", Side::Party, cell(self.viewer)));
        enc.tokens
            .push(Token::new(TokenId(2), "t", Side::Enemy, cell(self.target)));
        enc.obstacle_cells = self.obstacles.iter().map(|c| cell(*c)).collect();
        for (i, (a, b)) in self.walls.iter().enumerate() {
            let point = |p: (i32, i32)| {
                // Half-cell wall ends, mirrored as a whole scene when asked (square only).
                let (x, y) = (f64::from(p.0) / 2.0, f64::from(p.1) / 2.0);
                let (x, y) = if flip { (-x, y) } else { (x, y) };
                let (dx, dy) = {
                    let o = map((0, 0));
                    (f64::from(o.0), f64::from(o.1))
                };
                GridPoint::new(x + if flip { 0.0 } else { dx }, y + dy)
            };
            enc.walls.push(Wall {
                id: WallId(i as u64 + 1),
                a: point(*a),
                b: point(*b),
                kind: WallKind::Wall,
            });
        }
        enc
    }

    fn judge(enc: &Encounter) -> (VerdictKind, u32) {
        let Some(v) = Scene::new(enc).verdict(TokenId(1), TokenId(2)) else {
            panic!("both tokens are placed");
        };
        (v.kind, v.clear_lines)
    }
}

/// A sketch's half-cell wall end in map space.
fn half_point(p: (i32, i32)) -> (f64, f64) {
    (f64::from(p.0) / 2.0, f64::from(p.1) / 2.0)
}

/// The map-space box around every corner of both tokens' cells, widened by a hair.
fn token_box(enc: &Encounter) -> ((f64, f64), (f64, f64)) {
    use lantern::board::lattice::Lattice;
    let lattice = Lattice::new(enc.map.grid);
    let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    for t in &enc.tokens {
        for i in 0..lattice.corner_count() {
            let p = lattice.grid_from_lattice(lattice.corner(t.cell, i));
            lo = (lo.0.min(p.x), lo.1.min(p.y));
            hi = (hi.0.max(p.x), hi.1.max(p.y));
        }
    }
    ((lo.0 - 0.01, lo.1 - 0.01), (hi.0 + 0.01, hi.1 + 0.01))
}

fn rank(kind: VerdictKind) -> u8 {
    match kind {
        VerdictKind::NoSight => 0,
        VerdictKind::Cover => 1,
        VerdictKind::Clear => 2,
    }
}

proptest! {
    #[test]
    fn adding_a_blocker_never_improves(s in sketch(), extra in (0..12i32, 0..12i32)) {
        let before = Sketch::judge(&s.encounter(|c| c, false));
        let mut more = s.clone();
        more.obstacles.push(extra);
        let after = Sketch::judge(&more.encounter(|c| c, false));
        prop_assert!(rank(after.0) <= rank(before.0), "{before:?} -> {after:?}");
        if after.0 == before.0 {
            prop_assert!(after.1 <= before.1);
        }
    }

    #[test]
    fn adding_a_wall_never_improves(s in sketch(), a in (0..24i32, 0..24i32), b in (0..24i32, 0..24i32)) {
        let before = Sketch::judge(&s.encounter(|c| c, false));
        let mut more = s.clone();
        more.walls.push((a, b));
        let after = Sketch::judge(&more.encounter(|c| c, false));
        prop_assert!(rank(after.0) <= rank(before.0), "{before:?} -> {after:?}");
        if after.0 == before.0 {
            prop_assert!(after.1 <= before.1);
        }
    }

    #[test]
    fn a_wall_away_from_both_tokens_never_changes_a_verdict(
        s in sketch(),
        a in (-24..48i32, -24..48i32),
        b in (-24..48i32, -24..48i32),
    ) {
        // Every sight line lies inside the hull of the two tokens' cells, which lies inside the
        // box of their corners: a wall wholly on one side of that box touches no line.
        let enc = s.encounter(|c| c, false);
        let (lo, hi) = token_box(&enc);
        let (pa, pb) = (half_point(a), half_point(b));
        let apart = (pa.0 < lo.0 && pb.0 < lo.0)
            || (pa.0 > hi.0 && pb.0 > hi.0)
            || (pa.1 < lo.1 && pb.1 < lo.1)
            || (pa.1 > hi.1 && pb.1 > hi.1);
        prop_assume!(apart);
        let before = Sketch::judge(&enc);
        let mut more = s.clone();
        more.walls.push((a, b));
        let after = Sketch::judge(&more.encounter(|c| c, false));
        prop_assert_eq!(before, after);
    }

    #[test]
    fn a_hostile_never_improves_and_never_removes_sight(s in sketch(), at in (0..12i32, 0..12i32)) {
        let enc = s.encounter(|c| c, false);
        let before = Sketch::judge(&enc);
        let mut more = enc.clone();
        more.tokens.push(Token::new(TokenId(3), "h", Side::Enemy, Cell::new(at.0, at.1)));
        let after = Sketch::judge(&more);
        prop_assert!(rank(after.0) <= rank(before.0), "{before:?} -> {after:?}");
        prop_assert_eq!(after.0 == VerdictKind::NoSight, before.0 == VerdictKind::NoSight);
    }

    #[test]
    fn open_ground_is_always_clear(s in sketch()) {
        let open = Sketch { obstacles: vec![], walls: vec![], ..s };
        prop_assert_eq!(Sketch::judge(&open.encounter(|c| c, false)).0, VerdictKind::Clear);
    }

    #[test]
    fn translation_keeps_the_verdict(s in sketch(), dx in -20i32..20, dy in -20i32..20) {
        // Hex wall ends are snapped from irrational map coordinates; keep the hex case to cells.
        let s = if s.grid.is_hex() { Sketch { walls: vec![], ..s } } else { s };
        let here = Sketch::judge(&s.encounter(|c| c, false));
        let there = Sketch::judge(&s.encounter(|(x, y)| (x + dx, y + dy), false));
        prop_assert_eq!(here, there);
    }

    #[test]
    fn mirroring_keeps_the_verdict(s in sketch()) {
        // Mirroring x ↦ −x is a square-lattice symmetry; hex scenes are judged as squares here.
        let s = if s.grid.is_hex() { Sketch { grid: GridKind::Square, ..s } } else { s };
        let here = Sketch::judge(&s.encounter(|c| c, false));
        // Mirror x ↦ −x: cell x covers [x, x+1], so it maps to cell −x−1.
        let there = Sketch::judge(&s.encounter(|(x, y)| (-x - 1, y), true));
        prop_assert_eq!(here, there);
    }

    #[test]
    fn distance_is_symmetric(a in (-50i32..50, -50i32..50), b in (-50i32..50, -50i32..50)) {
        let (a, b) = (Cell::new(a.0, a.1), Cell::new(b.0, b.1));
        for grid in GridKind::ALL {
            for rule in DiagonalRule::ALL {
                let (ab, ba) = (cell_distance(grid, rule, a, b), cell_distance(grid, rule, b, a));
                prop_assert_eq!(ab.to_bits(), ba.to_bits());
            }
        }
    }

    /// Footprints touch symmetrically, and exactly when their one-per-diagonal distance is at
    /// most 1 (the Engaged / Touching band): touching is adjacency, whatever rule measures.
    #[test]
    fn touching_is_symmetric_and_means_adjacent(a in (-20i32..20, -20i32..20), b in (-20i32..20, -20i32..20)) {
        let (a, b) = ([Cell::new(a.0, a.1)], [Cell::new(b.0, b.1)]);
        for grid in GridKind::ALL {
            let ab = footprints_touch(grid, &a, &b);
            prop_assert_eq!(ab, footprints_touch(grid, &b, &a));
            let one = cell_distance(grid, DiagonalRule::One, a[0], b[0]);
            let chebyshev = (a[0].x - b[0].x).abs().max((a[0].y - b[0].y).abs());
            // Gridless distance is always Euclidean, so its neighbours are counted by axis.
            let adjacent = if grid == GridKind::Gridless { chebyshev <= 1 } else { one <= 1.0 };
            prop_assert_eq!(ab, adjacent);
        }
    }
}

proptest! {
    /// After `gather_onto_map`, on a map with room to spare: a token that stood inside the map
    /// and clear of obstacles has not moved; every moved token's footprint is inside the map,
    /// clear of obstacles and shares no cell with any other token.
    #[test]
    fn gathering_puts_every_token_on_the_map_without_overlap(
        grid in prop::sample::select(vec![GridKind::Square, GridKind::HexFlat, GridKind::HexPointy]),
        width in 8u32..14,
        height in 8u32..14,
        spots in prop::collection::vec((-20i32..30, -20i32..30, 0usize..3), 1..6),
        obstacles in prop::collection::btree_set((0i32..12, 0i32..12), 0..6),
    ) {
        use lantern::board::footprint::{footprint_cells, gather_onto_map};
        use lantern::model::{Command, SizeCategory};
        let mut enc = Encounter::new("gather", RuleSystem::Evening);
        enc.map.grid = grid;
        enc.map.width_cells = width;
        enc.map.height_cells = height;
        enc.obstacle_cells = obstacles.iter().map(|&(x, y)| Cell::new(x, y)).collect();
        let sizes = [SizeCategory::Medium, SizeCategory::Large, SizeCategory::Small];
        for (i, (x, y, size)) in spots.iter().enumerate() {
            let token = Token::new(TokenId(i as u64 + 1), format!("t{i}"), Side::Party, Cell::new(*x, *y));
            enc.tokens.push(token.with_size(sizes[*size]));
        }
        let before = enc.tokens.clone();
        for command in gather_onto_map(&enc.map, &enc.obstacle_cells, &enc.tokens) {
            let Command::MoveToken { id, to } = command else {
                panic!("only moves");
            };
            let token = enc.tokens.iter_mut().find(|t| t.id == id).unwrap();
            token.cell = to;
        }
        let fits = |t: &Token| {
            footprint_cells(grid, t.size, t.cell)
                .iter()
                .all(|c| enc.map.contains(*c) && !enc.obstacle_cells.contains(c))
        };
        for (token, old) in enc.tokens.iter().zip(&before) {
            if fits(old) {
                prop_assert_eq!(token.cell, old.cell, "a token that fitted moved");
                continue;
            }
            prop_assert!(fits(token), "{:?} is still off the map or on an obstacle", token.cell);
            let mine = footprint_cells(grid, token.size, token.cell);
            for other in enc.tokens.iter().filter(|t| t.id != token.id) {
                let theirs = footprint_cells(grid, other.size, other.cell);
                prop_assert!(!mine.iter().any(|c| theirs.contains(c)), "{:?} overlaps {:?}", token.cell, other.cell);
            }
        }
    }
}
