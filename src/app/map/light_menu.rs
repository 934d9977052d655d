//! The GM's light controls: the ambient light and the map's lights in the fog toolbar, and a
//! token's light and senses in its context menu. Every change is one command.

use egui::Ui;

use crate::app::PaneContext;
use crate::board::footprint::footprint_centre;
use crate::model::{
    Ambient, Command, Encounter, Light, LightCommand, LightKind, MAX_SENSE_RANGE_CELLS, Senses,
    Token, TokenId,
};

/// The ambient light, one click each.
pub fn ambient_ui(ui: &mut Ui, encounter: &Encounter, commands: &mut Vec<Command>) {
    for ambient in Ambient::ALL {
        let on = encounter.ambient == ambient;
        if ui
            .selectable_label(on, ambient.label())
            .on_hover_text("Ambient light where no light source reaches")
            .clicked()
            && !on
        {
            commands.push(Command::Light(LightCommand::SetAmbient(ambient)));
        }
    }
}

/// Every light of the map, each with an on/off switch and a remove button.
pub fn lights_menu_ui(ui: &mut Ui, encounter: &Encounter, commands: &mut Vec<Command>) {
    ui.menu_button("Lights", |ui| {
        if encounter.lights.is_empty() {
            ui.label("No lights: place one with the Light tool (L) or give a token a torch from its menu");
        }
        let all_on = encounter.lights.iter().all(|l| l.on);
        if !encounter.lights.is_empty() {
            let label = if all_on { "All off" } else { "All on" };
            if ui.button(label).clicked() {
                let batch = encounter
                    .lights
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| l.on == all_on)
                    .map(|(index, l)| switched(index, l, !all_on))
                    .collect();
                commands.push(Command::Batch(batch));
            }
            ui.separator();
        }
        for (index, light) in encounter.lights.iter().enumerate() {
            ui.horizontal(|ui| {
                let mut on = light.on;
                if ui
                    .checkbox(&mut on, light_name(encounter, index, light))
                    .clicked()
                {
                    commands.push(switched(index, light, on));
                }
                if ui.small_button("Remove").clicked() {
                    commands.push(Command::Light(LightCommand::Remove(index)));
                }
            });
        }
    });
}

/// The command turning light `index` on or off.
fn switched(index: usize, light: &Light, on: bool) -> Command {
    Command::Light(LightCommand::Update {
        index,
        light: Light {
            on,
            ..light.clone()
        },
    })
}

/// "Torch (Aria)", "Light 3".
fn light_name(encounter: &Encounter, index: usize, light: &Light) -> String {
    let carrier = light
        .carried_by
        .and_then(|id| encounter.token(id))
        .map(|t| format!(" ({})", crate::app::text::name(&t.name)));
    match (light.kind, carrier) {
        (LightKind::Custom, None) => format!("Light {}", index + 1),
        (kind, carrier) => format!("{}{}", kind.label(), carrier.unwrap_or_default()),
    }
}

/// The indices of the lights `token` carries.
fn carried(encounter: &Encounter, token: TokenId) -> Vec<usize> {
    (0..encounter.lights.len())
        .filter(|&i| encounter.lights[i].carried_by == Some(token))
        .collect()
}

/// A token's light (carry a torch, lantern or candle; put it out; leave one where it stands)
/// and its senses.
pub fn token_light_menu_ui(ui: &mut Ui, ctx: &mut PaneContext<'_>, token: &Token) {
    let encounter = ctx.encounter;
    let at = footprint_centre(encounter.map.grid, token.size, token.cell);
    let held = carried(encounter, token.id);
    ui.menu_button("Light", |ui| {
        for kind in LightKind::PRESETS {
            if ui
                .button(format!("Carry a {}", kind.label().to_lowercase()))
                .clicked()
            {
                ctx.command(Command::Light(LightCommand::Add {
                    light: Light::carried(kind, token.id, at),
                    index: None,
                }));
                ui.close();
            }
        }
        if ui
            .add_enabled(!held.is_empty(), egui::Button::new("Put out"))
            .on_hover_text("Remove the lights this token carries")
            .clicked()
        {
            // Highest index first, so each removal leaves the others' indices as they were.
            let batch = held
                .iter()
                .rev()
                .map(|&i| Command::Light(LightCommand::Remove(i)))
                .collect();
            ctx.command(Command::Batch(batch));
            ui.close();
        }
        if ui
            .button("Leave a torch here")
            .on_hover_text("A torch on the map where this token stands")
            .clicked()
        {
            ctx.command(Command::Light(LightCommand::Add {
                light: Light::preset(LightKind::Torch, at),
                index: None,
            }));
            ui.close();
        }
    });
    ui.menu_button("Senses", |ui| {
        let darkvision = Senses::Darkvision {
            range_cells: Senses::DEFAULT_DARKVISION_CELLS,
        };
        for senses in [Senses::Normal, darkvision, Senses::Blind] {
            let on = std::mem::discriminant(&token.senses) == std::mem::discriminant(&senses);
            if ui.selectable_label(on, senses.label()).clicked() {
                if !on {
                    ctx.command(Command::UpdateToken(Token {
                        senses,
                        ..token.clone()
                    }));
                }
                ui.close();
            }
        }
        if let Senses::Darkvision { range_cells } = token.senses {
            darkvision_range_ui(ui, ctx, token, range_cells);
        }
    });
}

/// Darkvision's range: a step of one cell either way, or a common range, one command a click.
fn darkvision_range_ui(ui: &mut Ui, ctx: &mut PaneContext<'_>, token: &Token, range_cells: u32) {
    let mut range = range_cells;
    ui.separator();
    ui.horizontal(|ui| {
        ui.label("Range");
        if ui
            .small_button("−")
            .on_hover_text("One cell less")
            .clicked()
        {
            range = range.saturating_sub(1);
        }
        ui.label(format!("{range_cells} cells"));
        if ui
            .small_button("+")
            .on_hover_text("One cell more")
            .clicked()
        {
            range = (range + 1).min(MAX_SENSE_RANGE_CELLS);
        }
    });
    ui.horizontal(|ui| {
        // 30, 60 and 120 feet on 5-foot cells.
        for cells in [6, 12, 24] {
            if ui
                .selectable_label(range_cells == cells, format!("{cells}"))
                .clicked()
            {
                range = cells;
            }
        }
    });
    if range != range_cells {
        ctx.command(Command::UpdateToken(Token {
            senses: Senses::Darkvision { range_cells: range },
            ..token.clone()
        }));
    }
}
