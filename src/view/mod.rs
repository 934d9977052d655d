//! What the players may see, decided once: the [`PlayersView`] of an encounter for the whole
//! party (the players' window) or for one hero (that hero's phone). Built from the encounter,
//! its fog and its lit board (`board::lit_board`), it says which cells show and how, which walls,
//! tokens and areas show, and what the round's banner says — and nothing else. The players'
//! window paints from it and the companion server sends it, so the two never disagree.
//!
//! The rules, in one place:
//! - A GM-only token or area never shows.
//! - With fog drawn, a cell is hidden (never seen, or hidden by the GM), explored (seen before:
//!   the terrain dimmed, no creature on it) or visible (seen now, or revealed by the GM); a token
//!   shows only when one of its cells is visible; a wall shows only beside a cell that is not
//!   hidden. Without fog every cell is visible.
//! - The banner names whose turn it is only when that token shows.
//! - One hero sees with its own eyes and light: the party's explored fog, but only the cells
//!   that hero sees now are visible. A hero's view never shows more than the party's.
//!
//! Pure core: no egui. New things the players may see (handouts, map marks) join
//! [`PlayersView`] here, and so both the window and the phones.

mod cells;
mod players_view;

pub use cells::{ShownCell, ShownCells};
pub use players_view::{Banner, PlayersView, ShownBoard, ShownToken};
