//! Pings: the GM (Alt+click on the map) or a player (a long press on the table's screen) points
//! at a spot, and an animated ring shows there on both windows for a few seconds. A ping is view
//! state shared by the windows: never an undo step, never saved with the encounter.
//!
//! [`Pings`] is the one place they are kept, in map space and on one clock (the GM's window's
//! input time, see [`now`]), so anything else that shows the table — the phone companion — can
//! take them from here and forward them.

use egui::{Color32, Painter, Stroke};

use super::map::MapTransform;
use crate::model::GridPoint;

/// How long a ping shows, in seconds.
pub const PING_SECS: f64 = 3.0;

/// The most pings kept at once: a hand drumming on the table should not fill the screen.
const MAX_PINGS: usize = 16;

/// One ping: where (map space) and when it began (on [`now`]'s clock).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ping {
    pub at: GridPoint,
    pub started: f64,
}

impl Ping {
    /// How far through its life the ping is at `now`, from 0 to 1.
    pub fn progress(&self, now: f64) -> f32 {
        ((now - self.started) / PING_SECS).clamp(0.0, 1.0) as f32
    }
}

/// The pings showing now.
#[derive(Clone, Debug, Default)]
pub struct Pings {
    list: Vec<Ping>,
}

impl Pings {
    /// A ping at `at` (map space), beginning at `now`.
    pub fn push(&mut self, at: GridPoint, now: f64) {
        self.list.retain(|p| is_live(p, now));
        if self.list.len() >= MAX_PINGS {
            self.list.remove(0);
        }
        self.list.push(Ping { at, started: now });
    }

    /// The pings still showing at `now`, oldest first.
    pub fn active(&self, now: f64) -> impl Iterator<Item = &Ping> {
        self.list.iter().filter(move |p| is_live(p, now))
    }
}

/// Where an Alt+click landed this frame on a view drawn through `t`, in map space, when `owns`
/// says the view owns that point: the GM's way to ping.
pub fn alt_click(
    ui: &egui::Ui,
    t: &MapTransform,
    owns: impl Fn(egui::Pos2) -> bool,
) -> Option<GridPoint> {
    let at = ui.input(|i| {
        let clicked = i.pointer.primary_clicked() && i.modifiers.alt;
        clicked.then(|| i.pointer.interact_pos()).flatten()
    })?;
    owns(at).then(|| t.grid_from_ui(at))
}

fn is_live(ping: &Ping, now: f64) -> bool {
    now >= ping.started && now - ping.started < PING_SECS
}

/// The pings' clock: the GM's window's input time, which both windows read (each window's own
/// clock may start at a different moment).
pub fn now(ctx: &egui::Context) -> f64 {
    ctx.input_for(egui::ViewportId::ROOT, |i| i.time)
}

/// The ring's colour: a warm white no map or token uses.
const RING: Color32 = Color32::from_rgb(255, 236, 160);

/// Paints every ping showing at `now` through `t`, and asks for the frames that animate them.
/// A ping is three rings growing out from its spot one after another and fading, over a steady
/// dot; on a view zoomed far out they are drawn as for a cell of 24 points, to stay seen.
pub fn paint_pings(painter: &Painter, pings: &Pings, t: &MapTransform, now: f64) {
    let mut any = false;
    for ping in pings.active(now) {
        any = true;
        let centre = t.ui_from_grid(ping.at);
        let cell = t.points_per_cell.max(24.0);
        let life = ping.progress(now);
        let fade = 1.0 - life;
        let elapsed = (now - ping.started) as f32;
        for wave in 0..3 {
            // Each ring sets out a third of a second after the one before, and grows for a second.
            let since = elapsed - wave as f32 / 3.0;
            if since < 0.0 {
                continue;
            }
            let age = since.rem_euclid(1.0);
            let radius = cell * (0.3 + 1.5 * age);
            let alpha = fade * (1.0 - age);
            let width = (cell * 0.12).clamp(3.0, 10.0);
            painter.circle_stroke(
                centre,
                radius,
                Stroke::new(width + 3.0, Color32::BLACK.gamma_multiply(alpha * 0.6)),
            );
            painter.circle_stroke(
                centre,
                radius,
                Stroke::new(width, RING.gamma_multiply(alpha)),
            );
        }
        painter.circle_filled(centre, cell * 0.15, RING.gamma_multiply(fade));
    }
    if any {
        painter.ctx().request_repaint();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ping_shows_for_its_seconds_then_goes() {
        let mut pings = Pings::default();
        pings.push(GridPoint::new(3.5, 2.5), 10.0);
        assert_eq!(pings.active(10.0).count(), 1);
        assert_eq!(pings.active(12.9).count(), 1);
        assert_eq!(pings.active(13.0).count(), 0);
        assert!((pings.active(11.5).next().unwrap().progress(11.5) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn old_pings_make_room_for_new_ones() {
        let mut pings = Pings::default();
        for i in 0..40 {
            pings.push(GridPoint::new(f64::from(i), 0.0), 1.0);
        }
        let shown: Vec<f64> = pings.active(1.0).map(|p| p.at.x).collect();
        assert_eq!(shown.len(), MAX_PINGS);
        assert_eq!(shown.last(), Some(&39.0));
        pings.push(GridPoint::new(0.0, 0.0), 5.0);
        assert_eq!(pings.active(5.0).count(), 1, "the expired ones are dropped");
    }
}
