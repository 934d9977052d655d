//! Line of sight and cover from the one selected token to every other token: a coloured ring
//! per token (clear, cover, no line of sight), and on hover the traced lines that decided it.

use egui::{Color32, Painter, Pos2, Stroke};

use super::transform::MapTransform;
use crate::board::{Scene, Verdict, VerdictKind};
use crate::model::{Cell, RuleSystem, TokenId};

pub const CLEAR: Color32 = Color32::from_rgb(60, 200, 90);
pub const COVER: Color32 = Color32::from_rgb(240, 170, 30);
pub const NO_SIGHT: Color32 = Color32::from_rgb(170, 60, 60);

/// Every other token's verdict from `viewer`, with `moved` (a dragged token at its ghost cell)
/// placed where it would land.
pub fn overlay_verdicts(
    scene: &Scene,
    viewer: TokenId,
    moved: Option<(TokenId, Cell)>,
) -> Vec<(TokenId, Verdict)> {
    scene
        .tokens
        .iter()
        .filter(|t| t.id != viewer)
        .filter_map(|t| Some((t.id, scene.verdict_moved(viewer, t.id, moved)?)))
        .collect()
}

/// What the verdicts were computed for: scene generation, viewer, and the dragged token's ghost.
type MarksKey = (u64, TokenId, Option<(TokenId, Cell)>);

/// The overlay's verdicts, recomputed only when the scene, the viewer or the ghost changes.
#[derive(Debug, Default)]
pub struct SightMarks {
    key: Option<MarksKey>,
    verdicts: Vec<(TokenId, Verdict)>,
}

impl SightMarks {
    /// Brings the verdicts up to date; `viewer` is `None` when the overlay is off or not exactly
    /// one token is selected.
    pub fn update(
        &mut self,
        scene: &Scene,
        generation: u64,
        viewer: Option<TokenId>,
        moved: Option<(TokenId, Cell)>,
    ) {
        let Some(viewer) = viewer else {
            self.key = None;
            self.verdicts.clear();
            return;
        };
        let key = (generation, viewer, moved);
        if self.key != Some(key) {
            self.verdicts = overlay_verdicts(scene, viewer, moved);
            self.key = Some(key);
        }
    }

    pub fn verdicts(&self) -> &[(TokenId, Verdict)] {
        &self.verdicts
    }

    pub fn verdict(&self, token: TokenId) -> Option<&Verdict> {
        self.verdicts
            .iter()
            .find(|(id, _)| *id == token)
            .map(|(_, v)| v)
    }
}

/// The ring colour of a verdict.
pub fn colour(kind: VerdictKind) -> Color32 {
    match kind {
        VerdictKind::Clear => CLEAR,
        VerdictKind::Cover => COVER,
        VerdictKind::NoSight => NO_SIGHT,
    }
}

/// A short mark for labels and badges: "clear", "cover (Hard)", "no line of sight".
pub fn mark_text(verdict: &Verdict) -> String {
    match (verdict.kind, verdict.degree) {
        (VerdictKind::Clear, _) => "clear".to_owned(),
        (VerdictKind::Cover, Some(d)) => match d.tn_modifier() {
            Some(tn) => format!("{} TN {tn}", d.label()),
            None => format!("cover ({})", d.lever()),
        },
        (VerdictKind::Cover, None) => "cover".to_owned(),
        (VerdictKind::NoSight, _) => "no line of sight".to_owned(),
    }
}

/// The board's explanation with arrows the bundled fonts can draw.
pub fn explanation(verdict: &Verdict, system: RuleSystem) -> String {
    verdict.explain(system).replace('→', ":").replace('−', "-")
}

/// A ring just outside the token's disc in the verdict's colour.
pub fn paint_ring(painter: &Painter, centre: Pos2, radius: f32, kind: VerdictKind) {
    let width = (radius * 0.18).clamp(2.0, 6.0);
    painter.circle_stroke(
        centre,
        radius + width * 1.6,
        Stroke::new(width, colour(kind)),
    );
}

/// The traced lines of the best attempt: clear ones green, blocked ones red up to where the
/// blocker is drawn (the line itself, since the blocker is on it).
pub fn paint_evidence(painter: &Painter, verdict: &Verdict, t: &MapTransform) {
    let width = (t.points_per_cell * 0.05).clamp(1.5, 3.0);
    for line in &verdict.evidence.lines {
        let (a, b) = (t.ui_from_grid(line.from), t.ui_from_grid(line.to));
        let colour = if line.blocked_by.is_some() {
            Color32::from_rgb(225, 50, 40)
        } else {
            CLEAR
        };
        painter.line_segment([a, b], Stroke::new(width, colour));
        painter.circle_filled(b, width * 1.2, colour);
    }
    let corner = t.ui_from_grid(verdict.evidence.attacker_corner);
    painter.circle_filled(corner, width * 2.0, Color32::WHITE);
}
