//! The rules ledger: every rule of a text that bears on a fight on the map, one row each, and
//! what Lantern does with it. Each system keeps its rows as data beside its rules
//! (`rules/<system>/ledger.rs`, reached through [`crate::rules::System::ledger`]);
//! `examples/rules_ledger` counts them and checks that every applied row names a function and a
//! test that exist, and RULES.md is written from them.

/// One rule of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LedgerRow {
    /// The text's own section heading the rule sits under.
    pub section: &'static str,
    /// The rule's lines in the text file, first and last (1-based, inclusive).
    pub lines: (u32, u32),
    /// The rule in a short paraphrase of our own (never the text's sentence).
    pub rule: &'static str,
    /// What Lantern does with it.
    pub status: Status,
}

/// What Lantern does with a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Lantern applies it by itself.
    Applied {
        /// The path of the function that applies it, from the crate root
        /// (`combat::death::fall_to_zero`).
        function: &'static str,
        /// The name of the test that quotes the text's section and checks it.
        test: &'static str,
    },
    /// The GM uses it when it comes up: an action, a button or a ruling toggle.
    Offered {
        /// Where and how: "Initiative pane → Ready", "Encounter pane ruling: …".
        how: &'static str,
    },
    /// Nothing in an encounter on the map needs it (downtime, character creation…).
    OutOfScope {
        /// Why it is left out.
        reason: &'static str,
    },
}

impl Status {
    /// The status's name as RULES.md and the counts print it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Applied { .. } => "applied",
            Self::Offered { .. } => "offered",
            Self::OutOfScope { .. } => "out of scope",
        }
    }
}

/// How many rows of `rows` are applied, offered and out of scope.
pub fn counts(rows: &[LedgerRow]) -> [usize; 3] {
    let mut counts = [0; 3];
    for row in rows {
        let i = match row.status {
            Status::Applied { .. } => 0,
            Status::Offered { .. } => 1,
            Status::OutOfScope { .. } => 2,
        };
        counts[i] += 1;
    }
    counts
}
