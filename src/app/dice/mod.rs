//! The Dice & Log pane: a check form for the encounter's system with live exact odds, a free
//! dice-expression roller, and the roll log.

mod action;
mod apply_offer;
mod area;
mod boost;
mod conditions;
mod evening_form;
mod expression;
mod form;
mod gfh_form;
mod maneuver;
mod odds_plot;
mod phone;
mod reroll;
mod resist;

pub use crate::combat::log_text::{
    check_entry, check_result, check_result_for, check_what, dice_text, die_text, expression_entry,
};
pub use action::{MapAction, request_action};
pub use area::request_area_targets;
pub use maneuver::{Picked as PickedManeuver, maneuver_menu_ui, request_maneuver};
pub use odds_plot::{OddsCache, Totals, totals};

use std::collections::BTreeSet;

use egui::RichText;

use super::PaneContext;
use crate::combat::action::{ActionRequest, BoostOn, Cost, FilledCheck, affordable, build, costs};
use crate::combat::catalogue::CheckKind as ConditionCheckKind;
use crate::dice::DiceRng;
use crate::model::{Command, Encounter, LogEntry, RuleSystem, TokenId};
use crate::rules::go_forth_heroes::Attribute;
use crate::rules::road_and_ruin::AttackRoll;
use crate::rules::{CheckOutcome, CheckSetup};

/// A roll made from the pane that Apply and Boosts still work on.
#[derive(Clone, Debug)]
pub struct Rolled {
    /// The check as it was filled when rolled.
    pub filled: FilledCheck,
    /// The setup rolled.
    pub setup: CheckSetup,
    /// The roll as first rolled (before any Boost).
    pub first: CheckOutcome,
    /// The roll with its Boosts.
    pub outcome: CheckOutcome,
    /// The amount Apply deals, editable.
    pub amount: i64,
    /// Evening: the damage dice rolled for `amount`, for the result and the log.
    pub damage: Option<crate::dice::RollRecord>,
    /// GFH: the Wound roll's d20, d8 and d4 for a Beat, rolled with the check.
    pub knock_out: [u8; 3],
    /// GFH: momentum faces added after the roll.
    pub boosts: Vec<(BoostOn, u8)>,
    /// Whether Apply was pressed.
    pub applied: bool,
    /// Road and Ruin: the To Hit was rerolled for Exertion (once).
    pub rerolled: bool,
    /// Post core: the target's resistance roll against the harm, before Apply.
    pub target_resist: resist::Resisting,
    /// Post core: the consequence a mixed success or a failure brings the roller.
    pub roller_consequence: Option<resist::RollerConsequence>,
}

/// Everything a roll's result depends on from the form: who acts on whom and how, and the
/// check as set up. A result is shown only while the form still sets up this check.
#[derive(Clone, Debug, PartialEq)]
struct CheckKey {
    request: ActionRequest,
    form: CheckSetup,
    off: BTreeSet<String>,
    rr_attack: AttackRoll,
    weapon_damage: u32,
}

/// Who acts on whom, with which attack, under which system: the check the GM's overrides (a
/// cleared line, "Roll anyway") were made on. A change of any of these drops them (STYLE.md:
/// derived UI state belongs to its inputs), so a refusal waived for one attacker never carries
/// to another.
#[derive(Clone, Debug, PartialEq, Eq)]
struct CheckIdentity {
    system: RuleSystem,
    actor: Option<TokenId>,
    targets: Vec<TokenId>,
    attack: bool,
    weapon: Option<usize>,
}

/// The Dice pane's view state, kept by the app between frames (never saved in the encounter).
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches of the form, each its own checkbox"
)]
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
    /// defense), for the conditions that touch only some rolls.
    pub check_kind: ConditionCheckKind,
    /// GFH: the attribute the check uses; sets the kind of check and the Defense attacked.
    pub attribute: Option<Attribute>,
    /// The roll is an attack.
    pub attack: bool,
    /// A melee action: it must reach an adjacent cell.
    pub melee: bool,
    /// The attack from the roller's sheet, by its place in the sheet's list.
    pub weapon: Option<usize>,
    /// Post core: the teammates giving the roll a die each, for 1 of their own grit.
    pub helpers: Vec<TokenId>,
    /// The targets, first one first (the check is filled against the first).
    pub targets: Vec<TokenId>,
    /// The contributions the GM switched off, by their text.
    pub off: BTreeSet<String>,
    /// The GM overrides a refusal (no line of sight, out of reach).
    pub roll_anyway: bool,
    /// The check `off` and `roll_anyway` were set on; they go when it changes.
    overrides_for: Option<CheckIdentity>,
    /// Road and Ruin: the attack die and modifier when the roll is an attack.
    pub rr_attack: AttackRoll,
    /// Road and Ruin: the weapon's full damage (its Size/Weight), for a Solid Blow.
    pub weapon_damage: u32,
    /// The last check rolled, for Apply and Boosts.
    pub rolled: Option<Rolled>,
    /// The last action rolled against an area's targets, for Apply.
    pub area_rolled: Option<area::AreaRolled>,
    /// Changes that belong to the last roll's undo step (Apply, Boosts), for the app to amend.
    amends: Vec<Command>,
    /// Apply is among `amends`.
    apply_pending: bool,
    /// The undo step the last roll made, once the app has applied it (its marker, followed
    /// through amends): while it is undone, the result is not shown.
    roll_marker: Option<u64>,
    /// The undo step Apply landed in: the result counts as applied while it holds.
    apply_marker: Option<u64>,
    awaiting_marker: bool,
    /// The check the shown result came from; `None` for a dice expression, which belongs to none.
    shown_for: Option<CheckKey>,
    /// The free dice expression as typed.
    pub expression: String,
    /// The last roll made from this pane, shown large.
    pub last: Option<LogEntry>,
    odds: OddsCache,
    /// Evening: the grapple or shove the form is set up for (`maneuver.rs`).
    maneuver: Option<maneuver::Picked>,
    /// A fresh pane (another encounter, another system) starts scrolled to its top, its
    /// header in view, whatever the last encounter's pane was scrolled to.
    scroll_to_top: bool,
    /// The pane is too short for the odds charts this frame: they show as one bar.
    short: bool,
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
            melee: false,
            weapon: None,
            helpers: Vec::new(),
            attribute: None,
            targets: Vec::new(),
            off: BTreeSet::new(),
            roll_anyway: false,
            overrides_for: None,
            rr_attack: AttackRoll::default(),
            weapon_damage: 6,
            rolled: None,
            area_rolled: None,
            amends: Vec::new(),
            apply_pending: false,
            roll_marker: None,
            apply_marker: None,
            awaiting_marker: false,
            shown_for: None,
            expression: "1d20".to_owned(),
            last: None,
            odds: OddsCache::default(),
            maneuver: None,
            scroll_to_top: true,
            short: false,
        }
    }

    /// Keeps the state valid for the encounter: the right system's check, a roller who exists,
    /// the roller following a new selection, and a result shown only with the check that
    /// produced it (a new actor, target, attack, weapon or form clears it).
    fn sync(&mut self, ctx: &PaneContext<'_>) {
        let system = ctx.encounter.system;
        if self.setup.system() != system {
            *self = Self {
                expression: std::mem::take(&mut self.expression),
                ..Self::new(system)
            };
        }
        let selected = ctx.selection.iter().next().copied();
        if let Some(id) = selected
            && selected != self.followed
            && !self.targets.contains(&id)
        {
            self.roller = selected;
        }
        self.followed = selected;
        let exists = |id: &TokenId| ctx.encounter.token(*id).is_some();
        if !self.roller.as_ref().is_none_or(exists) {
            self.roller = None;
        }
        self.targets.retain(exists);
        self.helpers
            .retain(|id| exists(id) && Some(*id) != self.roller);
        self.keep_overrides_with_their_check(system);
        if self
            .shown_for
            .as_ref()
            .is_some_and(|key| *key != self.key())
        {
            self.forget_result();
        }
    }

    /// Drops the GM's cleared lines and "Roll anyway" once the check they were made on is not
    /// the one the form sets up.
    fn keep_overrides_with_their_check(&mut self, system: RuleSystem) {
        let request = self.request();
        let now = CheckIdentity {
            system,
            actor: request.actor,
            targets: request.targets,
            attack: request.attack,
            weapon: request.weapon,
        };
        if self.overrides_for.as_ref() != Some(&now) {
            self.off.clear();
            self.roll_anyway = false;
            self.overrides_for = Some(now);
        }
    }

    /// The check the form sets up now, as a result is matched against it.
    fn key(&self) -> CheckKey {
        CheckKey {
            request: self.request(),
            form: self.setup.clone(),
            off: self.off.clone(),
            rr_attack: self.rr_attack,
            weapon_damage: self.weapon_damage,
        }
    }

    /// The shown result, its Apply and the roll's undo step are forgotten (the roll stays in
    /// the log).
    fn forget_result(&mut self) {
        self.last = None;
        self.rolled = None;
        self.area_rolled = None;
        self.shown_for = None;
        self.roll_marker = None;
        self.apply_marker = None;
        self.apply_pending = false;
        self.amends.clear();
    }

    /// The result as the history has it, each frame before the pane is drawn: once the roll's
    /// undo step is undone, the result and its Apply go and the pane is back at the check as
    /// it stood before the roll (who acts, on whom, with what), ready to roll again (issue
    /// 30); whether Apply is in effect is read from its step, so undoing an Apply brings its
    /// button back and redo takes it away again.
    pub fn follow_history(&mut self, history: &crate::edit::History) {
        if self.awaiting_marker {
            return;
        }
        if self.roll_marker.is_some_and(|m| !history.holds(m)) {
            self.forget_result();
            return;
        }
        if self.apply_pending {
            return;
        }
        let applied = self.apply_marker.is_some_and(|m| history.holds(m));
        if let Some(rolled) = &mut self.rolled {
            rolled.applied = applied;
        }
        if let Some(rolled) = &mut self.area_rolled {
            rolled.applied = applied;
        }
    }

    /// A dice expression was rolled: its result is shown, belonging to no check (it stays
    /// while the form changes) but to its undo step.
    fn show_result_of_expression(&mut self, entry: LogEntry) {
        self.forget_result();
        self.last = Some(entry);
        self.awaiting_marker = true;
    }

    /// A roll was made from the form: its result is shown for this check.
    fn show_result_of_form(&mut self, entry: LogEntry) {
        self.last = Some(entry);
        self.shown_for = Some(self.key());
        self.awaiting_marker = true;
        self.roll_marker = None;
        self.apply_marker = None;
    }

    /// What the GM asks for, from the form.
    pub fn request(&self) -> ActionRequest {
        let gfh = matches!(self.setup, CheckSetup::GoForthHeroes(_));
        ActionRequest {
            actor: self.roller,
            targets: self.targets.clone(),
            attack: self.attack || self.check_kind == ConditionCheckKind::Attack,
            melee: self.melee,
            attribute: self.attribute.filter(|_| gfh),
            kind: Some(self.check_kind),
            weapon: self.weapon.filter(|_| self.roller.is_some()),
            helpers: self.helpers.clone(),
        }
    }

    /// The form's check before the builder: a Road and Ruin attack rolls the attack die; 3d6
    /// carries the encounter's escalation for the form's checkbox.
    pub fn base(&self, encounter: &Encounter) -> CheckSetup {
        match &self.setup {
            CheckSetup::RoadAndRuin(_) if self.request().attack => {
                CheckSetup::RoadAndRuinAttack(self.rr_attack)
            }
            CheckSetup::ThreeD6(c) => {
                let mut c = *c;
                c.escalation = encounter.combat.trackers.encounter.three_d6.escalation;
                CheckSetup::ThreeD6(c)
            }
            setup => setup.clone(),
        }
    }

    /// The check filled by the core builder, with the GM's cleared contributions off.
    pub fn filled(&self, encounter: &Encounter) -> FilledCheck {
        let mut filled = build(encounter, &self.request(), &self.base(encounter));
        maneuver::fill(self, encounter, &mut filled);
        filled.switch_off(&self.off);
        filled
    }

    /// The GM typed over the form as `filled` showed it (`shown`), making `edited`: the
    /// fields the GM changed become the form's own and the lines that filled them are
    /// switched off; the others stay the builder's (`combat::action::FormEdit`).
    fn take_form_edit(&mut self, filled: &FilledCheck, shown: &CheckSetup, edited: &CheckSetup) {
        let edit = crate::combat::action::FormEdit::new(&filled.base, filled, shown, edited);
        match edit.base {
            CheckSetup::RoadAndRuinAttack(attack) => self.rr_attack = attack,
            base => self.setup = base,
        }
        self.off.extend(edit.overridden);
    }

    /// The check as rolled.
    pub fn effective_setup(&self, encounter: &Encounter) -> CheckSetup {
        self.filled(encounter).setup()
    }

    /// The app calls this after applying a frame's commands with the newest undo step's
    /// marker: a roll queued this frame owns that step.
    pub fn note_applied(&mut self, marker: u64) {
        if std::mem::take(&mut self.awaiting_marker) {
            self.roll_marker = Some(marker);
        }
    }

    /// Changes to add to the roll's undo step, and whether that step is still the newest
    /// (`marker`); if it is not, the app applies them as a step of their own.
    pub fn take_amends(&mut self, marker: u64) -> (Vec<Command>, bool) {
        let same = self.roll_marker == Some(marker);
        (std::mem::take(&mut self.amends), same)
    }

    /// The app amended the step that was `before` (a roll's Boost or Apply, the cells a change
    /// let the party see): it is `after` now.
    pub fn step_amended(&mut self, before: u64, after: u64) {
        for marker in [&mut self.roll_marker, &mut self.apply_marker] {
            if *marker == Some(before) {
                *marker = Some(after);
            }
        }
    }

    /// The app applied this frame's amends, the last of them leaving `marker`; `ok` says none
    /// failed. If Apply was among them, its step is that one.
    pub fn note_amends_applied(&mut self, marker: u64, ok: bool) {
        if std::mem::take(&mut self.apply_pending) {
            self.apply_marker = ok.then_some(marker);
        }
    }
}

/// The name a roll is logged under.
fn roller_name(encounter: &Encounter, roller: Option<TokenId>) -> String {
    roller.and_then(|id| encounter.token(id)).map_or_else(
        || "GM".to_owned(),
        |t| crate::app::text::name(&t.name).into_owned(),
    )
}

/// Draws the Dice & Log pane. Rolls go through `rng`; each roll queues one log command (with
/// what it spends, as one undo step); Apply and Boosts join that step.
pub fn dice_log_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
) {
    if let Some(requested) = action::take_request(ui.ctx()) {
        action::begin(state, ctx.encounter, &requested);
        state.maneuver = None;
    }
    if let Some(picked) = maneuver::take_request(ui.ctx()) {
        maneuver::begin(state, ctx.encounter, picked);
    }
    area::take_request(ui.ctx(), state);
    state.sync(ctx);
    // The result and its Roll and Apply buttons stay at the pane's bottom, in view however long
    // the form grows in a small window: they are a panel at the bottom of the pane, laid out
    // first at their natural height (a result with a Post resistance and a consequence to the
    // roller included), and the form, odds and log scroll in the room left above them.
    let filled = state.filled(ctx.encounter);
    // The result scrolls within at most part of the pane, so the check's lines above it stay
    // readable after a roll in a small window; the Roll and Apply row stays whole below it.
    let result_height = (ui.available_height() * RESULT_SHARE).max(MIN_RESULT_HEIGHT);
    let row = egui::Panel::bottom("dice_roll_row")
        .resizable(false)
        .frame(egui::Frame::NONE)
        .show(ui, |ui| {
            ui.separator();
            let offer = egui::ScrollArea::vertical()
                .id_salt("dice_result")
                .max_height(result_height)
                .auto_shrink([false, true])
                .show(ui, |ui| action::result_ui(ui, ctx, state, rng))
                .inner;
            roll_row_ui(ui, ctx, state, rng, &filled, offer);
            ui.min_rect().height()
        });
    // A panel is placed by last frame's height: when a result appears the row grows, and the
    // frame is laid out again at once rather than drawn past the pane's bottom.
    let row_key = ui.scope_id().with("roll_row_height");
    let height = row.inner;
    let last = ui.ctx().data(|d| d.get_temp::<f32>(row_key));
    if last.is_none_or(|h| (h - height).abs() > 0.5) {
        ui.ctx().data_mut(|d| d.insert_temp(row_key, height));
        ui.ctx()
            .request_discard("the Dice pane's Roll row changed height");
        // The result's own scroll area settles its height a frame later: draw that frame too
        // rather than leave the row cut until the pointer moves.
        ui.ctx().request_repaint();
    }
    egui::CentralPanel::no_frame().show(ui, |ui| {
        let mut body = egui::ScrollArea::both()
            .id_salt("dice_body")
            .auto_shrink([false, false]);
        if std::mem::take(&mut state.scroll_to_top) {
            body = body.scroll_offset(egui::Vec2::ZERO);
        }
        body.show(ui, |ui| pane_body_ui(ui, ctx, state, rng));
    });
}

/// The most of the pane the result may take before it scrolls.
const RESULT_SHARE: f32 = 0.4;

/// The least room the result gets, for its headline and Apply's preview.
const MIN_RESULT_HEIGHT: f32 = 90.0;

/// Below this height of the pane's body the odds are one bar of shares rather than charts that
/// would show as a strip.
const SHORT_BODY: f32 = 420.0;

fn pane_body_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
) {
    state.short = ui.clip_rect().height() < SHORT_BODY;
    ui.heading(format!("Dice: {}", ctx.encounter.system.label()));
    // Side by side when the pane is wide enough, the odds under the form when it is not.
    if ui.available_width() >= 2.0 * FORM_WIDTH {
        ui.horizontal_top(|ui| {
            let filled = ui
                .vertical(|ui| {
                    ui.set_max_width(FORM_WIDTH);
                    form_ui(ui, ctx, state)
                })
                .inner;
            ui.vertical(|ui| odds_ui(ui, state, &filled));
        });
    } else {
        let filled = form_ui(ui, ctx, state);
        odds_ui(ui, state, &filled);
    }
    ui.separator();
    expression::expression_ui(ui, ctx, state, rng);
    ui.separator();
    expression::log_ui(ui, &ctx.encounter.combat.log);
}

/// The form column's width.
const FORM_WIDTH: f32 = 330.0;

/// The form, then the builder's lines for it; returns the check they fill, for the odds.
fn form_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, state: &mut DiceState) -> FilledCheck {
    maneuver::heading_ui(ui, ctx.encounter, state);
    roller_ui(ui, ctx.encounter, state);
    action::targets_ui(ui, ctx.encounter, state);
    action::weapon_ui(ui, ctx.encounter, state);
    let filled = state.filled(ctx.encounter);
    conditions::kind_ui(ui, state, &filled);
    form::check_form_ui(ui, ctx.encounter, state, &filled);
    action::scene_tn_ui(ui, ctx);
    let filled = state.filled(ctx.encounter);
    action::contributions_ui(ui, ctx.encounter, state, &filled);
    action::stand_ins_ui(ui, ctx, &filled);
    filled
}

/// The exact odds of the check as it would be rolled now, recomputed only when it changes.
fn odds_ui(ui: &mut egui::Ui, state: &mut DiceState, filled: &FilledCheck) {
    let setup = filled.setup();
    let short = state.short;
    let (outcomes, totals) = state.odds.update(&setup);
    if short {
        odds_plot::outcomes_bar_ui(ui, outcomes);
        return;
    }
    odds_plot::outcomes_plot_ui(ui, outcomes);
    if let Some(totals) = totals {
        odds_plot::totals_plot_ui(ui, totals);
    }
}

fn roller_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    egui::ComboBox::from_label("Who rolls")
        .selected_text(roller_name(encounter, state.roller))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut state.roller, None, "GM");
            for token in &encounter.tokens {
                let name = crate::app::text::name(&token.name);
                ui.selectable_value(&mut state.roller, Some(token.id), name.as_ref());
            }
        });
}

/// What the roll spends or why it is refused, then Roll and Apply side by side.
fn roll_row_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
    filled: &FilledCheck,
    offer: Option<apply_offer::ApplyOffer>,
) {
    let costs = costs(ctx.encounter, filled);
    if let Some(note) = crate::combat::action::action_spent_note(ctx.encounter, filled) {
        ui.label(RichText::new(note).weak());
    }
    for cost in &costs {
        let text = format!("Spends {}", cost.text);
        if cost.affordable {
            ui.label(text);
        } else {
            ui.label(RichText::new(format!("{text}: not enough")).color(egui::Color32::LIGHT_RED));
        }
    }
    if let Some(why) = &filled.refused {
        ui.label(RichText::new(format!("Refused: {why}")).color(egui::Color32::LIGHT_RED));
        ui.checkbox(&mut state.roll_anyway, "Roll anyway");
    }
    let allowed = filled.refused.is_none() || state.roll_anyway;
    let affordable = affordable(&costs);
    let label = if filled.defender.is_some() {
        "Roll defence"
    } else if filled.attack {
        "Roll attack"
    } else {
        "Roll check"
    };
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                affordable && allowed,
                egui::Button::new(RichText::new(label).size(20.0)),
            )
            .clicked()
        {
            roll_check(ctx, state, rng, costs, filled);
        }
        if let Some(offer) = offer
            && ui
                .button(RichText::new(offer.label()).size(18.0))
                .on_hover_text(offer.hint())
                .clicked()
        {
            offer.accept(state, ctx.encounter);
        }
    });
}

/// Rolls the check and queues its log line, with the grit or Exertion it spends, a GFH
/// hero's Increase Defense spent by the attack and a Help the roll used up, in the same batch.
fn roll_check(
    ctx: &mut PaneContext<'_>,
    state: &mut DiceState,
    rng: &mut DiceRng,
    costs: Vec<Cost>,
    filled: &FilledCheck,
) {
    let spends = costs.into_iter().map(|c| c.command);
    if state.targets.len() > 1 {
        area::roll(ctx, state, rng, spends.collect());
        return;
    }
    state.area_rolled = None;
    let setup = filled.setup();
    let outcome = setup.roll(rng);
    let who = roller_name(ctx.encounter, filled.roller());
    let mut entry = check_entry(&who, &setup, &outcome);
    entry.result = crate::combat::action::defence_result(ctx.encounter, filled, &outcome)
        .unwrap_or_else(|| check_result_for(&outcome, filled.attack));
    if filled.defender.is_some() {
        let threat = roller_name(ctx.encounter, filled.actor);
        entry.what = format!("Defence against {threat}'s attack ({})", entry.what);
    } else if let Some(target) = filled.target().and_then(|id| ctx.encounter.token(id)) {
        entry.what = format!(
            "{} against {}",
            entry.what,
            crate::app::text::name(&target.name)
        );
    }
    let entry = entry.fitted();
    let mut commands = vec![Command::AppendLog(entry.clone())];
    commands.extend(spends);
    commands.extend(crate::combat::action::attack_spends(ctx.encounter, filled));
    commands.extend(crate::combat::turn_action::help_used(ctx.encounter, filled));
    commands.extend(action::keep_scene_tn(&setup, &outcome));
    state.rolled = Some(action::rolled(
        ctx.encounter,
        state,
        filled,
        setup,
        outcome,
        rng,
    ));
    state.show_result_of_form(entry);
    ctx.command(if commands.len() == 1 {
        commands.remove(0)
    } else {
        Command::Batch(commands)
    });
}
