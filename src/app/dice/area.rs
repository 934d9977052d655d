//! The Dice pane's area path: the tokens an area of effect covers arrive from the map as the
//! targets; Roll resolves the action against each (the core's `combat::area_action` says who
//! rolls what); Apply makes every target's result one change joined to the roll's undo step.

use egui::DragValue;

use super::DiceState;
use crate::app::PaneContext;
use crate::combat::action::defence_result;
use crate::combat::area_action::{AreaResult, consequences, roll_against_each};
use crate::combat::log_text::{check_entry, check_result_for};
use crate::dice::{DiceRng, DiceTerm};
use crate::model::{Command, Encounter, TokenId};

/// An area action rolled against several targets, for Apply.
#[derive(Clone, Debug)]
pub struct AreaRolled {
    pub results: Vec<AreaResult>,
    /// GFH: a Beat's Wound dice, shared by the one roll.
    pub knock_out: [u8; 3],
    pub applied: bool,
}

/// What the map hands over: who acts and who is inside.
#[derive(Clone, Debug)]
struct AreaTargets {
    actor: Option<TokenId>,
    targets: Vec<TokenId>,
}

fn request_id() -> egui::Id {
    egui::Id::unique("lantern_dice_area_targets")
}

/// Makes the tokens inside an area the Dice pane's targets (read on its next frame).
pub fn request_area_targets(ctx: &egui::Context, actor: Option<TokenId>, targets: Vec<TokenId>) {
    ctx.data_mut(|d| d.insert_temp(request_id(), Some(AreaTargets { actor, targets })));
    ctx.request_repaint();
}

/// Takes the map's targets, if any arrived: they replace the list and the last roll.
pub(super) fn take_request(ctx: &egui::Context, state: &mut DiceState) {
    let Some(request) = ctx
        .data_mut(|d| d.remove_temp::<Option<AreaTargets>>(request_id()))
        .flatten()
    else {
        return;
    };
    if request.actor.is_some() {
        state.roller = request.actor;
    }
    state.targets = request.targets;
    state.attack = true;
    state.forget_result();
}

/// Rolls against each target and queues the log line (with `extra`, what the roll spends) as
/// one undo step.
pub(super) fn roll(
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
    extra: Vec<Command>,
) {
    let request = state.request();
    let base = state.base(ctx.encounter);
    let results = roll_against_each(
        ctx.encounter,
        &request,
        &base,
        &state.off,
        state.weapon_damage,
        rng,
    );
    let Some(first) = results.first() else {
        return;
    };
    let who = super::roller_name(ctx.encounter, state.roller);
    let mut entry = check_entry(&who, &first.filled.setup(), &first.outcome);
    entry.what = format!(
        "{} against {} targets in an area",
        entry.what,
        results.len()
    );
    entry.result = results
        .iter()
        .map(|r| {
            let name = ctx
                .encounter
                .token(r.target)
                .map_or("?".into(), |t| crate::app::text::name(&t.name));
            let words = defence_result(ctx.encounter, &r.filled, &r.outcome)
                .unwrap_or_else(|| check_result_for(&r.outcome, request.attack));
            format!("{name}: {words}")
        })
        .collect::<Vec<_>>()
        .join("; ");
    let die = |sides: u32, rng: &mut DiceRng| {
        DiceTerm::plain(1, sides)
            .roll_dice(0, rng)
            .first()
            .map_or(1, |d| u8::try_from(d.value).unwrap_or(1))
    };
    let knock_out = [die(20, rng), die(8, rng), die(4, rng)];
    state.area_rolled = Some(AreaRolled {
        results,
        knock_out,
        applied: false,
    });
    state.rolled = None;
    // Fitted: a list of every target can outgrow what one log line keeps.
    let entry = entry.fitted();
    state.show_result_of_form(entry.clone());
    let mut commands = vec![Command::AppendLog(entry)];
    commands.extend(extra);
    ctx.command(if commands.len() == 1 {
        commands.remove(0)
    } else {
        Command::Batch(commands)
    });
}

/// Each target's result with its editable amount and what Apply would do; "Apply to all".
pub(super) fn apply_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    state: &mut DiceState,
) -> Option<super::apply_offer::ApplyOffer> {
    state.last.as_ref()?;
    let rolled = state.area_rolled.as_mut()?;
    if rolled.applied {
        ui.label("Applied to every target.");
        return None;
    }
    for r in &mut rolled.results {
        let name = encounter
            .token(r.target)
            .map_or("?".into(), |t| crate::app::text::name(&t.name));
        ui.horizontal(|ui| {
            let words = defence_result(encounter, &r.filled, &r.outcome)
                .unwrap_or_else(|| check_result_for(&r.outcome, r.filled.attack));
            let label = ui.label(format!("{name}: {words}"));
            ui.add(DragValue::new(&mut r.amount).range(0..=999))
                .labelled_by(label.id);
        });
    }
    let previews = consequences(encounter, &rolled.results, rolled.knock_out);
    let commands: Vec<Command> = previews.iter().flat_map(|c| c.commands.clone()).collect();
    for line in previews.iter().flat_map(|c| c.lines.iter()) {
        ui.label(format!("• {line}"));
    }
    if commands.is_empty() {
        ui.label("Nothing to apply to the targets.");
        return None;
    }
    let log = super::apply_offer::ApplyLog {
        who: super::roller_name(
            encounter,
            rolled.results.first().and_then(|r| r.filled.actor),
        ),
        what: format!("Apply to {} targets", rolled.results.len()),
        dice: None,
        lines: previews.iter().flat_map(|c| c.lines.clone()).collect(),
        targets: rolled.results.iter().map(|r| r.target).collect(),
    };
    Some(super::apply_offer::ApplyOffer::area(commands, log))
}
