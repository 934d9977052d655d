//! The one check of a sheet: every number, list and name a token's sheet keeps, in each
//! system, against the limits of [`crate::model::limits`]. The loader runs it on every sheet of
//! a file (and of a library entry); every tracker command runs it on the sheet it leaves
//! (`rules::trackers`: an added, restored or changed sheet alike); the Sheet and Trackers panes
//! take their fields' ranges from the same limits. So a sheet a command keeps always opens
//! again, and a sheet a file holds is one the commands could have made.
//!
//! Messages name the field as the file spells it under the token's sheet:
//! "token 3's Evening sheet `attacks[0].numbers.damage.count` is 4294967295; Lantern allows 1 to
//! 100".

use super::super::TokenId;
use super::super::limits::{
    self as lim, EFFORT_DICE, EFFORT_DICE_WORDS, Limit, LimitError, STANDARD_DICE,
    STANDARD_DICE_WORDS, check_count, check_die,
};
use super::super::trackers::attack::{Attack, AttackRange, MAX_ATTACK_NAME_CHARS, MAX_ATTACKS};
use super::super::trackers::evening::{EveningEncounter, EveningToken};
use super::super::trackers::go_forth_heroes::GfhToken;
use super::super::trackers::post_core::{Clocks, PostToken};
use super::super::trackers::road_and_ruin::RrToken;
use super::super::trackers::three_d6::ThreeD6Token;
use super::super::trackers::{EncounterTrackers, TokenTrackers, Trackers};

/// Names a field of one sheet for a message: `at("level")` is "token 3's Evening sheet
/// `level`".
struct At<'a> {
    owner: &'a dyn Fn() -> String,
}

impl At<'_> {
    fn field(&self, path: &str) -> String {
        format!("{} `{path}`", (self.owner)())
    }
}

/// Checks one sheet of `token`.
pub fn check_sheet(token: TokenId, sheet: &TokenTrackers) -> Result<(), LimitError> {
    let system = sheet.system();
    let owner = || format!("token {token}'s {} sheet", system.label());
    let at = At { owner: &owner };
    match sheet {
        TokenTrackers::GoForthHeroes(t) => check_gfh(t, &at),
        TokenTrackers::Evening(t) => check_evening(t, &at),
        TokenTrackers::RoadAndRuin(t) => check_rr(t, &at),
        TokenTrackers::PostCore(t) => check_post(t, &at),
        TokenTrackers::ThreeD6(t) => check_three_d6(t, &at),
    }
}

/// Checks every sheet the trackers keep and the encounter-wide trackers.
pub fn check_sheets(trackers: &Trackers) -> Result<(), LimitError> {
    for (token, sheets) in &trackers.per_token {
        sheets
            .iter()
            .try_for_each(|sheet| check_sheet(*token, sheet))?;
    }
    check_encounter_trackers(&trackers.encounter)
}

/// Checks the encounter-wide trackers' numbers: threads, challenges, clocks, escalation, the
/// scene's TN. (Their names and counts are checked with the fight's texts.)
pub fn check_encounter_trackers(e: &EncounterTrackers) -> Result<(), LimitError> {
    check_evening_encounter(&e.evening)?;
    check_clocks(&e.post_core)?;
    lim::THREE_D6_ESCALATION.check(e.three_d6.escalation, || {
        "the 3d6 escalation (`three_d6.escalation`)".to_owned()
    })?;
    if let Some(scene) = &e.go_forth_heroes.scene_tn {
        lim::GFH_SCENE_TN.check(scene.tn, || {
            "the scene's TN (`go_forth_heroes.scene_tn.tn`)".to_owned()
        })?;
    }
    Ok(())
}

/// An attack list: at most [`MAX_ATTACKS`], each named in 1 to [`MAX_ATTACK_NAME_CHARS`]
/// characters, reaching 1 to [`lim::ATTACK_CELLS`] cells (short no longer than long), with
/// `numbers` checking the system's own part of each (given the field path of `numbers`).
fn check_attack_list<N>(
    attacks: &[Attack<N>],
    at: &At<'_>,
    numbers: impl Fn(&N, &dyn Fn(&str) -> String) -> Result<(), LimitError>,
) -> Result<(), LimitError> {
    check_count(attacks.len(), MAX_ATTACKS, || at.field("attacks"))?;
    for (i, attack) in attacks.iter().enumerate() {
        let field = |rest: &str| at.field(&format!("attacks[{i}].{rest}"));
        if attack.name.trim().is_empty() {
            return Err(LimitError::Inconsistent {
                field: field("name"),
                why: "an attack needs a name".to_owned(),
            });
        }
        if let Some(chars) = super::chars_over(&attack.name, MAX_ATTACK_NAME_CHARS) {
            return Err(LimitError::TooMany {
                field: format!("{} (characters)", field("name")),
                count: chars,
                max: MAX_ATTACK_NAME_CHARS,
            });
        }
        match attack.range {
            AttackRange::Melee { reach_cells } => {
                lim::ATTACK_CELLS.check(reach_cells, || field("range.reach_cells"))?;
            }
            AttackRange::Ranged {
                short_cells,
                long_cells,
            } => {
                lim::ATTACK_CELLS.check(short_cells, || field("range.short_cells"))?;
                lim::ATTACK_CELLS.check(long_cells, || field("range.long_cells"))?;
                if short_cells > long_cells {
                    return Err(LimitError::Inconsistent {
                        field: field("range.long_cells"),
                        why: format!(
                            "{long_cells} is shorter than the short range ({short_cells}); \
                             Lantern allows the short range up to the long one"
                        ),
                    });
                }
            }
        }
        numbers(&attack.numbers, &|rest| field(&format!("numbers.{rest}")))?;
    }
    Ok(())
}

fn check_gfh(t: &GfhToken, at: &At<'_>) -> Result<(), LimitError> {
    let a = &t.attributes;
    let scores = [
        ("might", a.might),
        ("agility", a.agility),
        ("finesse", a.finesse),
        ("instinct", a.instinct),
        ("reason", a.reason),
        ("vigor", a.vigor),
        ("presence", a.presence),
        ("guile", a.guile),
    ];
    for (name, score) in scores {
        lim::GFH_ATTRIBUTE.check(score, || at.field(&format!("attributes.{name}")))?;
    }
    for (i, shift) in t.effort_shift.iter().enumerate() {
        lim::GFH_EFFORT_SHIFT.check(*shift, || at.field(&format!("effort_shift[{i}]")))?;
    }
    if let Some(h) = &t.hearts {
        lim::GFH_HEARTS.check(h.remaining, || at.field("hearts.remaining"))?;
        lim::GFH_HEART_PROGRESS.check(h.progress, || at.field("hearts.progress"))?;
        lim::GFH_SHIELD.check(h.shield, || at.field("hearts.shield"))?;
        if let Some(point) = h.breaking_point {
            lim::GFH_BREAKING_POINT.check(point, || at.field("hearts.breaking_point"))?;
        }
    }
    check_count(t.wounds.len(), lim::GFH_MAX_WOUNDS, || at.field("wounds"))?;
    for (i, w) in t.wounds.iter().enumerate() {
        lim::GFH_WOUND_ROLL.check(w.effect_roll, || {
            at.field(&format!("wounds[{i}].effect_roll"))
        })?;
        lim::GFH_WOUND_SESSIONS.check(w.sessions_left, || {
            at.field(&format!("wounds[{i}].sessions_left"))
        })?;
    }
    check_attack_list(&t.attacks, at, |n, field| {
        check_die(n.effort_die, &EFFORT_DICE, EFFORT_DICE_WORDS, || {
            field("effort_die")
        })
    })
}

fn check_evening(t: &EveningToken, at: &At<'_>) -> Result<(), LimitError> {
    let health = lim::EVENING_HEALTH;
    health.check(t.health, || at.field("health"))?;
    health.check(t.max_health, || at.field("max_health"))?;
    health.check(t.temp_health, || at.field("temp_health"))?;
    check_count(t.reserves.len(), lim::EVENING_MAX_RESERVES, || {
        at.field("reserves")
    })?;
    for (i, r) in t.reserves.iter().enumerate() {
        check_die(r.sides, &STANDARD_DICE, STANDARD_DICE_WORDS, || {
            at.field(&format!("reserves[{i}].sides"))
        })?;
    }
    lim::EVENING_INJURY.check(t.injury, || at.field("injury"))?;
    lim::EVENING_EXHAUSTION.check(t.exhaustion, || at.field("exhaustion"))?;
    lim::EVENING_LEVEL.check(t.level, || at.field("level"))?;
    if let Some(threat) = &t.threat {
        lim::EVENING_THREAT_RATING.check(threat.rating, || at.field("threat.rating"))?;
        check_count(threat.traits.len(), lim::EVENING_MAX_TRAITS, || {
            at.field("threat.traits")
        })?;
    }
    let ab = t.abilities;
    for (name, value) in [
        ("prowess", ab.prowess),
        ("resolve", ab.resolve),
        ("body", ab.body),
        ("mind", ab.mind),
    ] {
        lim::EVENING_ABILITY.check(value, || at.field(&format!("abilities.{name}")))?;
    }
    check_attack_list(&t.attacks, at, |n, field| {
        lim::EVENING_DAMAGE_DICE.check(n.damage.count, || field("damage.count"))?;
        check_die(n.damage.sides, &STANDARD_DICE, STANDARD_DICE_WORDS, || {
            field("damage.sides")
        })?;
        lim::EVENING_DAMAGE_BONUS.check(n.damage.bonus, || field("damage.bonus"))
    })
}

fn check_rr(t: &RrToken, at: &At<'_>) -> Result<(), LimitError> {
    lim::RR_ENDURANCE.check(t.endurance, || at.field("endurance"))?;
    for (i, (now, max)) in t.current.iter().zip(&t.max).enumerate() {
        lim::RR_POOL.check(*now, || at.field(&format!("current[{i}]")))?;
        lim::RR_POOL.check(*max, || at.field(&format!("max[{i}]")))?;
    }
    lim::RR_ARMOUR.check(t.armour, || at.field("armour"))?;
    if let Some(s) = &t.shield {
        lim::RR_SHIELD_MODIFIER.check(s.modifier, || at.field("shield.modifier"))?;
        lim::RR_ARMOUR.check(s.armour, || at.field("shield.armour"))?;
        lim::RR_GEAR_STATUS.check(s.gear_status, || at.field("shield.gear_status"))?;
    }
    check_attack_list(&t.attacks, at, |n, field| {
        lim::RR_PROFICIENCY.check(n.proficiency, || field("proficiency"))?;
        lim::RR_WEAPON_DAMAGE.check(n.damage, || field("damage"))
    })
}

fn check_post(t: &PostToken, at: &At<'_>) -> Result<(), LimitError> {
    lim::POST_HP.check(t.hp, || at.field("hp"))?;
    lim::POST_HP.check(t.max_hp, || at.field("max_hp"))?;
    lim::POST_GRIT.check(t.grit, || at.field("grit"))?;
    for (i, (now, base)) in t.attributes.iter().zip(&t.base_attributes).enumerate() {
        lim::POST_ATTRIBUTE_NOW.check(*now, || at.field(&format!("attributes[{i}]")))?;
        lim::POST_ATTRIBUTE.check(*base, || at.field(&format!("base_attributes[{i}]")))?;
    }
    check_attack_list(&t.attacks, at, |_, _| Ok(()))
}

fn check_three_d6(t: &ThreeD6Token, at: &At<'_>) -> Result<(), LimitError> {
    if let Some(level) = t.level {
        lim::THREE_D6_LEVEL.check(level, || at.field("level"))?;
    }
    lim::THREE_D6_HARM.check(t.harm_taken, || at.field("harm_taken"))?;
    check_attack_list(&t.attacks, at, |n, field| {
        lim::THREE_D6_STEPS.check(n.steps, || field("steps"))
    })
}

fn check_evening_encounter(e: &EveningEncounter) -> Result<(), LimitError> {
    for (i, thread) in e.threads.iter().enumerate() {
        let field = |rest: &str| format!("Evening thread {} `{rest}`", i + 1);
        lim::EVENING_THREAD_LENGTH.check(thread.length, || field("length"))?;
        Limit::new(0, i64::from(thread.length)).check(thread.marks, || field("marks"))?;
    }
    for (i, c) in e.challenges.iter().enumerate() {
        let field = |rest: &str| format!("Evening challenge {} `{rest}`", i + 1);
        lim::EVENING_CHALLENGE.check(c.rating, || field("rating"))?;
        lim::EVENING_CHALLENGE.check(c.complexity, || field("complexity"))?;
        lim::EVENING_TALLY.check(c.successes, || field("successes"))?;
        lim::EVENING_TALLY.check(c.failures, || field("failures"))?;
    }
    Ok(())
}

fn check_clocks(clocks: &Clocks) -> Result<(), LimitError> {
    let count = clocks.clocks.len();
    for (i, c) in clocks.clocks.iter().enumerate() {
        let field = |rest: &str| format!("Post core clock {} `{rest}`", i + 1);
        check_die(
            u32::from(c.segments),
            &lim::POST_CLOCK_SEGMENTS,
            "4, 6 or 8",
            || field("segments"),
        )?;
        Limit::new(0, i64::from(c.segments)).check(c.filled, || field("filled"))?;
        let last = i64::try_from(count).unwrap_or(i64::MAX) - 1;
        for (name, link) in [("unlocks", c.unlocks), ("rival", c.rival)] {
            if let Some(j) = link {
                let j = u64::try_from(j).unwrap_or(u64::MAX);
                Limit::new(0, last).check(j, || field(name))?;
            }
        }
    }
    Ok(())
}
