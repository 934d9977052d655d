//! True scale for a table screen: how many of a screen's pixels one cell takes so that it is a
//! given physical size (one inch, 25 mm…) on the glass, and how many whole cells the screen holds.
//!
//! The inputs are what a GM can find out with a ruler or a spec sheet: the screen's pixel count
//! and its visible picture's size (its width, its diagonal and aspect, both sides, or the length
//! of a bar Lantern draws a known number of pixels long). Everything is in screen pixels and
//! millimetres; turning pixels into a window toolkit's own units (egui's points, through the
//! window's pixels per point) is the shell's business.
//!
//! A cell's size is one map unit: a square's side, or a hex's width measured flat side to flat
//! side (the distance between neighbouring hex centres, see [`super::grid`]). Hex maps step
//! across a column (flat-top) or down a row (pointy-top) by three quarters of a hex's corner
//! to corner width, `1.5/√3` map units, so a screen holds more hex columns than squares.
//!
//! Pixels may be taller than wide (a projector stretching its picture): each axis keeps its own
//! pixels per millimetre. When the GM measures both sides and they agree within
//! [`SQUARE_PIXEL_TOLERANCE`], the pixels are taken as square and the width decides both, so a
//! ruler's millimetre of error on the height does not stretch every cell.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::grid::HEX_RADIUS;
use crate::model::GridKind;

/// Millimetres in an inch.
pub const MM_PER_INCH: f64 = 25.4;

/// How far (as a share) a screen's two measured axes may disagree before its pixels count as
/// not square: 1 %, about 7 mm on the height of a 55-inch television.
pub const SQUARE_PIXEL_TOLERANCE: f64 = 0.01;

/// Screens whose cells would be smaller than this many pixels are refused: nothing drawn at
/// that size can be checked with a ruler, and a miniature's base covers several cells.
pub const MIN_PX_PER_CELL: f64 = 4.0;

/// How the GM gave the screen's physical size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum ScreenMeasure {
    /// The visible picture's width; the pixels are square.
    Width { mm: f64 },
    /// The visible picture's width and height, each measured: the pixels may be non-square.
    WidthHeight { width_mm: f64, height_mm: f64 },
    /// The picture's diagonal and its aspect (`[16.0, 9.0]`); the pixels are square.
    Diagonal { mm: f64, aspect: [f64; 2] },
    /// A horizontal bar `bar_px` screen pixels long, measured `mm` long with a ruler; the
    /// pixels are square.
    Bar { bar_px: u32, mm: f64 },
}

/// Why a screen's scale cannot be worked out.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ScaleError {
    #[error("the {0} must be a positive number")]
    NotPositive(&'static str),
    #[error("cells would be {px:.1} pixels across; make them at least {MIN_PX_PER_CELL} pixels")]
    CellTooSmall { px: f64 },
}

/// Pixels per millimetre along the screen's own x (across) and y (down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PxPerMm {
    pub x: f64,
    pub y: f64,
}

/// One cell's size in screen pixels along the screen's x and y: equal unless the pixels are not
/// square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PxPerCell {
    pub x: f64,
    pub y: f64,
}

/// A quarter turn of the players' picture, clockwise as seen on the screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum QuarterTurn {
    #[default]
    Deg0,
    Deg90,
    Deg180,
    Deg270,
}

impl QuarterTurn {
    pub const ALL: [Self; 4] = [Self::Deg0, Self::Deg90, Self::Deg180, Self::Deg270];

    /// How many quarter turns clockwise (0 to 3).
    pub fn quarters(self) -> u8 {
        self as u8
    }

    /// Whether the map's x axis runs along the screen's y axis.
    pub fn is_sideways(self) -> bool {
        matches!(self, Self::Deg90 | Self::Deg270)
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Deg0 => "0°",
            Self::Deg90 => "90°",
            Self::Deg180 => "180°",
            Self::Deg270 => "270°",
        }
    }
}

impl ScreenMeasure {
    /// Pixels per millimetre on a screen `screen_px` pixels across and down.
    pub fn px_per_mm(self, screen_px: [u32; 2]) -> Result<PxPerMm, ScaleError> {
        let [w_px, h_px] = screen_px.map(f64::from);
        positive(w_px, "screen's width in pixels")?;
        positive(h_px, "screen's height in pixels")?;
        let square = |per_mm: f64| PxPerMm {
            x: per_mm,
            y: per_mm,
        };
        match self {
            Self::Width { mm } => Ok(square(w_px / positive(mm, "screen's width")?)),
            Self::WidthHeight {
                width_mm,
                height_mm,
            } => {
                let x = w_px / positive(width_mm, "screen's width")?;
                let y = h_px / positive(height_mm, "screen's height")?;
                Ok(if (y / x - 1.0).abs() <= SQUARE_PIXEL_TOLERANCE {
                    square(x)
                } else {
                    PxPerMm { x, y }
                })
            }
            Self::Diagonal { mm, aspect } => {
                let diagonal = positive(mm, "screen's diagonal")?;
                let aw = positive(aspect[0], "aspect's width")?;
                let ah = positive(aspect[1], "aspect's height")?;
                // The width's share of the diagonal, by Pythagoras on the aspect's sides.
                let width_mm = diagonal * aw / aw.hypot(ah);
                Ok(square(w_px / width_mm))
            }
            Self::Bar { bar_px, mm } => {
                let bar = positive(f64::from(bar_px), "bar's length in pixels")?;
                Ok(square(bar / positive(mm, "bar's measured length")?))
            }
        }
    }
}

/// The true-scale figure: how many screen pixels one cell of `cell_mm` millimetres takes on a
/// screen `screen_px` pixels in size whose physical size is `measure`. The figures are exact
/// (not rounded to whole pixels): rounding would make cells up to half a pixel off each, and
/// across a television's 47 inches the grid would drift by a quarter of a cell.
pub fn px_per_cell(
    screen_px: [u32; 2],
    measure: ScreenMeasure,
    cell_mm: f64,
) -> Result<PxPerCell, ScaleError> {
    let per_mm = measure.px_per_mm(screen_px)?;
    let cell_mm = positive(cell_mm, "cell size")?;
    let cell = PxPerCell {
        x: per_mm.x * cell_mm,
        y: per_mm.y * cell_mm,
    };
    let smallest = cell.x.min(cell.y);
    if smallest < MIN_PX_PER_CELL {
        return Err(ScaleError::CellTooSmall { px: smallest });
    }
    Ok(cell)
}

/// The distance in map units from one column of cells to the next and from one row to the next
/// (squares 1 × 1; flat-top hexes step `1.5/√3` across and 1 down; pointy-top the other way).
pub fn cell_pitch(grid: GridKind) -> [f64; 2] {
    let across = 1.5 * HEX_RADIUS;
    match grid {
        GridKind::Square | GridKind::Gridless => [1.0, 1.0],
        GridKind::HexFlat => [across, 1.0],
        GridKind::HexPointy => [1.0, across],
    }
}

/// How many whole steps of `pitch_px` pixels fit in `length_px`. A length holding exactly `n`
/// steps gives `n` even when the division lands a hair under it (1920 / (1920 / 60) may be
/// 59.999…).
pub fn whole_steps(length_px: f64, pitch_px: f64) -> u32 {
    let n = length_px / pitch_px;
    if !n.is_finite() || n <= 0.0 {
        return 0;
    }
    (n + 1e-9).floor().min(f64::from(u32::MAX)) as u32
}

impl PxPerCell {
    /// Whether a cell takes as many pixels down as across (the pixels are square).
    pub fn is_square(self) -> bool {
        (self.x - self.y).abs() <= f64::EPSILON * self.x.abs()
    }

    /// The whole columns and rows of `grid` a picture `picture_px` screen pixels in size shows
    /// when turned by `turn`, along the map's own x and y: a sideways picture shows the map's
    /// columns down the screen.
    pub fn cells_visible(
        self,
        picture_px: [f64; 2],
        grid: GridKind,
        turn: QuarterTurn,
    ) -> [u32; 2] {
        let [pitch_x, pitch_y] = cell_pitch(grid);
        // The screen pixels that run along the map's x and y axes, and one cell's size there.
        let (along_x, along_y, cell_x, cell_y) = if turn.is_sideways() {
            (picture_px[1], picture_px[0], self.y, self.x)
        } else {
            (picture_px[0], picture_px[1], self.x, self.y)
        };
        [
            whole_steps(along_x, cell_x * pitch_x),
            whole_steps(along_y, cell_y * pitch_y),
        ]
    }
}

fn positive(value: f64, what: &'static str) -> Result<f64, ScaleError> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(ScaleError::NotPositive(what))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_steps_keeps_an_exact_fit_and_floors_the_rest() {
        assert_eq!(whole_steps(1920.0, 1920.0 / 60.0), 60);
        assert_eq!(whole_steps(1080.0, 32.0), 33);
        assert_eq!(whole_steps(31.9, 32.0), 0);
        assert_eq!(whole_steps(100.0, 0.0), 0);
        assert_eq!(whole_steps(f64::NAN, 1.0), 0);
    }

    #[test]
    fn bad_inputs_name_what_is_wrong() {
        let err = px_per_cell([1920, 1080], ScreenMeasure::Width { mm: 0.0 }, 25.4);
        assert_eq!(err, Err(ScaleError::NotPositive("screen's width")));
        let err = px_per_cell([0, 1080], ScreenMeasure::Width { mm: 1000.0 }, 25.4);
        assert_eq!(
            err,
            Err(ScaleError::NotPositive("screen's width in pixels"))
        );
        let err = px_per_cell([1920, 1080], ScreenMeasure::Width { mm: 1000.0 }, f64::NAN);
        assert_eq!(err, Err(ScaleError::NotPositive("cell size")));
        // 1920 px over 10 m: 0.192 px/mm, a 25 mm cell 4.8 px; a 10 mm cell 1.9 px.
        assert!(px_per_cell([1920, 1080], ScreenMeasure::Width { mm: 10_000.0 }, 25.0).is_ok());
        assert!(matches!(
            px_per_cell([1920, 1080], ScreenMeasure::Width { mm: 10_000.0 }, 10.0),
            Err(ScaleError::CellTooSmall { .. })
        ));
    }
}
