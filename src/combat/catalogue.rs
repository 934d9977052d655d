//! Condition lookups by rule system. The catalogues themselves live in each system's folder
//! (`src/rules/<system>/mod.rs`), behind [`crate::rules::System::condition_catalogue`].

use crate::model::RuleSystem;
pub use crate::rules::conditions::{CheckKind, ConditionDef, Defense, Effect};

/// The catalogue for a rule system.
pub fn catalogue(system: RuleSystem) -> &'static [ConditionDef] {
    crate::rules::system(system).condition_catalogue()
}

/// The catalogue entry for `name` under `system`, or the marker of one of the text's combat
/// actions (`System::action_markers`); `None` for custom conditions.
pub fn find(system: RuleSystem, name: &str) -> Option<&'static ConditionDef> {
    let rules = crate::rules::system(system);
    rules
        .condition_catalogue()
        .iter()
        .chain(rules.action_markers())
        .find(|d| d.name.eq_ignore_ascii_case(name))
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evening_has_fourteen_conditions() {
        assert_eq!(catalogue(RuleSystem::Evening).len(), 14);
    }

    #[test]
    fn gfh_pairs_point_at_each_other() {
        for d in catalogue(RuleSystem::GoForthHeroes) {
            if let Some(other) = d.opposite {
                assert_eq!(
                    find(RuleSystem::GoForthHeroes, other).and_then(|o| o.opposite),
                    Some(d.name)
                );
            }
        }
        assert_eq!(
            catalogue(RuleSystem::GoForthHeroes)
                .iter()
                .filter(|d| d.opposite.is_some())
                .count(),
            8
        );
    }
}
