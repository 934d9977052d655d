//! Grapple and Shove from a token's menu (Evening, Combat actions): the Dice pane is set up as
//! the actor's check against the target, the core adds the maneuver's lines
//! (`combat::maneuver::fill`), and after a roll that lands the result offers what it does —
//! Grappled, knocked prone, or pushed one square away — in the roll's undo step, as Apply does.
//! Every rule is the core's; this file only draws and queues.

use egui::RichText;

use super::DiceState;
use crate::app::PaneContext;
use crate::combat::action::FilledCheck;
use crate::combat::catalogue::CheckKind;
use crate::combat::maneuver::{self, Maneuver, Outcome};
use crate::model::{Encounter, RuleSystem, TokenId};

/// A maneuver picked on the map: who tries it on whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Picked {
    pub maneuver: Maneuver,
    pub actor: TokenId,
    pub target: TokenId,
}

fn request_id() -> egui::Id {
    egui::Id::unique("lantern_dice_maneuver")
}

/// Hands a maneuver from the map to the Dice pane (read on its next frame).
pub fn request_maneuver(ctx: &egui::Context, picked: Picked) {
    ctx.data_mut(|d| d.insert_temp(request_id(), Some(picked)));
    ctx.request_repaint();
}

pub(super) fn take_request(ctx: &egui::Context) -> Option<Picked> {
    ctx.data_mut(|d| d.remove_temp::<Option<Picked>>(request_id()))
        .flatten()
}

/// Sets the pane up for `picked`: the actor's aptitude check against the target.
pub(super) fn begin(state: &mut DiceState, encounter: &Encounter, picked: Picked) {
    let action = super::MapAction {
        actor: Some(picked.actor),
        target: picked.target,
        attack: false,
        add: false,
    };
    super::action::begin(state, encounter, &action);
    state.check_kind = CheckKind::Aptitude;
    state.maneuver = Some(picked);
}

/// The picked maneuver while the form is still its check (the same actor, the one target, not
/// an attack).
pub(super) fn current(state: &DiceState) -> Option<Picked> {
    let picked = state.maneuver?;
    let same = state.roller == Some(picked.actor)
        && state.targets == [picked.target]
        && !state.request().attack;
    same.then_some(picked)
}

/// The maneuver's lines on the filled check, while it is the form's.
pub(super) fn fill(state: &DiceState, encounter: &Encounter, filled: &mut FilledCheck) {
    if let Some(picked) = current(state) {
        let scene = crate::board::Scene::new(encounter);
        maneuver::fill(encounter, &scene, picked.maneuver, filled);
    }
}

/// The form's heading line for a maneuver, e.g. "Shove: Aldric against Bandit".
pub(super) fn heading_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &DiceState) {
    let Some(picked) = current(state) else {
        return;
    };
    let name = |id| encounter.token(id).map_or("?", |t| t.name.as_str());
    ui.label(
        RichText::new(format!(
            "{}: {} against {}",
            picked.maneuver.label(),
            name(picked.actor),
            name(picked.target)
        ))
        .strong(),
    );
}

/// After a maneuver's roll: what a success does, each a button that lands in the roll's undo
/// step; a failure says so. Returns whether it drew the result's offer (so Apply is not).
pub(super) fn outcome_ui(ui: &mut egui::Ui, ctx: &PaneContext<'_>, state: &mut DiceState) -> bool {
    let Some(picked) = current(state) else {
        return false;
    };
    let Some(rolled) = &state.rolled else {
        return false;
    };
    if rolled.applied {
        ui.label("Applied.");
        return true;
    }
    if !maneuver::landed(&rolled.outcome) {
        ui.label(format!("The {} does not land.", picked.maneuver.label()));
        return true;
    }
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for outcome in Outcome::of(picked.maneuver) {
            let command = maneuver::apply(ctx.encounter, picked.actor, picked.target, *outcome);
            let button = ui.add_enabled(
                command.is_ok(),
                egui::Button::new(RichText::new(outcome.label()).size(18.0)),
            );
            let button = match &command {
                Ok(_) => button.on_hover_text("In the roll's undo step"),
                Err(why) => button.on_disabled_hover_text(why.to_string()),
            };
            if button.clicked()
                && let Ok(command) = command
            {
                chosen = Some(command);
            }
        }
    });
    if let Some(command) = chosen {
        state.apply_pending = true;
        if let Some(rolled) = &mut state.rolled {
            rolled.applied = true;
        }
        state.amends.push(command);
    }
    true
}

/// "Grapple Bandit…" and "Shove Bandit…" in a token's menu, for `actor` (the selected token or
/// the current combatant), Evening only; each is disabled with why when the core refuses it.
pub fn maneuver_menu_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    target: TokenId,
    actor: Option<TokenId>,
) {
    if encounter.system != RuleSystem::Evening {
        return;
    }
    let Some(actor) = actor.filter(|a| *a != target) else {
        return;
    };
    let scene = crate::board::Scene::new(encounter);
    let name = encounter.token(target).map_or("?", |t| t.name.as_str());
    for m in [Maneuver::Grapple, Maneuver::Shove] {
        let why = maneuver::refusal(encounter, &scene, m, actor, target);
        let button = ui
            .add_enabled(
                why.is_none(),
                egui::Button::new(format!("{} {name}…", m.label())),
            )
            .on_hover_text("Prowess + Body + Athletics against its TN, in the Dice pane")
            .on_disabled_hover_text(why.unwrap_or_default());
        if button.clicked() {
            let picked = Picked {
                maneuver: m,
                actor,
                target,
            };
            request_maneuver(ui.ctx(), picked);
            ui.close();
        }
    }
}
