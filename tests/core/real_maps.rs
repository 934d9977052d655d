//! Line of sight on the two real Universal VTT maps in `../shared/maps/`, between points read
//! off their images (walls drawn over the picture, one grid square per cell):
//! - `cave-sample`: one large room (a rough cave to the west, a planked hall, a stone hall to
//!   the east), rock all round, two closed wooden boxes below it and three closed doors in its
//!   outline; the top door spans (11, 6)–(12, 6).
//! - `cropped-origin-sample` (origin (2, 1), so file point (7, 3) is map point (5, 2)): a
//!   plank room split by a wall at x = 5 with a closed door at y 1.5–2.5 and an open one at
//!   y 7.62–8.38, and a stone pillar around (4, 8) in the west half.

use std::path::Path;

use lantern::board::{Scene, VerdictKind};
use lantern::edit::apply;
use lantern::files::import_uvtt;
use lantern::model::{
    Cell, Command, Encounter, GridPoint, RuleSystem, Side, Token, TokenId, WallKind,
};

const MAPS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/maps");

fn load(name: &str) -> Encounter {
    match import_uvtt(&Path::new(MAPS).join(name), RuleSystem::GoForthHeroes) {
        Ok(import) => import.encounter,
        Err(e) => panic!("{name}: {e}"),
    }
}

/// Whether `p` lies inside the polygon (even-odd).
fn inside(poly: &[GridPoint], p: GridPoint) -> bool {
    let mut odd = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if (a.y > p.y) != (b.y > p.y) && a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) > p.x {
            odd = !odd;
        }
    }
    odd
}

/// Whether a viewer standing at `a` sees the point `b` (and the other way round: sight is
/// symmetric, and both polygons must agree).
fn sees(scene: &Scene, a: (f64, f64), b: (f64, f64)) -> bool {
    let (a, b) = (GridPoint::new(a.0, a.1), GridPoint::new(b.0, b.1));
    let there = inside(&scene.sight_polygon(a, None), b);
    let back = inside(&scene.sight_polygon(b, None), a);
    assert_eq!(there, back, "{a:?} and {b:?} disagree");
    there
}

/// Sets the door at `point` (map space, on the door) open or closed with a command.
fn set_door(enc: &mut Encounter, point: (f64, f64), open: bool) {
    let Some(door) = enc.walls.iter().find(|w| {
        matches!(w.kind, WallKind::Door { .. })
            && (w.a.x.min(w.b.x)..=w.a.x.max(w.b.x)).contains(&point.0)
            && (w.a.y.min(w.b.y)..=w.a.y.max(w.b.y)).contains(&point.1)
    }) else {
        panic!("no door at {point:?}");
    };
    let id = door.id;
    let kind = WallKind::Door { open };
    if let Err(e) = apply(enc, Command::SetWallKind { id, kind }) {
        panic!("setting the door: {e}");
    }
}

#[test]
fn cave_hall_sees_across_itself_and_not_into_the_rock_or_the_boxes() {
    let scene = Scene::new(&load("cave-sample.dd2vtt"));
    // Planked hall to stone hall, and the cave's west lobe to the stone hall.
    assert!(sees(&scene, (8.5, 8.5), (15.5, 9.5)));
    assert!(sees(&scene, (2.5, 9.0), (15.5, 9.5)));
    // Into the rock above the hall, through its upper wall at y = 5.
    assert!(!sees(&scene, (8.5, 8.5), (8.5, 2.5)));
    // Into the closed box at (5..7, 17..19), through the wall at y = 16 and the box's own.
    assert!(!sees(&scene, (8.5, 8.5), (6.0, 18.0)));
    assert!(!sees(&scene, (15.5, 9.5), (10.5, 17.5)));
}

#[test]
fn cave_top_door_opened_lets_the_hall_see_out() {
    let mut enc = load("cave-sample.dd2vtt");
    let inside_hall = (11.5, 8.5);
    let outside = (11.5, 3.5);
    assert!(!sees(&Scene::new(&enc), inside_hall, outside));
    set_door(&mut enc, (11.5, 6.0), true);
    assert!(sees(&Scene::new(&enc), inside_hall, outside));
    // The same with tokens, by the corner-counting verdict: none, then clear.
    let mut enc = load("cave-sample.dd2vtt");
    enc.tokens = vec![
        Token::new(TokenId(1), "Bram", Side::Party, Cell::new(11, 8)),
        Token::new(TokenId(2), "Lurker", Side::Enemy, Cell::new(11, 3)),
    ];
    let verdict = |enc: &Encounter| {
        Scene::new(enc)
            .verdict(TokenId(1), TokenId(2))
            .unwrap()
            .kind
    };
    assert_eq!(verdict(&enc), VerdictKind::NoSight);
    set_door(&mut enc, (11.5, 6.0), true);
    assert_eq!(verdict(&enc), VerdictKind::Clear);
}

#[test]
fn cropped_rooms_see_within_and_through_the_open_door_only() {
    let mut enc = load("cropped-origin-sample.dd2vtt");
    let scene = Scene::new(&enc);
    // Within the west room, and the east room's far corners.
    assert!(sees(&scene, (2.5, 4.5), (3.5, 7.0)));
    assert!(sees(&scene, (5.5, 1.5), (8.5, 8.5)));
    // Across the dividing wall at x = 5.
    assert!(!sees(&scene, (3.5, 4.5), (7.5, 4.5)));
    // Through the open door at y 7.62–8.38.
    assert!(sees(&scene, (4.7, 8.0), (8.5, 8.0)));
    // The pillar around (4, 8) hides what is straight behind it.
    assert!(!sees(&scene, (2.5, 8.0), (4.8, 8.0)));
    // The closed door at y 1.5–2.5 hides the east room until it opens.
    assert!(!sees(&scene, (4.5, 2.0), (6.5, 2.0)));
    set_door(&mut enc, (5.0, 2.0), true);
    assert!(sees(&Scene::new(&enc), (4.5, 2.0), (6.5, 2.0)));
}
