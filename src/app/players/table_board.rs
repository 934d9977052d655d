//! The table's touch against the players' picture: the board the contacts read (the frame last
//! drawn, the tokens the players see, who may be moved), what their acts do (a drop checked and
//! queued as the GM's map does it, a ping, a note saying why not), and the marks drawn for them
//! on the players' window: the dragged tokens' ghosts, a long press filling, the notes, the pings.

use egui::{Align2, Color32, FontId, Painter, Pos2, Stroke};

use super::touch::{TableAct, TableBoard, TableInput, TableMoves};
use super::{PlayersFrame, PlayersWindow};
use crate::app::map::{self, MapTransform, MapView};
use crate::app::ping;
use crate::board::grid::{cell_in_grid, point_in_grid};
use crate::model::{Cell, Command, Encounter, GridPoint, Side, TokenId};

/// How long a note saying why a drop was refused shows, in seconds.
const NOTE_SECS: f64 = 4.0;

/// The table's contacts and the notes they left. View state.
#[derive(Clone, Debug, Default)]
pub struct TableTouch {
    pub input: TableInput,
    notes: Vec<TableNote>,
}

/// A note on the players' window by a token: why it did not move.
#[derive(Clone, Debug)]
struct TableNote {
    text: String,
    at: GridPoint,
    /// Until when it shows (the players' window's input time).
    until: f64,
}

/// What the contacts read: the frame the players last saw, and the encounter under it.
struct Board<'a> {
    frame: PlayersFrame,
    view: &'a mut MapView,
    encounter: &'a Encounter,
    moves: TableMoves,
}

impl TableBoard for Board<'_> {
    fn grid_at(&self, p: Pos2) -> Option<GridPoint> {
        if !self.frame.map_on_screen.contains(p) {
            return None;
        }
        let upright = self.frame.turn.unturn_pos(p);
        Some(self.frame.transform.grid_from_ui(upright))
    }

    fn token_at(&mut self, p: GridPoint) -> Option<TokenId> {
        self.view.table_token_at(self.encounter, p)
    }

    fn may_move(&self, token: TokenId) -> bool {
        match self.moves {
            TableMoves::Nobody => false,
            TableMoves::CurrentCombatant => {
                self.encounter.combat.initiative.current_token() == Some(token)
            }
            TableMoves::PartyTokens => self
                .encounter
                .token(token)
                .is_some_and(|t| t.side == Side::Party),
        }
    }

    fn anchor(&self, token: TokenId) -> Option<GridPoint> {
        let token = self.encounter.token(token)?;
        Some(point_in_grid(self.encounter.map.grid, token.cell))
    }

    fn cell_at(&self, p: GridPoint) -> Cell {
        cell_in_grid(self.encounter.map.grid, p)
    }

    fn allowed(&mut self, token: TokenId, target: Cell) -> Option<bool> {
        match self.view.table_drop(self.encounter, token, target) {
            Ok(Some(_)) => Some(true),
            Ok(None) => None,
            Err(_) => Some(false),
        }
    }
}

/// Reads this frame's touches (and mouse) on the players' window against the frame last drawn,
/// queuing a move for each token dropped, pinging each long press and noting each refusal.
pub fn table_input_ui(
    ui: &egui::Ui,
    window: &mut PlayersWindow,
    view: &mut MapView,
    encounter: &Encounter,
    commands: &mut Vec<Command>,
) {
    // Blacked out or showing the grid test, the table shows no map to touch; with Draw on, the
    // pointer is the pen's (a stroke begun on a token must not drag it, nor a pause ping).
    let Some(frame) = window.last_frame.filter(|_| !window.pen.on) else {
        window.touch.input = TableInput::default();
        return;
    };
    let (events, now) = ui.input(|i| (i.events.clone(), i.time));
    let touch = &mut window.touch;
    touch.notes.retain(|n| n.until > now);
    let mut board = Board {
        frame,
        view,
        encounter,
        moves: window.table.moves,
    };
    for act in touch.input.run(&events, now, &mut board) {
        log::info!("table: {act:?}");
        match act {
            TableAct::Drop { token, target } => {
                match board.view.table_drop(encounter, token, target) {
                    Ok(Some(command)) => commands.push(command),
                    Ok(None) => {}
                    Err(why) => touch.note(why, encounter, target, now),
                }
            }
            TableAct::Ping(at) => board.view.pings_mut().push(at, ping::now(ui.ctx())),
            TableAct::Refused { token } => {
                if let Some(cell) = encounter.token(token).map(|t| t.cell) {
                    touch.note(board.moves.refusal().to_owned(), encounter, cell, now);
                }
            }
        }
    }
    if touch.input.any_down() || !touch.notes.is_empty() {
        // A long press fills as it is held, and a note goes when its time is up.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(50));
    }
}

impl TableTouch {
    fn note(&mut self, text: String, encounter: &Encounter, cell: Cell, now: f64) {
        let at = point_in_grid(encounter.map.grid, cell);
        self.notes.retain(|n| n.at != at);
        self.notes.push(TableNote {
            text,
            at,
            until: now + NOTE_SECS,
        });
    }
}

/// What the table's marks are drawn with: the upright picture's painter and transform, and the
/// screen's turn to take a finger's place back into it.
pub struct MarksFrame<'a> {
    /// The upright picture's ui: the notes get accessibility nodes there.
    pub ui: &'a egui::Ui,
    pub painter: &'a Painter,
    pub t: &'a MapTransform,
    pub turn: &'a super::ScreenTurn,
}

/// Paints, in the upright picture, the tokens dragged from the table, the long presses, the
/// notes and the pings showing.
pub fn paint_table_marks(
    frame: &MarksFrame<'_>,
    touch: &TableTouch,
    view: &MapView,
    encounter: &Encounter,
    now: f64,
) {
    let MarksFrame {
        ui,
        painter,
        t,
        turn,
    } = *frame;
    for drag in touch.input.dragging() {
        map::paint_table_drag(painter, encounter, drag.token, drag.target, drag.allowed, t);
    }
    let radius = (t.points_per_cell * 0.6).max(28.0);
    for (at, done) in touch.input.pressing(now) {
        paint_press(painter, turn.unturn_pos(at), radius, done);
    }
    for note in &touch.notes {
        let at = t.ui_from_grid(GridPoint::new(note.at.x, note.at.y - 0.6));
        let galley = painter.layout(
            note.text.clone(),
            FontId::proportional(20.0),
            Color32::WHITE,
            320.0,
        );
        let rect = Align2::CENTER_BOTTOM.anchor_size(at, galley.size());
        painter.rect_filled(rect.expand(6.0), 6.0, Color32::from_rgb(120, 30, 24));
        painter.galley(rect.min, galley, Color32::WHITE);
        let id = ui
            .scope_id()
            .with(("table_note", note.at.x.to_bits(), note.at.y.to_bits()));
        let node = ui.interact(rect, id, egui::Sense::empty());
        node.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &note.text));
    }
    ping::paint_pings(painter, view.pings(), t, ping::now(painter.ctx()));
}

/// A long press filling round the finger: a ring that closes as it is held; whole, it pings.
fn paint_press(painter: &Painter, centre: Pos2, radius: f32, done: f32) {
    let colour = if done >= 1.0 {
        Color32::from_rgb(255, 236, 160)
    } else {
        Color32::from_white_alpha(160)
    };
    let steps = 32;
    let points: Vec<Pos2> = (0..=steps)
        .map(|i| {
            let a = -std::f32::consts::FRAC_PI_2
                + std::f32::consts::TAU * done * i as f32 / steps as f32;
            centre + egui::vec2(a.cos(), a.sin()) * radius
        })
        .collect();
    painter.add(egui::Shape::line(
        points.clone(),
        Stroke::new(8.0, Color32::BLACK),
    ));
    painter.add(egui::Shape::line(points, Stroke::new(5.0, colour)));
}
