//! Importing a Universal VTT map: read and decode on a worker, ask whether it becomes a new
//! encounter or replaces the current map, then do that (the replacement is one undo step).

use std::path::PathBuf;

use anyhow::Context as _;

use super::job::{Job, progress_ui, read_with_progress};
use crate::app::map::background::BackgroundTiles;
use crate::app::prompts::AfterConfirm;
use crate::app::{LanternApp, Prompt};
use crate::board::footprint::gather_onto_map;
use crate::edit::Document;
use crate::files::{MAX_FILE_BYTES, UvttMap, uvtt_from_json};
use crate::model::{Command, ImageId, WallKind};

/// Where an imported map goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    NewEncounter,
    ReplaceMap,
}

/// A map being imported.
#[derive(Debug)]
pub struct MapImport {
    path: PathBuf,
    job: Option<Job<Decoded>>,
    decoded: Option<Decoded>,
    destination: Option<Destination>,
    /// "New encounter" was chosen and the unsaved-changes prompt is up.
    awaiting_unsaved: bool,
}

/// The worker's result: the map, and its image already cut into textures.
struct Decoded {
    map: UvttMap,
    tiles: BackgroundTiles,
}

impl std::fmt::Debug for Decoded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Decoded")
            .field("walls", &self.map.walls.len())
            .finish_non_exhaustive()
    }
}

impl MapImport {
    /// The worker's progress while it reads and decodes.
    pub(super) fn progress(&self) -> Option<&super::job::Progress> {
        self.job.as_ref().map(Job::progress)
    }

    fn name(&self) -> String {
        self.path.file_stem().map_or_else(
            || "Imported map".to_owned(),
            |s| s.to_string_lossy().into_owned(),
        )
    }
}

/// Reads, parses and decodes the file, then uploads its image in tiles.
fn decode(path: &std::path::Path, progress: &super::job::Progress) -> anyhow::Result<Decoded> {
    let bytes = read_with_progress(path, MAX_FILE_BYTES, progress, (0.0, 0.3))?;
    progress.set("Decoding", 0.3);
    let mut map = uvtt_from_json(&bytes, path.parent())?;
    drop(bytes);
    progress.set("Uploading", 0.6);
    let name = format!("import-{}", path.display());
    let tiles = BackgroundTiles::upload(
        progress.ctx()?,
        &name,
        &map.image_rgba,
        Some((progress, 0.6, 1.0)),
    );
    // The textures hold the pixels now; the decoded copy would only take memory.
    map.image_rgba = image::RgbaImage::new(0, 0);
    Ok(Decoded { map, tiles })
}

impl LanternApp {
    pub(super) fn start_map_import(&mut self, ctx: &egui::Context, path: PathBuf) {
        let worker_path = path.clone();
        let job = Job::spawn(ctx, move |progress| {
            decode(&worker_path, progress)
                .with_context(|| format!("Could not import {}", worker_path.display()))
        });
        // A newer file replaces an import still waiting: the GM changed their mind.
        self.imports.map = Some(MapImport {
            path,
            job: Some(job),
            decoded: None,
            destination: None,
            awaiting_unsaved: false,
        });
    }

    /// Called once the unsaved-changes prompt was answered with Save (and saved) or Discard.
    pub(in crate::app) fn import_into_new_encounter(&mut self) {
        if let Some(import) = &mut self.imports.map {
            import.awaiting_unsaved = false;
            import.destination = Some(Destination::NewEncounter);
        }
    }

    pub(super) fn map_import_logic(&mut self, _ctx: &egui::Context) {
        let Some(import) = &mut self.imports.map else {
            return;
        };
        if import.awaiting_unsaved && self.prompt.is_none() && !self.dialogs.is_open() {
            // The GM cancelled the unsaved-changes prompt (or the Save As dialog): no import.
            self.imports.map = None;
            return;
        }
        if let Some(result) = import.job.as_mut().and_then(Job::poll) {
            import.job = None;
            match result {
                Ok(decoded) => import.decoded = Some(decoded),
                Err(err) => {
                    self.imports.map = None;
                    self.notifications.error(&err);
                    return;
                }
            }
        }
        let ready = import.decoded.is_some() && import.destination.is_some();
        if ready && let Some(import) = self.imports.map.take() {
            self.finish_map_import(import);
        }
    }

    fn finish_map_import(&mut self, import: MapImport) {
        let name = import.name();
        let (Some(decoded), Some(destination)) = (import.decoded, import.destination) else {
            return;
        };
        let Decoded { map, tiles } = decoded;
        let stats = summary(&map);
        match destination {
            Destination::NewEncounter => {
                let system = self.document.encounter.system;
                let encounter = map.into_encounter(name.clone(), system).encounter;
                if let Some(image) = encounter.images.get(&ImageId(1)) {
                    let source = std::sync::Arc::clone(&image.data);
                    self.map_view
                        .backgrounds()
                        .insert(ImageId(1), source, tiles);
                }
                self.replace_document(Document::new(encounter, None));
            }
            Destination::ReplaceMap => {
                let encounter = &self.document.encounter;
                let image = encounter.fresh_image_id();
                // Tokens the smaller or different map would leave outside come onto it.
                let gather = gather_onto_map(
                    &map.map_spec(&encounter.map, image),
                    &std::collections::BTreeSet::new(),
                    &encounter.tokens,
                );
                let command = Command::Batch(vec![
                    map.replace_map_command(encounter),
                    Command::Batch(gather),
                ]);
                if let Err(err) = self.document.apply(command) {
                    let err = anyhow::Error::new(err).context(format!("Could not use {name}"));
                    self.notifications.error(&err);
                    return;
                }
                let source = std::sync::Arc::clone(&map.image.data);
                self.map_view.backgrounds().insert(image, source, tiles);
            }
        }
        self.map_view.fit_map();
        self.notifications.info(format!("Imported {name}: {stats}"));
    }

    pub(super) fn map_import_ui(&mut self, ctx: &egui::Context) {
        let Some(import) = &self.imports.map else {
            return;
        };
        if let Some(job) = &import.job {
            let title = format!("Importing {}…", import.name());
            progress_ui(ctx, "map-import", &title, job);
        }
        if import.destination.is_some() || import.awaiting_unsaved || self.prompt.is_some() {
            return;
        }
        let encounter_name = crate::app::text::name(&self.document.encounter.name).into_owned();
        match destination_ui(ctx, &import.name(), &encounter_name) {
            Some(Answer::NewEncounter) => {
                if self.document.is_dirty() {
                    self.prompt = Some(Prompt::Unsaved(AfterConfirm::ImportMap));
                    if let Some(import) = &mut self.imports.map {
                        import.awaiting_unsaved = true;
                    }
                } else {
                    self.import_into_new_encounter();
                }
            }
            Some(Answer::ReplaceMap) => {
                if let Some(import) = &mut self.imports.map {
                    import.destination = Some(Destination::ReplaceMap);
                }
            }
            Some(Answer::Cancel) => self.imports.map = None,
            None => {}
        }
    }
}

/// "12 walls, 3 doors" for the confirmation.
fn summary(map: &UvttMap) -> String {
    let doors = map
        .walls
        .iter()
        .filter(|w| matches!(w.kind, WallKind::Door { .. }))
        .count();
    format!(
        "{}×{} cells, {} walls, {doors} doors",
        map.width_cells,
        map.height_cells,
        map.walls.len() - doors
    )
}

/// The buttons of the import question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    NewEncounter,
    ReplaceMap,
    Cancel,
}

/// The question: a new encounter, or this encounter's map replaced?
fn destination_ui(ctx: &egui::Context, file: &str, encounter: &str) -> Option<Answer> {
    let modal = egui::Modal::new(egui::Id::unique("import_destination")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.heading(format!("Import “{file}”"));
        ui.label(
            "Start a new encounter on this map, or put it under the current encounter's tokens?",
        );
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("New encounter").clicked() {
                return Some(Answer::NewEncounter);
            }
            let replace = format!("Replace the map of “{encounter}”");
            if ui.button(replace).clicked() {
                return Some(Answer::ReplaceMap);
            }
            ui.button("Cancel").clicked().then_some(Answer::Cancel)
        })
        .inner
    });
    let escaped = modal.should_close() && modal.inner.is_none();
    modal.inner.or(escaped.then_some(Answer::Cancel))
}
