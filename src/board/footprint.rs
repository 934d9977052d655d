//! Footprints: the cells a token of each size covers.
//!
//! Square and gridless grids follow Evening's size table: a creature of space N covers N×N
//! squares, with its anchor cell at the top-left. Hex grids give each size a compact shape:
//! - space 1 (Tiny, Small, Medium): the anchor hex alone (1 hex);
//! - Large: a triangle of 3 mutually adjacent hexes, the anchor and its neighbours in axial
//!   directions `(1, 0)` and `(0, 1)`;
//! - Huge: the anchor and its six neighbours (7 hexes, anchor at the centre);
//! - Gargantuan: the Large triangle grown by one hex all round (12 hexes).

use std::collections::{BTreeSet, HashSet};

use crate::model::{Cell, Command, GridKind, GridPoint, MapSpec, SizeCategory, Token};

use super::grid::{HEX_DIRECTIONS, point_in_grid};

/// The cells a token of `size` anchored at `anchor` covers.
pub fn footprint_cells(grid: GridKind, size: SizeCategory, anchor: Cell) -> Vec<Cell> {
    if grid.is_hex() {
        hex_shape(size)
            .iter()
            .map(|d| Cell::new(anchor.x + d.x, anchor.y + d.y))
            .collect()
    } else {
        let n = size.space_cells() as i32;
        (0..n)
            .flat_map(|dy| (0..n).map(move |dx| Cell::new(anchor.x + dx, anchor.y + dy)))
            .collect()
    }
}

/// The centre of a footprint in map space: where the token is drawn and measured from.
pub fn footprint_centre(grid: GridKind, size: SizeCategory, anchor: Cell) -> GridPoint {
    let cells = footprint_cells(grid, size, anchor);
    let n = cells.len().max(1) as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(sx, sy), c| {
        let p = point_in_grid(grid, *c);
        (sx + p.x, sy + p.y)
    });
    GridPoint::new(sx / n, sy / n)
}

/// Offsets from the anchor for each hex size.
fn hex_shape(size: SizeCategory) -> Vec<Cell> {
    let origin = Cell::new(0, 0);
    let triangle = [origin, Cell::new(1, 0), Cell::new(0, 1)];
    match size {
        SizeCategory::Tiny | SizeCategory::Small | SizeCategory::Medium => vec![origin],
        SizeCategory::Large => triangle.to_vec(),
        SizeCategory::Huge => std::iter::once(origin).chain(HEX_DIRECTIONS).collect(),
        SizeCategory::Gargantuan => {
            let mut cells: Vec<Cell> = triangle
                .iter()
                .flat_map(|t| {
                    std::iter::once(*t).chain(
                        HEX_DIRECTIONS
                            .iter()
                            .map(|d| Cell::new(t.x + d.x, t.y + d.y)),
                    )
                })
                .collect();
            cells.sort_unstable();
            cells.dedup();
            cells
        }
    }
}

/// The anchor nearest `at` (by rings of the map's offset layout, `at` itself first, then each
/// ring's top row first) where a token of `size` lies wholly inside `map` and on no cell of
/// `taken`; `None` when no such anchor exists.
pub fn nearest_free_anchor<S: std::hash::BuildHasher>(
    map: &MapSpec,
    size: SizeCategory,
    at: Cell,
    taken: &HashSet<Cell, S>,
) -> Option<Cell> {
    let (col, row) = map.offset_of(at);
    let max_ring = map.width_cells.max(map.height_cells) as i32 * 2;
    (0..=max_ring).find_map(|ring| {
        ring_offsets(ring)
            .map(|(dc, dr)| map.cell_at_offset(col + dc, row + dr))
            .find(|anchor| {
                footprint_cells(map.grid, size, *anchor)
                    .iter()
                    .all(|c| map.contains(*c) && !taken.contains(c))
            })
    })
}

/// The offsets at Chebyshev distance `ring`, top row first (ring 0 is the cell itself).
fn ring_offsets(ring: i32) -> impl Iterator<Item = (i32, i32)> {
    (-ring..=ring)
        .flat_map(move |dr| (-ring..=ring).map(move |dc| (dc, dr)))
        .filter(move |(dc, dr)| dc.abs().max(dr.abs()) == ring)
}

/// The moves that bring `tokens` onto a map that replaced or resized the one they stood on
/// ("Use this map", a Universal VTT map replacing the encounter's, a smaller map size or another
/// grid): `map` is the new map and `obstacles` its obstacle cells.
///
/// A token whose footprint lies inside the new map and clear of its obstacles stays where it is —
/// the GM placed it, even on top of another token. Any other token moves to the free anchor
/// nearest its old place pulled into the map's rectangle (its column and row clamped), clear of
/// every token that stays and of those moved before it, so a party standing east of a smaller map
/// gathers along its east edge in the order the tokens are listed. A token with no free room
/// anywhere stays put (the file still loads: tokens may stand within the coordinate margin
/// outside the map).
pub fn gather_onto_map(
    map: &MapSpec,
    obstacles: &BTreeSet<Cell>,
    tokens: &[Token],
) -> Vec<Command> {
    gather(map, obstacles, tokens, |cell| !obstacles.contains(cell))
}

/// The moves that bring `tokens` onto `map` after the GM resized it or changed its grid: only a
/// token left (partly) beyond the map's edges moves, as in [`gather_onto_map`]; one the GM put on
/// an obstacle cell stays there, while a moved token never lands on one.
pub fn gather_onto_resized_map(
    map: &MapSpec,
    obstacles: &BTreeSet<Cell>,
    tokens: &[Token],
) -> Vec<Command> {
    gather(map, obstacles, tokens, |_| true)
}

/// Moves each token some cell of whose footprint is off `map` or not `allowed` (see
/// [`gather_onto_map`]).
fn gather(
    map: &MapSpec,
    obstacles: &BTreeSet<Cell>,
    tokens: &[Token],
    allowed: impl Fn(&Cell) -> bool,
) -> Vec<Command> {
    let mut taken: HashSet<Cell> = obstacles.iter().copied().collect();
    let fits = |token: &Token| {
        footprint_cells(map.grid, token.size, token.cell)
            .iter()
            .all(|c| map.contains(*c) && allowed(c))
    };
    let (staying, misplaced): (Vec<&Token>, Vec<&Token>) = tokens.iter().partition(|t| fits(t));
    for token in staying {
        taken.extend(footprint_cells(map.grid, token.size, token.cell));
    }
    let last_col = map.width_cells.saturating_sub(1) as i32;
    let last_row = map.height_cells.saturating_sub(1) as i32;
    let mut moves = Vec::new();
    for token in misplaced {
        let (col, row) = map.offset_of(token.cell);
        let at = map.cell_at_offset(col.clamp(0, last_col), row.clamp(0, last_row));
        if let Some(to) = nearest_free_anchor(map, token.size, at, &taken) {
            taken.extend(footprint_cells(map.grid, token.size, to));
            moves.push(Command::MoveToken { id: token.id, to });
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evening, Size (lines 620–628): space 1 for Tiny to Medium, 2 for Large, 3 for Huge, 4 for
    /// Gargantuan, "a square number": 1, 4, 9 and 16 cells.
    #[test]
    fn square_footprints_follow_the_space_table() {
        for (size, n) in [
            (SizeCategory::Tiny, 1),
            (SizeCategory::Medium, 1),
            (SizeCategory::Large, 4),
            (SizeCategory::Huge, 9),
            (SizeCategory::Gargantuan, 16),
        ] {
            assert_eq!(
                footprint_cells(GridKind::Square, size, Cell::new(3, 4)).len(),
                n
            );
        }
        let large = footprint_cells(GridKind::Square, SizeCategory::Large, Cell::new(4, 0));
        assert_eq!(
            large,
            vec![
                Cell::new(4, 0),
                Cell::new(5, 0),
                Cell::new(4, 1),
                Cell::new(5, 1)
            ]
        );
    }

    #[test]
    fn hex_footprints_are_1_3_7_12() {
        for grid in [GridKind::HexFlat, GridKind::HexPointy] {
            let counts: Vec<usize> = [
                SizeCategory::Medium,
                SizeCategory::Large,
                SizeCategory::Huge,
                SizeCategory::Gargantuan,
            ]
            .iter()
            .map(|s| footprint_cells(grid, *s, Cell::new(2, 2)).len())
            .collect();
            assert_eq!(counts, vec![1, 3, 7, 12]);
        }
    }

    #[test]
    fn huge_hex_is_centred_on_its_anchor() {
        let c = footprint_centre(GridKind::HexFlat, SizeCategory::Huge, Cell::new(3, 1));
        let a = point_in_grid(GridKind::HexFlat, Cell::new(3, 1));
        assert!((c.x - a.x).abs() < 1e-9 && (c.y - a.y).abs() < 1e-9);
    }
}
