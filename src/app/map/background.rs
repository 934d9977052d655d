//! The map's background image: decoded once per embedded image and kept as a GPU texture.

use std::collections::HashMap;
use std::sync::Arc;

use egui::{Color32, Painter, Rect, TextureHandle, TextureOptions, pos2};

use super::transform::MapTransform;
use crate::files::decode_image;
use crate::model::{Background, EmbeddedImage, Encounter, ImageId};

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
    /// The texture and the original image's size in pixels, or why the image could not be shown
    /// (kept so a bad image is decoded once).
    texture: Result<(TextureHandle, [u32; 2]), String>,
}

impl std::fmt::Debug for BackgroundCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BackgroundCache")
            .field("images", &self.entries.len())
            .finish()
    }
}

impl BackgroundCache {
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
        match self.texture(ctx, background.image, image) {
            Ok((texture, size_px)) => {
                let rect = image_rect_in_ui(background, *size_px, transform);
                let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
                painter.image(texture.id(), rect, uv, Color32::WHITE);
                None
            }
            Err(err) => Some(format!(
                "Can't show the background image {}: {err}",
                image.name
            )),
        }
    }

    fn texture(
        &mut self,
        ctx: &egui::Context,
        id: ImageId,
        image: &EmbeddedImage,
    ) -> &Result<(TextureHandle, [u32; 2]), String> {
        let entry = self.entries.entry(id).or_insert_with(|| Entry {
            source: Arc::clone(&image.data),
            texture: load_texture(ctx, id, image),
        });
        if !Arc::ptr_eq(&entry.source, &image.data) {
            // Decoding on first use stalls one frame; fine for now, `logic()` can pre-decode later.
            *entry = Entry {
                source: Arc::clone(&image.data),
                texture: load_texture(ctx, id, image),
            };
        }
        &entry.texture
    }
}

fn load_texture(
    ctx: &egui::Context,
    id: ImageId,
    image: &EmbeddedImage,
) -> Result<(TextureHandle, [u32; 2]), String> {
    let mut rgba = decode_image(&image.data)?;
    // The GPU refuses textures past its limit; a smaller copy keeps the map usable.
    let max_side = ctx.input(|i| i.max_texture_side) as u32;
    let (w, h) = rgba.dimensions();
    let original_px = [w, h];
    if w > max_side || h > max_side {
        let scale = f64::from(max_side) / f64::from(w.max(h));
        let (nw, nh) = ((f64::from(w) * scale) as u32, (f64::from(h) * scale) as u32);
        rgba = image::imageops::thumbnail(&rgba, nw.max(1), nh.max(1));
    }
    let size = [rgba.width() as usize, rgba.height() as usize];
    let color_image = egui::ColorImage::from_rgba_unmultiplied(size, rgba.as_raw());
    let texture = ctx.load_texture(
        format!("map-background-{}", id.0),
        color_image,
        TextureOptions::LINEAR,
    );
    Ok((texture, original_px))
}

/// Where the image lies in the ui. Sized from the original image, since `pixels_per_cell`
/// counts its pixels, not those of a downscaled texture.
fn image_rect_in_ui(background: &Background, original_px: [u32; 2], t: &MapTransform) -> Rect {
    let ppc = background.pixels_per_cell;
    let size_cells = egui::vec2(
        (f64::from(original_px[0]) / ppc) as f32,
        (f64::from(original_px[1]) / ppc) as f32,
    );
    let min = t.ui_from_grid(background.origin_in_grid);
    Rect::from_min_size(min, size_cells * t.points_per_cell)
}
