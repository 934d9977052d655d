//! Each rule system's trackers as saved with the encounter, and the tracker commands as data.
//! What a change does under each system's rules lives in `rules`.

pub mod evening;
pub mod go_forth_heroes;
pub mod post_core;
pub mod road_and_ruin;
pub mod three_d6;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use self::{go_forth_heroes as gfh, post_core as post, road_and_ruin as rr};
use super::{RuleSystem, TokenId};

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
    /// GFH: the scene's rolled TN (absent in older files).
    #[serde(default)]
    pub go_forth_heroes: gfh::GfhEncounter,
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
    /// GFH: the scene's TN.
    GoForthHeroes(gfh::GfhEncounterChange),
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
