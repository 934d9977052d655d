//! Evening token state: health, reserves, injury, exhaustion, threat profile.

use serde::{Deserialize, Serialize};

use super::EveningCheck;
use super::{EveningChange, EveningToken, Reserve, ReserveRoll};
use crate::model::limits as lim;
use crate::rules::RulesError;

/// Which kind of roll a penalty applies to (Evening, Injury; Exhaustion).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheckKind {
    /// Aptitude checks.
    Aptitude,
    /// Attack rolls and defense checks.
    AttackOrDefense,
}

/// What one source's damage does to an Evening token; see [`EveningToken::preview_damage`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EveningDamage {
    /// Temporary health lost (it goes first).
    pub temp_health_lost: u32,
    /// Health lost.
    pub health_lost: u32,
    /// Left at 0 health and alive: unconscious, death saves in initiative.
    pub unconscious: bool,
    /// Killed outright by this one source.
    pub killed_outright: bool,
    /// A Phased threat fell to 0 with a phase left: its next phase begins, health full
    /// (Evening, Phased).
    pub phase_begins: bool,
    /// The change that applies it.
    pub change: EveningChange,
}

fn level(what: &'static str, value: u8, limit: lim::Limit) -> Result<u8, RulesError> {
    if limit.contains(value) {
        Ok(value)
    } else {
        Err(RulesError::OutOfRange {
            what,
            value: i64::from(value),
            min: limit.min,
            max: limit.max,
        })
    }
}

/// What exhaustion `level` imposes in all, for the Trackers pane (Evening, Exhaustion: each
/// level adds its row's effect to those below it — 1 disadvantage on aptitude checks, 2 speed
/// halved, 3 disadvantage on attacks and defenses, 4 maximum health halved, 5 speed 0,
/// 6 death). The checks read [`EveningToken::apply_penalties`], the speed
/// `combat::wounds::token_speed`, the health [`EveningToken::effective_max_health`].
#[must_use]
pub fn exhaustion_summary(level: u8) -> &'static str {
    match level {
        0 => "no effect",
        1 => "disadvantage on aptitude checks",
        2 => "disadvantage on aptitude checks, speed halved",
        3 => "disadvantage on all checks, speed halved",
        4 => "disadvantage on all checks, speed halved, max health halved",
        5 => "disadvantage on all checks, speed 0, max health halved",
        _ => "dead",
    }
}

impl EveningToken {
    /// Penalties from injury as (aptitude checks, attack and defense rolls): each level adds −3
    /// alternately to aptitude and to attack/defense (Evening, Levels of injury).
    #[must_use]
    pub fn injury_penalties(&self) -> (i64, i64) {
        let l = i64::from(self.injury.min(6));
        (-3 * ((l + 1) / 2), -3 * (l / 2))
    }

    /// `check` with this token's injury penalty and exhaustion disadvantage applied
    /// (Evening, Injury; Exhaustion): aptitude checks take the aptitude penalty and, from
    /// exhaustion 1, disadvantage; attacks and defenses take their penalty and, from
    /// exhaustion 3, disadvantage.
    #[must_use]
    pub fn apply_penalties(&self, check: &EveningCheck, kind: CheckKind) -> EveningCheck {
        let (aptitude, combat) = self.injury_penalties();
        let (penalty, disadvantage_from) = match kind {
            CheckKind::Aptitude => (aptitude, 1),
            CheckKind::AttackOrDefense => (combat, 3),
        };
        EveningCheck {
            modifier: check.modifier() + penalty,
            disadvantage: check.disadvantage || self.exhaustion >= disadvantage_from,
            ..*check
        }
    }

    /// Maximum health after exhaustion (halved from level 4).
    #[must_use]
    pub fn effective_max_health(&self) -> u32 {
        if self.exhaustion >= 4 {
            self.max_health / 2
        } else {
            self.max_health
        }
    }

    /// Whether the token is dead by damage, injury 7 or exhaustion 6.
    #[must_use]
    pub fn is_dead(&self) -> bool {
        self.dead || self.injury >= 7 || self.exhaustion >= 6
    }

    /// Applies `change`; on error the caller keeps the previous state.
    pub fn apply(&mut self, change: &EveningChange) -> Result<(), RulesError> {
        match change {
            EveningChange::SetMaxHealth(m) => {
                self.max_health = *m;
                self.health = self.health.min(self.effective_max_health());
            }
            EveningChange::Damage(d) => self.damage(*d),
            EveningChange::Heal(h) => {
                if self.is_dead() {
                    return Err(RulesError::NotAllowed("the dead cannot be healed"));
                }
                self.health = self
                    .health
                    .saturating_add(*h)
                    .min(self.effective_max_health());
            }
            EveningChange::GainTempHealth(t) => self.temp_health = self.temp_health.max(*t),
            EveningChange::AddReserve(sides) => self.reserves.push(Reserve {
                sides: *sides,
                spent: false,
            }),
            EveningChange::SpendReserve(i) => {
                let Some(r) = self.reserves.get_mut(*i).filter(|r| !r.spent) else {
                    return Err(RulesError::NoSuchEntry {
                        what: "unspent reserve",
                        index: *i,
                    });
                };
                r.spent = true;
            }
            EveningChange::ShortRest(rolls) => self.short_rest(rolls)?,
            EveningChange::LongRest => self.long_rest()?,
            EveningChange::SetInjury(l) => self.injury = level("injury", *l, lim::EVENING_INJURY)?,
            EveningChange::SetExhaustion(l) => {
                self.exhaustion = level("exhaustion", *l, lim::EVENING_EXHAUSTION)?;
                self.health = self.health.min(self.effective_max_health());
            }
            EveningChange::SetAbilities(a) => self.abilities = *a,
            EveningChange::SetLevel(l) => {
                self.level = level("character level", *l, lim::EVENING_LEVEL)?;
            }
            EveningChange::SetMovement(speeds) => {
                self.movement = *speeds;
                if self.movement.get(self.moving).is_none() {
                    self.moving = crate::model::trackers::evening_movement::MoveKind::Walk;
                }
            }
            EveningChange::MoveBy(kind) => {
                if !kind.is_walk() && self.movement.get(*kind).is_none() {
                    return Err(RulesError::NotAllowed(
                        "it has no speed for that kind of movement",
                    ));
                }
                self.moving = *kind;
            }
            // Checked with the whole sheet (`model::validate::check_sheet`).
            EveningChange::SetAttacks(attacks) => self.attacks.clone_from(attacks),
            EveningChange::SetThreat(t) => {
                // A threat starts at its table health, traits included (Evening, Threat Rating).
                if let Some(profile) = t {
                    self.max_health = profile.stats().health;
                    self.health = self.effective_max_health();
                }
                self.threat.clone_from(t);
            }
            other => self.apply_threat_change(other)?,
        }
        Ok(())
    }

    /// The changes to damage affinities and a threat's strength, weakness and traits' counts
    /// (Evening, Modifiers; Determining Strengths & Weaknesses; Legendary; Phased; Swarm). Their
    /// limits are the sheet's (`model::validate::check_evening_sheet`), checked with every
    /// command; here is what the rules refuse.
    fn apply_threat_change(&mut self, change: &EveningChange) -> Result<(), RulesError> {
        match change {
            EveningChange::SetAffinity {
                damage_type,
                affinity,
            } => {
                if *affinity == super::Affinity::Normal {
                    self.affinities.remove(damage_type);
                } else {
                    self.affinities.insert(*damage_type, *affinity);
                }
            }
            EveningChange::SetStrength(text) => self.strength.clone_from(text),
            EveningChange::SetWeakness(text) => self.weakness.clone_from(text),
            EveningChange::SpendLegendaryResistance => {
                if !self.has_trait(super::ThreatTrait::Legendary) {
                    return Err(RulesError::NotAllowed(
                        "only a Legendary threat has legendary resistances",
                    ));
                }
                if self.track.legendary_resistances_spent >= super::LEGENDARY_RESISTANCES {
                    return Err(RulesError::NotAllowed(
                        "all three legendary resistances are spent",
                    ));
                }
                self.track.legendary_resistances_spent += 1;
            }
            EveningChange::SetPhases(n) => self.track.phases = *n,
            EveningChange::SetSwarmBodies(n) => self.track.swarm_bodies = *n,
            EveningChange::SwarmBodyPerishes => {
                if self.track.swarm_bodies == 0 {
                    return Err(RulesError::NotAllowed(
                        "the swarm has no body left away from its heart",
                    ));
                }
                self.track.swarm_bodies -= 1;
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether it is a threat with `t` among its traits.
    #[must_use]
    pub fn has_trait(&self, t: super::ThreatTrait) -> bool {
        self.threat.as_ref().is_some_and(|p| p.traits.contains(&t))
    }

    /// A Phased threat's phases in all: the GM's number, or the plain two (Evening, Phased:
    /// "Whenever they fall to 0 health, their health fully replenishes"; Multiple phases).
    /// A threat that is not Phased has one.
    #[must_use]
    pub fn phases(&self) -> u8 {
        match (
            self.has_trait(super::ThreatTrait::Phased),
            self.track.phases,
        ) {
            (false, _) => 1,
            (true, 0) => 2,
            (true, n) => n,
        }
    }

    /// Whether a fall to 0 health now begins another phase rather than knocking it out.
    #[must_use]
    pub fn phase_left(&self) -> bool {
        self.track.phase.saturating_add(1) < self.phases()
    }

    /// What `amount` damage from one source would do, leaving the token as it is (Evening,
    /// Damage & Health: temporary health goes first, the rest comes off health, and 0 health
    /// knocks the creature unconscious; Death: damage from one source that meets or exceeds its
    /// total health kills outright). Total health is the maximum after exhaustion (level 4
    /// halves it). Damage never adds injury: the text keeps injury for major story moments.
    /// Apply it with [`EveningDamage::change`].
    #[must_use]
    pub fn preview_damage(&self, amount: u32) -> EveningDamage {
        let mut after = self.clone();
        after.damage(amount);
        let phase_begins = after.track.phase > self.track.phase;
        EveningDamage {
            temp_health_lost: self.temp_health.saturating_sub(after.temp_health),
            health_lost: if phase_begins {
                self.health
            } else {
                self.health.saturating_sub(after.health)
            },
            unconscious: after.health == 0 && !after.dead,
            killed_outright: after.dead && !self.dead,
            phase_begins,
            change: EveningChange::Damage(amount),
        }
    }

    /// Evening, Phased: a Phased threat with a phase left that falls to 0 health has its
    /// health fully replenished instead, and its next phase begins (the GM gives it its new
    /// traits or abilities). Such a blow does not kill it outright: the text's one-blow death
    /// is for characters, and a phase change is how this threat falls (our reading).
    fn damage(&mut self, amount: u32) {
        let total = self.effective_max_health();
        let phase_left = self.phase_left();
        if amount >= total && total > 0 && !phase_left {
            self.dead = true;
        }
        let absorbed = amount.min(self.temp_health);
        self.temp_health -= absorbed;
        self.health = self.health.saturating_sub(amount - absorbed);
        if self.health == 0 && phase_left && total > 0 {
            self.track.phase += 1;
            self.health = total;
        }
    }

    /// The health a short rest spending `rolls` gives back, before the maximum caps it
    /// (Evening, Resting: each reserve spent rolls its die and adds Resolve + Body; Reserves:
    /// "recovering that much health"). Each die heals at least 0: a creature with a negative
    /// Resolve + Body never loses health by resting (our reading; the text says nothing of it).
    /// Refused when a die is named twice, is not in the pool, is already spent, or rolled a
    /// face it doesn't have.
    pub fn short_rest_healing(&self, rolls: &[ReserveRoll]) -> Result<u32, RulesError> {
        let per_die = i64::from(self.abilities.resolve) + i64::from(self.abilities.body);
        let mut healing = 0u32;
        for (n, roll) in rolls.iter().enumerate() {
            let twice = rolls[..n].iter().any(|r| r.index == roll.index);
            let Some(die) = self.reserves.get(roll.index).filter(|r| !r.spent && !twice) else {
                return Err(RulesError::NoSuchEntry {
                    what: "unspent reserve",
                    index: roll.index,
                });
            };
            if !(1..=die.sides).contains(&roll.face) {
                return Err(RulesError::OutOfRange {
                    what: "a reserve die's roll",
                    value: i64::from(roll.face),
                    min: 1,
                    max: i64::from(die.sides),
                });
            }
            let heal = (i64::from(roll.face) + per_die).max(0);
            healing = healing.saturating_add(u32::try_from(heal).unwrap_or(u32::MAX));
        }
        Ok(healing)
    }

    /// Rolls the unspent reserve dice at `indices` for a short rest (the pane rolls, the
    /// [`EveningChange::ShortRest`] it makes carries the faces); spent or missing ones are
    /// left out.
    #[must_use]
    pub fn roll_reserves(
        &self,
        indices: &[usize],
        rng: &mut crate::dice::DiceRng,
    ) -> Vec<ReserveRoll> {
        let mut rolls: Vec<ReserveRoll> = Vec::new();
        for &index in indices {
            let Some(die) = self.reserves.get(index).filter(|r| !r.spent) else {
                continue;
            };
            if rolls.iter().any(|r| r.index == index) {
                continue;
            }
            rolls.push(ReserveRoll {
                index,
                face: rng.die(die.sides),
            });
        }
        rolls
    }

    fn short_rest(&mut self, rolls: &[ReserveRoll]) -> Result<(), RulesError> {
        if self.is_dead() {
            return Err(RulesError::NotAllowed("the dead cannot rest"));
        }
        let healing = self.short_rest_healing(rolls)?;
        for roll in rolls {
            if let Some(die) = self.reserves.get_mut(roll.index) {
                die.spent = true;
            }
        }
        self.health = self
            .health
            .saturating_add(healing)
            .min(self.effective_max_health());
        Ok(())
    }

    fn long_rest(&mut self) -> Result<(), RulesError> {
        if self.health == 0 || self.is_dead() {
            return Err(RulesError::NotAllowed(
                "a long rest needs at least 1 health",
            ));
        }
        self.exhaustion = self.exhaustion.saturating_sub(1);
        self.health = self.effective_max_health();
        self.temp_health = 0;
        // Legendary resistances have no stated return; Lantern brings them back with the long
        // rest, as every other spent resource comes back (our reading).
        self.track.legendary_resistances_spent = 0;
        for r in &mut self.reserves {
            r.spent = false;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evening, Temporary health (lines 1026–1032): it "doesn't stack" (5 then 3 keeps 5), and "if
    /// you would take damage, the temporary health is always lost first": 8 damage takes the 5, then 3
    /// of 20 health, leaving 17. Healing (lines 1023–1024): 10 caps at the maximum, 20; "You may not
    /// gain health if you have died": after 20 damage from one source (Killed outright, line 1099)
    /// healing is refused.
    #[test]
    fn temporary_health_goes_first_and_killing_outright() {
        let mut t = EveningToken {
            health: 20,
            max_health: 20,
            ..EveningToken::default()
        };
        t.apply(&EveningChange::GainTempHealth(5)).unwrap();
        t.apply(&EveningChange::GainTempHealth(3)).unwrap();
        assert_eq!(t.temp_health, 5);
        t.apply(&EveningChange::Damage(8)).unwrap();
        assert_eq!((t.temp_health, t.health), (0, 17));
        t.apply(&EveningChange::Heal(10)).unwrap();
        assert_eq!(t.health, 20);
        t.apply(&EveningChange::Damage(20)).unwrap();
        assert!(t.is_dead());
        assert!(t.apply(&EveningChange::Heal(1)).is_err());
    }

    /// Evening, Damage & Health (lines 1004–1006, 1028): damage comes off current health after
    /// temporary health; Death, Killed outright (line 1099).
    #[test]
    fn damage_preview_follows_damage_and_health() {
        // Evening, Damage & Health: temporary health first, spillover to health; 0 health is
        // unconscious. Death: one source meeting total health kills outright — at exhaustion 4
        // the total is halved (Exhaustion), so 12 kills a 24-health creature.
        let t = EveningToken {
            health: 20,
            max_health: 24,
            temp_health: 4,
            ..EveningToken::default()
        };
        let p = t.preview_damage(10);
        assert_eq!((p.temp_health_lost, p.health_lost), (4, 6));
        assert!(!p.unconscious && !p.killed_outright);
        let p = t.preview_damage(23);
        assert_eq!(
            (p.health_lost, p.unconscious, p.killed_outright),
            (19, false, false)
        );
        let p = t.preview_damage(24);
        assert!(p.killed_outright);
        let tired = EveningToken {
            exhaustion: 4,
            health: 12,
            temp_health: 0,
            ..t.clone()
        };
        assert!(tired.preview_damage(12).killed_outright);
        let low = EveningToken {
            health: 5,
            temp_health: 0,
            ..t
        };
        let p = low.preview_damage(7);
        assert_eq!((p.health_lost, p.unconscious), (5, true));
        let mut applied = low.clone();
        applied.apply(&p.change).unwrap();
        assert_eq!(applied.health, 0);
    }

    /// Evening, Levels of injury (lines 1044–1052): −3 to aptitude checks at 1, −3 to attack and
    /// defense rolls at 2, −6/−6 at 3/4, −9/−9 at 5/6, and no level past 7. Exhaustion (lines
    /// 1077, 1084): at 4 the health maximum halves (30 → 15); a long rest takes one level off (4 → 3)
    /// and gives all health back (30).
    #[test]
    fn injury_and_exhaustion() {
        let mut t = EveningToken {
            health: 30,
            max_health: 30,
            ..EveningToken::default()
        };
        let pens: Vec<(i64, i64)> = (0..=6)
            .map(|l| {
                t.apply(&EveningChange::SetInjury(l)).unwrap();
                t.injury_penalties()
            })
            .collect();
        assert_eq!(
            pens,
            vec![
                (0, 0),
                (-3, 0),
                (-3, -3),
                (-6, -3),
                (-6, -6),
                (-9, -6),
                (-9, -9)
            ]
        );
        assert!(t.apply(&EveningChange::SetInjury(8)).is_err());
        t.apply(&EveningChange::SetExhaustion(4)).unwrap();
        assert_eq!((t.effective_max_health(), t.health), (15, 15));
        t.apply(&EveningChange::LongRest).unwrap();
        assert_eq!((t.exhaustion, t.health), (3, 30));
    }

    /// Evening, Injury and Exhaustion (lines 1046–1049, 1074–1076): injury 3 is −6 to aptitude
    /// checks and −3 to attacks and defences, so +5 becomes −1 and +2; exhaustion 1 is disadvantage on
    /// aptitude checks only.
    #[test]
    fn penalties_reach_the_check() {
        let t = EveningToken {
            injury: 3,
            exhaustion: 1,
            ..EveningToken::default()
        };
        let base = EveningCheck {
            modifier: 5,
            ..EveningCheck::default()
        };
        let apt = t.apply_penalties(&base, CheckKind::Aptitude);
        assert_eq!((apt.modifier, apt.disadvantage), (-1, true));
        let atk = t.apply_penalties(&base, CheckKind::AttackOrDefense);
        assert_eq!((atk.modifier, atk.disadvantage), (2, false));
    }

    /// Evening, Threat Rating (lines 773, 783) and Behemoth (line 826): "This is the health a threat
    /// starts at": rating 2 is 95, doubled by Behemoth to 190.
    #[test]
    fn threats_start_at_table_health() {
        use crate::rules::evening::{ThreatProfile, ThreatTrait};
        let mut t = EveningToken::default();
        let profile = ThreatProfile {
            rating: 2,
            traits: vec![ThreatTrait::Behemoth],
        };
        t.apply(&EveningChange::SetThreat(Some(profile))).unwrap();
        assert_eq!((t.max_health, t.health), (190, 190));
    }

    /// Evening, Reserves (lines 377–383): a reserve die is spent once ("You regain all spent reserves
    /// after finishing a long rest"): spending the d10 twice is refused, and the long rest brings both
    /// dice back.
    #[test]
    fn reserves_spend_and_return() {
        let mut t = EveningToken {
            health: 1,
            max_health: 10,
            ..EveningToken::default()
        };
        t.apply(&EveningChange::AddReserve(8)).unwrap();
        t.apply(&EveningChange::AddReserve(10)).unwrap();
        t.apply(&EveningChange::SpendReserve(1)).unwrap();
        assert!(t.apply(&EveningChange::SpendReserve(1)).is_err());
        t.apply(&EveningChange::LongRest).unwrap();
        assert!(t.reserves.iter().all(|r| !r.spent));
    }
}
