//! Movement while a token is dragged: its reachable cells shaded, the cheapest path to the
//! ghost with its cost, and drops out of reach refused unless the GM holds Alt.

use egui::{Align2, Color32, FontId, Painter, Shape, Stroke};

use super::terrain::cell_polygon;
use super::transform::MapTransform;
use crate::board::grid::point_in_grid;
use crate::board::{Gait, Scene};
use crate::combat::move_reach::{MoveReach, cells_text};
use crate::combat::turn_move::drag_move;
use crate::model::{Cell, Encounter, TokenId};

const REACH_TINT: Color32 = Color32::from_rgba_unmultiplied_const(60, 170, 255, 45);
const PATH: Color32 = Color32::from_rgb(30, 110, 220);

/// Where the dragged token can get this turn: the core's [`MoveReach`] (the same check a
/// player's move from a phone passes), with its drawing.
#[derive(Debug)]
pub struct DragReach(pub MoveReach);

impl std::ops::Deref for DragReach {
    type Target = MoveReach;

    fn deref(&self) -> &MoveReach {
        &self.0
    }
}

impl DragReach {
    /// The reach of `id` at its speed after its conditions, or, on its turn, with the movement
    /// it has left.
    pub fn of(scene: &Scene, encounter: &Encounter, id: TokenId) -> Option<Self> {
        MoveReach::of(scene, encounter, id).map(Self)
    }

    /// Shades every anchor cell the token may stop on.
    pub fn paint_cells(&self, painter: &Painter, scene: &Scene, t: &MapTransform) {
        let clip = painter.clip_rect();
        for cell in self.reach.cells() {
            let polygon = cell_polygon(scene.grid(), cell, t);
            if polygon.iter().any(|p| clip.contains(*p)) {
                painter.add(Shape::convex_polygon(polygon, REACH_TINT, Stroke::NONE));
            }
        }
    }

    /// The cheapest path to `target` and its cost, when it is reachable.
    pub fn paint_path(&self, painter: &Painter, scene: &Scene, target: Cell, t: &MapTransform) {
        let (Some(path), Some(cost)) = (self.reach.path_to(target), self.reach.cost_cells(target))
        else {
            return;
        };
        let points: Vec<_> = path
            .iter()
            .map(|c| t.ui_from_grid(point_in_grid(scene.grid(), *c)))
            .collect();
        let width = (t.points_per_cell * 0.08).clamp(2.0, 5.0);
        painter.add(Shape::line(points.clone(), Stroke::new(width, PATH)));
        let Some(end) = points.last() else { return };
        let mut text = format!("{} / {}", cells_text(cost), self.speed_cells);
        if self.gait == Gait::Crawl {
            text.push_str(" crawling");
        }
        let galley = painter.layout_no_wrap(text, FontId::proportional(14.0), Color32::WHITE);
        let at = Align2::LEFT_BOTTOM
            .anchor_size(*end + egui::vec2(width * 3.0, -width * 3.0), galley.size());
        painter.rect_filled(at.expand(3.0), 3.0, PATH);
        painter.galley(at.min, galley, Color32::WHITE);
    }
}

/// What dropping `token` on `target` does, by the one rule the GM's map and the table's touch
/// share: `Ok(None)` nothing (dropped where it was, or partly off the map), `Err(why)` refused
/// (out of its reach this turn, unless `override_reach`: the GM's Alt), else the move, which on
/// the token's turn spends the movement the path costs. `reach` is the drag's reach, worked out
/// here when it is not `token`'s.
pub fn drop_move(
    scene: &Scene,
    encounter: &Encounter,
    reach: &mut Option<DragReach>,
    token: &crate::model::Token,
    target: Cell,
    override_reach: bool,
) -> Result<Option<crate::model::Command>, String> {
    if target == token.cell || !super::placement::fits_in_map(&encounter.map, token.size, target) {
        return Ok(None);
    }
    if reach.as_ref().is_none_or(|r| r.id != token.id) {
        *reach = DragReach::of(scene, encounter, token.id);
    }
    // Within reach, the core's one rule for every move (a phone's too): the path's cost spent
    // on its turn, the attacks of opportunity it offers. The GM's override goes straight there
    // and spends nothing.
    match reach.as_ref() {
        Some(r) if !override_reach => r.command(scene, encounter, target).map(Some),
        _ => Ok(Some(drag_move(encounter, token.id, target, 0))),
    }
}
