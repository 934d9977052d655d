//! Condition lookups by rule system. The catalogues themselves live in each system's folder
//! (`src/rules/<system>/mod.rs`), behind [`crate::rules::System::condition_catalogue`].

use crate::model::RuleSystem;
pub use crate::rules::conditions::{Bearer, CheckKind, ConditionDef, Defense, Effect};

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
/// The catalogue for a token of `side`, split in two: the conditions written for its kind or
/// for anyone first, then those written for the other kind (GFH: a hero's conditions, then the
/// monster Debuffs; a monster's Debuffs, then the heroes' conditions, since "Monsters don't use
/// the condition system"). Party and allies are heroes; enemies and neutrals are monsters.
#[must_use]
pub fn for_side(
    system: RuleSystem,
    side: crate::model::Side,
) -> (Vec<&'static ConditionDef>, Vec<&'static ConditionDef>) {
    use crate::rules::conditions::Bearer;
    let hero = matches!(side, crate::model::Side::Party | crate::model::Side::Ally);
    let others = if hero {
        Bearer::Monsters
    } else {
        Bearer::Heroes
    };
    catalogue(system).iter().partition(|d| d.bearer != others)
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
