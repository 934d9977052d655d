//! The Library pane: search and filter the entries, drag one (or a gathered group) onto the
//! map, or use a map entry as the encounter's map.

use egui::{Color32, RichText, Sense, Ui, Vec2};

use super::{LibraryState, Row};
use crate::app::PaneContext;
use crate::app::map::palette;
use crate::library::{EntryKind, EntrySummary, use_map_command};
use crate::model::{RuleSystem, Side, SizeCategory};

/// Height of one entry's line, picture included.
const ROW_HEIGHT: f32 = 36.0;
const PICTURE_SIZE: f32 = 32.0;

/// What is dragged from the pane onto the map: one entry, or the gathered group, with counts.
/// Each is read whole when it is dropped, if nothing has read it yet.
#[derive(Clone, Debug)]
pub struct LibraryDrag {
    pub group: Vec<(Row, usize)>,
}

/// The pane's search and filters (view state).
#[derive(Clone, Debug, Default)]
pub struct Filter {
    pub search: String,
    pub system: Option<RuleSystem>,
    pub side: Option<Side>,
    pub size: Option<SizeCategory>,
}

impl Filter {
    fn shows(&self, entry: &EntrySummary) -> bool {
        let search = self.search.trim().to_lowercase();
        let named = search.is_empty()
            || crate::app::text::name(&entry.name)
                .to_lowercase()
                .contains(&search);
        let system = self.system.is_none_or(|s| entry.systems.contains(&s));
        let side = self.side.is_none_or(|s| entry.side() == Some(s));
        let size = self.size.is_none_or(|s| entry.size() == Some(s));
        named && system && side && size
    }
}

/// Draws the pane.
pub fn library_ui(ui: &mut Ui, ctx: &mut PaneContext<'_>, library: &mut LibraryState) {
    if library.dir.is_none() {
        ui.label("There is no data folder, so there is no library.");
        return;
    }
    if !library.is_loaded() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Reading the library…");
        });
        return;
    }
    // The group sits at the pane's bottom, under the list, so gathering one with "+" never
    // moves the rows: a second click lands on the same "+" (issue 30).
    group_panel_ui(ui, library);
    egui::CentralPanel::no_frame().show(ui, |ui| list_ui(ui, ctx, library));
}

/// The group in a panel at the pane's bottom, laid out at its own height; when that height
/// changes the frame is laid out again at once rather than drawn over the list.
fn group_panel_ui(ui: &mut Ui, library: &mut LibraryState) {
    let panel = egui::Panel::bottom("library_group")
        .resizable(false)
        .frame(egui::Frame::NONE)
        .show(ui, |ui| {
            group_ui(ui, library);
            ui.min_rect().height()
        });
    let key = ui.scope_id().with("library_group_height");
    let height = panel.inner;
    let last = ui.ctx().data(|d| d.get_temp::<f32>(key));
    if last.is_none_or(|h| (h - height).abs() > 0.5) {
        ui.ctx().data_mut(|d| d.insert_temp(key, height));
        ui.ctx()
            .request_discard("the Library pane's group changed height");
        ui.ctx().request_repaint();
    }
}

/// The filters, the entries that failed, and the entries that match.
fn list_ui(ui: &mut Ui, ctx: &mut PaneContext<'_>, library: &mut LibraryState) {
    filters_ui(ui, &mut library.filter);
    bad_rows_ui(ui, &library.rows);
    ui.separator();
    let shown: Vec<usize> = (0..library.rows.len())
        .filter(|i| {
            library.rows[*i]
                .usable()
                .is_some_and(|e| library.filter.shows(e))
        })
        .collect();
    if shown.is_empty() {
        ui.weak("No entry matches. Right-click a token → “Save to library” to add one.");
    }
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, ROW_HEIGHT, shown.len(), |ui, range| {
            for i in range {
                let row = library.rows[shown[i]].clone();
                row_ui(ui, ctx, library, &row);
            }
        });
}

fn filters_ui(ui: &mut Ui, filter: &mut Filter) {
    ui.add(
        egui::TextEdit::singleline(&mut filter.search)
            .hint_text("Search by name")
            .desired_width(f32::INFINITY),
    );
    ui.horizontal_wrapped(|ui| {
        choice_ui(
            ui,
            "library_system",
            "Filter by system",
            "Any system",
            &mut filter.system,
            &RuleSystem::ALL,
            RuleSystem::label,
        );
        choice_ui(
            ui,
            "library_side",
            "Filter by side",
            "Any side",
            &mut filter.side,
            &Side::ALL,
            Side::label,
        );
        choice_ui(
            ui,
            "library_size",
            "Filter by size",
            "Any size",
            &mut filter.size,
            &SizeCategory::ALL,
            SizeCategory::label,
        );
    });
}

fn choice_ui<T: Copy + PartialEq>(
    ui: &mut Ui,
    id: &str,
    hover: &str,
    any: &'static str,
    value: &mut Option<T>,
    all: &[T],
    label: impl Fn(T) -> &'static str,
) {
    let text = value.map_or(any, &label);
    egui::ComboBox::from_id_salt(id)
        .selected_text(text)
        .show_ui(ui, |ui| {
            ui.selectable_value(value, None, any);
            for item in all {
                ui.selectable_value(value, Some(*item), label(*item));
            }
        })
        .response
        .on_hover_text(hover);
}

/// The group being gathered, its drag handle and a way to empty it.
fn group_ui(ui: &mut Ui, library: &mut LibraryState) {
    let group: Vec<(Row, usize)> = library
        .group
        .iter()
        .filter_map(|(file, n)| Some((library.row(file)?.clone(), *n)))
        .collect();
    if group.is_empty() {
        return;
    }
    let text = group
        .iter()
        .filter_map(|(row, n)| {
            Some(format!(
                "{n}× {}",
                crate::app::text::name(&row.usable()?.name)
            ))
        })
        .collect::<Vec<_>>()
        .join(", ");
    ui.separator();
    ui.group(|ui| {
        ui.horizontal_wrapped(|ui| {
            let payload = LibraryDrag { group };
            ui.dnd_drag_source(egui::Id::unique("library_group"), payload, |ui| {
                ui.label(RichText::new("✋ Group").strong())
                    .on_hover_text("Drag the whole group onto the map");
            });
            ui.label(text);
            if ui.small_button("Clear").clicked() {
                library.group.clear();
            }
        });
    });
}

/// Entries that failed to load: each with its file and reason, costing nothing but its line.
fn bad_rows_ui(ui: &mut Ui, rows: &[Row]) {
    let bad: Vec<(&str, String)> = rows
        .iter()
        .filter_map(|r| Some((r.file_name.as_str(), r.error()?)))
        .collect();
    if bad.is_empty() {
        return;
    }
    let title = format!("⚠ {} entries could not be read", bad.len());
    egui::CollapsingHeader::new(RichText::new(title).color(ui.visuals().warn_fg_color))
        .default_open(true)
        .show(ui, |ui| {
            for (file, err) in bad {
                ui.label(RichText::new(file).strong());
                ui.label(RichText::new(err).color(ui.visuals().error_fg_color));
            }
        });
}

fn row_ui(ui: &mut Ui, ctx: &mut PaneContext<'_>, library: &mut LibraryState, row: &Row) {
    let Some(entry) = row.usable() else {
        return;
    };
    let picture = library.picture(&row.file_name).cloned();
    ui.horizontal(|ui| {
        ui.set_height(ROW_HEIGHT);
        let actions_width = if entry.kind.is_token() { 28.0 } else { 170.0 };
        let body = Vec2::new((ui.available_width() - actions_width).max(60.0), ROW_HEIGHT);
        ui.allocate_ui(body, |ui| {
            if entry.kind.is_token() {
                // The whole line is the handle: picture, name and summary.
                let payload = LibraryDrag {
                    group: vec![(row.clone(), 1)],
                };
                let id = egui::Id::unique("library_entry").with(&row.file_name);
                ui.dnd_drag_source(id, payload, |ui| row_body_ui(ui, picture.as_ref(), entry))
                    .response
                    .on_hover_text("Drag onto the map to place");
            } else {
                row_body_ui(ui, picture.as_ref(), entry);
            }
        });
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            actions_ui(ui, ctx, library, row, entry);
        });
    });
}

/// Picture, name and one summary line, neither wrapping nor selectable (a press starts a drag).
fn row_body_ui(ui: &mut Ui, picture: Option<&egui::TextureHandle>, entry: &EntrySummary) {
    ui.horizontal(|ui| {
        picture_ui(ui, picture, entry);
        ui.vertical(|ui| {
            let name = RichText::new(crate::app::text::name(&entry.name)).strong();
            ui.add(egui::Label::new(name).selectable(false).truncate());
            let summary = RichText::new(summary(entry)).weak();
            ui.add(egui::Label::new(summary).selectable(false).truncate());
        });
    });
}

fn actions_ui(
    ui: &mut Ui,
    ctx: &mut PaneContext<'_>,
    library: &mut LibraryState,
    row: &Row,
    entry: &EntrySummary,
) {
    if entry.kind == EntryKind::Map {
        if ui
            .button("Use this map")
            .on_hover_text("Replace this encounter's map with it (tokens stay); one undo step")
            .clicked()
        {
            use_map_ui(ctx, library, row, &entry.name);
        }
        if ui
            .small_button("Handout")
            .on_hover_text("Keep its picture as a handout to show the players (View → Handouts…)")
            .clicked()
        {
            crate::app::handouts::request_from_library(ui.ctx(), row);
        }
        return;
    }
    let add = ui.small_button("+").on_hover_text(format!(
        "Add {} to the group",
        crate::app::text::name(&entry.name)
    ));
    if add.clicked() {
        match library.group.iter_mut().find(|(f, _)| *f == row.file_name) {
            Some((_, n)) => *n += 1,
            None => library.group.push((row.file_name.clone(), 1)),
        }
    }
}

/// Reads the map entry whole and swaps it in; a failure is shown (and the row stays bad).
fn use_map_ui(ctx: &mut PaneContext<'_>, library: &mut LibraryState, row: &Row, name: &str) {
    let result = row
        .load()
        .map_err(|err| anyhow::anyhow!("“{name}” cannot be used: {err}"))
        .and_then(|entry| {
            use_map_command(ctx.encounter, &entry)
                .map_err(|err| anyhow::anyhow!("“{name}” cannot be used: {err}"))
        });
    match result {
        Ok(command) => ctx.command(command),
        Err(err) => {
            library.group.retain(|(file, _)| *file != row.file_name);
            library.messages.push(Err(err));
        }
    }
}

/// "Creature · Enemy · Small · Go Forth: Heroes".
fn summary(entry: &EntrySummary) -> String {
    let mut parts = vec![entry.kind.label().to_owned()];
    if let (Some(side), Some(size)) = (entry.side(), entry.size()) {
        parts.push(side.label().to_owned());
        parts.push(size.label().to_owned());
    }
    let systems: Vec<&str> = entry.systems.iter().map(|s| s.label()).collect();
    if !systems.is_empty() {
        parts.push(systems.join(", "));
    }
    parts.join(" · ")
}

/// The entry's picture, or a disc in its side's colours while it decodes or when it has none.
fn picture_ui(ui: &mut Ui, texture: Option<&egui::TextureHandle>, entry: &EntrySummary) {
    let size = Vec2::splat(PICTURE_SIZE);
    if let Some(texture) = texture {
        ui.add(egui::Image::new(texture).fit_to_exact_size(size));
        return;
    }
    let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
    let painter = ui.painter_at(rect);
    match &entry.token {
        Some(token) => {
            let fill = palette::token_fill(token.side, token.color);
            painter.circle(
                rect.center(),
                PICTURE_SIZE * 0.45,
                fill,
                (2.0, palette::side_ring(token.side)),
            );
        }
        None => {
            painter.rect_filled(rect.shrink(2.0), 3.0, Color32::from_rgb(90, 110, 90));
        }
    }
}
