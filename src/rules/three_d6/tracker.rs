//! 3d6 state: escalation for the encounter, level and tier per token (3d6, Escalation; Level,
//! Tier, and Advancement).

use serde::{Deserialize, Serialize};

use super::MAX_ESCALATION;
use super::{EscalationChange, ThreeD6Change, ThreeD6Encounter, ThreeD6Token};
use crate::rules::RulesError;

/// The most harm a token's tally keeps (`model::limits::THREE_D6_HARM`).
pub const MAX_HARM: u32 = crate::model::limits::THREE_D6_HARM.max as u32;

/// How the thing rolled against compares to the roller's tier.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TierRelation {
    /// Same tier: no change.
    #[default]
    Same,
    /// Below the roller's tier: 1 Advantage.
    Below,
    /// Above the roller's tier: 1 Disadvantage.
    Above,
}

impl TierRelation {
    /// (advantage, disadvantage) this relation adds.
    #[must_use]
    pub fn edge(self) -> (i64, i64) {
        match self {
            Self::Same => (0, 0),
            Self::Below => (1, 0),
            Self::Above => (0, 1),
        }
    }

    /// Compares the tier rolled against with the roller's.
    #[must_use]
    pub fn between(roller: u8, target: u8) -> Self {
        match target.cmp(&roller) {
            std::cmp::Ordering::Less => Self::Below,
            std::cmp::Ordering::Equal => Self::Same,
            std::cmp::Ordering::Greater => Self::Above,
        }
    }
}

/// Tier for a level: 0 for a prologue level 0, then 1–3, 4–6, 7–9 and 10 as tiers 1–4.
#[must_use]
pub fn tier_for_level(level: u8) -> u8 {
    level.div_ceil(3).min(4)
}

impl ThreeD6Token {
    /// The token's tier, `None` while its level is not set (3d6, Level, Tier, and Advancement:
    /// a tier follows from a level; level 0 is a real level, the prologue's tier 0).
    #[must_use]
    pub fn tier(&self) -> Option<u8> {
        self.level.map(tier_for_level)
    }

    /// Applies `change`; on error the caller keeps the previous state.
    pub fn apply(&mut self, change: &ThreeD6Change) -> Result<(), RulesError> {
        match change {
            ThreeD6Change::SetLevel(l) => {
                if let Some(l) = l.filter(|l| *l > 10) {
                    return Err(RulesError::OutOfRange {
                        what: "level",
                        value: i64::from(l),
                        min: 0,
                        max: 10,
                    });
                }
                self.level = *l;
            }
            ThreeD6Change::TakeHarm(h) => {
                self.harm_taken = self.harm_taken.saturating_add(*h).min(MAX_HARM);
            }
            ThreeD6Change::SetHarmTaken(h) => {
                if *h > MAX_HARM {
                    return Err(RulesError::OutOfRange {
                        what: "harm taken",
                        value: i64::from(*h),
                        min: 0,
                        max: i64::from(MAX_HARM),
                    });
                }
                self.harm_taken = *h;
            }
            // Checked with the whole sheet (`model::validate::check_sheet`).
            ThreeD6Change::SetAttacks(attacks) => self.attacks.clone_from(attacks),
        }
        Ok(())
    }
}

impl ThreeD6Encounter {
    /// Applies `change`; on error the caller keeps the previous state.
    pub fn apply(&mut self, change: &EscalationChange) -> Result<(), RulesError> {
        match change {
            EscalationChange::Set(v) if *v > MAX_ESCALATION => {
                return Err(RulesError::OutOfRange {
                    what: "escalation",
                    value: i64::from(*v),
                    min: 0,
                    max: 6,
                });
            }
            EscalationChange::Set(v) => self.escalation = *v,
            EscalationChange::Increase => {
                self.escalation = (self.escalation + 1).min(MAX_ESCALATION);
            }
            EscalationChange::Decrease => self.escalation = self.escalation.saturating_sub(1),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers() {
        let t: Vec<u8> = (0..=10).map(tier_for_level).collect();
        assert_eq!(t, vec![0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4]);
        assert_eq!(TierRelation::between(2, 1), TierRelation::Below);
        assert_eq!(TierRelation::between(1, 3), TierRelation::Above);
        let mut tok = ThreeD6Token::default();
        assert_eq!(tok.tier(), None);
        assert!(tok.apply(&ThreeD6Change::SetLevel(Some(11))).is_err());
        tok.apply(&ThreeD6Change::SetLevel(Some(5))).unwrap();
        assert_eq!(tok.tier(), Some(2));
        tok.apply(&ThreeD6Change::SetLevel(Some(0))).unwrap();
        assert_eq!(tok.tier(), Some(0));
    }

    #[test]
    fn escalation_stays_in_range() {
        let mut e = ThreeD6Encounter::default();
        for _ in 0..9 {
            e.apply(&EscalationChange::Increase).unwrap();
        }
        assert_eq!(e.escalation, 6);
        assert!(e.apply(&EscalationChange::Set(7)).is_err());
        e.apply(&EscalationChange::Set(1)).unwrap();
        e.apply(&EscalationChange::Decrease).unwrap();
        e.apply(&EscalationChange::Decrease).unwrap();
        assert_eq!(e.escalation, 0);
    }
}
