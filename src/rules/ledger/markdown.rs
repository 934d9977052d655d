//! RULES.md and the README's counts, written from the ledgers (`examples/rules_ledger --write`;
//! `tests/core/ledger.rs` keeps both equal to what is written here).

use std::fmt::Write as _;

use super::{LedgerRow, Status, all, counts, key, row_count, text_file};
use crate::model::RuleSystem;

/// The README line that opens the counts `examples/rules_ledger --write` keeps current.
pub const COUNTS_START: &str = "<!-- ledger:start -->";
/// The README line that closes them.
pub const COUNTS_END: &str = "<!-- ledger:end -->";

/// The counts as `examples/rules_ledger` prints them: one `ledger_<system>: …` line per system,
/// then `ledger_rows: N`.
#[must_use]
pub fn counts_text() -> String {
    let mut out = String::new();
    for (system, rows) in all() {
        let [applied, offered, out_of_scope] = counts(rows);
        let _ = writeln!(
            out,
            "ledger_{}: {applied} applied, {offered} offered, {out_of_scope} out of scope",
            key(system)
        );
    }
    let _ = writeln!(out, "ledger_rows: {}", row_count());
    out
}

/// `readme` with the text between [`COUNTS_START`] and [`COUNTS_END`] replaced by the counts
/// in a code block; `None` when the README has no such markers.
#[must_use]
pub fn readme_with_counts(readme: &str) -> Option<String> {
    let start = readme.find(COUNTS_START)? + COUNTS_START.len();
    let end = start + readme[start..].find(COUNTS_END)?;
    let block = format!("\n```text\n{}```\n", counts_text());
    Some(format!("{}{block}{}", &readme[..start], &readme[end..]))
}

/// RULES.md: what it is, the counts, and one table per system in the text's order.
#[must_use]
pub fn markdown() -> String {
    let mut out = String::from(
        "# Rules ledger\n\n\
         Every rule of the five texts that bears on a fight on the map, one row each, and what \
         Lantern does with it:\n\n\
         - **applied**: Lantern applies it by itself; the row names the function that does it \
         and the test that checks it against the text;\n\
         - **offered**: the GM applies it with something Lantern offers (an action, a button, a \
         ruling), and the row says where;\n\
         - **out of scope**: nothing in an encounter on the map needs it, for the reason given.\n\n\
         Lines are the lines of the text files in `../shared/rules/`; each rule is in our own \
         words. The same rows are in the app under Help → Rules.\n\n\
         This file is written from the ledgers in `src/rules/<system>/ledger.rs` by \
         `cargo run --example rules_ledger -- --write`; edit the ledgers, not this file.\n\n\
         | system | applied | offered | out of scope |\n|---|---|---|---|\n",
    );
    for (system, rows) in all() {
        let [applied, offered, out_of_scope] = counts(rows);
        let _ = writeln!(
            out,
            "| [{}](#{}) | {applied} | {offered} | {out_of_scope} |",
            system.label(),
            anchor(system)
        );
    }
    for (system, rows) in all() {
        table(&mut out, system, rows);
    }
    out
}

fn table(out: &mut String, system: RuleSystem, rows: &[LedgerRow]) {
    let _ = write!(
        out,
        "\n## {}\n\n`{}`\n\n",
        system.label(),
        text_file(system)
    );
    if rows.is_empty() {
        out.push_str("No rows yet.\n");
        return;
    }
    out.push_str("| section | lines | rule | status | function and test, how, or why |\n");
    out.push_str("|---|---|---|---|---|\n");
    for row in rows {
        let detail = match row.status {
            Status::Applied { function, test } => format!("`{function}`; test `{test}`"),
            Status::Offered { how } => cell(how),
            Status::OutOfScope { reason } => cell(reason),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {detail} |",
            cell(row.section),
            row.lines_text(),
            cell(row.rule),
            row.status.label(),
        );
    }
}

/// GitHub's anchor for the system's heading.
fn anchor(system: RuleSystem) -> String {
    system
        .label()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Text safe in a table cell: a `|` escaped, line breaks as spaces.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counts_sit_between_the_markers() {
        let readme = format!("# Lantern\n\n{COUNTS_START}\nold\n{COUNTS_END}\n\nmore\n");
        let Some(new) = readme_with_counts(&readme) else {
            panic!("markers not found");
        };
        assert!(new.starts_with("# Lantern\n\n<!-- ledger:start -->\n```text\nledger_"));
        assert!(new.contains("ledger_rows: "));
        assert!(new.ends_with("```\n<!-- ledger:end -->\n\nmore\n"));
        assert_eq!(readme_with_counts(&new).as_deref(), Some(new.as_str()));
        assert_eq!(readme_with_counts("no markers"), None);
    }

    #[test]
    fn anchors_and_cells() {
        assert_eq!(anchor(RuleSystem::GoForthHeroes), "go-forth-heroes");
        assert_eq!(anchor(RuleSystem::ThreeD6), "3d6-core-mechanics");
        assert_eq!(cell("a | b"), "a \\| b");
    }
}
