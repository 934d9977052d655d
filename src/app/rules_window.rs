//! Help → Rules: the rules ledger (`rules::ledger`) in a window — every rule of the texts that
//! bears on a fight, with what Lantern does with it — searchable, filtered by system (the
//! encounter's own first) and by status. Its state is view state, kept in egui's memory.

use std::collections::HashMap;

use egui::{Color32, RichText};

use crate::model::RuleSystem;
use crate::rules::ledger::{self, LedgerRow, Status};

/// The Help menu's entry.
pub const MENU_LABEL: &str = "Rules…";
/// The search field's name (its accessible label).
pub const SEARCH_LABEL: &str = "Search";
/// The filter that shows every system.
pub const ALL_SYSTEMS: &str = "All systems";

/// What the window shows: open or not, the search, the system and the statuses picked.
#[derive(Clone, Debug)]
struct RulesView {
    open: bool,
    query: String,
    /// Which system's rows.
    system: Pick,
    /// Applied, offered, out of scope.
    statuses: [bool; 3],
    /// Each row's height as last drawn, by system and place in its ledger, at `width`: rows
    /// out of view take that much room without being laid out (see [`rows_ui`]).
    heights: HashMap<(RuleSystem, usize), f32>,
    width: f32,
}

impl Default for RulesView {
    fn default() -> Self {
        Self {
            open: false,
            query: String::new(),
            system: Pick::Encounter,
            statuses: [true; 3],
            heights: HashMap::new(),
            width: 0.0,
        }
    }
}

/// The systems the window shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// The encounter's own, whichever it is now.
    Encounter,
    /// One system.
    One(RuleSystem),
    /// Every system.
    All,
}

/// The room a row not yet drawn is given: three lines and a separator.
const ROW_ESTIMATE: f32 = 64.0;

fn id() -> egui::Id {
    egui::Id::unique("rules_window")
}

/// The Help menu: opens the rules window.
pub fn help_menu_ui(ui: &mut egui::Ui) {
    let button = ui.button(MENU_LABEL).on_hover_text(
        "Every rule of the five texts that bears on a fight, and what Lantern does with it",
    );
    if button.clicked() {
        ui.ctx()
            .data_mut(|d| d.get_temp_mut_or_default::<RulesView>(id()).open = true);
    }
}

/// The rules window, when open, for an encounter under `system`.
pub fn rules_window_ui(ctx: &egui::Context, system: RuleSystem) {
    let mut view: RulesView = ctx.data(|d| d.get_temp(id())).unwrap_or_default();
    if !view.open {
        return;
    }
    let mut open = true;
    egui::Window::new("Rules")
        .id(id().with("window"))
        .open(&mut open)
        .default_size([660.0, 560.0])
        .vscroll(false)
        .show(ctx, |ui| rules_ui(ui, &mut view, system));
    view.open = open;
    ctx.data_mut(|d| d.insert_temp(id(), view));
}

fn rules_ui(ui: &mut egui::Ui, view: &mut RulesView, encounter_system: RuleSystem) {
    ui.horizontal(|ui| {
        let label = ui.label(SEARCH_LABEL);
        ui.add(
            egui::TextEdit::singleline(&mut view.query)
                .hint_text("words of the rule, its section or status")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
    });
    let chosen = match view.system {
        Pick::Encounter => Some(encounter_system),
        Pick::One(system) => Some(system),
        Pick::All => None,
    };
    ui.horizontal_wrapped(|ui| {
        for system in systems_first(encounter_system) {
            let text = if system == encounter_system {
                format!("{} (this encounter)", system.label())
            } else {
                system.label().to_owned()
            };
            if ui.selectable_label(chosen == Some(system), text).clicked() {
                view.system = Pick::One(system);
            }
        }
        if ui.selectable_label(chosen.is_none(), ALL_SYSTEMS).clicked() {
            view.system = Pick::All;
        }
    });
    ui.horizontal(|ui| {
        for (shown, name) in
            view.statuses
                .iter_mut()
                .zip(["Applied rules", "Offered rules", "Out-of-scope rules"])
        {
            ui.checkbox(shown, name);
        }
    });
    let rows = shown_rows(chosen, &view.query, view.statuses);
    let total: usize = systems(chosen).map(|(_, rows)| rows.len()).sum();
    ui.weak(format!("{} of {total} rules shown", rows.len()));
    ui.separator();
    rows_ui(ui, view, &rows, chosen.is_none());
}

/// The rows in a scroll area, laying out only those in view: a row out of view takes the
/// height it had when last drawn (or an estimate) without being laid out, so the window's
/// work follows what is on screen, not the hundreds of rows the ledgers hold.
fn rows_ui(
    ui: &mut egui::Ui,
    view: &mut RulesView,
    rows: &[(RuleSystem, usize, &'static LedgerRow)],
    with_system: bool,
) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_viewport(ui, |ui, viewport| {
            let width = ui.available_width();
            if (width - view.width).abs() > 0.5 {
                view.heights.clear();
                view.width = width;
            }
            let origin = ui.max_rect().min.y;
            for &(system, index, row) in rows {
                let top = ui.cursor().min.y - origin;
                let known = view.heights.get(&(system, index)).copied();
                let height = known.unwrap_or(ROW_ESTIMATE);
                let visible = top + height >= viewport.min.y && top <= viewport.max.y;
                if visible || known.is_none() && top <= viewport.max.y {
                    let drawn = ui.scope(|ui| row_ui(ui, system, row, with_system));
                    view.heights
                        .insert((system, index), drawn.response.rect.height());
                } else {
                    ui.allocate_space(egui::vec2(width, height));
                }
            }
        });
}

/// The encounter's system, then the others in menu order.
fn systems_first(first: RuleSystem) -> impl Iterator<Item = RuleSystem> {
    std::iter::once(first).chain(RuleSystem::ALL.into_iter().filter(move |s| *s != first))
}

fn systems(chosen: Option<RuleSystem>) -> impl Iterator<Item = (RuleSystem, &'static [LedgerRow])> {
    ledger::all().filter(move |(s, _)| chosen.is_none_or(|c| c == *s))
}

/// The rows the filters let through, in the texts' order, with their place in their ledger.
fn shown_rows(
    chosen: Option<RuleSystem>,
    query: &str,
    statuses: [bool; 3],
) -> Vec<(RuleSystem, usize, &'static LedgerRow)> {
    systems(chosen)
        .flat_map(|(system, rows)| {
            rows.iter()
                .enumerate()
                .map(move |(i, row)| (system, i, row))
        })
        .filter(|(_, _, row)| statuses[status_index(row.status)] && ledger::matches(row, query))
        .collect()
}

fn status_index(status: Status) -> usize {
    match status {
        Status::Applied { .. } => 0,
        Status::Offered { .. } => 1,
        Status::OutOfScope { .. } => 2,
    }
}

fn row_ui(ui: &mut egui::Ui, system: RuleSystem, row: &LedgerRow, with_system: bool) {
    let colour = match row.status {
        Status::Applied { .. } => Color32::from_rgb(90, 170, 100),
        Status::Offered { .. } => Color32::from_rgb(210, 160, 60),
        Status::OutOfScope { .. } => Color32::GRAY,
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(row.status.label()).color(colour).strong());
        if with_system {
            ui.weak(system.label());
        }
        ui.strong(row.section);
        ui.weak(format!("lines {}", row.lines_text()));
    });
    ui.label(row.rule);
    let detail = match row.status {
        Status::Applied { function, test } => {
            format!("Applied by {function}; checked by the test {test}")
        }
        Status::Offered { how } => format!("Where: {how}"),
        Status::OutOfScope { reason } => format!("Why not: {reason}"),
    };
    ui.weak(detail);
    ui.separator();
}
