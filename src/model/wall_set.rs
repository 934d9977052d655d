//! Wall sets as files and importers deliver them, made fit for the board: duplicates and
//! collinear overlaps merged, stacked identical doors collapsed, and crossings counted, so every
//! later pass (the board's scene, the party's fog) stays near-linear in the walls.

use std::collections::HashMap;

use super::{GridPoint, Wall, WallKind};

/// Why a wall set is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WallSetError {
    #[error("the walls cross each other more than {max} times")]
    TooManyCrossings { max: usize },
}

/// How close (in cells) two numbers must be to count as the same line or the same end.
const EPSILON: f64 = 1e-9;

/// Merges walls that lie on one line and overlap into one wall, keeping the first one's id and
/// its place in the list; identical walls (and stacked identical doors) become one. Walls of
/// different kinds are never merged, and doors only when they are identical, so a double door
/// stays two doors. Zero-length walls, which block nothing, are dropped. Runs in `O(n log n)`.
pub fn normalise_walls(walls: Vec<Wall>) -> Vec<Wall> {
    let mut lines: HashMap<LineKey, Vec<Span>> = HashMap::new();
    for (index, wall) in walls.iter().enumerate() {
        if let Some((key, span)) = span_of(wall, index) {
            lines.entry(key).or_default().push(span);
        }
    }
    let mut keep: Vec<(usize, GridPoint, GridPoint)> = Vec::with_capacity(walls.len());
    for (key, mut spans) in lines {
        spans.sort_by(|p, q| p.start.total_cmp(&q.start).then(p.index.cmp(&q.index)));
        merge_spans(&spans, key.door, &mut keep);
    }
    keep.sort_unstable_by_key(|k| k.0);
    let mut walls: Vec<Option<Wall>> = walls.into_iter().map(Some).collect();
    keep.into_iter()
        .filter_map(|(index, a, b)| {
            let mut wall = walls.get_mut(index)?.take()?;
            // A wall nothing merged into keeps its ends in the order the file gave them.
            let unchanged = (wall.a == a && wall.b == b) || (wall.a == b && wall.b == a);
            if !unchanged {
                (wall.a, wall.b) = (a, b);
            }
            Some(wall)
        })
        .collect()
}

/// Which line (and kind) a wall lies on, quantised so collinear walls share a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct LineKey {
    kind: WallKind,
    door: bool,
    direction: (i64, i64),
    offset: i64,
}

/// A wall as an interval along its line.
#[derive(Clone, Copy, Debug)]
struct Span {
    index: usize,
    start: f64,
    end: f64,
    a: GridPoint,
    b: GridPoint,
}

fn span_of(wall: &Wall, index: usize) -> Option<(LineKey, Span)> {
    let (mut a, mut b) = (wall.a, wall.b);
    if (b.x, b.y) < (a.x, a.y) {
        std::mem::swap(&mut a, &mut b);
    }
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length = dx.hypot(dy);
    if !(length > EPSILON && length.is_finite()) {
        return None;
    }
    let (ux, uy) = (dx / length, dy / length);
    let quantise = |v: f64| (v / EPSILON / 1e3).round() as i64;
    let key = LineKey {
        kind: wall.kind,
        door: matches!(wall.kind, WallKind::Door { .. }),
        direction: (quantise(ux), quantise(uy)),
        offset: quantise(ux * a.y - uy * a.x),
    };
    let along = |p: GridPoint| ux * p.x + uy * p.y;
    let span = Span {
        index,
        start: along(a),
        end: along(b),
        a,
        b,
    };
    Some((key, span))
}

/// Merges sorted spans of one line: overlapping ones (for doors: identical ones) become one.
fn merge_spans(spans: &[Span], door: bool, keep: &mut Vec<(usize, GridPoint, GridPoint)>) {
    let mut current: Option<Span> = None;
    for &span in spans {
        current = Some(match current {
            Some(run) if merges(&run, &span, door) => Span {
                index: run.index.min(span.index),
                end: run.end.max(span.end),
                b: if span.end > run.end { span.b } else { run.b },
                ..run
            },
            Some(run) => {
                keep.push((run.index, run.a, run.b));
                span
            }
            None => span,
        });
    }
    if let Some(run) = current {
        keep.push((run.index, run.a, run.b));
    }
}

fn merges(run: &Span, next: &Span, door: bool) -> bool {
    if door {
        (next.start - run.start).abs() <= EPSILON && (next.end - run.end).abs() <= EPSILON
    } else {
        next.start < run.end - EPSILON
            || ((next.start - run.start).abs() <= EPSILON && (next.end - run.end).abs() <= EPSILON)
    }
}

/// Whether `wall` crosses the interior of any of `walls`: one pass, so a command adding a wall
/// recounts every crossing ([`count_crossings`]) only when the new wall adds some.
pub fn crosses_any(walls: &[Wall], wall: &Wall) -> bool {
    let (lo_x, hi_x) = (wall.a.x.min(wall.b.x), wall.a.x.max(wall.b.x));
    let (lo_y, hi_y) = (wall.a.y.min(wall.b.y), wall.a.y.max(wall.b.y));
    walls.iter().any(|w| {
        w.a.x.max(w.b.x) >= lo_x
            && w.a.x.min(w.b.x) <= hi_x
            && w.a.y.max(w.b.y) >= lo_y
            && w.a.y.min(w.b.y) <= hi_y
            && proper_crossing(w.a, w.b, wall.a, wall.b).is_some()
    })
}

/// The side of the square buckets [`count_crossings`] sorts walls into, in cells.
const BUCKET_CELLS: f64 = 8.0;

/// Counts the places where two walls cross each other's interiors, stopping once the count
/// passes `limit`. Walls are sorted into buckets along their length, and a crossing is counted
/// in the bucket it lies in, so the work is the pairs sharing a bucket, not every pair.
pub fn count_crossings(walls: &[Wall], limit: usize) -> Result<usize, WallSetError> {
    let lists: Vec<Vec<(i64, i64)>> = walls.iter().map(|w| buckets_along(w.a, w.b)).collect();
    let all = lists.iter().flatten();
    let (Some(lo_x), Some(lo_y)) = (
        all.clone().map(|b| b.0).min(),
        all.clone().map(|b| b.1).min(),
    ) else {
        return Ok(0);
    };
    let hi_x = all.clone().map(|b| b.0).max().unwrap_or(lo_x);
    let hi_y = all.map(|b| b.1).max().unwrap_or(lo_y);
    // Dense: bucket numbers are clamped to the allowed area, at most ~750 a side.
    let cols = hi_x - lo_x + 1;
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); (cols * (hi_y - lo_y + 1)) as usize];
    let slot = |(x, y): (i64, i64)| ((y - lo_y) * cols + (x - lo_x)) as usize;
    for (i, list) in lists.iter().enumerate() {
        for &bucket in list {
            buckets[slot(bucket)].push(i as u32);
        }
    }
    let mut count = 0;
    for (index, members) in buckets.iter().enumerate() {
        for (n, &i) in members.iter().enumerate() {
            for &j in &members[n + 1..] {
                let (p, q) = (&walls[i as usize], &walls[j as usize]);
                if let Some(x) = proper_crossing(p.a, p.b, q.a, q.b)
                    && bucket_of(x).is_some_and(|b| {
                        (lo_x..=hi_x).contains(&b.0)
                            && (lo_y..=hi_y).contains(&b.1)
                            && slot(b) == index
                    })
                {
                    count += 1;
                    if count > limit {
                        return Err(WallSetError::TooManyCrossings { max: limit });
                    }
                }
            }
        }
    }
    Ok(count)
}

/// The bucket a point lies in, its numbers clamped to the allowed area (a few buckets beyond),
/// so no coordinate can make the bucket grid large.
fn bucket_of(p: GridPoint) -> Option<(i64, i64)> {
    let limit = (f64::from(super::MAX_COORDINATE) / BUCKET_CELLS).ceil() + 2.0;
    let number = |v: f64| (v / BUCKET_CELLS).floor().clamp(-limit, limit) as i64;
    (p.x.is_finite() && p.y.is_finite()).then(|| (number(p.x), number(p.y)))
}

/// Every bucket the segment `a → b` passes through (a few extra at the edges).
fn buckets_along(a: GridPoint, b: GridPoint) -> Vec<(i64, i64)> {
    let steep = (b.y - a.y).abs() > (b.x - a.x).abs();
    // Walk the longer axis bucket by bucket; `flip` swaps x and y for steep walls.
    let flip = |p: GridPoint| if steep { GridPoint::new(p.y, p.x) } else { p };
    let (mut p, mut q) = (flip(a), flip(b));
    if q.x < p.x {
        std::mem::swap(&mut p, &mut q);
    }
    let (Some((c0, _)), Some((c1, _))) = (bucket_of(p), bucket_of(q)) else {
        return Vec::new();
    };
    let slope = if q.x > p.x {
        (q.y - p.y) / (q.x - p.x)
    } else {
        0.0
    };
    let mut out = Vec::new();
    for c in c0..=c1 {
        let (left, right) = (
            (c as f64 * BUCKET_CELLS).max(p.x),
            ((c + 1) as f64 * BUCKET_CELLS).min(q.x),
        );
        let (ya, yb) = (p.y + slope * (left - p.x), p.y + slope * (right - p.x));
        let (Some((_, r0)), Some((_, r1))) = (
            bucket_of(GridPoint::new(0.0, ya.min(yb))),
            bucket_of(GridPoint::new(0.0, ya.max(yb))),
        ) else {
            continue;
        };
        for r in r0..=r1 {
            out.push(if steep { (r, c) } else { (c, r) });
        }
    }
    out
}

/// Where the interiors of `ab` and `cd` cross, if they cross properly (not just touch).
fn proper_crossing(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> Option<GridPoint> {
    let orient = |p: GridPoint, q: GridPoint, r: GridPoint| {
        (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
    };
    let (oa, ob) = (orient(c, d, a), orient(c, d, b));
    let (oc, od) = (orient(a, b, c), orient(a, b, d));
    if oa * ob >= 0.0 || oc * od >= 0.0 {
        return None;
    }
    let along = oa / (oa - ob);
    Some(GridPoint::new(
        a.x + (b.x - a.x) * along,
        a.y + (b.y - a.y) * along,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::WallId;

    fn wall(id: u64, a: (f64, f64), b: (f64, f64), kind: WallKind) -> Wall {
        Wall {
            id: WallId(id),
            a: GridPoint::new(a.0, a.1),
            b: GridPoint::new(b.0, b.1),
            kind,
        }
    }

    #[test]
    fn identical_walls_become_one() {
        let walls = (1..=100)
            .map(|i| wall(i, (0.0, 0.0), (5.0, 0.0), WallKind::Wall))
            .collect();
        let out = normalise_walls(walls);
        assert_eq!(out, vec![wall(1, (0.0, 0.0), (5.0, 0.0), WallKind::Wall)]);
    }

    #[test]
    fn collinear_overlaps_merge_and_touching_walls_stay_apart() {
        let walls = vec![
            wall(1, (0.0, 0.0), (4.0, 4.0), WallKind::Wall),
            wall(2, (6.0, 6.0), (2.0, 2.0), WallKind::Wall),
            wall(3, (6.0, 6.0), (8.0, 8.0), WallKind::Wall),
        ];
        let out = normalise_walls(walls);
        assert_eq!(
            out,
            vec![
                wall(1, (0.0, 0.0), (6.0, 6.0), WallKind::Wall),
                wall(3, (6.0, 6.0), (8.0, 8.0), WallKind::Wall),
            ]
        );
    }

    #[test]
    fn stacked_doors_collapse_but_a_double_door_stays_two() {
        let door = WallKind::Door { open: false };
        let mut walls: Vec<Wall> = (1..=50)
            .map(|i| wall(i, (0.0, 0.0), (1.0, 0.0), door))
            .collect();
        walls.push(wall(60, (1.0, 0.0), (2.0, 0.0), door));
        walls.push(wall(61, (0.0, 0.0), (1.0, 0.0), WallKind::Window));
        let out = normalise_walls(walls);
        let ids: Vec<u64> = out.iter().map(|w| w.id.0).collect();
        assert_eq!(ids, vec![1, 60, 61]);
    }

    #[test]
    fn crossings_are_counted_once_each() {
        // A 3×3 lattice of long lines: 3 horizontal × 3 vertical = 9 crossings.
        let mut walls = Vec::new();
        for i in 0..3 {
            let v = 10.0 + 20.0 * f64::from(i);
            walls.push(wall(1, (0.0, v), (100.0, v), WallKind::Wall));
            walls.push(wall(1, (v, 0.0), (v, 100.0), WallKind::Wall));
        }
        assert_eq!(count_crossings(&walls, 100), Ok(9));
        assert_eq!(
            count_crossings(&walls, 5),
            Err(WallSetError::TooManyCrossings { max: 5 })
        );
        // Touching at an end is not crossing.
        let touching = [
            wall(1, (0.0, 0.0), (1.0, 0.0), WallKind::Wall),
            wall(2, (1.0, 0.0), (1.0, 1.0), WallKind::Wall),
        ];
        assert_eq!(count_crossings(&touching, 100), Ok(0));
    }
}
