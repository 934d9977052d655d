//! The Universal VTT file as written, before any conversion: serde types whose lists are capped
//! while they are read, so a hostile file cannot make the parser hold millions of points.

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};

use super::{MAX_LIGHTS, MAX_POINTS, MAX_SEGMENTS};

/// The most points a door's `bounds` may list (real files give two).
pub const MAX_PORTAL_BOUNDS: usize = 64;

/// The top level of a `.dd2vtt` / `.df2vtt` / `.uvtt` file. Unknown fields (`environment`,
/// `software`, …) are skipped without being stored.
#[derive(Deserialize)]
pub struct RawFile {
    pub format: Option<FormatVersion>,
    pub resolution: Option<RawResolution>,
    #[serde(default)]
    pub line_of_sight: Polylines,
    /// Added in format 0.3 (walls around objects such as pillars); absent from 0.2 files.
    #[serde(default)]
    pub objects_line_of_sight: Polylines,
    #[serde(default)]
    pub portals: Capped<RawPortal, { MAX_SEGMENTS as usize }>,
    #[serde(default)]
    pub lights: Capped<RawLight, { MAX_LIGHTS as usize }>,
    pub image: Option<String>,
}

/// A point in the file's grid units.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
pub struct RawPoint {
    pub x: f64,
    pub y: f64,
}

#[derive(Deserialize)]
pub struct RawResolution {
    pub map_origin: Option<RawPoint>,
    pub map_size: Option<RawPoint>,
    pub pixels_per_grid: Option<f64>,
}

/// A door: `bounds` are its end points. `position` and `rotation` repeat what `bounds` say.
#[derive(Deserialize)]
pub struct RawPortal {
    pub bounds: Capped<RawPoint, MAX_PORTAL_BOUNDS>,
    /// A door the file does not call open is closed: the safer reading for line of sight.
    #[serde(default = "yes")]
    pub closed: bool,
}

#[derive(Deserialize)]
pub struct RawLight {
    pub position: RawPoint,
    pub range: f64,
    #[serde(default = "one")]
    pub intensity: f64,
    /// ARGB hex, e.g. `ffeccd8b`.
    pub color: Option<String>,
    #[serde(default = "yes")]
    pub shadows: bool,
}

fn yes() -> bool {
    true
}

fn one() -> f64 {
    1.0
}

/// The `format` field: a number (`0.3`) or, from some exporters, a string (`"1.0"`).
pub struct FormatVersion(pub f64);

impl<'de> Deserialize<'de> for FormatVersion {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(FormatVisitor)
    }
}

struct FormatVisitor;

impl Visitor<'_> for FormatVisitor {
    type Value = FormatVersion;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a format version number such as 0.3")
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<FormatVersion, E> {
        Ok(FormatVersion(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<FormatVersion, E> {
        Ok(FormatVersion(v as f64))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<FormatVersion, E> {
        Ok(FormatVersion(v as f64))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<FormatVersion, E> {
        v.trim()
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .map(FormatVersion)
            .ok_or_else(|| E::invalid_value(de::Unexpected::Str(&super::clip(v)), &self))
    }
}

/// A list that keeps at most `MAX` items and counts the rest, so a huge list costs time to
/// read but no memory. `null` reads as an empty list, as some exporters write it.
pub struct Capped<T, const MAX: usize> {
    pub items: Vec<T>,
    /// How many items the file listed, kept or not.
    pub total: u64,
}

impl<T, const MAX: usize> Default for Capped<T, MAX> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            total: 0,
        }
    }
}

impl<'de, T: Deserialize<'de>, const MAX: usize> Deserialize<'de> for Capped<T, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(CappedVisitor(PhantomData))
    }
}

struct CappedVisitor<T, const MAX: usize>(PhantomData<T>);

impl<'de, T: Deserialize<'de>, const MAX: usize> Visitor<'de> for CappedVisitor<T, MAX> {
    type Value = Capped<T, MAX>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Capped::default())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Capped::default();
        while let Some(item) = seq.next_element::<T>()? {
            out.total += 1;
            if out.items.len() < MAX {
                out.items.push(item);
            }
        }
        Ok(out)
    }
}

/// `line_of_sight`-style lists of polylines, with one budget of [`MAX_POINTS`] points shared by
/// all of them (a per-list cap would still allow millions of tiny lists).
#[derive(Default)]
pub struct Polylines {
    pub lines: Vec<Vec<RawPoint>>,
    /// Every point the file listed, kept or not.
    pub points: u64,
    /// Every segment the file listed: each point after the first of its polyline.
    pub segments: u64,
}

impl<'de> Deserialize<'de> for Polylines {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(PolylinesVisitor)
    }
}

struct PolylinesVisitor;

impl<'de> Visitor<'de> for PolylinesVisitor {
    type Value = Polylines;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of polylines (lists of {x, y} points)")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Polylines, E> {
        Ok(Polylines::default())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Polylines, A::Error> {
        let mut out = Polylines::default();
        while seq
            .next_element_seed(PolylineSeed { out: &mut out })?
            .is_some()
        {}
        Ok(out)
    }
}

/// Reads one polyline into `out`, keeping it only while the shared budget lasts.
struct PolylineSeed<'a> {
    out: &'a mut Polylines,
}

impl<'de> DeserializeSeed<'de> for PolylineSeed<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PolylineSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a polyline (a list of {x, y} points)")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut line = Vec::new();
        let mut count = 0_u64;
        while let Some(point) = seq.next_element::<RawPoint>()? {
            count += 1;
            if self.out.points + count <= MAX_POINTS {
                line.push(point);
            }
        }
        self.out.points += count;
        self.out.segments += count.saturating_sub(1);
        if self.out.points <= MAX_POINTS {
            self.out.lines.push(line);
        }
        Ok(())
    }
}
