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
mod wall;

pub use area::{AreaCommand, AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, fresh_area_id};
pub use combat::{CombatState, LogEntry};
pub use command::{CellLayer, Command, CommandError, apply};
pub use document::Document;
pub use encounter::{CustomBand, Encounter, ObstaclePolygon};
pub use fog::{Fog, FogCommand, FogMark, mark_of};
pub use history::History;
pub use ids::{ImageId, TokenId, WallId};
pub use image::EmbeddedImage;
pub use light::{Light, Rgba};
pub use map::{
    Background, Cell, CellLength, DiagonalRule, GridKind, GridPoint, LengthUnit, MapSpec,
};
pub use rule_system::RuleSystem;
pub use token::{Rgb, Side, SizeCategory, Token};
pub use wall::{Wall, WallKind};
