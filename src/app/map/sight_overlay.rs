//! Line of sight and cover from the one selected token to every other token: a coloured ring
//! per token (clear, cover, no line of sight), and on hover the traced lines that decided it.

use egui::{Align2, Color32, FontId, Painter, Pos2, Stroke, vec2};

use super::transform::MapTransform;
use crate::board::{CoverDegree, Scene, Verdict, VerdictKind};
use crate::model::{Cell, RuleSystem, Rulings, TokenId};

pub const CLEAR: Color32 = Color32::from_rgb(60, 200, 90);
pub const COVER: Color32 = Color32::from_rgb(240, 170, 30);
/// Grey rather than red, so it never reads as an enemy's side ring.
pub const NO_SIGHT: Color32 = Color32::from_rgb(105, 105, 115);

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

/// The board's explanation with arrows the bundled fonts can draw.
pub fn explanation(verdict: &Verdict, system: RuleSystem, rulings: Rulings) -> String {
    verdict
        .explain(system, rulings)
        .replace(" → ", ", so ")
        .replace('−', "-")
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

/// The mark's accessible name, e.g. "Goblin Archer: cover", for screen readers and tests.
pub fn mark_label(name: &str, kind: VerdictKind) -> String {
    let word = match kind {
        VerdictKind::Clear => "clear",
        VerdictKind::Cover => "cover",
        VerdictKind::NoSight => "no line of sight",
    };
    format!("{name}: {word}")
}

/// The verdict in a few words for a label: "clear sight", "cover: Hard", "no line of sight"
/// ("cover: ruling off" where the text has no cover rule and the encounter's ruling is off).
pub fn cover_words(verdict: &Verdict, rulings: Rulings) -> String {
    match (verdict.kind, verdict.degree) {
        (VerdictKind::Clear, _) => "clear sight".to_owned(),
        (VerdictKind::Cover, Some(degree)) => format!("cover: {}", degree_tag(degree, rulings)),
        (VerdictKind::Cover, None) => "cover".to_owned(),
        (VerdictKind::NoSight, _) => "no line of sight".to_owned(),
    }
}

/// What the GM applies for a cover grade, short enough for a tag by the token. A ruling's grade
/// (Post, 3d6: no cover rule) says "ruling off" while the encounter has it off, as the Dice
/// pane's switched-off cover line does.
fn degree_tag(degree: CoverDegree, rulings: Rulings) -> String {
    if degree.is_ruling() && !rulings.cover {
        return "ruling off".to_owned();
    }
    match degree {
        CoverDegree::Hard => "Hard".to_owned(),
        // As the Dice pane's attack line says it: the attacker's TN rises (a threat's attack on
        // a character turns it into the defence's TN going down, which the pane says there).
        CoverDegree::Limited | CoverDegree::Standard | CoverDegree::Great => {
            format!("TN {:+}", degree.attack_tn_modifier().unwrap_or(0))
        }
        CoverDegree::Partial => "partial".to_owned(),
        CoverDegree::RiskUp => "risk +1".to_owned(),
        CoverDegree::Disadvantage => "Disadv.".to_owned(),
    }
}

/// An amber tag at the disc's upper right naming the cover grade's effect (grey for a ruling
/// the encounter has off).
pub fn paint_degree_tag(
    painter: &Painter,
    verdict: &Verdict,
    rulings: Rulings,
    centre: Pos2,
    radius: f32,
) {
    let Some(degree) = verdict.degree else { return };
    let fill = if degree.is_ruling() && !rulings.cover {
        NO_SIGHT
    } else {
        COVER
    };
    let galley = painter.layout_no_wrap(
        degree_tag(degree, rulings),
        FontId::proportional((radius * 0.45).clamp(10.0, 14.0)),
        Color32::BLACK,
    );
    let at =
        Align2::LEFT_BOTTOM.anchor_size(centre + vec2(radius * 0.7, -radius * 0.7), galley.size());
    painter.rect_filled(at.expand2(vec2(3.0, 1.0)), 3.0, fill);
    painter.galley(at.min, galley, Color32::BLACK);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Evening, Defense (Circumstantial bonuses): half cover moves the TN by 3. On the map, as in
    /// the Dice pane's attack line, it is the attacker's TN that rises: "TN +3", not "-3".
    #[test]
    fn an_evening_cover_tag_reads_as_the_attack_line_does() {
        let rulings = Rulings::default();
        assert_eq!(degree_tag(CoverDegree::Limited, rulings), "TN +3");
        assert_eq!(degree_tag(CoverDegree::Great, rulings), "TN +9");
        assert_eq!(degree_tag(CoverDegree::RiskUp, rulings), "ruling off");
    }
}
