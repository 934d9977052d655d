//! Following the turn on a table screen: when the turn passes to another token, the view box
//! moves the least that shows the new combatant with a cell of room round it (as "Show the
//! current combatant" does), so the GM need not steer it at every Next turn. Only a token the
//! players can see is followed: the box never goes looking for a hidden one.

use crate::app::map::MapView;
use crate::model::{Encounter, TokenId};

/// Follows the turn when it has passed since the last frame (`followed` is the combatant seen
/// then) and `follow` is on. Returns whether the box moved.
pub fn follow_turn(
    followed: &mut Option<TokenId>,
    follow: bool,
    view: &mut MapView,
    encounter: &Encounter,
) -> bool {
    let current = encounter.combat.initiative.current_token();
    if current == *followed {
        return false;
    }
    *followed = current;
    let Some(id) = current.filter(|_| follow) else {
        return false;
    };
    view.players_see(encounter, id) && view.view_box_mut().show_token(encounter, id)
}
