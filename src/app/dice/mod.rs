//! The Dice & Log pane: a check form for the encounter's system with live exact odds, a free
//! dice-expression roller, and the roll log.

mod conditions;
mod costs;
mod expression;
mod form;
mod gfh_form;
mod log_text;
mod odds_plot;

pub use costs::{Cost, cost};
pub use log_text::{check_entry, check_result, check_what, dice_text, die_text, expression_entry};
pub use odds_plot::{OddsCache, Totals, totals};

use egui::RichText;

use super::PaneContext;
use crate::combat::catalogue::CheckKind as ConditionCheckKind;
use crate::dice::DiceRng;
use crate::model::{Command, Encounter, LogEntry, RuleSystem, TokenId};
use crate::rules::evening::CheckKind;
use crate::rules::go_forth_heroes::Attribute;
use crate::rules::{CheckSetup, TokenTrackers};

/// The Dice pane's view state, kept by the app between frames (never saved in the encounter).
#[derive(Clone, Debug)]
pub struct DiceState {
    /// The check being set up, in the encounter's system.
    pub setup: CheckSetup,
    /// Who rolls; `None` is the GM.
    pub roller: Option<TokenId>,
    /// The selected token the roller last followed, so a new selection moves the roller while a
    /// roller picked by hand stays put.
    followed: Option<TokenId>,
    /// What kind of roll the form is (GFH Physical/Mental/Social, Evening aptitude/attack/
    /// defense), for the conditions that touch only some rolls; Evening's injury penalty follows it.
    pub check_kind: ConditionCheckKind,
    /// GFH: the attribute the check uses, picked from "Use attribute…"; a Wound can make checks
    /// with it Hard.
    pub attribute: Option<Attribute>,
    /// GFH: the roll is an attack (Rattled makes it Hard; an Exposed target makes it Easy).
    pub attack: bool,
    /// The token whose Defense the check is against, picked from "TN from a Defense…".
    pub target: Option<TokenId>,
    /// GFH: the momentum die the next roll spends as a Boost (an index into the roller's pool).
    pub boost_die: Option<usize>,
    /// The free dice expression as typed.
    pub expression: String,
    /// The last roll made from this pane, shown large.
    pub last: Option<LogEntry>,
    odds: OddsCache,
}

impl Default for DiceState {
    fn default() -> Self {
        Self::new(RuleSystem::default())
    }
}

impl DiceState {
    /// Fresh state with the system's default check.
    pub fn new(system: RuleSystem) -> Self {
        Self {
            setup: crate::rules::system(system).default_check(),
            roller: None,
            followed: None,
            check_kind: conditions::default_kind(system),
            attack: false,
            attribute: None,
            target: None,
            boost_die: None,
            expression: "1d20".to_owned(),
            last: None,
            odds: OddsCache::default(),
        }
    }

    /// Keeps the state valid for the encounter: the right system's check, a roller who exists,
    /// and the roller following a new selection.
    fn sync(&mut self, ctx: &PaneContext<'_>) {
        let system = ctx.encounter.system;
        if self.setup.system() != system {
            self.setup = crate::rules::system(system).default_check();
            self.check_kind = conditions::default_kind(system);
            self.attribute = None;
            self.target = None;
            gfh_form::clear_boost(self);
        }
        let selected = ctx.selection.iter().next().copied();
        if selected.is_some() && selected != self.followed {
            self.roller = selected;
            gfh_form::clear_boost(self);
        }
        self.followed = selected;
        if self
            .roller
            .is_some_and(|id| ctx.encounter.token(id).is_none())
        {
            self.roller = None;
        }
        if self
            .target
            .is_some_and(|id| ctx.encounter.token(id).is_none())
        {
            self.target = None;
        }
    }

    /// Evening: the injury and exhaustion penalties an aptitude check takes, or an attack's or
    /// defense's (Evening, Injury; Exhaustion).
    pub fn evening_kind(&self) -> CheckKind {
        if self.check_kind == ConditionCheckKind::Aptitude {
            CheckKind::Aptitude
        } else {
            CheckKind::AttackOrDefense
        }
    }

    /// The check as rolled: the form's setup with the roller's state, its conditions and the
    /// encounter's escalation filled in.
    pub fn effective_setup(&self, encounter: &Encounter) -> CheckSetup {
        let mut setup = self.setup_with_trackers(encounter);
        if let Some(effects) = conditions::effects(self, encounter) {
            conditions::apply(&mut setup, &effects);
        }
        setup
    }

    fn setup_with_trackers(&self, encounter: &Encounter) -> CheckSetup {
        let trackers = self
            .roller
            .and_then(|id| encounter.combat.trackers.per_token.get(&id));
        match (&self.setup, trackers) {
            (CheckSetup::Evening(c), Some(TokenTrackers::Evening(t))) => {
                CheckSetup::Evening(t.apply_penalties(c, self.evening_kind()))
            }
            (CheckSetup::RoadAndRuin(c), Some(TokenTrackers::RoadAndRuin(t))) => {
                CheckSetup::RoadAndRuin(t.prepare(c))
            }
            (CheckSetup::ThreeD6(c), _) => {
                let mut c = *c;
                c.escalation = encounter.combat.trackers.encounter.three_d6.escalation;
                CheckSetup::ThreeD6(c)
            }
            (setup, _) => setup.clone(),
        }
    }
}

/// The name a roll is logged under.
fn roller_name(encounter: &Encounter, roller: Option<TokenId>) -> String {
    roller
        .and_then(|id| encounter.token(id))
        .map_or_else(|| "GM".to_owned(), |t| t.name.clone())
}

/// Draws the Dice & Log pane. Rolls go through `rng`; each roll queues one log command (with
/// the momentum it spent, as one undo step).
pub fn dice_log_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
) {
    state.sync(ctx);
    ui.heading(format!("Dice: {}", ctx.encounter.system.label()));
    // Side by side when the pane is wide enough, the odds under the form when it is not.
    if ui.available_width() >= 2.0 * FORM_WIDTH {
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_max_width(FORM_WIDTH);
                form_ui(ui, ctx, state, rng);
            });
            ui.vertical(|ui| odds_ui(ui, ctx.encounter, state));
        });
    } else {
        form_ui(ui, ctx, state, rng);
        odds_ui(ui, ctx.encounter, state);
    }
    ui.separator();
    expression::expression_ui(ui, ctx, state, rng);
    ui.separator();
    expression::log_ui(ui, &ctx.encounter.combat.log);
}

/// The form column's width.
const FORM_WIDTH: f32 = 330.0;

fn form_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, state: &mut DiceState, rng: &mut DiceRng) {
    roller_ui(ui, ctx.encounter, state);
    conditions::kind_ui(ui, state);
    form::check_form_ui(ui, ctx.encounter, state);
    conditions::note_ui(ui, state, ctx.encounter);
    roll_button_ui(ui, ctx, state, rng);
}

/// The exact odds of the check as it would be rolled now, recomputed only when it changes.
fn odds_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    let setup = state.effective_setup(encounter);
    let (outcomes, totals) = state.odds.update(&setup);
    odds_plot::outcomes_plot_ui(ui, outcomes);
    if let Some(totals) = totals {
        odds_plot::totals_plot_ui(ui, totals);
    }
}

fn roller_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    let before = state.roller;
    egui::ComboBox::from_label("Who rolls")
        .selected_text(roller_name(encounter, state.roller))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut state.roller, None, "GM");
            for token in &encounter.tokens {
                ui.selectable_value(&mut state.roller, Some(token.id), &token.name);
            }
        });
    if state.roller != before {
        gfh_form::clear_boost(state);
    }
}

fn roll_button_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
) {
    let setup = state.effective_setup(ctx.encounter);
    let cost = cost(&setup, ctx.encounter, state.roller);
    if let Some(cost) = &cost {
        let text = format!("Spends {}", cost.text);
        if cost.affordable {
            ui.label(text);
        } else {
            ui.label(RichText::new(format!("{text}: not enough")).color(egui::Color32::LIGHT_RED));
        }
    }
    let affordable = cost.as_ref().is_none_or(|c| c.affordable);
    if ui
        .add_enabled(
            affordable,
            egui::Button::new(RichText::new("Roll check").size(20.0)),
        )
        .clicked()
    {
        roll_check(ctx, state, rng, cost);
    }
    if let Some(last) = &state.last {
        ui.label(RichText::new(&last.result).size(22.0).strong());
        ui.label(RichText::new(&last.dice).monospace());
    }
}

/// Rolls the check and queues its log line, with the momentum, grit or Exertion it spends in
/// the same batch.
fn roll_check(
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
    cost: Option<Cost>,
) {
    let setup = state.effective_setup(ctx.encounter);
    let outcome = setup.roll(rng);
    let who = roller_name(ctx.encounter, state.roller);
    let entry = check_entry(&who, &setup, &outcome);
    let mut commands = vec![Command::AppendLog(entry.clone())];
    commands.extend(cost.map(|c| c.command));
    if let Some(spend) = gfh_form::momentum_spend(state, &outcome) {
        commands.push(spend);
        gfh_form::clear_boost(state);
    }
    state.last = Some(entry);
    ctx.command(if commands.len() == 1 {
        commands.remove(0)
    } else {
        Command::Batch(commands)
    });
}
