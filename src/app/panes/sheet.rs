//! The Sheet pane: the selected token's rule numbers in the encounter's system, as the core
//! computes them (`combat::sheet`). Typed numbers are edited here, each edit one command and
//! one undo step; derived numbers are shown with where they come from on hover.

use egui::{DragValue, Id, RichText};

use crate::app::PaneContext;
use crate::combat::action::SheetSpot;
use crate::combat::sheet::{SheetNumber, SheetSection, Source, edit, edit_size, sheet};
use crate::model::{SizeCategory, TokenId};

/// What a number the sheet lacks shows (a 3d6 level nobody set).
const NOT_SET_WORDS: &str = "not set";

/// The egui memory key the token menu sets to ask the app to show this pane.
pub const SHOW_SHEET: &str = "lantern_show_sheet";

/// Where the pane was asked to point: a token and a spot on its sheet (a stand-in's button).
fn spot_id() -> Id {
    Id::unique("lantern_sheet_spot")
}

/// Asks the app to bring the Sheet pane forward at the end of the frame.
pub fn request_show(ctx: &egui::Context) {
    ctx.data_mut(|d| d.insert_temp(Id::unique(SHOW_SHEET), true));
}

/// Asks for the Sheet pane with `token`'s sheet, its `at` spot marked and scrolled into view
/// (the token must be selected too: the pane shows the selected token).
pub fn request_show_at(ctx: &egui::Context, token: TokenId, at: SheetSpot) {
    request_show(ctx);
    ctx.data_mut(|d| d.insert_temp(spot_id(), (token, at, true)));
}

/// The spot marked on `token`'s sheet, and whether it still needs scrolling to; a mark for
/// another token is dropped.
fn marked_spot(ui: &egui::Ui, token: TokenId) -> Option<(SheetSpot, bool)> {
    let (for_token, at, scroll) =
        ui.data(|d| d.get_temp::<(TokenId, SheetSpot, bool)>(spot_id()))?;
    if for_token != token {
        ui.data_mut(|d| d.remove::<(TokenId, SheetSpot, bool)>(spot_id()));
        return None;
    }
    if scroll {
        ui.data_mut(|d| d.insert_temp(spot_id(), (token, at, false)));
    }
    Some((at, scroll))
}

/// Frames `response` in the warning colour when it is the marked spot, scrolling to it once.
fn mark(
    ui: &egui::Ui,
    response: &egui::Response,
    marked: Option<(SheetSpot, bool)>,
    here: SheetSpot,
) {
    let Some((_, scroll)) = marked.filter(|(at, _)| *at == here) else {
        return;
    };
    let stroke = egui::Stroke::new(2.0, ui.visuals().warn_fg_color);
    ui.painter().rect_stroke(
        response.rect.expand(3.0),
        3.0,
        stroke,
        egui::StrokeKind::Outside,
    );
    if scroll {
        response.scroll_to_me(Some(egui::Align::Center));
    }
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
    let marked = marked_spot(ui, token);
    let heading = ui.heading(format!("{name} · {}", ctx.encounter.system.label()));
    mark(ui, &heading, marked, SheetSpot::Sheet);
    if ctx.selection.len() > 1 {
        ui.label(RichText::new("Several tokens are selected: this is the first.").weak());
    }
    defaults_note_ui(ui, ctx, token);
    egui::ScrollArea::both()
        .id_salt("sheet_scroll")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for section in &sections {
                section_ui(ui, ctx, token, section, marked);
            }
            let attacks = ui.scope(|ui| super::sheet_attacks::attacks_ui(ui, ctx, token));
            mark(ui, &attacks.response, marked, SheetSpot::Attacks);
            super::sheet_evening::affinities_ui(ui, ctx, token);
            size_ui(ui, ctx, token);
        });
}

/// Says when the numbers shown are not the token's own yet: none kept in this system (the
/// first edit keeps them), or the system's plain starting numbers, never edited.
fn defaults_note_ui(ui: &mut egui::Ui, ctx: &PaneContext<'_>, token: TokenId) {
    let note = match ctx.encounter.sheet(token) {
        None => {
            "No numbers in this system yet: these are the starting ones, kept at the first edit."
        }
        Some(sheet) if sheet.default_numbers() => {
            "Default numbers: the system's plain starting ones. Edit any to make them this token's."
        }
        Some(_) => return,
    };
    ui.label(RichText::new(note).color(ui.visuals().warn_fg_color));
}

fn section_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    s: &SheetSection,
    marked: Option<(SheetSpot, bool)>,
) {
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
                    number_ui(ui, ctx, token, number, shown, marked);
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
    marked: Option<(SheetSpot, bool)>,
) {
    match &n.source {
        Source::Typed { field, min, max } => {
            ui.label(shown);
            let id = Id::unique(("sheet_field", token.0, &n.label));
            let (response, edited) = edit_number_ui(ui, id, n, *min..=*max);
            mark(ui, &response, marked, SheetSpot::Field(*field));
            if let Some(value) = edited {
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
            let shown = if n.not_set == Some(n.value) {
                NOT_SET_WORDS.to_owned()
            } else {
                n.value.to_string()
            };
            ui.label(RichText::new(shown).strong()).on_hover_text(how);
        }
    }
}

/// A number field that returns the new value once per gesture: a drag edits a copy kept in
/// egui's temporary memory and commits on release; typing commits on Enter.
/// A number that may be unset shows its "not set" value in words.
fn edit_number_ui(
    ui: &mut egui::Ui,
    id: Id,
    n: &SheetNumber,
    range: std::ops::RangeInclusive<i64>,
) -> (egui::Response, Option<i64>) {
    let current = n.value;
    let mut value = ui.data(|d| d.get_temp::<i64>(id)).unwrap_or(current);
    let mut field = DragValue::new(&mut value).range(range);
    if let Some(unset) = n.not_set {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "the field's values are small whole numbers"
        )]
        let words = move |v: f64, _: std::ops::RangeInclusive<usize>| {
            if v.round() as i64 == unset {
                NOT_SET_WORDS.to_owned()
            } else {
                format!("{v:.0}")
            }
        };
        field = field.custom_formatter(words);
    }
    let response = ui.add(field).accessible_name(&n.label);
    if response.dragged() {
        ui.data_mut(|d| d.insert_temp(id, value));
        return (response, None);
    }
    ui.data_mut(|d| d.remove::<i64>(id));
    let edited = (value != current).then_some(value);
    (response, edited)
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
