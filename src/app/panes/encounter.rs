//! Encounter: name, rule system and map settings, every edit a command and one undo step.

use crate::app::PaneContext;
use crate::board::degree::cover_ruling_effect;
use crate::board::footprint::gather_onto_resized_map;
use crate::combat::system_switch::switch_system;
use crate::dice::DiceRng;
use crate::model::{
    CellLength, Command, DiagonalRule, Encounter, GridKind, LengthUnit, MapSpec, RuleSystem,
};

/// Draws the Encounter pane. `rng` sets a running fight's order up again when the system
/// changes (`combat::system_switch`).
pub fn encounter_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    // In a narrow column (a 1024-point window) each field goes under its label, whole, rather
    // than beside it and cut off at the pane's edge.
    let narrow = ui.available_width() < NARROW_WIDTH;
    ui.data_mut(|d| d.insert_temp(narrow_id(), narrow));
    egui::Grid::new("encounter_settings")
        .num_columns(if narrow { 1 } else { 2 })
        .spacing([12.0, if narrow { 4.0 } else { 8.0 }])
        .show(ui, |ui| settings_rows_ui(ui, ctx, rng));
}

/// Below this width the pane puts each field under its label.
const NARROW_WIDTH: f32 = 330.0;

fn narrow_id() -> egui::Id {
    egui::Id::unique("encounter_pane_narrow")
}

/// A row's label; in a narrow pane the field then starts a row of its own.
fn row_label(ui: &mut egui::Ui, text: &str) -> egui::Response {
    let label = ui.label(text);
    if ui
        .data(|d| d.get_temp::<bool>(narrow_id()))
        .unwrap_or(false)
    {
        ui.end_row();
    }
    label
}

fn settings_rows_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    let encounter = ctx.encounter;
    let label = row_label(ui, "Encounter name");
    if let Some(name) = name_edit_ui(ui, &encounter.name, label.id) {
        ctx.command(Command::SetName(name));
    }
    ui.end_row();

    row_label(ui, "Rule system");
    let systems = RuleSystem::ALL.map(|s| (s, s.label()));
    if let Some(system) = choice_ui(ui, "Rule system", encounter.system, &systems) {
        // With initiative running, the order is set up again the new system's way in the same
        // undo step (`combat::system_switch`).
        ctx.command(switch_system(encounter, system, rng.generator()));
    }
    ui.end_row();

    rulings_rows_ui(ui, ctx, encounter);
    map_rows_ui(ui, ctx, encounter);
}

/// The GM's rulings where the system's text is silent: cover in Post core and 3d6, whose texts
/// have no cover rule. Each toggle is one command.
fn rulings_rows_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, encounter: &Encounter) {
    let Some(what) = cover_ruling_effect(encounter.system) else {
        return;
    };
    row_label(ui, "Rulings");
    let mut cover = encounter.rulings.cover;
    let hover = format!(
        "{} has no cover rule. On, an attack on a target the map shows in cover counts it ({what}); off, the Dice pane shows the cover line switched off.",
        encounter.system.label()
    );
    if ui
        .checkbox(&mut cover, "Cover as a ruling")
        .on_hover_text(hover)
        .changed()
    {
        let mut rulings = encounter.rulings;
        rulings.cover = cover;
        ctx.command(Command::SetRulings(rulings));
    }
    ui.end_row();
}

fn map_rows_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, encounter: &Encounter) {
    let map = &encounter.map;
    row_label(ui, "Grid");
    let grids = GridKind::ALL.map(|g| (g, g.label()));
    if let Some(grid) = choice_ui(ui, "Grid", map.grid, &grids) {
        let new = MapSpec {
            grid,
            ..map.clone()
        };
        ctx.command(with_tokens_on(encounter, &new, Command::SetGrid(grid)));
    }
    ui.end_row();

    row_label(ui, "Map size");
    if let Some((width_cells, height_cells)) = map_size_ui(ui, map) {
        let new = MapSpec {
            width_cells,
            height_cells,
            ..map.clone()
        };
        let resize = Command::SetMapSize {
            width_cells,
            height_cells,
        };
        ctx.command(with_tokens_on(encounter, &new, resize));
    }
    ui.end_row();

    row_label(ui, "Cell length");
    if let Some(length) = cell_length_ui(ui, map.cell_length) {
        ctx.command(Command::SetCellLength(length));
    }
    ui.end_row();

    row_label(ui, "Diagonals");
    let rules = DiagonalRule::ALL.map(|d| (d, d.label()));
    if let Some(rule) = choice_ui(ui, "Diagonals", map.diagonal, &rules) {
        ctx.command(Command::SetDiagonal(rule));
    }
    ui.end_row();
}

/// A text field that edits a copy of the name and hands it back once, on Enter or focus loss,
/// so a rename is one undo step rather than one per keystroke.
fn name_edit_ui(ui: &mut egui::Ui, name: &str, label: egui::Id) -> Option<String> {
    if crate::app::text::too_long_to_edit(name) {
        return crate::app::text::too_long_ui(ui, name, crate::app::text::NAME_CHARS);
    }
    let buffer_id = ui.make_persistent_id("encounter_name_buffer");
    let mut text = ui
        .data(|d| d.get_temp::<String>(buffer_id))
        .unwrap_or_else(|| name.to_owned());
    let response = ui
        .add(
            egui::TextEdit::singleline(&mut text)
                .desired_width(150.0)
                .char_limit(crate::model::validate::MAX_NAME_CHARS),
        )
        .labelled_by(label);
    if response.has_focus() {
        ui.data_mut(|d| d.insert_temp(buffer_id, text));
        return None;
    }
    ui.data_mut(|d| d.remove::<String>(buffer_id));
    (response.lost_focus() && text != name).then_some(text)
}

/// A combo box over `options`; returns the newly picked value. `id_salt` doubles as its name.
fn choice_ui<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    id_salt: &str,
    current: T,
    options: &[(T, &str)],
) -> Option<T> {
    let selected_text = options
        .iter()
        .find(|(value, _)| *value == current)
        .map_or("", |(_, text)| *text);
    let mut picked = None;
    egui::ComboBox::from_id_salt(id_salt)
        .selected_text(selected_text)
        .show_ui(ui, |ui| {
            for (value, text) in options {
                if ui.selectable_label(*value == current, *text).clicked() && *value != current {
                    picked = Some(*value);
                }
            }
        })
        .response
        .on_hover_text(id_salt)
        // Named by its row's label, so a screen reader (and a test) finds "Rule system".
        .widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::Role::ComboBox, true, id_salt);
            info.current_text_value = Some(selected_text.to_owned());
            info
        });
    picked
}

/// `change` to the map, and in the same step the moves that bring tokens it would leave beyond
/// the map's edges back onto it (`board::footprint::gather_onto_resized_map`).
fn with_tokens_on(encounter: &Encounter, new: &MapSpec, change: Command) -> Command {
    let moves = gather_onto_resized_map(new, &encounter.obstacle_cells, &encounter.tokens);
    if moves.is_empty() {
        return change;
    }
    let mut commands = vec![change];
    commands.extend(moves);
    Command::Batch(commands)
}

/// The new `(width, height)` once either field's edit is finished.
fn map_size_ui(ui: &mut egui::Ui, map: &MapSpec) -> Option<(u32, u32)> {
    let range = 1..=MapSpec::MAX_CELLS;
    ui.horizontal_wrapped(|ui| {
        let width = committed_drag_ui(ui, "Map width", map.width_cells, range.clone(), " wide");
        ui.label("×");
        let height = committed_drag_ui(ui, "Map height", map.height_cells, range, " high");
        (width.is_some() || height.is_some()).then(|| {
            (
                width.unwrap_or(map.width_cells),
                height.unwrap_or(map.height_cells),
            )
        })
    })
    .inner
}

fn cell_length_ui(ui: &mut egui::Ui, length: CellLength) -> Option<CellLength> {
    ui.horizontal(|ui| {
        let value = committed_drag_ui(ui, "Cell length value", length.value, 0.1..=1000.0, "");
        let units = [LengthUnit::Feet, LengthUnit::Metres].map(|u| (u, u.abbreviation()));
        let unit = choice_ui(ui, "Unit", length.unit, &units);
        (value.is_some() || unit.is_some()).then(|| CellLength {
            value: value.unwrap_or(length.value),
            unit: unit.unwrap_or(length.unit),
        })
    })
    .inner
}

/// A drag value that edits a local copy and returns the new value once per gesture: when a drag
/// ends, typing ends, or a single step (arrow key) changes it.
/// `id_salt` doubles as the field's accessible name.
fn committed_drag_ui<T>(
    ui: &mut egui::Ui,
    id_salt: &str,
    current: T,
    range: std::ops::RangeInclusive<T>,
    suffix: &str,
) -> Option<T>
where
    T: egui::emath::Numeric + Send + Sync + 'static,
{
    let buffer_id = ui.make_persistent_id(id_salt);
    let mut value = ui.data(|d| d.get_temp::<T>(buffer_id)).unwrap_or(current);
    let response = ui
        .add(
            egui::DragValue::new(&mut value)
                .range(range)
                .clamp_existing_to_range(false)
                .suffix(suffix),
        )
        .on_hover_text(id_salt)
        .accessible_name(id_salt);
    let editing = response.dragged() || response.has_focus();
    let finished =
        response.drag_stopped() || response.lost_focus() || (response.changed() && !editing);
    if editing && !finished {
        ui.data_mut(|d| d.insert_temp(buffer_id, value));
        return None;
    }
    ui.data_mut(|d| d.remove::<T>(buffer_id));
    (finished && value != current).then_some(value)
}
