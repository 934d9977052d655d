//! The encounter TN of the current scene (GFH, Encounter Target Numbers): the GM rolls the
//! tier's dice once for the scene and every check in it uses that TN.

use serde::{Deserialize, Serialize};

use super::TnTier;

/// The scene's rolled TN and the tier it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SceneTn {
    /// The tier rolled.
    pub tier: TnTier,
    /// 10 plus the tier's dice.
    pub tn: i64,
}

/// Encounter-wide GFH state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GfhEncounter {
    /// The scene's TN once rolled; a new scene forgets it.
    pub scene_tn: Option<SceneTn>,
}

/// A change to the encounter-wide GFH state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GfhEncounterChange {
    /// Keep (or forget, with `None`) the scene's TN.
    SetSceneTn(Option<SceneTn>),
}

impl GfhEncounter {
    /// Applies `change`.
    pub fn apply(&mut self, change: &GfhEncounterChange) {
        let GfhEncounterChange::SetSceneTn(tn) = change;
        self.scene_tn = *tn;
    }
}
