//! A set of cells for fast membership tests: one bit per cell of the box around them.
//!
//! A map may mark millions of cells (the format's limit is 4,000,000 a layer, every cell of the
//! largest map), and the scene asks about each one's neighbours. A hash set of that size costs a
//! cache miss a question; a bit per cell of the layer's bounding box is at most a few megabytes
//! (coordinates lie within 6,000 cells a side) and answers from memory nearby.

use std::collections::HashSet;

use crate::model::Cell;

/// The most bits the dense form takes (32 MB); a box larger than this (only a layer far wider
/// than any valid file's) is kept as a hash set.
const MAX_DENSE_BITS: i64 = 1 << 28;

/// Cells, for `contains` in constant time.
#[derive(Clone, Debug, Default)]
pub struct CellSet {
    len: usize,
    form: Form,
}

#[derive(Clone, Debug, Default)]
enum Form {
    #[default]
    Empty,
    Dense {
        x0: i32,
        y0: i32,
        width: i64,
        height: i64,
        bits: Vec<u64>,
    },
    Sparse(HashSet<Cell>),
}

impl CellSet {
    /// The set of `cells` (given more than once, a cell counts once).
    pub fn new<'a>(cells: impl Iterator<Item = &'a Cell> + Clone) -> Self {
        let Some((lo, hi)) = bounds(cells.clone()) else {
            return Self::default();
        };
        let width = i64::from(hi.x) - i64::from(lo.x) + 1;
        let height = i64::from(hi.y) - i64::from(lo.y) + 1;
        if width.saturating_mul(height) > MAX_DENSE_BITS {
            let set: HashSet<Cell> = cells.copied().collect();
            return Self {
                len: set.len(),
                form: Form::Sparse(set),
            };
        }
        let mut bits = vec![0_u64; (width * height).div_euclid(64) as usize + 1];
        let mut len = 0;
        for c in cells {
            let i = (i64::from(c.y - lo.y) * width + i64::from(c.x - lo.x)) as usize;
            let (word, bit) = (i / 64, 1_u64 << (i % 64));
            len += usize::from(bits[word] & bit == 0);
            bits[word] |= bit;
        }
        Self {
            len,
            form: Form::Dense {
                x0: lo.x,
                y0: lo.y,
                width,
                height,
                bits,
            },
        }
    }

    /// Whether `cell` is in the set.
    pub fn contains(&self, cell: &Cell) -> bool {
        match &self.form {
            Form::Empty => false,
            Form::Dense {
                x0,
                y0,
                width,
                height,
                bits,
            } => {
                let (x, y) = (
                    i64::from(cell.x) - i64::from(*x0),
                    i64::from(cell.y) - i64::from(*y0),
                );
                if !(0..*width).contains(&x) || !(0..*height).contains(&y) {
                    return false;
                }
                let i = (y * width + x) as usize;
                bits[i / 64] & (1 << (i % 64)) != 0
            }
            Form::Sparse(set) => set.contains(cell),
        }
    }

    /// How many cells the set holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set holds no cell.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The smallest and largest column and row among `cells`, if any.
fn bounds<'a>(cells: impl Iterator<Item = &'a Cell>) -> Option<(Cell, Cell)> {
    cells.fold(None, |acc, c| {
        Some(match acc {
            None => (*c, *c),
            Some((lo, hi)) => (
                Cell::new(lo.x.min(c.x), lo.y.min(c.y)),
                Cell::new(hi.x.max(c.x), hi.y.max(c.y)),
            ),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_and_strangers() {
        let cells = [
            Cell::new(-3, 2),
            Cell::new(5, -1),
            Cell::new(5, -1),
            Cell::new(0, 0),
        ];
        let set = CellSet::new(cells.iter());
        assert_eq!(set.len(), 3);
        for c in &cells {
            assert!(set.contains(c));
        }
        for c in [
            Cell::new(0, 1),
            Cell::new(-4, 2),
            Cell::new(6, -1),
            Cell::new(1000, 0),
        ] {
            assert!(!set.contains(&c), "{c}");
        }
        assert!(CellSet::new([].iter()).is_empty());
    }

    #[test]
    fn far_apart_cells_are_kept_without_a_huge_box() {
        let cells = [Cell::new(-2_000_000, 0), Cell::new(2_000_000, 2_000_000)];
        let set = CellSet::new(cells.iter());
        assert!(matches!(set.form, Form::Sparse(_)));
        assert!(set.contains(&cells[1]));
        assert!(!set.contains(&Cell::new(0, 0)));
    }
}
