//! Road and Ruin token state: Health, Steadfast, Exertion, Mana, Spirit.

use serde::{Deserialize, Serialize};

use super::{
    AttackOutcome, Exhaustion, OutcomeCheck, blow_damage, exertion_max, is_exhausted, strike,
};
use super::{Pool, RrChange, RrToken};
use crate::rules::RulesError;

/// What one attack does to a Road and Ruin token, worked out before it is applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrikePreview {
    /// The blow's damage: full on a Solid Blow, half rounded down on a Glancing one.
    pub damage: u32,
    /// Steadfast lost.
    pub steadfast_lost: u32,
    /// Health lost.
    pub health_lost: u32,
    /// No Steadfast left afterwards (Shaken).
    pub shaken: bool,
    /// The change that applies it, in the same undo step as the roll.
    pub change: RrChange,
}

impl RrToken {
    /// What `outcome` of an attack with `full_damage` (the weapon's Solid Blow damage) does to
    /// this token (Road and Ruin, COMBAT for the blow; HEALTH for Steadfast: damage strikes
    /// Steadfast first, landing only in whole multiples of the Steadfast left). Pure: apply
    /// [`StrikePreview::change`] to make it so.
    #[must_use]
    pub fn preview_attack(&self, outcome: AttackOutcome, full_damage: u32) -> StrikePreview {
        let damage = blow_damage(outcome, full_damage);
        let steadfast = self.get(Pool::Steadfast);
        let (steadfast_lost, health) = strike(steadfast, damage);
        StrikePreview {
            damage,
            steadfast_lost,
            health_lost: health.min(self.get(Pool::Health)),
            shaken: steadfast == steadfast_lost,
            change: RrChange::Strike(damage),
        }
    }

    /// A pool's current value.
    #[must_use]
    pub fn get(&self, pool: Pool) -> u32 {
        self.current[pool as usize]
    }

    /// A pool's maximum.
    #[must_use]
    pub fn max_of(&self, pool: Pool) -> u32 {
        match pool {
            Pool::Exertion => exertion_max(self.endurance),
            _ => self.max[pool as usize],
        }
    }

    /// Shaken: no Steadfast left (Road and Ruin, HEALTH).
    #[must_use]
    pub fn shaken(&self) -> bool {
        self.get(Pool::Steadfast) == 0
    }

    /// Exhausted: less than half the Exertion pool (Road and Ruin, EXERTION).
    #[must_use]
    pub fn exhausted(&self) -> bool {
        is_exhausted(self.get(Pool::Exertion), self.endurance)
    }

    /// `check` with this token's Exhaustion filled in (unless already negated with Exertion).
    #[must_use]
    pub fn prepare(&self, check: &OutcomeCheck) -> OutcomeCheck {
        let exhaustion = match (self.exhausted(), check.exhaustion) {
            (_, Exhaustion::Negated) => Exhaustion::Negated,
            (true, _) => Exhaustion::Exhausted,
            (false, e) => e,
        };
        OutcomeCheck {
            exhaustion,
            ..*check
        }
    }

    /// Applies `change`; on error the caller keeps the previous state.
    pub fn apply(&mut self, change: &RrChange) -> Result<(), RulesError> {
        match change {
            RrChange::Strike(damage) => {
                let (sf, hp) = strike(self.get(Pool::Steadfast), *damage);
                self.current[Pool::Steadfast as usize] -= sf;
                let h = &mut self.current[Pool::Health as usize];
                *h = h.saturating_sub(hp);
            }
            RrChange::Spend { pool, amount } => {
                let have = self.get(*pool);
                if have < *amount {
                    return Err(RulesError::NotEnough {
                        what: "points in that pool",
                        have: i64::from(have),
                        need: i64::from(*amount),
                    });
                }
                self.current[*pool as usize] -= amount;
            }
            RrChange::Recover { pool, amount } => {
                self.current[*pool as usize] = self
                    .get(*pool)
                    .saturating_add(*amount)
                    .min(self.max_of(*pool));
            }
            RrChange::SetMax {
                pool: Pool::Exertion,
                ..
            } => {
                return Err(RulesError::NotAllowed(
                    "the Exertion maximum comes from Endurance",
                ));
            }
            RrChange::SetMax { pool, max } => {
                self.max[*pool as usize] = *max;
                self.current[*pool as usize] = self.get(*pool).min(*max);
            }
            RrChange::SetArmour(ar) => self.armour = *ar,
            // Both are checked with the whole sheet (`model::validate::check_sheet`).
            RrChange::SetShield(shield) => self.shield = *shield,
            RrChange::SetAttacks(attacks) => self.attacks.clone_from(attacks),
            RrChange::SetEndurance(e) => {
                self.endurance = *e;
                let cap = self.max_of(Pool::Exertion);
                self.current[Pool::Exertion as usize] = self.get(Pool::Exertion).min(cap);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::road_and_ruin::Blow;

    #[test]
    fn an_attack_lands_through_the_steadfast_multiple() {
        // Road and Ruin, COMBAT and HEALTH: a Solid Blow of 7 on 3 SF inflicts the largest
        // multiple of 3 in 7, that is 6: 3 SF and 3 Health. A Glancing Blow of 7 deals 3, all
        // into SF (3 on 3 SF).
        let mut t = RrToken {
            endurance: 0,
            current: [10, 3, 0, 0, 0],
            max: [10, 3, 0, 0, 0],
            armour: 0,
            ..RrToken::default()
        };
        let solid = AttackOutcome::Hit {
            blow: Blow::Solid,
            special: 0,
        };
        let p = t.preview_attack(solid, 7);
        assert_eq!(
            (p.damage, p.steadfast_lost, p.health_lost, p.shaken),
            (7, 3, 3, true)
        );
        t.apply(&p.change).unwrap();
        assert_eq!((t.get(Pool::Steadfast), t.get(Pool::Health)), (0, 7));
        let fresh = RrToken {
            endurance: 0,
            current: [10, 3, 0, 0, 0],
            max: [10, 3, 0, 0, 0],
            armour: 0,
            ..RrToken::default()
        };
        let glancing = AttackOutcome::Hit {
            blow: Blow::Glancing,
            special: 1,
        };
        let p = fresh.preview_attack(glancing, 7);
        assert_eq!((p.damage, p.steadfast_lost, p.health_lost), (3, 3, 0));
        assert_eq!(fresh.preview_attack(AttackOutcome::Miss, 7).damage, 0);
    }

    #[test]
    fn strikes_and_pools() {
        let mut t = RrToken::default();
        t.apply(&RrChange::SetMax {
            pool: Pool::Health,
            max: 10,
        })
        .unwrap();
        t.apply(&RrChange::SetMax {
            pool: Pool::Steadfast,
            max: 3,
        })
        .unwrap();
        t.apply(&RrChange::Recover {
            pool: Pool::Health,
            amount: 99,
        })
        .unwrap();
        t.apply(&RrChange::Recover {
            pool: Pool::Steadfast,
            amount: 3,
        })
        .unwrap();
        t.apply(&RrChange::Strike(7)).unwrap();
        assert_eq!((t.get(Pool::Steadfast), t.get(Pool::Health)), (0, 7));
        assert!(t.shaken());
        t.apply(&RrChange::Strike(2)).unwrap();
        assert_eq!(t.get(Pool::Health), 5);
        t.apply(&RrChange::SetEndurance(2)).unwrap();
        t.apply(&RrChange::Recover {
            pool: Pool::Exertion,
            amount: 50,
        })
        .unwrap();
        assert_eq!(t.get(Pool::Exertion), 20);
        t.apply(&RrChange::Spend {
            pool: Pool::Exertion,
            amount: 11,
        })
        .unwrap();
        assert!(t.exhausted());
        let prepared = t.prepare(&OutcomeCheck::default());
        assert_eq!(prepared.net_benefit(), -5);
        assert!(
            t.apply(&RrChange::Spend {
                pool: Pool::Mana,
                amount: 1
            })
            .is_err()
        );
        assert!(
            t.apply(&RrChange::SetMax {
                pool: Pool::Exertion,
                max: 1
            })
            .is_err()
        );
    }
}
