//! The check form for each system, editing the check type's own fields.

use egui::DragValue;

use super::DiceState;
use crate::model::Encounter;
use crate::rules::evening::{Difficulty, EffectLevel, EveningCheck};
use crate::rules::post_core::{ActionRoll, Risk};
use crate::rules::road_and_ruin::{
    AttackDie, AttackRoll, Exhaustion, MAX_PROFICIENCY, OutcomeCheck,
};
use crate::rules::three_d6::{ThreeD6Check, TierRelation};
use crate::rules::{CheckSetup, INPUT_LIMIT, TokenTrackers};

/// A labelled bonus or penalty, bounded like the core bounds it.
pub fn bonus_ui(ui: &mut egui::Ui, label: &str, value: &mut i64) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(DragValue::new(value).range(-INPUT_LIMIT..=INPUT_LIMIT))
            .labelled_by(label.id);
    });
}

/// A small count (dice, instances) from 0 to `max`.
fn count_ui(ui: &mut egui::Ui, label: &str, value: &mut u8, max: u8) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(DragValue::new(value).range(0..=max))
            .labelled_by(label.id);
    });
}

/// A combo box over a fixed list of choices.
pub fn combo_ui<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut T,
    options: &[(T, &str)],
) {
    let selected = options
        .iter()
        .find(|(v, _)| v == value)
        .map_or("", |(_, text)| *text);
    egui::ComboBox::from_label(label)
        .selected_text(selected)
        .show_ui(ui, |ui| {
            for (v, text) in options {
                ui.selectable_value(value, *v, *text);
            }
        });
}

/// The form for the encounter's system.
pub fn check_form_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    let escalation = encounter.combat.trackers.encounter.three_d6.escalation;
    match &mut state.setup {
        CheckSetup::GoForthHeroes(_) => super::gfh_form::gfh_form_ui(ui, encounter, state),
        CheckSetup::Evening(check) => {
            evening_ui(ui, check);
            super::evening_form::choices_ui(ui, encounter, state);
        }
        CheckSetup::RoadAndRuin(_) if state.attack => {
            road_and_ruin_attack_ui(ui, &mut state.rr_attack, &mut state.weapon_damage);
        }
        CheckSetup::RoadAndRuin(check) => road_and_ruin_ui(ui, check),
        // The form edits the attack in `state.rr_attack`; the setup keeps the Outcome check.
        CheckSetup::RoadAndRuinAttack(_) => {}
        CheckSetup::PostCore(check) => {
            post_core_ui(ui, check);
            post_attribute_menu_ui(ui, encounter, state.roller, check);
            teammates_ui(ui, encounter, state.roller, &mut state.helpers);
        }
        CheckSetup::ThreeD6(check) => three_d6_ui(ui, check, escalation),
    }
}

const DIFFICULTIES: [(Difficulty, &str); 5] = [
    (Difficulty::Standard, "Standard (10)"),
    (Difficulty::Skilled, "Skilled (15)"),
    (Difficulty::Difficult, "Difficult (20)"),
    (Difficulty::ExtremelyHard, "Extremely hard (25)"),
    (Difficulty::Impossible, "Impossible (30)"),
];

const EFFECTS: [(EffectLevel, &str); 5] = [
    (EffectLevel::NoEffect, "No effect"),
    (EffectLevel::Limited, "Limited"),
    (EffectLevel::Standard, "Standard"),
    (EffectLevel::Strong, "Strong"),
    (EffectLevel::Great, "Great"),
];

fn evening_ui(ui: &mut egui::Ui, check: &mut EveningCheck) {
    bonus_ui(ui, "Modifier", &mut check.modifier);
    ui.horizontal(|ui| {
        ui.add(
            DragValue::new(&mut check.tn)
                .range(-INPUT_LIMIT..=INPUT_LIMIT)
                .prefix("TN "),
        );
        ui.menu_button("Difficulty…", |ui| {
            for (d, text) in DIFFICULTIES {
                if ui.button(text).clicked() {
                    check.tn = d.tn();
                }
            }
        });
    });
    ui.horizontal(|ui| {
        ui.checkbox(&mut check.advantage, "Advantage");
        ui.checkbox(&mut check.disadvantage, "Disadvantage");
        // Whether it is an attack is the "This roll is" choice above, which the builder reads.
    });
    combo_ui(ui, "Starting effect", &mut check.starting_effect, &EFFECTS);
}

fn road_and_ruin_ui(ui: &mut egui::Ui, check: &mut OutcomeCheck) {
    bonus_ui(ui, "Attribute", &mut check.attribute);
    ui.horizontal(|ui| {
        ui.label("Proficiencies");
        for (i, p) in check.proficiencies.iter_mut().enumerate() {
            ui.add(DragValue::new(p).range(0..=MAX_PROFICIENCY))
                .accessible_name(format!("Proficiency {}", i + 1));
        }
    });
    ui.checkbox(&mut check.specialised, "Specialisation (+5)");
    bonus_ui(ui, "Benefit", &mut check.benefit);
    bonus_ui(ui, "Difficulty", &mut check.difficulty);
    count_ui(ui, "Tiring", &mut check.tiring, 10);
    count_ui(
        ui,
        "Tiring negated (Exertion)",
        &mut check.negate_tiring,
        10,
    );
    combo_ui(
        ui,
        "Exhaustion",
        &mut check.exhaustion,
        &[
            (Exhaustion::Fresh, "Fresh"),
            (Exhaustion::Exhausted, "Exhausted"),
            (Exhaustion::Negated, "Exhausted, negated (1 Exertion)"),
        ],
    );
    ui.checkbox(&mut check.exertion_reroll, "Reroll for 1 Exertion");
}

/// Road and Ruin, COMBAT: the attack die by method, the to-hit modifier (proficiency less
/// range, dodge and the like) and the weapon's full damage; armour comes from the target.
fn road_and_ruin_attack_ui(ui: &mut egui::Ui, attack: &mut AttackRoll, weapon_damage: &mut u32) {
    combo_ui(
        ui,
        "Attack die",
        &mut attack.die,
        &[
            (AttackDie::D4, "d4 accuracy"),
            (AttackDie::D6, "d6 whip"),
            (AttackDie::D8, "d8 edged"),
            (AttackDie::D10, "d10 chopping"),
            (AttackDie::D12, "d12 impact"),
        ],
    );
    bonus_ui(ui, "To-hit modifier", &mut attack.modifier);
    bonus_ui(ui, "Armour", &mut attack.armour);
    ui.horizontal(|ui| {
        let label = ui.label("Weapon damage (Solid Blow)");
        ui.add(DragValue::new(weapon_damage).range(0..=999))
            .labelled_by(label.id);
    });
}

fn post_core_ui(ui: &mut egui::Ui, check: &mut ActionRoll) {
    count_ui(ui, "Attribute", &mut check.attribute, 10);
    count_ui(ui, "Grit dice (2 grit each)", &mut check.grit_dice, 10);
    combo_ui(
        ui,
        "Risk",
        &mut check.risk,
        &[
            (Risk::Low, "Low (consequence 1)"),
            (Risk::Mixed, "Mixed (consequence 2)"),
            (Risk::High, "High (consequence 3)"),
        ],
    );
    ui.checkbox(&mut check.assistive, "Assistive equipment (+1 effect)");
    ui.label(format!("{} dice, {} grit", check.pool(), check.grit_cost()));
}

/// The roller's STR, DEX or WIL as the action roll's attribute (a lost one rolls 0 dice).
fn post_attribute_menu_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    roller: Option<crate::model::TokenId>,
    check: &mut ActionRoll,
) {
    let Some(TokenTrackers::PostCore(t)) = roller.and_then(|id| encounter.sheet(id)) else {
        return;
    };
    ui.menu_button("Use attribute…", |ui| {
        for (name, score) in ["STR", "DEX", "WIL"].into_iter().zip(t.attributes) {
            if ui.button(format!("{name} {score}")).clicked() {
                check.attribute = u8::try_from(score).unwrap_or(0);
            }
        }
    });
}

/// Post core, Grit: the roller's teammates, each of whom may give the roll a die for 1 of its
/// own grit (the builder adds the die and the teammate pays, `combat::action`).
fn teammates_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    roller: Option<crate::model::TokenId>,
    helpers: &mut Vec<crate::model::TokenId>,
) {
    let Some(roller) = roller else {
        return;
    };
    let mates = crate::combat::action::teammates(encounter, roller);
    if mates.is_empty() {
        return;
    }
    ui.label("Teammates giving a die (1 of their grit each)");
    ui.horizontal_wrapped(|ui| {
        for mate in mates {
            let Some(token) = encounter.token(mate) else {
                continue;
            };
            let grit = match encounter.sheet(mate) {
                Some(TokenTrackers::PostCore(t)) => t.grit,
                _ => 0,
            };
            let mut giving = helpers.contains(&mate);
            let text = format!("{} (grit {grit})", token.name);
            if ui.checkbox(&mut giving, text).changed() {
                if giving {
                    helpers.push(mate);
                } else {
                    helpers.retain(|h| *h != mate);
                }
            }
        }
    });
}

fn three_d6_ui(ui: &mut egui::Ui, check: &mut ThreeD6Check, escalation: u8) {
    count_ui(ui, "Advantage", &mut check.advantage, 6);
    count_ui(ui, "Disadvantage", &mut check.disadvantage, 6);
    combo_ui(
        ui,
        "Target's tier",
        &mut check.tier,
        &[
            (TierRelation::Same, "Same tier"),
            (TierRelation::Below, "Below (1 Advantage)"),
            (TierRelation::Above, "Above (1 Disadvantage)"),
        ],
    );
    bonus_ui(ui, "Bonus", &mut check.bonus);
    ui.checkbox(
        &mut check.add_escalation,
        format!("Player roll: add escalation (+{escalation})"),
    );
}
