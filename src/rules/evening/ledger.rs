//! Evening's rules ledger: each rule of the text that bears on a fight, and what Lantern does
//! with it (see [`crate::rules::ledger`]).

use crate::rules::ledger::LedgerRow;

/// The rows, in the text's order.
pub const LEDGER: &[LedgerRow] = &[];
