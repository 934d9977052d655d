//! The dice engine: expressions, seeded rolling with a full per-die record, and exact odds.
//!
//! Pure core code (no egui). Every rule system builds its checks from these pieces: rolls go
//! through [`DiceRng`] so tests can seed them, and odds come from [`Distribution`], which is
//! computed by convolution and enumeration, never by sampling.

mod distribution;
mod error;
mod expr;
mod keep;
mod outcome;
mod parse;
mod rng;
mod roll;

pub use distribution::Distribution;
pub use error::DiceError;
pub use expr::{DiceExpr, DiceTerm, Keep, MAX_EXPLOSIONS, Term};
pub use keep::keep_distribution;
pub use outcome::{OutcomeName, OutcomeOdds};
pub use rng::DiceRng;
pub use roll::{DieResult, RollRecord};
