//! File → Export map view as PNG…: the Map pane is drawn as a plain view (no toolbars, fog as
//! the players see it or none), the window is screenshotted, and the pane's part of the picture
//! is saved as a PNG on a background thread so the UI never waits for the encoder or the disk.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};

use anyhow::Context as _;
use egui::{ColorImage, Rect};

use crate::app::LanternApp;
use crate::app::dialogs::DialogPurpose;
use crate::app::map::{MapAudience, ViewOptions};

/// Where an export is, once its file is chosen (through the app's file dialogs).
#[derive(Debug)]
enum Stage {
    /// The pane draws the plain view this frame; the screenshot is asked for next frame.
    Drawing(PathBuf),
    /// Waiting for the screenshot of a plain frame; `rect` is the pane in ui points.
    Shooting {
        path: PathBuf,
        rect: Rect,
        pixels_per_point: f32,
        image: Receiver<Arc<ColorImage>>,
    },
}

/// The export under way (at most one) and the results of finished saves.
#[derive(Debug)]
pub struct Exporter {
    stage: Option<Stage>,
    done_tx: Sender<anyhow::Result<PathBuf>>,
    done_rx: Receiver<anyhow::Result<PathBuf>>,
}

impl Default for Exporter {
    fn default() -> Self {
        let (done_tx, done_rx) = channel();
        Self {
            stage: None,
            done_tx,
            done_rx,
        }
    }
}

impl Exporter {
    /// Whether an export is under way (picture not taken or not saved yet).
    pub fn is_busy(&self) -> bool {
        self.stage.is_some()
    }

    /// Exports to `path` without asking (tests, scripts).
    pub fn export_to(&mut self, path: PathBuf, with_fog: bool) -> ViewOptions {
        self.stage = Some(Stage::Drawing(path));
        options(with_fog)
    }
}

/// How the pane is drawn for an export.
fn options(with_fog: bool) -> ViewOptions {
    if with_fog {
        ViewOptions::PLAYERS
    } else {
        ViewOptions {
            audience: MapAudience::Gm,
            fog: false,
            ..ViewOptions::PLAYERS
        }
    }
}

impl LanternApp {
    /// Starts an export of the Map pane's view to a PNG file the user picks.
    pub(crate) fn start_export(&mut self, ctx: &egui::Context, with_fog: bool) {
        if !self.exporter.is_busy() {
            self.start_dialog(ctx, DialogPurpose::Export { with_fog });
        }
    }

    /// Exports the Map pane's view to `path` (no dialog). The file is written a few frames later.
    pub fn export_map_view(&mut self, path: PathBuf, with_fog: bool) {
        let options = self.exporter.export_to(path, with_fog);
        self.map_view.set_export(Some(options));
    }

    /// Moves the export along one step per frame; called from `logic()`.
    pub(crate) fn export_tick(&mut self, ctx: &egui::Context) {
        self.report_saved();
        let Some(stage) = self.exporter.stage.take() else {
            return;
        };
        self.exporter.stage = match stage {
            Stage::Drawing(path) => self.request_shot(ctx, path),
            Stage::Shooting {
                path,
                rect,
                pixels_per_point,
                image,
            } => match image.try_recv() {
                Ok(image) => {
                    self.map_view.set_export(None);
                    save_in_background(
                        image,
                        rect,
                        pixels_per_point,
                        path,
                        self.exporter.done_tx.clone(),
                    );
                    None
                }
                Err(TryRecvError::Empty) => Some(Stage::Shooting {
                    path,
                    rect,
                    pixels_per_point,
                    image,
                }),
                Err(TryRecvError::Disconnected) => {
                    self.map_view.set_export(None);
                    self.notifications.error(&anyhow::anyhow!(
                        "The window could not be captured for the export"
                    ));
                    None
                }
            },
        };
    }

    /// Asks for a screenshot of the plain frame just drawn.
    fn request_shot(&mut self, ctx: &egui::Context, path: PathBuf) -> Option<Stage> {
        let Some(rect) = self.map_view.rect(ctx) else {
            self.map_view.set_export(None);
            self.notifications
                .error(&anyhow::anyhow!("Open the Map pane to export its view"));
            return None;
        };
        let (tx, rx) = channel();
        let repaint = ctx.clone();
        ctx.request_screenshot(move |image| {
            let _ = tx.send(image);
            repaint.request_repaint();
        });
        ctx.request_repaint();
        Some(Stage::Shooting {
            path,
            rect,
            pixels_per_point: ctx.pixels_per_point(),
            image: rx,
        })
    }

    fn report_saved(&mut self) {
        while let Ok(result) = self.exporter.done_rx.try_recv() {
            match result {
                Ok(path) => self
                    .notifications
                    .info(format!("Exported the map view to {}", path.display())),
                Err(err) => self.notifications.error(&err),
            }
        }
    }
}

fn save_in_background(
    image: Arc<ColorImage>,
    rect: Rect,
    pixels_per_point: f32,
    path: PathBuf,
    done: Sender<anyhow::Result<PathBuf>>,
) {
    std::thread::spawn(move || {
        let result = crop(&image, rect, pixels_per_point)
            .save_with_format(&path, image::ImageFormat::Png)
            .with_context(|| format!("Could not export the map view to {}", path.display()))
            .map(|()| path);
        let _ = done.send(result);
    });
}

/// The part of `image` under `rect` (ui points), clamped to the image.
pub fn crop(image: &ColorImage, rect: Rect, pixels_per_point: f32) -> image::RgbaImage {
    let [w, h] = image.size;
    let px = |v: f32, max: usize| ((v * pixels_per_point).round().max(0.0) as usize).min(max);
    let (x0, x1) = (px(rect.min.x, w), px(rect.max.x, w));
    let (y0, y1) = (px(rect.min.y, h), px(rect.max.y, h));
    let (cw, ch) = (x1.saturating_sub(x0), y1.saturating_sub(y0));
    image::RgbaImage::from_fn(cw as u32, ch as u32, |x, y| {
        let c = image.pixels[(y0 + y as usize) * w + x0 + x as usize];
        image::Rgba(c.to_srgba_unmultiplied())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Color32, pos2};

    #[test]
    fn crop_takes_the_pane_in_pixels_and_stays_inside_the_image() {
        let mut image = ColorImage::filled([8, 6], Color32::BLACK);
        image.pixels[2 * 8 + 4] = Color32::RED;
        // Points at 2 pixels per point: (2, 1)–(3, 2) is pixels (4, 2)–(6, 4).
        let part = crop(
            &image,
            Rect::from_min_max(pos2(2.0, 1.0), pos2(3.0, 2.0)),
            2.0,
        );
        assert_eq!(part.dimensions(), (2, 2));
        assert_eq!(part.get_pixel(0, 0).0, [255, 0, 0, 255]);
        assert_eq!(part.get_pixel(1, 1).0, [0, 0, 0, 255]);
        let clipped = crop(
            &image,
            Rect::from_min_max(pos2(3.0, 2.0), pos2(50.0, 50.0)),
            2.0,
        );
        assert_eq!(clipped.dimensions(), (2, 2));
    }
}
