//! The d10 Outcome die and its six bands (Road and Ruin, Resolving events; OUTCOME).

use serde::{Deserialize, Serialize};

use crate::dice::{
    DiceRng, DiceTerm, DieResult, Distribution, Keep, OutcomeName, OutcomeOdds, keep_distribution,
};
use crate::rules::bounded;

/// Most points one proficiency adds (Road and Ruin, Proficiency).
pub const MAX_PROFICIENCY: u8 = 5;
/// The shift from a specialisation, and the extra difficulty from Exhaustion.
pub const SPECIALISATION_SHIFT: i64 = 5;

/// The six Outcome bands, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Band {
    /// Bad, and worse.
    BadAnd,
    /// Bad.
    Bad,
    /// Bad, with a silver lining.
    BadBut,
    /// Good, at a cost.
    GoodBut,
    /// Good.
    Good,
    /// Good, and better.
    GoodAnd,
}

impl OutcomeName for Band {
    fn label(&self) -> String {
        match self {
            Self::BadAnd => "BAD/AND",
            Self::Bad => "BAD",
            Self::BadBut => "BAD/BUT",
            Self::GoodBut => "GOOD/BUT",
            Self::Good => "GOOD",
            Self::GoodAnd => "GOOD/AND",
        }
        .to_owned()
    }
}

impl Band {
    /// Reads the band for a die face with a net benefit. With no modifiers the die reads
    /// 1 BAD/AND, 2–4 BAD, 5 BAD/BUT, 6 GOOD/BUT, 7–9 GOOD, 10 GOOD/AND; a benefit of b moves
    /// every threshold b lower (same as adding b to the face), a net difficulty moves them up.
    #[must_use]
    pub fn read(face: i64, net_benefit: i64) -> Self {
        match face + net_benefit {
            ..=1 => Self::BadAnd,
            2..=4 => Self::Bad,
            5 => Self::BadBut,
            6 => Self::GoodBut,
            7..=9 => Self::Good,
            _ => Self::GoodAnd,
        }
    }
}

/// Whether Exhaustion weighs on a check (Road and Ruin, EXERTION).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Exhaustion {
    /// Not exhausted.
    #[default]
    Fresh,
    /// Exhausted: +5 difficulty and an extra die keeping the lowest.
    Exhausted,
    /// Exhausted, but 1 Exertion negates it for this check.
    Negated,
}

/// An Outcome roll as the Dice pane edits it (Road and Ruin, Resolving events; Proficiency;
/// Specialization; Exertion).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OutcomeCheck {
    /// Attribute above (or below, negative) what the task expects.
    pub attribute: i64,
    /// Up to two proficiencies; each counts at most 5.
    pub proficiencies: [u8; 2],
    /// A specialisation applies: 5 more.
    pub specialised: bool,
    /// Other benefits (equipment, help, position).
    pub benefit: i64,
    /// Increased difficulty (complications, required skill).
    pub difficulty: i64,
    /// Tiring instances: each rolls one more die, keeping the lowest.
    pub tiring: u8,
    /// Exhaustion: +5 difficulty and one more die keeping the lowest, unless negated.
    pub exhaustion: Exhaustion,
    /// Tiring instances negated with 1 Exertion each.
    pub negate_tiring: u8,
    /// Spend 1 Exertion to roll again and keep the higher (counted as always spent).
    pub exertion_reroll: bool,
}

/// A rolled Outcome check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeRoll {
    /// Every d10: term 0 the first roll, term 1 the Exertion reroll.
    pub dice: Vec<DieResult>,
    /// The face used.
    pub face: i64,
    /// The net benefit applied.
    pub net_benefit: i64,
    /// The band.
    pub outcome: Band,
}

impl OutcomeCheck {
    fn exhaustion_applies(&self) -> bool {
        self.exhaustion == Exhaustion::Exhausted
    }

    /// Net benefit: attribute + capped proficiencies + specialisation + benefit − difficulty
    /// − 5 when exhausted.
    #[must_use]
    pub fn net_benefit(&self) -> i64 {
        let prof: i64 = self
            .proficiencies
            .iter()
            .map(|p| i64::from((*p).min(MAX_PROFICIENCY)))
            .sum();
        let spec = if self.specialised {
            SPECIALISATION_SHIFT
        } else {
            0
        };
        let exhaustion = if self.exhaustion_applies() {
            SPECIALISATION_SHIFT
        } else {
            0
        };
        bounded(self.attribute) + prof + spec + bounded(self.benefit)
            - bounded(self.difficulty)
            - exhaustion
    }

    /// Extra dice keeping the lowest, after negations.
    #[must_use]
    pub fn extra_low_dice(&self) -> u32 {
        u32::from(self.tiring.saturating_sub(self.negate_tiring))
            + u32::from(self.exhaustion_applies())
    }

    /// The face distribution (lowest of the dice, best of two tries with a reroll).
    #[must_use]
    pub fn face_distribution(&self) -> Distribution {
        let once = keep_distribution(
            &Distribution::die(10),
            1 + self.extra_low_dice(),
            Keep::Lowest(1),
        );
        if self.exertion_reroll {
            once.max_with(&once)
        } else {
            once
        }
    }

    /// Exact odds of each band.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<Band> {
        let net = self.net_benefit();
        self.face_distribution().outcomes(|f| Band::read(f, net))
    }

    /// Rolls the Outcome die (with extra dice and a reroll as set up).
    pub fn roll(&self, rng: &mut DiceRng) -> OutcomeRoll {
        let term = DiceTerm::with_edge(1, 10, 0, self.extra_low_dice());
        let mut dice = term.roll_dice(0, rng);
        if self.exertion_reroll {
            dice.extend(term.roll_dice(1, rng));
        }
        let face = dice
            .iter()
            .filter(|d| d.kept)
            .map(|d| d.value)
            .max()
            .unwrap_or(1);
        let net_benefit = self.net_benefit();
        OutcomeRoll {
            dice,
            face,
            net_benefit,
            outcome: Band::read(face, net_benefit),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_die_bands() {
        use Band::{Bad, BadAnd, BadBut, Good, GoodAnd, GoodBut};
        let bands: Vec<Band> = (1..=10).map(|f| Band::read(f, 0)).collect();
        assert_eq!(
            bands,
            vec![
                BadAnd, Bad, Bad, Bad, BadBut, GoodBut, Good, Good, Good, GoodAnd
            ]
        );
    }

    #[test]
    fn benefit_three_example() {
        // GOOD/BUT moves from 6 down to 3, GOOD starts at 4, GOOD/AND at 7.
        assert_eq!(Band::read(3, 3), Band::GoodBut);
        assert_eq!(Band::read(4, 3), Band::Good);
        assert_eq!(Band::read(6, 3), Band::Good);
        assert_eq!(Band::read(7, 3), Band::GoodAnd);
        assert_eq!(Band::read(2, 3), Band::BadBut);
        let odds = OutcomeCheck {
            benefit: 3,
            ..OutcomeCheck::default()
        }
        .odds();
        assert!((odds.probability(&Band::GoodAnd) - 0.4).abs() < 1e-12);
    }

    #[test]
    fn proficiencies_cap_and_specialisation() {
        // +1 and +3 tilt by 4: GOOD/BUT from 6 down to 2.
        let c = OutcomeCheck {
            proficiencies: [1, 3],
            ..OutcomeCheck::default()
        };
        assert_eq!(c.net_benefit(), 4);
        assert_eq!(Band::read(2, c.net_benefit()), Band::GoodBut);
        let capped = OutcomeCheck {
            proficiencies: [9, 9],
            specialised: true,
            ..OutcomeCheck::default()
        };
        assert_eq!(capped.net_benefit(), 15);
    }

    #[test]
    fn tiring_exhaustion_and_exertion() {
        let tired = OutcomeCheck {
            tiring: 1,
            exhaustion: Exhaustion::Exhausted,
            ..OutcomeCheck::default()
        };
        assert_eq!((tired.extra_low_dice(), tired.net_benefit()), (2, -5));
        // Lowest of three d10 is 10 only if all are: 1/1000.
        assert!((tired.face_distribution().probability(10) - 0.001).abs() < 1e-12);
        let negated = OutcomeCheck {
            negate_tiring: 1,
            exhaustion: Exhaustion::Negated,
            ..tired
        };
        assert_eq!(negated.odds(), OutcomeCheck::default().odds());
        let reroll = OutcomeCheck {
            exertion_reroll: true,
            ..OutcomeCheck::default()
        };
        assert!((reroll.odds().probability(&Band::BadAnd) - 0.01).abs() < 1e-12);
        let r = OutcomeCheck {
            tiring: 2,
            exertion_reroll: true,
            ..OutcomeCheck::default()
        }
        .roll(&mut DiceRng::seeded(8));
        assert_eq!(r.dice.len(), 6);
    }

    proptest::proptest! {
        #[test]
        fn more_benefit_never_worsens(benefit in -12i64..12, tiring in 0u8..3) {
            let base = OutcomeCheck { benefit, tiring, ..OutcomeCheck::default() };
            let better = OutcomeCheck { benefit: benefit + 1, ..base };
            let good = |c: &OutcomeCheck| c.odds().probability_where(|b| *b >= Band::GoodBut);
            proptest::prop_assert!(good(&better) >= good(&base) - 1e-12);
            let harder = OutcomeCheck { tiring: tiring + 1, ..base };
            proptest::prop_assert!(good(&harder) <= good(&base) + 1e-12);
        }
    }
}
