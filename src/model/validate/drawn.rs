//! The limits of what is drawn over the map and shown to the players: kept marks (pen strokes
//! and labels) and handouts. The loader and every mark and handout command check the same
//! bounds (FORMAT.md, "Limits"); the pen stops adding points at the stroke's cap and the label
//! field at the text's.

use std::collections::BTreeSet;

use serde::Deserializer;

use super::super::{CommandError, Encounter, Handout, Mark, MarkShape};
use super::{MAX_NAME_CHARS, capped, check_count, check_point, check_text};

/// The most marks an encounter keeps.
pub const MAX_MARKS: usize = 2_000;
/// The most points one pen stroke has (the pen keeps a point every few screen pixels).
pub const MAX_STROKE_POINTS: usize = 5_000;
/// The most points all strokes have together: each is drawn every frame it is in view.
pub const MAX_MARK_POINTS: usize = 200_000;
/// The longest label, in characters.
pub const MAX_MARK_TEXT_CHARS: usize = 200;
/// The most handouts an encounter keeps (their pictures count among its images too).
pub const MAX_HANDOUTS: usize = 100;

/// Reads a label's text, refusing one past [`MAX_MARK_TEXT_CHARS`] before it is copied.
pub fn de_mark_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    capped::<D, MAX_MARK_TEXT_CHARS>(d)
}

/// A mark: a stroke of 1 to [`MAX_STROKE_POINTS`] points or a label of 1 to
/// [`MAX_MARK_TEXT_CHARS`] characters, every point finite and within the allowed area.
pub fn check_mark(mark: &Mark) -> Result<(), CommandError> {
    let what = || format!("mark {}", mark.id);
    match &mark.shape {
        MarkShape::Stroke { points } => {
            if points.is_empty() {
                return Err(CommandError::BadMark(
                    mark.id,
                    "is a pen stroke with no points",
                ));
            }
            check_count("points in one pen stroke", points.len(), MAX_STROKE_POINTS)?;
            points.iter().try_for_each(|p| check_point(*p, what))
        }
        MarkShape::Text { at, text } => {
            if text.trim().is_empty() {
                return Err(CommandError::BadMark(mark.id, "is a label with no text"));
            }
            check_text(text, MAX_MARK_TEXT_CHARS, || format!("{}'s label", what()))?;
            check_point(*at, what)
        }
    }
}

/// The encounter's marks: at most [`MAX_MARKS`] with unique ids and [`MAX_MARK_POINTS`] points
/// in all, each one checked.
pub fn validate_marks(marks: &[Mark]) -> Result<(), CommandError> {
    check_count("marks", marks.len(), MAX_MARKS)?;
    check_count("pen points in all", mark_points(marks), MAX_MARK_POINTS)?;
    let mut ids = BTreeSet::new();
    for mark in marks {
        if !ids.insert(mark.id) {
            return Err(CommandError::MarkId(mark.id));
        }
        check_mark(mark)?;
    }
    Ok(())
}

/// How many stroke points `marks` hold.
pub fn mark_points(marks: &[Mark]) -> usize {
    marks
        .iter()
        .map(|m| match &m.shape {
            MarkShape::Stroke { points } => points.len(),
            MarkShape::Text { .. } => 0,
        })
        .sum()
}

/// A handout has a name of at most [`MAX_NAME_CHARS`] characters and shows one of the
/// encounter's images.
pub fn check_handout(encounter: &Encounter, handout: &Handout) -> Result<(), CommandError> {
    check_text(&handout.name, MAX_NAME_CHARS, || {
        format!("handout {}'s name", handout.id)
    })?;
    if !encounter.images.contains_key(&handout.image) {
        return Err(CommandError::NoSuchImage(handout.image));
    }
    Ok(())
}

/// The encounter's handouts: at most [`MAX_HANDOUTS`] with unique ids, each one checked.
pub fn validate_handouts(encounter: &Encounter) -> Result<(), CommandError> {
    check_count("handouts", encounter.handouts.len(), MAX_HANDOUTS)?;
    let mut ids = BTreeSet::new();
    for handout in &encounter.handouts {
        if !ids.insert(handout.id) {
            return Err(CommandError::HandoutId(handout.id));
        }
        check_handout(encounter, handout)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GridPoint, MarkId};

    fn stroke(points: usize) -> Mark {
        Mark {
            id: MarkId(1),
            shape: MarkShape::Stroke {
                points: (0..points)
                    .map(|i| GridPoint::new(i as f64 * 0.01, 1.0))
                    .collect(),
            },
            color: [0, 0, 0],
            gm_only: false,
        }
    }

    #[test]
    fn a_stroke_has_points_up_to_its_cap_each_within_the_area() {
        assert_eq!(check_mark(&stroke(1)), Ok(()));
        assert_eq!(check_mark(&stroke(MAX_STROKE_POINTS)), Ok(()));
        assert!(check_mark(&stroke(0)).is_err());
        assert_eq!(
            check_mark(&stroke(MAX_STROKE_POINTS + 1)),
            Err(CommandError::TooMany {
                what: "points in one pen stroke",
                max: MAX_STROKE_POINTS
            })
        );
        let mut far = stroke(2);
        far.shape = MarkShape::Stroke {
            points: vec![GridPoint::new(f64::NAN, 0.0)],
        };
        assert!(check_mark(&far).is_err());
    }

    #[test]
    fn a_label_is_not_blank_and_within_its_cap() {
        let label = |text: &str| Mark {
            shape: MarkShape::Text {
                at: GridPoint::new(1.0, 1.0),
                text: text.to_owned(),
            },
            ..stroke(1)
        };
        assert_eq!(check_mark(&label("Trap!")), Ok(()));
        assert!(check_mark(&label("  ")).is_err());
        assert!(matches!(
            check_mark(&label(&"é".repeat(MAX_MARK_TEXT_CHARS + 1))),
            Err(CommandError::TooLong {
                max: MAX_MARK_TEXT_CHARS,
                ..
            })
        ));
        assert_eq!(check_mark(&label(&"é".repeat(MAX_MARK_TEXT_CHARS))), Ok(()));
    }
}
