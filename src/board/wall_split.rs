//! Drawing walls, doors and windows as one command: a door or window drawn along an existing
//! segment cuts that segment there, so opening the door really opens the wall.
//!
//! A segment lies "along" another when both its ends are within [`ON_LINE_CELLS`] of the other's
//! line and the two overlap by more than a hair. The cut keeps what lies outside the opening:
//! nothing, one piece or two, each ending exactly on the opening's own end points, so no sliver
//! of gap is left for a line of sight to slip through beside a closed door.

use crate::model::{Command, GridPoint, Wall, WallId, WallKind};

/// How far (in cells) an opening's ends may sit off a wall's line and still cut it: a click made
/// with Shift (no snapping) a few pixels off the wall still lands on it.
pub const ON_LINE_CELLS: f64 = 0.05;

/// Overlaps and leftover pieces shorter than this (in cells) are treated as none.
const MIN_LENGTH_CELLS: f64 = 1e-6;

/// One `AddWall` per segment of the polyline `points` (fresh ids from `first_id` on), as one
/// batch. Doors and windows also cut every segment they are drawn along (walls, windows and
/// doors alike): the covered stretch is removed and the parts outside it stay, in the same
/// batch, so the whole drawing is one undo step. `None` for fewer than two distinct corners.
pub fn draw_segments_command(
    walls: &[Wall],
    first_id: WallId,
    points: &[GridPoint],
    kind: WallKind,
) -> Option<Command> {
    let opening = matches!(kind, WallKind::Door { .. } | WallKind::Window);
    let mut current = walls.to_vec();
    let mut next_id = first_id.0;
    let mut commands = Vec::new();
    for pair in points.windows(2).filter(|pair| pair[0] != pair[1]) {
        let wall = Wall {
            id: WallId(next_id),
            a: pair[0],
            b: pair[1],
            kind,
        };
        next_id += 1;
        // The new segment first, so the undo menu names the drawing, not the cut.
        let cuts = if opening {
            cut_along(&mut current, &wall, &mut next_id)
        } else {
            Vec::new()
        };
        commands.push(Command::AddWall {
            wall: wall.clone(),
            index: None,
        });
        commands.extend(cuts);
        current.push(wall);
    }
    (!commands.is_empty()).then_some(Command::Batch(commands))
}

/// Cuts every segment of `walls` that `opening` lies along, in place, returning the commands
/// that do the same to the encounter. New pieces take fresh ids from `next_id`.
fn cut_along(walls: &mut Vec<Wall>, opening: &Wall, next_id: &mut u64) -> Vec<Command> {
    let mut commands = Vec::new();
    // From the end, so replacing one segment by its pieces never shifts one still to visit.
    for index in (0..walls.len()).rev() {
        let Some(pieces) = split(&walls[index], opening.a, opening.b) else {
            continue;
        };
        let old = walls.remove(index);
        commands.push(Command::RemoveWall(old.id));
        for (n, (a, b)) in pieces.into_iter().enumerate() {
            // The first piece keeps the segment's id; a second one needs its own.
            let id = if n == 0 {
                old.id
            } else {
                *next_id += 1;
                WallId(*next_id - 1)
            };
            let piece = Wall { id, a, b, ..old };
            commands.push(Command::AddWall {
                wall: piece.clone(),
                index: Some(index + n),
            });
            walls.insert(index + n, piece);
        }
    }
    commands
}

/// What is left of `wall` once the stretch from `p` to `q` is cut out of it: `None` when that
/// stretch does not lie along the wall (so the wall stays whole), otherwise the zero, one or two
/// pieces outside it, in order from `wall.a`. A piece runs from a wall end to the opening's end
/// point nearest it, so pieces and opening meet exactly.
pub fn split(wall: &Wall, p: GridPoint, q: GridPoint) -> Option<Vec<(GridPoint, GridPoint)>> {
    let (dx, dy) = (wall.b.x - wall.a.x, wall.b.y - wall.a.y);
    let length = dx.hypot(dy);
    if length < MIN_LENGTH_CELLS {
        return None;
    }
    let (ux, uy) = (dx / length, dy / length);
    // Distance along the wall from `a`, and off its line.
    let along = |r: GridPoint| (r.x - wall.a.x) * ux + (r.y - wall.a.y) * uy;
    let off = |r: GridPoint| ((r.x - wall.a.x) * uy - (r.y - wall.a.y) * ux).abs();
    if off(p) > ON_LINE_CELLS || off(q) > ON_LINE_CELLS {
        return None;
    }
    let ((near, t_near), (far, t_far)) = if along(p) <= along(q) {
        ((p, along(p)), (q, along(q)))
    } else {
        ((q, along(q)), (p, along(p)))
    };
    if t_far.min(length) - t_near.max(0.0) <= MIN_LENGTH_CELLS {
        return None;
    }
    let mut pieces = Vec::with_capacity(2);
    if t_near > MIN_LENGTH_CELLS {
        pieces.push((wall.a, near));
    }
    if length - t_far > MIN_LENGTH_CELLS {
        pieces.push((far, wall.b));
    }
    Some(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Scene;
    use crate::board::fog::seen_cells;
    use crate::edit::apply;
    use crate::model::{Cell, Encounter, RuleSystem, Side, Token, TokenId};

    fn pt(x: f64, y: f64) -> GridPoint {
        GridPoint::new(x, y)
    }

    fn wall(id: u64, a: (f64, f64), b: (f64, f64), kind: WallKind) -> Wall {
        Wall {
            id: WallId(id),
            a: pt(a.0, a.1),
            b: pt(b.0, b.1),
            kind,
        }
    }

    const DOOR: WallKind = WallKind::Door { open: false };

    /// A segment as `(a, b, kind)`, the ends as plain pairs for readable expectations.
    type Ends = ((f64, f64), (f64, f64), WallKind);

    fn ends(e: &Encounter) -> Vec<Ends> {
        e.walls
            .iter()
            .map(|w| ((w.a.x, w.a.y), (w.b.x, w.b.y), w.kind))
            .collect()
    }

    /// Draws `points` as `kind` on `e` through the command, returning the command's inverse.
    fn draw(e: &mut Encounter, points: &[GridPoint], kind: WallKind) -> Command {
        let command = draw_segments_command(&e.walls, e.fresh_wall_id(), points, kind).unwrap();
        apply(e, command).unwrap()
    }

    fn room() -> Encounter {
        let mut e = Encounter::new("split", RuleSystem::Evening);
        e.map.width_cells = 10;
        e.map.height_cells = 6;
        e.walls
            .push(wall(1, (5.0, 0.0), (5.0, 6.0), WallKind::Wall));
        e
    }

    #[test]
    fn a_door_in_the_middle_leaves_two_pieces_meeting_it() {
        //  a=(5,0) ──── (5,2) ▒door▒ (5,3) ──── b=(5,6)
        let mut e = room();
        draw(&mut e, &[pt(5.0, 2.0), pt(5.0, 3.0)], DOOR);
        assert_eq!(
            ends(&e),
            [
                ((5.0, 0.0), (5.0, 2.0), WallKind::Wall),
                ((5.0, 3.0), (5.0, 6.0), WallKind::Wall),
                ((5.0, 2.0), (5.0, 3.0), DOOR),
            ]
        );
        // The first piece keeps the wall's id; the door and the second piece are new.
        let ids: Vec<u64> = e.walls.iter().map(|w| w.id.0).collect();
        assert_eq!(ids, [1, 3, 2]);
    }

    #[test]
    fn a_door_drawn_backwards_or_at_an_end_leaves_one_piece() {
        let mut e = room();
        // Drawn from (5,1) up to (5,0): the wall's first cell.
        draw(&mut e, &[pt(5.0, 1.0), pt(5.0, 0.0)], WallKind::Window);
        assert_eq!(
            ends(&e),
            [
                ((5.0, 1.0), (5.0, 6.0), WallKind::Wall),
                ((5.0, 1.0), (5.0, 0.0), WallKind::Window),
            ]
        );
    }

    #[test]
    fn a_door_over_the_whole_wall_or_past_its_end_replaces_what_it_covers() {
        let mut e = room();
        draw(&mut e, &[pt(5.0, -1.0), pt(5.0, 7.0)], DOOR);
        assert_eq!(ends(&e), [((5.0, -1.0), (5.0, 7.0), DOOR)]);
        let mut e = room();
        draw(&mut e, &[pt(5.0, 5.0), pt(5.0, 8.0)], DOOR);
        assert_eq!(
            ends(&e),
            [
                ((5.0, 0.0), (5.0, 5.0), WallKind::Wall),
                ((5.0, 5.0), (5.0, 8.0), DOOR)
            ]
        );
    }

    #[test]
    fn segments_not_along_the_door_stay_whole() {
        // Crossing, parallel a cell away, collinear but only touching an end, and a plain wall
        // drawn over a wall: nothing is cut.
        let cases = [
            ([pt(4.0, 3.0), pt(6.0, 3.0)], DOOR),
            ([pt(6.0, 1.0), pt(6.0, 2.0)], DOOR),
            ([pt(5.0, 6.0), pt(5.0, 7.0)], DOOR),
            ([pt(5.0, 2.0), pt(5.0, 3.0)], WallKind::Wall),
        ];
        for (points, kind) in cases {
            let mut e = room();
            draw(&mut e, &points, kind);
            assert_eq!(e.walls.len(), 2, "{points:?}");
            assert_eq!(e.walls[0], room().walls[0]);
        }
    }

    #[test]
    fn a_door_a_hair_off_the_line_still_cuts_and_meets_the_pieces() {
        let mut e = room();
        draw(&mut e, &[pt(5.03, 2.0), pt(4.98, 3.0)], DOOR);
        assert_eq!(
            ends(&e),
            [
                ((5.0, 0.0), (5.03, 2.0), WallKind::Wall),
                ((4.98, 3.0), (5.0, 6.0), WallKind::Wall),
                ((5.03, 2.0), (4.98, 3.0), DOOR),
            ]
        );
    }

    #[test]
    fn a_door_across_several_segments_cuts_each_and_a_polyline_cuts_its_own_pieces() {
        // An imported wall in three pieces along y = 2; a door from x = 1 to 5 covers parts of
        // all three.
        let mut e = Encounter::new("split", RuleSystem::Evening);
        e.walls
            .push(wall(1, (0.0, 2.0), (2.0, 2.0), WallKind::Wall));
        e.walls
            .push(wall(2, (2.0, 2.0), (4.0, 2.0), WallKind::Wall));
        e.walls
            .push(wall(3, (4.0, 2.0), (6.0, 2.0), WallKind::Wall));
        draw(&mut e, &[pt(1.0, 2.0), pt(5.0, 2.0)], DOOR);
        assert_eq!(
            ends(&e),
            [
                ((0.0, 2.0), (1.0, 2.0), WallKind::Wall),
                ((5.0, 2.0), (6.0, 2.0), WallKind::Wall),
                ((1.0, 2.0), (5.0, 2.0), DOOR),
            ]
        );
        // Two windows in one polyline along x = 0 (1→2→3), over one wall: the second window
        // cuts the piece the first one left, and (0,0)–(0,1) and (0,3)–(0,4) remain.
        let mut e = Encounter::new("split", RuleSystem::Evening);
        e.walls
            .push(wall(1, (0.0, 0.0), (0.0, 4.0), WallKind::Wall));
        draw(
            &mut e,
            &[pt(0.0, 1.0), pt(0.0, 2.0), pt(0.0, 3.0)],
            WallKind::Window,
        );
        assert_eq!(
            ends(&e),
            [
                ((0.0, 0.0), (0.0, 1.0), WallKind::Wall),
                ((0.0, 3.0), (0.0, 4.0), WallKind::Wall),
                ((0.0, 1.0), (0.0, 2.0), WallKind::Window),
                ((0.0, 2.0), (0.0, 3.0), WallKind::Window),
            ]
        );
    }

    #[test]
    fn drawing_is_one_command_and_its_inverse_restores_the_walls() {
        let mut e = room();
        let before = e.clone();
        let inverse = draw(&mut e, &[pt(5.0, 2.0), pt(5.0, 3.0)], DOOR);
        assert!(matches!(inverse, Command::Batch(_)));
        apply(&mut e, inverse).unwrap();
        assert_eq!(e, before);
    }

    #[test]
    fn an_open_door_drawn_over_a_wall_lets_the_party_see_through() {
        // The room of `board::fog`'s wall test: a scout west of the full-height wall at x = 5.
        let mut e = room();
        e.tokens.push(Token::new(
            TokenId(1),
            "Scout",
            Side::Party,
            Cell::new(1, 2),
        ));
        let seen = |e: &Encounter| seen_cells(&Scene::new(e), Side::Party, None);
        assert_eq!(seen(&e).len(), 30, "the west room only");
        draw(&mut e, &[pt(5.0, 2.0), pt(5.0, 3.0)], DOOR);
        assert_eq!(seen(&e).len(), 30, "a closed door still blocks");
        let door = e.walls.iter().find(|w| w.kind == DOOR).unwrap().id;
        apply(
            &mut e,
            Command::SetWallKind {
                id: door,
                kind: WallKind::Door { open: true },
            },
        )
        .unwrap();
        let open = seen(&e);
        assert!(open.contains(Cell::new(5, 2)), "the cell beyond the door");
        assert!(
            open.contains(Cell::new(9, 2)),
            "the far wall of the east room"
        );
        assert!(
            !open.contains(Cell::new(5, 0)),
            "the wall beside the door still blocks"
        );
    }

    proptest::proptest! {
        /// Along the line y = 0: a wall from `wa` to `wb` and a door from `da` to `db`, all on
        /// whole cells. After drawing, every whole-cell stretch is covered by the door exactly
        /// when the door covers it, and by the wall's pieces exactly when the old wall covered
        /// it and the door does not.
        #[test]
        fn pieces_and_door_cover_the_line_exactly(
            wa in -5i32..15, wl in 1i32..10, da in -5i32..15, dl in 1i32..10, flip: bool,
        ) {
            let (wb, db) = (wa + wl, da + dl);
            let mut e = Encounter::new("split", RuleSystem::Evening);
            e.walls.push(wall(1, (f64::from(wa), 0.0), (f64::from(wb), 0.0), WallKind::Wall));
            let (p, q) = (pt(f64::from(da), 0.0), pt(f64::from(db), 0.0));
            let points = if flip { [q, p] } else { [p, q] };
            let before = e.clone();
            let inverse = draw(&mut e, &points, DOOR);
            let covers = |w: &Wall, x: f64| {
                let (lo, hi) = (w.a.x.min(w.b.x), w.a.x.max(w.b.x));
                lo < x && x < hi
            };
            for x in (-6..26).map(|x| f64::from(x) + 0.5) {
                let in_door = (f64::from(da)..f64::from(db)).contains(&x);
                let in_wall = (f64::from(wa)..f64::from(wb)).contains(&x);
                let doors = e.walls.iter().filter(|w| w.kind == DOOR && covers(w, x)).count();
                let walls = e.walls.iter().filter(|w| w.kind == WallKind::Wall && covers(w, x)).count();
                proptest::prop_assert_eq!(doors, usize::from(in_door));
                proptest::prop_assert_eq!(walls, usize::from(in_wall && !in_door));
            }
            apply(&mut e, inverse).unwrap();
            proptest::prop_assert_eq!(e, before);
        }
    }
}
