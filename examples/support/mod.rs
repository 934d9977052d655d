//! What the benchmark examples share: a small deterministic generator and the busy synthetic
//! map's walls, so every benchmark measures the same map on every run.

use lantern::model::{GridPoint, Wall, WallId, WallKind};

/// The seed of the synthetic 200×200 map.
pub const MAP_SEED: u64 = 0x5eed_1234_abcd_9876;

/// A xorshift generator: no dependency, the same numbers on every machine.
pub struct XorShift(u64);

impl XorShift {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> i32 {
        (self.next() % n) as i32
    }
}

/// `count` plain walls of up to three cells each way, scattered over a `side`×`side` map.
pub fn random_walls(rng: &mut XorShift, count: u64, side: u64) -> Vec<Wall> {
    (0..count)
        .map(|i| {
            let (x, y) = (rng.below(side), rng.below(side));
            let (dx, dy) = (rng.below(7) - 3, rng.below(7) - 3);
            let (dx, dy) = if dx == 0 && dy == 0 { (1, 0) } else { (dx, dy) };
            Wall {
                id: WallId(i + 1),
                a: GridPoint::new(f64::from(x), f64::from(y)),
                b: GridPoint::new(f64::from(x + dx), f64::from(y + dy)),
                kind: WallKind::Wall,
            }
        })
        .collect()
}
