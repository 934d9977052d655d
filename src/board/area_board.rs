//! The kept areas of an encounter worked out for drawing, once per change of the board: each
//! area's cells (as runs, `area_cells.rs`), its outline and the tokens inside it. Like the lit
//! board (`lit_board.rs`), [`AreaBoard::estimated_work`] says before any of it is done about
//! how much work it is, so the shell works out a small board in the frame that needs it and a
//! large one (a thousand areas over the largest map) on a worker, drawing the last board
//! meanwhile.

use crate::model::{AreaId, AreaTemplate, GridPoint, MapSpec, TokenId};

use super::area::AreaError;
use super::area_cells::CellRuns;
use super::scene::Scene;

/// One kept area as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnArea {
    pub id: AreaId,
    /// Kept off the players' window.
    pub gm_only: bool,
    /// Why it could not be measured (a band the system lacks); nothing else is then set.
    pub error: Option<AreaError>,
    pub runs: CellRuns,
    /// Its outline in map space (empty for a burst, drawn by its cells).
    pub outline: Vec<GridPoint>,
    /// Where it starts, in map space.
    pub origin: GridPoint,
    /// The tokens inside it, in the encounter's order.
    pub inside: Vec<TokenId>,
}

/// Every kept area of an encounter, as drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AreaBoard {
    /// The map it was worked out for.
    pub map: MapSpec,
    pub areas: Vec<DrawnArea>,
}

impl AreaBoard {
    /// About how much work [`Self::work_out`] is, in exact tests: per area, a few dozen per
    /// line of the map it reaches; when walls are near, a sight sweep over them and a cut of
    /// each line by it (`area_walls.rs`), or a line of sight per cell on a map with obstacle
    /// cells.
    pub fn estimated_work(scene: &Scene, areas: &[AreaTemplate]) -> u64 {
        let rows = u64::from(scene.map.height_cells);
        let cells = rows * u64::from(scene.map.width_cells);
        let segments = scene.sight_segment_count() as u64;
        let per_area = if segments == 0 {
            40 * rows
        } else if scene.obstacles.is_empty() {
            100 * rows + 50 * segments
        } else {
            40 * rows + cells
        };
        per_area.saturating_mul(areas.len() as u64) + scene.tokens.len() as u64
    }

    /// Works out every area of `areas` on `scene`. `report` hears the fraction done and
    /// answers whether to go on; `None` when it said stop.
    pub fn work_out(
        scene: &Scene,
        areas: &[AreaTemplate],
        report: &dyn Fn(f32) -> bool,
    ) -> Option<Self> {
        let mut drawn = Vec::with_capacity(areas.len());
        for (i, area) in areas.iter().enumerate() {
            if !report(i as f32 / areas.len().max(1) as f32) {
                return None;
            }
            drawn.push(Self::one(scene, area));
        }
        Some(Self {
            map: scene.map.clone(),
            areas: drawn,
        })
    }

    fn one(scene: &Scene, area: &AreaTemplate) -> DrawnArea {
        let placed = match scene.place_area(area) {
            Ok(placed) => placed,
            Err(err) => {
                return DrawnArea {
                    id: area.id,
                    gm_only: area.gm_only,
                    error: Some(err),
                    runs: CellRuns::default(),
                    outline: Vec::new(),
                    origin: area.origin,
                    inside: Vec::new(),
                };
            }
        };
        let runs = scene.area_runs(&placed);
        let inside = scene.area_tokens_with(&placed, Some(&runs));
        DrawnArea {
            id: area.id,
            gm_only: area.gm_only,
            error: None,
            outline: placed.outline(scene),
            origin: placed.origin,
            runs,
            inside,
        }
    }
}
