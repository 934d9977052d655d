//! The check form for each system, editing the check type's own fields.
//!
//! The form shows the check as it will roll: a field one of the builder's lines fills shows
//! the line's value, marked with where it comes from ("· sheet", "· map"), until
//! the GM types another — that value is then the form's own and the lines that filled the
//! field are switched off (`combat::action::FormEdit`), so the form and the lines never say
//! two things.

use egui::{DragValue, RichText};

use super::DiceState;
use crate::combat::action::{FilledCheck, FormField, WeaponDamage};
use crate::model::Encounter;
use crate::rules::evening::{Difficulty, EffectLevel, EveningCheck};
use crate::rules::post_core::{ActionRoll, Risk};
use crate::rules::road_and_ruin::{
    AttackDie, AttackRoll, Exhaustion, MAX_PROFICIENCY, OutcomeCheck,
};
use crate::rules::three_d6::{EscalationDice, ThreeD6Check, TierRelation};
use crate::rules::{CheckSetup, INPUT_LIMIT, TokenTrackers};

/// Where the builder's lines filled the form's fields from, for the marks beside them.
pub struct Marks<'a>(pub &'a FilledCheck);

impl Marks<'_> {
    /// A small "sheet" (or "map", "condition") beside a field the builder filled, saying
    /// where its value comes from, the lines that fill it on hover.
    pub fn tag_ui(&self, ui: &mut egui::Ui, fields: &[FormField]) {
        let Some(origin) = self.0.filled_from(fields) else {
            return;
        };
        let origin = format!("· {origin}");
        let lines: Vec<&str> = fields
            .iter()
            .flat_map(|f| self.0.filling(*f))
            .map(|c| c.text.as_str())
            .collect();
        ui.label(RichText::new(origin).small().weak())
            .on_hover_text(format!(
                "{}\nType another value to use yours instead.",
                lines.join("\n")
            ));
    }
}

/// A labelled bonus or penalty, bounded like the core bounds it, with its mark.
pub fn bonus_ui(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut i64,
    marks: &Marks<'_>,
    field: Option<FormField>,
) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(label);
        ui.add(DragValue::new(value).range(-INPUT_LIMIT..=INPUT_LIMIT))
            .labelled_by(label.id);
        if let Some(field) = field {
            marks.tag_ui(ui, &[field]);
        }
    });
}

/// A small count (dice, instances) from 0 to `max`, with its mark.
fn count_ui(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut u8,
    max: u8,
    marks: &Marks<'_>,
    field: Option<FormField>,
) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(label);
        ui.add(DragValue::new(value).range(0..=max))
            .labelled_by(label.id);
        if let Some(field) = field {
            marks.tag_ui(ui, &[field]);
        }
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

/// A checkbox with its mark. Rows with a mark wrap: in a narrow pane the mark goes under
/// the field rather than widening the pane's body, which would scroll sideways and cut every
/// line below it.
fn flag_ui(ui: &mut egui::Ui, value: &mut bool, text: &str, marks: &Marks<'_>, field: FormField) {
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(value, text);
        marks.tag_ui(ui, &[field]);
    });
}

/// The form for the encounter's system, showing `filled` as it will roll; the GM's edits
/// become the form's own values (and switch off the lines they override).
pub fn check_form_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    state: &mut DiceState,
    filled: &FilledCheck,
) {
    let escalation = encounter.combat.trackers.encounter.three_d6.escalation;
    let marks = Marks(filled);
    let shown = filled.setup();
    let mut edited = shown.clone();
    match &mut edited {
        CheckSetup::GoForthHeroes(check) => {
            super::gfh_form::gfh_form_ui(ui, encounter, state, check, &marks);
        }
        CheckSetup::Evening(check) => {
            evening_ui(ui, check, &marks);
            super::evening_form::choices_ui(ui, encounter, state);
        }
        CheckSetup::RoadAndRuin(check) => road_and_ruin_ui(ui, check, &marks),
        CheckSetup::RoadAndRuinAttack(attack) => {
            road_and_ruin_attack_ui(ui, attack, &mut state.weapon_damage, &marks);
        }
        CheckSetup::PostCore(check) => {
            post_core_ui(ui, check, &marks);
            post_attribute_menu_ui(ui, encounter, state.roller, check);
            teammates_ui(ui, encounter, state.roller, &mut state.helpers);
        }
        CheckSetup::ThreeD6(check) => three_d6_ui(ui, check, escalation, &marks),
    }
    if edited != shown {
        state.take_form_edit(filled, &shown, &edited);
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

fn evening_ui(ui: &mut egui::Ui, check: &mut EveningCheck, marks: &Marks<'_>) {
    bonus_ui(
        ui,
        "Modifier",
        &mut check.modifier,
        marks,
        Some(FormField::Modifier),
    );
    ui.horizontal(|ui| {
        ui.add(
            DragValue::new(&mut check.tn)
                .range(-INPUT_LIMIT..=INPUT_LIMIT)
                .prefix("TN "),
        )
        .accessible_name("TN");
        ui.menu_button("Difficulty…", |ui| {
            for (d, text) in DIFFICULTIES {
                if ui.button(text).clicked() {
                    check.tn = d.tn();
                }
            }
        });
        marks.tag_ui(ui, &[FormField::Tn]);
    });
    ui.horizontal(|ui| {
        ui.checkbox(&mut check.advantage, "Advantage");
        ui.checkbox(&mut check.disadvantage, "Disadvantage");
        marks.tag_ui(ui, &[FormField::Advantage, FormField::Disadvantage]);
        // Whether it is an attack is the "This roll is" choice above, which the builder reads.
    });
    combo_ui(ui, "Starting effect", &mut check.starting_effect, &EFFECTS);
}

/// Road and Ruin's Initiative when exact timing matters: the faster of Presumptive and
/// Reactive Speed against the Action Speed shifts the roll (`rules::road_and_ruin::Timing`).
fn timing_ui(ui: &mut egui::Ui, check: &mut OutcomeCheck, marks: &Marks<'_>) {
    let mut on = check.timing.is_some();
    ui.checkbox(&mut on, "Timing matters (Initiative)")
        .on_hover_text("A duel or a trap: the faster speed against the Action Speed");
    if !on {
        check.timing = None;
        return;
    }
    let timing = check.timing.get_or_insert_with(Default::default);
    bonus_ui(
        ui,
        "Presumptive Speed",
        &mut timing.presumptive,
        marks,
        None,
    );
    bonus_ui(ui, "Reactive Speed", &mut timing.reactive, marks, None);
    bonus_ui(ui, "Action Speed", &mut timing.action_speed, marks, None);
    ui.weak(format!("Initiative {:+}", timing.benefit()));
}

fn road_and_ruin_ui(ui: &mut egui::Ui, check: &mut OutcomeCheck, marks: &Marks<'_>) {
    bonus_ui(ui, "Attribute", &mut check.attribute, marks, None);
    ui.horizontal(|ui| {
        ui.label("Proficiencies");
        for (i, p) in check.proficiencies.iter_mut().enumerate() {
            ui.add(DragValue::new(p).range(0..=MAX_PROFICIENCY))
                .accessible_name(format!("Proficiency {}", i + 1));
        }
    });
    ui.checkbox(&mut check.specialised, "Specialisation (+5)");
    timing_ui(ui, check, marks);
    bonus_ui(ui, "Benefit", &mut check.benefit, marks, None);
    bonus_ui(
        ui,
        "Difficulty",
        &mut check.difficulty,
        marks,
        Some(FormField::Difficulty),
    );
    count_ui(
        ui,
        "Tiring",
        &mut check.tiring,
        10,
        marks,
        Some(FormField::Tiring),
    );
    count_ui(
        ui,
        "Tiring negated (Exertion)",
        &mut check.negate_tiring,
        10,
        marks,
        None,
    );
    ui.horizontal(|ui| {
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
        marks.tag_ui(ui, &[FormField::Exhaustion]);
    });
    ui.checkbox(&mut check.exertion_reroll, "Reroll for 1 Exertion");
}

/// Road and Ruin, COMBAT: the attack die by method, the to-hit modifier (proficiency less
/// range, dodge and the like) and the weapon's full damage; armour and a shield come from the
/// target. An attack from the sheet brings its own damage, shown as its line gives it.
fn road_and_ruin_attack_ui(
    ui: &mut egui::Ui,
    attack: &mut AttackRoll,
    weapon_damage: &mut u32,
    marks: &Marks<'_>,
) {
    ui.horizontal(|ui| {
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
        marks.tag_ui(ui, &[FormField::AttackDie]);
    });
    bonus_ui(
        ui,
        "To-hit modifier",
        &mut attack.modifier,
        marks,
        Some(FormField::Modifier),
    );
    bonus_ui(
        ui,
        "Armour",
        &mut attack.armour,
        marks,
        Some(FormField::Armour),
    );
    if let Some(shield) = attack.shield {
        ui.horizontal(|ui| {
            ui.label(format!(
                "Shield: d{} {:+}, {} AR",
                shield.die.sides(),
                shield.modifier,
                shield.armour
            ));
            marks.tag_ui(ui, &[FormField::Shield]);
        });
    }
    ui.horizontal(|ui| {
        let label = ui.label("Weapon damage (Solid Blow)");
        match marks.0.weapon.as_ref().map(|w| (w.damage, &w.name)) {
            Some((WeaponDamage::Solid(damage), name)) => {
                ui.label(damage.to_string()).labelled_by(label.id);
                ui.label(RichText::new("· sheet").small().weak())
                    .on_hover_text(format!(
                        "{name}'s damage. Pick \"the form's numbers\" in Attack with to type your own."
                    ));
            }
            _ => {
                ui.add(DragValue::new(weapon_damage).range(0..=999))
                    .labelled_by(label.id);
            }
        }
    });
}

fn post_core_ui(ui: &mut egui::Ui, check: &mut ActionRoll, marks: &Marks<'_>) {
    count_ui(
        ui,
        "Attribute",
        &mut check.attribute,
        10,
        marks,
        Some(FormField::PoolAttribute),
    );
    count_ui(
        ui,
        "Grit dice (2 grit each)",
        &mut check.grit_dice,
        10,
        marks,
        None,
    );
    ui.horizontal(|ui| {
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
        marks.tag_ui(ui, &[FormField::Risk]);
    });
    flag_ui(
        ui,
        &mut check.assistive,
        "Assistive equipment (+1 effect)",
        marks,
        FormField::Assistive,
    );
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

fn three_d6_ui(ui: &mut egui::Ui, check: &mut ThreeD6Check, escalation: u8, marks: &Marks<'_>) {
    count_ui(
        ui,
        "Advantage",
        &mut check.advantage,
        6,
        marks,
        Some(FormField::Advantage),
    );
    count_ui(
        ui,
        "Disadvantage",
        &mut check.disadvantage,
        6,
        marks,
        Some(FormField::Disadvantage),
    );
    ui.horizontal(|ui| {
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
        marks.tag_ui(ui, &[FormField::Tier]);
    });
    bonus_ui(ui, "Bonus", &mut check.bonus, marks, None);
    flag_ui(
        ui,
        &mut check.add_escalation,
        &format!("Player roll: add escalation (+{escalation})"),
        marks,
        FormField::Escalation,
    );
    // 3d6, Escalation: an ability may make the escalation a minimum or maximum on the dice.
    let (least, most) = (
        format!("Each die at least {escalation}"),
        format!("Each die at most {escalation}"),
    );
    combo_ui(
        ui,
        "Escalation on the dice",
        &mut check.escalation_dice,
        &[
            (EscalationDice::Off, "No bound"),
            (EscalationDice::Minimum, &least),
            (EscalationDice::Maximum, &most),
        ],
    );
}
