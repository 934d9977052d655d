//! The handout on the players' window: a card in the top-right corner, or the picture as large as
//! the window allows over the dimmed map — the map stays there under it either way. What is
//! shown is decided by `model::shown_to_players`; the GM shows and dismisses it from the
//! Handouts window (`app/handouts.rs`). Drawn upright on the screen, over the turned map.

use egui::{Color32, Rect, Sense, TextureHandle, Vec2};

use crate::model::{Encounter, HandoutPlacement, HandoutShown, shown_to_players};

/// The handout the GM shows, and its picture once it is decoded. View state: never saved.
#[derive(Clone, Default)]
pub struct ShownCard {
    pub shown: Option<HandoutShown>,
    pub texture: Option<TextureHandle>,
}

impl std::fmt::Debug for ShownCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShownCard")
            .field("shown", &self.shown)
            .field("texture", &self.texture.as_ref().map(TextureHandle::size))
            .finish()
    }
}

/// The corner card's width as a share of the window's, and its margin in points.
const CARD_SHARE: f32 = 0.34;
const MARGIN: f32 = 16.0;

/// Draws the shown handout over the players' view in `rect`.
pub fn handout_ui(ui: &mut egui::Ui, rect: Rect, card: &ShownCard, encounter: &Encounter) {
    let Some((handout, placement)) = shown_to_players(encounter, card.shown) else {
        return;
    };
    let painter = ui.painter_at(rect);
    let aspect = card
        .texture
        .as_ref()
        .map_or(4.0 / 3.0, |t| t.aspect_ratio().max(0.05));
    let (frame, caption) = match placement {
        HandoutPlacement::Corner => {
            let width = (rect.width() * CARD_SHARE).max(120.0);
            let size = fit(Vec2::new(width, rect.height() * 0.6), aspect);
            let at =
                Rect::from_min_size(rect.right_top() + Vec2::new(-MARGIN - size.x, MARGIN), size);
            (at, true)
        }
        HandoutPlacement::Full => {
            painter.rect_filled(rect, 0.0, Color32::from_black_alpha(150));
            let room = rect.shrink(MARGIN * 2.0);
            let size = fit(room.size(), aspect);
            (Rect::from_center_size(room.center(), size), false)
        }
    };
    painter.rect_filled(frame.expand(6.0), 6.0, Color32::from_rgb(245, 238, 220));
    if let Some(texture) = &card.texture {
        let uv = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        painter.image(texture.id(), frame, uv, Color32::WHITE);
    } else {
        painter.text(
            frame.center(),
            egui::Align2::CENTER_CENTER,
            "…",
            egui::FontId::proportional(32.0),
            Color32::DARK_GRAY,
        );
    }
    let name = crate::app::text::name(&handout.name);
    if caption {
        let galley = painter.layout(
            name.to_string(),
            egui::FontId::proportional(18.0),
            Color32::WHITE,
            frame.width(),
        );
        let at = egui::Align2::CENTER_TOP
            .anchor_size(frame.center_bottom() + Vec2::new(0.0, 10.0), galley.size());
        painter.rect_filled(at.expand(4.0), 4.0, Color32::from_black_alpha(170));
        painter.galley(at.min, galley, Color32::WHITE);
    }
    // A node for screen readers and tests: the players' window takes no clicks here.
    let node = ui.interact(frame, ui.scope_id().with("handout_card"), Sense::hover());
    node.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Image, true, format!("Handout: {name}"))
    });
}

/// The largest size of aspect `aspect` (width ÷ height) within `room`.
fn fit(room: Vec2, aspect: f32) -> Vec2 {
    let by_width = Vec2::new(room.x, room.x / aspect);
    if by_width.y <= room.y {
        by_width
    } else {
        Vec2::new(room.y * aspect, room.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_fits_its_room_keeping_its_shape() {
        assert_eq!(fit(Vec2::new(400.0, 400.0), 2.0), Vec2::new(400.0, 200.0));
        assert_eq!(fit(Vec2::new(400.0, 100.0), 2.0), Vec2::new(200.0, 100.0));
    }
}
