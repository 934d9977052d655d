//! The table screen's view box on the GM's map: the outline of the cells the players' window shows
//! at true scale, with a "TV" tag to drag it by (it snaps to whole cells), the arrow keys moving
//! it a cell while it is selected, and "Show the current combatant".
//!
//! The players' window says each frame whether it shows a true-scale view and how many columns
//! and rows fit ([`ViewBoxState::show`]); the box's place is GM view state, kept here while true
//! scale is off so that turning it on again finds the box where it was. The geometry (snapping,
//! turning, the least move) is the core's `board::view_box`.

use egui::{
    Align2, Color32, FontId, Key, Modifiers, Painter, Pos2, Rect, Response, Sense, Stroke, Vec2,
};

use super::transform::MapTransform;
use crate::board::table_scale::QuarterTurn;
use crate::board::view_box::{GridRect, ViewBox, footprint_rect};
use crate::model::{Encounter, GridKind, GridPoint};

/// The box's outline: a magenta no map uses, apart from the cyan turn ring and yellow selection.
const OUTLINE: Color32 = Color32::from_rgb(235, 70, 200);

/// The view box and the GM's hold on it. View state: never saved with the encounter.
#[derive(Clone, Debug, Default)]
pub struct ViewBoxState {
    current: Option<ViewBox>,
    /// Whether the players' window showed a true-scale view last frame.
    active: bool,
    grid: GridKind,
    /// Which way the players' picture faces: the box marks the edge at the top of their screen.
    turn: QuarterTurn,
    selected: bool,
    /// While the tag is dragged: the box's top-left corner (map space) and the pointer (ui) where
    /// the press began.
    drag: Option<(GridPoint, Pos2)>,
}

impl ViewBoxState {
    /// The box, while the players' window shows true scale.
    pub fn current(&self) -> Option<ViewBox> {
        self.current.filter(|_| self.active)
    }

    /// Whether the GM picked the box (the arrow keys move it then).
    pub fn is_selected(&self) -> bool {
        self.selected && self.active
    }

    /// The players' window shows `cols × rows` cells of `grid` this frame, facing `turn`: the box
    /// keeps its centre cell at the new size, or starts on `centre` (map space).
    pub fn show(
        &mut self,
        grid: GridKind,
        cells: [u32; 2],
        turn: QuarterTurn,
        centre: GridPoint,
    ) -> ViewBox {
        let [cols, rows] = cells;
        let shown = match self.current {
            Some(b) if self.grid == grid => b.resized(cols, rows),
            _ => ViewBox::around(grid, centre, cols, rows),
        };
        self.current = Some(shown);
        self.active = true;
        self.grid = grid;
        self.turn = turn;
        shown
    }

    /// The players' window shows no true-scale view: the box leaves the GM's map.
    pub fn hide(&mut self) {
        self.active = false;
        self.drag = None;
    }

    /// Moves the box the least that brings token `id` wholly inside. Returns whether it could
    /// (a box is shown and the token exists).
    pub fn show_token(&mut self, encounter: &Encounter, id: crate::model::TokenId) -> bool {
        let (Some(b), Some(token)) = (self.current(), encounter.token(id)) else {
            return false;
        };
        let grid = encounter.map.grid;
        let footprint = footprint_rect(grid, token.size, token.cell);
        self.current = Some(b.showing(grid, &footprint));
        true
    }

    /// Whether the arrow keys are the box's rather than the camera's.
    pub fn takes_arrow_keys(&self) -> bool {
        self.is_selected()
    }
}

/// A map-space rectangle as egui's (f32) one.
pub fn egui_rect(r: &GridRect) -> Rect {
    Rect::from_min_max(
        egui::pos2(r.min.x as f32, r.min.y as f32),
        egui::pos2(r.max.x as f32, r.max.y as f32),
    )
}

/// Draws the box over the GM's map and takes its gestures: drag the tag, click to select, arrow
/// keys, Esc, and the tag's right-click menu. `background` is the map's own response: a click on
/// empty map lets go of the box.
pub fn view_box_ui(
    ui: &egui::Ui,
    state: &mut ViewBoxState,
    encounter: &Encounter,
    painter: &Painter,
    t: &MapTransform,
    background: &Response,
) {
    let Some(current) = state.current() else {
        return;
    };
    let grid = state.grid;
    let in_ui = t.ui_rect_from_grid(egui_rect(&current.rect_in_grid(grid)));
    paint_outline(painter, in_ui, state.turn, state.selected);
    let tag = tag_ui(ui, painter, in_ui, state.selected);
    if tag.drag_started() {
        let press = ui.input(|i| i.pointer.press_origin());
        if let Some(press) = press.or_else(|| tag.interact_pointer_pos()) {
            state.drag = Some((current.rect_in_grid(grid).min, press));
            state.selected = true;
        }
    }
    if let Some((start, press)) = state.drag {
        // From where the press began, so the few points before egui calls it a drag count too.
        let pointer = tag.interact_pointer_pos().unwrap_or(press);
        let moved_cells = (pointer - press) / t.points_per_cell;
        let wanted = GridPoint::new(
            start.x + f64::from(moved_cells.x),
            start.y + f64::from(moved_cells.y),
        );
        state.current = Some(ViewBox::snapped(grid, wanted, current.cols, current.rows));
        if tag.drag_stopped() || !tag.dragged() {
            state.drag = None;
        }
    }
    if tag.clicked() {
        state.selected = !state.selected;
    }
    tag.context_menu(|ui| {
        if ui.button("Show the current combatant").clicked() {
            if let Some(id) = encounter.combat.initiative.current_token() {
                state.show_token(encounter, id);
            }
            ui.close();
        }
    });
    if background.clicked() {
        state.selected = false;
    }
    arrow_keys(ui, state);
}

/// While the box is selected, each arrow key press moves it a cell and Esc lets go of it.
fn arrow_keys(ui: &egui::Ui, state: &mut ViewBoxState) {
    if !state.is_selected() || !super::pointer::keys_for_map(ui) {
        return;
    }
    let mut step = (0, 0);
    ui.input_mut(|i| {
        for (key, (dx, dy)) in [
            (Key::ArrowLeft, (-1, 0)),
            (Key::ArrowRight, (1, 0)),
            (Key::ArrowUp, (0, -1)),
            (Key::ArrowDown, (0, 1)),
        ] {
            while i.consume_key(Modifiers::NONE, key) {
                step = (step.0 + dx, step.1 + dy);
            }
        }
        if i.consume_key(Modifiers::NONE, Key::Escape) {
            state.selected = false;
        }
    });
    if step != (0, 0) {
        state.current = state.current.map(|b| b.moved(step.0, step.1));
        ui.ctx().request_repaint();
    }
}

/// The outline, its edge at the top of the players' screen drawn thicker.
fn paint_outline(painter: &Painter, r: Rect, turn: QuarterTurn, selected: bool) {
    let width = if selected { 4.0 } else { 2.5 };
    painter.rect_stroke(
        r,
        0.0,
        Stroke::new(width + 2.0, Color32::from_black_alpha(160)),
        egui::StrokeKind::Middle,
    );
    painter.rect_stroke(
        r,
        0.0,
        Stroke::new(width, OUTLINE),
        egui::StrokeKind::Middle,
    );
    // The picture turned clockwise by a quarter puts the map's left edge at the screen's top.
    let top = match turn {
        QuarterTurn::Deg0 => [r.left_top(), r.right_top()],
        QuarterTurn::Deg90 => [r.left_bottom(), r.left_top()],
        QuarterTurn::Deg180 => [r.right_bottom(), r.left_bottom()],
        QuarterTurn::Deg270 => [r.right_top(), r.right_bottom()],
    };
    painter.line_segment(top, Stroke::new(width * 2.5, OUTLINE));
}

/// The "TV" tag over the box's top-left corner: what the GM drags, clicks and right-clicks.
fn tag_ui(ui: &egui::Ui, painter: &Painter, r: Rect, selected: bool) -> Response {
    let text = if selected {
        "TV view · arrows move it"
    } else {
        "TV view"
    };
    let galley =
        painter.layout_no_wrap(text.to_owned(), FontId::proportional(13.0), Color32::WHITE);
    let size = galley.size() + Vec2::new(12.0, 6.0);
    let at = Align2::LEFT_BOTTOM.anchor_size(r.left_top() + Vec2::new(-2.0, -2.0), size);
    let response = ui
        .interact(at, ui.scope_id().with("table_view_box"), Sense::click_and_drag())
        .on_hover_text("Drag to move what the table's screen shows (whole cells); click to pick it, then the arrow keys move it a cell; right-click: show the current combatant")
        .on_hover_cursor(egui::CursorIcon::Grab);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "TV view box"));
    // A press on the tag moves the box; no tool under it may take that press too.
    super::pointer::claim(ui, &response);
    let fill = if selected || response.hovered() {
        OUTLINE
    } else {
        OUTLINE.gamma_multiply(0.8)
    };
    painter.rect_filled(at, 4.0, fill);
    painter.galley(at.min + Vec2::new(6.0, 3.0), galley, Color32::WHITE);
    response
}
