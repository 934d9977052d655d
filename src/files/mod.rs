//! Reading and writing files: the encounter format, atomic saves and Universal VTT map import.
//! Pure core: no egui.
//!
//! # What is where
//!
//! - The encounter format (`FORMAT.md`): versioned JSON with migration and validation
//!   (`encounter_file.rs`), exact float parsing, and images decoded with limits (`images.rs`);
//!   a handout's picture checked against them and the file's pixel budget before it joins
//!   (`handout_picture.rs`).
//! - Atomic saves (`atomic.rs`): a temporary file per save, swept on the next save or load,
//!   permissions kept, a symlink's target written.
//! - A one-pass listing read (`scan.rs`): every field but the images, which are checked by their
//!   headers, for the library's listing.
//! - Command scripts (`script.rs`): a list of commands, read with each wrong field's path.
//! - The Universal VTT importer (`uvtt/`: `.dd2vtt`, `.df2vtt`, `.uvtt`).

mod atomic;
mod encounter_file;
mod error;
mod handout_picture;
mod images;
mod read;
mod scan;
mod script;
mod uvtt;

pub use atomic::{check_replaceable, process_running, sweep_temp_files, write_atomic};
pub use encounter_file::{
    FORMAT_VERSION, decode_images, encounter_from_json, encounter_from_json_headers,
    encounter_from_json_noting, encounter_to_json, load_encounter, load_encounter_noting, migrate,
    save_encounter,
};
pub use error::FileError;
pub(crate) use error::clip_message;
pub use handout_picture::{PictureError, handout_picture};
pub use images::{
    BASE_PIXEL_BUDGET, MAX_DECODE_BYTES, MAX_IMAGE_SIDE_PX, PIXELS_PER_ENCODED_BYTE, decode_image,
    image_limits, image_pixels, image_size, pixel_budget, pixels_within_limits,
};
pub use read::{check_regular, open_regular, read_regular};
pub use scan::{EncounterListing, ImageHeader, encounter_listing_from_json};
pub use script::{ScriptError, commands_from_json};
pub use uvtt::{
    ImportStats, LATTICE_PER_CELL, MAX_COORDINATE_CELLS, MAX_FILE_BYTES, MAX_LIGHTS,
    MAX_PIXELS_PER_GRID, MAX_POINTS, MAX_SEGMENTS, UVTT_EXTENSIONS, UvttError, UvttImport, UvttMap,
    import_uvtt, read_uvtt, uvtt_from_json,
};
