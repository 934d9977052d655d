//! The Light tool: a click on the map places a torch, lantern, candle or a light of the GM's own
//! radii (one command); the light picked with a click is edited in the tool's panel — radii,
//! colour, on/off, the token carrying it — one command per finished edit, checked with the
//! loader's own `check_light` first. Every light has a handle on the GM's map whose right-click
//! menu edits, switches, deletes or hands the light to a token.

use egui::{Color32, Painter, Pos2, Rect, Sense, Stroke, Ui, Vec2};

use super::pointer::MapPointer;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::board::footprint::{footprint_cells, footprint_centre};
use crate::board::grid::{cell_in_grid, point_in_grid};
use crate::board::light::light_centre;
use crate::model::{
    Command, Encounter, GridKind, Light, LightCommand, LightKind, MAX_LIGHT_RANGE_CELLS,
    MAX_LIGHTS, Rgba, TokenId, check_light,
};

/// How near (points) a press must come to a light to pick it rather than place a new one.
const HANDLE_POINTS: f32 = 9.0;

/// The colours a light can take in one click: flame, lamp, daylight white, magic blue, eerie
/// green, ember red.
const SWATCHES: [(&str, Rgba); 6] = [
    ("Flame", [255, 190, 110, 255]),
    ("Lamp", [255, 225, 160, 255]),
    ("White", [255, 255, 255, 255]),
    ("Blue", [140, 180, 255, 255]),
    ("Green", [140, 255, 150, 255]),
    ("Red", [255, 110, 90, 255]),
];

/// The Light tool's state. View state: never saved.
#[derive(Debug)]
pub struct LightTool {
    /// What a click places.
    preset: LightKind,
    /// The radii (bright, dim) in cells a custom light gets.
    custom_cells: (f64, f64),
    /// The light being edited.
    editor: Option<Editor>,
}

impl Default for LightTool {
    fn default() -> Self {
        Self {
            preset: LightKind::Torch,
            custom_cells: LightKind::Custom.radii_cells(),
            editor: None,
        }
    }
}

/// One light's edit in progress: the light as the encounter has it and the GM's draft of it.
#[derive(Debug)]
struct Editor {
    index: usize,
    /// The light as last seen in the encounter: when the encounter's differs (an undo, a menu),
    /// the draft starts again from it.
    seen: Option<Light>,
    draft: Option<Light>,
}

impl LightTool {
    /// Edits light `index` in the panel.
    pub fn edit(&mut self, index: usize) {
        self.editor = Some(Editor {
            index,
            seen: None,
            draft: None,
        });
    }

    /// The light being edited, if any.
    pub fn editing(&self) -> Option<usize> {
        self.editor.as_ref().map(|e| e.index)
    }

    /// The light a click at `pos_in_ui` places.
    fn light_at(
        &self,
        encounter: &Encounter,
        pos_in_ui: Pos2,
        t: &MapTransform,
        free: bool,
    ) -> Light {
        let grid = encounter.map.grid;
        let point = t.grid_from_ui(pos_in_ui);
        // Gridless maps and Shift place anywhere; otherwise in the middle of the cell.
        let position = if free || grid == GridKind::Gridless {
            point
        } else {
            point_in_grid(grid, cell_in_grid(grid, point))
        };
        let mut light = Light::preset(self.preset, position);
        if self.preset == LightKind::Custom {
            let (bright, dim) = self.custom_cells;
            light.bright_cells = Some(bright.min(dim));
            light.range_cells = dim;
        }
        light
    }

    /// Previews the light under the pointer and places one where the primary button goes down
    /// on the map (carried by the token there, if any) — unless it goes down on a light, which
    /// is then picked for editing.
    pub fn place_ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &Painter,
        t: &MapTransform,
        pointer: &MapPointer,
    ) {
        let encounter = ctx.encounter;
        let free = ui.input(|i| i.modifiers.shift);
        if let Some(pos) = pointer.pos_in_ui.filter(|_| pointer.over_map)
            && light_near(encounter, pos, t).is_none()
        {
            paint_preview(painter, &self.light_at(encounter, pos, t, free), t);
        }
        let Some(press) = pointer.press_in_ui else {
            return;
        };
        if let Some(index) = light_near(encounter, press, t) {
            self.edit(index);
            return;
        }
        if encounter.lights.len() >= MAX_LIGHTS {
            return;
        }
        let mut light = self.light_at(encounter, press, t, free);
        // On a token, the token carries it.
        let cell = cell_in_grid(encounter.map.grid, t.grid_from_ui(press));
        if let Some(token) = encounter
            .tokens
            .iter()
            .rev()
            .find(|tk| footprint_cells(encounter.map.grid, tk.size, tk.cell).contains(&cell))
        {
            light = attached(encounter, &light, token.id);
        }
        self.edit(encounter.lights.len());
        ctx.command(Command::Light(LightCommand::Add { light, index: None }));
    }

    /// The tool's panel beside the tool column: what a click places, and the picked light.
    pub fn panel_ui(&mut self, ui: &Ui, ctx: &mut PaneContext<'_>, at: Rect) {
        egui::Window::new("Light sources")
            .fixed_pos(at.min)
            .resizable(false)
            .collapsible(false)
            .show(ui.ctx(), |ui| {
                self.presets_ui(ui);
                ui.separator();
                self.editor_ui(ui, ctx);
            });
    }

    fn presets_ui(&mut self, ui: &mut Ui) {
        ui.label("A click on the map places:");
        ui.horizontal(|ui| {
            for kind in [
                LightKind::Torch,
                LightKind::Lantern,
                LightKind::Candle,
                LightKind::Custom,
            ] {
                let name = if kind == LightKind::Custom {
                    "Custom"
                } else {
                    kind.label()
                };
                let (bright, dim) = kind.radii_cells();
                let hint = format!("Bright {bright} cells, dim to {dim} cells");
                let hint = if kind == LightKind::Custom {
                    "Radii of your own".to_owned()
                } else {
                    hint
                };
                if ui
                    .selectable_label(self.preset == kind, name)
                    .on_hover_text(hint)
                    .clicked()
                {
                    self.preset = kind;
                }
            }
        });
        if self.preset == LightKind::Custom {
            let (bright, dim) = &mut self.custom_cells;
            let _ = radii_ui(ui, "custom", bright, dim);
        }
        ui.weak("Shift: anywhere, not the cell's middle");
    }

    /// The picked light's fields; a finished edit (the pointer let go, no field being typed
    /// in) queues one command, when `check_light` accepts it.
    fn editor_ui(&mut self, ui: &mut Ui, ctx: &mut PaneContext<'_>) {
        let encounter = ctx.encounter;
        let Some(editor) = &mut self.editor else {
            ui.weak("Click a light to edit it");
            return;
        };
        let Some(light) = encounter.lights.get(editor.index) else {
            // Placed this frame, or gone: an Add shows up next frame, a removal closes.
            if editor.seen.is_some() {
                self.editor = None;
            }
            ui.weak("Click a light to edit it");
            return;
        };
        if editor.seen.as_ref() != Some(light) {
            editor.seen = Some(light.clone());
            editor.draft = Some(light.clone());
        }
        let Some(draft) = &mut editor.draft else {
            return;
        };
        ui.strong(format!(
            "Editing {}",
            handle_label(encounter, editor.index, light)
        ));
        let busy = fields_ui(ui, encounter, draft);
        let checked = check_light(draft);
        if let Err(err) = &checked {
            ui.colored_label(ui.visuals().error_fg_color, err.to_string());
        }
        let index = editor.index;
        let (delete, done) = ui
            .horizontal(|ui| {
                let delete = ui.button("Delete light").clicked();
                (delete, ui.button("Done").clicked())
            })
            .inner;
        // Done keeps what is in the fields even while one is still being typed in or the
        // colour picker is open (the click that closes the picker is Done's own).
        let settled = done || (!busy && !ui.input(|i| i.pointer.any_down()));
        if checked.is_ok() && !delete && settled && Some(&*draft) != editor.seen.as_ref() {
            ctx.command(update(index, draft.clone()));
        }
        if delete {
            ctx.command(Command::Light(LightCommand::Remove(index)));
        }
        if delete || done {
            self.editor = None;
        }
    }
}

/// The draft's fields. Returns whether one of them is being typed in.
fn fields_ui(ui: &mut Ui, encounter: &Encounter, draft: &mut Light) -> bool {
    let mut bright = draft.bright_radius();
    let mut dim = draft.dim_radius();
    let (busy, changed) = radii_ui(ui, "light", &mut bright, &mut dim);
    if changed {
        draft.bright_cells = Some(bright.min(dim));
        draft.range_cells = dim;
    }
    let busy = blinding_ui(ui, draft) || busy;
    ui.checkbox(&mut draft.on, "On");
    let picking = colour_ui(ui, &mut draft.color);
    carrier_ui(ui, encounter, draft);
    busy || picking
}

/// The blinding radius field (Evening, Lighting: light far brighter than normal, an obscured
/// area), within the bright radius; 0 blinds nowhere. Returns whether it is being typed in.
fn blinding_ui(ui: &mut Ui, draft: &mut Light) -> bool {
    let mut blinding = draft.blinding_radius();
    let bright = draft.bright_radius();
    let field = ui
        .horizontal(|ui| {
            let label = ui.label("Blinding radius");
            let field = egui::DragValue::new(&mut blinding)
                .range(0.0..=bright)
                .speed(0.1)
                .suffix(" cells");
            ui.add(field)
                .labelled_by(label.id)
                .on_hover_text("Light far brighter than normal: an obscured area (Evening)")
        })
        .inner;
    if field.changed() {
        draft.blinding_cells = (blinding > 0.0).then_some(blinding);
    }
    field.has_focus()
}

/// Bright and dim radius fields, in cells. Returns whether one is being typed in, and whether
/// one changed.
fn radii_ui(ui: &mut Ui, salt: &str, bright: &mut f64, dim: &mut f64) -> (bool, bool) {
    let (mut busy, mut changed) = (false, false);
    egui::Grid::new(("light_radii", salt))
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label("Bright radius");
            let field = egui::DragValue::new(bright)
                .range(0.0..=*dim)
                .speed(0.1)
                .suffix(" cells");
            let field = ui.add(field).labelled_by(label.id);
            busy |= field.has_focus();
            changed |= field.changed();
            ui.end_row();
            let label = ui.label("Dim radius");
            let field = egui::DragValue::new(dim)
                .range(0.0..=MAX_LIGHT_RANGE_CELLS)
                .speed(0.1)
                .suffix(" cells");
            let field = ui.add(field).labelled_by(label.id);
            busy |= field.has_focus();
            changed |= field.changed();
            ui.end_row();
        });
    (busy, changed)
}

/// A row of colour swatches (one click each) and a full picker. Returns whether the picker is
/// open: its sliders and number fields change the colour on every drag step and keystroke, so
/// the edit is kept as one command when the picker closes, not one per change.
fn colour_ui(ui: &mut Ui, colour: &mut Rgba) -> bool {
    ui.horizontal(|ui| {
        ui.label("Colour");
        for (name, swatch) in SWATCHES {
            let [r, g, b, _] = swatch;
            let (rect, response) = ui.allocate_exact_size(Vec2::splat(16.0), Sense::click());
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
            let stroke = if *colour == swatch {
                Stroke::new(2.0, ui.visuals().strong_text_color())
            } else {
                Stroke::new(1.0, Color32::from_gray(60))
            };
            ui.painter().rect(
                rect,
                3.0,
                Color32::from_rgb(r, g, b),
                stroke,
                egui::StrokeKind::Inside,
            );
            if response.on_hover_text(name).clicked() {
                *colour = swatch;
            }
        }
        let [r, g, b, a] = *colour;
        let mut picked = Color32::from_rgba_unmultiplied(r, g, b, a);
        // The id egui's colour button gives its picker: the next automatic id of this ui.
        let picker = ui.auto_id_with("popup");
        let open = egui::Popup::is_id_open(ui.ctx(), picker);
        if ui.color_edit_button_srgba(&mut picked).changed() {
            *colour = picked.to_srgba_unmultiplied();
        }
        open || egui::Popup::is_id_open(ui.ctx(), picker)
    })
    .inner
}

/// Who carries the light: nobody (it stays where it is) or a token, which it then follows.
fn carrier_ui(ui: &mut Ui, encounter: &Encounter, draft: &mut Light) {
    let name = |id: Option<TokenId>| {
        id.and_then(|id| encounter.token(id)).map_or_else(
            || "Nobody (on the map)".to_owned(),
            |t| crate::app::text::name(&t.name).into_owned(),
        )
    };
    let label = ui.label("Carried by");
    egui::ComboBox::from_id_salt("light_carrier")
        .selected_text(name(draft.carried_by))
        .show_ui(ui, |ui| {
            if ui
                .selectable_label(draft.carried_by.is_none(), name(None))
                .clicked()
            {
                *draft = detached(encounter, draft);
            }
            for token in &encounter.tokens {
                let on = draft.carried_by == Some(token.id);
                let label = crate::app::text::name(&token.name);
                if ui.selectable_label(on, label.as_ref()).clicked() && !on {
                    *draft = attached(encounter, draft, token.id);
                }
            }
        })
        .response
        .labelled_by(label.id);
}

/// `light` left on the map where it shines now.
fn detached(encounter: &Encounter, light: &Light) -> Light {
    Light {
        position: light_centre(encounter, light),
        carried_by: None,
        ..light.clone()
    }
}

/// `light` handed to token `id`.
fn attached(encounter: &Encounter, light: &Light, id: TokenId) -> Light {
    let position = encounter.token(id).map_or(light.position, |t| {
        footprint_centre(encounter.map.grid, t.size, t.cell)
    });
    Light {
        position,
        carried_by: Some(id),
        ..light.clone()
    }
}

fn update(index: usize, light: Light) -> Command {
    Command::Light(LightCommand::Update { index, light })
}

/// "Torch 2", "Light 3 (Aria)": a light's handle, numbered as in the list.
pub fn handle_label(encounter: &Encounter, index: usize, light: &Light) -> String {
    let carrier = light
        .carried_by
        .and_then(|id| encounter.token(id))
        .map(|t| format!(" ({})", crate::app::text::name(&t.name)))
        .unwrap_or_default();
    format!("{} {}{carrier}", light.kind.label(), index + 1)
}

/// The light whose centre lies within a handle's reach of `pos_in_ui`, nearest first.
fn light_near(encounter: &Encounter, pos_in_ui: Pos2, t: &MapTransform) -> Option<usize> {
    encounter
        .lights
        .iter()
        .enumerate()
        .map(|(i, l)| {
            (
                i,
                t.ui_from_grid(light_centre(encounter, l))
                    .distance(pos_in_ui),
            )
        })
        .filter(|(_, d)| *d <= HANDLE_POINTS)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// The radii of the light a click would place, faintly.
fn paint_preview(painter: &Painter, light: &Light, t: &MapTransform) {
    let [r, g, b, _] = light.color;
    let colour = Color32::from_rgb(r, g, b).gamma_multiply(0.5);
    let centre = t.ui_from_grid(light.position);
    painter.circle_stroke(
        centre,
        t.points(light.dim_radius()),
        Stroke::new(1.0, colour),
    );
    painter.circle_stroke(
        centre,
        t.points(light.bright_radius()),
        Stroke::new(1.5, colour),
    );
    painter.circle_filled(centre, 4.0, colour);
}

/// A handle on each light for its right-click menu (and an accessible name): free lights
/// always, carried ones only with the Light tool, so a token keeps its own clicks otherwise.
pub fn handles_ui(
    ui: &Ui,
    ctx: &mut PaneContext<'_>,
    tool: &mut LightTool,
    light_tool_on: bool,
    t: &MapTransform,
) -> Option<usize> {
    let encounter = ctx.encounter;
    let (mut picked, mut deleted) = (None, None);
    for (index, light) in encounter.lights.iter().enumerate() {
        if light.carried_by.is_some() && !light_tool_on {
            continue;
        }
        let centre = t.ui_from_grid(light_centre(encounter, light));
        let rect = Rect::from_center_size(centre, Vec2::splat(HANDLE_POINTS * 2.0));
        if !ui.clip_rect().intersects(rect) {
            continue;
        }
        let response = ui.interact(
            rect,
            ui.scope_id().with(("light_handle", index)),
            Sense::click(),
        );
        let label = handle_label(encounter, index, light);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        if tool.editing() == Some(index) && light_tool_on {
            ui.painter()
                .circle_stroke(centre, HANDLE_POINTS, Stroke::new(2.0, Color32::WHITE));
        }
        response.context_menu(|ui| match light_menu_ui(ui, ctx, index, light) {
            Some(MenuChoice::Edit) => picked = Some(index),
            Some(MenuChoice::Deleted) => deleted = Some(index),
            None => {}
        });
    }
    // A deletion moves the lights after it down one: the panel lets go of them.
    if deleted.is_some_and(|d| tool.editing().is_some_and(|e| e >= d)) {
        tool.editor = None;
    }
    if let Some(index) = picked {
        tool.edit(index);
    }
    picked
}

/// What a light's menu asks of the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MenuChoice {
    Edit,
    Deleted,
}

/// A light's right-click menu. Returns "Edit light…" or "Delete light" when chosen.
fn light_menu_ui(
    ui: &mut Ui,
    ctx: &mut PaneContext<'_>,
    index: usize,
    light: &Light,
) -> Option<MenuChoice> {
    let encounter = ctx.encounter;
    let mut edit = false;
    if ui.button("Edit light…").clicked() {
        edit = true;
        ui.close();
    }
    let switch = if light.on { "Turn off" } else { "Turn on" };
    if ui.button(switch).clicked() {
        ctx.command(update(
            index,
            Light {
                on: !light.on,
                ..light.clone()
            },
        ));
        ui.close();
    }
    if light.carried_by.is_some()
        && ui
            .button("Leave it here")
            .on_hover_text("Nobody carries it; it stays where it shines now")
            .clicked()
    {
        ctx.command(update(index, detached(encounter, light)));
        ui.close();
    }
    ui.menu_button("Attach to token", |ui| {
        if encounter.tokens.is_empty() {
            ui.weak("No tokens on the map");
        }
        egui::ScrollArea::vertical()
            .max_height(300.0)
            .show(ui, |ui| {
                for token in &encounter.tokens {
                    let on = light.carried_by == Some(token.id);
                    let label = crate::app::text::name(&token.name);
                    if ui.selectable_label(on, label.as_ref()).clicked() {
                        if !on {
                            ctx.command(update(index, attached(encounter, light, token.id)));
                        }
                        ui.close();
                    }
                }
            });
    });
    if ui.button("Delete light").clicked() {
        ctx.command(Command::Light(LightCommand::Remove(index)));
        ui.close();
        return Some(MenuChoice::Deleted);
    }
    edit.then_some(MenuChoice::Edit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, GridPoint, RuleSystem, Side, Token};

    #[test]
    fn attaching_follows_the_token_and_leaving_keeps_where_it_shone() {
        let mut enc = Encounter::new("lights", RuleSystem::Evening);
        enc.tokens
            .push(Token::new(TokenId(7), "Aria", Side::Party, Cell::new(3, 4)));
        let torch = Light::preset(LightKind::Torch, GridPoint::new(0.5, 0.5));
        let carried = attached(&enc, &torch, TokenId(7));
        assert_eq!(carried.carried_by, Some(TokenId(7)));
        assert_eq!(carried.position, GridPoint::new(3.5, 4.5));
        enc.tokens[0].cell = Cell::new(6, 1);
        let left = detached(&enc, &carried);
        assert_eq!(left.carried_by, None);
        assert_eq!(left.position, GridPoint::new(6.5, 1.5));
    }
}
