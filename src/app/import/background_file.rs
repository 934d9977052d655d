//! File → Set map background…: read and decode an image on a worker, then embed it and lay it
//! over the map as one undoable command. The image starts stretched across the map's width; the
//! Align image tool then fits its grid to the map's.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context as _;

use super::job::{Job, Progress, progress_ui, read_with_progress};
use crate::app::LanternApp;
use crate::app::map::Tool;
use crate::app::map::background::BackgroundTiles;
use crate::files::decode_image;
use crate::model::{Background, Command, EmbeddedImage, Encounter, GridPoint, ImageId};

/// The largest image file read (a 16k × 16k JPEG is well under this).
const MAX_IMAGE_FILE_BYTES: u64 = 256 << 20;

/// An image being loaded for the background.
#[derive(Debug)]
pub struct BackgroundLoad {
    path: PathBuf,
    job: Job<Loaded>,
}

struct Loaded {
    image: EmbeddedImage,
    tiles: BackgroundTiles,
}

impl BackgroundLoad {
    pub fn progress_ui(&self, ctx: &egui::Context) {
        let name = crate::app::text::file_name(&self.path);
        let title = format!("Loading {name}…");
        progress_ui(ctx, "background-file", &title, &self.job);
    }
}

fn load(path: &Path, progress: &Progress) -> anyhow::Result<Loaded> {
    let bytes = read_with_progress(path, MAX_IMAGE_FILE_BYTES, progress, (0.0, 0.3))?;
    progress.set("Decoding", 0.3);
    let rgba = decode_image(&bytes).map_err(anyhow::Error::msg)?;
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let tiles = BackgroundTiles::upload(
        progress.ctx()?,
        &format!("background-{}", path.display()),
        &rgba,
        Some((progress, 0.6, 1.0)),
    );
    Ok(Loaded {
        image: EmbeddedImage::new(name, Arc::<[u8]>::from(bytes)),
        tiles,
    })
}

/// Embeds `image` and makes it the background, stretched across the map's width; the old
/// background image goes too unless a token shows it. One step.
pub fn set_background_command(
    encounter: &Encounter,
    image: EmbeddedImage,
    width_px: u32,
) -> (ImageId, Command) {
    let id = encounter.fresh_image_id();
    let old = encounter.map.background.as_ref().map(|bg| bg.image);
    let old_unused = old.filter(|old| !encounter.tokens.iter().any(|t| t.image == Some(*old)));
    let pixels_per_cell = (f64::from(width_px) / f64::from(encounter.map.width_cells)).max(1.0);
    let mut commands = vec![
        Command::AddImage { id, image },
        Command::SetBackground(Some(Background {
            image: id,
            origin_in_grid: GridPoint::new(0.0, 0.0),
            pixels_per_cell,
        })),
    ];
    commands.extend(old_unused.map(Command::RemoveImage));
    (id, Command::Batch(commands))
}

impl LanternApp {
    pub(super) fn start_background(&mut self, ctx: &egui::Context, path: PathBuf) {
        let worker_path = path.clone();
        let job = Job::spawn(ctx, move |progress| {
            load(&worker_path, progress).with_context(|| {
                format!("Could not use {} as the background", worker_path.display())
            })
        });
        self.imports.background = Some(BackgroundLoad { path, job });
    }

    pub(super) fn background_logic(&mut self) {
        let Some(load) = &mut self.imports.background else {
            return;
        };
        let Some(result) = load.job.poll() else {
            return;
        };
        self.imports.background = None;
        let Loaded { image, tiles } = match result {
            Ok(loaded) => loaded,
            Err(err) => {
                self.notifications.error(&err);
                return;
            }
        };
        let source = Arc::clone(&image.data);
        let width_px = tiles.size_px()[0];
        let (id, command) = set_background_command(&self.document.encounter, image, width_px);
        match self.document.apply(command) {
            Ok(()) => {
                self.map_view.backgrounds().insert(id, source, tiles);
                // The next thing a GM does with a new background is line its grid up.
                self.map_view.tools().set_tool(Tool::Calibrate);
            }
            Err(err) => self
                .notifications
                .error(&anyhow::Error::new(err).context("Could not set the background")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::apply;
    use crate::model::RuleSystem;

    #[test]
    fn a_new_background_replaces_the_old_image_in_one_step() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        let (first, command) = set_background_command(&e, EmbeddedImage::new("a", vec![1]), 600);
        apply(&mut e, command).unwrap();
        let bg = e.map.background.clone().unwrap();
        assert_eq!(bg.image, first);
        assert!(
            (bg.pixels_per_cell - 20.0).abs() < 1e-12,
            "600 px over 30 cells"
        );
        let before = e.clone();
        let (second, command) = set_background_command(&e, EmbeddedImage::new("b", vec![2]), 300);
        let inverse = apply(&mut e, command).unwrap();
        assert_eq!(e.images.len(), 1);
        assert!(e.images.contains_key(&second));
        apply(&mut e, inverse).unwrap();
        assert_eq!(e, before);
    }
}
