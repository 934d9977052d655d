//! The encounter TN of the current scene (GFH, Encounter Target Numbers): the GM rolls the
//! tier's dice once for the scene and every check in it uses that TN.

use super::{GfhEncounter, GfhEncounterChange};

impl GfhEncounter {
    /// Applies `change`.
    pub fn apply(&mut self, change: &GfhEncounterChange) {
        let GfhEncounterChange::SetSceneTn(tn) = change;
        self.scene_tn = *tn;
    }
}
