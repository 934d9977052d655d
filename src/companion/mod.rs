//! The companion: players hold their own heroes on their phones over the table's own network.
//! Off until the GM starts it (View → Players' phones…), it serves a page embedded in the binary
//! on the machine's LAN address and talks to each phone over a WebSocket.
//!
//! - `server.rs`: axum on a tokio runtime of its own thread; holds no encounter, only moves text
//!   (bounded channels both ways; a slow phone is skipped or dropped, a flood throttled).
//! - `host.rs`: the GM's window's side, run in its frame: joining and claims, every request
//!   checked and turned into a `Command` through `Document::apply`, views published when the
//!   document's revision moves.
//! - `phone_view.rs` and `hero.rs`: what a phone is sent — its hero's `view::PlayersView` (the
//!   one decision of what players may see, shared with the players' window) and its own sheet.
//! - `momentum.rs`: a Go Forth: Heroes hero's own momentum choices (Prepare, Extra Action).
//! - `attack.rs`: a phone's attack, filled by the Dice pane's builder and rolled (or from the
//!   player's own dice), for the GM to apply.
//! - `wire.rs`: the messages; `lan.rs`, `qr.rs`, `device.rs`, `assets.rs`: the join link's
//!   address, its QR code, the device a phone names, and the page.
//!
//! Pure core: no egui. The GM's window for it is `app/companion/`.

pub mod assets;
pub mod attack;
pub mod device;
pub mod hero;
pub mod host;
pub mod lan;
pub mod momentum;
pub mod phone_view;
pub mod qr;
pub mod server;
pub mod wire;

pub use host::{Host, Permissions, Player};
pub use server::ClientId;
