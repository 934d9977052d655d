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
pub const NAMES: [&str; 15] = [
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
    "tokens_5000_names_200",
    "every_string_at_its_cap",
    "areas_10_spheres_r10000",
    "areas_1000_covering_the_map",
    "areas_1000_covering_a_walled_map",
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
        "tokens_5000_names_200" => crowd(false),
        "every_string_at_its_cap" => crowd(true),
        "areas_10_spheres_r10000" => covering_areas(10, false),
        "areas_1000_covering_the_map" => covering_areas(1_000, false),
        "areas_1000_covering_a_walled_map" => covering_areas(1_000, true),
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

/// Text of exactly `chars` characters, different for each `n` (so no two names lay out alike).
fn text_at_cap(n: usize, chars: usize) -> String {
    let head = format!("{n} ");
    head.chars()
        .chain("Kestrel the Unending ".chars().cycle())
        .take(chars)
        .collect()
}

/// 5,000 tokens (the cap) on a 200-cell map, each named in 200 characters (the cap). With
/// `everything`, every other string the file holds is at its cap too: the encounter's name,
/// each token's notes (10,000) and library identity (256), a condition on each token (64),
/// 32 attacks of 80 characters on a sheet, 100 custom bands, 1,000 Evening threads and
/// challenges and Post core clocks (200), the story roster, and 200 roll log lines at 1,000 and
/// 20,000 characters.
fn crowd(everything: bool) -> Encounter {
    use lantern::combat::conditions::{ActiveCondition, Duration};
    use lantern::model::validate::{
        MAX_CUSTOM_BANDS, MAX_LABEL_CHARS, MAX_LIBRARY_ID_CHARS, MAX_LOG_LABEL_CHARS,
        MAX_LOG_TEXT_CHARS, MAX_NAME_CHARS, MAX_NOTES_CHARS, MAX_TRACKER_ENTRIES,
    };
    use lantern::model::{CustomBand, LibraryId, LogEntry, Side};
    let mut encounter = Encounter::new("A crowd of long names", RuleSystem::GoForthHeroes);
    encounter.map.width_cells = 200;
    encounter.map.height_cells = 200;
    let sides = [Side::Party, Side::Ally, Side::Enemy, Side::Neutral];
    encounter.tokens = (0..5_000_usize)
        .map(|i| {
            let cell = Cell::new((i % 100) as i32 * 2, (i / 100) as i32 * 4);
            let name = text_at_cap(i, MAX_NAME_CHARS);
            let mut token = Token::new(TokenId(i as u64 + 1), name, sides[i % 4], cell);
            if everything {
                token.notes = text_at_cap(i, MAX_NOTES_CHARS);
                token.library_id = Some(LibraryId(text_at_cap(i, MAX_LIBRARY_ID_CHARS)));
            }
            token
        })
        .collect();
    if !everything {
        return encounter;
    }
    encounter.name = text_at_cap(0, MAX_NAME_CHARS);
    for token in &encounter.tokens {
        encounter.combat.conditions.push(ActiveCondition {
            system: None,
            token: token.id,
            name: text_at_cap(token.id.0 as usize, MAX_LABEL_CHARS),
            duration: Duration::UntilRemoved,
        });
    }
    encounter.custom_bands = (0..MAX_CUSTOM_BANDS)
        .map(|i| CustomBand {
            name: text_at_cap(i, MAX_LABEL_CHARS),
            max_cells: i as u32 + 1,
        })
        .collect();
    long_trackers(&mut encounter, MAX_TRACKER_ENTRIES);
    encounter.combat.log = (0..200)
        .map(|i| LogEntry {
            who: text_at_cap(i, MAX_LOG_LABEL_CHARS),
            what: text_at_cap(i, MAX_LOG_LABEL_CHARS),
            dice: text_at_cap(i, MAX_LOG_TEXT_CHARS),
            result: text_at_cap(i, MAX_LOG_TEXT_CHARS),
        })
        .collect();
    encounter
}

/// The encounter-wide trackers with `count` entries each, named at their cap, and the first
/// token's sheet with 32 attacks of 80 characters.
fn long_trackers(encounter: &mut Encounter, count: usize) {
    use lantern::model::trackers::attack::{
        Attack, AttackRange, MAX_ATTACK_NAME_CHARS, MAX_ATTACKS,
    };
    use lantern::model::validate::MAX_NAME_CHARS;
    use lantern::rules::TokenTrackers;
    use lantern::rules::evening::{ChallengeTracker, Thread};
    use lantern::rules::go_forth_heroes::{Attribute, GfhAttackNumbers, GfhToken};
    use lantern::rules::post_core::Clock;
    let shared = &mut encounter.combat.trackers.encounter;
    shared.evening.threads = (0..count)
        .map(|i| Thread {
            name: text_at_cap(i, MAX_NAME_CHARS),
            length: 6,
            marks: 1,
        })
        .collect();
    shared.evening.challenges = (0..count)
        .map(|i| ChallengeTracker {
            name: text_at_cap(i, MAX_NAME_CHARS),
            rating: 3,
            complexity: 4,
            successes: 0,
            failures: 0,
        })
        .collect();
    shared.post_core.clocks = (0..count)
        .map(|i| Clock {
            name: text_at_cap(i, MAX_NAME_CHARS),
            segments: 6,
            filled: 2,
            locked: false,
            unlocks: None,
            rival: None,
        })
        .collect();
    shared.road_and_ruin.slots = (0..20)
        .map(|i| Some(text_at_cap(i, MAX_NAME_CHARS)))
        .collect();
    let attacks = (0..MAX_ATTACKS)
        .map(|i| {
            Attack::new(
                text_at_cap(i, MAX_ATTACK_NAME_CHARS),
                AttackRange::ADJACENT,
                GfhAttackNumbers {
                    attribute: Attribute::Might,
                    effort_die: 6,
                },
            )
        })
        .collect();
    let sheet = GfhToken {
        attacks,
        ..GfhToken::default()
    };
    let first = encounter.tokens[0].id;
    encounter
        .combat
        .trackers
        .insert(first, TokenTrackers::GoForthHeroes(sheet));
}

/// `count` kept spheres of radius 10,000 cells (the cap) on the largest map, each covering it
/// all, with the party on it; with `walls`, a maze of 2,000 walls too, so each area is cut.
fn covering_areas(count: u32, walls: bool) -> Encounter {
    use lantern::model::{
        AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, Wall, WallId, WallKind,
    };
    let mut encounter = big_dark_map("Sea of spheres");
    encounter.ambient = Ambient::Bright;
    // Enemies, not the party: a party on a bright map this size explores four million cells
    // at open, which is the fog's cost, not the areas'.
    for token in &mut encounter.tokens {
        token.side = lantern::model::Side::Enemy;
    }
    let mut rng = XorShift(0x2900_0001);
    encounter.areas = (0..count)
        .map(|i| {
            let origin = GridPoint::new(rng.below(2_000) + 0.5, rng.below(2_000) + 0.5);
            AreaTemplate {
                id: AreaId(u64::from(i) + 1),
                shape: AreaShape::Sphere {
                    radius: AreaSize::Cells(10_000.0),
                },
                origin,
                toward: GridPoint::new(origin.x + 1.0, origin.y),
                source: None,
                follows: false,
                select: AreaSelect::Everyone,
                gm_only: false,
                effect: None,
            }
        })
        .collect();
    if walls {
        encounter.walls = (0..2_000_u64)
            .map(|i| {
                let x = rng.below(1_990);
                let y = rng.below(1_990);
                let a = GridPoint::new(x, y);
                let b = if i % 2 == 0 {
                    GridPoint::new(x + 8.0, y)
                } else {
                    GridPoint::new(x, y + 8.0)
                };
                Wall {
                    id: WallId(i + 1),
                    a,
                    b,
                    kind: WallKind::Wall,
                }
            })
            .collect();
    }
    encounter
}
