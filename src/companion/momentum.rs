//! A Go Forth: Heroes hero's own momentum choices from its phone, the ones the text leaves to
//! the player on the hero's turn (GFH, Momentum): Prepare (a die from Stamina to Power, or from
//! Fatigue to Stamina) and an Extra Action bought with a Power die. Each is refused for the same
//! reasons, in the same words, as the GM's Momentum pane refuses it (the turn's economy, a Wound).
//! Boosts stay with the roll in the GM's Dice pane.

use serde::{Deserialize, Serialize};

use crate::combat::command::{CombatCommand, MomentumAction};
use crate::combat::momentum::Zone;
use crate::combat::momentum_apply::turn_refusal;
use crate::combat::wounds::wound_refusal;
use crate::model::{Command, Encounter, RuleSystem, TokenId};
use crate::rules::go_forth_heroes::WoundEffect;

/// A momentum choice a phone offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// Prepare: a die from Stamina to Power.
    PreparePower,
    /// Prepare: a die from Fatigue to Stamina.
    PrepareStamina,
    /// One Power die for one more Action this turn.
    ExtraAction,
}

impl Choice {
    pub const ALL: [Self; 3] = [Self::PreparePower, Self::PrepareStamina, Self::ExtraAction];

    pub fn label(self) -> &'static str {
        match self {
            Self::PreparePower => "Prepare: to Power",
            Self::PrepareStamina => "Prepare: to Stamina",
            Self::ExtraAction => "Extra Action",
        }
    }
}

/// A choice as the hero's sheet lists it: whether it can be made now, and if not why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChoiceText {
    pub choice: Choice,
    pub label: &'static str,
    pub refused: Option<String>,
}

/// The command for `hero`'s `choice`, or why it can't be made now.
pub fn choice_command(
    encounter: &Encounter,
    hero: TokenId,
    choice: Choice,
) -> Result<Command, String> {
    if encounter.system != RuleSystem::GoForthHeroes {
        return Err("momentum dice are Go Forth: Heroes'".to_owned());
    }
    let pool = encounter
        .combat
        .momentum
        .get(&hero)
        .ok_or("your hero has no momentum dice")?;
    let (action, from, wound) = match choice {
        Choice::PreparePower => (
            MomentumAction::Prepare {
                from: Zone::Stamina,
            },
            Zone::Stamina,
            Some(WoundEffect::CannotPrepare),
        ),
        Choice::PrepareStamina => (
            MomentumAction::Prepare {
                from: Zone::Fatigue,
            },
            Zone::Fatigue,
            Some(WoundEffect::CannotPrepare),
        ),
        Choice::ExtraAction => {
            let die = pool.first_in(Zone::Power).ok_or("no die in Power")?;
            (MomentumAction::ExtraAction { die }, Zone::Power, None)
        }
    };
    if pool.count(from) == 0 {
        return Err(format!("no die in {}", from.label()));
    }
    if let Some(why) = wound.and_then(|w| wound_refusal(encounter, hero, w)) {
        return Err(why.to_string());
    }
    if let Some(why) = turn_refusal(encounter, hero, &action) {
        return Err(why);
    }
    Ok(Command::Combat(CombatCommand::Momentum {
        owner: hero,
        action,
    }))
}

/// `hero`'s choices with whether each can be made now; empty outside Go Forth: Heroes or
/// without a pool.
pub fn choices(encounter: &Encounter, hero: TokenId) -> Vec<ChoiceText> {
    if encounter.system != RuleSystem::GoForthHeroes
        || !encounter.combat.momentum.contains_key(&hero)
    {
        return Vec::new();
    }
    Choice::ALL
        .iter()
        .map(|&choice| ChoiceText {
            choice,
            label: choice.label(),
            refused: choice_command(encounter, hero, choice).err(),
        })
        .collect()
}
