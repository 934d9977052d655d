//! Road and Ruin: the Exertion reroll of an attack's To Hit die, offered after the GM has seen
//! the first result and paid only when taken, in the roll's undo step (Road and Ruin,
//! EXERTION). The rule (keep the higher, the other dice stand) is the core's
//! `AttackRoll::exertion_reroll`.

use egui::RichText;

use super::DiceState;
use crate::dice::{DiceRng, OutcomeName as _};
use crate::model::{Command, Encounter, LogEntry};
use crate::rules::road_and_ruin::{AttackResult, Pool, RrChange, blow_damage};
use crate::rules::{CheckOutcome, CheckSetup, TokenChange, TokenTrackers, TrackerCommand};

/// The reroll button under a Road and Ruin attack, with the odds of what it would give.
pub(super) fn reroll_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    state: &mut DiceState,
    rng: &mut DiceRng,
) {
    let Some(rolled) = &state.rolled else {
        return;
    };
    let (CheckOutcome::RoadAndRuinAttack(first), CheckSetup::RoadAndRuinAttack(attack)) =
        (&rolled.outcome, &rolled.setup)
    else {
        return;
    };
    let Some(actor) = rolled.filled.actor else {
        return;
    };
    if rolled.applied || rolled.rerolled {
        return;
    }
    let exertion = match encounter.sheet(actor) {
        Some(TokenTrackers::RoadAndRuin(t)) => t.get(Pool::Exertion),
        _ => 0,
    };
    let odds = attack.exertion_reroll_odds(&first.faces);
    let hover = odds
        .labelled()
        .iter()
        .map(|(name, p)| format!("{name}: {:.1}%", p * 100.0))
        .collect::<Vec<_>>()
        .join("\n");
    let button = ui
        .add_enabled(
            exertion >= 1,
            egui::Button::new("Reroll To Hit for 1 Exertion"),
        )
        .on_hover_text(format!("Keeps the higher To Hit. If rerolled:\n{hover}"))
        .on_disabled_hover_text("No Exertion left");
    if !button.clicked() {
        return;
    }
    let (dice, face) = attack.roll_to_hit_again(rng);
    let (faces, outcome) = attack.exertion_reroll(&first.faces, face);
    let mut all = first.dice.clone();
    all.extend(dice);
    let weapon_damage = state.weapon_damage;
    let who = encounter
        .token(actor)
        .map_or("?".into(), |t| crate::app::text::name(&t.name));
    let Some(rolled) = &mut state.rolled else {
        return;
    };
    rolled.rerolled = true;
    rolled.amount = i64::from(blow_damage(outcome, weapon_damage));
    rolled.outcome = CheckOutcome::RoadAndRuinAttack(AttackResult {
        dice: all,
        faces,
        outcome,
    });
    state.amends.push(Command::Tracker(TrackerCommand::Token {
        token: actor,
        change: TokenChange::RoadAndRuin(RrChange::Spend {
            pool: Pool::Exertion,
            amount: 1,
        }),
    }));
    state.amends.push(Command::AppendLog(LogEntry {
        who: who.into_owned(),
        what: "Exertion reroll of the To Hit".to_owned(),
        dice: format!("To Hit: {face}"),
        result: outcome.label(),
    }));
    ui.label(RichText::new(outcome.label()).strong());
}
