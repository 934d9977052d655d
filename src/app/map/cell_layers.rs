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

/// The layers' texture, and the terrain generation and ground it was painted for.
#[derive(Default)]
pub struct CellLayerTexture {
    built: Option<((u64, Ground), TextureHandle, Rect)>,
}

/// What the layers' texture shows between the marked cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ground {
    /// Nothing: the map's picture (or hex parchment) shows through.
    Clear,
    /// The parchment, so the texture is the square map's whole ground and no parchment is
    /// painted under it: one layer of the map's every pixel less a frame, a fifth of a large
    /// map's frame in a software renderer.
    Parchment,
}

impl Ground {
    /// The ground the texture can carry for `map`: parchment on a square map without a
    /// picture (the texture covers it exactly), none otherwise.
    pub fn for_map(map: &MapSpec) -> Self {
        if map.grid.is_hex() || map.background.is_some() {
            Self::Clear
        } else {
            Self::Parchment
        }
    }
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
        let key = (terrain, Ground::for_map(&encounter.map));
        let fresh = self.built.as_ref().is_some_and(|(k, _, _)| *k == key);
        if !fresh {
            let (image, rect) = layers_image(encounter, key.1);
            let texture = match self.built.take() {
                Some((_, mut texture, _)) => {
                    texture.set(image, TextureOptions::NEAREST);
                    texture
                }
                None => painter
                    .ctx()
                    .load_texture("cell-layers", image, TextureOptions::NEAREST),
            };
            self.built = Some((key, texture, rect));
        }
        if let Some((_, texture, rect)) = &self.built {
            let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
            painter.image(texture.id(), t.ui_rect_from_grid(*rect), uv, Color32::WHITE);
        }
    }
}

/// The layers as an image over the map's bounding box (map space `Rect`) on `ground`: on square
/// maps whole pixels to a cell, so each pixel is one cell's; on hex maps each pixel takes the
/// cell under its centre.
fn layers_image(encounter: &Encounter, ground: Ground) -> (ColorImage, Rect) {
    let map = &encounter.map;
    let (lo, hi) = bounds(map);
    let (span_x, span_y) = (hi.x - lo.x, hi.y - lo.y);
    let per_cell = (MAX_PIXELS / (span_x * span_y).max(1e-9))
        .sqrt()
        .floor()
        .clamp(1.0, 4.0);
    let width = (span_x * per_cell).ceil() as usize;
    let height = (span_y * per_cell).ceil() as usize;
    let under = match ground {
        Ground::Clear => Color32::TRANSPARENT,
        Ground::Parchment => palette::PARCHMENT,
    };
    let mut pixels = vec![under; width * height];
    let layers = [
        (
            &encounter.difficult_cells,
            under.blend(palette::DIFFICULT_TINT),
        ),
        (&encounter.obstacle_cells, under.blend(palette::OBSTACLE)),
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

    /// On a square map without a picture the texture is the map's whole ground: parchment
    /// between the cells, difficult cells tinted over it, obstacles opaque. On a hex map (whose
    /// ragged edge it cannot follow) the ground stays clear.
    #[test]
    fn a_square_map_s_texture_carries_its_parchment() {
        let mut encounter = Encounter {
            obstacle_cells: std::iter::once(Cell::new(1, 0)).collect(),
            difficult_cells: std::iter::once(Cell::new(2, 0)).collect(),
            ..Encounter::default()
        };
        encounter.map.width_cells = 4;
        encounter.map.height_cells = 2;
        let ground = Ground::for_map(&encounter.map);
        assert_eq!(ground, Ground::Parchment);
        let (image, _) = layers_image(&encounter, ground);
        // Four pixels a cell side: the first row's cells at x 0, 4 and 8.
        assert_eq!(image.pixels[0], palette::PARCHMENT);
        assert_eq!(image.pixels[4], palette::OBSTACLE);
        let tinted = image.pixels[8];
        assert_eq!(tinted.a(), 255, "difficult ground is opaque: {tinted:?}");
        assert_ne!(tinted, palette::PARCHMENT);
        encounter.map.grid = crate::model::GridKind::HexFlat;
        assert_eq!(Ground::for_map(&encounter.map), Ground::Clear);
        let (image, _) = layers_image(&encounter, Ground::Clear);
        assert!(image.pixels.contains(&Color32::TRANSPARENT));
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
