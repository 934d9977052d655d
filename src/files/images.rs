//! Decoding embedded images with limits, so a hostile file cannot exhaust memory.

use image::{ImageReader, Limits, RgbaImage};
use std::io::Cursor;

/// The largest width or height accepted for any image (maps are tiled for the GPU later).
pub const MAX_IMAGE_SIDE_PX: u32 = 16_384;

/// The most memory a single decode may use.
const MAX_DECODE_BYTES: u64 = 1 << 30;

/// Limits applied to every image decode.
pub fn image_limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE_PX);
    limits.max_image_height = Some(MAX_IMAGE_SIDE_PX);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    limits
}

/// Decodes PNG, JPEG or WebP bytes into RGBA pixels within [`image_limits`].
pub fn decode_image(bytes: &[u8]) -> Result<RgbaImage, String> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|err| err.to_string())?;
    if reader.format().is_none() {
        return Err("not a PNG, JPEG or WebP image".to_owned());
    }
    reader.limits(image_limits());
    reader
        .decode()
        .map(image::DynamicImage::into_rgba8)
        .map_err(|err| err.to_string())
}
