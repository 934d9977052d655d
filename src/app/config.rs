//! Where the app keeps its own files, injectable so tests never touch the real data folder.

use std::path::PathBuf;
use std::time::Duration;

/// Start-up settings of [`super::LanternApp`].
#[derive(Clone, Debug)]
pub struct AppConfig {
    /// Folder for the autosave; `None` turns autosave off (no platform data folder was found).
    pub data_dir: Option<PathBuf>,
    /// How long unsaved changes wait before they are autosaved.
    pub autosave_interval: Duration,
}

impl AppConfig {
    /// Autosave every 30 s, as the issue asks.
    pub const AUTOSAVE_SECS: u64 = 30;

    /// The platform data folder (e.g. `~/.local/share/lantern` on Linux).
    pub fn platform() -> Self {
        let data_dir = directories::ProjectDirs::from("", "", "Lantern")
            .map(|dirs| dirs.data_dir().to_path_buf());
        Self::with_data_dir(data_dir)
    }

    pub fn with_data_dir(data_dir: Option<PathBuf>) -> Self {
        Self {
            data_dir,
            autosave_interval: Duration::from_secs(Self::AUTOSAVE_SECS),
        }
    }
}
