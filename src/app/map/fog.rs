//! Fog of war on the map: what the party sees (worked out once per change of the board) and the
//! fog painted for the GM (a light tint) or the players (unexplored hidden, explored dimmed). The
//! GM's brush and the fog toolbar are in `fog_brush`.
//!
//! The fog is drawn from the party's sight polygons, not cell by cell: the core's raster
//! (`board::fog_raster`, several pixels to a cell) becomes one texture per audience, drawn with
//! linear filtering over the map, so its edges follow the walls and door openings smoothly. It
//! is rebuilt only when the board, the light or the saved fog changes; a frame draws one quad.

use egui::{Color32, ColorImage, Rect, TextureHandle, TextureOptions, pos2};

use super::light_layer::LightLayer;
use super::scene_cache::SceneCache;
use super::transform::MapTransform;
use std::sync::Arc;

use crate::board::fog::{CellFog, newly_seen};
use crate::board::fog_raster::{FogRaster, PixelFog};
use crate::model::{Cell, Encounter, Fog, GridPoint};
use crate::view::{PlayersView, ShownBoard};

/// What a shown board was worked out for: the `(light, fog)` generations and whether fog is
/// drawn.
type ShownKey = (u64, u64, bool);

/// What a players' view was built for: the document revision and its board's key.
type PlayersKey = (Option<u64>, ShownKey);

/// Who a map view is drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MapAudience {
    /// The GM at the laptop: everything, fog as a light tint, editing chrome.
    Gm,
    /// The shared screen: fog hides what the party has not seen, no GM-only tokens or notes.
    Players,
}

/// Fog colours per audience: (hidden, explored).
fn fog_colours(audience: MapAudience) -> (Color32, Color32) {
    match audience {
        MapAudience::Gm => (
            Color32::from_rgba_unmultiplied(18, 24, 48, 110),
            Color32::from_rgba_unmultiplied(18, 24, 48, 45),
        ),
        MapAudience::Players => (
            Color32::from_rgb(10, 10, 12),
            Color32::from_rgba_unmultiplied(10, 10, 12, 170),
        ),
    }
}

/// A raster drawn for one audience (the fog, or the light's shading): its texture and where it
/// lies in map space.
#[derive(Clone)]
pub(super) struct Painted {
    texture: TextureHandle,
    rect_in_grid: Rect,
}

impl Painted {
    /// `image` over the map's `extent` (origin and size, in cells): `previous`'s texture
    /// refilled — so a move allocates no new one — or, the first time, a new texture `name`.
    pub(super) fn refill(
        previous: Option<Self>,
        painter: &egui::Painter,
        name: &str,
        image: ColorImage,
        (origin, size): (GridPoint, GridPoint),
    ) -> Self {
        let texture = if let Some(mut painted) = previous {
            painted.texture.set(image, TextureOptions::LINEAR);
            painted.texture
        } else {
            painter
                .ctx()
                .load_texture(name, image, TextureOptions::LINEAR)
        };
        let rect_in_grid = Rect::from_min_size(
            pos2(origin.x as f32, origin.y as f32),
            egui::vec2(size.x as f32, size.y as f32),
        );
        Self {
            texture,
            rect_in_grid,
        }
    }

    /// Draws the texture as one quad over its part of the map.
    pub(super) fn paint(&self, painter: &egui::Painter, t: &MapTransform) {
        let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
        let rect = t.ui_rect_from_grid(self.rect_in_grid);
        painter.image(self.texture.id(), rect, uv, Color32::WHITE);
    }
}

impl std::fmt::Debug for Painted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Painted")
            .field("rect_in_grid", &self.rect_in_grid)
            .finish_non_exhaustive()
    }
}

/// The fog's caches and the brush. View state; nothing here is saved.
///
/// The party sees what is in its sight *and* lit, so every cache here keys on the light
/// layer's generation (the lit board's) and on the saved fog's.
#[derive(Debug, Default)]
pub struct FogLayer {
    /// The lit board the party's sight comes from, and the light's drawing.
    pub light: LightLayer,
    /// The saved fog as last seen, and its generation (bumped when it changes).
    saved: Option<(Fog, u64)>,
    /// The revision the saved fog was last compared at (see `MapView::set_revision`).
    checked: Option<u64>,
    /// What the party's board shows, for a `(light, fog)` generation pair and whether fog is
    /// drawn (the core decides it: `view::ShownBoard`).
    shown: Option<(ShownKey, Arc<ShownBoard>)>,
    /// The players' view over it, for the document revision it was built at.
    players: Option<(PlayersKey, Arc<PlayersView>)>,
    /// The fog at sub-cell resolution.
    raster: Option<((u64, u64), FogRaster)>,
    /// The fog's texture per audience.
    painted: [Option<((u64, u64), Painted)>; 2],
    /// `(light generation, explored count)` last checked for newly seen cells.
    explored_checked: Option<(u64, usize)>,
    pub brush: super::fog_brush::Brush,
}

impl FogLayer {
    /// Brings the lit board and the saved fog's generation up to date with `encounter` (call
    /// once a frame before drawing, and after an edit); returns the `(light, fog)` generations.
    pub fn refresh(
        &mut self,
        scenes: &mut SceneCache,
        encounter: &Encounter,
        ctx: &egui::Context,
    ) -> (u64, u64) {
        let light = self.light.refresh(scenes, encounter, ctx);
        let revision = self.light.revision;
        let unchanged = revision.is_some() && self.checked == revision;
        if !unchanged || self.saved.is_none() {
            self.checked = revision;
            let same = self
                .saved
                .as_ref()
                .is_some_and(|(f, _)| *f == encounter.fog);
            if !same {
                let generation = self.saved.as_ref().map_or(1, |(_, g)| g + 1);
                self.saved = Some((encounter.fog.clone(), generation));
            }
        }
        (light, self.saved.as_ref().map_or(0, |(_, g)| *g))
    }

    /// The generations as of the last [`Self::refresh`].
    fn key(&self) -> (u64, u64) {
        (
            self.light.generation(),
            self.saved.as_ref().map_or(0, |(_, g)| *g),
        )
    }

    /// The saved fog as of the last refresh.
    fn fog(&self) -> Fog {
        self.saved
            .as_ref()
            .map(|(f, _)| f.clone())
            .unwrap_or_default()
    }

    /// What the players may see (the core's [`PlayersView`] of the whole party), with fog
    /// drawn or not: rebuilt when the board, the saved fog or the encounter changed, its board
    /// part only when the board or the saved fog did. Call after [`Self::refresh`].
    pub fn players_view(&mut self, encounter: &Encounter, fog_drawn: bool) -> Arc<PlayersView> {
        let (light, fog) = self.key();
        let key = (light, fog, fog_drawn);
        let stale = self
            .shown
            .as_ref()
            .is_none_or(|(k, shown)| *k != key || shown.walls.len() != encounter.walls.len());
        if stale {
            let board = ShownBoard::party(encounter, self.light.board(), fog_drawn);
            self.shown = Some((key, Arc::new(board)));
            self.players = None;
        }
        let revision = self.light.revision;
        let players = match self.players.take() {
            Some((k, view)) if revision.is_some() && k == (revision, key) => (k, view),
            _ => {
                let board = self.shown.as_ref().map_or_else(
                    || Arc::new(ShownBoard::party(encounter, None, fog_drawn)),
                    |(_, b)| Arc::clone(b),
                );
                ((revision, key), Arc::new(PlayersView::on(encounter, board)))
            }
        };
        Arc::clone(&self.players.insert(players).1)
    }

    /// Cells the party sees now but has not explored yet, once the board is worked out for
    /// the encounter as it is. Cheap when nothing changed: the check runs again only when the
    /// board or the number of explored cells moved.
    pub fn unexplored_seen(&mut self, encounter: &Encounter) -> Vec<Cell> {
        let Some(board) = self.light.board().filter(|_| self.light.is_current()) else {
            return Vec::new();
        };
        let key = (self.light.generation(), encounter.fog.explored.len());
        if !encounter.fog.enabled || self.explored_checked == Some(key) {
            return Vec::new();
        }
        self.explored_checked = Some(key);
        newly_seen(&encounter.fog, &board.seen)
    }

    /// Paints the fog over the board for `audience` (after [`Self::refresh`]).
    pub fn paint(
        &mut self,
        painter: &egui::Painter,
        encounter: &Encounter,
        audience: MapAudience,
        t: &MapTransform,
    ) {
        if !encounter.fog.enabled {
            return;
        }
        let key = self.key();
        let slot = audience as usize;
        let stale = self.painted[slot].as_ref().is_none_or(|(k, _)| *k != key);
        if stale {
            let Some(raster) = self.raster() else {
                return;
            };
            let image = fog_image(raster, fog_colours(audience));
            let extent = raster.extent();
            let previous = self.painted[slot].take().map(|(_, p)| p);
            let name = format!("fog-{audience:?}");
            let painted = Painted::refill(previous, painter, &name, image, extent);
            self.painted[slot] = Some((key, painted));
        }
        if let Some((_, painted)) = &self.painted[slot] {
            painted.paint(painter, t);
        }
    }

    /// The fog raster for the board and the saved fog, rebuilt when stale.
    fn raster(&mut self) -> Option<&FogRaster> {
        let key = self.key();
        if self.raster.as_ref().is_none_or(|(k, _)| *k != key) {
            let fog = self.fog();
            let board = self.light.board()?;
            let raster = board.fog_raster(board.map(), &fog);
            self.raster = Some((key, raster));
        }
        self.raster.as_ref().map(|(_, r)| r)
    }

    /// Whether the brush is on, so primary drags paint fog instead of moving tokens.
    pub fn brushing(&self) -> bool {
        self.brush.tool.is_some()
    }
}

/// The raster as an image in `audience`'s colours: (hidden, explored); seen and off-map pixels
/// clear.
fn fog_image(raster: &FogRaster, (hidden, explored): (Color32, Color32)) -> ColorImage {
    let pixels = raster
        .pixels
        .iter()
        .map(|p| match p {
            PixelFog::Outside | PixelFog::Cell(CellFog::Visible) => Color32::TRANSPARENT,
            PixelFog::Cell(CellFog::Explored) => explored,
            PixelFog::Cell(CellFog::Hidden) => hidden,
        })
        .collect();
    ColorImage::new([raster.width as usize, raster.height as usize], pixels)
}
