//! The obstacle and difficult cells when too many are in view to draw one by one: a texture with
//! a pixel (or a few) per cell over the whole map, drawn as one quad.
//!
//! A layer may mark every cell of a 2,000-cell map (4,000,000 cells): drawn cell by cell that is
//! four million polygons a frame, a mesh far past what a GPU buffer holds. Past
//! [`MAX_CELL_SHAPES`] cells in view (or cells under [`MIN_CELL_POINTS`] across, where a cell's
//! outline and hatching are invisible anyway) the layers are painted from this texture instead,
//! rebuilt when the document changes.

use egui::{Color32, ColorImage, Rect, TextureHandle, TextureOptions, pos2};

use super::palette;
use super::terrain::VisibleCells;
use super::transform::MapTransform;
use crate::board::grid::{HEX_RADIUS, cell_in_grid};
use crate::model::{Encounter, GridPoint, MapSpec};

/// The most cells of a layer drawn as polygons in one frame.
pub const MAX_CELL_SHAPES: usize = 20_000;

/// Below this many points to a cell, cells are drawn from the texture whatever their number.
pub const MIN_CELL_POINTS: f32 = 3.0;

/// The most pixels the texture holds (a 2,048² texture): a 2,000-cell map gets one a cell.
const MAX_PIXELS: f64 = 4_194_304.0;

/// The layers' texture and the terrain generation it was painted for.
#[derive(Default)]
pub struct CellLayerTexture {
    built: Option<(u64, TextureHandle, Rect)>,
}

impl std::fmt::Debug for CellLayerTexture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CellLayerTexture").finish_non_exhaustive()
    }
}

/// Whether the cell layers in view are too many (or too small) to draw cell by cell.
pub fn too_many(encounter: &Encounter, cells: &VisibleCells<'_>, t: &MapTransform) -> bool {
    let in_view = cells.cols.clone().count() * cells.rows.clone().count();
    let marked = encounter.obstacle_cells.len() + encounter.difficult_cells.len();
    let drawn = in_view.min(marked);
    drawn > MAX_CELL_SHAPES || (drawn > 0 && t.points_per_cell < MIN_CELL_POINTS)
}

impl CellLayerTexture {
    /// Paints the difficult and obstacle cells from the texture, rebuilding it when `terrain`
    /// (the scene cache's terrain generation) moved: the cells, not every edit of the document
    /// (each token move and each explored cell of fog rebuilt 4 million pixels).
    pub fn paint(
        &mut self,
        painter: &egui::Painter,
        encounter: &Encounter,
        terrain: u64,
        t: &MapTransform,
    ) {
        let fresh = self.built.as_ref().is_some_and(|(g, _, _)| *g == terrain);
        if !fresh {
            let (image, rect) = layers_image(encounter);
            let texture = match self.built.take() {
                Some((_, mut texture, _)) => {
                    texture.set(image, TextureOptions::NEAREST);
                    texture
                }
                None => painter
                    .ctx()
                    .load_texture("cell-layers", image, TextureOptions::NEAREST),
            };
            self.built = Some((terrain, texture, rect));
        }
        if let Some((_, texture, rect)) = &self.built {
            let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
            painter.image(texture.id(), t.ui_rect_from_grid(*rect), uv, Color32::WHITE);
        }
    }
}

/// The layers as an image over the map's bounding box (map space `Rect`): on square maps whole
/// pixels to a cell, so each pixel is one cell's; on hex maps each pixel takes the cell under its
/// centre.
fn layers_image(encounter: &Encounter) -> (ColorImage, Rect) {
    let map = &encounter.map;
    let (lo, hi) = bounds(map);
    let (span_x, span_y) = (hi.x - lo.x, hi.y - lo.y);
    let per_cell = (MAX_PIXELS / (span_x * span_y).max(1e-9))
        .sqrt()
        .floor()
        .clamp(1.0, 4.0);
    let width = (span_x * per_cell).ceil() as usize;
    let height = (span_y * per_cell).ceil() as usize;
    let mut pixels = vec![Color32::TRANSPARENT; width * height];
    let layers = [
        (&encounter.difficult_cells, palette::DIFFICULT_TINT),
        (&encounter.obstacle_cells, palette::OBSTACLE),
    ];
    if map.grid.is_hex() {
        for (j, row) in pixels.chunks_exact_mut(width).enumerate() {
            for (i, pixel) in row.iter_mut().enumerate() {
                let p = GridPoint::new(
                    lo.x + (i as f64 + 0.5) / per_cell,
                    lo.y + (j as f64 + 0.5) / per_cell,
                );
                let cell = cell_in_grid(map.grid, p);
                for (set, colour) in &layers {
                    if set.contains(&cell) && map.contains(cell) {
                        *pixel = *colour;
                    }
                }
            }
        }
    } else {
        let side = per_cell as usize;
        for (set, colour) in &layers {
            for cell in set.iter().filter(|c| map.contains(**c)) {
                let (x, y) = (cell.x as usize * side, cell.y as usize * side);
                for row in pixels.chunks_exact_mut(width).skip(y).take(side) {
                    row[x..x + side].fill(*colour);
                }
            }
        }
    }
    let scale = per_cell as f32;
    let rect = Rect::from_min_max(
        pos2(lo.x as f32, lo.y as f32),
        pos2(
            lo.x as f32 + width as f32 / scale,
            lo.y as f32 + height as f32 / scale,
        ),
    );
    (ColorImage::new([width, height], pixels), rect)
}

/// The map's bounding box in map space.
fn bounds(map: &MapSpec) -> (GridPoint, GridPoint) {
    let rect = super::layout::map_rect_in_grid(map);
    let pad = if map.grid.is_hex() { HEX_RADIUS } else { 0.0 };
    (
        GridPoint::new(f64::from(rect.min.x) - pad, f64::from(rect.min.y) - pad),
        GridPoint::new(f64::from(rect.max.x) + pad, f64::from(rect.max.y) + pad),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cell;

    /// How many times a frame's output (re)fills the layers' texture.
    fn fills(ctx: &egui::Context, output: &mut egui::FullOutput) -> usize {
        let manager = ctx.tex_manager();
        let manager = manager.read();
        let ours =
            |id: &egui::TextureId| manager.meta(*id).is_some_and(|m| m.name == "cell-layers");
        let n = output
            .textures_delta
            .set
            .iter()
            .filter(|(id, _)| ours(id))
            .count();
        output.textures_delta.clear();
        n
    }

    #[test]
    fn the_texture_is_painted_again_only_for_another_terrain() {
        let mut encounter = Encounter {
            obstacle_cells: (0..30).map(|x| Cell::new(x, 3)).collect(),
            ..Encounter::default()
        };
        let ctx = egui::Context::default();
        let mut layers = CellLayerTexture::default();
        let t = MapTransform::new(egui::pos2(0.0, 0.0), 4.0);
        let mut paint = |encounter: &Encounter, terrain: u64| {
            let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
                layers.paint(ui.painter(), encounter, terrain, &t);
            });
            fills(&ctx, &mut output)
        };
        assert_eq!(paint(&encounter, 1), 1, "the first frame paints it");
        // Any other edit (a token moved, fog explored) leaves the terrain's generation.
        encounter.name = "Renamed".into();
        assert_eq!(paint(&encounter, 1), 0);
        encounter.obstacle_cells.insert(Cell::new(5, 5));
        assert_eq!(paint(&encounter, 2), 1, "new cells are painted");
    }
}
