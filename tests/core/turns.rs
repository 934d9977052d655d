//! Turns as the texts write them, through the model's commands: reactions per round (GFH) and
//! per own turn (Evening), the Zipper after the Notice check, Road and Ruin pips, Move from
//! Agility, the action economy tied to momentum, and the token's sheet. Each test names the
//! section it checks and works its numbers out from the text.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use lantern::combat::command::{CombatCommand, MomentumAction};
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::initiative::{
    Combatant, EconomyPart, EnemyPlacement, InitiativeError, InitiativeRoll, Mode, ZipperSide,
    arrange_round_the_table, settle_joining,
};
use lantern::combat::momentum::Zone;
use lantern::combat::sheet::{SheetField, edit, sheet};
use lantern::combat::turn_move::{drag_move, movement_left};
use lantern::combat::wounds::token_speed;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{Cell, Command, CommandError, RuleSystem, Side, TokenId};
use lantern::rules::go_forth_heroes::{Attribute, Defense, GfhChange, Severity, Wound};
use lantern::rules::{TokenChange, TrackerCommand};
use proptest::prelude::*;

fn doc(demo: Demo) -> Document {
    Document::new(demo.encounter().unwrap(), None)
}

fn apply(doc: &mut Document, c: CombatCommand) {
    doc.apply(Command::Combat(c)).unwrap();
}

fn try_apply(doc: &mut Document, c: CombatCommand) -> Result<(), CommandError> {
    doc.apply(Command::Combat(c))
}

fn ids(doc: &Document, side: Side) -> Vec<TokenId> {
    doc.encounter
        .tokens
        .iter()
        .filter(|t| t.side == side)
        .map(|t| t.id)
        .collect()
}

fn start(doc: &mut Document, mode: Mode, combatants: Vec<Combatant>, pick: Option<TokenId>) {
    apply(
        doc,
        CombatCommand::StartInitiative {
            mode,
            combatants,
            surprise_round: false,
            pick,
        },
    );
}

fn start_round_the_table(doc: &mut Document) {
    let placement = EnemyPlacement::AtTheEnd;
    let order = arrange_round_the_table(&ids(doc, Side::Party), &ids(doc, Side::Enemy), placement);
    start(doc, Mode::RoundTheTable { placement }, order, None);
}

fn reaction(token: TokenId) -> CombatCommand {
    CombatCommand::UseEconomy {
        token,
        part: EconomyPart::Reaction,
    }
}

fn next(doc: &mut Document) {
    apply(doc, CombatCommand::NextTurn { pick: None });
}

fn current(doc: &Document) -> Option<TokenId> {
    doc.encounter.combat.initiative.current_token()
}

/// GFH, Reactions: "You get 1 Reaction per Round", taken outside your own turn. Over three
/// rounds a hero reacts once on an enemy's turn each round, a second reaction in the same round
/// is refused, and the next round gives it back.
#[test]
fn gfh_one_reaction_per_round_taken_on_another_turn() {
    let mut doc = doc(Demo::GoForthHeroes);
    start_round_the_table(&mut doc);
    let pip = TokenId(4);
    // Before Pip's first turn: GFH has no "not before your first turn" rule.
    apply(&mut doc, reaction(pip));
    assert!(try_apply(&mut doc, reaction(pip)).is_err(), "one per round");
    let per_round = doc.encounter.tokens.len();
    for round in 2..=3 {
        for _ in 0..per_round {
            next(&mut doc);
        }
        assert_eq!(doc.encounter.combat.initiative.round, round);
        // An enemy's turn: the round began, so the reaction is back.
        while current(&doc).is_none_or(|t| doc.encounter.token(t).unwrap().side != Side::Enemy) {
            next(&mut doc);
        }
        assert_ne!(current(&doc), Some(pip));
        apply(&mut doc, reaction(pip));
        assert!(try_apply(&mut doc, reaction(pip)).is_err());
    }
}

/// Evening, Initiative: "You may use a reaction during your turn or during someone else's. You
/// may not use your reaction before your first turn." It comes back at the start of the
/// creature's own turn (our reading): a reaction spent on another's turn stays spent until then.
#[test]
fn evening_reaction_comes_back_at_its_own_turn_and_never_before_the_first() {
    let mut doc = doc(Demo::EveningHex);
    let order: Vec<Combatant> = doc
        .encounter
        .tokens
        .iter()
        .map(|t| Combatant::new(t.id))
        .collect();
    start(&mut doc, Mode::Rolled, order, None);
    let (first, second) = (TokenId(1), TokenId(2));
    assert_eq!(current(&doc), Some(first));
    let err = try_apply(&mut doc, reaction(second)).unwrap_err();
    assert_eq!(
        err.to_string(),
        InitiativeError::ReactionBeforeFirstTurn.to_string()
    );
    for round in 1..=3 {
        assert_eq!(current(&doc), Some(first));
        if round > 1 {
            assert!(
                try_apply(&mut doc, reaction(second)).is_err(),
                "spent until its own turn comes round"
            );
        }
        next(&mut doc);
        assert_eq!(
            current(&doc),
            Some(second),
            "its own turn: the reaction is back"
        );
        next(&mut doc);
        // On the third combatant's turn, the second reacts.
        apply(&mut doc, reaction(second));
        assert!(
            try_apply(&mut doc, reaction(second)).is_err(),
            "one at a time"
        );
        for _ in 2..doc.encounter.tokens.len() {
            next(&mut doc);
        }
    }
}

/// GFH, The Zipper: the side that wins the Notice check goes first; the players choose who
/// acts on their side's turns; sides alternate until everyone has acted, then a new round
/// opens with the winners again.
#[test]
fn zipper_enemies_win_the_notice_check_and_the_players_pick() {
    let mut doc = doc(Demo::GoForthHeroes);
    let order: Vec<Combatant> = doc
        .encounter
        .tokens
        .iter()
        .map(|t| Combatant::new(t.id))
        .collect();
    let ogre = TokenId(8);
    let first = ZipperSide::Enemies;
    start(&mut doc, Mode::Zipper { first }, order, Some(ogre));
    assert_eq!(
        current(&doc),
        Some(ogre),
        "the enemies open with their pick"
    );
    // Heroes pick Pip, then enemies anyone, then the heroes pick Ysolde.
    let hero_picks = [TokenId(4), TokenId(3), TokenId(1), TokenId(2)];
    let enemy_picks = [TokenId(9), TokenId(5), TokenId(7), TokenId(6)];
    let refused = try_apply(
        &mut doc,
        CombatCommand::NextTurn {
            pick: Some(TokenId(9)),
        },
    );
    assert!(refused.is_err(), "after an enemy, the heroes pick");
    let mut acted = vec![ogre];
    for (h, e) in hero_picks.iter().zip(enemy_picks) {
        apply(&mut doc, CombatCommand::NextTurn { pick: Some(*h) });
        acted.push(*h);
        assert_eq!(current(&doc), Some(*h));
        apply(&mut doc, CombatCommand::NextTurn { pick: Some(e) });
        acted.push(e);
    }
    acted.sort();
    assert_eq!(acted, (1..=9).map(TokenId).collect::<Vec<_>>(), "each once");
    assert_eq!(doc.encounter.combat.initiative.round, 1);
    // Round 2 opens with the enemies again; a hero may not open it.
    let refused = try_apply(
        &mut doc,
        CombatCommand::NextTurn {
            pick: Some(TokenId(1)),
        },
    );
    assert!(refused.is_err());
    apply(
        &mut doc,
        CombatCommand::NextTurn {
            pick: Some(TokenId(5)),
        },
    );
    assert_eq!(doc.encounter.combat.initiative.round, 2);
    assert_eq!(current(&doc), Some(TokenId(5)));
}

/// Road and Ruin, Hastened Time: ten time pips make a round and everyone acts at once, so a
/// "2 rounds" condition lasts exactly 20 pips whoever carries it.
#[test]
fn road_and_ruin_two_rounds_last_twenty_pips_on_anyone() {
    for bearer in [TokenId(1), TokenId(7)] {
        let mut doc = doc(Demo::GoForthHeroes);
        doc.apply(Command::SetSystem(RuleSystem::RoadAndRuin))
            .unwrap();
        let order = doc
            .encounter
            .tokens
            .iter()
            .map(|t| Combatant::new(t.id))
            .collect();
        start(&mut doc, Mode::Simultaneous, order, None);
        // Applied at pip 4 of round 1 (three pips in).
        for _ in 0..3 {
            next(&mut doc);
        }
        apply(
            &mut doc,
            CombatCommand::ApplyCondition(ActiveCondition {
                token: bearer,
                name: "Distracted".into(),
                duration: Duration::Rounds {
                    remaining: 2,
                    from: None,
                },
                system: None,
            }),
        );
        for pip in 1..=19 {
            next(&mut doc);
            assert_eq!(doc.encounter.combat.conditions.len(), 1, "pip {pip}");
        }
        next(&mut doc);
        assert!(doc.encounter.combat.conditions.is_empty(), "gone at pip 20");
        let init = &doc.encounter.combat.initiative;
        assert_eq!((init.round, init.pip), (3, 3));
    }
}

fn rolled(token: u64, d20: u8, bonus: i32, rolloffs: Vec<u8>) -> Combatant {
    Combatant {
        roll: Some(InitiativeRoll {
            d20,
            bonus,
            rolloffs,
        }),
        ..Combatant::new(TokenId(token))
    }
}

/// Evening, Initiative: "Joining initiative" means rolling initiative, and "Ties roll off
/// against each other until an order emerges". Worked by hand: Aldric (10 + 2) and Mirelle
/// (12 + 0) tied on 12 at the start and rolled off 15 against 4, so Aldric acts before her; the
/// Troll is on 18. Tobin joins with 9 + 3 = 12: he ties them both, so he rolls off against the
/// dice they rolled — above 15 he goes before Aldric, 5 to 14 between the two, below 4 after
/// Mirelle; on exactly 15 (or 4) he and Aldric (or Mirelle) roll again. The Troll's place and
/// Aldric before Mirelle never change, and one undo takes the join back.
#[test]
fn evening_a_combatant_joining_mid_fight_rolls_off_its_ties() {
    let (aldric, mirelle, tobin, troll) = (TokenId(1), TokenId(2), TokenId(3), TokenId(7));
    let order = vec![
        rolled(7, 18, 0, vec![]),
        rolled(1, 10, 2, vec![15]),
        rolled(2, 12, 0, vec![4]),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..300 {
        let mut doc = Document::new(Demo::EveningHex.encounter().unwrap(), None);
        start(&mut doc, Mode::Rolled, order.clone(), None);
        let before = doc.encounter.combat.initiative.clone();
        let mut rng = lantern::dice::DiceRng::seeded(seed);
        let roll = settle_joining(&order, vec![rolled(3, 9, 3, vec![])], rng.generator());
        let first = roll.joining[0].roll.as_ref().unwrap().rolloffs[0];
        apply(&mut doc, CombatCommand::JoinRolled(roll.clone()));
        let init = &doc.encounter.combat.initiative;
        let names: Vec<TokenId> = init.combatants.iter().filter_map(|c| c.token).collect();
        let expected = match first {
            16..=20 => vec![troll, tobin, aldric, mirelle],
            5..=14 => vec![troll, aldric, tobin, mirelle],
            1..=3 => vec![troll, aldric, mirelle, tobin],
            // A roll-off tie with Aldric or Mirelle: the two of them roll again.
            15 | 4 => {
                let rival = if first == 15 { aldric } else { mirelle };
                assert_eq!(roll.rolloffs.len(), 1, "only the tied one rolls again");
                assert_eq!(roll.rolloffs[0].token, rival);
                let mine = roll.joining[0].roll.as_ref().unwrap().rolloffs[1..].to_vec();
                let theirs = roll.rolloffs[0].dice.clone();
                assert_eq!(mine.len(), theirs.len(), "both roll each time they tie");
                assert_ne!(mine.last(), theirs.last(), "rolled until it broke");
                let at = names.iter().position(|t| *t == rival).unwrap();
                let tobin_at = names.iter().position(|t| *t == tobin).unwrap();
                assert_eq!(tobin_at < at, mine > theirs, "seed {seed}");
                seen.insert(first);
                continue;
            }
            _ => unreachable!("a d20"),
        };
        assert!(roll.rolloffs.is_empty(), "no second roll-off needed");
        assert_eq!(names, expected, "seed {seed}: Tobin rolled off {first}");
        assert_eq!(
            init.combatants[0].roll.as_ref().unwrap().rolloffs,
            Vec::<u8>::new()
        );
        seen.insert(first);
        doc.undo().unwrap();
        assert_eq!(doc.encounter.combat.initiative, before);
    }
    assert!(
        seen.len() >= 15,
        "the seeds reach most roll-off faces: {seen:?}"
    );

    // A joiner on a count nobody holds rolls no roll-off at all.
    let mut rng = lantern::dice::DiceRng::seeded(1);
    let roll = settle_joining(&order, vec![rolled(3, 2, 3, vec![])], rng.generator());
    assert_eq!(
        roll.joining[0].roll.as_ref().unwrap().rolloffs,
        Vec::<u8>::new()
    );
    assert!(roll.rolloffs.is_empty());
}

fn give_hero(doc: &mut Document, token: TokenId, agility: i64, wounds: Vec<Wound>) {
    let sheet_edit = edit(
        &doc.encounter,
        token,
        SheetField::GfhAttribute(Attribute::Agility),
        agility,
    )
    .unwrap();
    doc.apply(sheet_edit).unwrap();
    for w in wounds {
        doc.apply(Command::Tracker(TrackerCommand::Token {
            token,
            change: TokenChange::GoForthHeroes(GfhChange::AddWound(w)),
        }))
        .unwrap();
    }
}

/// GFH, Grid Play: "Move = 4 + Agility squares"; Conditions: Mobile "Double Move"; Determining
/// the Wound: Body 2 "−2 Move". Agility 2 gives 6; the Wound takes it to 4; Mobile doubles
/// that to 8.
#[test]
fn move_from_agility_with_a_wound_and_mobile() {
    let mut doc = doc(Demo::GoForthHeroes);
    let kestrel = TokenId(1);
    let speed = |doc: &Document| {
        token_speed(&doc.encounter, &doc.encounter.combat.conditions, kestrel).value
    };
    give_hero(&mut doc, kestrel, 2, vec![]);
    assert_eq!(speed(&doc), 6);
    let wound = Wound {
        defense: Defense::Body,
        severity: Severity::Shallow,
        effect_roll: 2,
        sessions_left: 0,
    };
    give_hero(&mut doc, kestrel, 2, vec![wound]);
    assert_eq!(speed(&doc), 4);
    apply(
        &mut doc,
        CombatCommand::ApplyCondition(ActiveCondition {
            token: kestrel,
            name: "Mobile".into(),
            duration: Duration::UntilRemoved,
            system: None,
        }),
    );
    assert_eq!(speed(&doc), 8);
}

/// GFH, Modifiers: penalties from several sources to the same thing do not add up, the
/// highest one counts. Two Body 2 Wounds ("−2 Move" each, Determining the Wound) on a hero of
/// Agility 2 (Move 4 + 2 = 6, Grid Play) leave Move 6 − 2 = 4, not 6 − 4 = 2.
#[test]
fn two_move_wounds_do_not_add_up() {
    let mut doc = doc(Demo::GoForthHeroes);
    let kestrel = TokenId(1);
    let wound = Wound {
        defense: Defense::Body,
        severity: Severity::Shallow,
        effect_roll: 2,
        sessions_left: 0,
    };
    give_hero(&mut doc, kestrel, 2, vec![wound.clone(), wound]);
    let speed = token_speed(&doc.encounter, &doc.encounter.combat.conditions, kestrel);
    assert_eq!(speed.value, 4);
}
fn momentum(owner: TokenId, action: MomentumAction) -> CombatCommand {
    CombatCommand::Momentum { owner, action }
}

/// GFH, Spending Momentum: "Extra Action — 1 Momentum = 1 additional Action"; Advanced Actions:
/// Rally is an Action; Preparing: once, at the start of your turn. Kestrel Prepares, acts,
/// buys a second Action with a Power die and spends it on a Rally; a third Action is refused.
#[test]
fn extra_action_rally_and_prepare_once_in_the_economy() {
    let mut doc = doc(Demo::GoForthHeroes);
    let kestrel = TokenId(1);
    apply(
        &mut doc,
        momentum(kestrel, MomentumAction::Create { size: 3 }),
    );
    apply(
        &mut doc,
        momentum(kestrel, MomentumAction::Hit { die: Some(2) }),
    );
    start_round_the_table(&mut doc);
    let prepare = |from| momentum(kestrel, MomentumAction::Prepare { from });
    apply(&mut doc, prepare(Zone::Stamina));
    assert!(
        try_apply(&mut doc, prepare(Zone::Stamina)).is_err(),
        "Prepare once a turn"
    );
    let action = CombatCommand::UseEconomy {
        token: kestrel,
        part: EconomyPart::Action,
    };
    apply(&mut doc, action.clone());
    assert!(try_apply(&mut doc, action.clone()).is_err(), "one Action");
    let power = doc.encounter.combat.momentum[&kestrel]
        .first_in(Zone::Power)
        .unwrap();
    apply(
        &mut doc,
        momentum(kestrel, MomentumAction::ExtraAction { die: power }),
    );
    let pool = &doc.encounter.combat.momentum[&kestrel];
    assert_eq!((pool.count(Zone::Power), pool.count(Zone::Fatigue)), (0, 2));
    apply(&mut doc, momentum(kestrel, MomentumAction::Rally));
    assert_eq!(
        doc.encounter.combat.momentum[&kestrel].count(Zone::Fatigue),
        1
    );
    assert!(
        try_apply(&mut doc, momentum(kestrel, MomentumAction::Rally)).is_err(),
        "the Rally took the bought Action"
    );
    // Next turn is Bram's: Kestrel may not Prepare on it.
    next(&mut doc);
    assert!(try_apply(&mut doc, prepare(Zone::Fatigue)).is_err());
}

/// Prepare comes first (GFH, Preparing: "at the start of your turn"): after moving, it is too
/// late this turn.
#[test]
fn prepare_only_at_the_start_of_the_turn() {
    let mut doc = doc(Demo::GoForthHeroes);
    let kestrel = TokenId(1);
    apply(
        &mut doc,
        momentum(kestrel, MomentumAction::Create { size: 3 }),
    );
    start_round_the_table(&mut doc);
    apply(
        &mut doc,
        CombatCommand::UseEconomy {
            token: kestrel,
            part: EconomyPart::Movement(1),
        },
    );
    let err = try_apply(
        &mut doc,
        momentum(
            kestrel,
            MomentumAction::Prepare {
                from: Zone::Stamina,
            },
        ),
    )
    .unwrap_err();
    assert_eq!(err.to_string(), InitiativeError::NotAtStart.to_string());
}

/// Issue 18 item 4: a drag of the current combatant's token spends its movement in the same
/// undo step ("moved 3/6" after a 3-cell drag); undo gives both back.
#[test]
fn dragging_the_current_combatant_counts_its_movement() {
    let mut doc = doc(Demo::GoForthHeroes);
    start_round_the_table(&mut doc);
    let kestrel = TokenId(1);
    assert_eq!(movement_left(&doc.encounter, kestrel), Some(6));
    assert_eq!(
        movement_left(&doc.encounter, TokenId(2)),
        None,
        "not its turn"
    );
    let command = drag_move(&doc.encounter, kestrel, Cell::new(6, 3), 3);
    doc.apply(command).unwrap();
    assert_eq!(movement_left(&doc.encounter, kestrel), Some(3));
    doc.undo().unwrap();
    assert_eq!(movement_left(&doc.encounter, kestrel), Some(6));
    assert_eq!(doc.encounter.token(kestrel).unwrap().cell, Cell::new(3, 3));
}

/// GFH, Roll vs Effort Bonus: shifting points between +Roll and +Effort within an attribute,
/// "neither Roll nor Effort can exceed +5"; Defenses: 10 + the pair. The sheet derives them and
/// each edit is one undoable command that is saved with the encounter.
#[test]
fn gfh_sheet_derives_defenses_and_caps_roll_and_effort() {
    let mut doc = doc(Demo::GoForthHeroes);
    let shipped = doc.encounter.clone();
    // The demo's Bram: Might 3, Agility 1, Presence 1, Vigor 3, one point of Might moved to
    // Effort. Vigor down to 2:
    let bram = TokenId(2);
    let vigor = edit(
        &doc.encounter,
        bram,
        SheetField::GfhAttribute(Attribute::Vigor),
        2,
    )
    .unwrap();
    doc.apply(vigor).unwrap();
    let shift = |doc: &Document, n| {
        edit(
            &doc.encounter,
            bram,
            SheetField::GfhEffortShift(Attribute::Might),
            n,
        )
        .unwrap()
    };
    // Back to +3 / +3, then Might +3 → +2 Roll / +4 Effort again is allowed; +0 / +6 is not.
    let none = shift(&doc, 0);
    doc.apply(none).unwrap();
    let allowed = shift(&doc, 1);
    doc.apply(allowed).unwrap();
    let over = shift(&doc, 3);
    assert!(doc.apply(over).is_err());
    let numbers: Vec<(String, i64)> = sheet(&doc.encounter, bram)
        .unwrap()
        .into_iter()
        .flat_map(|s| s.numbers)
        .map(|n| (n.label, n.value))
        .collect();
    let value = |label: &str| numbers.iter().find(|(l, _)| l == label).unwrap().1;
    assert_eq!(value("Might +Roll"), 2);
    assert_eq!(value("Might +Effort"), 4);
    assert_eq!(value("Body"), 10 + 3 + 1);
    assert_eq!(value("Soul"), 10 + 1 + 2);
    assert_eq!(value("Momentum pool"), 3 + 2);
    assert_eq!(value("Move"), 4 + 1);
    // Saved and loaded again: the same sheet.
    let json = lantern::files::encounter_to_json(&doc.encounter).unwrap();
    let loaded = lantern::files::encounter_from_json(&json).unwrap();
    assert_eq!(loaded, doc.encounter);
    // Undo both shifts and the Vigor edit: the demo's Bram again.
    for _ in 0..3 {
        doc.undo().unwrap();
    }
    assert_eq!(doc.encounter, shipped);
}

/// A file written before the sheet (no `effort_shift` on a GFH token) still opens, with
/// nothing shifted: the new fields default, so old files migrate by reading them.
#[test]
fn files_from_before_the_sheet_open() {
    let mut doc = doc(Demo::GoForthHeroes);
    give_hero(&mut doc, TokenId(1), 2, vec![]);
    let json = lantern::files::encounter_to_json(&doc.encounter).unwrap();
    let mut value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    let hero = &mut value["combat"]["trackers"]["per_token"]["1"]["GoForthHeroes"];
    assert!(
        hero.as_object_mut()
            .unwrap()
            .remove("effort_shift")
            .is_some()
    );
    let old = serde_json::to_vec(&value).unwrap();
    let encounter = lantern::files::encounter_from_json(&old).unwrap();
    let t = lantern::combat::sheet::gfh(&encounter, TokenId(1)).unwrap();
    assert_eq!(t.effort_shift, [0; 8]);
    assert_eq!(t.roll_bonus(Attribute::Agility), 2);
}

#[derive(Clone, Debug)]
enum Step {
    Next(usize),
    React(usize),
    Condition(usize, u32),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (0..9usize).prop_map(Step::Next),
        2 => (0..9usize).prop_map(Step::React),
        1 => (0..9usize, 1..4u32).prop_map(|(t, r)| Step::Condition(t, r)),
    ]
}

fn mode_strategy() -> impl Strategy<Value = Mode> {
    prop_oneof![
        Just(Mode::RoundTheTable {
            placement: EnemyPlacement::Woven
        }),
        Just(Mode::Zipper {
            first: ZipperSide::Heroes
        }),
        Just(Mode::Zipper {
            first: ZipperSide::Enemies
        }),
        Just(Mode::Rolled),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Over random turn sequences: each combatant acts exactly once per round (Round the Table,
    /// the Zipper, Evening's order), no one takes two reactions in a round, and an "N rounds"
    /// condition ends exactly as the turn of whoever's turn it was when it was applied begins
    /// for the Nth time after (a whole round each, see `Duration::Rounds`).
    #[test]
    fn turns_reactions_and_durations_hold(mode in mode_strategy(), steps in prop::collection::vec(step(), 1..120)) {
        let mut doc = doc(Demo::GoForthHeroes);
        let tokens: Vec<TokenId> = doc.encounter.tokens.iter().map(|t| t.id).collect();
        let order = match mode {
            Mode::RoundTheTable { placement } => arrange_round_the_table(&ids(&doc, Side::Party), &ids(&doc, Side::Enemy), placement),
            _ => tokens.iter().map(|t| Combatant::new(*t)).collect(),
        };
        start(&mut doc, mode, order, None);
        let mut acted_this_round: Vec<TokenId> = current(&doc).into_iter().collect();
        let mut reactions_this_round: Vec<TokenId> = Vec::new();
        // (bearer, applier, applier's turn starts still to come before it must be gone)
        let mut timers: Vec<(TokenId, TokenId, u32)> = Vec::new();
        let mut round = 1;
        for s in steps {
            match s {
                Step::Next(p) => {
                    let sides = |t: TokenId| doc.encounter.token(t).map_or(Side::Neutral, |t| t.side);
                    let pick = doc.encounter.combat.initiative.zipper_choices(&sides)
                        .and_then(|(_, choices)| choices.get(p % choices.len().max(1)).copied());
                    apply(&mut doc, CombatCommand::NextTurn { pick });
                    if let Some(t) = current(&doc) {
                        for timer in timers.iter_mut().filter(|(_, a, _)| *a == t) {
                            timer.2 -= 1;
                        }
                    }
                    let now = doc.encounter.combat.initiative.round;
                    if now != round {
                        prop_assert_eq!(now, round + 1);
                        let mut all = acted_this_round.clone();
                        all.sort();
                        prop_assert_eq!(&all, &tokens, "each acts exactly once a round");
                        round = now;
                        acted_this_round.clear();
                        if mode != Mode::Rolled {
                            reactions_this_round.clear();
                        }
                    }
                    let c = current(&doc).unwrap();
                    prop_assert!(!acted_this_round.contains(&c), "twice in a round");
                    acted_this_round.push(c);
                    if mode == Mode::Rolled {
                        reactions_this_round.retain(|t| *t != c);
                    }
                    // Durations: alive while applier's turns remain, gone when none do.
                    for (bearer, _, left) in &timers {
                        let alive = doc.encounter.combat.conditions.iter().any(|x| x.token == *bearer);
                        prop_assert_eq!(alive, *left > 0, "{:?} with {} to go", bearer, left);
                    }
                    timers.retain(|(_, _, left)| *left > 0);
                }
                Step::React(t) => {
                    let t = tokens[t];
                    if try_apply(&mut doc, reaction(t)).is_ok() {
                        prop_assert!(!reactions_this_round.contains(&t), "two reactions");
                        reactions_this_round.push(t);
                    }
                }
                Step::Condition(t, rounds) => {
                    let t = tokens[t];
                    if timers.iter().any(|(b, _, _)| *b == t) {
                        continue;
                    }
                    let Some(applier) = current(&doc) else { continue };
                    apply(&mut doc, CombatCommand::ApplyCondition(ActiveCondition {
                        token: t,
                        name: "Focused".into(),
                        duration: Duration::Rounds { remaining: rounds, from: None },
                        system: None,
                    }));
                    timers.push((t, applier, rounds));
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Road and Ruin, Hastened Time: whatever token carries it and whichever pip it is applied
    /// on, an "N rounds" condition is there for exactly 10 × N pips, never fewer, never for good.
    #[test]
    fn road_and_ruin_durations_last_ten_pips_a_round(
        plan in prop::collection::vec((0..9usize, 1..4u32, 0..15u32), 1..6),
    ) {
        let mut doc = doc(Demo::GoForthHeroes);
        doc.apply(Command::SetSystem(RuleSystem::RoadAndRuin)).unwrap();
        let tokens: Vec<TokenId> = doc.encounter.tokens.iter().map(|t| t.id).collect();
        let order = tokens.iter().map(|t| Combatant::new(*t)).collect();
        start(&mut doc, Mode::Simultaneous, order, None);
        // (bearer, pips still to pass before it must be gone)
        let mut timers: Vec<(TokenId, u32)> = Vec::new();
        for (who, rounds, wait) in plan {
            for _ in 0..wait {
                next(&mut doc);
                for t in &mut timers {
                    t.1 -= 1;
                }
                for (bearer, left) in &timers {
                    let alive = doc.encounter.combat.conditions.iter().any(|c| c.token == *bearer);
                    prop_assert_eq!(alive, *left > 0);
                }
                timers.retain(|(_, left)| *left > 0);
            }
            let bearer = tokens[who];
            if timers.iter().any(|(b, _)| *b == bearer) {
                continue;
            }
            apply(&mut doc, CombatCommand::ApplyCondition(ActiveCondition {
                token: bearer,
                name: "Distracted".into(),
                duration: Duration::Rounds { remaining: rounds, from: None },
                system: None,
            }));
            timers.push((bearer, rounds * 10));
        }
        for _ in 0..40 {
            next(&mut doc);
        }
        prop_assert!(doc.encounter.combat.conditions.is_empty(), "none lasts for good");
    }
}
