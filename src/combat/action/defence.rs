//! Evening: a threat attacking a character is the character's defence check, not the GM's roll.
//!
//! The text's readings (Evening core):
//! - Contested Checks: a check the narrator resists "doesn't involve a roll", because threat
//!   ratings handle it; Threat Rating: "Defending against threat attacks … are made against its
//!   TN"; Defense: blocking attacks and getting out of the way is what defences are for, a
//!   d20 + ability + attribute (+ a conditional aptitude) + defense modifier, rolled by the
//!   defender. So when a threat attacks a character, the character rolls, against the threat's
//!   TN with the traits that raise it for its own attacks (Champion, Legendary, Vicious; not
//!   Defender, which only makes it harder to hit).
//! - Which defence: the text's examples are Fortitude (Resolve + Body), Reflex (Finesse + Body)
//!   and Will (Resolve + Mind); it leaves the choice to the narrator. Lantern offers Reflex for
//!   an attack (dodging or blocking a blow), as a line the GM can clear and replace in the form.
//! - Success ("beat the TN", Dice Checks; a tie fails) avoids the attack; failure means the
//!   attack lands, for the threat's damage per attack (Threat Rating: "Whenever a single-target
//!   attack lands, this is the damage it does"). A defence check is not an attack roll, so a
//!   natural 20 or 1 only moves the effect level (Making checks), with no critical hit or
//!   automatic miss, and the damage is not doubled, save for a Paralyzed defender next to the
//!   threat (Paralyzed: a hit from an adjacent creature is a critical hit).
//! - Paralyzed, Stunned and Unconscious fail Prowess and Finesse defences outright, and
//!   Petrified every defence: the Reflex defence then fails whatever the roll.
//! - Circumstantial bonuses are written for this check: cover is a limited, standard or great
//!   circumstance that lowers the defence check's TN by 3, 6 or 9.
//! - What would have helped or hindered the threat's attack roll helps or hinders the
//!   defender the other way round: the threat's disadvantage (a ranged attack in melee, a
//!   condition, darkness, squeezing) is the defender's advantage, and a condition that makes
//!   attacks against the character easier gives the defender disadvantage. Dim light gives
//!   neither: it touches only aptitude checks that rely on sight (Vision, `sight.rs`).
//! - The defender's own state counts on its roll: squeezing (disadvantage on Finesse defences)
//!   and a threat in darkness it can't see (Blinded: disadvantage on defending).

use super::{ActionRequest, Contribution, FilledCheck, Lever, Source, name, trackers_of};
use crate::combat::catalogue::CheckKind;
use crate::model::{Encounter, RuleSystem, TokenId};
use crate::rules::evening::{EffectLevel, EveningOutcome};
use crate::rules::{CheckOutcome, CheckSetup, TokenTrackers};

/// Whether a token is an Evening threat (it has a threat profile from the rating table).
fn is_threat(encounter: &Encounter, id: TokenId) -> bool {
    matches!(
        trackers_of(encounter, id),
        Some(TokenTrackers::Evening(t)) if t.threat.is_some()
    )
}

/// The character who defends when `request` is an Evening threat attacking a character (a
/// token without a threat profile); `None` for every other action.
#[must_use]
pub fn defending_character(encounter: &Encounter, request: &ActionRequest) -> Option<TokenId> {
    let actor = request.actor?;
    let target = request.targets.first().copied()?;
    let turned = encounter.system == RuleSystem::Evening
        && request.attack
        && is_threat(encounter, actor)
        && !is_threat(encounter, target)
        && encounter.token(target).is_some();
    turned.then_some(target)
}

/// Turns a filled threat attack into `defender`'s defence check (see the module doc).
pub(super) fn into_defence(
    encounter: &Encounter,
    board: &super::Board<'_>,
    defender: TokenId,
    filled: &mut FilledCheck,
) {
    if let CheckSetup::Evening(c) = &mut filled.base {
        c.attack = false;
    }
    filled.defender = Some(defender);
    for c in &mut filled.contributions {
        c.lever = match c.lever {
            Lever::Easier => Lever::Harder,
            Lever::Harder => Lever::Easier,
            // Cover raised the attacker's TN; for the defender it lowers the defence's TN.
            Lever::TnShift(n) => Lever::TnShift(-n),
            // A penalty on the threat's roll makes the attack easier to avoid.
            Lever::RollModifier(n) => Lever::TnShift(n),
            other => other,
        };
    }
    filled
        .contributions
        .retain(|c| !matches!(c.lever, Lever::TargetNumber(_)));
    let who = name(encounter, defender);
    if let Some(TokenTrackers::Evening(t)) = trackers_of(encounter, defender) {
        let finesse = encounter.token(defender).map_or(0, |t| t.finesse);
        let body = t.abilities.body;
        filled.contributions.push(Contribution::new(
            Source::Defense,
            format!("{who}'s Reflex defence: Finesse {finesse:+}, Body {body:+}"),
            Lever::RollModifier(i64::from(finesse + body)),
        ));
    }
    if let Some(actor) = filled.actor
        && let Some(TokenTrackers::Evening(t)) = trackers_of(encounter, actor)
        && let Some(threat) = &t.threat
    {
        // Champion, Legendary and Vicious raise the TN of its own attacks; Defender only the
        // TN to hit it (Evening, Traits).
        let tn = threat.stats().tn_to_defend;
        filled.contributions.push(Contribution::new(
            Source::Defense,
            format!("{}'s TN {tn} to defend against", name(encounter, actor)),
            Lever::TargetNumber(tn),
        ));
    }
    let request = ActionRequest {
        actor: Some(defender),
        targets: Vec::new(),
        attack: false,
        melee: false,
        attribute: None,
        kind: Some(CheckKind::Defense),
        weapon: None,
        helpers: Vec::new(),
    };
    super::actor_conditions(encounter, board, defender, &[CheckKind::Defense], filled);
    super::sight::defender(encounter, board, defender, filled.actor, filled);
    super::trackers(encounter, &request, defender, filled);
}

/// What a rolled defence check means, in the text's words; `None` when `filled` is not one.
#[must_use]
pub fn defence_result(
    encounter: &Encounter,
    filled: &FilledCheck,
    outcome: &CheckOutcome,
) -> Option<String> {
    let defender = filled.defender?;
    let CheckOutcome::Evening(r) = outcome else {
        return None;
    };
    let who = name(encounter, defender);
    let threat = filled
        .actor
        .map_or_else(|| "the threat".to_owned(), |a| name(encounter, a));
    Some(match r.outcome {
        EveningOutcome::Success(effect) => format!(
            "Defended: {who} avoids {threat}'s attack ({}, {} vs TN {})",
            match effect {
                EffectLevel::NoEffect => "no effect".to_owned(),
                level => format!("{level:?} effect"),
            },
            r.total,
            filled.target_number().unwrap_or_default()
        ),
        EveningOutcome::Failure => format!(
            "Not defended: {threat}'s attack lands on {who} ({} vs TN {})",
            r.total,
            filled.target_number().unwrap_or_default()
        ),
    })
}

/// Whether the threat's attack lands: the defence check failed.
#[must_use]
pub fn attack_lands(outcome: &CheckOutcome) -> bool {
    matches!(
        outcome,
        CheckOutcome::Evening(r) if r.outcome == EveningOutcome::Failure
    )
}
