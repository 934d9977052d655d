//! Why a Universal VTT map could not be imported.

use std::path::PathBuf;

/// Why a Universal VTT file (`.dd2vtt`, `.df2vtt`, `.uvtt`) could not be imported. Each names
/// the problem in words a GM can act on; paths come last.
#[derive(Debug, thiserror::Error)]
pub enum UvttError {
    #[error("the map file does not exist")]
    Missing,
    #[error("could not read the map file: {0}")]
    Read(std::io::Error),
    #[error("the map file is {found_mb} MB; Lantern imports maps up to {max_mb} MB")]
    FileTooLarge { found_mb: u64, max_mb: u64 },
    #[error("this is not a Universal VTT map: it is not valid JSON ({0})")]
    NotJson(String),
    #[error("this is not a Universal VTT map: it has no `{0}`")]
    NotUvtt(&'static str),
    #[error("the Universal VTT map is damaged: {0}")]
    WrongShape(String),
    #[error("this map is Universal VTT format {0}; Lantern reads formats 0.2, 0.3 and 1.0")]
    UnsupportedFormat(String),
    #[error(
        "the map says a cell is {} pixels wide; Lantern needs 1 to {max} pixels per cell",
        number(*.0),
        max = super::MAX_PIXELS_PER_GRID
    )]
    BadPixelsPerGrid(f64),
    #[error(
        "the map is {}×{} cells; it must be 1 to {max} cells on each side",
        number(*width),
        number(*height),
        max = crate::model::MapSpec::MAX_CELLS
    )]
    BadMapSize { width: f64, height: f64 },
    #[error("the map file holds no map image")]
    NoImage,
    #[error("the map image file is missing: {}", .0.display())]
    ImageFileMissing(PathBuf),
    #[error("the map image names a file, but the map was not read from a folder: {0}")]
    ImagePathWithoutFolder(String),
    // `cause`, not `source`: the message quotes it, so it is not given as a source again.
    #[error("could not read the map image ({cause}): {}", path.display())]
    ImageRead {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error(
        "the map image is {width}×{height} pixels; Lantern opens images up to {max} pixels a side",
        max = crate::files::MAX_IMAGE_SIDE_PX
    )]
    ImageTooBig { width: u32, height: u32 },
    #[error("the map image is {found_mb} MB; Lantern opens image files up to {max_mb} MB")]
    ImageFileTooLarge { found_mb: u64, max_mb: u64 },
    #[error("the map image could not be decoded: {0}")]
    BadImage(String),
    #[error(
        "a coordinate at `{path}` is {}; map coordinates must lie within ±{max} cells",
        number(*value),
        max = super::MAX_COORDINATE_CELLS
    )]
    BadCoordinate { path: String, value: f64 },
    #[error(
        "the map has {found} wall and door segments; Lantern imports at most {max}",
        max = super::MAX_SEGMENTS
    )]
    TooManySegments { found: u64 },
    #[error(
        "the map lists {found} wall points; Lantern imports at most {max}",
        max = super::MAX_POINTS
    )]
    TooManyPoints { found: u64 },
    #[error(
        "the map has {found} lights; Lantern imports at most {max}",
        max = super::MAX_LIGHTS
    )]
    TooManyLights { found: u64 },
    #[error("the map's walls or lights are unusable: {0}")]
    Invalid(crate::model::CommandError),
    #[error("light {index} is unusable: {reason}")]
    BadLight { index: usize, reason: String },
}

/// A number for a message: plain when readable, in exponent form when huge or tiny (a damaged
/// file's 1e300 would otherwise print as three hundred digits).
pub(crate) fn number(value: f64) -> String {
    let size = value.abs();
    if size >= 1e9 || (size != 0.0 && size < 1e-6) {
        format!("{value:e}")
    } else {
        format!("{value}")
    }
}
