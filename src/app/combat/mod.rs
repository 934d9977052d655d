//! The turn-structure panes: Initiative, Conditions and Momentum, over `crate::combat`.

mod aura_offers;
mod condition_source;
mod conditions_pane;
mod death_saves;
mod evening_turn;
mod initiative_pane;
mod momentum_pane;
mod turn_actions;

pub(crate) use aura_offers::offer_card_ui;
pub use conditions_pane::{condition_menu_ui, conditions_ui};
pub use initiative_pane::initiative_ui;
pub use momentum_pane::momentum_ui;
pub use turn_actions::{stand_up_ui, token_turn_actions_ui, turn_actions_ui};

use crate::combat::command::CombatCommand;
use crate::model::{Command, Encounter, TokenId};

use super::PaneContext;

/// Text big enough to read from across the table.
pub(crate) const TABLE_TEXT: f32 = 22.0;

fn queue(ctx: &mut PaneContext<'_>, command: CombatCommand) {
    ctx.command(Command::Combat(command));
}

fn token_name(encounter: &Encounter, id: TokenId) -> String {
    encounter.token(id).map_or_else(
        || format!("token {}", id.0),
        |t| crate::app::text::name(&t.name).into_owned(),
    )
}
