//! Each rule system's trackers as saved with the encounter, and the tracker commands as data.
//! What a change does under each system's rules lives in `rules`.

pub mod attack;
pub mod evening;
pub mod evening_movement;
pub mod go_forth_heroes;
pub mod post_core;
pub mod road_and_ruin;
pub mod three_d6;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use self::{go_forth_heroes as gfh, post_core as post, road_and_ruin as rr};
use super::{RuleSystem, TokenId};

/// Every tracker in an encounter: per-token sheets and encounter-wide state. The encounter model
/// embeds this and wraps [`TrackerCommand`] in its own command enum.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Trackers {
    /// Each token's sheets, one per system it has numbers for.
    pub per_token: BTreeMap<TokenId, TokenSheets>,
    /// State shared by the whole encounter.
    pub encounter: EncounterTrackers,
}

impl Trackers {
    /// The sheet `token` keeps for `system`, if any. The encounter reads the sheet of its own
    /// system (`Encounter::sheet`); the others wait, whole, for the system to change back.
    #[must_use]
    pub fn sheet(&self, token: TokenId, system: RuleSystem) -> Option<&TokenTrackers> {
        self.per_token.get(&token)?.get(system)
    }

    /// The sheet `token` keeps for `system`, to change in place.
    pub fn sheet_mut(&mut self, token: TokenId, system: RuleSystem) -> Option<&mut TokenTrackers> {
        self.per_token.get_mut(&token)?.get_mut(system)
    }

    /// Keeps `sheet` as the token's sheet for its system, returning the one it replaces.
    pub fn insert(&mut self, token: TokenId, sheet: TokenTrackers) -> Option<TokenTrackers> {
        self.per_token.entry(token).or_default().insert(sheet)
    }

    /// Takes away the token's sheet for `system` (a token left with none leaves the map).
    pub fn remove(&mut self, token: TokenId, system: RuleSystem) -> Option<TokenTrackers> {
        let sheets = self.per_token.get_mut(&token)?;
        let old = sheets.remove(system);
        if sheets.is_empty() {
            self.per_token.remove(&token);
        }
        old
    }
}

/// One token's numbers in every system it has them for, side by side: at most one sheet per
/// system, each a [`TokenTrackers`] of that system. Changing the encounter's system changes
/// which sheet is read, and loses none.
///
/// Saved as an object keyed by each sheet's system (`{"GoForthHeroes": {…}, "Evening": {…}}`).
/// Files from before sheets stood side by side kept one `TokenTrackers` per token, which is a
/// one-key object of the same shape, so they load as a token with that one sheet.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "SheetsFile", into = "SheetsFile")]
pub struct TokenSheets {
    sheets: BTreeMap<RuleSystem, TokenTrackers>,
}

impl TokenSheets {
    /// Sheets from a list; a later sheet of a system replaces an earlier one.
    #[must_use]
    pub fn from_sheets(sheets: impl IntoIterator<Item = TokenTrackers>) -> Self {
        let mut out = Self::default();
        for sheet in sheets {
            out.insert(sheet);
        }
        out
    }

    /// The sheet for `system`.
    #[must_use]
    pub fn get(&self, system: RuleSystem) -> Option<&TokenTrackers> {
        self.sheets.get(&system)
    }

    /// The sheet for `system`, to change in place.
    pub fn get_mut(&mut self, system: RuleSystem) -> Option<&mut TokenTrackers> {
        self.sheets.get_mut(&system)
    }

    /// Keeps `sheet` for its system, returning the one it replaces.
    pub fn insert(&mut self, sheet: TokenTrackers) -> Option<TokenTrackers> {
        self.sheets.insert(sheet.system(), sheet)
    }

    /// Takes away the sheet for `system`.
    pub fn remove(&mut self, system: RuleSystem) -> Option<TokenTrackers> {
        self.sheets.remove(&system)
    }

    /// Whether no system has a sheet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.sheets.is_empty()
    }

    /// Every sheet, in system order.
    pub fn iter(&self) -> impl Iterator<Item = &TokenTrackers> {
        self.sheets.values()
    }

    /// The systems with a sheet.
    pub fn systems(&self) -> impl Iterator<Item = RuleSystem> + '_ {
        self.sheets.keys().copied()
    }
}

/// [`TokenSheets`] as saved: one optional field per system, named as `TokenTrackers`' variants.
#[derive(Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SheetsFile {
    #[serde(
        rename = "GoForthHeroes",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    go_forth_heroes: Option<gfh::GfhToken>,
    #[serde(rename = "Evening", default, skip_serializing_if = "Option::is_none")]
    evening: Option<evening::EveningToken>,
    #[serde(
        rename = "RoadAndRuin",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    road_and_ruin: Option<rr::RrToken>,
    #[serde(rename = "PostCore", default, skip_serializing_if = "Option::is_none")]
    post_core: Option<post::PostToken>,
    #[serde(rename = "ThreeD6", default, skip_serializing_if = "Option::is_none")]
    three_d6: Option<three_d6::ThreeD6Token>,
}

impl From<SheetsFile> for TokenSheets {
    fn from(file: SheetsFile) -> Self {
        let sheets = [
            file.go_forth_heroes.map(TokenTrackers::GoForthHeroes),
            file.evening.map(TokenTrackers::Evening),
            file.road_and_ruin.map(TokenTrackers::RoadAndRuin),
            file.post_core.map(TokenTrackers::PostCore),
            file.three_d6.map(TokenTrackers::ThreeD6),
        ];
        Self::from_sheets(sheets.into_iter().flatten())
    }
}

impl From<TokenSheets> for SheetsFile {
    fn from(sheets: TokenSheets) -> Self {
        let mut file = Self::default();
        for sheet in sheets.sheets.into_values() {
            match sheet {
                TokenTrackers::GoForthHeroes(t) => file.go_forth_heroes = Some(t),
                TokenTrackers::Evening(t) => file.evening = Some(t),
                TokenTrackers::RoadAndRuin(t) => file.road_and_ruin = Some(t),
                TokenTrackers::PostCore(t) => file.post_core = Some(t),
                TokenTrackers::ThreeD6(t) => file.three_d6 = Some(t),
            }
        }
        file
    }
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
    /// Give a token a sheet for the trackers' system (fails if it has one for that system).
    AddToken {
        /// The token.
        token: TokenId,
        /// Its starting trackers.
        trackers: TokenTrackers,
    },
    /// Remove a token's sheet for `system`, or for the encounter's system when `None` (fails if
    /// it has none).
    RemoveToken {
        /// The token.
        token: TokenId,
        /// Which sheet; `None` (and older scripts, which name none) is the encounter's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        system: Option<RuleSystem>,
    },
    /// Change one token's sheet: the sheet of the change's system.
    Token {
        /// The token.
        token: TokenId,
        /// The change.
        change: TokenChange,
    },
    /// Put a token's sheet for the trackers' system back exactly (the inverse of a token
    /// change).
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
