//! Line of sight and cover verdicts between two tokens, with their evidence.
//!
//! Gridded maps follow GFH, Line of Sight & Cover: the attacker picks any corner of any cell it
//! occupies, the target is judged one occupied cell at a time, and the best (corner, cell) pair
//! counts. Lines go to each corner of that cell (4 on squares, 6 on hexes). Every line clear →
//! clear; some clear, or none clear but some stopped only by hostile creatures → cover; walls
//! and obstacles stopping every line → no line of sight. Gridless maps trace from the attacker's
//! centre instead (GFH, Without Grid) to the corners of the target's cells; since there a line
//! touching *any* part of the target gives sight, a target whose corners are all hidden is
//! still in sight, with cover, when a line reaches the middle of one of its cells or of a side.

use serde::Serialize;

use crate::model::{Cell, GridKind, GridPoint, TokenId};

use super::degree::CoverDegree;
use super::footprint::{footprint_cells, footprint_centre};
use super::index::Segment;
use super::lattice::LatticePoint;
use super::scene::{Blocker, CrossingCache, LineFilter, Scene, cell_outline};
use super::sightline::LineEnd;

/// The three outcomes every system shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VerdictKind {
    Clear,
    Cover,
    #[serde(rename = "none")]
    NoSight,
}

impl VerdictKind {
    /// The word used in reports: `clear`, `cover` or `none`.
    pub fn word(self) -> &'static str {
        match self {
            Self::Clear => "clear",
            Self::Cover => "cover",
            Self::NoSight => "none",
        }
    }
}

/// One traced line of the best attempt, for drawing and explaining.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TracedLine {
    pub from: GridPoint,
    pub to: GridPoint,
    /// What stops the line, if anything.
    pub blocked_by: Option<Blocker>,
}

/// Why a verdict came out as it did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Evidence {
    /// The attacker's corner used (its centre on gridless maps).
    pub attacker_corner: GridPoint,
    /// The target's cell judged.
    pub target_cell: Cell,
    pub lines: Vec<TracedLine>,
}

/// A line of sight and cover verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    pub kind: VerdictKind,
    /// Clear lines of the best attempt.
    pub clear_lines: u32,
    /// Lines traced per attempt (4 on squares, 6 on hexes).
    pub of_lines: u32,
    /// The system's cover grade, when there is cover.
    pub degree: Option<CoverDegree>,
    pub evidence: Evidence,
}

/// A line's state: clear, stopped only by a hostile creature, or stopped by the terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineState {
    Clear,
    Soft(Blocker),
    Hard(Blocker),
}

impl LineState {
    fn blocker(self) -> Option<Blocker> {
        match self {
            Self::Clear => None,
            Self::Soft(b) | Self::Hard(b) => Some(b),
        }
    }
}

/// The best attempt found so far.
#[derive(Clone, Copy)]
struct Attempt {
    score: (u32, u32),
    from: LatticePoint,
    cell: Cell,
    states: [LineState; 6],
}

impl Scene {
    /// The verdict for `viewer` attacking or looking at `target`, as they stand.
    pub fn verdict(&self, viewer: TokenId, target: TokenId) -> Option<Verdict> {
        self.verdict_moved(viewer, target, None)
    }

    /// The verdict with one token (`moved`: its id and a hypothetical anchor) placed elsewhere,
    /// for live dragging. The moved token may be the viewer, the target, or a bystander.
    pub fn verdict_moved(
        &self,
        viewer: TokenId,
        target: TokenId,
        moved: Option<(TokenId, Cell)>,
    ) -> Option<Verdict> {
        let (vi, ti) = (self.token_index(viewer)?, self.token_index(target)?);
        if vi == ti {
            return None;
        }
        let moved = moved.and_then(|(id, cell)| Some((self.token_index(id)?, cell)));
        let moved_cells =
            moved.map(|(i, cell)| footprint_cells(self.grid(), self.tokens[i].size, cell));
        let cells_of = |i: usize| -> &[Cell] {
            match (&moved, &moved_cells) {
                (Some((m, _)), Some(cells)) if *m == i => cells,
                _ => &self.tokens[i].cells,
            }
        };
        let viewer_side = self.tokens[vi].side;
        let hostile: Vec<bool> = self
            .tokens
            .iter()
            .enumerate()
            .map(|(i, t)| {
                i != vi
                    && i != ti
                    && moved.is_none_or(|(m, _)| m != i)
                    && viewer_side.is_hostile_to(t.side)
            })
            .collect();
        let extra: Vec<Segment> = match moved {
            Some((m, _))
                if m != vi && m != ti && viewer_side.is_hostile_to(self.tokens[m].side) =>
            {
                cells_of(m)
                    .iter()
                    .flat_map(|c| cell_outline(self.lattice, *c, self.token_source(m)))
                    .collect()
            }
            _ => Vec::new(),
        };
        let filter = LineFilter {
            own_cells: cells_of(vi),
            own_cells_2: cells_of(ti),
            hostile: &hostile,
            extra: &extra,
            inner_edges: self.inner_edges(cells_of(vi), cells_of(ti)),
        };
        let starts = self.attacker_points(vi, cells_of(vi));
        Some(self.judge(
            &starts,
            cells_of(ti),
            &filter,
            &mut CrossingCache::default(),
        ))
    }

    /// Every ordered pair's verdict, reusing the per-viewer setup (the report and bench path).
    pub fn all_verdicts(&self) -> Vec<(TokenId, TokenId, Verdict)> {
        let mut out = Vec::with_capacity(self.tokens.len() * self.tokens.len());
        for (vi, v) in self.tokens.iter().enumerate() {
            let mut hostile: Vec<bool> = self
                .tokens
                .iter()
                .enumerate()
                .map(|(i, t)| i != vi && v.side.is_hostile_to(t.side))
                .collect();
            // Walls that cut one of this viewer's lines often cut its lines to other targets.
            let mut cache = CrossingCache::default();
            let starts = self.attacker_points(vi, &v.cells);
            for (ti, t) in self.tokens.iter().enumerate() {
                if vi == ti {
                    continue;
                }
                let was_hostile = std::mem::replace(&mut hostile[ti], false);
                let filter = LineFilter {
                    own_cells: &v.cells,
                    own_cells_2: &t.cells,
                    hostile: &hostile,
                    extra: &[],
                    inner_edges: self.inner_edges(&v.cells, &t.cells),
                };
                let verdict = self.judge(&starts, &t.cells, &filter, &mut cache);
                out.push((v.id, t.id, verdict));
                hostile[ti] = was_hostile;
            }
        }
        out
    }

    fn token_source(&self, token: usize) -> u32 {
        self.sources
            .iter()
            .position(|s| s.token == Some(token))
            .map_or(0, |i| i as u32)
    }

    /// The best attempt over the attacker's corners and the target's cells.
    fn judge(
        &self,
        starts: &[LineEnd],
        target_cells: &[Cell],
        filter: &LineFilter,
        cache: &mut CrossingCache,
    ) -> Verdict {
        let n = self.lattice.corner_count();
        if self.grid() == GridKind::Gridless && target_cells.len() > 1 {
            return self.judge_whole(starts, target_cells, filter, cache);
        }
        let mut best: Option<Attempt> = None;
        'search: for &start in starts {
            for &cell in target_cells {
                let attempt = self.attempt(start, cell, filter, best.map(|b| b.score), cache);
                if best.is_none_or(|b| attempt.score > b.score) {
                    best = Some(attempt);
                }
                if attempt.score.0 as usize == n {
                    break 'search;
                }
            }
        }
        let best = best.unwrap_or(Attempt {
            score: (0, 0),
            from: LatticePoint::default(),
            cell: target_cells.first().copied().unwrap_or_default(),
            states: [LineState::Clear; 6],
        });
        let verdict = self.verdict_from(best, n);
        match starts.first() {
            Some(&start) if self.grid() == GridKind::Gridless => {
                self.any_part(verdict, start, target_cells, filter, cache)
            }
            _ => verdict,
        }
    }

    /// GFH, Without Grid: a line that touches any part of the target gives Line of Sight. When
    /// no line reaches a corner of the target's cells, a line to the middle of a cell or of one
    /// of its sides that no wall or obstacle stops still touches part of it: Cover (the part
    /// with the corners is hidden), with that line added to the evidence. Any other verdict is
    /// returned as it is.
    fn any_part(
        &self,
        verdict: Verdict,
        start: LineEnd,
        cells: &[Cell],
        filter: &LineFilter,
        cache: &mut CrossingCache,
    ) -> Verdict {
        if verdict.kind != VerdictKind::NoSight {
            return verdict;
        }
        for &cell in cells {
            let inside = self.lattice.centre(cell);
            let (x, y) = (f64::from(cell.x), f64::from(cell.y));
            let middles = [(0.5, 0.5), (0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)];
            for (dx, dy) in middles {
                let point = self
                    .lattice
                    .lattice_from_grid(GridPoint::new(x + dx, y + dy));
                let end = LineEnd { point, inside };
                if self.trace(start, end, filter, false, cache).is_some() {
                    continue;
                }
                let line = TracedLine {
                    from: self.lattice.grid_from_lattice(start.point),
                    to: self.lattice.grid_from_lattice(point),
                    blocked_by: self.trace(start, end, filter, true, cache),
                };
                let mut verdict = verdict;
                verdict.kind = VerdictKind::Cover;
                verdict.degree =
                    CoverDegree::grade(self.system, VerdictKind::Cover, 0, verdict.of_lines);
                verdict.evidence.lines.push(line);
                return verdict;
            }
        }
        verdict
    }

    /// GFH, Without Grid, for a target of several cells: a line touching any part gives Line of
    /// Sight, and a target whose parts cannot all be touched has Cover. So every line to every
    /// corner of every cell counts, not the best cell (that is the grid rule, "any one square").
    /// The evidence shows the cell with the fewest clear lines, the part that is hidden.
    fn judge_whole(
        &self,
        starts: &[LineEnd],
        target_cells: &[Cell],
        filter: &LineFilter,
        cache: &mut CrossingCache,
    ) -> Verdict {
        let n = self.lattice.corner_count();
        let start = starts.first().copied().unwrap_or(LineEnd {
            point: LatticePoint::default(),
            inside: LatticePoint::default(),
        });
        let attempts: Vec<Attempt> = target_cells
            .iter()
            .map(|&cell| self.attempt(start, cell, filter, None, cache))
            .collect();
        let clear: u32 = attempts.iter().map(|a| a.score.0).sum();
        let reach: u32 = attempts.iter().map(|a| a.score.1).sum();
        let of = (n * attempts.len()) as u32;
        let Some(worst) = attempts.iter().min_by_key(|a| a.score).copied() else {
            return self.judge(starts, &[], filter, cache);
        };
        let kind = if clear == of {
            VerdictKind::Clear
        } else if reach > 0 {
            VerdictKind::Cover
        } else {
            VerdictKind::NoSight
        };
        let verdict = Verdict {
            kind,
            clear_lines: clear,
            of_lines: of,
            degree: CoverDegree::grade(self.system, kind, clear, of),
            ..self.verdict_from(worst, n)
        };
        self.any_part(verdict, start, target_cells, filter, cache)
    }

    /// The corners (centre on gridless maps) the attacker may trace from, with a point inside
    /// the cell each belongs to.
    fn attacker_points(&self, vi: usize, cells: &[Cell]) -> Vec<LineEnd> {
        if self.grid() == GridKind::Gridless {
            let t = &self.tokens[vi];
            let anchor = cells.first().copied().unwrap_or(t.anchor);
            let centre =
                self.lattice
                    .lattice_from_grid(footprint_centre(self.grid(), t.size, anchor));
            return vec![LineEnd {
                point: centre,
                inside: centre,
            }];
        }
        let mut points: Vec<LineEnd> = Vec::with_capacity(cells.len() * 6);
        for &cell in cells {
            for i in 0..self.lattice.corner_count() {
                let point = self.lattice.corner(cell, i);
                if !points.iter().any(|p| p.point == point) {
                    points.push(LineEnd {
                        point,
                        inside: self.lattice.centre(cell),
                    });
                }
            }
        }
        points
    }

    /// Traces the lines from `start` to the corners of `cell`. Gives up early (with a score
    /// that cannot win) once the lines left cannot beat `to_beat`.
    fn attempt(
        &self,
        start: LineEnd,
        cell: Cell,
        filter: &LineFilter,
        to_beat: Option<(u32, u32)>,
        cache: &mut CrossingCache,
    ) -> Attempt {
        let n = self.lattice.corner_count();
        let inside = self.lattice.centre(cell);
        let mut states = [LineState::Clear; 6];
        let (mut clear, mut reach) = (0, 0);
        for (i, state) in states.iter_mut().enumerate().take(n) {
            let end = LineEnd {
                point: self.lattice.corner(cell, i),
                inside,
            };
            *state = if let Some(b) = self.trace(start, end, filter, false, cache) {
                LineState::Hard(b)
            } else if let Some(b) = self.trace(start, end, filter, true, cache) {
                reach += 1;
                LineState::Soft(b)
            } else {
                clear += 1;
                reach += 1;
                LineState::Clear
            };
            let left = (n - i - 1) as u32;
            if to_beat.is_some_and(|b| (clear + left, reach + left) <= b) {
                break;
            }
        }
        Attempt {
            score: (clear, reach),
            from: start.point,
            cell,
            states,
        }
    }

    fn verdict_from(&self, best: Attempt, n: usize) -> Verdict {
        let (clear, reach) = best.score;
        let kind = if clear as usize == n {
            super::cover::VerdictKind::Clear
        } else if reach > 0 {
            VerdictKind::Cover
        } else {
            VerdictKind::NoSight
        };
        let from = self.lattice.grid_from_lattice(best.from);
        let lines = (0..n)
            .map(|i| TracedLine {
                from,
                to: self
                    .lattice
                    .grid_from_lattice(self.lattice.corner(best.cell, i)),
                blocked_by: best.states[i].blocker(),
            })
            .collect();
        Verdict {
            kind,
            clear_lines: clear,
            of_lines: n as u32,
            degree: CoverDegree::grade(self.system, kind, clear, n as u32),
            evidence: Evidence {
                attacker_corner: from,
                target_cell: best.cell,
                lines,
            },
        }
    }
}
