//! One check type over the five systems, for the Dice pane and the roll log.

use serde::{Deserialize, Serialize};

use super::{evening, go_forth_heroes as gfh, post_core as post, road_and_ruin as rr, three_d6};
use crate::dice::{DiceRng, DieResult, OutcomeName, OutcomeOdds};
use crate::model::RuleSystem;

/// A check being set up, in whichever system the encounter runs (plain data; the Dice pane
/// builds a form over the inner type's fields).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheckSetup {
    /// GFH: d20 + Roll vs TN with an Effort die.
    GoForthHeroes(gfh::GfhCheck),
    /// Evening: d20 + modifiers vs TN with effect levels.
    Evening(evening::EveningCheck),
    /// Road and Ruin: the d10 Outcome die.
    RoadAndRuin(rr::OutcomeCheck),
    /// Road and Ruin: an attack die with its Special die against armour (Road and Ruin,
    /// COMBAT).
    RoadAndRuinAttack(rr::AttackRoll),
    /// Post core: a d6 action roll.
    PostCore(post::ActionRoll),
    /// 3d6: Total against the general resolution bands.
    ThreeD6(three_d6::ThreeD6Check),
}

/// A rolled check with every die and the outcome in the system's terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheckOutcome {
    /// GFH result.
    GoForthHeroes(gfh::GfhRoll),
    /// Evening result.
    Evening(evening::EveningRoll),
    /// Road and Ruin result.
    RoadAndRuin(rr::OutcomeRoll),
    /// Road and Ruin attack result.
    RoadAndRuinAttack(rr::AttackResult),
    /// Post core result.
    PostCore(post::ActionResult),
    /// 3d6 result.
    ThreeD6(three_d6::ThreeD6Roll),
}

fn labelled<O: Ord + Clone + OutcomeName>(odds: &OutcomeOdds<O>) -> Vec<(String, f64)> {
    odds.labelled()
}

impl CheckSetup {
    /// The system this check belongs to.
    #[must_use]
    pub fn system(&self) -> RuleSystem {
        match self {
            Self::GoForthHeroes(_) => RuleSystem::GoForthHeroes,
            Self::Evening(_) => RuleSystem::Evening,
            Self::RoadAndRuin(_) | Self::RoadAndRuinAttack(_) => RuleSystem::RoadAndRuin,
            Self::PostCore(_) => RuleSystem::PostCore,
            Self::ThreeD6(_) => RuleSystem::ThreeD6,
        }
    }

    /// Exact odds of each outcome, labelled in the system's terms, in outcome order.
    #[must_use]
    pub fn odds(&self) -> Vec<(String, f64)> {
        match self {
            Self::GoForthHeroes(c) => labelled(&c.odds()),
            Self::Evening(c) => labelled(&c.odds()),
            Self::RoadAndRuin(c) => labelled(&c.odds()),
            Self::RoadAndRuinAttack(c) => labelled(&c.odds()),
            Self::PostCore(c) => labelled(&c.odds()),
            Self::ThreeD6(c) => labelled(&c.odds()),
        }
    }

    /// Rolls the check.
    pub fn roll(&self, rng: &mut DiceRng) -> CheckOutcome {
        match self {
            Self::GoForthHeroes(c) => CheckOutcome::GoForthHeroes(c.roll(rng)),
            Self::Evening(c) => CheckOutcome::Evening(c.roll(rng)),
            Self::RoadAndRuin(c) => CheckOutcome::RoadAndRuin(c.roll(rng)),
            Self::RoadAndRuinAttack(c) => CheckOutcome::RoadAndRuinAttack(c.roll(rng)),
            Self::PostCore(c) => CheckOutcome::PostCore(c.roll(rng)),
            Self::ThreeD6(c) => CheckOutcome::ThreeD6(c.roll(rng)),
        }
    }
}

impl CheckOutcome {
    /// Every die rolled.
    #[must_use]
    pub fn dice(&self) -> &[DieResult] {
        match self {
            Self::GoForthHeroes(r) => &r.dice,
            Self::Evening(r) => &r.dice,
            Self::RoadAndRuin(r) => &r.dice,
            Self::RoadAndRuinAttack(r) => &r.dice,
            Self::PostCore(r) => &r.dice,
            Self::ThreeD6(r) => &r.dice,
        }
    }

    /// The outcome in the system's terms for a check that is not an attack: a GFH check that
    /// misses its TN fails (GFH, Checks: binary), and one that makes it succeeds with its Effort
    /// (for Hearts of obstacles); Grazes are an attack's (GFH, Attacking).
    #[must_use]
    pub fn label_as_check(&self) -> String {
        match self {
            Self::GoForthHeroes(r) if r.outcome == gfh::GfhOutcome::Graze => "Failure".to_owned(),
            Self::GoForthHeroes(r) => format!("Success for {} Effort", r.effort),
            _ => self.label(),
        }
    }

    /// The outcome in the system's terms.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Self::GoForthHeroes(r) => format!("{} for {} Effort", r.outcome.label(), r.effort),
            Self::Evening(r) => r.outcome.label(),
            Self::RoadAndRuin(r) => r.outcome.label(),
            Self::RoadAndRuinAttack(r) => r.outcome.label(),
            Self::PostCore(r) => r.outcome.label(),
            Self::ThreeD6(r) => r.band.label(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::system;

    #[test]
    fn every_default_check_rolls_and_serialises() {
        let mut rng = DiceRng::seeded(11);
        for id in RuleSystem::ALL {
            let setup = system(id).default_check();
            let json = serde_json::to_string(&setup).unwrap();
            assert_eq!(serde_json::from_str::<CheckSetup>(&json).unwrap(), setup);
            let outcome = setup.roll(&mut rng);
            assert!(!outcome.dice().is_empty());
            let label = outcome.label();
            assert!(
                setup
                    .odds()
                    .iter()
                    .any(|(name, _)| label.starts_with(name.as_str())),
                "{label}"
            );
        }
    }
}
