//! The map's background image: decoded once per embedded image and kept as GPU textures.
//!
//! Large images are cut into tiles of at most [`TILE_PX`] pixels a side, so no texture passes
//! the GPU's limit and the image keeps its full resolution. Images whose file is larger than
//! [`INLINE_DECODE_BYTES`] are decoded on a worker thread while the pane shows a progress bar.

use std::collections::HashMap;
use std::sync::Arc;

use egui::{Color32, Painter, Rect, TextureHandle, TextureOptions, pos2};
use image::RgbaImage;

use super::transform::MapTransform;
use crate::app::import::job::{Job, Progress, progress_ui};
use crate::files::decode_image;
use crate::model::{Background, EmbeddedImage, Encounter, ImageId};

/// The largest tile side: every GPU egui runs on takes 2048-pixel textures.
pub const TILE_PX: u32 = 2048;

/// Encoded images up to this size decode between two frames; larger ones go to a worker.
const INLINE_DECODE_BYTES: usize = 1 << 20;

/// An image cut into textures no larger than the GPU takes.
pub struct BackgroundTiles {
    size_px: [u32; 2],
    tiles: Vec<Tile>,
}

struct Tile {
    texture: TextureHandle,
    /// Where the tile lies in the image, in pixels.
    rect_px: Rect,
}

impl BackgroundTiles {
    /// Cuts `rgba` into tiles and uploads them, reporting each row of tiles between `from` and
    /// `to`. Safe to call from a worker thread: egui's texture manager is shared.
    pub fn upload(
        ctx: &egui::Context,
        name: &str,
        rgba: &RgbaImage,
        progress: Option<(&Progress, f32, f32)>,
    ) -> Self {
        let max_side = ctx.input(|i| i.max_texture_side).max(256) as u32;
        let tile_px = TILE_PX.min(max_side);
        let (w, h) = rgba.dimensions();
        let rows = h.div_ceil(tile_px);
        let mut tiles = Vec::new();
        for row in 0..rows {
            for col in 0..w.div_ceil(tile_px) {
                tiles.push(upload_tile(
                    ctx,
                    name,
                    rgba,
                    col * tile_px,
                    row * tile_px,
                    tile_px,
                ));
            }
            if let Some((progress, from, to)) = progress {
                let done = (row + 1) as f32 / rows.max(1) as f32;
                progress.set("Uploading", from + (to - from) * done);
            }
        }
        Self {
            size_px: [w, h],
            tiles,
        }
    }

    /// The image's size in pixels.
    pub fn size_px(&self) -> [u32; 2] {
        self.size_px
    }

    fn paint(&self, painter: &Painter, background: &Background, t: &MapTransform) {
        let clip = painter.clip_rect();
        let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
        for tile in &self.tiles {
            let rect = rect_in_ui(background, tile.rect_px, t);
            if clip.intersects(rect) {
                painter.image(tile.texture.id(), rect, uv, Color32::WHITE);
            }
        }
    }
}

fn upload_tile(
    ctx: &egui::Context,
    name: &str,
    rgba: &RgbaImage,
    x: u32,
    y: u32,
    tile_px: u32,
) -> Tile {
    let (w, h) = (
        (rgba.width() - x).min(tile_px),
        (rgba.height() - y).min(tile_px),
    );
    let view = image::imageops::crop_imm(rgba, x, y, w, h).to_image();
    let color = egui::ColorImage::from_rgba_unmultiplied([w as usize, h as usize], view.as_raw());
    let texture = ctx.load_texture(format!("{name}-{x}-{y}"), color, TextureOptions::LINEAR);
    Tile {
        texture,
        rect_px: Rect::from_min_size(pos2(x as f32, y as f32), egui::vec2(w as f32, h as f32)),
    }
}

/// A pixel rectangle of the image in the ui: `pixels_per_cell` counts the image's pixels.
fn rect_in_ui(background: &Background, rect_px: Rect, t: &MapTransform) -> Rect {
    let ppc = background.pixels_per_cell as f32;
    let origin = t.ui_from_grid(background.origin_in_grid);
    Rect::from_min_max(
        origin + rect_px.min.to_vec2() / ppc * t.points_per_cell,
        origin + rect_px.max.to_vec2() / ppc * t.points_per_cell,
    )
}

/// Textures of background images, keyed by image id.
///
/// Each entry remembers the bytes it was made from, so an image replaced under the same id (undo
/// of a remove, then a different add) is decoded again rather than shown stale.
#[derive(Default)]
pub struct BackgroundCache {
    entries: HashMap<ImageId, Entry>,
}

struct Entry {
    source: Arc<[u8]>,
    state: State,
}

enum State {
    Loading(Job<BackgroundTiles>),
    Ready(BackgroundTiles),
    /// Why the image could not be shown (kept so a bad image is decoded once).
    Failed(String),
}

impl std::fmt::Debug for BackgroundCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BackgroundCache")
            .field("images", &self.entries.len())
            .finish()
    }
}

impl BackgroundCache {
    /// Hands over tiles made elsewhere (an import or "Set map background…" decoded the image on
    /// its own worker), so the image is not decoded a second time.
    pub fn insert(&mut self, id: ImageId, source: Arc<[u8]>, tiles: BackgroundTiles) {
        let state = State::Ready(tiles);
        self.entries.insert(id, Entry { source, state });
    }

    /// Paints the encounter's background, if any. Returns why it could not be shown, if so.
    pub fn paint(
        &mut self,
        ctx: &egui::Context,
        painter: &Painter,
        encounter: &Encounter,
        transform: &MapTransform,
    ) -> Option<String> {
        let background = encounter.map.background.as_ref()?;
        let Some(image) = encounter.images.get(&background.image) else {
            return Some(format!(
                "The background refers to missing {}",
                background.image
            ));
        };
        match &self.entry(ctx, background.image, image).state {
            State::Ready(tiles) => {
                tiles.paint(painter, background, transform);
                None
            }
            State::Loading(_) => None,
            State::Failed(err) => Some(format!(
                "Can't show the background image {}: {err}",
                crate::app::text::name(&image.name)
            )),
        }
    }

    /// The size in pixels of the background image, once it is decoded.
    pub fn size_px(&self, id: ImageId) -> Option<[u32; 2]> {
        match &self.entries.get(&id)?.state {
            State::Ready(tiles) => Some(tiles.size_px()),
            _ => None,
        }
    }

    /// Whether an image is still decoding on a worker (tests wait on it).
    pub fn is_loading(&self) -> bool {
        self.entries
            .values()
            .any(|entry| matches!(entry.state, State::Loading(_)))
    }

    /// Draws a progress bar while a background image decodes.
    pub fn progress_ui(&self, ui: &egui::Ui) {
        for (id, entry) in &self.entries {
            if let State::Loading(job) = &entry.state {
                let key = format!("background-{}", id.0);
                progress_ui(ui.ctx(), &key, "Loading the background image…", job);
            }
        }
    }

    fn entry(&mut self, ctx: &egui::Context, id: ImageId, image: &EmbeddedImage) -> &Entry {
        let entry = self.entries.entry(id).or_insert_with(|| Entry {
            source: Arc::clone(&image.data),
            state: start_loading(ctx, id, image),
        });
        if !Arc::ptr_eq(&entry.source, &image.data) {
            *entry = Entry {
                source: Arc::clone(&image.data),
                state: start_loading(ctx, id, image),
            };
        }
        if let State::Loading(job) = &mut entry.state
            && let Some(result) = job.poll()
        {
            entry.state = match result {
                Ok(tiles) => State::Ready(tiles),
                Err(err) => State::Failed(format!("{err:#}")),
            };
        }
        entry
    }
}

/// Small images decode now; large ones on a worker, shown when ready.
fn start_loading(ctx: &egui::Context, id: ImageId, image: &EmbeddedImage) -> State {
    let name = format!("map-background-{}", id.0);
    if image.data.len() <= INLINE_DECODE_BYTES {
        return match decode_image(&image.data) {
            Ok(rgba) => State::Ready(BackgroundTiles::upload(ctx, &name, &rgba, None)),
            Err(err) => State::Failed(err),
        };
    }
    let data = Arc::clone(&image.data);
    State::Loading(Job::spawn(ctx, move |progress| {
        progress.set("Decoding", 0.05);
        let rgba = decode_image(&data).map_err(anyhow::Error::msg)?;
        let tiles =
            BackgroundTiles::upload(progress.ctx()?, &name, &rgba, Some((progress, 0.6, 1.0)));
        Ok(tiles)
    }))
}
