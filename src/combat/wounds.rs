//! Go Forth: Heroes Wound effects in play (GFH, Determining the Wound): the actions a Wound
//! forbids (Prepare, Lock, Rally, Hold, Hurry) and the checks it makes Hard. Both are read from
//! the Wounds the hero carries now, so removing or healing a Wound lifts its effect.
//!
//! Hurry (GFH, Advanced Actions: an Action taken at Hard for a free Interact or Help) is not a
//! move Lantern tracks: the turn economy has no Interact or Help to give, so "Cannot Hurry" is
//! shown with the hero's Wounds and left to the table. "Move reduced by 2" lowers the hero's Move
//! before its conditions change it ([`token_speed`]), so the map's reach, the turn economy and
//! the panes all read the same number. The lost momentum die is taken when the Wound is rolled
//! (`momentum_apply`), for good, as the text says.

use super::command::CombatError;
use super::conditions::{ActiveCondition, Adjusted, effective_speed};
use crate::model::{Encounter, TokenId};
use crate::rules::TokenTrackers;
use crate::rules::go_forth_heroes::{Attribute, GfhToken, WoundEffect};

/// The GFH trackers of `token`, if it has them.
fn hero(encounter: &Encounter, token: TokenId) -> Option<&GfhToken> {
    match encounter.sheet(token) {
        Some(TokenTrackers::GoForthHeroes(t)) => Some(t),
        _ => None,
    }
}

/// The action a forbidding effect names, for the refusal message.
fn action_name(effect: WoundEffect) -> &'static str {
    match effect {
        WoundEffect::CannotPrepare => "Prepare",
        WoundEffect::CannotHurry => "Hurry",
        WoundEffect::CannotLock => "Lock momentum",
        WoundEffect::CannotRally => "Rally",
        WoundEffect::CannotHold => "Hold",
        WoundEffect::Condition(_)
        | WoundEffect::SlowerMove(_)
        | WoundEffect::Hard(_)
        | WoundEffect::LoseMomentumDie => "do that",
    }
}

/// The refusal when one of `token`'s Wounds forbids the action `effect` names, e.g.
/// "Bram cannot Prepare: his Shallow Body Wound forbids it". `None` when it is allowed.
#[must_use]
pub fn wound_refusal(
    encounter: &Encounter,
    token: TokenId,
    effect: WoundEffect,
) -> Option<CombatError> {
    let wound = hero(encounter, token)?.wound_with(effect)?;
    let who = encounter
        .token(token)
        .map_or_else(|| format!("token {}", token.0), |t| t.name.clone());
    Some(CombatError::Wounded {
        who,
        action: action_name(effect),
        wound: wound.name(),
    })
}

/// `Err` with the refusal when one of `token`'s Wounds forbids the action `effect` names.
pub fn check_wounds(
    encounter: &Encounter,
    token: TokenId,
    effect: WoundEffect,
) -> Result<(), CombatError> {
    wound_refusal(encounter, token, effect).map_or(Ok(()), Err)
}

/// Why `token`'s checks with `attribute` are Hard from a Wound, naming it, e.g.
/// "Shallow Body Wound: Might checks Hard"; `None` when no Wound does that.
#[must_use]
pub fn hard_from_wounds(
    encounter: &Encounter,
    token: TokenId,
    attribute: Attribute,
) -> Option<String> {
    let effect = WoundEffect::Hard(attribute);
    let wound = hero(encounter, token)?.wound_with(effect)?;
    Some(format!("{}: {effect}", wound.name()))
}

/// `token`'s Move this turn: its base Move ([`super::sheet::base_move`]: 4 + Agility for a GFH
/// hero, the typed speed otherwise), less a "Move reduced by N" Wound (the Wound changes
/// the hero's Move itself, so it comes off first; several such Wounds count once, the
/// largest, as GFH, Modifiers says of penalties to the same thing) or Evening's exhaustion
/// (halved from level 2, 0 from level 5), then changed by `conditions` (0 wins, doubling,
/// halving). Every step says why. A token that is not on the map moves 0.
#[must_use]
pub fn token_speed(
    encounter: &Encounter,
    conditions: &[ActiveCondition],
    token: TokenId,
) -> Adjusted<u32> {
    if encounter.token(token).is_none() {
        return Adjusted::default();
    }
    let start = super::sheet::base_move(encounter, token);
    let mut base = start.value;
    let mut reasons = start.reasons;
    // GFH, Modifiers: penalties to the same thing from several sources do not add up, so of
    // several "Move reduced" Wounds only the largest reduction counts.
    let slowest = hero(encounter, token)
        .map_or(&[][..], |h| &h.wounds)
        .iter()
        .filter_map(|w| match w.effect() {
            WoundEffect::SlowerMove(squares) => Some((squares, w)),
            _ => None,
        })
        .max_by_key(|(squares, _)| *squares);
    if let Some((squares, wound)) = slowest {
        base = base.saturating_sub(squares);
        reasons.push(format!("{}: {}", wound.name(), wound.effect()));
    }
    // Evening, Exhaustion: level 2 halves speed, level 5 makes it 0; it weighs on the
    // creature itself, so it comes before its conditions, as a Wound does.
    let pushing = super::conditions::has_effect(
        conditions,
        encounter.system,
        token,
        crate::rules::conditions::Effect::IgnoresExhaustion,
    );
    if let Some(TokenTrackers::Evening(t)) = encounter.sheet(token).filter(|_| !pushing) {
        if t.exhaustion >= 5 {
            base = 0;
            reasons.push(format!("Exhaustion {}: speed 0", t.exhaustion));
        } else if t.exhaustion >= 2 {
            base /= 2;
            reasons.push(format!("Exhaustion {}: speed halved", t.exhaustion));
        }
    }
    let mut speed = effective_speed(conditions, encounter.system, token, base);
    reasons.append(&mut speed.reasons);
    // Evening, Grapple: while grappling, the grappler's speed is halved.
    if let Some(why) = super::maneuver::grappling(encounter, token) {
        speed.value /= 2;
        reasons.push(why);
    }
    speed.reasons = reasons;
    speed
}
