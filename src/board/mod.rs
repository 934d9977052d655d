//! Board geometry: grids, footprints, distances, range bands, line of sight, cover, sight and
//! movement. Pure core: no egui. The map UI, the players' window, fog and the rules ask it.
//!
//! Build a [`Scene`] from the encounter whenever it changes, then ask it: [`Scene::verdict`],
//! [`Scene::distance_cells`], [`band`], [`Scene::reachable`].

pub mod area;
pub mod bands;
pub mod cell_set;
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
pub mod scene;
pub mod sight;
mod sightline;
mod solid;
mod span;
mod sweep;
pub mod wall_split;

pub use area::{AreaError, PlacedArea};
pub use bands::{
    Band, band, band_limit_cells, band_limits_cells, cell_distance, footprint_distance,
    footprints_touch,
};
pub use cover::{Evidence, TracedLine, Verdict, VerdictKind};
pub use degree::CoverDegree;
pub use reach::Reach;
pub use scene::{Blocker, Scene, SceneToken};
