//! The roller's conditions in the Dice pane: which kind of roll the form is (conditions touch
//! only some rolls), the check after conditions, and a line that says why it changed.

use egui::{Color32, RichText};

use super::DiceState;
use super::form::combo_ui;
use crate::combat::catalogue::CheckKind;
use crate::combat::effective::{CheckEffects, add_wound_effects, check_effects};
use crate::model::{Encounter, RuleSystem};
use crate::rules::CheckSetup;
use crate::rules::road_and_ruin::Exhaustion;

const GFH_KINDS: [(CheckKind, &str); 4] = [
    (CheckKind::Physical, "Physical"),
    (CheckKind::Mental, "Mental"),
    (CheckKind::Social, "Social"),
    (CheckKind::Any, "Other"),
];

const EVENING_KINDS: [(CheckKind, &str); 3] = [
    (CheckKind::Aptitude, "an aptitude check"),
    (CheckKind::Attack, "an attack"),
    (CheckKind::Defense, "a defense"),
];

/// The kind a fresh form starts as.
pub fn default_kind(system: RuleSystem) -> CheckKind {
    match system {
        RuleSystem::Evening => CheckKind::Aptitude,
        _ => CheckKind::Any,
    }
}

/// The kinds of check the form is, for matching condition effects.
pub fn kinds(state: &DiceState) -> Vec<CheckKind> {
    let mut kinds = vec![state.check_kind];
    if state.attack && matches!(state.setup, CheckSetup::GoForthHeroes(_)) {
        kinds.push(CheckKind::Attack);
    }
    kinds
}

/// The "what kind of roll" choice: GFH's attribute families and whether it is an attack;
/// Evening's aptitude check, attack or defense (which also picks the injury penalty).
pub fn kind_ui(ui: &mut egui::Ui, state: &mut DiceState) {
    match state.setup {
        CheckSetup::GoForthHeroes(_) => {
            ui.horizontal_wrapped(|ui| {
                combo_ui(ui, "kind of check", &mut state.check_kind, &GFH_KINDS);
                ui.checkbox(&mut state.attack, "Attack");
            });
        }
        CheckSetup::Evening(_) => {
            combo_ui(ui, "This roll is", &mut state.check_kind, &EVENING_KINDS);
        }
        _ => {}
    }
}

/// What the roller's conditions (and an attacked target's) do to the form's check, and in GFH
/// the roller's Wounds to a check with the attribute picked in the form.
pub fn effects(state: &DiceState, encounter: &Encounter) -> Option<CheckEffects> {
    let roller = state.roller?;
    let mut effects = check_effects(
        &encounter.combat.conditions,
        encounter.system,
        roller,
        &kinds(state),
        state.target,
    );
    if let (CheckSetup::GoForthHeroes(_), Some(attribute)) = (&state.setup, state.attribute) {
        add_wound_effects(&mut effects, encounter, roller, attribute);
    }
    effects.any().then_some(effects)
}

/// `setup` with the conditions' effects folded in: Easy/Hard or advantage/disadvantage (which
/// still offset as the check's own rules say), Road and Ruin difficulty, Tiring and Exhaustion.
pub fn apply(setup: &mut CheckSetup, effects: &CheckEffects) {
    match setup {
        CheckSetup::GoForthHeroes(c) => {
            c.easy |= effects.easier;
            c.hard |= effects.harder;
        }
        CheckSetup::Evening(c) => {
            c.advantage |= effects.easier;
            c.disadvantage |= effects.harder;
        }
        CheckSetup::RoadAndRuin(c) => {
            c.difficulty += effects.difficulty;
            c.tiring = c.tiring.saturating_add(effects.extra_low_dice);
            if effects.exhausted && c.exhaustion == Exhaustion::Fresh {
                c.exhaustion = Exhaustion::Exhausted;
            }
        }
        CheckSetup::ThreeD6(c) => {
            c.advantage = c.advantage.saturating_add(u8::from(effects.easier));
            c.disadvantage = c.disadvantage.saturating_add(u8::from(effects.harder));
        }
        CheckSetup::PostCore(_) => {}
    }
}

/// One line under the form naming what the conditions (and Wounds) changed, with each reason
/// on hover.
pub fn note_ui(ui: &mut egui::Ui, state: &DiceState, encounter: &Encounter) {
    let Some(effects) = effects(state, encounter) else {
        return;
    };
    let sources = if effects.wounded {
        "Conditions and Wounds"
    } else {
        "Conditions"
    };
    let text = format!("{sources}: {}", effects.reasons.join("; "));
    ui.label(RichText::new(text).color(Color32::from_rgb(240, 180, 90)))
        .on_hover_text(format!(
            "Applied to the roll by the roller's {}:\n{}",
            sources.to_lowercase(),
            effects.reasons.join("\n")
        ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::go_forth_heroes::GfhCheck;

    #[test]
    fn easy_and_hard_from_conditions_offset_in_a_gfh_check() {
        let mut setup = CheckSetup::GoForthHeroes(GfhCheck::default());
        let effects = CheckEffects {
            easier: true,
            harder: true,
            reasons: vec!["a".into(), "b".into()],
            ..CheckEffects::default()
        };
        apply(&mut setup, &effects);
        let CheckSetup::GoForthHeroes(c) = setup else {
            panic!("the setup changed system");
        };
        assert!(c.easy && c.hard);
    }
}
