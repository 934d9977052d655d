//! Issue 26: files the format accepts and files that are not files. Text caps on load (3), what
//! is not a regular file (4), read-only files (6), and messages that said the wrong thing (8).
//! Every file is built here; the app's own part is in `tests/ui/file_safety.rs`.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use std::path::Path;

use lantern::check::check_file;
use lantern::demo::Demo;
use lantern::files::{
    FileError, encounter_from_json, encounter_to_json, load_encounter, read_uvtt, save_encounter,
};
use lantern::library::load_folder;
use lantern::model::conditions::{ActiveCondition, Duration};
use lantern::model::initiative::Combatant;
use lantern::model::momentum::{Lock, LockPurpose, MomentumDie, MomentumPool, Zone};
use lantern::model::trackers::evening::{ChallengeTracker, Thread};
use lantern::model::trackers::post_core::Clock;
use lantern::model::{CustomBand, EmbeddedImage, Encounter, ImageId, LibraryId, LogEntry, TokenId};
use serde_json::{Value, json};

fn demo() -> Encounter {
    Demo::GoForthHeroes.encounter().unwrap()
}

fn demo_json() -> Value {
    serde_json::from_slice(&encounter_to_json(&demo()).unwrap()).unwrap()
}

fn refusal(bytes: &[u8]) -> String {
    match encounter_from_json(bytes) {
        Ok(_) => panic!("the file was accepted"),
        Err(err) => err.to_string(),
    }
}

fn refusal_of(encounter: &Encounter) -> String {
    refusal(&encounter_to_json(encounter).unwrap())
}

// 3. Every string has a cap.

/// A 10 MB token name is refused while it is read: the capped reader stops there (the error
/// is the reader's `TooLong`, naming the field's path), before the fields after it are built.
#[test]
fn case3_a_ten_megabyte_token_name_is_refused_as_it_is_read() {
    let mut file = demo_json();
    file["tokens"][0]["name"] = json!("n".repeat(10 << 20));
    let bytes = serde_json::to_vec(&file).unwrap();
    let err = encounter_from_json(&bytes).unwrap_err();
    assert!(matches!(err, FileError::TooLong { .. }), "{err:?}");
    let message = err.to_string();
    assert!(
        message.starts_with(
            "the encounter is not valid: `tokens[0].name` is 10485760 characters long; \
             Lantern allows at most 200 (line 1, column "
        ),
        "{message}"
    );
    assert!(message.len() < 200, "{message}");
}

#[test]
fn case3_a_name_at_its_cap_opens_and_one_past_it_does_not() {
    let mut file = demo_json();
    // Characters, not bytes: 200 two-byte letters are a name of 200.
    file["tokens"][0]["name"] = json!("é".repeat(200));
    assert!(encounter_from_json(&serde_json::to_vec(&file).unwrap()).is_ok());
    file["tokens"][0]["name"] = json!("é".repeat(201));
    assert!(
        refusal(&serde_json::to_vec(&file).unwrap())
            .contains("`tokens[0].name` is 201 characters long; Lantern allows at most 200")
    );
}

/// An edit that puts one string past its cap.
type Edit = Box<dyn Fn(&mut Encounter)>;

fn long(n: usize) -> String {
    "x".repeat(n)
}

/// Each string the format holds, one past its cap, is refused with the field and the cap named.
#[test]
fn case3_every_string_of_the_format_is_capped_on_load() {
    for (edit, expected) in encounter_texts().into_iter().chain(combat_texts()) {
        let mut encounter = demo();
        edit(&mut encounter);
        let message = refusal_of(&encounter);
        assert!(
            message.contains(expected),
            "{message}\nexpected: {expected}"
        );
    }
}

/// The encounter's own strings, each past its cap, and what the refusal says.
fn encounter_texts() -> Vec<(Edit, &'static str)> {
    vec![
        (
            Box::new(|e| e.name = long(201)),
            "`name` is 201 characters long; Lantern allows at most 200",
        ),
        (
            Box::new(|e| e.tokens[1].notes = long(10_001)),
            "`tokens[1].notes` is 10001 characters long; Lantern allows at most 10000",
        ),
        (
            Box::new(|e| e.tokens[2].library_id = Some(LibraryId(long(257)))),
            "token 3's library identity is 257 characters long; Lantern allows at most 256",
        ),
        (
            Box::new(|e| {
                e.images
                    .insert(ImageId(90), EmbeddedImage::new(long(256), Vec::new()));
            }),
            "characters long; Lantern allows at most 255",
        ),
        (
            Box::new(|e| {
                e.custom_bands.push(CustomBand {
                    name: long(65),
                    max_cells: 3,
                });
            }),
            "custom band 1's name is 65 characters long; Lantern allows at most 64",
        ),
    ]
}

/// The fight's and the trackers' strings, each past its cap, and what the refusal says.
fn combat_texts() -> Vec<(Edit, &'static str)> {
    vec![
        (
            Box::new(|e| {
                e.combat.conditions.push(ActiveCondition {
                    token: TokenId(1),
                    name: long(65),
                    duration: Duration::UntilRemoved,
                    system: None,
                });
            }),
            "`combat.conditions[0].name` is 65 characters long; Lantern allows at most 64",
        ),
        (
            Box::new(|e| {
                let mut c = Combatant::new(TokenId(1));
                c.intention = long(1_001);
                e.combat.initiative.combatants.push(c);
            }),
            "`combat.initiative.combatants[0].intention` is 1001 characters long",
        ),
        (
            Box::new(|e| {
                e.combat
                    .log
                    .push(LogEntry::event(long(1_001), "Roll", "hit"));
            }),
            "`combat.log[0].who` is 1001 characters long; Lantern allows at most 1000",
        ),
        (
            Box::new(|e| {
                e.combat
                    .log
                    .push(LogEntry::event("Pip", "Roll", long(20_001)));
            }),
            "`combat.log[0].result` is 20001 characters long; Lantern allows at most 20000",
        ),
        (
            Box::new(|e| {
                let evening = &mut e.combat.trackers.encounter.evening;
                evening.threads.push(Thread {
                    name: long(201),
                    length: 6,
                    marks: 0,
                });
            }),
            "an Evening thread's name is 201 characters long",
        ),
        (
            Box::new(|e| {
                let evening = &mut e.combat.trackers.encounter.evening;
                evening.challenges.push(ChallengeTracker {
                    name: long(201),
                    rating: 3,
                    complexity: 3,
                    successes: 0,
                    failures: 0,
                });
            }),
            "an Evening challenge's name is 201 characters long",
        ),
        (
            Box::new(|e| {
                e.combat.trackers.encounter.post_core.clocks.push(Clock {
                    name: long(201),
                    segments: 4,
                    filled: 0,
                    locked: false,
                    unlocks: None,
                    rival: None,
                });
            }),
            "a Post core clock's name is 201 characters long",
        ),
        (
            Box::new(|e| {
                let roster = &mut e.combat.trackers.encounter.road_and_ruin;
                roster.slots.push(Some(long(201)));
            }),
            "a story roster element is 201 characters long",
        ),
        (
            Box::new(|e| {
                let die = MomentumDie {
                    zone: Zone::Locked,
                    temporary: false,
                    lock: Some(Lock {
                        purpose: LockPurpose::Effect { name: long(201) },
                        release_to: Zone::Stamina,
                    }),
                };
                let pool = MomentumPool {
                    dice: vec![die],
                    lock_slots: 1,
                    set_aside: Vec::new(),
                };
                e.combat.momentum.insert(TokenId(1), pool);
            }),
            "what a locked die of token 1 sustains is 201 characters long",
        ),
    ]
}

// 4. Anything but a regular file is refused before it is opened.

#[cfg(target_os = "linux")]
fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success());
}

/// No writer ever opens these pipes: a plain open would wait for ever, and this test with it.
#[cfg(target_os = "linux")]
#[test]
fn case4_a_named_pipe_is_refused_by_the_loader_check_file_and_the_importer() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f.json");
    mkfifo(&fifo);
    let said = "it is a named pipe (FIFO), not a regular file";
    assert_eq!(
        load_encounter(&fifo).unwrap_err().to_string(),
        format!("could not read the file: {said}")
    );
    assert!(check_file(&fifo).unwrap_err().to_string().contains(said));
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    assert!(
        load_encounter(&link)
            .unwrap_err()
            .to_string()
            .contains(said)
    );
    let map = dir.path().join("m.dd2vtt");
    mkfifo(&map);
    assert!(read_uvtt(&map).unwrap_err().to_string().contains(said));
    assert!(
        load_encounter(dir.path())
            .unwrap_err()
            .to_string()
            .contains("it is a folder, not a regular file")
    );
}

/// The library lists a pipe among its entries as a bad line saying what it is; the good
/// entries load regardless.
#[cfg(target_os = "linux")]
#[test]
fn case4_a_named_pipe_in_the_library_folder_is_a_bad_line_not_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    let good = lantern::library::starting_entries().remove(0);
    lantern::library::save_entry(dir.path(), &good).unwrap();
    mkfifo(&dir.path().join("pipe.creature.json"));
    let listed = load_folder(dir.path()).unwrap();
    assert_eq!(listed.len(), 2);
    let pipe = listed
        .iter()
        .find(|e| e.file_name == "pipe.creature.json")
        .unwrap();
    assert!(
        pipe.error()
            .unwrap()
            .contains("it is a named pipe (FIFO), not a regular file")
    );
    assert!(listed.iter().any(|e| e.usable().is_some()));
}

// 6. A file the user may not write is not replaced.

/// Read-only means no write permission for anyone: refused under root too, where the OS
/// itself would let the write through.
#[cfg(unix)]
#[test]
fn case6_saving_over_a_read_only_file_is_refused_and_save_as_works() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mill.lantern.json");
    save_encounter(&path, &demo()).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o400)).unwrap();
    let before = std::fs::read(&path).unwrap();
    let mut changed = demo();
    changed.name = "Mill, revisited".into();
    let err = save_encounter(&path, &changed).unwrap_err();
    assert_eq!(
        err.to_string(),
        "could not write the file: Permission denied (os error 13)"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o400);
    let copy = dir.path().join("mill copy.lantern.json");
    save_encounter(&copy, &changed).unwrap();
    assert_eq!(load_encounter(&copy).unwrap().name, "Mill, revisited");
}

// 8. Messages that said the wrong thing.

#[test]
fn case8_a_turn_marker_of_the_largest_number_is_quoted_as_written() {
    let mut file = demo_json();
    file["combat"]["initiative"] = json!({
        "mode": { "kind": "ordered" },
        "combatants": (1..=9).map(|t| json!({ "token": t })).collect::<Vec<_>>(),
        "current": 18_446_744_073_709_551_615_u64,
        "round": 1,
    });
    let message = refusal(&serde_json::to_vec(&file).unwrap());
    assert!(
        message.ends_with(
            "the turn marker (`current`) is 18446744073709551615, but the turn order has 9 \
             combatants, numbered 0 to 8"
        ),
        "{message}"
    );
}

#[test]
fn case8_json_of_another_shape_is_called_json_with_its_shape() {
    for (bytes, shape) in [
        (&b"[1,2,3]"[..], "a JSON list"),
        (b"  \"an encounter\"", "a JSON string"),
        (b"42", "a JSON number"),
        (b"null", "a JSON null"),
        (b"true", "a JSON true or false"),
    ] {
        let message = refusal(bytes);
        assert_eq!(
            message,
            format!(
                "this is not a Lantern encounter: the file holds {shape}, where an encounter \
                 is a JSON object ({{ \"format_version\": 1, … }})"
            )
        );
    }
    // Not JSON at all is still said to be so.
    assert!(refusal(b"[1,2").contains("not valid JSON"));
    assert!(refusal(b"").contains("not valid JSON"));
}

/// A disk error shown with its whole chain of causes (as the app shows it) says its cause once.
#[test]
fn case8_a_disk_error_says_its_cause_once() {
    let full = || std::io::Error::from_raw_os_error(28);
    let errors = [
        anyhow::Error::new(FileError::Write(full())).context("Could not save /m/a.json"),
        anyhow::Error::new(FileError::Read(full())).context("Could not open /m/a.json"),
        anyhow::Error::new(lantern::library::LibraryError::Io(full()))
            .context("could not create the library folder"),
        anyhow::Error::new(lantern::files::UvttError::Read(full())).context("Could not import"),
    ];
    for err in errors {
        let shown = format!("{err:#}");
        assert_eq!(
            shown.matches("No space left on device").count(),
            1,
            "{shown}"
        );
    }
}

/// A library entry's own identity has the cap every library identity has, in the listing and
/// in the full read alike.
#[test]
fn case3_a_library_identity_past_its_cap_is_refused() {
    let mut entry = lantern::library::starting_entries().remove(0);
    entry.id = LibraryId("h".repeat(257));
    let bytes = lantern::library::entry_to_json(&entry).unwrap();
    let expected = "`library.id` is 257 characters long; Lantern allows at most 256";
    let full = lantern::library::entry_from_json(&bytes).unwrap_err();
    assert!(full.to_string().contains(expected), "{full}");
    let listed = lantern::library::summary_from_json(&bytes).unwrap_err();
    assert!(listed.to_string().contains(expected), "{listed}");
}
