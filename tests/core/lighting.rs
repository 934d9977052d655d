//! Illumination from the map's lights (`board::light`), the party's sight in it (`board::fog`), and
//! what the light does to an attack (`combat::vision`). Hand-drawn scenes with their tables worked
//! out by hand (distances from the light to each cell's centre; rays past pillar and door edges),
//! then property tests.
//!
//! Evening, Lighting: bright, dim and dark bands; Evening, Vision: dim is obscured, darkness
//! heavily obscured (Blinded); GFH, Blessing of Shadow: attacks against a token in darkness are
//! Hard.

use LightLevel::{Bright as B, Dark as X, Dim as D};
use lantern::board::Scene;
use lantern::board::fog::seen_cells_lit;
use lantern::board::grid::point_in_grid;
use lantern::board::light::{Illumination, LightLevel};
use lantern::combat::vision::{Obscurity, SightCheck, attack_light_effects, sighting};
use lantern::model::{
    Ambient, Cell, Encounter, GridKind, GridPoint, Light, LightKind, RuleSystem, Senses, Side,
    Token, TokenId, Wall, WallId, WallKind,
};
use proptest::prelude::*;

fn dark_map(grid: GridKind, w: u32, h: u32) -> Encounter {
    let mut enc = Encounter::new("light", RuleSystem::Evening);
    enc.map.grid = grid;
    enc.map.width_cells = w;
    enc.map.height_cells = h;
    enc.ambient = Ambient::Dark;
    enc
}

/// A light at `at` with the given radii.
fn light(at: GridPoint, bright: f64, dim: f64) -> Light {
    Light {
        bright_cells: Some(bright),
        range_cells: dim,
        ..Light::preset(LightKind::Custom, at)
    }
}

fn wall(id: u64, a: (f64, f64), b: (f64, f64), kind: WallKind) -> Wall {
    Wall {
        id: WallId(id),
        a: GridPoint::new(a.0, a.1),
        b: GridPoint::new(b.0, b.1),
        kind,
    }
}

fn lit(enc: &Encounter) -> Illumination {
    Illumination::new(&Scene::new(enc), enc)
}

/// The square map's levels as rows of `B` (bright), `D` (dim) and `.` (dark).
fn table(enc: &Encounter) -> Vec<String> {
    let lit = lit(enc);
    (0..enc.map.height_cells as i32)
        .map(|row| {
            (0..enc.map.width_cells as i32)
                .map(|col| match lit.at_cell(Cell::new(col, row)) {
                    LightLevel::Bright => 'B',
                    LightLevel::Dim => 'D',
                    LightLevel::Dark => '.',
                })
                .collect()
        })
        .collect()
}

#[test]
fn a_torch_behind_a_pillar_leaves_its_shadow_dark_on_squares() {
    // Torch at (1.5, 2.5), bright 2, dim 4; pillar cell (4, 2). Row 2's cells past the pillar
    // (d 4 and 5) are in its shadow; rows 1 and 3 pass above and below it (the ray to (4.5, 1.5)
    // crosses x = 4 at y ≈ 1.83, clear of the pillar's top at 2).
    let mut enc = dark_map(GridKind::Square, 8, 5);
    enc.lights.push(light(GridPoint::new(1.5, 2.5), 2.0, 4.0));
    enc.obstacle_cells.insert(Cell::new(4, 2));
    assert_eq!(
        table(&enc),
        [
            "DBDDD...", // d: √5 2 √5 √8 √13 | √20 > 4
            "BBBDD...", // d: √2 1 √2 √5 √10 | √17 > 4
            "BBBB....", // d: 1 0 1 2 (bright to 2 inclusive), pillar, shadow
            "BBBDD...", "DBDDD...",
        ]
    );
}

/// The wall at x = 4 with a door from y = 2 to 3, and a lantern at (3.25, 2.5) just inside.
fn doorway(open: bool) -> Encounter {
    let mut enc = dark_map(GridKind::Square, 8, 6);
    enc.walls = vec![
        wall(1, (4.0, 0.0), (4.0, 2.0), WallKind::Wall),
        wall(2, (4.0, 2.0), (4.0, 3.0), WallKind::Door { open }),
        wall(3, (4.0, 3.0), (4.0, 6.0), WallKind::Wall),
    ];
    enc.lights.push(light(GridPoint::new(3.25, 2.5), 1.5, 3.5));
    enc
}

#[test]
fn a_lantern_at_a_doorway_lights_a_cone_through_the_open_door() {
    // Through the gap the cone widens by 2/3 of a cell per cell east: at x = 4.5 it spans
    // y 1.67–3.33 (row 2 only), at 5.5 y 1–4 (rows 1–3), at 6.5 y 0.33–4.67 where only rows
    // 1–3 are within 3.5 of the lantern (row 0 and 4 are √(3.25² + 2²) ≈ 3.82 away).
    assert_eq!(
        table(&doorway(true)),
        [
            "DDDD....", "DDBB.DD.", "DDBBBDD.", "DDBB.DD.", "DDDD....",
            ".DDD....", // (0, 5) is √(2.75² + 3²) ≈ 4.07 away
        ]
    );
    let closed = table(&doorway(false));
    assert!(closed.iter().all(|row| row.ends_with("....")), "{closed:?}");
    assert_eq!(closed[2], "DDBB....");
}

#[test]
fn two_overlapping_lights_give_each_cell_the_brighter() {
    // Candle at (1.5, 0.5) bright 1 dim 2; torch at (5.5, 0.5) bright 2 dim 4. Cell 3 is at the
    // candle's dim edge (2, inclusive) and the torch's bright edge (2): bright wins. Cells 8 and
    // 9 are 3 and 4 from the torch: dim.
    let mut enc = dark_map(GridKind::Square, 11, 1);
    enc.lights.push(light(GridPoint::new(1.5, 0.5), 1.0, 2.0));
    enc.lights.push(light(GridPoint::new(5.5, 0.5), 2.0, 4.0));
    assert_eq!(table(&enc), ["BBBBBBBBDD."]);
    // Alone, the candle leaves cell 3 dim.
    enc.lights.pop();
    assert_eq!(table(&enc), ["BBBD......."]);
    // Dim ambient light is the floor.
    enc.ambient = Ambient::Dim;
    assert_eq!(table(&enc), ["BBBDDDDDDDD"]);
}

#[test]
fn darkvision_sees_to_its_edge_and_no_further() {
    // No light at all. A hero with darkvision 3 at cell 0 sees cells 0–3 (centres 0–3 away);
    // with normal sight only the cell it stands in; blind, the same.
    let mut enc = dark_map(GridKind::Square, 8, 1);
    let mut hero = Token::new(TokenId(1), "Hero", Side::Party, Cell::new(0, 0));
    hero.senses = Senses::Darkvision { range_cells: 3 };
    enc.tokens.push(hero);
    let seen = |enc: &Encounter| {
        let scene = Scene::new(enc);
        let mask = seen_cells_lit(&scene, enc, &Illumination::new(&scene, enc), Side::Party);
        (0..8)
            .filter(|&c| mask.contains(Cell::new(c, 0)))
            .collect::<Vec<_>>()
    };
    assert_eq!(seen(&enc), [0, 1, 2, 3]);
    enc.tokens[0].senses = Senses::Normal;
    assert_eq!(seen(&enc), [0]);
    enc.tokens[0].senses = Senses::Blind;
    assert_eq!(seen(&enc), [0]);
    // A torch 5 cells away lights cells 3–7; normal sight now sees those too.
    enc.tokens[0].senses = Senses::Normal;
    enc.lights.push(light(GridPoint::new(5.5, 0.5), 1.0, 2.0));
    assert_eq!(seen(&enc), [0, 3, 4, 5, 6, 7]);
}

/// The level of the hex cell `(q, r)`.
fn hex_level(lit: &Illumination, q: i32, r: i32) -> LightLevel {
    lit.at_cell(Cell::new(q, r))
}

#[test]
fn a_torch_behind_a_pillar_on_hexes() {
    // Flat-top hexes: centres along axial direction (1, 0) and (0, 1) are one unit apart per
    // step. Torch at hex (2, 2), bright 2.2, dim 4.2; pillar at (3, 2). Along (1, 0) the pillar and
    // the two hexes behind it are dark; along (-1, 0) and (0, 1) the bands follow the steps.
    let mut enc = dark_map(GridKind::HexFlat, 8, 10);
    let at = point_in_grid(GridKind::HexFlat, Cell::new(2, 2));
    enc.lights.push(light(at, 2.2, 4.2));
    enc.obstacle_cells.insert(Cell::new(3, 2));
    let lit = lit(&enc);
    let cases = [
        ((2, 2), B),
        ((3, 2), X),
        ((4, 2), X),
        ((5, 2), X),
        ((1, 2), B),
        ((0, 2), B),
        ((2, 3), B),
        ((2, 4), B),
        ((2, 5), D),
        ((2, 6), D),
        ((2, 7), X),
    ];
    for ((q, r), want) in cases {
        assert_eq!(hex_level(&lit, q, r), want, "hex ({q}, {r})");
    }
}

#[test]
fn a_lantern_at_a_doorway_on_hexes() {
    // A wall at x = 2.75 between hex columns 2 and 3, with a door from y = 3 to 4. Lantern at hex
    // (2, 2) = (2.31, 3.5), bright 1.2, dim 3.2 (neighbours are 1 away, the next ring 2, 3). Rays to (3, 2), (3, 1), (4, 2), (5, 2) and (4, 0)
    // cross x = 2.75 at y 3.75, 3.25, 3.75, 3.75 and 3.25: through the door. Rays to (3, 3) and
    // (3, 0) cross at 4.26 and 2.74: into the wall.
    let mut enc = dark_map(GridKind::HexFlat, 8, 8);
    let at = point_in_grid(GridKind::HexFlat, Cell::new(2, 2));
    enc.lights.push(light(at, 1.2, 3.2));
    let walls = |open| {
        vec![
            wall(1, (2.75, 0.0), (2.75, 3.0), WallKind::Wall),
            wall(2, (2.75, 3.0), (2.75, 4.0), WallKind::Door { open }),
            wall(3, (2.75, 4.0), (2.75, 12.0), WallKind::Wall),
        ]
    };
    enc.walls = walls(true);
    let open = lit(&enc);
    let cases = [
        ((3, 2), B),
        ((3, 1), B),
        ((4, 2), D),
        ((5, 2), D),
        ((4, 0), D),
        ((3, 3), X),
        ((3, 0), X),
        ((1, 2), B),
        ((2, 3), B),
    ];
    for ((q, r), want) in cases {
        assert_eq!(hex_level(&open, q, r), want, "open door, hex ({q}, {r})");
    }
    enc.walls = walls(false);
    let closed = lit(&enc);
    for (q, r) in [(3, 2), (3, 1), (4, 2), (5, 2), (4, 0)] {
        assert_eq!(hex_level(&closed, q, r), X, "closed door, hex ({q}, {r})");
    }
    assert_eq!(hex_level(&closed, 1, 2), B);
}

#[test]
fn a_gridless_point_is_lit_exactly_and_a_carried_light_follows_its_token() {
    let mut enc = dark_map(GridKind::Gridless, 10, 10);
    let hero = Token::new(TokenId(1), "Hero", Side::Party, Cell::new(2, 2));
    enc.tokens.push(hero);
    enc.lights.push(Light::carried(
        LightKind::Torch,
        TokenId(1),
        GridPoint::new(0.0, 0.0),
    ));
    // The torch (bright 4, dim 8) stands at the hero's centre (2.5, 2.5), not where it was
    // handed over.
    let lit = lit(&enc);
    assert_eq!(lit.at_point(GridPoint::new(6.4, 2.5)), LightLevel::Bright);
    assert_eq!(lit.at_point(GridPoint::new(6.6, 2.5)), LightLevel::Dim);
    assert_eq!(lit.at_point(GridPoint::new(10.4, 2.5)), LightLevel::Dim);
    assert_eq!(lit.at_point(GridPoint::new(10.6, 2.5)), LightLevel::Dark);
    // Off, it lights nothing.
    enc.lights[0].on = false;
    let lit = Illumination::new(&Scene::new(&enc), &enc);
    assert_eq!(lit.at_point(GridPoint::new(2.5, 2.5)), LightLevel::Dark);
}

#[test]
fn an_evening_attack_into_darkness_is_blinded_and_dim_light_gives_disadvantage() {
    // Evening, Vision: dim light → obscured ("disadvantage on aptitude checks which rely on
    // sight", nothing on attacks); darkness → heavily obscured (Blinded: disadvantage on
    // attacks, sight-based aptitude checks fail). GFH: an attack into darkness is Hard; dim:
    // nothing.
    let mut enc = dark_map(GridKind::Square, 12, 1);
    enc.tokens.push(Token::new(
        TokenId(1),
        "Archer",
        Side::Party,
        Cell::new(0, 0),
    ));
    enc.tokens.push(Token::new(
        TokenId(2),
        "Ghoul",
        Side::Enemy,
        Cell::new(9, 0),
    ));
    enc.lights.push(light(GridPoint::new(0.5, 0.5), 2.0, 4.0));
    let read = |enc: &Encounter| {
        let scene = Scene::new(enc);
        let lit = Illumination::new(&scene, enc);
        sighting(&scene, &lit, enc, TokenId(1), TokenId(2)).unwrap()
    };
    let dark = read(&enc);
    assert_eq!(dark.target_light, LightLevel::Dark);
    assert!(dark.in_line_of_sight && !dark.sees());
    assert_eq!(Obscurity::of(dark.as_seen), Obscurity::HeavilyObscured);
    let evening = attack_light_effects(RuleSystem::Evening, &dark);
    assert!(evening.blinded && evening.harder);
    assert_eq!(evening.sight_check, Some(SightCheck::Fails));
    assert!(evening.reasons[0].contains("Blinded"));
    let gfh = attack_light_effects(RuleSystem::GoForthHeroes, &dark);
    assert!(gfh.harder && gfh.reasons[0].contains("Hard"));
    let rr = attack_light_effects(RuleSystem::RoadAndRuin, &dark);
    assert!(rr.may_hide && !rr.harder);

    // The ghoul steps into the torch's dim light (3 cells away).
    enc.tokens[1].cell = Cell::new(3, 0);
    let dim = read(&enc);
    assert_eq!(dim.as_seen, LightLevel::Dim);
    let evening = attack_light_effects(RuleSystem::Evening, &dim);
    assert!(!evening.harder && !evening.blinded);
    assert_eq!(evening.sight_check, Some(SightCheck::Disadvantage));
    assert!(!attack_light_effects(RuleSystem::GoForthHeroes, &dim).harder);

    // Darkvision 12 sees the ghoul back at cell 9 as in dim light: no longer Hard in GFH.
    enc.tokens[1].cell = Cell::new(9, 0);
    enc.tokens[0].senses = Senses::Darkvision { range_cells: 12 };
    let seen = read(&enc);
    assert!(seen.sees());
    assert!(!attack_light_effects(RuleSystem::GoForthHeroes, &seen).harder);
}

/// A random small scene: lights (some off) a generic offset from the half cells, so no shadow
/// edge runs exactly through a cell centre, and walls on half cells.
#[derive(Clone, Debug)]
struct Sketch {
    lights: Vec<((i32, i32), u8, u8, bool)>,
    walls: Vec<((i32, i32), (i32, i32))>,
}

fn sketch() -> impl Strategy<Value = Sketch> {
    let half = || (0..24i32, 0..24i32);
    (
        prop::collection::vec((half(), 0..4u8, 1..6u8, any::<bool>()), 1..4),
        prop::collection::vec((half(), half()), 0..5),
    )
        .prop_map(|(lights, walls)| Sketch { lights, walls })
}

impl Sketch {
    /// The scene on a 24×24 map of `grid`, moved by `(dx, dy)` cells.
    fn encounter(&self, grid: GridKind, dx: i32, dy: i32) -> Encounter {
        let mut enc = dark_map(grid, 24, 24);
        let point = |p: (i32, i32)| {
            GridPoint::new(
                f64::from(p.0) / 2.0 + f64::from(dx),
                f64::from(p.1) / 2.0 + f64::from(dy),
            )
        };
        for &(at, bright, extra, on) in &self.lights {
            let at = point(at);
            let at = GridPoint::new(at.x + 0.123, at.y + 0.0457);
            let radii = (f64::from(bright) + 0.31, f64::from(bright + extra) + 0.31);
            let mut l = light(at, radii.0, radii.1);
            l.on = on;
            enc.lights.push(l);
        }
        for (i, &(a, b)) in self.walls.iter().enumerate() {
            if a != b {
                let (a, b) = (point(a), point(b));
                enc.walls
                    .push(wall(i as u64 + 1, (a.x, a.y), (b.x, b.y), WallKind::Wall));
            }
        }
        enc
    }
}

/// Each cell's level, `None` for a cell whose centre lies on a wall (within 0.01): which side
/// of a wall its own centre is on is a tie, not a property.
fn levels(enc: &Encounter) -> Vec<Option<LightLevel>> {
    let lit = lit(enc);
    (0..24)
        .flat_map(|row| (0..24).map(move |col| (col, row)))
        .map(|(col, row)| {
            let cell = enc.map.cell_at_offset(col, row);
            let p = point_in_grid(enc.map.grid, cell);
            (!on_a_wall(enc, p)).then(|| lit.at_cell(cell))
        })
        .collect()
}

fn on_a_wall(enc: &Encounter, p: GridPoint) -> bool {
    enc.walls.iter().any(|w| {
        let (ax, ay, bx, by) = (w.a.x, w.a.y, w.b.x, w.b.y);
        let (dx, dy) = (bx - ax, by - ay);
        let t = (((p.x - ax) * dx + (p.y - ay) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
        (ax + t * dx - p.x).hypot(ay + t * dy - p.y) < 0.01
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn adding_a_wall_never_adds_light(
        s in sketch(),
        grid in prop_oneof![Just(GridKind::Square), Just(GridKind::HexFlat)],
        a in (0..24i32, 0..24i32),
        b in (0..24i32, 0..24i32),
    ) {
        prop_assume!(a != b);
        let enc = s.encounter(grid, 0, 0);
        let before = levels(&enc);
        let mut walled = enc.clone();
        let p = |c: (i32, i32)| (f64::from(c.0) / 2.0, f64::from(c.1) / 2.0);
        walled.walls.push(wall(99, p(a), p(b), WallKind::Wall));
        let after = levels(&walled);
        for (i, (x, y)) in before.iter().zip(&after).enumerate() {
            if let (Some(x), Some(y)) = (x, y) {
                prop_assert!(y <= x, "cell {i}: {x:?} became {y:?}");
            }
        }
    }

    #[test]
    fn turning_a_light_on_never_darkens_a_cell(
        s in sketch(),
        grid in prop_oneof![Just(GridKind::Square), Just(GridKind::HexPointy)],
        which in 0..4usize,
    ) {
        let enc = s.encounter(grid, 0, 0);
        let which = which % enc.lights.len();
        let mut off = enc.clone();
        off.lights[which].on = false;
        let mut on = enc;
        on.lights[which].on = true;
        for (x, y) in levels(&off).iter().zip(&levels(&on)) {
            if let (Some(x), Some(y)) = (x, y) {
                prop_assert!(y >= x);
            }
        }
    }

    #[test]
    fn moving_the_whole_scene_moves_its_light(
        s in sketch(),
        dx in -6..6i32,
        dy in -6..6i32,
    ) {
        // Square and gridless maps: a whole-cell shift moves every cell centre by the same
        // amount, so each cell takes its old neighbour's light (within the map).
        for grid in [GridKind::Square, GridKind::Gridless] {
            let enc = s.encounter(grid, 0, 0);
            let here = lit(&enc);
            let there = lit(&s.encounter(grid, dx, dy));
            for row in 0..24 {
                for col in 0..24 {
                    let (c2, r2) = (col + dx, row + dy);
                    let centre = point_in_grid(grid, Cell::new(col, row));
                    let inside = (0..24).contains(&c2) && (0..24).contains(&r2);
                    if inside && !on_a_wall(&enc, centre) {
                        prop_assert_eq!(
                            here.at_cell(Cell::new(col, row)),
                            there.at_cell(Cell::new(c2, r2)),
                            "{:?} cell ({}, {})", grid, col, row
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_scene_given_new_tokens_answers_as_a_fresh_one() {
    // The app keeps the terrain when only tokens move (Scene::retoken): verdicts through a
    // token that moved in between must match a scene built from scratch.
    let mut enc = dark_map(GridKind::Square, 10, 5);
    enc.walls
        .push(wall(1, (5.0, 0.0), (5.0, 2.0), WallKind::Wall));
    for (id, side, cell) in [
        (1, Side::Party, Cell::new(1, 2)),
        (2, Side::Enemy, Cell::new(8, 2)),
        (3, Side::Enemy, Cell::new(4, 4)),
    ] {
        enc.tokens
            .push(Token::new(TokenId(id), format!("t{id}"), side, cell));
    }
    let mut kept = Scene::new(&enc);
    enc.tokens[2].cell = Cell::new(4, 2);
    kept.retoken(&enc);
    let fresh = Scene::new(&enc);
    for (a, b) in [(1, 2), (2, 1), (1, 3), (3, 2)] {
        assert_eq!(
            kept.verdict(TokenId(a), TokenId(b)),
            fresh.verdict(TokenId(a), TokenId(b)),
            "{a} → {b}"
        );
    }
    let cells = |s: &Scene| s.tokens.iter().map(|t| t.cells.clone()).collect::<Vec<_>>();
    assert_eq!(cells(&kept), cells(&fresh));
}

#[test]
fn the_action_flow_lists_the_light_as_a_contribution() {
    // Evening, Vision: an archer shooting into darkness is Blinded toward the target (a Harder
    // line, source `light`), and Combat, Range refuses the ranged attack (a target it can't
    // see), with a line saying why; GFH: an attack into darkness is Hard. Bright daylight adds
    // nothing.
    use lantern::combat::action::{ActionRequest, Lever, Source, build};
    use lantern::rules::CheckSetup;
    let mut enc = dark_map(GridKind::Square, 12, 1);
    enc.tokens.push(Token::new(
        TokenId(1),
        "Archer",
        Side::Party,
        Cell::new(0, 0),
    ));
    enc.tokens.push(Token::new(
        TokenId(2),
        "Ghoul",
        Side::Enemy,
        Cell::new(9, 0),
    ));
    let request = ActionRequest {
        actor: Some(TokenId(1)),
        targets: vec![TokenId(2)],
        attack: true,
        ..ActionRequest::default()
    };
    let lines = |enc: &Encounter, base: &CheckSetup| {
        build(enc, &request, base)
            .contributions
            .into_iter()
            .filter(|c| c.source == Source::Light)
            .map(|c| (c.text, c.lever))
            .collect::<Vec<_>>()
    };
    let evening = CheckSetup::Evening(lantern::rules::evening::EveningCheck::default());
    let blinded = lines(&enc, &evening);
    assert_eq!(blinded.len(), 2);
    assert!(blinded[0].0.contains("Blinded"));
    assert_eq!(blinded[0].1, Lever::Harder);
    assert!(
        blinded[1]
            .0
            .contains("a ranged attack needs a target it can see")
    );
    assert_eq!(blinded[1].1, Lever::Note);
    assert!(build(&enc, &request, &evening).refused.is_some());
    enc.system = RuleSystem::GoForthHeroes;
    let gfh = CheckSetup::GoForthHeroes(lantern::rules::go_forth_heroes::GfhCheck::default());
    assert_eq!(lines(&enc, &gfh)[0].1, Lever::Harder);
    enc.ambient = Ambient::Bright;
    assert!(lines(&enc, &gfh).is_empty());
}
