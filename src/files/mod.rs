//! Reading and writing files: the encounter format and atomic saves. Pure core: no egui.

mod atomic;
mod encounter_file;
mod error;
mod images;

pub use atomic::write_atomic;
pub use encounter_file::{
    FORMAT_VERSION, encounter_from_json, encounter_to_json, load_encounter, migrate, save_encounter,
};
pub use error::FileError;
pub use images::{MAX_IMAGE_SIDE_PX, decode_image, image_limits};
