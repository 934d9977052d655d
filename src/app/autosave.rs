//! The autosave: a copy of unsaved work in the data folder, offered back after a crash.

use std::path::{Path, PathBuf};

use anyhow::Context as _;

use crate::edit::Document;
use crate::files::{load_encounter, save_encounter, write_atomic};
use crate::model::Encounter;

/// An autosave found at start-up, waiting for the GM to restore or discard it.
#[derive(Debug)]
pub struct RestoreOffer {
    pub encounter: Encounter,
    /// The file the autosaved work belongs to, if it had one.
    pub origin: Option<PathBuf>,
}

/// The autosave files in one data folder.
#[derive(Clone, Debug)]
pub struct Autosave {
    dir: PathBuf,
}

impl Autosave {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    pub fn encounter_path(&self) -> PathBuf {
        self.dir.join("autosave.lantern.json")
    }

    /// Remembers which file the autosave belongs to, so a restore keeps "Save" pointing at it.
    fn origin_path(&self) -> PathBuf {
        self.dir.join("autosave-origin.txt")
    }

    pub fn write(&self, document: &Document) -> anyhow::Result<()> {
        std::fs::create_dir_all(&self.dir)
            .with_context(|| format!("could not create the data folder {}", self.dir.display()))?;
        let path = self.encounter_path();
        save_encounter(&path, &document.encounter)
            .with_context(|| format!("autosave failed: {}", path.display()))?;
        let origin = document
            .path
            .as_ref()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        write_origin(&self.origin_path(), &origin)
    }

    /// The autosave left by an earlier run, if any.
    pub fn find(&self) -> anyhow::Result<Option<RestoreOffer>> {
        let path = self.encounter_path();
        if !path.exists() {
            return Ok(None);
        }
        let encounter = load_encounter(&path)
            .with_context(|| format!("the autosave could not be read: {}", path.display()))?;
        let origin = crate::files::read_regular(&self.origin_path())
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .filter(|s| !s.trim().is_empty())
            .map(|s| PathBuf::from(s.trim()));
        Ok(Some(RestoreOffer { encounter, origin }))
    }

    /// Deletes the autosave (after a real save or a clean close). Missing files are fine.
    pub fn remove(&self) -> anyhow::Result<()> {
        for path in [self.encounter_path(), self.origin_path()] {
            match std::fs::remove_file(&path) {
                Err(err) if err.kind() != std::io::ErrorKind::NotFound => {
                    return Err(err).with_context(|| {
                        format!("could not delete the autosave {}", path.display())
                    });
                }
                _ => {}
            }
        }
        Ok(())
    }
}

fn write_origin(path: &Path, origin: &str) -> anyhow::Result<()> {
    write_atomic(path, |out| out.write_all(origin.as_bytes()))
        .with_context(|| format!("autosave failed: {}", path.display()))
}
