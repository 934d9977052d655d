//! Aura effects the turn tracker offers at the start or end of a turn (`combat::aura`): who is
//! offered, when, and what Apply and Skip do, each as one undoable command.
//!
//! The board: a 20×20 square GFH map. Ash (party) at (2, 2) carries the aura, a Close burst
//! (GFH Grid Play: Close is up to 6 cells). Along row 2: the Brute (enemy) at (5, 2), 3 cells
//! away, inside; the Runt (enemy) at (12, 2), 10 cells away, outside; Bram (party) at (2, 5),
//! 3 cells away, inside but Ash's ally. The order is Ash, Brute, Runt, Bram.

use lantern::combat::aura::{HarmRoll, apply_offer, offers_at, presets, settle};
use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::Duration;
use lantern::combat::initiative::{Combatant, Mode};
use lantern::edit::apply;
use lantern::files::{encounter_from_json, encounter_to_json};
use lantern::model::{
    AreaCommand, AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, AuraEffect, AuraOffer,
    AuraOutcome, AuraTurn, Cell, Command, CommandError, Encounter, GridPoint, RuleSystem, Side,
    Token, TokenId, TurnMoment, Wall, WallId, WallKind,
};
use lantern::rules::TokenTrackers;
use lantern::rules::go_forth_heroes::{GfhToken, Hearts};

const ASH: TokenId = TokenId(1);
const BRUTE: TokenId = TokenId(2);
const RUNT: TokenId = TokenId(3);
const BRAM: TokenId = TokenId(4);
const AURA: AreaId = AreaId(1);

fn board() -> Encounter {
    let mut e = Encounter::new("auras", RuleSystem::GoForthHeroes);
    e.map.width_cells = 20;
    e.map.height_cells = 20;
    for (id, name, side, x, y) in [
        (ASH, "Ash", Side::Party, 2, 2),
        (BRUTE, "Brute", Side::Enemy, 5, 2),
        (RUNT, "Runt", Side::Enemy, 12, 2),
        (BRAM, "Bram", Side::Party, 2, 5),
    ] {
        e.tokens.push(Token::new(id, name, side, Cell::new(x, y)));
    }
    for id in [BRUTE, RUNT] {
        let goblin = GfhToken {
            hearts: Some(Hearts::new(3)),
            ..GfhToken::default()
        };
        e.combat
            .trackers
            .insert(id, TokenTrackers::GoForthHeroes(goblin));
    }
    e
}

/// An aura from Ash: a Close burst that follows him, picking `select`, with `effect`.
fn aura(select: AreaSelect, effect: AuraEffect) -> AreaTemplate {
    AreaTemplate {
        id: AURA,
        shape: AreaShape::Burst {
            reach: AreaSize::Band("Close".into()),
        },
        origin: GridPoint::new(2.5, 2.5),
        toward: GridPoint::new(3.5, 2.5),
        source: Some(ASH),
        follows: true,
        select,
        gm_only: false,
        effect: Some(effect),
    }
}

/// GFH, Harm, Aura of Agony: "Close enemies take 1d4 Effort at the end of your turn".
fn agony() -> AuraEffect {
    AuraEffect {
        name: "Aura of Agony".into(),
        moment: TurnMoment::End,
        whose: AuraTurn::Owner,
        outcome: AuraOutcome::Harm {
            count: 1,
            sides: 4,
            bonus: 0,
        },
    }
}

/// Invocation (Death), Aura of Death: enemies within Close take 1d6 Effort "at the start of
/// each of their turns".
fn death() -> AuraEffect {
    AuraEffect {
        name: "Aura of Death".into(),
        moment: TurnMoment::Start,
        whose: AuraTurn::Each,
        outcome: AuraOutcome::Harm {
            count: 1,
            sides: 6,
            bonus: 0,
        },
    }
}

fn run(e: &mut Encounter, command: Command) -> Command {
    match apply(e, command) {
        Ok(inverse) => inverse,
        Err(err) => panic!("the command applies: {err}"),
    }
}

fn start(e: &mut Encounter) -> Command {
    let combatants = [ASH, BRUTE, RUNT, BRAM].map(Combatant::new).to_vec();
    run(
        e,
        Command::Combat(CombatCommand::StartInitiative {
            mode: Mode::Ordered,
            combatants,
            surprise_round: false,
            pick: None,
        }),
    )
}

fn next(e: &mut Encounter) -> Command {
    run(e, Command::Combat(CombatCommand::NextTurn { pick: None }))
}

fn hearts(e: &Encounter, id: TokenId) -> Hearts {
    match e.sheet(id) {
        Some(TokenTrackers::GoForthHeroes(t)) => t.hearts.clone().unwrap_or_default(),
        other => panic!("a GFH token: {other:?}"),
    }
}

/// GFH, Harm, Aura of Agony: at the end of Ash's turn the Brute (3 cells, an enemy) is
/// offered; the Runt (10 cells) is too far and Bram is an ally. Apply with a rolled 3 puts 3
/// Effort on the Brute's current Heart (GFH, Hearts: 10 Effort overcome one) and settles the
/// offer; one undo takes both back.
#[test]
fn aura_of_agony_is_offered_at_the_end_of_its_owners_turn_and_applies_as_one_step() {
    let mut e = board();
    run(
        &mut e,
        Command::Area(AreaCommand::Add(aura(AreaSelect::Enemies, agony()))),
    );
    start(&mut e);
    assert!(e.combat.aura_offers.is_empty(), "nothing at Ash's start");
    next(&mut e);
    let offer = AuraOffer {
        area: AURA,
        turn_of: ASH,
        moment: TurnMoment::End,
        tokens: vec![BRUTE],
    };
    assert_eq!(e.combat.aura_offers, vec![offer.clone()]);

    let before = e.clone();
    let roll = HarmRoll {
        faces: vec![3],
        bonus: 0,
    };
    let applied = apply_offer(&e, &offer, &roll);
    assert_eq!(applied.lines, vec!["3 Effort into Brute's Hearts"]);
    let undo = run(&mut e, Command::Batch(applied.commands));
    assert_eq!(hearts(&e, BRUTE).progress, 3);
    assert_eq!(hearts(&e, BRUTE).remaining, 3);
    assert_eq!(hearts(&e, RUNT), hearts(&before, RUNT));
    assert!(e.combat.aura_offers.is_empty(), "settled");
    let log = e
        .combat
        .log
        .last()
        .map(|l| (l.who.as_str(), l.dice.as_str()));
    assert_eq!(log, Some(("Ash", "[3]")));
    run(&mut e, undo);
    assert_eq!(
        e, before,
        "one undo takes back the Effort, the log and the settling"
    );
}

/// Skip settles the offer without touching anyone; a second Skip of the same offer is refused.
#[test]
fn skip_settles_an_offer_once() {
    let mut e = board();
    run(
        &mut e,
        Command::Area(AreaCommand::Add(aura(AreaSelect::Enemies, agony()))),
    );
    start(&mut e);
    next(&mut e);
    let offer = e.combat.aura_offers[0].clone();
    let trackers = e.combat.trackers.clone();
    run(&mut e, settle(&offer));
    assert!(e.combat.aura_offers.is_empty());
    assert_eq!(e.combat.trackers, trackers);
    assert!(matches!(
        apply(&mut e, settle(&offer)),
        Err(CommandError::Combat(_))
    ));
}

/// Invocation (Death), Aura of Death: "at the start of each of their turns" is each enemy's
/// own turn. At the Brute's start (3 cells away) it alone is offered; at the Runt's start
/// (10 cells) nothing; at Bram's (an ally) nothing. An unsettled offer lapses at the next
/// boundary.
#[test]
fn aura_of_death_waits_for_each_enemys_own_turn() {
    let mut e = board();
    run(
        &mut e,
        Command::Area(AreaCommand::Add(aura(AreaSelect::Enemies, death()))),
    );
    start(&mut e);
    assert!(e.combat.aura_offers.is_empty(), "Ash's own start");
    next(&mut e);
    assert_eq!(
        e.combat.aura_offers,
        vec![AuraOffer {
            area: AURA,
            turn_of: BRUTE,
            moment: TurnMoment::Start,
            tokens: vec![BRUTE],
        }]
    );
    next(&mut e);
    assert!(e.combat.aura_offers.is_empty(), "the Runt is 10 cells away");
    next(&mut e);
    assert!(e.combat.aura_offers.is_empty(), "Bram is Ash's ally");
}

/// The aura follows Ash: once he stands next to the Runt, the Runt's turn offers it, and the
/// Brute (now 7 columns behind) is out.
#[test]
fn a_following_aura_is_measured_where_its_owner_stands_at_that_moment() {
    let mut e = board();
    run(
        &mut e,
        Command::Area(AreaCommand::Add(aura(AreaSelect::Enemies, death()))),
    );
    run(
        &mut e,
        Command::MoveToken {
            id: ASH,
            to: Cell::new(12, 4),
        },
    );
    start(&mut e);
    next(&mut e);
    assert!(
        e.combat.aura_offers.is_empty(),
        "the Brute is 6+ cells away"
    );
    next(&mut e);
    assert_eq!(e.combat.aura_offers.len(), 1);
    assert_eq!(e.combat.aura_offers[0].tokens, vec![RUNT]);
}

/// `board::area`: walls cut an area from its origin. A wall the whole height of the map
/// between Ash (column 2) and the Brute (column 5) keeps the Brute out.
#[test]
fn a_wall_keeps_a_token_out_of_the_offer() {
    let mut e = board();
    e.walls.push(Wall {
        id: WallId(1),
        a: GridPoint::new(4.0, 0.0),
        b: GridPoint::new(4.0, 20.0),
        kind: WallKind::Wall,
    });
    e.areas.push(aura(AreaSelect::Enemies, agony()));
    assert!(offers_at(&e, Some(ASH), None).is_empty());
    e.walls.clear();
    assert_eq!(offers_at(&e, Some(ASH), None).len(), 1);
}

/// Elementalist, Elemental Aura (Air): "Close allies gain Mobile". Offered at the start of
/// Bram's own turn (3 cells from Ash); Apply gives Bram Mobile for that turn (one round of
/// his turns, `Duration::Rounds`), and undo removes it.
#[test]
fn a_condition_aura_gives_each_ally_the_condition_for_its_turn() {
    let mut e = board();
    let Some(air) = presets(RuleSystem::GoForthHeroes)
        .into_iter()
        .find(|p| p.label == "Elemental Aura (Air, allies)")
    else {
        panic!("the preset exists");
    };
    assert_eq!(air.reach, "Close");
    run(
        &mut e,
        Command::Area(AreaCommand::Add(aura(air.select, air.effect))),
    );
    start(&mut e);
    for _ in 0..3 {
        next(&mut e);
    }
    assert_eq!(e.combat.initiative.current_token(), Some(BRAM));
    let offer = e.combat.aura_offers[0].clone();
    assert_eq!(offer.tokens, vec![BRAM]);
    let before = e.clone();
    let applied = apply_offer(&e, &offer, &HarmRoll::default());
    let undo = run(&mut e, Command::Batch(applied.commands));
    let mobile: Vec<_> = e
        .combat
        .conditions
        .iter()
        .filter(|c| c.token == BRAM && c.name == "Mobile")
        .collect();
    assert_eq!(mobile.len(), 1);
    // Granted on Bram's turn, it lasts until his next turn starts (one round from it).
    assert_eq!(
        mobile[0].duration,
        Duration::Rounds {
            remaining: 1,
            from: Some(BRAM)
        }
    );
    run(&mut e, undo);
    assert_eq!(e, before);
}

/// Previous turn is a correction, not a boundary: it offers nothing and clears what waited.
/// Undoing Next turn brings the offer back with the turn.
#[test]
fn previous_turn_clears_offers_and_undo_restores_them() {
    let mut e = board();
    e.areas.push(aura(AreaSelect::Enemies, agony()));
    start(&mut e);
    let undo_next = next(&mut e);
    let waiting = e.combat.aura_offers.clone();
    assert_eq!(waiting.len(), 1);
    let undo_prev = run(&mut e, Command::Combat(CombatCommand::PreviousTurn));
    assert!(e.combat.aura_offers.is_empty());
    run(&mut e, undo_prev);
    assert_eq!(e.combat.aura_offers, waiting);
    run(&mut e, undo_next);
    assert!(e.combat.aura_offers.is_empty());
}

/// FORMAT.md, `areas`: an aura's effect and the waiting offers are saved and read back;
/// files without them still open; a harm of 0 dice is refused by the loader and the command.
#[test]
fn effects_and_offers_round_trip_and_bad_effects_are_refused() {
    let mut e = board();
    e.areas.push(aura(AreaSelect::Enemies, agony()));
    start(&mut e);
    next(&mut e);
    let Ok(bytes) = encounter_to_json(&e) else {
        panic!("saves");
    };
    let Ok(back) = encounter_from_json(&bytes) else {
        panic!("loads");
    };
    assert_eq!(back.areas, e.areas);
    assert_eq!(back.combat.aura_offers, e.combat.aura_offers);

    let mut plain = board();
    let mut area = aura(AreaSelect::Enemies, agony());
    area.effect = None;
    plain.areas.push(area);
    let Ok(bytes) = encounter_to_json(&plain) else {
        panic!("saves");
    };
    let text = String::from_utf8_lossy(&bytes);
    assert!(!text.contains("effect") && !text.contains("aura_offers"));

    let mut bad = agony();
    bad.outcome = AuraOutcome::Harm {
        count: 0,
        sides: 4,
        bonus: 0,
    };
    let mut fresh = board();
    assert!(matches!(
        apply(
            &mut fresh,
            Command::Area(AreaCommand::Add(aura(AreaSelect::Enemies, bad.clone())))
        ),
        Err(CommandError::BadAura(..))
    ));
    let mut broken = board();
    broken.areas.push(aura(AreaSelect::Enemies, bad));
    let Ok(bytes) = encounter_to_json(&broken) else {
        panic!("saves");
    };
    assert!(encounter_from_json(&bytes).is_err());
}
