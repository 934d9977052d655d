//! Stand-ins: a number a check needs that a token's sheet lacks, and what the check used in its
//! place. The Dice pane shows each as a line with a button to the token's sheet, and
//! `check_report` lists them; a check filled from real numbers has none.

use serde::Serialize;

use super::{ActionRequest, FilledCheck, defending_character, name};
use crate::combat::sheet::SheetField;
use crate::model::{Encounter, RuleSystem, TokenId};
use crate::rules::go_forth_heroes::Target;
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

/// Every number `filled` needed from the actor's or the target's sheet that was not there, with
/// what the form used instead.
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
    }
    if let Some(target) = filled.target() {
        target_stand_ins(encounter, request, target, filled, &mut out);
    }
    out
}

fn actor_stand_ins(
    encounter: &Encounter,
    actor: TokenId,
    filled: &FilledCheck,
    out: &mut Vec<StandIn>,
) {
    let Some(sheet) = encounter.sheet(actor) else {
        let form = match &filled.base {
            CheckSetup::GoForthHeroes(_) => "the form's attribute bonus",
            CheckSetup::Evening(_) => "the form's modifier",
            CheckSetup::RoadAndRuinAttack(_) => "the form's attack die",
            CheckSetup::PostCore(_) => "the form's pool",
            CheckSetup::ThreeD6(_) => "the same tier",
            CheckSetup::RoadAndRuin(_) => "the form",
        };
        out.push(StandIn::new(
            encounter,
            actor,
            "sheet",
            form,
            SheetSpot::Sheet,
        ));
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

fn target_stand_ins(
    encounter: &Encounter,
    request: &ActionRequest,
    target: TokenId,
    filled: &FilledCheck,
    out: &mut Vec<StandIn>,
) {
    let sheet = encounter.sheet(target);
    match (encounter.system, sheet) {
        (RuleSystem::GoForthHeroes, None) => {
            let defense = filled.defense.unwrap_or_default();
            let tn = match &filled.base {
                CheckSetup::GoForthHeroes(c) => match c.target {
                    Target::Fixed(tn) => format!("TN {tn}"),
                    Target::Tier(tier) => format!("the {tier:?} TN"),
                },
                _ => "the form's TN".to_owned(),
            };
            out.push(StandIn::new(
                encounter,
                target,
                &format!("{defense:?} Defense"),
                &tn,
                SheetSpot::Sheet,
            ));
        }
        (RuleSystem::Evening, None) if defending_character(encounter, request).is_some() => {
            out.push(StandIn::new(
                encounter,
                target,
                "Finesse and Body for its defence",
                "+0",
                SheetSpot::Sheet,
            ));
        }
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
        (RuleSystem::RoadAndRuin, None) => out.push(StandIn::new(
            encounter,
            target,
            "armour rating",
            "AR 0",
            SheetSpot::Field(SheetField::RrArmour),
        )),
        (RuleSystem::ThreeD6, None) => out.push(StandIn::new(
            encounter,
            target,
            "level",
            "the same tier",
            SheetSpot::Field(SheetField::ThreeD6Level),
        )),
        _ => {}
    }
}
