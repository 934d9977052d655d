//! Evening token trackers: health and temporary health, reserves with short and long rests,
//! injury and exhaustion with their penalties, and a threat profile. Damage, healing and rests
//! go through `combat::health`, which adds a fall to 0 health (Unconscious) or the waking to
//! the same undo step and logs the rests.

use egui::{Color32, Id, RichText};

use super::{amount_ui, choice_ui, edit_ui, token_change, track_ui};
use crate::app::PaneContext;
use crate::combat::health::{evening_change, long_rest, short_rest};
use crate::dice::DiceRng;
use crate::model::{Command, TokenId};
use crate::rules::TokenChange;
use crate::rules::evening::{
    EveningChange, EveningToken, ThreatProfile, ThreatTrait, exhaustion_summary,
};

fn change(ctx: &mut PaneContext<'_>, token: TokenId, c: EveningChange) {
    token_change(ctx, token, TokenChange::Evening(c));
}

/// A change to health with what it does to consciousness (a fall to 0, waking), as one step.
/// A change the sheet refuses is queued as it is, so the refusal is shown where every
/// command's is.
fn health_change(ctx: &mut PaneContext<'_>, token: TokenId, c: EveningChange) {
    match evening_change(ctx.encounter, token, c.clone()) {
        Ok(mut health) if health.commands.len() == 1 => ctx.command(health.commands.remove(0)),
        Ok(health) => ctx.command(Command::Batch(health.commands)),
        Err(_) => change(ctx, token, c),
    }
}

/// Health, reserves, injury, exhaustion, rest and threat profile. `rng` rolls a short rest's
/// reserve dice.
pub fn token_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &EveningToken,
    rng: &mut DiceRng,
) {
    health_ui(ui, ctx, token, t);
    reserves_ui(ui, ctx, token, t);
    short_rest_ui(ui, ctx, token, t, rng);
    levels_ui(ui, ctx, token, t);
    threat_ui(ui, ctx, token, t.threat.as_ref());
    super::evening_threat::threat_extras_ui(ui, ctx, token, t);
    super::evening_threat::charmed_ui(ui, ctx, token);
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
            health_change(ctx, token, EveningChange::Damage(amount));
        }
        if ui.button("Heal").clicked() {
            health_change(ctx, token, EveningChange::Heal(amount));
        }
        if ui.button("Temp health").clicked() {
            change(ctx, token, EveningChange::GainTempHealth(amount));
        }
        let rest = ui.button("Long rest").on_hover_text(
            "All health and reserves back, one exhaustion level less (needs 1 health)",
        );
        if rest.clicked() {
            match long_rest(ctx.encounter, token) {
                Ok(command) => ctx.command(command),
                Err(_) => change(ctx, token, EveningChange::LongRest),
            }
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

/// A short rest: tick the unspent reserve dice to spend, then roll them here; each heals its
/// roll + Resolve + Body (Evening, Resting), logged in one undo step with the healing.
fn short_rest_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &EveningToken,
    rng: &mut DiceRng,
) {
    if t.reserves.iter().all(|r| r.spent) {
        return;
    }
    let id = Id::unique(("evening_short_rest", token.0));
    let mut chosen: Vec<usize> = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    chosen.retain(|i| t.reserves.get(*i).is_some_and(|r| !r.spent));
    ui.horizontal_wrapped(|ui| {
        ui.label("Short rest: spend");
        for (i, r) in t.reserves.iter().enumerate().filter(|(_, r)| !r.spent) {
            let mut on = chosen.contains(&i);
            let tick = ui.checkbox(&mut on, format!("d{}", r.sides));
            if tick.changed() {
                chosen.retain(|x| *x != i);
                if on {
                    chosen.push(i);
                }
            }
        }
        let per_die = t.abilities.resolve + t.abilities.body;
        let label = format!("Short rest: roll {}", chosen.len());
        let button = ui
            .add_enabled(!chosen.is_empty() && !t.is_dead(), egui::Button::new(label))
            .on_hover_text(format!(
                "Roll the ticked reserve dice: each heals its roll {per_die:+} (Resolve + Body)"
            ));
        if button.clicked() {
            let rolls = t.roll_reserves(&chosen, rng);
            match short_rest(ctx.encounter, token, &rolls) {
                Ok(command) => ctx.command(command),
                Err(_) => change(ctx, token, EveningChange::ShortRest(rolls)),
            }
            chosen.clear();
        }
    });
    ui.data_mut(|d| d.insert_temp(id, chosen));
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
        ui.label(exhaustion_summary(t.exhaustion));
    });
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
