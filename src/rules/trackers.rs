//! Tracker state for an encounter, changed only through [`TrackerCommand`]s with exact inverses.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{
    RulesError, evening, go_forth_heroes as gfh, post_core as post, road_and_ruin as rr, three_d6,
};
use crate::model::{RuleSystem, TokenId};

/// Every tracker in an encounter: per-token state and encounter-wide state. The encounter model
/// embeds this and wraps [`TrackerCommand`] in its own command enum.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Trackers {
    /// State per token.
    pub per_token: BTreeMap<TokenId, TokenTrackers>,
    /// State shared by the whole encounter.
    pub encounter: EncounterTrackers,
}

/// One token's trackers, in its system's terms.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TokenTrackers {
    /// GFH: attributes/Defenses, Hearts, Wounds.
    GoForthHeroes(gfh::GfhToken),
    /// Evening: health, reserves, injury, exhaustion, threat profile.
    Evening(evening::EveningToken),
    /// Road and Ruin: Health, Steadfast, Exertion, Mana, Spirit.
    RoadAndRuin(rr::RrToken),
    /// Post core: HP, grit, STR/DEX/WIL.
    PostCore(post::PostToken),
    /// 3d6: level and tier.
    ThreeD6(three_d6::ThreeD6Token),
}

/// Encounter-wide trackers for every system (only the running system's part is used).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EncounterTrackers {
    /// Evening threads and challenges.
    pub evening: evening::EveningEncounter,
    /// Road and Ruin story roster.
    pub road_and_ruin: rr::StoryRoster,
    /// Post core clocks.
    pub post_core: post::Clocks,
    /// 3d6 escalation.
    pub three_d6: three_d6::ThreeD6Encounter,
}

/// A change to one token's trackers, in its system's terms.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TokenChange {
    /// A GFH change.
    GoForthHeroes(gfh::GfhChange),
    /// An Evening change.
    Evening(evening::EveningChange),
    /// A Road and Ruin change.
    RoadAndRuin(rr::RrChange),
    /// A Post core change.
    PostCore(post::PostChange),
    /// A 3d6 change.
    ThreeD6(three_d6::ThreeD6Change),
}

/// A change to the encounter-wide trackers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EncounterChange {
    /// Evening threads and challenges.
    Evening(evening::EveningEncounterChange),
    /// The Road and Ruin story roster.
    RoadAndRuin(rr::RosterChange),
    /// Post core clocks.
    PostCore(post::ClockChange),
    /// 3d6 escalation.
    ThreeD6(three_d6::EscalationChange),
}

/// Every way trackers change. [`TrackerCommand::apply`] returns the inverse command; invalid
/// commands fail and leave the state untouched.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TrackerCommand {
    /// Give a token trackers (fails if it has some).
    AddToken {
        /// The token.
        token: TokenId,
        /// Its starting trackers.
        trackers: TokenTrackers,
    },
    /// Remove a token's trackers (fails if it has none).
    RemoveToken {
        /// The token.
        token: TokenId,
    },
    /// Change one token's trackers.
    Token {
        /// The token.
        token: TokenId,
        /// The change.
        change: TokenChange,
    },
    /// Put a token's trackers back exactly (the inverse of a token change).
    RestoreToken {
        /// The token.
        token: TokenId,
        /// The state to restore.
        trackers: Box<TokenTrackers>,
    },
    /// Change the encounter-wide trackers.
    Encounter(EncounterChange),
    /// Put the encounter-wide trackers back exactly (the inverse of an encounter change).
    RestoreEncounter(Box<EncounterTrackers>),
}

impl TokenTrackers {
    /// The system these trackers belong to.
    #[must_use]
    pub fn system(&self) -> RuleSystem {
        match self {
            Self::GoForthHeroes(_) => RuleSystem::GoForthHeroes,
            Self::Evening(_) => RuleSystem::Evening,
            Self::RoadAndRuin(_) => RuleSystem::RoadAndRuin,
            Self::PostCore(_) => RuleSystem::PostCore,
            Self::ThreeD6(_) => RuleSystem::ThreeD6,
        }
    }

    fn apply(&mut self, change: &TokenChange) -> Result<(), RulesError> {
        match (self, change) {
            (Self::GoForthHeroes(t), TokenChange::GoForthHeroes(c)) => t.apply(c),
            (Self::Evening(t), TokenChange::Evening(c)) => t.apply(c),
            (Self::RoadAndRuin(t), TokenChange::RoadAndRuin(c)) => t.apply(c),
            (Self::PostCore(t), TokenChange::PostCore(c)) => t.apply(c),
            (Self::ThreeD6(t), TokenChange::ThreeD6(c)) => t.apply(c),
            (t, c) => Err(RulesError::WrongSystem {
                command: c.system(),
                trackers: t.system(),
            }),
        }
    }
}

impl TokenChange {
    /// The system this change belongs to.
    #[must_use]
    pub fn system(&self) -> RuleSystem {
        match self {
            Self::GoForthHeroes(_) => RuleSystem::GoForthHeroes,
            Self::Evening(_) => RuleSystem::Evening,
            Self::RoadAndRuin(_) => RuleSystem::RoadAndRuin,
            Self::PostCore(_) => RuleSystem::PostCore,
            Self::ThreeD6(_) => RuleSystem::ThreeD6,
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
        }
    }
}

impl TrackerCommand {
    /// Applies the command and returns its inverse. Changes run on a copy that replaces the
    /// state only on success, so a failed command leaves `trackers` exactly as it was.
    pub fn apply(&self, trackers: &mut Trackers) -> Result<Self, RulesError> {
        match self {
            Self::AddToken { token, trackers: t } => {
                if trackers.per_token.contains_key(token) {
                    return Err(RulesError::TokenExists(*token));
                }
                trackers.per_token.insert(*token, t.clone());
                Ok(Self::RemoveToken { token: *token })
            }
            Self::RemoveToken { token } => {
                let old = trackers
                    .per_token
                    .remove(token)
                    .ok_or(RulesError::UnknownToken(*token))?;
                Ok(Self::AddToken {
                    token: *token,
                    trackers: old,
                })
            }
            Self::Token { token, change } => {
                let slot = trackers
                    .per_token
                    .get_mut(token)
                    .ok_or(RulesError::UnknownToken(*token))?;
                let mut next = slot.clone();
                next.apply(change)?;
                let old = std::mem::replace(slot, next);
                Ok(Self::RestoreToken {
                    token: *token,
                    trackers: Box::new(old),
                })
            }
            Self::RestoreToken { token, trackers: t } => {
                let slot = trackers
                    .per_token
                    .get_mut(token)
                    .ok_or(RulesError::UnknownToken(*token))?;
                let old = std::mem::replace(slot, (**t).clone());
                Ok(Self::RestoreToken {
                    token: *token,
                    trackers: Box::new(old),
                })
            }
            Self::Encounter(change) => {
                let mut next = trackers.encounter.clone();
                next.apply(change)?;
                let old = std::mem::replace(&mut trackers.encounter, next);
                Ok(Self::RestoreEncounter(Box::new(old)))
            }
            Self::RestoreEncounter(e) => {
                let old = std::mem::replace(&mut trackers.encounter, (**e).clone());
                Ok(Self::RestoreEncounter(Box::new(old)))
            }
        }
    }
}
