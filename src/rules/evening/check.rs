//! Evening checks: d20 + modifiers must beat the TN; effect levels from the result.

use serde::{Deserialize, Serialize};

use super::{Affinity, DamageType};
use crate::dice::{DiceRng, DiceTerm, DieResult, Distribution, OutcomeName, OutcomeOdds};
use crate::rules::bounded;

/// The largest reserve die a check adds (the pool's dice are d4 to d12; Evening, Reserves).
pub const MAX_RESERVE_DIE: u32 = 20;

/// The difficulty guideline table (Evening, Dice Checks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Difficulty {
    /// TN 10: an even chance.
    #[default]
    Standard,
    /// TN 15: an expert can do it.
    Skilled,
    /// TN 20: rarely seen done.
    Difficult,
    /// TN 25: the stuff of heroes.
    ExtremelyHard,
    /// TN 30: legendary.
    Impossible,
}

impl Difficulty {
    /// The table's TN.
    #[must_use]
    pub fn tn(self) -> i64 {
        match self {
            Self::Standard => 10,
            Self::Skilled => 15,
            Self::Difficult => 20,
            Self::ExtremelyHard => 25,
            Self::Impossible => 30,
        }
    }
}

/// Effect levels, lowest first (Evening, Effect).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum EffectLevel {
    /// Succeeds but achieves nothing yet.
    NoEffect,
    /// Held back.
    Limited,
    /// Exactly what was intended.
    #[default]
    Standard,
    /// Better than expected.
    Strong,
    /// An outstanding result.
    Great,
}

impl EffectLevel {
    const ALL: [Self; 5] = [
        Self::NoEffect,
        Self::Limited,
        Self::Standard,
        Self::Strong,
        Self::Great,
    ];

    /// Moves `steps` levels up (negative: down), stopping at No effect and Great.
    #[must_use]
    pub fn shifted(self, steps: i64) -> Self {
        let i = (self as i64 + steps).clamp(0, 4);
        Self::ALL[i as usize]
    }
}

/// The result of an Evening check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum EveningOutcome {
    /// The total did not beat the TN.
    Failure,
    /// The check took effect at this level.
    Success(EffectLevel),
}

impl OutcomeName for EveningOutcome {
    fn label(&self) -> String {
        match self {
            Self::Failure => "Failure".to_owned(),
            Self::Success(EffectLevel::NoEffect) => "Success, no effect".to_owned(),
            Self::Success(level) => format!("Success, {level:?}"),
        }
    }
}

/// Which way a roll may advance a thread (Evening, Advancing a thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThreadPrompt {
    /// Natural 20 or beating the TN by 10+: a thread may advance with a good action.
    Good,
    /// Natural 1 or missing by 10+: a thread may advance with a bad action.
    Bad,
}

/// An Evening d20 check as the Dice pane edits it (Evening, Dice Checks; Effect).
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches from the text: advantage, disadvantage, attack, conditions"
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EveningCheck {
    /// Ability + attribute + aptitude + feature modifiers, already summed.
    pub modifier: i64,
    /// The TN to beat (see [`Difficulty::tn`]).
    pub tn: i64,
    /// Roll 2d20, keep the higher. With disadvantage too, they cancel (one d20).
    pub advantage: bool,
    /// Roll 2d20, keep the lower.
    pub disadvantage: bool,
    /// The effect the narrator starts from, usually Standard.
    pub starting_effect: EffectLevel,
    /// An attack: a natural 20 always hits (a critical hit), a natural 1 always misses.
    pub attack: bool,
    /// Any hit is a critical hit, whatever the natural (Evening, Paralyzed: a hit from an
    /// adjacent attacker); it does not make the attack hit.
    pub critical_on_hit: bool,
    /// The check fails whatever the roll (Evening, Paralyzed, Stunned, Unconscious: Prowess
    /// and Finesse defenses; Petrified: every defense).
    pub fails_outright: bool,
    /// A reserve die of this many sides is rolled and added to the total; 0 for none (Evening,
    /// Reserves: "As a reaction, you may spend one of your reserves when making a defense
    /// check, adding the result to your check total").
    pub reserve_die: u32,
    /// What a successful defence does to the attack's damage (Evening, Defend for half;
    /// Customizing Damage: Certain damage).
    pub damage_rule: DamageRule,
    /// The threat's attack damages several targets (Evening, Customizing Damage: "halve the
    /// damage it does"; a Controller's area attacks excepted).
    pub several_targets: bool,
    /// The damage's type when the attack from a sheet names none (a threat's table attack).
    pub damage_type: Option<DamageType>,
    /// How the damaged creature takes the damage's type (Evening, Modifiers), from the
    /// builder's line for it.
    pub affinity: Affinity,
    /// The GM says the threat's strength or weakness applies (the builder shifts the TN 6).
    pub edge: ThreatEdge,
    /// The GM says this attack is the threat's villain action (Evening, Nemesis).
    pub villain: bool,
    /// Which villain action it is, 1–3, from the builder; 0 for none.
    pub villain_step: u8,
    /// The GM says this attack is a legendary action (Evening, Legendary), paid with one.
    pub legendary: bool,
    /// A Controller slows the target instead of damaging it (Evening, Controller).
    pub slow_instead: bool,
    /// An off-hand attack, made with the bonus action after the Attack action (Evening,
    /// Combat actions: Off-hand attack).
    pub off_hand: bool,
}

/// What a successful defence check does to an attack's damage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageRule {
    /// Success avoids the attack; failure takes it in full.
    #[default]
    Avoidable,
    /// "Defend for half": success takes half, rounded down (Evening, Defense).
    DefendForHalf,
    /// Certain damage: the attack is unavoidable and deals half; a successful defence halves
    /// it again (Evening, Customizing Damage).
    Certain,
}

/// A threat's strength or weakness applying to a check (Evening, Determining Strengths &
/// Weaknesses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThreatEdge {
    /// Neither applies.
    #[default]
    Neither,
    /// Its strength applies: its TN is 6 higher.
    Strength,
    /// Its weakness applies: its TN is 6 lower.
    Weakness,
}

impl Default for EveningCheck {
    fn default() -> Self {
        Self {
            modifier: 0,
            tn: Difficulty::Standard.tn(),
            advantage: false,
            disadvantage: false,
            starting_effect: EffectLevel::Standard,
            attack: false,
            critical_on_hit: false,
            fails_outright: false,
            reserve_die: 0,
            damage_rule: DamageRule::Avoidable,
            several_targets: false,
            damage_type: None,
            affinity: Affinity::Normal,
            edge: ThreatEdge::Neither,
            villain: false,
            villain_step: 0,
            legendary: false,
            slow_instead: false,
            off_hand: false,
        }
    }
}

/// A rolled Evening check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EveningRoll {
    /// The d20s (two with advantage or disadvantage).
    pub dice: Vec<DieResult>,
    /// The kept d20.
    pub natural: u32,
    /// Natural + modifier.
    pub total: i64,
    /// The outcome.
    pub outcome: EveningOutcome,
    /// A critical hit (attacks only: natural 20).
    pub critical: bool,
    /// Whether a thread may advance, and which way.
    pub thread_prompt: Option<ThreadPrompt>,
}

impl EveningCheck {
    /// The TN, bounded to ±1000 so arithmetic on user input cannot overflow.
    #[must_use]
    pub fn tn(&self) -> i64 {
        bounded(self.tn)
    }

    /// The modifier, bounded to ±1000.
    #[must_use]
    pub fn modifier(&self) -> i64 {
        bounded(self.modifier)
    }

    /// The kept d20's distribution.
    #[must_use]
    pub fn d20(&self) -> Distribution {
        let d20 = Distribution::die(20);
        match (self.advantage, self.disadvantage) {
            (true, false) => d20.max_with(&d20),
            (false, true) => d20.min_with(&d20),
            _ => d20,
        }
    }

    /// Whether the check succeeds: the total must beat the TN (a tie fails); for attacks a
    /// natural 20 always hits and a natural 1 always misses; a check that fails outright
    /// never succeeds.
    #[must_use]
    pub fn succeeds(&self, natural: u32, total: i64) -> bool {
        if self.fails_outright {
            return false;
        }
        if self.attack && natural == 20 {
            return true;
        }
        if self.attack && natural == 1 {
            return false;
        }
        total > self.tn()
    }

    /// The effect level a kept natural roll leaves, success or not (Evening, Making checks).
    /// From the starting effect, four moves, all cumulative: up one for a result 10 or more
    /// over the TN, down one for a result 10 or more under it, down one for a natural 1, up one
    /// for a natural 20. The moves are summed before the level is clamped to No effect…Great,
    /// so a natural 20 that lands 10 under the TN (an attack can still hit that way) stays at
    /// the starting effect.
    #[must_use]
    pub fn effect(&self, natural: u32) -> EffectLevel {
        self.effect_with(natural, 0)
    }

    /// [`Self::effect`] with `extra` added to the total (a reserve die's roll).
    #[must_use]
    pub fn effect_with(&self, natural: u32, extra: i64) -> EffectLevel {
        let total = i64::from(natural) + self.modifier() + extra;
        let tn = self.tn();
        let mut steps = 0;
        if total >= tn + 10 {
            steps += 1;
        }
        if total <= tn - 10 {
            steps -= 1;
        }
        if natural == 20 {
            steps += 1;
        }
        if natural == 1 {
            steps -= 1;
        }
        self.starting_effect.shifted(steps)
    }

    /// The outcome for a kept natural roll: a success at [`Self::effect`]'s level, or a failure.
    ///
    /// A failed check has an effect level too (the text's own example, "10 or more lower and a
    /// natural 1", moves a failure down two levels), but nothing takes effect on a failure
    /// (Evening, Effect: only a success "takes effect"), and meeting a challenge marks one
    /// failure per failed check whatever its level (Evening, Meeting a Challenge). So Lantern
    /// reads a failure's level as nothing more: the Dice pane shows "Failure" and a challenge
    /// tallies one failure.
    #[must_use]
    pub fn outcome(&self, natural: u32) -> EveningOutcome {
        self.outcome_with(natural, 0)
    }

    /// [`Self::outcome`] with `extra` added to the total (a reserve die's roll).
    #[must_use]
    pub fn outcome_with(&self, natural: u32, extra: i64) -> EveningOutcome {
        let total = i64::from(natural) + self.modifier() + extra;
        if self.succeeds(natural, total) {
            EveningOutcome::Success(self.effect_with(natural, extra))
        } else {
            EveningOutcome::Failure
        }
    }

    /// The reserve die added to the total, if any, bounded to a d20.
    #[must_use]
    pub fn reserve(&self) -> Option<u32> {
        (self.reserve_die > 0).then(|| self.reserve_die.min(MAX_RESERVE_DIE))
    }

    /// The total's distribution: the kept d20, the modifier and any reserve die.
    #[must_use]
    pub fn total_distribution(&self) -> Distribution {
        let d20 = self.d20().shift(self.modifier());
        match self.reserve() {
            Some(sides) => d20.add(&Distribution::die(sides)),
            None => d20,
        }
    }

    /// Clears what the GM chose for one roll only: the reserve die, a villain, legendary or
    /// off-hand attack (each spends something when rolled).
    pub fn clear_one_roll_choices(&mut self) {
        self.reserve_die = 0;
        self.villain = false;
        self.legendary = false;
        self.off_hand = false;
    }

    /// Clears, besides the one-roll choices, what the GM said of one action: the defence's
    /// damage rule, several targets, the damage type, the threat's edge and a Controller's slow.
    pub fn clear_action_choices(&mut self) {
        self.clear_one_roll_choices();
        self.damage_rule = DamageRule::Avoidable;
        self.several_targets = false;
        self.damage_type = None;
        self.edge = ThreatEdge::Neither;
        self.slow_instead = false;
    }

    /// Whether a kept natural roll is a critical hit (Evening, Attack: a natural 20 on an
    /// attack; Paralyzed: any hit when [`Self::critical_on_hit`] is set).
    #[must_use]
    pub fn critical(&self, natural: u32) -> bool {
        let hit = matches!(self.outcome(natural), EveningOutcome::Success(_));
        self.attack && (natural == 20 || (self.critical_on_hit && hit))
    }

    /// Exact odds of failure and of each effect level.
    #[must_use]
    pub fn odds(&self) -> OutcomeOdds<EveningOutcome> {
        let mut odds = OutcomeOdds::new();
        let reserve = self.reserve();
        for (natural, p) in self.d20().iter() {
            let natural = natural as u32;
            match reserve {
                None => odds.add(self.outcome(natural), p),
                Some(sides) => {
                    let each = p / f64::from(sides);
                    for face in 1..=sides {
                        odds.add(self.outcome_with(natural, i64::from(face)), each);
                    }
                }
            }
        }
        odds
    }

    /// Rolls the check.
    pub fn roll(&self, rng: &mut DiceRng) -> EveningRoll {
        let (adv, dis) = (u32::from(self.advantage), u32::from(self.disadvantage));
        let mut dice = DiceTerm::with_edge(1, 20, adv, dis).roll_dice(0, rng);
        let natural = dice
            .iter()
            .find(|d| d.kept && d.term == 0)
            .map_or(1, |d| d.value as u32);
        let extra = match self.reserve() {
            Some(sides) => {
                let reserve = DiceTerm::plain(1, sides).roll_dice(1, rng);
                let face: i64 = reserve.iter().map(|d| d.value).sum();
                dice.extend(reserve);
                face
            }
            None => 0,
        };
        let total = i64::from(natural) + self.modifier() + extra;
        let thread_prompt = if natural == 20 || total >= self.tn() + 10 {
            Some(ThreadPrompt::Good)
        } else if natural == 1 || total <= self.tn() - 10 {
            Some(ThreadPrompt::Bad)
        } else {
            None
        };
        EveningRoll {
            dice,
            natural,
            total,
            outcome: self.outcome_with(natural, extra),
            critical: self.critical(natural),
            thread_prompt,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(check: &EveningCheck, o: EveningOutcome) -> f64 {
        check.odds().probability(&o)
    }

    /// Evening, Dice Checks (lines 41–42, 49): "If the total rolled plus its modifiers beat the target
    /// number, the check succeeds. Otherwise, it fails." At +0 against the Standard TN 10 a d20 beats it
    /// on 11–20: 10/20, "an even chance".
    #[test]
    fn standard_tn_is_an_even_chance() {
        let c = EveningCheck::default();
        assert!((p(&c, EveningOutcome::Failure) - 0.5).abs() < 1e-12);
        // 11–19 standard; a natural 20 beats TN 10 by 10 and is a natural 20: two steps, Great.
        assert!((p(&c, EveningOutcome::Success(EffectLevel::Standard)) - 0.45).abs() < 1e-12);
        assert!((p(&c, EveningOutcome::Success(EffectLevel::Great)) - 0.05).abs() < 1e-12);
    }

    fn check(modifier: i64, tn: i64) -> EveningCheck {
        EveningCheck {
            modifier,
            tn,
            ..EveningCheck::default()
        }
    }

    fn attack(tn: i64) -> EveningCheck {
        EveningCheck {
            attack: true,
            ..check(0, tn)
        }
    }

    const fn success(level: EffectLevel) -> EveningOutcome {
        EveningOutcome::Success(level)
    }

    /// Evening, Making checks: each of the four moves on its own, from a Standard start.
    #[test]
    fn making_checks_each_move_alone() {
        // "10 or more higher": +10, TN 10, natural 10 → total 20, exactly 10 over → Strong.
        assert_eq!(check(10, 10).outcome(10), success(EffectLevel::Strong));
        // 9 over is not enough: natural 9 → total 19 → Standard.
        assert_eq!(check(10, 10).outcome(9), success(EffectLevel::Standard));
        // "a natural 20": +0, TN 15 → total 20, 5 over → Strong (one step, the 20's).
        assert_eq!(check(0, 15).outcome(20), success(EffectLevel::Strong));
        // "a natural 1": +15, TN 10 → total 16, 6 over → the 1's step down → Limited.
        assert_eq!(check(15, 10).outcome(1), success(EffectLevel::Limited));
        // "10 or more lower": a natural 20 attack at TN 30 is the only way to succeed that far
        // under; total 20 is exactly 10 under → down one, and up one for the 20 → Standard.
        assert_eq!(attack(30).effect(20), EffectLevel::Standard);
        // The same move alone, read off a failure: +0, TN 25, natural 15 → 10 under → Limited.
        assert_eq!(check(0, 25).effect(15), EffectLevel::Limited);
        assert_eq!(check(0, 25).outcome(15), EveningOutcome::Failure);
    }

    /// Evening, Making checks: "These are cumulative."
    #[test]
    fn making_checks_moves_are_cumulative() {
        // 10+ over and a natural 20: +10, TN 10 → total 30 → two up → Great.
        assert_eq!(check(10, 10).outcome(20), success(EffectLevel::Great));
        // 10+ over and a natural 1: +20, TN 10 → total 21, 11 over → up one, down one → Standard.
        assert_eq!(check(20, 10).outcome(1), success(EffectLevel::Standard));
        // A natural 20 attack (it always hits), +0, Standard start:
        // TN 30 → total 20 is exactly 10 under: +1 −1 → Standard.
        assert_eq!(attack(30).outcome(20), success(EffectLevel::Standard));
        // TN 35 → 15 under: +1 −1 → Standard.
        assert_eq!(attack(35).outcome(20), success(EffectLevel::Standard));
        // TN 40 → 20 under: still one step down, not two → Standard.
        assert_eq!(attack(40).outcome(20), success(EffectLevel::Standard));
        // TN 25 → 5 under: only the 20's step → Strong.
        assert_eq!(attack(25).outcome(20), success(EffectLevel::Strong));
        // "10 or more lower and a natural 1, decrease effect by two levels": +0, TN 11 →
        // total 1 is exactly 10 under → Standard − 2 = No effect (and the check fails).
        assert_eq!(check(0, 11).effect(1), EffectLevel::NoEffect);
        assert_eq!(check(0, 11).outcome(1), EveningOutcome::Failure);
        // From a Great start the same two steps land on Standard.
        let great = EveningCheck {
            starting_effect: EffectLevel::Great,
            ..check(0, 11)
        };
        assert_eq!(great.effect(1), EffectLevel::Standard);
    }

    /// Evening, Effect: levels stop at No effect and Great; an attack's natural 1 always misses.
    #[test]
    fn making_checks_levels_stop_at_the_ends() {
        let from_no_effect = EveningCheck {
            starting_effect: EffectLevel::NoEffect,
            ..check(15, 10)
        };
        assert_eq!(from_no_effect.outcome(1), success(EffectLevel::NoEffect));
        let from_great = EveningCheck {
            starting_effect: EffectLevel::Great,
            ..check(10, 10)
        };
        assert_eq!(from_great.outcome(20), success(EffectLevel::Great));
        let swing = EveningCheck {
            attack: true,
            ..check(15, 10)
        };
        assert_eq!(swing.outcome(1), EveningOutcome::Failure);
    }

    /// Evening, Making checks: an attack at TN 35 with +0 hits only on a natural 20 (5%), and
    /// that hit is 15 under the TN, so it is Standard, not Strong.
    #[test]
    fn making_checks_odds_of_a_natural_20_only_hit() {
        let c = attack(35);
        assert!((p(&c, EveningOutcome::Failure) - 0.95).abs() < 1e-12);
        assert!((p(&c, success(EffectLevel::Standard)) - 0.05).abs() < 1e-12);
        assert!(p(&c, success(EffectLevel::Strong)).abs() < 1e-12);
        // TN 25: the 20 is 5 under, so its 5% sits on Strong.
        let c = attack(25);
        assert!((p(&c, success(EffectLevel::Strong)) - 0.05).abs() < 1e-12);
        assert!(p(&c, success(EffectLevel::Standard)).abs() < 1e-12);
    }

    /// Evening, Attack ("A natural 20 is a critical hit") and Paralyzed ("Any attack from an
    /// adjacent creature which hits it is a critical hit"): with the Paralyzed flag, +5 against
    /// TN 14, a natural 10 totals 15 and hits, so it is critical; a natural 9 totals 14, a tie,
    /// misses and is not; a natural 1 always misses. Without the flag only the natural 20 is.
    #[test]
    fn paralyzed_makes_any_hit_critical_but_no_miss_a_hit() {
        let plain = EveningCheck {
            attack: true,
            ..check(5, 14)
        };
        let paralyzed = EveningCheck {
            critical_on_hit: true,
            ..plain
        };
        assert!(paralyzed.critical(10) && paralyzed.critical(20));
        assert!(!paralyzed.critical(9) && !paralyzed.critical(1));
        assert_eq!(paralyzed.outcome(9), EveningOutcome::Failure);
        assert!(!plain.critical(10) && plain.critical(20));
        let not_an_attack = EveningCheck {
            critical_on_hit: true,
            ..check(5, 14)
        };
        assert!(!not_an_attack.critical(20));
    }

    /// Evening, Paralyzed ("automatically fails Prowess or Finesse defenses"): a Reflex
    /// defence that fails outright fails on every natural, the 20 included.
    #[test]
    fn a_defence_that_fails_outright_never_succeeds() {
        let c = EveningCheck {
            fails_outright: true,
            ..check(10, 5)
        };
        assert_eq!(c.outcome(20), EveningOutcome::Failure);
        assert!((p(&c, EveningOutcome::Failure) - 1.0).abs() < 1e-12);
    }

    /// Evening, Advantage and disadvantage (line 59): roll 2d20 and keep the higher (or the lower). At
    /// +0 against TN 10 with advantage both dice must show 10 or less to fail: (10/20)² = 0.25. Having
    /// both is read as having neither (our reading: the text does not say; one d20, as its 5E
    /// ancestry).
    #[test]
    fn advantage_and_disadvantage_cancel() {
        let both = EveningCheck {
            advantage: true,
            disadvantage: true,
            ..EveningCheck::default()
        };
        assert_eq!(both.odds(), EveningCheck::default().odds());
        let adv = EveningCheck {
            advantage: true,
            ..EveningCheck::default()
        };
        assert!((p(&adv, EveningOutcome::Failure) - 0.25).abs() < 1e-12);
        let r = adv.roll(&mut DiceRng::seeded(4));
        assert_eq!(r.dice.len(), 2);
        assert_eq!(r.outcome, adv.outcome(r.natural));
    }

    /// Evening, Dice Checks (lines 48–53): the guideline's target numbers, Standard 10, Skilled
    /// 15, Difficult 20, Extremely Hard 25, Impossible 30.
    #[test]
    fn the_difficulty_table_sets_the_target_numbers() {
        let tns: Vec<i64> = [
            Difficulty::Standard,
            Difficulty::Skilled,
            Difficulty::Difficult,
            Difficulty::ExtremelyHard,
            Difficulty::Impossible,
        ]
        .map(Difficulty::tn)
        .to_vec();
        assert_eq!(tns, [10, 15, 20, 25, 30]);
    }

    /// Evening, Advancing a thread (lines 401–402): a natural 1, or missing by 10 or more, may
    /// advance a thread badly; a natural 20, or succeeding by 10 or more, well. +5 against TN
    /// 12: a total of 22 (a natural 17) beats it by 10, a total of 2 is impossible (the least is
    /// 6), so only a natural 1 prompts a bad thread; a natural 10 (15) prompts none.
    #[test]
    fn a_natural_20_or_beating_by_ten_may_advance_a_thread() {
        let c = check(5, 12);
        let prompt = |natural: u32| {
            (0..500u64)
                .map(|seed| c.roll(&mut DiceRng::seeded(seed)))
                .find(|r| r.natural == natural)
                .map(|r| r.thread_prompt)
        };
        assert_eq!(prompt(17), Some(Some(ThreadPrompt::Good)));
        assert_eq!(prompt(20), Some(Some(ThreadPrompt::Good)));
        assert_eq!(prompt(1), Some(Some(ThreadPrompt::Bad)));
        assert_eq!(prompt(10), Some(None));
        assert_eq!(prompt(16), Some(None), "21 beats 12 by 9");
    }

    proptest::proptest! {
        #[test]
        fn advantage_never_lowers_success(modifier in -5i64..15, tn in 0i64..35) {
            let base = EveningCheck { modifier, tn, ..EveningCheck::default() };
            let fail = |c: &EveningCheck| c.odds().probability(&EveningOutcome::Failure);
            let adv = EveningCheck { advantage: true, ..base };
            let dis = EveningCheck { disadvantage: true, ..base };
            proptest::prop_assert!(fail(&adv) <= fail(&base) + 1e-12);
            proptest::prop_assert!(fail(&dis) >= fail(&base) - 1e-12);
        }
    }
}
