//! The light on the map: the lit board (`board::lit_board`: the illumination, its glow, and the
//! party's sight in it) worked out once per change of the terrain, the lights, the ambient light
//! or the party, and drawn for an audience — the GM gets a light tint over the dark and each
//! light's radii; the players get darkness as dark, with a soft falloff from each light.
//!
//! A board is worked out on the spot when [`LitBoard::estimated_work`] says it is quick (every
//! ordinary map, so an edit shows in its own frame); a heavier one (ten thousand lights, five
//! thousand viewers) on a worker thread, while the map keeps drawing the last board with the
//! progress in a corner — and, before the first one lands, no light but the ambient light and
//! nothing seen, so the players' window never shows more than it should. The window's first
//! frame never waits for it.
//!
//! The shading is a texture over the map at the glow raster's resolution, drawn with linear
//! filtering: the falloff is a smooth gradient and a shadow's edge as sharp as the fog's, with
//! no cell staircase. It is rebuilt only when the board changes.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use egui::{Color32, ColorImage, Rect, Stroke};

use super::fog::{MapAudience, Painted};
use super::scene_cache::SceneCache;
use super::transform::MapTransform;
use crate::board::fog_raster::GlowRaster;
use crate::board::light::{LightLevel, light_centre};
use crate::board::lit_board::LitBoard;
use crate::model::{
    Ambient, Cell, Encounter, GridPoint, Light, Senses, Side, SizeCategory, TokenId,
};

/// The most work ([`LitBoard::estimated_work`]) done on the spot, in the frame that needs it:
/// about 25 ms on the 2-core machine the benchmarks run on. Every ordinary map (the benchmarks'
/// stress map of 5,000 walls and 1,000 tokens is a tenth of it) stays below.
const WORK_ON_THE_SPOT: u64 = 8_000_000;

/// What a lit board is worked out from, beside the terrain (walls, obstacles, the map): when
/// none of it changed, the board is still right. Tokens that neither see for the party nor
/// carry a light change nothing.
#[derive(Clone, Debug, PartialEq)]
struct LightKey {
    terrain: u64,
    ambient: Ambient,
    lights: Vec<Light>,
    /// Where each light stands now (a carried one moves with its carrier).
    centres: Vec<GridPoint>,
    party: Vec<(TokenId, Cell, SizeCategory, Senses)>,
}

impl LightKey {
    fn of(terrain: u64, e: &Encounter) -> Self {
        let carried = e.lights.iter().any(|l| l.carried_by.is_some());
        // Carried lights look their carriers up: by id, once, not once per light.
        let by_id: HashMap<TokenId, usize> = if carried {
            e.tokens
                .iter()
                .enumerate()
                .map(|(i, t)| (t.id, i))
                .collect()
        } else {
            HashMap::new()
        };
        let centres = e
            .lights
            .iter()
            .map(|l| match l.carried_by.and_then(|id| by_id.get(&id)) {
                Some(&i) => {
                    let t = &e.tokens[i];
                    crate::board::footprint::footprint_centre(e.map.grid, t.size, t.cell)
                }
                None => light_centre(e, l),
            })
            .collect();
        Self {
            terrain,
            ambient: e.ambient,
            lights: e.lights.clone(),
            centres,
            party: e
                .tokens
                .iter()
                .filter(|t| t.side == Side::Party)
                .map(|t| (t.id, t.cell, t.size, t.senses))
                .collect(),
        }
    }
}

/// The board drawn now.
#[derive(Debug)]
struct Shown {
    /// What it was worked out for; `None` for the stand-in drawn before the first one lands.
    key: Option<LightKey>,
    board: Arc<LitBoard>,
    /// Which request it answers: a worker's older answer never replaces a newer board.
    request: u64,
    from_worker: bool,
}

/// A board being worked out on a worker thread.
struct Job {
    key: LightKey,
    request: u64,
    /// How far it has got, in millionths.
    progress: Arc<AtomicU32>,
    cancel: Arc<AtomicBool>,
    result: Receiver<Option<LitBoard>>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("request", &self.request)
            .finish_non_exhaustive()
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        // A board nobody waits for any more (another encounter opened, the app closing).
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The lit board, its worker and the shading textures. View state; nothing here is saved.
#[derive(Debug, Default)]
pub struct LightLayer {
    shown: Option<Shown>,
    /// Bumped whenever the shown board changes.
    generation: u64,
    job: Option<Job>,
    requests: u64,
    /// The document revision the board was last checked against (see `MapView::set_revision`).
    checked: Option<u64>,
    pub revision: Option<u64>,
    /// The shading texture per audience, for the generation it names.
    painted: [Option<(u64, Painted)>; 2],
}

impl LightLayer {
    /// Brings the board up to date with the encounter, or starts the worker that will, and
    /// returns the generation of the board to draw: what is derived from it keys on that.
    pub fn refresh(
        &mut self,
        scenes: &mut SceneCache,
        encounter: &Encounter,
        ctx: &egui::Context,
    ) -> u64 {
        self.land_job(encounter);
        let unchanged = self.revision.is_some() && self.checked == self.revision;
        if unchanged && self.shown.is_some() {
            return self.generation;
        }
        self.checked = self.revision;
        let (scene, terrain) = scenes.shared(encounter);
        let key = LightKey::of(terrain, encounter);
        if self
            .shown
            .as_ref()
            .is_some_and(|s| s.key.as_ref() == Some(&key))
        {
            // Back where the board is (an undo): what a worker is doing is no longer wanted.
            self.job = None;
            return self.generation;
        }
        if self.job.as_ref().is_some_and(|j| j.key == key) {
            return self.generation;
        }
        let kept = self
            .shown
            .as_ref()
            .filter(|s| s.key.as_ref().is_some_and(|k| k.terrain == terrain))
            .map(|s| Arc::clone(&s.board));
        self.requests += 1;
        let request = self.requests;
        let quick = LitBoard::estimated_work(&scene, encounter) <= WORK_ON_THE_SPOT;
        if quick && self.job.is_none() {
            let board = LitBoard::work_out(&scene, encounter, kept.as_deref(), &|_| true);
            if let Some(board) = board {
                self.show(Some(key), Arc::new(board), request);
            }
        } else if self.job.is_none() {
            self.job = Some(spawn(ctx, scene, encounter, kept, key, request));
            // Until it lands the last board is drawn — if it is of this map at all.
            if self
                .shown
                .as_ref()
                .is_none_or(|s| s.board.map() != &encounter.map)
            {
                let unlit = LitBoard::unlit(&encounter.map, encounter.ambient);
                self.show(None, Arc::new(unlit), 0);
            }
        }
        // With a worker busy on an older state, the next one starts when it lands.
        self.generation
    }

    /// Takes a finished worker's board, and asks for the board to be checked again.
    fn land_job(&mut self, encounter: &Encounter) {
        let Some(job) = &self.job else {
            return;
        };
        let landed = match job.result.try_recv() {
            Ok(board) => board,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => None,
        };
        let Some(job) = self.job.take() else {
            return;
        };
        let newer = self.shown.as_ref().is_none_or(|s| s.request < job.request);
        if let Some(board) = landed.filter(|_| newer) {
            // A board for another map (the encounter was replaced meanwhile) is dropped.
            if board.map() == &encounter.map {
                self.show(Some(job.key.clone()), Arc::new(board), job.request);
                if let Some(shown) = &mut self.shown {
                    shown.from_worker = true;
                }
            }
        }
        self.checked = None;
    }

    fn show(&mut self, key: Option<LightKey>, board: Arc<LitBoard>, request: u64) {
        self.shown = Some(Shown {
            key,
            board,
            request,
            from_worker: false,
        });
        self.generation += 1;
    }

    /// Whether the board drawn came from a worker.
    pub fn landed_from_worker(&self) -> bool {
        self.shown.as_ref().is_some_and(|s| s.from_worker)
    }

    /// The generation of the board drawn (see [`Self::refresh`]).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The board to draw, once [`Self::refresh`] has run.
    pub fn board(&self) -> Option<&LitBoard> {
        self.shown.as_ref().map(|s| s.board.as_ref())
    }

    /// Whether the board drawn is the one for the encounter as it is now (not a stand-in or
    /// an older one while a worker finishes).
    pub fn is_current(&self) -> bool {
        self.job.is_none() && self.shown.as_ref().is_some_and(|s| s.key.is_some())
    }

    /// How far the worker has got, while one is working out a board.
    pub fn progress(&self) -> Option<f32> {
        self.job
            .as_ref()
            .map(|j| j.progress.load(Ordering::Relaxed) as f32 / 1e6)
    }

    /// Paints the shading for `audience` (nothing in bright ambient light), and for the GM each
    /// light's bright and dim radius.
    pub fn paint(
        &mut self,
        painter: &egui::Painter,
        encounter: &Encounter,
        audience: MapAudience,
        t: &MapTransform,
    ) {
        let Some(ambient) = self.board().map(|b| b.illumination.ambient()) else {
            return;
        };
        if ambient != LightLevel::Bright {
            self.paint_shading(painter, audience, t);
        }
        if audience == MapAudience::Gm {
            paint_radii(painter, encounter, t);
        }
    }

    /// The darkness with its soft falloff, as one texture over the map, refilled when the
    /// board changed.
    fn paint_shading(&mut self, painter: &egui::Painter, audience: MapAudience, t: &MapTransform) {
        let generation = self.generation;
        let slot = audience as usize;
        if self.painted[slot]
            .as_ref()
            .is_none_or(|(g, _)| *g != generation)
        {
            let Some(glow) = self.board().map(|b| &b.glow) else {
                return;
            };
            let image = shading_image(glow, darkest(audience));
            let extent = glow.extent();
            let previous = self.painted[slot].take().map(|(_, p)| p);
            let name = format!("light-{audience:?}");
            let painted = Painted::refill(previous, painter, &name, image, extent);
            self.painted[slot] = Some((generation, painted));
        }
        if let Some((_, painted)) = &self.painted[slot] {
            painted.paint(painter, t);
        }
    }
}

/// Starts working out the board for `encounter` on a worker thread.
fn spawn(
    ctx: &egui::Context,
    scene: Arc<crate::board::Scene>,
    encounter: &Encounter,
    kept: Option<Arc<LitBoard>>,
    key: LightKey,
    request: u64,
) -> Job {
    let progress = Arc::new(AtomicU32::new(0));
    let cancel = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel();
    let input = lit_input(encounter);
    let (ctx, worker_progress, worker_cancel) =
        (ctx.clone(), Arc::clone(&progress), Arc::clone(&cancel));
    std::thread::spawn(move || {
        let report = |fraction: f32| {
            let millionths = (fraction.clamp(0.0, 1.0) * 1e6) as u32;
            // A repaint each percent: the map's progress note moves on.
            if millionths / 10_000 != worker_progress.load(Ordering::Relaxed) / 10_000 {
                ctx.request_repaint();
            }
            worker_progress.store(millionths, Ordering::Relaxed);
            !worker_cancel.load(Ordering::Relaxed)
        };
        let board = LitBoard::work_out(&scene, &input, kept.as_deref(), &report);
        // Nobody listens when the layer dropped the job.
        let _ = tx.send(board);
        ctx.request_repaint();
    });
    Job {
        key,
        request,
        progress,
        cancel,
        result: rx,
    }
}

/// What a lit board reads of the encounter, for a worker: the map, the light and the tokens,
/// without their names and notes (a name may be megabytes) or anything else.
fn lit_input(encounter: &Encounter) -> Encounter {
    let tokens = encounter
        .tokens
        .iter()
        .map(|t| {
            let mut token = crate::model::Token::new(t.id, String::new(), t.side, t.cell);
            token.size = t.size;
            token.senses = t.senses;
            token
        })
        .collect();
    Encounter {
        map: encounter.map.clone(),
        ambient: encounter.ambient,
        lights: encounter.lights.clone(),
        tokens,
        ..Encounter::default()
    }
}

/// The glow as an image: `darkest` where it is dark, fading to clear where it is bright.
fn shading_image(glow: &GlowRaster, darkest: Color32) -> ColorImage {
    let pixels = glow
        .glow
        .iter()
        .map(|g| darkest.gamma_multiply((1.0 - g).clamp(0.0, 1.0)))
        .collect();
    ColorImage::new([glow.width as usize, glow.height as usize], pixels)
}

/// The shade over darkness: near black for the players, a light tint for the GM.
fn darkest(audience: MapAudience) -> Color32 {
    match audience {
        MapAudience::Players => Color32::from_rgba_unmultiplied(4, 4, 10, 215),
        MapAudience::Gm => Color32::from_rgba_unmultiplied(10, 12, 40, 110),
    }
}

/// The most lights whose radii are drawn in one frame: past it only the dots where they stand.
/// A ring is a path of up to 128 points; ten thousand lights' rings were 90 million indices, a
/// buffer past what the GPU allows.
const MAX_RINGS: usize = 400;

/// Each shining light's dim radius (thin) and bright radius (bolder), in its colour, its
/// blinding radius (white, boldest) when it has one, and a dot
/// where it stands; lights that are off show as a hollow dot. Only what crosses the view is
/// drawn: a light far off screen, or a ring wholly around the view, adds nothing; with more than
/// [`MAX_RINGS`] lights in view, they show as dots.
fn paint_radii(painter: &egui::Painter, encounter: &Encounter, t: &MapTransform) {
    // From the lights themselves, not the illumination: in bright ambient light nothing is
    // computed, and the GM must still see where each light stands and how far it would reach.
    let view = painter.clip_rect();
    let rings: Vec<(&Light, egui::Pos2)> = encounter
        .lights
        .iter()
        .map(|light| (light, t.ui_from_grid(light_centre(encounter, light))))
        .filter(|(light, centre)| {
            light.on && ring_crosses(view, *centre, t.points(light.dim_radius()))
        })
        .collect();
    let draw_rings = rings.len() <= MAX_RINGS;
    for light in &encounter.lights {
        let centre = t.ui_from_grid(light_centre(encounter, light));
        if !view.expand(6.0).contains(centre) {
            continue;
        }
        if light.on {
            let [r, g, b, _] = light.color;
            painter.circle_filled(centre, 4.0, Color32::from_rgb(r, g, b));
        } else {
            painter.circle_stroke(centre, 4.0, Stroke::new(1.5, Color32::GRAY));
        }
    }
    if !draw_rings {
        return;
    }
    for (light, centre) in rings {
        let [r, g, b, _] = light.color;
        let colour = Color32::from_rgb(r, g, b);
        let (dim, bright) = (
            t.points(light.dim_radius()),
            t.points(light.bright_radius()),
        );
        painter.circle_stroke(centre, dim, Stroke::new(1.0, colour.gamma_multiply(0.6)));
        if ring_crosses(view, centre, bright) {
            painter.circle_stroke(centre, bright, Stroke::new(1.5, colour));
        }
        // A blinding radius: white and bold, light far brighter than normal.
        let blinding = t.points(light.blinding_radius());
        if blinding > 0.0 && ring_crosses(view, centre, blinding) {
            painter.circle_stroke(centre, blinding, Stroke::new(2.5, Color32::WHITE));
        }
    }
}

/// Whether a circle of `radius` around `centre` passes through `view` (a ring wholly outside
/// it, or wholly around it, does not).
fn ring_crosses(view: Rect, centre: egui::Pos2, radius: f32) -> bool {
    let slack = 2.0;
    let nearest = view.distance_to_pos(centre);
    let farthest = [
        view.left_top(),
        view.right_top(),
        view.left_bottom(),
        view.right_bottom(),
    ]
    .iter()
    .map(|c| c.distance(centre))
    .fold(0.0, f32::max);
    nearest <= radius + slack && farthest >= radius - slack
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    #[test]
    fn only_rings_through_the_view_are_drawn() {
        let view = Rect::from_min_max(pos2(0.0, 0.0), pos2(100.0, 100.0));
        assert!(ring_crosses(view, pos2(50.0, 50.0), 30.0), "inside");
        assert!(
            !ring_crosses(view, pos2(50.0, 50.0), 500.0),
            "all around the view"
        );
        assert!(
            !ring_crosses(view, pos2(500.0, 50.0), 100.0),
            "far off to the right"
        );
        assert!(ring_crosses(view, pos2(500.0, 50.0), 420.0), "reaching in");
    }
}
