//! Fog of war as the encounter saves it: whether it is on, what the party has explored, and the
//! cells the GM revealed or hid by hand. What the party sees *now* is not saved: it follows from
//! the tokens and walls (see `board::fog`).
//!
//! Exploring is recorded by the shell after each change: the cells the party newly sees go into
//! one [`FogCommand::Explore`] that joins the undo step of the change that revealed them
//! ([`super::History::amend_last`]), not a step of its own. Undoing a move therefore forgets what
//! only that move showed, and redo shows it again; the undo menu never fills with "Explore".

use serde::{Deserialize, Serialize};

use super::{Cell, CellBits};

/// The saved fog of war of one encounter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fog {
    /// Fog is drawn (and exploring recorded) only while this is on.
    #[serde(default)]
    pub enabled: bool,
    /// Cells the party has seen at some point: the players' window shows them dimmed.
    #[serde(default)]
    pub explored: CellBits,
    /// Cells the GM revealed with the brush: shown to the players whatever the party sees.
    #[serde(default)]
    pub revealed: CellBits,
    /// Cells the GM hid with the brush: hidden from the players even where the party sees.
    #[serde(default)]
    pub hidden: CellBits,
}

/// What the GM's brush left on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FogMark {
    Revealed,
    Hidden,
}

/// A change to the fog; wrapped in [`super::Command::Fog`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FogCommand {
    /// Turns the fog on or off.
    SetEnabled(bool),
    /// One brush stroke: each listed cell gets the mark (`None` clears the GM's mark).
    Brush(Vec<(Cell, Option<FogMark>)>),
    /// Reveals every cell of a room at once ("Reveal room"): each gets the revealed mark. Its
    /// inverse is the [`FogCommand::Brush`] that puts back each cell's mark before.
    Reveal(Vec<Cell>),
    /// Adds cells to the explored set (the party saw them).
    Explore(Vec<Cell>),
    /// Removes cells from the explored set; the inverse of [`FogCommand::Explore`].
    Unexplore(Vec<Cell>),
    /// Forgets everything explored (the GM resets the fog); its inverse is an `Explore`.
    ResetExplored,
}

impl FogCommand {
    /// A short description for the undo menu.
    pub fn label(&self) -> &'static str {
        match self {
            Self::SetEnabled(true) => "Turn fog on",
            Self::SetEnabled(false) => "Turn fog off",
            Self::Brush(_) => "Fog brush",
            Self::Reveal(_) => "Reveal room",
            Self::Explore(_) => "Explore",
            Self::Unexplore(_) => "Forget explored cells",
            Self::ResetExplored => "Reset explored fog",
        }
    }

    /// Applies the change, returning the command that undoes it.
    #[must_use]
    pub fn apply(self, fog: &mut Fog) -> Self {
        match self {
            Self::SetEnabled(on) => Self::SetEnabled(std::mem::replace(&mut fog.enabled, on)),
            Self::Brush(cells) => Self::Brush(brush(fog, cells)),
            Self::Reveal(cells) => Self::Brush(brush(
                fog,
                cells
                    .into_iter()
                    .map(|c| (c, Some(FogMark::Revealed)))
                    .collect(),
            )),
            Self::Explore(cells) => {
                // Only cells new to the set are undone, so undo never forgets older exploring.
                Self::Unexplore(fog.explored.insert_new(cells))
            }
            Self::Unexplore(cells) => Self::Explore(fog.explored.remove_present(cells)),
            Self::ResetExplored => {
                Self::Explore(std::mem::take(&mut fog.explored).iter().collect())
            }
        }
    }
}

/// The GM's mark on `cell`, if any.
pub fn mark_of(fog: &Fog, cell: Cell) -> Option<FogMark> {
    if fog.hidden.contains(&cell) {
        Some(FogMark::Hidden)
    } else if fog.revealed.contains(&cell) {
        Some(FogMark::Revealed)
    } else {
        None
    }
}

/// Sets each cell's mark and returns the previous marks, newest first, so a stroke that crosses
/// a cell twice still undoes to the cell's original mark.
fn brush(fog: &mut Fog, cells: Vec<(Cell, Option<FogMark>)>) -> Vec<(Cell, Option<FogMark>)> {
    let mut previous = Vec::with_capacity(cells.len());
    for (cell, mark) in cells {
        previous.push((cell, mark_of(fog, cell)));
        fog.hidden.remove(&cell);
        fog.revealed.remove(&cell);
        match mark {
            Some(FogMark::Hidden) => fog.hidden.insert(cell),
            Some(FogMark::Revealed) => fog.revealed.insert(cell),
            None => false,
        };
    }
    previous.reverse();
    previous
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_brush_stroke_undoes_to_the_original_marks() {
        let mut fog = Fog::default();
        fog.hidden.insert(Cell::new(1, 1));
        let before = fog.clone();
        let stroke = FogCommand::Brush(vec![
            (Cell::new(1, 1), Some(FogMark::Revealed)),
            (Cell::new(2, 1), Some(FogMark::Revealed)),
            (Cell::new(1, 1), Some(FogMark::Hidden)),
        ]);
        let inverse = stroke.apply(&mut fog);
        assert_eq!(mark_of(&fog, Cell::new(1, 1)), Some(FogMark::Hidden));
        assert_eq!(mark_of(&fog, Cell::new(2, 1)), Some(FogMark::Revealed));
        let redo = inverse.apply(&mut fog);
        assert_eq!(fog, before);
        // Redo sets each cell's final mark.
        let _ = redo.apply(&mut fog);
        assert_eq!(mark_of(&fog, Cell::new(1, 1)), Some(FogMark::Hidden));
        assert_eq!(mark_of(&fog, Cell::new(2, 1)), Some(FogMark::Revealed));
    }

    #[test]
    fn undoing_an_explore_forgets_only_what_it_added() {
        let mut fog = Fog::default();
        fog.explored.insert(Cell::new(0, 0));
        let inverse = FogCommand::Explore(vec![Cell::new(0, 0), Cell::new(0, 1)]).apply(&mut fog);
        assert_eq!(inverse, FogCommand::Unexplore(vec![Cell::new(0, 1)]));
        let redo = inverse.apply(&mut fog);
        assert_eq!(redo, FogCommand::Explore(vec![Cell::new(0, 1)]));
        assert_eq!(
            fog.explored.iter().collect::<Vec<_>>(),
            vec![Cell::new(0, 0)]
        );
    }

    #[test]
    fn resetting_explored_fog_undoes() {
        let mut fog = Fog::default();
        fog.explored.extend([Cell::new(3, 4), Cell::new(5, 6)]);
        let before = fog.clone();
        let inverse = FogCommand::ResetExplored.apply(&mut fog);
        assert!(fog.explored.is_empty());
        let redo = inverse.apply(&mut fog);
        assert_eq!(fog, before);
        assert_eq!(
            redo,
            FogCommand::Unexplore(vec![Cell::new(3, 4), Cell::new(5, 6)])
        );
    }

    #[test]
    fn fog_reads_from_partial_json_and_writes_cells_as_pairs() {
        let fog: Fog = serde_json::from_str(r#"{ "enabled": true, "hidden": [[2, 3]] }"#).unwrap();
        assert!(fog.enabled && fog.explored.is_empty() && fog.revealed.is_empty());
        assert_eq!(mark_of(&fog, Cell::new(2, 3)), Some(FogMark::Hidden));
        let json = serde_json::to_value(&fog).unwrap();
        assert_eq!(json["hidden"], serde_json::json!([[2, 3]]));
        assert_eq!(serde_json::from_str::<Fog>("{}").unwrap(), Fog::default());
    }
}
