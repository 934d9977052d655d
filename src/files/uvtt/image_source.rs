//! The map image: embedded base64 (the usual case) or a file beside the map, decoded once.

use std::io::{Cursor, Read as _};
use std::path::Path;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD_PAD_INDIFFERENT;
use image::{ImageFormat, ImageReader, RgbaImage};

use super::UvttError;
use crate::files::{MAX_IMAGE_SIDE_PX, decode_image};

/// The largest image file read from beside a map.
const MAX_IMAGE_FILE_BYTES: u64 = 384 << 20;

/// Longer `image` strings are base64, never a path.
const MAX_PATH_CHARS: usize = 4096;

/// The map image as found: its encoded bytes (kept as they are, never re-encoded) and a name.
pub struct SourceImage {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Finds the image bytes the `image` field names: base64 (optionally a `data:` URL) or a path,
/// relative to `folder` when relative.
pub fn source_image(text: &str, folder: Option<&Path>) -> Result<SourceImage, UvttError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(UvttError::NoImage);
    }
    let payload = text
        .strip_prefix("data:")
        .and_then(|rest| rest.split_once(','))
        .map_or(text, |(_, data)| data);
    let decoded = decode_base64(payload);
    // A file name has a dot or a folder separator, or is not base64 at all.
    let path_like = could_be_path(text) && (decoded.is_none() || text.contains(['.', '/', '\\']));
    match decoded {
        Some(bytes) if image_format(&bytes).is_some() || !path_like => Ok(SourceImage {
            name: embedded_name(&bytes),
            bytes,
        }),
        _ if path_like => read_image_file(text, folder),
        _ => Err(UvttError::BadImage(
            "the `image` field is neither base64 nor a file name".to_owned(),
        )),
    }
}

fn decode_base64(text: &str) -> Option<Vec<u8>> {
    if text.bytes().any(|b| b.is_ascii_whitespace()) {
        // Some exporters wrap base64 in lines; the decoder wants one run.
        let joined: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
        return STANDARD_PAD_INDIFFERENT.decode(joined).ok();
    }
    STANDARD_PAD_INDIFFERENT.decode(text).ok()
}

fn could_be_path(text: &str) -> bool {
    text.len() <= MAX_PATH_CHARS && !text.chars().any(char::is_control)
}

fn embedded_name(bytes: &[u8]) -> String {
    let extension = match image_format(bytes) {
        Some(ImageFormat::Jpeg) => "jpg",
        Some(ImageFormat::WebP) => "webp",
        _ => "png",
    };
    format!("map.{extension}")
}

fn read_image_file(text: &str, folder: Option<&Path>) -> Result<SourceImage, UvttError> {
    let relative = Path::new(text);
    let path = match folder {
        _ if relative.is_absolute() => relative.to_path_buf(),
        Some(folder) => folder.join(relative),
        None => return Err(UvttError::ImagePathWithoutFolder(super::clip(text))),
    };
    let bytes = read_capped(&path)?;
    let name = path
        .file_name()
        .map_or_else(|| "map".to_owned(), |n| n.to_string_lossy().into_owned());
    Ok(SourceImage { name, bytes })
}

/// Reads at most [`MAX_IMAGE_FILE_BYTES`], so a path to a device or a huge file fails cleanly.
fn read_capped(path: &Path) -> Result<Vec<u8>, UvttError> {
    let read_error = |cause: std::io::Error| match cause.kind() {
        std::io::ErrorKind::NotFound => UvttError::ImageFileMissing(path.to_path_buf()),
        _ => UvttError::ImageRead {
            path: path.to_path_buf(),
            cause,
        },
    };
    let file = crate::files::open_regular(path).map_err(read_error)?;
    let mut bytes = Vec::new();
    file.take(MAX_IMAGE_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_IMAGE_FILE_BYTES {
        return Err(UvttError::ImageFileTooLarge {
            found_mb: bytes.len() as u64 >> 20,
            max_mb: MAX_IMAGE_FILE_BYTES >> 20,
        });
    }
    Ok(bytes)
}

/// PNG, JPEG or WebP by their signatures: the formats map makers export.
fn image_format(bytes: &[u8]) -> Option<ImageFormat> {
    match bytes {
        [0x89, b'P', b'N', b'G', ..] => Some(ImageFormat::Png),
        [0xFF, 0xD8, 0xFF, ..] => Some(ImageFormat::Jpeg),
        [
            b'R',
            b'I',
            b'F',
            b'F',
            _,
            _,
            _,
            _,
            b'W',
            b'E',
            b'B',
            b'P',
            ..,
        ] => Some(ImageFormat::WebP),
        _ => None,
    }
}

/// Decodes the image once, checking its header size first so a too-big image gets its own
/// message (and no allocation) rather than a decoder's limit error.
pub fn decode_map_image(bytes: &[u8]) -> Result<RgbaImage, UvttError> {
    let Some(format) = image_format(bytes) else {
        return Err(UvttError::BadImage(
            "it is not a PNG, JPEG or WebP image".to_owned(),
        ));
    };
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|err| UvttError::BadImage(super::clip(&err.to_string())))?;
    if width.max(height) > MAX_IMAGE_SIDE_PX {
        return Err(UvttError::ImageTooBig { width, height });
    }
    decode_image(bytes).map_err(|reason| UvttError::BadImage(super::clip(&reason)))
}
