//! The built-in demo encounters, embedded in the binary so Lantern opens on one with no file.

use crate::files::{FileError, encounter_from_json};
use crate::model::Encounter;

/// A built-in encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Demo {
    /// A Go Forth: Heroes skirmish on a square grid: walls, doors, terrain, 4 heroes, 5 foes.
    GoForthHeroes,
    /// An Evening encounter on a flat-top hex grid.
    EveningHex,
}

impl Demo {
    pub const ALL: [Self; 2] = [Self::GoForthHeroes, Self::EveningHex];

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            Self::GoForthHeroes => "Ambush at the Old Mill (Go Forth: Heroes, square)",
            Self::EveningHex => "The Ford at Greywater (Evening, hex)",
        }
    }

    fn json(self) -> &'static [u8] {
        match self {
            Self::GoForthHeroes => include_bytes!("../assets/demo-go-forth-heroes.json"),
            Self::EveningHex => include_bytes!("../assets/demo-evening-hex.json"),
        }
    }

    /// Parses the embedded file. Only fails if the shipped asset is broken, which tests rule out.
    pub fn encounter(self) -> Result<Encounter, FileError> {
        encounter_from_json(self.json())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{RuleSystem, Side, SizeCategory, WallKind};

    #[test]
    fn demos_load_and_round_trip() {
        for demo in Demo::ALL {
            let encounter = demo.encounter().unwrap();
            let json = crate::files::encounter_to_json(&encounter).unwrap();
            assert_eq!(encounter_from_json(&json).unwrap(), encounter, "{demo:?}");
        }
    }

    #[test]
    fn go_forth_demo_has_what_the_brief_asks() {
        let e = Demo::GoForthHeroes.encounter().unwrap();
        assert_eq!(e.system, RuleSystem::GoForthHeroes);
        let count = |side| e.tokens.iter().filter(|t| t.side == side).count();
        assert_eq!((count(Side::Party), count(Side::Enemy)), (4, 5));
        assert!(e.tokens.iter().any(|t| t.size == SizeCategory::Large));
        assert!(
            e.walls
                .iter()
                .any(|w| w.kind == WallKind::Door { open: true })
        );
        assert!(
            e.walls
                .iter()
                .any(|w| w.kind == WallKind::Door { open: false })
        );
        assert!(!e.difficult_cells.is_empty());
    }

    #[test]
    fn evening_demo_is_on_hexes() {
        let e = Demo::EveningHex.encounter().unwrap();
        assert_eq!(e.system, RuleSystem::Evening);
        assert!(e.map.grid.is_hex());
        assert!(e.tokens.iter().all(|t| e.map.contains(t.cell)));
    }
}
