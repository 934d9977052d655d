//! "Move by ▶" in a token's menu (Evening, Movement: Kinds of movement): walking or each kind
//! its sheet gives a speed, the one it moves by ticked. The core says what each means
//! (`combat::movement_kind`); the map's reach follows at once.

use crate::app::PaneContext;
use crate::combat::movement_kind::{kinds, move_by, moving};
use crate::model::TokenId;

/// The submenu, for a token with more than one kind of movement.
pub fn move_kind_menu_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) {
    let kinds = kinds(ctx.encounter, token);
    if kinds.len() < 2 {
        return;
    }
    let now = moving(ctx.encounter, token);
    ui.menu_button(format!("Move by ({})", now.label()), |ui| {
        for (kind, speed) in kinds {
            let text = format!("{} ({speed})", kind.label());
            if ui.selectable_label(kind == now, text).clicked() {
                if let Some(command) = move_by(ctx.encounter, token, kind) {
                    ctx.command(command);
                }
                ui.close();
            }
        }
    });
}
