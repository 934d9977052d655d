//! Evening, Combat actions: Attack of opportunity. When a creature moves on from a square next
//! to an enemy, past it or away from it, that enemy may spend its reaction on a single melee
//! weapon attack against it; a creature that took the Disengage action can't be targeted so
//! until its next turn.
//!
//! Lantern offers the attack as the move is made: the move lands, and the offer waits in the
//! fight (`CombatState::opportunity_offers`, in the move's own undo step) until the attacker
//! takes it — the check builder fills the attack (`combat::action`: its reach is not asked
//! again, and the roll spends the attacker's reaction and settles the offer in its undo step)
//! — or the GM lets it go; it lapses when the turn changes.
//!
//! Readings:
//! - "Next to" is the enemy's melee reach: the longest reach of the melee attacks on its sheet
//!   (1, adjacent, for a creature whose sheet lists no attacks: it strikes with what the form
//!   says). A creature whose sheet lists only ranged attacks has no melee weapon to make one.
//!   Footprints that touch count as adjacent, as for any melee attack (`action/weapon.rs`).
//! - "Moves past you or away from you": any step of the move that starts within the enemy's
//!   reach, so walking up to an enemy and stopping offers nothing, while walking on past it,
//!   or away from it, does. Each enemy is offered one attack per move at most (it has one
//!   reaction).
//! - Only a creature's own move offers one: a shove or a fall moves it unwillingly, and the GM
//!   placing tokens outside a running fight is no move at all. The enemy must be in the turn
//!   order with its reaction available (Evening: none before its first turn) and able to take
//!   reactions (not incapacitated).
//! - Nothing is withheld silently: a move leaving the reach of an enemy in the turn order that
//!   is offered nothing (the mover disengaged; the enemy has had no turn yet, has used its
//!   reaction or can't take one) logs why, in the move's undo step ([`withheld`]).

use super::catalogue::Effect;
use super::command::{CombatCommand, CombatError, Names};
use super::conditions::has_effect;
use super::effective::economy_refusal;
use super::initiative::{EconomyPart, Mode};
use crate::board::bands::{footprint_distance, footprints_touch};
use crate::board::footprint::footprint_cells;
use crate::model::trackers::attack::AttackRange;
use crate::model::{
    Cell, CombatState, Command, Encounter, LogEntry, OpportunityOffer, ReactionCommand, RuleSystem,
    TokenId,
};

/// The melee reach in cells `token` threatens with, or `None` when it has no melee weapon (see
/// the module doc).
#[must_use]
pub fn melee_reach(encounter: &Encounter, token: TokenId) -> Option<u32> {
    let attacks = super::action::attacks_of(encounter, token);
    if attacks.is_empty() {
        return Some(1);
    }
    melee_attack(encounter, token).and_then(|i| {
        attacks.get(i).map(|a| match a.range {
            AttackRange::Melee { reach_cells } => reach_cells,
            AttackRange::Ranged { .. } => 1,
        })
    })
}

/// The attack on `token`'s sheet an attack of opportunity is made with: its melee attack of
/// the longest reach (the first of equals), `None` when it lists none.
#[must_use]
pub fn melee_attack(encounter: &Encounter, token: TokenId) -> Option<usize> {
    let attacks = super::action::attacks_of(encounter, token);
    let melee = attacks.iter().filter_map(|a| match a.range {
        AttackRange::Melee { reach_cells } => Some((a.index, reach_cells)),
        AttackRange::Ranged { .. } => None,
    });
    // The longest reach; of equals, the first on the sheet.
    melee
        .fold(None, |best: Option<(usize, u32)>, (i, r)| match best {
            Some((_, b)) if b >= r => best,
            _ => Some((i, r)),
        })
        .map(|(i, _)| i)
}

/// Whether `encounter` runs a fight whose moves can offer attacks of opportunity: Evening, in
/// a running initiative that takes turns.
fn fight_offers(encounter: &Encounter) -> bool {
    let init = &encounter.combat.initiative;
    encounter.system == RuleSystem::Evening && init.is_running() && init.mode != Mode::Simultaneous
}

/// Whether `by` may take a reaction now: in the order, its reaction available, and its
/// conditions allow reactions.
fn can_react(encounter: &Encounter, by: TokenId) -> bool {
    encounter.combat.initiative.position(by).is_some() && no_reaction(encounter, by).is_none()
}

/// The attacks of opportunity `mover`'s own move along `path` (its anchor cells, the start
/// first) offers: one from each enemy whose reach a step of the path starts in (see the
/// module doc). Nothing outside a running Evening fight, or for a mover that disengaged.
#[must_use]
pub fn provoked(encounter: &Encounter, mover: TokenId, path: &[Cell]) -> Vec<OpportunityOffer> {
    left_reach(encounter, mover, path)
        .into_iter()
        .filter(|(_, why)| why.is_none())
        .map(|(by, _)| OpportunityOffer { mover, by })
        .collect()
}

/// Why each enemy whose reach `mover`'s move along `path` leaves is offered no attack, as
/// the lines the move logs, so that no attack is withheld silently: the mover disengaged, or
/// the enemy has had no turn yet, has used its reaction or can't take one. An enemy outside
/// the turn order is the GM's, and says nothing.
#[must_use]
pub fn withheld(encounter: &Encounter, mover: TokenId, path: &[Cell]) -> Vec<LogEntry> {
    let name = |id: TokenId| {
        encounter
            .token(id)
            .map_or_else(|| format!("token {}", id.0), |t| t.name.clone())
    };
    left_reach(encounter, mover, path)
        .into_iter()
        .filter_map(|(by, why)| {
            why.map(|why| {
                LogEntry {
                    who: name(by),
                    what: "No attack of opportunity".to_owned(),
                    dice: String::new(),
                    result: format!("{} left its reach; {why}", name(mover)),
                }
                .fitted()
            })
        })
        .collect()
}

/// Why `by` can't take a reaction now (`None`: it can), for an enemy in the turn order.
fn no_reaction(encounter: &Encounter, by: TokenId) -> Option<String> {
    let init = &encounter.combat.initiative;
    let c = init.combatants.get(init.position(by)?)?;
    if c.economy.reaction_used {
        return Some("its reaction is used".to_owned());
    }
    if !init.reaction_available(by) {
        return Some("no reaction before its first turn".to_owned());
    }
    economy_refusal(
        &encounter.combat.conditions,
        encounter.system,
        by,
        EconomyPart::Reaction,
        &c.economy,
    )
}

/// The enemies in the turn order whose reach a step of `mover`'s move along `path` starts in,
/// each with why it is offered no attack (`None`: it is offered one). Nothing outside a
/// running Evening fight.
fn left_reach(
    encounter: &Encounter,
    mover: TokenId,
    path: &[Cell],
) -> Vec<(TokenId, Option<String>)> {
    let Some(me) = encounter.token(mover) else {
        return Vec::new();
    };
    if !fight_offers(encounter) {
        return Vec::new();
    }
    let disengaged = has_effect(
        &encounter.combat.conditions,
        encounter.system,
        mover,
        Effect::NoOpportunityAttacks,
    );
    let grid = encounter.map.grid;
    let diagonal = encounter.map.diagonal;
    // The footprint at each anchor a step leaves from.
    let leaving: Vec<Vec<Cell>> = path
        .windows(2)
        .filter(|step| step[0] != step[1])
        .map(|step| footprint_cells(grid, me.size, step[0]))
        .collect();
    let init = &encounter.combat.initiative;
    let mut out = Vec::new();
    for enemy in &encounter.tokens {
        if enemy.id == mover
            || !enemy.side.is_hostile_to(me.side)
            || init.position(enemy.id).is_none()
        {
            continue;
        }
        let Some(reach) = melee_reach(encounter, enemy.id) else {
            continue;
        };
        let theirs = footprint_cells(grid, enemy.size, enemy.cell);
        let within = |mine: &Vec<Cell>| {
            footprints_touch(grid, mine, &theirs)
                || footprint_distance(grid, diagonal, mine, &theirs) <= f64::from(reach)
        };
        if leaving.iter().any(within) {
            let why = if disengaged {
                Some(format!("{} disengaged", me.name))
            } else {
                no_reaction(encounter, enemy.id)
            };
            out.push((enemy.id, why));
        }
    }
    out
}

/// The command that records `offers` (none: `None`), for the move's batch.
#[must_use]
pub fn offer_command(offers: Vec<OpportunityOffer>) -> Option<Command> {
    (!offers.is_empty()).then_some(Command::Combat(CombatCommand::Reactions(
        ReactionCommand::OfferOpportunities(offers),
    )))
}

/// The attack of opportunity waiting from `by` against `mover`, if there is one.
#[must_use]
pub fn waiting(encounter: &Encounter, by: TokenId, mover: TokenId) -> Option<OpportunityOffer> {
    let offer = OpportunityOffer { mover, by };
    encounter
        .combat
        .opportunity_offers
        .contains(&offer)
        .then_some(offer)
}

/// What taking the attack spends, in the roll's undo step: `by`'s reaction, and the offer
/// settled.
#[must_use]
pub fn take(offer: OpportunityOffer) -> Command {
    Command::Batch(vec![
        Command::Combat(CombatCommand::UseEconomy {
            token: offer.by,
            part: EconomyPart::Reaction,
        }),
        Command::Combat(CombatCommand::Reactions(
            ReactionCommand::SettleOpportunity {
                mover: offer.mover,
                by: offer.by,
            },
        )),
    ])
}

/// Letting the attack go: the offer leaves the fight and the reaction stays.
#[must_use]
pub fn let_go(offer: OpportunityOffer) -> Command {
    Command::Combat(CombatCommand::Reactions(
        ReactionCommand::SettleOpportunity {
            mover: offer.mover,
            by: offer.by,
        },
    ))
}

/// Whether `by` can still take the offer now (its reaction is there and usable).
#[must_use]
pub fn can_take(encounter: &Encounter, offer: OpportunityOffer) -> bool {
    can_react(encounter, offer.by)
}

/// Records `offers` in the fight, each pair once.
pub(super) fn offer_in(
    state: &mut CombatState,
    names: &Names<'_>,
    offers: Vec<OpportunityOffer>,
) -> Result<(), CombatError> {
    for offer in offers {
        for token in [offer.mover, offer.by] {
            if names.0.token(token).is_none() {
                return Err(CombatError::NoSuchToken(token));
            }
        }
        if offer.mover == offer.by {
            return Err(CombatError::OwnSource {
                who: names.name(offer.by),
                what: "attacker of opportunity",
            });
        }
        if !state.opportunity_offers.contains(&offer) {
            state.opportunity_offers.push(offer);
        }
    }
    Ok(())
}

/// Takes the offer of `by` against `mover` out of the fight.
pub(super) fn settle_in(
    state: &mut CombatState,
    names: &Names<'_>,
    mover: TokenId,
    by: TokenId,
) -> Result<(), CombatError> {
    let offer = OpportunityOffer { mover, by };
    let before = state.opportunity_offers.len();
    state.opportunity_offers.retain(|o| *o != offer);
    if state.opportunity_offers.len() == before {
        return Err(CombatError::NoOpportunity {
            mover: names.name(mover),
            by: names.name(by),
        });
    }
    Ok(())
}
