//! Selecting tokens by dragging a box over the map with the Select tool: every token whose
//! footprint's centre lies in the box is selected; with Shift held the box adds to the selection
//! instead of replacing it. A drag that starts on a token moves the token instead (the token's
//! own response is on top of the map's).

use egui::{PointerButton, Pos2, Rect, Response, Stroke, StrokeKind, Ui};

use super::palette;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::board::footprint::footprint_centre;
use crate::model::TokenId;

/// A selection box being dragged: where the button went down, in ui points.
#[derive(Debug, Default)]
pub struct BoxSelect {
    start: Option<Pos2>,
}

impl BoxSelect {
    /// Follows a primary drag on empty map while `enabled` (the Select tool, no ruler or brush),
    /// drawing the box and selecting on release.
    pub fn ui(
        &mut self,
        ui: &Ui,
        background: &Response,
        pointer: &super::pointer::MapPointer,
        painter: &egui::Painter,
        t: &MapTransform,
        ctx: &mut PaneContext<'_>,
        enabled: bool,
    ) {
        if !enabled {
            self.start = None;
            return;
        }
        if background.drag_started_by(PointerButton::Primary) {
            self.start = ui
                .input(|i| i.pointer.press_origin())
                .filter(|p| pointer.owns(*p));
        }
        let Some(start) = self.start else {
            return;
        };
        let Some(now) = ui.input(|i| i.pointer.interact_pos()) else {
            return;
        };
        let area = Rect::from_two_pos(start, now);
        painter.rect(
            area,
            2.0,
            palette::SELECTION.gamma_multiply(0.12),
            Stroke::new(1.5, palette::SELECTION),
            StrokeKind::Inside,
        );
        if background.drag_stopped_by(PointerButton::Primary)
            || !ui.input(|i| i.pointer.primary_down())
        {
            self.start = None;
            let keep = ui.input(|i| i.modifiers.shift);
            let inside = tokens_inside(ctx, t, area);
            if !keep {
                ctx.selection.clear();
            }
            ctx.selection.extend(inside);
        }
    }
}

/// The tokens whose footprint centre is inside `area` (ui points).
fn tokens_inside(ctx: &PaneContext<'_>, t: &MapTransform, area: Rect) -> Vec<TokenId> {
    let grid = ctx.encounter.map.grid;
    ctx.encounter
        .tokens
        .iter()
        .filter(|token| {
            area.contains(t.ui_from_grid(footprint_centre(grid, token.size, token.cell)))
        })
        .map(|token| token.id)
        .collect()
}
