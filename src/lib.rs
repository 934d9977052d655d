//! Lantern: a desktop virtual tabletop.
//!
//! Everything outside [`app`] is the pure core (no egui, no eframe): the encounter model, commands
//! and undo, file formats, board geometry, dice and the rule systems. [`app`] is the egui shell
//! drawn over it. See `ARCHITECTURE.md`.

pub mod app;
pub mod board;
pub mod check;
pub mod combat;
pub mod companion;
pub mod demo;
pub mod dice;
pub mod edit;
pub mod files;
pub mod library;
pub mod model;
pub mod rules;
pub mod view;
