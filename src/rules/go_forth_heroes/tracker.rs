//! Per-token GFH state: attributes (for Defenses), Hearts for enemies, Wounds with timers.

use super::{Attribute, Defense, EFFORT_PER_HEART, Severity, Wound, WoundEffect, net_modifier};
use super::{GfhChange, GfhToken};
use crate::rules::RulesError;

/// The most +Roll or +Effort may be (GFH, Roll & Effort Bonuses: "Neither Roll nor Effort can
/// exceed +5").
pub const ROLL_EFFORT_CAP: i64 = 5;

/// Where an attribute sits in [`Attribute::ALL`].
fn index(attribute: Attribute) -> usize {
    Attribute::ALL
        .iter()
        .position(|a| *a == attribute)
        .unwrap_or(0)
}

impl GfhToken {
    /// A Defense TN with bonuses and penalties from several sources (conditions, wards, gambits):
    /// they do not add up, the best bonus and worst penalty count once (GFH, Defenses;
    /// Modifiers).
    #[must_use]
    pub fn defense(&self, defense: Defense, modifiers: &[i64]) -> i64 {
        self.attributes.defense(defense) + net_modifier(modifiers)
    }

    /// The +Roll bonus of `attribute`: its score less any points shifted to Effort (GFH, Roll
    /// vs Effort Bonus). The Dice pane adds it to the d20.
    #[must_use]
    pub fn roll_bonus(&self, attribute: Attribute) -> i64 {
        attribute.score(&self.attributes) - self.effort_shift(attribute)
    }

    /// The +Effort bonus of `attribute`: its score plus any points shifted from Roll (GFH, Roll
    /// vs Effort Bonus). The Dice pane adds it to the Effort die.
    #[must_use]
    pub fn effort_bonus(&self, attribute: Attribute) -> i64 {
        attribute.score(&self.attributes) + self.effort_shift(attribute)
    }

    /// Points shifted from Roll to Effort for `attribute` that count now. A negative attribute
    /// counts in full on both sides (GFH, Roll vs Effort Bonus, Limitations: a −1 attribute
    /// lowers both +Roll and +Effort by 1; we read −2 the same way), so its shift is 0 whatever
    /// was stored while the score was higher.
    #[must_use]
    pub fn effort_shift(&self, attribute: Attribute) -> i64 {
        if attribute.score(&self.attributes) < 0 {
            0
        } else {
            self.effort_shift[index(attribute)]
        }
    }

    /// The hero's Move in squares on a grid: 4 + Agility, never below 0 (GFH, Grid Play:
    /// "Move = 4 + Agility squares").
    #[must_use]
    pub fn move_squares(&self) -> u32 {
        u32::try_from((4 + self.attributes.agility).max(0)).unwrap_or(u32::MAX)
    }

    /// The first Wound carried with `effect`, so an action it forbids can be refused by name
    /// (GFH, Determining the Wound). Removing the Wound lifts the effect.
    #[must_use]
    pub fn wound_with(&self, effect: WoundEffect) -> Option<&Wound> {
        self.wounds.iter().find(|w| w.effect() == effect)
    }

    /// Applies `change`; on error the caller keeps the previous state.
    pub fn apply(&mut self, change: &GfhChange) -> Result<(), RulesError> {
        match change {
            GfhChange::SetAttributes(a) => self.attributes = *a,
            GfhChange::SetHearts(h) => {
                if let Some(bad) = h.as_ref().filter(|h| h.progress >= EFFORT_PER_HEART) {
                    return Err(RulesError::OutOfRange {
                        what: "Effort on the current Heart",
                        value: i64::from(bad.progress),
                        min: 0,
                        max: i64::from(EFFORT_PER_HEART - 1),
                    });
                }
                self.hearts.clone_from(h);
            }
            GfhChange::ApplyEffort { effort, overkill } => {
                let Some(hearts) = self.hearts.as_mut() else {
                    return Err(RulesError::NotAllowed("this token has no Hearts"));
                };
                hearts.apply_effort(*effort, *overkill);
            }
            GfhChange::AddWound(w) => {
                if !(1..=8).contains(&w.effect_roll) {
                    return Err(RulesError::OutOfRange {
                        what: "wound chart roll",
                        value: i64::from(w.effect_roll),
                        min: 1,
                        max: 8,
                    });
                }
                self.wounds.push(w.clone());
            }
            GfhChange::RemoveWound(i) => {
                if *i >= self.wounds.len() {
                    return Err(RulesError::NoSuchEntry {
                        what: "wound",
                        index: *i,
                    });
                }
                self.wounds.remove(*i);
            }
            GfhChange::ShortRest => self.wounds.retain(|w| w.severity != Severity::Flesh),
            GfhChange::LongRest => {
                if let Some(i) = self
                    .wounds
                    .iter()
                    .position(|w| w.severity == Severity::Shallow)
                {
                    self.wounds.remove(i);
                }
            }
            GfhChange::EndSession => self.end_session(),
            // The list's limits are the sheet's (`model::validate::check_sheet`), which every
            // tracker command runs on the sheet it leaves.
            GfhChange::SetAttacks(attacks) => self.attacks.clone_from(attacks),
            GfhChange::SetEffortShift { attribute, shift } => {
                let score = attribute.score(&self.attributes);
                if score < 0 && *shift != 0 {
                    return Err(RulesError::NotAllowed(
                        "a negative attribute lowers both +Roll and +Effort: it cannot be shifted",
                    ));
                }
                // Checked: a script's shift may be any i64 (i64::MAX once wrapped past the cap).
                let highest = score
                    .checked_sub(*shift)
                    .zip(score.checked_add(*shift))
                    .map(|(roll, effort)| roll.max(effort));
                if highest.is_none_or(|h| h > ROLL_EFFORT_CAP) {
                    return Err(RulesError::NotAllowed(
                        "neither +Roll nor +Effort can exceed +5",
                    ));
                }
                self.effort_shift[index(*attribute)] = *shift;
            }
        }
        Ok(())
    }

    fn end_session(&mut self) {
        for w in &mut self.wounds {
            if w.severity == Severity::Vicious {
                w.sessions_left = w.sessions_left.saturating_sub(1);
            }
        }
        self.wounds
            .retain(|w| w.severity != Severity::Vicious || w.sessions_left > 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::go_forth_heroes::{Attributes, Hearts};

    fn wound(severity: Severity, sessions_left: u8) -> Wound {
        Wound {
            defense: Defense::Body,
            severity,
            effect_roll: 3,
            sessions_left,
        }
    }

    #[test]
    fn wound_timers() {
        let mut t = GfhToken::default();
        for w in [
            wound(Severity::Flesh, 0),
            wound(Severity::Shallow, 0),
            wound(Severity::Shallow, 0),
            wound(Severity::Vicious, 2),
            wound(Severity::Permanent, 0),
        ] {
            t.apply(&GfhChange::AddWound(w)).unwrap();
        }
        t.apply(&GfhChange::ShortRest).unwrap();
        assert_eq!(t.wounds.len(), 4);
        t.apply(&GfhChange::LongRest).unwrap();
        assert_eq!(t.wounds.len(), 3);
        t.apply(&GfhChange::EndSession).unwrap();
        assert_eq!(t.wounds.len(), 3);
        t.apply(&GfhChange::EndSession).unwrap();
        assert_eq!(t.wounds.len(), 2);
        assert!(t.apply(&GfhChange::RemoveWound(5)).is_err());
        assert!(
            t.apply(&GfhChange::AddWound(wound(Severity::Flesh, 0).with_roll(9)))
                .is_err()
        );
    }

    #[test]
    fn a_negative_attribute_cannot_be_shifted() {
        // GFH, Roll vs Effort Bonus, Limitations: a −1 attribute lowers both +Roll and +Effort
        // by 1, so neither side can be bought back with a shift: Guile −1 is −1 Roll and −1
        // Effort, and shifting 1 point (to −2 Roll / 0 Effort) is refused.
        let mut t = GfhToken {
            attributes: Attributes {
                guile: -1,
                might: 3,
                ..Attributes::default()
            },
            ..GfhToken::default()
        };
        let shift = |shift| GfhChange::SetEffortShift {
            attribute: Attribute::Guile,
            shift,
        };
        assert!(t.apply(&shift(1)).is_err());
        assert!(t.apply(&shift(-1)).is_err());
        assert!(t.apply(&shift(0)).is_ok());
        assert_eq!(
            (
                t.roll_bonus(Attribute::Guile),
                t.effort_bonus(Attribute::Guile)
            ),
            (-1, -1)
        );
        // Might +3 may still shift to +2 Roll / +4 Effort (the text's example).
        t.apply(&GfhChange::SetEffortShift {
            attribute: Attribute::Might,
            shift: 1,
        })
        .unwrap();
        assert_eq!(
            (
                t.roll_bonus(Attribute::Might),
                t.effort_bonus(Attribute::Might)
            ),
            (2, 4)
        );
        // A shift made while the score was positive no longer counts once it drops below 0.
        t.attributes.might = -1;
        assert_eq!(
            (
                t.roll_bonus(Attribute::Might),
                t.effort_bonus(Attribute::Might)
            ),
            (-1, -1)
        );
    }

    #[test]
    fn defense_modifiers_take_the_highest() {
        let t = GfhToken {
            attributes: Attributes {
                might: 2,
                agility: 1,
                ..Attributes::default()
            },
            ..GfhToken::default()
        };
        // Empowered (+3) and a ward (+3) give +3, not +6; Weakened would then take 3 off.
        assert_eq!(t.defense(Defense::Body, &[3, 3]), 16);
        assert_eq!(t.defense(Defense::Body, &[3, 3, -3]), 13);
        let mut t = t;
        let bad = Hearts {
            progress: 10,
            ..Hearts::new(2)
        };
        assert!(t.apply(&GfhChange::SetHearts(Some(bad))).is_err());
    }

    #[test]
    fn effort_needs_hearts() {
        let mut t = GfhToken::default();
        assert!(
            t.apply(&GfhChange::ApplyEffort {
                effort: 5,
                overkill: false
            })
            .is_err()
        );
        t.apply(&GfhChange::SetHearts(Some(Hearts::new(2))))
            .unwrap();
        t.apply(&GfhChange::ApplyEffort {
            effort: 12,
            overkill: false,
        })
        .unwrap();
        assert_eq!(t.hearts.as_ref().map(|h| h.remaining), Some(1));
    }

    impl Wound {
        fn with_roll(mut self, r: u8) -> Self {
            self.effect_roll = r;
            self
        }
    }
}
