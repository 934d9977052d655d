//! The rules ledger: every rule of a text that bears on a fight on the map, one row each, and
//! what Lantern does with it. Each system keeps its rows as data beside its rules
//! (`rules/<system>/ledger.rs`, reached through [`crate::rules::System::ledger`]);
//! `examples/rules_ledger` counts them and checks that every applied row names a function and a
//! test that exist, and RULES.md is written from them.
//!
//! The checking and the writing live here, without egui, so the example, the tests and the
//! app's Help → Rules window share them: [`problems`] finds every row whose function or test
//! is missing, whose lines lie outside its text or whose section the text does not have;
//! [`markdown`] writes RULES.md and [`counts_text`] the README's counts.

mod check;
mod markdown;

pub use check::{Problem, SourceIndex, problems, problems_in, texts_folder};
pub use markdown::{COUNTS_END, COUNTS_START, counts_text, markdown, readme_with_counts};

use crate::model::RuleSystem;

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

/// The file of `system`'s rule text in the shared folder beside the repository
/// (`../shared/rules/`).
#[must_use]
pub fn text_file(system: RuleSystem) -> &'static str {
    match system {
        RuleSystem::GoForthHeroes => "go-forth-heroes.txt",
        RuleSystem::Evening => "evening-core.txt",
        RuleSystem::RoadAndRuin => "road-and-ruin.md",
        RuleSystem::PostCore => "post-core-rules.txt",
        RuleSystem::ThreeD6 => "three-d6-core-mechanics.txt",
    }
}

/// The system's name in the counts' lines (`ledger_<key>: …`), as encounter files spell it.
#[must_use]
pub fn key(system: RuleSystem) -> &'static str {
    match system {
        RuleSystem::GoForthHeroes => "go_forth_heroes",
        RuleSystem::Evening => "evening",
        RuleSystem::RoadAndRuin => "road_and_ruin",
        RuleSystem::PostCore => "post_core",
        RuleSystem::ThreeD6 => "three_d6",
    }
}

/// Every system's rows, in menu order.
pub fn all() -> impl Iterator<Item = (RuleSystem, &'static [LedgerRow])> {
    RuleSystem::ALL
        .into_iter()
        .map(|s| (s, crate::rules::system(s).ledger()))
}

/// How many rows the five ledgers hold.
#[must_use]
pub fn row_count() -> usize {
    all().map(|(_, rows)| rows.len()).sum()
}

/// Whether every word of `query` begins a word (case-insensitive) of `row`'s section, its rule,
/// its status, or where it is offered or why it is out of scope: the Rules window's search. The
/// function and test names of an applied row are left out (a search for "cover" should not
/// find every row whose test happens to mention it).
#[must_use]
pub fn matches(row: &LedgerRow, query: &str) -> bool {
    let said = match row.status {
        Status::Applied { .. } => "",
        Status::Offered { how } => how,
        Status::OutOfScope { reason } => reason,
    };
    let haystack =
        format!("{} {} {} {said}", row.section, row.rule, row.status.label()).to_lowercase();
    let words: Vec<&str> = haystack
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    // Each word of the query begins a word of the row: "cover" finds Cover, not Recovery.
    query
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .all(|q| words.iter().any(|w| w.starts_with(q)))
}

impl Status {
    /// What the status says besides its name: the function and test, the how or the reason.
    #[must_use]
    pub fn detail(self) -> String {
        match self {
            Self::Applied { function, test } => format!("{function} (test {test})"),
            Self::Offered { how } => how.to_owned(),
            Self::OutOfScope { reason } => reason.to_owned(),
        }
    }
}

impl LedgerRow {
    /// A rule Lantern applies by itself: `function` applies it, `test` checks it.
    #[must_use]
    pub const fn applied(
        section: &'static str,
        lines: (u32, u32),
        rule: &'static str,
        function: &'static str,
        test: &'static str,
    ) -> Self {
        Self {
            section,
            lines,
            rule,
            status: Status::Applied { function, test },
        }
    }

    /// A rule the GM applies with what Lantern offers, found where `how` says.
    #[must_use]
    pub const fn offered(
        section: &'static str,
        lines: (u32, u32),
        rule: &'static str,
        how: &'static str,
    ) -> Self {
        Self {
            section,
            lines,
            rule,
            status: Status::Offered { how },
        }
    }

    /// A rule no encounter on the map needs, for `reason`.
    #[must_use]
    pub const fn out_of_scope(
        section: &'static str,
        lines: (u32, u32),
        rule: &'static str,
        reason: &'static str,
    ) -> Self {
        Self {
            section,
            lines,
            rule,
            status: Status::OutOfScope { reason },
        }
    }

    /// The row's lines as RULES.md prints them: `444` or `50–52`.
    #[must_use]
    pub fn lines_text(&self) -> String {
        let (first, last) = self.lines;
        if first == last {
            first.to_string()
        } else {
            format!("{first}–{last}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_word_begins_a_word_of_the_row() {
        let row = LedgerRow::offered(
            "Line of Sight & Cover",
            (450, 468),
            "Attacks against a target in Cover are Hard.",
            "Dice pane: Hard",
        );
        for query in ["cover", "COV hard", "line sight", "dice", "offered", ""] {
            assert!(matches(&row, query), "{query}");
        }
        for query in ["over", "cover easy", "applied"] {
            assert!(!matches(&row, query), "{query}");
        }
        let recovery = LedgerRow::applied("Recovery", (362, 381), "Rest.", "zed::fun", "qux");
        assert!(!matches(&recovery, "cover"));
        // An applied row's function and test are not searched.
        assert!(!matches(&recovery, "zed") && !matches(&recovery, "qux"));
    }
}
