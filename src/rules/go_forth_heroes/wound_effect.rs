//! What a Wound does, as data: the d8 chart results of Body, Mind and Soul (GFH, Determining
//! the Wound), so the Dice pane and the combat commands can enforce them and the text is derived.

use std::fmt;

use super::Attribute;
use super::{Attributes, Defense};

impl Attribute {
    /// Every attribute, in the order the rule text lists them.
    pub const ALL: [Self; 8] = [
        Self::Might,
        Self::Agility,
        Self::Finesse,
        Self::Instinct,
        Self::Reason,
        Self::Vigor,
        Self::Presence,
        Self::Guile,
    ];

    /// The attribute's name.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Might => "Might",
            Self::Agility => "Agility",
            Self::Finesse => "Finesse",
            Self::Instinct => "Instinct",
            Self::Reason => "Reason",
            Self::Vigor => "Vigor",
            Self::Presence => "Presence",
            Self::Guile => "Guile",
        }
    }

    /// The hero's score in this attribute.
    #[must_use]
    pub fn score(self, a: &Attributes) -> i64 {
        match self {
            Self::Might => a.might,
            Self::Agility => a.agility,
            Self::Finesse => a.finesse,
            Self::Instinct => a.instinct,
            Self::Reason => a.reason,
            Self::Vigor => a.vigor,
            Self::Presence => a.presence,
            Self::Guile => a.guile,
        }
    }

    /// The attribute's score in `a`, to set.
    pub fn score_mut(self, a: &mut Attributes) -> &mut i64 {
        match self {
            Self::Might => &mut a.might,
            Self::Agility => &mut a.agility,
            Self::Finesse => &mut a.finesse,
            Self::Instinct => &mut a.instinct,
            Self::Reason => &mut a.reason,
            Self::Vigor => &mut a.vigor,
            Self::Presence => &mut a.presence,
            Self::Guile => &mut a.guile,
        }
    }
}

/// One result of a Defense's d8 wound chart (GFH, Determining the Wound).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WoundEffect {
    /// The chart's 1: a Condition (Weakened, Dazed or Shaken), applied when the Wound is taken.
    Condition(&'static str),
    /// Body 2: the hero's Move is this many squares shorter.
    SlowerMove(u32),
    /// Checks with this attribute are Hard.
    Hard(Attribute),
    /// Body 8: no Prepare at the start of the turn.
    CannotPrepare,
    /// Mind 2: no Hurry (an Action at Hard for a free Interact or Help).
    CannotHurry,
    /// Mind 7: no momentum may be Locked.
    CannotLock,
    /// Mind 8: no Rally, for yourself or an ally.
    CannotRally,
    /// Soul 2: no Hold (acting later on a declared trigger).
    CannotHold,
    /// Soul 8: one momentum die is lost for good.
    LoseMomentumDie,
}

impl WoundEffect {
    /// The chart result for a d8 face on `defense`'s chart; faces above 8 read as 8.
    #[must_use]
    pub fn from_chart(defense: Defense, d8: u8) -> Self {
        use Attribute as A;
        match (defense, d8) {
            (Defense::Body, ..=1) => Self::Condition("Weakened"),
            (Defense::Body, 2) => Self::SlowerMove(2),
            (Defense::Body, 3 | 4) => Self::Hard(A::Might),
            (Defense::Body, 5 | 6) => Self::Hard(A::Agility),
            (Defense::Body, 7) => Self::Hard(A::Finesse),
            (Defense::Body, _) => Self::CannotPrepare,
            (Defense::Mind, ..=1) => Self::Condition("Dazed"),
            (Defense::Mind, 2) => Self::CannotHurry,
            (Defense::Mind, 3 | 4) => Self::Hard(A::Instinct),
            (Defense::Mind, 5 | 6) => Self::Hard(A::Reason),
            (Defense::Mind, 7) => Self::CannotLock,
            (Defense::Mind, _) => Self::CannotRally,
            (Defense::Soul, ..=1) => Self::Condition("Shaken"),
            (Defense::Soul, 2) => Self::CannotHold,
            (Defense::Soul, 3 | 4) => Self::Hard(A::Guile),
            (Defense::Soul, 5 | 6) => Self::Hard(A::Presence),
            (Defense::Soul, 7) => Self::Hard(A::Vigor),
            (Defense::Soul, _) => Self::LoseMomentumDie,
        }
    }
}

impl fmt::Display for WoundEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Condition(name) => f.write_str(name),
            Self::SlowerMove(squares) => write!(f, "Move reduced by {squares}"),
            Self::Hard(a) => write!(f, "{} checks Hard", a.label()),
            Self::CannotPrepare => f.write_str("Cannot Prepare"),
            Self::CannotHurry => f.write_str("Cannot Hurry"),
            Self::CannotLock => f.write_str("Cannot Lock momentum"),
            Self::CannotRally => f.write_str("Cannot Rally"),
            Self::CannotHold => f.write_str("Cannot Hold"),
            Self::LoseMomentumDie => f.write_str("One momentum die lost for good"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chart_face_has_one_effect_and_its_words() {
        let body: Vec<String> = (1..=8)
            .map(|d8| WoundEffect::from_chart(Defense::Body, d8).to_string())
            .collect();
        assert_eq!(
            body,
            [
                "Weakened",
                "Move reduced by 2",
                "Might checks Hard",
                "Might checks Hard",
                "Agility checks Hard",
                "Agility checks Hard",
                "Finesse checks Hard",
                "Cannot Prepare",
            ]
        );
        assert_eq!(
            WoundEffect::from_chart(Defense::Mind, 8),
            WoundEffect::CannotRally
        );
        assert_eq!(
            WoundEffect::from_chart(Defense::Soul, 7),
            WoundEffect::Hard(Attribute::Vigor)
        );
        let a = Attributes {
            guile: 2,
            ..Attributes::default()
        };
        assert_eq!(Attribute::Guile.score(&a), 2);
    }
}
