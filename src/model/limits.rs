//! The limits of a sheet's numbers, written once: the loader ([`super::validate`]), every
//! tracker command (`rules::trackers`), the Sheet and Trackers panes' fields and FORMAT.md's
//! "Limits" table read these, so a value one of them allows the others allow too.
//!
//! Each [`Limit`] is an inclusive range of whole numbers. A value outside is refused with a
//! [`LimitError`] that names the field, says the value as written and the range allowed:
//! "token 3's Evening sheet `attacks[0].numbers.damage.count` is 4294967295; Lantern allows 1 to
//! 100". Counts of lists and the die sizes a field may name have their own consts below.
//!
//! The encounter's other limits (map, walls, tokens, lights, areas, texts, the fight) stay
//! where they were first written, in `validate.rs` and `validate/`; their consts are re-exported
//! from there.

use std::ops::RangeInclusive;

/// An inclusive range a whole number must lie in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The smallest value allowed.
    pub min: i64,
    /// The largest value allowed.
    pub max: i64,
}

impl Limit {
    /// `min` to `max`, both allowed.
    #[must_use]
    pub const fn new(min: i64, max: i64) -> Self {
        Self { min, max }
    }

    /// The range, for an editor's field.
    #[must_use]
    pub const fn range(self) -> RangeInclusive<i64> {
        self.min..=self.max
    }

    /// Whether `value` lies within the limit. Any integer type: a file's `u64` or `i64`
    /// extreme is compared as it is, never wrapped.
    #[must_use]
    pub fn contains(self, value: impl Into<i128>) -> bool {
        (i128::from(self.min)..=i128::from(self.max)).contains(&value.into())
    }

    /// Refuses `value` outside the limit; `field` names it for the message.
    pub fn check(
        self,
        value: impl Into<i128>,
        field: impl FnOnce() -> String,
    ) -> Result<(), LimitError> {
        let value = value.into();
        if self.contains(value) {
            return Ok(());
        }
        Err(LimitError::OutOfRange {
            field: field(),
            value,
            min: self.min,
            max: self.max,
        })
    }
}

/// A number, count or text past its limit, with the field it is in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// A number outside its range.
    #[error("{field} is {value}; Lantern allows {min} to {max}")]
    OutOfRange {
        field: String,
        value: i128,
        min: i64,
        max: i64,
    },
    /// A number that must be one of a few (a die's size).
    #[error("{field} is {value}; Lantern allows {allowed}")]
    NotOneOf {
        field: String,
        value: i128,
        allowed: &'static str,
    },
    /// A number with a fraction (a size in cells, a radius) outside its range.
    #[error("{field} is {value}; Lantern allows {allowed}")]
    NumberOutOfRange {
        field: String,
        value: String,
        allowed: String,
    },
    /// A list longer than its limit.
    #[error("{field} holds {count}; Lantern allows at most {max}")]
    TooMany {
        field: String,
        count: usize,
        max: usize,
    },
    /// Two numbers that must keep an order, or a text that must say something.
    #[error("{field}: {why}")]
    Inconsistent { field: String, why: String },
}

/// Refuses a list of `count` items past `max`.
pub fn check_count(
    count: usize,
    max: usize,
    field: impl FnOnce() -> String,
) -> Result<(), LimitError> {
    if count > max {
        return Err(LimitError::TooMany {
            field: field(),
            count,
            max,
        });
    }
    Ok(())
}

/// Refuses a die size not among `sides` (`allowed` says them in words).
pub fn check_die(
    value: u32,
    sides: &[u32],
    allowed: &'static str,
    field: impl FnOnce() -> String,
) -> Result<(), LimitError> {
    if sides.contains(&value) {
        return Ok(());
    }
    Err(LimitError::NotOneOf {
        field: field(),
        value: i128::from(value),
        allowed,
    })
}

// Sizes of dice.

/// The dice a sheet's damage or reserve may name: d4, d6, d8, d10, d12 or d20.
pub const STANDARD_DICE: [u32; 6] = [4, 6, 8, 10, 12, 20];
/// [`STANDARD_DICE`] in words.
pub const STANDARD_DICE_WORDS: &str = "d4, d6, d8, d10, d12 or d20";
/// GFH Effort dice (GFH, Effort: d4 bare hands up to d12).
pub const EFFORT_DICE: [u32; 5] = [4, 6, 8, 10, 12];
/// [`EFFORT_DICE`] in words.
pub const EFFORT_DICE_WORDS: &str = "d4, d6, d8, d10 or d12";

// Every system's attacks (`trackers/attack.rs` keeps the count and the name's length).

/// A melee reach, a short or a long range, in cells: across the whole area a map may use.
pub const ATTACK_CELLS: Limit = Limit::new(1, 10_000);

// Go Forth: Heroes.

/// An attribute score. The texts' heroes and monsters run from −3 to +5; the range leaves room
/// for house rules while keeping every sum of scores far from overflow.
pub const GFH_ATTRIBUTE: Limit = Limit::new(-10, 10);
/// Points moved from an attribute's +Roll to its +Effort (GFH, Roll vs Effort Bonus).
pub const GFH_EFFORT_SHIFT: Limit = Limit::new(-10, 10);
/// Hearts not yet overcome.
pub const GFH_HEARTS: Limit = Limit::new(0, 1_000);
/// Effort on the current Heart: one less than the 10 a Heart takes (GFH, Hearts).
pub const GFH_HEART_PROGRESS: Limit = Limit::new(0, 9);
/// A Heart's Shield: Effort taken off each strike.
pub const GFH_SHIELD: Limit = Limit::new(0, 1_000);
/// A Breaking Point: Effort in one action that overcomes every Heart.
pub const GFH_BREAKING_POINT: Limit = Limit::new(0, 10_000);
/// The most Wounds one hero carries.
pub const GFH_MAX_WOUNDS: usize = 100;
/// The d8 face a Wound was rolled with on its Defense chart.
pub const GFH_WOUND_ROLL: Limit = Limit::new(1, 8);
/// Sessions a Vicious Wound has left (a d4 when taken).
pub const GFH_WOUND_SESSIONS: Limit = Limit::new(0, 4);
/// The scene's TN: 10 plus the Doom tier's 2d12 at most (GFH, Encounter Target Numbers).
pub const GFH_SCENE_TN: Limit = Limit::new(10, 34);

// Evening.

/// Health, maximum health and temporary health (the threat table's largest, a Behemoth of
/// rating 10, has 910).
pub const EVENING_HEALTH: Limit = Limit::new(0, 10_000);
/// The most reserve dice one character keeps.
pub const EVENING_MAX_RESERVES: usize = 100;
/// Injury 0–7; 7 is death (Evening, Levels of injury).
pub const EVENING_INJURY: Limit = Limit::new(0, 7);
/// Exhaustion 0–6; 6 is death (Evening, Exhaustion).
pub const EVENING_EXHAUSTION: Limit = Limit::new(0, 6);
/// Character level 0–20 (Evening, Character progression).
pub const EVENING_LEVEL: Limit = Limit::new(0, 20);
/// Prowess, Resolve, Body and Mind (each starts at −1; Evening, Character Creation).
pub const EVENING_ABILITY: Limit = Limit::new(-5, 20);
/// A threat's rating (Evening, Threat Rating).
pub const EVENING_THREAT_RATING: Limit = Limit::new(1, 10);
/// The most traits one threat has (the text lists ten).
pub const EVENING_MAX_TRAITS: usize = 10;
/// Dice one attack's damage rolls.
pub const EVENING_DAMAGE_DICE: Limit = Limit::new(1, 100);
/// A damage roll's flat part (the threat table's largest is 6d10 + 29).
pub const EVENING_DAMAGE_BONUS: Limit = Limit::new(-1_000, 1_000);
/// A thread's length in marks (Evening, Threads).
pub const EVENING_THREAD_LENGTH: Limit = Limit::new(4, 12);
/// A challenge's rating and complexity (Evening, Challenges).
pub const EVENING_CHALLENGE: Limit = Limit::new(1, 10);
/// Successes or failures tallied on one challenge.
pub const EVENING_TALLY: Limit = Limit::new(0, 1_000);

// Road and Ruin.

/// Endurance, which sets the Exertion maximum (10 × Endurance).
pub const RR_ENDURANCE: Limit = Limit::new(0, 20);
/// A pool's value and its maximum: Health, Steadfast, Exertion, Mana, Spirit.
pub const RR_POOL: Limit = Limit::new(0, 10_000);
/// Armour (AR) worn, and a shield's AR (the text's heaviest layer is 4).
pub const RR_ARMOUR: Limit = Limit::new(0, 100);
/// A shield's block modifier.
pub const RR_SHIELD_MODIFIER: Limit = Limit::new(-100, 100);
/// A shield's damaged or improvised statuses.
pub const RR_GEAR_STATUS: Limit = Limit::new(0, 10);
/// Proficiency in a weapon, 0 to the text's maximum of 5.
pub const RR_PROFICIENCY: Limit = Limit::new(0, 5);
/// A weapon's Solid Blow damage.
pub const RR_WEAPON_DAMAGE: Limit = Limit::new(0, 1_000);

// Post core.

/// HP and maximum HP.
pub const POST_HP: Limit = Limit::new(0, 20);
/// Grit (a character starts with 6).
pub const POST_GRIT: Limit = Limit::new(0, 20);
/// An attribute's starting score, which an extended rest restores.
pub const POST_ATTRIBUTE: Limit = Limit::new(0, 6);
/// An attribute now: −1 once lost below 0 (Post core, Attribute Loss).
pub const POST_ATTRIBUTE_NOW: Limit = Limit::new(-1, 6);
/// A clock's segments: 4, 6 or 8 (Post core, Clocks).
pub const POST_CLOCK_SEGMENTS: [u32; 3] = [4, 6, 8];

// 3d6.

/// A level: 0 (a prologue) to 10 (3d6, Level, Tier, and Advancement).
pub const THREE_D6_LEVEL: Limit = Limit::new(0, 10);
/// Harm marked against a token.
pub const THREE_D6_HARM: Limit = Limit::new(0, 1_000_000);
/// Steps up or down on an attack's effect die (3d6, Step Up and Step Down).
pub const THREE_D6_STEPS: Limit = Limit::new(-6, 6);
/// Escalation 0–6 (3d6, Escalation).
pub const THREE_D6_ESCALATION: Limit = Limit::new(0, 6);

// A token's own numbers (with its Finesse, whose limit is the initiative bonus's).

/// A token's speed, in cells a turn.
pub const TOKEN_SPEED: Limit = Limit::new(0, 1_000);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_compared_as_written() {
        assert!(EVENING_DAMAGE_DICE.contains(100_u32));
        assert!(!EVENING_DAMAGE_DICE.contains(u32::MAX));
        assert!(!GFH_ATTRIBUTE.contains(i64::MIN));
        assert!(!RR_POOL.contains(u64::MAX));
        let err = EVENING_DAMAGE_DICE
            .check(u32::MAX, || "`damage.count`".to_owned())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "`damage.count` is 4294967295; Lantern allows 1 to 100"
        );
    }
}
