//! Go Forth: Heroes momentum dice pools (GFH, Momentum; Locking Momentum; Hits & Beats; Building).
//!
//! A hero owns a pool of d6 momentum dice, each sitting in one zone. Dice flow
//! Stamina → Power → Fatigue → Stamina; Power can also go to Building (for allies) or be Locked.
//!
//! Readings chosen where the text is open:
//! - Pool size: 3 dice, plus one per point of Vigor above 0 ("you gain more as your Vigor increases").
//!   The GM can edit it per hero.
//! - Boost: spending a die to Boost rolls it, adds it, and puts it in Fatigue. Stamina dice Boost a
//!   check only; Power (and an ally's Building die, which counts as Power) may Boost Effort too.
//! - Increase Defense locks a Power die with its rolled value; the first attack on the hero spends it
//!   to Fatigue.
//! - A Building die used by an ally goes to its owner's Fatigue; one still unused when its owner's
//!   turn comes round goes to the owner's Fatigue too.
//! - Temporary dice (Bolstered) are removed, wherever they sit, when the condition ends or at a short
//!   rest; they never count toward the pool size.
//! - Shaken ("lose 1 Momentum temporarily") is Bolstered's pair: one permanent die is set aside,
//!   out of every zone, for as long as Shaken lasts. It is taken from Stamina if it can be, else
//!   Power, else Fatigue, else Building, else Locked (so it costs the hero a die it could still
//!   use), and comes back to the zone it left when Shaken ends (a Locked or Building die comes
//!   back to Stamina, its lock or offer over). A set-aside die still counts toward the pool size,
//!   but not toward a Beat: a Hit is a Beat when every die left in play is in Fatigue.

pub use crate::model::momentum::{
    Lock, LockPurpose, MomentumDie, MomentumError, MomentumPool, Zone,
};

impl MomentumDie {
    fn new(zone: Zone) -> Self {
        Self {
            zone,
            temporary: false,
            lock: None,
        }
    }
}

/// What a Hit did to the pool (GFH, Hits & Beats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HitOutcome {
    /// The chosen die went to Fatigue.
    Fatigued { from: Zone },
    /// Every die was already in Fatigue: a Beat.
    Beat,
}

impl Default for MomentumPool {
    fn default() -> Self {
        Self::with_size(Self::BASE_SIZE)
    }
}

impl MomentumPool {
    /// Every hero starts with 3 momentum dice (GFH, Momentum Pool).
    pub const BASE_SIZE: usize = 3;

    /// Pool size for a Vigor score: 3, plus one per point of Vigor above 0 (our reading).
    pub fn size_for_vigor(vigor: i32) -> usize {
        Self::BASE_SIZE + vigor.max(0) as usize
    }

    /// A fresh pool with every die in Stamina.
    pub fn with_size(size: usize) -> Self {
        Self {
            dice: vec![MomentumDie::new(Zone::Stamina); size],
            lock_slots: 1,
            set_aside: Vec::new(),
        }
    }

    /// Dice currently in `zone`.
    pub fn count(&self, zone: Zone) -> usize {
        self.dice.iter().filter(|d| d.zone == zone).count()
    }

    /// Permanent dice, including any Shaken has set aside: the pool's size.
    pub fn size(&self) -> usize {
        self.dice.iter().filter(|d| !d.temporary).count() + self.set_aside.len()
    }

    /// Whether a Hit now would be a Beat: every die in play is in Fatigue (GFH, Beat Trigger).
    pub fn all_fatigued(&self) -> bool {
        self.dice.iter().all(|d| d.zone == Zone::Fatigue)
    }

    /// Lock slots open now: Focused opens a second, Dazed closes them all (GFH, Conditions).
    pub fn open_lock_slots(&self, focused: bool, dazed: bool) -> u8 {
        if dazed {
            0
        } else {
            self.lock_slots.max(1) + u8::from(focused && self.lock_slots < 2)
        }
    }

    /// The first die in `zone`, preferring permanent dice so temporary ones are spent last.
    pub fn first_in(&self, zone: Zone) -> Option<usize> {
        let in_zone = |temporary: bool| {
            self.dice
                .iter()
                .position(|d| d.zone == zone && d.temporary == temporary)
        };
        in_zone(false).or_else(|| in_zone(true))
    }

    fn die(&self, index: usize) -> Result<&MomentumDie, MomentumError> {
        self.dice.get(index).ok_or(MomentumError::NoSuchDie(index))
    }

    fn expect_zone(&self, index: usize, zones: &[Zone]) -> Result<(), MomentumError> {
        let die = self.die(index)?;
        if zones.contains(&die.zone) {
            Ok(())
        } else {
            Err(MomentumError::WrongZone {
                expected: zones[0].label(),
                actual: die.zone.label(),
            })
        }
    }

    fn put(&mut self, index: usize, zone: Zone) {
        if let Some(die) = self.dice.get_mut(index) {
            die.zone = zone;
            die.lock = None;
        }
    }

    /// Prepare at the start of the hero's turn: one die Stamina → Power, or Fatigue → Stamina.
    pub fn prepare(&mut self, from: Zone) -> Result<(), MomentumError> {
        let to = match from {
            Zone::Stamina => Zone::Power,
            Zone::Fatigue => Zone::Stamina,
            _ => {
                return Err(MomentumError::IllegalMove(
                    "Prepare moves a die from Stamina to Power, or from Fatigue to Stamina",
                ));
            }
        };
        let index = self
            .first_in(from)
            .ok_or(MomentumError::EmptyZone(from.label()))?;
        self.put(index, to);
        Ok(())
    }

    /// Spends a die (Boost, Extra Action, Gambit fuel): it goes to Fatigue.
    /// `power_only` is true for uses only Power allows (Boost onto Effort, Extra Action, Build).
    pub fn spend(&mut self, index: usize, power_only: bool) -> Result<(), MomentumError> {
        let allowed: &[Zone] = if power_only {
            &[Zone::Power, Zone::Building]
        } else {
            &[Zone::Stamina, Zone::Power, Zone::Building]
        };
        self.expect_zone(index, allowed)?;
        self.put(index, Zone::Fatigue);
        Ok(())
    }

    /// Moves a Power die to Building, for allies to use (GFH, Building).
    pub fn build(&mut self, index: usize) -> Result<(), MomentumError> {
        self.expect_zone(index, &[Zone::Power])?;
        self.put(index, Zone::Building);
        Ok(())
    }

    /// Locks a Stamina or Power die into a free slot.
    pub fn lock(&mut self, index: usize, lock: Lock, open_slots: u8) -> Result<(), MomentumError> {
        self.expect_zone(index, &[Zone::Power, Zone::Stamina])?;
        if self.count(Zone::Locked) >= usize::from(open_slots) {
            return Err(MomentumError::NoLockSlot(open_slots));
        }
        if !matches!(lock.release_to, Zone::Stamina | Zone::Fatigue) {
            return Err(MomentumError::IllegalMove(
                "a released die goes to Stamina or to Fatigue",
            ));
        }
        if let Some(die) = self.dice.get_mut(index) {
            die.zone = Zone::Locked;
            die.lock = Some(lock);
        }
        Ok(())
    }

    /// Increase Defense: lock a Power die with its rolled value until the hero is attacked.
    pub fn increase_defense(
        &mut self,
        index: usize,
        value: u8,
        open_slots: u8,
    ) -> Result<(), MomentumError> {
        self.expect_zone(index, &[Zone::Power])?;
        let lock = Lock {
            purpose: LockPurpose::Defense { value },
            release_to: Zone::Fatigue,
        };
        self.lock(index, lock, open_slots)
    }

    /// The Defense bonus from Increase Defense (the highest locked value: modifiers don't stack).
    pub fn defense_bonus(&self) -> u8 {
        self.dice
            .iter()
            .filter_map(|d| match d.lock.as_ref()?.purpose {
                LockPurpose::Defense { value } => Some(value),
                LockPurpose::Effect { .. } => None,
            })
            .max()
            .unwrap_or(0)
    }

    /// The hero was attacked: Increase Defense dice are spent to Fatigue.
    pub fn attacked(&mut self) {
        for die in &mut self.dice {
            if matches!(
                die.lock,
                Some(Lock {
                    purpose: LockPurpose::Defense { .. },
                    ..
                })
            ) {
                die.zone = Zone::Fatigue;
                die.lock = None;
            }
        }
    }

    /// Releases a locked die to where its lock says.
    pub fn release(&mut self, index: usize) -> Result<(), MomentumError> {
        self.expect_zone(index, &[Zone::Locked])?;
        let to = self
            .die(index)?
            .lock
            .as_ref()
            .map_or(Zone::Stamina, |l| l.release_to);
        self.put(index, to);
        Ok(())
    }

    /// Takes a Hit: the chosen die (Stamina, Power, Building or Locked) goes to Fatigue; with
    /// every die already in Fatigue the Hit is a Beat (GFH, Hits & Beats).
    pub fn hit(&mut self, index: Option<usize>) -> Result<HitOutcome, MomentumError> {
        if self.all_fatigued() {
            return Ok(HitOutcome::Beat);
        }
        let Some(index) = index else {
            return Err(MomentumError::IllegalMove(
                "choose which die the hit sends to Fatigue",
            ));
        };
        let from = self.die(index)?.zone;
        if from == Zone::Fatigue {
            return Err(MomentumError::AlreadyFatigued);
        }
        self.put(index, Zone::Fatigue);
        Ok(HitOutcome::Fatigued { from })
    }

    /// Rally: one die from Fatigue to Stamina.
    pub fn rally(&mut self) -> Result<(), MomentumError> {
        let index = self
            .first_in(Zone::Fatigue)
            .ok_or(MomentumError::EmptyZone("Fatigue"))?;
        self.put(index, Zone::Stamina);
        Ok(())
    }

    /// Short rest after an encounter: every die back to Stamina; temporary dice are gone.
    pub fn short_rest(&mut self) {
        self.dice.retain(|d| !d.temporary);
        for die in &mut self.dice {
            die.zone = Zone::Stamina;
            die.lock = None;
        }
    }

    /// The owner's turn has come round: unused Building dice go to the owner's Fatigue.
    pub fn turn_started(&mut self) -> usize {
        let mut moved = 0;
        for die in self.dice.iter_mut().filter(|d| d.zone == Zone::Building) {
            die.zone = Zone::Fatigue;
            moved += 1;
        }
        moved
    }

    /// Bolstered: one temporary die in Stamina.
    pub fn add_temporary(&mut self) {
        self.dice.push(MomentumDie {
            temporary: true,
            ..MomentumDie::new(Zone::Stamina)
        });
    }

    /// Bolstered ended: temporary dice leave, wherever they sit.
    pub fn remove_temporary(&mut self) {
        self.dice.retain(|d| !d.temporary);
    }

    /// Shaken: one permanent die leaves play until Shaken ends. Returns the zone it left, or
    /// `None` when every die in play is temporary (nothing to lose).
    pub fn set_aside_one(&mut self) -> Option<Zone> {
        let order = [
            Zone::Stamina,
            Zone::Power,
            Zone::Fatigue,
            Zone::Building,
            Zone::Locked,
        ];
        let index = order.iter().find_map(|zone| {
            self.dice
                .iter()
                .position(|d| d.zone == *zone && !d.temporary)
        })?;
        let zone = self.dice.remove(index).zone;
        self.set_aside.push(zone);
        Some(zone)
    }

    /// Shaken ended: the set-aside die comes back to the zone it left (Stamina if it was
    /// locked or building). Returns where it went.
    pub fn return_set_aside(&mut self) -> Option<Zone> {
        let left = self.set_aside.pop()?;
        let zone = match left {
            Zone::Locked | Zone::Building => Zone::Stamina,
            other => other,
        };
        self.dice.push(MomentumDie::new(zone));
        Some(zone)
    }

    /// Sets the pool's permanent size, adding dice to Stamina or removing from Stamina first,
    /// then Fatigue, then Power (the GM's edit; locked and building dice are kept where possible).
    pub fn resize(&mut self, size: usize) -> Result<(), MomentumError> {
        if !(1..=20).contains(&size) {
            return Err(MomentumError::BadSize);
        }
        while self.size() < size {
            self.dice.push(MomentumDie::new(Zone::Stamina));
        }
        for zone in [
            Zone::Stamina,
            Zone::Fatigue,
            Zone::Power,
            Zone::Building,
            Zone::Locked,
        ] {
            while self.size() > size {
                let Some(i) = self
                    .dice
                    .iter()
                    .rposition(|d| d.zone == zone && !d.temporary)
                else {
                    break;
                };
                self.dice.remove(i);
            }
        }
        while self.size() > size && self.set_aside.pop().is_some() {}
        Ok(())
    }

    /// A drag-and-drop move of one die to another zone, mapped to the rule it stands for.
    /// Dropping on Locked needs a free slot and releases to Stamina.
    pub fn move_die(
        &mut self,
        index: usize,
        to: Zone,
        open_slots: u8,
    ) -> Result<(), MomentumError> {
        let from = self.die(index)?.zone;
        match (from, to) {
            (a, b) if a == b => Ok(()),
            (Zone::Stamina, Zone::Power)
            | (Zone::Fatigue | Zone::Locked, Zone::Stamina)
            | (Zone::Locked, Zone::Fatigue) => {
                self.put(index, to);
                Ok(())
            }
            (Zone::Power, Zone::Building) => self.build(index),
            (Zone::Stamina | Zone::Power, Zone::Locked) => self.lock(
                index,
                Lock {
                    purpose: LockPurpose::Effect {
                        name: String::new(),
                    },
                    release_to: Zone::Stamina,
                },
                open_slots,
            ),
            (_, Zone::Fatigue) => {
                self.put(index, Zone::Fatigue);
                Ok(())
            }
            (Zone::Fatigue, _) => Err(MomentumError::IllegalMove(
                "a fatigued die only recovers to Stamina (Prepare or Rally)",
            )),
            (_, Zone::Building) => Err(MomentumError::IllegalMove(
                "only Power dice can be put into Building",
            )),
            (Zone::Building, _) => Err(MomentumError::IllegalMove(
                "a Building die is for allies: it is spent as Power, or goes to Fatigue",
            )),
            (_, Zone::Stamina) => Err(MomentumError::IllegalMove(
                "dice return to Stamina only from Fatigue or a released lock",
            )),
            (_, Zone::Power) => Err(MomentumError::IllegalMove(
                "only a Stamina die can be Prepared into Power",
            )),
            (_, Zone::Locked) => Err(MomentumError::IllegalMove(
                "only Stamina or Power dice can be locked",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn zones(pool: &MomentumPool) -> [usize; 5] {
        Zone::ALL.map(|z| pool.count(z))
    }

    #[test]
    fn a_new_hero_has_three_dice_in_stamina() {
        let pool = MomentumPool::default();
        assert_eq!(zones(&pool), [3, 0, 0, 0, 0]);
        assert_eq!(MomentumPool::size_for_vigor(2), 5);
        assert_eq!(MomentumPool::size_for_vigor(-1), 3);
    }

    #[test]
    fn prepare_moves_one_die_along_the_flow() {
        let mut pool = MomentumPool::default();
        pool.prepare(Zone::Stamina).unwrap();
        assert_eq!(zones(&pool), [2, 1, 0, 0, 0]);
        assert_eq!(
            pool.prepare(Zone::Fatigue),
            Err(MomentumError::EmptyZone("Fatigue"))
        );
        assert!(pool.prepare(Zone::Power).is_err());
    }

    #[test]
    fn stamina_cannot_do_what_only_power_does() {
        let mut pool = MomentumPool::default();
        assert!(matches!(
            pool.spend(0, true),
            Err(MomentumError::WrongZone { .. })
        ));
        pool.spend(0, false).unwrap();
        assert_eq!(pool.dice[0].zone, Zone::Fatigue);
    }

    #[test]
    fn a_hit_with_everything_fatigued_is_a_beat() {
        let mut pool = MomentumPool::with_size(2);
        assert_eq!(
            pool.hit(Some(0)).unwrap(),
            HitOutcome::Fatigued {
                from: Zone::Stamina
            }
        );
        assert_eq!(pool.hit(Some(0)), Err(MomentumError::AlreadyFatigued));
        assert_eq!(
            pool.hit(Some(1)).unwrap(),
            HitOutcome::Fatigued {
                from: Zone::Stamina
            }
        );
        assert_eq!(pool.hit(None).unwrap(), HitOutcome::Beat);
    }

    #[test]
    fn increase_defense_holds_until_attacked() {
        let mut pool = MomentumPool::default();
        pool.prepare(Zone::Stamina).unwrap();
        let power = pool.first_in(Zone::Power).unwrap();
        pool.increase_defense(power, 4, 1).unwrap();
        assert_eq!(pool.defense_bonus(), 4);
        pool.attacked();
        assert_eq!((pool.defense_bonus(), pool.count(Zone::Fatigue)), (0, 1));
    }

    #[test]
    fn lock_slots_follow_focused_and_dazed() {
        let mut pool = MomentumPool::default();
        assert_eq!(pool.open_lock_slots(false, false), 1);
        assert_eq!(pool.open_lock_slots(true, false), 2);
        assert_eq!(pool.open_lock_slots(true, true), 0);
        let lock = || Lock {
            purpose: LockPurpose::Effect {
                name: "Stone Skin".into(),
            },
            release_to: Zone::Fatigue,
        };
        pool.lock(0, lock(), 1).unwrap();
        assert_eq!(pool.lock(1, lock(), 1), Err(MomentumError::NoLockSlot(1)));
        pool.release(0).unwrap();
        assert_eq!(pool.dice[0].zone, Zone::Fatigue);
    }

    #[test]
    fn building_dice_go_home_to_fatigue_when_the_owner_turn_returns() {
        let mut pool = MomentumPool::default();
        pool.prepare(Zone::Stamina).unwrap();
        pool.build(pool.first_in(Zone::Power).unwrap()).unwrap();
        assert_eq!(pool.turn_started(), 1);
        assert_eq!(zones(&pool), [2, 0, 1, 0, 0]);
    }

    #[test]
    fn shaken_sets_a_usable_die_aside_and_gives_it_back() {
        let mut pool = MomentumPool::default();
        pool.prepare(Zone::Stamina).unwrap();
        pool.hit(Some(1)).unwrap();
        // One Stamina, one Power, one Fatigue: the Stamina die is the one lost.
        assert_eq!(pool.set_aside_one(), Some(Zone::Stamina));
        assert_eq!((zones(&pool), pool.size()), ([0, 1, 1, 0, 0], 3));
        // With the Power die hit too, every die still in play is in Fatigue: the next Hit is a Beat.
        pool.hit(pool.first_in(Zone::Power)).unwrap();
        assert_eq!(pool.hit(None), Ok(HitOutcome::Beat));
        assert_eq!(pool.return_set_aside(), Some(Zone::Stamina));
        assert_eq!(zones(&pool), [1, 0, 2, 0, 0]);
        assert_eq!(pool.return_set_aside(), None);
    }

    #[test]
    fn illegal_drags_say_why() {
        let mut pool = MomentumPool::default();
        pool.hit(Some(0)).unwrap();
        let err = pool.move_die(0, Zone::Power, 1).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a fatigued die only recovers to Stamina (Prepare or Rally)"
        );
        assert!(pool.move_die(1, Zone::Building, 1).is_err());
    }

    fn action() -> impl Strategy<Value = (u8, usize, u8)> {
        (0..14u8, 0..8usize, 0..5u8)
    }

    fn run(pool: &mut MomentumPool, (kind, index, zone): (u8, usize, u8)) -> Option<HitOutcome> {
        let zone = Zone::ALL[usize::from(zone)];
        let lock = Lock {
            purpose: LockPurpose::Effect {
                name: String::new(),
            },
            release_to: Zone::Stamina,
        };
        let _ = match kind {
            0 => pool.prepare(zone),
            1 => pool.spend(index, index % 2 == 0),
            2 => pool.build(index),
            3 => pool.lock(index, lock, 2),
            4 => pool.release(index),
            5 => return pool.hit(Some(index)).ok(),
            6 => pool.rally(),
            7 => pool.move_die(index, zone, 1),
            8 => pool.increase_defense(index, 3, 1),
            9 => {
                pool.attacked();
                Ok(())
            }
            10 => {
                pool.turn_started();
                Ok(())
            }
            12 => {
                pool.set_aside_one();
                Ok(())
            }
            13 => {
                pool.return_set_aside();
                Ok(())
            }
            _ => {
                pool.add_temporary();
                Ok(())
            }
        };
        None
    }

    proptest! {
        /// Dice are conserved across zones: no move creates or destroys a permanent die.
        #[test]
        fn dice_are_conserved(size in 1..8usize, actions in prop::collection::vec(action(), 0..60)) {
            let mut pool = MomentumPool::with_size(size);
            for a in actions {
                run(&mut pool, a);
                prop_assert_eq!(pool.size(), size);
                prop_assert!(pool.dice.iter().all(|d| (d.zone == Zone::Locked) == d.lock.is_some()));
            }
        }

        /// A Beat happens exactly when a Hit finds every die in Fatigue.
        #[test]
        fn beat_exactly_when_all_fatigued(size in 1..6usize, actions in prop::collection::vec(action(), 0..40), index in 0..6usize) {
            let mut pool = MomentumPool::with_size(size);
            for a in actions {
                run(&mut pool, a);
            }
            let all_fatigued = pool.dice.iter().all(|d| d.zone == Zone::Fatigue);
            let outcome = pool.hit(Some(index));
            prop_assert_eq!(matches!(outcome, Ok(HitOutcome::Beat)), all_fatigued);
        }
    }
}
