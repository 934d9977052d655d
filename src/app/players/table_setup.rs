//! The table screen's setup: how big the screen the players' window is on really is, the cell size
//! wanted, which way the picture faces and how tokens are drawn there — one setup per display,
//! kept in the app's settings (eframe's storage), never in the encounter.
//!
//! A display is known by its size in physical pixels as the players' window reports it
//! (`"3840x2160"`): plugging the same television in again finds its setup. Two screens of the same
//! resolution share one; the setup's own pixel count can be corrected by hand.
//!
//! Pixels and points: the core works in the screen's physical pixels; egui draws in points, and
//! the players' window has its own pixels per point (the desktop's scaling for that screen, times
//! egui's zoom). The window draws a cell `px_per_cell / pixels_per_point` points wide, so the cell
//! covers `px_per_cell` physical pixels whatever the scaling. The monitor's pixel count is its size
//! in points times that same factor.

use std::collections::BTreeMap;

use egui::{DragValue, RichText};
use serde::{Deserialize, Serialize};

use super::PlayersWindow;
use crate::board::table_scale::{
    self, MM_PER_INCH, PxPerCell, QuarterTurn, ScaleError, ScreenMeasure,
};

/// The display key used before the players' window has reported its screen.
pub const UNKNOWN_DISPLAY: &str = "unknown";

/// The unit the setup shows lengths in (they are kept in millimetres).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShownUnit {
    #[default]
    Inch,
    Cm,
}

impl ShownUnit {
    fn mm(self) -> f64 {
        match self {
            Self::Inch => MM_PER_INCH,
            Self::Cm => 10.0,
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Self::Inch => " in",
            Self::Cm => " cm",
        }
    }
}

/// One display's table-screen setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches, each a checkbox of the Table screen window"
)]
pub struct TableSetup {
    /// Draw cells at their real size (and steer the view box); otherwise the players' window
    /// fits its view as before.
    pub true_scale: bool,
    /// The screen's pixels across and down.
    pub screen_px: [u32; 2],
    /// How the screen's physical size was given.
    pub measure: ScreenMeasure,
    pub unit: ShownUnit,
    /// One cell's size on the glass (a hex's flat side to flat side).
    pub cell_mm: f64,
    /// Which way the players' picture faces.
    pub turn: QuarterTurn,
    /// The round's banner also upside down, for players on the far side of the table.
    pub text_both_ways: bool,
    /// Tokens as base rings for miniatures to stand on.
    pub miniatures: bool,
    /// When the turn passes, the view box moves to show the new combatant (if the players see it).
    pub follow_turn: bool,
}

impl Default for TableSetup {
    fn default() -> Self {
        Self {
            true_scale: false,
            screen_px: [1920, 1080],
            measure: ScreenMeasure::Diagonal {
                mm: 55.0 * MM_PER_INCH,
                aspect: [16.0, 9.0],
            },
            unit: ShownUnit::Inch,
            cell_mm: MM_PER_INCH,
            turn: QuarterTurn::Deg0,
            text_both_ways: false,
            miniatures: false,
            follow_turn: true,
        }
    }
}

impl TableSetup {
    /// A fresh setup for a screen of `screen_px`: a 55-inch diagonal of the screen's own aspect.
    pub fn for_screen(screen_px: [u32; 2]) -> Self {
        Self {
            screen_px,
            measure: ScreenMeasure::Diagonal {
                mm: 55.0 * MM_PER_INCH,
                aspect: pixel_aspect(screen_px),
            },
            ..Self::default()
        }
    }

    /// One cell's size in the screen's pixels (the core's figure).
    pub fn px_per_cell(&self) -> Result<PxPerCell, ScaleError> {
        table_scale::px_per_cell(self.screen_px, self.measure, self.cell_mm)
    }

    /// The bar the grid test draws in a window `window_px` pixels wide: the measured bar's own
    /// length, else the longest whole hundred pixels within four fifths of the window.
    pub fn bar_px(&self, window_px: u32) -> u32 {
        match self.measure {
            ScreenMeasure::Bar { bar_px, .. } => bar_px,
            _ => default_bar_px(self.screen_px[0].min(window_px)),
        }
    }

    /// The grid test's bar down the screen in a window `window_px` pixels tall: the longest
    /// whole hundred pixels within three fifths of the window (it crosses the bar across).
    pub fn bar_down_px(&self, window_px: u32) -> u32 {
        (self.screen_px[1].min(window_px) / 5 * 3 / 100 * 100).max(100)
    }
}

fn default_bar_px(width_px: u32) -> u32 {
    (width_px / 5 * 4 / 100 * 100).max(100)
}

/// The aspect of a screen `px` in size, as a TV's spec sheet gives it: the pixels' ratio in
/// lowest terms (3840 × 2160 is 16:9), or the nearest common aspect when those terms are unwieldy
/// (1366 × 768 is sold as 16:9).
fn pixel_aspect(px: [u32; 2]) -> [f64; 2] {
    let [w, h] = px.map(|n| n.max(1));
    let d = gcd(w, h);
    let (aw, ah) = (w / d, h / d);
    if aw <= 32 && ah <= 32 {
        return [f64::from(aw), f64::from(ah)];
    }
    let ratio = f64::from(w) / f64::from(h);
    let common = [
        [16.0, 9.0],
        [16.0, 10.0],
        [4.0, 3.0],
        [21.0, 9.0],
        [3.0, 2.0],
        [5.0, 4.0],
    ];
    common
        .into_iter()
        .min_by(|a, b| {
            let off = |c: &[f64; 2]| (c[0] / c[1] / ratio - 1.0).abs();
            off(a).total_cmp(&off(b))
        })
        .filter(|c| (c[0] / c[1] / ratio - 1.0).abs() < 0.015)
        .unwrap_or([(ratio * 100.0).round() / 100.0, 1.0])
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Every display's setup, and which display the players' window was on last.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TableScreens {
    /// By display key (`"3840x2160"`).
    pub displays: BTreeMap<String, TableSetup>,
    pub last_display: Option<String>,
    /// Who the table may move by touch (or the mouse on the players' window): the same on
    /// every display.
    pub moves: super::TableMoves,
}

impl TableScreens {
    /// The display the setup window edits: the one the players' window is (or was last) on.
    pub fn current_key(&self) -> &str {
        self.last_display.as_deref().unwrap_or(UNKNOWN_DISPLAY)
    }

    /// The current display's setup, if it has one.
    pub fn current(&self) -> Option<&TableSetup> {
        self.displays.get(self.current_key())
    }

    /// The current display's setup, made with the display's own pixel count if it has none yet.
    pub fn current_mut(&mut self) -> &mut TableSetup {
        let key = self.current_key().to_owned();
        let screen = parse_key(&key).unwrap_or(TableSetup::default().screen_px);
        self.displays
            .entry(key)
            .or_insert_with(|| TableSetup::for_screen(screen))
    }
}

/// The key of a display `px` physical pixels in size.
pub fn display_key(px: [u32; 2]) -> String {
    format!("{}x{}", px[0], px[1])
}

fn parse_key(key: &str) -> Option<[u32; 2]> {
    let (w, h) = key.split_once('x')?;
    Some([w.parse().ok()?, h.parse().ok()?])
}

/// The physical pixel size of the monitor the current viewport is on, when the platform says.
pub fn monitor_px(ctx: &egui::Context) -> Option<[u32; 2]> {
    let points = ctx.input(|i| i.viewport().monitor_size)?;
    let px = points * ctx.pixels_per_point();
    (px.x >= 1.0 && px.y >= 1.0).then(|| [px.x.round() as u32, px.y.round() as u32])
}

/// How the screen's size is given, as the setup window's radio buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    Width,
    Diagonal,
    WidthHeight,
    Bar,
}

impl Method {
    const ALL: [Self; 4] = [Self::Width, Self::Diagonal, Self::WidthHeight, Self::Bar];

    fn of(measure: &ScreenMeasure) -> Self {
        match measure {
            ScreenMeasure::Width { .. } => Self::Width,
            ScreenMeasure::Diagonal { .. } => Self::Diagonal,
            ScreenMeasure::WidthHeight { .. } => Self::WidthHeight,
            ScreenMeasure::Bar { .. } => Self::Bar,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Self::Width => "Visible width",
            Self::Diagonal => "Diagonal",
            Self::WidthHeight => "Width and height",
            Self::Bar => "Measure a bar",
        }
    }

    /// A measure of this kind, carrying over the width (or the screen's) from `setup`; a bar
    /// fits the players' window, `window_px` wide.
    fn measure(self, setup: &TableSetup, window_px: Option<u32>) -> ScreenMeasure {
        let [w_px, h_px] = setup.screen_px.map(f64::from);
        let width_mm = setup
            .measure
            .px_per_mm(setup.screen_px)
            .map_or(1200.0, |per_mm| w_px / per_mm.x);
        match self {
            Self::Width => ScreenMeasure::Width { mm: width_mm },
            Self::Diagonal => ScreenMeasure::Diagonal {
                mm: width_mm * w_px.hypot(h_px) / w_px,
                aspect: pixel_aspect(setup.screen_px),
            },
            Self::WidthHeight => ScreenMeasure::WidthHeight {
                width_mm,
                height_mm: width_mm * h_px / w_px,
            },
            Self::Bar => {
                let bar_px = setup.bar_px(window_px.unwrap_or(setup.screen_px[0]));
                ScreenMeasure::Bar {
                    bar_px,
                    mm: width_mm * f64::from(bar_px) / w_px,
                }
            }
        }
    }
}

/// The cell sizes offered, with "Other" for any.
const CELL_SIZES: [(&str, f64); 3] = [("1 inch", MM_PER_INCH), ("25 mm", 25.0), ("30 mm", 30.0)];

/// The "Table screen" window in the GM's window, while it is open.
pub fn table_setup_ui(ctx: &egui::Context, window: &mut PlayersWindow) {
    let mut open = window.setup_open;
    egui::Window::new("Table screen")
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .default_width(380.0)
        .show(ctx, |ui| setup_body_ui(ui, window));
    window.setup_open = open;
}

fn setup_body_ui(ui: &mut egui::Ui, window: &mut PlayersWindow) {
    let key = window.table.current_key().to_owned();
    let known = window.table.last_display.is_some();
    display_note_ui(ui, &key, known, &mut window.open);
    let setup = window.table.current_mut();
    screen_px_ui(ui, setup);
    ui.checkbox(&mut setup.true_scale, "True scale: cells at their real size")
        .on_hover_text("The players' window draws every cell at the size below and shows the view box the GM steers on the map");
    ui.checkbox(&mut setup.follow_turn, "Follow the turn")
        .on_hover_text("At each Next turn the view box moves just enough to show the new combatant with a cell of room, if the players can see it");
    ui.separator();
    ui.strong("Screen size");
    let method = Method::of(&setup.measure);
    ui.horizontal_wrapped(|ui| {
        for m in Method::ALL {
            if ui.radio(method == m, m.label()).clicked() && method != m {
                setup.measure = m.measure(setup, window.window_px);
                if m == Method::Bar {
                    window.grid_test = true;
                }
            }
        }
    });
    unit_ui(ui, &mut setup.unit);
    measure_ui(ui, setup);
    ui.separator();
    cell_ui(ui, setup);
    ui.separator();
    facing_ui(ui, setup, &mut window.grid_test);
    ui.separator();
    result_ui(ui, setup, window.last_frame.as_ref());
    ui.separator();
    moves_ui(ui, &mut window.table.moves);
}

/// Who the table may move, by touch or with the mouse on the players' window.
fn moves_ui(ui: &mut egui::Ui, moves: &mut super::TableMoves) {
    ui.strong("From the table");
    ui.horizontal_wrapped(|ui| {
        ui.label("Who may be moved");
        for choice in super::TableMoves::ALL {
            ui.radio_value(moves, choice, choice.label());
        }
    })
    .response
    .on_hover_text(
        "A finger (or the mouse) on a token drags it, checked as on the GM's map; several \
         fingers drag several tokens. Outside a fight there is no current combatant.",
    );
    ui.label(
        "A finger held still for half a second (off a token it may move) pings the spot on \
         both windows, once. A finger or object resting still never drags anything, and \
         nothing on the table pans or zooms the view.",
    );
}

/// Which display the setup is for, said truly: the one the players' window is on while it is
/// open, else the one it was last on (or none yet), with a button to open it.
fn display_note_ui(ui: &mut egui::Ui, key: &str, known: bool, open: &mut bool) {
    let note = match (known, *open) {
        (true, true) => format!(
            "Display {key}: the screen the players' window is on. Each display keeps its own setup."
        ),
        (true, false) => format!(
            "The players' window is closed. This is the setup of display {key}, the screen it was \
             on last; open it on the table's screen to set that screen up."
        ),
        (false, _) => "Open the players' window on the table's screen first: Lantern keeps one setup per display."
            .to_owned(),
    };
    ui.label(note);
    if !*open && ui.button("Open the players' window").clicked() {
        *open = true;
    }
}

/// The screen's pixel count, editable.
fn screen_px_ui(ui: &mut egui::Ui, setup: &mut TableSetup) {
    ui.horizontal(|ui| {
        ui.label("Screen pixels");
        ui.add(DragValue::new(&mut setup.screen_px[0]).range(1..=32_768))
            .accessible_name("Screen pixels across");
        ui.label("×");
        ui.add(DragValue::new(&mut setup.screen_px[1]).range(1..=32_768))
            .accessible_name("Screen pixels down");
    });
}

fn unit_ui(ui: &mut egui::Ui, unit: &mut ShownUnit) {
    ui.horizontal(|ui| {
        ui.label("Units");
        ui.selectable_value(unit, ShownUnit::Inch, "inches");
        ui.selectable_value(unit, ShownUnit::Cm, "cm");
    });
}

/// A length in millimetres, edited in `unit`; `name` labels it for screen readers and tests.
fn length_ui(ui: &mut egui::Ui, mm: &mut f64, unit: ShownUnit, name: &str) {
    let mut shown = *mm / unit.mm();
    let response = ui
        .add(
            DragValue::new(&mut shown)
                .speed(0.1)
                .range(0.01..=100_000.0)
                .max_decimals(2)
                .suffix(unit.suffix()),
        )
        .accessible_name(name);
    if response.changed() {
        *mm = shown * unit.mm();
    }
}

fn measure_ui(ui: &mut egui::Ui, setup: &mut TableSetup) {
    let unit = setup.unit;
    ui.horizontal(|ui| match &mut setup.measure {
        ScreenMeasure::Width { mm } => {
            ui.label("Width of the picture");
            length_ui(ui, mm, unit, "Picture width");
        }
        ScreenMeasure::Diagonal { mm, aspect } => {
            ui.label("Diagonal");
            length_ui(ui, mm, unit, "Diagonal");
            ui.label("aspect");
            ui.add(DragValue::new(&mut aspect[0]).range(1.0..=100.0))
                .accessible_name("Aspect width");
            ui.label(":");
            ui.add(DragValue::new(&mut aspect[1]).range(1.0..=100.0))
                .accessible_name("Aspect height");
        }
        ScreenMeasure::WidthHeight {
            width_mm,
            height_mm,
        } => {
            ui.label("Width");
            length_ui(ui, width_mm, unit, "Picture width");
            ui.label("height");
            length_ui(ui, height_mm, unit, "Picture height");
        }
        ScreenMeasure::Bar { bar_px, mm } => {
            ui.vertical(|ui| {
                ui.label(format!(
                    "The grid test draws a bar {bar_px} pixels long on the players' screen. \
                     Measure it with a ruler:"
                ));
                ui.horizontal(|ui| {
                    ui.label("The bar measures");
                    length_ui(ui, mm, unit, "Bar length");
                });
            });
        }
    });
}

fn cell_ui(ui: &mut egui::Ui, setup: &mut TableSetup) {
    ui.strong("Cell size");
    ui.horizontal_wrapped(|ui| {
        let mut preset = false;
        for (label, mm) in CELL_SIZES {
            let on = (setup.cell_mm - mm).abs() < 1e-9;
            preset |= on;
            if ui.radio(on, label).clicked() {
                setup.cell_mm = mm;
            }
        }
        if ui.radio(!preset, "Other").clicked() && preset {
            setup.cell_mm = 28.0;
        }
        if !preset {
            let mut shown = setup.cell_mm;
            let field = DragValue::new(&mut shown)
                .speed(0.1)
                .range(1.0..=500.0)
                .max_decimals(2)
                .suffix(" mm");
            if ui.add(field).accessible_name("Cell size").changed() {
                setup.cell_mm = shown;
            }
        }
    })
    .response
    .on_hover_text("A square's side, or a hex measured from flat side to flat side");
}

fn facing_ui(ui: &mut egui::Ui, setup: &mut TableSetup, grid_test: &mut bool) {
    ui.horizontal(|ui| {
        ui.label("Turn the players' view");
        for turn in QuarterTurn::ALL {
            ui.selectable_value(&mut setup.turn, turn, turn.label());
        }
    });
    ui.checkbox(&mut setup.text_both_ways, "Text both ways")
        .on_hover_text(
            "The round's banner twice, once upside down, for players on both long sides",
        );
    ui.checkbox(&mut setup.miniatures, "Miniatures mode")
        .on_hover_text("Tokens as rings in their colour for miniatures to stand on, names outside");
    ui.checkbox(grid_test, "Grid test")
        .on_hover_text("The players' screen shows only the scaled grid, a cell-sized square in each corner and the bar, to check with a ruler");
}

/// The figures the setup gives, or why it gives none.
fn result_ui(ui: &mut egui::Ui, setup: &TableSetup, frame: Option<&super::PlayersFrame>) {
    match setup.px_per_cell() {
        Ok(cell) => {
            let size = if cell.is_square() {
                format!("{:.2}", cell.x)
            } else {
                format!("{:.2} × {:.2}", cell.x, cell.y)
            };
            ui.label(format!("One cell: {size} screen pixels."));
            if let Some([cols, rows]) = frame.and_then(|f| f.cells) {
                ui.label(format!(
                    "The players' window shows {cols} × {rows} cells (columns × rows of the map)."
                ));
            }
        }
        Err(err) => {
            ui.label(
                RichText::new(format!("No true scale: {err}.")).color(ui.visuals().error_fg_color),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_same(got: [f64; 2], want: [f64; 2]) {
        assert!(
            (got[0] - want[0]).abs() < 1e-9 && (got[1] - want[1]).abs() < 1e-9,
            "{got:?} is not {want:?}"
        );
    }

    #[test]
    fn a_screen_aspect_reads_as_its_spec_sheet_gives_it() {
        assert_same(pixel_aspect([3840, 2160]), [16.0, 9.0]);
        assert_same(pixel_aspect([1920, 1200]), [8.0, 5.0]);
        assert_same(pixel_aspect([3200, 1200]), [8.0, 3.0]);
        assert_same(pixel_aspect([1366, 768]), [16.0, 9.0]);
        assert_same(pixel_aspect([1234, 987]), [5.0, 4.0]);
        assert_same(pixel_aspect([1234, 800]), [1.54, 1.0]);
    }

    #[test]
    fn the_grid_test_bar_fits_the_window() {
        let setup = TableSetup::for_screen([3840, 2160]);
        // Four fifths of 1500 pixels, in whole hundreds: 1200.
        assert_eq!(setup.bar_px(1500), 1200);
        assert_eq!(setup.bar_px(5000), 3000);
        let measured = TableSetup {
            measure: ScreenMeasure::Bar {
                bar_px: 2500,
                mm: 800.0,
            },
            ..setup
        };
        assert_eq!(
            measured.bar_px(1500),
            2500,
            "the bar measured is the bar drawn"
        );
    }
}
