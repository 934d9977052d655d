//! Defenses, Wound Severity and the d8 wound tables (GFH, Defenses; Wounds).

use serde::{Deserialize, Serialize};

use super::WoundEffect;
use super::{Attributes, Defense, Severity, Wound};
use crate::dice::{DiceRng, Distribution, OutcomeName, OutcomeOdds};

/// Penalty to the Severity roll per Wound already carried (GFH, Wounds).
pub const EXISTING_WOUND_PENALTY: i64 = 5;

impl Attributes {
    /// The sum of the two attributes tied to `defense`; also the Severity roll's bonus.
    #[must_use]
    pub fn pair(&self, defense: Defense) -> i64 {
        match defense {
            Defense::Body => self.might + self.agility,
            Defense::Mind => self.instinct + self.reason,
            Defense::Soul => self.presence + self.vigor,
        }
    }

    /// The Defense TN: 10 + the pair (GFH, Defenses).
    #[must_use]
    pub fn defense(&self, defense: Defense) -> i64 {
        10 + self.pair(defense)
    }
}

impl OutcomeName for Severity {
    fn label(&self) -> String {
        format!("{self:?}")
    }
}

impl Severity {
    /// Reads the Severity table. The text lists −6 in both the Death and the Permanent rows;
    /// we read the first row as winning, so −6 is Death and Permanent is −5 to 0.
    #[must_use]
    pub fn from_total(total: i64) -> Self {
        match total {
            ..=-6 => Self::Death,
            -5..=0 => Self::Permanent,
            1..=5 => Self::Vicious,
            6..=15 => Self::Shallow,
            _ => Self::Flesh,
        }
    }
}

/// The Severity roll after being Knocked Out: 1d20 + the pair of the Defense that dropped you,
/// −5 per Wound already carried (GFH, Taking a Wound Roll).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WoundRoll {
    /// The Defense that dropped the hero.
    pub defense: Defense,
    /// The hero's attributes.
    pub attributes: Attributes,
    /// Wounds already carried.
    pub existing_wounds: u32,
}

impl Wound {
    /// What the wound does (its `Display` is our words for it).
    #[must_use]
    pub fn effect(&self) -> WoundEffect {
        wound_effect(self.defense, self.effect_roll)
    }

    /// The wound named for a reason line, e.g. "Shallow Body Wound".
    #[must_use]
    pub fn name(&self) -> String {
        format!("{:?} {:?} Wound", self.severity, self.defense)
    }
}

impl WoundRoll {
    fn flat(&self) -> i64 {
        self.attributes.pair(self.defense)
            - EXISTING_WOUND_PENALTY * i64::from(self.existing_wounds)
    }

    /// Exact chance of each Severity.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<Severity> {
        Distribution::die(20)
            .shift(self.flat())
            .outcomes(Severity::from_total)
    }

    /// The Severity total for a d20 face: the face + the pair − 5 per Wound carried.
    #[must_use]
    pub fn total(&self, d20: u8) -> i64 {
        i64::from(d20) + self.flat()
    }

    /// The Wound given by dice already rolled: the d20 for Severity, the d8 on the Defense
    /// chart, and the d4 sessions (used only for a Vicious Wound). Faces are clamped to their
    /// dice, so a bad input cannot make an impossible Wound.
    #[must_use]
    pub fn wound_from_dice(&self, d20: u8, d8: u8, d4: u8) -> Wound {
        let severity = Severity::from_total(self.total(d20.clamp(1, 20)));
        Wound {
            defense: self.defense,
            severity,
            effect_roll: d8.clamp(1, 8),
            sessions_left: if severity == Severity::Vicious {
                d4.clamp(1, 4)
            } else {
                0
            },
        }
    }

    /// Rolls Severity, the d8 chart and, for a Vicious Wound, its d4 sessions.
    pub fn roll(&self, rng: &mut DiceRng) -> Wound {
        let (d20, d8, d4) = Self::roll_dice(rng);
        self.wound_from_dice(d20, d8, d4)
    }

    /// The three dice of a Wound roll, (d20, d8, d4), to carry in a command.
    pub fn roll_dice(rng: &mut DiceRng) -> (u8, u8, u8) {
        let mut face = |sides: u32| u8::try_from(rng.die(sides)).unwrap_or(1);
        (face(20), face(8), face(4))
    }
}

/// The Condition a chart result gives, if it gives one: a 1 on Body, Mind or Soul
/// (GFH, Determining the Wound).
#[must_use]
pub fn wound_condition(defense: Defense, d8: u8) -> Option<&'static str> {
    match wound_effect(defense, d8) {
        WoundEffect::Condition(name) => Some(name),
        _ => None,
    }
}

/// The d8 wound charts for Body, Mind and Soul (GFH, Determining the Wound); its `Display`
/// gives our words for it.
#[must_use]
pub fn wound_effect(defense: Defense, d8: u8) -> WoundEffect {
    WoundEffect::from_chart(defense, d8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defenses_are_ten_plus_pairs() {
        // The text's sample hero: Might 1, Agility 2, Instinct 1, Reason 0, Presence −1, Vigor 0.
        let a = Attributes {
            might: 1,
            agility: 2,
            instinct: 1,
            presence: -1,
            ..Attributes::default()
        };
        assert_eq!(a.defense(Defense::Body), 13);
        assert_eq!(a.defense(Defense::Mind), 11);
        assert_eq!(a.defense(Defense::Soul), 9);
    }

    #[test]
    fn severity_bands() {
        assert_eq!(Severity::from_total(-7), Severity::Death);
        assert_eq!(Severity::from_total(-6), Severity::Death);
        assert_eq!(Severity::from_total(0), Severity::Permanent);
        assert_eq!(Severity::from_total(5), Severity::Vicious);
        assert_eq!(Severity::from_total(15), Severity::Shallow);
        assert_eq!(Severity::from_total(16), Severity::Flesh);
    }

    #[test]
    fn severity_odds_with_two_wounds() {
        // Pair +3, two Wounds (−10): d20 − 7 ranges −6..13.
        let roll = WoundRoll {
            defense: Defense::Body,
            attributes: Attributes {
                might: 1,
                agility: 2,
                ..Attributes::default()
            },
            existing_wounds: 2,
        };
        let odds = roll.odds();
        assert!((odds.probability(&Severity::Death) - 0.05).abs() < 1e-12);
        assert!((odds.probability(&Severity::Permanent) - 0.30).abs() < 1e-12);
        assert!((odds.probability(&Severity::Vicious) - 0.25).abs() < 1e-12);
        assert!((odds.probability(&Severity::Shallow) - 0.40).abs() < 1e-12);
        let w = roll.roll(&mut DiceRng::seeded(2));
        assert!((1..=8).contains(&w.effect_roll));
    }

    #[test]
    fn wounds_from_carried_dice() {
        let roll = WoundRoll {
            defense: Defense::Soul,
            attributes: Attributes {
                presence: 2,
                vigor: 1,
                ..Attributes::default()
            },
            existing_wounds: 1,
        };
        // 4 + 3 − 5 = 2: Vicious, with the d4 for its sessions.
        assert_eq!(roll.total(4), 2);
        let w = roll.wound_from_dice(4, 1, 3);
        assert_eq!((w.severity, w.sessions_left), (Severity::Vicious, 3));
        assert_eq!(wound_condition(w.defense, w.effect_roll), Some("Shaken"));
        let flesh = roll.wound_from_dice(20, 5, 3);
        assert_eq!((flesh.severity, flesh.sessions_left), (Severity::Flesh, 0));
        assert_eq!(wound_condition(Defense::Body, 2), None);
    }

    #[test]
    fn wound_charts() {
        assert_eq!(
            wound_effect(Defense::Body, 4).to_string(),
            "Might checks Hard"
        );
        assert_eq!(
            wound_effect(Defense::Mind, 7).to_string(),
            "Cannot Lock momentum"
        );
        assert_eq!(
            wound_effect(Defense::Soul, 8).to_string(),
            "One momentum die lost for good"
        );
    }
}
