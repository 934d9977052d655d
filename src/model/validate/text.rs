//! Caps on the text an encounter holds: every string of the format has one (`FORMAT.md`,
//! "Limits"), so a name is a name and never a megabyte the window must lay out.
//!
//! Lengths count characters (Unicode scalar values), as a GM counts them. The loader refuses a
//! string past its cap while it reads it ([`capped`]: nothing past it is built), and the
//! validation and every command that sets a string refuse it in the same words
//! ([`check_text`]).

use serde::Deserializer;
use serde::de::Visitor;

use super::super::{CommandError, CustomBand, EmbeddedImage, Encounter, ImageId, Token};

/// A name: the encounter's, a token's, a thread's, a challenge's, a clock's, a story element's,
/// what a locked momentum die sustains.
pub const MAX_NAME_CHARS: usize = 200;
/// A short label: a condition's name, a range band's name.
pub const MAX_LABEL_CHARS: usize = 64;
/// A token's GM notes.
pub const MAX_NOTES_CHARS: usize = 10_000;
/// A combatant's Road and Ruin intention.
pub const MAX_INTENTION_CHARS: usize = 1_000;
/// An embedded image's name (a file name).
pub const MAX_IMAGE_NAME_CHARS: usize = 255;
/// A library identity (`tokens[].library_id`, `library.id`).
pub const MAX_LIBRARY_ID_CHARS: usize = 256;
/// A roll log line's `who` and `what`.
pub const MAX_LOG_LABEL_CHARS: usize = 1_000;
/// A roll log line's `dice` and `result`.
pub const MAX_LOG_TEXT_CHARS: usize = 20_000;
/// The most custom range bands an encounter defines.
pub const MAX_CUSTOM_BANDS: usize = 100;

/// The start of the message [`capped`] gives a text over its cap, so the file loader can tell
/// it from a damaged file and word it as the validation does.
pub const TOO_LONG_MARKER: &str = "text over its cap: ";

/// How many characters `text` has when that is more than `max`; `None` within the cap.
/// Stops counting just past the cap unless the whole count is wanted for the message, and a
/// text of at most `max` bytes is within it without counting.
pub fn chars_over(text: &str, max: usize) -> Option<usize> {
    if text.len() <= max || text.chars().nth(max).is_none() {
        return None;
    }
    Some(text.chars().count())
}

/// `text` holds at most `max` characters; `what` names it for the message ("token 3's name").
pub fn check_text(
    text: &str,
    max: usize,
    what: impl FnOnce() -> String,
) -> Result<(), CommandError> {
    match chars_over(text, max) {
        Some(chars) => Err(CommandError::TooLong {
            what: what(),
            chars,
            max,
        }),
        None => Ok(()),
    }
}

/// Reads a string of at most `MAX` characters, refusing a longer one before it is copied
/// (`#[serde(deserialize_with = "…::capped::<_, 200>")]`).
pub fn capped<'de, D: Deserializer<'de>, const MAX: usize>(d: D) -> Result<String, D::Error> {
    d.deserialize_str(Capped::<MAX>)
}

/// [`capped`] at each cap, for `#[serde(deserialize_with = "…")]` on the model's fields.
pub fn de_name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    capped::<D, MAX_NAME_CHARS>(d)
}
/// See [`de_name`].
pub fn de_label<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    capped::<D, MAX_LABEL_CHARS>(d)
}
/// See [`de_name`]: an attack's name on a sheet.
pub fn de_attack_name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    capped::<D, { super::super::trackers::attack::MAX_ATTACK_NAME_CHARS }>(d)
}
/// See [`de_name`].
pub fn de_notes<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    capped::<D, MAX_NOTES_CHARS>(d)
}
/// See [`de_name`].
pub fn de_intention<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    capped::<D, MAX_INTENTION_CHARS>(d)
}
/// See [`de_name`].
pub fn de_image_name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    capped::<D, MAX_IMAGE_NAME_CHARS>(d)
}
/// See [`de_name`].
pub fn de_log_label<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    capped::<D, MAX_LOG_LABEL_CHARS>(d)
}
/// See [`de_name`].
pub fn de_log_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    capped::<D, MAX_LOG_TEXT_CHARS>(d)
}

struct Capped<const MAX: usize>;

impl<const MAX: usize> Visitor<'_> for Capped<MAX> {
    type Value = String;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a string of at most {MAX} characters")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<String, E> {
        match chars_over(v, MAX) {
            Some(chars) => Err(E::custom(format!(
                "{TOO_LONG_MARKER}{chars} characters long; Lantern allows at most {MAX}"
            ))),
            None => Ok(v.to_owned()),
        }
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<String, E> {
        match chars_over(&v, MAX) {
            Some(_) => self.visit_str(&v),
            None => Ok(v),
        }
    }
}

/// The encounter's own texts and those of its images and custom bands (tokens are checked with
/// each token, areas with each area, the fight with the combat state).
pub fn check_encounter_texts(encounter: &Encounter) -> Result<(), CommandError> {
    check_text(&encounter.name, MAX_NAME_CHARS, || {
        "the encounter's name".to_owned()
    })?;
    check_custom_bands(&encounter.custom_bands)?;
    encounter
        .images
        .iter()
        .try_for_each(|(id, image)| check_image_name(*id, image))
}

/// A token's name, notes and library identity.
pub fn check_token_texts(token: &Token) -> Result<(), CommandError> {
    let id = token.id;
    check_text(&token.name, MAX_NAME_CHARS, || format!("token {id}'s name"))?;
    check_text(&token.notes, MAX_NOTES_CHARS, || {
        format!("token {id}'s notes")
    })?;
    match &token.library_id {
        Some(library) => check_text(&library.0, MAX_LIBRARY_ID_CHARS, || {
            format!("token {id}'s library identity")
        }),
        None => Ok(()),
    }
}

/// An embedded image's name.
pub fn check_image_name(id: ImageId, image: &EmbeddedImage) -> Result<(), CommandError> {
    check_text(&image.name, MAX_IMAGE_NAME_CHARS, || {
        format!("image {id}'s name")
    })
}

/// At most [`MAX_CUSTOM_BANDS`] custom bands, each named in at most [`MAX_LABEL_CHARS`].
pub fn check_custom_bands(bands: &[CustomBand]) -> Result<(), CommandError> {
    super::check_count("custom range bands", bands.len(), MAX_CUSTOM_BANDS)?;
    bands.iter().enumerate().try_for_each(|(i, band)| {
        check_text(&band.name, MAX_LABEL_CHARS, || {
            format!("custom band {}'s name", i + 1)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_characters_not_bytes() {
        assert_eq!(chars_over(&"é".repeat(200), 200), None);
        assert_eq!(chars_over(&"é".repeat(201), 200), Some(201));
        assert_eq!(chars_over("", 0), None);
    }

    #[test]
    fn a_capped_field_refuses_past_its_cap_while_reading() {
        #[derive(serde::Deserialize, Debug)]
        struct Named {
            #[serde(deserialize_with = "capped::<_, 5>")]
            name: String,
        }
        let ok: Named = serde_json::from_str(r#"{"name": "Pip\u00e9"}"#).unwrap();
        assert_eq!(ok.name, "Pipé");
        let err = serde_json::from_str::<Named>(r#"{"name": "Kestrel"}"#).unwrap_err();
        assert!(err.to_string().starts_with(TOO_LONG_MARKER), "{err}");
        assert!(err.to_string().contains("7 characters long"), "{err}");
    }

    #[test]
    fn the_message_names_the_text_and_both_lengths() {
        let err = check_text(&"x".repeat(300), MAX_NAME_CHARS, || "token 3's name".into());
        assert_eq!(
            err.unwrap_err().to_string(),
            "token 3's name is 300 characters long; Lantern allows at most 200"
        );
    }
}
