//! The action part of the Dice pane: the actor and targets picked on the map, the builder's
//! contributions with their checkboxes, the result and Apply. Every rule is the core builder's
//! (`combat::action`); this file only draws what it returns.

use egui::{Color32, DragValue, RichText};

use super::{DiceState, Rolled};
use crate::app::PaneContext;
use crate::combat::action::{
    FilledCheck, consequence, default_actor, default_amount, request_for, rolled_scene_tn,
};
use crate::dice::{DiceRng, DiceTerm};
use crate::model::{Command, Encounter, TokenId};
use crate::rules::go_forth_heroes::GfhEncounterChange;
use crate::rules::{CheckOutcome, CheckSetup, EncounterChange, TrackerCommand};

/// An action picked on the map: right-click "Attack…"/"Check against…", or Ctrl+click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapAction {
    /// The actor the map knows (the selected token), if any; otherwise the current combatant.
    pub actor: Option<TokenId>,
    /// The token acted on.
    pub target: TokenId,
    /// An attack rather than a check against it.
    pub attack: bool,
    /// Add the target to the list instead of replacing it.
    pub add: bool,
}

fn request_id() -> egui::Id {
    egui::Id::unique("lantern_dice_map_action")
}

/// Hands an action from the map to the Dice pane (read on its next frame).
pub fn request_action(ctx: &egui::Context, action: MapAction) {
    ctx.data_mut(|d| d.insert_temp(request_id(), Some(action)));
    ctx.request_repaint();
}

pub(super) fn take_request(ctx: &egui::Context) -> Option<MapAction> {
    ctx.data_mut(|d| d.remove_temp::<Option<MapAction>>(request_id()))
        .flatten()
}

/// Sets the pane up for an action from the map: the actor, the target, melee when they are
/// adjacent, and for a GFH attack its default attribute (so the kind of check follows).
pub(super) fn begin(state: &mut DiceState, encounter: &Encounter, action: &MapAction) {
    let actor = action
        .actor
        .filter(|a| *a != action.target)
        .or_else(|| default_actor(encounter, action.target));
    if action.add && actor == state.roller {
        if !state.targets.contains(&action.target) {
            state.targets.push(action.target);
        }
    } else {
        state.targets = vec![action.target];
    }
    let request = request_for(encounter, actor, action.target, action.attack);
    state.roller = actor;
    state.attack = action.attack;
    state.melee = request.melee;
    if request.attribute.is_some() {
        state.attribute = request.attribute;
    }
    if let Some(kind) = request.kind {
        state.check_kind = kind;
    }
    state.off.clear();
    state.roll_anyway = false;
    state.rolled = None;
    state.last = None;
}

/// The target field, then the targets, each with a way to drop it.
pub(super) fn targets_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    let mut picked = None;
    egui::ComboBox::from_label("Target")
        .selected_text(
            state
                .targets
                .first()
                .and_then(|id| encounter.token(*id))
                .map_or("none".into(), |t| crate::app::text::name(&t.name)),
        )
        .show_ui(ui, |ui| {
            for token in encounter
                .tokens
                .iter()
                .filter(|t| Some(t.id) != state.roller)
            {
                if ui
                    .selectable_label(false, crate::app::text::name(&token.name).as_ref())
                    .clicked()
                {
                    picked = Some(token.id);
                }
            }
        });
    if let Some(target) = picked {
        let action = MapAction {
            actor: state.roller,
            target,
            attack: state.attack,
            add: false,
        };
        begin(state, encounter, &action);
    }
    if state.targets.is_empty() {
        return;
    }
    let mut drop = None;
    ui.horizontal_wrapped(|ui| {
        for (i, id) in state.targets.iter().enumerate() {
            let name = encounter
                .token(*id)
                .map_or("?".into(), |t| crate::app::text::name(&t.name));
            let word = if i == 0 { "Against" } else { "then" };
            ui.label(format!("{word} {name}"));
            if ui
                .small_button("×")
                .on_hover_text("Drop this target")
                .clicked()
            {
                drop = Some(i);
            }
        }
    });
    if let Some(i) = drop {
        state.targets.remove(i);
    }
}

/// One checkbox per contribution, "text: effect"; clearing one switches it off.
pub(super) fn contributions_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    state: &mut DiceState,
    filled: &FilledCheck,
) {
    if let Some(defender) = filled.defender {
        let name = |id: Option<TokenId>| {
            id.and_then(|id| encounter.token(id))
                .map_or("?".into(), |t| crate::app::text::name(&t.name))
        };
        ui.label(
            RichText::new(format!(
                "{} rolls a defence check against {}'s attack",
                name(Some(defender)),
                name(filled.actor)
            ))
            .strong(),
        );
    }
    if filled.contributions.is_empty() {
        return;
    }
    let setup = filled.base.clone();
    ui.label(RichText::new("From the map and trackers").strong());
    for c in &filled.contributions {
        let mut on = c.on;
        let effect = c.lever.effect(&setup);
        let label = if effect == "none" || c.text.ends_with(&effect) {
            c.text.clone()
        } else {
            format!("{}: {effect}", c.text)
        };
        // The core's words may quote a name or a condition of any length.
        let label = crate::app::text::line(&label).into_owned();
        let text = RichText::new(label).color(Color32::from_rgb(240, 180, 90));
        if ui
            .checkbox(&mut on, text)
            .on_hover_text(format!(
                "Source: {}. Clear to leave it out.",
                c.source.word()
            ))
            .changed()
        {
            if on {
                state.off.remove(&c.text);
            } else {
                state.off.insert(c.text.clone());
            }
        }
    }
    if let Some(tn) = filled.target_number() {
        ui.label(format!("Target number {tn}"));
    }
}

/// GFH: a check rolled against a tier keeps the TN it rolled for the rest of the scene.
pub(super) fn keep_scene_tn(setup: &CheckSetup, outcome: &CheckOutcome) -> Option<Command> {
    let tn = rolled_scene_tn(setup, outcome)?;
    Some(Command::Tracker(TrackerCommand::Encounter(
        EncounterChange::GoForthHeroes(GfhEncounterChange::SetSceneTn(Some(tn))),
    )))
}

/// GFH: the scene's kept TN, with "New scene" to roll a fresh one at the next check.
pub(super) fn scene_tn_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    if ctx.encounter.system != crate::model::RuleSystem::GoForthHeroes {
        return;
    }
    let Some(scene) = ctx
        .encounter
        .combat
        .trackers
        .encounter
        .go_forth_heroes
        .scene_tn
    else {
        return;
    };
    ui.horizontal(|ui| {
        ui.label(format!("Scene TN {} ({:?})", scene.tn, scene.tier));
        if ui
            .small_button("New scene")
            .on_hover_text("Forget it; the next check against a tier rolls a new one")
            .clicked()
        {
            ctx.command(Command::Tracker(TrackerCommand::Encounter(
                EncounterChange::GoForthHeroes(GfhEncounterChange::SetSceneTn(None)),
            )));
        }
    });
}

/// The roll kept for Apply and Boosts, with its default amount and a Beat's Wound dice.
pub(super) fn rolled(
    encounter: &Encounter,
    state: &DiceState,
    filled: &FilledCheck,
    setup: CheckSetup,
    outcome: CheckOutcome,
    rng: &mut DiceRng,
) -> Rolled {
    let amount = default_amount(encounter, filled, &outcome, state.weapon_damage, rng);
    let die = |sides: u32, rng: &mut DiceRng| {
        DiceTerm::plain(1, sides)
            .roll_dice(0, rng)
            .first()
            .map_or(1, |d| u8::try_from(d.value).unwrap_or(1))
    };
    let knock_out = [die(20, rng), die(8, rng), die(4, rng)];
    Rolled {
        filled: filled.clone(),
        setup,
        first: outcome.clone(),
        outcome,
        amount,
        knock_out,
        boosts: Vec::new(),
        applied: false,
        rerolled: false,
    }
}

/// The last roll large, then Boosts (GFH) and Apply with its preview.
pub(super) fn result_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
) {
    let Some(last) = &state.last else {
        return;
    };
    let result = state
        .rolled
        .as_ref()
        .filter(|r| !r.boosts.is_empty() || r.rerolled)
        .map_or_else(
            || last.result.clone(),
            |r| {
                crate::combat::action::defence_result(ctx.encounter, &r.filled, &r.outcome)
                    .unwrap_or_else(|| super::check_result_for(&r.outcome, r.filled.attack))
            },
        );
    ui.label(
        RichText::new(crate::app::text::line(&result))
            .size(22.0)
            .strong(),
    );
    ui.label(RichText::new(crate::app::text::line(&last.dice)).monospace());
    super::boost::boost_ui(ui, ctx.encounter, state, rng);
    super::reroll::reroll_ui(ui, ctx.encounter, state, rng);
    apply_ui(ui, ctx.encounter, state);
    super::area::apply_ui(ui, ctx.encounter, state);
}

fn apply_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    let Some(rolled) = &mut state.rolled else {
        return;
    };
    if rolled.filled.target().is_none() {
        return;
    }
    if rolled.applied {
        ui.label("Applied.");
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label(amount_word(&rolled.outcome));
        ui.add(DragValue::new(&mut rolled.amount).range(0..=999))
            .labelled_by(label.id);
    });
    let preview = consequence(
        encounter,
        &rolled.filled,
        &rolled.outcome,
        rolled.amount,
        rolled.knock_out,
    );
    if preview.commands.is_empty() {
        ui.label("Nothing to apply to the target.");
        return;
    }
    for line in &preview.lines {
        ui.label(format!("• {line}"));
    }
    if ui
        .button(RichText::new("Apply").size(18.0))
        .on_hover_text("Make it so, in the roll's undo step")
        .clicked()
    {
        rolled.applied = true;
        state.amends.push(Command::Batch(preview.commands));
    }
}

/// What the editable amount is in the system's words.
fn amount_word(outcome: &CheckOutcome) -> &'static str {
    match outcome {
        CheckOutcome::GoForthHeroes(_) => "Effort",
        CheckOutcome::PostCore(_) => "Harm (effect)",
        CheckOutcome::ThreeD6(_) => "Harm",
        _ => "Damage",
    }
}
