//! Marks drawn on the map: freehand pen strokes and text labels the GM (or the table) leaves on
//! it. Kept marks are encounter data — saved, undoable, shown to the players unless GM-only.
//! Fading marks (a scribble to point something out) vanish after a few seconds and are view
//! state in the shell; they never reach this model.
//!
//! The limits (points per stroke, marks, text length) are in `validate/marks.rs` and FORMAT.md.

use serde::{Deserialize, Serialize};

use super::{GridPoint, Rgb};

/// Identifies a kept mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MarkId(pub u64);

impl std::fmt::Display for MarkId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What a mark draws.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MarkShape {
    /// A freehand line through `points` (map space), in the order drawn.
    Stroke { points: Vec<GridPoint> },
    /// A label whose top-left corner is `at` (map space).
    Text {
        at: GridPoint,
        #[serde(deserialize_with = "super::validate::de_mark_text")]
        text: String,
    },
}

/// One kept mark.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mark {
    pub id: MarkId,
    #[serde(flatten)]
    pub shape: MarkShape,
    pub color: Rgb,
    /// Seen only on the GM's map.
    #[serde(default)]
    pub gm_only: bool,
}

impl Mark {
    /// Whether the players see this mark: every kept mark that is not GM-only. The players'
    /// window draws only what this lets through (and the phone companion sends the same).
    pub fn shown_to_players(&self) -> bool {
        !self.gm_only
    }

    /// The box around the mark in map space, `(min, max)`; a text's box is its anchor only.
    pub fn bounds(&self) -> (GridPoint, GridPoint) {
        let points: &[GridPoint] = match &self.shape {
            MarkShape::Stroke { points } => points,
            MarkShape::Text { at, .. } => std::slice::from_ref(at),
        };
        points.iter().fold(
            (
                GridPoint::new(f64::INFINITY, f64::INFINITY),
                GridPoint::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
            ),
            |(lo, hi), p| {
                (
                    GridPoint::new(lo.x.min(p.x), lo.y.min(p.y)),
                    GridPoint::new(hi.x.max(p.x), hi.y.max(p.y)),
                )
            },
        )
    }
}

/// The marks the players see, in drawing order.
pub fn marks_shown_to_players(marks: &[Mark]) -> impl Iterator<Item = &Mark> {
    marks.iter().filter(|m| m.shown_to_players())
}

/// A change to the kept marks; wrapped in [`super::Command::Mark`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MarkCommand {
    /// Draws a new mark on top.
    Add(Mark),
    /// Rubs marks out (the inverse puts them back where they were in the drawing order).
    Remove(Vec<MarkId>),
    /// Replaces every mark ("Clear marks", and the inverse of a removal).
    Set(Vec<Mark>),
}

impl MarkCommand {
    /// A short description for the undo menu.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Add(mark) => match mark.shape {
                MarkShape::Stroke { .. } => "Draw on the map",
                MarkShape::Text { .. } => "Add a label",
            },
            Self::Remove(_) => "Rub out marks",
            Self::Set(marks) if marks.is_empty() => "Clear marks",
            Self::Set(_) => "Change marks",
        }
    }

    /// Applies the change to `marks`, returning its inverse, or the id that was missing (or
    /// already taken, for `Add`). Checking the marks' limits is `edit::apply`'s part.
    pub fn apply(self, marks: &mut Vec<Mark>) -> Result<Self, MarkId> {
        match self {
            Self::Add(mark) => {
                if marks.iter().any(|m| m.id == mark.id) {
                    return Err(mark.id);
                }
                let id = mark.id;
                marks.push(mark);
                Ok(Self::Remove(vec![id]))
            }
            Self::Remove(ids) => {
                if let Some(missing) = ids.iter().find(|id| !marks.iter().any(|m| m.id == **id)) {
                    return Err(*missing);
                }
                let before = marks.clone();
                marks.retain(|m| !ids.contains(&m.id));
                Ok(Self::Set(before))
            }
            Self::Set(new) => Ok(Self::Set(std::mem::replace(marks, new))),
        }
    }
}

/// An id no mark in `marks` uses.
pub fn fresh_mark_id(marks: &[Mark]) -> MarkId {
    MarkId(marks.iter().map(|m| m.id.0 + 1).max().unwrap_or(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stroke(id: u64) -> Mark {
        Mark {
            id: MarkId(id),
            shape: MarkShape::Stroke {
                points: vec![GridPoint::new(1.0, 1.0), GridPoint::new(2.0, 3.0)],
            },
            color: [200, 30, 30],
            gm_only: false,
        }
    }

    #[test]
    fn adding_and_removing_marks_undo_exactly() {
        let mut marks = vec![stroke(1), stroke(2), stroke(3)];
        let before = marks.clone();
        let undo = MarkCommand::Remove(vec![MarkId(2)])
            .apply(&mut marks)
            .unwrap();
        assert_eq!(marks.len(), 2);
        let _ = undo.apply(&mut marks).unwrap();
        assert_eq!(marks, before, "the rubbed-out mark comes back in its place");
        let undo = MarkCommand::Add(stroke(4)).apply(&mut marks).unwrap();
        assert_eq!(undo, MarkCommand::Remove(vec![MarkId(4)]));
        assert_eq!(
            MarkCommand::Add(stroke(4)).apply(&mut marks),
            Err(MarkId(4))
        );
        assert_eq!(
            MarkCommand::Remove(vec![MarkId(9)]).apply(&mut marks),
            Err(MarkId(9))
        );
    }

    #[test]
    fn gm_only_marks_are_not_shown_to_players() {
        let mut secret = stroke(2);
        secret.gm_only = true;
        let marks = [stroke(1), secret];
        let shown: Vec<MarkId> = marks_shown_to_players(&marks).map(|m| m.id).collect();
        assert_eq!(shown, [MarkId(1)]);
    }

    #[test]
    fn a_mark_reads_and_writes_as_the_format_says() {
        let json = r#"{ "id": 3, "kind": "text", "at": [2.5, 4], "text": "Trap!", "color": [255, 200, 0] }"#;
        let mark: Mark = serde_json::from_str(json).unwrap();
        assert!(!mark.gm_only);
        assert_eq!(
            mark.shape,
            MarkShape::Text {
                at: GridPoint::new(2.5, 4.0),
                text: "Trap!".into()
            }
        );
        let back: Mark = serde_json::from_value(serde_json::to_value(&mark).unwrap()).unwrap();
        assert_eq!(back, mark);
    }
}
