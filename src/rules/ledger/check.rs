//! Checking the ledger against the source tree and the texts: every applied row's function
//! resolves to a `fn` in its module's file under `src/`, every applied row's test is a `fn`
//! under `src/` or `tests/` marked `#[test]` or inside `proptest!`, every row's lines lie
//! inside its text and its section is a line of the text at or before them. Plain text
//! search, no parsing: the example and the tests run it on the crate's own files.

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

use super::{LedgerRow, Status, text_file};
use crate::model::RuleSystem;

/// One thing wrong with one row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The row's system.
    pub system: RuleSystem,
    /// The row's place in its system's ledger (0-based).
    pub row: usize,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} row {}: {}",
            self.system.label(),
            self.row + 1,
            self.message
        )
    }
}

/// The crate's Rust files (`src/` and `tests/`), read once, and the tests among their `fn`s.
pub struct SourceIndex {
    /// Each file's path relative to the crate root, with `/` between folders, and its text.
    files: Vec<(String, String)>,
    tests: HashSet<String>,
}

impl SourceIndex {
    /// Reads every `.rs` file under `root/src` and `root/tests`.
    pub fn read(root: &Path) -> std::io::Result<Self> {
        let mut files = Vec::new();
        for folder in ["src", "tests"] {
            collect(root, Path::new(folder), &mut files)?;
        }
        files.sort();
        Ok(Self::from_files(files))
    }

    /// An index over files given as (path from the crate root, text), for tests.
    #[must_use]
    pub fn from_files(files: Vec<(String, String)>) -> Self {
        let mut tests = HashSet::new();
        for (_, text) in &files {
            tests_in(text, &mut tests);
        }
        Self { files, tests }
    }

    /// Whether a test called `name` exists (a `module::name` path is read by its last part).
    #[must_use]
    pub fn has_test(&self, name: &str) -> bool {
        let name = name.rsplit("::").next().unwrap_or(name);
        self.tests.contains(name)
    }

    /// The file that defines the function `path` (`combat::death::fall_to_zero`, or
    /// `module::Type::method` for a method in an `impl Type` of that module or one of its
    /// child modules), or why it cannot be found.
    pub fn find_function(&self, path: &str) -> Result<&str, String> {
        let segments: Vec<&str> = path.split("::").collect();
        if segments.len() < 2 || segments.iter().any(|s| !is_identifier(s)) {
            return Err(format!("`{path}` is not a path like `module::function`"));
        }
        let (module, rest) = self.module_of(&segments);
        let Some(module) = module else {
            return Err(format!("`{path}`: no module `{}` under src/", segments[0]));
        };
        let (type_name, name) = match rest {
            [name] => (None, *name),
            [type_name, name] => (Some(*type_name), *name),
            _ => {
                return Err(format!(
                    "`{path}`: no module `{}` in `{}`",
                    rest[0], module.file
                ));
            }
        };
        self.files
            .iter()
            .filter(|(file, _)| *file == module.file || file.starts_with(&module.children))
            .find(|(_, text)| defines(text, name) && type_name.is_none_or(|t| implements(text, t)))
            .map(|(file, _)| file.as_str())
            .ok_or_else(|| match type_name {
                Some(t) => format!(
                    "`{path}`: no `fn {name}` in an `impl {t}` of {}",
                    module.file
                ),
                None => format!("`{path}`: no `fn {name}` in {}", module.file),
            })
    }

    /// The deepest module file the path's leading segments name, and the segments left.
    fn module_of<'p>(&self, segments: &'p [&'p str]) -> (Option<Module>, &'p [&'p str]) {
        let mut found = None;
        let mut folder = "src".to_owned();
        for (i, segment) in segments.iter().enumerate().take(segments.len() - 1) {
            let flat = format!("{folder}/{segment}.rs");
            let nested = format!("{folder}/{segment}/mod.rs");
            let Some(file) = [flat, nested].into_iter().find(|f| self.has_file(f)) else {
                return (found, &segments[i..]);
            };
            folder = format!("{folder}/{segment}");
            found = Some(Module {
                file,
                children: format!("{folder}/"),
            });
        }
        (found, &segments[segments.len() - 1..])
    }

    fn has_file(&self, path: &str) -> bool {
        self.files.iter().any(|(file, _)| file == path)
    }
}

/// A module's own file and the folder prefix of its child modules.
struct Module {
    file: String,
    children: String,
}

/// The folder of the rule texts: `$LANTERN_RULES_DIR` when set (a checkout without the shared
/// folder beside it), else `root/../shared/rules`.
#[must_use]
pub fn texts_folder(root: &Path) -> PathBuf {
    std::env::var_os("LANTERN_RULES_DIR").map_or_else(
        || root.join("..").join("shared").join("rules"),
        PathBuf::from,
    )
}

/// Every problem in the five ledgers, the texts read from [`texts_folder`].
pub fn problems(root: &Path) -> std::io::Result<Vec<Problem>> {
    let index = SourceIndex::read(root)?;
    let texts = texts_folder(root);
    Ok(super::all()
        .flat_map(|(system, rows)| problems_in(&index, &texts, system, rows))
        .collect())
}

/// The problems in `rows`, `system`'s ledger, with its text read from the folder `texts`.
#[must_use]
pub fn problems_in(
    index: &SourceIndex,
    texts: &Path,
    system: RuleSystem,
    rows: &[LedgerRow],
) -> Vec<Problem> {
    let path = texts.join(text_file(system));
    let text = std::fs::read_to_string(&path);
    let mut found = Vec::new();
    if let Err(err) = &text {
        found.push(Problem {
            system,
            row: 0,
            message: format!("cannot read the text ({err}): {}", path.display()),
        });
    }
    let lines: Vec<String> = text
        .as_deref()
        .unwrap_or_default()
        .lines()
        .map(normalised)
        .collect();
    for (i, row) in rows.iter().enumerate() {
        let mut say = |message: String| {
            found.push(Problem {
                system,
                row: i,
                message: format!("({}, {}) {message}", row.section, row.lines_text()),
            });
        };
        for message in row_problems(index, row) {
            say(message);
        }
        if text.is_ok()
            && let Some(message) = text_problem(&lines, system, row)
        {
            say(message);
        }
    }
    found
}

/// What is wrong with the row on its own: blank words, a function or test that is missing.
fn row_problems(index: &SourceIndex, row: &LedgerRow) -> Vec<String> {
    let mut found = Vec::new();
    if row.section.trim().is_empty() || row.rule.trim().is_empty() {
        found.push("has no section or no rule".to_owned());
    }
    match row.status {
        Status::Applied { function, test } => {
            if let Err(why) = index.find_function(function) {
                found.push(format!("applied, but its function is missing: {why}"));
            }
            if !index.has_test(test) {
                found.push(format!(
                    "applied, but no test `{test}` under src/ or tests/ (a `fn` marked \
                     #[test] or inside proptest!)"
                ));
            }
        }
        Status::Offered { how } if how.trim().is_empty() => {
            found.push("offered, but it does not say where".to_owned());
        }
        Status::OutOfScope { reason } if reason.trim().is_empty() => {
            found.push("out of scope, but it gives no reason".to_owned());
        }
        Status::Offered { .. } | Status::OutOfScope { .. } => {}
    }
    found
}

/// Whether the row's lines lie inside the text and its section is a line at or before them.
fn text_problem(lines: &[String], system: RuleSystem, row: &LedgerRow) -> Option<String> {
    let (first, last) = row.lines;
    let count = lines.len();
    if first == 0 || first > last || last as usize > count {
        return Some(format!(
            "lines {first}–{last} are not lines of {} (1–{count})",
            text_file(system)
        ));
    }
    let section = normalised(row.section);
    let heading = lines[..last as usize]
        .iter()
        .any(|line| !section.is_empty() && line.starts_with(&section));
    (!heading).then(|| {
        format!(
            "no line of {} up to line {last} begins with the section \"{}\"",
            text_file(system),
            row.section
        )
    })
}

/// A line as headings are compared: letters and digits only, lowercase, single spaces (so
/// `##### **> Resolving events:**` reads `resolving events`).
fn normalised(line: &str) -> String {
    let kept: String = line
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                ' '
            }
        })
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn collect(root: &Path, folder: &Path, out: &mut Vec<(String, String)>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join(folder))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries {
        let Some(name) = path.file_name() else {
            continue;
        };
        let relative = folder.join(name);
        if path.is_dir() {
            collect(root, &relative, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path)?;
            let key = relative.to_string_lossy().replace('\\', "/");
            out.push((key, text));
        }
    }
    Ok(())
}

fn is_identifier(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

/// Whether `text` has `fn name(` or `fn name<`.
fn defines(text: &str, name: &str) -> bool {
    let needle = format!("fn {name}");
    text.match_indices(&needle).any(|(at, _)| {
        let after = text[at + needle.len()..].chars().next();
        let before = text[..at].chars().next_back();
        matches!(after, Some('(' | '<')) && before.is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Whether `text` has an `impl` line naming `type_name` as a word.
fn implements(text: &str, type_name: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with("impl"))
        .any(|l| has_word(l, type_name))
}

fn has_word(line: &str, word: &str) -> bool {
    let word_char = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(word).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + word.len()..].chars().next();
        before.is_none_or(|c| !word_char(c)) && after.is_none_or(|c| !word_char(c))
    })
}

/// The name of the function a line declares, if it declares one.
fn declared_fn(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// Adds the tests `text` declares: `fn`s right under `#[test]` (other attributes and comments
/// between are fine) and every `fn` inside a `proptest!` block.
fn tests_in(text: &str, out: &mut HashSet<String>) {
    let mut marked = false;
    // The brace depth inside a `proptest!` block, once its first brace opened.
    let mut proptest: Option<(i64, bool)> = None;
    for line in text.lines() {
        let t = line.trim_start();
        if proptest.is_none()
            && (t.starts_with("proptest!") || t.starts_with("proptest::proptest!"))
        {
            proptest = Some((0, false));
        }
        if let Some(name) = declared_fn(t) {
            if marked || proptest.is_some() {
                out.insert(name.to_owned());
            }
            marked = false;
        } else if t.starts_with("#[test]") {
            marked = true;
        } else if !(t.is_empty() || t.starts_with("#[") || t.starts_with("//")) {
            marked = false;
        }
        if let Some((depth, opened)) = &mut proptest {
            let opens = line.matches('{').count() as i64;
            *depth += opens - line.matches('}').count() as i64;
            *opened |= opens > 0;
            if *opened && *depth <= 0 {
                proptest = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> SourceIndex {
        let file = |path: &str, text: &str| (path.to_owned(), text.to_owned());
        // The test file's lines are joined, so none of them starts a line of this file.
        SourceIndex::from_files(vec![
            file("src/combat/mod.rs", "pub mod death;\n"),
            file(
                "src/combat/death.rs",
                "pub fn fall_to_zero(x: u8) {}\nfn fall_to_zeroes() {}\n",
            ),
            file("src/rules/mod.rs", "pub mod road_and_ruin;\n"),
            file(
                "src/rules/road_and_ruin/mod.rs",
                "mod tracker;\npub use crate::model::RrToken;\n",
            ),
            file(
                "src/rules/road_and_ruin/tracker.rs",
                "impl RrToken {\n    pub fn apply<T>(&mut self) {}\n}\n",
            ),
            file(
                "tests/core/turns.rs",
                &[
                    "#[test]",
                    "#[should_panic]",
                    "/// Quotes.",
                    "fn a_marked_test() {}",
                    "fn not_a_test() {}",
                    "proptest! {",
                    "    #![proptest_config(x)]",
                    "    #[test]",
                    "    fn a_property(a in 0..3) {",
                    "        {}",
                    "    }",
                    "    fn also_inside(b in 0..1) {}",
                    "}",
                    "fn after_the_block() {}",
                ]
                .join("\n"),
            ),
        ])
    }

    #[test]
    fn a_function_resolves_to_its_modules_file() {
        let index = index();
        assert_eq!(
            index.find_function("combat::death::fall_to_zero"),
            Ok("src/combat/death.rs")
        );
        assert!(index.find_function("combat::death::fall_to").is_err());
        assert!(index.find_function("combat::life::fall_to_zero").is_err());
        assert!(index.find_function("fall_to_zero").is_err());
    }

    #[test]
    fn a_method_resolves_through_child_modules_to_its_impl() {
        let index = index();
        assert_eq!(
            index.find_function("rules::road_and_ruin::RrToken::apply"),
            Ok("src/rules/road_and_ruin/tracker.rs")
        );
        assert!(
            index
                .find_function("rules::road_and_ruin::Other::apply")
                .is_err()
        );
        assert!(
            index
                .find_function("rules::road_and_ruin::a::b::apply")
                .is_err()
        );
    }

    #[test]
    fn tests_are_marked_or_inside_proptest() {
        let index = index();
        for name in [
            "a_marked_test",
            "a_property",
            "also_inside",
            "turns::a_marked_test",
        ] {
            assert!(index.has_test(name), "{name}");
        }
        for name in ["not_a_test", "after_the_block", "fall_to_zero"] {
            assert!(!index.has_test(name), "{name}");
        }
    }

    #[test]
    fn headings_compare_without_markup() {
        assert_eq!(
            normalised("##### **> Resolving events:**"),
            "resolving events"
        );
        assert_eq!(normalised("Line of Sight & Cover"), "line of sight cover");
    }

    #[test]
    fn a_row_needs_its_section_before_its_lines_and_lines_inside_the_text() {
        let lines: Vec<String> = [
            "Actions",
            "",
            "On your turn, 1 Action and 1 Move.",
            "Combat",
        ]
        .iter()
        .map(|l| normalised(l))
        .collect();
        let row = |section, lines| LedgerRow {
            section,
            lines,
            rule: "One Action and one Move a turn.",
            status: Status::Offered { how: "here" },
        };
        let gfh = RuleSystem::GoForthHeroes;
        assert_eq!(text_problem(&lines, gfh, &row("Actions", (3, 3))), None);
        assert!(text_problem(&lines, gfh, &row("Combat", (3, 3))).is_some());
        assert!(text_problem(&lines, gfh, &row("Actions", (3, 5))).is_some());
        assert!(text_problem(&lines, gfh, &row("Actions", (3, 2))).is_some());
    }
}
