//! The Area tool's "Turn effect" section for an aura: what it does at the start or end of a
//! turn (a condition, or harm dice), typed in or picked from the system's text
//! (`combat::aura::presets`). The turn tracker offers it to the GM at that moment.

use egui::{DragValue, Ui};

use crate::combat::aura::{AuraPreset, presets};
use crate::combat::catalogue::catalogue;
use crate::model::{AuraEffect, AuraOutcome, AuraTurn, RuleSystem, TurnMoment};

/// A ready-made aura was picked: the tool takes its reach and side selection too.
pub type Picked = Option<AuraPreset>;

/// Edits `effect` (none, a condition or harm). Returns a preset when one was picked.
pub fn effect_ui(ui: &mut Ui, system: RuleSystem, effect: &mut Option<AuraEffect>) -> Picked {
    let mut picked = None;
    ui.label("Each turn:");
    let list = presets(system);
    if !list.is_empty() {
        ui.menu_button("From the text…", |ui| {
            for p in list {
                if ui.button(p.label).clicked() {
                    *effect = Some(p.effect.clone());
                    picked = Some(p);
                    ui.close();
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        let kind = effect.as_ref().map(|e| match e.outcome {
            AuraOutcome::Condition { .. } => 1,
            AuraOutcome::Harm { .. } => 2,
        });
        if ui.selectable_label(kind.is_none(), "no effect").clicked() {
            *effect = None;
        }
        if ui.selectable_label(kind == Some(1), "condition").clicked() && kind != Some(1) {
            *effect = Some(with_outcome(effect.take(), condition_default(system)));
        }
        if ui.selectable_label(kind == Some(2), "harm").clicked() && kind != Some(2) {
            let harm = AuraOutcome::Harm {
                count: 1,
                sides: 4,
                bonus: 0,
            };
            *effect = Some(with_outcome(effect.take(), harm));
        }
    });
    if let Some(e) = effect {
        details_ui(ui, system, e);
    }
    picked
}

fn with_outcome(old: Option<AuraEffect>, outcome: AuraOutcome) -> AuraEffect {
    match old {
        Some(e) => AuraEffect { outcome, ..e },
        None => AuraEffect {
            name: String::new(),
            moment: TurnMoment::Start,
            whose: AuraTurn::Owner,
            outcome,
        },
    }
}

fn condition_default(system: RuleSystem) -> AuraOutcome {
    AuraOutcome::Condition {
        name: catalogue(system)
            .first()
            .map_or_else(|| "Condition".to_owned(), |d| d.name.to_owned()),
        rounds: Some(1),
    }
}

fn details_ui(ui: &mut Ui, system: RuleSystem, e: &mut AuraEffect) {
    ui.horizontal(|ui| {
        let label = ui.label("Name");
        ui.add(
            egui::TextEdit::singleline(&mut e.name)
                .desired_width(140.0)
                .char_limit(crate::model::validate::MAX_AURA_NAME),
        )
        .labelled_by(label.id);
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("At the");
        ui.selectable_value(&mut e.moment, TurnMoment::Start, "start");
        ui.selectable_value(&mut e.moment, TurnMoment::End, "end");
        ui.label("of");
        ui.selectable_value(&mut e.whose, AuraTurn::Owner, "its owner's turn");
        ui.selectable_value(&mut e.whose, AuraTurn::Each, "each one's own turn");
    });
    match &mut e.outcome {
        AuraOutcome::Condition { name, rounds } => {
            egui::ComboBox::from_label("gains")
                .selected_text(name.clone())
                .show_ui(ui, |ui| {
                    for def in catalogue(system) {
                        ui.selectable_value(name, def.name.to_owned(), def.name);
                    }
                });
            let mut lasting = rounds.is_some();
            ui.horizontal(|ui| {
                ui.checkbox(&mut lasting, "for");
                let mut n = rounds.unwrap_or(1);
                ui.add_enabled(
                    lasting,
                    DragValue::new(&mut n)
                        .range(1..=1000)
                        .suffix(" of its turns"),
                );
                if !lasting {
                    ui.label("(until removed)");
                }
                *rounds = lasting.then_some(n);
            });
        }
        AuraOutcome::Harm {
            count,
            sides,
            bonus,
        } => {
            ui.horizontal(|ui| {
                ui.add(DragValue::new(count).range(1..=100).suffix(" dice"));
                ui.add(DragValue::new(sides).range(1..=1000).prefix("d"));
                ui.add(DragValue::new(bonus).range(-10_000..=10_000).prefix("+"));
            });
        }
    }
}
