//! 3d6 checks: Total with advantage dice, escalation, and the general resolution bands
//! (3d6, Rolling Dice; Advantage and Disadvantage; Escalation; General Resolution).

use serde::{Deserialize, Serialize};

use super::{EffectDice, TierRelation};
use crate::dice::{
    DiceRng, DiceTerm, DieResult, Distribution, Keep, OutcomeName, OutcomeOdds, keep_distribution,
};
use crate::rules::bounded;

/// Most net advantage or disadvantage (3d6, Advantage and Disadvantage).
pub const MAX_EDGE: i64 = 3;
/// Highest escalation.
pub const MAX_ESCALATION: u8 = crate::model::limits::THREE_D6_ESCALATION.max as u8;

/// The general resolution bands by Total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ResolutionBand {
    /// 8 or less: the player picks failure with a minor cost or success with a major one.
    Setback,
    /// 9–12: success with a minor consequence or twist.
    CostlySuccess,
    /// 13 or more: success without consequence.
    CleanSuccess,
}

impl OutcomeName for ResolutionBand {
    fn label(&self) -> String {
        match self {
            Self::Setback => "8-: fail, or succeed at a major cost",
            Self::CostlySuccess => "9-12: succeed at a minor cost",
            Self::CleanSuccess => "13+: clean success",
        }
        .to_owned()
    }
}

impl ResolutionBand {
    /// The band for a Total.
    #[must_use]
    pub fn for_total(total: i64) -> Self {
        match total {
            ..=8 => Self::Setback,
            9..=12 => Self::CostlySuccess,
            _ => Self::CleanSuccess,
        }
    }
}

/// Escalation as a bound on every die (3d6, Escalation: it "can be used in conjunction with
/// die results, such as setting a minimum or maximum for dice equal to the value"). The text
/// leaves when to the ability, so it is the GM's choice in the Dice pane, off by default.
/// Readings: the bound holds for each die rolled, before the best or worst three are kept
/// (the same dice are kept either way, since the bound keeps their order), and the dice read
/// as Effect are the bounded ones; escalation 0 is no escalation present, so it bounds nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EscalationDice {
    /// Escalation bounds no die.
    #[default]
    Off,
    /// No die reads below the escalation.
    Minimum,
    /// No die reads above the escalation.
    Maximum,
}

impl EscalationDice {
    /// A die's face as it counts under this bound at `escalation`.
    #[must_use]
    pub fn bound(self, face: i64, escalation: u8) -> i64 {
        let e = i64::from(escalation.min(MAX_ESCALATION));
        if e == 0 {
            return face;
        }
        match self {
            Self::Off => face,
            Self::Minimum => face.max(e),
            Self::Maximum => face.min(e),
        }
    }
}

/// A 3d6 roll as the Dice pane edits it. Readings: advantage and disadvantage cancel first,
/// then the net is capped at 3; the tier difference adds one of either; escalation is added to
/// the Total only for player rolls it applies to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ThreeD6Check {
    /// Instances of Advantage.
    pub advantage: u8,
    /// Instances of Disadvantage.
    pub disadvantage: u8,
    /// The target's tier against the roller's.
    pub tier: TierRelation,
    /// Current escalation (0–6).
    pub escalation: u8,
    /// Whether escalation adds to this roll (player rolls of the escalating kind).
    pub add_escalation: bool,
    /// Any flat change to the Total from an ability.
    pub bonus: i64,
    /// Escalation as a minimum or maximum on each die, when an ability calls for it.
    pub escalation_dice: EscalationDice,
}

/// A rolled 3d6 check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreeD6Roll {
    /// Every die; three are kept.
    pub dice: Vec<DieResult>,
    /// The kept dice as Low, Mid and High for Effect.
    pub effect: EffectDice,
    /// Kept dice + escalation + bonus.
    pub total: i64,
    /// The resolution band.
    pub band: ResolutionBand,
}

impl ThreeD6Check {
    /// Net advantage (positive) or disadvantage (negative), capped at 3.
    #[must_use]
    pub fn net_edge(&self) -> i64 {
        let (adv, dis) = self.tier.edge();
        (i64::from(self.advantage) + adv - i64::from(self.disadvantage) - dis)
            .clamp(-MAX_EDGE, MAX_EDGE)
    }

    fn dice(&self) -> DiceTerm {
        let net = self.net_edge();
        DiceTerm::with_edge(3, 6, net.max(0) as u32, (-net).max(0) as u32)
    }

    fn flat(&self) -> i64 {
        let esc = if self.add_escalation {
            i64::from(self.escalation.min(MAX_ESCALATION))
        } else {
            0
        };
        esc + bounded(self.bonus)
    }

    /// The Total's exact distribution.
    #[must_use]
    pub fn total_distribution(&self) -> Distribution {
        let term = self.dice();
        let bound = |face| self.escalation_dice.bound(face, self.escalation);
        let die = Distribution::die(6).map(bound);
        let kept = keep_distribution(&die, term.count, term.keep.unwrap_or(Keep::Highest(3)));
        kept.shift(self.flat())
    }

    /// Exact odds of each band.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<ResolutionBand> {
        self.total_distribution()
            .outcomes(ResolutionBand::for_total)
    }

    /// Rolls the dice.
    pub fn roll(&self, rng: &mut DiceRng) -> ThreeD6Roll {
        let mut dice = self.dice().roll_dice(0, rng);
        for die in &mut dice {
            die.value = self.escalation_dice.bound(die.value, self.escalation);
        }
        let kept: Vec<i64> = dice.iter().filter(|d| d.kept).map(|d| d.value).collect();
        let total = kept.iter().sum::<i64>() + self.flat();
        ThreeD6Roll {
            effect: EffectDice::from_kept(&kept),
            total,
            band: ResolutionBand::for_total(total),
            dice,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_bands() {
        let odds = ThreeD6Check::default().odds();
        // 3d6 ≤ 8: 56/216; 13+: 56/216.
        assert!((odds.probability(&ResolutionBand::Setback) - 56.0 / 216.0).abs() < 1e-12);
        assert!((odds.probability(&ResolutionBand::CleanSuccess) - 56.0 / 216.0).abs() < 1e-12);
        assert_eq!(ResolutionBand::for_total(8), ResolutionBand::Setback);
        assert_eq!(ResolutionBand::for_total(9), ResolutionBand::CostlySuccess);
        assert_eq!(ResolutionBand::for_total(13), ResolutionBand::CleanSuccess);
    }

    #[test]
    fn edge_cancels_and_caps() {
        let c = ThreeD6Check {
            advantage: 2,
            disadvantage: 1,
            ..ThreeD6Check::default()
        };
        assert_eq!(c.net_edge(), 1);
        let c = ThreeD6Check {
            advantage: 5,
            tier: TierRelation::Below,
            ..ThreeD6Check::default()
        };
        assert_eq!(c.net_edge(), 3);
        let r = c.roll(&mut DiceRng::seeded(2));
        assert_eq!(
            (r.dice.len(), r.dice.iter().filter(|d| d.kept).count()),
            (6, 3)
        );
        let c = ThreeD6Check {
            tier: TierRelation::Above,
            ..ThreeD6Check::default()
        };
        assert_eq!(c.net_edge(), -1);
    }

    #[test]
    fn escalation_adds_to_player_rolls() {
        let c = ThreeD6Check {
            escalation: 4,
            add_escalation: true,
            ..ThreeD6Check::default()
        };
        assert_eq!(c.total_distribution().min(), 7);
        let gm = ThreeD6Check {
            add_escalation: false,
            ..c
        };
        assert_eq!(gm.total_distribution().min(), 3);
    }

    #[test]
    fn escalation_as_a_minimum_or_maximum_on_each_die() {
        // 3d6, Escalation: escalation may set a minimum or maximum for dice equal to its
        // value. At escalation 4 as a minimum every die reads 4–6, so the Total runs 12–18
        // and is 12 only when all three show 1–4: (4/6)³ = 8/27. As a maximum every die reads
        // 1–4, so the Total runs 3–12 and the 13+ band is out of reach.
        let at_least = ThreeD6Check {
            escalation: 4,
            escalation_dice: EscalationDice::Minimum,
            ..ThreeD6Check::default()
        };
        let totals = at_least.total_distribution();
        assert_eq!((totals.min(), totals.max()), (12, 18));
        assert!((totals.probability(12) - 8.0 / 27.0).abs() < 1e-12);
        let at_most = ThreeD6Check {
            escalation_dice: EscalationDice::Maximum,
            ..at_least
        };
        let totals = at_most.total_distribution();
        assert_eq!((totals.min(), totals.max()), (3, 12));
        assert!(at_most.odds().probability(&ResolutionBand::CleanSuccess) < 1e-12);
        // A rolled die counts its bounded face; its physical roll stays in the record.
        let r = at_least.roll(&mut DiceRng::seeded(3));
        assert!(r.dice.iter().all(|d| d.value >= 4));
        assert!(r.effect.0.iter().all(|v| (4..=6).contains(v)));
        // Escalation 0 is none: no bound.
        let none = ThreeD6Check {
            escalation: 0,
            ..at_least
        };
        assert_eq!(none.total_distribution().min(), 3);
        // With one Advantage the bound still holds on the four dice rolled.
        let edge = ThreeD6Check {
            advantage: 1,
            ..at_least
        };
        assert_eq!(edge.total_distribution().min(), 12);
    }

    proptest::proptest! {
        #[test]
        fn more_advantage_never_lowers_success(adv in 0u8..4, dis in 0u8..4) {
            let base = ThreeD6Check { advantage: adv, disadvantage: dis, ..ThreeD6Check::default() };
            let more = ThreeD6Check { advantage: adv + 1, ..base };
            let good = |c: &ThreeD6Check| c.odds().probability(&ResolutionBand::CleanSuccess);
            proptest::prop_assert!(good(&more) >= good(&base) - 1e-12);
        }
    }
}
