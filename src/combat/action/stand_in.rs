//! Stand-ins: a number a check needs that a token's sheet lacks, and what the check used in its
//! place. The Dice pane shows each as a line with a button to the token's sheet, and
//! `check_report` lists them; a check filled from real numbers has none.

use serde::Serialize;

use super::{ActionRequest, FilledCheck, defending_character, name};
use crate::combat::sheet::SheetField;
use crate::model::{Encounter, RuleSystem, TokenId};
use crate::rules::{CheckSetup, TokenTrackers};

/// Where on a token's sheet the GM fills a missing number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetSpot {
    /// The whole sheet: the token has none in this system yet.
    Sheet,
    /// The sheet's attacks.
    Attacks,
    /// One number.
    Field(SheetField),
}

/// A number the check needed that a token's sheet lacks, and what stood in for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StandIn {
    /// The token whose sheet lacks it.
    pub token: TokenId,
    /// What the pane and the report say: "Goblin has no Body Defense in Go Forth: Heroes: TN 12
    /// stands in".
    pub text: String,
    /// Where the GM fills it.
    #[serde(skip)]
    pub at: SheetSpot,
}

impl StandIn {
    fn new(
        encounter: &Encounter,
        token: TokenId,
        missing: &str,
        stood_in: &str,
        at: SheetSpot,
    ) -> Self {
        let text = format!(
            "{} has no {missing} in {}: {stood_in} stands in",
            name(encounter, token),
            encounter.system.label()
        );
        Self { token, text, at }
    }
}

/// Every number `filled` needed from the actor's or the target's sheet that was not its own,
/// with what stood in: a token with no sheet in the system is read from the starting sheet the
/// Sheet pane shows for it ([`crate::combat::sheet::shown`]), a palette token from its default
/// numbers, so the number named here is the number "Open sheet" shows.
#[must_use]
pub fn stand_ins(
    encounter: &Encounter,
    request: &ActionRequest,
    filled: &FilledCheck,
) -> Vec<StandIn> {
    let mut out = Vec::new();
    if !request.attack {
        return out;
    }
    if let Some(actor) = request.actor {
        actor_stand_ins(encounter, actor, filled, &mut out);
        unset_level(encounter, actor, &mut out);
    }
    if let Some(target) = filled.target() {
        target_stand_ins(encounter, request, target, filled, &mut out);
    }
    out
}

/// The line for a token whose numbers in the system are not its own: none at all (the
/// starting ones stand in) or the default ones a palette token starts with. `detail` names the
/// number the check took from them.
fn not_its_own(encounter: &Encounter, token: TokenId, detail: &str) -> Option<StandIn> {
    let who = name(encounter, token);
    let system = encounter.system.label();
    let detail = if detail.is_empty() {
        String::new()
    } else {
        format!(" ({detail})")
    };
    let text = match encounter.sheet(token) {
        None => format!("{who} has no sheet in {system}: its starting numbers stand in{detail}"),
        Some(sheet) if sheet.default_numbers() => {
            format!("{who}'s numbers in {system} are the defaults, not its own{detail}")
        }
        Some(_) => return None,
    };
    Some(StandIn {
        token,
        text,
        at: SheetSpot::Sheet,
    })
}

fn actor_stand_ins(
    encounter: &Encounter,
    actor: TokenId,
    filled: &FilledCheck,
    out: &mut Vec<StandIn>,
) {
    let detail = filled
        .weapon
        .as_ref()
        .map_or_else(String::new, |w| format!("its {}", w.name));
    if let Some(line) = not_its_own(encounter, actor, &detail) {
        out.push(line);
        return;
    }
    let Some(sheet) = encounter.sheet(actor) else {
        return;
    };
    // An Evening threat attacks with its rating's attacks, not a sheet's.
    let threat = matches!(sheet, TokenTrackers::Evening(t) if t.threat.is_some());
    if filled.weapon.is_some() || threat {
        return;
    }
    let form = match &filled.base {
        CheckSetup::GoForthHeroes(c) => format!("a d{} Effort die", c.effort_die),
        CheckSetup::Evening(_) => format!(
            "{} damage",
            super::weapon::dice_label(super::EVENING_DEFAULT_DAMAGE)
        ),
        CheckSetup::RoadAndRuinAttack(c) => format!("the form's d{} attack die", c.die.sides()),
        CheckSetup::ThreeD6(_) => "harm from the Mid die".to_owned(),
        _ => "the form's pool".to_owned(),
    };
    out.push(StandIn::new(
        encounter,
        actor,
        "attack",
        &form,
        SheetSpot::Attacks,
    ));
}

/// The target's defence number the check took from its sheet, in the system's words: a GFH
/// Defense, an Evening TN, a Road and Ruin armour rating.
fn defence_detail(filled: &FilledCheck) -> String {
    filled
        .contributions
        .iter()
        .filter(|c| c.source == super::Source::Defense)
        .find_map(|c| match c.lever {
            super::Lever::TargetNumber(tn) => Some(match filled.defense {
                Some(defense) => format!("{defense:?} Defense {tn}"),
                None => format!("TN {tn}"),
            }),
            super::Lever::Armour(ar) => Some(format!("armour {ar}")),
            _ => None,
        })
        .unwrap_or_default()
}

fn target_stand_ins(
    encounter: &Encounter,
    request: &ActionRequest,
    target: TokenId,
    filled: &FilledCheck,
    out: &mut Vec<StandIn>,
) {
    if let Some(line) = not_its_own(encounter, target, &defence_detail(filled)) {
        out.push(line);
        return;
    }
    match (encounter.system, encounter.sheet(target)) {
        (RuleSystem::Evening, _) if defending_character(encounter, request).is_some() => {}
        (RuleSystem::Evening, Some(TokenTrackers::Evening(t))) if t.threat.is_some() => {}
        (RuleSystem::Evening, _) => {
            let tn = match &filled.base {
                CheckSetup::Evening(c) => format!("TN {}", c.tn),
                _ => "the form's TN".to_owned(),
            };
            out.push(StandIn::new(
                encounter,
                target,
                "threat rating (its TN)",
                &tn,
                SheetSpot::Sheet,
            ));
        }
        (RuleSystem::ThreeD6, Some(_)) => unset_level(encounter, target, out),
        _ => {}
    }
}

/// 3d6, Level, Tier: a sheet whose level nobody set gives no tier, so the check has no tier
/// line (level 0, the prologue, is set).
fn unset_level(encounter: &Encounter, token: TokenId, out: &mut Vec<StandIn>) {
    if let Some(TokenTrackers::ThreeD6(t)) = encounter.sheet(token)
        && t.level.is_none()
    {
        out.push(StandIn::new(
            encounter,
            token,
            "level",
            "no tier",
            SheetSpot::Field(SheetField::ThreeD6Level),
        ));
    }
}
