//! The shell driven through `egui_kittest`, in one binary so the suite links once: widgets found
//! by label, clicked and dragged, with every assertion made on the model.

mod action_flow;
mod areas;
mod battle_stress;
mod combat;
mod dice;
mod editing;
mod file_chooser;
mod import;
mod library;
mod lighting;
mod map;
mod map_play;
mod players;
mod shell;
mod snapshots;
mod support;
mod table_ready;
mod turn_actions;
mod turns;
mod window_budget;
