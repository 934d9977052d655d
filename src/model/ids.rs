//! Stable identifiers for the things an encounter holds.
//!
//! Ids are allocated by the encounter ([`super::Encounter::next_id`]) and never reused within one
//! file, so a command recorded in the undo history keeps pointing at the same thing.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id_type!(
    /// Identifies a token on the map.
    TokenId
);
id_type!(
    /// Identifies a wall, door or window segment.
    WallId
);
id_type!(
    /// Identifies an image embedded in the encounter file.
    ImageId
);
