//! The texts' combat actions that leave a marker (GFH Guard and Help, Evening Defend and
//! Disengage), offered for the current combatant beside its action economy and on its
//! token's right-click menu; and getting up from Prone, in the same two places. The core
//! (`combat::turn_action`, `combat::turn_move::stand_up`) decides what each does.

use crate::app::PaneContext;
use crate::combat::effective::economy_refusal;
use crate::combat::initiative::EconomyPart;
use crate::combat::turn_action::{TurnAction, allies, available, take};
use crate::combat::turn_move::{STAND_UP_SPEED, StandUpError, stand_up};
use crate::model::TokenId;

/// One button per action of the encounter's system for `actor`; Help opens a menu of allies;
/// "Stand up" while it lies prone.
pub fn turn_actions_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, actor: TokenId) {
    let actions = available(ctx.encounter.system);
    let prone = !matches!(
        stand_up(ctx.encounter, actor),
        Err(StandUpError::NotProne(_))
    );
    if actions.is_empty() && !prone {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for action in actions {
            action_ui(ui, ctx, actor, *action);
        }
        stand_up_ui(ui, ctx, actor);
    });
}

/// "Stand up (2 speed)" for a prone `token`, refused with the reason on hover; nothing for a
/// token that is not prone. Returns whether it was clicked.
pub fn stand_up_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) -> bool {
    let standing = stand_up(ctx.encounter, token);
    if matches!(standing, Err(StandUpError::NotProne(_))) {
        return false;
    }
    let label = format!("Stand up ({STAND_UP_SPEED} speed)");
    let button = ui
        .add_enabled(standing.is_ok(), egui::Button::new(label))
        .on_hover_text("Get up: spends 2 of this turn's movement and ends Prone")
        .on_disabled_hover_text(
            standing
                .as_ref()
                .err()
                .map(ToString::to_string)
                .unwrap_or_default(),
        );
    let clicked = button.clicked();
    if clicked && let Ok(command) = standing {
        ctx.command(command);
    }
    clicked
}

fn action_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, actor: TokenId, action: TurnAction) {
    let why = refusal(ctx, actor);
    if !action.needs_ally() {
        let taken = take(ctx.encounter, actor, action, None);
        let why = why.or_else(|| taken.as_ref().err().map(ToString::to_string));
        let button = ui
            .add_enabled(why.is_none(), egui::Button::new(action.label()))
            .on_hover_text(action.summary())
            .on_disabled_hover_text(why.unwrap_or_default());
        if button.clicked()
            && let Ok(command) = taken
        {
            ctx.command(command);
        }
        return;
    }
    ui.add_enabled_ui(why.is_none(), |ui| {
        ui.menu_button(format!("{} ▶", action.label()), |ui| {
            ally_menu_ui(ui, ctx, actor, action);
        })
        .response
        .on_hover_text(action.summary());
    });
}

fn ally_menu_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, actor: TokenId, action: TurnAction) {
    let allies = allies(ctx.encounter, actor);
    if allies.is_empty() {
        ui.label("No ally to help");
    }
    for ally in allies {
        let name = super::token_name(ctx.encounter, ally);
        let taken = take(ctx.encounter, actor, action, Some(ally));
        let button = ui
            .add_enabled(taken.is_ok(), egui::Button::new(&name))
            .on_disabled_hover_text(
                taken
                    .as_ref()
                    .err()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
            );
        if button.clicked()
            && let Ok(command) = taken
        {
            ctx.command(command);
            ui.close();
        }
    }
}

/// Why the actor can't take an action now (a condition that forbids acting).
fn refusal(ctx: &PaneContext<'_>, actor: TokenId) -> Option<String> {
    let init = &ctx.encounter.combat.initiative;
    let combatant = init.position(actor).and_then(|i| init.combatants.get(i))?;
    economy_refusal(
        &ctx.encounter.combat.conditions,
        ctx.encounter.system,
        actor,
        EconomyPart::Action,
        &combatant.economy,
    )
}

/// The token's right-click menu: the current combatant's own turn actions on its token, and
/// "Help" on an ally's token (the current combatant helps it).
pub fn token_turn_actions_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) {
    let Some(current) = ctx.encounter.combat.initiative.current_token() else {
        return;
    };
    let why = refusal(ctx, current);
    let mut shown = false;
    for action in available(ctx.encounter.system) {
        let (ally, label) = match (action.needs_ally(), token == current) {
            (false, true) => (None, action.label().to_owned()),
            (true, false) if allies(ctx.encounter, current).contains(&token) => {
                let helper = super::token_name(ctx.encounter, current);
                (Some(token), format!("Help (by {helper})"))
            }
            _ => continue,
        };
        shown = true;
        let taken = take(ctx.encounter, current, *action, ally);
        let why = why
            .clone()
            .or_else(|| taken.as_ref().err().map(ToString::to_string));
        let button = ui
            .add_enabled(why.is_none(), egui::Button::new(label))
            .on_hover_text(action.summary())
            .on_disabled_hover_text(why.unwrap_or_default());
        if button.clicked()
            && let Ok(command) = taken
        {
            ctx.command(command);
            ui.close();
        }
    }
    if shown {
        ui.separator();
    }
}
