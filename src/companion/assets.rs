//! The phone's page, its script and its styles, embedded in the binary: the companion never
//! fetches anything from anywhere but the GM's laptop.

pub const PAGE: &str = include_str!("../../assets/companion/index.html");
pub const SCRIPT: &str = include_str!("../../assets/companion/app.js");
pub const STYLE: &str = include_str!("../../assets/companion/style.css");
