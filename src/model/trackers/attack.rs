//! Attacks on a token's sheet: the shape every system shares (a name and how far it reaches) with
//! each system's own numbers beside it (`numbers`). A sheet lists them; the check builder fills a
//! check from the one the GM picks (`combat::action`).

use serde::{Deserialize, Serialize};

/// How far an attack reaches, in cells of the map (the map turns cells into each system's
/// bands: GFH Engaged/Close/Nearby/Far, Evening's squares, Road and Ruin's metres).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum AttackRange {
    /// A melee attack reaching targets within `reach_cells` (1: the adjacent cells; Evening,
    /// Reach: a weapon or feature may grant more).
    Melee {
        /// The farthest a target may stand, in cells (1 or more).
        reach_cells: u32,
    },
    /// A ranged attack: up to `short_cells` without penalty, on to `long_cells` (Evening,
    /// Range: an attack at long range has disadvantage). A weapon with one range has both equal.
    Ranged {
        /// The short range, in cells.
        short_cells: u32,
        /// The long range, in cells (at least the short one).
        long_cells: u32,
    },
}

impl AttackRange {
    /// The plain melee reach: the adjacent cells.
    pub const ADJACENT: Self = Self::Melee { reach_cells: 1 };

    /// Whether this is a melee attack.
    #[must_use]
    pub fn is_melee(self) -> bool {
        matches!(self, Self::Melee { .. })
    }

    /// The farthest a target may stand, in cells.
    #[must_use]
    pub fn max_cells(self) -> u32 {
        match self {
            Self::Melee { reach_cells } => reach_cells,
            Self::Ranged { long_cells, .. } => long_cells,
        }
    }

    /// A short description: "melee, reach 1" or "ranged 16/64 cells".
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Self::Melee { reach_cells } => format!("melee, reach {reach_cells}"),
            Self::Ranged {
                short_cells,
                long_cells,
            } if short_cells == long_cells => format!("ranged {long_cells} cells"),
            Self::Ranged {
                short_cells,
                long_cells,
            } => format!("ranged {short_cells}/{long_cells} cells"),
        }
    }
}

/// One attack on a sheet: its name, its reach and the system's numbers for it (`N`: GFH
/// attribute and Effort die, Evening damage dice, Road and Ruin attack die and damage, Post
/// attribute, 3d6 harm die).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack<N> {
    /// What the GM picks it by ("Shortsword", "Claws"); a longer one is refused as it is read.
    #[serde(deserialize_with = "crate::model::validate::de_attack_name")]
    pub name: String,
    /// How far it reaches.
    pub range: AttackRange,
    /// The system's numbers.
    pub numbers: N,
}

impl<N> Attack<N> {
    /// An attack named `name` with `range` and `numbers`.
    pub fn new(name: impl Into<String>, range: AttackRange, numbers: N) -> Self {
        Self {
            name: name.into(),
            range,
            numbers,
        }
    }
}

/// The most attacks one sheet lists.
pub const MAX_ATTACKS: usize = 32;

/// The farthest an attack may reach, in cells: across the whole area a map may use.
pub const MAX_ATTACK_CELLS: u32 = crate::model::limits::ATTACK_CELLS.max as u32;

/// Why an attack list cannot be kept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AttackError {
    #[error("a sheet lists at most {MAX_ATTACKS} attacks, not {0}")]
    TooMany(usize),
    #[error("an attack needs a name")]
    NoName,
    #[error("the attack name \"{0}…\" is too long (at most {MAX_ATTACK_NAME_CHARS} characters)")]
    LongName(String),
    #[error("{name}: {why}")]
    Bad { name: String, why: String },
}

/// The longest attack name, in characters.
pub const MAX_ATTACK_NAME_CHARS: usize = 80;

/// Checks the shape every system shares: the count, each name, each range. `numbers` checks
/// the system's own numbers and says what is wrong with them.
pub fn check_attacks<N>(
    attacks: &[Attack<N>],
    numbers: impl Fn(&N) -> Result<(), String>,
) -> Result<(), AttackError> {
    if attacks.len() > MAX_ATTACKS {
        return Err(AttackError::TooMany(attacks.len()));
    }
    for attack in attacks {
        let name = attack.name.trim();
        if name.is_empty() {
            return Err(AttackError::NoName);
        }
        if attack.name.chars().count() > MAX_ATTACK_NAME_CHARS {
            let start: String = attack.name.chars().take(20).collect();
            return Err(AttackError::LongName(start));
        }
        let bad = |why: String| AttackError::Bad {
            name: attack.name.clone(),
            why,
        };
        match attack.range {
            AttackRange::Melee { reach_cells }
                if !(1..=MAX_ATTACK_CELLS).contains(&reach_cells) =>
            {
                return Err(bad(format!(
                    "a melee reach is 1 to {MAX_ATTACK_CELLS} cells, not {reach_cells}"
                )));
            }
            AttackRange::Ranged {
                short_cells,
                long_cells,
            } if short_cells == 0 || short_cells > long_cells || long_cells > MAX_ATTACK_CELLS => {
                return Err(bad(format!(
                    "a range runs from 1 cell up to {MAX_ATTACK_CELLS}, short first \
                     ({short_cells}/{long_cells})"
                )));
            }
            _ => {}
        }
        numbers(&attack.numbers).map_err(bad)?;
    }
    Ok(())
}

/// A die size a sheet may name: d4, d6, d8, d10, d12 or d20.
#[must_use]
pub fn is_standard_die(sides: u32) -> bool {
    matches!(sides, 4 | 6 | 8 | 10 | 12 | 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[expect(
        clippy::trivially_copy_pass_by_ref,
        clippy::unnecessary_wraps,
        reason = "the shape check_attacks asks of a system's number check"
    )]
    fn ok(_: &()) -> Result<(), String> {
        Ok(())
    }

    #[test]
    fn a_plain_list_passes_and_each_broken_shape_is_named() {
        let sword = Attack::new("Sword", AttackRange::ADJACENT, ());
        assert_eq!(check_attacks(std::slice::from_ref(&sword), ok), Ok(()));
        let unnamed = Attack::new("  ", AttackRange::ADJACENT, ());
        assert_eq!(check_attacks(&[unnamed], ok), Err(AttackError::NoName));
        let backwards = Attack::new(
            "Bow",
            AttackRange::Ranged {
                short_cells: 20,
                long_cells: 10,
            },
            (),
        );
        assert!(matches!(
            check_attacks(&[backwards], ok),
            Err(AttackError::Bad { .. })
        ));
        let no_reach = Attack::new("Fist", AttackRange::Melee { reach_cells: 0 }, ());
        assert!(check_attacks(&[no_reach], ok).is_err());
        let many = vec![sword; MAX_ATTACKS + 1];
        assert_eq!(
            check_attacks(&many, ok),
            Err(AttackError::TooMany(MAX_ATTACKS + 1))
        );
    }

    #[test]
    fn labels_say_reach_and_both_ranges() {
        assert_eq!(AttackRange::ADJACENT.label(), "melee, reach 1");
        let bow = AttackRange::Ranged {
            short_cells: 16,
            long_cells: 64,
        };
        assert_eq!(bow.label(), "ranged 16/64 cells");
        assert_eq!(bow.max_cells(), 64);
        assert!(!bow.is_melee());
    }
}
