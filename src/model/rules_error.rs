//! Errors from rule-system commands and checks.

use thiserror::Error;

use crate::model::{RuleSystem, TokenId};

/// Why a tracker command or rule operation was refused. The state is left untouched.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RulesError {
    /// The token keeps no sheet in any system.
    #[error("{0} has no sheet")]
    UnknownToken(TokenId),
    /// A command for one system was sent to trackers of another.
    #[error("this command is for {command:?} but the trackers are {trackers:?}")]
    WrongSystem {
        /// The system the command belongs to.
        command: RuleSystem,
        /// The system of the trackers it was sent to.
        trackers: RuleSystem,
    },
    /// A number outside what the rule allows.
    #[error("{what} must be between {min} and {max}, got {value}")]
    OutOfRange {
        /// Which quantity.
        what: &'static str,
        /// The value given.
        value: i64,
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// A list index that does not exist.
    #[error("there is no {what} number {index}")]
    NoSuchEntry {
        /// What kind of entry (wound, thread, clock, ...).
        what: &'static str,
        /// The index given.
        index: usize,
    },
    /// Not enough of a resource to spend.
    #[error("not enough {what}: have {have}, need {need}")]
    NotEnough {
        /// The resource.
        what: &'static str,
        /// How much is left.
        have: i64,
        /// How much was asked for.
        need: i64,
    },
    /// The action is not allowed right now, with the rule that forbids it.
    #[error("{0}")]
    NotAllowed(&'static str),
    /// The token keeps no sheet for that system.
    #[error("{token} has no {} sheet", system.label())]
    NoSheet {
        /// The token.
        token: TokenId,
        /// The system asked for.
        system: RuleSystem,
    },
    /// The token already keeps a sheet for that system.
    #[error("{token} already has a {} sheet", system.label())]
    SheetExists {
        /// The token.
        token: TokenId,
        /// The system.
        system: RuleSystem,
    },
    /// An attack list that cannot be kept.
    #[error(transparent)]
    Attack(#[from] crate::model::trackers::attack::AttackError),
    /// A sheet past one of its limits (`model::limits`), naming the field.
    #[error(transparent)]
    Limit(#[from] crate::model::limits::LimitError),
}
