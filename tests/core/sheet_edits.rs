//! A Sheet edit changes the number it edits and nothing else of the play state: no current
//! attribute, health or tracker value other than the edited one's own (issue 23, item 9). The
//! only current value an edit may touch is its field's counterpart, as the texts ask:
//! - a maximum (Evening maximum health, a Road and Ruin pool's maximum, Endurance for Exertion,
//!   Post Max HP) only brings its current value down to fit under it, never up;
//! - a Post base attribute carries its current score along by the same amount, so what was
//!   lost stays lost until an extended rest (Post core, Attribute Loss; Recovery): a score
//!   below 0 stays there and an edit never takes one below 0 by itself.

use std::collections::BTreeMap;

use lantern::combat::sheet::{self, SheetField};
use lantern::edit::Document;
use lantern::model::{Cell, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::TokenTrackers;
use lantern::rules::go_forth_heroes::{Attribute, Hearts};
use lantern::rules::road_and_ruin::Pool;
use proptest::prelude::*;

/// Random numbers to draw a sheet's state from, one at a time.
struct Draw(Vec<u32>, usize);

impl Draw {
    /// A number in `lo..=hi`.
    fn in_range(&mut self, lo: i64, hi: i64) -> i64 {
        let n = self.0.get(self.1 % self.0.len()).copied().unwrap_or(0);
        self.1 += 1;
        lo + i64::from(n) % (hi - lo + 1)
    }

    fn small(&mut self, lo: i64, hi: i64) -> u8 {
        u8::try_from(self.in_range(lo, hi)).unwrap_or(0)
    }

    fn wide(&mut self, lo: i64, hi: i64) -> u32 {
        u32::try_from(self.in_range(lo, hi)).unwrap_or(0)
    }
}

/// A sheet of `system` in the middle of play: damage taken, grit spent, attributes lost.
fn sheet_in_play(system: RuleSystem, d: &mut Draw) -> TokenTrackers {
    let mut sheet = lantern::rules::system(system).starting_sheet(Side::Party);
    match &mut sheet {
        TokenTrackers::GoForthHeroes(t) => {
            for a in Attribute::ALL {
                let v = d.in_range(-2, 4);
                *a.score_mut(&mut t.attributes) = v;
            }
            let mut hearts = Hearts::new(d.wide(1, 4));
            hearts.progress = d.wide(0, 9);
            t.hearts = Some(hearts);
        }
        TokenTrackers::Evening(t) => {
            t.max_health = d.wide(1, 40);
            t.health = d.wide(0, i64::from(t.max_health));
            t.temp_health = d.wide(0, 5);
            t.injury = d.small(0, 6);
            t.exhaustion = d.small(0, 5);
            t.abilities.prowess = i32::try_from(d.in_range(-2, 4)).unwrap_or(0);
            t.abilities.body = i32::try_from(d.in_range(-2, 4)).unwrap_or(0);
        }
        TokenTrackers::RoadAndRuin(t) => {
            t.endurance = d.small(0, 4);
            for i in 0..5 {
                t.max[i] = d.wide(0, 30);
            }
            for p in [
                Pool::Health,
                Pool::Steadfast,
                Pool::Exertion,
                Pool::Mana,
                Pool::Spirit,
            ] {
                let cap = i64::from(t.max_of(p));
                t.current[p as usize] = d.wide(0, cap);
            }
            t.armour = d.small(0, 10);
        }
        TokenTrackers::PostCore(t) => {
            for i in 0..3 {
                let base = d.small(0, 6);
                let lost = d.in_range(0, i64::from(base) + 1);
                t.base_attributes[i] = i8::try_from(base).unwrap_or(0);
                t.attributes[i] = i8::try_from(i64::from(base) - lost).unwrap_or(0);
            }
            t.max_hp = d.small(0, 20);
            t.hp = d.small(0, i64::from(t.max_hp));
            t.grit = d.small(0, 6);
        }
        TokenTrackers::ThreeD6(t) => {
            let level = d.in_range(-1, 10);
            t.level = u8::try_from(level).ok();
            t.harm_taken = d.wide(0, 20);
        }
    }
    sheet
}

/// Every number a sheet keeps, typed or tracked in play, by name; the token's own speed and
/// Finesse with them.
fn numbers(e: &Encounter, token: TokenId) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    let mut put = |k: &str, v: i64| {
        out.insert(k.to_owned(), v);
    };
    if let Some(t) = e.token(token) {
        put("speed", i64::from(t.speed_cells));
        put("finesse", i64::from(t.finesse));
    }
    match e.sheet(token) {
        Some(TokenTrackers::GoForthHeroes(t)) => {
            // The shift as kept: GFH reads it as 0 while the score is below 0 (Roll vs Effort
            // Bonus: a negative attribute cannot be shifted), and keeps it for when it is not.
            for (a, shift) in Attribute::ALL.into_iter().zip(t.effort_shift) {
                put(&format!("attr:{a:?}"), a.score(&t.attributes));
                put(&format!("shift:{a:?}"), shift);
            }
            if let Some(h) = &t.hearts {
                put("hearts", i64::from(h.remaining));
                put("progress", i64::from(h.progress));
            }
            put("wounds", i64::try_from(t.wounds.len()).unwrap_or(0));
        }
        Some(TokenTrackers::Evening(t)) => {
            put("max_health", i64::from(t.max_health));
            put("health", i64::from(t.health));
            put("temp_health", i64::from(t.temp_health));
            put("reserves", i64::try_from(t.reserves.len()).unwrap_or(0));
            put("injury", i64::from(t.injury));
            put("exhaustion", i64::from(t.exhaustion));
            put("dead", i64::from(t.dead));
            put("level", i64::from(t.level));
            put("prowess", i64::from(t.abilities.prowess));
            put("resolve", i64::from(t.abilities.resolve));
            put("body", i64::from(t.abilities.body));
            put("mind", i64::from(t.abilities.mind));
            for kind in lantern::rules::evening::MoveKind::OTHERS {
                let speed = t.movement.get(kind).map_or(-1, i64::from);
                put(&format!("speed:{kind:?}"), speed);
            }
            put("moving", i64::from(!t.moving.is_walk()));
        }
        Some(TokenTrackers::RoadAndRuin(t)) => {
            put("endurance", i64::from(t.endurance));
            put("armour", i64::from(t.armour));
            for i in 0..5 {
                put(&format!("max:{i}"), i64::from(t.max[i]));
                put(&format!("current:{i}"), i64::from(t.current[i]));
            }
        }
        Some(TokenTrackers::PostCore(t)) => {
            put("max_hp", i64::from(t.max_hp));
            put("hp", i64::from(t.hp));
            put("grit", i64::from(t.grit));
            for i in 0..3 {
                put(&format!("base:{i}"), i64::from(t.base_attributes[i]));
                put(&format!("current:{i}"), i64::from(t.attributes[i]));
            }
        }
        Some(TokenTrackers::ThreeD6(t)) => {
            put("level", t.level.map_or(-1, i64::from));
            put("harm", i64::from(t.harm_taken));
        }
        None => {}
    }
    out
}

/// The number a field edits, and the current value that goes with it, if any.
fn keys(field: SheetField) -> (String, Option<String>) {
    let one = |k: &str| (k.to_owned(), None);
    match field {
        SheetField::Speed => one("speed"),
        SheetField::Finesse => one("finesse"),
        SheetField::GfhAttribute(a) => one(&format!("attr:{a:?}")),
        SheetField::GfhEffortShift(a) => one(&format!("shift:{a:?}")),
        SheetField::EveningProwess => one("prowess"),
        SheetField::EveningResolve => one("resolve"),
        SheetField::EveningBody => one("body"),
        SheetField::EveningMind => one("mind"),
        SheetField::EveningMaxHealth => ("max_health".to_owned(), Some("health".to_owned())),
        SheetField::RrEndurance => (
            "endurance".to_owned(),
            Some(format!("current:{}", Pool::Exertion as usize)),
        ),
        SheetField::RrMax(p) => (
            format!("max:{}", p as usize),
            Some(format!("current:{}", p as usize)),
        ),
        SheetField::RrArmour => one("armour"),
        SheetField::PostAttribute(i) => (format!("base:{i}"), Some(format!("current:{i}"))),
        SheetField::PostMaxHp => ("max_hp".to_owned(), Some("hp".to_owned())),
        SheetField::ThreeD6Level => one("level"),
        SheetField::EveningSpeed(kind) => one(&format!("speed:{kind:?}")),
    }
}

/// What the counterpart of `field` must be after setting it to `value`, from its value before
/// (see the module doc): fitted under a new maximum, or carried along with a Post base.
fn counterpart_after(
    field: SheetField,
    value: i64,
    before: &BTreeMap<String, i64>,
    current: i64,
) -> i64 {
    match field {
        // Evening, Exhaustion: from level 4 the maximum health is halved.
        SheetField::EveningMaxHealth => {
            let cap = if before["exhaustion"] >= 4 {
                value / 2
            } else {
                value
            };
            current.min(cap)
        }
        // Road and Ruin, EXERTION: the pool's maximum is 10 × Endurance.
        SheetField::RrEndurance => current.min(10 * value),
        SheetField::RrMax(_) | SheetField::PostMaxHp => current.min(value),
        SheetField::PostAttribute(i) => {
            let base = before[&format!("base:{i}")];
            if current < 0 {
                current
            } else {
                (current + value - base).clamp(0, value)
            }
        }
        _ => current,
    }
}

fn encounter(system: RuleSystem, draws: Vec<u32>) -> Encounter {
    let mut e = Encounter::new("sheet edits", system);
    let mut d = Draw(draws, 0);
    for i in 1..=3u64 {
        let cell = Cell::new(i32::try_from(i).unwrap_or(0) * 2, 0);
        e.tokens
            .push(Token::new(TokenId(i), format!("T{i}"), Side::Party, cell));
        for s in RuleSystem::ALL {
            e.combat
                .trackers
                .insert(TokenId(i), sheet_in_play(s, &mut d));
        }
    }
    e
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// In every system, random edits of random typed fields on sheets in mid-play: the edited
    /// number takes the value, its counterpart follows the rule above, and every other number
    /// of every token (and the conditions) stays as it was. A refused edit changes nothing.
    #[test]
    fn a_sheet_edit_changes_only_what_it_edits(
        system in prop::sample::select(RuleSystem::ALL.to_vec()),
        draws in prop::collection::vec(any::<u32>(), 64),
        edits in prop::collection::vec((1..=3u64, any::<u32>(), any::<u32>()), 1..12),
    ) {
        let mut doc = Document::new(encounter(system, draws), None);
        for (token, pick, raw) in edits {
            let token = TokenId(token);
            let fields = sheet::typed_fields(&doc.encounter, token);
            let (field, min, max) = fields[pick as usize % fields.len()];
            let value = min + i64::from(raw) % (max - min + 1);
            let before: Vec<_> = (1..=3).map(|i| numbers(&doc.encounter, TokenId(i))).collect();
            let conditions = doc.encounter.combat.conditions.clone();
            let Ok(command) = sheet::edit(&doc.encounter, token, field, value) else {
                prop_assert!(false, "a value in range was refused: {field:?} {value}");
                continue;
            };
            let applied = doc.apply(command).is_ok();
            prop_assert_eq!(&doc.encounter.combat.conditions, &conditions);
            let (edited, counterpart) = keys(field);
            for i in 1..=3u64 {
                let after = numbers(&doc.encounter, TokenId(i));
                let was = &before[usize::try_from(i - 1).unwrap_or(0)];
                for (key, old) in was {
                    let new = after[key];
                    let ours = TokenId(i) == token && applied;
                    if ours && *key == edited {
                        prop_assert_eq!(new, value, "{:?} did not take {}", field, value);
                    } else if ours && counterpart.as_deref() == Some(key.as_str()) {
                        let expected = counterpart_after(field, value, was, *old);
                        prop_assert_eq!(new, expected, "{} after {:?} = {}", key, field, value);
                    } else {
                        prop_assert_eq!(new, *old, "{} changed by {:?} = {}", key, field, value);
                    }
                }
            }
        }
    }
}
