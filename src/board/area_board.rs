//! The kept areas of an encounter worked out for drawing, once per change of the board: each
//! area's cells (as runs, `area_cells.rs`), its outline and the tokens inside it. Like the lit
//! board (`lit_board.rs`), [`AreaBoard::estimated_work`] says before any of it is done about
//! how much work it is, so the shell works out a small board in the frame that needs it and a
//! large one (a thousand areas over the largest map) on a worker, drawing the last board
//! meanwhile. A board worked out before on the same terrain lends its areas' cells to the next
//! (a token moved: only the tokens inside are looked for again), and the areas are shared
//! among the machine's cores.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::model::{AreaId, AreaTemplate, Cell, GridPoint, MapSpec, TokenId};

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
    /// Its cells; shared with the next board when a token moves.
    pub runs: Arc<CellRuns>,
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
    /// What each area was worked out from, in the order of `areas`: what a later board of the
    /// same terrain may take its cells for.
    keys: Vec<AreaKey>,
}

/// What an area's cells follow besides the terrain: its template and the cells of the token
/// it comes from (a burst's footprint, an area that follows its caster, the caster's own
/// cells that never block it). Other tokens only change who is inside.
#[derive(Clone, Debug, PartialEq)]
struct AreaKey {
    template: AreaTemplate,
    source_cells: Option<Vec<Cell>>,
}

impl AreaKey {
    fn of(scene: &Scene, template: &AreaTemplate) -> Self {
        let source_cells = template
            .source
            .and_then(|id| scene.token_index(id))
            .map(|i| scene.tokens[i].cells.clone());
        Self {
            template: template.clone(),
            source_cells,
        }
    }
}

impl AreaBoard {
    /// About how much work [`Self::work_out`] is, in exact tests: per area not lent by `kept`,
    /// a few dozen per line of the map it reaches; when walls are near, a sight sweep over
    /// them and a cut of each line by it (`area_walls.rs`), or a line of sight per cell on a
    /// map with obstacle cells. Every area then looks for the tokens inside.
    pub fn estimated_work(scene: &Scene, areas: &[AreaTemplate], kept: Option<&Self>) -> u64 {
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
        let fresh = areas
            .iter()
            .filter(|a| kept.is_none_or(|k| k.lend(scene, a).is_none()))
            .count();
        per_area.saturating_mul(fresh as u64)
            + (scene.tokens.len() as u64).saturating_mul(areas.len() as u64 + 1)
    }

    /// Works out every area of `areas` on `scene`. `kept` is an earlier board of the same
    /// terrain (walls, doors, obstacles, map): an area whose template and source token did not
    /// change keeps its cells from it. `report` hears the fraction done and answers whether to
    /// go on; `None` when it said stop.
    pub fn work_out(
        scene: &Scene,
        areas: &[AreaTemplate],
        kept: Option<&Self>,
        report: &(dyn Fn(f32) -> bool + Sync),
    ) -> Option<Self> {
        let keys: Vec<AreaKey> = areas.iter().map(|a| AreaKey::of(scene, a)).collect();
        let next = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let total = areas.len().max(1) as f32;
        // Each thread takes the next area not yet taken, so a few slow areas (a wall maze)
        // spread over the cores like many quick ones.
        let work = || {
            let mut done = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(area) = areas.get(i) else {
                    break;
                };
                if stopped.load(Ordering::Relaxed) || !report(i as f32 / total) {
                    stopped.store(true, Ordering::Relaxed);
                    break;
                }
                let drawn = match kept.and_then(|k| k.lend(scene, area)) {
                    Some(earlier) => Self::inside_again(scene, area, earlier),
                    None => Self::one(scene, area),
                };
                done.push((i, drawn));
            }
            done
        };
        let threads = std::thread::available_parallelism()
            .map_or(1, std::num::NonZero::get)
            .min(areas.len())
            .max(1);
        let mut drawn: Vec<(usize, DrawnArea)> = if threads == 1 {
            work()
        } else {
            std::thread::scope(|s| {
                let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
                let mut all = work();
                for helper in helpers {
                    match helper.join() {
                        Ok(part) => all.extend(part),
                        // A helper that panicked leaves its areas undone: stop as if told to.
                        Err(_) => stopped.store(true, Ordering::Relaxed),
                    }
                }
                all
            })
        };
        if stopped.load(Ordering::Relaxed) || drawn.len() != areas.len() {
            return None;
        }
        drawn.sort_by_key(|(i, _)| *i);
        Some(Self {
            map: scene.map.clone(),
            areas: drawn.into_iter().map(|(_, d)| d).collect(),
            keys,
        })
    }

    /// The area this board drew for `area` on `scene`, when nothing its cells follow changed.
    fn lend(&self, scene: &Scene, area: &AreaTemplate) -> Option<&DrawnArea> {
        if self.map != scene.map {
            return None;
        }
        let i = self.keys.iter().position(|k| k.template.id == area.id)?;
        (self.keys[i] == AreaKey::of(scene, area))
            .then(|| self.areas.get(i))
            .flatten()
    }

    /// `earlier`'s cells, with the tokens inside them looked for again.
    fn inside_again(scene: &Scene, area: &AreaTemplate, earlier: &DrawnArea) -> DrawnArea {
        let inside = match scene.place_area(area) {
            Ok(placed) if earlier.error.is_none() => {
                scene.area_tokens_with(&placed, Some(&earlier.runs))
            }
            _ => Vec::new(),
        };
        DrawnArea {
            id: earlier.id,
            gm_only: earlier.gm_only,
            error: earlier.error.clone(),
            runs: Arc::clone(&earlier.runs),
            outline: earlier.outline.clone(),
            origin: earlier.origin,
            inside,
        }
    }

    fn one(scene: &Scene, area: &AreaTemplate) -> DrawnArea {
        let placed = match scene.place_area(area) {
            Ok(placed) => placed,
            Err(err) => {
                return DrawnArea {
                    id: area.id,
                    gm_only: area.gm_only,
                    error: Some(err),
                    runs: Arc::default(),
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
            runs: Arc::new(runs),
            inside,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{
        AreaSelect, AreaShape, AreaSize, Encounter, RuleSystem, Side, Token, Wall, WallId, WallKind,
    };

    /// A walled room with a token inside it and one outside, and three areas: one of nobody,
    /// one following the token inside, one bursting from it.
    fn room() -> Encounter {
        let mut enc = Encounter::new("room", RuleSystem::Evening);
        enc.map.width_cells = 30;
        enc.map.height_cells = 30;
        let wall = |i: u64, a: (f64, f64), b: (f64, f64)| Wall {
            id: WallId(i),
            a: GridPoint::new(a.0, a.1),
            b: GridPoint::new(b.0, b.1),
            kind: WallKind::Wall,
        };
        enc.walls = vec![
            wall(1, (5.0, 5.0), (20.0, 5.0)),
            wall(2, (20.0, 5.0), (20.0, 20.0)),
            wall(3, (5.0, 20.0), (14.0, 20.0)),
        ];
        enc.tokens = vec![
            Token::new(TokenId(1), "Kestrel", Side::Party, Cell::new(10, 10)),
            Token::new(TokenId(2), "Bram", Side::Enemy, Cell::new(25, 25)),
        ];
        let area = |id: u64, origin: GridPoint, source, follows, shape| AreaTemplate {
            id: AreaId(id),
            shape,
            origin,
            toward: GridPoint::new(origin.x + 1.0, origin.y),
            source,
            follows,
            select: AreaSelect::Everyone,
            gm_only: false,
            effect: None,
        };
        let sphere = AreaShape::Sphere {
            radius: AreaSize::Cells(12.0),
        };
        enc.areas = vec![
            area(1, GridPoint::new(12.5, 12.5), None, false, sphere.clone()),
            area(
                2,
                GridPoint::new(10.5, 10.5),
                Some(TokenId(1)),
                true,
                sphere,
            ),
            area(
                3,
                GridPoint::new(10.5, 10.5),
                Some(TokenId(1)),
                false,
                AreaShape::Burst {
                    reach: AreaSize::Cells(4.0),
                },
            ),
        ];
        enc
    }

    fn board(enc: &Encounter, kept: Option<&AreaBoard>) -> AreaBoard {
        let scene = Scene::new(enc);
        let Some(board) = AreaBoard::work_out(&scene, &enc.areas, kept, &|_| true) else {
            panic!("nothing stopped the work");
        };
        board
    }

    /// Issue 29: after a token moves, the board worked out with the last one lent is the board
    /// worked out from nothing — the token outside walks into the room's areas, the area that
    /// follows the other token moves with it.
    #[test]
    fn a_lent_board_is_the_board_worked_out_afresh() {
        let mut enc = room();
        let before = board(&enc, None);
        assert!(
            !before.areas[0].inside.contains(&TokenId(2)),
            "Bram is outside"
        );
        enc.tokens[1].cell = Cell::new(13, 13);
        let lent = board(&enc, Some(&before));
        assert_eq!(lent, board(&enc, None));
        assert!(lent.areas[0].inside.contains(&TokenId(2)), "Bram walked in");
        // The areas of nobody kept their cells, shared, not copied.
        assert!(Arc::ptr_eq(&lent.areas[0].runs, &before.areas[0].runs));

        enc.tokens[0].cell = Cell::new(6, 18);
        let moved = board(&enc, Some(&lent));
        assert_eq!(moved, board(&enc, None));
        // The area of the token that moved was worked out again.
        assert_ne!(moved.areas[1].runs, lent.areas[1].runs);
        assert!(Arc::ptr_eq(&moved.areas[0].runs, &lent.areas[0].runs));
    }

    /// A board lends nothing to another map's areas.
    #[test]
    fn a_board_of_another_map_lends_nothing() {
        let enc = room();
        let before = board(&enc, None);
        let mut wider = enc.clone();
        wider.map.width_cells = 40;
        let after = board(&wider, Some(&before));
        assert_eq!(after, board(&wider, None));
        assert!(!Arc::ptr_eq(&after.areas[0].runs, &before.areas[0].runs));
    }

    /// The work stops when told to, on every thread, and says so.
    #[test]
    fn the_work_stops_when_told() {
        let enc = room();
        let scene = Scene::new(&enc);
        assert!(AreaBoard::work_out(&scene, &enc.areas, None, &|_| false).is_none());
        let more: Vec<AreaTemplate> = (0..64)
            .map(|i| AreaTemplate {
                id: AreaId(100 + i),
                ..enc.areas[0].clone()
            })
            .collect();
        let told = AtomicUsize::new(0);
        let stop_at_ten = |_: f32| told.fetch_add(1, Ordering::Relaxed) < 10;
        assert!(AreaBoard::work_out(&scene, &more, None, &stop_at_ten).is_none());
    }
}
