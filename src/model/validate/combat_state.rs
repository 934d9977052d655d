//! The fight's part of the one validation: everything in `combat` that names a token names one
//! the encounter holds, every number stays where the rules can count with it, and every text is
//! within its cap.
//!
//! The loader runs it on every file; `edit::apply` runs it after every combat, tracker and
//! log command and before `SetCombat` takes its state, so no command (a replay script's
//! included) can leave a fight its own file would refuse.

use std::collections::BTreeSet;

use super::super::conditions::{ActiveCondition, Duration};
use super::super::initiative::{Combatant, Economy, InitiativeRoll};
use super::super::momentum::{LockPurpose, MomentumPool};
use super::super::trackers::Trackers;
use super::super::{CombatState, CommandError, Encounter, LogEntry, TokenId};
use super::text::{
    MAX_INTENTION_CHARS, MAX_LABEL_CHARS, MAX_LOG_LABEL_CHARS, MAX_LOG_TEXT_CHARS, MAX_NAME_CHARS,
    check_text,
};
use super::{MAX_ROUND, MAX_TOKENS, check_combat, check_count};

/// The most conditions the tokens carry together (ten each on a full map).
pub const MAX_CONDITIONS: usize = 10 * MAX_TOKENS;
/// How far an initiative bonus (Evening's Finesse) may reach either way.
pub const MAX_INITIATIVE_BONUS: i32 = 1_000;
/// The most roll-off dice one combatant's initiative carries.
pub const MAX_ROLLOFFS: usize = 1_000;
/// The most Actions bought, or Moves gained, in one turn.
pub const MAX_EXTRA_PER_TURN: u32 = 1_000;
/// The most momentum dice one pool holds: twenty (GFH, Momentum) and the temporary ones
/// conditions lend, with room to spare.
pub const MAX_POOL_DICE: usize = 100;
/// Evening death saves: three successes or three failures end the run (Evening, Death saves).
pub const MAX_DEATH_SAVES: u8 = 3;
/// The most threads, challenges or clocks an encounter keeps.
pub const MAX_TRACKER_ENTRIES: usize = 1_000;
/// The Road and Ruin story roster: one slot per d20 face (`rules::road_and_ruin::ROSTER_SLOTS`).
pub const MAX_ROSTER_SLOTS: usize = 20;

/// Checks `combat` as the fight of `encounter` (whose tokens it may name).
pub fn check_combat_state(encounter: &Encounter, combat: &CombatState) -> Result<(), CommandError> {
    check_combat(combat)?;
    let tokens: BTreeSet<TokenId> = encounter.tokens.iter().map(|t| t.id).collect();
    let held = |id: TokenId| tokens.contains(&id);
    check_combatants(&held, &combat.initiative.combatants)?;
    check_count("conditions", combat.conditions.len(), MAX_CONDITIONS)?;
    combat
        .conditions
        .iter()
        .try_for_each(|c| check_condition(&held, c))?;
    check_death_saves(&held, combat)?;
    for (owner, pool) in &combat.momentum {
        check_pool(&held, *owner, pool)?;
    }
    check_tracker_refs(&held, &combat.trackers)?;
    check_tracker_texts(&combat.trackers)?;
    check_sheets(&combat.trackers)?;
    check_reactions(&held, combat)?;
    super::movement::check_movement(&combat.trackers)?;
    combat.log.iter().try_for_each(check_log_entry)
}

/// Each condition's source and each waiting attack of opportunity name tokens of the
/// encounter; a source belongs to a condition of at most [`MAX_LABEL_CHARS`] characters, one
/// per condition at most as many as conditions, and a token waits on at most one offer from
/// each other token.
fn check_reactions(
    held: &impl Fn(TokenId) -> bool,
    combat: &CombatState,
) -> Result<(), CommandError> {
    check_count(
        "condition sources",
        combat.condition_sources.len(),
        MAX_CONDITIONS,
    )?;
    for s in &combat.condition_sources {
        for token in [s.token, s.source] {
            if !held(token) {
                return Err(missing("a condition's source names", token));
            }
        }
        check_text(&s.name, MAX_LABEL_CHARS, || {
            format!("the condition named with a source on token {}", s.token)
        })?;
    }
    check_count(
        "attacks of opportunity waiting",
        combat.opportunity_offers.len(),
        MAX_TOKENS,
    )?;
    for o in &combat.opportunity_offers {
        for token in [o.mover, o.by] {
            if !held(token) {
                return Err(missing("an attack of opportunity names", token));
            }
        }
    }
    Ok(())
}

/// A message for something in the fight that names a token the encounter does not hold:
/// `what` says how ("a condition is on").
fn missing(what: &str, token: TokenId) -> CommandError {
    CommandError::BadCombat(format!(
        "{what} token {token}, which the encounter does not hold"
    ))
}

/// Every combatant is a token of the encounter (or an Evening lair), in the order once, with a
/// d20 roll, a bonus and an economy the turn rules can count with.
fn check_combatants(
    held: &impl Fn(TokenId) -> bool,
    combatants: &[Combatant],
) -> Result<(), CommandError> {
    let mut seen = BTreeSet::new();
    for (i, c) in combatants.iter().enumerate() {
        let what = || match c.token {
            Some(token) => format!("combatant {} (token {token})", i + 1),
            None => format!("combatant {} (the lair)", i + 1),
        };
        if let Some(token) = c.token {
            if !held(token) {
                let what = format!("the turn order's combatant {} is", i + 1);
                return Err(missing(&what, token));
            }
            if !seen.insert(token) {
                return Err(CommandError::BadCombat(format!(
                    "token {token} is in the turn order twice"
                )));
            }
        }
        if let Some(roll) = &c.roll {
            check_roll(roll)
                .map_err(|why| CommandError::BadCombat(format!("{}: {why}", what())))?;
        }
        check_economy(&c.economy)
            .map_err(|why| CommandError::BadCombat(format!("{}: {why}", what())))?;
        check_text(&c.intention, MAX_INTENTION_CHARS, || {
            format!("{}'s intention", what())
        })?;
    }
    Ok(())
}

/// An initiative roll: a d20 face, roll-off d20 faces, and a bonus within
/// ±[`MAX_INITIATIVE_BONUS`] (so d20 + bonus never overflows).
fn check_roll(roll: &InitiativeRoll) -> Result<(), String> {
    let face = |d: u8| (1..=20).contains(&d);
    if !face(roll.d20) {
        return Err(format!(
            "its initiative d20 shows {}; a d20 shows 1 to 20",
            roll.d20
        ));
    }
    if roll.bonus.unsigned_abs() > MAX_INITIATIVE_BONUS.unsigned_abs() {
        return Err(format!(
            "its initiative bonus is {}; Lantern allows -{MAX_INITIATIVE_BONUS} to {MAX_INITIATIVE_BONUS}",
            roll.bonus
        ));
    }
    if roll.rolloffs.len() > MAX_ROLLOFFS {
        return Err(format!(
            "it has {} roll-off dice; Lantern keeps at most {MAX_ROLLOFFS}",
            roll.rolloffs.len()
        ));
    }
    match roll.rolloffs.iter().find(|d| !face(**d)) {
        Some(d) => Err(format!("a roll-off d20 shows {d}; a d20 shows 1 to 20")),
        None => Ok(()),
    }
}

/// Bought Actions, gained Moves and an Evening threat's attacks stay countable; a readied
/// action's trigger is a name's length.
fn check_economy(economy: &Economy) -> Result<(), String> {
    let most = economy.extra_actions.max(economy.extra_moves);
    if most > MAX_EXTRA_PER_TURN {
        return Err(format!(
            "it has {most} extra Actions or Moves this turn; Lantern counts at most {MAX_EXTRA_PER_TURN}"
        ));
    }
    if economy.attacks_made > MAX_EXTRA_PER_TURN {
        return Err(format!(
            "it has made {} attacks this turn; Lantern counts at most {MAX_EXTRA_PER_TURN}",
            economy.attacks_made
        ));
    }
    if let Some(chars) = super::text::chars_over(&economy.readied, MAX_NAME_CHARS) {
        return Err(format!(
            "its readied action's trigger has {chars} characters; Lantern keeps at most {MAX_NAME_CHARS}"
        ));
    }
    Ok(())
}

/// A condition is on a token of the encounter, named in 1 to [`MAX_LABEL_CHARS`] characters.
fn check_condition(
    held: &impl Fn(TokenId) -> bool,
    c: &ActiveCondition,
) -> Result<(), CommandError> {
    if !held(c.token) {
        return Err(missing("a condition is on", c.token));
    }
    if c.name.trim().is_empty() {
        return Err(CommandError::BadCombat(format!(
            "token {} carries a condition with no name",
            c.token
        )));
    }
    check_text(&c.name, MAX_LABEL_CHARS, || {
        format!("a condition's name on token {}", c.token)
    })?;
    // "N rounds" and pips are counted down one at a time; the cap keeps them countable.
    let remaining = match c.duration {
        Duration::Rounds { remaining, .. } => remaining,
        Duration::Pips { remaining } => {
            remaining / u32::from(super::super::initiative::Initiative::PIPS_PER_ROUND)
        }
        _ => 0,
    };
    if remaining > MAX_ROUND {
        return Err(CommandError::BadCombat(format!(
            "condition “{}” on token {} lasts {remaining} more rounds; Lantern counts up to {MAX_ROUND}",
            c.name, c.token
        )));
    }
    Ok(())
}

/// Death saves are kept for tokens of the encounter, with at most three of each and a round
/// the fight could have reached.
fn check_death_saves(
    held: &impl Fn(TokenId) -> bool,
    combat: &CombatState,
) -> Result<(), CommandError> {
    for (token, run) in &combat.death_saves {
        if !held(*token) {
            return Err(missing("death saves are kept for", *token));
        }
        let saves = run.saves;
        if saves.successes > MAX_DEATH_SAVES || saves.failures > MAX_DEATH_SAVES {
            return Err(CommandError::BadCombat(format!(
                "token {token} has {} death save successes and {} failures; each stops at {MAX_DEATH_SAVES}",
                saves.successes, saves.failures
            )));
        }
        if run.last_round > MAX_ROUND {
            return Err(CommandError::BadCombat(format!(
                "token {token}'s last death save was in round {}; Lantern counts up to round {MAX_ROUND}",
                run.last_round
            )));
        }
    }
    Ok(())
}

/// A momentum pool belongs to a token of the encounter, holds at most [`MAX_POOL_DICE`] dice
/// (and as many set aside), and names what its locked dice sustain in at most
/// [`MAX_NAME_CHARS`] characters.
fn check_pool(
    held: &impl Fn(TokenId) -> bool,
    owner: TokenId,
    pool: &MomentumPool,
) -> Result<(), CommandError> {
    if !held(owner) {
        return Err(missing("a momentum pool belongs to", owner));
    }
    if pool.dice.len() > MAX_POOL_DICE || pool.set_aside.len() > MAX_POOL_DICE {
        return Err(CommandError::BadCombat(format!(
            "token {owner}'s momentum pool holds {} dice and {} set aside; Lantern keeps at most {MAX_POOL_DICE} of each",
            pool.dice.len(),
            pool.set_aside.len()
        )));
    }
    for die in &pool.dice {
        if let Some(lock) = &die.lock
            && let LockPurpose::Effect { name } = &lock.purpose
        {
            check_text(name, MAX_NAME_CHARS, || {
                format!("what a locked die of token {owner} sustains")
            })?;
        }
    }
    Ok(())
}

/// Trackers are kept only for tokens of the encounter. One helper per kind of reference, so a
/// change in how per-token trackers are stored touches only this.
pub fn check_tracker_refs(
    held: &impl Fn(TokenId) -> bool,
    trackers: &Trackers,
) -> Result<(), CommandError> {
    if let Some(token) = trackers.per_token.keys().find(|token| !held(**token)) {
        return Err(missing("trackers are kept for", *token));
    }
    // Evening, Charmed: both the charmed creature and its charmer are tokens of the encounter.
    let charms = &trackers.encounter.evening.charmed_by;
    match charms.iter().flat_map(|(a, b)| [a, b]).find(|t| !held(**t)) {
        Some(token) => Err(missing("an Evening charm names", *token)),
        None => Ok(()),
    }
}

/// Every token's Evening sheet within its limits (`check_evening_sheet`).
fn check_sheets(trackers: &Trackers) -> Result<(), CommandError> {
    for (token, sheets) in &trackers.per_token {
        if let Some(super::super::trackers::TokenTrackers::Evening(sheet)) =
            sheets.get(super::super::RuleSystem::Evening)
        {
            super::check_evening_sheet(token, sheet)?;
        }
    }
    Ok(())
}

/// The encounter-wide trackers' texts and counts: Evening threads and challenges, Post core
/// clocks, the Road and Ruin story roster.
pub fn check_tracker_texts(trackers: &Trackers) -> Result<(), CommandError> {
    let shared = &trackers.encounter;
    let evening = &shared.evening;
    check_count(
        "Evening threads",
        evening.threads.len(),
        MAX_TRACKER_ENTRIES,
    )?;
    check_count(
        "Evening challenges",
        evening.challenges.len(),
        MAX_TRACKER_ENTRIES,
    )?;
    check_count(
        "Post core clocks",
        shared.post_core.clocks.len(),
        MAX_TRACKER_ENTRIES,
    )?;
    check_count(
        "story roster slots",
        shared.road_and_ruin.slots.len(),
        MAX_ROSTER_SLOTS,
    )?;
    let names = evening
        .threads
        .iter()
        .map(|t| ("an Evening thread's name", &t.name))
        .chain(
            evening
                .challenges
                .iter()
                .map(|c| ("an Evening challenge's name", &c.name)),
        )
        .chain(
            shared
                .post_core
                .clocks
                .iter()
                .map(|c| ("a Post core clock's name", &c.name)),
        )
        .chain(
            shared
                .road_and_ruin
                .slots
                .iter()
                .flatten()
                .map(|s| ("a story roster element", s)),
        );
    for (what, name) in names {
        check_text(name, MAX_NAME_CHARS, || what.to_owned())?;
    }
    Ok(())
}

/// A roll log line: `who` and `what` in at most [`MAX_LOG_LABEL_CHARS`] characters, `dice` and
/// `result` in at most [`MAX_LOG_TEXT_CHARS`].
pub fn check_log_entry(entry: &LogEntry) -> Result<(), CommandError> {
    let what = |field: &str| format!("a roll log line's `{field}`");
    check_text(&entry.who, MAX_LOG_LABEL_CHARS, || what("who"))?;
    check_text(&entry.what, MAX_LOG_LABEL_CHARS, || what("what"))?;
    check_text(&entry.dice, MAX_LOG_TEXT_CHARS, || what("dice"))?;
    check_text(&entry.result, MAX_LOG_TEXT_CHARS, || what("result"))
}
