//! Filling polygons and discs a span at a time: the fog, the light and their rasters mark cells
//! (or pixels) as bits in rows of 64-bit words, a span of a line at once, instead of visiting
//! each cell for each light or viewer. A 2,000-cell map lit by a thousand lights that each reach
//! across it was four billion cell visits; it is now a few word operations per line and light.
//!
//! Which cells a disc holds is still decided by the exact per-cell test the rest of the board
//! uses ("a cell takes the light at its centre"): [`chord`] gives the run of a line surely inside
//! (by a margin far above any rounding) and the few positions at its ends that may or may not be,
//! which the caller tests one by one.

/// One bit per position of `lines` lines of `length` positions each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bits {
    length: usize,
    words_per_line: usize,
    words: Vec<u64>,
    /// Lines known to be all set: a line filled by earlier lights or viewers is skipped whole.
    full: Vec<bool>,
    full_lines: usize,
}

impl Bits {
    /// All clear.
    pub fn new(lines: usize, length: usize) -> Self {
        let words_per_line = length.div_ceil(64);
        Self {
            length,
            words_per_line,
            words: vec![0; lines * words_per_line],
            full: vec![length == 0; lines],
            full_lines: if length == 0 { lines } else { 0 },
        }
    }

    pub fn get(&self, line: usize, k: usize) -> bool {
        self.words[line * self.words_per_line + k / 64] & (1 << (k % 64)) != 0
    }

    pub fn set(&mut self, line: usize, k: usize) {
        self.words[line * self.words_per_line + k / 64] |= 1 << (k % 64);
    }

    /// Sets positions `first..=last` of `line`.
    pub fn set_range(&mut self, line: usize, first: usize, last: usize) {
        if self.full[line] {
            return;
        }
        let base = line * self.words_per_line;
        for (w, mask) in masks(first, last) {
            self.words[base + w] |= mask;
        }
        self.note_if_full(line);
    }

    /// Sets the positions of `first..=last` of `line` that are set in `other` (of the same shape).
    pub fn or_range_from(&mut self, line: usize, first: usize, last: usize, other: &Self) {
        if self.full[line] {
            return;
        }
        let base = line * self.words_per_line;
        for (w, mask) in masks(first, last) {
            self.words[base + w] |= other.words[base + w] & mask;
        }
        self.note_if_full(line);
    }

    fn note_if_full(&mut self, line: usize) {
        if self.all_set(line, 0, self.length - 1) {
            self.full[line] = true;
            self.full_lines += 1;
        }
    }

    /// Whether every position of `line` is set (as far as ranges set it).
    pub fn line_full(&self, line: usize) -> bool {
        self.full[line]
    }

    /// Whether every position of every line is set.
    pub fn all_full(&self) -> bool {
        self.full_lines == self.full.len()
    }

    /// Calls `visit(k)` for each position of `first..=last` of `line` that is clear, a word of
    /// set positions skipped at once.
    pub fn for_each_clear(
        &self,
        line: usize,
        first: usize,
        last: usize,
        mut visit: impl FnMut(usize),
    ) {
        let base = line * self.words_per_line;
        for (w, mask) in masks(first, last) {
            let mut clear = !self.words[base + w] & mask;
            while clear != 0 {
                let bit = clear.trailing_zeros() as usize;
                visit(w * 64 + bit);
                clear &= clear - 1;
            }
        }
    }

    /// Whether every position of `first..=last` of `line` is set.
    pub fn all_set(&self, line: usize, first: usize, last: usize) -> bool {
        let base = line * self.words_per_line;
        masks(first, last).all(|(w, mask)| self.words[base + w] & mask == mask)
    }

    /// How many positions are set.
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// The words and bit masks covering positions `first..=last`.
fn masks(first: usize, last: usize) -> impl Iterator<Item = (usize, u64)> {
    let (w0, w1) = (first / 64, last / 64);
    let words = if first > last { 0 } else { w1 - w0 + 1 };
    (w0..).take(words).map(move |w| {
        let lo = if w == w0 { first % 64 } else { 0 };
        let hi = if w == w1 { last % 64 } else { 63 };
        let mask = (u64::MAX >> (63 - hi)) & (u64::MAX << lo);
        (w, mask)
    })
}

/// A run of positions of a line, `(first, last)`; empty when `first > last`.
pub(crate) type Run = (usize, usize);

/// How much a "surely inside" position stays within the radius, in map units: far above the
/// rounding of any centre or distance here (coordinates are at most thousands of cells, rounded
/// at 1e-12 of that), far below what a cell's or pixel's size could notice.
const MARGIN: f64 = 1e-6;

/// The positions `k` of a line (at `start + step · k` along it, `across` from the disc's
/// centre across it) within `radius` of `centre` (along), limited to `0..length`: `(sure,
/// unsure)` where every `sure` position is inside, and every inside position is in `sure` or in
/// one of the two `unsure` runs at its ends (empty runs have `first > last`).
pub(crate) fn chord(
    (start, step, length): (f64, f64, usize),
    centre: f64,
    across: f64,
    radius: f64,
) -> (Option<Run>, [Run; 2]) {
    let nothing = [(1, 0), (1, 0)];
    let Some(outer) = run((start, step, length), centre, across, radius + MARGIN) else {
        return (None, nothing);
    };
    let inner = run((start, step, length), centre, across, radius - MARGIN);
    match inner {
        None => (None, [outer, (1, 0)]),
        Some((a, b)) => {
            let before = if a > outer.0 {
                (outer.0, a - 1)
            } else {
                (1, 0)
            };
            (Some((a, b)), [before, (b + 1, outer.1)])
        }
    }
}

/// The positions `k` of a line (see [`chord`]) whose distance from the centre is at most
/// `radius`, by the formula alone, clamped to `0..length`; `None` when there are none.
fn run(
    (start, step, length): (f64, f64, usize),
    centre: f64,
    across: f64,
    radius: f64,
) -> Option<(usize, usize)> {
    if radius <= 0.0 || across.abs() > radius || length == 0 {
        return None;
    }
    let half = (radius * radius - across * across).max(0.0).sqrt();
    let first = ((centre - half - start) / step).ceil().max(0.0);
    let last = ((centre + half - start) / step)
        .floor()
        .min(length as f64 - 1.0);
    (first <= last).then_some((first as usize, last as usize))
}

/// The positions of `first..=last` that are in `run` (inclusive, empty when `first > last`).
pub(crate) fn within((first, last): (usize, usize), run: (usize, usize)) -> Option<(usize, usize)> {
    let (a, b) = (first.max(run.0), last.min(run.1));
    (a <= b).then_some((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_set_and_read_back_across_word_edges() {
        let mut bits = Bits::new(3, 200);
        bits.set_range(1, 60, 130);
        assert!(!bits.get(1, 59) && bits.get(1, 60) && bits.get(1, 130) && !bits.get(1, 131));
        assert_eq!(bits.count(), 71);
        assert!(bits.all_set(1, 60, 130) && !bits.all_set(1, 59, 130));
        let mut clear = Vec::new();
        bits.for_each_clear(1, 55, 135, |k| clear.push(k));
        assert_eq!(clear, [55, 56, 57, 58, 59, 131, 132, 133, 134, 135]);
        let mut other = Bits::new(3, 200);
        other.or_range_from(1, 0, 63, &bits);
        assert_eq!(other.count(), 4);
        bits.set(2, 199);
        assert!(bits.get(2, 199));
    }

    #[test]
    fn a_chord_is_sure_inside_and_unsure_only_at_its_ends() {
        // Centres at 0.5, 1.5, …; a disc of radius 3 around 10.0 on the line through it.
        let line = (0.5, 1.0, 40);
        let (sure, unsure) = chord(line, 10.0, 0.0, 3.0);
        assert_eq!(sure, Some((7, 12)));
        // 7.5 and 12.5 lie 2.5 away; 6.5 and 13.5 are 3.5 away, outside even the margin.
        assert!(unsure.iter().all(|(a, b)| a > b));
        // Exactly on the rim: 10 ± 3 = 7.0 and 13.0 are positions of a line starting at 0.
        let (sure, unsure) = chord((0.0, 1.0, 40), 10.0, 0.0, 3.0);
        assert_eq!(sure, Some((8, 12)));
        assert_eq!(unsure, [(7, 7), (13, 13)]);
        // Far across: nothing.
        assert_eq!(chord(line, 10.0, 3.5, 3.0).0, None);
    }

    #[test]
    fn every_inside_position_is_sure_or_unsure_and_every_sure_one_inside() {
        for (i, &(centre, across, radius)) in [
            (10.0, 0.3, 4.2),
            (2.25, 1.9, 2.0),
            (-5.0, 0.0, 8.0),
            (30.0, 7.5, 7.5),
            (17.7, 2.0, 0.4),
        ]
        .iter()
        .enumerate()
        {
            let line = (0.125, 0.25, 160);
            let (sure, unsure) = chord(line, centre, across, radius);
            for k in 0..160 {
                let along = 0.125 + 0.25 * k as f64;
                let inside = (along - centre).hypot(across) <= radius;
                let in_sure = sure.is_some_and(|(a, b)| (a..=b).contains(&k));
                let in_unsure = unsure.iter().any(|&(a, b)| (a..=b).contains(&k));
                assert!(!in_sure || inside, "case {i}: {k} sure but outside");
                assert!(
                    !inside || in_sure || in_unsure,
                    "case {i}: {k} inside, missed"
                );
            }
        }
    }
}
