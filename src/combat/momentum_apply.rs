//! Applying [`MomentumAction`]s to the combat state: the pool moves, with their log lines, a
//! Rally by a Close ally (measured on the map), and a Beat that knocks a hero out with its Wound.

use super::catalogue::Effect;
use super::command::{CombatError, KnockOut, MomentumAction, Names, apply_condition_cmd};
use super::conditions::{ActiveCondition, Duration, has_effect};
use super::initiative::{EconomyPart, Initiative, InitiativeError};
use super::momentum::{HitOutcome, MomentumError, MomentumPool, Zone};
use super::wounds::check_wounds;
use crate::board::Scene;
use crate::model::{CombatState, LogEntry, RuleSystem, TokenId};
use crate::rules::TokenTrackers;
use crate::rules::go_forth_heroes::{
    GfhChange, GfhToken, Wound, WoundEffect, WoundRoll, wound_condition, wound_effect,
};

/// The custom condition a Beat that knocks a hero out leaves on its token (GFH, Beats).
pub const KNOCKED_OUT: &str = "Knocked out";

/// The GFH band Rally reaches: Close, which takes in Engaged (GFH, Actions: Rally; Grid Play).
const RALLY_BANDS: [&str; 2] = ["Engaged", "Close"];

pub(super) fn momentum(
    state: &mut CombatState,
    names: &Names<'_>,
    owner: TokenId,
    action: MomentumAction,
) -> Result<(), CombatError> {
    if names.0.token(owner).is_none() {
        return Err(CombatError::NoSuchToken(owner));
    }
    turn_economy(state, owner, &action)?;
    match action {
        MomentumAction::Create { size } => {
            let mut pool = MomentumPool::with_size(0);
            pool.resize(size)?;
            state.momentum.insert(owner, pool);
            Ok(())
        }
        MomentumAction::RalliedBy { by } => rallied_by(state, names, owner, by),
        MomentumAction::ExtraAction { die } => {
            let pool = state
                .momentum
                .get_mut(&owner)
                .ok_or(CombatError::NoPool(owner))?;
            pool.spend(die, true)?;
            state.log.push(LogEntry::event(
                names.name(owner),
                "Extra Action",
                "a Power die goes to Fatigue: one more Action this turn",
            ));
            Ok(())
        }
        MomentumAction::KnockOut(k) => knock_out(state, names, owner, k),
        other => pool_move(state, names, owner, other),
    }
}

/// What a momentum move costs in the turn economy while initiative runs (GFH, Preparing;
/// Spending Momentum; Advanced Actions): Prepare only at the start of the hero's own turn and
/// once; Extra Action only on its turn, adding an Action; Rally takes the rallier's Action.
/// Outside initiative (or for a hero not in the order) there are no turns to tie them to.
fn turn_economy(
    state: &mut CombatState,
    owner: TokenId,
    action: &MomentumAction,
) -> Result<(), CombatError> {
    let init = &mut state.initiative;
    let in_order = |init: &Initiative, t: TokenId| init.is_running() && init.position(t).is_some();
    match *action {
        MomentumAction::Prepare { .. } if in_order(init, owner) => init.prepare(owner)?,
        MomentumAction::ExtraAction { .. } => {
            if !init.is_running() {
                return Err(InitiativeError::NotStarted.into());
            }
            init.grant_extra_action(owner)?;
        }
        MomentumAction::Rally if in_order(init, owner) => {
            init.use_economy(owner, EconomyPart::Action, 0)?;
        }
        MomentumAction::RalliedBy { by } if in_order(init, by) => {
            init.use_economy(by, EconomyPart::Action, 0)?;
        }
        _ => {}
    }
    Ok(())
}

/// Why the turn economy refuses `action` on `owner`'s pool now (not its turn, Prepare already
/// done, no Action left…), in words for a disabled button; `None` when it is allowed.
#[must_use]
pub fn turn_refusal(
    encounter: &crate::model::Encounter,
    owner: TokenId,
    action: &MomentumAction,
) -> Option<String> {
    let mut state = CombatState {
        initiative: encounter.combat.initiative.clone(),
        ..CombatState::default()
    };
    turn_economy(&mut state, owner, action)
        .err()
        .map(|e| e.to_string())
}

/// Lock slots open for `owner` now: Focused opens one more, Dazed closes them.
fn open_slots(state: &CombatState, names: &Names<'_>, owner: TokenId) -> Result<u8, CombatError> {
    let system = names.0.system;
    let pool = state
        .momentum
        .get(&owner)
        .ok_or(CombatError::NoPool(owner))?;
    let focused = has_effect(&state.conditions, system, owner, Effect::ExtraLockSlot);
    let dazed = has_effect(&state.conditions, system, owner, Effect::NoLockSlot);
    Ok(pool.open_lock_slots(focused, dazed))
}

fn pool_move(
    state: &mut CombatState,
    names: &Names<'_>,
    owner: TokenId,
    action: MomentumAction,
) -> Result<(), CombatError> {
    let slots = open_slots(state, names, owner)?;
    let Some(pool) = state.momentum.get_mut(&owner) else {
        return Err(CombatError::NoPool(owner));
    };
    if let Some(effect) = forbidding_wound(pool, &action) {
        check_wounds(names.0, owner, effect)?;
    }
    let line: Option<(&str, String)> = match action {
        MomentumAction::Prepare { from } => {
            pool.prepare(from)?;
            Some(("Prepare", format!("a die moves from {}", from.label())))
        }
        MomentumAction::Spend {
            die,
            power_only,
            rolled,
        } => {
            pool.spend(die, power_only)?;
            let result = rolled.map_or_else(
                || "a die goes to Fatigue".to_owned(),
                |v| format!("rolled {v}; the die goes to Fatigue"),
            );
            Some(("Spend momentum", result))
        }
        MomentumAction::Build { die } => pool.build(die).map(|()| None)?,
        MomentumAction::Lock { die, lock } => pool.lock(die, lock, slots).map(|()| None)?,
        MomentumAction::IncreaseDefense { die, value } => {
            pool.increase_defense(die, value, slots)?;
            let result = format!("+{value} to every Defense until attacked");
            Some(("Increase Defense", result))
        }
        MomentumAction::Attacked => {
            pool.attacked();
            None
        }
        MomentumAction::Release { die } => pool.release(die).map(|()| None)?,
        MomentumAction::Hit { die } => Some(("Hit", hit_text(pool.hit(die)?))),
        MomentumAction::Rally => {
            pool.rally()?;
            Some(("Rally", "a die recovers from Fatigue to Stamina".to_owned()))
        }
        MomentumAction::ShortRest => {
            pool.short_rest();
            None
        }
        MomentumAction::MoveDie { die, to } => pool.move_die(die, to, slots).map(|()| None)?,
        MomentumAction::Resize { size } => pool.resize(size).map(|()| None)?,
        MomentumAction::Create { .. }
        | MomentumAction::RalliedBy { .. }
        | MomentumAction::ExtraAction { .. }
        | MomentumAction::KnockOut(_) => None,
    };
    if let Some((what, result)) = line {
        state
            .log
            .push(LogEntry::event(names.name(owner), what, result));
    }
    Ok(())
}

/// The Wound effect that would forbid `action` on the owner's own pool (GFH, Determining the
/// Wound): Prepare, by button or by dragging Stamina to Power; Lock, by button, Increase Defense
/// or dragging onto Locked; Rally on yourself. Dragging Fatigue to Stamina stays allowed: it
/// stands for a Prepare or a Rally (by an ally, too), and is how the GM corrects a pool.
fn forbidding_wound(pool: &MomentumPool, action: &MomentumAction) -> Option<WoundEffect> {
    match action {
        MomentumAction::Prepare { .. } => Some(WoundEffect::CannotPrepare),
        MomentumAction::Lock { .. } | MomentumAction::IncreaseDefense { .. } => {
            Some(WoundEffect::CannotLock)
        }
        MomentumAction::Rally => Some(WoundEffect::CannotRally),
        MomentumAction::MoveDie { die, to } => {
            let from = pool.dice.get(*die)?.zone;
            match (from, *to) {
                (Zone::Stamina, Zone::Power) => Some(WoundEffect::CannotPrepare),
                (Zone::Stamina | Zone::Power, Zone::Locked) => Some(WoundEffect::CannotLock),
                _ => None,
            }
        }
        _ => None,
    }
}

fn hit_text(outcome: HitOutcome) -> String {
    match outcome {
        HitOutcome::Fatigued { from } => format!("a {} die goes to Fatigue", from.label()),
        HitOutcome::Beat => "every die was in Fatigue: a Beat!".to_owned(),
    }
}

/// Whether `by` may Rally `ally` (GFH, Actions: Rally): `Ok` with the band between them when
/// it is itself or an ally within Close on the map, `Err` with the band that is too far.
pub fn rally_reach(
    encounter: &crate::model::Encounter,
    by: TokenId,
    ally: TokenId,
) -> Result<String, String> {
    if by == ally {
        return Ok("self".to_owned());
    }
    rally_reach_in(&Scene::new(encounter), by, ally)
}

/// [`rally_reach`] on a scene already built, for a menu that checks several allies at once.
pub fn rally_reach_in(scene: &Scene, by: TokenId, ally: TokenId) -> Result<String, String> {
    if by == ally {
        return Ok("self".to_owned());
    }
    let band = scene
        .band_between(by, ally)
        .map_or_else(|| "off the map".to_owned(), |b| b.name);
    if RALLY_BANDS.contains(&band.as_str()) {
        Ok(band)
    } else {
        Err(band)
    }
}

fn rallied_by(
    state: &mut CombatState,
    names: &Names<'_>,
    owner: TokenId,
    by: TokenId,
) -> Result<(), CombatError> {
    if names.0.token(by).is_none() {
        return Err(CombatError::NoSuchToken(by));
    }
    // The Wound stops the hero who would Rally; a wounded hero can still be rallied.
    check_wounds(names.0, by, WoundEffect::CannotRally)?;
    let band = rally_reach(names.0, by, owner).map_err(|band| CombatError::NotClose {
        by: names.name(by),
        ally: names.name(owner),
        band,
    })?;
    let pool = state
        .momentum
        .get_mut(&owner)
        .ok_or(CombatError::NoPool(owner))?;
    pool.rally()?;
    state.log.push(LogEntry::event(
        names.name(owner),
        "Rally",
        format!(
            "{} ({band}) rallies them: a die recovers from Fatigue to Stamina",
            names.name(by)
        ),
    ));
    Ok(())
}

/// A Beat that knocks the hero out: the Hit must find every die in Fatigue; the Wound from the
/// carried dice joins the hero's Wounds, its chart Condition (a 1) is applied, and the hero is
/// marked Knocked out until the GM removes it.
fn knock_out(
    state: &mut CombatState,
    names: &Names<'_>,
    owner: TokenId,
    k: KnockOut,
) -> Result<(), CombatError> {
    let pool = state
        .momentum
        .get_mut(&owner)
        .ok_or(CombatError::NoPool(owner))?;
    if pool.hit(None).ok() != Some(HitOutcome::Beat) {
        return Err(MomentumError::IllegalMove(
            "a hero is knocked out only by a Hit with every die in Fatigue (a Beat)",
        )
        .into());
    }
    let hero = match state.trackers.sheet(owner, RuleSystem::GoForthHeroes) {
        Some(TokenTrackers::GoForthHeroes(t)) => t.clone(),
        _ => GfhToken::default(),
    };
    let roll = WoundRoll {
        defense: k.defense,
        attributes: hero.attributes,
        existing_wounds: u32::try_from(hero.wounds.len()).unwrap_or(u32::MAX),
    };
    let wound = roll.wound_from_dice(k.d20, k.d8, k.d4);
    let sessions = if wound.sessions_left > 0 {
        format!(", {} sessions", wound.sessions_left)
    } else {
        String::new()
    };
    state.log.push(LogEntry {
        who: names.name(owner),
        what: "Beat: knocked out".to_owned(),
        dice: format!(
            "Severity d20: {} → {}; {:?} chart d8: {}",
            k.d20,
            roll.total(k.d20),
            k.defense,
            wound.effect_roll
        ),
        result: format!(
            "{:?} Wound{sessions}: {}",
            wound.severity,
            wound_effect(k.defense, wound.effect_roll)
        ),
    });
    let condition = ActiveCondition {
        token: owner,
        name: KNOCKED_OUT.to_owned(),
        duration: Duration::UntilRemoved,
        system: None,
    };
    apply_condition_cmd(state, names, condition)?;
    take_wound(state, names, owner, &wound)
}

/// A Wound joining a hero (GFH, Wounds; Determining the Wound), the one path for a Wound from a
/// Beat and one rolled or entered on the tracker: it joins the hero's Wounds, the chart's
/// Condition (a 1 on any chart) goes on the token until removed, and Soul 8 takes one momentum
/// die for good (a hero without a pool has none to lose, which the log says).
pub(super) fn take_wound(
    state: &mut CombatState,
    names: &Names<'_>,
    owner: TokenId,
    wound: &Wound,
) -> Result<(), CombatError> {
    if names.0.token(owner).is_none() {
        return Err(CombatError::NoSuchToken(owner));
    }
    let mut hero = match state.trackers.sheet(owner, RuleSystem::GoForthHeroes) {
        Some(TokenTrackers::GoForthHeroes(t)) => t.clone(),
        _ => GfhToken::default(),
    };
    hero.apply(&GfhChange::AddWound(wound.clone()))
        .map_err(|e| CombatError::CannotAct(e.to_string()))?;
    state
        .trackers
        .insert(owner, TokenTrackers::GoForthHeroes(hero));
    if let Some(name) = wound_condition(wound.defense, wound.effect_roll) {
        let condition = ActiveCondition {
            token: owner,
            name: name.to_owned(),
            duration: Duration::UntilRemoved,
            system: None,
        };
        apply_condition_cmd(state, names, condition)?;
    }
    if wound.effect() == WoundEffect::LoseMomentumDie {
        if state.momentum.contains_key(&owner) {
            lose_a_die(state, names, owner)?;
        } else {
            state.log.push(LogEntry::event(
                names.name(owner),
                "Wound",
                "no momentum pool yet: no die to lose",
            ));
        }
    }
    Ok(())
}

/// Soul 8 on the wound chart: the pool shrinks by one die for good (GFH, Determining the
/// Wound). The text says the loss is permanent, so healing the Wound does not bring it back;
/// the GM can still set the pool's size by hand. A pool keeps at least its one last die.
fn lose_a_die(
    state: &mut CombatState,
    names: &Names<'_>,
    owner: TokenId,
) -> Result<(), CombatError> {
    let pool = state
        .momentum
        .get_mut(&owner)
        .ok_or(CombatError::NoPool(owner))?;
    let size = pool.size();
    let result = if size > 1 {
        pool.resize(size - 1)?;
        format!(
            "one momentum die is lost for good: the pool is now {} dice",
            size - 1
        )
    } else {
        "the pool is down to its last die, which it keeps".to_owned()
    };
    state
        .log
        .push(LogEntry::event(names.name(owner), "Wound", result));
    Ok(())
}
