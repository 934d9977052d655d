//! Threat and danger ratings and the traits that change them (Evening, Threats; Dangers).

use serde::{Deserialize, Serialize};

use super::{ThreatProfile, ThreatTrait};
use crate::dice::{DiceExpr, DiceTerm};

pub use crate::model::trackers::evening::DamageDice;

impl DamageDice {
    /// The dice expression.
    #[must_use]
    pub fn expr(self) -> DiceExpr {
        DiceExpr::dice_plus(DiceTerm::plain(self.count, self.sides), self.bonus)
    }

    /// Doubled damage: dice and bonus both doubled, so the average doubles too (our reading of
    /// "double the damage" for Champion and Vicious).
    #[must_use]
    pub fn doubled(self) -> Self {
        Self {
            count: self.count * 2,
            sides: self.sides,
            bonus: self.bonus * 2,
        }
    }

    /// The listed average: the mean rounded down, as the tables print it.
    #[must_use]
    pub fn listed_average(self) -> i64 {
        (i64::from(self.count) * (i64::from(self.sides) + 1) / 2) + self.bonus
    }
}

/// One row shared by the threat and danger tables: attacks and damage per attack.
const ATTACKS: [(u32, DamageDice); 10] = [
    (
        2,
        DamageDice {
            count: 2,
            sides: 8,
            bonus: 3,
        },
    ),
    (
        3,
        DamageDice {
            count: 3,
            sides: 6,
            bonus: 4,
        },
    ),
    (
        3,
        DamageDice {
            count: 3,
            sides: 12,
            bonus: 3,
        },
    ),
    (
        4,
        DamageDice {
            count: 3,
            sides: 10,
            bonus: 3,
        },
    ),
    (
        5,
        DamageDice {
            count: 3,
            sides: 10,
            bonus: 3,
        },
    ),
    (
        5,
        DamageDice {
            count: 4,
            sides: 10,
            bonus: 1,
        },
    ),
    (
        5,
        DamageDice {
            count: 4,
            sides: 12,
            bonus: 4,
        },
    ),
    (
        5,
        DamageDice {
            count: 6,
            sides: 10,
            bonus: 8,
        },
    ),
    (
        5,
        DamageDice {
            count: 6,
            sides: 10,
            bonus: 19,
        },
    ),
    (
        5,
        DamageDice {
            count: 6,
            sides: 10,
            bonus: 29,
        },
    ),
];

/// Threat health and TN by rating 1–10 (Evening, Threat Rating).
const THREAT_HEALTH_TN: [(u32, i64); 10] = [
    (15, 14),
    (95, 15),
    (140, 16),
    (185, 18),
    (230, 19),
    (275, 20),
    (320, 22),
    (365, 23),
    (410, 24),
    (455, 26),
];

impl Default for ThreatProfile {
    fn default() -> Self {
        Self {
            rating: 1,
            traits: Vec::new(),
        }
    }
}

/// A threat's numbers after traits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreatStats {
    /// Starting health.
    pub health: u32,
    /// TN for attacks against it.
    pub tn_to_hit: i64,
    /// TN for defense checks against its attacks.
    pub tn_to_defend: i64,
    /// Damage of each attack per round.
    pub attacks: Vec<DamageDice>,
    /// Legendary actions per round.
    pub legendary_actions: u32,
    /// Legendary resistances.
    pub legendary_resistances: u32,
}

fn row(rating: u8) -> usize {
    usize::from(rating.clamp(1, 10)) - 1
}

impl ThreatProfile {
    fn has(&self, t: ThreatTrait) -> bool {
        self.traits.contains(&t)
    }

    /// The table row with every trait applied.
    #[must_use]
    pub fn stats(&self) -> ThreatStats {
        let (health, tn) = THREAT_HEALTH_TN[row(self.rating)];
        let (count, damage) = ATTACKS[row(self.rating)];
        let both = 3
            * (i64::from(self.has(ThreatTrait::Champion))
                + i64::from(self.has(ThreatTrait::Legendary)));
        let damage = if self.has(ThreatTrait::Vicious) {
            damage.doubled()
        } else {
            damage
        };
        let mut attacks = vec![damage; count as usize];
        if self.has(ThreatTrait::Champion) {
            attacks[0] = attacks[0].doubled();
        }
        let legendary = if self.has(ThreatTrait::Legendary) {
            u32::from(LEGENDARY_ACTIONS)
        } else {
            0
        };
        ThreatStats {
            health: if self.has(ThreatTrait::Behemoth) {
                health * 2
            } else {
                health
            },
            tn_to_hit: tn + both + 3 * i64::from(self.has(ThreatTrait::Defender)),
            tn_to_defend: tn + both + 3 * i64::from(self.has(ThreatTrait::Vicious)),
            attacks,
            legendary_actions: legendary,
            legendary_resistances: legendary,
        }
    }
}

/// Legendary actions a Legendary threat has each round (Evening, Legendary).
pub const LEGENDARY_ACTIONS: u8 = 3;
/// Legendary resistances a Legendary threat has (Evening, Legendary).
pub const LEGENDARY_RESISTANCES: u8 = 3;
/// Villain actions a Nemesis threat has, one a round, in order (Evening, Nemesis).
pub const VILLAIN_ACTIONS: u8 = 3;

/// TN shift when a threat's strength (+6) or weakness (−6) applies (Evening, Strengths &
/// Weaknesses).
pub const STRENGTH_WEAKNESS_SHIFT: i64 = 6;

/// A danger's numbers by rating: TN 3 × rating, then the same attacks and damage as threats
/// (Evening, Danger Rating). Complexity works as for challenges.
#[must_use]
pub fn danger_stats(rating: u8) -> (i64, Vec<DamageDice>) {
    let (count, damage) = ATTACKS[row(rating)];
    (
        3 * i64::from(rating.clamp(1, 10)),
        vec![damage; count as usize],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evening, Threat Rating (lines 771–781): each rating's damage per attack is the printed average
    /// of its dice, rounded down (2d8 + 3 is 12, … 6d10 + 29 is 62).
    #[test]
    fn table_averages_match_the_printed_ones() {
        let listed = [12, 14, 22, 19, 19, 23, 30, 41, 52, 62];
        for (i, (_, d)) in ATTACKS.iter().enumerate() {
            assert_eq!(d.listed_average(), listed[i], "rating {}", i + 1);
            let mean = d.expr().distribution().unwrap().mean();
            assert_eq!(mean.floor() as i64, listed[i]);
        }
    }

    /// Evening, Traits (lines 826–907): rating 3 (140 health, TN 16, 3 attacks of 3d12 + 3, average
    /// 22) as a Behemoth doubles its health to 280; Champion adds 3 to its TN and doubles one attack
    /// (45); Defender adds 3 more to the TN to hit it only (16 + 3 + 3 = 22; to defend 19). Rating 10
    /// (TN 26) Vicious and Legendary: +3 Legendary to hit (29), +3 more to defend against its direct
    /// attacks (32), three legendary actions, and doubled damage (6d10 + 29 → 124).
    #[test]
    fn traits_change_the_numbers() {
        let plain = ThreatProfile {
            rating: 3,
            traits: vec![],
        }
        .stats();
        assert_eq!(
            (plain.health, plain.tn_to_hit, plain.attacks.len()),
            (140, 16, 3)
        );
        let t = ThreatProfile {
            rating: 3,
            traits: vec![
                ThreatTrait::Behemoth,
                ThreatTrait::Champion,
                ThreatTrait::Defender,
            ],
        }
        .stats();
        assert_eq!((t.health, t.tn_to_hit, t.tn_to_defend), (280, 22, 19));
        assert_eq!(t.attacks[0].listed_average(), 45);
        assert_eq!(t.attacks[1].listed_average(), 22);
        let v = ThreatProfile {
            rating: 10,
            traits: vec![ThreatTrait::Vicious, ThreatTrait::Legendary],
        }
        .stats();
        assert_eq!(
            (v.tn_to_hit, v.tn_to_defend, v.legendary_actions),
            (29, 32, 3)
        );
        assert_eq!(v.attacks[4].listed_average(), 124);
    }

    /// Evening, Danger Rating (lines 919–929): a danger's TN is 3 × rating (12 at 4) with the threat
    /// table's attacks (4 of 3d10 + 3, average 19).
    #[test]
    fn dangers() {
        let (tn, attacks) = danger_stats(4);
        assert_eq!(
            (tn, attacks.len(), attacks[0].listed_average()),
            (12, 4, 19)
        );
    }
}
