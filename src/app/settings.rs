//! The shell's own settings (the dock's layout, recent files, recent folders, each display's
//! table-screen setup) in
//! `settings.json` of the data folder, written atomically: a full disk or a crash mid-write
//! leaves the previous settings whole, never an empty file.
//!
//! eframe's own store (`app.ron`) is written by eframe with a plain truncate-and-write that no
//! app can change, so Lantern gives it nothing to write: the window's size is ours
//! (`window_size`), and egui's memory (its options, such as the zoom, and where floating windows
//! stood) is kept here, in `egui_memory`, written atomically with the rest — eframe is told not
//! to persist it (`App::persist_egui_memory`). Settings a Lantern before this file kept in
//! `app.ron` are read from there once, when no `settings.json` exists yet.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use serde::{Deserialize, Serialize};

use super::players::TableScreens;
use super::{Dock, RecentFiles};
use crate::files::{read_regular, write_atomic};

/// Keys under which eframe's storage kept the shell's settings before `settings.json`.
const DOCK_KEY: &str = "lantern_dock";
const RECENT_KEY: &str = "lantern_recent_files";
const RECENT_FOLDERS_KEY: &str = "lantern_recent_folders";

/// What the shell keeps across runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// The dock's layout; `None` for the default one.
    #[serde(default)]
    pub dock: Option<Dock>,
    #[serde(default)]
    pub recent: RecentFiles,
    #[serde(default)]
    pub recent_folders: Vec<PathBuf>,
    /// Each display's table-screen setup (View → Table screen…).
    #[serde(default)]
    pub table_screens: TableScreens,
    /// The main window's size as a share of its monitor, so a run in a small window does not
    /// shrink the next one on a large screen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<super::window_size::WindowShare>,
    /// egui's memory as RON (what eframe would have kept in `app.ron`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub egui_memory: Option<String>,
}

/// egui's memory as RON, to keep in [`Settings::egui_memory`].
pub fn memory_ron(ctx: &egui::Context) -> Option<String> {
    ctx.memory(ron::to_string)
        .map_err(|err| log::warn!("could not keep egui's memory: {err}"))
        .ok()
}

/// Puts back egui's memory kept as RON; memory that does not read is let go (and logged).
pub fn restore_memory(ctx: &egui::Context, kept: &str) {
    match ron::from_str::<egui::Memory>(kept) {
        Ok(memory) => ctx.memory_mut(|m| *m = memory),
        Err(err) => log::warn!("could not read egui's kept memory: {err}"),
    }
}

/// The settings file of a data folder.
pub fn settings_path(data_dir: &Path) -> PathBuf {
    data_dir.join("settings.json")
}

impl Settings {
    /// The settings kept in `data_dir`, or else those an older Lantern kept in eframe's store.
    /// A file that cannot be read gives the defaults (and says why in the log): settings are
    /// a convenience, never a reason not to start.
    pub fn load(data_dir: Option<&Path>, storage: Option<&dyn eframe::Storage>) -> Self {
        if let Some(path) = data_dir.map(settings_path)
            && path.exists()
        {
            let read = read_regular(&path)
                .map_err(anyhow::Error::new)
                .and_then(|bytes| serde_json::from_slice(&bytes).map_err(anyhow::Error::new));
            match read {
                Ok(settings) => return settings,
                Err(err) => log::warn!("could not read the settings {}: {err:#}", path.display()),
            }
        }
        let Some(storage) = storage else {
            return Self::default();
        };
        Self {
            dock: eframe::get_value(storage, DOCK_KEY),
            recent: eframe::get_value(storage, RECENT_KEY).unwrap_or_default(),
            recent_folders: eframe::get_value(storage, RECENT_FOLDERS_KEY).unwrap_or_default(),
            table_screens: TableScreens::default(),
            window: None,
            egui_memory: None,
        }
    }

    /// Writes the settings into `data_dir` atomically (see [`write_atomic`]).
    pub fn write(&self, data_dir: &Path) -> anyhow::Result<()> {
        let path = settings_path(data_dir);
        std::fs::create_dir_all(data_dir)
            .with_context(|| format!("could not create the data folder {}", data_dir.display()))?;
        let bytes = serde_json::to_vec_pretty(self).context("could not encode the settings")?;
        write_atomic(&path, |w| w.write_all(&bytes))
            .with_context(|| format!("could not save the settings {}", path.display()))
    }

    /// Drops the copies an older Lantern kept in eframe's store, once ours are written.
    pub fn forget_in(storage: &mut dyn eframe::Storage) {
        for key in [DOCK_KEY, RECENT_KEY, RECENT_FOLDERS_KEY] {
            if storage.get_string(key).is_some() {
                storage.remove_string(key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_their_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut settings = Settings {
            dock: Some(super::super::default_dock()),
            ..Settings::default()
        };
        settings.recent.push(Path::new("/maps/mill.json"));
        settings.recent_folders.push(PathBuf::from("/maps"));
        settings.write(dir.path()).unwrap();
        assert_eq!(Settings::load(Some(dir.path()), None), settings);
    }

    #[test]
    fn an_unreadable_file_gives_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(settings_path(dir.path()), "").unwrap();
        assert_eq!(Settings::load(Some(dir.path()), None), Settings::default());
    }
}
