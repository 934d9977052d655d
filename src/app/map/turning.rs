//! Turning tokens: R and Shift+R step the selected tokens round, the context menu does the
//! same for one token, and a turned token shows a wedge on its rim pointing where it faces.

use egui::{Painter, Shape, Stroke, Ui};

use super::layout::{size_index, token_discs};
use super::palette;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::model::{Command, Encounter, Token, TokenId};

/// One turn step: a sixth of a circle on hex grids (a hex has six faces), an eighth on squares.
fn rotation_step_deg(encounter: &Encounter) -> f32 {
    if encounter.map.grid.is_hex() {
        60.0
    } else {
        45.0
    }
}

/// Turns the selected tokens one step clockwise (`direction` 1) or back (−1), as one command.
pub fn rotate_selected(ctx: &mut PaneContext<'_>, direction: i32) {
    let ids: Vec<TokenId> = ctx.selection.iter().copied().collect();
    if let Some(command) = rotate_command(ctx.encounter, &ids, direction) {
        ctx.command(command);
    }
}

/// The command turning `ids` one step, if any of them exists.
pub fn rotate_command(encounter: &Encounter, ids: &[TokenId], direction: i32) -> Option<Command> {
    let step = rotation_step_deg(encounter) * direction as f32;
    let updates: Vec<Command> = ids
        .iter()
        .filter_map(|id| encounter.token(*id))
        .map(|token| {
            Command::UpdateToken(Token {
                rotation_deg: (token.rotation_deg + step).rem_euclid(360.0),
                ..token.clone()
            })
        })
        .collect();
    (!updates.is_empty()).then_some(Command::Batch(updates))
}

/// "Turn right" and "Turn left" in a token's context menu.
pub fn rotate_menu_ui(ui: &mut Ui, ctx: &mut PaneContext<'_>, token: &Token) {
    for (label, direction) in [("Turn right (R)", 1), ("Turn left (Shift+R)", -1)] {
        if ui.button(label).clicked() {
            if let Some(command) = rotate_command(ctx.encounter, &[token.id], direction) {
                ctx.command(command);
            }
            ui.close();
        }
    }
}

/// A small wedge on the rim of every turned token, pointing where it faces (0° is up).
pub fn paint_facings(painter: &Painter, encounter: &Encounter, t: &MapTransform) {
    let grid = encounter.map.grid;
    let discs = token_discs(grid);
    let clip = painter.clip_rect();
    for token in encounter.tokens.iter().filter(|t| t.rotation_deg != 0.0) {
        let disc = discs[size_index(token.size)];
        let centre = t.ui_from_grid(disc.centre(grid, token.cell));
        let radius = t.points(disc.radius_cells);
        if !clip.expand(radius).contains(centre) {
            continue;
        }
        let angle = token.rotation_deg.to_radians();
        let dir = egui::vec2(angle.sin(), -angle.cos());
        // Outside the ring and the selection glow, so it reads at any zoom.
        let side = dir.rot90() * radius * 0.32;
        let tip = centre + dir * radius * 1.6;
        let base = centre + dir * radius * 1.05;
        let wedge = vec![tip, base + side, base - side];
        painter.add(Shape::convex_polygon(
            wedge,
            palette::side_ring(token.side),
            Stroke::new(1.0, palette::LABEL_BACK),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::apply;
    use crate::model::{Cell, RuleSystem, Side};

    #[test]
    fn turning_wraps_round_and_uses_sixths_on_hex() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        e.tokens
            .push(Token::new(TokenId(1), "Bram", Side::Party, Cell::new(0, 0)));
        let left = rotate_command(&e, &[TokenId(1)], -1).unwrap();
        apply(&mut e, left).unwrap();
        assert!((e.tokens[0].rotation_deg - 315.0).abs() < 1e-4);
        e.map.grid = crate::model::GridKind::HexFlat;
        let right = rotate_command(&e, &[TokenId(1)], 1).unwrap();
        apply(&mut e, right).unwrap();
        assert!((e.tokens[0].rotation_deg - 15.0).abs() < 1e-4);
        assert!(rotate_command(&e, &[TokenId(9)], 1).is_none());
    }
}
