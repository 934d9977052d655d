//! Post core token state: HP, grit, STR/DEX/WIL and what losing them means (Post core, Damage;
//! Attribute Loss; Recovery).

use serde::{Deserialize, Serialize};

use super::{Attribute, PostChange, PostToken};
use crate::model::trackers::post_core::{Defensive, INVENTORY_SLOTS};
use crate::rules::RulesError;

/// Grit a character starts with and a rest restores (Post core, Grit).
pub const STARTING_GRIT: u8 = 6;

impl Default for PostToken {
    fn default() -> Self {
        Self {
            hp: 2,
            max_hp: 2,
            grit: STARTING_GRIT,
            attributes: [0; 3],
            base_attributes: [0; 3],
            attacks: Vec::new(),
            default_numbers: false,
            slots_full: None,
            defensive: Defensive::default(),
        }
    }
}

/// What a consequence of physical harm does to a Post core token; see
/// [`PostToken::preview_harm`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostHarm {
    /// HP lost.
    pub hp_lost: u8,
    /// STR lost (0 or 1: one point whenever HP would go below 0).
    pub str_lost: u8,
    /// STR below 0 afterwards: taken down, dies unless helped at once.
    pub taken_down: bool,
    /// The change that applies it.
    pub change: PostChange,
}

impl PostToken {
    fn attr(&self, a: Attribute) -> i8 {
        self.attributes[a as usize]
    }

    /// Plain-language state from attributes below 0 (Post core, Attribute Loss).
    #[must_use]
    pub fn states(&self) -> Vec<&'static str> {
        let mut s = Vec::new();
        if self.attr(Attribute::Str) < 0 {
            s.push("Taken down: dies unless helped at once");
        }
        if self.attr(Attribute::Dex) < 0 {
            s.push("Paralysed");
        }
        if self.attr(Attribute::Wil) < 0 {
            s.push("Delirious");
        }
        if self.attr(Attribute::Dex) < 0 && self.attr(Attribute::Wil) < 0 {
            s.push("Cannot act until an extended rest");
        }
        s
    }

    /// Applies `change`; on error the caller keeps the previous state.
    pub fn apply(&mut self, change: &PostChange) -> Result<(), RulesError> {
        match change {
            PostChange::SetUp { attributes, max_hp } => {
                self.check_bases(*attributes)?;
                for (i, base) in attributes.iter().enumerate() {
                    self.set_base(i, *base);
                }
                self.max_hp = *max_hp;
                self.hp = self.hp.min(*max_hp);
            }
            PostChange::Damage(c) => {
                if *c > self.hp {
                    self.hp = 0;
                    self.lose(Attribute::Str, 1);
                } else {
                    self.hp -= c;
                }
            }
            PostChange::ExposedDamage(c) => {
                if *c > 0 {
                    self.lose(Attribute::Str, 1);
                }
            }
            PostChange::AttributeLoss { attribute, amount } => self.lose(*attribute, *amount),
            PostChange::SpendGrit(n) => {
                if *n > self.grit {
                    return Err(RulesError::NotEnough {
                        what: "grit",
                        have: i64::from(self.grit),
                        need: i64::from(*n),
                    });
                }
                self.grit -= n;
            }
            PostChange::ShortRest => {
                self.hp = self.max_hp;
                self.grit = STARTING_GRIT;
            }
            PostChange::ExtendedRest => {
                self.hp = self.max_hp;
                self.grit = STARTING_GRIT;
                self.attributes = self.base_attributes;
                // Post, Equipment: uses are restored by repair or replacement at the rest.
                self.defensive.used = 0;
            }
            PostChange::SetGear {
                slots_full,
                regular,
                bulky,
            } => self.set_gear(*slots_full, *regular, *bulky)?,
            PostChange::UseDefensive => {
                if self.defensive.uses_left() == 0 {
                    return Err(RulesError::NotEnough {
                        what: "uses of defensive equipment",
                        have: 0,
                        need: 1,
                    });
                }
                self.defensive.used += 1;
            }
            // Checked with the whole sheet (`model::validate::check_sheet`).
            PostChange::SetAttacks(attacks) => self.attacks.clone_from(attacks),
        }
        Ok(())
    }

    /// What a consequence score of physical harm would do, leaving the token as it is (Post core,
    /// Damage: the score comes off HP, and HP reduced below 0 costs a single point of STR;
    /// Hit Protection: an exposed character acts as if at 0 HP, so any harm costs STR). HP
    /// never shows below 0. Apply it with [`PostHarm::change`].
    #[must_use]
    pub fn preview_harm(&self, consequence: u8, exposed: bool) -> PostHarm {
        let change = if exposed {
            PostChange::ExposedDamage(consequence)
        } else {
            PostChange::Damage(consequence)
        };
        let mut after = self.clone();
        // Damage changes are never refused.
        let _ = after.apply(&change);
        PostHarm {
            hp_lost: self.hp - after.hp,
            str_lost: (self.attr(Attribute::Str) - after.attr(Attribute::Str)).unsigned_abs(),
            taken_down: after.attr(Attribute::Str) < 0,
            change,
        }
    }

    /// Sets the score an extended rest restores (Post, Recovery) and keeps what the character
    /// has lost since: attribute loss lasts until an extended rest (Post, Attribute Loss), so
    /// an edit of the sheet never gives a lost point back. The current score moves with the
    /// base by the same amount; an attribute already below 0 stays there (that end state
    /// ends only with a rest); and an edit never takes a score below 0 by itself, which is
    /// what a loss does, with its condition (our reading: the GM lowering a score is
    /// correcting the sheet, not wounding the character).
    fn set_base(&mut self, i: usize, base: i8) {
        let (Some(old), Some(current)) = (
            self.base_attributes.get(i).copied(),
            self.attributes.get(i).copied(),
        ) else {
            return;
        };
        let moved = if current < 0 {
            current
        } else {
            (i16::from(current) + i16::from(base) - i16::from(old)).clamp(0, i16::from(base.max(0)))
                as i8
        };
        self.base_attributes[i] = base;
        self.attributes[i] = moved;
    }

    /// Post, Attribute Loss; Recovery: what an attribute has lost lasts until an extended rest,
    /// so a base may not drop below what its attribute has lost (it would give the points back
    /// when raised again: base 2 with 1 lost, set to 0, then to 2, would read 2 again).
    fn check_bases(&self, bases: [i8; 3]) -> Result<(), RulesError> {
        for (i, base) in bases.iter().enumerate() {
            let (old, current) = (self.base_attributes[i], self.attributes[i]);
            let lost = i64::from(old) - i64::from(current.max(0));
            if current >= 0 && lost > 0 && i64::from(*base) < lost && *base != old {
                return Err(RulesError::NotAllowed(
                    "an attribute's score can't be set below what it has lost until an \
                     extended rest (Post, Attribute Loss)",
                ));
            }
        }
        Ok(())
    }

    /// Post, Inventory; Equipment: full slots 0–5 (or not kept), and regular and bulky
    /// defensive pieces that fit the five slots (one and two each). Uses already spent stay
    /// spent, up to what the pieces now have.
    fn set_gear(&mut self, slots: Option<u8>, regular: u8, bulky: u8) -> Result<(), RulesError> {
        if let Some(n) = slots.filter(|n| *n > INVENTORY_SLOTS) {
            return Err(RulesError::OutOfRange {
                what: "full inventory slots",
                value: i64::from(n),
                min: 0,
                max: i64::from(INVENTORY_SLOTS),
            });
        }
        let taken = i64::from(regular) + 2 * i64::from(bulky);
        if taken > i64::from(INVENTORY_SLOTS) {
            return Err(RulesError::OutOfRange {
                what: "slots taken by defensive equipment",
                value: taken,
                min: 0,
                max: i64::from(INVENTORY_SLOTS),
            });
        }
        let mut defensive = Defensive {
            regular,
            bulky,
            used: self.defensive.used,
        };
        defensive.used = defensive.used.min(defensive.uses());
        self.slots_full = slots;
        self.defensive = defensive;
        Ok(())
    }

    /// Attribute loss stops at −1: below 0 is already the end state.
    fn lose(&mut self, a: Attribute, amount: u8) {
        let v = &mut self.attributes[a as usize];
        *v = (i16::from(*v) - i16::from(amount)).max(-1) as i8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_spills_into_strength() {
        let mut t = PostToken::default();
        t.apply(&PostChange::SetUp {
            attributes: [1, 1, 1],
            max_hp: 3,
        })
        .unwrap();
        t.apply(&PostChange::ShortRest).unwrap();
        t.apply(&PostChange::Damage(3)).unwrap();
        assert_eq!((t.hp, t.attributes[0]), (0, 1));
        t.apply(&PostChange::Damage(1)).unwrap();
        assert_eq!(t.attributes[0], 0);
        t.apply(&PostChange::Damage(2)).unwrap();
        assert_eq!(t.attributes[0], -1);
        assert_eq!(t.states(), vec!["Taken down: dies unless helped at once"]);
        t.apply(&PostChange::ExtendedRest).unwrap();
        assert_eq!((t.hp, t.attributes), (3, [1, 1, 1]));
    }

    #[test]
    fn harm_preview_takes_hp_then_strength() {
        // Post core, Damage: HP 3 and a High consequence (3) leaves HP 0, not below it; a
        // further Low (1) goes below 0 and costs 1 STR. Hit Protection: an exposed character
        // acts as if at 0 HP, so a Low consequence costs 1 STR and its HP stays.
        let mut t = PostToken::default();
        t.apply(&PostChange::SetUp {
            attributes: [1, 1, 1],
            max_hp: 3,
        })
        .unwrap();
        t.apply(&PostChange::ShortRest).unwrap();
        let h = t.preview_harm(3, false);
        assert_eq!((h.hp_lost, h.str_lost, h.taken_down), (3, 0, false));
        let h = t.preview_harm(4, false);
        assert_eq!((h.hp_lost, h.str_lost), (3, 1));
        let h = t.preview_harm(1, true);
        assert_eq!((h.hp_lost, h.str_lost), (0, 1));
        t.apply(&h.change).unwrap();
        assert_eq!((t.hp, t.attributes[0]), (3, 0));
        let h = t.preview_harm(1, true);
        assert!(h.taken_down);
        assert_eq!(t.preview_harm(0, true).str_lost, 0);
    }

    #[test]
    fn attribute_loss_and_grit() {
        let mut t = PostToken::default();
        t.apply(&PostChange::AttributeLoss {
            attribute: Attribute::Dex,
            amount: 2,
        })
        .unwrap();
        t.apply(&PostChange::AttributeLoss {
            attribute: Attribute::Wil,
            amount: 1,
        })
        .unwrap();
        assert_eq!(
            t.states(),
            vec![
                "Paralysed",
                "Delirious",
                "Cannot act until an extended rest"
            ]
        );
        t.apply(&PostChange::SpendGrit(4)).unwrap();
        assert!(t.apply(&PostChange::SpendGrit(3)).is_err());
        assert_eq!(t.grit, 2);
    }
}
