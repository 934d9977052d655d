//! The core's integration tests, in one binary so the suite links once: the model's commands,
//! files, geometry, turn structure and the importers, all without egui.

mod action_flow;
mod area_action;
mod attacks;
mod auras;
mod battle_stress;
mod combat_commands;
mod command_checks;
mod content;
mod demo_attacks;
mod evening_rules;
mod file_safety;
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
mod model_commands;
mod post_three_d6;
mod readme;
mod real_maps;
mod robust_files;
mod sheet_edits;
mod sheets;
mod table_screen;
mod turn_actions;
mod turns;
mod uvtt_import;
mod uvtt_roundtrip;
