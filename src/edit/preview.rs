//! What a fight's commands would do, worked out on a copy before they are applied: the
//! numbers a check's Apply changes, before → after, for its log line.

use super::apply;
use crate::combat::sheet::standing;
use crate::model::{Command, Encounter, TokenId};

/// Each of `tokens`' numbers in the encounter's system (`combat::sheet::standing`) as
/// `commands` would leave them, changed ones only, as "Health from 15 to 4"; a token whose numbers
/// do not change is left out, and nothing is said when a command is refused. The commands a
/// check's Apply makes change sheets and the fight alone, so the copy holds the tokens, the map
/// and the fight, not the images, walls or fog.
#[must_use]
pub fn standing_changes(
    encounter: &Encounter,
    commands: &[Command],
    tokens: &[TokenId],
) -> Vec<(TokenId, String)> {
    let mut scratch = Encounter::new(encounter.name.clone(), encounter.system);
    scratch.map = encounter.map.clone();
    scratch.tokens.clone_from(&encounter.tokens);
    for t in &mut scratch.tokens {
        // The copy holds no images: a token's picture has nothing to do with its numbers.
        t.image = None;
    }
    scratch.combat = encounter.combat.clone();
    for command in commands {
        if apply(&mut scratch, command.clone()).is_err() {
            return Vec::new();
        }
    }
    tokens
        .iter()
        .filter_map(|token| {
            let before = standing(encounter, *token);
            let after = standing(&scratch, *token);
            let changed: Vec<String> = before
                .iter()
                .zip(&after)
                .filter(|((_, b), (_, a))| a != b)
                .map(|((name, b), (_, a))| format!("{name} from {b} to {a}"))
                .collect();
            (!changed.is_empty()).then(|| (*token, changed.join(", ")))
        })
        .collect()
}
