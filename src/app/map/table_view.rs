//! What the table's screen asks of the map: whether the players see a token (the rule the
//! players' view paints by), which token a finger is on, what dropping a token moved from the
//! table does (the rule the GM's own drags follow, without the GM's Alt), and how a drag from
//! the table is drawn.

use egui::{Painter, Stroke};

use super::MapView;
use super::layout::{size_index, token_discs};
use super::movement::drop_move;
use super::transform::MapTransform;
use super::{base_ring, palette, terrain};
use crate::model::{Cell, Command, Encounter, GridPoint, TokenId};

impl MapView {
    /// Whether the players' window shows token `id` now, as the core's `view::PlayersView`
    /// (the one decision the players' window paints and the phones are sent) says.
    pub fn players_see(&mut self, encounter: &Encounter, id: TokenId) -> bool {
        self.fog
            .players_view(encounter, encounter.fog.enabled)
            .shows_token(id)
    }

    /// What dropping token `id` on `target` from the table does: `Ok(None)` nothing (where it
    /// was, off the map, no such token), `Err(why)` refused as the GM's map refuses it (out of
    /// its reach this turn), else the move, one undo step that spends the movement on its turn.
    pub fn table_drop(
        &mut self,
        encounter: &Encounter,
        id: TokenId,
        target: Cell,
    ) -> Result<Option<Command>, String> {
        let Some(token) = encounter.token(id) else {
            return Ok(None);
        };
        let (scene, _) = self.play.scene.scene(encounter);
        drop_move(scene, encounter, &mut None, token, target, false)
    }
}

impl MapView {
    /// The token the players see under map point `p` (a finger on the table): the nearest whose
    /// space (or disc, when larger) holds the point.
    pub fn table_token_at(&mut self, encounter: &Encounter, p: GridPoint) -> Option<TokenId> {
        let grid = encounter.map.grid;
        let discs = token_discs(grid);
        let mut near: Vec<(f64, TokenId)> = encounter
            .tokens
            .iter()
            .filter_map(|token| {
                let disc = discs[size_index(token.size)];
                let centre = disc.centre(grid, token.cell);
                let reach = disc
                    .radius_cells
                    .max(f64::from(token.size.space_cells()) * 0.5);
                let distance = (centre.x - p.x).hypot(centre.y - p.y);
                (distance <= reach).then_some((distance, token.id))
            })
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        near.into_iter()
            .map(|(_, id)| id)
            .find(|id| self.players_see(encounter, *id))
    }
}

/// Paints token `id` being dragged from the table to `target` through `t`: its footprint there
/// tinted (blue when the drop is allowed, red when refused), a line from where it stands and a
/// ring the size of its base.
pub fn paint_table_drag(
    painter: &Painter,
    encounter: &Encounter,
    id: TokenId,
    target: Cell,
    allowed: Option<bool>,
    t: &MapTransform,
) {
    let Some(token) = encounter.token(id) else {
        return;
    };
    let grid = encounter.map.grid;
    let tint = if allowed == Some(false) {
        palette::DROP_BAD
    } else {
        palette::DROP_OK
    };
    for cell in crate::board::footprint::footprint_cells(grid, token.size, target) {
        let polygon = terrain::cell_polygon(grid, cell, t);
        painter.add(egui::Shape::convex_polygon(polygon, tint, Stroke::NONE));
    }
    let disc = token_discs(grid)[size_index(token.size)];
    let from = t.ui_from_grid(disc.centre(grid, token.cell));
    let to = t.ui_from_grid(disc.centre(grid, target));
    let ring = tint.to_opaque();
    let width = (t.points_per_cell * 0.06).clamp(2.0, 6.0);
    painter.line_segment([from, to], Stroke::new(width, ring));
    let radius = base_ring::base_radius(token.size, t.points_per_cell) - width;
    painter.circle_stroke(to, radius, Stroke::new(width, ring));
}
