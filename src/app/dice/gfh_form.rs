//! The Go Forth: Heroes check form (a Boost comes after the roll, in `boost.rs`).

use egui::DragValue;

use super::DiceState;
use super::form::{Marks, bonus_ui, combo_ui};
use crate::combat::action::FormField;
use crate::combat::conditions::Adjusted;
use crate::combat::effective::effective_defense;
use crate::model::{Encounter, TokenId};
use crate::rules::go_forth_heroes::{
    Attribute, BARE_HANDS_EFFORT_DIE, Defense, GfhCheck, Target, TnTier, WEAPON_EFFORT_DIE,
};
use crate::rules::{INPUT_LIMIT, TokenTrackers};

const TIERS: [(TnTier, &str); 8] = [
    (TnTier::VeryEasy, "Very easy (10)"),
    (TnTier::Easy, "Easy (10+d4)"),
    (TnTier::Common, "Common (10+d6)"),
    (TnTier::Challenge, "Challenge (10+d8)"),
    (TnTier::Extreme2d4, "Extreme (10+2d4)"),
    (TnTier::Extreme2d6, "Extreme (10+2d6)"),
    (TnTier::Extreme2d8, "Extreme (10+2d8)"),
    (TnTier::Doom, "Doom (10+2d12)"),
];

const EFFORT_DICE: [(u32, &str); 5] = [
    (BARE_HANDS_EFFORT_DIE, "d4 (bare hands)"),
    (WEAPON_EFFORT_DIE, "d6 (weapon or tool)"),
    (8, "d8"),
    (10, "d10"),
    (12, "d12"),
];

/// The GFH form: +Roll, +Effort, the Effort die, the TN, Easy/Hard and modifiers, each as the
/// check will roll (`check` is the filled check, `form.rs`); a Boost comes after the roll.
pub fn gfh_form_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    state: &mut DiceState,
    check: &mut GfhCheck,
    marks: &Marks<'_>,
) {
    let roller = state.roller;
    bonus_ui(
        ui,
        "Roll bonus",
        &mut check.roll_bonus,
        marks,
        Some(FormField::RollBonus),
    );
    bonus_ui(
        ui,
        "Effort bonus",
        &mut check.effort_bonus,
        marks,
        Some(FormField::EffortBonus),
    );
    // The attribute the check rolls with: the chosen attack's, else the form's.
    let rolling = marks.0.attribute;
    if let Some(picked) = attribute_menu_ui(ui, encounter, roller, check, rolling) {
        state.attribute = Some(picked);
    }
    ui.horizontal(|ui| {
        combo_ui(ui, "Effort die", &mut check.effort_die, &EFFORT_DICE);
        marks.tag_ui(ui, &[FormField::EffortDie]);
    });
    target_ui(ui, check, marks);
    if let Some((target, tn)) = defense_menu_ui(ui, encounter, roller) {
        check.target = Target::Fixed(tn);
        state.targets = vec![target];
    }
    ui.horizontal(|ui| {
        ui.checkbox(&mut check.easy, "Easy (TN -3)");
        ui.checkbox(&mut check.hard, "Hard (TN +3)");
        marks.tag_ui(ui, &[FormField::Easy, FormField::Hard]);
    });
    modifiers_ui(ui, &mut check.modifiers);
}

/// The roller's attributes with their +Roll and +Effort, which equal the score unless the
/// Sheet shifts points between them (GFH, Roll vs Effort Bonus).
/// Returns the attribute picked this frame; the one in use is named beside the menu.
fn attribute_menu_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    roller: Option<TokenId>,
    check: &mut GfhCheck,
    current: Option<Attribute>,
) -> Option<Attribute> {
    let Some(TokenTrackers::GoForthHeroes(t)) = roller.and_then(|id| encounter.sheet(id)) else {
        return None;
    };
    let mut picked = None;
    ui.horizontal(|ui| {
        ui.menu_button("Use attribute…", |ui| {
            for attribute in Attribute::ALL {
                // The sheet's +Roll / +Effort split (GFH, Roll vs Effort Bonus).
                let (roll, effort) = (t.roll_bonus(attribute), t.effort_bonus(attribute));
                let label = if roll == effort {
                    format!("{} {roll:+}", attribute.label())
                } else {
                    format!("{} {roll:+} / {effort:+} Effort", attribute.label())
                };
                if ui.button(label).clicked() {
                    check.roll_bonus = roll;
                    check.effort_bonus = effort;
                    picked = Some(attribute);
                }
            }
        });
        if let Some(attribute) = picked.or(current) {
            ui.label(format!("{} check", attribute.label()));
        }
    });
    picked
}

/// Another token's Defense as the TN, after its conditions and any Increase Defense die it
/// has locked (only the highest bonus counts); the hover on each says why. Picking one makes
/// that token the check's target.
fn defense_menu_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    roller: Option<TokenId>,
) -> Option<(TokenId, i64)> {
    let targets: Vec<(TokenId, String, Vec<Adjusted<i64>>)> = encounter
        .tokens
        .iter()
        .filter(|t| Some(t.id) != roller)
        .filter_map(|t| {
            let defenses = [Defense::Body, Defense::Mind, Defense::Soul]
                .into_iter()
                .map(|d| effective_defense(encounter, t.id, d))
                .collect::<Option<Vec<_>>>()?;
            Some((t.id, crate::app::text::name(&t.name).into_owned(), defenses))
        })
        .collect();
    if targets.is_empty() {
        return None;
    }
    let mut picked = None;
    ui.menu_button("TN from a Defense…", |ui| {
        for (id, name, defenses) in targets {
            ui.horizontal(|ui| {
                ui.label(name);
                for (label, tn) in ["Body", "Mind", "Soul"].into_iter().zip(defenses) {
                    let button = ui
                        .button(format!("{label} {}", tn.value))
                        .on_hover_text(tn.reasons.join("\n"));
                    if button.clicked() {
                        picked = Some((id, tn.value));
                    }
                }
            });
        }
    });
    picked
}

fn target_ui(ui: &mut egui::Ui, check: &mut GfhCheck, marks: &Marks<'_>) {
    ui.horizontal(|ui| {
        let mut fixed = matches!(check.target, Target::Fixed(_));
        if ui.radio_value(&mut fixed, true, "TN").clicked()
            && !matches!(check.target, Target::Fixed(_))
        {
            check.target = Target::Fixed(12);
        }
        if ui.radio_value(&mut fixed, false, "TN tier").clicked()
            && !matches!(check.target, Target::Tier(_))
        {
            check.target = Target::Tier(TnTier::Common);
        }
    });
    ui.horizontal(|ui| {
        match &mut check.target {
            Target::Fixed(tn) => {
                ui.add(
                    DragValue::new(tn)
                        .range(-INPUT_LIMIT..=INPUT_LIMIT)
                        .prefix("TN "),
                )
                .accessible_name("TN");
            }
            Target::Tier(tier) => combo_ui(ui, "Tier", tier, &TIERS),
        }
        marks.tag_ui(ui, &[FormField::Tn]);
    });
}

/// Modifiers from different sources: only the best bonus and the worst penalty count.
fn modifiers_ui(ui: &mut egui::Ui, modifiers: &mut Vec<i64>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Modifiers");
        let mut remove = None;
        for (i, m) in modifiers.iter_mut().enumerate() {
            ui.add(DragValue::new(m).range(-INPUT_LIMIT..=INPUT_LIMIT))
                .accessible_name("Modifier");
            if ui
                .small_button("×")
                .on_hover_text("Remove this modifier")
                .clicked()
            {
                remove = Some(i);
            }
        }
        if let Some(i) = remove {
            modifiers.remove(i);
        }
        if ui.small_button("+ modifier").clicked() {
            modifiers.push(0);
        }
    });
}
