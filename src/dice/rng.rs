//! The random source every roll goes through.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A seedable random source for dice. The app seeds it from the OS (`from_entropy`); tests seed
/// it with [`DiceRng::seeded`] so rolls are reproducible.
#[derive(Debug)]
pub struct DiceRng {
    inner: StdRng,
    /// Faces a player rolled on real dice, taken in order before any random one (`None`: roll
    /// this die).
    planned: std::collections::VecDeque<Option<u32>>,
    /// The dice asked for so far, by their sides, while recording ([`Self::recording`]).
    asked: Option<Vec<u32>>,
}

impl DiceRng {
    /// A generator seeded from the operating system's entropy, for real play.
    #[must_use]
    pub fn from_entropy() -> Self {
        Self {
            inner: rand::make_rng(),
            planned: std::collections::VecDeque::new(),
            asked: None,
        }
    }

    /// A generator with a fixed seed, so a sequence of rolls can be replayed (tests, demos).
    #[must_use]
    pub fn seeded(seed: u64) -> Self {
        Self {
            inner: StdRng::seed_from_u64(seed),
            planned: std::collections::VecDeque::new(),
            asked: None,
        }
    }

    /// This generator, giving `faces` first, in order, for the dice a roll asks for: the faces
    /// of a player's own dice ("I rolled 14"). A `None`, or a face the die does not have, is
    /// rolled as usual.
    #[must_use]
    pub fn with_faces(mut self, faces: impl IntoIterator<Item = Option<u32>>) -> Self {
        self.planned = faces.into_iter().collect();
        self
    }

    /// A seeded generator that records the sides of every die asked of it ([`Self::asked`]):
    /// which dice a roll takes, in order.
    #[must_use]
    pub fn recording(seed: u64) -> Self {
        Self {
            asked: Some(Vec::new()),
            ..Self::seeded(seed)
        }
    }

    /// The sides of every die asked for since [`Self::recording`].
    pub fn asked(&self) -> &[u32] {
        self.asked.as_deref().unwrap_or_default()
    }

    /// The underlying generator, for code that needs a general random source (initiative
    /// roll-offs). Every roll in the app still flows from this one seedable source.
    pub fn generator(&mut self) -> &mut StdRng {
        &mut self.inner
    }

    /// One roll of a die with `sides` faces, uniform over `1..=sides`. A zero-sided die reads 0
    /// (only reachable through a bug upstream; the parser rejects it).
    pub fn die(&mut self, sides: u32) -> u32 {
        if sides == 0 {
            return 0;
        }
        if let Some(asked) = &mut self.asked {
            asked.push(sides);
        }
        if let Some(face) = self.planned.pop_front().flatten()
            && (1..=sides).contains(&face)
        {
            return face;
        }
        self.inner.random_range(1..=sides)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls_and_faces_in_range() {
        let mut a = DiceRng::seeded(7);
        let mut b = DiceRng::seeded(7);
        for _ in 0..200 {
            let x = a.die(6);
            assert_eq!(x, b.die(6));
            assert!((1..=6).contains(&x));
        }
        assert_eq!(a.die(0), 0);
    }

    #[test]
    fn planned_faces_come_first_and_a_face_the_die_lacks_is_rolled() {
        let mut rng = DiceRng::seeded(1).with_faces([Some(14), None, Some(9), Some(3)]);
        assert_eq!(rng.die(20), 14);
        assert!((1..=8).contains(&rng.die(8)));
        let not_nine = rng.die(6);
        assert!((1..=6).contains(&not_nine), "a d6 has no 9");
        assert_eq!(rng.die(4), 3);
        let mut probe = DiceRng::recording(0);
        probe.die(20);
        probe.die(8);
        assert_eq!(probe.asked(), [20, 8]);
    }
}
