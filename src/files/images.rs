//! Decoding embedded images with limits, so a hostile file cannot exhaust memory or time.
//!
//! Two limits work together (both in `FORMAT.md`, "Limits"): a decode may use at most
//! [`MAX_DECODE_BYTES`], counting the RGBA pixels it is converted to, and the pixels of a file's
//! images together stay within a budget that grows with the bytes they take ([`pixel_budget`]),
//! so a small file cannot unpack into gigabytes (a decompression bomb).

use image::{ImageReader, Limits, RgbaImage};
use std::io::Cursor;

/// The largest width or height accepted for any image (maps are tiled for the GPU later).
pub const MAX_IMAGE_SIDE_PX: u32 = 16_384;

/// The most memory one decode may use, the RGBA result included.
pub const MAX_DECODE_BYTES: u64 = 1 << 30;

/// The pixels every file may hold whatever its size: a 7000 × 7000 map.
pub const BASE_PIXEL_BUDGET: u64 = 48_000_000;

/// The further pixels each byte of encoded image data buys. Real map art (PNG, JPEG, WebP)
/// takes well over one byte for 16 pixels; a decompression bomb takes thousands of pixels a byte.
pub const PIXELS_PER_ENCODED_BYTE: u64 = 16;

/// How many pixels images of `encoded_bytes` bytes (together) may decode to.
pub fn pixel_budget(encoded_bytes: u64) -> u64 {
    BASE_PIXEL_BUDGET.saturating_add(encoded_bytes.saturating_mul(PIXELS_PER_ENCODED_BYTE))
}

/// Limits applied to every image decode.
pub fn image_limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE_PX);
    limits.max_image_height = Some(MAX_IMAGE_SIDE_PX);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    limits
}

/// The width and height an image's header declares, without decoding its pixels.
pub fn image_size(bytes: &[u8]) -> Result<(u32, u32), String> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|err| err.to_string())?;
    if reader.format().is_none() {
        return Err("not a PNG, JPEG or WebP image".to_owned());
    }
    reader.into_dimensions().map_err(|err| err.to_string())
}

/// The pixel count of an image, refused when it is too large a side or more than its own bytes
/// buy ([`pixel_budget`]).
pub fn image_pixels(bytes: &[u8]) -> Result<u64, String> {
    let (width, height) = image_size(bytes)?;
    pixels_within_limits(width, height, bytes.len() as u64)
}

/// The pixel count of a `width`×`height` image of `encoded_bytes` bytes, refused as
/// [`image_pixels`] refuses it (for a listing that read the size from the header alone).
pub fn pixels_within_limits(width: u32, height: u32, encoded_bytes: u64) -> Result<u64, String> {
    if width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX {
        return Err(format!(
            "it is {width}×{height} pixels; the largest side Lantern opens is {MAX_IMAGE_SIDE_PX}"
        ));
    }
    let pixels = u64::from(width) * u64::from(height);
    let budget = pixel_budget(encoded_bytes);
    if pixels > budget {
        return Err(format!(
            "it unpacks to {} million pixels from {} KB, more than Lantern allows for its size ({} million)",
            pixels / 1_000_000,
            encoded_bytes / 1024,
            budget / 1_000_000
        ));
    }
    Ok(pixels)
}

/// Decodes PNG, JPEG or WebP bytes into RGBA pixels within [`image_limits`] and the image's
/// [`pixel_budget`]. The decoder's own allocation limit is what is left of
/// [`MAX_DECODE_BYTES`] after the RGBA result, so the conversion is counted too.
pub fn decode_image(bytes: &[u8]) -> Result<RgbaImage, String> {
    let rgba_bytes = image_pixels(bytes)? * 4;
    if rgba_bytes > MAX_DECODE_BYTES / 2 {
        return Err(format!(
            "its pixels need {} MB, more than Lantern decodes at once",
            rgba_bytes >> 20
        ));
    }
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|err| err.to_string())?;
    let mut limits = image_limits();
    limits.max_alloc = Some(MAX_DECODE_BYTES - rgba_bytes);
    reader.limits(limits);
    reader
        .decode()
        .map(image::DynamicImage::into_rgba8)
        .map_err(|err| err.to_string())
}
