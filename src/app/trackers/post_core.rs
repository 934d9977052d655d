//! Post core trackers: each token's HP, grit and STR/DEX/WIL, and the encounter's clocks.

use crate::model::limits as lim;
use egui::{Color32, Id, RichText};

use super::{amount_ui, choice_ui, edit_ui, encounter_change, text_ui, token_change, track_ui};
use crate::app::PaneContext;
use crate::combat::action::post_change;
use crate::model::{Command, TokenId};
use crate::rules::post_core::{Attribute, Clock, ClockChange, PostChange, PostToken};
use crate::rules::{EncounterChange, TokenChange};

const ATTRIBUTES: [(Attribute, &str); 3] = [
    (Attribute::Str, "STR"),
    (Attribute::Dex, "DEX"),
    (Attribute::Wil, "WIL"),
];

fn change(ctx: &mut PaneContext<'_>, token: TokenId, c: PostChange) {
    token_change(ctx, token, TokenChange::PostCore(c));
}

/// A change that can take an attribute below 0 or give it back (damage, loss, a rest), with the
/// conditions that follow in the same undo step (`combat::action::post_change`).
fn change_with_conditions(ctx: &mut PaneContext<'_>, token: TokenId, c: &PostChange) {
    let (mut commands, _) = post_change(ctx.encounter, token, c);
    ctx.command(if commands.len() == 1 {
        commands.remove(0)
    } else {
        Command::Batch(commands)
    });
}

/// HP, grit, attributes, damage and rests.
pub fn token_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, t: &PostToken) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("HP {}/{}", t.hp, t.max_hp)).strong());
        ui.label(format!("Grit {}", t.grit));
        for (i, (_, name)) in ATTRIBUTES.iter().enumerate() {
            ui.label(format!("{name} {}", t.attributes[i]));
        }
    });
    for state in t.states() {
        ui.label(RichText::new(state).color(Color32::LIGHT_RED));
    }
    setup_ui(ui, ctx, token, t);
    ui.horizontal_wrapped(|ui| {
        let amount = amount_ui(ui, Id::unique(("post_amount", token.0)), "Amount", 1, 20) as u8;
        if ui.button("Damage").clicked() {
            change_with_conditions(ctx, token, &PostChange::Damage(amount));
        }
        if ui.button("Spend grit").clicked() {
            change(ctx, token, PostChange::SpendGrit(amount));
        }
        let id = Id::unique(("post_loss", token.0));
        let mut attribute = ui
            .data(|d| d.get_temp::<Attribute>(id))
            .unwrap_or(Attribute::Str);
        choice_ui(ui, id, "attribute", &mut attribute, &ATTRIBUTES);
        ui.data_mut(|d| d.insert_temp(id, attribute));
        if ui.button("Lose attribute").clicked() {
            let loss = PostChange::AttributeLoss { attribute, amount };
            change_with_conditions(ctx, token, &loss);
        }
    });
    ui.horizontal(|ui| {
        if ui.button("Short rest").clicked() {
            change(ctx, token, PostChange::ShortRest);
        }
        if ui.button("Extended rest").clicked() {
            change_with_conditions(ctx, token, &PostChange::ExtendedRest);
        }
    });
}

/// The scores an extended rest restores and the HP maximum; what the character has lost since
/// stays lost (the core keeps the loss when a base score changes).
fn setup_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, t: &PostToken) {
    let (mut attributes, mut max_hp) = (t.base_attributes, t.max_hp);
    ui.horizontal(|ui| {
        ui.label("Base");
        for (i, (_, name)) in ATTRIBUTES.iter().enumerate() {
            let id = Id::unique(("post_base", token.0, i));
            if let Some(v) = edit_ui(
                ui,
                id,
                attributes[i],
                lim::POST_ATTRIBUTE,
                &format!("{name} "),
            ) {
                attributes[i] = v;
            }
        }
        if let Some(v) = edit_ui(
            ui,
            Id::unique(("post_max_hp", token.0)),
            max_hp,
            lim::POST_HP,
            "max HP ",
        ) {
            max_hp = v;
        }
    });
    if attributes != t.base_attributes || max_hp != t.max_hp {
        change(ctx, token, PostChange::SetUp { attributes, max_hp });
    }
}

fn clock_change(ctx: &mut PaneContext<'_>, c: ClockChange) {
    encounter_change(ctx, EncounterChange::PostCore(c));
}

/// Clocks of 4, 6 or 8 segments: tick, untick, link and race.
pub fn clocks_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    let clocks = ctx
        .encounter
        .combat
        .trackers
        .encounter
        .post_core
        .clocks
        .clone();
    ui.label(RichText::new("Clocks").strong());
    for (i, clock) in clocks.iter().enumerate() {
        clock_row_ui(ui, ctx, &clocks, i, clock);
    }
    ui.horizontal(|ui| {
        let name = text_ui(ui, Id::unique("new_clock_name"), "clock name");
        for segments in [4u8, 6, 8] {
            if ui.button(format!("Add {segments}-clock")).clicked() {
                clock_change(
                    ctx,
                    ClockChange::Add {
                        name: name.clone(),
                        segments,
                    },
                );
            }
        }
    });
}

fn clock_row_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    clocks: &[Clock],
    i: usize,
    clock: &Clock,
) {
    let other = |j: Option<usize>| {
        j.and_then(|j| clocks.get(j))
            .map_or("?".into(), |c| crate::app::text::name(&c.name))
    };
    let name = crate::app::text::name(&clock.name);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(name.as_ref()).size(16.0));
        track_ui(ui, &name, clock.filled.into(), clock.segments.into());
        if clock.locked {
            ui.label("locked");
        }
        if clock.unlocks.is_some() {
            ui.label(format!("unlocks {}", other(clock.unlocks)));
        }
        if clock.rival.is_some() {
            ui.label(format!("races {}", other(clock.rival)));
        }
        if ui.small_button("Tick").clicked() {
            clock_change(ctx, ClockChange::Tick { index: i, by: 1 });
        }
        if ui.small_button("Untick").clicked() {
            clock_change(ctx, ClockChange::Untick { index: i, by: 1 });
        }
        pair_menu_ui(ui, ctx, clocks, i);
        if ui
            .small_button("×")
            .on_hover_text("Remove this clock")
            .clicked()
        {
            clock_change(ctx, ClockChange::Remove(i));
        }
    });
}

/// Link this clock to another (the other stays locked until this fills) or race them.
fn pair_menu_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, clocks: &[Clock], i: usize) {
    ui.menu_button("Link or race…", |ui| {
        for (j, c) in clocks.iter().enumerate().filter(|(j, _)| *j != i) {
            let name = crate::app::text::name(&c.name);
            if ui.button(format!("Filling this unlocks {name}")).clicked() {
                clock_change(ctx, ClockChange::Link { first: i, then: j });
            }
            if ui.button(format!("Race {name}")).clicked() {
                clock_change(ctx, ClockChange::Race { a: i, b: j });
            }
        }
    });
}
