//! Where a token may stand: footprints inside the map and free cells for new tokens.

use std::collections::HashSet;

use crate::board::footprint::footprint_cells;
use crate::model::{Cell, Encounter, MapSpec, SizeCategory, Token};

/// Whether a token of `size` anchored at `anchor` lies wholly inside the map.
pub fn fits_in_map(map: &MapSpec, size: SizeCategory, anchor: Cell) -> bool {
    footprint_cells(map.grid, size, anchor)
        .into_iter()
        .all(|c| map.contains(c))
}

/// The nearest anchor to `token`'s own where a copy of it fits in the map without overlapping a
/// token or an obstacle, searching outwards ring by ring in map columns and rows.
pub fn free_anchor_near(encounter: &Encounter, token: &Token) -> Option<Cell> {
    let map = &encounter.map;
    let mut taken: HashSet<Cell> = encounter.obstacle_cells.iter().copied().collect();
    for other in &encounter.tokens {
        taken.extend(footprint_cells(map.grid, other.size, other.cell));
    }
    let (col, row) = map.offset_of(token.cell);
    let max_ring = map.width_cells.max(map.height_cells) as i32;
    (1..=max_ring).find_map(|ring| {
        ring_offsets(ring)
            .map(|(dc, dr)| map.cell_at_offset(col + dc, row + dr))
            .find(|anchor| {
                footprint_cells(map.grid, token.size, *anchor)
                    .iter()
                    .all(|c| map.contains(*c) && !taken.contains(c))
            })
    })
}

/// The offsets at Chebyshev distance `ring`, top row first.
fn ring_offsets(ring: i32) -> impl Iterator<Item = (i32, i32)> {
    (-ring..=ring)
        .flat_map(move |dr| (-ring..=ring).map(move |dc| (dc, dr)))
        .filter(move |(dc, dr)| dc.abs().max(dr.abs()) == ring)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GridKind, RuleSystem, Side, TokenId};

    #[test]
    fn a_copy_lands_next_to_the_original_on_a_free_cell() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        let kestrel = Token::new(TokenId(1), "Kestrel", Side::Party, Cell::new(0, 0));
        e.tokens.push(kestrel.clone());
        e.tokens
            .push(Token::new(TokenId(2), "Bram", Side::Party, Cell::new(1, 0)));
        let free = free_anchor_near(&e, &kestrel).unwrap();
        assert_eq!(free, Cell::new(0, 1));
    }

    #[test]
    fn large_footprints_must_fit_in_the_map() {
        let map = MapSpec {
            grid: GridKind::Square,
            width_cells: 5,
            height_cells: 5,
            ..MapSpec::default()
        };
        assert!(fits_in_map(&map, SizeCategory::Large, Cell::new(3, 3)));
        assert!(!fits_in_map(&map, SizeCategory::Large, Cell::new(4, 3)));
    }
}
