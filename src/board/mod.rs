//! Board geometry: grids, footprints, distances, range bands, line of sight, cover, sight and
//! movement. Pure core: no egui. The map UI, the players' window, fog and the rules ask it.
//!
//! Build a [`Scene`] from the encounter whenever it changes, then ask it: [`Scene::verdict`],
//! [`Scene::distance_cells`], [`band`], [`Scene::reachable`].
//!
//! # What is where
//!
//! - Grid layouts and footprints (`grid.rs`, `footprint.rs`): the nearest free place for a token,
//!   shared by placing library entries and bringing tokens onto a replacement map
//!   (`footprint::nearest_free_anchor`, `gather_onto_map`).
//! - Distance and range bands (`bands.rs`), line of sight and cover per rule system with exact
//!   integer predicates on a fine lattice (`lattice.rs`, `sightline.rs`, `cover.rs`, `degree.rs`).
//! - Sight polygons by an exact angular sweep over a spatial index (`sweep.rs`, `index.rs`,
//!   `sight.rs`); solid obstacle polygons (`solid.rs`).
//! - Movement with squeezing measured on lanes (`reach.rs`, `lane.rs`).
//! - The illumination of each cell from the map's lights, walls casting shadows (`light.rs`).
//! - Where a drawn door or window cuts the walls it lies along (`wall_split.rs`).
//! - The rooms walls, windows and closed doors close off, for revealing one at a click
//!   (`rooms.rs`).
//! - The fog of war's visible cells: in sight and lit, or in darkvision (`fog.rs`), with a sub-cell
//!   raster of it and of the lights' glow that the shell draws with smooth edges (`fog_raster.rs`).
//! - Which cells and tokens an area of effect covers (`area.rs`).
//! - A table screen's true scale and the view box of whole cells it shows (`table_scale.rs`,
//!   `view_box.rs`).

pub mod area;
pub mod area_board;
pub mod area_cells;
mod area_walls;
pub mod bands;
pub mod cell_set;
mod cores;
pub mod cover;
pub mod degree;
pub mod fog;
pub mod fog_raster;
pub mod footprint;
pub mod grid;
mod index;
mod lane;
pub mod lattice;
pub mod light;
pub mod lit_board;
pub mod reach;
pub mod rooms;
pub mod scene;
pub mod sight;
mod sightline;
mod solid;
mod span;
mod sweep;
pub mod table_scale;
pub mod view_box;
pub mod wall_split;

pub use area::{AreaError, PlacedArea};
pub use bands::{
    Band, band, band_limit_cells, band_limits_cells, cell_distance, footprint_distance,
    footprints_touch,
};
pub use cover::{Evidence, TracedLine, Verdict, VerdictKind};
pub use degree::CoverDegree;
pub use reach::{Gait, Reach};
pub use scene::{Blocker, Scene, SceneToken};
