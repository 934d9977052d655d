use crate::model::{CommandError, ImageId};

/// Why an encounter file could not be read or written. Each names the problem in words a GM
/// can act on; the shell adds the file's path.
///
/// A variant that quotes the error it wraps does not also give it as its `source`: a chain
/// shown whole (`anyhow`'s `{:#}`) would say the cause twice.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("could not read the file: {0}")]
    Read(std::io::Error),
    #[error("could not write the file: {0}")]
    Write(std::io::Error),
    #[error("this is not a Lantern encounter: it is not valid JSON ({0})")]
    NotJson(serde_json::Error),
    #[error("this is not a Lantern encounter: it has no `format_version` number")]
    NoVersion,
    #[error(
        "this is not a Lantern encounter: its `format_version` is {0}, not a whole number from 0 up"
    )]
    BadVersion(String),
    #[error(
        "this is not a Lantern encounter: the file holds {0}, where an encounter is a JSON object ({{ \"format_version\": 1, … }})"
    )]
    NotAnObject(&'static str),
    #[error(
        "this encounter was saved by a newer Lantern (format {found}; this one reads up to {supported})"
    )]
    FutureVersion { found: u64, supported: u64 },
    #[error("the encounter file is damaged: {0}")]
    WrongShape(String),
    #[error("embedded image {id} (“{name}”) could not be decoded: {reason}")]
    BadImage {
        id: ImageId,
        name: String,
        reason: String,
    },
    #[error("the encounter is not valid: {0}")]
    Invalid(CommandError),
    /// A text longer than its cap, refused while it was read (`model::validate::capped`): the
    /// field's path, and its length against the cap.
    #[error("the encounter is not valid: `{path}` is {detail}")]
    TooLong { path: String, detail: String },
    #[error(
        "the embedded images unpack to {found_millions} million pixels, more than this file's size allows ({max_millions} million)"
    )]
    TooManyPixels {
        found_millions: u64,
        max_millions: u64,
    },
    #[error("could not encode the encounter: {0}")]
    Encode(serde_json::Error),
    #[error("the file does not exist")]
    Missing,
}

/// The longest text a message quotes from a file: a damaged file can put a megabyte of base64
/// where a name belongs, and the message must stay readable.
const MAX_QUOTED_CHARS: usize = 300;

/// Shortens text a message quotes from a file to [`MAX_QUOTED_CHARS`] characters.
pub(crate) fn clip_message(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}
