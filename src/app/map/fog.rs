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
use super::transform::MapTransform;
use crate::board::Scene;
use crate::board::fog::{CellFog, CellMask, FogCells, newly_seen, seen_by_views};
use crate::board::fog_raster::{FogRaster, PixelFog, View, fog_raster, token_view};
use crate::model::{
    Cell, Encounter, Fog, GridPoint, MapSpec, ObstaclePolygon, Side, TokenId, Wall,
};

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
/// layer's generation (which follows the scene's), not on the scene's alone.
#[derive(Debug, Default)]
pub struct FogLayer {
    /// The illumination the party's sight depends on, and its drawing.
    pub light: LightLayer,
    /// The party's views and the cells they see, for one light generation.
    seen: Option<(u64, Vec<View>, CellMask)>,
    /// Each party token's view, kept while the token, its senses and the terrain stay.
    views: ViewCache,
    /// Cell states for a scene generation and a saved fog.
    cells: Option<(u64, Fog, FogCells)>,
    /// The fog at sub-cell resolution for a light generation and a saved fog.
    raster: Option<(u64, Fog, FogRaster)>,
    /// The fog's texture per audience, for the raster of the generation they name.
    painted: [Option<(u64, Fog, Painted)>; 2],
    /// Which walls show at all for the cell states of a generation and a saved fog.
    walls: Option<(u64, Fog, Vec<bool>)>,
    /// `(scene generation, explored count)` last checked for newly seen cells.
    checked: Option<(u64, usize)>,
    pub brush: super::fog_brush::Brush,
}

impl FogLayer {
    /// The cells the party sees in `scene` (generation `generation`) in its light, computed
    /// once per change of either.
    pub fn seen(&mut self, scene: &Scene, generation: u64, encounter: &Encounter) -> &CellMask {
        let generation = self.light.refresh(scene, generation, encounter);
        seen_for(
            &mut self.seen,
            &mut self.views,
            &self.light,
            scene,
            generation,
            encounter,
        )
        .1
    }

    /// Every cell's fog state, recomputed when the scene, the light or the saved fog changed.
    pub fn cells(&mut self, scene: &Scene, generation: u64, encounter: &Encounter) -> &FogCells {
        let generation = self.light.refresh(scene, generation, encounter);
        let stale = self
            .cells
            .as_ref()
            .is_none_or(|(g, fog, _)| *g != generation || *fog != encounter.fog);
        if stale {
            self.cells = None;
        }
        let (seen, views, light) = (&mut self.seen, &mut self.views, &self.light);
        let (_, _, cells) = self.cells.get_or_insert_with(|| {
            let (_, seen) = seen_for(seen, views, light, scene, generation, encounter);
            let cells = FogCells::new(&encounter.map, &encounter.fog, seen);
            (generation, encounter.fog.clone(), cells)
        });
        cells
    }

    /// One flag per wall of `encounter`: whether a cell beside it is shown at all. Cached like
    /// the cell states.
    pub fn walls_shown(
        &mut self,
        scene: &Scene,
        generation: u64,
        encounter: &Encounter,
    ) -> &[bool] {
        let scene_generation = generation;
        let generation = self.light.refresh(scene, generation, encounter);
        let stale = self
            .walls
            .as_ref()
            .is_none_or(|(g, fog, _)| *g != generation || *fog != encounter.fog);
        if stale {
            let cells = self.cells(scene, scene_generation, encounter);
            let shown = encounter
                .walls
                .iter()
                .map(|w| wall_shown(&encounter.map, cells, w))
                .collect();
            self.walls = Some((generation, encounter.fog.clone(), shown));
        }
        self.walls.as_ref().map_or(&[], |(_, _, shown)| shown)
    }

    /// Cells the party sees now but has not explored yet. Cheap when nothing changed: the check
    /// runs again only when the scene or the number of explored cells moved.
    pub fn unexplored_seen(
        &mut self,
        scene: &Scene,
        generation: u64,
        encounter: &Encounter,
    ) -> Vec<Cell> {
        let lit_generation = self.light.refresh(scene, generation, encounter);
        let key = (lit_generation, encounter.fog.explored.len());
        if !encounter.fog.enabled || self.checked == Some(key) {
            return Vec::new();
        }
        self.checked = Some(key);
        newly_seen(&encounter.fog, self.seen(scene, generation, encounter))
    }

    /// Paints the fog over the board for `audience`.
    pub fn paint(
        &mut self,
        painter: &egui::Painter,
        scene: &Scene,
        generation: u64,
        encounter: &Encounter,
        audience: MapAudience,
        t: &MapTransform,
    ) {
        if !encounter.fog.enabled {
            return;
        }
        let generation = self.light.refresh(scene, generation, encounter);
        let slot = audience as usize;
        let stale = self.painted[slot]
            .as_ref()
            .is_none_or(|(g, fog, _)| *g != generation || *fog != encounter.fog);
        if stale {
            let raster = self.raster(scene, generation, encounter);
            let image = fog_image(raster, fog_colours(audience));
            let extent = raster.extent();
            let previous = self.painted[slot].take().map(|(_, _, p)| p);
            let name = format!("fog-{audience:?}");
            let painted = Painted::refill(previous, painter, &name, image, extent);
            self.painted[slot] = Some((generation, encounter.fog.clone(), painted));
        }
        if let Some((_, _, painted)) = &self.painted[slot] {
            painted.paint(painter, t);
        }
    }

    /// The fog raster for light generation `generation` and the saved fog, rebuilt when stale.
    fn raster(&mut self, scene: &Scene, generation: u64, encounter: &Encounter) -> &FogRaster {
        let stale = self
            .raster
            .as_ref()
            .is_none_or(|(g, fog, _)| *g != generation || *fog != encounter.fog);
        if stale {
            self.raster = None;
        }
        let (seen, views, light) = (&mut self.seen, &mut self.views, &self.light);
        let (_, _, raster) = self.raster.get_or_insert_with(|| {
            let (party, mask) = seen_for(seen, views, light, scene, generation, encounter);
            let fallback;
            let lit = if let Some(lit) = light.illumination() {
                lit
            } else {
                fallback = crate::board::light::Illumination::new(scene, encounter);
                &fallback
            };
            let raster = fog_raster(&encounter.map, &encounter.fog, mask, party, lit);
            (generation, encounter.fog.clone(), raster)
        });
        raster
    }

    /// Whether the brush is on, so primary drags paint fog instead of moving tokens.
    pub fn brushing(&self) -> bool {
        self.brush.tool.is_some()
    }
}

/// Whether the cells on either side of a wall (sampled every half cell, a quarter cell off the
/// wall) include one that is shown at all: a wall along a cell edge is seen from either side.
fn wall_shown(map: &MapSpec, cells: &FogCells, wall: &crate::model::Wall) -> bool {
    let (from, to) = (wall.a, wall.b);
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = dx.hypot(dy);
    if length == 0.0 {
        return false;
    }
    let (nx, ny) = (-dy / length * 0.25, dx / length * 0.25);
    let steps = (length * 2.0).ceil() as u32;
    (0..=steps).any(|step| {
        let along = f64::from(step) / f64::from(steps);
        let (px, py) = (from.x + dx * along, from.y + dy * along);
        [1.0, -1.0].iter().any(|side| {
            let point = crate::model::GridPoint::new(px + nx * side, py + ny * side);
            let cell = crate::board::grid::cell_in_grid(map.grid, point);
            cells.at(map, cell) != CellFog::Hidden
        })
    })
}

/// The party's views and sight cached in `slot` for light generation `generation`, computed
/// when missing or stale.
fn seen_for<'a>(
    slot: &'a mut Option<(u64, Vec<View>, CellMask)>,
    cache: &mut ViewCache,
    light: &LightLayer,
    scene: &Scene,
    generation: u64,
    encounter: &Encounter,
) -> (&'a [View], &'a CellMask) {
    if slot.as_ref().is_some_and(|(g, _, _)| *g != generation) {
        *slot = None;
    }
    let (_, views, seen) = slot.get_or_insert_with(|| {
        let views = cache.party_views(scene, encounter);
        let seen = light.illumination().map_or_else(
            || CellMask::empty(&encounter.map),
            |lit| seen_by_views(&encounter.map, lit, &views),
        );
        (generation, views, seen)
    });
    (views, seen)
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

/// What a token's sight polygon depends on besides its position: the terrain.
#[derive(Clone, Debug, PartialEq)]
struct TerrainKey {
    map: MapSpec,
    walls: Vec<Wall>,
    obstacle_cells: Vec<Cell>,
    obstacle_polygons: Vec<ObstaclePolygon>,
}

impl TerrainKey {
    fn matches(&self, e: &Encounter) -> bool {
        self.map == e.map
            && self.walls == e.walls
            && self.obstacle_cells.iter().eq(e.obstacle_cells.iter())
            && self.obstacle_polygons == e.obstacle_polygons
    }

    fn of(e: &Encounter) -> Self {
        Self {
            map: e.map.clone(),
            walls: e.walls.clone(),
            obstacle_cells: e.obstacle_cells.iter().copied().collect(),
            obstacle_polygons: e.obstacle_polygons.clone(),
        }
    }
}

/// Party tokens' views by token, for one terrain: a move recomputes the mover's sight polygon
/// only, not every party member's.
#[derive(Debug, Default)]
struct ViewCache {
    terrain: Option<TerrainKey>,
    views: std::collections::HashMap<TokenId, (crate::model::Token, View)>,
}

impl ViewCache {
    fn party_views(&mut self, scene: &Scene, encounter: &Encounter) -> Vec<View> {
        if self.terrain.as_ref().is_none_or(|k| !k.matches(encounter)) {
            self.terrain = Some(TerrainKey::of(encounter));
            self.views.clear();
        }
        let grid = encounter.map.grid;
        let party = encounter.tokens.iter().filter(|t| t.side == Side::Party);
        let views: Vec<View> = party
            .map(|token| {
                let same = |kept: &crate::model::Token| {
                    kept.cell == token.cell
                        && kept.size == token.size
                        && kept.senses == token.senses
                };
                match self.views.get(&token.id) {
                    Some((kept, view)) if same(kept) => view.clone(),
                    _ => {
                        let view = token_view(scene, grid, token);
                        self.views.insert(token.id, (token.clone(), view.clone()));
                        view
                    }
                }
            })
            .collect();
        views
    }
}
