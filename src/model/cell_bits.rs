//! A set of cells kept as 64-cell words: what the fog records (explored, revealed, hidden).
//!
//! The party of a lit 2,000 × 2,000 map explores four million cells in one step. A
//! `BTreeSet<Cell>` spends a node slot, a comparison walk and an allocation share on each of
//! them, and every copy of the fog (the players' view, the fog layer) clones them all: three
//! seconds before the map's first frame. Here a row's 64 neighbouring cells share one `u64`, so
//! that set is 64,000 words: cloning it is a memcpy-sized job, and the batch operations below
//! ([`CellBits::insert_new`], [`CellBits::remove_present`], [`CellBits::lookup`]) touch the map
//! once per word, not once per cell.
//!
//! The set is ordered by row, then column (`y`, then `x`); it is written to a file as the plain
//! list of its cells, so files read and written by the older `BTreeSet` form stay the same.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Cell;

/// The word holding a cell: its row and its column divided by 64 (rounded down).
type Key = (i32, i32);

fn key_bit(cell: Cell) -> (Key, u64) {
    (
        (cell.y, cell.x.div_euclid(64)),
        1_u64 << cell.x.rem_euclid(64),
    )
}

/// A set of cells; see the module docs.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct CellBits {
    /// No word is ever zero: a word whose last cell goes is removed.
    words: BTreeMap<Key, u64>,
    len: usize,
}

impl CellBits {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn contains(&self, cell: &Cell) -> bool {
        let (key, bit) = key_bit(*cell);
        self.words.get(&key).is_some_and(|w| w & bit != 0)
    }

    /// Adds `cell`; true when it was not in the set.
    pub fn insert(&mut self, cell: Cell) -> bool {
        let (key, bit) = key_bit(cell);
        let word = self.words.entry(key).or_insert(0);
        let new = *word & bit == 0;
        *word |= bit;
        self.len += usize::from(new);
        new
    }

    /// Takes `cell` out; true when it was in the set.
    pub fn remove(&mut self, cell: &Cell) -> bool {
        let (key, bit) = key_bit(*cell);
        let Some(word) = self.words.get_mut(&key) else {
            return false;
        };
        let was = *word & bit != 0;
        *word &= !bit;
        if *word == 0 {
            self.words.remove(&key);
        }
        self.len -= usize::from(was);
        was
    }

    /// Adds every cell of `cells` and returns those that were not in the set yet, each once, in
    /// the order given. Neighbouring cells of a row share one look-up of the map.
    pub fn insert_new(&mut self, cells: impl IntoIterator<Item = Cell>) -> Vec<Cell> {
        self.set_all(cells, true)
    }

    /// Takes every cell of `cells` out and returns those that were in the set, each once, in
    /// the order given.
    pub fn remove_present(&mut self, cells: impl IntoIterator<Item = Cell>) -> Vec<Cell> {
        self.set_all(cells, false)
    }

    /// Puts each cell of `cells` in the set (`present`) or out of it, returning those whose
    /// membership changed. The word being edited is held until a cell of another word comes.
    fn set_all(&mut self, cells: impl IntoIterator<Item = Cell>, present: bool) -> Vec<Cell> {
        let mut changed = Vec::new();
        let mut pending: Option<(Key, u64)> = None;
        for cell in cells {
            let (key, bit) = key_bit(cell);
            let word = match &mut pending {
                Some((k, word)) if *k == key => word,
                _ => {
                    if let Some((k, word)) = pending.take() {
                        self.put(k, word);
                    }
                    let word = self.words.get(&key).copied().unwrap_or(0);
                    &mut pending.insert((key, word)).1
                }
            };
            if (*word & bit != 0) != present {
                *word ^= bit;
                changed.push(cell);
            }
        }
        if let Some((k, word)) = pending {
            self.put(k, word);
        }
        changed
    }

    /// Sets the word at `key` to `bits`, keeping the count and dropping empty words.
    fn put(&mut self, key: Key, bits: u64) {
        let old = if bits == 0 {
            self.words.remove(&key).unwrap_or(0)
        } else {
            self.words.insert(key, bits).unwrap_or(0)
        };
        self.len = self.len + bits.count_ones() as usize - old.count_ones() as usize;
    }

    /// A reader for many `contains` questions in a row: neighbouring cells of a row share one
    /// look-up of the map.
    pub fn lookup(&self) -> Lookup<'_> {
        Lookup {
            set: self,
            last: None,
        }
    }

    /// The cells, row by row, each row left to right.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            words: self.words.iter(),
            current: None,
        }
    }
}

/// See [`CellBits::lookup`].
pub struct Lookup<'a> {
    set: &'a CellBits,
    last: Option<(Key, u64)>,
}

impl Lookup<'_> {
    pub fn contains(&mut self, cell: Cell) -> bool {
        let (key, bit) = key_bit(cell);
        let word = match self.last {
            Some((k, word)) if k == key => word,
            _ => {
                let word = self.set.words.get(&key).copied().unwrap_or(0);
                self.last = Some((key, word));
                word
            }
        };
        word & bit != 0
    }
}

/// The cells of a [`CellBits`], in its order.
pub struct Iter<'a> {
    words: std::collections::btree_map::Iter<'a, Key, u64>,
    /// The word being read: its key and the bits not yielded yet.
    current: Option<(Key, u64)>,
}

impl Iterator for Iter<'_> {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        loop {
            if let Some(((y, xw), bits)) = &mut self.current
                && *bits != 0
            {
                let i = bits.trailing_zeros() as i32;
                *bits &= *bits - 1;
                return Some(Cell::new(*xw * 64 + i, *y));
            }
            let (key, bits) = self.words.next()?;
            self.current = Some((*key, *bits));
        }
    }
}

impl<'a> IntoIterator for &'a CellBits {
    type Item = Cell;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl FromIterator<Cell> for CellBits {
    fn from_iter<I: IntoIterator<Item = Cell>>(cells: I) -> Self {
        let mut set = Self::new();
        set.insert_new(cells);
        set
    }
}

impl Extend<Cell> for CellBits {
    fn extend<I: IntoIterator<Item = Cell>>(&mut self, cells: I) {
        self.insert_new(cells);
    }
}

impl<const N: usize> From<[Cell; N]> for CellBits {
    fn from(cells: [Cell; N]) -> Self {
        cells.into_iter().collect()
    }
}

impl std::fmt::Debug for CellBits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for CellBits {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CellBits {
    /// Reads the list the set is written as, then builds the set from it at once.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = <Vec<Cell> as Deserialize>::deserialize(d)?;
        Ok(list.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;

    fn cell() -> impl Strategy<Value = Cell> {
        // Around word edges and across zero, where division rounds.
        (-140..140_i32, -3..3_i32).prop_map(|(x, y)| Cell::new(x, y))
    }

    /// What a `BTreeSet` in the set's order holds.
    fn ordered(set: &BTreeSet<Cell>) -> Vec<Cell> {
        let mut cells: Vec<Cell> = set.iter().copied().collect();
        cells.sort_by_key(|c| (c.y, c.x));
        cells
    }

    proptest! {
        /// Every operation answers as a `BTreeSet<Cell>` given the same cells does.
        #[test]
        fn it_holds_what_a_btree_set_holds(
            first in prop::collection::vec(cell(), 0..300),
            second in prop::collection::vec(cell(), 0..300),
            singles in prop::collection::vec((cell(), any::<bool>()), 0..100),
        ) {
            let mut bits = CellBits::new();
            let mut model = BTreeSet::new();
            let added = bits.insert_new(first.iter().copied());
            let expected: Vec<Cell> = first.iter().copied().filter(|c| model.insert(*c)).collect();
            prop_assert_eq!(added, expected);
            for (c, add) in &singles {
                if *add {
                    prop_assert_eq!(bits.insert(*c), model.insert(*c));
                } else {
                    prop_assert_eq!(bits.remove(c), model.remove(c));
                }
            }
            let removed = bits.remove_present(second.iter().copied());
            let expected: Vec<Cell> = second.iter().copied().filter(|c| model.remove(c)).collect();
            prop_assert_eq!(removed, expected);
            prop_assert_eq!(bits.len(), model.len());
            prop_assert_eq!(bits.iter().collect::<Vec<_>>(), ordered(&model));
            let mut look = bits.lookup();
            for c in first.iter().chain(&second) {
                prop_assert_eq!(look.contains(*c), model.contains(c));
                prop_assert_eq!(bits.contains(c), model.contains(c));
            }
            prop_assert!(bits.words.values().all(|w| *w != 0), "an empty word was kept");
        }
    }

    #[test]
    fn it_is_written_as_the_list_of_its_cells() {
        let set = CellBits::from([Cell::new(-1, 2), Cell::new(64, 0), Cell::new(3, 0)]);
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(json, "[[3,0],[64,0],[-1,2]]");
        let back: CellBits = serde_json::from_str(&json).unwrap();
        assert_eq!(back, set);
        // A cell listed twice is one cell.
        let twice: CellBits = serde_json::from_str("[[3,0],[3,0]]").unwrap();
        assert_eq!(twice.len(), 1);
    }
}
