//! The Trackers pane: each token's trackers in the encounter's system (Hearts, health, pools,
//! grit, level…) and the encounter-wide ones (threads, challenges, story roster, clocks,
//! escalation). Every edit queues a [`TrackerCommand`]; the core refuses invalid ones.

mod evening;
mod evening_scene;
mod evening_threat;
mod gfh;
mod post_core;
mod road_and_ruin;
mod three_d6;

use egui::{DragValue, Id, RichText};

use super::PaneContext;
use crate::dice::DiceRng;
use crate::model::{Command, RuleSystem, Side, TokenId};
use crate::rules::{EncounterChange, TokenChange, TokenTrackers, TrackerCommand};

/// Draws the Trackers pane for the encounter's system. `rng` rolls the Road and Ruin story
/// roster's d20 and Evening's short-rest reserve dice (into the command, never inside apply).
pub fn trackers_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    let system = ctx.encounter.system;
    ui.heading(format!("Trackers: {}", system.label()));
    egui::ScrollArea::vertical()
        .id_salt("trackers_scroll")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            encounter_wide_ui(ui, ctx, system, rng);
            ui.separator();
            let tokens: Vec<(TokenId, String, Side)> = ctx
                .encounter
                .tokens
                .iter()
                .map(|t| (t.id, crate::app::text::name(&t.name).into_owned(), t.side))
                .collect();
            add_all_ui(ui, ctx, &tokens);
            for (token, name, side) in tokens {
                token_ui(ui, ctx, token, &name, side, rng);
            }
        });
}

fn encounter_wide_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    system: RuleSystem,
    rng: &mut DiceRng,
) {
    match system {
        RuleSystem::GoForthHeroes => {}
        RuleSystem::Evening => evening_scene::scene_ui(ui, ctx),
        RuleSystem::RoadAndRuin => road_and_ruin::roster_ui(ui, ctx, rng),
        RuleSystem::PostCore => post_core::clocks_ui(ui, ctx),
        RuleSystem::ThreeD6 => three_d6::escalation_ui(ui, ctx),
    }
}

/// Gives every token without a sheet in this system the system's starting numbers, in one undo
/// step.
fn add_all_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, tokens: &[(TokenId, String, Side)]) {
    let missing: Vec<(TokenId, Side)> = tokens
        .iter()
        .filter(|(id, _, _)| ctx.encounter.sheet(*id).is_none())
        .map(|(id, _, side)| (*id, *side))
        .collect();
    if missing.len() < 2 || !ui.button("Add trackers for every token").clicked() {
        return;
    }
    let system = crate::rules::system(ctx.encounter.system);
    let adds = missing
        .into_iter()
        .map(|(token, side)| {
            Command::Tracker(TrackerCommand::AddToken {
                token,
                trackers: system.starting_sheet(side),
            })
        })
        .collect();
    ctx.command(Command::Batch(adds));
}

/// One token's trackers under a collapsing header, or a button to give it some.
fn token_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    name: &str,
    side: Side,
    rng: &mut DiceRng,
) {
    let trackers = ctx.encounter.sheet(token).cloned();
    let selected = ctx.selection.contains(&token);
    let title = RichText::new(name).strong();
    let Some(trackers) = trackers else {
        ui.horizontal(|ui| {
            ui.label(title);
            if ui.button(format!("Add trackers for {name}")).clicked() {
                let trackers = crate::rules::system(ctx.encounter.system).starting_sheet(side);
                track(ctx, TrackerCommand::AddToken { token, trackers });
            }
        });
        return;
    };
    egui::CollapsingHeader::new(title)
        .id_salt(("token_trackers", token.0))
        .default_open(selected)
        .show(ui, |ui| {
            match &trackers {
                TokenTrackers::GoForthHeroes(t) => gfh::token_ui(ui, ctx, token, t, rng),
                TokenTrackers::Evening(t) => evening::token_ui(ui, ctx, token, t, rng),
                TokenTrackers::RoadAndRuin(t) => road_and_ruin::token_ui(ui, ctx, token, t, rng),
                TokenTrackers::PostCore(t) => post_core::token_ui(ui, ctx, token, t),
                TokenTrackers::ThreeD6(t) => three_d6::token_ui(ui, ctx, token, t),
            }
            if ui
                .small_button(format!("Remove {name}'s trackers"))
                .clicked()
            {
                track(
                    ctx,
                    TrackerCommand::RemoveToken {
                        token,
                        system: None,
                    },
                );
            }
        });
}

fn track(ctx: &mut PaneContext<'_>, command: TrackerCommand) {
    ctx.command(Command::Tracker(command));
}

/// Queues a change to one token's trackers.
fn token_change(ctx: &mut PaneContext<'_>, token: TokenId, change: TokenChange) {
    track(ctx, TrackerCommand::Token { token, change });
}

/// Queues a change to the encounter-wide trackers.
fn encounter_change(ctx: &mut PaneContext<'_>, change: EncounterChange) {
    track(ctx, TrackerCommand::Encounter(change));
}

/// A number field over a tracker value that returns the new value once per gesture: a drag
/// edits a copy kept in egui's temporary memory and commits when released, so one drag is one
/// undo step; typing commits on Enter.
fn edit_ui<T>(
    ui: &mut egui::Ui,
    id: Id,
    current: T,
    range: std::ops::RangeInclusive<T>,
    prefix: &str,
) -> Option<T>
where
    T: egui::emath::Numeric + Send + Sync + 'static,
{
    let mut value = ui.data(|d| d.get_temp::<T>(id)).unwrap_or(current);
    let response = ui.add(DragValue::new(&mut value).range(range).prefix(prefix));
    if response.dragged() {
        ui.data_mut(|d| d.insert_temp(id, value));
        return None;
    }
    ui.data_mut(|d| d.remove::<T>(id));
    (value != current).then_some(value)
}

/// An amount typed for a button (damage, heal, spend…), remembered per field as view state.
/// `name` is what a screen reader (and a test) calls the field.
fn amount_ui(ui: &mut egui::Ui, id: Id, name: &str, default: u32, max: u32) -> u32 {
    let mut amount = ui.data(|d| d.get_temp::<u32>(id)).unwrap_or(default);
    ui.add(DragValue::new(&mut amount).range(0..=max))
        .accessible_name(name);
    ui.data_mut(|d| d.insert_temp(id, amount));
    amount
}

/// A short line of text remembered per field (names of new threads, clocks…).
fn text_ui(ui: &mut egui::Ui, id: Id, hint: &str) -> String {
    let mut text = ui.data(|d| d.get_temp::<String>(id)).unwrap_or_default();
    ui.add(
        egui::TextEdit::singleline(&mut text)
            .desired_width(110.0)
            .char_limit(crate::model::validate::MAX_NAME_CHARS)
            .hint_text(hint),
    )
    .accessible_name(hint);
    ui.data_mut(|d| d.insert_temp(id, text.clone()));
    text
}

/// A track of `total` boxes with `filled` of them filled (thread marks, clock segments,
/// injury levels), named `"{name} {filled}/{total}"` for screen readers and tests.
fn track_ui(ui: &mut egui::Ui, name: &str, filled: u32, total: u32) {
    const BOX: f32 = 11.0;
    let total = total.min(64);
    let size = egui::vec2((BOX + 2.0) * total as f32, BOX);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    let label = track_label(name, filled, total);
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::ProgressIndicator, true, label.clone())
    });
    let visuals = ui.visuals();
    for i in 0..total {
        let min = rect.min + egui::vec2((BOX + 2.0) * i as f32, 0.0);
        let square = egui::Rect::from_min_size(min, egui::vec2(BOX, BOX));
        let fill = if i < filled {
            visuals.selection.bg_fill
        } else {
            egui::Color32::TRANSPARENT
        };
        ui.painter().rect(
            square,
            2.0,
            fill,
            visuals.widgets.inactive.fg_stroke,
            egui::StrokeKind::Inside,
        );
    }
}

fn track_label(name: &str, filled: u32, total: u32) -> String {
    format!("{name} {}/{total}", filled.min(total))
}

/// A combo box over fixed choices, with its own id so one per token can coexist.
fn choice_ui<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    id_salt: impl egui::AsIdSalt,
    label: &str,
    value: &mut T,
    options: &[(T, &str)],
) {
    let selected = options
        .iter()
        .find(|(v, _)| v == value)
        .map_or("", |(_, text)| *text);
    egui::ComboBox::new(id_salt, label)
        .selected_text(selected)
        .show_ui(ui, |ui| {
            for (v, text) in options {
                ui.selectable_value(value, *v, *text);
            }
        });
}

#[cfg(test)]
mod tests {
    use super::track_label;

    #[test]
    fn track_labels_never_overflow_the_track() {
        assert_eq!(track_label("Clock", 2, 6), "Clock 2/6");
        assert_eq!(track_label("Clock", 9, 4), "Clock 4/4");
    }
}
