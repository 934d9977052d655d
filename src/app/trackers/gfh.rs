//! Go Forth: Heroes token trackers: attributes and Defenses, Hearts, Wounds.

use crate::model::limits as lim;
use egui::{Id, RichText};

use super::{amount_ui, edit_ui, token_change};
use crate::app::PaneContext;
use crate::combat::command::CombatCommand;
use crate::combat::effective::effective_defense;
use crate::dice::DiceRng;
use crate::model::{Command, LogEntry, TokenId};
use crate::rules::TokenChange;
use crate::rules::go_forth_heroes::{
    Attributes, Defense, EFFORT_PER_HEART, GfhChange, GfhToken, Hearts, Severity, Wound, WoundRoll,
};

fn change(ctx: &mut PaneContext<'_>, token: TokenId, c: GfhChange) {
    token_change(ctx, token, TokenChange::GoForthHeroes(c));
}

/// Attributes with the Defenses they give, Hearts and Wounds.
pub fn token_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &GfhToken,
    rng: &mut DiceRng,
) {
    attributes_ui(ui, ctx, token, &t.attributes);
    defenses_ui(ui, ctx, token, t);
    hearts_ui(ui, ctx, token, t.hearts.as_ref());
    wounds_ui(ui, ctx, token, t, rng);
}

/// The three Defenses after conditions and Increase Defense; each hover says what counted.
fn defenses_ui(ui: &mut egui::Ui, ctx: &PaneContext<'_>, token: TokenId, t: &GfhToken) {
    ui.horizontal(|ui| {
        ui.label("Defenses:");
        for (defense, name) in DEFENSES {
            let base = t.defense(defense, &[]);
            let adjusted = effective_defense(ctx.encounter, token, defense);
            let value = adjusted.as_ref().map_or(base, |a| a.value);
            let text = if value == base {
                RichText::new(format!("{name} {value}"))
            } else {
                RichText::new(format!("{name} {value} (base {base})")).strong()
            };
            let label = ui.label(text);
            if let Some(a) = adjusted.filter(|a| a.reasons.len() > 1) {
                label.on_hover_text(a.reasons.join("\n"));
            }
        }
    });
}

fn attributes_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, a: &Attributes) {
    let mut next = *a;
    let mut edited = false;
    ui.horizontal_wrapped(|ui| {
        let fields: [(&str, &mut i64); 8] = [
            ("Might ", &mut next.might),
            ("Agility ", &mut next.agility),
            ("Finesse ", &mut next.finesse),
            ("Instinct ", &mut next.instinct),
            ("Reason ", &mut next.reason),
            ("Vigor ", &mut next.vigor),
            ("Presence ", &mut next.presence),
            ("Guile ", &mut next.guile),
        ];
        for (name, value) in fields {
            let id = Id::unique(("gfh_attribute", token.0, name));
            if let Some(v) = edit_ui(ui, id, *value, lim::GFH_ATTRIBUTE, name) {
                *value = v;
                edited = true;
            }
        }
    });
    if edited {
        change(ctx, token, GfhChange::SetAttributes(next));
    }
}

fn hearts_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    hearts: Option<&Hearts>,
) {
    let Some(h) = hearts else {
        ui.horizontal(|ui| {
            let count = amount_ui(
                ui,
                Id::unique(("gfh_new_hearts", token.0)),
                "Hearts to give",
                1,
                20,
            );
            if ui.button("Give Hearts").clicked() {
                change(ctx, token, GfhChange::SetHearts(Some(Hearts::new(count))));
            }
        });
        return;
    };
    ui.horizontal(|ui| {
        let text = if h.overcome() {
            "Overcome".to_owned()
        } else {
            format!(
                "Hearts {} · {}/{EFFORT_PER_HEART} Effort on this one",
                h.remaining, h.progress
            )
        };
        ui.label(RichText::new(text).strong());
    });
    hearts_options_ui(ui, ctx, token, h);
    ui.horizontal(|ui| {
        let id = Id::unique(("gfh_effort", token.0));
        let effort = amount_ui(ui, id, "Effort", 0, 1000);
        let overkill_id = Id::unique(("gfh_overkill", token.0));
        let mut overkill = ui
            .data(|d| d.get_temp::<bool>(overkill_id))
            .unwrap_or(false);
        ui.checkbox(&mut overkill, "Overkill");
        ui.data_mut(|d| d.insert_temp(overkill_id, overkill));
        if ui.button("Apply Effort").clicked() {
            change(ctx, token, GfhChange::ApplyEffort { effort, overkill });
        }
    });
}

/// Hearts count, Fortified, Shield and Breaking Point, each edit replacing the Hearts.
fn hearts_options_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, h: &Hearts) {
    let mut next = h.clone();
    ui.horizontal_wrapped(|ui| {
        if let Some(v) = edit_ui(
            ui,
            Id::unique(("gfh_hearts", token.0)),
            h.remaining,
            lim::GFH_HEARTS,
            "Hearts ",
        ) {
            next.remaining = v;
        }
        ui.checkbox(&mut next.fortified, "Fortified");
        if let Some(v) = edit_ui(
            ui,
            Id::unique(("gfh_shield", token.0)),
            h.shield,
            lim::GFH_SHIELD,
            "Shield ",
        ) {
            next.shield = v;
        }
        let mut breaking = h.breaking_point.is_some();
        ui.checkbox(&mut breaking, "Breaking Point");
        next.breaking_point = match (breaking, h.breaking_point) {
            (false, _) => None,
            (true, None) => Some(EFFORT_PER_HEART),
            (true, Some(bp)) => Some(
                edit_ui(
                    ui,
                    Id::unique(("gfh_bp", token.0)),
                    bp,
                    lim::GFH_BREAKING_POINT,
                    "",
                )
                .unwrap_or(bp),
            ),
        };
        if ui.small_button("Remove Hearts").clicked() {
            next = h.clone();
            change(ctx, token, GfhChange::SetHearts(None));
        }
    });
    if next != *h {
        change(ctx, token, GfhChange::SetHearts(Some(next)));
    }
}

const DEFENSES: [(Defense, &str); 3] = [
    (Defense::Body, "Body"),
    (Defense::Mind, "Mind"),
    (Defense::Soul, "Soul"),
];

const SEVERITIES: [(Severity, &str); 4] = [
    (Severity::Permanent, "Permanent"),
    (Severity::Flesh, "Flesh"),
    (Severity::Shallow, "Shallow"),
    (Severity::Vicious, "Vicious"),
];

fn wounds_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &GfhToken,
    rng: &mut DiceRng,
) {
    for (i, w) in t.wounds.iter().enumerate() {
        ui.horizontal(|ui| {
            let timer = if w.severity == Severity::Vicious {
                format!(", {} sessions left", w.sessions_left)
            } else {
                String::new()
            };
            ui.label(format!(
                "{:?} {:?} wound: {}{timer}",
                w.severity,
                w.defense,
                w.effect()
            ));
            if ui
                .small_button("×")
                .on_hover_text("Remove this wound")
                .clicked()
            {
                change(ctx, token, GfhChange::RemoveWound(i));
            }
        });
    }
    new_wound_ui(ui, ctx, token, t, rng);
    ui.horizontal(|ui| {
        for (label, c) in [
            ("Short rest", GfhChange::ShortRest),
            ("Long rest", GfhChange::LongRest),
            ("End session", GfhChange::EndSession),
        ] {
            if ui.button(label).clicked() {
                change(ctx, token, c);
            }
        }
    });
}

/// A wound the GM read off the chart: Defense, severity, the d8 effect and (Vicious) sessions.
fn new_wound_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &GfhToken,
    rng: &mut DiceRng,
) {
    let id = Id::unique(("gfh_new_wound", token.0));
    let mut wound = ui.data(|d| d.get_temp::<Wound>(id)).unwrap_or(Wound {
        defense: Defense::Body,
        severity: Severity::Flesh,
        effect_roll: 1,
        sessions_left: 0,
    });
    ui.horizontal_wrapped(|ui| {
        super::choice_ui(
            ui,
            ("wound_defense", token.0),
            "Defense",
            &mut wound.defense,
            &DEFENSES,
        );
        super::choice_ui(
            ui,
            ("wound_severity", token.0),
            "Severity",
            &mut wound.severity,
            &SEVERITIES,
        );
        ui.add(
            egui::DragValue::new(&mut wound.effect_roll)
                .range(1..=8)
                .prefix("d8 "),
        );
        if wound.severity == Severity::Vicious {
            ui.add(
                egui::DragValue::new(&mut wound.sessions_left)
                    .range(1..=4)
                    .prefix("sessions "),
            );
        }
        if ui.button("Add wound").clicked() {
            // The Wound's chart effects apply as a Beat's do (GFH, Determining the Wound).
            ctx.command(Command::Combat(CombatCommand::TakeWound {
                token,
                wound: wound.clone(),
            }));
        }
        if ui
            .button("Roll wound")
            .on_hover_text("d20 + the Defense's attributes, -5 per wound; then the d8 effect")
            .clicked()
        {
            roll_wound(ctx, token, t, wound.defense, rng);
        }
    });
    ui.data_mut(|d| d.insert_temp(id, wound));
}

/// Rolls on the wound chart for `defense` (GFH, Wounds) and adds the wound with its log line,
/// as one undo step.
fn roll_wound(
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &GfhToken,
    defense: Defense,
    rng: &mut DiceRng,
) {
    let roll = WoundRoll {
        defense,
        attributes: t.attributes,
        existing_wounds: u32::try_from(t.wounds.len()).unwrap_or(u32::MAX),
    };
    let wound = roll.roll(rng);
    let who = ctx.encounter.token(token).map_or_else(String::new, |tok| {
        crate::app::text::name(&tok.name).into_owned()
    });
    let entry = LogEntry::event(who, format!("Wound roll ({defense:?})"), wound_text(&wound));
    ctx.command(Command::Batch(vec![
        Command::AppendLog(entry),
        Command::Combat(CombatCommand::TakeWound { token, wound }),
    ]));
}

/// A wound in words: `Vicious: Might checks Hard (d8 3), 2 sessions`.
fn wound_text(w: &Wound) -> String {
    let sessions = if w.severity == Severity::Vicious {
        format!(", {} sessions", w.sessions_left)
    } else {
        String::new()
    };
    format!(
        "{:?}: {} (d8 {}){sessions}",
        w.severity,
        w.effect(),
        w.effect_roll
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wound_text_names_severity_effect_and_timer() {
        let w = Wound {
            defense: Defense::Body,
            severity: Severity::Vicious,
            effect_roll: 3,
            sessions_left: 2,
        };
        assert_eq!(
            wound_text(&w),
            "Vicious: Might checks Hard (d8 3), 2 sessions"
        );
        let w = Wound {
            severity: Severity::Flesh,
            ..w
        };
        assert_eq!(wound_text(&w), "Flesh: Might checks Hard (d8 3)");
    }
}
