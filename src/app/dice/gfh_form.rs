//! The Go Forth: Heroes check form, with a Boost from the roller's momentum pool.

use egui::DragValue;

use super::DiceState;
use super::form::{bonus_ui, combo_ui};
use crate::combat::command::{CombatCommand, MomentumAction};
use crate::combat::conditions::Adjusted;
use crate::combat::effective::effective_defense;
use crate::combat::momentum::{MomentumPool, Zone};
use crate::model::{Command, Encounter, TokenId};
use crate::rules::go_forth_heroes::{
    Attribute, BARE_HANDS_EFFORT_DIE, Boost, Defense, GfhCheck, MomentumArea, Target, TnTier,
    WEAPON_EFFORT_DIE,
};
use crate::rules::{CheckOutcome, CheckSetup, INPUT_LIMIT, TokenTrackers};

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

/// The GFH form: +Roll, +Effort, the Effort die, the TN, Easy/Hard, modifiers and a Boost.
pub fn gfh_form_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    let roller = state.roller;
    let CheckSetup::GoForthHeroes(check) = &mut state.setup else {
        return;
    };
    bonus_ui(ui, "Roll bonus", &mut check.roll_bonus);
    bonus_ui(ui, "Effort bonus", &mut check.effort_bonus);
    if let Some(picked) = attribute_menu_ui(ui, encounter, roller, check, state.attribute) {
        state.attribute = Some(picked);
    }
    combo_ui(ui, "Effort die", &mut check.effort_die, &EFFORT_DICE);
    target_ui(ui, check);
    if let Some((target, tn)) = defense_menu_ui(ui, encounter, roller) {
        check.target = Target::Fixed(tn);
        state.target = Some(target);
    }
    ui.horizontal(|ui| {
        ui.checkbox(&mut check.easy, "Easy (TN -3)");
        ui.checkbox(&mut check.hard, "Hard (TN +3)");
    });
    modifiers_ui(ui, &mut check.modifiers);
    target_line_ui(ui, encounter, state);
    boost_ui(ui, encounter, state);
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
    let Some(TokenTrackers::GoForthHeroes(t)) =
        roller.and_then(|id| encounter.combat.trackers.per_token.get(&id))
    else {
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
            Some((t.id, t.name.clone(), defenses))
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

/// The target picked from a Defense, with a way to forget it.
fn target_line_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    let Some(target) = state.target else {
        return;
    };
    let name = encounter.token(target).map_or("?", |t| t.name.as_str());
    ui.horizontal(|ui| {
        ui.label(format!("Against {name}"));
        if ui
            .small_button("×")
            .on_hover_text("Forget the target")
            .clicked()
        {
            state.target = None;
        }
    });
}

fn target_ui(ui: &mut egui::Ui, check: &mut GfhCheck) {
    ui.horizontal(|ui| {
        let mut fixed = matches!(check.target, Target::Fixed(_));
        if ui.radio_value(&mut fixed, true, "TN").clicked() {
            check.target = Target::Fixed(12);
        }
        if ui.radio_value(&mut fixed, false, "TN tier").clicked() {
            check.target = Target::Tier(TnTier::Common);
        }
    });
    match &mut check.target {
        Target::Fixed(tn) => {
            ui.add(
                DragValue::new(tn)
                    .range(-INPUT_LIMIT..=INPUT_LIMIT)
                    .prefix("TN "),
            );
        }
        Target::Tier(tier) => combo_ui(ui, "Tier", tier, &TIERS),
    }
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

/// The dice in the roller's pool a Boost may spend: `(index, zone)`; Building counts as Power.
fn spendable(pool: &MomentumPool) -> Vec<(usize, Zone)> {
    pool.dice
        .iter()
        .enumerate()
        .filter(|(_, d)| matches!(d.zone, Zone::Stamina | Zone::Power | Zone::Building))
        .map(|(i, d)| (i, d.zone))
        .collect()
}

/// "Boost with momentum": pick a Stamina or Power die; Power may Boost the Effort instead.
fn boost_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    let pool = state
        .roller
        .and_then(|id| encounter.combat.momentum.get(&id));
    let dice = pool.map(spendable).unwrap_or_default();
    if !boost_still_possible(state, &dice) {
        clear_boost(state);
    }
    if dice.is_empty() {
        return;
    }
    let CheckSetup::GoForthHeroes(check) = &mut state.setup else {
        return;
    };
    let mut choice = (state.boost_die, check.boost);
    let text = |c: (Option<usize>, Boost)| match c {
        (Some(i), Boost::Check(_)) => format!("die {} on the check", i + 1),
        (Some(i), Boost::Effort) => format!("die {} on Effort", i + 1),
        _ => "No Boost".to_owned(),
    };
    egui::ComboBox::from_label("Boost with momentum")
        .selected_text(text(choice))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut choice, (None, Boost::None), "No Boost");
            for (i, zone) in dice {
                let area = if zone == Zone::Stamina {
                    MomentumArea::Stamina
                } else {
                    MomentumArea::Power
                };
                let label = format!("{} die {} on the check", zone.label(), i + 1);
                ui.selectable_value(&mut choice, (Some(i), Boost::Check(area)), label);
                if area == MomentumArea::Power {
                    let label = format!("{} die {} on Effort", zone.label(), i + 1);
                    ui.selectable_value(&mut choice, (Some(i), Boost::Effort), label);
                }
            }
        });
    state.boost_die = choice.0;
    check.boost = choice.1;
}

/// Whether the chosen Boost die is still in a zone that allows the chosen Boost (the pool may
/// have changed since it was picked: a die spent from the Momentum pane, a new roller).
fn boost_still_possible(state: &DiceState, dice: &[(usize, Zone)]) -> bool {
    let CheckSetup::GoForthHeroes(check) = &state.setup else {
        return false;
    };
    let Some(chosen) = state.boost_die else {
        return check.boost == Boost::None;
    };
    dice.iter()
        .any(|(i, zone)| *i == chosen && (check.boost != Boost::Effort || *zone != Zone::Stamina))
}

/// Forgets the Boost once its die is spent (or can no longer be).
pub fn clear_boost(state: &mut DiceState) {
    state.boost_die = None;
    if let CheckSetup::GoForthHeroes(check) = &mut state.setup {
        check.boost = Boost::None;
    }
}

/// The Spend of the Boost die, with the value the check rolled for it (die term 2).
pub fn momentum_spend(state: &DiceState, outcome: &CheckOutcome) -> Option<Command> {
    let (CheckSetup::GoForthHeroes(check), Some(owner), Some(die)) =
        (&state.setup, state.roller, state.boost_die)
    else {
        return None;
    };
    if check.boost == Boost::None {
        return None;
    }
    let rolled = outcome.dice().iter().find(|d| d.term == 2)?.value;
    Some(Command::Combat(CombatCommand::Momentum {
        owner,
        action: MomentumAction::Spend {
            die,
            power_only: check.boost == Boost::Effort,
            rolled: u8::try_from(rolled).ok(),
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_boost(die: Option<usize>, boost: Boost) -> DiceState {
        let mut state = DiceState::new(crate::model::RuleSystem::GoForthHeroes);
        state.boost_die = die;
        if let CheckSetup::GoForthHeroes(c) = &mut state.setup {
            c.boost = boost;
        }
        state
    }

    #[test]
    fn only_power_may_boost_effort_and_a_boost_needs_its_die() {
        let dice = [(0, Zone::Stamina), (2, Zone::Power)];
        let effort = |die| boost_still_possible(&with_boost(Some(die), Boost::Effort), &dice);
        assert!(!effort(0));
        assert!(effort(2));
        let check = Boost::Check(MomentumArea::Stamina);
        assert!(boost_still_possible(&with_boost(Some(0), check), &dice));
        assert!(!boost_still_possible(&with_boost(Some(1), check), &dice));
        assert!(!boost_still_possible(&with_boost(None, check), &dice));
        assert!(boost_still_possible(&with_boost(None, Boost::None), &[]));
    }
}
