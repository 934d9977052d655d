//! The core's integration tests, in one binary so the suite links once: the model's commands,
//! files, geometry, turn structure and the importers, all without egui.

mod action_flow;
mod area_action;
mod auras;
mod battle_stress;
mod combat_commands;
mod files;
mod fuzz_loaders;
mod fuzz_support;
mod geometry_area;
mod geometry_board;
mod geometry_cover;
mod geometry_props;
mod geometry_sight;
mod hostile;
mod library;
mod lighting;
mod limit_files;
mod model_commands;
mod real_maps;
mod robust_files;
mod turn_actions;
mod turns;
mod uvtt_import;
mod uvtt_roundtrip;
mod window_budget;
