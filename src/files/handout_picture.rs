//! A picture for a handout, checked before it joins an encounter: it is decoded whole through
//! the bounded decoder (`images.rs`: side, pixels for its size, memory), and the encounter's
//! pictures with it must stay within the pixel budget its file will be opened with — so a file
//! saved with the handout always opens again. A picture that fails is refused with its reason.

use std::collections::BTreeMap;
use std::sync::Arc;

use image::RgbaImage;

use super::images::{decode_image, image_pixels, pixel_budget};
use crate::model::{EmbeddedImage, ImageId};

/// Why a picture cannot be a handout.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    /// Not an image Lantern reads, broken, or past the image limits; the decoder's reason.
    #[error("“{name}” cannot be shown: {reason}")]
    Refused { name: String, reason: String },
    #[error(
        "“{name}” would take the encounter's pictures to {found_millions} million pixels, more \
         than its file may hold ({max_millions} million); use a smaller picture or remove one"
    )]
    OverBudget {
        name: String,
        found_millions: u64,
        max_millions: u64,
    },
}

/// Checks `bytes` (a PNG, JPEG or WebP file named `name`) as a new picture beside `images`,
/// the encounter's pictures; returns it embedded, with its pixels decoded.
pub fn handout_picture(
    images: &BTreeMap<ImageId, EmbeddedImage>,
    name: &str,
    bytes: Arc<[u8]>,
) -> Result<(EmbeddedImage, RgbaImage), PictureError> {
    let name = super::clip_message(name);
    let refused = |reason: String| PictureError::Refused {
        name: name.clone(),
        reason,
    };
    let pixels = image_pixels(&bytes).map_err(refused)?;
    // Pictures already in the file passed this check when it was opened (or added).
    let (mut total_pixels, mut total_bytes) = (pixels, bytes.len() as u64);
    for image in images.values() {
        total_pixels += image_pixels(&image.data).unwrap_or(0);
        total_bytes += image.data.len() as u64;
    }
    let budget = pixel_budget(total_bytes);
    if total_pixels > budget {
        return Err(PictureError::OverBudget {
            name,
            found_millions: total_pixels / 1_000_000,
            max_millions: budget / 1_000_000,
        });
    }
    let rgba = decode_image(&bytes).map_err(refused)?;
    Ok((EmbeddedImage::new(name, bytes), rgba))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        let image = RgbaImage::from_pixel(width, height, image::Rgba([200, 10, 10, 255]));
        image.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_small_picture_is_taken_whole() {
        let (image, rgba) =
            handout_picture(&BTreeMap::new(), "letter.png", png(40, 30).into()).unwrap();
        assert_eq!(image.name, "letter.png");
        assert_eq!(rgba.dimensions(), (40, 30));
    }

    #[test]
    fn a_broken_picture_is_refused_with_the_decoders_reason() {
        let mut bytes = png(40, 30);
        bytes.truncate(60);
        let err = handout_picture(&BTreeMap::new(), "torn.png", bytes.into()).unwrap_err();
        let PictureError::Refused { name, reason } = &err else {
            panic!("{err}");
        };
        assert_eq!(name, "torn.png");
        assert!(!reason.is_empty());
        let err = handout_picture(
            &BTreeMap::new(),
            "notes.txt",
            b"not a picture".to_vec().into(),
        )
        .unwrap_err();
        assert!(
            err.to_string().contains("not a PNG, JPEG or WebP image"),
            "{err}"
        );
    }
}
