//! Attack dice, blows, armour and the Special die (Road and Ruin, COMBAT; the attack table).

use serde::{Deserialize, Serialize};

use super::outcome::{Band, OutcomeCheck};
use crate::dice::{
    DiceRng, DiceTerm, DieResult, Distribution, Keep, OutcomeName, OutcomeOdds, keep_distribution,
};
use crate::rules::bounded;

pub use crate::model::trackers::road_and_ruin::{AttackDie, Shield};

impl AttackDie {
    /// Faces on the die.
    #[must_use]
    pub fn sides(self) -> u32 {
        match self {
            Self::D4 => 4,
            Self::D6 => 6,
            Self::D8 => 8,
            Self::D10 => 10,
            Self::D12 => 12,
        }
    }

    /// Lowest result for a Solid Blow: 3, 4, 5, 6, 7 (half the die plus one).
    #[must_use]
    pub fn solid_from(self) -> i64 {
        i64::from(self.sides()) / 2 + 1
    }

    /// The three Special thresholds: 150%, 200% and 250% of the die's maximum (d4: 6, 8, 10).
    #[must_use]
    pub fn special_thresholds(self) -> [i64; 3] {
        let s = i64::from(self.sides());
        [s * 3 / 2, s * 2, s * 5 / 2]
    }
}

/// How an attack that was not a Miss lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Blow {
    /// Armour brought it to nothing: no damage, but not a Miss.
    NoDamage,
    /// Half damage, rounded down.
    Glancing,
    /// Full damage.
    Solid,
}

/// The result of an attack roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AttackOutcome {
    /// A Miss: zero damage (also an attack the target evaded with a dodge).
    Miss,
    /// It connected.
    Hit {
        /// How hard.
        blow: Blow,
        /// Special thresholds reached (0–3).
        special: u8,
    },
}

impl OutcomeName for AttackOutcome {
    fn label(&self) -> String {
        match self {
            Self::Miss => "Miss".to_owned(),
            Self::Hit { blow, special: 0 } => blow_word(*blow).to_owned(),
            Self::Hit { blow, special } => format!("{}, Special {special}", blow_word(*blow)),
        }
    }
}

fn blow_word(blow: Blow) -> &'static str {
    match blow {
        Blow::NoDamage => "No Damage",
        Blow::Glancing => "Glancing Blow",
        Blow::Solid => "Solid Blow",
    }
}

/// How a To Hit result reads on the attack table (Road and Ruin, COMBAT, the RESULT table):
/// `miss_up_to` and below is a Miss (1, raised by damaged or improvised gear), from the die's
/// half plus one a Solid Blow, between them a Glancing Blow.
fn table_blow(die: AttackDie, to_hit: i64, miss_up_to: i64) -> Option<Blow> {
    if to_hit <= miss_up_to {
        None
    } else if to_hit >= die.solid_from() {
        Some(Blow::Solid)
    } else {
        Some(Blow::Glancing)
    }
}

impl Shield {
    /// Armour the block adds for the shield die's face.
    #[must_use]
    pub fn block(&self, face: i64) -> i64 {
        let to_hit = face + bounded(self.modifier);
        match table_blow(self.die, to_hit, 1 + i64::from(self.gear_status)) {
            None => 0,
            Some(Blow::Solid) => bounded(self.armour),
            Some(_) => bounded(self.armour) / 2,
        }
    }
}

/// The dice of one attack as rolled (or typed in): the To Hit face, the Special face, the
/// shield's face when a shield blocks, and the dodge's Outcome band when the target dodged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackFaces {
    /// The To Hit die.
    pub to_hit: i64,
    /// The Special die.
    pub special: i64,
    /// The shield's To Hit die, when [`AttackRoll::shield`] is set.
    pub shield: Option<i64>,
    /// The dodge's Outcome, when [`AttackRoll::dodge`] is set.
    pub dodge: Option<Band>,
}

/// An attack roll (Road and Ruin, COMBAT).
///
/// Readings, where the text leaves room:
/// - the To Hit is the die plus proficiency minus range, blindness and other modifiers; 1 or
///   less (plus one per damaged or improvised status of the weapon, EQUIPMENT) is a Miss;
/// - armour (all layers, plus a shield's block) then comes off; a result the table would call
///   a Miss (1 or less) is No Damage: the attack connected but armour stopped it;
/// - the Special die is the attack die's size and adds to the To Hit before armour; the
///   table's thresholds (150 %, 200 %, 250 % of the die) each activate the Special once, and
///   only a connecting attack activates it;
/// - a dodge is an Outcome check (DODGE); any GOOD result evades the attack (a Miss), any BAD
///   result leaves it to the dice;
/// - a Tiring attack, or one by an Exhausted attacker, rolls one more To Hit die per instance
///   and keeps the lowest (EXERTION: Exhaustion gives every action another Tiring penalty;
///   1 Exertion negates one instance, so count only those not negated; Exhaustion's +5
///   difficulty shifts an Outcome roll's centre and has no To Hit counterpart in the text).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AttackRoll {
    /// The attack die.
    pub die: AttackDie,
    /// Proficiency minus range, blindness and other modifiers.
    pub modifier: i64,
    /// The target's armour rating (all layers).
    pub armour: i64,
    /// A shield the target blocks with.
    pub shield: Option<Shield>,
    /// The target's dodge, an Outcome check.
    pub dodge: Option<OutcomeCheck>,
    /// Damaged or improvised statuses of the weapon: each raises the Miss result by one.
    pub gear_status: u8,
    /// Tiring instances not negated (Tiring, Exhaustion): extra To Hit dice, keep the lowest.
    pub tiring: u8,
}

/// A rolled attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackResult {
    /// Term 0 the attack die, term 1 the Special die, term 2 the shield die, term 3 the dodge.
    pub dice: Vec<DieResult>,
    /// The faces read.
    pub faces: AttackFaces,
    /// The outcome.
    pub outcome: AttackOutcome,
}

impl AttackRoll {
    /// The highest To Hit that misses.
    #[must_use]
    pub fn miss_up_to(&self) -> i64 {
        1 + i64::from(self.gear_status)
    }

    /// The outcome for the given faces. A shield or dodge face missing where one is set counts
    /// as a failed block or dodge.
    #[must_use]
    pub fn resolve(&self, faces: &AttackFaces) -> AttackOutcome {
        if self.dodge.is_some() && faces.dodge.is_some_and(|b| b >= Band::GoodBut) {
            return AttackOutcome::Miss;
        }
        let to_hit = faces.to_hit + bounded(self.modifier);
        if table_blow(self.die, to_hit, self.miss_up_to()).is_none() {
            return AttackOutcome::Miss;
        }
        let block = match (self.shield, faces.shield) {
            (Some(shield), Some(face)) => shield.block(face),
            _ => 0,
        };
        let after_armour = to_hit - bounded(self.armour) - block;
        let blow = table_blow(self.die, after_armour, 1).unwrap_or(Blow::NoDamage);
        let special_total = to_hit + faces.special;
        let special = self
            .die
            .special_thresholds()
            .iter()
            .filter(|t| special_total >= **t)
            .count() as u8;
        AttackOutcome::Hit { blow, special }
    }

    /// Exact odds over the To Hit, Special and shield faces, and the dodge's bands.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<AttackOutcome> {
        self.odds_over(&self.kept_hit_distribution())
    }

    /// The kept To Hit face: one die, or the lowest of several when Tiring.
    #[must_use]
    pub fn kept_hit_distribution(&self) -> Distribution {
        keep_distribution(
            &Distribution::die(self.die.sides()),
            1 + u32::from(self.tiring),
            Keep::Lowest(1),
        )
    }

    fn hit_dice_term(&self) -> DiceTerm {
        DiceTerm::with_edge(1, self.die.sides(), 0, u32::from(self.tiring))
    }

    /// Exact odds with the To Hit face drawn from `to_hit`.
    fn odds_over(&self, to_hit: &Distribution) -> OutcomeOdds<AttackOutcome> {
        let s = i64::from(self.die.sides());
        let shield_faces: Vec<(Option<i64>, f64)> = match self.shield {
            Some(sh) => {
                let n = i64::from(sh.die.sides());
                (1..=n).map(|f| (Some(f), 1.0 / n as f64)).collect()
            }
            None => vec![(None, 1.0)],
        };
        let dodges: Vec<(Option<Band>, f64)> = match &self.dodge {
            Some(check) => check.odds().iter().map(|(b, p)| (Some(*b), p)).collect(),
            None => vec![(None, 1.0)],
        };
        let mut odds = OutcomeOdds::new();
        for (dodge, pd) in &dodges {
            for (face, pf) in to_hit.iter() {
                for special in 1..=s {
                    for (shield, ps) in &shield_faces {
                        let faces = AttackFaces {
                            to_hit: face,
                            special,
                            shield: *shield,
                            dodge: *dodge,
                        };
                        odds.add(self.resolve(&faces), pd * pf * ps / s as f64);
                    }
                }
            }
        }
        odds
    }

    /// Rolls every die the attack needs.
    pub fn roll(&self, rng: &mut DiceRng) -> AttackResult {
        let mut dice = self.hit_dice_term().roll_dice(0, rng);
        let to_hit = dice
            .iter()
            .filter(|d| d.kept)
            .map(|d| d.value)
            .min()
            .unwrap_or(1);
        let special = DiceTerm::plain(1, self.die.sides()).roll_dice(1, rng);
        let mut faces = AttackFaces {
            to_hit,
            special: special.first().map_or(1, |d| d.value),
            shield: None,
            dodge: None,
        };
        dice.extend(special);
        if let Some(shield) = self.shield {
            let d = DiceTerm::plain(1, shield.die.sides()).roll_dice(2, rng);
            faces.shield = d.first().map(|d| d.value);
            dice.extend(d);
        }
        if let Some(check) = &self.dodge {
            let r = check.roll(rng);
            faces.dodge = Some(r.outcome);
            dice.extend(r.dice.into_iter().map(|d| DieResult { term: 3, ..d }));
        }
        AttackResult {
            outcome: self.resolve(&faces),
            dice,
            faces,
        }
    }

    /// The attack after its maker spends 1 Exertion to reroll the To Hit die, having seen the
    /// first result (Road and Ruin, EXERTION: a reroll of a physical check keeps the higher
    /// value). The Special, shield and dodge dice stand.
    #[must_use]
    pub fn exertion_reroll(
        &self,
        first: &AttackFaces,
        new_to_hit: i64,
    ) -> (AttackFaces, AttackOutcome) {
        let faces = AttackFaces {
            to_hit: first.to_hit.max(new_to_hit),
            ..*first
        };
        (faces, self.resolve(&faces))
    }

    /// Exact odds of the outcome if 1 Exertion is spent to reroll the To Hit die after `first`
    /// was seen, the other dice standing (a Tiring reroll keeps its lowest die again).
    #[must_use]
    pub fn exertion_reroll_odds(&self, first: &AttackFaces) -> OutcomeOdds<AttackOutcome> {
        let mut odds = OutcomeOdds::new();
        for (face, p) in self.kept_hit_distribution().iter() {
            odds.add(self.exertion_reroll(first, face).1, p);
        }
        odds
    }

    /// Rolls the To Hit again for an Exertion reroll: its dice (term 4) and the kept face.
    pub fn roll_to_hit_again(&self, rng: &mut DiceRng) -> (Vec<DieResult>, i64) {
        let dice = self.hit_dice_term().roll_dice(4, rng);
        let face = dice
            .iter()
            .filter(|d| d.kept)
            .map(|d| d.value)
            .min()
            .unwrap_or(1);
        (dice, face)
    }
}

/// Damage a blow deals from a weapon's full (Solid Blow) damage: full on a Solid Blow, half
/// rounded down on a Glancing Blow, none otherwise (Road and Ruin, COMBAT).
#[must_use]
pub fn blow_damage(outcome: AttackOutcome, full: u32) -> u32 {
    match outcome {
        AttackOutcome::Hit {
            blow: Blow::Solid, ..
        } => full,
        AttackOutcome::Hit {
            blow: Blow::Glancing,
            ..
        } => full / 2,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(to_hit: i64, special: i64) -> AttackFaces {
        AttackFaces {
            to_hit,
            special,
            ..AttackFaces::default()
        }
    }

    fn hit(blow: Blow, special: u8) -> AttackOutcome {
        AttackOutcome::Hit { blow, special }
    }

    fn blow_odds(odds: &OutcomeOdds<AttackOutcome>, blow: Blow) -> f64 {
        odds.probability_where(|o| matches!(o, AttackOutcome::Hit { blow: b, .. } if *b == blow))
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn table_thresholds() {
        // Road and Ruin, COMBAT, the RESULT table: Solid from 3+, 4+, 5+, 6+, 7+; Specials at
        // 6/8/10, 9/12/15, 12/16/20, 15/20/25, 18/24/30.
        let rows: Vec<(i64, [i64; 3])> = [
            AttackDie::D4,
            AttackDie::D6,
            AttackDie::D8,
            AttackDie::D10,
            AttackDie::D12,
        ]
        .iter()
        .map(|d| (d.solid_from(), d.special_thresholds()))
        .collect();
        assert_eq!(
            rows,
            vec![
                (3, [6, 8, 10]),
                (4, [9, 12, 15]),
                (5, [12, 16, 20]),
                (6, [15, 20, 25]),
                (7, [18, 24, 30])
            ]
        );
    }

    #[test]
    fn bands_armour_and_special() {
        // Road and Ruin, COMBAT: a d8 misses on 1, glances on 2–4, lands solid on 5+.
        let sword = AttackRoll::default();
        assert_eq!(sword.resolve(&faces(1, 8)), AttackOutcome::Miss);
        assert_eq!(sword.resolve(&faces(4, 1)), hit(Blow::Glancing, 0));
        assert_eq!(sword.resolve(&faces(5, 1)), hit(Blow::Solid, 0));
        // 8 + 8 = 16 reaches the d8's 12 and 16.
        assert_eq!(sword.resolve(&faces(8, 8)), hit(Blow::Solid, 2));
        // Metal Plate, 4 AR: 5 − 4 = 1 connects for No Damage; 6 − 4 = 2 glances.
        let plate = AttackRoll { armour: 4, ..sword };
        assert_eq!(plate.resolve(&faces(5, 1)), hit(Blow::NoDamage, 0));
        assert_eq!(plate.resolve(&faces(6, 1)), hit(Blow::Glancing, 0));
        // The Special counts before armour: 8 + 4 = 12 is one Special; 8 − 4 = 4 glances.
        assert_eq!(plate.resolve(&faces(8, 4)), hit(Blow::Glancing, 1));
        // A Glancing Blow of a 7-damage weapon deals half, rounded down: 3.
        assert_eq!(blow_damage(plate.resolve(&faces(8, 4)), 7), 3);
        assert_eq!(blow_damage(plate.resolve(&faces(5, 1)), 7), 0);
        let odds = sword.odds();
        assert!(close(odds.probability(&AttackOutcome::Miss), 1.0 / 8.0));
        assert!(close(blow_odds(&odds, Blow::Glancing), 3.0 / 8.0));
        assert!(close(blow_odds(&odds, Blow::Solid), 4.0 / 8.0));
        assert!(close(odds.total(), 1.0));
        let r = sword.roll(&mut DiceRng::seeded(3));
        assert_eq!(r.dice.len(), 2);
        assert_eq!(r.outcome, sword.resolve(&r.faces));
    }

    #[test]
    fn a_shield_adds_its_armour_half_or_none() {
        // Road and Ruin, COMBAT, ARMOR: a shield rolls To Hit; Solid adds its AR, Glancing half,
        // a miss nothing. A d4 shield of 2 AR: face 1 adds 0, face 2 adds 1, faces 3–4 add 2.
        let shield = Shield {
            die: AttackDie::D4,
            armour: 2,
            ..Shield::default()
        };
        assert_eq!(
            (1..=4).map(|f| shield.block(f)).collect::<Vec<_>>(),
            vec![0, 1, 2, 2]
        );
        let attack = AttackRoll {
            die: AttackDie::D4,
            shield: Some(shield),
            ..AttackRoll::default()
        };
        let with = |to_hit, sh| AttackFaces {
            shield: Some(sh),
            ..faces(to_hit, 1)
        };
        assert_eq!(attack.resolve(&with(4, 1)), hit(Blow::Solid, 0));
        assert_eq!(attack.resolve(&with(4, 3)), hit(Blow::Glancing, 0));
        assert_eq!(attack.resolve(&with(3, 3)), hit(Blow::NoDamage, 0));
        // By hand over 16 (To Hit, shield) pairs: To Hit 1 misses (4 pairs); To Hit 2 − block
        // gives 2, 1, 0, 0; 3 gives 3, 2, 1, 1; 4 gives 4, 3, 2, 2. Solid (3+): 3 pairs;
        // Glancing (2): 4 pairs; No Damage: 5 pairs.
        let odds = attack.odds();
        assert!(close(odds.probability(&AttackOutcome::Miss), 4.0 / 16.0));
        assert!(close(blow_odds(&odds, Blow::Solid), 3.0 / 16.0));
        assert!(close(blow_odds(&odds, Blow::Glancing), 4.0 / 16.0));
        assert!(close(blow_odds(&odds, Blow::NoDamage), 5.0 / 16.0));
    }

    #[test]
    fn a_good_dodge_evades() {
        // Road and Ruin, COMBAT, DODGE: an Outcome check; a plain d10 is GOOD-side on 6–10,
        // so half of all d4 attacks are evaded and a quarter of the rest miss: 5/8.
        let attack = AttackRoll {
            die: AttackDie::D4,
            dodge: Some(OutcomeCheck::default()),
            ..AttackRoll::default()
        };
        let dodged = |band| AttackFaces {
            dodge: Some(band),
            ..faces(4, 4)
        };
        assert_eq!(attack.resolve(&dodged(Band::GoodBut)), AttackOutcome::Miss);
        assert_eq!(attack.resolve(&dodged(Band::BadBut)), hit(Blow::Solid, 2));
        let odds = attack.odds();
        assert!(close(odds.probability(&AttackOutcome::Miss), 5.0 / 8.0));
        assert!(close(odds.total(), 1.0));
        assert_eq!(attack.roll(&mut DiceRng::seeded(5)).dice.len(), 3);
    }

    #[test]
    fn damaged_or_improvised_gear_misses_more() {
        // Road and Ruin, CHARACTERS, EQUIPMENT: each damaged/improvised status raises the worst
        // result by one, so a damaged d8 misses on 1–2: 2/8.
        let damaged = AttackRoll {
            gear_status: 1,
            ..AttackRoll::default()
        };
        assert_eq!(damaged.resolve(&faces(2, 8)), AttackOutcome::Miss);
        assert_eq!(damaged.resolve(&faces(3, 1)), hit(Blow::Glancing, 0));
        assert!(close(
            damaged.odds().probability(&AttackOutcome::Miss),
            2.0 / 8.0
        ));
    }

    #[test]
    fn a_tiring_attack_keeps_the_lower_to_hit_die() {
        // Road and Ruin, EXERTION: Tiring rolls another die and keeps the lower; Exhaustion adds
        // another. A Tiring d4 misses unless both dice beat 1: 1 − (3/4)² = 7/16; Tiring and
        // Exhausted, 1 − (3/4)³ = 37/64.
        let tired = AttackRoll {
            die: AttackDie::D4,
            tiring: 1,
            ..AttackRoll::default()
        };
        assert!(close(
            tired.odds().probability(&AttackOutcome::Miss),
            7.0 / 16.0
        ));
        let worse = AttackRoll { tiring: 2, ..tired };
        assert!(close(
            worse.odds().probability(&AttackOutcome::Miss),
            37.0 / 64.0
        ));
        let r = worse.roll(&mut DiceRng::seeded(9));
        assert_eq!(r.dice.len(), 4);
        assert_eq!(r.outcome, worse.resolve(&r.faces));
        let (again, face) = worse.roll_to_hit_again(&mut DiceRng::seeded(9));
        assert_eq!(again.len(), 3);
        assert!((1..=4).contains(&face));
    }

    #[test]
    fn the_exertion_reroll_keeps_the_higher_to_hit() {
        // Road and Ruin, EXERTION: 1 Exertion rerolls a physical check, keeping the higher
        // value. A d8 that glanced on 2: a new 6 lands solid, a new 1 keeps the 2.
        let sword = AttackRoll::default();
        let first = faces(2, 1);
        assert_eq!(sword.exertion_reroll(&first, 6).1, hit(Blow::Solid, 0));
        assert_eq!(
            sword.exertion_reroll(&first, 1),
            (first, hit(Blow::Glancing, 0))
        );
        // Faces 1–4 keep a glance (4/8), 5–8 land solid (4/8).
        let odds = sword.exertion_reroll_odds(&first);
        assert!(close(blow_odds(&odds, Blow::Glancing), 0.5));
        assert!(close(blow_odds(&odds, Blow::Solid), 0.5));
    }
}
