//! The rules ledger's counts, checked: one `ledger_<system>: <applied> applied, <offered>
//! offered, <out> out of scope` line per system and `ledger_rows: N`, from the ledgers in
//! `src/rules/<system>/ledger.rs` (see `rules::ledger`).
//!
//! Usage: `cargo run --example rules_ledger [-- --write]`
//!
//! Exits non-zero, listing each, if an applied row names a function or a test that does not
//! exist, or a row's lines or section are not in its text (`../shared/rules/` beside the
//! repository, or `$LANTERN_RULES_DIR`). With `--write`
//! it also writes RULES.md and the counts in README.md (between its `ledger` markers).

use std::path::Path;
use std::process::ExitCode;

use lantern::rules::ledger;

fn main() -> ExitCode {
    let write = match std::env::args().skip(1).collect::<Vec<_>>().as_slice() {
        [] => false,
        [flag] if flag == "--write" => true,
        _ => {
            eprintln!("usage: rules_ledger [--write]");
            return ExitCode::FAILURE;
        }
    };
    print!("{}", ledger::counts_text());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if write && let Err(err) = write_files(root) {
        eprintln!("rules_ledger: {err}");
        return ExitCode::FAILURE;
    }
    match ledger::problems(root) {
        Ok(problems) if problems.is_empty() => ExitCode::SUCCESS,
        Ok(problems) => {
            for problem in &problems {
                eprintln!("{problem}");
            }
            eprintln!("rules_ledger: {} problem(s)", problems.len());
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("rules_ledger: cannot read the sources: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Writes RULES.md and the README's counts.
fn write_files(root: &Path) -> Result<(), String> {
    let rules = root.join("RULES.md");
    std::fs::write(&rules, ledger::markdown())
        .map_err(|e| format!("cannot write {}: {e}", rules.display()))?;
    let readme_path = root.join("README.md");
    let readme = std::fs::read_to_string(&readme_path)
        .map_err(|e| format!("cannot read {}: {e}", readme_path.display()))?;
    let Some(updated) = ledger::readme_with_counts(&readme) else {
        return Err(format!(
            "no {} … {} lines in {}",
            ledger::COUNTS_START,
            ledger::COUNTS_END,
            readme_path.display()
        ));
    };
    if updated != readme {
        std::fs::write(&readme_path, updated)
            .map_err(|e| format!("cannot write {}: {e}", readme_path.display()))?;
    }
    Ok(())
}
