//! Resolving one action against every token an area of effect covers.
//!
//! - GFH, Gambits (Area) and Rapid Fire: the hero rolls once; the same d20, Effort die and
//!   momentum die are judged against each target's own Defense (each target's check is filled
//!   by the builder, so its conditions, cover and Defense apply to it alone).
//! - Evening, Threats ("ranged attacks become area attacks … cones or spheres"): the players
//!   roll every die, so each hero caught in the area makes their own save: one roll per target.
//!   The damage, though, is rolled once and applied to each target it reaches (Evening, Damage
//!   & Health: Applying damage): every target's amount is drawn from the same dice, so the
//!   targets it hits take the same number (a critical hit rolls the same dice and more).
//! - Road and Ruin, Post core and 3d6 name no area rule; each target gets its own roll, the
//!   reading that keeps every target's check whole.
//!
//! Each target's result is applied with the builder's own [`consequence`]; the shell puts all
//! of them in one undo step.

use std::collections::BTreeSet;

use crate::combat::action::{
    ActionRequest, Consequence, FilledCheck, build, consequence, default_amount,
};
use crate::dice::DiceRng;
use crate::model::{Encounter, TokenId};
use crate::rules::go_forth_heroes::Target;
use crate::rules::{CheckOutcome, CheckSetup};

/// One target's share of an area action.
#[derive(Clone, Debug, PartialEq)]
pub struct AreaResult {
    pub target: TokenId,
    /// The check filled against this target alone.
    pub filled: FilledCheck,
    pub outcome: CheckOutcome,
    /// The amount Apply starts from (GFH Effort, Evening damage…), editable by the GM.
    pub amount: i64,
}

/// Rolls `request` against each of its targets (see the module docs for who rolls what),
/// with the GM's cleared contributions (`off`) left out of every target's check.
pub fn roll_against_each(
    encounter: &Encounter,
    request: &ActionRequest,
    base: &CheckSetup,
    off: &BTreeSet<String>,
    weapon_damage: u32,
    rng: &mut DiceRng,
) -> Vec<AreaResult> {
    let mut first: Option<CheckOutcome> = None;
    // Evening, Customizing Damage: an attack that damages several targets does half damage
    // (`action::damage_taken` says when: a threat's, not a Controller's area attack).
    let mut base = base.clone();
    if let CheckSetup::Evening(c) = &mut base {
        c.several_targets = request.targets.len() > 1;
    }
    let base = &base;
    // Evening: one damage roll for every target (see the module docs).
    let damage_seed: Option<u64> =
        matches!(base, CheckSetup::Evening(_)).then(|| rand::RngExt::random(rng.generator()));
    let mut out = Vec::with_capacity(request.targets.len());
    for &target in &request.targets {
        let one = ActionRequest {
            targets: vec![target],
            ..request.clone()
        };
        let mut filled = build(encounter, &one, base);
        filled.switch_off(off);
        let setup = filled.setup();
        let outcome = match (&setup, &first) {
            (CheckSetup::GoForthHeroes(check), Some(CheckOutcome::GoForthHeroes(roll))) => {
                let face = |term| {
                    roll.dice
                        .iter()
                        .filter(|d| d.term == term)
                        .map(|d| d.value)
                        .sum::<i64>()
                };
                let tn = match check.target {
                    Target::Fixed(tn) => tn,
                    Target::Tier(_) => 10 + face(3),
                };
                let momentum = roll.dice.iter().any(|d| d.term == 2).then(|| face(2));
                let as_u32 = |v: i64| u32::try_from(v).unwrap_or(0);
                let mut judged =
                    check.resolve(as_u32(face(0)), as_u32(face(1)), momentum.map(as_u32), tn);
                judged.dice.clone_from(&roll.dice);
                CheckOutcome::GoForthHeroes(judged)
            }
            _ => setup.roll(rng),
        };
        if first.is_none() {
            first = Some(outcome.clone());
        }
        let amount = if let Some(seed) = damage_seed {
            let mut once = DiceRng::seeded(seed);
            default_amount(encounter, &filled, &outcome, weapon_damage, &mut once)
        } else {
            default_amount(encounter, &filled, &outcome, weapon_damage, rng)
        };
        out.push(AreaResult {
            target,
            filled,
            outcome,
            amount,
        });
    }
    out
}

/// What applying every target's result does, in target order: one consequence each.
/// `knock_out` is a GFH Beat's Wound dice, shared by the one roll.
pub fn consequences(
    encounter: &Encounter,
    results: &[AreaResult],
    knock_out: [u8; 3],
) -> Vec<Consequence> {
    results
        .iter()
        .map(|r| consequence(encounter, &r.filled, &r.outcome, r.amount, knock_out))
        .collect()
}
