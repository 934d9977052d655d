//! Token pictures: a token with an image shows it inside its ring, cropped to a circle and
//! turned with the token. Pictures are small, so they are decoded on first use and shrunk to
//! [`MAX_SIDE_PX`] before upload.

use std::collections::HashMap;
use std::sync::Arc;

use egui::epaint::{Mesh, Vertex};
use egui::{Color32, Painter, Pos2, Shape, TextureHandle, TextureOptions, pos2, vec2};

use super::layout::{size_index, token_discs};
use super::transform::MapTransform;
use crate::files::decode_image;
use crate::model::{EmbeddedImage, Encounter, ImageId};

/// Token pictures are drawn a few hundred points wide at most.
const MAX_SIDE_PX: u32 = 256;
/// Segments of the circle the picture is cut to.
const SEGMENTS: usize = 40;

/// Textures of token pictures, keyed by image id; each remembers the bytes it came from.
#[derive(Default)]
pub struct TokenImages {
    textures: HashMap<ImageId, (Arc<[u8]>, Option<TextureHandle>)>,
}

impl std::fmt::Debug for TokenImages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenImages")
            .field("images", &self.textures.len())
            .finish()
    }
}

impl TokenImages {
    /// Paints the picture of every token in view that has one, over its disc.
    pub fn paint(
        &mut self,
        ctx: &egui::Context,
        painter: &Painter,
        encounter: &Encounter,
        t: &MapTransform,
    ) {
        let grid = encounter.map.grid;
        let discs = token_discs(grid);
        let clip = painter.clip_rect();
        for token in &encounter.tokens {
            let Some(id) = token.image else { continue };
            let disc = discs[size_index(token.size)];
            let centre = t.ui_from_grid(disc.centre(grid, token.cell));
            let radius = t.points(disc.radius_cells) * 0.8;
            if !clip.expand(radius).contains(centre) || radius < 3.0 {
                continue;
            }
            let Some(image) = encounter.images.get(&id) else {
                continue;
            };
            let Some(texture) = self.texture(ctx, id, image) else {
                continue;
            };
            let tint = if token.gm_only {
                Color32::WHITE.gamma_multiply(0.55)
            } else {
                Color32::WHITE
            };
            painter.add(disc_mesh(texture, centre, radius, token.rotation_deg, tint));
        }
    }

    /// The texture for `image`; `None` when it does not decode (the disc then shows as usual).
    fn texture(
        &mut self,
        ctx: &egui::Context,
        id: ImageId,
        image: &EmbeddedImage,
    ) -> Option<&TextureHandle> {
        let stale = self
            .textures
            .get(&id)
            .is_none_or(|(source, _)| !Arc::ptr_eq(source, &image.data));
        if stale {
            let texture = upload(ctx, id, &image.data);
            self.textures.insert(id, (Arc::clone(&image.data), texture));
        }
        self.textures.get(&id)?.1.as_ref()
    }
}

fn upload(ctx: &egui::Context, id: ImageId, bytes: &[u8]) -> Option<TextureHandle> {
    let rgba = decode_image(bytes).ok()?;
    let rgba = if rgba.width().max(rgba.height()) > MAX_SIDE_PX {
        let scale = f64::from(MAX_SIDE_PX) / f64::from(rgba.width().max(rgba.height()));
        let w = (f64::from(rgba.width()) * scale).max(1.0) as u32;
        let h = (f64::from(rgba.height()) * scale).max(1.0) as u32;
        image::imageops::thumbnail(&rgba, w, h)
    } else {
        rgba
    };
    let size = [rgba.width() as usize, rgba.height() as usize];
    let color = egui::ColorImage::from_rgba_unmultiplied(size, rgba.as_raw());
    Some(ctx.load_texture(
        format!("token-image-{}", id.0),
        color,
        TextureOptions::LINEAR,
    ))
}

/// A circle at `centre` showing the middle square of `texture`, turned `rotation_deg`
/// clockwise.
fn disc_mesh(
    texture: &TextureHandle,
    centre: Pos2,
    radius: f32,
    rotation_deg: f32,
    tint: Color32,
) -> Shape {
    let [w, h] = texture.size();
    // Half the side of the middle square, in uv units along each axis.
    let side = w.min(h) as f32;
    let half_uv = vec2(side / w.max(1) as f32, side / h.max(1) as f32) * 0.5;
    let turn = rotation_deg.to_radians();
    let mut mesh = Mesh::with_texture(texture.id());
    mesh.vertices.push(Vertex {
        pos: centre,
        uv: pos2(0.5, 0.5),
        color: tint,
    });
    for i in 0..=SEGMENTS {
        let a = i as f32 / SEGMENTS as f32 * std::f32::consts::TAU;
        let in_image = a - turn;
        mesh.vertices.push(Vertex {
            pos: centre + vec2(a.cos(), a.sin()) * radius,
            uv: pos2(
                0.5 + in_image.cos() * half_uv.x,
                0.5 + in_image.sin() * half_uv.y,
            ),
            color: tint,
        });
    }
    for i in 0..SEGMENTS as u32 {
        mesh.add_triangle(0, i + 1, i + 2);
    }
    Shape::mesh(mesh)
}
