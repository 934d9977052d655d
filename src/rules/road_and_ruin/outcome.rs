//! The d10 Outcome die and its six bands (Road and Ruin, Resolving events; OUTCOME).

use serde::{Deserialize, Serialize};

use crate::dice::{
    DiceRng, DiceTerm, DieResult, Distribution, Keep, OutcomeName, OutcomeOdds, keep_distribution,
};
use crate::rules::bounded;

/// Most points one proficiency adds (Road and Ruin, Proficiency).
pub const MAX_PROFICIENCY: u8 = crate::model::limits::RR_PROFICIENCY.max as u8;
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
        Self::read_with_gear(face, net_benefit, 0)
    }

    /// [`Band::read`] with damaged or improvised equipment: each status raises the BAD/AND
    /// threshold by one (Road and Ruin, CHARACTERS, EQUIPMENT), eating into BAD from below.
    #[must_use]
    pub fn read_with_gear(face: i64, net_benefit: i64, gear_status: u8) -> Self {
        let value = face + net_benefit;
        if value <= 1 + i64::from(gear_status) {
            return Self::BadAnd;
        }
        match value {
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
    /// Spend 1 Exertion to roll again and keep the higher (counted as always spent). To pay
    /// only after seeing the first result, leave this off and use
    /// [`OutcomeCheck::exertion_reroll`].
    pub exertion_reroll: bool,
    /// Damaged or improvised statuses of the equipment used: each raises BAD/AND by one.
    pub gear_status: u8,
    /// When exact timing matters (a duel, a trap): the speeds that make the Initiative
    /// modifier. `None`: timing is not in question.
    pub timing: Option<Timing>,
}

/// The speeds of Road and Ruin's Initiative (Hastened time; TIME): when the exact timing of
/// an action has serious consequences, the roll is improved by the higher of the creature's
/// Presumptive Speed (INT + CON + proficiency in the opponent's weapon) and Reactive Speed
/// (DEX + WIT + proficiency in its own weapon) less the Action Speed of what it faces. The
/// sheet keeps none of those attributes, so the GM types the two speeds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timing {
    /// INT + CON + proficiency in the opponent's weapon.
    pub presumptive: i64,
    /// DEX + WIT + proficiency in one's own weapon.
    pub reactive: i64,
    /// The target's Action Speed.
    pub action_speed: i64,
}

impl Timing {
    /// The Initiative modifier: the faster speed less the Action Speed (the text's duellist:
    /// Presumptive 7, Reactive 6 against Action Speed 3 improves the Outcome by 4).
    #[must_use]
    pub fn benefit(&self) -> i64 {
        initiative_benefit(self.presumptive, self.reactive, self.action_speed)
    }
}

/// Road and Ruin's Initiative modifier: `max(presumptive, reactive) − action_speed`, each
/// bounded as a typed number is.
#[must_use]
pub fn initiative_benefit(presumptive: i64, reactive: i64, action_speed: i64) -> i64 {
    bounded(presumptive).max(bounded(reactive)) - bounded(action_speed)
}

impl Band {
    /// Whether this is one of the three BAD results.
    #[must_use]
    pub fn is_bad(self) -> bool {
        self <= Self::BadBut
    }
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
    /// − 5 when exhausted, + the Initiative modifier when timing matters.
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
        let timing = self.timing.map_or(0, |t| t.benefit());
        bounded(self.attribute) + prof + spec + bounded(self.benefit)
            - bounded(self.difficulty)
            - exhaustion
            + timing
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
        self.face_distribution()
            .outcomes(|f| Band::read_with_gear(f, net, self.gear_status))
    }

    /// The band of a kept face, with this check's net benefit and gear.
    #[must_use]
    pub fn read(&self, face: i64) -> Band {
        Band::read_with_gear(face, self.net_benefit(), self.gear_status)
    }

    /// Rolls the Outcome die once more (with this check's extra dice) and gives the dice and
    /// the kept face: the second roll of a reroll.
    pub fn roll_again(&self, term: usize, rng: &mut DiceRng) -> (Vec<DieResult>, i64) {
        let dice = DiceTerm::with_edge(1, 10, 0, self.extra_low_dice()).roll_dice(term, rng);
        let face = dice
            .iter()
            .filter(|d| d.kept)
            .map(|d| d.value)
            .min()
            .unwrap_or(1);
        (dice, face)
    }

    /// The roll after 1 Exertion is spent on a reroll once `first` was seen (Road and Ruin,
    /// EXERTION: reroll a physical check and take the higher value). `second` is the kept face
    /// of the new roll, `dice` its dice.
    #[must_use]
    pub fn exertion_reroll(
        &self,
        first: &OutcomeRoll,
        second: i64,
        dice: &[DieResult],
    ) -> OutcomeRoll {
        let face = first.face.max(second);
        OutcomeRoll {
            dice: first.dice.iter().chain(dice).cloned().collect(),
            face,
            net_benefit: first.net_benefit,
            outcome: self.read(face),
        }
    }

    /// The roll after protective equipment rerolls a BAD result (Road and Ruin, CHARACTERS,
    /// EQUIPMENT: protective gear allows a reroll of a die when a Bad result occurs). The text
    /// does not say to keep the higher, so the new face stands. `None` when `first` was not
    /// BAD, or when the check was already rerolled with Exertion before it was seen.
    #[must_use]
    pub fn equipment_reroll(
        &self,
        first: &OutcomeRoll,
        second: i64,
        dice: &[DieResult],
    ) -> Option<OutcomeRoll> {
        if !first.outcome.is_bad() {
            return None;
        }
        Some(OutcomeRoll {
            dice: first.dice.iter().chain(dice).cloned().collect(),
            face: second,
            net_benefit: first.net_benefit,
            outcome: self.read(second),
        })
    }

    /// Exact odds of the band after a reroll of `first_face`: keeping the higher face (Exertion)
    /// or the new one (equipment).
    #[must_use]
    pub fn reroll_odds(&self, first_face: i64, keep_higher: bool) -> OutcomeOdds<Band> {
        let once = keep_distribution(
            &Distribution::die(10),
            1 + self.extra_low_dice(),
            Keep::Lowest(1),
        );
        once.outcomes(|f| {
            let face = if keep_higher { f.max(first_face) } else { f };
            self.read(face)
        })
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
            outcome: Band::read_with_gear(face, net_benefit, self.gear_status),
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

    #[test]
    fn damaged_gear_raises_bad_and() {
        // Road and Ruin, CHARACTERS, EQUIPMENT: damaged gear performs like improvised gear and
        // each status raises the BAD/AND threshold by 1: a plain d10 is BAD/AND on 1–2 with one
        // status, 1–3 with two; BAD shrinks to 3–4, then 4.
        assert_eq!(Band::read_with_gear(2, 0, 1), Band::BadAnd);
        assert_eq!(Band::read_with_gear(3, 0, 1), Band::Bad);
        assert_eq!(Band::read_with_gear(3, 0, 2), Band::BadAnd);
        assert_eq!(Band::read_with_gear(5, 0, 2), Band::BadBut);
        let damaged = OutcomeCheck {
            gear_status: 1,
            ..OutcomeCheck::default()
        };
        assert!((damaged.odds().probability(&Band::BadAnd) - 0.2).abs() < 1e-12);
    }

    #[test]
    fn rerolls_after_seeing_the_result() {
        // Road and Ruin, EXERTION: 1 Exertion rerolls and keeps the higher; EQUIPMENT: gear
        // rerolls a Bad result and the new face stands.
        let check = OutcomeCheck::default();
        let first = OutcomeRoll {
            dice: Vec::new(),
            face: 4,
            net_benefit: 0,
            outcome: Band::Bad,
        };
        assert_eq!(check.exertion_reroll(&first, 2, &[]).outcome, Band::Bad);
        assert_eq!(check.exertion_reroll(&first, 8, &[]).outcome, Band::Good);
        assert_eq!(
            check.equipment_reroll(&first, 1, &[]).map(|r| r.outcome),
            Some(Band::BadAnd)
        );
        let good = OutcomeRoll {
            face: 7,
            outcome: Band::Good,
            ..first.clone()
        };
        assert_eq!(check.equipment_reroll(&good, 1, &[]), None);
        // Keeping the higher of 4 and a new d10: faces 1–4 read 4 (BAD, 4/10), 5 BAD/BUT,
        // 6 GOOD/BUT, 7–9 GOOD, 10 GOOD/AND.
        let odds = check.reroll_odds(4, true);
        assert!((odds.probability(&Band::Bad) - 0.4).abs() < 1e-12);
        assert!((odds.probability(&Band::BadAnd)).abs() < 1e-12);
        let fresh = check.reroll_odds(4, false);
        assert!((fresh.probability(&Band::BadAnd) - 0.1).abs() < 1e-12);
        let (dice, face) = check.roll_again(1, &mut DiceRng::seeded(2));
        assert_eq!((dice.len(), dice[0].value), (1, face));
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
