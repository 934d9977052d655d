//! Handouts (View → Handouts…): pictures the GM keeps with the encounter and shows on the
//! players' window, as a card in the corner or full screen with the map still under it.
//!
//! A picture comes from a file (the usual file dialog), a pasted picture (Ctrl+V while this
//! window is open) or a library map entry (its Handout button, `library/pane.rs`). Each is read,
//! decoded through the bounded decoder and checked against the file's pixel budget on a worker
//! (`files::handout_picture`); a refused one says why. The list is encounter data (commands,
//! undo, saved); which one is shown is view state (`PlayersWindow::handout`), dismissed from
//! here or from the View menu. Pictures are decoded for the screen on workers, at most
//! [`MAX_SHOWN_SIDE`] pixels a side, two at a time.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context as _;
use egui::{ColorImage, TextureHandle, TextureOptions};

use super::LanternApp;
use super::import::job::{Job, Progress, read_with_progress};
use crate::files::{decode_image, handout_picture};
use crate::model::{
    Command, EmbeddedImage, Encounter, Handout, HandoutCommand, HandoutId, HandoutPlacement,
    HandoutShown, ImageId, fresh_handout_id,
};

/// The largest picture file read.
const MAX_PICTURE_FILE_BYTES: u64 = 256 << 20;
/// The longest side a picture is drawn from: plenty for a 4K screen.
pub const MAX_SHOWN_SIDE: u32 = 4096;
/// How many pictures decode for the screen at once.
const DECODING_AT_ONCE: usize = 2;
/// The height of a thumbnail in the list, in points.
const THUMB_HEIGHT: f32 = 48.0;

/// A picture ready to draw, or on its way, or refused.
enum Picture {
    Decoding(Job<TextureHandle>),
    Ready(TextureHandle),
    Failed(String),
}

/// A new handout's picture, checked and decoded.
struct Added {
    name: String,
    image: EmbeddedImage,
    texture: TextureHandle,
}

/// The Handouts window's state and the pictures' textures. View state: never saved.
#[derive(Default)]
pub struct HandoutsState {
    pub open: bool,
    pictures: HashMap<ImageId, Picture>,
    /// A picture being read and checked to become a handout.
    adding: Option<(String, Job<Added>)>,
    /// A handout being renamed, with the name typed so far.
    renaming: Option<(HandoutId, String)>,
}

impl std::fmt::Debug for HandoutsState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HandoutsState")
            .field("open", &self.open)
            .field("pictures", &self.pictures.len())
            .field("adding", &self.adding.as_ref().map(|(name, _)| name))
            .finish_non_exhaustive()
    }
}

impl HandoutsState {
    /// Whether a picture is still being read, checked or decoded.
    pub fn busy(&self) -> bool {
        self.adding.is_some()
            || self
                .pictures
                .values()
                .any(|p| matches!(p, Picture::Decoding(_)))
    }

    /// The texture of `image`, when it is decoded.
    fn texture(&self, image: ImageId) -> Option<&TextureHandle> {
        match self.pictures.get(&image) {
            Some(Picture::Ready(texture)) => Some(texture),
            _ => None,
        }
    }

    /// Takes the decoded pictures, and starts decoding those `encounter`'s handouts need.
    fn poll_pictures(&mut self, ctx: &egui::Context, encounter: &Encounter, wanted: bool) {
        for picture in self.pictures.values_mut() {
            if let Picture::Decoding(job) = picture
                && let Some(result) = job.poll()
            {
                *picture = match result {
                    Ok(texture) => Picture::Ready(texture),
                    Err(err) => Picture::Failed(format!("{err:#}")),
                };
            }
        }
        if !wanted {
            return;
        }
        let mut decoding = self
            .pictures
            .values()
            .filter(|p| matches!(p, Picture::Decoding(_)))
            .count();
        for handout in &encounter.handouts {
            if decoding >= DECODING_AT_ONCE {
                break;
            }
            if self.pictures.contains_key(&handout.image) {
                continue;
            }
            let Some(image) = encounter.images.get(&handout.image) else {
                continue;
            };
            let data = Arc::clone(&image.data);
            let name = format!("handout-{}", handout.image);
            let job = Job::spawn(ctx, move |progress| {
                progress.set("Decoding", 0.1);
                let rgba = decode_image(&data).map_err(anyhow::Error::msg)?;
                upload(progress, &name, rgba)
            });
            self.pictures.insert(handout.image, Picture::Decoding(job));
            decoding += 1;
        }
    }
}

/// The picture scaled to at most [`MAX_SHOWN_SIDE`] a side and uploaded.
fn upload(
    progress: &Progress,
    name: &str,
    rgba: image::RgbaImage,
) -> anyhow::Result<TextureHandle> {
    let (w, h) = rgba.dimensions();
    let rgba = if w.max(h) > MAX_SHOWN_SIDE {
        progress.set("Scaling", 0.6);
        let scale = f64::from(MAX_SHOWN_SIDE) / f64::from(w.max(h));
        let (nw, nh) = (
            ((f64::from(w) * scale) as u32).max(1),
            ((f64::from(h) * scale) as u32).max(1),
        );
        image::imageops::resize(&rgba, nw, nh, image::imageops::FilterType::Triangle)
    } else {
        rgba
    };
    let size = [rgba.width() as usize, rgba.height() as usize];
    let image = ColorImage::from_rgba_unmultiplied(size, rgba.as_raw());
    progress.set("Uploading", 0.9);
    Ok(progress
        .ctx()?
        .load_texture(name, image, TextureOptions::LINEAR))
}

/// Checks and decodes a picture for a new handout (on a worker).
fn check_picture(
    progress: &Progress,
    images: &std::collections::BTreeMap<ImageId, EmbeddedImage>,
    name: &str,
    bytes: Vec<u8>,
) -> anyhow::Result<Added> {
    progress.set("Checking", 0.3);
    let (image, rgba) = handout_picture(images, name, bytes.into())?;
    let texture = upload(progress, &format!("handout-new-{name}"), rgba)?;
    Ok(Added {
        name: name.to_owned(),
        image,
        texture,
    })
}

/// A file's name without its extension, for a handout's name.
fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || "Handout".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// The command that adds a handout showing `image` (a new picture), named `name`.
pub fn add_handout_command(encounter: &Encounter, name: &str, image: EmbeddedImage) -> Command {
    let name: String = name
        .chars()
        .take(crate::model::validate::MAX_NAME_CHARS)
        .collect();
    Command::Handout(HandoutCommand::Add {
        handout: Handout {
            id: fresh_handout_id(&encounter.handouts),
            name: if name.trim().is_empty() {
                "Handout".to_owned()
            } else {
                name
            },
            image: encounter.fresh_image_id(),
        },
        index: None,
        picture: Some(image),
    })
}

fn library_request_id() -> egui::Id {
    egui::Id::unique("lantern_handout_from_library")
}

/// Asks for a library map entry's picture as a handout (its Handout button): the app reads the
/// entry and checks the picture on a worker.
pub fn request_from_library(ctx: &egui::Context, row: &super::library::Row) {
    ctx.data_mut(|d| d.insert_temp(library_request_id(), Some(Arc::clone(row))));
    ctx.request_repaint();
}

impl LanternApp {
    /// Reads a library map entry to add its background as a handout.
    fn add_library_handout(&mut self, ctx: &egui::Context, row: super::library::Row) {
        let images = self.document.encounter.images.clone();
        let name = row
            .usable()
            .map_or_else(|| "Map".to_owned(), |entry| entry.name.clone());
        let worker_name = name.clone();
        let job = Job::spawn(ctx, move |progress| {
            progress.set("Reading", 0.0);
            let entry = row.load().map_err(|err| anyhow::anyhow!("{err}"))?;
            let map = &entry.encounter;
            let picture = map
                .map
                .background
                .as_ref()
                .and_then(|bg| map.images.get(&bg.image))
                .with_context(|| format!("“{worker_name}” has no picture"))?;
            check_picture(progress, &images, &worker_name, picture.data.to_vec())
        });
        self.handouts.adding = Some((name, job));
        self.handouts.open = true;
    }

    /// Reads the picture at `path` to add as a handout (the file dialog's answer).
    pub(super) fn add_handout_file(&mut self, ctx: &egui::Context, path: PathBuf) {
        let images = self.document.encounter.images.clone();
        let name = stem(&path);
        let worker_name = name.clone();
        let job = Job::spawn(ctx, move |progress| {
            let bytes = read_with_progress(&path, MAX_PICTURE_FILE_BYTES, progress, (0.0, 0.3))
                .with_context(|| format!("Could not read {}", path.display()))?;
            check_picture(progress, &images, &worker_name, bytes)
        });
        self.handouts.adding = Some((name, job));
    }

    /// Adds a pasted picture as a handout.
    fn add_pasted_handout(&mut self, ctx: &egui::Context, pasted: &ColorImage) {
        let images = self.document.encounter.images.clone();
        let [w, h] = pasted.size;
        let pixels: Vec<u8> = pasted
            .pixels
            .iter()
            .flat_map(egui::Color32::to_array)
            .collect();
        let name = "Pasted picture".to_owned();
        let worker_name = name.clone();
        let job = Job::spawn(ctx, move |progress| {
            let rgba = image::RgbaImage::from_raw(w as u32, h as u32, pixels)
                .context("the pasted picture's size does not match its pixels")?;
            let mut png = std::io::Cursor::new(Vec::new());
            rgba.write_to(&mut png, image::ImageFormat::Png)
                .context("could not keep the pasted picture")?;
            check_picture(progress, &images, &worker_name, png.into_inner())
        });
        self.handouts.adding = Some((name, job));
    }

    /// Takes finished work: a new handout (one undo step), decoded pictures; a pasted picture
    /// while the window is open; and keeps the players' window's picture current.
    pub(super) fn handouts_logic(&mut self, ctx: &egui::Context) {
        if self.handouts.open
            && let Some(pasted) = ctx.input(|i| {
                i.events.iter().find_map(|e| match e {
                    egui::Event::PasteImage(image) => Some(Arc::clone(image)),
                    _ => None,
                })
            })
        {
            self.add_pasted_handout(ctx, &pasted);
        }
        if let Some(row) = ctx.data_mut(|d| {
            d.remove_temp::<Option<super::library::Row>>(library_request_id())
                .flatten()
        }) {
            self.add_library_handout(ctx, row);
        }
        self.take_added_handout();
        let encounter = &self.document.encounter;
        let shown = crate::model::shown_to_players(encounter, self.players.handout.shown);
        let wanted = self.handouts.open || shown.is_some();
        self.handouts.poll_pictures(ctx, encounter, wanted);
        self.players.handout.texture =
            shown.and_then(|(h, _)| self.handouts.texture(h.image).cloned());
        if self.handouts.busy() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    fn take_added_handout(&mut self) {
        let Some((_, job)) = &mut self.handouts.adding else {
            return;
        };
        let Some(result) = job.poll() else {
            return;
        };
        self.handouts.adding = None;
        let added = match result {
            Ok(added) => added,
            Err(err) => {
                self.notifications
                    .error(&err.context("Could not add the handout"));
                return;
            }
        };
        let command = add_handout_command(&self.document.encounter, &added.name, added.image);
        let Command::Handout(HandoutCommand::Add { handout, .. }) = &command else {
            return;
        };
        let image = handout.image;
        match self.document.apply(command) {
            Ok(()) => {
                self.handouts
                    .pictures
                    .insert(image, Picture::Ready(added.texture));
            }
            Err(err) => self
                .notifications
                .error(&anyhow::Error::new(err).context("Could not add the handout")),
        }
    }

    /// The Handouts window, while it is open.
    pub(super) fn handouts_window(&mut self, ctx: &egui::Context) {
        if !self.handouts.open {
            return;
        }
        let mut open = true;
        let mut actions = Vec::new();
        let encounter = &self.document.encounter;
        let shown = self.players.handout.shown;
        let state = &mut self.handouts;
        // Below the menu bar, left of the dock's right-hand panes.
        egui::Window::new("Handouts")
            .open(&mut open)
            .default_pos([360.0, 80.0])
            .default_width(380.0)
            .show(ctx, |ui| {
                handouts_ui(ui, encounter, shown, state, &mut actions);
            });
        self.handouts.open = open;
        for action in actions {
            self.run_handout_action(ctx, action);
        }
    }

    fn run_handout_action(&mut self, ctx: &egui::Context, action: HandoutAction) {
        match action {
            HandoutAction::AddFile => {
                self.start_dialog(ctx, super::dialogs::DialogPurpose::HandoutImage);
            }
            HandoutAction::Show(shown) => {
                self.players.handout.shown = Some(shown);
                if !self.players.open {
                    self.players.open = true;
                }
            }
            HandoutAction::Dismiss => self.players.handout.shown = None,
            HandoutAction::Command(command) => self.pending.push(*command),
        }
        ctx.request_repaint();
    }
}

/// What a click in the Handouts window asks for.
enum HandoutAction {
    AddFile,
    Show(HandoutShown),
    Dismiss,
    Command(Box<Command>),
}

fn handouts_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    shown: Option<HandoutShown>,
    state: &mut HandoutsState,
    actions: &mut Vec<HandoutAction>,
) {
    let shown = crate::model::shown_to_players(encounter, shown);
    ui.horizontal(|ui| {
        if ui
            .button("Add picture…")
            .on_hover_text("A PNG, JPEG or WebP file to show the players")
            .clicked()
        {
            actions.push(HandoutAction::AddFile);
        }
        ui.weak("or paste one (Ctrl+V)");
    });
    if let Some((name, _)) = &state.adding {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(format!("Checking “{}”…", super::text::name(name)));
        });
    }
    if let Some((handout, placement)) = shown {
        ui.horizontal(|ui| {
            let place = match placement {
                HandoutPlacement::Corner => "in the corner",
                HandoutPlacement::Full => "full screen",
            };
            ui.label(format!(
                "Showing “{}” {place}",
                super::text::name(&handout.name)
            ));
            if ui
                .button("Dismiss")
                .on_hover_text("Take the handout off the players' window")
                .clicked()
            {
                actions.push(HandoutAction::Dismiss);
            }
        });
    }
    ui.separator();
    if encounter.handouts.is_empty() {
        ui.weak("No handouts yet. A library map's Handout button adds its picture too.");
        return;
    }
    egui::ScrollArea::vertical()
        .max_height(360.0)
        .show(ui, |ui| {
            for handout in &encounter.handouts {
                let is_shown = shown.is_some_and(|(h, _)| h.id == handout.id);
                let mut parts = RowParts {
                    pictures: &state.pictures,
                    renaming: &mut state.renaming,
                };
                row_ui(ui, &mut parts, handout, is_shown, actions);
            }
        });
}

/// What a row reads from the app: the pictures and the rename under way.
struct RowParts<'a> {
    pictures: &'a HashMap<ImageId, Picture>,
    renaming: &'a mut Option<(HandoutId, String)>,
}

fn row_ui(
    ui: &mut egui::Ui,
    parts: &mut RowParts<'_>,
    handout: &Handout,
    is_shown: bool,
    actions: &mut Vec<HandoutAction>,
) {
    ui.horizontal(|ui| {
        thumbnail_ui(ui, parts.pictures.get(&handout.image));
        ui.vertical(|ui| {
            name_ui(ui, parts.renaming, handout, actions);
            ui.horizontal(|ui| {
                for (placement, text, hint) in [
                    (
                        HandoutPlacement::Corner,
                        "Corner",
                        "Show it as a card in the corner of the players' window",
                    ),
                    (
                        HandoutPlacement::Full,
                        "Full screen",
                        "Show it as large as the players' window allows, the map under it",
                    ),
                ] {
                    if ui.button(text).on_hover_text(hint).clicked() {
                        actions.push(HandoutAction::Show(HandoutShown {
                            id: handout.id,
                            placement,
                        }));
                    }
                }
                if is_shown {
                    ui.weak("showing");
                }
                if ui
                    .button("Remove")
                    .on_hover_text("Take it out of the encounter (one undo step)")
                    .clicked()
                {
                    actions.push(HandoutAction::Command(Box::new(Command::Handout(
                        HandoutCommand::Remove {
                            id: handout.id,
                            with_picture: true,
                        },
                    ))));
                }
            });
        });
    });
}

/// The handout's name; a double click renames it (Enter keeps the name, Esc drops it).
fn name_ui(
    ui: &mut egui::Ui,
    renaming: &mut Option<(HandoutId, String)>,
    handout: &Handout,
    actions: &mut Vec<HandoutAction>,
) {
    if let Some((id, text)) = renaming
        && *id == handout.id
    {
        let field = ui.add(
            egui::TextEdit::singleline(text)
                .char_limit(crate::model::validate::MAX_NAME_CHARS)
                .desired_width(200.0),
        );
        field.request_focus();
        if ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            if !text.trim().is_empty() && *text != handout.name {
                actions.push(HandoutAction::Command(Box::new(Command::Handout(
                    HandoutCommand::Rename {
                        id: handout.id,
                        name: text.trim().to_owned(),
                    },
                ))));
            }
            *renaming = None;
        } else if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            *renaming = None;
        }
        return;
    }
    let label = ui
        .add(
            egui::Label::new(egui::RichText::new(super::text::name(&handout.name)).strong())
                .sense(egui::Sense::click()),
        )
        .on_hover_text("Double-click to rename");
    if label.double_clicked() {
        *renaming = Some((handout.id, handout.name.clone()));
    }
}

fn thumbnail_ui(ui: &mut egui::Ui, picture: Option<&Picture>) {
    match picture {
        Some(Picture::Ready(texture)) => {
            let size = texture.size_vec2();
            let width = (size.x / size.y.max(1.0) * THUMB_HEIGHT).clamp(16.0, 120.0);
            ui.add(egui::Image::new((
                texture.id(),
                egui::vec2(width, THUMB_HEIGHT),
            )));
        }
        Some(Picture::Failed(why)) => {
            ui.label("⚠").on_hover_text(why.as_str());
        }
        Some(Picture::Decoding(_)) | None => {
            ui.add_sized([THUMB_HEIGHT, THUMB_HEIGHT], egui::Spinner::new());
        }
    }
}
