//! The map: grid kind and size, the length a cell stands for, and the background image.

use serde::{Deserialize, Serialize};

use super::ImageId;

/// A cell of the grid.
///
/// On square grids `(x, y)` is the column and row; cell `(x, y)` covers the unit square
/// `[x, x+1] × [y, y+1]` of map space. On hex grids `(x, y)` are the axial coordinates `(q, r)`
/// (see `board::grid` for the layout of each grid kind). On gridless maps cells still exist for
/// placing tokens; they are simply not drawn.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Cell {
    pub x: i32,
    pub y: i32,
}

impl Cell {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }
}

impl From<[i32; 2]> for Cell {
    fn from([x, y]: [i32; 2]) -> Self {
        Self { x, y }
    }
}

impl From<Cell> for [i32; 2] {
    fn from(c: Cell) -> Self {
        [c.x, c.y]
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A point in map space, measured in cells (square grids: one unit is one cell side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "[f64; 2]", into = "[f64; 2]")]
pub struct GridPoint {
    pub x: f64,
    pub y: f64,
}

impl GridPoint {
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }
}

impl From<[f64; 2]> for GridPoint {
    fn from([x, y]: [f64; 2]) -> Self {
        Self { x, y }
    }
}

impl From<GridPoint> for [f64; 2] {
    fn from(p: GridPoint) -> Self {
        [p.x, p.y]
    }
}

/// How the map is divided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GridKind {
    #[default]
    Square,
    /// Hexes with a flat top edge (columns of hexes).
    HexFlat,
    /// Hexes with a pointed top (rows of hexes).
    HexPointy,
    /// No grid: distances are Euclidean in cell lengths.
    Gridless,
}

impl GridKind {
    pub const ALL: [Self; 4] = [Self::Square, Self::HexFlat, Self::HexPointy, Self::Gridless];

    pub fn label(self) -> &'static str {
        match self {
            Self::Square => "Square",
            Self::HexFlat => "Hex (flat top)",
            Self::HexPointy => "Hex (pointy top)",
            Self::Gridless => "Gridless",
        }
    }

    pub fn is_hex(self) -> bool {
        matches!(self, Self::HexFlat | Self::HexPointy)
    }
}

/// How diagonal steps count on a square grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiagonalRule {
    /// Every diagonal step costs one cell (Chebyshev distance).
    #[default]
    One,
    /// Diagonals alternate one and two cells (1-2-1).
    Alternating,
    /// Straight-line distance.
    Euclidean,
}

impl DiagonalRule {
    pub const ALL: [Self; 3] = [Self::One, Self::Alternating, Self::Euclidean];

    pub fn label(self) -> &'static str {
        match self {
            Self::One => "Every diagonal 1",
            Self::Alternating => "Diagonals 1-2-1",
            Self::Euclidean => "Euclidean",
        }
    }
}

/// A unit of real-world length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LengthUnit {
    #[default]
    Feet,
    Metres,
}

impl LengthUnit {
    pub fn abbreviation(self) -> &'static str {
        match self {
            Self::Feet => "ft",
            Self::Metres => "m",
        }
    }
}

/// The real-world length one cell stands for.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellLength {
    pub value: f64,
    pub unit: LengthUnit,
}

impl Default for CellLength {
    fn default() -> Self {
        Self {
            value: 5.0,
            unit: LengthUnit::Feet,
        }
    }
}

impl CellLength {
    /// The length in metres (a foot is 0.3048 m).
    pub fn metres(self) -> f64 {
        match self.unit {
            LengthUnit::Metres => self.value,
            LengthUnit::Feet => self.value * 0.3048,
        }
    }
}

/// A background image laid under the grid.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Background {
    pub image: ImageId,
    /// Where the image's top-left corner sits, in map space.
    pub origin_in_grid: GridPoint,
    /// How many image pixels make one cell.
    pub pixels_per_cell: f64,
}

/// The map's grid, its extent and its background.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapSpec {
    pub grid: GridKind,
    pub width_cells: u32,
    pub height_cells: u32,
    #[serde(default)]
    pub cell_length: CellLength,
    #[serde(default)]
    pub diagonal: DiagonalRule,
    #[serde(default)]
    pub background: Option<Background>,
}

impl Default for MapSpec {
    fn default() -> Self {
        Self {
            grid: GridKind::Square,
            width_cells: 30,
            height_cells: 20,
            cell_length: CellLength::default(),
            diagonal: DiagonalRule::One,
            background: None,
        }
    }
}

impl MapSpec {
    /// The largest map Lantern accepts on either axis; keeps files from asking for absurd grids.
    pub const MAX_CELLS: u32 = 2_000;

    /// Whether `cell` lies inside the map's `width_cells × height_cells` rectangle.
    ///
    /// Hex maps are a rectangle in offset layout (Red Blob Games' naming): flat-top grids are
    /// "odd-q" (odd columns sit half a hex lower), pointy-top grids are "odd-r" (odd rows sit half
    /// a hex to the right). Cells themselves are stored in axial `(q, r)`.
    pub fn contains(&self, cell: Cell) -> bool {
        let (col, row) = self.offset_of(cell);
        col >= 0 && row >= 0 && (col as u32) < self.width_cells && (row as u32) < self.height_cells
    }

    /// The `(column, row)` of a cell in the map's rectangle (identity on square and gridless maps).
    pub fn offset_of(&self, cell: Cell) -> (i32, i32) {
        match self.grid {
            GridKind::Square | GridKind::Gridless => (cell.x, cell.y),
            GridKind::HexFlat => (cell.x, cell.y + (cell.x - (cell.x & 1)) / 2),
            GridKind::HexPointy => (cell.x + (cell.y - (cell.y & 1)) / 2, cell.y),
        }
    }

    /// The cell at `(column, row)` of the map's rectangle; inverse of [`Self::offset_of`].
    pub fn cell_at_offset(&self, col: i32, row: i32) -> Cell {
        match self.grid {
            GridKind::Square | GridKind::Gridless => Cell::new(col, row),
            GridKind::HexFlat => Cell::new(col, row - (col - (col & 1)) / 2),
            GridKind::HexPointy => Cell::new(col - (row - (row & 1)) / 2, row),
        }
    }
}

/// Reads a set of cells as the list it is written as, then builds the set from it at once:
/// inserting a map's four million cells one by one costs half a second more (serde's own
/// set reading does that).
pub(crate) fn cell_set<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<std::collections::BTreeSet<Cell>, D::Error> {
    let list = <Vec<Cell> as serde::Deserialize>::deserialize(d)?;
    Ok(list.into_iter().collect())
}
