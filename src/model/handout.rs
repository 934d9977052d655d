//! Handouts: pictures the GM keeps with the encounter to show the players — a letter, a
//! portrait, the map of the next dungeon — each naming one of the encounter's embedded images.
//!
//! The list is encounter data: adding, renaming and removing a handout are commands, saved and
//! undoable (applied in `edit/drawn.rs`). *Showing* one on the players' window is not: it is a moment of the session, like
//! Blackout or Push view, kept in the shell as a [`HandoutShown`] (why: see FORMAT.md,
//! "handouts"). [`shown_to_players`] is the one decision of what the players see of it.

use serde::{Deserialize, Serialize};

use super::{EmbeddedImage, Encounter, ImageId};

/// Identifies a handout in the encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HandoutId(pub u64);

impl std::fmt::Display for HandoutId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One handout: a name for the GM's list and the picture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Handout {
    pub id: HandoutId,
    #[serde(deserialize_with = "super::validate::de_name")]
    pub name: String,
    /// The picture, one of the encounter's `images`.
    pub image: ImageId,
}

/// Where a shown handout sits on the players' window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandoutPlacement {
    /// A card in the top-right corner, the map around it.
    #[default]
    Corner,
    /// As large as the window allows, the map still there, dimmed, around and under it.
    Full,
}

/// The handout on the players' window now, and where. View state: never saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandoutShown {
    pub id: HandoutId,
    pub placement: HandoutPlacement,
}

/// What the players see of the handouts: the shown one, while the encounter still holds it (a
/// handout undone or removed away is shown no more).
pub fn shown_to_players(
    encounter: &Encounter,
    shown: Option<HandoutShown>,
) -> Option<(&Handout, HandoutPlacement)> {
    let shown = shown?;
    encounter
        .handouts
        .iter()
        .find(|h| h.id == shown.id)
        .map(|h| (h, shown.placement))
}

/// A change to the handout list; wrapped in [`super::Command::Handout`] and applied by
/// `edit::apply`, which also adds or removes the picture a handout brings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HandoutCommand {
    /// Adds a handout at `index` (the end when `None`), embedding `picture` as its image when
    /// it brings one (a new file or a pasted picture; a library map's background comes in too).
    Add {
        handout: Handout,
        index: Option<usize>,
        picture: Option<EmbeddedImage>,
    },
    /// Removes a handout, and its picture too when `with_picture` and nothing else shows it.
    Remove {
        id: HandoutId,
        with_picture: bool,
    },
    Rename {
        id: HandoutId,
        name: String,
    },
}

impl HandoutCommand {
    /// A short description for the undo menu.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Add { .. } => "Add handout",
            Self::Remove { .. } => "Remove handout",
            Self::Rename { .. } => "Rename handout",
        }
    }
}

/// An id no handout in `handouts` uses.
pub fn fresh_handout_id(handouts: &[Handout]) -> HandoutId {
    HandoutId(handouts.iter().map(|h| h.id.0 + 1).max().unwrap_or(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::RuleSystem;

    fn handout(id: u64) -> Handout {
        Handout {
            id: HandoutId(id),
            name: format!("Letter {id}"),
            image: ImageId(id),
        }
    }

    #[test]
    fn a_shown_handout_the_encounter_no_longer_holds_is_not_shown() {
        let mut encounter = Encounter::new("t", RuleSystem::Evening);
        encounter.handouts.push(handout(4));
        let shown = HandoutShown {
            id: HandoutId(4),
            placement: HandoutPlacement::Full,
        };
        let seen = shown_to_players(&encounter, Some(shown));
        assert_eq!(
            seen.map(|(h, p)| (h.id, p)),
            Some((HandoutId(4), HandoutPlacement::Full))
        );
        encounter.handouts.clear();
        assert!(shown_to_players(&encounter, Some(shown)).is_none());
        assert!(shown_to_players(&encounter, None).is_none());
    }
}
