//! Evening token trackers: health and temporary health, reserves, injury and exhaustion with
//! their penalties, and a threat profile.

use egui::{Color32, Id, RichText};

use super::{amount_ui, choice_ui, edit_ui, token_change, track_ui};
use crate::app::PaneContext;
use crate::model::TokenId;
use crate::rules::TokenChange;
use crate::rules::evening::{EveningChange, EveningToken, ThreatProfile, ThreatTrait};

fn change(ctx: &mut PaneContext<'_>, token: TokenId, c: EveningChange) {
    token_change(ctx, token, TokenChange::Evening(c));
}

/// Health, reserves, injury, exhaustion, rest and threat profile.
pub fn token_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, t: &EveningToken) {
    health_ui(ui, ctx, token, t);
    reserves_ui(ui, ctx, token, t);
    levels_ui(ui, ctx, token, t);
    threat_ui(ui, ctx, token, t.threat.as_ref());
}

fn health_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, t: &EveningToken) {
    ui.horizontal(|ui| {
        let text = format!("Health {}/{}", t.health, t.effective_max_health());
        ui.label(RichText::new(text).strong().size(16.0));
        if t.temp_health > 0 {
            ui.label(RichText::new(format!("+{} temp", t.temp_health)).color(Color32::LIGHT_BLUE));
        }
        if t.is_dead() {
            ui.label(RichText::new("Dead").color(Color32::LIGHT_RED).strong());
        }
        let id = Id::unique(("evening_max", token.0));
        if let Some(max) = edit_ui(ui, id, t.max_health, 0..=9999, "max ") {
            change(ctx, token, EveningChange::SetMaxHealth(max));
        }
    });
    ui.horizontal(|ui| {
        let amount = amount_ui(
            ui,
            Id::unique(("evening_amount", token.0)),
            "Amount",
            1,
            9999,
        );
        if ui.button("Damage").clicked() {
            change(ctx, token, EveningChange::Damage(amount));
        }
        if ui.button("Heal").clicked() {
            change(ctx, token, EveningChange::Heal(amount));
        }
        if ui.button("Temp health").clicked() {
            change(ctx, token, EveningChange::GainTempHealth(amount));
        }
        if ui.button("Long rest").clicked() {
            change(ctx, token, EveningChange::LongRest);
        }
    });
}

const RESERVE_DICE: [(u32, &str); 5] = [(4, "d4"), (6, "d6"), (8, "d8"), (10, "d10"), (12, "d12")];

fn reserves_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, t: &EveningToken) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Reserves");
        for (i, r) in t.reserves.iter().enumerate() {
            let text = format!("d{}", r.sides);
            if r.spent {
                ui.label(RichText::new(text).strikethrough().weak());
            } else if ui
                .button(text)
                .on_hover_text("Spend this reserve")
                .clicked()
            {
                change(ctx, token, EveningChange::SpendReserve(i));
            }
        }
        let id = Id::unique(("evening_reserve", token.0));
        let mut sides = ui.data(|d| d.get_temp::<u32>(id)).unwrap_or(8);
        choice_ui(ui, id, "die", &mut sides, &RESERVE_DICE);
        ui.data_mut(|d| d.insert_temp(id, sides));
        if ui.small_button("+ reserve").clicked() {
            change(ctx, token, EveningChange::AddReserve(sides));
        }
    });
}

/// Injury 0–7 and exhaustion 0–6, with what each level costs now.
fn levels_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, t: &EveningToken) {
    let (aptitude, combat) = t.injury_penalties();
    ui.horizontal(|ui| {
        let id = Id::unique(("evening_injury", token.0));
        if let Some(v) = edit_ui(ui, id, t.injury, 0..=7, "Injury ") {
            change(ctx, token, EveningChange::SetInjury(v));
        }
        track_ui(ui, "Injury", t.injury.into(), 7);
        ui.label(format!("aptitude {aptitude:+}, attack/defense {combat:+}"));
    });
    ui.horizontal(|ui| {
        let id = Id::unique(("evening_exhaustion", token.0));
        if let Some(v) = edit_ui(ui, id, t.exhaustion, 0..=6, "Exhaustion ") {
            change(ctx, token, EveningChange::SetExhaustion(v));
        }
        track_ui(ui, "Exhaustion", t.exhaustion.into(), 6);
        ui.label(exhaustion_text(t.exhaustion));
    });
}

/// What an exhaustion level imposes, as Lantern applies it to checks and health.
fn exhaustion_text(level: u8) -> &'static str {
    match level {
        0 => "no effect",
        1 | 2 => "disadvantage on aptitude checks",
        3 => "disadvantage on all checks",
        4 | 5 => "disadvantage on all checks, max health halved",
        _ => "dead",
    }
}

const TRAITS: [ThreatTrait; 10] = [
    ThreatTrait::Behemoth,
    ThreatTrait::Champion,
    ThreatTrait::Controller,
    ThreatTrait::Defender,
    ThreatTrait::Lair,
    ThreatTrait::Legendary,
    ThreatTrait::Nemesis,
    ThreatTrait::Phased,
    ThreatTrait::Swarm,
    ThreatTrait::Vicious,
];

fn threat_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    threat: Option<&ThreatProfile>,
) {
    let Some(profile) = threat else {
        if ui.small_button("Make a threat").clicked() {
            change(
                ctx,
                token,
                EveningChange::SetThreat(Some(ThreatProfile::default())),
            );
        }
        return;
    };
    let mut next = profile.clone();
    ui.horizontal_wrapped(|ui| {
        if let Some(r) = edit_ui(
            ui,
            Id::unique(("threat_rating", token.0)),
            profile.rating,
            1..=10,
            "Threat rating ",
        ) {
            next.rating = r;
        }
        for t in TRAITS {
            let mut on = profile.traits.contains(&t);
            if ui.checkbox(&mut on, format!("{t:?}")).changed() {
                next.traits.retain(|x| *x != t);
                if on {
                    next.traits.push(t);
                }
            }
        }
        if ui.small_button("Not a threat").clicked() {
            change(ctx, token, EveningChange::SetThreat(None));
        }
    });
    let stats = profile.stats();
    let attacks: Vec<String> = stats.attacks.iter().map(|a| a.expr().to_string()).collect();
    ui.label(format!(
        "TN to hit {} · TN to defend {} · attacks {}",
        stats.tn_to_hit,
        stats.tn_to_defend,
        attacks.join(", ")
    ));
    if next != *profile {
        change(ctx, token, EveningChange::SetThreat(Some(next)));
    }
}

#[cfg(test)]
mod tests {
    use super::exhaustion_text;
    use crate::rules::evening::{CheckKind, EveningCheck, EveningToken};

    #[test]
    fn exhaustion_text_matches_what_the_core_applies() {
        let check = EveningCheck::default();
        for level in 0..=6u8 {
            let t = EveningToken {
                exhaustion: level,
                max_health: 10,
                ..EveningToken::default()
            };
            let apt = t.apply_penalties(&check, CheckKind::Aptitude).disadvantage;
            let all = t
                .apply_penalties(&check, CheckKind::AttackOrDefense)
                .disadvantage;
            let text = exhaustion_text(level);
            assert_eq!(text == "dead", t.is_dead(), "{level}");
            if t.is_dead() {
                continue;
            }
            assert_eq!(
                text.contains("aptitude") || text.contains("all"),
                apt,
                "{level}"
            );
            assert_eq!(text.contains("all checks"), all, "{level}");
            assert_eq!(text.contains("halved"), t.effective_max_health() == 5);
        }
    }
}
