//! Road and Ruin Battle Stress (COMBAT, HEALTH: a creature that spends a whole round under the
//! eye and blade of a creature that could have struck it loses 1 SF), offered when the time
//! pips roll into a new round (`combat::stress`), and what Apply and Skip do.
//!
//! The board, drawn by hand: a 20×20 square Road and Ruin map in bright light, every token with
//! 3 SF and 10 Health.
//! - Ash (party) at (2, 2) and the Brute (enemy) at (3, 2): side by side, nothing between, each
//!   seeing the other. Both are under threat, from the start of round 1 to its end.
//! - Cora (party) at (10, 2) and the Wight (enemy) at (11, 2): side by side, but a wall runs
//!   along x = 11 from y = 0 to y = 5 between them: no eye on either, no threat.
//! - Bram (party) at (2, 10) and Dell (ally) at (3, 10): side by side, but on the same side.
//! - Eli (party) at (15, 15) and Fang (enemy) at (18, 15), 3 cells apart when round 1 begins;
//!   Fang closes to (16, 15) during the round, so the round ends with them touching but did not
//!   start that way: not a whole round under threat.
//!
//! So the end of round 1 offers exactly Ash and the Brute.

use lantern::combat::command::CombatCommand;
use lantern::combat::initiative::{Combatant, Mode};
use lantern::combat::stress::{apply_stress, settle, under_threat};
use lantern::edit::apply;
use lantern::files::{encounter_from_json, encounter_to_json};
use lantern::model::{
    Cell, Command, Encounter, GridPoint, RuleSystem, Side, Token, TokenId, Wall, WallId, WallKind,
};
use lantern::rules::TokenTrackers;
use lantern::rules::road_and_ruin::{Pool, RrToken};

const ASH: TokenId = TokenId(1);
const BRUTE: TokenId = TokenId(2);
const CORA: TokenId = TokenId(3);
const WIGHT: TokenId = TokenId(4);
const BRAM: TokenId = TokenId(5);
const DELL: TokenId = TokenId(6);
const ELI: TokenId = TokenId(7);
const FANG: TokenId = TokenId(8);
const ALL: [TokenId; 8] = [ASH, BRUTE, CORA, WIGHT, BRAM, DELL, ELI, FANG];

fn board() -> Encounter {
    let mut e = Encounter::new("battle stress", RuleSystem::RoadAndRuin);
    e.map.width_cells = 20;
    e.map.height_cells = 20;
    for (id, name, side, x, y) in [
        (ASH, "Ash", Side::Party, 2, 2),
        (BRUTE, "Brute", Side::Enemy, 3, 2),
        (CORA, "Cora", Side::Party, 10, 2),
        (WIGHT, "Wight", Side::Enemy, 11, 2),
        (BRAM, "Bram", Side::Party, 2, 10),
        (DELL, "Dell", Side::Ally, 3, 10),
        (ELI, "Eli", Side::Party, 15, 15),
        (FANG, "Fang", Side::Enemy, 18, 15),
    ] {
        e.tokens.push(Token::new(id, name, side, Cell::new(x, y)));
        let pools = RrToken {
            endurance: 3,
            current: [10, 3, 30, 0, 0],
            max: [10, 3, 0, 0, 0],
            armour: 0,
            ..RrToken::default()
        };
        e.combat
            .trackers
            .insert(id, TokenTrackers::RoadAndRuin(pools));
    }
    e.walls.push(Wall {
        id: WallId(1),
        a: GridPoint::new(11.0, 0.0),
        b: GridPoint::new(11.0, 5.0),
        kind: WallKind::Wall,
    });
    e
}

fn run(e: &mut Encounter, command: Command) -> Command {
    match apply(e, command) {
        Ok(inverse) => inverse,
        Err(err) => panic!("the command applies: {err}"),
    }
}

fn start(e: &mut Encounter) {
    run(
        e,
        Command::Combat(CombatCommand::StartInitiative {
            mode: Mode::Simultaneous,
            combatants: ALL.map(Combatant::new).to_vec(),
            surprise_round: false,
            pick: None,
        }),
    );
}

/// Hastened Time: ten time pips make a round.
fn end_round(e: &mut Encounter) {
    for _ in 0..10 {
        run(e, Command::Combat(CombatCommand::NextTurn { pick: None }));
    }
}

fn sf(e: &Encounter, id: TokenId) -> u32 {
    match e.sheet(id) {
        Some(TokenTrackers::RoadAndRuin(t)) => t.get(Pool::Steadfast),
        other => panic!("a Road and Ruin token: {other:?}"),
    }
}

#[test]
fn under_threat_means_a_seeing_hostile_within_reach() {
    let e = board();
    // Ash and the Brute threaten each other; the wall hides Cora and the Wight from each
    // other; Bram and Dell are friends; Eli and Fang are 3 cells apart.
    assert_eq!(under_threat(&e, &ALL), vec![ASH, BRUTE]);
}

#[test]
fn the_round_end_offers_those_under_threat_from_its_start_to_its_end() {
    let mut e = board();
    start(&mut e);
    assert_eq!(e.combat.round_threatened, vec![ASH, BRUTE]);
    assert_eq!(e.combat.stress_offer, None, "no round has ended yet");
    // Fang closes on Eli during round 1.
    run(
        &mut e,
        Command::MoveToken {
            id: FANG,
            to: Cell::new(16, 15),
        },
    );
    end_round(&mut e);
    assert_eq!(e.combat.initiative.round, 2);
    let Some(offer) = e.combat.stress_offer.clone() else {
        panic!("the end of round 1 offers Battle Stress");
    };
    assert_eq!(offer.round, 1);
    assert_eq!(
        offer.tokens,
        vec![ASH, BRUTE],
        "Eli and Fang only touched at the end"
    );
    // Round 2 starts with Eli and Fang touching too.
    assert_eq!(e.combat.round_threatened, vec![ASH, BRUTE, ELI, FANG]);

    // Apply: 1 SF off Ash and the Brute (3 → 2), nobody else, one undo step.
    let before = e.clone();
    let applied = apply_stress(&e, &offer);
    let undo = run(&mut e, Command::Batch(applied.commands));
    for id in ALL {
        let expected = if id == ASH || id == BRUTE { 2 } else { 3 };
        assert_eq!(sf(&e, id), expected, "token {}", id.0);
    }
    assert_eq!(
        e.combat.stress_offer, None,
        "applied offers leave the tracker"
    );
    let logged = e.combat.log.last().map(|l| l.what.clone());
    assert_eq!(logged.as_deref(), Some("Battle Stress — end of round 1"));
    run(&mut e, undo);
    assert_eq!(
        e, before,
        "one undo takes the SF and the log back and restores the offer"
    );

    // Skip settles it without touching SF.
    run(&mut e, settle(&offer));
    assert_eq!(e.combat.stress_offer, None);
    assert_eq!(sf(&e, ASH), 3);
    assert!(
        apply(&mut e, settle(&offer)).is_err(),
        "nothing left to skip"
    );
}

#[test]
fn a_shaken_creature_has_no_steadfast_to_lose() {
    let mut e = board();
    if let Some(TokenTrackers::RoadAndRuin(t)) =
        e.combat.trackers.sheet_mut(BRUTE, RuleSystem::RoadAndRuin)
    {
        t.current[Pool::Steadfast as usize] = 0;
    }
    start(&mut e);
    end_round(&mut e);
    let offer = e.combat.stress_offer.clone().map(|o| o.tokens);
    assert_eq!(offer, Some(vec![ASH]));
}

#[test]
fn a_wall_moved_between_two_foes_and_other_systems_offer_nothing() {
    // The wall moved to run between Ash and the Brute (x = 3): they no longer see each
    // other, while Cora and the Wight, with the wall gone from between them, now do.
    let mut e = board();
    e.walls[0].a = GridPoint::new(3.0, 0.0);
    e.walls[0].b = GridPoint::new(3.0, 5.0);
    assert_eq!(under_threat(&e, &ALL), vec![CORA, WIGHT]);
    // Outside Road and Ruin the rule does not exist.
    let mut gfh = board();
    gfh.system = RuleSystem::GoForthHeroes;
    assert!(under_threat(&gfh, &ALL).is_empty());
}

#[test]
fn a_waiting_offer_is_saved_and_old_files_load_without_one() {
    let mut e = board();
    start(&mut e);
    end_round(&mut e);
    assert!(e.combat.stress_offer.is_some());
    let json = match encounter_to_json(&e) {
        Ok(j) => j,
        Err(err) => panic!("saves: {err}"),
    };
    let back = match encounter_from_json(&json) {
        Ok(b) => b,
        Err(err) => panic!("loads: {err}"),
    };
    assert_eq!(back.combat, e.combat);
    // A file from before Battle Stress has neither field.
    let fresh = board();
    let old = match encounter_to_json(&fresh) {
        Ok(j) => j,
        Err(err) => panic!("saves: {err}"),
    };
    let text = String::from_utf8_lossy(&old);
    assert!(!text.contains("stress_offer") && !text.contains("round_threatened"));
    assert!(encounter_from_json(&old).is_ok());
}
