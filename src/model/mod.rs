//! The encounter model: what a file holds and what commands change. Pure core: no egui.

mod ids;
mod rule_system;

pub use ids::{ImageId, TokenId, WallId};
pub use rule_system::RuleSystem;
