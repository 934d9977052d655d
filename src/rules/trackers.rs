//! Tracker state for an encounter, changed only through [`TrackerCommand`]s with exact inverses.

use super::RulesError;
use crate::model::RuleSystem;
use crate::model::trackers::{
    EncounterChange, EncounterTrackers, TokenChange, TokenTrackers, TrackerCommand, Trackers,
};
use crate::model::validate::{check_encounter_trackers, check_sheet};
use crate::rules::evening::EveningChange;
use crate::rules::go_forth_heroes::GfhChange;
use crate::rules::post_core::PostChange;
use crate::rules::road_and_ruin::RrChange;
use crate::rules::three_d6::ThreeD6Change;

impl TokenTrackers {
    fn apply(&mut self, change: &TokenChange) -> Result<(), RulesError> {
        match (&mut *self, change) {
            (Self::GoForthHeroes(t), TokenChange::GoForthHeroes(c)) => t.apply(c),
            (Self::Evening(t), TokenChange::Evening(c)) => t.apply(c),
            (Self::RoadAndRuin(t), TokenChange::RoadAndRuin(c)) => t.apply(c),
            (Self::PostCore(t), TokenChange::PostCore(c)) => t.apply(c),
            (Self::ThreeD6(t), TokenChange::ThreeD6(c)) => t.apply(c),
            (t, c) => Err(RulesError::WrongSystem {
                command: c.system(),
                trackers: t.system(),
            }),
        }?;
        if change.edits_the_sheet() {
            self.set_default_numbers(false);
        }
        Ok(())
    }

    /// Whether the sheet still holds the system's plain starting numbers (a token from the
    /// palette, never edited): the Sheet pane says so.
    #[must_use]
    pub fn default_numbers(&self) -> bool {
        match self {
            Self::GoForthHeroes(t) => t.default_numbers,
            Self::Evening(t) => t.default_numbers,
            Self::RoadAndRuin(t) => t.default_numbers,
            Self::PostCore(t) => t.default_numbers,
            Self::ThreeD6(t) => t.default_numbers,
        }
    }

    /// Marks (or unmarks) the sheet as holding plain starting numbers.
    pub fn set_default_numbers(&mut self, default: bool) {
        match self {
            Self::GoForthHeroes(t) => t.default_numbers = default,
            Self::Evening(t) => t.default_numbers = default,
            Self::RoadAndRuin(t) => t.default_numbers = default,
            Self::PostCore(t) => t.default_numbers = default,
            Self::ThreeD6(t) => t.default_numbers = default,
        }
    }

    /// The same numbers marked as plain starting ones.
    #[must_use]
    pub fn as_defaults(mut self) -> Self {
        self.set_default_numbers(true);
        self
    }
}

impl TokenChange {
    /// Whether the change sets the numbers a sheet is built from (attributes, maxima, level,
    /// armour, attacks, a threat's rating) rather than tracking play (damage, rests, spending):
    /// such an edit makes the sheet the GM's own, no longer plain defaults.
    #[must_use]
    pub fn edits_the_sheet(&self) -> bool {
        match self {
            Self::GoForthHeroes(c) => matches!(
                c,
                GfhChange::SetAttributes(_)
                    | GfhChange::SetHearts(_)
                    | GfhChange::SetEffortShift { .. }
                    | GfhChange::SetAttacks(_)
            ),
            Self::Evening(c) => matches!(
                c,
                EveningChange::SetMaxHealth(_)
                    | EveningChange::AddReserve(_)
                    | EveningChange::SetThreat(_)
                    | EveningChange::SetAbilities(_)
                    | EveningChange::SetLevel(_)
                    | EveningChange::SetAttacks(_)
            ),
            Self::RoadAndRuin(c) => matches!(
                c,
                RrChange::SetMax { .. }
                    | RrChange::SetEndurance(_)
                    | RrChange::SetArmour(_)
                    | RrChange::SetShield(_)
                    | RrChange::SetAttacks(_)
            ),
            Self::PostCore(c) => matches!(
                c,
                PostChange::SetUp { .. } | PostChange::SetAttacks(_) | PostChange::SetGear { .. }
            ),
            Self::ThreeD6(c) => {
                matches!(c, ThreeD6Change::SetLevel(_) | ThreeD6Change::SetAttacks(_))
            }
        }
    }
}

impl EncounterTrackers {
    fn apply(&mut self, change: &EncounterChange) -> Result<(), RulesError> {
        match change {
            EncounterChange::Evening(c) => self.evening.apply(c),
            EncounterChange::RoadAndRuin(c) => self.road_and_ruin.apply(c),
            EncounterChange::PostCore(c) => self.post_core.apply(c),
            EncounterChange::ThreeD6(c) => self.three_d6.apply(c),
            EncounterChange::GoForthHeroes(c) => {
                self.go_forth_heroes.apply(c);
                Ok(())
            }
        }
    }
}

impl TrackerCommand {
    /// Applies the command in an encounter running `system` and returns its inverse. A token
    /// change goes to the sheet of the change's own system; removing a sheet without naming a
    /// system removes the one of `system`. Changes run on a copy that replaces the state only
    /// on success, so a failed command leaves `trackers` exactly as it was.
    ///
    /// Every sheet a command leaves — added, restored or changed — passes the loader's own
    /// check of a sheet ([`check_sheet`]), and so do the encounter-wide trackers: no command
    /// keeps a sheet its file would refuse.
    pub fn apply(&self, trackers: &mut Trackers, system: RuleSystem) -> Result<Self, RulesError> {
        match self {
            Self::AddToken { token, trackers: t } => {
                let system = t.system();
                if trackers.sheet(*token, system).is_some() {
                    return Err(RulesError::SheetExists {
                        token: *token,
                        system,
                    });
                }
                check_sheet(*token, t)?;
                trackers.insert(*token, t.clone());
                Ok(Self::RemoveToken {
                    token: *token,
                    system: Some(system),
                })
            }
            Self::RemoveToken { token, system: of } => {
                let of = of.unwrap_or(system);
                let old = trackers.remove(*token, of).ok_or(RulesError::NoSheet {
                    token: *token,
                    system: of,
                })?;
                Ok(Self::AddToken {
                    token: *token,
                    trackers: old,
                })
            }
            Self::Token { token, change } => {
                let slot = sheet_slot(trackers, *token, change.system())?;
                let mut next = slot.clone();
                next.apply(change)?;
                check_sheet(*token, &next)?;
                let old = std::mem::replace(slot, next);
                Ok(Self::RestoreToken {
                    token: *token,
                    trackers: Box::new(old),
                })
            }
            Self::RestoreToken { token, trackers: t } => {
                check_sheet(*token, t)?;
                let slot = sheet_slot(trackers, *token, t.system())?;
                let old = std::mem::replace(slot, (**t).clone());
                Ok(Self::RestoreToken {
                    token: *token,
                    trackers: Box::new(old),
                })
            }
            Self::Encounter(change) => {
                let mut next = trackers.encounter.clone();
                next.apply(change)?;
                check_encounter_trackers(&next)?;
                let old = std::mem::replace(&mut trackers.encounter, next);
                Ok(Self::RestoreEncounter(Box::new(old)))
            }
            Self::RestoreEncounter(e) => {
                check_encounter_trackers(e)?;
                let old = std::mem::replace(&mut trackers.encounter, (**e).clone());
                Ok(Self::RestoreEncounter(Box::new(old)))
            }
        }
    }
}

/// The token's sheet for `system`, or why there is none (the token has no sheets at all, or
/// none for that system).
fn sheet_slot(
    trackers: &mut Trackers,
    token: crate::model::TokenId,
    system: RuleSystem,
) -> Result<&mut TokenTrackers, RulesError> {
    let Some(sheets) = trackers.per_token.get_mut(&token) else {
        return Err(RulesError::UnknownToken(token));
    };
    sheets
        .get_mut(system)
        .ok_or(RulesError::NoSheet { token, system })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{RuleSystem, TokenId};
    use crate::rules::evening::{EveningChange, EveningEncounterChange, Tally};
    use crate::rules::go_forth_heroes::{Defense, GfhChange, Hearts, Severity, Wound};
    use crate::rules::post_core::{Attribute, ClockChange, PostChange};
    use crate::rules::road_and_ruin::{Pool, RosterChange, RrChange};
    use crate::rules::system;
    use crate::rules::three_d6::{EscalationChange, ThreeD6Change};
    use proptest::prelude::*;

    fn even(x: u8) -> bool {
        x.is_multiple_of(2)
    }

    fn gfh_change(a: u8, b: u8) -> GfhChange {
        let severity = [Severity::Flesh, Severity::Shallow, Severity::Vicious][usize::from(b % 3)];
        match a % 6 {
            0 => GfhChange::SetHearts(Some(Hearts {
                fortified: even(b),
                shield: u32::from(b % 3),
                ..Hearts::new(u32::from(b % 4))
            })),
            1 => GfhChange::ApplyEffort {
                effort: u32::from(b % 25),
                overkill: even(a / 8),
            },
            2 => GfhChange::AddWound(Wound {
                defense: Defense::Mind,
                severity,
                effect_roll: b % 10,
                sessions_left: a % 4,
            }),
            3 => GfhChange::ShortRest,
            4 => GfhChange::LongRest,
            _ => [
                GfhChange::EndSession,
                GfhChange::RemoveWound(usize::from(b % 3)),
            ][usize::from(b % 2)]
            .clone(),
        }
    }

    fn evening_change(a: u8, b: u8) -> EveningChange {
        match a % 10 {
            0 => EveningChange::SetMaxHealth(u32::from(b)),
            1 => EveningChange::Damage(u32::from(b % 40)),
            2 => EveningChange::Heal(u32::from(b % 40)),
            3 => EveningChange::GainTempHealth(u32::from(b % 9)),
            4 => EveningChange::AddReserve(8),
            5 => EveningChange::SpendReserve(usize::from(b % 3)),
            6 => EveningChange::LongRest,
            7 => EveningChange::SetInjury(b % 9),
            8 => EveningChange::ShortRest(vec![crate::rules::evening::ReserveRoll {
                index: usize::from(b % 3),
                face: u32::from(b % 10),
            }]),
            _ => EveningChange::SetExhaustion(b % 8),
        }
    }

    fn rr_change(a: u8, b: u8) -> RrChange {
        let pool = [Pool::Health, Pool::Steadfast, Pool::Mana, Pool::Exertion][usize::from(b % 4)];
        match a % 5 {
            0 => RrChange::Strike(u32::from(b % 12)),
            1 => RrChange::SetMax {
                pool,
                max: u32::from(b % 20),
            },
            2 => RrChange::Recover {
                pool,
                amount: u32::from(b % 7),
            },
            3 => RrChange::Spend {
                pool,
                amount: u32::from(b % 7),
            },
            _ => RrChange::SetEndurance(b % 5),
        }
    }

    fn post_change(a: u8, b: u8) -> TokenChange {
        TokenChange::PostCore(match a % 5 {
            0 => PostChange::Damage(b % 4),
            1 => PostChange::SpendGrit(b % 8),
            2 => PostChange::ShortRest,
            3 => PostChange::ExtendedRest,
            _ => PostChange::AttributeLoss {
                attribute: Attribute::Dex,
                amount: b % 3,
            },
        })
    }

    fn evening_encounter(a: u8, b: u8) -> EveningEncounterChange {
        let tally = if even(a) {
            Tally::Failure
        } else {
            Tally::Successes(u32::from(b % 3))
        };
        match a % 6 {
            0 => EveningEncounterChange::AddThread {
                name: "t".into(),
                length: b % 14,
            },
            1 => EveningEncounterChange::AdvanceThread(usize::from(b % 2)),
            2 => EveningEncounterChange::ForestallThread(usize::from(b % 2)),
            3 => EveningEncounterChange::NewScene,
            4 => EveningEncounterChange::AddChallenge {
                name: "c".into(),
                rating: b % 12,
                complexity: a % 12,
            },
            _ => EveningEncounterChange::TallyChallenge { index: 0, tally },
        }
    }

    fn clock_change(a: u8, b: u8) -> ClockChange {
        let (i, j) = (usize::from(a % 3), usize::from(b % 3));
        match b % 6 {
            0 => ClockChange::Add {
                name: "c".into(),
                segments: a % 9,
            },
            1 => ClockChange::Tick {
                index: i,
                by: a % 5,
            },
            2 => ClockChange::Untick { index: i, by: 1 },
            3 => ClockChange::Link { first: i, then: j },
            4 => ClockChange::Race { a: i, b: j },
            _ => ClockChange::Remove(i),
        }
    }

    fn encounter_change(a: u8, b: u8) -> EncounterChange {
        match b % 4 {
            0 => EncounterChange::Evening(evening_encounter(a, b / 4)),
            1 => EncounterChange::RoadAndRuin(if even(a) {
                RosterChange::Add(format!("e{a}"))
            } else {
                RosterChange::Set {
                    slot: usize::from(a % 22),
                    name: None,
                }
            }),
            2 => EncounterChange::PostCore(clock_change(a, b / 4)),
            _ => EncounterChange::ThreeD6(match a % 3 {
                0 => EscalationChange::Set(b % 8),
                1 => EscalationChange::Increase,
                _ => EscalationChange::Decrease,
            }),
        }
    }

    /// Builds a command from small numbers, covering every kind of change, valid or not.
    fn command(kind: u8, token: u8, a: u8, b: u8) -> TrackerCommand {
        let any_token = TokenId(u64::from(token % 7));
        let change = match kind % 8 {
            0 => {
                let trackers = system(RuleSystem::ALL[usize::from(a) % 5]).new_token_trackers();
                return TrackerCommand::AddToken {
                    token: any_token,
                    trackers,
                };
            }
            1 => {
                return TrackerCommand::RemoveToken {
                    token: any_token,
                    system: b
                        .is_multiple_of(2)
                        .then(|| RuleSystem::ALL[usize::from(a) % 5]),
                };
            }
            2 => TokenChange::GoForthHeroes(gfh_change(a, b)),
            3 => TokenChange::Evening(evening_change(a, b)),
            4 => TokenChange::RoadAndRuin(rr_change(a, b)),
            5 => post_change(a, b),
            6 => TokenChange::ThreeD6(ThreeD6Change::SetLevel((a % 14 < 13).then_some(a % 14))),
            _ => return TrackerCommand::Encounter(encounter_change(a, b)),
        };
        // Mostly aim at the token of the change's own system (token n runs system n), sometimes
        // at any token to exercise the refusals.
        let token = if token.is_multiple_of(5) {
            any_token
        } else {
            TokenId(change.system() as u64)
        };
        TrackerCommand::Token { token, change }
    }

    /// Tokens 0–4, one per system in [`RuleSystem::ALL`] order.
    fn one_token_per_system() -> Trackers {
        let mut t = Trackers::default();
        for (i, id) in RuleSystem::ALL.iter().enumerate() {
            let add = TrackerCommand::AddToken {
                token: TokenId(i as u64),
                trackers: system(*id).new_token_trackers(),
            };
            add.apply(&mut t, RuleSystem::Evening).unwrap();
        }
        t
    }

    #[test]
    fn wrong_system_and_unknown_token_are_refused() {
        let mut t = Trackers::default();
        let add = TrackerCommand::AddToken {
            token: TokenId(1),
            trackers: system(RuleSystem::Evening).new_token_trackers(),
        };
        add.apply(&mut t, RuleSystem::Evening).unwrap();
        assert_eq!(
            add.apply(&mut t, RuleSystem::Evening),
            Err(RulesError::SheetExists {
                token: TokenId(1),
                system: RuleSystem::Evening
            })
        );
        let before = t.clone();
        let gfh = TrackerCommand::Token {
            token: TokenId(1),
            change: TokenChange::GoForthHeroes(GfhChange::ShortRest),
        };
        assert_eq!(
            gfh.apply(&mut t, RuleSystem::Evening),
            Err(RulesError::NoSheet {
                token: TokenId(1),
                system: RuleSystem::GoForthHeroes
            })
        );
        let missing = TrackerCommand::Token {
            token: TokenId(9),
            change: TokenChange::Evening(EveningChange::Heal(1)),
        };
        assert_eq!(
            missing.apply(&mut t, RuleSystem::Evening),
            Err(RulesError::UnknownToken(TokenId(9)))
        );
        assert_eq!(t, before);
    }

    #[test]
    fn trackers_round_trip_through_json() {
        let mut t = one_token_per_system();
        TrackerCommand::Encounter(EncounterChange::PostCore(ClockChange::Add {
            name: "c".into(),
            segments: 6,
        }))
        .apply(&mut t, RuleSystem::Evening)
        .unwrap();
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(serde_json::from_str::<Trackers>(&json).unwrap(), t);
    }

    proptest! {
        #[test]
        fn inverses_restore_and_errors_leave_state_untouched(
            steps in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()), 1..60)
        ) {
            let mut state = one_token_per_system();
            let mut snapshots = Vec::new();
            let mut inverses = Vec::new();
            for (kind, token, a, b) in steps {
                let before = state.clone();
                let running = RuleSystem::ALL[usize::from(a / 5) % 5];
                if let Ok(inverse) = command(kind, token, a, b).apply(&mut state, running) {
                    snapshots.push(before);
                    inverses.push(inverse);
                } else {
                    prop_assert_eq!(&state, &before);
                }
            }
            while let (Some(inverse), Some(before)) = (inverses.pop(), snapshots.pop()) {
                inverse.apply(&mut state, RuleSystem::ThreeD6).unwrap();
                prop_assert_eq!(&state, &before);
            }
        }
    }
}
