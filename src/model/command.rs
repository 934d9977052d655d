//! Commands: every change to an encounter is one of these, applied by `edit::apply` (the
//! floor above `combat` and `rules`, which dispatches combat and tracker commands to them).
//!
//! `apply` returns the inverse command, so undo is "apply the inverse" and redo is "apply the
//! original again". An invalid command returns a [`CommandError`] and leaves the encounter
//! untouched.

use serde::{Deserialize, Serialize};

use super::combat_command::{CombatCommand, CombatError};
use super::trackers::TrackerCommand;
use super::{AreaCommand, AreaId, RulesError};
use super::{
    Background, Cell, CellLength, CombatState, CustomBand, DiagonalRule, EmbeddedImage, FogCommand,
    GridKind, ImageId, Light, LightCommand, LightError, LogEntry, ObstaclePolygon, RuleSystem,
    Rulings, Token, TokenId, Wall, WallId, WallKind,
};

/// A layer of per-cell flags the GM paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CellLayer {
    Obstacle,
    Difficult,
}

/// One change to an encounter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    SetName(String),
    SetSystem(RuleSystem),
    SetGrid(GridKind),
    SetMapSize {
        width_cells: u32,
        height_cells: u32,
    },
    SetCellLength(CellLength),
    SetDiagonal(DiagonalRule),
    SetBackground(Option<Background>),
    SetCustomBands(Vec<CustomBand>),
    /// The GM's rulings where the text is silent (cover in Post and 3d6).
    SetRulings(Rulings),
    /// Replaces every light (a map import brings its own).
    SetLights(Vec<Light>),
    AddImage {
        id: ImageId,
        image: EmbeddedImage,
    },
    RemoveImage(ImageId),
    /// Adds a token at `index` in drawing order (the end when `None`).
    AddToken {
        token: Token,
        index: Option<usize>,
    },
    RemoveToken(TokenId),
    MoveToken {
        id: TokenId,
        to: Cell,
    },
    /// Replaces every property of the token with the same id.
    UpdateToken(Token),
    AddWall {
        wall: Wall,
        index: Option<usize>,
    },
    RemoveWall(WallId),
    SetWallKind {
        id: WallId,
        kind: WallKind,
    },
    /// Sets each listed cell of a layer on (`true`) or off.
    PaintCells {
        layer: CellLayer,
        cells: Vec<(Cell, bool)>,
    },
    AddObstaclePolygon {
        polygon: ObstaclePolygon,
        index: Option<usize>,
    },
    RemoveObstaclePolygon(usize),
    AppendLog(LogEntry),
    /// Removes the newest log entry (the inverse of [`Command::AppendLog`]).
    PopLog,
    /// Several commands as one step (one user gesture); all apply or none do.
    Batch(Vec<Command>),
    /// A change to the fight: turns, conditions, momentum.
    Combat(CombatCommand),
    /// A change to one of the rule system's trackers.
    Tracker(TrackerCommand),
    /// Puts the whole combat state back (the inverse of a combat command).
    SetCombat(Box<CombatState>),
    /// A change to the fog of war.
    Fog(FogCommand),
    /// A change to one light or the ambient light.
    Light(LightCommand),
    /// A change to the areas of effect on the map.
    Area(AreaCommand),
    /// A change to the marks kept on the map.
    Mark(super::MarkCommand),
    /// A change to the handout list.
    Handout(super::HandoutCommand),
}

/// Why a command could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error("there is no token {0}")]
    NoSuchToken(TokenId),
    #[error("two tokens share the id {0}")]
    DuplicateToken(TokenId),
    #[error("there is no wall {0}")]
    NoSuchWall(WallId),
    #[error("two walls share the id {0}")]
    DuplicateWall(WallId),
    #[error("image {0} is not in the encounter")]
    NoSuchImage(ImageId),
    #[error("two images share the id {0}")]
    DuplicateImage(ImageId),
    #[error("image {0} is still used by the map or a token")]
    ImageInUse(ImageId),
    #[error("a map must be between 1 and {max} cells on each side, not {width}×{height}")]
    BadMapSize { width: u32, height: u32, max: u32 },
    #[error("a cell must stand for a positive length")]
    BadCellLength,
    #[error("a background image needs more than 0 and at most 16,384 of its pixels per cell")]
    BadBackgroundScale,
    #[error("there is no obstacle polygon {0}")]
    NoSuchPolygon(usize),
    #[error("an obstacle polygon needs at least 3 points")]
    DegeneratePolygon,
    #[error("position {index} is past the end of the list ({len} items)")]
    BadIndex { index: usize, len: usize },
    #[error("the roll log is empty")]
    EmptyLog,
    #[error("the encounter's name can't be empty")]
    EmptyName,
    #[error("{0} is not a finite number")]
    NotFinite(String),
    #[error(
        "{0} lies outside the area Lantern allows ({min} to {max} cells on each axis)",
        min = super::MIN_COORDINATE,
        max = super::MAX_COORDINATE
    )]
    OutOfBounds(String),
    #[error("{what} reaches {cells} cells; Lantern allows at most {max}", max = super::MAX_SENSE_RANGE_CELLS)]
    TooFarReaching { what: String, cells: u32 },
    #[error("an encounter holds at most {max} {what}")]
    TooMany { what: &'static str, max: usize },
    #[error("the combat state is inconsistent: {0}")]
    BadCombat(String),
    #[error("{what} is {value}; Lantern allows {min} to {max}")]
    OutOfRange {
        what: String,
        value: i64,
        min: i64,
        max: i64,
    },
    #[error("{what} is {chars} characters long; Lantern allows at most {max}")]
    TooLong {
        what: String,
        chars: usize,
        max: usize,
    },
    #[error("area {0} is sized by a band with no name, or one far too long")]
    BadAreaBand(AreaId),
    #[error("area {0}'s aura effect is not valid: {1}")]
    BadAura(AreaId, String),
    #[error("there is no area {0}, or two areas share that id")]
    AreaId(AreaId),
    #[error("mark {0} {1}")]
    BadMark(super::MarkId, &'static str),
    #[error("there is no mark {0}, or two marks share that id")]
    MarkId(super::MarkId),
    #[error("there is no handout {0}, or two handouts share that id")]
    HandoutId(super::HandoutId),
    #[error(transparent)]
    Combat(#[from] CombatError),
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Light(#[from] LightError),
    /// A number, list or text past its limit (`model::limits`), naming its field.
    #[error(transparent)]
    Limit(#[from] super::limits::LimitError),
}

impl Command {
    /// A short description for the undo menu ("Undo Move token").
    pub fn label(&self) -> &'static str {
        match self {
            Self::SetName(_) => "Rename encounter",
            Self::SetSystem(_) => "Change rule system",
            Self::SetGrid(_) => "Change grid",
            Self::SetMapSize { .. } => "Resize map",
            Self::SetCellLength(_) => "Change cell length",
            Self::SetDiagonal(_) => "Change diagonal rule",
            Self::SetBackground(_) => "Change background",
            Self::SetCustomBands(_) => "Change range bands",
            Self::SetRulings(_) => "Change rulings",
            Self::SetLights(_) => "Change lights",
            Self::AddImage { .. } => "Add image",
            Self::RemoveImage(_) => "Remove image",
            Self::AddToken { .. } => "Add token",
            Self::RemoveToken(_) => "Delete token",
            Self::MoveToken { .. } => "Move token",
            Self::UpdateToken(_) => "Edit token",
            Self::AddWall { .. } => "Add wall",
            Self::RemoveWall(_) => "Erase wall",
            Self::SetWallKind { .. } => "Change wall",
            Self::PaintCells { .. } => "Paint cells",
            Self::AddObstaclePolygon { .. } => "Add obstacle",
            Self::RemoveObstaclePolygon(_) => "Erase obstacle",
            Self::AppendLog(_) => "Roll",
            Self::PopLog => "Remove roll",
            Self::Batch(cmds) => batch_label(cmds),
            Self::Combat(c) => c.label(),
            Self::SetCombat(_) => "Restore combat",
            Self::Tracker(c) => c.label(),
            Self::Fog(c) => c.label(),
            Self::Light(c) => c.label(),
            Self::Area(c) => c.label(),
            Self::Mark(c) => c.label(),
            Self::Handout(c) => c.label(),
        }
    }
}

/// A batch is named by its first command that does something of its own (not an image or a
/// sheet it brings along for what follows), except that placing several tokens at once (a
/// library group, with their sheets) is "Add tokens".
fn batch_label(commands: &[Command]) -> &'static str {
    let added = commands
        .iter()
        .filter(|c| matches!(c, Command::AddToken { .. }))
        .count();
    if added > 1 {
        return "Add tokens";
    }
    let setup = |c: &&Command| {
        matches!(
            c,
            Command::AddImage { .. }
                | Command::Tracker(super::trackers::TrackerCommand::AddToken { .. })
        )
    };
    commands
        .iter()
        .find(|c| !setup(c))
        .or_else(|| commands.first())
        .map_or("Edit", Command::label)
}
