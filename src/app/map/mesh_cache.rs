//! Layers that stay the same from frame to frame, tessellated once and handed to egui as meshes:
//! a map with thousands of walls then costs a copy of their vertices a frame instead of a
//! tessellation of every line. The vertices are the ones egui's own tessellator makes of the
//! same shapes (it is what builds them), so the picture does not change.

use std::sync::Arc;

use egui::epaint::{ClippedShape, Primitive, TessellationOptions, emath::TSTransform};
use egui::{Context, Mesh, Painter, Rect, Shape};

/// What a tessellation depends on besides the shapes: the clip rect (shapes outside it are
/// culled), the pixel density and tessellator options (the anti-aliasing feather), and the font
/// atlas's size (small discs are drawn from pre-rasterised discs in it, addressed in fractions
/// of its size).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Target {
    clip: Rect,
    pixels_per_point: f32,
    options: TessellationOptions,
    atlas: [usize; 2],
}

impl Target {
    fn of(ctx: &Context, clip: Rect) -> Self {
        Self {
            clip,
            pixels_per_point: ctx.pixels_per_point(),
            options: ctx.tessellation_options(|o| *o),
            atlas: atlas_size(ctx),
        }
    }
}

/// The font atlas's size in pixels.
// The method path clippy suggests does not type-check: `FontsView` carries a lifetime.
#[expect(
    clippy::redundant_closure_for_method_calls,
    reason = "FontsView::font_image_size as a path does not type-check"
)]
fn atlas_size(ctx: &Context) -> [usize; 2] {
    ctx.fonts(|f| f.font_image_size())
}

/// One layer's meshes for the key `K` they were drawn for.
#[derive(Debug)]
pub struct CachedMesh<K> {
    built: Option<(K, Target, Vec<Arc<Mesh>>)>,
}

impl<K> Default for CachedMesh<K> {
    fn default() -> Self {
        Self { built: None }
    }
}

/// How far inside the painter's clip rect the kept meshes are clipped, in points: far below a
/// pixel, so nothing on screen changes, but enough that egui starts a new primitive for them.
const KEPT_MESH_INSET: f32 = 1e-3;

impl<K> CachedMesh<K> {
    /// Paints the layer: the meshes kept from an earlier frame when `matches` accepts their key
    /// and the painter's clip rect and the context's tessellation are unchanged; otherwise
    /// `shapes` draws the layer again and it is tessellated (and kept under `key()`).
    pub fn paint(
        &mut self,
        painter: &Painter,
        matches: impl FnOnce(&K) -> bool,
        key: impl FnOnce() -> K,
        shapes: impl FnOnce(&mut Vec<Shape>),
    ) {
        let ctx = painter.ctx();
        let target = Target::of(ctx, painter.clip_rect());
        let fresh = self
            .built
            .as_ref()
            .is_some_and(|(k, t, _)| *t == target && matches(k));
        if !fresh {
            let mut list = Vec::new();
            shapes(&mut list);
            let meshes = tessellate(ctx, target, list);
            self.built = Some((key(), target, meshes));
        }
        if let Some((_, _, meshes)) = &self.built {
            // egui appends every shape of one clip rect and texture to one growing mesh: the
            // shapes drawn after a big kept mesh would regrow (and copy) a buffer holding all
            // of it, every frame. A clip rect a thousandth of a point smaller — the same pixels
            // on screen — gives the kept meshes a primitive of their own.
            let own = painter.with_clip_rect(painter.clip_rect().shrink(KEPT_MESH_INSET));
            for mesh in meshes {
                own.add(Shape::Mesh(Arc::clone(mesh)));
            }
        }
    }

    /// Drops the kept meshes if they address the font atlas at a size it no longer has (it grew
    /// after they were built, for text laid out later in the same pass), so a disc drawn from
    /// it would be read from the wrong place; returns whether it did, so that another frame,
    /// which rebuilds them, can be asked for. Once dropped they ask no more.
    pub fn forget_if_atlas_changed(&mut self, ctx: &Context) -> bool {
        let stale = self
            .built
            .as_ref()
            .is_some_and(|(_, t, _)| t.atlas != atlas_size(ctx));
        if stale {
            self.built = None;
        }
        stale
    }
}

/// `shapes` tessellated by egui for `target`: one mesh per texture run, in drawing order.
fn tessellate(ctx: &Context, target: Target, shapes: Vec<Shape>) -> Vec<Arc<Mesh>> {
    let clipped = shapes
        .into_iter()
        .map(|shape| ClippedShape {
            clip_rect: target.clip,
            shape,
            transform_after_tessellation: TSTransform::IDENTITY,
        })
        .collect();
    ctx.tessellate(clipped, target.pixels_per_point)
        .into_iter()
        .filter_map(|p| match p.primitive {
            Primitive::Mesh(mesh) => Some(Arc::new(mesh)),
            Primitive::Callback(_) => None,
        })
        .collect()
}
