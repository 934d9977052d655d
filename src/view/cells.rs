//! How each cell of the map shows to the players, and which walls show beside them.

use crate::board::fog::{CellFog, CellMask, FogCells};
use crate::board::light::{Illumination, LightLevel};
use crate::model::{Cell, Fog, GridPoint, MapSpec, Wall};

/// How one cell shows to the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShownCell {
    /// Not shown at all.
    Hidden,
    /// Seen before: the terrain dimmed, with no creature on it.
    Explored,
    /// Shown as it is, in this light (when the light was asked for; else `None`).
    Visible(Option<LightLevel>),
}

/// Every cell's [`ShownCell`], indexed like [`FogCells`] by `(column, row)` offset.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownCells {
    fog: FogCells,
    /// The light on each cell that shows (see [`Self::with_light`]); empty until asked.
    light: Vec<Option<LightLevel>>,
}

impl ShownCells {
    /// Cells under the saved `fog` (its explored, revealed and hidden marks) when `seen` is what
    /// the viewers see now.
    pub fn under_fog(map: &MapSpec, fog: &Fog, seen: &CellMask) -> Self {
        let fog = Fog {
            enabled: true,
            ..fog.clone()
        };
        Self::of(FogCells::new(map, &fog, seen))
    }

    /// Every cell shown: fog off, or not drawn.
    pub fn all_visible(map: &MapSpec) -> Self {
        Self::of(FogCells::new(map, &Fog::default(), &CellMask::empty(map)))
    }

    /// No cell shown: fog drawn before anyone's sight is worked out.
    pub fn all_hidden(map: &MapSpec) -> Self {
        let fog = Fog {
            enabled: true,
            ..Fog::default()
        };
        Self::of(FogCells::new(map, &fog, &CellMask::empty(map)))
    }

    fn of(fog: FogCells) -> Self {
        Self {
            fog,
            light: Vec::new(),
        }
    }

    /// The same cells with the light of `illumination` on every cell that shows (a hidden cell's
    /// light stays unsaid).
    #[must_use]
    pub fn with_light(mut self, map: &MapSpec, illumination: &Illumination) -> Self {
        let (w, h) = self.fog.size();
        self.light = (0..h as i32)
            .flat_map(|row| (0..w as i32).map(move |col| (col, row)))
            .map(|(col, row)| {
                (self.fog.at_offset(col, row) == CellFog::Visible)
                    .then(|| illumination.at_cell(map.cell_at_offset(col, row)))
            })
            .collect();
        self
    }

    /// The fog state of `cell` on `map` (the map these cells were made for).
    pub fn fog_at(&self, map: &MapSpec, cell: Cell) -> CellFog {
        self.fog.at(map, cell)
    }

    /// How the cell at `(column, row)` shows.
    pub fn at_offset(&self, col: i32, row: i32) -> ShownCell {
        match self.fog.at_offset(col, row) {
            CellFog::Hidden => ShownCell::Hidden,
            CellFog::Explored => ShownCell::Explored,
            CellFog::Visible => {
                let (w, _) = self.fog.size();
                let light = usize::try_from(row * w as i32 + col)
                    .ok()
                    .and_then(|i| self.light.get(i).copied().flatten());
                ShownCell::Visible(light)
            }
        }
    }

    /// The map's size in cells, `(columns, rows)`.
    pub fn size(&self) -> (u32, u32) {
        self.fog.size()
    }

    /// The cells row by row as runs of one letter and its count (`h40e3b12`): `h` hidden, `e`
    /// explored, and for a visible cell its light, `b` bright, `d` dim, `k` dark, or `v` when
    /// the light was not asked for. What a phone receives.
    pub fn runs(&self) -> String {
        let (w, h) = self.fog.size();
        let mut out = String::new();
        let mut run: Option<(char, u32)> = None;
        for row in 0..h as i32 {
            for col in 0..w as i32 {
                let letter = match self.at_offset(col, row) {
                    ShownCell::Hidden => 'h',
                    ShownCell::Explored => 'e',
                    ShownCell::Visible(None) => 'v',
                    ShownCell::Visible(Some(LightLevel::Bright)) => 'b',
                    ShownCell::Visible(Some(LightLevel::Dim)) => 'd',
                    ShownCell::Visible(Some(LightLevel::Dark)) => 'k',
                };
                run = match run {
                    Some((c, n)) if c == letter => Some((c, n + 1)),
                    Some((c, n)) => {
                        push_run(&mut out, c, n);
                        Some((letter, 1))
                    }
                    None => Some((letter, 1)),
                };
            }
        }
        if let Some((c, n)) = run {
            push_run(&mut out, c, n);
        }
        out
    }

    /// Whether a cell on either side of `wall` (sampled every half cell, a quarter cell off the
    /// wall) is shown at all: a wall along a cell edge is seen from either side.
    pub fn wall_shown(&self, map: &MapSpec, wall: &Wall) -> bool {
        let (from, to) = (wall.a, wall.b);
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let length = dx.hypot(dy);
        if length == 0.0 || !length.is_finite() {
            return false;
        }
        let (nx, ny) = (-dy / length * 0.25, dx / length * 0.25);
        // Walls are bounded by the map's coordinate limits, so this stays small.
        let steps = (length * 2.0).ceil().min(1e6) as u32;
        (0..=steps).any(|step| {
            let along = f64::from(step) / f64::from(steps);
            let (px, py) = (from.x + dx * along, from.y + dy * along);
            [1.0, -1.0].iter().any(|side| {
                let point = GridPoint::new(px + nx * side, py + ny * side);
                let cell = crate::board::grid::cell_in_grid(map.grid, point);
                self.fog.at(map, cell) != CellFog::Hidden
            })
        })
    }
}

fn push_run(out: &mut String, letter: char, count: u32) {
    use std::fmt::Write as _;
    let _ = write!(out, "{letter}{count}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GridKind;

    fn map(w: u32, h: u32) -> MapSpec {
        MapSpec {
            grid: GridKind::Square,
            width_cells: w,
            height_cells: h,
            ..MapSpec::default()
        }
    }

    #[test]
    fn runs_count_each_letter_row_by_row() {
        let m = map(3, 2);
        assert_eq!(ShownCells::all_hidden(&m).runs(), "h6");
        assert_eq!(ShownCells::all_visible(&m).runs(), "v6");
        let fog = Fog {
            explored: [Cell::new(1, 0)].into(),
            revealed: [Cell::new(2, 1)].into(),
            ..Fog::default()
        };
        let cells = ShownCells::under_fog(&m, &fog, &CellMask::empty(&m));
        assert_eq!(cells.runs(), "h1e1h3v1");
    }
}
