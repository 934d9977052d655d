//! Reading an encounter file for a listing (the prep library lists a thousand of them): one pass
//! over the bytes, no image copied or decoded.
//!
//! [`encounter_listing_from_json`] parses every field but the embedded images into the model and
//! runs the same normalising and validation as [`super::encounter_from_json_headers`]; each image
//! is checked by the header it finds in a bounded prefix of its base64, and the file's pixel
//! budget from the lengths of the base64. Whenever this fast reading finds anything amiss it
//! hands the file to the encounter file's own code, so every refusal carries exactly the message
//! opening the file would give. What it cannot see — base64 or pixels past the header — the
//! full load checks when the entry is used ([`super::encounter_from_json`]).

use std::collections::BTreeMap;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde::de::{DeserializeSeed, Error as _, MapAccess, Visitor};
use serde_json::{Map, Value};

use super::images::{image_size, pixels_within_limits};
use super::{FORMAT_VERSION, FileError, encounter_from_json_headers};
use crate::model::{EmbeddedImage, Encounter, ImageId, normalise_walls, validate};

/// How much of an image's base64 is decoded to read its header: PNG, JPEG and WebP headers sit
/// in the first few hundred bytes unless metadata comes first, and then the whole image is
/// decoded instead. A multiple of 4, so the prefix is whole base64 quanta.
const HEADER_PREFIX_CHARS: usize = 8192;

/// The UTF-8 byte-order mark some editors put at the start of a text file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// What a listing knows of an embedded image without decoding it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageHeader {
    pub name: String,
    pub width: u32,
    pub height: u32,
    /// The image's size in bytes once its base64 is decoded.
    pub encoded_bytes: u64,
}

/// An encounter file read for a listing.
#[derive(Clone, Debug)]
pub struct EncounterListing {
    /// The encounter, validated, without its images: `images` is empty, while tokens and the
    /// background still name theirs (see `images`).
    pub encounter: Encounter,
    pub images: BTreeMap<ImageId, ImageHeader>,
    /// The top-level fields asked for by name, as JSON (the library's `library` block).
    pub extra: Map<String, Value>,
}

/// Reads an encounter file for a listing: everything [`encounter_from_json_headers`] checks,
/// with the images read from their base64's first bytes instead of decoded from all of it.
/// `extra_keys` names top-level fields the caller reads itself; they come back in
/// [`EncounterListing::extra`]. A file this reading refuses is refused with the encounter
/// file's own message.
pub fn encounter_listing_from_json(
    bytes: &[u8],
    extra_keys: &[&str],
) -> Result<EncounterListing, FileError> {
    let bytes = bytes.strip_prefix(BYTE_ORDER_MARK).unwrap_or(bytes);
    if let Some(listing) = scan(bytes, extra_keys) {
        return Ok(listing);
    }
    // Something is amiss, or unusual (a header past the prefix): the encounter file's own code
    // says what, or reads it after all.
    let mut encounter = encounter_from_json_headers(bytes)?;
    let images = std::mem::take(&mut encounter.images)
        .into_iter()
        .map(|(id, image)| {
            let (width, height) = image_size(&image.data).unwrap_or_default();
            let header = ImageHeader {
                name: image.name,
                width,
                height,
                encoded_bytes: image.data.len() as u64,
            };
            (id, header)
        })
        .collect();
    let mut extra = Map::new();
    if !extra_keys.is_empty() {
        let all: Map<String, Value> = serde_json::from_slice(bytes).map_err(FileError::NotJson)?;
        extra.extend(
            all.into_iter()
                .filter(|(k, _)| extra_keys.contains(&k.as_str())),
        );
    }
    Ok(EncounterListing {
        encounter,
        images,
        extra,
    })
}

/// The fast reading: `None` when anything is amiss.
fn scan(bytes: &[u8], extra_keys: &[&str]) -> Option<EncounterListing> {
    let mut json = serde_json::Deserializer::from_slice(bytes);
    let fields = TopSeed { extra_keys }.deserialize(&mut json).ok()?;
    json.end().ok()?;
    let version = fields.version?.as_u64()?;
    if version > FORMAT_VERSION {
        return None;
    }
    let mut encounter: Encounter = serde_json::from_value(Value::Object(fields.rest)).ok()?;
    encounter.combat.settle_condition_systems(encounter.system);
    encounter.walls = normalise_walls(std::mem::take(&mut encounter.walls));
    // Validation looks at which images exist, never at their bytes.
    encounter.images = fields
        .images
        .iter()
        .map(|(id, h)| (*id, EmbeddedImage::new(h.name.clone(), Vec::new())))
        .collect();
    validate(&encounter).ok()?;
    encounter.images.clear();
    within_pixel_budget(&fields.images)?;
    Some(EncounterListing {
        encounter,
        images: fields.images,
        extra: fields.extra,
    })
}

/// Every image within the limits alone, and all of them within the file's pixel budget.
fn within_pixel_budget(images: &BTreeMap<ImageId, ImageHeader>) -> Option<()> {
    let (mut pixels, mut bytes) = (0_u64, 0_u64);
    for header in images.values() {
        pixels += pixels_within_limits(header.width, header.height, header.encoded_bytes).ok()?;
        bytes += header.encoded_bytes;
    }
    (pixels <= super::pixel_budget(bytes)).then_some(())
}

/// The top-level object, split by key.
#[derive(Default)]
struct Fields {
    version: Option<Value>,
    images: BTreeMap<ImageId, ImageHeader>,
    extra: Map<String, Value>,
    /// The encounter's own fields, but the images.
    rest: Map<String, Value>,
}

struct TopSeed<'a> {
    extra_keys: &'a [&'a str],
}

impl<'de> DeserializeSeed<'de> for TopSeed<'_> {
    type Value = Fields;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Fields, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for TopSeed<'_> {
    type Value = Fields;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an encounter object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
        let mut fields = Fields::default();
        let mut seen_images = false;
        while let Some(key) = map.next_key::<String>()? {
            let twice = match key.as_str() {
                "format_version" => fields.version.replace(map.next_value()?).is_some(),
                "images" => {
                    fields.images = map.next_value::<ImageHeaders>()?.0;
                    std::mem::replace(&mut seen_images, true)
                }
                k if self.extra_keys.contains(&k) => {
                    let value = map.next_value()?;
                    fields.extra.insert(key, value).is_some()
                }
                _ => {
                    let value = map.next_value()?;
                    fields.rest.insert(key, value).is_some()
                }
            };
            if twice {
                return Err(A::Error::custom("a field is given twice"));
            }
        }
        Ok(fields)
    }
}

/// The `images` object: each image's name and header, its base64 never copied.
struct ImageHeaders(BTreeMap<ImageId, ImageHeader>);

impl<'de> serde::Deserialize<'de> for ImageHeaders {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ImageHeadersVisitor)
    }
}

struct ImageHeadersVisitor;

impl<'de> Visitor<'de> for ImageHeadersVisitor {
    type Value = ImageHeaders;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an object of images by id")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ImageHeaders, A::Error> {
        #[derive(serde::Deserialize)]
        struct Image {
            #[serde(default)]
            name: String,
            data: HeaderOf,
        }
        let mut out = BTreeMap::new();
        while let Some((id, image)) = map.next_entry::<ImageId, Image>()? {
            let HeaderOf(width, height, encoded_bytes) = image.data;
            let header = ImageHeader {
                name: image.name,
                width,
                height,
                encoded_bytes,
            };
            if out.insert(id, header).is_some() {
                return Err(A::Error::custom("two images share an id"));
            }
        }
        Ok(ImageHeaders(out))
    }
}

/// An image's base64 read for its width, height and decoded length.
struct HeaderOf(u32, u32, u64);

impl<'de> serde::Deserialize<'de> for HeaderOf {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(HeaderVisitor)
    }
}

struct HeaderVisitor;

impl Visitor<'_> for HeaderVisitor {
    type Value = HeaderOf;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("base64 image data")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<HeaderOf, E> {
        header_of_base64(text.as_bytes()).ok_or_else(|| E::custom("not read by its header"))
    }
}

/// The width, height and decoded length of the image in `base64`, from a prefix of it (the
/// whole of it when the header lies further in). `None` when it is not padded base64 or holds
/// no image header Lantern reads.
fn header_of_base64(base64: &[u8]) -> Option<HeaderOf> {
    if !base64.len().is_multiple_of(4) {
        return None;
    }
    let padding = base64.iter().rev().take(2).filter(|b| **b == b'=').count();
    let encoded_bytes = (base64.len() / 4 * 3).checked_sub(padding)? as u64;
    let prefix = &base64[..base64.len().min(HEADER_PREFIX_CHARS)];
    let size = STANDARD
        .decode(prefix)
        .ok()
        .and_then(|p| image_size(&p).ok());
    let (width, height) = match size {
        Some(size) => size,
        None if prefix.len() < base64.len() => image_size(&STANDARD.decode(base64).ok()?).ok()?,
        None => return None,
    };
    Some(HeaderOf(width, height, encoded_bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::encounter_to_json;
    use crate::model::{Background, Cell, GridPoint, RuleSystem, Side, Token, TokenId};

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = image::RgbaImage::from_pixel(w, h, image::Rgba([10, 20, 30, 255]));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }

    /// A good file is read by the fast reading itself, not handed to the encounter file's code
    /// (which would give the same answer, slowly).
    #[test]
    fn a_good_file_is_read_in_one_pass_with_its_image_headers() {
        let mut e = Encounter::new("Mill", RuleSystem::Evening);
        e.images
            .insert(ImageId(2), EmbeddedImage::new("map.png", png(300, 200)));
        e.images
            .insert(ImageId(5), EmbeddedImage::new("t.png", png(8, 8)));
        e.map.background = Some(Background {
            image: ImageId(2),
            origin_in_grid: GridPoint::new(0.0, 0.0),
            pixels_per_cell: 50.0,
        });
        let mut token = Token::new(TokenId(1), "Goblin", Side::Enemy, Cell::new(1, 1));
        token.image = Some(ImageId(5));
        e.tokens.push(token);
        let bytes = encounter_to_json(&e).unwrap();
        let listing = scan(&bytes, &["library"]).unwrap();
        let mut without_images = e.clone();
        without_images.images.clear();
        assert_eq!(listing.encounter, without_images);
        let header = &listing.images[&ImageId(2)];
        assert_eq!((header.width, header.height), (300, 200));
        assert_eq!(
            header.encoded_bytes,
            e.images[&ImageId(2)].data.len() as u64
        );
        assert_eq!(listing.images[&ImageId(5)].name, "t.png");
    }

    #[test]
    fn base64_lengths_and_padding_give_the_decoded_length() {
        for len in [1, 2, 3, 4, 5, 6, 100, 7000] {
            let mut bytes = png(4, 4);
            bytes.resize(bytes.len().max(len), 0);
            let text = STANDARD.encode(&bytes);
            let HeaderOf(w, h, n) = header_of_base64(text.as_bytes()).unwrap();
            assert_eq!((w, h, n), (4, 4, bytes.len() as u64));
        }
        assert!(header_of_base64(b"abc").is_none());
    }
}
