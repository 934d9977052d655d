//! Which kind of roll the form is (conditions touch only some rolls); what the conditions then
//! do is the check builder's (`combat::action`), listed as contributions.

use super::DiceState;
use super::form::combo_ui;
use crate::combat::action::FilledCheck;
use crate::combat::catalogue::CheckKind;
use crate::model::RuleSystem;
use crate::rules::CheckSetup;

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

/// The "what kind of roll" choice: GFH's attribute families and whether it is an attack;
/// Evening's aptitude check, attack or defense (which also picks the injury penalty). Melee
/// shows what `filled` rolls: a chosen attack's reach decides it.
pub fn kind_ui(ui: &mut egui::Ui, state: &mut DiceState, filled: &FilledCheck) {
    match state.setup {
        CheckSetup::GoForthHeroes(_) => {
            ui.horizontal_wrapped(|ui| {
                combo_ui(ui, "kind of check", &mut state.check_kind, &GFH_KINDS);
                ui.checkbox(&mut state.attack, "Attack");
            });
        }
        CheckSetup::Evening(_) => {
            combo_ui(ui, "This roll is", &mut state.check_kind, &EVENING_KINDS);
            state.attack = state.check_kind == CheckKind::Attack;
        }
        _ => {
            ui.checkbox(&mut state.attack, "Attack");
        }
    }
    if state.targets.is_empty() {
        return;
    }
    if let Some(weapon) = filled.weapon.as_ref() {
        let mut melee = filled.melee;
        // Wrapped: in a narrow pane the mark goes under the box rather than widening the
        // pane's body, which would scroll sideways and cut every line below.
        ui.horizontal_wrapped(|ui| {
            ui.add_enabled(
                false,
                egui::Checkbox::new(&mut melee, "Melee (must reach an adjacent cell)"),
            )
            .on_disabled_hover_text(format!(
                "{}'s reach decides; pick \"the form's numbers\" in Attack with to choose",
                weapon.name
            ));
            ui.label(egui::RichText::new("· sheet").small().weak());
        });
    } else {
        ui.checkbox(&mut state.melee, "Melee (must reach an adjacent cell)");
    }
}
