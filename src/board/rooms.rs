//! Rooms: the regions of a map closed off by walls, windows, closed doors and the map's edge, so
//! the GM can reveal a whole room with one click ("Reveal room" on the fog toolbar).
//!
//! # The reading
//!
//! - **What closes a room** is what stops a step: walls, windows and closed doors
//!   ([`crate::model::WallKind::blocks_movement`]), and the map's edge. An open door is an
//!   opening, so it joins the rooms either side. Obstacle cells and polygons (pillars, boulders)
//!   and tokens stand *in* a room and never split one.
//! - **Where walls lie.** The wall tool puts walls between cells: along cell sides on square
//!   grids, along hex edges on hex grids. Imported maps draw them anywhere, across cells and at
//!   any angle. So rooms are found on a fine square sampling of map space whatever the grid,
//!   [`SAMPLES_PER_CELL`] samples a cell length: two neighbouring samples are joined unless a
//!   wall passes within [`WALL_REACH_CELLS`] of the step between them. A wall between two cells
//!   leaves every sample of both cells free (the nearest lie a tenth of a cell from it), and no
//!   wall, however slanted, lets a step through it.
//! - **Gaps.** A wall that stops short of another leaves a gap. One narrower than twice
//!   [`WALL_REACH_CELLS`] (0.18 of a cell) reads as two walls meant to meet: it never joins
//!   rooms. A gap of 0.38 of a cell or more always does — a one-cell gap is a doorway with no
//!   door, and joins the rooms either side just as an open door does. (Between the two it
//!   depends on where the gap falls among the samples.) Dungeondraft's doors a little under a
//!   cell wide, open, join; its walls meet their doors end to end, closed.
//! - **Which room a cell is in.** A cell belongs to the room of its centre (the sample nearest
//!   its centre that a wall does not pin in place), so each cell is in at most one room and a cell
//!   a wall cuts goes to the side holding its centre. A region holding no cell's centre (a
//!   sliver between two walls) is no room.
//! - **Not a room.** A region open to the map's edge on all four sides — nothing walls it off
//!   from beyond the map at its left, top, right and bottom — is the outside: the ground around
//!   the buildings, the rock around a cave, an outdoor map, a map with no walls. A region of more
//!   than [`MAX_ROOM_CELLS`] cells is too large to be a room. Neither is counted, and Reveal room
//!   refuses both with the reason rather than revealing the world. A room against one to three
//!   edges (a corridor running off the map, a room whose wall is the map's edge) is a room.

use crate::model::{Cell, GridPoint, MapSpec};

use super::grid::{cell_corners, cell_in_grid, point_in_grid};
use super::scene::Scene;

/// Samples per cell length, along each axis (odd, so a square cell's centre is a sample).
pub const SAMPLES_PER_CELL: i32 = 5;

/// The spacing of the samples, in cell lengths.
const STEP: f64 = 1.0 / SAMPLES_PER_CELL as f64;

/// How close a wall may come to a step between samples before it stops it, in cell lengths:
/// walls read as twice this thick. Under half the spacing, so a wall on a cell side leaves the
/// samples beside it free.
pub const WALL_REACH_CELLS: f64 = 0.09;

/// The largest region that is still a room, in cells: a hall 50 cells a side. Larger is open
/// ground; it also bounds the work of one click.
pub const MAX_ROOM_CELLS: usize = 2_500;

/// A region is open to the map's edge on these sides (bits of [`Room::open_sides`]).
pub const LEFT: u8 = 1;
pub const TOP: u8 = 2;
pub const RIGHT: u8 = 4;
pub const BOTTOM: u8 = 8;
const ALL_SIDES: u8 = LEFT | TOP | RIGHT | BOTTOM;

/// One room: the cells whose centre lies in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Its cells, in the order the search met them.
    pub cells: Vec<Cell>,
    /// The sides of the map it is open to ([`LEFT`], [`TOP`], [`RIGHT`], [`BOTTOM`]).
    pub open_sides: u8,
}

/// Why there is no room to reveal at a cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomError {
    #[error("that cell is off the map")]
    OffMap,
    #[error("that cell lies on a wall; click inside a room")]
    OnWall,
    #[error(
        "that is open ground, not a room: it reaches every edge of the map ({cells} cells); \
         close its doors, or reveal it with the brush"
    )]
    Outside { cells: usize },
    #[error(
        "that region is larger than a room (more than {max} cells), so nothing was revealed; \
         reveal it with the brush",
        max = MAX_ROOM_CELLS
    )]
    TooLarge,
}

/// Every region of a map, sorted into rooms and the rest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rooms {
    /// The rooms, in the order of their first cell (row by row).
    pub rooms: Vec<Room>,
    /// Regions open to every edge of the map.
    pub outside: Vec<Room>,
    /// Regions larger than [`MAX_ROOM_CELLS`] cells (not open all round).
    pub too_large: Vec<Room>,
}

/// The room `cell` is in, found by a search bounded by [`MAX_ROOM_CELLS`].
pub fn room_at(scene: &Scene, cell: Cell) -> Result<Room, RoomError> {
    if !scene.map.contains(cell) {
        return Err(RoomError::OffMap);
    }
    let mut samples = Samples::new(scene);
    let start = samples.owner(cell).ok_or(RoomError::OnWall)?;
    let mut visited = Visited::new(&samples);
    let region = samples.flood(start, &mut visited, Some(samples.cap()));
    match region {
        Flood::TooLarge => Err(RoomError::TooLarge),
        Flood::Done(room) if room.open_sides == ALL_SIDES => Err(RoomError::Outside {
            cells: room.cells.len(),
        }),
        Flood::Done(room) => Ok(room),
    }
}

/// Every region of the map, each cell in at most one. Its work grows with the map (every sample
/// of it is visited once): for reports and tests; the map's click asks [`room_at`].
pub fn find_rooms(scene: &Scene) -> Rooms {
    let mut samples = Samples::new(scene);
    let mut visited = Visited::new(&samples);
    let mut rooms = Rooms::default();
    let map = scene.map.clone();
    let cap = samples.cap();
    for row in 0..map.height_cells as i32 {
        for col in 0..map.width_cells as i32 {
            let Some(start) = samples.owner(map.cell_at_offset(col, row)) else {
                continue;
            };
            if visited.get(start) {
                continue;
            }
            let Flood::Done(room) = samples.flood(start, &mut visited, None) else {
                continue;
            };
            if room.open_sides == ALL_SIDES {
                rooms.outside.push(room);
            } else if samples.last_count > cap {
                rooms.too_large.push(room);
            } else {
                rooms.rooms.push(room);
            }
        }
    }
    rooms
}

/// A sample of map space: column `i`, row `j`, at `((i + ½)·STEP, (j + ½)·STEP)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Sample {
    i: i32,
    j: i32,
}

impl Sample {
    fn at(self) -> GridPoint {
        GridPoint::new(
            (f64::from(self.i) + 0.5) * STEP,
            (f64::from(self.j) + 0.5) * STEP,
        )
    }

    fn neighbours(self) -> [Self; 4] {
        let Self { i, j } = self;
        [
            Self { i: i - 1, j },
            Self { i, j: j - 1 },
            Self { i: i + 1, j },
            Self { i, j: j + 1 },
        ]
    }
}

/// How a flood ended.
enum Flood {
    Done(Room),
    /// It passed the cap: larger than a room.
    TooLarge,
}

/// The samples of one map. What walls do to the steps between them is worked out a unit square
/// of map space (a tile of `SAMPLES_PER_CELL²` samples) at a time, the first time a search
/// reaches it, and kept: a flood asks about each step about twice.
struct Samples<'a> {
    scene: &'a Scene,
    map: &'a MapSpec,
    /// The box of samples that covers the map: `0..cols` × `0..rows`.
    cols: i32,
    rows: i32,
    /// Tiles across the box, with one more on every side (samples just off the map).
    tile_cols: i32,
    /// Per tile: bit `k` set when the step right from its `k`th sample is stopped, bit
    /// `TILE + k` the step down; [`TILE_DONE`] once worked out.
    tiles: Vec<u64>,
    /// Per map cell (by offset): its centre sample, packed; [`OWNER_UNKNOWN`] until asked,
    /// [`OWNER_NONE`] when every sample of it is pinned.
    owners: Vec<u32>,
    /// How many samples the last flood visited.
    last_count: usize,
}

/// Samples in one tile.
const TILE: u32 = (SAMPLES_PER_CELL * SAMPLES_PER_CELL) as u32;
const TILE_DONE: u64 = 1 << 63;
const OWNER_UNKNOWN: u32 = u32::MAX;
const OWNER_NONE: u32 = u32::MAX - 1;

impl<'a> Samples<'a> {
    fn new(scene: &'a Scene) -> Self {
        let map = &scene.map;
        let (width, height) = map_extent(map);
        let cols = (width / STEP).ceil() as i32 + 1;
        let rows = (height / STEP).ceil() as i32 + 1;
        let tile_cols = cols.div_euclid(SAMPLES_PER_CELL) + 3;
        let tile_rows = rows.div_euclid(SAMPLES_PER_CELL) + 3;
        let cells = map.width_cells as usize * map.height_cells as usize;
        Self {
            scene,
            map,
            cols,
            rows,
            tile_cols,
            tiles: vec![0; tile_cols as usize * tile_rows as usize],
            owners: vec![OWNER_UNKNOWN; cells],
            last_count: 0,
        }
    }

    /// The most samples a room spans: [`MAX_ROOM_CELLS`] cells' area.
    fn cap(&self) -> usize {
        let cell_area = if self.map.grid.is_hex() {
            3.0_f64.sqrt() / 2.0
        } else {
            1.0
        };
        (MAX_ROOM_CELLS as f64 * cell_area / (STEP * STEP)).ceil() as usize
    }

    /// The map cell a sample lies in, or the sides of the map it lies beyond.
    fn place(&self, s: Sample) -> Result<Cell, u8> {
        let mut beyond = 0;
        if s.i < 0 {
            beyond |= LEFT;
        }
        if s.j < 0 {
            beyond |= TOP;
        }
        if s.i >= self.cols {
            beyond |= RIGHT;
        }
        if s.j >= self.rows {
            beyond |= BOTTOM;
        }
        if beyond != 0 {
            return Err(beyond);
        }
        let cell = if self.map.grid.is_hex() {
            cell_in_grid(self.map.grid, s.at())
        } else {
            // A square cell holds exactly its samples: no rounding to ask.
            Cell::new(
                s.i.div_euclid(SAMPLES_PER_CELL),
                s.j.div_euclid(SAMPLES_PER_CELL),
            )
        };
        if self.map.contains(cell) {
            return Ok(cell);
        }
        let (col, row) = self.map.offset_of(cell);
        let (w, h) = (self.map.width_cells as i32, self.map.height_cells as i32);
        Err((u8::from(col < 0) * LEFT)
            | (u8::from(row < 0) * TOP)
            | (u8::from(col >= w) * RIGHT)
            | (u8::from(row >= h) * BOTTOM))
    }

    /// Whether a wall stops the step between two neighbouring samples.
    fn blocked(&mut self, a: Sample, b: Sample) -> bool {
        // The step belongs to its upper-left end: the step right or down from it.
        let (from, down) = if a.i == b.i {
            (if a.j < b.j { a } else { b }, true)
        } else {
            (if a.i < b.i { a } else { b }, false)
        };
        let (tx, ty) = (
            from.i.div_euclid(SAMPLES_PER_CELL),
            from.j.div_euclid(SAMPLES_PER_CELL),
        );
        let bit = (from.j.rem_euclid(SAMPLES_PER_CELL) * SAMPLES_PER_CELL
            + from.i.rem_euclid(SAMPLES_PER_CELL)) as u32
            + if down { TILE } else { 0 };
        let k = ((ty + 1) * self.tile_cols + tx + 1) as usize;
        let Some(&links) = self.tiles.get(k) else {
            // Beyond the tiles kept: never a sample any search reaches.
            return true;
        };
        let links = if links & TILE_DONE == 0 {
            let links = tile_links(self.scene, (tx, ty));
            self.tiles[k] = links;
            links
        } else {
            links
        };
        links & (1 << bit) != 0
    }

    /// Whether walls pin the sample: no step to a map sample beside it is free.
    fn pinned(&mut self, s: Sample) -> bool {
        !s.neighbours()
            .into_iter()
            .any(|n| self.place(n).is_ok() && !self.blocked(s, n))
    }

    /// The sample a cell's room is read from: the one nearest its centre that lies in it and is
    /// not pinned (ties go to the upper, then the left one).
    fn owner(&mut self, cell: Cell) -> Option<Sample> {
        let (col, row) = self.map.offset_of(cell);
        let slot = (row as usize) * self.map.width_cells as usize + col as usize;
        match self.owners.get(slot).copied() {
            Some(OWNER_NONE) | None => return None,
            Some(OWNER_UNKNOWN) => {}
            Some(packed) => return Some(self.unpack(packed)),
        }
        let centre = point_in_grid(self.map.grid, cell);
        let (ci, cj) = (
            (centre.x / STEP - 0.5).round() as i32,
            (centre.y / STEP - 0.5).round() as i32,
        );
        let mut near: Vec<(f64, Sample)> = (-3..=3)
            .flat_map(|dj| {
                (-3..=3).map(move |di| Sample {
                    i: ci + di,
                    j: cj + dj,
                })
            })
            .map(|s| {
                let p = s.at();
                ((p.x - centre.x).hypot(p.y - centre.y), s)
            })
            .filter(|(d, _)| *d <= 0.5)
            .collect();
        near.sort_by(|(da, a), (db, b)| da.total_cmp(db).then(a.j.cmp(&b.j)).then(a.i.cmp(&b.i)));
        let owner = near
            .into_iter()
            .map(|(_, s)| s)
            .find(|&s| self.place(s) == Ok(cell) && !self.pinned(s));
        self.owners[slot] = owner.map_or(OWNER_NONE, |s| self.pack(s));
        owner
    }

    /// A sample of the box as one number, and back.
    fn pack(&self, s: Sample) -> u32 {
        (s.j * self.cols + s.i) as u32
    }

    fn unpack(&self, packed: u32) -> Sample {
        let packed = packed as i32;
        Sample {
            i: packed % self.cols,
            j: packed / self.cols,
        }
    }

    /// Every sample joined to `start`, and the cells whose centre is among them; stops past
    /// `cap` samples.
    fn flood(&mut self, start: Sample, visited: &mut Visited, cap: Option<usize>) -> Flood {
        let mut room = Room {
            cells: Vec::new(),
            open_sides: 0,
        };
        let mut stack = vec![start];
        visited.set(start);
        let mut count = 0;
        while let Some(s) = stack.pop() {
            count += 1;
            if cap.is_some_and(|cap| count > cap) {
                return Flood::TooLarge;
            }
            if let Ok(cell) = self.place(s)
                && self.owner(cell) == Some(s)
            {
                room.cells.push(cell);
            }
            for n in s.neighbours() {
                match self.place(n) {
                    Err(sides) => {
                        if room.open_sides & sides != sides && !self.blocked(s, n) {
                            room.open_sides |= sides;
                        }
                    }
                    Ok(_) => {
                        if !visited.get(n) && !self.blocked(s, n) {
                            visited.set(n);
                            stack.push(n);
                        }
                    }
                }
            }
        }
        self.last_count = count;
        Flood::Done(room)
    }
}

/// The samples a flood has met: a bit for each sample of the box over the map.
struct Visited {
    cols: i32,
    bits: Vec<u64>,
}

impl Visited {
    fn new(samples: &Samples<'_>) -> Self {
        let len = samples.cols as usize * samples.rows as usize;
        Self {
            cols: samples.cols,
            bits: vec![0; len / 64 + 1],
        }
    }

    /// Only samples inside the box are ever asked about (the rest are off the map).
    fn index(&self, s: Sample) -> usize {
        s.j as usize * self.cols as usize + s.i as usize
    }

    fn get(&self, s: Sample) -> bool {
        let k = self.index(s);
        self.bits[k / 64] & (1 << (k % 64)) != 0
    }

    fn set(&mut self, s: Sample) {
        let k = self.index(s);
        self.bits[k / 64] |= 1 << (k % 64);
    }
}

/// The width and height of map space the map's cells cover (from the origin).
fn map_extent(map: &MapSpec) -> (f64, f64) {
    let (w, h) = (map.width_cells as i32, map.height_cells as i32);
    if !map.grid.is_hex() {
        return (f64::from(w), f64::from(h));
    }
    let border = (0..w)
        .flat_map(|col| [(col, 0), (col, h - 1)])
        .chain((0..h).flat_map(|row| [(0, row), (w - 1, row)]));
    border
        .flat_map(|(col, row)| cell_corners(map.grid, map.cell_at_offset(col, row)))
        .fold((0.0, 0.0), |(x, y), p| (p.x.max(x), p.y.max(y)))
}

/// Which steps from the samples of the unit square `(x, y)` (right and down) a wall stops, as
/// [`Samples::tiles`] keeps them.
#[expect(
    clippy::many_single_char_names,
    reason = "the geometry's own letters: origin, direction, normal"
)]
fn tile_links(scene: &Scene, (x, y): (i32, i32)) -> u64 {
    let walls = walls_near(scene, (x, y));
    let mut links = TILE_DONE;
    if walls.is_empty() {
        return links;
    }
    for k in 0..TILE {
        let s = Sample {
            i: x * SAMPLES_PER_CELL + (k % SAMPLES_PER_CELL as u32) as i32,
            j: y * SAMPLES_PER_CELL + (k / SAMPLES_PER_CELL as u32) as i32,
        };
        let p = s.at();
        for (bit, n) in [
            (k, Sample { i: s.i + 1, ..s }),
            (TILE + k, Sample { j: s.j + 1, ..s }),
        ] {
            let q = n.at();
            if walls
                .iter()
                .any(|&(u, v)| segments_within(p, q, u, v, WALL_REACH_CELLS))
            {
                links |= 1 << bit;
            }
        }
    }
    links
}

/// The movement blockers near the unit square `(x, y)` of map space: every wall that could
/// come within reach of a step from one of its samples.
fn walls_near(scene: &Scene, (x, y): (i32, i32)) -> Vec<(GridPoint, GridPoint)> {
    let margin = STEP + WALL_REACH_CELLS + 0.01;
    let (x0, y0) = (f64::from(x) - margin, f64::from(y) - margin);
    let (x1, y1) = (f64::from(x) + 1.0 + margin, f64::from(y) + 1.0 + margin);
    let lattice = scene.lattice;
    let corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        .map(|(x, y)| lattice.lattice_from_grid(GridPoint::new(x, y)));
    let lo = super::lattice::LatticePoint::new(
        corners.iter().map(|p| p.x).min().unwrap_or(0),
        corners.iter().map(|p| p.y).min().unwrap_or(0),
    );
    let hi = super::lattice::LatticePoint::new(
        corners.iter().map(|p| p.x).max().unwrap_or(0),
        corners.iter().map(|p| p.y).max().unwrap_or(0),
    );
    let mut walls = Vec::new();
    scene.movement.visit_box(lo, hi, |s| {
        let (a, b) = (
            lattice.grid_from_lattice(s.a()),
            lattice.grid_from_lattice(s.b()),
        );
        let outside =
            a.x.max(b.x) < x0 || a.x.min(b.x) > x1 || a.y.max(b.y) < y0 || a.y.min(b.y) > y1;
        if !outside {
            walls.push((a, b));
        }
    });
    walls
}

/// Whether segments `p–q` and `a–b` come closer than `reach` (or cross).
fn segments_within(p: GridPoint, q: GridPoint, a: GridPoint, b: GridPoint, reach: f64) -> bool {
    // Most walls near a tile pass nowhere near a given step: their boxes say so at once.
    if a.x.max(b.x) + reach < p.x.min(q.x)
        || a.x.min(b.x) - reach > p.x.max(q.x)
        || a.y.max(b.y) + reach < p.y.min(q.y)
        || a.y.min(b.y) - reach > p.y.max(q.y)
    {
        return false;
    }
    let orient = |o: GridPoint, u: GridPoint, v: GridPoint| {
        (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x)
    };
    let crossing =
        orient(a, b, p) * orient(a, b, q) < 0.0 && orient(p, q, a) * orient(p, q, b) < 0.0;
    let reach2 = reach * reach;
    crossing
        || point_to_segment2(p, a, b) < reach2
        || point_to_segment2(q, a, b) < reach2
        || point_to_segment2(a, p, q) < reach2
        || point_to_segment2(b, p, q) < reach2
}

/// The squared distance from `p` to the segment `a–b`.
fn point_to_segment2(p: GridPoint, a: GridPoint, b: GridPoint) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (ex, ey) = (p.x - a.x - t * dx, p.y - a.y - t * dy);
    ex * ex + ey * ey
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_cells_centre_is_a_sample() {
        let s = Sample { i: 2, j: 7 };
        assert!((s.at().x - 0.5).abs() < 1e-12 && (s.at().y - 1.5).abs() < 1e-12);
    }

    #[test]
    fn a_wall_on_a_cell_side_stops_the_step_across_and_not_the_steps_beside_it() {
        let (a, b) = (GridPoint::new(3.0, 0.0), GridPoint::new(3.0, 5.0));
        let across = (GridPoint::new(2.9, 1.5), GridPoint::new(3.1, 1.5));
        let beside = (GridPoint::new(2.9, 1.5), GridPoint::new(2.9, 1.7));
        assert!(segments_within(across.0, across.1, a, b, WALL_REACH_CELLS));
        assert!(!segments_within(beside.0, beside.1, a, b, WALL_REACH_CELLS));
    }
}
