//! The encounter model: what a file holds and what commands change. Pure core: no egui.
//!
//! Flow: the shell builds a [`Command`], [`Document::apply`] runs it through [`apply`] (which
//! returns the inverse) and records both in the [`History`] for undo and redo.

mod area;
mod combat;
mod command;
mod document;
mod encounter;
mod fog;
mod history;
mod ids;
mod image;
mod light;
mod map;
mod rule_system;
mod token;
mod validate;
mod wall;
mod wall_set;

pub use area::{AreaCommand, AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, fresh_area_id};
pub use combat::{CombatState, LogEntry};
pub use command::{CellLayer, Command, CommandError, apply};
pub use document::Document;
pub use encounter::{CustomBand, Encounter, ObstaclePolygon};
pub use fog::{Fog, FogCommand, FogMark, mark_of};
pub use history::History;
pub use ids::{ImageId, TokenId, WallId};
pub use image::EmbeddedImage;
pub use light::{Ambient, Light, LightCommand, LightError, LightKind, Rgba};
pub use map::{
    Background, Cell, CellLength, DiagonalRule, GridKind, GridPoint, LengthUnit, MapSpec,
};
pub use rule_system::RuleSystem;
pub use token::{LibraryId, Rgb, Senses, Side, SizeCategory, Token};
pub use validate::{
    COORDINATE_MARGIN_CELLS, MAX_AREA_SIZE_CELLS, MAX_AREAS, MAX_COORDINATE, MAX_IMAGES,
    MAX_LIGHTS, MAX_MARKED_CELLS, MAX_PIXELS_PER_CELL, MAX_POLYGON_POINTS, MAX_POLYGONS, MAX_ROUND,
    MAX_SENSE_RANGE_CELLS, MAX_TOKENS, MAX_WALL_CROSSINGS, MAX_WALLS, MIN_COORDINATE, validate,
    validate_lights, validate_walls,
};
pub use wall::{Wall, WallKind};
pub use wall_set::{WallSetError, count_crossings, normalise_walls};
