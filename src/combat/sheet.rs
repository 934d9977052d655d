//! A token's sheet: the rule numbers of the encounter's system that live on one token, the
//! numbers derived from them (each saying where it comes from), and the commands that edit
//! them. The numbers are the token's own fields (speed, Finesse, size) and its trackers
//! ([`TokenTrackers`]); nothing is stored twice. Every other part of Lantern reads them through
//! the accessors here and in the rule folders, e.g. [`base_move`] for the map's reach.

use super::conditions::Adjusted;
use crate::combat::momentum::MomentumPool;
use crate::model::limits::{self as lim, Limit};
use crate::model::trackers::post_core::INVENTORY_SLOTS;
use crate::model::{Command, Encounter, RuleSystem, Side, SizeCategory, TokenId};
use crate::rules::evening::{EveningAbilities, EveningChange, EveningToken};
use crate::rules::go_forth_heroes::{Attribute, Defense, GfhChange, GfhToken, ROLL_EFFORT_CAP};
use crate::rules::post_core::{PostChange, PostToken, load_dice};
use crate::rules::road_and_ruin::{Pool, RrChange, RrToken};
use crate::rules::three_d6::{ThreeD6Change, ThreeD6Token, tier_for_level};
use crate::rules::{TokenChange, TokenTrackers, TrackerCommand};

/// A number on the sheet the GM may type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetField {
    /// The token's base speed in cells (Evening, Speed; every system without a derived Move).
    Speed,
    /// Evening's Finesse, which also rolls initiative.
    Finesse,
    /// A GFH attribute score.
    GfhAttribute(Attribute),
    /// Points of a GFH attribute moved from +Roll to +Effort.
    GfhEffortShift(Attribute),
    /// Evening Prowess.
    EveningProwess,
    /// Evening Resolve.
    EveningResolve,
    /// Evening Body.
    EveningBody,
    /// Evening Mind.
    EveningMind,
    /// Evening maximum health.
    EveningMaxHealth,
    /// Road and Ruin Endurance.
    RrEndurance,
    /// A Road and Ruin pool's maximum (not Exertion, which is derived).
    RrMax(Pool),
    /// Road and Ruin armour rating.
    RrArmour,
    /// A Post core attribute score: STR, DEX, WIL by index.
    PostAttribute(usize),
    /// Post core maximum HP.
    PostMaxHp,
    /// Post core full inventory slots (or not kept), for load.
    PostSlotsFull,
    /// Post core regular defensive pieces (one slot, one use).
    PostDefensiveRegular,
    /// Post core bulky defensive pieces (two slots, two uses).
    PostDefensiveBulky,
    /// 3d6 level.
    ThreeD6Level,
    /// An Evening speed of another kind of movement (Evening, Movement: Kinds of movement).
    EveningSpeed(crate::rules::evening::MoveKind),
}

/// Where a number on the sheet comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Typed by the GM; edited through this field, within `min..=max`.
    Typed {
        field: SheetField,
        min: i64,
        max: i64,
    },
    /// Computed from other numbers: the words say how and where the text says so.
    Derived(String),
}

/// One number on the sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetNumber {
    pub label: String,
    pub value: i64,
    pub source: Source,
    /// The value that stands for "not set" (the pane shows those words), for a number a sheet
    /// may lack (a 3d6 level nobody set: [`NOT_SET`]); `None` for a number always set.
    pub not_set: Option<i64>,
}

/// A typed number's value for "not set", one below the range the number takes when set.
pub const NOT_SET: i64 = -1;

/// A group of numbers under a heading.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SheetSection {
    pub title: String,
    pub numbers: Vec<SheetNumber>,
    /// Numbers that belong on one line (an attribute with its split), 0 or 1 for one each.
    pub per_row: usize,
}

/// Why a sheet edit was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("there is no token {0}")]
    NoSuchToken(TokenId),
    #[error("{0} is not a number this encounter's system keeps")]
    WrongSystem(&'static str),
    #[error("{what} must be between {min} and {max}")]
    OutOfRange {
        what: &'static str,
        min: i64,
        max: i64,
    },
}

fn typed(
    label: impl Into<String>,
    value: i64,
    field: SheetField,
    min: i64,
    max: i64,
) -> SheetNumber {
    SheetNumber {
        label: label.into(),
        value,
        source: Source::Typed { field, min, max },
        not_set: None,
    }
}

/// A typed number whose range is its limit in the one table (`model::limits`), so the sheet
/// offers exactly what the loader and the commands keep.
fn typed_in(label: impl Into<String>, value: i64, field: SheetField, limit: Limit) -> SheetNumber {
    typed(label, value, field, limit.min, limit.max)
}

fn derived(label: impl Into<String>, value: i64, how: impl Into<String>) -> SheetNumber {
    SheetNumber {
        label: label.into(),
        value,
        source: Source::Derived(how.into()),
        not_set: None,
    }
}

/// The token's trackers in the encounter's system, or fresh ones if it has none yet (a sheet
/// shows what a new token starts with; the first edit gives it those trackers).
fn trackers(encounter: &Encounter, token: TokenId) -> TokenTrackers {
    shown(encounter, token).into_owned()
}

/// The numbers the Sheet pane shows for `token` in the encounter's system: its sheet, or, when
/// it has none there, the system's starting sheet for its side (marked as default numbers).
/// The check builder reads the same, so a number standing in for a missing one is the number
/// the sheet then shows.
#[must_use]
pub fn shown(encounter: &Encounter, token: TokenId) -> std::borrow::Cow<'_, TokenTrackers> {
    if let Some(sheet) = encounter.sheet(token) {
        std::borrow::Cow::Borrowed(sheet)
    } else {
        let side = encounter.token(token).map(|t| t.side).unwrap_or_default();
        let starting = crate::rules::system(encounter.system).starting_sheet(side);
        std::borrow::Cow::Owned(starting.as_defaults())
    }
}

/// The GFH numbers of `token`, if the encounter runs GFH and the token has them.
#[must_use]
pub fn gfh(encounter: &Encounter, token: TokenId) -> Option<&GfhToken> {
    match encounter.sheet(token) {
        Some(TokenTrackers::GoForthHeroes(t)) => Some(t),
        _ => None,
    }
}

/// The Evening numbers of `token`, if the encounter runs Evening and the token has them.
#[must_use]
pub fn evening(encounter: &Encounter, token: TokenId) -> Option<&EveningToken> {
    match encounter.sheet(token) {
        Some(TokenTrackers::Evening(t)) => Some(t),
        _ => None,
    }
}

/// The Road and Ruin numbers of `token`, if the encounter runs Road and Ruin and the token has
/// them (its armour for an attack, …).
#[must_use]
pub fn road_and_ruin(encounter: &Encounter, token: TokenId) -> Option<&RrToken> {
    match encounter.sheet(token) {
        Some(TokenTrackers::RoadAndRuin(t)) => Some(t),
        _ => None,
    }
}

/// The tracker commands that give a new token of `side` the plain starting numbers of every
/// system ([`crate::rules::System::starting_sheet`], marked as defaults), so it has numbers
/// whichever system the encounter runs, now or after a change. Queue them with the token's
/// `AddToken`, in the same undo step.
#[must_use]
pub fn starting_sheets(token: TokenId, side: Side) -> Vec<Command> {
    RuleSystem::ALL
        .into_iter()
        .map(|system| {
            Command::Tracker(TrackerCommand::AddToken {
                token,
                trackers: crate::rules::system(system).starting_sheet(side),
            })
        })
        .collect()
}

/// The tracker commands that give `to` a copy of every sheet `from` keeps (a duplicated token).
#[must_use]
pub fn copied_sheets(encounter: &Encounter, from: TokenId, to: TokenId) -> Vec<Command> {
    let Some(sheets) = encounter.combat.trackers.per_token.get(&from) else {
        return Vec::new();
    };
    sheets
        .iter()
        .map(|trackers| {
            Command::Tracker(TrackerCommand::AddToken {
                token: to,
                trackers: trackers.clone(),
            })
        })
        .collect()
}

/// What the token has left in the encounter's system, as the texts count it: GFH Hearts and
/// the Effort on the current one, a hero's momentum dice in Fatigue and its Wounds; Evening
/// health and temporary health; Road and Ruin Steadfast and Health; Post HP and STR; 3d6 harm
/// marked. Empty without a sheet. What Apply changes shows here (`check_report`'s `applied`).
#[must_use]
pub fn standing(encounter: &Encounter, token: TokenId) -> Vec<(String, i64)> {
    let wide = |n: u32| i64::from(n);
    let Some(sheet) = encounter.sheet(token) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match sheet {
        TokenTrackers::GoForthHeroes(t) => {
            if let Some(h) = &t.hearts {
                out.push(("Hearts".to_owned(), wide(h.remaining)));
                out.push(("Effort on the current Heart".to_owned(), wide(h.progress)));
            }
            if let Some(pool) = encounter.combat.momentum.get(&token) {
                let fatigue = pool.count(crate::combat::momentum::Zone::Fatigue);
                out.push((
                    "Momentum dice in Fatigue".to_owned(),
                    i64::try_from(fatigue).unwrap_or(i64::MAX),
                ));
            }
            out.push((
                "Wounds".to_owned(),
                i64::try_from(t.wounds.len()).unwrap_or(i64::MAX),
            ));
        }
        TokenTrackers::Evening(t) => {
            out.push(("Health".to_owned(), wide(t.health)));
            out.push(("Temporary health".to_owned(), wide(t.temp_health)));
        }
        TokenTrackers::RoadAndRuin(t) => {
            out.push(("Steadfast".to_owned(), wide(t.get(Pool::Steadfast))));
            out.push(("Health".to_owned(), wide(t.get(Pool::Health))));
        }
        TokenTrackers::PostCore(t) => {
            out.push(("HP".to_owned(), i64::from(t.hp)));
            out.push(("STR".to_owned(), i64::from(t.attributes[0])));
        }
        TokenTrackers::ThreeD6(t) => out.push(("Harm marked".to_owned(), wide(t.harm_taken))),
    }
    out
}

/// The GFH sheet of `token` when it is a hero's: Hearts are what enemies and obstacles have
/// instead (GFH, Hearts), and only heroes take their Move from Agility.
fn gfh_hero(encounter: &Encounter, token: TokenId) -> Option<&GfhToken> {
    gfh(encounter, token).filter(|t| t.hearts.is_none())
}

/// The token's Move before Wounds and conditions, in cells, with where it comes from: a GFH
/// hero moves 4 + Agility squares (GFH, Grid Play); monsters (with Hearts) and every other
/// system move the typed base speed (Evening, Speed: "everything which can move has a base
/// speed").
#[must_use]
pub fn base_move(encounter: &Encounter, token: TokenId) -> Adjusted<u32> {
    if let Some(hero) = gfh_hero(encounter, token) {
        let agility = hero.attributes.agility;
        return Adjusted {
            value: hero.move_squares(),
            reasons: vec![format!("Move 4 + Agility {agility} (GFH, Grid Play)")],
        };
    }
    // Evening, Movement: Kinds of movement: moving by another kind, its speed is the one used.
    if let Some(TokenTrackers::Evening(e)) = encounter.sheet(token)
        && let Some(speed) = e.movement.get(e.moving)
    {
        return Adjusted {
            value: speed,
            reasons: vec![format!("{} speed {speed}", e.moving.label())],
        };
    }
    let speed = encounter.token(token).map_or(0, |t| t.speed_cells);
    Adjusted {
        value: speed,
        reasons: vec![format!("base speed {speed}")],
    }
}

/// The numbers of `token`'s sheet the GM may type, each with its range (what the Sheet pane
/// offers for editing, in its order).
#[must_use]
pub fn typed_fields(encounter: &Encounter, token: TokenId) -> Vec<(SheetField, i64, i64)> {
    sheet(encounter, token)
        .into_iter()
        .flatten()
        .flat_map(|s| s.numbers)
        .filter_map(|n| match n.source {
            Source::Typed { field, min, max } => Some((field, min, max)),
            Source::Derived(_) => None,
        })
        .collect()
}

/// The sheet of `token` in the encounter's system, or `None` if there is no such token.
#[must_use]
pub fn sheet(encounter: &Encounter, token: TokenId) -> Option<Vec<SheetSection>> {
    let t = encounter.token(token)?;
    let mut sections = match trackers(encounter, token) {
        TokenTrackers::GoForthHeroes(h) => gfh_sheet(&h),
        TokenTrackers::Evening(e) => evening_sheet(&e, t.finesse, t.size),
        TokenTrackers::RoadAndRuin(r) => rr_sheet(&r),
        TokenTrackers::PostCore(p) => post_sheet(&p),
        TokenTrackers::ThreeD6(d) => three_d6_sheet(&d),
    };
    // A GFH hero's Move comes from Agility; a monster (with Hearts) keeps a typed speed, as in
    // every other system.
    let movement = if gfh_hero(encounter, token).is_some() {
        let m = base_move(encounter, token);
        derived("Move", i64::from(m.value), m.reasons.join("; "))
    } else {
        typed_in(
            "Speed",
            i64::from(t.speed_cells),
            SheetField::Speed,
            lim::TOKEN_SPEED,
        )
    };
    let mut numbers = vec![movement];
    if let TokenTrackers::Evening(e) = trackers(encounter, token) {
        numbers.extend(evening_speeds(&e));
    }
    sections.push(SheetSection {
        title: "Movement".to_owned(),
        numbers,
        per_row: 1,
    });
    Some(sections)
}

fn gfh_sheet(h: &GfhToken) -> Vec<SheetSection> {
    let mut attributes = SheetSection {
        title: "Attributes (shift: points moved from +Roll to +Effort)".to_owned(),
        numbers: Vec::new(),
        per_row: 4,
    };
    for a in Attribute::ALL {
        let name = a.label();
        attributes.numbers.push(typed_in(
            name,
            a.score(&h.attributes),
            SheetField::GfhAttribute(a),
            lim::GFH_ATTRIBUTE,
        ));
        attributes.numbers.push(typed_in(
            format!("{name} shift"),
            h.effort_shift(a),
            SheetField::GfhEffortShift(a),
            lim::GFH_EFFORT_SHIFT,
        ));
        let roll = h.roll_bonus(a);
        let effort = h.effort_bonus(a);
        let over = if roll.max(effort) > ROLL_EFFORT_CAP {
            " (over the +5 cap: shift it back)"
        } else {
            ""
        };
        attributes.numbers.push(derived(
            format!("{name} +Roll"),
            roll,
            format!("score - shift; neither may exceed +5{over} (GFH, Roll vs Effort Bonus)"),
        ));
        attributes.numbers.push(derived(
            format!("{name} +Effort"),
            effort,
            "score + shift (GFH, Roll vs Effort Bonus)",
        ));
    }
    let a = &h.attributes;
    let defenses = [
        (Defense::Body, "Body", "10 + Might + Agility"),
        (Defense::Mind, "Mind", "10 + Instinct + Reason"),
        (Defense::Soul, "Soul", "10 + Presence + Vigor"),
    ]
    .into_iter()
    .map(|(d, name, how)| derived(name, a.defense(d), format!("{how} (GFH, Defenses)")))
    .collect();
    let pool = MomentumPool::size_for_vigor(i32::try_from(a.vigor).unwrap_or(0));
    let momentum = derived(
        "Momentum pool",
        i64::try_from(pool).unwrap_or(0),
        format!(
            "3 dice + 1 per point of Vigor above 0 (Vigor {}; GFH, Momentum Pool)",
            a.vigor
        ),
    );
    vec![
        attributes,
        SheetSection {
            title: "Defenses".to_owned(),
            numbers: defenses,
            per_row: 3,
        },
        SheetSection {
            title: "Momentum".to_owned(),
            numbers: vec![momentum],
            per_row: 1,
        },
    ]
}

/// Evening, Size: the load capacity each size adds (Tiny and Small +0, Medium +1, Large +2,
/// Huge +3, Gargantuan +4).
fn evening_size_load(size: SizeCategory) -> i64 {
    match size {
        SizeCategory::Tiny | SizeCategory::Small => 0,
        SizeCategory::Medium => 1,
        SizeCategory::Large => 2,
        SizeCategory::Huge => 3,
        SizeCategory::Gargantuan => 4,
    }
}

/// Evening, Load capacity: "4 + Prowess + Body", at least 2, "modified by your size" (Size).
/// Reading: the size's modifier adds before the minimum, which holds for the capacity as a
/// whole.
fn evening_load_capacity(prowess: i64, body: i64, size: SizeCategory) -> i64 {
    (4 + prowess + body + evening_size_load(size)).max(2)
}

/// Evening, Movement: Kinds of movement: flight, climbing, swimming and burrowing, each a
/// speed in squares or "not set".
fn evening_speeds(e: &EveningToken) -> Vec<SheetNumber> {
    use crate::rules::evening::MoveKind;
    let max = i64::from(crate::model::validate::MAX_MOVEMENT_SPEED_CELLS);
    MoveKind::OTHERS
        .into_iter()
        .map(|kind| SheetNumber {
            not_set: Some(NOT_SET),
            ..typed(
                kind.speed_label(),
                e.movement.get(kind).map_or(NOT_SET, i64::from),
                SheetField::EveningSpeed(kind),
                NOT_SET,
                max,
            )
        })
        .collect()
}

fn evening_sheet(e: &EveningToken, finesse: i32, size: SizeCategory) -> Vec<SheetSection> {
    let ab = e.abilities;
    let (fin, pro, res, body, mind) = (
        i64::from(finesse),
        i64::from(ab.prowess),
        i64::from(ab.resolve),
        i64::from(ab.body),
        i64::from(ab.mind),
    );
    // Finesse is the token's own number, bounded as an initiative bonus.
    let bonus = i64::from(crate::model::validate::MAX_INITIATIVE_BONUS);
    let ability = lim::EVENING_ABILITY;
    let abilities = vec![
        typed("Finesse", fin, SheetField::Finesse, -bonus, bonus),
        typed_in("Prowess", pro, SheetField::EveningProwess, ability),
        typed_in("Resolve", res, SheetField::EveningResolve, ability),
        typed_in("Body", body, SheetField::EveningBody, ability),
        typed_in("Mind", mind, SheetField::EveningMind, ability),
    ];
    let derived_numbers = vec![
        derived(
            "Initiative bonus",
            fin,
            "d20 + Finesse (Evening, Initiative)",
        ),
        derived(
            "Fortitude defense",
            res + body,
            "Resolve + Body (Evening, Defense)",
        ),
        derived(
            "Reflex defense",
            fin + body,
            "Finesse + Body (Evening, Defense)",
        ),
        derived(
            "Will defense",
            res + mind,
            "Resolve + Mind (Evening, Defense)",
        ),
        derived(
            "Load capacity",
            evening_load_capacity(pro, body, size),
            format!(
                "4 + Prowess + Body + {} for {} size, at least 2 (Evening, Load capacity; Size)",
                evening_size_load(size),
                size.label().to_lowercase()
            ),
        ),
    ];
    let health = vec![
        typed_in(
            "Maximum health",
            i64::from(e.max_health),
            SheetField::EveningMaxHealth,
            lim::EVENING_HEALTH,
        ),
        derived(
            "Health now",
            i64::from(e.health),
            "after damage and healing (Trackers pane)",
        ),
        derived(
            "Reserve dice left",
            i64::try_from(e.reserves.iter().filter(|r| !r.spent).count()).unwrap_or(i64::MAX),
            reserves_how(e),
        ),
        derived(
            "Short rest, per reserve die",
            res + body,
            "the die's roll + Resolve + Body (Evening, Resting; Trackers pane: Short rest)",
        ),
    ];
    vec![
        SheetSection {
            title: "Abilities and attributes".to_owned(),
            numbers: abilities,
            per_row: 1,
        },
        SheetSection {
            title: "Derived".to_owned(),
            numbers: derived_numbers,
            per_row: 1,
        },
        SheetSection {
            title: "Health".to_owned(),
            numbers: health,
            per_row: 1,
        },
    ]
}

/// The reserve pool in words, e.g. "d8, d10 unspent of 3; a long rest restores them"
/// (Evening, Reserves).
fn reserves_how(e: &EveningToken) -> String {
    let left: Vec<String> = (e.reserves.iter().filter(|r| !r.spent))
        .map(|r| format!("d{}", r.sides))
        .collect();
    let left = if left.is_empty() {
        "none".to_owned()
    } else {
        left.join(", ")
    };
    format!(
        "{left} unspent of {} (Evening, Reserves); a long rest restores them",
        e.reserves.len()
    )
}

fn rr_sheet(r: &RrToken) -> Vec<SheetSection> {
    let max = |p: Pool| i64::from(r.max_of(p));
    let numbers = vec![
        typed_in(
            "Endurance",
            i64::from(r.endurance),
            SheetField::RrEndurance,
            lim::RR_ENDURANCE,
        ),
        typed_in(
            "Health",
            max(Pool::Health),
            SheetField::RrMax(Pool::Health),
            lim::RR_POOL,
        ),
        typed_in(
            "Steadfast",
            max(Pool::Steadfast),
            SheetField::RrMax(Pool::Steadfast),
            lim::RR_POOL,
        ),
        typed_in(
            "Mana",
            max(Pool::Mana),
            SheetField::RrMax(Pool::Mana),
            lim::RR_POOL,
        ),
        typed_in(
            "Spirit",
            max(Pool::Spirit),
            SheetField::RrMax(Pool::Spirit),
            lim::RR_POOL,
        ),
        typed_in(
            "Armour (AR)",
            i64::from(r.armour),
            SheetField::RrArmour,
            lim::RR_ARMOUR,
        ),
        derived(
            "Exertion",
            max(Pool::Exertion),
            format!("10 × Endurance {} (Road and Ruin, EXERTION)", r.endurance),
        ),
    ];
    vec![SheetSection {
        title: "Road and Ruin".to_owned(),
        numbers,
        per_row: 1,
    }]
}

fn post_sheet(p: &PostToken) -> Vec<SheetSection> {
    let names = ["STR", "DEX", "WIL"];
    let mut numbers: Vec<SheetNumber> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            typed_in(
                *n,
                i64::from(p.base_attributes[i]),
                SheetField::PostAttribute(i),
                lim::POST_ATTRIBUTE,
            )
        })
        .collect();
    numbers.push(typed_in(
        "Maximum HP",
        i64::from(p.max_hp),
        SheetField::PostMaxHp,
        lim::POST_HP,
    ));
    numbers.push(derived(
        "Quick HP",
        2 + i64::from(p.base_attributes[0]),
        "2 + starting STR, the text's alternative to rolling (Post, Hit Protection)",
    ));
    vec![
        SheetSection {
            title: "Post".to_owned(),
            numbers,
            per_row: 1,
        },
        post_gear_section(p),
    ]
}

/// Post, Inventory and Equipment: the full slots that set the load on DEX rolls (or not kept),
/// the shields and armour carried, and the uses they have left.
fn post_gear_section(p: &PostToken) -> SheetSection {
    let slots = i64::from(INVENTORY_SLOTS);
    let mut numbers = vec![
        SheetNumber {
            not_set: Some(NOT_SET),
            ..typed(
                "Full slots",
                p.slots_full.map_or(NOT_SET, i64::from),
                SheetField::PostSlotsFull,
                NOT_SET,
                slots,
            )
        },
        typed(
            "Shields, armour (regular)",
            i64::from(p.defensive.regular),
            SheetField::PostDefensiveRegular,
            0,
            slots,
        ),
        typed(
            "Shields, armour (bulky)",
            i64::from(p.defensive.bulky),
            SheetField::PostDefensiveBulky,
            0,
            slots / 2,
        ),
        derived(
            "Defensive uses left",
            i64::from(p.defensive.uses_left()),
            "one a regular piece, two a bulky one, back at an extended rest (Post, Equipment)",
        ),
    ];
    if let Some(full) = p.slots_full {
        let (load, dice) = match load_dice(full) {
            1 => ("light", "one more die on DEX action rolls"),
            0 => ("normal", "nothing on DEX action rolls"),
            _ => ("heavy", "one die fewer on DEX action rolls"),
        };
        numbers.push(derived(
            "Load",
            i64::from(full),
            format!("{load} load: {dice} (Post, Inventory: 0–3 light, 4 normal, 5 heavy)"),
        ));
    }
    SheetSection {
        title: "Post gear".to_owned(),
        numbers,
        per_row: 1,
    }
}

/// 3d6, Level, Tier, and Advancement: a level of 0 (a prologue) to 10, or not set; the tier
/// follows from a set level only.
fn three_d6_sheet(d: &ThreeD6Token) -> Vec<SheetSection> {
    let level = SheetNumber {
        not_set: Some(NOT_SET),
        ..typed(
            "Level",
            d.level.map_or(NOT_SET, i64::from),
            SheetField::ThreeD6Level,
            NOT_SET,
            lim::THREE_D6_LEVEL.max,
        )
    };
    let how = "levels 1–3, 4–6, 7–9 and 10; the prologue level 0 is tier 0 \
               (3d6, Level, Tier, and Advancement)";
    let tier = match d.level {
        Some(level) => derived("Tier", i64::from(tier_for_level(level)), how),
        None => SheetNumber {
            not_set: Some(NOT_SET),
            ..derived(
                "Tier",
                NOT_SET,
                "none until the level is set: no tier line in checks",
            )
        },
    };
    vec![SheetSection {
        title: "3d6".to_owned(),
        per_row: 1,
        numbers: vec![
            level,
            tier,
            derived(
                "Harm marked",
                i64::from(d.harm_taken),
                "the harm attacks dealt, kept by Lantern: the core text keeps no health track \
                 (edit it in the Trackers pane)",
            ),
        ],
    }]
}

/// The command that sets `field` of `token` to `value`: an `UpdateToken` for the token's own
/// numbers, a tracker change otherwise (giving the token its system's trackers first, in the
/// same undo step, if it has none). Refused out of range or for another system's field.
pub fn edit(
    encounter: &Encounter,
    token: TokenId,
    field: SheetField,
    value: i64,
) -> Result<Command, SheetError> {
    let t = encounter
        .token(token)
        .ok_or(SheetError::NoSuchToken(token))?;
    let number = sheet(encounter, token)
        .into_iter()
        .flatten()
        .flat_map(|s| s.numbers)
        .find(|n| matches!(n.source, Source::Typed { field: f, .. } if f == field))
        .ok_or(SheetError::WrongSystem(field_name(field)))?;
    let Source::Typed { min, max, .. } = number.source else {
        return Err(SheetError::WrongSystem(field_name(field)));
    };
    if !(min..=max).contains(&value) {
        return Err(SheetError::OutOfRange {
            what: field_name(field),
            min,
            max,
        });
    }
    match field {
        SheetField::Speed => {
            let mut next = t.clone();
            next.speed_cells = u32::try_from(value).unwrap_or(0);
            return Ok(Command::UpdateToken(next));
        }
        SheetField::Finesse => {
            let mut next = t.clone();
            next.finesse = i32::try_from(value).unwrap_or(0);
            return Ok(Command::UpdateToken(next));
        }
        _ => {}
    }
    let change = tracker_change(field, &trackers(encounter, token), value)
        .ok_or(SheetError::WrongSystem(field_name(field)))?;
    Ok(change_command(encounter, token, change))
}

/// The attacks `token`'s sheet lists in the encounter's system (the starting sheet's when it
/// has none yet), as the Sheet pane edits them.
#[must_use]
pub fn attacks(encounter: &Encounter, token: TokenId) -> TokenTrackers {
    trackers(encounter, token)
}

/// The command that replaces `token`'s attacks with `change` (a `SetAttacks` of the
/// encounter's system). Refused for another system's change or an unknown token.
pub fn edit_attacks(
    encounter: &Encounter,
    token: TokenId,
    change: TokenChange,
) -> Result<Command, SheetError> {
    encounter
        .token(token)
        .ok_or(SheetError::NoSuchToken(token))?;
    if change.system() != encounter.system {
        return Err(SheetError::WrongSystem("these attacks"));
    }
    Ok(change_command(encounter, token, change))
}

/// A change to the token's sheet in the encounter's system: the change alone, or, for a token
/// without a sheet in this system, the sheet the pane showed and then the change, in one undo
/// step (its sheets for other systems stay as they are).
fn change_command(encounter: &Encounter, token: TokenId, change: TokenChange) -> Command {
    let change = Command::Tracker(TrackerCommand::Token { token, change });
    if encounter.sheet(token).is_some() {
        return change;
    }
    Command::Batch(vec![
        Command::Tracker(TrackerCommand::AddToken {
            token,
            trackers: trackers(encounter, token),
        }),
        change,
    ])
}

/// The tracker change that sets `field` to `value` (already checked against its range), or
/// `None` when `field` is not one of these trackers' numbers.
fn tracker_change(field: SheetField, trackers: &TokenTrackers, value: i64) -> Option<TokenChange> {
    let narrow = |v: i64| i32::try_from(v).unwrap_or(0);
    let small = |v: i64| u8::try_from(v).unwrap_or(0);
    let wide = |v: i64| u32::try_from(v).unwrap_or(0);
    Some(match (field, trackers) {
        (SheetField::GfhAttribute(a), TokenTrackers::GoForthHeroes(h)) => {
            let mut attributes = h.attributes;
            *a.score_mut(&mut attributes) = value;
            TokenChange::GoForthHeroes(GfhChange::SetAttributes(attributes))
        }
        (SheetField::GfhEffortShift(attribute), TokenTrackers::GoForthHeroes(_)) => {
            TokenChange::GoForthHeroes(GfhChange::SetEffortShift {
                attribute,
                shift: value,
            })
        }
        (
            SheetField::EveningProwess
            | SheetField::EveningResolve
            | SheetField::EveningBody
            | SheetField::EveningMind,
            TokenTrackers::Evening(e),
        ) => {
            let mut a: EveningAbilities = e.abilities;
            let slot = match field {
                SheetField::EveningProwess => &mut a.prowess,
                SheetField::EveningResolve => &mut a.resolve,
                SheetField::EveningBody => &mut a.body,
                _ => &mut a.mind,
            };
            *slot = narrow(value);
            TokenChange::Evening(EveningChange::SetAbilities(a))
        }
        (SheetField::EveningMaxHealth, TokenTrackers::Evening(_)) => {
            TokenChange::Evening(EveningChange::SetMaxHealth(wide(value)))
        }
        (SheetField::RrEndurance, TokenTrackers::RoadAndRuin(_)) => {
            TokenChange::RoadAndRuin(RrChange::SetEndurance(small(value)))
        }
        (SheetField::RrMax(pool), TokenTrackers::RoadAndRuin(_)) => {
            TokenChange::RoadAndRuin(RrChange::SetMax {
                pool,
                max: wide(value),
            })
        }
        (SheetField::RrArmour, TokenTrackers::RoadAndRuin(_)) => {
            TokenChange::RoadAndRuin(RrChange::SetArmour(small(value)))
        }
        (SheetField::PostAttribute(i), TokenTrackers::PostCore(p)) => {
            let mut attributes = p.base_attributes;
            *attributes.get_mut(i)? = i8::try_from(value).unwrap_or(0);
            TokenChange::PostCore(PostChange::SetUp {
                attributes,
                max_hp: p.max_hp,
            })
        }
        (SheetField::PostMaxHp, TokenTrackers::PostCore(p)) => {
            TokenChange::PostCore(PostChange::SetUp {
                attributes: p.base_attributes,
                max_hp: small(value),
            })
        }
        (SheetField::EveningSpeed(kind), TokenTrackers::Evening(e)) => {
            let mut speeds = e.movement;
            speeds.set(kind, (value != NOT_SET).then(|| wide(value)));
            TokenChange::Evening(EveningChange::SetMovement(speeds))
        }
        (
            SheetField::PostSlotsFull
            | SheetField::PostDefensiveRegular
            | SheetField::PostDefensiveBulky,
            TokenTrackers::PostCore(p),
        ) => {
            let (mut slots_full, mut regular, mut bulky) =
                (p.slots_full, p.defensive.regular, p.defensive.bulky);
            match field {
                SheetField::PostSlotsFull => slots_full = (value != NOT_SET).then(|| small(value)),
                SheetField::PostDefensiveRegular => regular = small(value),
                _ => bulky = small(value),
            }
            TokenChange::PostCore(PostChange::SetGear {
                slots_full,
                regular,
                bulky,
            })
        }
        (SheetField::ThreeD6Level, TokenTrackers::ThreeD6(_)) => {
            let level = (value != NOT_SET).then(|| small(value));
            TokenChange::ThreeD6(ThreeD6Change::SetLevel(level))
        }
        _ => return None,
    })
}

/// The command that sets the token's size category (Evening, Size).
pub fn edit_size(
    encounter: &Encounter,
    token: TokenId,
    size: SizeCategory,
) -> Result<Command, SheetError> {
    let mut next = encounter
        .token(token)
        .ok_or(SheetError::NoSuchToken(token))?
        .clone();
    next.size = size;
    Ok(Command::UpdateToken(next))
}

fn field_name(field: SheetField) -> &'static str {
    match field {
        SheetField::Speed => "Speed",
        SheetField::Finesse => "Finesse",
        SheetField::GfhAttribute(a) | SheetField::GfhEffortShift(a) => a.label(),
        SheetField::EveningProwess => "Prowess",
        SheetField::EveningResolve => "Resolve",
        SheetField::EveningBody => "Body",
        SheetField::EveningMind => "Mind",
        SheetField::EveningMaxHealth => "Maximum health",
        SheetField::RrEndurance => "Endurance",
        SheetField::RrMax(_) => "A pool's maximum",
        SheetField::RrArmour => "Armour",
        SheetField::PostAttribute(_) => "An attribute",
        SheetField::PostMaxHp => "Maximum HP",
        SheetField::PostSlotsFull => "Full slots",
        SheetField::PostDefensiveRegular => "Regular defensive pieces",
        SheetField::PostDefensiveBulky => "Bulky defensive pieces",
        SheetField::ThreeD6Level => "Level",
        SheetField::EveningSpeed(kind) => kind.speed_label(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Document;
    use crate::model::{Cell, Side, Token};

    fn one_token(system: RuleSystem) -> Document {
        let mut e = Encounter::new("t", system);
        e.tokens
            .push(Token::new(TokenId(1), "A", Side::Party, Cell::new(1, 1)));
        Document::new(e, None)
    }

    fn value(doc: &Document, label: &str) -> i64 {
        sheet(&doc.encounter, TokenId(1))
            .unwrap()
            .into_iter()
            .flat_map(|s| s.numbers)
            .find(|n| n.label == label)
            .map(|n| n.value)
            .unwrap()
    }

    fn set(doc: &mut Document, field: SheetField, v: i64) {
        let command = edit(&doc.encounter, TokenId(1), field, v).unwrap();
        doc.apply(command).unwrap();
    }

    /// Evening, Defense: Fortitude is Resolve + Body, Reflex Finesse + Body, Will Resolve +
    /// Mind; Load capacity: 4 + Prowess + Body, at least 2, modified by size (Size: Medium
    /// +1, Gargantuan +4).
    #[test]
    fn evening_defenses_and_load_from_abilities() {
        let mut doc = one_token(RuleSystem::Evening);
        set(&mut doc, SheetField::Finesse, 2);
        set(&mut doc, SheetField::EveningResolve, 1);
        set(&mut doc, SheetField::EveningBody, 1);
        set(&mut doc, SheetField::EveningMind, -1);
        set(&mut doc, SheetField::EveningProwess, -1);
        assert_eq!(value(&doc, "Fortitude defense"), 2);
        assert_eq!(value(&doc, "Reflex defense"), 3);
        assert_eq!(value(&doc, "Will defense"), 0);
        // A Medium token: 4 − 1 + 1 + 1 = 5.
        assert_eq!(value(&doc, "Load capacity"), 5);
        set(&mut doc, SheetField::EveningProwess, -5);
        // 4 − 5 + 1 + 1 = 1, raised to the minimum 2.
        assert_eq!(value(&doc, "Load capacity"), 2, "never below 2");
        // Gargantuan: 4 − 5 + 1 + 4 = 4.
        let size = edit_size(&doc.encounter, TokenId(1), SizeCategory::Gargantuan).unwrap();
        doc.apply(size).unwrap();
        assert_eq!(value(&doc, "Load capacity"), 4);
        assert_eq!(doc.encounter.token(TokenId(1)).unwrap().finesse, 2);
    }

    /// Road and Ruin, EXERTION: the pool is 10 × Endurance. Post, Hit Protection: "2 + your
    /// character's starting STR". 3d6, Level, Tier: levels 4–6 are tier 2.
    #[test]
    fn derived_numbers_of_the_other_systems() {
        let mut rr = one_token(RuleSystem::RoadAndRuin);
        set(&mut rr, SheetField::RrEndurance, 3);
        set(&mut rr, SheetField::RrArmour, 4);
        assert_eq!((value(&rr, "Exertion"), value(&rr, "Armour (AR)")), (30, 4));
        let mut post = one_token(RuleSystem::PostCore);
        set(&mut post, SheetField::PostAttribute(0), 2);
        assert_eq!(value(&post, "Quick HP"), 4);
        let mut d6 = one_token(RuleSystem::ThreeD6);
        set(&mut d6, SheetField::ThreeD6Level, 5);
        assert_eq!(value(&d6, "Tier"), 2);
    }

    #[test]
    fn out_of_range_and_other_systems_fields_are_refused() {
        let doc = one_token(RuleSystem::PostCore);
        assert!(matches!(
            edit(&doc.encounter, TokenId(1), SheetField::PostAttribute(1), 9),
            Err(SheetError::OutOfRange { .. })
        ));
        assert!(matches!(
            edit(&doc.encounter, TokenId(1), SheetField::RrArmour, 1),
            Err(SheetError::WrongSystem(_))
        ));
    }
}
