//! The Conditions pane and the conditions part of the map's token context menu.

use egui::{Color32, RichText};

use super::queue;
use crate::app::PaneContext;
use crate::combat::catalogue::{ConditionDef, catalogue};
use crate::combat::command::CombatCommand;
use crate::combat::conditions::{ActiveCondition, Duration};
use crate::combat::wounds::token_speed;
use crate::model::TokenId;

/// The durations offered when applying a condition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum DurationChoice {
    #[default]
    UntilRemoved,
    Rounds(u32),
    EndOfNextTurn,
    EndOfRound,
    UntilSave,
}

impl DurationChoice {
    const MENU: [Self; 6] = [
        Self::UntilRemoved,
        Self::Rounds(1),
        Self::Rounds(3),
        Self::EndOfNextTurn,
        Self::EndOfRound,
        Self::UntilSave,
    ];

    fn label(self) -> String {
        match self {
            Self::UntilRemoved => "until removed".into(),
            Self::Rounds(n) => format!("for {n} round{}", if n == 1 { "" } else { "s" }),
            Self::EndOfNextTurn => "until the end of its next turn".into(),
            Self::EndOfRound => "until the end of this round".into(),
            Self::UntilSave => "until it saves".into(),
        }
    }

    fn hint(self) -> &'static str {
        match self {
            Self::Rounds(_) => {
                "A whole round each, from now: until the start of the current combatant's turn \
                 that many rounds on"
            }
            _ => "",
        }
    }

    fn duration(self, token: TokenId) -> Duration {
        match self {
            Self::UntilRemoved => Duration::UntilRemoved,
            Self::Rounds(remaining) => Duration::Rounds {
                remaining,
                from: None,
            },
            Self::EndOfNextTurn => Duration::EndOfNextTurn {
                of: token,
                started: false,
            },
            Self::EndOfRound => Duration::EndOfRound,
            Self::UntilSave => Duration::UntilSave,
        }
    }
}

/// Draws every token's conditions, and a row to apply one to the selected tokens.
pub fn conditions_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    ui.heading("Conditions");
    apply_row_ui(ui, ctx);
    ui.separator();
    egui::ScrollArea::vertical()
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let tokens: Vec<TokenId> = ctx.encounter.tokens.iter().map(|t| t.id).collect();
            for token in tokens {
                token_conditions_ui(ui, ctx, token);
            }
        });
}

fn apply_row_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    let system = ctx.encounter.system;
    let id = ui.scope_id().with("apply_condition");
    let (mut name, mut choice) = ui
        .data(|d| d.get_temp::<(String, DurationChoice)>(id))
        .unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_label("condition")
            .selected_text(if name.is_empty() {
                "Condition…"
            } else {
                name.as_str()
            })
            .show_ui(ui, |ui| {
                for def in catalogue(system) {
                    ui.selectable_value(&mut name, def.name.to_owned(), def.name)
                        .on_hover_text(def.summary);
                }
            });
        ui.add(
            egui::TextEdit::singleline(&mut name)
                .hint_text("or a custom one")
                .char_limit(crate::model::validate::MAX_LABEL_CHARS)
                .desired_width(110.0),
        );
        egui::ComboBox::from_label("lasting")
            .selected_text(choice.label())
            .show_ui(ui, |ui| {
                for c in DurationChoice::MENU {
                    ui.selectable_value(&mut choice, c, c.label())
                        .on_hover_text(c.hint());
                }
            });
        let targets: Vec<TokenId> = ctx.selection.iter().copied().collect();
        let ready = !name.trim().is_empty() && !targets.is_empty();
        let button = ui.add_enabled(ready, egui::Button::new("Apply to selected"));
        if button.clicked() {
            for token in targets {
                let condition = ActiveCondition {
                    token,
                    name: name.trim().to_owned(),
                    duration: choice.duration(token),
                };
                queue(ctx, CombatCommand::ApplyCondition(condition));
            }
        }
    });
    ui.data_mut(|d| d.insert_temp(id, (name, choice)));
}

fn token_conditions_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) {
    let active: Vec<ActiveCondition> = ctx
        .encounter
        .combat
        .conditions
        .iter()
        .filter(|c| c.token == token)
        .cloned()
        .collect();
    let Some(t) = ctx.encounter.token(token) else {
        return;
    };
    let speed = token_speed(ctx.encounter, &ctx.encounter.combat.conditions, token);
    ui.horizontal_wrapped(|ui| {
        let selected = ctx.selection.contains(&token);
        if ui
            .selectable_label(
                selected,
                RichText::new(crate::app::text::name(&t.name)).strong(),
            )
            .clicked()
        {
            ctx.selection.clear();
            ctx.selection.insert(token);
        }
        let speed_label = ui.label(RichText::new(format!("speed {}", speed.value)).weak());
        if !speed.reasons.is_empty() {
            speed_label.on_hover_text(speed.reasons.join("\n"));
        }
        for c in active {
            condition_chip_ui(ui, ctx, &c);
        }
    });
}

fn condition_chip_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, c: &ActiveCondition) {
    let def = crate::combat::catalogue::find(ctx.encounter.system, &c.name);
    let text =
        RichText::new(format!("{} ✖", crate::app::text::name(&c.name))).color(chip_colour(def));
    let mut hover = format!(
        "{}\n{}",
        def.map_or("Custom condition.", |d| d.summary),
        c.duration.label()
    );
    if let Some(source) = super::condition_source::source_text(ctx, c.token, &c.name) {
        hover = format!("{source}\n{hover}");
    }
    if ui.button(text).on_hover_text(hover).clicked() {
        queue(
            ctx,
            CombatCommand::RemoveCondition {
                token: c.token,
                name: c.name.clone(),
            },
        );
    }
}

fn chip_colour(def: Option<&ConditionDef>) -> Color32 {
    use crate::combat::catalogue::Effect;
    let helpful = def.is_some_and(|d| {
        d.effects.iter().any(|e| {
            matches!(
                e,
                Effect::Easier(_)
                    | Effect::DoubleSpeed
                    | Effect::ExtraLockSlot
                    | Effect::TemporaryMomentum(1)
            )
        })
    });
    if helpful {
        Color32::from_rgb(120, 210, 130)
    } else {
        Color32::from_rgb(240, 150, 110)
    }
}

/// The width a condition's summary wraps at in its menu, in points.
const SUMMARY_WIDTH: f32 = 240.0;

/// The conditions part of one token's context menu: a "Conditions" heading, one submenu per
/// condition (its summary and the durations to apply it with), and a button to remove each
/// active one.
///
/// The conditions sit in the context menu itself rather than in a "Conditions" submenu of
/// their own: egui opens a submenu on whichever side has room, so a third level (a duration
/// menu inside a conditions menu that had flipped left) would open right, over the context
/// menu. Two levels always open beside their parent.
pub fn condition_menu_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) {
    let system = ctx.encounter.system;
    let active: Vec<String> = ctx
        .encounter
        .combat
        .conditions
        .iter()
        .filter(|c| c.token == token)
        .map(|c| c.name.clone())
        .collect();
    // A system with no condition catalogue (the 3d6 core mechanics) gets no empty heading.
    if catalogue(system).is_empty() && active.is_empty() {
        return;
    }
    ui.label(RichText::new("Conditions").strong());
    for def in catalogue(system) {
        ui.menu_button(def.name, |ui| {
            // A narrow column, so the menu fits beside its parent on one side or the other.
            ui.set_max_width(SUMMARY_WIDTH);
            ui.add(egui::Label::new(RichText::new(def.summary).weak()).wrap());
            for choice in DurationChoice::MENU {
                if ui
                    .button(choice.label())
                    .on_hover_text(choice.hint())
                    .clicked()
                {
                    let condition = ActiveCondition {
                        token,
                        name: def.name.to_owned(),
                        duration: choice.duration(token),
                    };
                    queue(ctx, CombatCommand::ApplyCondition(condition));
                    ui.close();
                }
            }
        });
    }
    super::condition_source::source_menu_ui(ui, ctx, token);
    if !active.is_empty() {
        ui.separator();
        for n in active {
            if ui
                .button(format!("Remove {}", crate::app::text::name(&n)))
                .clicked()
            {
                queue(ctx, CombatCommand::RemoveCondition { token, name: n });
                ui.close();
            }
        }
    }
}
