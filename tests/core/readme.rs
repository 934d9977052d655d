//! README.md stays one document (issue 25, item 6): one Examples list naming every example, one
//! Benchmarks heading over the table `.ci/bench` rewrites, each row from a bench example that
//! exists.

use std::path::Path;

fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let Ok(text) = std::fs::read_to_string(&path) else {
        panic!("cannot read {}", path.display());
    };
    text
}

/// The examples' names (file stems), sorted.
fn examples() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let Ok(listing) = std::fs::read_dir(&dir) else {
        panic!("cannot list {}", dir.display());
    };
    let mut names: Vec<String> = listing
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|ext| ext == "rs"))
        .filter_map(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

/// The text under the heading `## title`, up to the next heading of that level.
fn section<'a>(text: &'a str, title: &str) -> &'a str {
    let heading = format!("\n## {title}\n");
    let Some(start) = text.find(&heading) else {
        panic!("README.md has no '## {title}' heading");
    };
    let body = &text[start + heading.len()..];
    body.find("\n## ").map_or(body, |end| &body[..end])
}

#[test]
fn the_readme_has_one_benchmarks_heading_and_one_examples_list() {
    let text = readme();
    for title in ["Benchmarks", "Examples"] {
        let count = text
            .lines()
            .filter(|l| l.trim_end() == format!("## {title}"))
            .count();
        assert_eq!(count, 1, "README.md has {count} '## {title}' headings");
    }
    // The merge that made three copies left each bench's bullet three times.
    for line in text.lines().filter(|l| l.starts_with("- `bench_")) {
        let copies = text.lines().filter(|l| *l == line).count();
        assert_eq!(copies, 1, "repeated: {line}");
    }
}

#[test]
fn every_example_is_in_the_examples_list() {
    let text = readme();
    let list = section(&text, "Examples");
    for name in examples() {
        assert!(
            list.contains(&name),
            "the Examples list does not name {name}"
        );
    }
}

#[test]
fn the_benchmarks_table_sits_between_its_markers_and_names_real_bench_examples() {
    let text = readme();
    let table = section(&text, "Benchmarks");
    let begin = table.find("<!-- bench:begin -->");
    let end = table.find("<!-- bench:end -->");
    let (Some(begin), Some(end)) = (begin, end) else {
        panic!("the Benchmarks section lacks the markers .ci/bench writes between");
    };
    assert!(begin < end);
    assert_eq!(text.matches("<!-- bench:begin -->").count(), 1);
    let benches: Vec<String> = examples()
        .into_iter()
        .filter(|n| n.starts_with("bench_"))
        .collect();
    for row in table[begin..end].lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        // "", figure, example, target, last measured, date, ""
        assert_eq!(cells.len(), 7, "a row of five cells: {row}");
        assert!(
            benches.iter().any(|b| b == cells[2]),
            "no example {}: {row}",
            cells[2]
        );
        assert!(!cells[4].is_empty() && !cells[5].is_empty(), "{row}");
    }
}
