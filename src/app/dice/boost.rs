//! GFH Boosts after the roll: the GM sees Graze or Hit first, then adds momentum dice one at a
//! time (GFH, Spending Momentum; Boost Examples). Each die is spent only when added, in the
//! roll's undo step. The actor spends its own Stamina and Power; Building dice belong to the
//! whole party, so every *other* hero may spend them (GFH, Building).

use super::DiceState;
use crate::combat::action::{BoostOn, boosted};
use crate::combat::command::{CombatCommand, MomentumAction};
use crate::combat::momentum::Zone;
use crate::dice::{DiceRng, DiceTerm};
use crate::model::{Command, Encounter, LogEntry, TokenId};
use crate::rules::CheckOutcome;
use crate::rules::go_forth_heroes::MOMENTUM_DIE;

/// One die a Boost may spend: whose pool, which die, its zone.
struct Spendable {
    owner: TokenId,
    die: usize,
    zone: Zone,
}

fn spendable(encounter: &Encounter, actor: TokenId) -> Vec<Spendable> {
    let mut out = Vec::new();
    for (owner, pool) in &encounter.combat.momentum {
        for (die, d) in pool.dice.iter().enumerate() {
            let own = *owner == actor && matches!(d.zone, Zone::Stamina | Zone::Power);
            let shared = *owner != actor && d.zone == Zone::Building;
            if own || shared {
                out.push(Spendable {
                    owner: *owner,
                    die,
                    zone: d.zone,
                });
            }
        }
    }
    out
}

/// The Boost buttons under a GFH result.
pub(super) fn boost_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    state: &mut DiceState,
    rng: &mut DiceRng,
) {
    let Some(rolled) = &state.rolled else {
        return;
    };
    let (CheckOutcome::GoForthHeroes(_), Some(actor)) = (&rolled.outcome, rolled.filled.actor)
    else {
        return;
    };
    if rolled.applied {
        return;
    }
    let dice = spendable(encounter, actor);
    if dice.is_empty() {
        return;
    }
    let mut picked = None;
    ui.horizontal_wrapped(|ui| {
        ui.label("Boost:");
        for d in &dice {
            let whose = if d.owner == actor {
                String::new()
            } else {
                format!(
                    "{}'s ",
                    encounter
                        .token(d.owner)
                        .map_or("?".into(), |t| crate::app::text::name(&t.name))
                )
            };
            let what = format!("{whose}{} die {}", d.zone.label(), d.die + 1);
            if ui.button(format!("{what} on the check")).clicked() {
                picked = Some((d.owner, d.die, BoostOn::Check));
            }
            // Only Power (and Building, which is Power set aside) may Boost Effort.
            if d.zone != Zone::Stamina && ui.button(format!("{what} on Effort")).clicked() {
                picked = Some((d.owner, d.die, BoostOn::Effort));
            }
        }
    });
    if let Some((owner, die, on)) = picked {
        add_boost(encounter, state, rng, owner, die, on);
    }
}

fn add_boost(
    encounter: &Encounter,
    state: &mut DiceState,
    rng: &mut DiceRng,
    owner: TokenId,
    die: usize,
    on: BoostOn,
) {
    let Some(rolled) = &mut state.rolled else {
        return;
    };
    let (CheckOutcome::GoForthHeroes(first), crate::rules::CheckSetup::GoForthHeroes(check)) =
        (&rolled.first, &rolled.setup)
    else {
        return;
    };
    let value = DiceTerm::plain(1, MOMENTUM_DIE)
        .roll_dice(2, rng)
        .first()
        .map_or(1, |d| u8::try_from(d.value).unwrap_or(1));
    rolled.boosts.push((on, value));
    let now = boosted(check, first, &rolled.boosts);
    rolled.amount = now.effort;
    rolled.outcome = CheckOutcome::GoForthHeroes(now);
    let who = encounter
        .token(owner)
        .map_or("?".into(), |t| crate::app::text::name(&t.name));
    let result = super::check_result_for(&rolled.outcome, rolled.filled.attack);
    let place = if on == BoostOn::Check {
        "the check"
    } else {
        "Effort"
    };
    state.amends.push(Command::Combat(CombatCommand::Momentum {
        owner,
        action: MomentumAction::Spend {
            die,
            power_only: on == BoostOn::Effort,
            rolled: Some(value),
        },
    }));
    state.amends.push(Command::AppendLog(LogEntry {
        who: who.into_owned(),
        what: format!("Boost {place}"),
        dice: format!("d6: {value}"),
        result,
    }));
}
