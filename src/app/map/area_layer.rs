//! The kept areas on the map: their board (`board::area_board`: each area's cells, outline and
//! the tokens inside) worked out once per change of the board or the areas, and drawn for an
//! audience.
//!
//! A board is worked out on the spot when [`AreaBoard::estimated_work`] says it is quick (a few
//! areas on any map), otherwise on a worker thread while the map draws the last board — a
//! thousand spheres over the largest map never hold up a frame. The cells are drawn one polygon
//! each while there are few; past [`MAX_CELL_SHAPES`] they are one texture over the map, each
//! cell as deep as the areas over it are many, rebuilt only when the board changes. Outlines,
//! origins and one ring per token inside are drawn each frame.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use egui::{Color32, ColorImage, Painter, Rect, Stroke, TextureHandle, TextureOptions, pos2};

use super::area_tool::{AREA_EDGE, AREA_FILL};
use super::cell_layers::MAX_CELL_SHAPES;
use super::scene_cache::SceneCache;
use super::transform::MapTransform;
use crate::board::area_board::{AreaBoard, DrawnArea};
use crate::board::area_cells::CellRuns;
use crate::board::footprint::footprint_centre;
use crate::board::grid::{HEX_RADIUS, cell_corners, cell_in_grid};
use crate::model::{AreaTemplate, Encounter, GridPoint, MapSpec, TokenId};
use crate::view::PlayersView;

/// The most work ([`AreaBoard::estimated_work`]) done in the frame that needs it: a few
/// milliseconds on the 2-core machine the benchmarks run on.
const WORK_ON_THE_SPOT: u64 = 2_000_000;

/// The most pixels the cells' texture holds (a 2,048² texture): one a cell on the largest map.
const MAX_PIXELS: f64 = 4_194_304.0;

/// What a board is worked out from: when neither changed, it is still right.
#[derive(Clone, Debug, PartialEq)]
struct AreaKey {
    /// The scene's generation (terrain and tokens).
    scene: u64,
    /// The terrain's generation: a board of the same terrain lends the next its areas' cells.
    terrain: u64,
    areas: Vec<AreaTemplate>,
}

/// A board being worked out on a worker thread.
struct Job {
    key: AreaKey,
    progress: Arc<AtomicU32>,
    cancel: Arc<AtomicBool>,
    result: Receiver<Option<AreaBoard>>,
}

impl Drop for Job {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The kept areas' board, its worker and the cells' texture. View state; nothing is saved.
#[derive(Default)]
pub struct AreaLayer {
    shown: Option<(AreaKey, Arc<AreaBoard>)>,
    /// Bumped whenever the shown board changes.
    generation: u64,
    job: Option<Job>,
    /// The cells' texture per audience (GM, players), for the generation it names.
    texture: [Option<(u64, TextureHandle, Rect)>; 2],
}

impl std::fmt::Debug for AreaLayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AreaLayer")
            .field("generation", &self.generation)
            .field("working", &self.job.is_some())
            .finish_non_exhaustive()
    }
}

impl AreaLayer {
    /// Brings the board up to date with the encounter, or starts the worker that will.
    pub fn refresh(&mut self, scenes: &mut SceneCache, encounter: &Encounter, ctx: &egui::Context) {
        self.land_job();
        let (_, scene_generation) = scenes.scene(encounter);
        let current = self
            .shown
            .as_ref()
            .is_some_and(|(k, _)| k.scene == scene_generation && k.areas == encounter.areas);
        if current {
            self.job = None;
            return;
        }
        if self
            .job
            .as_ref()
            .is_some_and(|j| j.key.scene == scene_generation && j.key.areas == encounter.areas)
        {
            return;
        }
        let (scene, terrain) = scenes.shared(encounter);
        let key = AreaKey {
            scene: scene_generation,
            terrain,
            areas: encounter.areas.clone(),
        };
        // A token moved, or an area was added: the unchanged areas keep their cells.
        let kept = self
            .shown
            .as_ref()
            .filter(|(k, _)| k.terrain == terrain)
            .map(|(_, board)| Arc::clone(board));
        let work = AreaBoard::estimated_work(&scene, &encounter.areas, kept.as_deref());
        if work <= WORK_ON_THE_SPOT {
            self.job = None;
            let board = AreaBoard::work_out(&scene, &encounter.areas, kept.as_deref(), &|_| true);
            if let Some(board) = board {
                self.show(key, board);
            }
        } else if self.job.is_none() {
            // With a worker busy on an older state, the next one starts when it lands.
            self.job = Some(spawn(ctx, scene, kept, key));
        }
    }

    fn land_job(&mut self) {
        let Some(job) = &self.job else {
            return;
        };
        let landed = match job.result.try_recv() {
            Ok(board) => board,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => None,
        };
        if let Some(job) = self.job.take()
            && let Some(board) = landed
        {
            self.show(job.key.clone(), board);
        }
    }

    fn show(&mut self, key: AreaKey, board: AreaBoard) {
        self.shown = Some((key, Arc::new(board)));
        self.generation += 1;
    }

    /// How far the worker has got, while one works.
    pub fn progress(&self) -> Option<f32> {
        self.job
            .as_ref()
            .map(|j| j.progress.load(Ordering::Relaxed) as f32 / 1e6)
    }

    /// Paints the kept areas the audience sees (`players`: no GM-only ones): cells, outlines,
    /// origins and a ring on each token inside.
    pub fn paint(
        &mut self,
        painter: &Painter,
        encounter: &Encounter,
        t: &MapTransform,
        players: Option<&PlayersView>,
    ) {
        let Some(board) = self.shown.as_ref().map(|(_, b)| Arc::clone(b)) else {
            return;
        };
        // A board of another map (the encounter was replaced while a worker ran) is not drawn.
        if board.map != encounter.map {
            return;
        }
        let cells: usize = shown(&board, players).map(|a| a.runs.len()).sum();
        if cells <= MAX_CELL_SHAPES {
            for area in shown(&board, players) {
                paint_cells(painter, &board.map, &area.runs, t);
            }
        } else {
            self.paint_texture(painter, &board, t, players);
        }
        let mut inside = BTreeSet::new();
        for area in shown(&board, players) {
            let outline: Vec<egui::Pos2> =
                area.outline.iter().map(|p| t.ui_from_grid(*p)).collect();
            if outline.len() > 2 {
                painter.add(egui::Shape::closed_line(
                    outline,
                    Stroke::new(3.0, AREA_EDGE),
                ));
            }
            painter.circle_filled(t.ui_from_grid(area.origin), 4.0, AREA_EDGE);
            inside.extend(area.inside.iter().copied());
        }
        paint_rings(painter, encounter, &inside, t);
    }

    fn paint_texture(
        &mut self,
        painter: &Painter,
        board: &AreaBoard,
        t: &MapTransform,
        players: Option<&PlayersView>,
    ) {
        let slot = usize::from(players.is_some());
        let fresh = self.texture[slot]
            .as_ref()
            .is_some_and(|(g, _, _)| *g == self.generation);
        if !fresh {
            let (image, rect) = coverage_image(board, players);
            let texture = match self.texture[slot].take() {
                Some((_, mut texture, _)) => {
                    texture.set(image, TextureOptions::NEAREST);
                    texture
                }
                None => painter.ctx().load_texture(
                    format!("areas-{slot}"),
                    image,
                    TextureOptions::NEAREST,
                ),
            };
            self.texture[slot] = Some((self.generation, texture, rect));
        }
        if let Some((_, texture, rect)) = &self.texture[slot] {
            let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
            painter.image(texture.id(), t.ui_rect_from_grid(*rect), uv, Color32::WHITE);
        }
    }
}

/// Starts working out the board of `key`'s areas on a worker thread.
fn spawn(
    ctx: &egui::Context,
    scene: Arc<crate::board::Scene>,
    kept: Option<Arc<AreaBoard>>,
    key: AreaKey,
) -> Job {
    let progress = Arc::new(AtomicU32::new(0));
    let cancel = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel();
    let areas = key.areas.clone();
    let (ctx, worker_progress, worker_cancel) =
        (ctx.clone(), Arc::clone(&progress), Arc::clone(&cancel));
    std::thread::spawn(move || {
        let report = |fraction: f32| {
            worker_progress.store((fraction.clamp(0.0, 1.0) * 1e6) as u32, Ordering::Relaxed);
            !worker_cancel.load(Ordering::Relaxed)
        };
        let board = AreaBoard::work_out(&scene, &areas, kept.as_deref(), &report);
        // Nobody listens when the layer dropped the job.
        let _ = tx.send(board);
        ctx.request_repaint();
    });
    Job {
        key,
        progress,
        cancel,
        result: rx,
    }
}

/// An area's cells, one polygon each (few), or one quad per run (many: a preview of a
/// map-covering area, where a run of squares is exactly its quad).
pub fn paint_cells(painter: &Painter, map: &MapSpec, runs: &CellRuns, t: &MapTransform) {
    if runs.len() <= MAX_CELL_SHAPES {
        for cell in runs.cells(map) {
            let corners: Vec<egui::Pos2> = cell_corners(map.grid, cell)
                .into_iter()
                .map(|p| t.ui_from_grid(p))
                .collect();
            painter.add(egui::Shape::convex_polygon(
                corners,
                AREA_FILL,
                Stroke::NONE,
            ));
        }
        return;
    }
    for run in runs.runs() {
        let ends = [run.first, run.last]
            .map(|col| cell_corners(map.grid, map.cell_at_offset(col, run.row)));
        let mut rect = Rect::NOTHING;
        for p in ends.iter().flatten() {
            rect.extend_with(t.ui_from_grid(*p));
        }
        painter.rect_filled(rect, 0.0, AREA_FILL);
    }
}

/// One ring on each token of `inside`.
fn paint_rings(
    painter: &Painter,
    encounter: &Encounter,
    inside: &BTreeSet<TokenId>,
    t: &MapTransform,
) {
    if inside.is_empty() {
        return;
    }
    let grid = encounter.map.grid;
    for token in encounter.tokens.iter().filter(|t| inside.contains(&t.id)) {
        let centre = footprint_centre(grid, token.size, token.cell);
        let cells = crate::board::footprint::footprint_cells(grid, token.size, token.cell).len();
        let radius = t.points(0.5 * (cells as f64).sqrt());
        painter.circle_stroke(
            t.ui_from_grid(centre),
            radius + 3.0,
            Stroke::new(4.0, AREA_EDGE),
        );
    }
}

/// The shown areas' cells as an image over the map's bounding box: each cell as deep as the
/// areas over it are many (as translucent fills laid on each other are).
fn coverage_image(board: &AreaBoard, players: Option<&PlayersView>) -> (ColorImage, Rect) {
    let map = &board.map;
    let (w, h) = (map.width_cells as usize, map.height_cells as usize);
    // How many areas cover each cell, by offset: a difference per run, then a running sum.
    let mut counts = vec![0_i32; (w + 1) * h];
    for area in shown(board, players) {
        for run in area.runs.runs() {
            let row = run.row as usize * (w + 1);
            if run.stride == 1 {
                counts[row + run.first as usize] += 1;
                counts[row + run.last as usize + 1] -= 1;
            } else {
                for col in (run.first..=run.last).step_by(run.stride as usize) {
                    counts[row + col as usize] += 1;
                    counts[row + col as usize + 1] -= 1;
                }
            }
        }
    }
    for row in counts.chunks_exact_mut(w + 1) {
        let mut sum = 0;
        for c in row.iter_mut() {
            sum += *c;
            *c = sum;
        }
    }
    let count_at = |col: i32, row: i32| -> i32 {
        if col < 0 || row < 0 || col as usize >= w || row as usize >= h {
            return 0;
        }
        counts[row as usize * (w + 1) + col as usize]
    };
    let colour = |n: i32| {
        if n <= 0 {
            return Color32::TRANSPARENT;
        }
        // n fills of alpha a laid on each other: 1 − (1 − a)^n.
        let a = f32::from(AREA_FILL.a()) / 255.0;
        let alpha = 1.0 - (1.0 - a).powi(n.min(64));
        Color32::from_rgba_unmultiplied(255, 110, 0, (alpha * 255.0) as u8)
    };
    let rect = super::layout::map_rect_in_grid(map);
    let pad = if map.grid.is_hex() {
        HEX_RADIUS as f32
    } else {
        0.0
    };
    let rect = rect.expand(pad);
    let per_cell = (MAX_PIXELS / f64::from(rect.width() * rect.height()).max(1e-9))
        .sqrt()
        .floor()
        .clamp(1.0, 4.0);
    let width = (f64::from(rect.width()) * per_cell).ceil() as usize;
    let height = (f64::from(rect.height()) * per_cell).ceil() as usize;
    let mut pixels = vec![Color32::TRANSPARENT; width * height];
    for (j, row) in pixels.chunks_exact_mut(width).enumerate() {
        for (i, pixel) in row.iter_mut().enumerate() {
            let p = GridPoint::new(
                f64::from(rect.min.x) + (i as f64 + 0.5) / per_cell,
                f64::from(rect.min.y) + (j as f64 + 0.5) / per_cell,
            );
            let (col, r) = map.offset_of(cell_in_grid(map.grid, p));
            *pixel = colour(count_at(col, r));
        }
    }
    let scale = per_cell as f32;
    let drawn = Rect::from_min_size(
        rect.min,
        egui::vec2(width as f32 / scale, height as f32 / scale),
    );
    (ColorImage::new([width, height], pixels), drawn)
}

/// The areas `players` shows (what the core's `PlayersView` lets them see), or every area for
/// the GM.
fn shown<'a>(
    board: &'a AreaBoard,
    players: Option<&'a PlayersView>,
) -> impl Iterator<Item = &'a DrawnArea> {
    board
        .areas
        .iter()
        .filter(move |a| players.is_none_or(|p| p.shows_area(a.id)))
}
