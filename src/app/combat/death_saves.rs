//! The Initiative pane's death-save prompt (Evening): when the turn reaches a combatant at 0
//! health, roll its death save in front of everyone, or mark it stabilized by first aid.

use egui::{Color32, RichText};

use super::{TABLE_TEXT, queue, token_name};
use crate::app::PaneContext;
use crate::combat::command::CombatCommand;
use crate::combat::death::{DeathSaveState, is_dying};
use crate::dice::DiceRng;
use crate::model::{Encounter, RuleSystem, TokenId};
use crate::rules::TokenTrackers;
use crate::rules::evening::EveningToken;

/// Where a combatant stands on the edge of death, if it is there.
enum Standing {
    Dying(DeathSaveState),
    Stable,
    Dead,
}

fn evening_token(encounter: &Encounter, token: TokenId) -> Option<&EveningToken> {
    match encounter.sheet(token) {
        Some(TokenTrackers::Evening(t)) if encounter.system == RuleSystem::Evening => Some(t),
        _ => None,
    }
}

fn standing(encounter: &Encounter, token: TokenId) -> Option<Standing> {
    let t = evening_token(encounter, token)?;
    if t.is_dead() {
        return Some(Standing::Dead);
    }
    if !is_dying(t) {
        return None;
    }
    let run = encounter
        .combat
        .death_saves
        .get(&token)
        .copied()
        .unwrap_or_default();
    Some(if run.stable {
        Standing::Stable
    } else {
        Standing::Dying(run)
    })
}

/// A small badge for the combatant's row: dying with its tally, stable, or dead.
pub fn badge_ui(ui: &mut egui::Ui, encounter: &Encounter, token: TokenId) {
    let (text, colour) = match standing(encounter, token) {
        None => return,
        Some(Standing::Dead) => ("dead".to_owned(), Color32::GRAY),
        Some(Standing::Stable) => ("stable at 0".to_owned(), Color32::LIGHT_BLUE),
        Some(Standing::Dying(run)) => (
            format!(
                "dying {}✔ {}✖",
                run.saves.successes,
                run.saves.failures.min(3)
            ),
            Color32::LIGHT_RED,
        ),
    };
    ui.label(RichText::new(text).color(colour));
}

/// The prompt for the current combatant when it is at 0 health: its tally, the d20 button
/// (once per turn), and Stabilize.
pub fn prompt_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    let init = &ctx.encounter.combat.initiative;
    let Some(token) = init.current_token() else {
        return;
    };
    let Some(Standing::Dying(run)) = standing(ctx.encounter, token) else {
        return;
    };
    let round = init.round;
    let name = token_name(ctx.encounter, token);
    egui::Frame::group(ui.style())
        .fill(Color32::from_rgb(70, 25, 25))
        .show(ui, |ui| {
            ui.label(
                RichText::new(format!("{name} is at 0 health"))
                    .size(TABLE_TEXT)
                    .color(Color32::LIGHT_RED),
            );
            ui.label(format!("Death saves: {}", run.tally()));
            ui.horizontal(|ui| {
                let due = run.due(round);
                let roll = ui
                    .add_enabled(due, egui::Button::new(RichText::new("Roll death save").size(18.0)))
                    .on_hover_text("A plain d20: 1 is two failures, 2–9 a failure, 10–19 a success, 20 back with 1 health. Three successes recover; three failures die.")
                    .on_disabled_hover_text("Already rolled this turn.");
                if roll.clicked() {
                    let d20 = u8::try_from(rng.die(20)).unwrap_or(1);
                    queue(ctx, CombatCommand::DeathSave { token, d20 });
                }
                if ui
                    .button("Stabilized")
                    .on_hover_text("First aid succeeded (Resolve + Mind + Medicine, TN 10): no more saves, still at 0 health.")
                    .clicked()
                {
                    queue(ctx, CombatCommand::Stabilize { token });
                }
            });
        });
}
