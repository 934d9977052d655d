//! Changing the encounter's rule system while a fight runs: the turn order was set up the old
//! system's way (Evening's d20 counts, a GFH Round the Table, Road and Ruin's pips), so the
//! switch sets it up again the new system's way, for the same combatants, in the same undo step.
//!
//! Readings: the new order starts at round 1 under the new system's usual mode (its
//! `System::initiative_mode`: Evening rolls d20 + Finesse again, GFH goes Round the Table with
//! the enemies at the end, Road and Ruin counts pips, Post core and 3d6 keep a plain order in
//! the order the fight had); nobody is surprised and no lair joins, since those are set up at
//! the start of a fight. The GM who wants another mode ends initiative and starts it again.

use rand::Rng;

use super::initiative::{Combatant, EnemyPlacement, Mode, arrange_round_the_table, roll_evening};
use crate::model::combat_command::CombatCommand;
use crate::model::{Command, Encounter, LogEntry, RuleSystem, Side, TokenId};

/// The order `tokens` take in `mode`: rolled (Evening: d20 + Finesse, ties rolled off, a lair
/// on 20 when `lair`), Round the Table (heroes first in the listed order, the enemies placed
/// as `placement` says), or as listed.
pub fn order_for(
    encounter: &Encounter,
    mode: Mode,
    tokens: &[TokenId],
    lair: bool,
    rng: &mut impl Rng,
) -> Vec<Combatant> {
    match mode {
        Mode::Rolled => {
            let entries: Vec<(TokenId, i32)> = tokens
                .iter()
                .filter_map(|id| encounter.token(*id).map(|t| (t.id, t.finesse)))
                .collect();
            roll_evening(&entries, lair, rng)
        }
        Mode::RoundTheTable { placement } => round_the_table(encounter, tokens, placement),
        _ => tokens.iter().copied().map(Combatant::new).collect(),
    }
}

/// GFH, Round the Table: the heroes, then the enemies placed by `placement`.
fn round_the_table(
    encounter: &Encounter,
    tokens: &[TokenId],
    placement: EnemyPlacement,
) -> Vec<Combatant> {
    let enemy = |id: &TokenId| encounter.token(*id).is_some_and(|t| t.side == Side::Enemy);
    let (enemies, heroes): (Vec<TokenId>, Vec<TokenId>) = tokens.iter().partition(|id| enemy(id));
    arrange_round_the_table(&heroes, &enemies, placement)
}

/// The one command that changes the encounter to `system`: the change alone when no fight
/// runs; with initiative running, the change, the order set up again the new system's way for
/// everyone in the fight (see the module doc), and a log line saying so, as one batch — one
/// undo step.
pub fn switch_system(encounter: &Encounter, system: RuleSystem, rng: &mut impl Rng) -> Command {
    let set = Command::SetSystem(system);
    let init = &encounter.combat.initiative;
    if system == encounter.system || !init.is_running() {
        return set;
    }
    let tokens: Vec<TokenId> = init.combatants.iter().filter_map(|c| c.token).collect();
    let mode = Mode::default_for(system);
    let combatants = order_for(encounter, mode, &tokens, false, rng);
    let note = LogEntry::event(
        "",
        "Initiative",
        format!(
            "The system is now {}: the order is set up again its way, from round 1",
            system.label()
        ),
    );
    Command::Batch(vec![
        set,
        Command::Combat(CombatCommand::StartInitiative {
            mode,
            combatants,
            surprise_round: false,
            pick: None,
        }),
        Command::AppendLog(note),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, Token};
    use rand::SeedableRng as _;

    fn fight() -> Encounter {
        let mut e = Encounter::new("switch", RuleSystem::Evening);
        for (id, name, side) in [
            (1, "Ash", Side::Party),
            (2, "Orc", Side::Enemy),
            (3, "Bo", Side::Party),
        ] {
            e.tokens
                .push(Token::new(TokenId(id), name, side, Cell::new(id as i32, 0)));
        }
        e
    }

    #[test]
    fn without_a_fight_the_switch_is_the_change_alone() {
        let e = fight();
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        assert_eq!(
            switch_system(&e, RuleSystem::GoForthHeroes, &mut rng),
            Command::SetSystem(RuleSystem::GoForthHeroes)
        );
    }

    /// GFH, Round the Table: heroes first, enemies at the end (the GFH default placement).
    #[test]
    fn round_the_table_puts_the_heroes_first() {
        let e = fight();
        let order = round_the_table(
            &e,
            &[TokenId(2), TokenId(1), TokenId(3)],
            EnemyPlacement::AtTheEnd,
        );
        let tokens: Vec<_> = order.iter().filter_map(|c| c.token).collect();
        assert_eq!(tokens, vec![TokenId(1), TokenId(3), TokenId(2)]);
    }
}
