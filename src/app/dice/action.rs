//! The action part of the Dice pane: the actor and targets picked on the map, the builder's
//! contributions with their checkboxes, the result and Apply. Every rule is the core builder's
//! (`combat::action`); this file only draws what it returns.

use egui::{Color32, DragValue, RichText};

use super::{DiceState, Rolled};
use crate::app::PaneContext;
use crate::combat::action::{
    Contribution, FilledCheck, SheetSpot, attacks_of, consequence, default_actor, default_amount,
    request_for, rolled_scene_tn, roller_consequence,
};
use crate::dice::DiceRng;
use crate::model::{Command, Encounter, TokenId};
use crate::rules::go_forth_heroes::GfhEncounterChange;
use crate::rules::{CheckOutcome, CheckSetup, EncounterChange, TrackerCommand};

/// An action picked on the map: a token menu's "Attack <name>…", "Check against <name>…" or
/// "Attack with <name>…" and a click on the target, or Ctrl+click.
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
    state.weapon = request.weapon;
    state.helpers.clear();
    if request.attribute.is_some() {
        state.attribute = request.attribute;
    }
    if let Some(kind) = request.kind {
        state.check_kind = kind;
    }
    state.off.clear();
    state.roll_anyway = false;
    // Evening: what the GM said of the last action (a reserve die, certain damage…) is not
    // this one's.
    if let CheckSetup::Evening(c) = &mut state.setup {
        c.clear_action_choices();
    }
    state.forget_result();
}

/// "Attack with": the attacks on the roller's sheet, or the form's own numbers. Shown for an
/// attack by a roller whose sheet lists attacks.
pub(super) fn weapon_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    let Some(roller) = state.roller.filter(|_| state.attack) else {
        return;
    };
    let attacks = attacks_of(encounter, roller);
    if attacks.is_empty() {
        return;
    }
    let chosen = state.weapon.and_then(|i| attacks.get(i));
    let shown = chosen.map_or_else(|| "the form's numbers".to_owned(), |a| a.name.clone());
    let mut picked = state.weapon;
    egui::ComboBox::from_label("Attack with")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for a in &attacks {
                let text = format!("{} ({}; {})", a.name, a.range.label(), a.numbers);
                ui.selectable_value(&mut picked, Some(a.index), text);
            }
            ui.selectable_value(&mut picked, None, "the form's numbers");
        });
    if picked != state.weapon {
        state.weapon = picked;
        state.melee = picked
            .and_then(|i| attacks.get(i))
            .is_some_and(|a| a.range.is_melee());
    }
}

/// The numbers a sheet lacked and what stood in for each, with a way to the sheet to fill it.
pub(super) fn stand_ins_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, filled: &FilledCheck) {
    for stand_in in &filled.stand_ins {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(&stand_in.text).color(ui.visuals().warn_fg_color));
            if ui
                .small_button("Open sheet")
                .on_hover_text("Show this token's sheet where the number goes")
                .clicked()
            {
                open_sheet(ui.ctx(), ctx, stand_in.token, stand_in.at);
            }
        });
    }
}

/// Selects `token` and brings the Sheet pane forward at `at`.
fn open_sheet(egui_ctx: &egui::Context, ctx: &mut PaneContext<'_>, token: TokenId, at: SheetSpot) {
    ctx.selection.clear();
    ctx.selection.insert(token);
    crate::app::panes::sheet::request_show_at(egui_ctx, token, at);
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
        if let Some(why) = &c.off_because {
            switched_off_ui(ui, c, &setup, why);
            continue;
        }
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
    if let Some(text) = filled.target_number_text() {
        ui.label(text);
    }
}

/// A line the builder leaves off (a GM ruling the encounter has off): its box cleared and
/// greyed, with the reason beside it, so the GM sees what the ruling would do.
fn switched_off_ui(ui: &mut egui::Ui, c: &Contribution, setup: &CheckSetup, why: &str) {
    let effect = c.lever.effect(setup);
    let mut on = false;
    let text = format!("{}: {effect} ({why})", c.text);
    ui.add_enabled(
        false,
        egui::Checkbox::new(&mut on, RichText::new(text).weak()),
    )
    .on_disabled_hover_text(format!("Source: {}. {why}", c.source.word()));
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
    let knock_out = crate::combat::action::knock_out_dice(rng);
    let roller_consequence =
        roller_consequence(encounter, filled, &outcome).map(super::resist::RollerConsequence::new);
    Rolled {
        roller_consequence,
        target_resist: super::resist::Resisting::default(),
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
/// What Apply would land now, offered in the Roll row at the pane's bottom (so the button is in
/// view however long the result's lines run).
pub(super) enum ApplyOffer {
    /// The single target's consequence.
    Single(Vec<Command>),
    /// Every target's of an area roll.
    Area(Vec<Command>),
}

impl ApplyOffer {
    pub(super) fn label(&self) -> &'static str {
        match self {
            Self::Single(_) => "Apply",
            Self::Area(_) => "Apply to all",
        }
    }

    pub(super) fn hint(&self) -> &'static str {
        match self {
            Self::Single(_) => "Make it so, in the roll's undo step",
            Self::Area(_) => "Every target's result, in the roll's undo step",
        }
    }

    /// Apply was pressed: the roll shows as applied and its commands join the roll's step (the
    /// app notes the step they land in, and from then on the history says whether it holds).
    pub(super) fn accept(self, state: &mut DiceState) {
        state.apply_pending = true;
        match self {
            Self::Single(commands) => {
                if let Some(rolled) = &mut state.rolled {
                    rolled.applied = true;
                }
                state.amends.push(Command::Batch(commands));
            }
            Self::Area(commands) => {
                if let Some(rolled) = &mut state.area_rolled {
                    rolled.applied = true;
                }
                state.amends.push(Command::Batch(commands));
            }
        }
    }
}

/// The last roll's result, its Boosts and reroll, and what Apply would do; returns the Apply
/// to offer, if there is one.
pub(super) fn result_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
) -> Option<ApplyOffer> {
    let last = state.last.as_ref()?;
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
    if super::maneuver::outcome_ui(ui, ctx, state) {
        return None;
    }
    let offer = apply_ui(ui, ctx, state, rng);
    super::resist::roller_consequence_ui(ui, ctx.encounter, state, rng);
    offer.or_else(|| super::area::apply_ui(ui, ctx.encounter, state))
}

fn apply_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
) -> Option<ApplyOffer> {
    let encounter = ctx.encounter;
    let rolled = state.rolled.as_mut()?;
    rolled.filled.target()?;
    if rolled.applied {
        ui.label("Applied.");
        return None;
    }
    ui.horizontal(|ui| {
        let label = ui.label(amount_word(&rolled.outcome));
        ui.add(DragValue::new(&mut rolled.amount).range(0..=999))
            .labelled_by(label.id);
    });
    // Post core, Resistance Roll: the target may reduce the harm before it lands.
    let amount = super::resist::target_resistance_ui(ui, encounter, state, rng);
    let rolled = state.rolled.as_mut()?;
    let preview = consequence(
        encounter,
        &rolled.filled,
        &rolled.outcome,
        amount,
        rolled.knock_out,
    );
    if preview.commands.is_empty() {
        let (why, fix) = preview
            .nothing
            .unwrap_or_else(|| ("Nothing to apply to the target.".to_owned(), None));
        ui.horizontal_wrapped(|ui| {
            ui.label(why);
            if let Some((token, at)) = fix
                && ui.small_button("Open sheet").clicked()
            {
                open_sheet(ui.ctx(), ctx, token, at);
            }
        });
        return None;
    }
    for line in &preview.lines {
        ui.label(format!("• {line}"));
    }
    Some(ApplyOffer::Single(preview.commands))
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
