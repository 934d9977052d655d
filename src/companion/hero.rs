//! The hero's own sheet as its phone shows it, in the encounter's system: the sheet's numbers
//! (`combat::sheet`), what it has left, its attacks, its conditions with what each does, a GFH
//! hero's momentum dice by zone, and its turn: movement and reaction left. Only ever sent to the
//! phone that holds this hero.

use serde::Serialize;

use crate::combat::action::attacks_of;
use crate::combat::conditions::on_token;
use crate::combat::momentum::Zone;
use crate::combat::sheet::{sheet, standing};
use crate::combat::turn_move::movement_left;
use crate::combat::wounds::token_speed;
use crate::model::{Encounter, TokenId};

#[derive(Clone, Debug, Default, Serialize)]
pub struct HeroSheet {
    pub id: u64,
    pub name: String,
    pub sections: Vec<SectionText>,
    /// What it has left (Hearts, health, HP…).
    pub standing: Vec<NumberText>,
    pub attacks: Vec<AttackText>,
    pub conditions: Vec<ConditionText>,
    /// GFH: the momentum dice in each zone; empty elsewhere.
    pub momentum: Vec<NumberText>,
    /// GFH: the momentum choices the player may make, each with why not when it can't be made.
    pub momentum_choices: Vec<super::momentum::ChoiceText>,
    /// Its speed after conditions, in cells.
    pub speed: u32,
    /// The movement left on its turn; `None` off its turn.
    pub movement_left: Option<u32>,
    pub its_turn: bool,
    pub action_available: bool,
    pub reaction_available: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct SectionText {
    pub title: String,
    pub numbers: Vec<NumberText>,
}

#[derive(Clone, Debug, Serialize)]
pub struct NumberText {
    pub label: String,
    pub value: i64,
}

#[derive(Clone, Debug, Serialize)]
pub struct AttackText {
    pub index: usize,
    pub name: String,
    pub range: String,
    pub numbers: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct ConditionText {
    pub name: String,
    /// What it does, in our words (empty for a condition the system's list does not know).
    pub does: String,
}

/// `hero`'s sheet (an empty one when there is no such token).
pub fn hero_sheet(encounter: &Encounter, hero: TokenId) -> HeroSheet {
    let Some(token) = encounter.token(hero) else {
        return HeroSheet::default();
    };
    let sections = sheet(encounter, hero)
        .unwrap_or_default()
        .into_iter()
        .map(|s| SectionText {
            title: s.title,
            numbers: s
                .numbers
                .into_iter()
                .map(|n| NumberText {
                    label: n.label,
                    value: n.value,
                })
                .collect(),
        })
        .collect();
    let number = |(label, value): (String, i64)| NumberText { label, value };
    let momentum = encounter
        .combat
        .momentum
        .get(&hero)
        .map(|pool| {
            Zone::ALL
                .iter()
                .map(|z| NumberText {
                    label: z.label().to_owned(),
                    value: i64::try_from(pool.count(*z)).unwrap_or(i64::MAX),
                })
                .collect()
        })
        .unwrap_or_default();
    let initiative = &encounter.combat.initiative;
    let its_turn = initiative.is_running() && initiative.current_token() == Some(hero);
    let action_available = initiative
        .position(hero)
        .is_some_and(|i| initiative.combatants[i].economy.action_available());
    HeroSheet {
        id: hero.0,
        name: token.name.clone(),
        sections,
        standing: standing(encounter, hero).into_iter().map(number).collect(),
        attacks: attacks_of(encounter, hero)
            .into_iter()
            .map(|a| AttackText {
                index: a.index,
                name: a.name,
                range: a.range.label(),
                numbers: a.numbers,
            })
            .collect(),
        conditions: on_token(&encounter.combat.conditions, encounter.system, hero)
            .map(|(c, def)| ConditionText {
                name: c.name.clone(),
                does: def.map(|d| d.summary.to_owned()).unwrap_or_default(),
            })
            .collect(),
        momentum,
        momentum_choices: if its_turn {
            super::momentum::choices(encounter, hero)
        } else {
            Vec::new()
        },
        speed: token_speed(encounter, &encounter.combat.conditions, hero).value,
        movement_left: movement_left(encounter, hero),
        its_turn,
        action_available: its_turn && action_available,
        reaction_available: initiative.is_running() && initiative.reaction_available(hero),
    }
}
