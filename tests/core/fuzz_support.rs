//! Shared by `tests/core/fuzz_loaders.rs` (a short run in the test suite) and
//! `examples/fuzz_loaders.rs` (the long run): seeds, proptest mutations and the check that a
//! loader neither panics nor gives an unclear error.

use std::io::Cursor;

use lantern::check::{CheckError, FileKind, check_encounter};
use lantern::files::{encounter_from_json, uvtt_from_json};
use lantern::model::RuleSystem;
use proptest::prelude::*;
use serde_json::{Value, json};

/// The longest error message accepted: anything longer is not a message a GM can read.
pub const MAX_MESSAGE_CHARS: usize = 1_000;

/// The real maps the importer must handle.
pub const REAL_MAPS: [&str; 2] = [
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/maps/cave-sample.dd2vtt"
    ),
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/maps/cropped-origin-sample.dd2vtt"
    ),
];

/// The files mutations start from.
pub struct Seeds {
    /// Demo encounters and the real maps with a small stand-in image: cheap to load many times.
    pub small: Vec<Vec<u8>>,
    /// The real maps as they are (2–4 MB), for a few full-size cases.
    pub full: Vec<Vec<u8>>,
}

pub fn seeds() -> anyhow::Result<Seeds> {
    let full = REAL_MAPS
        .iter()
        .map(std::fs::read)
        .collect::<Result<Vec<_>, _>>()?;
    let mut small = vec![
        include_bytes!("../../assets/demo-go-forth-heroes.json").to_vec(),
        include_bytes!("../../assets/demo-evening-hex.json").to_vec(),
    ];
    for bytes in &full {
        let mut value: Value = serde_json::from_slice(bytes)?;
        value["image"] = json!(stand_in_image()?);
        small.push(serde_json::to_vec(&value)?);
    }
    Ok(Seeds { small, full })
}

/// A 16×16 PNG, base64: decodes in microseconds, unlike the real 1280² and 2560² maps.
pub fn stand_in_image() -> anyhow::Result<String> {
    use base64::Engine as _;
    let img = image::RgbImage::from_pixel(16, 16, image::Rgb([40, 50, 60]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)?;
    Ok(base64::engine::general_purpose::STANDARD.encode(out.into_inner()))
}

/// One change to a file's bytes or to its JSON structure. Positions are taken modulo the
/// file's length (or its node count), so any value applies to any file.
#[derive(Clone, Debug)]
pub enum Mutation {
    FlipBit {
        at: usize,
        bit: u8,
    },
    InsertByte {
        at: usize,
        byte: u8,
    },
    DeleteBytes {
        at: usize,
        len: usize,
    },
    Truncate {
        at: usize,
    },
    DuplicateBytes {
        from: usize,
        len: usize,
        to: usize,
    },
    /// Replaces the `node`-th JSON value (pre-order) with `with`.
    Splice {
        node: usize,
        with: Splice,
    },
    /// Removes the `node`-th object member.
    RemoveMember {
        node: usize,
    },
}

/// What a JSON value is replaced with: the values that break naive loaders.
#[derive(Clone, Debug)]
pub enum Splice {
    Number(f64),
    Integer(i64),
    Text(String),
    LongText(usize),
    EmptyObject,
    EmptyArray,
    Null,
    Bool(bool),
    DeepArray(usize),
    BigArray(usize),
    /// The value of another node of the same file (a string where a point belongs, …).
    OtherNode(usize),
}

pub fn splice() -> impl Strategy<Value = Splice> {
    prop_oneof![
        prop_oneof![
            Just(1e300),
            Just(-1e300),
            Just(f64::MAX),
            Just(-1.0),
            Just(0.0),
            Just(1e-300),
            Just(0.5),
            any::<f64>().prop_filter("JSON has no NaN", |v| v.is_finite()),
        ]
        .prop_map(Splice::Number),
        prop_oneof![
            Just(i64::MAX),
            Just(i64::MIN),
            Just(-1),
            Just(0),
            Just(2_001)
        ]
        .prop_map(Splice::Integer),
        prop_oneof![
            Just("NaN"),
            Just("Infinity"),
            Just("-inf"),
            Just(""),
            Just("1e999"),
            Just("ffffffff"),
            Just("../../etc/passwd"),
            Just("/dev/zero"),
            Just("data:image/png;base64,AAAA"),
        ]
        .prop_map(|s| Splice::Text(s.to_owned())),
        (0_usize..200_000).prop_map(Splice::LongText),
        Just(Splice::EmptyObject),
        Just(Splice::EmptyArray),
        Just(Splice::Null),
        any::<bool>().prop_map(Splice::Bool),
        (100_usize..300).prop_map(Splice::DeepArray),
        (0_usize..5_000).prop_map(Splice::BigArray),
        any::<usize>().prop_map(Splice::OtherNode),
    ]
}

pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => (any::<usize>(), 0_u8..8).prop_map(|(at, bit)| Mutation::FlipBit { at, bit }),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Mutation::InsertByte { at, byte }),
        1 => (any::<usize>(), 1_usize..64).prop_map(|(at, len)| Mutation::DeleteBytes { at, len }),
        1 => any::<usize>().prop_map(|at| Mutation::Truncate { at }),
        1 => (any::<usize>(), 1_usize..256, any::<usize>())
            .prop_map(|(from, len, to)| Mutation::DuplicateBytes { from, len, to }),
        3 => (any::<usize>(), splice()).prop_map(|(node, with)| Mutation::Splice { node, with }),
        1 => any::<usize>().prop_map(|node| Mutation::RemoveMember { node }),
    ]
}

/// Applies mutations in order. Structural ones need valid JSON; on bytes an earlier mutation
/// already broke, they do nothing.
pub fn mutate(seed: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for m in mutations {
        apply_mutation(&mut bytes, m);
    }
    bytes
}

fn apply_mutation(bytes: &mut Vec<u8>, m: &Mutation) {
    let len = bytes.len().max(1);
    match *m {
        Mutation::FlipBit { at, bit } => {
            if let Some(b) = bytes.get_mut(at % len) {
                *b ^= 1 << bit;
            }
        }
        Mutation::InsertByte { at, byte } => bytes.insert(at % (bytes.len() + 1), byte),
        Mutation::DeleteBytes { at, len: n } => {
            let start = at % len;
            let end = (start + n).min(bytes.len());
            bytes.drain(start.min(end)..end);
        }
        Mutation::Truncate { at } => bytes.truncate(at % len),
        Mutation::DuplicateBytes { from, len: n, to } => {
            let start = from % len;
            let chunk: Vec<u8> = bytes.iter().skip(start).take(n).copied().collect();
            let to = to % (bytes.len() + 1);
            bytes.splice(to..to, chunk);
        }
        Mutation::Splice { node, ref with } => edit_json(bytes, |v| splice_node(v, node, with)),
        Mutation::RemoveMember { node } => edit_json(bytes, |v| remove_member(v, node)),
    }
}

fn edit_json(bytes: &mut Vec<u8>, edit: impl FnOnce(&mut Value)) {
    let Ok(mut value) = serde_json::from_slice::<Value>(bytes) else {
        return;
    };
    edit(&mut value);
    // Writing a `Value` cannot fail: its keys are strings and it holds no NaN.
    if let Ok(edited) = serde_json::to_vec(&value) {
        *bytes = edited;
    }
}

fn splice_node(root: &mut Value, node: usize, with: &Splice) {
    let count = count_nodes(root);
    let replacement = match with {
        Splice::Number(v) => json!(v),
        Splice::Integer(v) => json!(v),
        Splice::Text(s) => json!(s),
        Splice::LongText(n) => json!("A".repeat(*n)),
        Splice::EmptyObject => json!({}),
        Splice::EmptyArray => json!([]),
        Splice::Null => Value::Null,
        Splice::Bool(b) => json!(b),
        Splice::DeepArray(depth) => (0..*depth).fold(json!(0), |inner, _| json!([inner])),
        Splice::BigArray(n) => json!(vec![0; *n]),
        Splice::OtherNode(other) => nth_node(root, other % count)
            .cloned()
            .unwrap_or(Value::Null),
    };
    if let Some(target) = nth_node_mut(root, node % count) {
        *target = replacement;
    }
}

fn remove_member(root: &mut Value, node: usize) {
    let objects = count_objects(root);
    if objects > 0 {
        remove_in_object(root, &mut (node % objects), node);
    }
}

fn count_nodes(v: &Value) -> usize {
    1 + match v {
        Value::Array(items) => items.iter().map(count_nodes).sum(),
        Value::Object(map) => map.values().map(count_nodes).sum(),
        _ => 0,
    }
}

fn count_objects(v: &Value) -> usize {
    let own = usize::from(v.as_object().is_some_and(|m| !m.is_empty()));
    own + match v {
        Value::Array(items) => items.iter().map(count_objects).sum(),
        Value::Object(map) => map.values().map(count_objects).sum(),
        _ => 0,
    }
}

fn children(v: &Value) -> Vec<&Value> {
    match v {
        Value::Array(items) => items.iter().collect(),
        Value::Object(map) => map.values().collect(),
        _ => Vec::new(),
    }
}

fn nth_node(v: &Value, mut n: usize) -> Option<&Value> {
    if n == 0 {
        return Some(v);
    }
    n -= 1;
    for child in children(v) {
        let size = count_nodes(child);
        if n < size {
            return nth_node(child, n);
        }
        n -= size;
    }
    None
}

fn nth_node_mut(v: &mut Value, mut n: usize) -> Option<&mut Value> {
    if n == 0 {
        return Some(v);
    }
    n -= 1;
    let kids: Vec<&mut Value> = match v {
        Value::Array(items) => items.iter_mut().collect(),
        Value::Object(map) => map.values_mut().collect(),
        _ => Vec::new(),
    };
    for child in kids {
        let size = count_nodes(child);
        if n < size {
            return nth_node_mut(child, n);
        }
        n -= size;
    }
    None
}

/// Removes one member (chosen by `pick`) of the `target`-th non-empty object, pre-order.
fn remove_in_object(v: &mut Value, target: &mut usize, pick: usize) -> bool {
    if let Value::Object(map) = v
        && !map.is_empty()
    {
        if *target == 0 {
            if let Some(key) = map.keys().nth(pick % map.len()).cloned() {
                map.remove(&key);
            }
            return true;
        }
        *target -= 1;
    }
    match v {
        Value::Array(items) => items.iter_mut().any(|c| remove_in_object(c, target, pick)),
        Value::Object(map) => map.values_mut().any(|c| remove_in_object(c, target, pick)),
        _ => false,
    }
}

/// What one input did to the two loaders.
#[derive(Clone, Copy, Debug, Default)]
pub struct Outcome {
    pub encounter_opened: bool,
    pub map_imported: bool,
}

/// Runs both loaders on `bytes`: they may accept or refuse it, but must not panic, and a refusal
/// must be a short, non-empty message. An accepted map must hold only usable numbers. Every
/// accepted input then goes the whole way a file goes in Lantern (`lantern::check`): scene, the
/// party's fog, combat commands and their undo, save and reload; none of that may fail.
pub fn check(bytes: &[u8]) -> Result<Outcome, TestCaseError> {
    let encounter = encounter_from_json(bytes);
    match encounter {
        Err(ref err) => check_message(&err.to_string())?,
        Ok(ref encounter) => after_loading(check_encounter(FileKind::Encounter, encounter))?,
    }
    let map = uvtt_from_json(bytes, None);
    match &map {
        Err(err) => check_message(&err.to_string())?,
        Ok(map) => {
            let finite = map
                .walls
                .iter()
                .all(|w| [w.a.x, w.a.y, w.b.x, w.b.y].iter().all(|v| v.is_finite()));
            prop_assert!(finite, "an imported wall has a non-finite end");
            prop_assert!(map.width_cells >= 1 && map.height_cells >= 1);
            prop_assert!(map.pixels_per_cell >= 1.0);
            let imported = map
                .clone()
                .into_encounter("Fuzzed map", RuleSystem::default())
                .encounter;
            after_loading(check_encounter(FileKind::UniversalVttMap, &imported))?;
        }
    }
    Ok(Outcome {
        encounter_opened: encounter.is_ok(),
        map_imported: map.is_ok(),
    })
}

/// What happens after a file was accepted must succeed: an accepted file that cannot be used,
/// saved or reopened is the bug the fuzzer hunts.
fn after_loading<T>(result: Result<T, CheckError>) -> Result<(), TestCaseError> {
    match result {
        Ok(_) => Ok(()),
        Err(err) => Err(TestCaseError::fail(format!(
            "an accepted file failed after loading: {err}"
        ))),
    }
}

fn check_message(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(!message.trim().is_empty(), "empty error message");
    prop_assert!(
        message.chars().count() <= MAX_MESSAGE_CHARS,
        "error message of {} chars: {}…",
        message.chars().count(),
        message.chars().take(200).collect::<String>()
    );
    Ok(())
}
