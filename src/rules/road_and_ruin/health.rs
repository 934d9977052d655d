//! Steadfast absorbing damage and the Exertion pool (Road and Ruin, HEALTH; EXERTION).

/// How one strike splits between Steadfast and Health: `(steadfast lost, health lost)`.
///
/// Damage hits Steadfast first and lands only in whole multiples of the Steadfast left: damage
/// up to the Steadfast comes off it; more than that takes all of it and passes on the largest
/// multiple of it that fits, minus what Steadfast took, to Health. The text: 2 on 3 SF costs
/// 2 SF; 4 or 5 on 3 SF cost 3 SF; 6–8 on 3 SF cost 3 SF and 3 Health; 5 on 2 SF inflicts 4.
/// With no Steadfast left (Shaken) all damage goes to Health.
#[must_use]
pub fn strike(steadfast: u32, damage: u32) -> (u32, u32) {
    if steadfast == 0 {
        return (0, damage);
    }
    if damage <= steadfast {
        return (damage, 0);
    }
    let inflicted = damage / steadfast * steadfast;
    (steadfast, inflicted - steadfast)
}

/// Exertion pool size: 10 × Endurance (Road and Ruin, EXERTION).
#[must_use]
pub fn exertion_max(endurance: u8) -> u32 {
    10 * u32::from(endurance)
}

/// Exhausted below half the pool: +5 difficulty and an extra die keeping the lowest.
#[must_use]
pub fn is_exhausted(exertion: u32, endurance: u8) -> bool {
    exertion * 2 < exertion_max(endurance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_texts_steadfast_examples() {
        assert_eq!(strike(3, 2), (2, 0));
        assert_eq!(strike(3, 4), (3, 0));
        assert_eq!(strike(3, 5), (3, 0));
        assert_eq!(strike(3, 6), (3, 3));
        assert_eq!(strike(3, 8), (3, 3));
        let (sf, hp) = strike(2, 5);
        assert_eq!(sf + hp, 4);
        assert_eq!(strike(0, 5), (0, 5));
    }

    #[test]
    fn exertion_threshold() {
        assert_eq!(exertion_max(3), 30);
        assert!(!is_exhausted(15, 3));
        assert!(is_exhausted(14, 3));
    }
}
