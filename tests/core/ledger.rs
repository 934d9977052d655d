//! The rules ledger (issue 31): every applied row's function and test exist, every row's
//! lines and section are in its text, and RULES.md and the README's counts say what the
//! ledgers say. When a ledger changes, `cargo run --example rules_ledger -- --write` writes
//! both files again.

use std::path::Path;

use lantern::rules::ledger;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(name: &str) -> String {
    let path = root().join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => panic!("cannot read {}: {e}", path.display()),
    }
}

#[test]
fn every_applied_rows_function_and_test_exist_and_every_row_is_in_its_text() {
    let problems = match ledger::problems(root()) {
        Ok(problems) => problems,
        Err(e) => panic!("cannot read the sources: {e}"),
    };
    let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(list.is_empty(), "{}", list.join("\n"));
}

#[test]
fn rules_md_is_what_the_ledger_writes() {
    assert!(
        read("RULES.md") == ledger::markdown(),
        "RULES.md is not what the ledgers write: run `cargo run --example rules_ledger -- --write`"
    );
}

#[test]
fn the_readme_carries_the_ledgers_counts() {
    let readme = read("README.md");
    let Some(written) = ledger::readme_with_counts(&readme) else {
        panic!(
            "README.md has no {} … {} lines",
            ledger::COUNTS_START,
            ledger::COUNTS_END
        );
    };
    assert!(
        written == readme,
        "README.md's ledger counts are not the ledgers': run \
         `cargo run --example rules_ledger -- --write`"
    );
}

#[test]
fn every_system_has_rows() {
    for (system, rows) in ledger::all() {
        // Evening's rows are filled on their own branch.
        if system != lantern::model::RuleSystem::Evening {
            assert!(!rows.is_empty(), "{} has no ledger rows", system.label());
        }
    }
}
