//! Exact odds for keeping the highest or lowest dice of a pool.

use super::{Distribution, Keep};

/// The distribution of the kept total when `count` independent dice, each distributed as `die`,
/// are rolled and only the highest (or lowest) `k` are added.
///
/// Exact, by dynamic programming over faces: walk the faces from the best kept end, decide how
/// many of the still-unplaced dice show that face (weighted by a binomial coefficient for which
/// dice they are), and credit as many of them as there are keep slots left. This costs
/// faces × count² × totals, tiny for table dice, instead of faces^count for brute force.
#[must_use]
pub fn keep_distribution(die: &Distribution, count: u32, keep: Keep) -> Distribution {
    let (k, highest_first) = match keep {
        Keep::Highest(k) => (k.min(count), true),
        Keep::Lowest(k) => (k.min(count), false),
    };
    let mut faces: Vec<(i64, f64)> = die.iter().collect();
    if highest_first {
        faces.reverse();
    }
    let n = count as usize;
    let offset = i64::from(k) * die.min().min(0);
    let width = (i64::from(k) * die.max().max(0) - offset + 1) as usize;
    // table[j][s]: chance-weight that j dice are placed with kept sum `s + offset`.
    let mut table = vec![vec![0.0; width]; n + 1];
    table[0][(-offset) as usize] = 1.0;
    for (value, p) in faces {
        table = place_face(&table, n, k as usize, value, p);
    }
    Distribution::from_pairs(
        table[n]
            .iter()
            .enumerate()
            .map(|(s, w)| (s as i64 + offset, *w)),
    )
}

/// One step of [`keep_distribution`]: assign any number of the unplaced dice to `value`.
fn place_face(table: &[Vec<f64>], n: usize, k: usize, value: i64, p: f64) -> Vec<Vec<f64>> {
    let width = table[0].len();
    let mut next = vec![vec![0.0; width]; n + 1];
    for (placed, row) in table.iter().enumerate() {
        for (s, w) in row.iter().enumerate().filter(|(_, w)| **w > 0.0) {
            let mut weight = *w;
            for c in 0..=(n - placed) {
                if c > 0 {
                    // weight · C(n-placed, c) · p^c, built incrementally.
                    weight *= (n - placed - c + 1) as f64 / c as f64 * p;
                }
                let kept = c.min(k.saturating_sub(placed)) as i64;
                let target = s as i64 + kept * value;
                if let Some(cell) = next[placed + c].get_mut(target as usize) {
                    *cell += weight;
                }
            }
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every ordered roll of `count` d`sides`, kept total by sorting: the reference.
    fn brute(count: u32, sides: u32, keep: Keep) -> Distribution {
        let total = sides.pow(count);
        let p = 1.0 / f64::from(total);
        Distribution::from_pairs((0..total).map(|mut code| {
            let mut dice: Vec<i64> = (0..count)
                .map(|_| {
                    let v = i64::from(code % sides) + 1;
                    code /= sides;
                    v
                })
                .collect();
            dice.sort_unstable();
            let kept: i64 = match keep {
                Keep::Highest(k) => dice.iter().rev().take(k as usize).sum(),
                Keep::Lowest(k) => dice.iter().take(k as usize).sum(),
            };
            (kept, p)
        }))
    }

    fn assert_same(a: &Distribution, b: &Distribution) {
        assert_eq!((a.min(), a.max()), (b.min(), b.max()));
        for v in a.min()..=a.max() {
            assert!(
                (a.probability(v) - b.probability(v)).abs() < 1e-12,
                "at {v}"
            );
        }
    }

    #[test]
    fn matches_brute_force_on_small_pools() {
        for (count, sides, keep) in [
            (4, 6, Keep::Highest(3)),
            (4, 6, Keep::Lowest(3)),
            (2, 20, Keep::Highest(1)),
            (3, 20, Keep::Lowest(1)),
            (6, 6, Keep::Highest(3)),
            (5, 4, Keep::Lowest(2)),
            (3, 8, Keep::Highest(3)),
        ] {
            let fast = keep_distribution(&Distribution::die(sides), count, keep);
            assert_same(&fast, &brute(count, sides, keep));
        }
    }

    #[test]
    fn four_d6_keep_three_known_values() {
        let d = keep_distribution(&Distribution::die(6), 4, Keep::Highest(3));
        // 18 needs at least three sixes: (1 + 4*5) / 1296.
        assert!((d.probability(18) - 21.0 / 1296.0).abs() < 1e-12);
        assert!((d.mean() - 15_869.0 / 1296.0).abs() < 1e-9);
    }
}
