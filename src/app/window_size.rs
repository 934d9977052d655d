//! The main window's size, kept across runs as a share of its monitor.
//!
//! eframe would restore the last size in points: after a run on a small screen (1024×700), the
//! next start on a large one opened squeezed into the small size. Kept as a share, a window
//! that filled a small screen fills a large one, and one that took half a screen takes half
//! again. The dock's own layout is kept as shares by `egui_tiles`, so it follows.

use egui::{Vec2, ViewportCommand};
use serde::{Deserialize, Serialize};

/// The smallest window a restore asks for, in points.
const MIN_SIZE: Vec2 = Vec2::new(800.0, 560.0);

/// The window's size as shares of its monitor's, and whether it was maximized.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct WindowShare {
    pub width: f32,
    pub height: f32,
    pub maximized: bool,
}

impl WindowShare {
    /// The size to ask for on a monitor of `monitor` points: the share of it, at least
    /// [`MIN_SIZE`] and at most the monitor.
    pub fn size_on(self, monitor: Vec2) -> Vec2 {
        let wanted = Vec2::new(self.width * monitor.x, self.height * monitor.y);
        wanted.max(MIN_SIZE).min(monitor)
    }

    /// The share a window of `size` takes of `monitor`, each side between a fifth and all.
    pub fn of(size: Vec2, monitor: Vec2, maximized: bool) -> Option<Self> {
        if monitor.x <= 0.0 || monitor.y <= 0.0 || !monitor.is_finite() || !size.is_finite() {
            return None;
        }
        Some(Self {
            width: (size.x / monitor.x).clamp(0.2, 1.0),
            height: (size.y / monitor.y).clamp(0.2, 1.0),
            maximized,
        })
    }
}

/// The saved share until it is applied, then the window's share as it is now.
#[derive(Debug, Default)]
pub struct WindowSize {
    saved: Option<WindowShare>,
    applied: bool,
    current: Option<WindowShare>,
}

impl WindowSize {
    pub fn new(saved: Option<WindowShare>) -> Self {
        Self {
            saved,
            applied: false,
            current: saved,
        }
    }

    /// The share to keep for the next run.
    pub fn current(&self) -> Option<WindowShare> {
        self.current
    }

    /// Once the monitor is known: sizes the window from the saved share (or, on a first run,
    /// shrinks a default size the monitor cannot hold), then follows the window's size.
    pub fn tick(&mut self, ctx: &egui::Context) {
        let (monitor, maximized) =
            ctx.input(|i| (i.viewport().monitor_size, i.viewport().maximized));
        let Some(monitor) = monitor else {
            return;
        };
        let size = ctx.content_rect().size();
        if !self.applied {
            self.applied = true;
            match self.saved {
                Some(share) if share.maximized => {
                    ctx.send_viewport_cmd(ViewportCommand::Maximized(true));
                }
                Some(share) => {
                    ctx.send_viewport_cmd(ViewportCommand::InnerSize(share.size_on(monitor)));
                }
                None if size.x > monitor.x || size.y > monitor.y => {
                    ctx.send_viewport_cmd(ViewportCommand::InnerSize(size.min(monitor)));
                }
                None => {}
            }
            return;
        }
        self.current = WindowShare::of(size, monitor, maximized.unwrap_or(false));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_that_filled_a_small_screen_fills_a_large_one() {
        let small = Vec2::new(1024.0, 700.0);
        let Some(share) = WindowShare::of(small, small, false) else {
            panic!("a share of a real monitor");
        };
        assert_eq!(
            share.size_on(Vec2::new(1600.0, 1000.0)),
            Vec2::new(1600.0, 1000.0)
        );
    }

    #[test]
    fn half_a_screen_stays_half_and_never_gets_tiny_or_oversized() {
        let Some(half) = WindowShare::of(Vec2::new(800.0, 500.0), Vec2::new(1600.0, 1000.0), false)
        else {
            panic!("a share of a real monitor");
        };
        assert_eq!(
            half.size_on(Vec2::new(2400.0, 1400.0)),
            Vec2::new(1200.0, 700.0)
        );
        // On a small monitor half would be too small to use: the floor, within the monitor.
        assert_eq!(
            half.size_on(Vec2::new(1024.0, 700.0)),
            Vec2::new(800.0, 560.0)
        );
        assert_eq!(
            half.size_on(Vec2::new(700.0, 500.0)),
            Vec2::new(700.0, 500.0)
        );
        assert!(WindowShare::of(Vec2::new(800.0, 500.0), Vec2::ZERO, false).is_none());
    }
}
