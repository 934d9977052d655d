//! Images embedded in the encounter, so one file is the whole encounter.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// The encoded bytes of a PNG, JPEG or WebP image, stored base64 in the file.
///
/// The bytes are shared (`Arc`) because commands and the undo history hold copies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmbeddedImage {
    /// A name for messages, usually the file it was loaded from.
    #[serde(default, deserialize_with = "super::validate::de_image_name")]
    pub name: String,
    #[serde(with = "base64_bytes")]
    pub data: Arc<[u8]>,
}

impl EmbeddedImage {
    pub fn new(name: impl Into<String>, data: impl Into<Arc<[u8]>>) -> Self {
        Self {
            name: name.into(),
            data: data.into(),
        }
    }
}

mod base64_bytes {
    use std::sync::Arc;

    use base64::Engine as _;
    use base64::engine::general_purpose::STANDARD;
    use serde::{Deserialize as _, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(data: &Arc<[u8]>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&STANDARD.encode(data))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<[u8]>, D::Error> {
        let text = String::deserialize(d)?;
        STANDARD
            .decode(text.as_bytes())
            .map(Arc::from)
            .map_err(|err| {
                serde::de::Error::custom(format!("image data is not valid base64: {err}"))
            })
    }
}

/// Reads the `images` object refusing a key given twice (JSON readers otherwise keep the last
/// one silently, and the first image would be lost without a word).
pub(crate) fn unique_images<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<std::collections::BTreeMap<super::ImageId, EmbeddedImage>, D::Error> {
    struct Images;
    impl<'de> serde::de::Visitor<'de> for Images {
        type Value = std::collections::BTreeMap<super::ImageId, EmbeddedImage>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an object of images by id")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = std::collections::BTreeMap::new();
            while let Some((id, image)) = map.next_entry::<super::ImageId, EmbeddedImage>()? {
                if out.insert(id, image).is_some() {
                    return Err(serde::de::Error::custom(format!(
                        "two images share the id {id}"
                    )));
                }
            }
            Ok(out)
        }
    }
    d.deserialize_map(Images)
}
