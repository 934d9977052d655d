//! Side panes that belong to the shell itself; the turn, dice and tracker panes live in
//! `app/combat`, `app/dice` and `app/trackers`.

pub mod encounter;
pub mod sheet;
mod sheet_attacks;
mod sheet_evening;
