//! The aura offers: when a turn starts or ends, each aura whose effect triggers then (the
//! core's `combat::aura` decides who and when) shows with the tokens that were inside, and the
//! GM applies it (one undo step, harm rolled here) or skips it. The Initiative pane lists them
//! ([`offers_ui`]) and the map shows them beside the aura (`app/map/aura_cards.rs`); both draw
//! the one [`offer_card_ui`], so Apply is the same command from either and an offer settled in
//! one place leaves both. Road and Ruin's Battle Stress at a round's end (`combat::stress`) is
//! offered on the same card ([`stress_offer_ui`]).

use egui::{Color32, RichText};

use super::TABLE_TEXT;
use crate::app::PaneContext;
use crate::combat::aura::{HarmRoll, apply_offer, effect_of, offer_title, outcome_text, settle};
use crate::combat::stress;
use crate::dice::DiceRng;
use crate::model::{AuraOffer, AuraOutcome, Command, Encounter, TokenId};

/// Every waiting offer, newest boundary's order, each with Apply and Skip.
pub fn offers_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    let offers = ctx.encounter.combat.aura_offers.clone();
    for offer in &offers {
        offer_card_ui(ui, ctx, rng, offer);
    }
    stress_offer_ui(ui, ctx);
}

/// One offer's card: its title, who is inside and what happens to them, Apply (every token
/// listed, one command: one undo step) and Skip.
pub fn offer_card_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    rng: &mut DiceRng,
    offer: &AuraOffer,
) {
    let Some(effect) = effect_of(ctx.encounter, offer) else {
        // The area was removed since: nothing left to apply.
        if ui.small_button("Dismiss stale aura offer").clicked() {
            ctx.command(settle(offer));
        }
        return;
    };
    let outcome = effect.outcome.clone();
    let names = names_of(ctx.encounter, &offer.tokens);
    let apply = match &outcome {
        AuraOutcome::Harm { count, sides, .. } => format!("Roll {count}d{sides} & apply"),
        AuraOutcome::Condition { .. } => "Apply".to_owned(),
    };
    let line = format!(
        "{}: {}",
        names,
        outcome_text(ctx.encounter.system, &outcome)
    );
    match card_ui(ui, &offer_title(ctx.encounter, offer), &line, &apply) {
        Some(Choice::Apply) => {
            let roll = roll_harm(&outcome, rng);
            let applied = apply_offer(ctx.encounter, offer, &roll);
            ctx.command(Command::Batch(applied.commands));
        }
        Some(Choice::Skip) => ctx.command(settle(offer)),
        None => {}
    }
}

/// Road and Ruin's Battle Stress waiting at a round's end (the core's `combat::stress` decides
/// who): the same card, Apply spends 1 Steadfast from each in one undo step.
pub fn stress_offer_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    let Some(offer) = ctx.encounter.combat.stress_offer.clone() else {
        return;
    };
    let names = names_of(ctx.encounter, &offer.tokens);
    let line = format!("{names}: {}", stress::outcome_text());
    match card_ui(
        ui,
        &stress::offer_title(&offer),
        &line,
        "Apply Battle Stress",
    ) {
        Some(Choice::Apply) => {
            let applied = stress::apply_stress(ctx.encounter, &offer);
            ctx.command(Command::Batch(applied.commands));
        }
        Some(Choice::Skip) => ctx.command(stress::settle(&offer)),
        None => {}
    }
}

/// What the GM chose on an offer's card.
enum Choice {
    Apply,
    Skip,
}

/// An offer's card: its title, who and what, Apply (`apply` its label) and Skip.
fn card_ui(ui: &mut egui::Ui, title: &str, line: &str, apply: &str) -> Option<Choice> {
    let mut choice = None;
    egui::Frame::group(ui.style())
        .fill(Color32::from_rgb(70, 40, 10))
        .show(ui, |ui| {
            ui.label(
                RichText::new(title)
                    .size(TABLE_TEXT * 0.8)
                    .color(Color32::from_rgb(255, 170, 60)),
            );
            ui.label(line);
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button(RichText::new(apply).size(18.0))
                    .on_hover_text("Every token listed, in one undo step")
                    .clicked()
                {
                    choice = Some(Choice::Apply);
                }
                if ui.button("Skip").clicked() {
                    choice = Some(Choice::Skip);
                }
            });
        });
    choice
}

/// The harm's dice, rolled once for everyone inside (`combat::aura`'s reading).
fn roll_harm(outcome: &AuraOutcome, rng: &mut DiceRng) -> HarmRoll {
    match outcome {
        AuraOutcome::Harm {
            count,
            sides,
            bonus,
        } => HarmRoll {
            faces: (0..*count).map(|_| rng.die(*sides)).collect(),
            bonus: *bonus,
        },
        AuraOutcome::Condition { .. } => HarmRoll::default(),
    }
}

/// "Ash, Brute": the names of the tokens an offer lists (the first few of a crowd).
fn names_of(encounter: &Encounter, tokens: &[TokenId]) -> String {
    let few = crate::app::text::LIST_NAMES;
    let shown = tokens
        .iter()
        .take(few)
        .map(|&t| super::token_name(encounter, t))
        .collect::<Vec<_>>()
        .join(", ");
    match tokens.len().saturating_sub(few) {
        0 => shown,
        more => format!("{shown} and {more} more"),
    }
}
