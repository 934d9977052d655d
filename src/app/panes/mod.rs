//! The side panes of the dock, one file each, each drawn by a `*_ui(ui, &mut PaneContext)`.

pub mod conditions;
pub mod dice_log;
pub mod encounter;
pub mod initiative;
pub mod momentum;
