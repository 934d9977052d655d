//! Movement while a token is dragged: its reachable cells shaded, the cheapest path to the
//! ghost with its cost, and drops out of reach refused unless the GM holds Alt.

use egui::{Align2, Color32, FontId, Painter, Shape, Stroke};

use super::terrain::cell_polygon;
use super::transform::MapTransform;
use crate::board::grid::point_in_grid;
use crate::board::{Gait, Reach, Scene};
use crate::combat::turn_move::{gait, movement_left, reach};
use crate::combat::wounds::token_speed;
use crate::model::{Cell, Encounter, TokenId};

const REACH_TINT: Color32 = Color32::from_rgba_unmultiplied_const(60, 170, 255, 45);
const PATH: Color32 = Color32::from_rgb(30, 110, 220);

/// Where the dragged token can get this turn.
#[derive(Debug)]
pub struct DragReach {
    pub id: TokenId,
    /// Speed after conditions, in cells.
    pub speed_cells: u32,
    /// Walking, or crawling while prone (each square costs double).
    pub gait: Gait,
    pub reach: Reach,
}

impl DragReach {
    /// The reach of `id` at its speed after its conditions, or, on its turn, with the movement
    /// it has left.
    pub fn of(scene: &Scene, encounter: &Encounter, id: TokenId) -> Option<Self> {
        encounter.token(id)?;
        let speed_cells = movement_left(encounter, id)
            .unwrap_or_else(|| token_speed(encounter, &encounter.combat.conditions, id).value);
        let gait = gait(encounter, id);
        let reach = reach(scene, encounter, id, speed_cells)?;
        Some(Self {
            id,
            speed_cells,
            gait,
            reach,
        })
    }

    /// Why a drop on `target` is refused, or `None` when the token can get there.
    pub fn refusal(&self, scene: &Scene, encounter: &Encounter, target: Cell) -> Option<String> {
        if self.reach.cost_cells(target).is_some() {
            return None;
        }
        // Only on a refusal: search again with a wider (but bounded, for huge maps) limit to say
        // how far it really is.
        let limit = self.speed_cells.saturating_mul(4).max(24);
        let cost = reach(scene, encounter, self.id, limit).and_then(|r| r.cost_cells(target));
        if cost.is_none()
            && let Some(source) = crate::combat::fear::kept_from(encounter, self.id)
        {
            let name = encounter.token(source).map_or("?", |t| t.name.as_str());
            return Some(format!("Frightened: it can't move closer to {name}."));
        }
        let cost = match cost {
            Some(cost) => format!("cost {} of {}", cells_text(cost), self.speed_cells),
            None => format!("cost over {limit} of {}", self.speed_cells),
        };
        Some(format!("Out of reach ({cost})."))
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

    /// The anchors a move to `target` passes, the start first, if it is reachable.
    pub fn path_to(&self, target: Cell) -> Option<Vec<Cell>> {
        self.reach.path_to(target)
    }

    /// The whole cells a move to `target` costs, if it is reachable.
    pub fn cost_cells(&self, target: Cell) -> Option<u32> {
        let cost = self.reach.cost_cells(target)?;
        // Costs are whole or half cells; a part cell still spends a whole one of speed.
        Some(cost.ceil() as u32)
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
    if !override_reach
        && let Some(why) = reach
            .as_ref()
            .and_then(|r| r.refusal(scene, encounter, target))
    {
        return Err(why);
    }
    // A move within reach on the token's turn spends its movement; the override spends none.
    let within = reach.as_ref().filter(|_| !override_reach);
    let cost = within.and_then(|r| r.cost_cells(target)).unwrap_or(0);
    // The path the move takes (for the attacks of opportunity it offers); an override goes
    // straight there.
    let path = within
        .and_then(|r| r.path_to(target))
        .unwrap_or_else(|| vec![token.cell, target]);
    Ok(Some(crate::combat::turn_move::move_along(
        encounter, token.id, &path, cost,
    )))
}

/// A cost in cells: whole numbers without a decimal point.
fn cells_text(cost: f64) -> String {
    if (cost - cost.round()).abs() < 1e-9 {
        format!("{cost:.0}")
    } else {
        format!("{cost:.1}")
    }
}
