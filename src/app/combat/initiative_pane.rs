//! The Initiative pane: set up the order for the encounter's system, then run turns.

use egui::{Color32, RichText};

use super::{TABLE_TEXT, queue, token_name};
use crate::app::PaneContext;
use crate::combat::command::CombatCommand;
use crate::combat::effective::economy_refusal;
use crate::combat::initiative::{
    Combatant, EconomyPart, EnemyPlacement, Initiative, Mode, ZipperSide, arrange_round_the_table,
    roll_evening, roll_joining,
};
use crate::combat::wounds::token_speed;
use crate::combat::wounds::wound_refusal;
use crate::dice::DiceRng;
use crate::model::{Command, RuleSystem, Side, TokenId};
use crate::rules::go_forth_heroes::WoundEffect;
use crate::rules::three_d6::EscalationChange;
use crate::rules::{EncounterChange, TrackerCommand};

/// Draws the Initiative pane. `rng` rolls Evening initiative (seeded in tests).
pub fn initiative_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    if ctx.encounter.combat.initiative.is_running() {
        running_ui(ui, ctx, rng);
    } else {
        setup_ui(ui, ctx, rng);
    }
}

/// Before the fight: choose the mode and who takes part, then start.
fn setup_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    let system = ctx.encounter.system;
    // Keyed by system, so opening an encounter under another system offers its own mode.
    let id = ui.scope_id().with(("initiative_setup", system));
    let mut mode = ui
        .data(|d| d.get_temp::<Mode>(id))
        .unwrap_or(Mode::default_for(system));
    ui.heading("Initiative");
    ui.label(RichText::new(mode_hint(mode)).weak());
    mode_picker_ui(ui, system, &mut mode);
    ui.data_mut(|d| d.insert_temp(id, mode));

    let surprised_id = ui.scope_id().with("surprise");
    let mut surprise = ui
        .data(|d| d.get_temp::<bool>(surprised_id))
        .unwrap_or(false);
    let mut lair = ui
        .data(|d| d.get_temp::<bool>(surprised_id.with("lair")))
        .unwrap_or(false);
    if mode == Mode::Rolled {
        ui.checkbox(
            &mut surprise,
            "Surprise round (selected tokens are surprised)",
        );
        ui.checkbox(&mut lair, "A lair acts on count 20");
    }
    ui.data_mut(|d| {
        d.insert_temp(surprised_id, surprise);
        d.insert_temp(surprised_id.with("lair"), lair);
    });
    let opener = zipper_opener_ui(ui, ctx, mode);
    ui.separator();
    ui.label(format!(
        "{} tokens will take part (GM-only tokens included).",
        ctx.encounter.tokens.len()
    ));
    if ui
        .button(RichText::new("⚔ Start initiative").size(18.0))
        .clicked()
    {
        let combatants = build_order(ctx, mode, lair, surprise, rng);
        queue(
            ctx,
            CombatCommand::StartInitiative {
                mode,
                combatants,
                surprise_round: surprise,
                pick: opener,
            },
        );
    }
}

/// The Zipper's first turn: the side that won the Notice check chooses who goes first (GFH,
/// The Zipper). `None` lets the first of that side in the list go.
fn zipper_opener_ui(ui: &mut egui::Ui, ctx: &PaneContext<'_>, mode: Mode) -> Option<TokenId> {
    let Mode::Zipper { first } = mode else {
        return None;
    };
    let choices: Vec<(TokenId, String)> = ctx
        .encounter
        .tokens
        .iter()
        .filter(|t| ZipperSide::of(t.side) == first)
        .map(|t| (t.id, crate::app::text::name(&t.name).into_owned()))
        .collect();
    let id = ui.scope_id().with("zipper_opener");
    let mut pick = ui
        .data(|d| d.get_temp::<Option<TokenId>>(id))
        .flatten()
        .filter(|t| choices.iter().any(|(c, _)| c == t));
    ui.horizontal_wrapped(|ui| {
        ui.label("Goes first:");
        ui.selectable_value(&mut pick, None, "first in the list");
        for (t, name) in &choices {
            ui.selectable_value(&mut pick, Some(*t), name);
        }
    });
    ui.data_mut(|d| d.insert_temp(id, pick));
    pick
}

fn mode_hint(mode: Mode) -> &'static str {
    match mode {
        Mode::Rolled => "Everyone rolls d20 + Finesse; ties roll off.",
        Mode::RoundTheTable { .. } => "Heroes in seat order; enemies slotted in.",
        Mode::Zipper { .. } => "Sides alternate; each side picks who goes next.",
        Mode::Simultaneous => "Everyone acts at once; a round is 10 time pips (3 seconds).",
        Mode::Ordered => "A simple order you arrange.",
        Mode::Escalating => "A simple order; Escalation rises by one each round.",
    }
}

fn mode_picker_ui(ui: &mut egui::Ui, system: RuleSystem, mode: &mut Mode) {
    if system != RuleSystem::GoForthHeroes {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let rtt = matches!(mode, Mode::RoundTheTable { .. });
        if ui.selectable_label(rtt, "Round the Table").clicked() {
            *mode = Mode::RoundTheTable {
                placement: EnemyPlacement::AtTheEnd,
            };
        }
        if ui.selectable_label(!rtt, "The Zipper").clicked() {
            *mode = Mode::Zipper {
                first: ZipperSide::Heroes,
            };
        }
    });
    match mode {
        Mode::RoundTheTable { placement } => {
            ui.horizontal_wrapped(|ui| {
                ui.label("Enemies:");
                ui.selectable_value(placement, EnemyPlacement::AtTheEnd, "at the end");
                ui.selectable_value(placement, EnemyPlacement::SplitHalfway, "split halfway");
                ui.selectable_value(placement, EnemyPlacement::Woven, "woven in");
            });
        }
        Mode::Zipper { first } => {
            ui.horizontal_wrapped(|ui| {
                ui.label("Won the Notice check:");
                ui.selectable_value(first, ZipperSide::Heroes, "heroes");
                ui.selectable_value(first, ZipperSide::Enemies, "enemies");
            });
        }
        _ => {}
    }
}

fn build_order(
    ctx: &PaneContext<'_>,
    mode: Mode,
    lair: bool,
    surprise: bool,
    rng: &mut DiceRng,
) -> Vec<Combatant> {
    let tokens = &ctx.encounter.tokens;
    let mut combatants = match mode {
        Mode::Rolled => {
            let entries: Vec<(TokenId, i32)> = tokens.iter().map(|t| (t.id, t.finesse)).collect();
            roll_evening(&entries, lair, rng.generator())
        }
        Mode::RoundTheTable { placement } => {
            let ids = |enemy: bool| {
                tokens
                    .iter()
                    .filter(|t| (t.side == Side::Enemy) == enemy)
                    .map(|t| t.id)
                    .collect::<Vec<_>>()
            };
            arrange_round_the_table(&ids(false), &ids(true), placement)
        }
        _ => tokens.iter().map(|t| Combatant::new(t.id)).collect(),
    };
    if surprise {
        for c in &mut combatants {
            c.surprised = c.token.is_some_and(|t| ctx.selection.contains(&t));
        }
    }
    combatants
}

/// During the fight: round, order, whose turn, and the controls to move on.
fn running_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    let init = &ctx.encounter.combat.initiative;
    header_ui(ui, ctx, init);
    super::death_saves::prompt_ui(ui, ctx, rng);
    super::aura_offers::offers_ui(ui, ctx, rng);
    handle_keys(ui, ctx);
    ui.separator();
    let zipper_side = zipper_side_to_pick(ctx);
    egui::ScrollArea::vertical()
        .auto_shrink([false, true])
        .max_height(ui.available_height() - 40.0)
        .show(ui, |ui| {
            for i in 0..ctx.encounter.combat.initiative.combatants.len() {
                combatant_row_ui(ui, ctx, i, zipper_side.as_ref());
            }
        });
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        let selected: Vec<TokenId> = ctx
            .selection
            .iter()
            .copied()
            .filter(|t| ctx.encounter.combat.initiative.position(*t).is_none())
            .collect();
        if ui
            .add_enabled(
                !selected.is_empty(),
                egui::Button::new("➕ Add selected tokens"),
            )
            .clicked()
        {
            // Evening, Initiative: joining a fight means rolling initiative; the first turn
            // comes when the order reaches that count.
            let rolled = ctx.encounter.combat.initiative.mode == Mode::Rolled;
            let entries: Vec<(TokenId, i32)> = selected
                .iter()
                .map(|t| (*t, ctx.encounter.token(*t).map_or(0, |t| t.finesse)))
                .collect();
            if rolled {
                let order = &ctx.encounter.combat.initiative.combatants;
                let roll = roll_joining(order, &entries, rng.generator());
                queue(ctx, CombatCommand::JoinRolled(roll));
            } else {
                for c in selected {
                    queue(ctx, CombatCommand::Join(Combatant::new(c)));
                }
            }
        }
        if ui.button("End initiative").clicked() {
            queue(ctx, CombatCommand::EndInitiative);
        }
    });
}

fn header_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, init: &Initiative) {
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!("Round {}", init.round))
                .size(TABLE_TEXT)
                .strong(),
        );
        if init.surprise_round {
            ui.label(RichText::new("surprise round").color(Color32::ORANGE));
        }
        if init.mode == Mode::Simultaneous {
            ui.label(
                RichText::new(format!(
                    "pip {}/{}",
                    init.pip + 1,
                    Initiative::PIPS_PER_ROUND
                ))
                .size(18.0),
            );
        }
    });
    if let Some(t) = init.current_token() {
        ui.label(
            RichText::new(format!("▶ {}", token_name(ctx.encounter, t)))
                .size(TABLE_TEXT)
                .color(Color32::from_rgb(255, 200, 80)),
        );
    }
    if init.mode == Mode::Escalating {
        escalation_ui(
            ui,
            ctx,
            ctx.encounter.combat.trackers.encounter.three_d6.escalation,
        );
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button("◀ Previous").on_hover_text("Page Up").clicked() {
            queue(ctx, CombatCommand::PreviousTurn);
        }
        let next = if init.mode == Mode::Simultaneous {
            "Next pip ▶"
        } else {
            "Next turn ▶"
        };
        if ui
            .button(RichText::new(next).size(18.0))
            .on_hover_text("Page Down")
            .clicked()
        {
            queue(ctx, CombatCommand::NextTurn { pick: None });
        }
    });
}

fn escalation_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, escalation: u8) {
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!("Escalation +{escalation}"))
                .size(TABLE_TEXT * 1.4)
                .strong()
                .color(Color32::from_rgb(255, 120, 60)),
        );
        for (label, change) in [
            ("−", EscalationChange::Decrease),
            ("+", EscalationChange::Increase),
        ] {
            if ui.small_button(label).clicked() {
                ctx.command(Command::Tracker(TrackerCommand::Encounter(
                    EncounterChange::ThreeD6(change),
                )));
            }
        }
    });
}

fn handle_keys(ui: &egui::Ui, ctx: &mut PaneContext<'_>) {
    let (next, previous) = ui.input(|i| {
        (
            i.key_pressed(egui::Key::PageDown),
            i.key_pressed(egui::Key::PageUp),
        )
    });
    if next {
        queue(ctx, CombatCommand::NextTurn { pick: None });
    }
    if previous {
        queue(ctx, CombatCommand::PreviousTurn);
    }
}

/// Who the Zipper lets go next, if the mode is the Zipper: the side that picks and whom it
/// may send (the core decides, GFH, The Zipper).
fn zipper_side_to_pick(ctx: &PaneContext<'_>) -> Option<(ZipperSide, Vec<TokenId>)> {
    let sides = |t: TokenId| ctx.encounter.token(t).map_or(Side::Neutral, |t| t.side);
    ctx.encounter.combat.initiative.zipper_choices(&sides)
}

fn combatant_row_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    i: usize,
    zipper_side: Option<&(ZipperSide, Vec<TokenId>)>,
) {
    let init = &ctx.encounter.combat.initiative;
    let c = init.combatants[i].clone();
    let is_current = init.current == Some(i);
    let name = c.token.map_or_else(
        || "Lair action".to_owned(),
        |t| token_name(ctx.encounter, t),
    );
    let frame = egui::Frame::group(ui.style()).fill(if is_current {
        Color32::from_rgb(70, 55, 20)
    } else {
        Color32::TRANSPARENT
    });
    let row_id = egui::Id::unique(("initiative_row", i));
    let (response, dropped) = ui.dnd_drop_zone::<usize, _>(frame, |ui| {
        ui.dnd_drag_source(row_id, i, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label("☰");
                let text = RichText::new(&name).size(if is_current { 20.0 } else { 16.0 });
                let label = ui.selectable_label(
                    c.token.is_some_and(|t| ctx.selection.contains(&t)),
                    if is_current { text.strong() } else { text },
                );
                if label.clicked()
                    && let Some(t) = c.token
                {
                    ctx.selection.clear();
                    ctx.selection.insert(t);
                }
                count_ui(ui, &c);
                flags_ui(ui, ctx, &c);
            });
        });
        if is_current && init.mode != Mode::Simultaneous {
            economy_ui(ui, ctx, &c);
            if let Some(token) = c.token {
                super::turn_actions_ui(ui, ctx, token);
            }
            super::evening_turn::current_ui(ui, ctx, &c);
        } else {
            reaction_ui(ui, ctx, &c);
            super::evening_turn::off_turn_ui(ui, ctx, &c);
        }
        if init.mode == Mode::Simultaneous {
            intention_ui(ui, ctx, &c);
        }
        zipper_pick_ui(ui, ctx, &c, zipper_side);
    });
    response
        .response
        .context_menu(|ui| row_menu_ui(ui, ctx, &c));
    if let Some(from) = dropped
        && *from != i
    {
        queue(ctx, CombatCommand::Reorder { from: *from, to: i });
    }
}

fn count_ui(ui: &mut egui::Ui, c: &Combatant) {
    match (&c.token, &c.roll) {
        (None, _) => {
            ui.label(RichText::new("20").strong())
                .on_hover_text("A lair acts on count 20 and loses ties.");
        }
        (Some(_), Some(roll)) => {
            let mut how = format!("d20 {} + Finesse {}", roll.d20, roll.bonus);
            if !roll.rolloffs.is_empty() {
                let offs: Vec<String> = roll.rolloffs.iter().map(u8::to_string).collect();
                how = format!("{how}; tie roll-offs {}", offs.join(", "));
            }
            ui.label(RichText::new(roll.total().to_string()).strong())
                .on_hover_text(how);
        }
        (Some(_), None) => {}
    }
}

fn flags_ui(ui: &mut egui::Ui, ctx: &PaneContext<'_>, c: &Combatant) {
    if c.held {
        ui.label(RichText::new("holding").color(Color32::LIGHT_BLUE));
    }
    if c.surprised && ctx.encounter.combat.initiative.surprise_round {
        ui.label(RichText::new("surprised").color(Color32::ORANGE));
    }
    if let Some(token) = c.token {
        super::death_saves::badge_ui(ui, ctx.encounter, token);
    }
    if let Some(token) = c.token.and_then(|t| ctx.encounter.token(t)) {
        let n = ctx
            .encounter
            .combat
            .conditions
            .iter()
            .filter(|x| x.token == token.id)
            .count();
        if n > 0 {
            ui.label(RichText::new(format!("{n} cond.")).weak());
        }
    }
}

/// The current combatant's action economy. Evening has a bonus action; every system's buttons
/// are refused, with the reason on hover, when a condition forbids that part of the turn.
fn economy_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, c: &Combatant) {
    let Some(token) = c.token else { return };
    let encounter = ctx.encounter;
    let speed = token_speed(encounter, &encounter.combat.conditions, token);
    let e = &c.economy;
    let refusal = |part| {
        economy_refusal(
            &encounter.combat.conditions,
            encounter.system,
            token,
            part,
            e,
        )
    };
    let evening = encounter.combat.initiative.mode == Mode::Rolled;
    let reaction_left = encounter.combat.initiative.reaction_available(token);
    ui.horizontal_wrapped(|ui| {
        let action = if e.extra_actions > 0 {
            format!("Action (+{})", e.extra_actions)
        } else {
            "Action".to_owned()
        };
        let dash = if evening { "Dash" } else { "Move again" };
        let dash_hover = if evening {
            "Bonus action: up to your speed again"
        } else {
            "Spend the Action on a second Move (Going Far is two Moves)"
        };
        for (available, label, part, hover) in [
            (
                e.action_available(),
                action.as_str(),
                EconomyPart::Action,
                "Use the Action",
            ),
            (
                !e.bonus_action_used,
                "Bonus",
                EconomyPart::BonusAction,
                "Use the bonus action",
            ),
            (
                reaction_left,
                "Reaction",
                EconomyPart::Reaction,
                "Use the Reaction",
            ),
            (
                if evening {
                    !e.bonus_action_used
                } else {
                    e.action_available()
                },
                dash,
                EconomyPart::Dash,
                dash_hover,
            ),
        ] {
            if part == EconomyPart::BonusAction && !evening {
                continue;
            }
            let why = refusal(part);
            let button = ui
                .add_enabled(available && why.is_none(), egui::Button::new(label))
                .on_hover_text(hover)
                .on_disabled_hover_text(why.unwrap_or_else(|| "Used".to_owned()));
            if button.clicked() {
                queue(ctx, CombatCommand::UseEconomy { token, part });
            }
        }
        let allowed = e.movement_allowed(speed.value);
        let moved = ui.label(format!("moved {}/{}", e.movement_spent, allowed));
        let mut reasons = speed.reasons.clone();
        if e.extra_moves > 0 {
            reasons.push(format!("{} extra Move(s) this turn", e.extra_moves));
        }
        moved.on_hover_text(reasons.join("\n"));
        let step = EconomyPart::Movement(1);
        let why = refusal(step).or_else(|| {
            (e.movement_spent >= allowed).then(|| "No movement left this turn".to_owned())
        });
        let button = ui
            .add_enabled(why.is_none(), egui::Button::new("+1 move"))
            .on_disabled_hover_text(why.unwrap_or_default());
        if button.clicked() {
            queue(ctx, CombatCommand::UseEconomy { token, part: step });
        }
    });
}

fn intention_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, c: &Combatant) {
    let Some(token) = c.token else { return };
    ui.horizontal(|ui| {
        ui.label("Intention:");
        if crate::app::text::too_long_to_edit(&c.intention) {
            let cut = crate::app::text::too_long_ui(ui, &c.intention, crate::app::text::LINE_CHARS);
            if let Some(intention) = cut {
                queue(ctx, CombatCommand::SetIntention { token, intention });
            }
            return;
        }
        let id = egui::Id::unique(("intention", token));
        let mut text = ui
            .data(|d| d.get_temp::<String>(id))
            .unwrap_or_else(|| c.intention.clone());
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut text)
                    .char_limit(crate::model::validate::MAX_INTENTION_CHARS),
            )
            .accessible_name(format!("Intention of {}", token_name(ctx.encounter, token)));
        if response.lost_focus() && text != c.intention {
            queue(
                ctx,
                CombatCommand::SetIntention {
                    token,
                    intention: text.clone(),
                },
            );
        }
        if response.has_focus() {
            ui.data_mut(|d| d.insert_temp(id, text));
        } else {
            ui.data_mut(|d| d.remove::<String>(id));
        }
        if ui
            .small_button("Assess")
            .on_hover_text("Spend the round to take stock: clears Distracted")
            .clicked()
        {
            queue(
                ctx,
                CombatCommand::RemoveCondition {
                    token,
                    name: "Distracted".into(),
                },
            );
        }
    });
}

fn zipper_pick_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    c: &Combatant,
    choices: Option<&(ZipperSide, Vec<TokenId>)>,
) {
    let (Some((_, tokens)), Some(token)) = (choices, c.token) else {
        return;
    };
    if tokens.contains(&token) && ui.button("goes next ▶").clicked() {
        queue(ctx, CombatCommand::NextTurn { pick: Some(token) });
    }
}

/// A reaction taken on someone else's turn (Evening, Reactions; GFH, Reactions): offered on
/// every row while the combatant still has it.
fn reaction_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, c: &Combatant) {
    let Some(token) = c.token else { return };
    let init = &ctx.encounter.combat.initiative;
    if init.mode == Mode::Simultaneous {
        return;
    }
    let why = economy_refusal(
        &ctx.encounter.combat.conditions,
        ctx.encounter.system,
        token,
        EconomyPart::Reaction,
        &c.economy,
    )
    .or_else(|| {
        (!init.reaction_available(token)).then(|| {
            if c.economy.reaction_used {
                "Reaction used this round".to_owned()
            } else {
                "No reaction before its first turn".to_owned()
            }
        })
    });
    let name = token_name(ctx.encounter, token);
    let button = ui
        .add_enabled(why.is_none(), egui::Button::new("Reaction").small())
        .accessible_name(format!("Reaction: {name}"))
        .on_hover_text("Take its Reaction now, on another combatant's turn")
        .on_disabled_hover_text(why.unwrap_or_default());
    if button.clicked() {
        queue(
            ctx,
            CombatCommand::UseEconomy {
                token,
                part: EconomyPart::Reaction,
            },
        );
    }
}

fn row_menu_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, c: &Combatant) {
    let Some(token) = c.token else { return };
    // A GFH Wound may forbid taking up a Hold; acting now is always allowed.
    let refusal = (!c.held)
        .then(|| wound_refusal(ctx.encounter, token, WoundEffect::CannotHold))
        .flatten()
        .map(|e| e.to_string());
    let hold = ui
        .add_enabled(
            refusal.is_none(),
            egui::Button::new(if c.held { "Act now" } else { "Hold / delay" }),
        )
        .on_disabled_hover_text(refusal.unwrap_or_default());
    if hold.clicked() {
        queue(
            ctx,
            CombatCommand::SetHeld {
                token,
                held: !c.held,
            },
        );
        ui.close();
    }
    if ui.button("Remove from initiative").clicked() {
        queue(ctx, CombatCommand::Leave(token));
        ui.close();
    }
}
