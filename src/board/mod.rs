//! Board geometry: grids, footprints, distances, range bands, line of sight, cover, sight and
//! movement. Pure core: no egui. The map UI, the players' window, fog and the rules ask it.

pub mod footprint;
pub mod grid;
