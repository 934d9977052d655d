//! The files of issue 26: each within the limits `FORMAT.md` documents, each once too heavy for
//! the window (a crash, a window that never drew, gigabytes of text layout). Shared by the tests
//! (`tests/core/window_budget.rs`, `tests/ui/window_budget.rs`), `examples/bench_load.rs`
//! (`first_frame_ms_worst`) and `examples/limit_files.rs`, which writes them out for a run of
//! the real app (`lantern FILE`).

#![allow(
    dead_code,
    reason = "each user of this module builds the files it needs"
)]

use lantern::demo::Demo;
use lantern::model::{
    Ambient, Cell, Encounter, GridPoint, Light, LightKind, RuleSystem, Senses, Side, Token, TokenId,
};

/// One file: its name (what it stands for) and the encounter it holds.
pub struct LimitFile {
    pub name: &'static str,
    pub encounter: Encounter,
}

/// The names of every file, in the order [`build`] knows them (building them all at once would
/// hold several hundred megabytes).
pub const NAMES: [&str; 10] = [
    "demo_dark_3000_lights",
    "demo_dark_10000_lights",
    "dark_2000_1000_lights_r1000",
    "dark_2000_10000_lights_r10000",
    "dark_2000_5000_party_darkvision_10000",
    "obstacles_4000000",
    "obstacles_checkerboard_2000000",
    "token_name_1mb",
    "token_name_10mb",
    "long_texts_everywhere",
];

/// The file called `name`, or `None` for a name not in [`NAMES`].
pub fn build(name: &str) -> Option<LimitFile> {
    let encounter = match name {
        "demo_dark_3000_lights" => demo_dark_lights(3_000),
        "demo_dark_10000_lights" => demo_dark_lights(10_000),
        "dark_2000_1000_lights_r1000" => big_dark_lights(1_000, 1_000.0),
        "dark_2000_10000_lights_r10000" => big_dark_lights(10_000, 10_000.0),
        "dark_2000_5000_party_darkvision_10000" => big_dark_darkvision(),
        "obstacles_4000000" => obstacles(|_, _| true),
        "obstacles_checkerboard_2000000" => obstacles(|x, y| (x + y) % 2 == 0),
        "token_name_1mb" => long_name(1 << 20),
        "token_name_10mb" => long_name(10 << 20),
        "long_texts_everywhere" => long_texts(1 << 20),
        _ => return None,
    };
    let name = NAMES.iter().copied().find(|n| *n == name)?;
    Some(LimitFile { name, encounter })
}

/// A xorshift generator: the same files on every machine.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u32) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        f64::from((self.0 % u64::from(n)) as u32)
    }
}

fn the_demo() -> Encounter {
    let Ok(encounter) = Demo::GoForthHeroes.encounter() else {
        panic!("the built-in demo does not load");
    };
    encounter
}

/// The demo in the dark with `count` torches scattered over its map (10,000 is the cap).
fn demo_dark_lights(count: u32) -> Encounter {
    let mut encounter = the_demo();
    encounter.name = format!("Old Mill by {count} lights");
    encounter.ambient = Ambient::Dark;
    encounter.fog.enabled = true;
    let (w, h) = (encounter.map.width_cells, encounter.map.height_cells);
    let mut rng = XorShift(0x2600_0001);
    encounter.lights = (0..count)
        .map(|_| {
            let at = GridPoint::new(rng.below(w) + 0.5, rng.below(h) + 0.5);
            Light::preset(LightKind::Torch, at)
        })
        .collect();
    encounter
}

/// The largest map, 2,000 cells a side, in the dark, with four heroes of the party.
fn big_dark_map(name: &str) -> Encounter {
    let mut encounter = Encounter::new(name, RuleSystem::Evening);
    encounter.map.width_cells = 2_000;
    encounter.map.height_cells = 2_000;
    encounter.ambient = Ambient::Dark;
    encounter.fog.enabled = true;
    for (i, name) in ["Kestrel", "Bram", "Ysolde", "Tamsin"].iter().enumerate() {
        let cell = Cell::new(1_000 + 2 * i as i32, 1_000);
        encounter
            .tokens
            .push(Token::new(TokenId(i as u64 + 1), *name, Side::Party, cell));
    }
    encounter
}

/// `count` lights of `range` cells scattered over the big dark map.
fn big_dark_lights(count: u32, range: f64) -> Encounter {
    let mut encounter = big_dark_map("Huge lights");
    let mut rng = XorShift(0x2600_0002);
    encounter.lights = (0..count)
        .map(|_| {
            let at = GridPoint::new(rng.below(2_000) + 0.5, rng.below(2_000) + 0.5);
            Light {
                range_cells: range,
                bright_cells: None,
                ..Light::preset(LightKind::Custom, at)
            }
        })
        .collect();
    encounter
}

/// 5,000 party tokens (the token cap) with darkvision of 10,000 cells (its cap), no light.
fn big_dark_darkvision() -> Encounter {
    let mut encounter = big_dark_map("Darkvision crowd");
    encounter.tokens.clear();
    let mut rng = XorShift(0x2600_0003);
    encounter.tokens = (0..5_000)
        .map(|i| {
            let cell = Cell::new(rng.below(2_000) as i32, rng.below(2_000) as i32);
            let mut token = Token::new(TokenId(i + 1), format!("Seer {i}"), Side::Party, cell);
            token.senses = Senses::Darkvision {
                range_cells: 10_000,
            };
            token
        })
        .collect();
    encounter
}

/// The big map with an obstacle on every cell `filled(x, y)` picks, fog on, the party on it.
fn obstacles(filled: impl Fn(i32, i32) -> bool) -> Encounter {
    let mut encounter = big_dark_map("Solid rock");
    encounter.ambient = Ambient::Bright;
    encounter.obstacle_cells = (0..2_000)
        .flat_map(|x| (0..2_000).map(move |y| Cell::new(x, y)))
        .filter(|c| filled(c.x, c.y))
        .collect();
    encounter
}

/// Text of `bytes` bytes: words of a name, repeated.
fn long_text(bytes: usize) -> String {
    "Kestrel the Unending "
        .chars()
        .cycle()
        .take(bytes)
        .collect()
}

/// The demo with its first token named with `bytes` of text.
fn long_name(bytes: usize) -> Encounter {
    let mut encounter = the_demo();
    "Old Mill, one long name".clone_into(&mut encounter.name);
    encounter.tokens[0].name = long_text(bytes);
    encounter
}

/// The demo with `bytes` of text in every string a pane or the map shows: the encounter's and
/// every token's name, a token's notes, a custom condition on each token, the roll log.
fn long_texts(bytes: usize) -> Encounter {
    use lantern::combat::conditions::{ActiveCondition, Duration};
    use lantern::model::LogEntry;
    let mut encounter = the_demo();
    let text = long_text(bytes);
    encounter.name.clone_from(&text);
    for token in &mut encounter.tokens {
        token.name.clone_from(&text);
        token.notes.clone_from(&text);
        encounter.combat.conditions.push(ActiveCondition {
            token: token.id,
            name: text.clone(),
            duration: Duration::UntilRemoved,
            system: None,
        });
    }
    encounter.combat.log.push(LogEntry {
        who: text.clone(),
        what: text.clone(),
        dice: text.clone(),
        result: text,
    });
    encounter
}
