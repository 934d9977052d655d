//! Whether a token is out of the fight in its system's terms, so the map, the players' window
//! and the panes can show it without reading every sheet themselves.
//!
//! Readings:
//! - Go Forth: Heroes: a creature with Hearts is overcome when its last Heart is (GFH, Hearts:
//!   "Accumulate enough Effort against a Heart … to overcome it"); a hero is out while Knocked
//!   out (a Beat, GFH Hits & Beats).
//! - Evening: a creature at 0 health is down (unconscious) or dead (Evening, Damage & Health;
//!   Death saves).
//! - Road and Ruin: the text sets no end for Health; a creature at 0 Health is shown down, our
//!   reading. Steadfast at 0 is Shaken, not down.
//! - Post core: Taken down (STR below 0, Damage).
//! - 3d6 core mechanics: no health track, so nobody is shown down.

use super::conditions::{ActiveCondition, on_token};
use crate::model::{Encounter, TokenId};
use crate::rules::TokenTrackers;
use crate::rules::road_and_ruin::Pool;

/// How `token` is out of the fight, in a word for the map ("overcome", "down", "dead",
/// "knocked out", "taken down"), or `None` while it is in it.
#[must_use]
pub fn down(encounter: &Encounter, token: TokenId) -> Option<&'static str> {
    let conditions: Vec<_> = on_token(&encounter.combat.conditions, encounter.system, token)
        .map(|(c, _)| c)
        .collect();
    down_with(encounter, token, &conditions)
}

/// [`down`], given `token`'s conditions under the encounter's system (from
/// [`ByToken`](super::conditions::ByToken) when many tokens are asked in one pass).
#[must_use]
pub fn down_with(
    encounter: &Encounter,
    token: TokenId,
    conditions: &[&ActiveCondition],
) -> Option<&'static str> {
    let by_condition = conditions.iter().find_map(|c| {
        if c.name == super::momentum_apply::KNOCKED_OUT {
            Some("knocked out")
        } else if c
            .name
            .eq_ignore_ascii_case(crate::rules::post_core::TAKEN_DOWN)
        {
            Some("taken down")
        } else {
            None
        }
    });
    if by_condition.is_some() {
        return by_condition;
    }
    match encounter.sheet(token)? {
        TokenTrackers::GoForthHeroes(t) => t
            .hearts
            .as_ref()
            .filter(|h| h.remaining == 0)
            .map(|_| "overcome"),
        TokenTrackers::Evening(t) if t.is_dead() => Some("dead"),
        TokenTrackers::Evening(t) if t.health == 0 => Some("down"),
        TokenTrackers::RoadAndRuin(t) if t.get(Pool::Health) == 0 => Some("down"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, RuleSystem, Side, Token};
    use crate::rules::go_forth_heroes::{GfhToken, Hearts};

    #[test]
    fn a_monster_on_no_hearts_is_overcome() {
        let mut e = Encounter::new("down", RuleSystem::GoForthHeroes);
        e.tokens
            .push(Token::new(TokenId(1), "Orc", Side::Enemy, Cell::new(0, 0)));
        let mut hearts = Hearts::new(1);
        e.combat.trackers.insert(
            TokenId(1),
            TokenTrackers::GoForthHeroes(GfhToken {
                hearts: Some(hearts.clone()),
                ..GfhToken::default()
            }),
        );
        assert_eq!(down(&e, TokenId(1)), None);
        hearts.remaining = 0;
        e.combat.trackers.insert(
            TokenId(1),
            TokenTrackers::GoForthHeroes(GfhToken {
                hearts: Some(hearts),
                ..GfhToken::default()
            }),
        );
        assert_eq!(down(&e, TokenId(1)), Some("overcome"));
    }
}
