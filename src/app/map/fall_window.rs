//! Falling (Evening, Environment): a token's menu offers **Fall…**, and a small window asks the
//! height (the map holds none) in the map's own unit, shows the dice it deals, and rolls them:
//! the damage and Prone land as one undo step. The rule is the core's (`combat::falling`).

use egui::RichText;

use crate::app::PaneContext;
use crate::combat::falling::{MAX_FALL_FEET, fall, fall_dice, height_feet};
use crate::dice::DiceRng;
use crate::model::{Encounter, RuleSystem, TokenId};

/// The window's state: whose fall, and the height typed so far.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Falling {
    token: TokenId,
    height: f64,
}

fn state_id() -> egui::Id {
    egui::Id::unique("lantern_fall_window")
}

/// The accessible title of the window, for tests.
pub const WINDOW_TITLE: &str = "Fall";

/// "Fall…" in a token's menu (Evening only): opens the window for it.
pub fn fall_menu_ui(ui: &mut egui::Ui, encounter: &Encounter, token: TokenId) {
    if encounter.system != RuleSystem::Evening {
        return;
    }
    if ui
        .button("Fall…")
        .on_hover_text("1d6 bludgeoning per 10 feet fallen, up to 20d6; it lands prone")
        .clicked()
    {
        let falling = Falling {
            token,
            height: 10.0,
        };
        ui.ctx()
            .data_mut(|d| d.insert_temp(state_id(), Some(falling)));
        ui.close();
    }
}

/// The window, while a fall is being set up.
pub fn fall_window_ui(ui: &egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    let Some(mut falling) = ui
        .ctx()
        .data(|d| d.get_temp::<Option<Falling>>(state_id()))
        .flatten()
    else {
        return;
    };
    let Some(token) = ctx.encounter.token(falling.token) else {
        ui.ctx()
            .data_mut(|d| d.remove_temp::<Option<Falling>>(state_id()));
        return;
    };
    let who = crate::app::text::name(&token.name).into_owned();
    let unit = ctx.encounter.map.cell_length.unit;
    let mut open = true;
    let mut done = false;
    // Over the middle of the map, where the GM is looking.
    egui::Window::new(WINDOW_TITLE)
        .id(state_id().with("window"))
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ui.clip_rect().center())
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ui.ctx(), |ui| {
            ui.label(RichText::new(format!("{who} falls")).strong());
            ui.horizontal(|ui| {
                let label = ui.label("Height");
                ui.add(
                    egui::DragValue::new(&mut falling.height)
                        .range(0.0..=f64::from(MAX_FALL_FEET))
                        .suffix(format!(" {}", unit.abbreviation())),
                )
                .labelled_by(label.id);
            });
            let feet = height_feet(falling.height, unit);
            let dice = feet.map_or(0, fall_dice);
            ui.label(if dice == 0 {
                "Under 10 feet: no damage.".to_owned()
            } else {
                format!("{dice}d6 bludgeoning, then prone")
            });
            let roll = ui.add_enabled(feet.is_some(), egui::Button::new("Roll the fall"));
            if roll.clicked()
                && let Some(feet) = feet
            {
                let faces: Vec<u32> = (0..dice).map(|_| rng.die(6)).collect();
                match fall(ctx.encounter, falling.token, feet, &faces) {
                    Ok(command) => {
                        ctx.command(command);
                        done = true;
                    }
                    Err(why) => {
                        ui.label(RichText::new(why.to_string()).color(egui::Color32::LIGHT_RED));
                    }
                }
            }
        });
    let next = (open && !done).then_some(falling);
    ui.ctx().data_mut(|d| d.insert_temp(state_id(), next));
}
