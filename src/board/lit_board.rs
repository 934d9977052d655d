//! Everything the fog of war and the light layer draw that follows from the board, the lights
//! and the party's senses, worked out in one go: the illumination, the glow raster, the party's
//! views, the cells they see and the fog raster's seen pixels.
//!
//! It is one value so that it can be worked out away from the window (the shell runs a heavy one
//! on a worker and keeps drawing the last one meanwhile), and so that a move reuses what did not
//! change: with the same terrain, a light's region depends only on where it stands and a token's
//! view only on its cell, size and senses (tokens cast no shadow), so moving one token works out
//! one view and the lights it carries, not every light on the map.
//!
//! [`LitBoard::estimated_work`] says, before any of it is done, about how much work it is: the
//! shell works light boards out on the spot below a budget, and on a worker above it.

use crate::model::{
    Ambient, Cell, Encounter, Fog, GridPoint, Light, MapSpec, Senses, Side, SizeCategory, TokenId,
};

use super::fog::{CellMask, ScanLines, seen_by_views};
use super::fog_raster::{
    FogRaster, GlowRaster, View, fog_raster_seeing, glow_raster, token_view, visible_pixels,
};
use super::light::{Illumination, LitSource, light_centre, lit_source};
use super::scene::Scene;
use super::span::Bits;

/// What one party token's view was worked out for.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ViewKey {
    id: TokenId,
    cell: Cell,
    size: SizeCategory,
    senses: Senses,
}

/// The lit board: see the module docs.
#[derive(Clone, Debug)]
pub struct LitBoard {
    /// The map it was worked out for.
    map: MapSpec,
    pub illumination: Illumination,
    pub glow: GlowRaster,
    /// The party's tokens' views, in token order.
    pub views: Vec<View>,
    /// The cells the party sees now.
    pub seen: CellMask,
    /// The fog raster's pixels the party sees now.
    visible: Bits,
    view_keys: Vec<ViewKey>,
    /// Each light as its source was worked out, and where it stood.
    light_keys: Vec<(Light, GridPoint)>,
}

impl LitBoard {
    /// No light but the ambient light and nobody seeing anything: what is drawn until the first
    /// board of an encounter is worked out (the players see darkness and fog, never more).
    pub fn unlit(map: &MapSpec, ambient: Ambient) -> Self {
        let illumination = Illumination::with_sources(map, ambient, Vec::new());
        let glow = glow_raster(map, &illumination);
        let visible = visible_pixels(map, &illumination, &[]);
        Self {
            map: map.clone(),
            illumination,
            glow,
            views: Vec::new(),
            seen: CellMask::empty(map),
            visible,
            view_keys: Vec::new(),
            light_keys: Vec::new(),
        }
    }

    /// Works the board out for `encounter` on `scene`. `kept` is an earlier board of the same
    /// terrain (walls, obstacles, map), whose views and light regions are reused where their
    /// token or light did not change. `progress(fraction)` is told how far the work has got and
    /// stops it by answering `false` (then `None`).
    pub fn work_out(
        scene: &Scene,
        encounter: &Encounter,
        kept: Option<&Self>,
        progress: &dyn Fn(f32) -> bool,
    ) -> Option<Self> {
        let map = &encounter.map;
        let sources = light_sources(scene, encounter, kept, progress)?;
        let light_keys = encounter
            .lights
            .iter()
            .map(|l| (l.clone(), light_centre(encounter, l)))
            .collect();
        let illumination = Illumination::with_sources(map, encounter.ambient, sources);
        if !progress(0.6) {
            return None;
        }
        let (views, view_keys) = party_views(scene, encounter, kept, progress)?;
        let seen = seen_by_views(map, &illumination, &views);
        if !progress(0.8) {
            return None;
        }
        let visible = visible_pixels(map, &illumination, &views);
        if !progress(0.9) {
            return None;
        }
        let glow = glow_raster(map, &illumination);
        progress(1.0);
        Some(Self {
            map: map.clone(),
            illumination,
            glow,
            views,
            seen,
            visible,
            view_keys,
            light_keys,
        })
    }

    /// The map the board was worked out for.
    pub fn map(&self) -> &MapSpec {
        &self.map
    }

    /// The fog raster of this board under the saved `fog` (the explored cells and the GM's
    /// marks): quick, a pass over the raster's pixels.
    pub fn fog_raster(&self, map: &MapSpec, fog: &Fog) -> FogRaster {
        fog_raster_seeing(map, fog, &self.seen, &self.views, &self.visible)
    }

    /// About how much work [`Self::work_out`] is for `encounter` from scratch, in units of
    /// roughly a nanosecond on the machine the budget was measured on: each shining light and
    /// each party token's sweep over the sight segments near it, and the runs of lines their
    /// regions cover. Deliberately simple and pessimistic (a light whose region a wall cuts
    /// short counts as its whole circle); it never looks at a polygon.
    pub fn estimated_work(scene: &Scene, encounter: &Encounter) -> u64 {
        let map = &encounter.map;
        let (lines, length) = ScanLines::of(map).shape();
        let words = length.div_ceil(64) as f64 + 4.0;
        let (w, h) = (f64::from(map.width_cells), f64::from(map.height_cells));
        let segments = scene.sight_segment_count() as f64;
        // A segment near a viewer costs its share of an angular sort and sweep.
        let per_segment = 150.0;
        let density = segments / (w * h).max(1.0);
        let mut work = (lines * length) as f64 * 2.0;
        if encounter.ambient != Ambient::Bright {
            for light in encounter.lights.iter().filter(|l| l.on) {
                let r = light.dim_radius().min(w.max(h));
                let near = (density * (2.0 * r + 2.0).powi(2)).min(segments);
                let covered = (2.0 * r + 1.0).min(lines as f64);
                work += 2_000.0 + near * per_segment + covered * words * 20.0;
            }
        }
        let party = encounter
            .tokens
            .iter()
            .filter(|t| t.side == Side::Party)
            .count();
        for _ in 0..party {
            // A view with no radius sweeps what is near when walls hem it in, all else when not.
            let near = (density * 33.0 * 33.0)
                .max(segments.min(1_000.0))
                .min(segments);
            work += 2_000.0 + near * per_segment + lines as f64 * words * 20.0;
        }
        work as u64
    }
}

/// Every light that shines, its region reused from `kept` when neither it nor where it stands
/// changed.
fn light_sources(
    scene: &Scene,
    encounter: &Encounter,
    kept: Option<&LitBoard>,
    progress: &dyn Fn(f32) -> bool,
) -> Option<Vec<LitSource>> {
    if encounter.ambient == Ambient::Bright {
        return Some(Vec::new());
    }
    let count = encounter.lights.len().max(1) as f32;
    let mut sources = Vec::new();
    for (index, light) in encounter.lights.iter().enumerate() {
        if index % 64 == 0 && !progress(0.5 * index as f32 / count) {
            return None;
        }
        let centre = light_centre(encounter, light);
        let reused = kept.and_then(|k| {
            let (was, at) = k.light_keys.get(index)?;
            if was != light || *at != centre {
                return None;
            }
            let sources = k.illumination.sources();
            let at = sources.binary_search_by_key(&index, |s| s.index).ok()?;
            Some(sources[at].clone())
        });
        // A light that was off or reached nothing last time is worked out again: it is cheap.
        if let Some(source) = reused.or_else(|| lit_source(scene, encounter, index, light)) {
            sources.push(source);
        }
    }
    Some(sources)
}

/// The party's views, each reused from `kept` when its token's cell, size and senses stayed.
fn party_views(
    scene: &Scene,
    encounter: &Encounter,
    kept: Option<&LitBoard>,
    progress: &dyn Fn(f32) -> bool,
) -> Option<(Vec<View>, Vec<ViewKey>)> {
    let grid = encounter.map.grid;
    let party: Vec<_> = encounter
        .tokens
        .iter()
        .filter(|t| t.side == Side::Party)
        .collect();
    let count = party.len().max(1) as f32;
    let mut views = Vec::with_capacity(party.len());
    let mut keys = Vec::with_capacity(party.len());
    for (i, token) in party.into_iter().enumerate() {
        if i % 64 == 0 && !progress(0.6 + 0.15 * i as f32 / count) {
            return None;
        }
        let key = ViewKey {
            id: token.id,
            cell: token.cell,
            size: token.size,
            senses: token.senses,
        };
        // Usually the party is in the same order as last time.
        let reused = kept.and_then(|k| {
            let at = if k.view_keys.get(i) == Some(&key) {
                i
            } else {
                k.view_keys.iter().position(|was| *was == key)?
            };
            k.views.get(at).cloned()
        });
        views.push(reused.unwrap_or_else(|| token_view(scene, grid, token)));
        keys.push(key);
    }
    Some((views, keys))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::fog::seen_cells_lit;
    use crate::board::fog_raster::{fog_raster, side_views};
    use crate::board::light::lit_board;
    use crate::model::{GridKind, LightKind};

    #[test]
    fn a_board_worked_out_again_after_a_move_is_the_board_worked_out_afresh() {
        for grid in GridKind::ALL {
            let mut enc = lit_board(grid, 31);
            enc.fog.enabled = true;
            let scene = Scene::new(&enc);
            let keep_going = |_: f32| true;
            let Some(before) = LitBoard::work_out(&scene, &enc, None, &keep_going) else {
                panic!("never stopped");
            };
            // A torch carried by the first token, which then moves.
            let first = enc.tokens[0].id;
            enc.lights.push(Light::carried(
                LightKind::Torch,
                first,
                GridPoint::new(0.0, 0.0),
            ));
            enc.tokens[0].cell = Cell::new(enc.tokens[0].cell.x + 1, enc.tokens[0].cell.y);
            let mut scene = scene;
            scene.retoken(&enc);
            let Some(after) = LitBoard::work_out(&scene, &enc, Some(&before), &keep_going) else {
                panic!("never stopped");
            };
            let fresh = Illumination::new(&scene, &enc);
            assert_eq!(after.illumination, fresh, "{grid:?}");
            let views = side_views(&scene, &enc, Side::Party);
            assert_eq!(after.views, views);
            assert_eq!(
                after.seen,
                seen_cells_lit(&scene, &enc, &fresh, Side::Party)
            );
            let raster = fog_raster(&enc.map, &enc.fog, &after.seen, &views, &fresh);
            assert_eq!(after.fog_raster(&enc.map, &enc.fog), raster);
            assert_eq!(after.glow, glow_raster(&enc.map, &fresh));
        }
    }

    #[test]
    fn work_stops_when_asked() {
        let enc = lit_board(GridKind::Square, 5);
        let scene = Scene::new(&enc);
        assert!(LitBoard::work_out(&scene, &enc, None, &|_| false).is_none());
    }

    #[test]
    fn the_estimate_grows_with_the_lights_their_reach_and_the_walls() {
        let mut enc = lit_board(GridKind::Square, 9);
        let scene = Scene::new(&enc);
        let base = LitBoard::estimated_work(&scene, &enc);
        enc.lights.extend(enc.lights.clone());
        let doubled = LitBoard::estimated_work(&scene, &enc);
        assert!(doubled > base);
        for light in &mut enc.lights {
            light.range_cells *= 4.0;
        }
        assert!(LitBoard::estimated_work(&scene, &enc) > doubled);
    }
}
