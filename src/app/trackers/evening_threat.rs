//! What an Evening threat's traits count in a fight, under its threat profile on the Trackers
//! pane: its strength and weakness in the GM's words (Determining Strengths & Weaknesses),
//! legendary resistances (Legendary), phases (Phased) and a swarm's bodies away from its heart
//! (Swarm); and, for a Charmed token, who charmed it (Charmed). Each edit is one command.

use egui::{Id, RichText};

use super::{edit_ui, encounter_change, token_change};
use crate::app::PaneContext;
use crate::model::{Command, LogEntry, TokenId};
use crate::rules::evening::{
    EveningChange, EveningEncounterChange, EveningToken, LEGENDARY_RESISTANCES, ThreatTrait,
};
use crate::rules::{EncounterChange, TokenChange, TrackerCommand};

fn change(ctx: &mut PaneContext<'_>, token: TokenId, c: EveningChange) {
    token_change(ctx, token, TokenChange::Evening(c));
}

/// The threat's strength, weakness and trait counts (nothing for a token that is no threat).
pub(super) fn threat_extras_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &EveningToken,
) {
    if t.threat.is_none() {
        return;
    }
    for (what, text, hint) in [
        ("Strength", &t.strength, "what it is good at (+6 TN)"),
        ("Weakness", &t.weakness, "what it is poor at (−6 TN)"),
    ] {
        if let Some(edited) = words_ui(ui, token, what, text, hint) {
            let c = if what == "Strength" {
                EveningChange::SetStrength(edited)
            } else {
                EveningChange::SetWeakness(edited)
            };
            change(ctx, token, c);
        }
    }
    if t.has_trait(ThreatTrait::Legendary) {
        legendary_ui(ui, ctx, token, t);
    }
    if t.has_trait(ThreatTrait::Phased) {
        ui.horizontal(|ui| {
            let id = Id::unique(("evening_phases", token.0));
            if let Some(n) = edit_ui(
                ui,
                id,
                t.phases(),
                2..=crate::model::validate::MAX_PHASES,
                "Phases ",
            ) {
                change(ctx, token, EveningChange::SetPhases(n));
            }
            ui.label(format!(
                "now in phase {} of {}",
                t.track.phase + 1,
                t.phases()
            ))
            .on_hover_text(
                "A fall to 0 health with a phase left refills it; add its new traits by hand",
            );
        });
    }
    if t.has_trait(ThreatTrait::Swarm) {
        swarm_ui(ui, ctx, token, t);
    }
}

/// A line of the GM's words, committed when the field loses focus.
fn words_ui(
    ui: &mut egui::Ui,
    token: TokenId,
    what: &str,
    current: &str,
    hint: &str,
) -> Option<String> {
    let id = Id::unique(("evening_words", what, token.0));
    let mut text = ui
        .data(|d| d.get_temp::<String>(id))
        .unwrap_or_else(|| current.to_owned());
    let response = ui
        .horizontal(|ui| {
            let label = ui.label(what);
            ui.add(
                egui::TextEdit::singleline(&mut text)
                    .char_limit(crate::model::validate::MAX_NAME_CHARS)
                    .hint_text(hint),
            )
            .labelled_by(label.id)
        })
        .inner;
    if response.has_focus() {
        ui.data_mut(|d| d.insert_temp(id, text));
        return None;
    }
    ui.data_mut(|d| d.remove::<String>(id));
    (response.lost_focus() && text.trim() != current).then(|| text.trim().to_owned())
}

fn legendary_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, t: &EveningToken) {
    let left = LEGENDARY_RESISTANCES.saturating_sub(t.track.legendary_resistances_spent);
    ui.horizontal(|ui| {
        ui.label(format!(
            "Legendary resistances {left}/{LEGENDARY_RESISTANCES}"
        ));
        let button = ui
            .add_enabled(left > 0, egui::Button::new("Resist"))
            .on_hover_text("Spend one to ignore a spell or special attack's effect")
            .on_disabled_hover_text("All three are spent; a long rest brings them back");
        if button.clicked() {
            let who = ctx
                .encounter
                .token(token)
                .map_or_else(String::new, |t| t.name.clone());
            let spend = Command::Tracker(TrackerCommand::Token {
                token,
                change: TokenChange::Evening(EveningChange::SpendLegendaryResistance),
            });
            let log = Command::AppendLog(
                LogEntry::event(
                    who,
                    "Legendary resistance",
                    format!("ignores the effect; {} left", left - 1),
                )
                .fitted(),
            );
            ctx.command(Command::Batch(vec![spend, log]));
        }
    });
}

fn swarm_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, t: &EveningToken) {
    ui.horizontal(|ui| {
        let id = Id::unique(("evening_swarm", token.0));
        let max = crate::model::validate::MAX_SWARM_BODIES;
        if let Some(n) = edit_ui(
            ui,
            id,
            t.track.swarm_bodies,
            0..=max,
            "Bodies away from the heart ",
        ) {
            change(ctx, token, EveningChange::SetSwarmBodies(n));
        }
        let button = ui
            .add_enabled(
                t.track.swarm_bodies > 0,
                egui::Button::new("A body perishes"),
            )
            .on_hover_text("A hit anywhere but the heart: that body perishes (no health lost)");
        if button.clicked() {
            change(ctx, token, EveningChange::SwarmBodyPerishes);
        }
    });
}

/// Who charmed a Charmed token, which the check builder reads (it can't attack its charmer;
/// the charmer has advantage socially).
pub(super) fn charmed_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) {
    let charmed = ctx
        .encounter
        .combat
        .conditions
        .iter()
        .any(|c| c.token == token && c.name.eq_ignore_ascii_case("Charmed"));
    if !charmed {
        return;
    }
    let current = ctx
        .encounter
        .combat
        .trackers
        .encounter
        .evening
        .charmed_by
        .get(&token)
        .copied();
    let name = |id: Option<TokenId>| {
        id.and_then(|id| ctx.encounter.token(id)).map_or_else(
            || "nobody named".to_owned(),
            |t| crate::app::text::name(&t.name).into_owned(),
        )
    };
    let mut picked = current;
    egui::ComboBox::from_id_salt(("evening_charmer", token.0))
        .selected_text(RichText::new(format!("Charmed by {}", name(current))))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut picked, None, "nobody named");
            for other in ctx.encounter.tokens.iter().filter(|t| t.id != token) {
                let label = crate::app::text::name(&other.name);
                ui.selectable_value(&mut picked, Some(other.id), label.as_ref());
            }
        })
        .response
        .accessible_name("Charmed by")
        .on_hover_text(
            "It can't attack its charmer; the charmer has advantage on social checks against it",
        );
    if picked != current {
        encounter_change(
            ctx,
            EncounterChange::Evening(EveningEncounterChange::SetCharmer {
                charmed: token,
                charmer: picked,
            }),
        );
    }
}
