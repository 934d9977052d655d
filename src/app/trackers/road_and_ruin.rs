//! Road and Ruin trackers: each token's five pools, and the story roster with its d20.

use crate::model::limits as lim;
use egui::{Color32, Id, RichText};

use super::{amount_ui, encounter_change, text_ui, token_change};
use crate::app::PaneContext;
use crate::dice::DiceRng;
use crate::model::{Command, LogEntry, TokenId};
use crate::rules::road_and_ruin::{
    MAX_PROFICIENCY, Pool, RosterChange, RosterRoll, RrChange, RrToken, StoryRoster,
};
use crate::rules::{EncounterChange, TokenChange, TrackerCommand};

const POOLS: [(Pool, &str); 5] = [
    (Pool::Health, "Health"),
    (Pool::Steadfast, "Steadfast"),
    (Pool::Exertion, "Exertion"),
    (Pool::Mana, "Mana"),
    (Pool::Spirit, "Spirit"),
];

fn change(ctx: &mut PaneContext<'_>, token: TokenId, c: RrChange) {
    token_change(ctx, token, TokenChange::RoadAndRuin(c));
}

/// Strike, then one row per pool: current/max, spend, recover; then the Breather.
pub fn token_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &RrToken,
    rng: &mut DiceRng,
) {
    ui.horizontal(|ui| {
        if let Some(e) = super::edit_ui(
            ui,
            Id::unique(("rr_endurance", token.0)),
            t.endurance,
            lim::RR_ENDURANCE,
            "Endurance ",
        ) {
            change(ctx, token, RrChange::SetEndurance(e));
        }
        if t.shaken() {
            ui.label(RichText::new("Shaken").color(Color32::LIGHT_RED));
        }
        if t.exhausted() {
            ui.label(RichText::new("Exhausted").color(Color32::LIGHT_RED));
        }
    });
    ui.horizontal(|ui| {
        let damage = amount_ui(
            ui,
            Id::unique(("rr_strike", token.0)),
            "Strike damage",
            1,
            999,
        );
        if ui
            .button("Strike")
            .on_hover_text("Damage through Steadfast to Health")
            .clicked()
        {
            change(ctx, token, RrChange::Strike(damage));
        }
    });
    egui::Grid::new(("rr_pools", token.0))
        .num_columns(4)
        .show(ui, |ui| {
            for (pool, name) in POOLS {
                pool_row_ui(ui, ctx, token, t, pool, name);
                ui.end_row();
            }
        });
    breather_ui(ui, ctx, token, t, rng);
    fear_ui(ui, ctx, token, t, rng);
}

/// Road and Ruin, HEALTH: a saving roll against fear, its difficulty set by the GM; a BAD
/// result costs 1 Steadfast (`combat::stress::fear`), rolled, logged and applied in one undo
/// step.
fn fear_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &RrToken,
    rng: &mut DiceRng,
) {
    let button = (
        "Fear save",
        "Roll the Outcome die against fear: a BAD result costs 1 Steadfast",
    );
    let id = Id::unique(("rr_fear_difficulty", token.0));
    let Some(difficulty) = roll_row_ui(ui, ("Difficulty", "Fear difficulty", id, 10), button)
    else {
        return;
    };
    let check = t.prepare(&crate::rules::road_and_ruin::OutcomeCheck {
        difficulty: i64::from(difficulty),
        ..Default::default()
    });
    let roll = check.roll(rng);
    if let Some(command) = crate::combat::stress::fear(ctx.encounter, token, &roll) {
        ctx.command(command);
    }
}

/// The Breather (the core's `rules::road_and_ruin::Breather` rolls and reads it): the
/// proficiency points for its roll and one button that rolls, logs and recovers Exertion in
/// one undo step.
fn breather_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &RrToken,
    rng: &mut DiceRng,
) {
    let button = (
        "Breather",
        "Spend the round catching breath: 1d10 + a proficiency roll of Exertion",
    );
    let prof = u32::from(MAX_PROFICIENCY);
    let id = Id::unique(("rr_breather_prof", token.0));
    let Some(points) = roll_row_ui(
        ui,
        ("Proficiency", "Breather proficiency", id, prof),
        button,
    ) else {
        return;
    };
    let points = u8::try_from(points).unwrap_or(MAX_PROFICIENCY);
    let breather = t.breather([points, 0], rng);
    let who = ctx.encounter.token(token).map_or_else(String::new, |t| {
        crate::app::text::name(&t.name).into_owned()
    });
    ctx.command(Command::Batch(vec![
        Command::Tracker(TrackerCommand::Token {
            token,
            change: TokenChange::RoadAndRuin(breather.change.clone()),
        }),
        Command::AppendLog(breather.log_entry(&who)),
    ]));
}

/// A row with a labelled amount and a button: the amount when the button is clicked.
/// `field` is (label, accessible name, id, maximum); `button` its text and hover text.
fn roll_row_ui(
    ui: &mut egui::Ui,
    field: (&str, &str, Id, u32),
    button: (&str, &str),
) -> Option<u32> {
    let (label, name, id, max) = field;
    ui.horizontal(|ui| {
        ui.label(label);
        let amount = amount_ui(ui, id, name, 0, max);
        let clicked = ui.button(button.0).on_hover_text(button.1).clicked();
        clicked.then_some(amount)
    })
    .inner
}

fn pool_row_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    token: TokenId,
    t: &RrToken,
    pool: Pool,
    name: &str,
) {
    ui.label(format!("{name} {}/{}", t.get(pool), t.max_of(pool)));
    if pool == Pool::Exertion {
        ui.label("max 10 × Endurance");
    } else if let Some(max) = super::edit_ui(
        ui,
        Id::unique(("rr_max", token.0, name)),
        t.max_of(pool),
        lim::RR_POOL,
        "max ",
    ) {
        change(ctx, token, RrChange::SetMax { pool, max });
    }
    let amount = amount_ui(
        ui,
        Id::unique(("rr_amount", token.0, name)),
        &format!("{name} amount"),
        1,
        999,
    );
    ui.horizontal(|ui| {
        if ui.small_button(format!("Spend {name}")).clicked() {
            change(ctx, token, RrChange::Spend { pool, amount });
        }
        if ui.small_button(format!("Recover {name}")).clicked() {
            change(ctx, token, RrChange::Recover { pool, amount });
        }
    });
}

/// The story roster: 20 slots, one per d20 face, and the roll that recalls or adds.
pub fn roster_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    let roster = ctx
        .encounter
        .combat
        .trackers
        .encounter
        .road_and_ruin
        .clone();
    ui.horizontal(|ui| {
        ui.label(RichText::new("Story roster").strong());
        if ui.button("Roll to recall or add (d20)").clicked() {
            roll_roster(ctx, &roster, rng);
        }
    });
    egui::Grid::new("story_roster")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (slot, name) in roster.slots.iter().enumerate() {
                let Some(name) = name else { continue };
                ui.label(format!("{:>2}. {name}", slot + 1));
                if ui
                    .small_button("×")
                    .on_hover_text("Clear this slot")
                    .clicked()
                {
                    roster_change(ctx, RosterChange::Set { slot, name: None });
                }
                ui.end_row();
            }
        });
    ui.horizontal(|ui| {
        let name = text_ui(ui, Id::unique("roster_new_name"), "person, place, event…");
        if ui.button("Add to roster").clicked() && !name.trim().is_empty() {
            roster_change(ctx, RosterChange::Add(name.trim().to_owned()));
        }
    });
}

fn roster_change(ctx: &mut PaneContext<'_>, c: RosterChange) {
    encounter_change(ctx, EncounterChange::RoadAndRuin(c));
}

fn roll_roster(ctx: &mut PaneContext<'_>, roster: &StoryRoster, rng: &mut DiceRng) {
    let (face, reading) = roster.roll(rng);
    ctx.command(Command::AppendLog(LogEntry {
        who: "GM".to_owned(),
        what: "Story roster".to_owned(),
        dice: format!("d20: {face}"),
        result: roster_result(roster, &reading),
    }));
}

/// What a roster roll calls for, in words for the log.
fn roster_result(roster: &StoryRoster, reading: &RosterRoll) -> String {
    match reading {
        RosterRoll::Recall(slot) => format!("{} returns", roster.get(*slot).unwrap_or("?")),
        RosterRoll::New(slot) => format!("something new, for slot {}", slot + 1),
        RosterRoll::Full => "the roster is full".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roster_result_names_the_recalled_element_or_the_free_slot() {
        let mut roster = StoryRoster::default();
        roster
            .apply(&RosterChange::Add("The ferryman".into()))
            .unwrap();
        assert_eq!(
            roster_result(&roster, &roster.read(1)),
            "The ferryman returns"
        );
        assert_eq!(
            roster_result(&roster, &roster.read(7)),
            "something new, for slot 2"
        );
    }
}
