//! The Map pane's play aids: the sight overlay, the ruler, movement reach and refused drops,
//! and their toolbar. View state only; none of it is saved.

use egui::{Rect, Ui, Vec2};

use super::TokenDrag;
use super::movement::DragReach;
use super::ruler::{Measurement, Ruler};
use super::scene_cache::SceneCache;
use super::sight_overlay::{self, SightMarks};
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::board::VerdictKind;
use crate::model::TokenId;

/// Play state of one map view.
#[derive(Debug)]
pub struct PlayState {
    pub scene: SceneCache,
    pub marks: SightMarks,
    /// The "Sight" toggle: on by default.
    pub sight_on: bool,
    pub ruler: Ruler,
    pub reach: Option<DragReach>,
    /// Why the last drop was refused, shown until the time (egui input time) given.
    pub note: Option<(String, f64)>,
}

impl Default for PlayState {
    fn default() -> Self {
        Self {
            scene: SceneCache::default(),
            marks: SightMarks::default(),
            sight_on: true,
            ruler: Ruler::default(),
            reach: None,
            note: None,
        }
    }
}

impl PlayState {
    /// The overlay's marks as last drawn: each other token and its verdict from the selection.
    pub fn sight_marks(&self) -> Vec<(TokenId, VerdictKind)> {
        self.marks
            .verdicts()
            .iter()
            .map(|(id, v)| (*id, v.kind))
            .collect()
    }

    pub fn last_measurement(&self) -> Option<&Measurement> {
        self.ruler.last()
    }

    /// The refusal note, while it is shown.
    pub fn note(&self) -> Option<&str> {
        self.note.as_ref().map(|(text, _)| text.as_str())
    }

    /// Rebuilds what changed (scene, verdicts, reach) and shades the dragged token's reach.
    pub fn before_tokens(
        &mut self,
        ctx: &PaneContext<'_>,
        drag: Option<TokenDrag>,
        painter: &egui::Painter,
        t: &MapTransform,
    ) {
        let (scene, generation) = self.scene.scene(ctx.encounter);
        let viewer = match (self.sight_on, ctx.selection.len()) {
            (true, 1) => ctx.selection.first().copied(),
            _ => None,
        };
        let moved = drag.map(|d| (d.id, d.target));
        self.marks.update(scene, generation, viewer, moved);
        match drag {
            Some(d) if self.reach.as_ref().is_none_or(|r| r.id != d.id) => {
                self.reach = DragReach::of(scene, ctx.encounter, d.id);
            }
            None => self.reach = None,
            Some(_) => {}
        }
        if let Some(reach) = &self.reach {
            reach.paint_cells(painter, scene, t);
        }
    }

    /// Draws what goes over the tokens: the path to the ghost, the hovered token's evidence, the
    /// ruler and the refusal note.
    pub fn after_tokens(
        &mut self,
        ui: &Ui,
        ctx: &PaneContext<'_>,
        drag: Option<TokenDrag>,
        hovered: Option<TokenId>,
        over_map: bool,
        painter: &egui::Painter,
        t: &MapTransform,
    ) {
        let (scene, _) = self.scene.scene(ctx.encounter);
        if let (Some(reach), Some(d)) = (&self.reach, drag) {
            reach.paint_path(painter, scene, d.target, t);
        }
        if let Some(verdict) = hovered.and_then(|id| self.marks.verdict(id)) {
            sight_overlay::paint_evidence(painter, verdict, t);
        }
        self.ruler
            .ui(ui, painter, scene, t, over_map || hovered.is_some());
        let now = ui.input(|i| i.time);
        if self.note.as_ref().is_some_and(|(_, until)| *until < now) {
            self.note = None;
        }
        if let Some((text, until)) = &self.note {
            note_ui(painter, text);
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(until - now));
        }
    }

    /// The "Sight" and "Ruler" toggles, left of the camera toolbar.
    pub fn toolbar_ui(&mut self, ui: &mut Ui, rect: Rect) {
        let overlay = super::pointer::Overlay {
            name: "play_toolbar",
            label: "Play tools",
            anchor: egui::Align2::RIGHT_TOP,
            // Left of the camera toolbar, as wide as it was drawn.
            inset: Vec2::new(
                super::pointer::overlay_size(ui, "map_toolbar").map_or(170.0, |s| s.x) + 16.0,
                8.0,
            ),
            max_width: 130.0,
        };
        super::pointer::overlay_ui(ui, rect, &overlay, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.toggle_value(&mut self.sight_on, "Sight")
                    .on_hover_text("Line of sight and cover from the selected token to the others");
                ui.toggle_value(&mut self.ruler.switched_on, "Ruler")
                    .on_hover_text("Drag to measure (or hold M)");
            });
        });
    }
}

/// A red note at the bottom of the map.
fn note_ui(painter: &egui::Painter, text: &str) {
    let rect = painter.clip_rect();
    let galley = painter.layout_no_wrap(
        text.to_owned(),
        egui::FontId::proportional(16.0),
        egui::Color32::WHITE,
    );
    let at = egui::Align2::CENTER_BOTTOM
        .anchor_size(rect.center_bottom() - Vec2::new(0.0, 48.0), galley.size());
    painter.rect_filled(at.expand(6.0), 4.0, egui::Color32::from_rgb(170, 30, 30));
    painter.galley(at.min, galley, egui::Color32::WHITE);
}
