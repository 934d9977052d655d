//! Evening's own turn actions on the Initiative pane's rows (the core, `combat::evening_turn`,
//! decides each and says why one is refused): on the current combatant's row Ready, pushing
//! through exhaustion with a reserve, a threat's attacks this round and a Nemesis's villain
//! action; on every other row a readied action to take with the reaction and a Legendary
//! threat's legendary actions.

use egui::{Id, RichText};

use super::token_name;
use crate::app::PaneContext;
use crate::combat::evening_turn::{
    attacks_per_round, legendary_actions_left, next_villain_step, push_through, ready, refusal,
    take,
};
use crate::combat::initiative::{Combatant, Mode};
use crate::model::evening_combat::EveningAction;
use crate::model::{Command, RuleSystem, TokenId};
use crate::rules::TokenTrackers;

fn evening_turns(ctx: &PaneContext<'_>) -> bool {
    ctx.encounter.system == RuleSystem::Evening
        && ctx.encounter.combat.initiative.mode == Mode::Rolled
}

/// A button for a command the core may refuse: greyed with the reason on hover when it does.
fn command_button(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    label: &str,
    name: &str,
    hover: &str,
    command: Result<Command, String>,
) -> bool {
    let button = ui
        .add_enabled(command.is_ok(), egui::Button::new(label))
        .accessible_name(name)
        .on_hover_text(hover)
        .on_disabled_hover_text(command.as_ref().err().cloned().unwrap_or_default());
    let clicked = button.clicked();
    if clicked && let Ok(command) = command {
        ctx.command(command);
    }
    clicked
}

/// The current combatant's Evening actions, under its action economy.
pub fn current_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, c: &Combatant) {
    let Some(token) = c.token.filter(|_| evening_turns(ctx)) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        if c.economy.readied.is_empty() {
            ready_ui(ui, ctx, token);
        } else {
            ui.label(RichText::new(format!("Readied: {}", c.economy.readied)).italics());
        }
        let exhausted = matches!(
            ctx.encounter.sheet(token),
            Some(TokenTrackers::Evening(t)) if t.exhaustion > 0
        );
        if exhausted {
            let pushed = push_through(ctx.encounter, token);
            command_button(
                ui,
                ctx,
                "Push through",
                "Push through",
                "Bonus action and a reserve die: its exhaustion is ignored until its next turn",
                pushed,
            );
        }
        threat_ui(ui, ctx, token, c);
    });
}

/// Ready: the trigger typed in the row's field, then Ready spends the Action and keeps it. The
/// field sits in the row itself (a text field in a menu loses the keyboard when clicked).
fn ready_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) {
    let placeholder = EveningAction::Ready {
        trigger: "a trigger".to_owned(),
    };
    if refusal(ctx.encounter, token, &placeholder).is_some() {
        return;
    }
    let id = Id::unique(("evening_ready_trigger", token.0));
    let mut trigger = ui.data(|d| d.get_temp::<String>(id)).unwrap_or_default();
    let label = ui.label("Ready for");
    ui.add(
        egui::TextEdit::singleline(&mut trigger)
            .desired_width(120.0)
            .char_limit(crate::model::validate::MAX_NAME_CHARS)
            .hint_text("the trigger"),
    )
    .labelled_by(label.id)
    .on_hover_text("What sets the readied action off before its next turn");
    let action = EveningAction::Ready {
        trigger: trigger.clone(),
    };
    let refused = refusal(ctx.encounter, token, &action);
    let button = ui
        .add_enabled(refused.is_none(), egui::Button::new("Ready"))
        .on_hover_text(
            "Spends the Action; its reaction takes the readied action when the trigger comes",
        )
        .on_disabled_hover_text(refused.unwrap_or_default());
    if button.clicked() {
        ctx.command(ready(token, &trigger));
        trigger.clear();
    }
    ui.data_mut(|d| d.insert_temp(id, trigger));
}

/// A threat's attacks this round, and a Nemesis's next villain action.
fn threat_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId, c: &Combatant) {
    let Some(most) = attacks_per_round(ctx.encounter, token) else {
        return;
    };
    ui.label(format!("Attacks {}/{most}", c.economy.attacks_made))
        .on_hover_text("Its rating's attacks a round; each attack it rolls counts one");
    if let Some(step) = next_villain_step(ctx.encounter, token) {
        let label = format!("Villain action {step}");
        let taken = take(ctx.encounter, token, EveningAction::VillainAction);
        let hover = match step {
            1 => "In place of an attack: half damage, a condition or a side effect",
            2 => "In place of an attack: trade damage for an effect, such as moving",
            _ => "In place of an attack: four times the damage, or a catastrophe",
        };
        command_button(ui, ctx, &label, &label, hover, taken);
    }
}

/// Another combatant's turn: the readied action this one may take, and a Legendary threat's
/// legendary actions.
pub fn off_turn_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, c: &Combatant) {
    let Some(token) = c.token.filter(|_| evening_turns(ctx)) else {
        return;
    };
    let name = token_name(ctx.encounter, token);
    let readied = !c.economy.readied.is_empty();
    let legendary = legendary_actions_left(ctx.encounter, token);
    if !readied && legendary.is_none() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        if readied {
            ui.label(RichText::new(format!("Readied: {}", c.economy.readied)).italics());
            let taken = take(ctx.encounter, token, EveningAction::TakeReadied);
            command_button(
                ui,
                ctx,
                "Take readied action",
                &format!("Take readied action: {name}"),
                "The trigger came: take the readied action with the reaction",
                taken,
            );
        }
        if let Some(left) = legendary {
            legendary_ui(ui, ctx, token, &name, left);
        }
    });
}

fn legendary_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    name: &str,
    left: u8,
) {
    let one = take(
        ctx.encounter,
        token,
        EveningAction::LegendaryAction { cost: 1 },
    );
    command_button(
        ui,
        ctx,
        &format!("Legendary action ({left} left)"),
        &format!("Legendary action: {name}"),
        "As this turn ends: one of its actions or bonus actions, one at one time; all back at its turn",
        one,
    );
    ui.menu_button("Special ▶", |ui| {
        for cost in 2..=3 {
            let special = take(
                ctx.encounter,
                token,
                EveningAction::LegendaryAction { cost },
            );
            let label = format!("Special legendary action (costs {cost})");
            if command_button(
                ui,
                ctx,
                &label,
                &label,
                "An action only legendary actions trigger",
                special,
            ) {
                ui.close();
            }
        }
    });
}
