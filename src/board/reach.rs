//! Movement: where a token can get with its speed this turn, and the cheapest way there.
//!
//! Evening, Movement and Size: difficult terrain costs double; a creature may squeeze through a
//! gap that fits a creature one size smaller, which also costs double (squeezing counts as
//! difficult terrain, so the two do not stack). What a gap is, for Medium and smaller creatures
//! too, is measured on lanes between cell centres: see [`super::lane`]. Walls, windows, closed
//! doors and obstacle polygons narrow or close a lane; obstacle cells, cells whose centre lies
//! inside an obstacle polygon and hostile creatures cannot be entered; allies and neutrals can be passed through
//! but not stopped on. Large footprints move as a whole: every cell must fit and every cell's
//! step must be free.
//!
//! A prone creature crawls ([`Gait::Crawl`]): the text gives crawling no cost, and Lantern
//! reads it as its 5E ancestry does, one more speed for each square crawled, so crawling costs
//! double and crawling through difficult terrain or a squeeze costs three times. Whether a
//! token crawls is the rules' call (`combat::turn_move::gait`), not the board's.
//!
//! Where a token stands can itself be a squeeze ([`Scene::squeezing`]): no step out of its
//! place is wide enough for it, and one is wide enough for a creature one size smaller.
//!
//! Costs are kept in tenths of a cell so Euclidean diagonals (1.4) and the 1-2-1 rule stay exact
//! integers.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use crate::model::{Cell, DiagonalRule, GridKind, SizeCategory, TokenId};

use super::footprint::footprint_cells;
use super::lane::{opening_width, width_share};
use super::scene::Scene;

/// A search state: the anchor cell and, under the 1-2-1 rule, whether the next diagonal costs 2.
type State = (Cell, bool);

/// The cells a token can reach this turn. See the module docs.
#[derive(Clone, Debug, Default)]
pub struct Reach {
    /// Cheapest cost (tenths of a cell) to each anchor the token may stop on.
    stop_costs: HashMap<Cell, u32>,
    cost: HashMap<State, u32>,
    previous: HashMap<State, State>,
    origin: Cell,
}

impl Reach {
    /// The cost in cells to move the token's anchor to `anchor` and stop there.
    pub fn cost_cells(&self, anchor: Cell) -> Option<f64> {
        self.stop_costs.get(&anchor).map(|c| f64::from(*c) / 10.0)
    }

    /// Every anchor the token may stop on (its start included).
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.stop_costs.keys().copied()
    }

    /// How many anchors the token may stop on.
    pub fn len(&self) -> usize {
        self.stop_costs.len()
    }

    /// Whether the token cannot stop anywhere (never: it may always stay put).
    pub fn is_empty(&self) -> bool {
        self.stop_costs.is_empty()
    }

    /// The cheapest path of anchors from the start to `anchor`, both included.
    pub fn path_to(&self, anchor: Cell) -> Option<Vec<Cell>> {
        let target = self.stop_costs.get(&anchor)?;
        let mut state = [(anchor, false), (anchor, true)]
            .into_iter()
            .find(|s| self.cost.get(s) == Some(target))?;
        let mut path = vec![state.0];
        while state.0 != self.origin || self.cost.get(&state) != Some(&0) {
            state = *self.previous.get(&state)?;
            path.push(state.0);
        }
        path.reverse();
        Some(path)
    }
}

/// Whether reaching `state` for `total` stays within `budget` and beats what is known.
fn improves(known: &HashMap<State, u32>, budget: u32, state: State, total: u32) -> bool {
    total <= budget && known.get(&state).is_none_or(|c| *c > total)
}

/// How a token moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Gait {
    /// On its feet.
    #[default]
    Walk,
    /// Crawling (Evening, Prone): each square costs one more speed.
    Crawl,
}

/// What the mover meets on the board.
struct Mover<'a> {
    scene: &'a Scene,
    size: SizeCategory,
    /// Cells of other tokens: `true` when hostile (cannot enter), `false` when passable.
    occupied: HashMap<Cell, bool>,
    gait: Gait,
    /// The cells of a creature no step may bring the mover closer to (Evening, Frightened).
    kept_from: Option<Vec<Cell>>,
}

/// The neighbour steps on `grid`: the six axial directions on hexes (`grid::HEX_DIRECTIONS`),
/// the eight neighbours elsewhere.
fn deltas(grid: GridKind) -> &'static [(i32, i32)] {
    if grid.is_hex() {
        &[(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    } else {
        &[
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ]
    }
}

impl Scene {
    /// The anchors `token` can reach walking with `speed_cells` of movement (Evening, Movement).
    pub fn reachable(&self, token: TokenId, speed_cells: u32) -> Option<Reach> {
        self.reachable_with(token, speed_cells, Gait::Walk)
    }

    /// Whether `token` is squeezing where it stands (Evening, Size: Getting into smaller
    /// spots): its footprint lies over an obstacle (a Large creature squeezed into a one-cell
    /// gap), or no step out of its place is wide enough for it while some step is wide enough
    /// for a creature one size smaller, so it stands in a space only a smaller creature fits.
    /// Walls, doors, windows and obstacles make the space; other creatures do not. A Tiny
    /// creature never squeezes. `None` when the token is not on the map.
    pub fn squeezing(&self, token: TokenId) -> Option<bool> {
        let me = &self.tokens[self.token_index(token)?];
        let Some(smaller) = me.size.smaller() else {
            return Some(false);
        };
        let mover = Mover {
            scene: self,
            size: me.size,
            occupied: HashMap::new(),
            gait: Gait::Walk,
            kept_from: None,
        };
        let from = me.anchor;
        let free = |size| {
            footprint_cells(self.grid(), size, from)
                .iter()
                .all(|c| mover.enterable(*c))
        };
        if !free(me.size) {
            // Over an obstacle: squeezed if a smaller creature would fit there, else stuck
            // where the GM put it, which is no squeeze.
            return Some(free(smaller));
        }
        let mut narrow = false;
        for &(dx, dy) in deltas(self.grid()) {
            let to = Cell::new(from.x + dx, from.y + dy);
            if mover.fits(me.size, from, to) {
                return Some(false);
            }
            narrow = narrow || mover.fits(smaller, from, to);
        }
        Some(narrow)
    }

    /// The anchors `token` can reach with `speed_cells` of movement in `gait`.
    pub fn reachable_with(&self, token: TokenId, speed_cells: u32, gait: Gait) -> Option<Reach> {
        self.reachable_kept_from(token, speed_cells, gait, None)
    }

    /// [`Scene::reachable_with`] for a mover that may take no step bringing its footprint
    /// closer to `kept_from`'s (Evening, Frightened: it can't move closer to the source of its
    /// fear): each step keeps the distance between the two footprints or widens it. A
    /// `kept_from` not on the map keeps it from nothing.
    pub fn reachable_kept_from(
        &self,
        token: TokenId,
        speed_cells: u32,
        gait: Gait,
        kept_from: Option<TokenId>,
    ) -> Option<Reach> {
        let ti = self.token_index(token)?;
        let kept_from = kept_from
            .filter(|id| *id != token)
            .and_then(|id| self.token_index(id))
            .map(|i| self.tokens[i].cells.clone());
        let me = &self.tokens[ti];
        let mut occupied = HashMap::new();
        for (i, t) in self.tokens.iter().enumerate() {
            if i != ti {
                for &c in &t.cells {
                    let hostile = me.side.is_hostile_to(t.side);
                    occupied
                        .entry(c)
                        .and_modify(|h| *h |= hostile)
                        .or_insert(hostile);
                }
            }
        }
        let mover = Mover {
            scene: self,
            size: me.size,
            occupied,
            gait,
            kept_from,
        };
        Some(mover.search(me.anchor, speed_cells.saturating_mul(10)))
    }
}

impl Scene {
    /// Where a shove moves `target` one square away from `pusher` (Evening, Combat actions:
    /// Shove): of the anchors one step from its own, those that take its footprint farther
    /// from the pusher's, that the step reaches for its size (walls, windows, closed doors and
    /// obstacles stop it; no squeeze) and where nothing stands; of several, the farthest, then
    /// the one most in line with the push. `None` when nowhere is free, or a token is missing.
    pub fn push_anchor(&self, pusher: TokenId, target: TokenId) -> Option<Cell> {
        let me = &self.tokens[self.token_index(target)?];
        let them = &self.tokens[self.token_index(pusher)?];
        let mut occupied = HashMap::new();
        for t in self.tokens.iter().filter(|t| t.id != target) {
            occupied.extend(t.cells.iter().map(|c| (*c, true)));
        }
        let mover = Mover {
            scene: self,
            size: me.size,
            occupied,
            gait: Gait::Walk,
            kept_from: None,
        };
        let (grid, diagonal) = (self.grid(), self.diagonal());
        let away = |anchor| {
            let mine = footprint_cells(grid, me.size, anchor);
            super::bands::footprint_distance(grid, diagonal, &mine, &them.cells)
        };
        let centre = |size, anchor| super::footprint::footprint_centre(grid, size, anchor);
        let (from, pushed_from) = (centre(me.size, me.anchor), centre(them.size, them.anchor));
        let line = (from.x - pushed_from.x, from.y - pushed_from.y);
        let start = away(me.anchor);
        let mut best: Option<(f64, f64, Cell)> = None;
        for &(dx, dy) in deltas(grid) {
            let to = Cell::new(me.anchor.x + dx, me.anchor.y + dy);
            let farther = away(to);
            if farther <= start || !mover.fits(me.size, me.anchor, to) || !mover.stoppable(to) {
                continue;
            }
            let c = centre(me.size, to);
            let step = (c.x - from.x, c.y - from.y);
            // How straight the step follows the push: the cosine of the angle between them.
            let along = (step.0 * line.0 + step.1 * line.1)
                / (step.0.hypot(step.1) * line.0.hypot(line.1)).max(1e-9);
            let better = best.is_none_or(|(f, a, _)| {
                farther > f + 1e-9 || ((farther - f).abs() <= 1e-9 && along > a)
            });
            if better {
                best = Some((farther, along, to));
            }
        }
        best.map(|(_, _, to)| to)
    }
}

impl Mover<'_> {
    fn search(&self, origin: Cell, budget: u32) -> Reach {
        let mut reach = Reach {
            origin,
            ..Reach::default()
        };
        let mut queue = BinaryHeap::new();
        reach.cost.insert((origin, false), 0);
        queue.push(Reverse((0, origin, false)));
        while let Some(Reverse((cost, cell, parity))) = queue.pop() {
            if reach.cost.get(&(cell, parity)).is_some_and(|c| *c < cost) {
                continue;
            }
            if self.stoppable(cell) || cell == origin {
                let best = reach.stop_costs.entry(cell).or_insert(cost);
                *best = (*best).min(cost);
            }
            // A step that cannot pay off even at its plainest cost is never measured: lanes
            // are the dear part of a step.
            let steps = self.steps(cell, parity, |next, base, next_parity| {
                improves(&reach.cost, budget, (next, next_parity), cost + base)
            });
            for (next, step, next_parity) in steps {
                let total = cost + step;
                if !improves(&reach.cost, budget, (next, next_parity), total) {
                    continue;
                }
                reach.cost.insert((next, next_parity), total);
                reach.previous.insert((next, next_parity), (cell, parity));
                queue.push(Reverse((total, next, next_parity)));
            }
        }
        reach
    }

    /// The legal steps from `cell` worth taking at their plain cost (`worth(next, base cost,
    /// next parity)`): the next anchor, its cost and the next 1-2-1 parity.
    fn steps(
        &self,
        cell: Cell,
        parity: bool,
        worth: impl Fn(Cell, u32, bool) -> bool,
    ) -> Vec<(Cell, u32, bool)> {
        let grid = self.scene.grid();
        deltas(grid)
            .iter()
            .filter_map(|&(dx, dy)| {
                let diagonal = !grid.is_hex() && dx != 0 && dy != 0;
                let (base, next_parity) = self.base_cost(diagonal, parity);
                let next = Cell::new(cell.x + dx, cell.y + dy);
                if !worth(next, base, next_parity) || self.approaches(cell, next) {
                    return None;
                }
                let factor = self.step_factor(cell, dx, dy)?;
                Some((next, base * factor, next_parity))
            })
            .collect()
    }

    /// Whether the step from anchor `from` to anchor `to` brings the mover closer to the
    /// creature it is kept from.
    fn approaches(&self, from: Cell, to: Cell) -> bool {
        let Some(theirs) = &self.kept_from else {
            return false;
        };
        let (grid, diagonal) = (self.scene.grid(), self.scene.diagonal());
        let distance = |anchor| {
            let mine = footprint_cells(grid, self.size, anchor);
            super::bands::footprint_distance(grid, diagonal, &mine, theirs)
        };
        distance(to) < distance(from)
    }

    /// Tenths of a cell for one step, and the 1-2-1 parity after it.
    fn base_cost(&self, diagonal: bool, parity: bool) -> (u32, bool) {
        if !diagonal {
            return (10, parity);
        }
        match (self.scene.grid(), self.scene.diagonal()) {
            (GridKind::Gridless, _) | (_, DiagonalRule::Euclidean) => (14, parity),
            (_, DiagonalRule::One) => (10, parity),
            (_, DiagonalRule::Alternating) => (if parity { 20 } else { 10 }, !parity),
        }
    }

    /// 1 for a plain step, 2 through difficult terrain or squeezing, one more crawling, `None`
    /// when blocked.
    fn step_factor(&self, from: Cell, dx: i32, dy: i32) -> Option<u32> {
        let grid = self.scene.grid();
        let to = Cell::new(from.x + dx, from.y + dy);
        let squeezed = if self.fits(self.size, from, to) {
            false
        } else {
            let smaller = self.size.smaller()?;
            if !self.fits(smaller, from, to) {
                return None;
            }
            true
        };
        let difficult = if self.size.space_cells() == 1 {
            self.scene.difficult.contains(&to)
        } else {
            footprint_cells(grid, self.size, to)
                .iter()
                .any(|c| self.scene.difficult.contains(c))
        };
        let crawling = self.gait == Gait::Crawl;
        Some(1 + u32::from(squeezed || difficult) + u32::from(crawling))
    }

    /// Whether a creature of `size` can step from anchor `from` to anchor `to`: every cell of
    /// the footprint free, and every cell's lane leaving a gap as wide as the creature (see
    /// [`super::lane`]).
    fn fits(&self, size: SizeCategory, from: Cell, to: Cell) -> bool {
        let grid = self.scene.grid();
        let need = opening_width(grid.is_hex()) * width_share(size);
        if size.space_cells() == 1 {
            // One cell on every grid: spare the footprint lists on the common path.
            return self.enterable(to) && self.step_is_open(from, to, need);
        }
        let cells = footprint_cells(grid, size, to);
        cells.iter().all(|c| self.enterable(*c))
            && footprint_cells(grid, size, from).iter().all(|c| {
                let next = Cell::new(c.x + to.x - from.x, c.y + to.y - from.y);
                self.step_is_open(*c, next, need)
            })
    }

    /// Whether a footprint cell may stand on `cell`: on the map, not an obstacle (cell or
    /// polygon), not a hostile creature.
    fn enterable(&self, cell: Cell) -> bool {
        self.scene.map.contains(cell)
            && !self.scene.obstacles.contains(&cell)
            && !self.scene.inside_solid(self.scene.lattice.centre(cell))
            && self.occupied.get(&cell) != Some(&true)
    }

    /// Whether the step between two cell centres leaves a gap of `need` map units, and does
    /// not squeeze diagonally between two obstacle cells.
    fn step_is_open(&self, a: Cell, b: Cell, need: f64) -> bool {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if !self.scene.grid().is_hex()
            && dx != 0
            && dy != 0
            && self.scene.obstacles.contains(&Cell::new(a.x + dx, a.y))
            && self.scene.obstacles.contains(&Cell::new(a.x, a.y + dy))
        {
            return false;
        }
        self.scene.lane_gap(a, b) >= need
    }

    /// Whether the mover may end its move with its anchor on `anchor`.
    fn stoppable(&self, anchor: Cell) -> bool {
        footprint_cells(self.scene.grid(), self.size, anchor)
            .iter()
            .all(|c| !self.occupied.contains_key(c))
    }
}
