//! Errors from parsing or evaluating dice expressions typed by users.

use thiserror::Error;

/// Why a dice expression was rejected. Expressions come from user input, so every limit is a
/// clear error instead of a panic or a runaway computation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DiceError {
    /// The text is empty or only whitespace.
    #[error("the dice expression is empty")]
    Empty,
    /// The text is longer than [`crate::dice::expr::MAX_EXPRESSION_LEN`] characters.
    #[error("the dice expression is too long (at most {max} characters)")]
    TooLong {
        /// The character limit.
        max: usize,
    },
    /// A character or token the grammar does not allow.
    #[error("unexpected '{found}' at position {position}")]
    Unexpected {
        /// What was found (a character, or "end of input").
        found: String,
        /// Zero-based character position.
        position: usize,
    },
    /// A number does not fit or is outside the allowed range.
    #[error("{what} must be between {min} and {max}, got {value}")]
    OutOfRange {
        /// Which quantity (dice count, sides, keep, ...).
        what: &'static str,
        /// The value given.
        value: i64,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// Too many `+`/`-` terms in one expression.
    #[error("too many terms (at most {max})")]
    TooManyTerms {
        /// The term limit.
        max: usize,
    },
    /// A one-sided die cannot explode: it would explode forever.
    #[error("a d1 cannot explode")]
    ExplodingD1,
    /// Exact odds would need too large a table; roll it instead.
    #[error("the expression is too large for exact odds")]
    TooLargeForOdds,
}
