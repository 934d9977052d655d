//! The shell driven through `egui_kittest`, in one binary so the suite links once: widgets found
//! by label, clicked and dragged, with every assertion made on the model.

mod action_flow;
mod areas;
mod attack_either_end;
mod battle_stress;
mod combat;
mod companion;
mod dice;
mod editing;
mod evening_fight;
mod evening_map;
mod file_chooser;
mod file_safety;
mod import;
mod library;
mod lighting;
mod map;
mod map_play;
mod overlays;
mod players;
mod resistance;
mod result_belongs;
mod sheets;
mod shell;
mod small_screen;
mod small_things;
mod snapshots;
mod support;
mod table_ready;
mod table_screen;
mod table_touch;
mod table_turns;
mod turn_actions;
mod turns;
mod window_budget;
