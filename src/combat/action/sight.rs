//! What seeing, and the space a token stands in, do to a check: the light's line in every
//! system, and Evening's rules that hang on sight and space.
//!
//! Readings (Evening core):
//! - Vision: an obscured area (dim light, or a light's blinding radius: Lighting) gives
//!   disadvantage on aptitude checks that rely on sight, and nothing else: an attack in dim light is a note that says so, and a threat's
//!   attack turned into a defence check gets nothing from it either. Whether an aptitude check
//!   relies on sight is the narrator's call, so the line is on for an aptitude check against a
//!   target and says to clear it when the check does not look. Darkness blinds the viewer
//!   toward what it holds: an attack has disadvantage (Blinded), an aptitude check that relies
//!   on sight fails, and a defence against the target has disadvantage ("defense rolls made to
//!   avoid attacks").
//! - Combat, Range: "You may make ranged attacks only against targets which you can see". An
//!   attacker that can't see the target — the target in darkness its light and darkvision
//!   don't reach, the target Invisible, the attacker Blinded or blind — is refused a ranged
//!   attack, which the GM may roll anyway as for no line of sight. A melee attack in darkness
//!   is allowed, at disadvantage (Blinded).
//! - Size, Getting into smaller spots: a creature squeezing has disadvantage on attack rolls
//!   and Finesse defences. Where a token stands is a squeeze when only a creature one size
//!   smaller fits there ([`crate::board::Scene::squeezing`]); its movement costs double on the
//!   map (`board::reach`). The defence Lantern offers against an attack is Reflex, Finesse +
//!   Body (`defence.rs`), so a squeezing defender has disadvantage on it; a defence the GM
//!   rolls from the form is read as a Finesse one too, a line to clear when it is not.

use super::{ActionRequest, Board, Contribution, FilledCheck, Lever, Source, name};
use crate::board::Scene;
use crate::board::light::Illumination;
use crate::combat::catalogue::{CheckKind, Effect};
use crate::combat::conditions::has_effect;
use crate::combat::vision::{SightCheck, Sighting, attack_light_effects, sighting};
use crate::model::{Encounter, RuleSystem, Senses, TokenId};

/// What the light on the target does to the actor's check, in the system's terms
/// ([`attack_light_effects`] holds the rules): Evening as the module doc reads it; elsewhere a
/// Harder lever for an attack the light makes Hard, a note otherwise (Road and Ruin's Hide,
/// the GM's call in Post and 3d6, non-attacks).
pub(super) fn light(
    encounter: &Encounter,
    scene: &Scene,
    request: &ActionRequest,
    actor: TokenId,
    target: TokenId,
    filled: &mut FilledCheck,
) {
    let lit = Illumination::new(scene, encounter);
    let Some(seen) = sighting(scene, &lit, encounter, actor, target) else {
        return;
    };
    if encounter.system == RuleSystem::Evening {
        evening_light(request, seen, filled);
        blinding(encounter, scene, request, target, seen, filled);
        ranged_needs_sight(encounter, request, actor, target, seen, filled);
        return;
    }
    let effects = attack_light_effects(encounter.system, &seen);
    let lever = if effects.harder && request.attack {
        Lever::Harder
    } else {
        Lever::Note
    };
    for reason in effects.reasons {
        filled
            .contributions
            .push(Contribution::new(Source::Light, reason, lever));
    }
}

/// The kind of Evening check a request is: an attack, a defence, or (by default) an aptitude
/// check.
fn evening_kind(request: &ActionRequest) -> CheckKind {
    if request.attack {
        CheckKind::Attack
    } else if request.kind == Some(CheckKind::Defense) {
        CheckKind::Defense
    } else {
        CheckKind::Aptitude
    }
}

/// Evening, Vision; Blinded: the light's line on the check (see the module doc).
fn evening_light(request: &ActionRequest, seen: Sighting, filled: &mut FilledCheck) {
    let effects = attack_light_effects(RuleSystem::Evening, &seen);
    let Some(sight) = effects.sight_check else {
        return;
    };
    let (text, lever) = match (evening_kind(request), sight) {
        (CheckKind::Attack | CheckKind::Defense, SightCheck::Disadvantage) => (
            "Dim light: obscured, disadvantage only on aptitude checks relying on sight, none here",
            Lever::Note,
        ),
        (CheckKind::Attack, SightCheck::Fails) => (
            "Darkness: heavily obscured, Blinded (disadvantage)",
            Lever::Harder,
        ),
        (CheckKind::Defense, SightCheck::Fails) => (
            "Darkness: heavily obscured, Blinded (disadvantage on defending)",
            Lever::Harder,
        ),
        (_, SightCheck::Disadvantage) => (
            "Dim light: obscured, disadvantage if the check relies on sight (clear it if not)",
            Lever::Harder,
        ),
        (_, SightCheck::Fails) => (
            "Darkness: heavily obscured, Blinded: a check relying on sight fails (clear it if \
             not)",
            Lever::FailsOutright,
        ),
    };
    filled
        .contributions
        .push(Contribution::new(Source::Light, text, lever));
}

/// Evening, Lighting: blinding light, like dim light, makes an obscured area (Vision:
/// disadvantage on aptitude checks that rely on sight). A target the actor sees in a light's
/// blinding radius ([`crate::board::light::blinding_at`], at its footprint centre) gives the
/// line dim light gives; darkness already says more, so it is left out there.
fn blinding(
    encounter: &Encounter,
    scene: &Scene,
    request: &ActionRequest,
    target: TokenId,
    seen: Sighting,
    filled: &mut FilledCheck,
) {
    let Some(t) = encounter.token(target) else {
        return;
    };
    if !seen.sees() {
        return;
    }
    let at = crate::board::footprint::footprint_centre(encounter.map.grid, t.size, t.cell);
    if !crate::board::light::blinding_at(scene, encounter, at) {
        return;
    }
    let (text, lever) = match evening_kind(request) {
        CheckKind::Attack | CheckKind::Defense => (
            "Blinding light: obscured, disadvantage only on aptitude checks relying on sight,              none here",
            Lever::Note,
        ),
        _ => (
            "Blinding light: obscured, disadvantage if the check relies on sight (clear it if              not)",
            Lever::Harder,
        ),
    };
    filled
        .contributions
        .push(Contribution::new(Source::Light, text, lever));
}

/// Why `viewer` can't see `target` (Evening, Blinded; Invisible; Vision), or `None` when it
/// can: Blinded or blind, the target Invisible, or the target in darkness to its eyes.
fn unseen_because(
    encounter: &Encounter,
    viewer: TokenId,
    target: TokenId,
    seen: Sighting,
) -> Option<String> {
    let system = encounter.system;
    let conditions = &encounter.combat.conditions;
    let (looker, who) = (name(encounter, viewer), name(encounter, target));
    let blind = encounter
        .token(viewer)
        .is_some_and(|t| t.senses == Senses::Blind);
    if blind || has_effect(conditions, system, viewer, Effect::SeesNothing) {
        return Some(format!("{looker} can't see"));
    }
    if has_effect(conditions, system, target, Effect::Unseen) {
        return Some(format!("{who} is Invisible"));
    }
    (seen.in_line_of_sight && !seen.sees())
        .then(|| format!("{who} is in darkness {looker}'s light and eyes don't reach"))
}

/// Evening, Combat (Range): a ranged attack is refused against a target the attacker can't
/// see; the GM may roll anyway.
fn ranged_needs_sight(
    encounter: &Encounter,
    request: &ActionRequest,
    actor: TokenId,
    target: TokenId,
    seen: Sighting,
    filled: &mut FilledCheck,
) {
    if !request.attack || request.melee {
        return;
    }
    let Some(why) = unseen_because(encounter, actor, target, seen) else {
        return;
    };
    let text = format!("{why}: a ranged attack needs a target it can see");
    if filled.refused.is_none() {
        filled.refused = Some(text.clone());
    }
    filled
        .contributions
        .push(Contribution::new(Source::Light, text, Lever::Note));
}

/// Whether `token` is squeezing where it stands (see the module doc).
fn squeezing(board: &Board<'_>, token: TokenId) -> bool {
    board.scene().squeezing(token) == Some(true)
}

/// Evening, Getting into smaller spots: a squeezing actor's attack, or the Finesse defence it
/// rolls from the form, has disadvantage.
pub(super) fn squeeze(
    encounter: &Encounter,
    board: &Board<'_>,
    request: &ActionRequest,
    actor: TokenId,
    filled: &mut FilledCheck,
) {
    if encounter.system != RuleSystem::Evening {
        return;
    }
    let text = match evening_kind(request) {
        CheckKind::Attack => {
            "is squeezing (only a smaller creature fits there): disadvantage on \
                              attacks"
        }
        CheckKind::Defense => {
            "is squeezing (only a smaller creature fits there): disadvantage \
                               on Finesse defences"
        }
        _ => return,
    };
    if squeezing(board, actor) {
        let who = name(encounter, actor);
        filled.contributions.push(Contribution::new(
            Source::Space,
            format!("{who} {text}"),
            Lever::Harder,
        ));
    }
}

/// What the defender of a threat's attack brings to its Reflex defence from sight and space:
/// disadvantage when it squeezes, or when the threat stands in darkness it can't see into
/// (Blinded: "defense rolls made to avoid attacks").
pub(super) fn defender(
    encounter: &Encounter,
    board: &Board<'_>,
    defender: TokenId,
    threat: Option<TokenId>,
    filled: &mut FilledCheck,
) {
    let who = name(encounter, defender);
    if squeezing(board, defender) {
        filled.contributions.push(Contribution::new(
            Source::Space,
            format!(
                "{who} is squeezing (only a smaller creature fits there): disadvantage on its \
                 Reflex (Finesse) defence"
            ),
            Lever::Harder,
        ));
    }
    let Some(threat) = threat else {
        return;
    };
    let scene = board.scene();
    let lit = Illumination::new(scene, encounter);
    let Some(seen) = sighting(scene, &lit, encounter, defender, threat) else {
        return;
    };
    if seen.in_line_of_sight && !seen.sees() {
        filled.contributions.push(Contribution::new(
            Source::Light,
            format!(
                "{who} can't see {} in the dark: Blinded, disadvantage on defending",
                name(encounter, threat)
            ),
            Lever::Harder,
        ));
    }
}
