//! The pen on the players' window: with **Draw** on, a drag with the mouse (or whatever pointer
//! the table has) draws on the map there — a fading mark by default, a kept one with **Keep**
//! (queued as a command the GM's window applies and can undo), and the table's own input
//! (`touch.rs`: dragging tokens, long presses) rests. Off, fingers and the mouse are the table's.
//!
//! This file is the pen's only input code on the players' window, apart from the one call in
//! `players_ui`: it reads egui's pointer, never `egui::Event::Touch`, and claims the window's
//! primary drags only while Draw is on, so touch handling on the table screen can own the
//! fingers the rest of the time.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};

use super::PlayersWindow;
use super::turn::ScreenTurn;
use crate::app::map::{MapView, StrokeSoFar};
use crate::board::table_scale::QuarterTurn;
use crate::model::{Command, Encounter, Mark, MarkCommand, MarkShape, Rgb, fresh_mark_id};

/// The table pen's colour: amber, to tell it from the GM's red.
const TABLE_COLOUR: Rgb = [255, 190, 0];

/// The table pen's switches and the stroke under way. View state: never saved.
#[derive(Clone, Debug, Default)]
pub struct TablePen {
    /// Drags on the players' window draw.
    pub on: bool,
    /// Strokes are kept marks (saved, undoable from the GM's window); otherwise they fade.
    pub keep: bool,
    stroke: Option<StrokeSoFar>,
}

/// Follows a drag over the players' view while the pen is on, then draws the pen's switches in
/// the bottom-left corner. Call after the map is painted and before any button that must stay
/// clickable over it.
pub fn pen_ui(
    ui: &mut egui::Ui,
    rect: Rect,
    window: &mut PlayersWindow,
    view: &mut MapView,
    encounter: &Encounter,
) {
    if window.pen.on
        && let Some(frame) = window.last_frame
    {
        let surface = ui.interact(rect, ui.scope_id().with("table_pen"), Sense::drag());
        let pen = &mut window.pen;
        let t = frame.transform;
        let upright = |p: Pos2| upright_from_screen(&frame.turn, p);
        if surface.drag_started()
            && let Some(origin) = ui.input(|i| i.pointer.press_origin())
        {
            let mut stroke = StrokeSoFar::default();
            stroke.reach(upright(origin), &t);
            pen.stroke = Some(stroke);
        }
        if let (Some(stroke), Some(at)) = (&mut pen.stroke, surface.interact_pointer_pos()) {
            stroke.reach(upright(at), &t);
        }
        if let Some(stroke) = &pen.stroke {
            let points: Vec<Pos2> = stroke
                .points
                .iter()
                .map(|p| frame.turn.pos(t.ui_from_grid(*p)))
                .collect();
            let [r, g, b] = TABLE_COLOUR;
            let width = (t.points_per_cell * 0.08).max(2.0);
            ui.painter().add(egui::Shape::line(
                points,
                Stroke::new(width, Color32::from_rgb(r, g, b)),
            ));
        }
        if surface.drag_stopped()
            && let Some(stroke) = pen.stroke.take()
        {
            let shape = MarkShape::Stroke {
                points: stroke.points,
            };
            if pen.keep {
                view.queue(Command::Mark(MarkCommand::Add(Mark {
                    id: fresh_mark_id(&encounter.marks),
                    shape,
                    color: TABLE_COLOUR,
                    gm_only: false,
                })));
            } else {
                view.fading_mut()
                    .push(shape, TABLE_COLOUR, ui.input(|i| i.time));
            }
        }
    } else {
        window.pen.stroke = None;
    }
    switches_ui(ui, rect, &mut window.pen);
}

/// Draw and Keep, small and dim in the bottom-left corner.
fn switches_ui(ui: &mut egui::Ui, rect: Rect, pen: &mut TablePen) {
    let at = Rect::from_min_size(
        rect.left_bottom() + Vec2::new(8.0, -36.0),
        Vec2::new(200.0, 28.0),
    );
    ui.scope_builder(egui::UiBuilder::new().max_rect(at), |ui| {
        ui.horizontal(|ui| {
            let dim = |text: &str| egui::RichText::new(text).color(Color32::from_gray(170));
            ui.toggle_value(&mut pen.on, dim("✏ Draw"))
                .on_hover_text("Draw on the map here with the mouse");
            if pen.on {
                ui.toggle_value(&mut pen.keep, dim("Keep"))
                    .on_hover_text("Keep what is drawn (the GM can undo it); otherwise it fades");
            }
        });
    });
}

/// The upright point that the turn takes to the screen point `p` (the inverse of
/// [`ScreenTurn::pos`]).
fn upright_from_screen(turn: &ScreenTurn, p: Pos2) -> Pos2 {
    let v = p - turn.centre;
    let v = Vec2::new(v.x, v.y / turn.stretch_y);
    let back = match turn.turn {
        QuarterTurn::Deg0 => v,
        QuarterTurn::Deg90 => Vec2::new(v.y, -v.x),
        QuarterTurn::Deg180 => -v,
        QuarterTurn::Deg270 => Vec2::new(-v.y, v.x),
    };
    turn.centre + back
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inverse_turn_takes_every_screen_point_back_upright() {
        for turn in [
            QuarterTurn::Deg0,
            QuarterTurn::Deg90,
            QuarterTurn::Deg180,
            QuarterTurn::Deg270,
        ] {
            let screen = ScreenTurn {
                centre: Pos2::new(400.0, 300.0),
                turn,
                stretch_y: 1.25,
            };
            let p = Pos2::new(123.0, 456.0);
            let back = upright_from_screen(&screen, screen.pos(p));
            assert!(back.distance(p) < 1e-3, "{turn:?}: {back:?}");
        }
    }
}
