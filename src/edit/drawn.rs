//! Applying the commands for what is drawn over the map and shown to the players: kept marks
//! and handouts, checked against the limits the loader uses (`model::validate`, "drawn").

use crate::model::validate::{
    MAX_HANDOUTS, MAX_MARK_POINTS, MAX_MARKS, check_count, check_handout, check_mark, mark_points,
};
use crate::model::{Command, CommandError, Encounter, HandoutCommand, MarkCommand, MarkShape};

/// A mark command, checked: an added mark within its limits and the encounter's marks within
/// theirs.
pub(super) fn apply_mark(
    encounter: &mut Encounter,
    command: MarkCommand,
) -> Result<Command, CommandError> {
    match &command {
        MarkCommand::Add(mark) => {
            check_mark(mark)?;
            check_count("marks", encounter.marks.len() + 1, MAX_MARKS)?;
            let adding = match &mark.shape {
                MarkShape::Stroke { points } => points.len(),
                MarkShape::Text { .. } => 0,
            };
            check_count(
                "pen points in all",
                mark_points(&encounter.marks) + adding,
                MAX_MARK_POINTS,
            )?;
        }
        MarkCommand::Set(marks) => crate::model::validate::validate_marks(marks)?,
        MarkCommand::Remove(_) => {}
    }
    let inverse = command
        .apply(&mut encounter.marks)
        .map_err(CommandError::MarkId)?;
    Ok(Command::Mark(inverse))
}

/// A handout command: the handout and the picture it brings or takes, as one change.
pub(super) fn apply_handout(
    encounter: &mut Encounter,
    command: HandoutCommand,
) -> Result<Command, CommandError> {
    match command {
        HandoutCommand::Add {
            handout,
            index,
            picture,
        } => {
            if encounter.handouts.iter().any(|h| h.id == handout.id) {
                return Err(CommandError::HandoutId(handout.id));
            }
            check_count("handouts", encounter.handouts.len() + 1, MAX_HANDOUTS)?;
            let index = index.unwrap_or(encounter.handouts.len());
            if index > encounter.handouts.len() {
                return Err(CommandError::BadIndex {
                    index,
                    len: encounter.handouts.len(),
                });
            }
            let brought = picture.is_some();
            if let Some(picture) = picture {
                super::apply::add_image(encounter, handout.image, picture)?;
            }
            if let Err(err) = check_handout(encounter, &handout) {
                if brought {
                    encounter.images.remove(&handout.image);
                }
                return Err(err);
            }
            let id = handout.id;
            encounter.handouts.insert(index, handout);
            Ok(Command::Handout(HandoutCommand::Remove {
                id,
                with_picture: brought,
            }))
        }
        HandoutCommand::Remove { id, with_picture } => {
            let index = encounter
                .handouts
                .iter()
                .position(|h| h.id == id)
                .ok_or(CommandError::HandoutId(id))?;
            let handout = encounter.handouts.remove(index);
            // The picture goes only when nothing else shows it (another handout, a token, the map).
            let picture = with_picture
                .then(|| super::apply::remove_image(encounter, handout.image).ok())
                .flatten()
                .and_then(|inverse| match inverse {
                    Command::AddImage { image, .. } => Some(image),
                    _ => None,
                });
            Ok(Command::Handout(HandoutCommand::Add {
                handout,
                index: Some(index),
                picture,
            }))
        }
        HandoutCommand::Rename { id, name } => {
            let handout = encounter
                .handouts
                .iter()
                .find(|h| h.id == id)
                .ok_or(CommandError::HandoutId(id))?;
            let renamed = crate::model::Handout {
                name,
                ..handout.clone()
            };
            check_handout(encounter, &renamed)?;
            let slot = encounter
                .handouts
                .iter_mut()
                .find(|h| h.id == id)
                .ok_or(CommandError::HandoutId(id))?;
            let old = std::mem::replace(&mut slot.name, renamed.name);
            Ok(Command::Handout(HandoutCommand::Rename { id, name: old }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::apply;
    use crate::model::{
        EmbeddedImage, GridPoint, Handout, HandoutId, ImageId, Mark, MarkId, RuleSystem,
    };

    fn handout(id: u64, image: u64) -> Handout {
        Handout {
            id: HandoutId(id),
            name: "Letter".into(),
            image: ImageId(image),
        }
    }

    #[test]
    fn a_handout_brings_its_picture_and_takes_it_away_when_removed() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        let before = e.clone();
        let add = Command::Handout(HandoutCommand::Add {
            handout: handout(1, 7),
            index: None,
            picture: Some(EmbeddedImage::new("letter.png", vec![1, 2, 3])),
        });
        let undo = apply(&mut e, add).unwrap();
        assert_eq!(e.handouts.len(), 1);
        assert!(e.images.contains_key(&ImageId(7)));
        let redo = apply(&mut e, undo).unwrap();
        assert_eq!(e, before, "undo takes the picture too");
        apply(&mut e, redo).unwrap();
        let removed = apply(
            &mut e,
            Command::Handout(HandoutCommand::Remove {
                id: HandoutId(1),
                with_picture: true,
            }),
        )
        .unwrap();
        assert_eq!(e, before);
        apply(&mut e, removed).unwrap();
        assert_eq!(e.handouts, [handout(1, 7)]);
    }

    #[test]
    fn a_picture_two_handouts_show_stays_while_one_remains() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        e.images
            .insert(ImageId(7), EmbeddedImage::new("map.png", vec![1]));
        e.handouts = vec![handout(1, 7), handout(2, 7)];
        let remove = Command::Handout(HandoutCommand::Remove {
            id: HandoutId(1),
            with_picture: true,
        });
        let undo = apply(&mut e, remove).unwrap();
        assert!(e.images.contains_key(&ImageId(7)));
        assert_eq!(
            apply(&mut e, Command::RemoveImage(ImageId(7))),
            Err(CommandError::ImageInUse(ImageId(7)))
        );
        apply(&mut e, undo).unwrap();
        assert_eq!(e.handouts.len(), 2);
    }

    #[test]
    fn a_handout_naming_no_picture_is_refused_and_leaves_nothing_behind() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        let before = e.clone();
        let add = Command::Handout(HandoutCommand::Add {
            handout: handout(1, 9),
            index: None,
            picture: None,
        });
        assert_eq!(
            apply(&mut e, add),
            Err(CommandError::NoSuchImage(ImageId(9)))
        );
        assert_eq!(e, before);
    }

    #[test]
    fn marks_past_their_limits_are_refused() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        let long = Mark {
            id: MarkId(1),
            shape: MarkShape::Stroke {
                points: vec![
                    GridPoint::new(1.0, 1.0);
                    crate::model::validate::MAX_STROKE_POINTS + 1
                ],
            },
            color: [0, 0, 0],
            gm_only: false,
        };
        assert!(apply(&mut e, Command::Mark(MarkCommand::Add(long))).is_err());
        assert!(e.marks.is_empty());
    }
}
