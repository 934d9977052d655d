//! The encounter model: what a file holds and what commands change. Pure core: no egui.
//!
//! It holds the data of everything an encounter keeps, the combat state's and each system's
//! trackers included, the commands as data, and the validation the loader and the commands
//! share. Applying a command, undo and the open document live one floor up, in `edit`.
//!
//! # What is where
//!
//! - The encounter as data: map, walls, tokens, images, fog of war (`fog.rs`), lights (`light.rs`),
//!   areas (`area.rs`) and the combat state (`combat.rs`) with its types: `initiative`,
//!   `conditions`, `momentum`, `death_saves` and each system's trackers (`trackers/`): every token
//!   keeps one sheet per system side by side (`TokenSheets`), the encounter reads its own
//!   system's (`Encounter::sheet`), and each sheet lists its attacks (`trackers/attack.rs`).
//! - The commands as data: [`Command`] (`command.rs`), `CombatCommand` (`combat_command.rs`), and
//!   `TrackerCommand` with each system's changes (`trackers/`), with their error types.
//! - The one validation the loader and the commands share (`validate.rs`: bounds, finite numbers,
//!   counts, combat indices; the limits are in FORMAT.md) and wall-set normalisation
//!   (`wall_set.rs`).
//! - The edits that need no rules: fog, lights and areas.
//! - Marks drawn on the map (`mark.rs`) and handouts for the players (`handout.rs`).

mod area;
mod cell_bits;
mod combat;
pub mod combat_command;
mod command;
pub mod conditions;
pub mod death_saves;
mod encounter;
pub mod evening_combat;
mod fog;
mod handout;
mod ids;
mod image;
pub mod initiative;
mod light;
pub mod limits;
mod map;
mod mark;
pub mod momentum;
mod reactions;
mod rule_system;
mod rules_error;
mod token;
pub mod trackers;
pub mod validate;
mod wall;
mod wall_set;

pub use area::{
    AreaCommand, AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, AuraEffect, AuraOffer,
    AuraOutcome, AuraTurn, TurnMoment, fresh_area_id,
};
pub use cell_bits::CellBits;
pub use combat::{CombatState, LogEntry, StressOffer};
pub use command::{CellLayer, Command, CommandError};
pub use encounter::{CustomBand, Encounter, ObstaclePolygon, Rulings};
pub use fog::{Fog, FogCommand, FogMark, mark_of};
pub use handout::{
    Handout, HandoutCommand, HandoutId, HandoutPlacement, HandoutShown, fresh_handout_id,
    shown_to_players,
};
pub use ids::{ImageId, TokenId, WallId};
pub use image::EmbeddedImage;
pub use light::{Ambient, Light, LightCommand, LightError, LightKind, Rgba};
pub use map::{
    Background, Cell, CellLength, DiagonalRule, GridKind, GridPoint, LengthUnit, MapSpec,
};
pub use mark::{Mark, MarkCommand, MarkId, MarkShape, fresh_mark_id, marks_shown_to_players};
pub use reactions::{ConditionSource, OpportunityOffer, ReactionCommand};
pub use rule_system::RuleSystem;
pub use rules_error::RulesError;
pub use token::{LibraryId, Rgb, Senses, Side, SizeCategory, Token};
pub use validate::{
    COORDINATE_MARGIN_CELLS, MAX_AREA_SIZE_CELLS, MAX_AREAS, MAX_COORDINATE, MAX_IMAGES,
    MAX_LIGHT_RANGE_CELLS, MAX_LIGHTS, MAX_MARKED_CELLS, MAX_PIXELS_PER_CELL, MAX_POLYGON_CORNERS,
    MAX_POLYGON_POINTS, MAX_POLYGONS, MAX_ROUND, MAX_SENSE_RANGE_CELLS, MAX_TOKENS,
    MAX_WALL_CROSSINGS, MAX_WALLS, MIN_COORDINATE, check_light, validate, validate_lights,
    validate_walls,
};
pub use wall::{Wall, WallKind};
pub use wall_set::{WallSetError, count_crossings, crosses_any, normalise_walls};
