//! A hero's attack from its phone: the check filled by the same builder as the GM's Dice pane
//! (`combat::action::build`), shown with its lines and odds; then rolled by Lantern or from the
//! faces of the player's own dice, logged under the hero's name in one undo step with what the
//! roll spends, and handed to the GM's Dice pane, where Apply stays the GM's.

use serde::Serialize;

use crate::combat::action::{
    ActionRequest, FilledCheck, attack_spends, attacks_of, build, costs, default_base,
    defence_result, request_for, rolled_scene_tn,
};
use crate::combat::log_text::{check_entry, check_result_for, dice_text};
use crate::combat::turn_action::help_used;
use crate::dice::DiceRng;
use crate::model::{Command, Encounter, LogEntry, TokenId};
use crate::rules::go_forth_heroes::GfhEncounterChange;
use crate::rules::{CheckOutcome, CheckSetup, EncounterChange, TrackerCommand};

/// An attack's check and the sheet's attack it uses (by its place on the sheet).
#[derive(Clone, Debug)]
pub struct AttackCheck {
    pub filled: FilledCheck,
    pub weapon: Option<usize>,
}

/// The check for `hero` attacking `target` (with the sheet's attack `weapon`, or the one that
/// reaches): the Dice pane's action request and base, filled by the builder.
pub fn attack_check(
    encounter: &Encounter,
    hero: TokenId,
    target: TokenId,
    weapon: Option<usize>,
) -> Result<AttackCheck, String> {
    let mut request = request_for(encounter, Some(hero), target, true);
    if let Some(index) = weapon {
        if index >= attacks_of(encounter, hero).len() {
            return Err(format!("the sheet has no attack {index}"));
        }
        request.weapon = Some(index);
    }
    Ok(AttackCheck {
        filled: filled_for(encounter, &request),
        weapon: request.weapon,
    })
}

fn filled_for(encounter: &Encounter, request: &ActionRequest) -> FilledCheck {
    build(
        encounter,
        request,
        &default_base(encounter.system, request.attack),
    )
}

/// One line of the check: its text, what it does, and whether it counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineText {
    pub text: String,
    pub effect: String,
    pub on: bool,
}

/// The check a phone shows before the player rolls.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AttackPlanText {
    pub target: u64,
    pub target_name: String,
    pub attack: Option<String>,
    pub weapon: Option<usize>,
    pub lines: Vec<LineText>,
    /// "TN 13" and the like.
    pub against: Option<String>,
    /// Why the attack can't be made (out of reach, no line of sight).
    pub refused: Option<String>,
    /// Numbers a sheet lacked and what stood in.
    pub stand_ins: Vec<String>,
    /// Each outcome and its chance, 0 to 1.
    pub odds: Vec<(String, f64)>,
    /// The dice the roll takes, by sides, in order (the faces the player may enter).
    pub dice: Vec<u32>,
    /// What the roll spends, and whether the hero has it.
    pub spends: Vec<(String, bool)>,
}

/// The plan text of `check`.
pub fn plan_text(encounter: &Encounter, check: &AttackCheck) -> AttackPlanText {
    let filled = &check.filled;
    let setup = filled.setup();
    let target = filled.target().unwrap_or(TokenId(0));
    AttackPlanText {
        target: target.0,
        target_name: encounter
            .token(target)
            .map(|t| t.name.clone())
            .unwrap_or_default(),
        attack: filled.weapon.as_ref().map(|w| w.name.clone()),
        weapon: check.weapon,
        lines: filled
            .contributions
            .iter()
            .map(|c| LineText {
                text: c.text.clone(),
                effect: c.lever.effect(&filled.base),
                on: c.on,
            })
            .collect(),
        against: filled.target_number_text(),
        refused: filled.refused.clone(),
        stand_ins: filled.stand_ins.iter().map(|s| s.text.clone()).collect(),
        odds: setup.odds(),
        dice: dice_of(&setup),
        spends: costs(encounter, filled)
            .into_iter()
            .map(|c| (c.text, c.affordable))
            .collect(),
    }
}

/// The dice `setup` rolls, by their sides, in order.
pub fn dice_of(setup: &CheckSetup) -> Vec<u32> {
    let mut probe = DiceRng::recording(0);
    let _ = setup.roll(&mut probe);
    probe.asked().to_vec()
}

/// A phone's attack, rolled and logged: what the GM's Dice pane shows with Apply.
#[derive(Clone, Debug)]
pub struct PhoneRoll {
    /// The player, as the GM sees them ("Anna").
    pub player: String,
    pub filled: FilledCheck,
    /// The sheet's attack rolled with, by its place on the sheet.
    pub weapon: Option<usize>,
    pub setup: CheckSetup,
    pub outcome: CheckOutcome,
    /// The log line, as logged.
    pub entry: LogEntry,
    /// Whether the player entered the faces of their own dice.
    pub own_dice: bool,
}

/// The result as a phone shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RolledText {
    pub what: String,
    pub dice: String,
    pub result: String,
    /// Always true: the GM applies the result from the Dice pane.
    pub awaiting_gm: bool,
}

impl PhoneRoll {
    pub fn text(&self) -> RolledText {
        RolledText {
            what: self.entry.what.clone(),
            dice: self.entry.dice.clone(),
            result: self.entry.result.clone(),
            awaiting_gm: true,
        }
    }
}

/// Rolls `filled` (with `faces` from the player's own dice first, each checked against its
/// die) and returns the roll with the one command that logs it and spends what it costs, or why
/// it can't be rolled.
pub fn roll_attack(
    encounter: &Encounter,
    check: &AttackCheck,
    faces: &[Option<u32>],
    player: &str,
    rng: &mut DiceRng,
) -> Result<(PhoneRoll, Command), String> {
    let filled = &check.filled;
    if let Some(why) = &filled.refused {
        return Err(why.clone());
    }
    let costs = costs(encounter, filled);
    if let Some(cost) = costs.iter().find(|c| !c.affordable) {
        return Err(format!("not enough for {}", cost.text));
    }
    let setup = filled.setup();
    let dice = dice_of(&setup);
    if faces.len() > dice.len() {
        return Err(format!(
            "this roll takes {} dice, not {}",
            dice.len(),
            faces.len()
        ));
    }
    for (face, sides) in faces.iter().zip(&dice) {
        if let Some(face) = face
            && !(1..=*sides).contains(face)
        {
            return Err(format!("a d{sides} shows 1 to {sides}, not {face}"));
        }
    }
    let own_dice = faces.iter().any(Option::is_some);
    let mut planned = DiceRng::seeded(rng.die(u32::MAX).into()).with_faces(faces.iter().copied());
    let outcome = setup.roll(&mut planned);
    let who = encounter
        .token(filled.roller().unwrap_or(TokenId(0)))
        .map_or_else(|| "?".to_owned(), |t| t.name.clone());
    let mut entry = check_entry(&format!("{who} ({player}'s phone)"), &setup, &outcome);
    entry.result = defence_result(encounter, filled, &outcome)
        .unwrap_or_else(|| check_result_for(&outcome, filled.attack));
    if let Some(target) = filled.target().and_then(|id| encounter.token(id)) {
        entry.what = format!("{} against {}", entry.what, target.name);
    }
    if own_dice {
        // Which dice were the player's: all of them, or some with Lantern rolling the rest.
        let theirs: Vec<String> = faces
            .iter()
            .zip(&dice)
            .filter(|(face, _)| face.is_some())
            .map(|(_, sides)| format!("d{sides}"))
            .collect();
        let whose = if theirs.len() == dice.len() {
            "the player's own dice".to_owned()
        } else {
            format!(
                "the player's own {}; Lantern rolled the rest",
                theirs.join(", ")
            )
        };
        entry.dice = format!("{} ({whose})", dice_text(outcome.dice()));
    }
    let entry = entry.fitted();
    let mut commands = vec![Command::AppendLog(entry.clone())];
    commands.extend(costs.into_iter().map(|c| c.command));
    commands.extend(attack_spends(encounter, filled));
    commands.extend(help_used(encounter, filled));
    commands.extend(rolled_scene_tn(&setup, &outcome).map(|tn| {
        Command::Tracker(TrackerCommand::Encounter(EncounterChange::GoForthHeroes(
            GfhEncounterChange::SetSceneTn(Some(tn)),
        )))
    }));
    let roll = PhoneRoll {
        player: player.to_owned(),
        filled: filled.clone(),
        weapon: check.weapon,
        setup,
        outcome,
        entry,
        own_dice,
    };
    Ok((roll, Command::Batch(commands)))
}
