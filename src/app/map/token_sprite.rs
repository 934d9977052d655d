//! Token discs as textures: the shadow, fill and side ring of a disc drawn once per colour pair
//! into an image, then each token is one textured quad.
//!
//! A tessellated disc of a usual size is about 500 vertices (a 64-point circle three times, with
//! anti-aliasing fringes); 300 tokens in two windows made a quarter of a million vertices a frame.
//! A quad is 4.

use egui::{Color32, ColorImage, Id, Painter, Pos2, Rect, TextureHandle, TextureOptions, Vec2};

/// The disc's radius in the texture, in pixels. Mipmaps keep it smooth when drawn smaller.
const RADIUS_PX: f32 = 64.0;
/// Texture side: the disc plus room for its shadow and the anti-aliased edge.
const SIDE_PX: usize = 160;
/// Half the texture side in disc radii: how far the quad reaches from the disc's centre.
pub const EXTENT_RADII: f32 = SIDE_PX as f32 / 2.0 / RADIUS_PX;
/// The ring's width as a share of the radius (the vector drawing's 0.16).
const RING_SHARE: f32 = 0.16;
/// How far down the shadow sits, as a share of the radius.
const SHADOW_DROP: f32 = 0.08;

/// Paints a disc of `radius` points at `centre` in `fill` with a `ring`, shadow included, faded
/// to `opacity`.
pub fn paint_disc(
    painter: &Painter,
    centre: Pos2,
    radius: f32,
    fill: Color32,
    ring: Color32,
    opacity: f32,
) {
    let texture = sprite(painter.ctx(), fill, ring);
    let rect = Rect::from_center_size(centre, Vec2::splat(2.0 * radius * EXTENT_RADII));
    let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
    painter.image(
        texture.id(),
        rect,
        uv,
        Color32::WHITE.gamma_multiply(opacity),
    );
}

/// The texture for a colour pair, made on first use and kept in egui's memory.
fn sprite(ctx: &egui::Context, fill: Color32, ring: Color32) -> TextureHandle {
    let key = Id::unique(("lantern_token_sprite", fill, ring));
    if let Some(texture) = ctx.data(|d| d.get_temp::<TextureHandle>(key)) {
        return texture;
    }
    let options = TextureOptions {
        mipmap_mode: Some(egui::TextureFilter::Linear),
        ..TextureOptions::LINEAR
    };
    let texture = ctx.load_texture("token-disc", disc_image(fill, ring), options);
    ctx.data_mut(|d| d.insert_temp(key, texture.clone()));
    texture
}

/// The disc drawn into an image (premultiplied alpha): shadow, then fill, then ring.
fn disc_image(fill: Color32, ring: Color32) -> ColorImage {
    let centre = SIDE_PX as f32 / 2.0;
    let shadow = Color32::from_black_alpha(90);
    let pixels = (0..SIDE_PX * SIDE_PX)
        .map(|i| {
            let x = (i % SIDE_PX) as f32 + 0.5 - centre;
            let y = (i / SIDE_PX) as f32 + 0.5 - centre;
            let d = x.hypot(y) / RADIUS_PX;
            let shadow_d = x.hypot(y - SHADOW_DROP * RADIUS_PX) / RADIUS_PX;
            // Coverage of an edge at `edge` radii, one pixel wide.
            let inside = |dist: f32, edge: f32| ((edge - dist) * RADIUS_PX + 0.5).clamp(0.0, 1.0);
            let ring_part = 1.0 - inside(d, 1.0 - RING_SHARE);
            let disc = lerp(fill, ring, ring_part).gamma_multiply(inside(d, 1.0));
            over(disc, shadow.gamma_multiply(inside(shadow_d, 1.0)))
        })
        .collect();
    ColorImage::new([SIDE_PX, SIDE_PX], pixels)
}

/// `a` to `b` by `t`, channel by channel (premultiplied).
fn lerp(a: Color32, b: Color32, t: f32) -> Color32 {
    let mix = |p: u8, q: u8| (f32::from(p) + (f32::from(q) - f32::from(p)) * t).round() as u8;
    Color32::from_rgba_premultiplied(
        mix(a.r(), b.r()),
        mix(a.g(), b.g()),
        mix(a.b(), b.b()),
        mix(a.a(), b.a()),
    )
}

/// `top` over `bottom`, premultiplied.
fn over(top: Color32, bottom: Color32) -> Color32 {
    let keep = 1.0 - f32::from(top.a()) / 255.0;
    let mix = |t: u8, b: u8| (f32::from(t) + f32::from(b) * keep).round().min(255.0) as u8;
    Color32::from_rgba_premultiplied(
        mix(top.r(), bottom.r()),
        mix(top.g(), bottom.g()),
        mix(top.b(), bottom.b()),
        mix(top.a(), bottom.a()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_disc_has_fill_inside_ring_at_the_edge_and_shadow_below() {
        let fill = Color32::from_rgb(10, 20, 30);
        let ring = Color32::from_rgb(200, 40, 40);
        let image = disc_image(fill, ring);
        let c = SIDE_PX / 2;
        let at = |x: usize, y: usize| image.pixels[y * SIDE_PX + x];
        assert_eq!(at(c, c), fill);
        let r = RADIUS_PX as usize;
        assert_eq!(at(c + r - 4, c), ring, "inside the ring band");
        assert_eq!(at(c, 2).a(), 0, "clear above the disc");
        let below = at(c, c + r + 3);
        assert!(
            below.a() > 0 && below.r() == 0,
            "shadow under the disc: {below:?}"
        );
    }
}
