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

/// The room, in cells, kept round a token the box is moved to show: its turn ring, marks and name
/// stay on the screen rather than on its edge.
const ROOM_CELLS: f64 = 1.0;

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
    /// Which of the box's corners the tag sits by (see `tag_rect`).
    tag_corner: usize,
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
        self.current = Some(b.showing_with_margin(grid, &footprint, ROOM_CELLS));
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
    pointer: &super::pointer::MapPointer,
) {
    let Some(current) = state.current() else {
        return;
    };
    let grid = state.grid;
    let in_ui = t.ui_rect_from_grid(egui_rect(&current.rect_in_grid(grid)));
    paint_outline(painter, in_ui, state.turn, state.selected);
    let place = TagPlace {
        painter,
        box_in_ui: in_ui,
        tokens: token_discs_near(encounter, t, in_ui),
        pointer,
    };
    let tag = tag_ui(ui, &place, state);
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

/// The "TV" tag by one of the box's corners: what the GM drags, clicks and right-clicks. It sits
/// where it covers no token (so it never takes a token's clicks) and no chrome of the pane (the
/// tool column, the toolbars), outside the box's corners first and then inside them; while it is
/// dragged it keeps the corner it had.
fn tag_ui(ui: &egui::Ui, place: &TagPlace<'_>, state: &mut ViewBoxState) -> Response {
    let selected = state.selected;
    let text = if selected {
        "TV view · arrows move it"
    } else {
        "TV view"
    };
    let painter = place.painter;
    let galley =
        painter.layout_no_wrap(text.to_owned(), FontId::proportional(13.0), Color32::WHITE);
    let size = galley.size() + Vec2::new(12.0, 6.0);
    let id = ui.scope_id().with("table_view_box");
    if state.drag.is_none() {
        state.tag_corner = place.best_corner(size, id);
    }
    let at = tag_rect(place.box_in_ui, size, state.tag_corner);
    let response = ui
        .interact(at, id, Sense::click_and_drag())
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

/// The places the tag may take, in the order it tries them: outside the box's top-left,
/// top-right, bottom-left and bottom-right corners, then inside them.
const TAG_CORNERS: usize = 8;

/// The tag's rect at corner `corner` (an index into the order of [`TAG_CORNERS`]) of `r`.
fn tag_rect(r: Rect, size: Vec2, corner: usize) -> Rect {
    let out = 2.0;
    let inset = 4.0;
    let (anchor, at) = match corner % TAG_CORNERS {
        0 => (Align2::LEFT_BOTTOM, r.left_top() + Vec2::new(-out, -out)),
        1 => (Align2::RIGHT_BOTTOM, r.right_top() + Vec2::new(out, -out)),
        2 => (Align2::LEFT_TOP, r.left_bottom() + Vec2::new(-out, out)),
        3 => (Align2::RIGHT_TOP, r.right_bottom() + Vec2::new(out, out)),
        4 => (Align2::LEFT_TOP, r.left_top() + Vec2::splat(inset)),
        5 => (Align2::RIGHT_TOP, r.right_top() + Vec2::new(-inset, inset)),
        6 => (
            Align2::LEFT_BOTTOM,
            r.left_bottom() + Vec2::new(inset, -inset),
        ),
        _ => (Align2::RIGHT_BOTTOM, r.right_bottom() - Vec2::splat(inset)),
    };
    anchor.anchor_size(at, size)
}

/// What placing the tag looks at: the box on screen, the tokens' discs and the pane's chrome.
struct TagPlace<'a> {
    painter: &'a Painter,
    box_in_ui: Rect,
    /// The tokens' discs on screen.
    tokens: Vec<Rect>,
    pointer: &'a super::pointer::MapPointer,
}

impl TagPlace<'_> {
    /// The first corner where the tag lies in the pane and covers no token and no chrome; else
    /// the one with the fewest things under it.
    fn best_corner(&self, size: Vec2, tag: egui::Id) -> usize {
        let pane = self.pointer.pane().intersect(self.painter.clip_rect());
        let chrome: Vec<Rect> = self.pointer.chrome_except(tag).collect();
        let cost = |corner: usize| {
            let at = tag_rect(self.box_in_ui, size, corner);
            let outside = usize::from(!pane.contains_rect(at)) * 100;
            let hidden = chrome.iter().filter(|c| c.intersects(at)).count() * 10;
            let covered = self.tokens.iter().filter(|t| t.intersects(at)).count();
            outside + hidden + covered
        };
        (0..TAG_CORNERS).min_by_key(|c| (cost(*c), *c)).unwrap_or(0)
    }
}

/// The discs of the tokens near `r` (the box on screen), grown by a little room.
fn token_discs_near(encounter: &Encounter, t: &MapTransform, r: Rect) -> Vec<Rect> {
    let grid = encounter.map.grid;
    let discs = super::layout::token_discs(grid);
    let near = r.expand(80.0);
    encounter
        .tokens
        .iter()
        .map(|token| {
            let disc = discs[super::layout::size_index(token.size)];
            let centre = t.ui_from_grid(disc.centre(grid, token.cell));
            let radius = t.points(disc.radius_cells) + 2.0;
            Rect::from_center_size(centre, Vec2::splat(radius * 2.0))
        })
        .filter(|d| near.intersects(*d))
        .collect()
}
