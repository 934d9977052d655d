//! What a check costs and who pays it, spent in the same undo step as the roll: the roller's
//! grit for extra dice and each teammate's grit for the die it gives (Post core, Grit), the
//! roller's Exertion for negating Tiring and Exhaustion and for a reroll (Road and Ruin,
//! EXERTION), and the Action an attack takes of the attacker's turn (GFH, Evening). The Dice
//! pane shows these and puts their commands in the roll's batch.

use super::{FilledCheck, Lever, name};
use crate::model::combat_command::CombatCommand;
use crate::model::initiative::EconomyPart;
use crate::model::{Command, Encounter, RuleSystem, TokenId};
use crate::rules::post_core::{GRIT_PER_TEAMMATE_DIE, PostChange};
use crate::rules::road_and_ruin::{Exhaustion, Pool, RrChange};
use crate::rules::{CheckSetup, TokenChange, TokenTrackers, TrackerCommand};

/// One cost of a roll, paid by one token.
#[derive(Clone, Debug, PartialEq)]
pub struct Cost {
    /// Who pays.
    pub token: TokenId,
    /// What it spends, for the form: `2 grit`, `1 of Bram's grit (teamwork)`, `1 Exertion`.
    pub text: String,
    /// Whether the payer has enough.
    pub affordable: bool,
    /// The tracker change that spends it.
    pub command: Command,
}

impl Cost {
    fn new(token: TokenId, text: String, affordable: bool, change: TokenChange) -> Self {
        Self {
            token,
            text,
            affordable,
            command: Command::Tracker(TrackerCommand::Token { token, change }),
        }
    }
}

/// Every cost of rolling `filled` as it stands (its switched-on contributions folded in): the
/// roller's, then each helping teammate's. A payer without the system's sheet pays nothing
/// (the GM tracks it by hand).
#[must_use]
pub fn costs(encounter: &Encounter, filled: &FilledCheck) -> Vec<Cost> {
    let setup = filled.setup();
    let mut out = Vec::new();
    out.extend(reaction_cost(encounter, filled));
    out.extend(turn_cost(encounter, filled));
    if let Some(roller) = filled.roller() {
        out.extend(roller_cost(encounter, &setup, roller));
    }
    let helpers = filled.contributions.iter().filter(|c| c.on);
    for helper in helpers.filter_map(|c| match c.lever {
        Lever::TeammateDie(token) => Some(token),
        _ => None,
    }) {
        out.extend(teammate_cost(encounter, helper));
    }
    super::evening::costs(encounter, filled, &mut out);
    out
}

/// Whether the system spends an Action of the attacker's turn on an attack: GFH, Combat ("On
/// your turn, you get 1 Action and 1 Move"; an attack is the Action) and Evening, Combat
/// ("you may take one action"; Attack is one). Road and Ruin's round is simultaneous, with no
/// turn to spend; Post core and 3d6 count no action economy.
#[must_use]
pub fn attack_takes_the_action(system: RuleSystem) -> bool {
    matches!(system, RuleSystem::GoForthHeroes | RuleSystem::Evening)
}

/// The attacker whose turn it is, when the system spends its Action on the attack `filled`
/// (the threat whose attack an Evening character defends against included) or on its Evening
/// Grapple or Shove ("as an action", Combat actions), with its economy.
fn attacker_on_turn(encounter: &Encounter, filled: &FilledCheck) -> Option<(TokenId, bool)> {
    let actor = filled.actor?;
    let init = &encounter.combat.initiative;
    // An attack of opportunity spends a reaction instead (`reaction_cost`).
    let acts = filled.attack || filled.maneuver.is_some();
    if !acts || filled.opportunity.is_some() || !attack_takes_the_action(encounter.system) {
        return None;
    }
    if init.current_token() != Some(actor) {
        return None;
    }
    // Evening: a threat's attacks count against its rating's attacks a round, and an off-hand
    // attack spends the bonus action; both are Evening's own costs (`evening::costs`).
    // The off-hand choice is the form's own (no line sets it): read from the base, not a
    // rebuilt check, as this runs each frame for the roll row.
    if let CheckSetup::Evening(c) = &filled.base
        && (c.off_hand || super::evening::is_threat(encounter, actor))
    {
        return None;
    }
    let combatant = init.combatants.get(init.position(actor)?)?;
    Some((actor, combatant.economy.action_available()))
}

/// The attack's Action, while the attacker still has one this turn. An attacker whose Action
/// is spent is not refused (an Evening threat makes all the attacks of its rating with one
/// action; GFH Hurry and the like act for free): [`action_spent_note`] says so instead.
fn turn_cost(encounter: &Encounter, filled: &FilledCheck) -> Option<Cost> {
    let (token, available) = attacker_on_turn(encounter, filled)?;
    available.then(|| Cost {
        token,
        text: format!("{}'s Action (its turn)", name(encounter, token)),
        affordable: true,
        command: Command::Combat(CombatCommand::UseEconomy {
            token,
            part: EconomyPart::Action,
        }),
    })
}

/// For the roll row: the attacker whose turn it is has no Action left, so a further attack
/// (or maneuver) spends none (another attack of the same action, or one the GM allows). Worded
/// for the roll still to come: beside the result of the one that spent it, "this attack spends
/// none" read as if that attack had spent nothing.
#[must_use]
pub fn action_spent_note(encounter: &Encounter, filled: &FilledCheck) -> Option<String> {
    let (token, available) = attacker_on_turn(encounter, filled)?;
    let what = filled
        .maneuver
        .map_or_else(|| "attack".to_owned(), |m| m.label().to_lowercase());
    (!available).then(|| {
        format!(
            "{}'s Action is used this turn: another {what} spends none",
            name(encounter, token)
        )
    })
}

/// Whether every cost can be paid.
#[must_use]
pub fn affordable(costs: &[Cost]) -> bool {
    costs.iter().all(|c| c.affordable)
}

/// Evening, Combat actions: an attack of opportunity spends the attacker's reaction, and the
/// offer leaves the fight with the roll.
fn reaction_cost(encounter: &Encounter, filled: &FilledCheck) -> Option<Cost> {
    let offer = filled.opportunity?;
    Some(Cost {
        token: offer.by,
        text: format!(
            "{}'s reaction (attack of opportunity)",
            name(encounter, offer.by)
        ),
        affordable: crate::combat::opportunity::can_take(encounter, offer),
        command: crate::combat::opportunity::take(offer),
    })
}

/// Post core, Grit: 2 grit per extra die on an action roll. Road and Ruin, EXERTION: 1 per
/// Tiring negated, 1 to negate Exhaustion, 1 for the reroll.
fn roller_cost(encounter: &Encounter, setup: &CheckSetup, token: TokenId) -> Option<Cost> {
    let trackers = encounter.sheet(token)?;
    match (setup, trackers) {
        (CheckSetup::PostCore(c), TokenTrackers::PostCore(t)) if c.grit_cost() > 0 => {
            let need = c.grit_cost();
            Some(Cost::new(
                token,
                format!("{need} grit"),
                t.grit >= need,
                TokenChange::PostCore(PostChange::SpendGrit(need)),
            ))
        }
        (CheckSetup::RoadAndRuin(c), TokenTrackers::RoadAndRuin(t)) => {
            let need = u32::from(c.tiring.min(c.negate_tiring))
                + u32::from(c.exhaustion == Exhaustion::Negated)
                + u32::from(c.exertion_reroll);
            if need == 0 {
                return None;
            }
            let pool = Pool::Exertion;
            Some(Cost::new(
                token,
                format!("{need} Exertion"),
                t.get(pool) >= need,
                TokenChange::RoadAndRuin(RrChange::Spend { pool, amount: need }),
            ))
        }
        _ => None,
    }
}

/// Post core, Grit: "−1 Grit: +1d6 on a Teammate's Roll" — the teammate who gives the die pays.
fn teammate_cost(encounter: &Encounter, token: TokenId) -> Option<Cost> {
    let Some(TokenTrackers::PostCore(t)) = encounter.sheet(token) else {
        return None;
    };
    let need = GRIT_PER_TEAMMATE_DIE;
    Some(Cost::new(
        token,
        format!("{need} of {}'s grit (teamwork)", name(encounter, token)),
        t.grit >= need,
        TokenChange::PostCore(PostChange::SpendGrit(need)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combat::action::{ActionRequest, build};
    use crate::model::{Cell, RuleSystem, Side, Token};
    use crate::rules::post_core::{ActionRoll, PostToken};
    use crate::rules::road_and_ruin::{OutcomeCheck, RrToken};

    fn encounter_with(trackers: TokenTrackers) -> Encounter {
        let mut e = Encounter::new("costs", trackers.system());
        e.tokens
            .push(Token::new(TokenId(1), "Ash", Side::Party, Cell::new(0, 0)));
        e.combat.trackers.insert(TokenId(1), trackers);
        e
    }

    fn filled(e: &Encounter, setup: &CheckSetup, roller: Option<TokenId>) -> FilledCheck {
        let request = ActionRequest {
            actor: roller,
            ..ActionRequest::default()
        };
        build(e, &request, setup)
    }

    #[test]
    fn grit_dice_cost_two_grit_each() {
        let e = encounter_with(TokenTrackers::PostCore(PostToken::default()));
        let setup = |grit_dice| {
            CheckSetup::PostCore(ActionRoll {
                attribute: 1,
                grit_dice,
                ..ActionRoll::default()
            })
        };
        let ash = Some(TokenId(1));
        assert_eq!(costs(&e, &filled(&e, &setup(0), ash)), vec![]);
        let c = costs(&e, &filled(&e, &setup(2), ash));
        assert_eq!((c[0].text.as_str(), c[0].affordable), ("4 grit", true));
        assert!(!affordable(&costs(&e, &filled(&e, &setup(4), ash))));
        assert_eq!(costs(&e, &filled(&e, &setup(2), None)), vec![]);
    }

    #[test]
    fn exertion_pays_for_negations_and_the_reroll() {
        let mut token = RrToken {
            endurance: 1,
            ..RrToken::default()
        };
        token.current[Pool::Exertion as usize] = 2;
        let e = encounter_with(TokenTrackers::RoadAndRuin(token));
        let check = OutcomeCheck {
            tiring: 1,
            negate_tiring: 3,
            exhaustion: Exhaustion::Negated,
            exertion_reroll: true,
            ..OutcomeCheck::default()
        };
        let c = costs(
            &e,
            &filled(&e, &CheckSetup::RoadAndRuin(check), Some(TokenId(1))),
        );
        assert_eq!((c[0].text.as_str(), c[0].affordable), ("3 Exertion", false));
        let Command::Tracker(TrackerCommand::Token { change, .. }) = &c[0].command else {
            panic!()
        };
        assert_eq!(
            *change,
            TokenChange::RoadAndRuin(RrChange::Spend {
                pool: Pool::Exertion,
                amount: 3
            })
        );
        assert_eq!(e.system, RuleSystem::RoadAndRuin);
    }
}
