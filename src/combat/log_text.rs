//! Plain text for the roll log (the Dice pane's rolls and a phone's): every die as rolled and
//! each check's result in its system's terms. Pure string building, unit-tested without a window.

use std::fmt::Write as _;

use crate::dice::{DieResult, RollRecord};
use crate::model::LogEntry;
use crate::rules::evening::ThreadPrompt;
use crate::rules::{CheckOutcome, CheckSetup};

/// One die: its physical rolls (`1 rerolled, 4` for a rerolled 1, `6+6+2` for explosions), in brackets
/// when a keep rule dropped it.
pub fn die_text(die: &DieResult) -> String {
    let mut text = String::new();
    let mut rolls = die.rolls.iter();
    if die.rerolled
        && let Some(first) = rolls.next()
    {
        let _ = write!(text, "{first} rerolled, ");
    }
    let rest: Vec<String> = rolls.map(u32::to_string).collect();
    text.push_str(&rest.join("+"));
    if die.kept { text } else { format!("({text})") }
}

/// Every die, grouped by term: `d20: 14 · d8: 3` or `4d6: 5, 3, (1), 6`.
pub fn dice_text(dice: &[DieResult]) -> String {
    let mut groups: Vec<(usize, u32, Vec<String>)> = Vec::new();
    for die in dice {
        match groups.last_mut() {
            Some((term, sides, faces)) if *term == die.term && *sides == die.sides => {
                faces.push(die_text(die));
            }
            _ => groups.push((die.term, die.sides, vec![die_text(die)])),
        }
    }
    groups
        .iter()
        .map(|(_, sides, faces)| {
            let count = if faces.len() > 1 {
                faces.len().to_string()
            } else {
                String::new()
            };
            format!("{count}d{sides}: {}", faces.join(", "))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// What was rolled, in a few words: `Check vs TN 12, Easy`, `Outcome, net +2`.
pub fn check_what(setup: &CheckSetup) -> String {
    match setup {
        CheckSetup::GoForthHeroes(c) => {
            let target = match c.target {
                crate::rules::go_forth_heroes::Target::Fixed(tn) => format!("TN {tn}"),
                crate::rules::go_forth_heroes::Target::Tier(tier) => format!("TN tier {tier:?}"),
            };
            let ease = match c.tn_shift() {
                s if s < 0 => ", Easy",
                s if s > 0 => ", Hard",
                _ => "",
            };
            format!(
                "Check {:+} vs {target}{ease}, Effort d{}",
                c.roll_bonus, c.effort_die
            )
        }
        CheckSetup::Evening(c) => match c.reserve() {
            Some(sides) => format!(
                "Check {:+} + d{sides} reserve vs TN {}",
                c.modifier(),
                c.tn()
            ),
            None => format!("Check {:+} vs TN {}", c.modifier(), c.tn()),
        },
        CheckSetup::RoadAndRuin(c) => format!("Outcome, net {:+}", c.net_benefit()),
        CheckSetup::RoadAndRuinAttack(c) => format!(
            "Attack d{} {:+} vs armour {}",
            c.die.sides(),
            c.modifier,
            c.armour
        ),
        CheckSetup::PostCore(c) => format!("Action roll, {} dice, {:?} risk", c.pool(), c.risk),
        CheckSetup::ThreeD6(c) => {
            let escalation = if c.add_escalation {
                format!(", escalation +{}", c.escalation)
            } else {
                String::new()
            };
            format!("3d6, edge {:+}{escalation}", c.net_edge())
        }
    }
}

/// The result in the system's own terms, with the numbers that decided it.
pub fn check_result(outcome: &CheckOutcome) -> String {
    let label = outcome.label();
    match outcome {
        CheckOutcome::GoForthHeroes(r) => format!("{label} ({} vs TN {})", r.check_total, r.tn),
        CheckOutcome::Evening(r) => {
            let mut text = format!("{label} (total {})", r.total);
            if r.critical {
                text.push_str(", critical hit");
            }
            match r.thread_prompt {
                Some(ThreadPrompt::Good) => text.push_str(", a thread may advance (good)"),
                Some(ThreadPrompt::Bad) => text.push_str(", a thread may advance (bad)"),
                None => {}
            }
            text
        }
        CheckOutcome::RoadAndRuin(r) => {
            format!("{label} (face {}, net {:+})", r.face, r.net_benefit)
        }
        CheckOutcome::RoadAndRuinAttack(r) => {
            let faces: Vec<String> = r.dice.iter().map(|d| d.value.to_string()).collect();
            format!("{label} (attack and Special dice {})", faces.join(", "))
        }
        CheckOutcome::PostCore(r) => format!(
            "{label} (effect {}, consequence {})",
            r.effect, r.consequence
        ),
        CheckOutcome::ThreeD6(r) => {
            let [low, mid, high] = r.effect.0;
            format!(
                "{label} (Total {}; Low {low}, Mid {mid}, High {high})",
                r.total
            )
        }
    }
}

/// The result as [`check_result`] says it, but for a check that is not an attack: a GFH miss
/// is a Failure, not a Graze.
pub fn check_result_for(outcome: &CheckOutcome, attack: bool) -> String {
    match outcome {
        CheckOutcome::GoForthHeroes(r) if !attack => format!(
            "{} ({} vs TN {})",
            outcome.label_as_check(),
            r.check_total,
            r.tn
        ),
        _ => check_result(outcome),
    }
}

/// The log line for a rolled check.
pub fn check_entry(who: &str, setup: &CheckSetup, outcome: &CheckOutcome) -> LogEntry {
    LogEntry {
        who: who.to_owned(),
        what: check_what(setup),
        dice: dice_text(outcome.dice()),
        result: check_result(outcome),
    }
}

/// The log line for a free dice expression.
pub fn expression_entry(who: &str, record: &RollRecord) -> LogEntry {
    LogEntry {
        who: who.to_owned(),
        what: record.expression.clone(),
        dice: dice_text(&record.dice),
        result: record.total.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{DiceExpr, DiceRng};

    fn die(term: usize, sides: u32, rolls: &[u32], kept: bool) -> DieResult {
        DieResult {
            term,
            sides,
            rolls: rolls.to_vec(),
            value: rolls.iter().map(|r| i64::from(*r)).sum(),
            kept,
            exploded: rolls.len() > 1,
            rerolled: false,
        }
    }

    #[test]
    fn dice_group_by_term_and_mark_dropped_exploded_and_rerolled() {
        let mut rerolled = die(1, 6, &[1, 4], true);
        rerolled.rerolled = true;
        rerolled.value = 4;
        let dice = [
            die(0, 20, &[14], true),
            rerolled,
            die(2, 6, &[6, 6, 2], true),
            die(2, 6, &[3], false),
        ];
        assert_eq!(
            dice_text(&dice),
            "d20: 14 · d6: 1 rerolled, 4 · 2d6: 6+6+2, (3)"
        );
    }

    #[test]
    fn expression_entry_lists_every_die_and_the_total() {
        let expr = DiceExpr::parse("4d6kh3").unwrap();
        let record = expr.roll(&mut DiceRng::seeded(3));
        let entry = expression_entry("GM", &record);
        assert_eq!(entry.what, record.expression);
        assert_eq!(entry.result, record.total.to_string());
        assert!(entry.dice.starts_with("4d6: "));
        assert_eq!(entry.dice.matches('(').count(), 1, "{}", entry.dice);
    }

    #[test]
    fn every_system_names_its_result_in_its_own_terms() {
        let mut rng = DiceRng::seeded(9);
        for id in crate::model::RuleSystem::ALL {
            let setup = crate::rules::system(id).default_check();
            let outcome = setup.roll(&mut rng);
            let entry = check_entry("Aria", &setup, &outcome);
            assert!(
                entry.result.starts_with(&outcome.label()),
                "{}",
                entry.result
            );
            assert_eq!(entry.dice, dice_text(outcome.dice()));
            assert_eq!(entry.who, "Aria");
        }
    }
}
