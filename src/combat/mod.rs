//! Turn structure: initiative, condition tokens with durations, and momentum dice pools.
//! Pure core: no egui.

pub mod action;
pub mod area_action;
pub mod aura;
pub mod catalogue;
pub mod command;
pub mod conditions;
pub mod death;
pub mod effective;
pub mod health;
pub mod initiative;
pub mod momentum;
pub mod momentum_apply;
pub mod report;
pub mod sheet;
pub mod stress;
pub mod turn_action;
pub mod turn_move;
pub mod vision;
pub mod wounds;
