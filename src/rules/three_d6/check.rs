//! 3d6 checks: Total with advantage dice, escalation, and the general resolution bands
//! (3d6, Rolling Dice; Advantage and Disadvantage; Escalation; General Resolution).

use serde::{Deserialize, Serialize};

use super::{EffectDice, TierRelation};
use crate::dice::{DiceRng, DiceTerm, DieResult, Distribution, OutcomeName, OutcomeOdds};
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
        self.dice().distribution().shift(self.flat())
    }

    /// Exact odds of each band.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<ResolutionBand> {
        self.total_distribution()
            .outcomes(ResolutionBand::for_total)
    }

    /// Rolls the dice.
    pub fn roll(&self, rng: &mut DiceRng) -> ThreeD6Roll {
        let dice = self.dice().roll_dice(0, rng);
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
