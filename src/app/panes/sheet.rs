//! The Sheet pane: the selected token's rule numbers in the encounter's system, as the core
//! computes them (`combat::sheet`). Typed numbers are edited here, each edit one command and
//! one undo step; derived numbers are shown with where they come from on hover.

use egui::{DragValue, Id, RichText};

use crate::app::PaneContext;
use crate::combat::sheet::{SheetNumber, SheetSection, Source, edit, edit_size, sheet};
use crate::model::{SizeCategory, TokenId};

/// The egui memory key the token menu sets to ask the app to show this pane.
pub const SHOW_SHEET: &str = "lantern_show_sheet";

/// Asks the app to bring the Sheet pane forward at the end of the frame.
pub fn request_show(ctx: &egui::Context) {
    ctx.data_mut(|d| d.insert_temp(Id::unique(SHOW_SHEET), true));
}

/// Draws the sheet of the one selected token.
pub fn sheet_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    let Some(token) = ctx.selection.first().copied() else {
        ui.label("Select a token to see its sheet.");
        return;
    };
    let Some(sections) = sheet(ctx.encounter, token) else {
        return;
    };
    let name = ctx.encounter.token(token).map_or_else(String::new, |t| {
        crate::app::text::name(&t.name).into_owned()
    });
    ui.heading(format!("{name} · {}", ctx.encounter.system.label()));
    if ctx.selection.len() > 1 {
        ui.label(RichText::new("Several tokens are selected: this is the first.").weak());
    }
    egui::ScrollArea::both()
        .id_salt("sheet_scroll")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for section in &sections {
                section_ui(ui, ctx, token, section);
            }
            size_ui(ui, ctx, token);
        });
}

fn section_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, s: &SheetSection) {
    ui.add_space(4.0);
    ui.label(RichText::new(&s.title).strong());
    let per_row = s.per_row.max(1);
    egui::Grid::new(("sheet_section", &s.title))
        .num_columns(2 * per_row)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for row in s.numbers.chunks(per_row) {
                // Later numbers on a line drop the first one's name: "Might 2 · shift 1 · …".
                let lead = row.first().map_or("", |n| n.label.as_str());
                for number in row {
                    let shown = if number.label == lead {
                        number.label.as_str()
                    } else {
                        number
                            .label
                            .strip_prefix(lead)
                            .unwrap_or(&number.label)
                            .trim()
                    };
                    number_ui(ui, ctx, token, number, shown);
                }
                ui.end_row();
            }
        });
}

fn number_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    n: &SheetNumber,
    shown: &str,
) {
    match &n.source {
        Source::Typed { field, min, max } => {
            ui.label(shown);
            let id = Id::unique(("sheet_field", token.0, &n.label));
            if let Some(value) = edit_number_ui(ui, id, &n.label, n.value, *min..=*max) {
                match edit(ctx.encounter, token, *field, value) {
                    Ok(command) => ctx.command(command),
                    // The field's range keeps this from happening; say so rather than hide it.
                    Err(err) => {
                        ui.label(RichText::new(err.to_string()).color(ui.visuals().error_fg_color));
                    }
                }
            }
        }
        Source::Derived(how) => {
            ui.label(shown).on_hover_text(how);
            ui.label(RichText::new(n.value.to_string()).strong())
                .on_hover_text(how);
        }
    }
}

/// A number field that returns the new value once per gesture: a drag edits a copy kept in
/// egui's temporary memory and commits on release; typing commits on Enter.
fn edit_number_ui(
    ui: &mut egui::Ui,
    id: Id,
    name: &str,
    current: i64,
    range: std::ops::RangeInclusive<i64>,
) -> Option<i64> {
    let mut value = ui.data(|d| d.get_temp::<i64>(id)).unwrap_or(current);
    let response = ui
        .add(DragValue::new(&mut value).range(range))
        .accessible_name(name);
    if response.dragged() {
        ui.data_mut(|d| d.insert_temp(id, value));
        return None;
    }
    ui.data_mut(|d| d.remove::<i64>(id));
    (value != current).then_some(value)
}

/// The token's size category (Evening, Size), which also sets its footprint on the map.
fn size_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) {
    let Some(current) = ctx.encounter.token(token).map(|t| t.size) else {
        return;
    };
    let mut size = current;
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        egui::ComboBox::new(("sheet_size", token.0), "Size")
            .selected_text(size.label())
            .show_ui(ui, |ui| {
                for s in SizeCategory::ALL {
                    ui.selectable_value(&mut size, s, s.label());
                }
            });
    });
    if size != current
        && let Ok(command) = edit_size(ctx.encounter, token, size)
    {
        ctx.command(command);
    }
}
