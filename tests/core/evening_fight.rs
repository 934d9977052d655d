//! Evening's fight rules beyond the map (issue 31): an off-hand attack, Ready, reserve dice in a
//! defence and against exhaustion, a threat's strength and weakness, its attacks a round, the
//! text's halvings of damage, legendary and villain actions, Phased, Swarm, a Controller's
//! slow, damage types against vulnerability, resistance and immunity, and Charmed. Each test
//! names the section and lines of `evening-core.txt` it follows and works its numbers out by
//! hand from the text.

use lantern::combat::action::{
    ActionRequest, FilledCheck, Lever, build, consequence, costs, damage_taken, default_amount,
};
use lantern::combat::area_action::roll_against_each;
use lantern::combat::catalogue::CheckKind;
use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::evening_turn::{push_through, ready, refusal, take};
use lantern::combat::initiative::{Combatant, EconomyPart, Mode};
use lantern::combat::wounds::token_speed;
use lantern::dice::DiceRng;
use lantern::edit::Document;
use lantern::model::evening_combat::EveningAction;
use lantern::model::trackers::attack::AttackRange;
use lantern::model::validate::check_combat_state;
use lantern::model::{Cell, Command, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::evening::{
    Affinity, DamageDice, DamageRule, DamageType, EveningAbility, EveningAttack,
    EveningAttackNumbers, EveningAttribute, EveningChange, EveningCheck, EveningEncounterChange,
    EveningOutcome, EveningRoll, EveningToken, Reserve, ThreatEdge, ThreatProfile, ThreatTrait,
};
use lantern::rules::{
    CheckOutcome, CheckSetup, EncounterChange, TokenChange, TokenTrackers, TrackerCommand,
};

const ADA: TokenId = TokenId(1);
const WOLF: TokenId = TokenId(2);
const BRAM: TokenId = TokenId(3);

/// Ada (a character, speed 6) beside a threat "Wolf" of `rating` with `traits`, and Bram (a
/// character) two cells off; no fight yet.
fn fight(rating: u8, traits: &[ThreatTrait]) -> Document {
    let mut e = Encounter::new("evening fight", RuleSystem::Evening);
    let mut ada = Token::new(ADA, "Ada", Side::Party, Cell::new(0, 0));
    ada.speed_cells = 6;
    e.tokens.push(ada);
    e.tokens
        .push(Token::new(WOLF, "Wolf", Side::Enemy, Cell::new(1, 0)));
    e.tokens
        .push(Token::new(BRAM, "Bram", Side::Party, Cell::new(0, 2)));
    for id in [ADA, BRAM] {
        let sheet = EveningToken {
            health: 20,
            max_health: 20,
            ..EveningToken::default()
        };
        e.combat.trackers.insert(id, TokenTrackers::Evening(sheet));
    }
    let mut wolf = EveningToken::default();
    let profile = ThreatProfile {
        rating,
        traits: traits.to_vec(),
    };
    let Ok(()) = wolf.apply(&EveningChange::SetThreat(Some(profile))) else {
        panic!("the threat is refused");
    };
    e.combat.trackers.insert(WOLF, TokenTrackers::Evening(wolf));
    Document::new(e, None)
}

fn run(doc: &mut Document, command: Command) {
    if let Err(e) = doc.apply(command) {
        panic!("refused: {e}");
    }
}

fn start(doc: &mut Document, order: &[TokenId]) {
    let combatants = order.iter().map(|t| Combatant::new(*t)).collect();
    run(
        doc,
        Command::Combat(CombatCommand::StartInitiative {
            mode: Mode::Rolled,
            combatants,
            surprise_round: false,
            pick: None,
        }),
    );
}

fn next_turn(doc: &mut Document) {
    run(doc, Command::Combat(CombatCommand::NextTurn { pick: None }));
}

fn change(doc: &mut Document, token: TokenId, change: EveningChange) {
    run(
        doc,
        Command::Tracker(TrackerCommand::Token {
            token,
            change: TokenChange::Evening(change),
        }),
    );
}

fn sheet(doc: &Document, id: TokenId) -> EveningToken {
    let Some(TokenTrackers::Evening(t)) = doc.encounter.sheet(id) else {
        panic!("no Evening sheet");
    };
    t.clone()
}

fn economy(doc: &Document, id: TokenId) -> lantern::combat::initiative::Economy {
    let init = &doc.encounter.combat.initiative;
    let Some(i) = init.position(id) else {
        panic!("not in the order");
    };
    init.combatants[i].economy.clone()
}

fn evening(check: EveningCheck) -> CheckSetup {
    CheckSetup::Evening(check)
}

fn setup(filled: &FilledCheck) -> EveningCheck {
    let CheckSetup::Evening(c) = filled.setup() else {
        panic!("not an Evening check");
    };
    c
}

/// The threat attacking Ada: her defence check, with the form's `check`.
fn wolf_attacks_ada(doc: &Document, check: EveningCheck) -> FilledCheck {
    let request = ActionRequest {
        actor: Some(WOLF),
        targets: vec![ADA],
        attack: true,
        melee: true,
        kind: Some(CheckKind::Attack),
        ..ActionRequest::default()
    };
    build(&doc.encounter, &request, &evening(check))
}

/// Ada attacking the threat in melee.
fn ada_attacks_wolf(doc: &Document, check: EveningCheck) -> FilledCheck {
    let request = ActionRequest {
        actor: Some(ADA),
        targets: vec![WOLF],
        attack: true,
        melee: true,
        kind: Some(CheckKind::Attack),
        ..ActionRequest::default()
    };
    build(&doc.encounter, &request, &evening(check))
}

/// A rolled Evening check of `filled` whose kept d20 shows `natural`.
fn rolled(filled: &FilledCheck, natural: u32) -> CheckOutcome {
    let c = setup(filled);
    CheckOutcome::Evening(EveningRoll {
        dice: Vec::new(),
        natural,
        total: i64::from(natural) + c.modifier(),
        outcome: c.outcome(natural),
        critical: false,
        thread_prompt: None,
    })
}

fn success_odds(check: &EveningCheck) -> f64 {
    check
        .odds()
        .iter()
        .filter(|(o, _)| matches!(o, EveningOutcome::Success(_)))
        .map(|(_, p)| p)
        .sum()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

// ---- Combat actions: Off-hand attack (994) ------------------------------------------------

/// Evening, Combat actions, Off-hand attack (line 994): "Whenever you take the attack action
/// with a one-handed melee weapon, you may use your bonus action to make a second attack with a
/// second one-handed melee weapon." On Ada's turn an off-hand attack before she has taken the
/// Attack action is refused; once her Action is spent it is allowed and costs her bonus action;
/// with that spent, the cost can't be paid; a ranged off-hand attack is refused.
#[test]
fn an_off_hand_attack_follows_the_attack_action_and_spends_the_bonus_action() {
    let mut doc = fight(1, &[]);
    start(&mut doc, &[ADA, WOLF]);
    let off_hand = EveningCheck {
        off_hand: true,
        ..EveningCheck::default()
    };
    let before = ada_attacks_wolf(&doc, off_hand);
    assert!(
        before
            .refused
            .as_deref()
            .is_some_and(|r| r.contains("after taking the Attack action")),
        "{:?}",
        before.refused
    );
    run(
        &mut doc,
        Command::Combat(CombatCommand::UseEconomy {
            token: ADA,
            part: EconomyPart::Action,
        }),
    );
    let after = ada_attacks_wolf(&doc, off_hand);
    assert_eq!(after.refused, None);
    let spent = costs(&doc.encounter, &after);
    assert_eq!(spent.len(), 1);
    assert_eq!(spent[0].text, "Ada's bonus action (off-hand attack)");
    assert!(spent[0].affordable);
    run(&mut doc, spent[0].command.clone());
    assert!(economy(&doc, ADA).bonus_action_used);
    let again = costs(&doc.encounter, &ada_attacks_wolf(&doc, off_hand));
    assert!(!again[0].affordable, "the bonus action is spent");
    let ranged = ActionRequest {
        actor: Some(ADA),
        targets: vec![WOLF],
        attack: true,
        melee: false,
        kind: Some(CheckKind::Attack),
        ..ActionRequest::default()
    };
    let bow = build(&doc.encounter, &ranged, &evening(off_hand));
    assert_eq!(
        bow.refused.as_deref(),
        Some("an off-hand attack is made with a melee weapon")
    );
}

// ---- Initiative actions: Ready (501) -------------------------------------------------------

/// Evening, Initiative actions, Ready (line 501): "You choose an action available to you, and
/// then you specify a trigger that will cause you to take the action. If the trigger occurs
/// before your next turn, you may use your reaction to take the readied action." Ada readies on
/// her turn (her Action spent); on the Wolf's turn the trigger comes and she takes it with her
/// reaction. Readied again on her next turn and not taken, it lapses when her turn after that
/// begins. Off her turn, with no trigger, or with nothing readied, it is refused.
#[test]
fn ready_spends_the_action_and_the_reaction_takes_it_before_the_next_turn() {
    let mut doc = fight(1, &[]);
    start(&mut doc, &[ADA, WOLF]);
    let empty = EveningAction::Ready {
        trigger: "  ".into(),
    };
    assert!(refusal(&doc.encounter, ADA, &empty).is_some());
    assert!(refusal(&doc.encounter, ADA, &EveningAction::TakeReadied).is_some());
    run(&mut doc, ready(ADA, "the wolf steps through the door"));
    let e = economy(&doc, ADA);
    assert!(e.action_used);
    assert_eq!(e.readied, "the wolf steps through the door");
    next_turn(&mut doc);
    assert!(
        refusal(
            &doc.encounter,
            ADA,
            &EveningAction::Ready {
                trigger: "again".into()
            }
        )
        .is_some(),
        "readying is done on one's own turn"
    );
    let Ok(take_it) = take(&doc.encounter, ADA, EveningAction::TakeReadied) else {
        panic!("the readied action is refused");
    };
    run(&mut doc, take_it);
    let e = economy(&doc, ADA);
    assert!(e.reaction_used);
    assert!(e.readied.is_empty());
    let last = doc.encounter.combat.log.last().map(|l| l.result.clone());
    assert!(last.is_some_and(|r| r.contains("the wolf steps through the door")));
    // Readied again on her next turn, never taken: gone when the turn after that begins.
    next_turn(&mut doc);
    run(&mut doc, ready(ADA, "someone opens the chest"));
    next_turn(&mut doc);
    assert_eq!(economy(&doc, ADA).readied, "someone opens the chest");
    next_turn(&mut doc);
    assert!(economy(&doc, ADA).readied.is_empty());
    // Undo brings the readied action back.
    assert!(doc.undo().is_ok());
    assert_eq!(economy(&doc, ADA).readied, "someone opens the chest");
}

// ---- Reserves: a die in a defence check (380), ignoring exhaustion (381) --------------------

/// Evening, Reserves, Using reserves (line 380): "As a reaction, you may spend one of your
/// reserves when making a defense check, adding the result to your check total." Ada (+0)
/// defends against a rating 2 threat, TN 15 (Threat Rating). By hand: a d20 alone beats 15 on
/// 16–20, 5/20 = 0.25. With a d4 added: a d20 of 15 or more always beats it (6/20), a 14 with a
/// d4 of 2+ (3/4), a 13 with 3+ (2/4), a 12 with a 4 (1/4): (6 + 0.75 + 0.5 + 0.25) / 20 =
/// 0.375. The roll spends her d4 and her reaction, in its undo step; a reserve die on an attack
/// is left out.
#[test]
fn a_reserve_die_added_to_a_defence_is_spent_with_the_reaction() {
    let mut doc = fight(2, &[]);
    change(&mut doc, ADA, EveningChange::AddReserve(4));
    start(&mut doc, &[ADA, WOLF]);
    next_turn(&mut doc);
    let plain = setup(&wolf_attacks_ada(&doc, EveningCheck::default()));
    assert_eq!(plain.tn(), 15);
    assert!(close(success_odds(&plain), 0.25));
    let with_d4 = EveningCheck {
        reserve_die: 4,
        ..EveningCheck::default()
    };
    let filled = wolf_attacks_ada(&doc, with_d4);
    assert!(close(success_odds(&setup(&filled)), 0.375));
    let roll = setup(&filled).roll(&mut DiceRng::seeded(7));
    assert_eq!(roll.dice.len(), 2, "the d20 and the reserve d4");
    let d4: i64 = roll
        .dice
        .iter()
        .filter(|d| d.sides == 4)
        .map(|d| d.value)
        .sum();
    assert_eq!(roll.total, i64::from(roll.natural) + d4);
    let paid = costs(&doc.encounter, &filled);
    let texts: Vec<&str> = paid
        .iter()
        .filter(|c| c.token == ADA)
        .map(|c| c.text.as_str())
        .collect();
    assert_eq!(texts, ["a d4 reserve die of Ada's", "Ada's reaction"]);
    assert!(paid.iter().all(|c| c.affordable));
    let commands = paid.into_iter().map(|c| c.command).collect();
    run(&mut doc, Command::Batch(commands));
    assert!(sheet(&doc, ADA).reserves[0].spent);
    assert!(economy(&doc, ADA).reaction_used);
    let broke = costs(&doc.encounter, &wolf_attacks_ada(&doc, with_d4));
    assert!(
        broke
            .iter()
            .filter(|c| c.token == ADA)
            .all(|c| !c.affordable)
    );
    // On an attack the die is no part of the roll.
    let attack = setup(&ada_attacks_wolf(&doc, with_d4));
    assert_eq!(attack.reserve(), None);
}

/// Evening, Reserves (line 381): "You may use a bonus action to ignore the effects of
/// exhaustion for a round by spending one of your reserves." Exhaustion (lines 1075–1076):
/// level 2 halves speed, level 3 gives disadvantage on attacks. Ada at exhaustion 3, speed 6,
/// moves 3 and attacks at disadvantage; pushing through on her turn spends her bonus action and
/// her d6, and until her next turn begins she moves 6 and attacks without disadvantage. Then it
/// wears off. With no reserve left she can't.
#[test]
fn pushing_through_spends_a_reserve_to_ignore_exhaustion_for_a_round() {
    let mut doc = fight(1, &[]);
    change(&mut doc, ADA, EveningChange::SetExhaustion(3));
    change(&mut doc, ADA, EveningChange::AddReserve(6));
    start(&mut doc, &[ADA, WOLF]);
    let speed =
        |doc: &Document| token_speed(&doc.encounter, &doc.encounter.combat.conditions, ADA).value;
    assert_eq!(speed(&doc), 3);
    assert!(setup(&ada_attacks_wolf(&doc, EveningCheck::default())).disadvantage);
    let Ok(push) = push_through(&doc.encounter, ADA) else {
        panic!("pushing through is refused");
    };
    run(&mut doc, push);
    assert!(economy(&doc, ADA).bonus_action_used);
    assert!(sheet(&doc, ADA).reserves[0].spent);
    assert_eq!(speed(&doc), 6);
    assert!(!setup(&ada_attacks_wolf(&doc, EveningCheck::default())).disadvantage);
    next_turn(&mut doc);
    assert_eq!(speed(&doc), 6, "still the same round");
    next_turn(&mut doc);
    assert_eq!(speed(&doc), 3, "worn off as her next turn begins");
    assert!(setup(&ada_attacks_wolf(&doc, EveningCheck::default())).disadvantage);
    assert!(
        push_through(&doc.encounter, ADA).is_err(),
        "no reserve left"
    );
}

// ---- Threats: strengths and weaknesses (801–802), attacks a round (787) ---------------------

/// Evening, Determining Strengths & Weaknesses (lines 801–802): "Whenever the threat's strength
/// applies, increase its target number by 6"; its weakness, decrease it by 6. A rating 2 threat
/// has TN 15 (Threat Rating): Ada's attack on it is against 21 when its strength applies and 9
/// when its weakness does; its own attack on her, a defence against its TN, is against 21.
#[test]
fn a_threats_strength_and_weakness_move_its_tn_by_six() {
    let mut doc = fight(2, &[]);
    change(
        &mut doc,
        WOLF,
        EveningChange::SetStrength("hunting in packs".into()),
    );
    let edge = |edge| EveningCheck {
        edge,
        ..EveningCheck::default()
    };
    assert_eq!(
        setup(&ada_attacks_wolf(&doc, edge(ThreatEdge::Neither))).tn(),
        15
    );
    let strong = ada_attacks_wolf(&doc, edge(ThreatEdge::Strength));
    assert_eq!(setup(&strong).tn(), 21);
    assert!(
        strong
            .contributions
            .iter()
            .any(|c| c.text == "Wolf's strength applies (hunting in packs)"
                && c.lever == Lever::TnShift(6))
    );
    assert_eq!(
        setup(&ada_attacks_wolf(&doc, edge(ThreatEdge::Weakness))).tn(),
        9
    );
    assert_eq!(
        setup(&wolf_attacks_ada(&doc, edge(ThreatEdge::Strength))).tn(),
        21
    );
}

/// Evening, Threat Rating (line 787): "Attacks. How many attacks the threat can make every
/// round." A rating 1 threat makes 2 (line 772). On its turn each attack roll spends one,
/// counted by the turn economy; the third is refused; its next turn gives it 2 again. Off its
/// turn its roll spends none of them.
#[test]
fn a_threats_attacks_a_round_are_counted_by_the_turn_economy() {
    let mut doc = fight(1, &[]);
    start(&mut doc, &[ADA, WOLF]);
    assert!(
        costs(
            &doc.encounter,
            &wolf_attacks_ada(&doc, EveningCheck::default())
        )
        .is_empty()
    );
    next_turn(&mut doc);
    for n in 1..=2 {
        let paid = costs(
            &doc.encounter,
            &wolf_attacks_ada(&doc, EveningCheck::default()),
        );
        let attack = paid.iter().find(|c| c.token == WOLF).cloned();
        let Some(attack) = attack else {
            panic!("no attack counted");
        };
        assert_eq!(attack.text, format!("Wolf's attack {n} of 2 this round"));
        assert!(attack.affordable);
        run(&mut doc, attack.command);
    }
    assert_eq!(economy(&doc, WOLF).attacks_made, 2);
    assert!(
        economy(&doc, WOLF).action_used,
        "its attacks are its Attack action"
    );
    let third = costs(
        &doc.encounter,
        &wolf_attacks_ada(&doc, EveningCheck::default()),
    );
    assert!(third.iter().any(|c| c.token == WOLF && !c.affordable));
    assert!(
        refusal(&doc.encounter, WOLF, &EveningAction::Attack)
            .is_some_and(|r| r.contains("2 attacks"))
    );
    next_turn(&mut doc);
    next_turn(&mut doc);
    assert_eq!(economy(&doc, WOLF).attacks_made, 0);
}

// ---- Customizing Damage (810, 812) and Defend for half (343) --------------------------------

/// Evening, Customizing Damage (lines 810, 812) and Defense, Defend for half (line 343), each
/// halving rounding down (Just round down, line 32). A threat's attack landing for 15:
/// - plain: a failed defence takes 15, a successful one nothing;
/// - "defend for half": success takes 7, failure 15;
/// - certain damage: "halve the damage … and give characters the chance to make a defense check
///   to halve the damage again": failure 7, success 3;
/// - on several targets, "halve the damage it does": failure 7; certain on several targets and
///   defended: 15 → 7 → 3 → 1;
/// - a Controller's area attacks are not halved (line 840): 15.
#[test]
fn several_targets_certain_damage_and_defending_for_half_halve_the_damage() {
    let doc = fight(1, &[]);
    let with = |rule, several| EveningCheck {
        damage_rule: rule,
        several_targets: several,
        ..EveningCheck::default()
    };
    let landed = |check: EveningCheck, natural: u32| {
        let filled = wolf_attacks_ada(&doc, check);
        damage_taken(&doc.encounter, &filled, &rolled(&filled, natural), 15).map(|(n, _)| n)
    };
    // The threat's TN is 14 (rating 1): a natural 20 defends, a natural 2 does not.
    assert_eq!(landed(with(DamageRule::Avoidable, false), 2), Some(15));
    assert_eq!(landed(with(DamageRule::Avoidable, false), 20), None);
    assert_eq!(landed(with(DamageRule::DefendForHalf, false), 20), Some(7));
    assert_eq!(landed(with(DamageRule::DefendForHalf, false), 2), Some(15));
    assert_eq!(landed(with(DamageRule::Certain, false), 2), Some(7));
    assert_eq!(landed(with(DamageRule::Certain, false), 20), Some(3));
    assert_eq!(landed(with(DamageRule::Avoidable, true), 2), Some(7));
    assert_eq!(landed(with(DamageRule::Certain, true), 20), Some(1));
    let controller = fight(1, &[ThreatTrait::Controller]);
    let filled = wolf_attacks_ada(&controller, with(DamageRule::Avoidable, true));
    let taken = damage_taken(&controller.encounter, &filled, &rolled(&filled, 2), 15);
    assert_eq!(taken.map(|(n, _)| n), Some(15));
    // A defence that halves still rolls the damage on a success (2d8 + 3: 5 to 19).
    let half = wolf_attacks_ada(&doc, with(DamageRule::DefendForHalf, false));
    let amount = default_amount(
        &doc.encounter,
        &half,
        &rolled(&half, 20),
        6,
        &mut DiceRng::seeded(3),
    );
    assert!((5..=19).contains(&amount));
    // An attack on Ada and Bram together is rolled as on several targets.
    let area = ActionRequest {
        actor: Some(WOLF),
        targets: vec![ADA, BRAM],
        attack: true,
        kind: Some(CheckKind::Attack),
        ..ActionRequest::default()
    };
    let base = evening(EveningCheck::default());
    let results = roll_against_each(
        &doc.encounter,
        &area,
        &base,
        &std::collections::BTreeSet::default(),
        6,
        &mut DiceRng::seeded(5),
    );
    assert!(results.iter().all(|r| setup(&r.filled).several_targets));
}

// ---- Legendary (860–874) ---------------------------------------------------------------------

/// Evening, Traits, Legendary (lines 860–874): three legendary actions, taken "at the end of
/// another creature's turn", "return at the beginning of your next turn"; "only if you would be
/// able to use regular actions"; "only one legendary action at one time" unless it has a cost
/// (special actions cost 1–3); three legendary resistances to ignore an effect. On Ada's turn the
/// Dragon takes one (2 left), a second normal one at the same moment is refused, a special one
/// costing 2 is not (0 left); on its own turn it takes none and has all three back; Stunned it
/// takes none. Its resistances go 3, 2, 1, 0 and a fourth is refused; a long rest brings them
/// back. Surprised, it takes none before its first turn.
#[test]
fn legendary_actions_three_a_round_one_at_a_time_and_three_resistances() {
    let mut doc = fight(3, &[ThreatTrait::Legendary]);
    start(&mut doc, &[ADA, WOLF, BRAM]);
    let one = EveningAction::LegendaryAction { cost: 1 };
    let Ok(first) = take(&doc.encounter, WOLF, one.clone()) else {
        panic!("the legendary action is refused");
    };
    run(&mut doc, first);
    assert_eq!(sheet(&doc, WOLF).track.legendary_actions_spent, 1);
    assert!(refusal(&doc.encounter, WOLF, &one).is_some_and(|r| r.contains("one at one time")));
    let special = EveningAction::LegendaryAction { cost: 2 };
    let Ok(special) = take(&doc.encounter, WOLF, special) else {
        panic!("a special legendary action is refused");
    };
    run(&mut doc, special);
    assert!(
        refusal(&doc.encounter, WOLF, &one).is_some_and(|r| r.contains("0 legendary actions left"))
    );
    next_turn(&mut doc);
    assert_eq!(
        sheet(&doc, WOLF).track.legendary_actions_spent,
        0,
        "back as its turn begins"
    );
    assert!(
        refusal(&doc.encounter, WOLF, &one).is_some_and(|r| r.contains("another creature's turn"))
    );
    next_turn(&mut doc);
    run(
        &mut doc,
        Command::Combat(CombatCommand::ApplyCondition(ActiveCondition {
            token: WOLF,
            name: "Stunned".into(),
            duration: Duration::UntilRemoved,
        })),
    );
    assert!(refusal(&doc.encounter, WOLF, &one).is_some_and(|r| r.contains("no actions")));
    for left in [2, 1, 0] {
        change(&mut doc, WOLF, EveningChange::SpendLegendaryResistance);
        assert_eq!(
            3 - sheet(&doc, WOLF).track.legendary_resistances_spent,
            left
        );
    }
    let fourth = doc.apply(Command::Tracker(TrackerCommand::Token {
        token: WOLF,
        change: TokenChange::Evening(EveningChange::SpendLegendaryResistance),
    }));
    assert!(fourth.is_err());
    change(&mut doc, WOLF, EveningChange::LongRest);
    assert_eq!(sheet(&doc, WOLF).track.legendary_resistances_spent, 0);
    // A legendary attack from the Dice pane spends a legendary action, not one of its attacks.
    // "If surprised, you can't use them until after your first turn in combat."
    let mut ambushed = fight(3, &[ThreatTrait::Legendary]);
    let mut wolf = Combatant::new(WOLF);
    wolf.surprised = true;
    run(
        &mut ambushed,
        Command::Combat(CombatCommand::StartInitiative {
            mode: Mode::Rolled,
            combatants: vec![Combatant::new(ADA), wolf, Combatant::new(BRAM)],
            surprise_round: true,
            pick: None,
        }),
    );
    assert!(refusal(&ambushed.encounter, WOLF, &one).is_some_and(|r| r.contains("surprised")));
    let legendary = EveningCheck {
        legendary: true,
        ..EveningCheck::default()
    };
    let paid = costs(&doc.encounter, &wolf_attacks_ada(&doc, legendary));
    assert!(
        paid.iter()
            .any(|c| c.text == "a legendary action of Wolf's")
    );
}

// ---- Nemesis (880–884) ------------------------------------------------------------------------

/// Evening, Traits, Nemesis (lines 880–884): "Using a villain action takes the place of an
/// attack. Only one villain action may be used per round. Villain actions have to be performed
/// in order": the first does half damage, the third four times the damage. A rating 2 Nemesis
/// (3 attacks) takes its first in round 1 (one of its attacks), a second that round is refused,
/// the second comes in round 2. A first villain action landing 15 deals 7; a third landing 14
/// deals 56.
#[test]
fn villain_actions_one_a_round_in_order_half_then_four_times() {
    let mut doc = fight(2, &[ThreatTrait::Nemesis]);
    start(&mut doc, &[ADA, WOLF]);
    next_turn(&mut doc);
    let villain = EveningCheck {
        villain: true,
        ..EveningCheck::default()
    };
    let filled = wolf_attacks_ada(&doc, villain);
    assert_eq!(setup(&filled).villain_step, 1);
    let taken = damage_taken(&doc.encounter, &filled, &rolled(&filled, 2), 15);
    assert_eq!(taken.map(|(n, _)| n), Some(7));
    let paid = costs(&doc.encounter, &filled);
    let Some(cost) = paid.iter().find(|c| c.token == WOLF) else {
        panic!("no villain action spent");
    };
    assert_eq!(
        cost.text,
        "Wolf's attack 1 of 3 this round, as its villain action"
    );
    run(&mut doc, cost.command.clone());
    assert_eq!(sheet(&doc, WOLF).track.villain_actions, 1);
    assert_eq!(economy(&doc, WOLF).attacks_made, 1);
    assert!(
        refusal(&doc.encounter, WOLF, &EveningAction::VillainAction)
            .is_some_and(|r| r.contains("one a round"))
    );
    next_turn(&mut doc);
    next_turn(&mut doc);
    let Ok(second) = take(&doc.encounter, WOLF, EveningAction::VillainAction) else {
        panic!("the second villain action is refused");
    };
    run(&mut doc, second);
    let third = wolf_attacks_ada(&doc, villain);
    assert_eq!(setup(&third).villain_step, 3);
    let taken = damage_taken(&doc.encounter, &third, &rolled(&third, 2), 14);
    assert_eq!(taken.map(|(n, _)| n), Some(56));
}

// ---- Phased (888–890) and Swarm (894–896) -----------------------------------------------------

/// Evening, Traits, Phased (lines 888–890): "Whenever they fall to 0 health, their health fully
/// replenishes". A rating 1 Phased threat (15 health, line 772) has two phases unless the GM
/// sets more: 20 damage (past its total) starts its second phase at 15, not dead; 9 and then 6
/// leave it at 0, Unconscious and Prone in the same step. With three phases, two falls refill.
#[test]
fn a_phased_threat_refills_at_zero_until_its_last_phase() {
    let mut doc = fight(1, &[ThreatTrait::Phased]);
    let hit = |doc: &Document, amount: i64| {
        let check = EveningCheck {
            attack: true,
            ..EveningCheck::default()
        };
        let filled = ada_attacks_wolf(doc, check);
        consequence(
            &doc.encounter,
            &filled,
            &rolled(&filled, 20),
            amount,
            [1, 1, 1],
        )
    };
    let first = hit(&doc, 20);
    assert!(
        first.lines.iter().any(|l| l.contains("next phase begins")),
        "{:?}",
        first.lines
    );
    run(&mut doc, Command::Batch(first.commands));
    let wolf = sheet(&doc, WOLF);
    assert_eq!((wolf.health, wolf.track.phase, wolf.dead), (15, 1, false));
    for amount in [9, 6] {
        let landed = hit(&doc, amount).commands;
        run(&mut doc, Command::Batch(landed));
    }
    assert_eq!(sheet(&doc, WOLF).health, 0);
    let on: Vec<String> = doc
        .encounter
        .combat
        .conditions
        .iter()
        .filter(|c| c.token == WOLF)
        .map(|c| c.name.clone())
        .collect();
    assert_eq!(on, ["Unconscious", "Prone"]);
    let mut three = fight(1, &[ThreatTrait::Phased]);
    change(&mut three, WOLF, EveningChange::SetPhases(3));
    for phase in 1..=2 {
        let landed = hit(&three, 15).commands;
        run(&mut three, Command::Batch(landed));
        assert_eq!(sheet(&three, WOLF).track.phase, phase);
        assert_eq!(sheet(&three, WOLF).health, 15);
    }
}

/// Evening, Traits, Swarm (lines 894–896): "Whenever anything except the heart location is hit,
/// it perishes". A swarm of 4 bodies away from its heart loses one per hit there: 3 are left;
/// with none left there is nothing to perish.
#[test]
fn a_swarms_body_away_from_the_heart_perishes_when_hit() {
    let mut doc = fight(1, &[ThreatTrait::Swarm]);
    change(&mut doc, WOLF, EveningChange::SetSwarmBodies(4));
    change(&mut doc, WOLF, EveningChange::SwarmBodyPerishes);
    assert_eq!(sheet(&doc, WOLF).track.swarm_bodies, 3);
    change(&mut doc, WOLF, EveningChange::SetSwarmBodies(0));
    let none = doc.apply(Command::Tracker(TrackerCommand::Token {
        token: WOLF,
        change: TokenChange::Evening(EveningChange::SwarmBodyPerishes),
    }));
    assert!(none.is_err());
}

// ---- Controller (839) -------------------------------------------------------------------------

/// Evening, Traits, Controller (line 839): "The threat may choose to slow targets instead of
/// damaging them." Lantern's reading: Slowed, speed halved until the start of the controller's
/// next turn. Its attack landing on Ada (speed 6) slows her to 3 and deals nothing; it wears off
/// as the controller's next turn begins. A threat that is no Controller can't.
#[test]
fn a_controller_slows_instead_of_damaging() {
    let mut doc = fight(1, &[ThreatTrait::Controller]);
    start(&mut doc, &[WOLF, ADA]);
    let slow = EveningCheck {
        slow_instead: true,
        ..EveningCheck::default()
    };
    let filled = wolf_attacks_ada(&doc, slow);
    let landed = consequence(&doc.encounter, &filled, &rolled(&filled, 2), 12, [1, 1, 1]);
    assert_eq!(
        landed.lines,
        ["Ada is Slowed by Wolf instead of hurt: speed halved for a round"]
    );
    run(&mut doc, Command::Batch(landed.commands));
    assert_eq!(sheet(&doc, ADA).health, 20);
    let speed =
        |doc: &Document| token_speed(&doc.encounter, &doc.encounter.combat.conditions, ADA).value;
    assert_eq!(speed(&doc), 3);
    next_turn(&mut doc);
    assert_eq!(speed(&doc), 3);
    next_turn(&mut doc);
    assert_eq!(speed(&doc), 6);
    let plain = fight(1, &[]);
    let filled = wolf_attacks_ada(&plain, slow);
    let hurt = consequence(
        &plain.encounter,
        &filled,
        &rolled(&filled, 2),
        12,
        [1, 1, 1],
    );
    assert_eq!(hurt.lines, ["Ada loses 12 health"]);
}

// ---- Damage & Health, Modifiers (1014–1016); Petrified (1170) ----------------------------------

fn mace() -> EveningAttack {
    EveningAttack::new(
        "Mace",
        AttackRange::ADJACENT,
        EveningAttackNumbers {
            ability: EveningAbility::Prowess,
            attribute: EveningAttribute::Body,
            aptitude: false,
            damage: DamageDice {
                count: 1,
                sides: 6,
                bonus: 0,
            },
            damage_type: Some(DamageType::Bludgeoning),
        },
    )
}

/// Evening, Damage & Health, Modifiers (lines 1014–1016): vulnerability doubles the damage of
/// its type, resistance halves it (rounded down), immunity ignores it. Ada's mace deals
/// bludgeoning: 7 on a Wolf vulnerable to it is 14, resistant 3, immune 0 (nothing to apply).
/// A threat's attack typed in the form as fire, on Ada resistant to fire: 15 is 7. Petrified
/// (line 1170): "immune to poison", and its resistance to all damage halves fire once: 15 → 7.
#[test]
fn vulnerability_resistance_and_immunity_follow_the_damage_type() {
    let mut doc = fight(1, &[]);
    change(&mut doc, ADA, EveningChange::SetAttacks(vec![mace()]));
    let swing = |doc: &Document| {
        let request = ActionRequest {
            actor: Some(ADA),
            targets: vec![WOLF],
            attack: true,
            melee: true,
            weapon: Some(0),
            kind: Some(CheckKind::Attack),
            ..ActionRequest::default()
        };
        let filled = build(&doc.encounter, &request, &evening(EveningCheck::default()));
        damage_taken(&doc.encounter, &filled, &rolled(&filled, 20), 7).map(|(n, _)| n)
    };
    assert_eq!(swing(&doc), Some(7));
    for (affinity, dealt) in [
        (Affinity::Vulnerable, 14),
        (Affinity::Resistant, 3),
        (Affinity::Immune, 0),
    ] {
        change(
            &mut doc,
            WOLF,
            EveningChange::SetAffinity {
                damage_type: DamageType::Bludgeoning,
                affinity,
            },
        );
        assert_eq!(swing(&doc), Some(dealt), "{affinity:?}");
    }
    change(
        &mut doc,
        ADA,
        EveningChange::SetAffinity {
            damage_type: DamageType::Fire,
            affinity: Affinity::Resistant,
        },
    );
    let fire = EveningCheck {
        damage_type: Some(DamageType::Fire),
        ..EveningCheck::default()
    };
    let filled = wolf_attacks_ada(&doc, fire);
    assert!(
        filled
            .contributions
            .iter()
            .any(|c| c.text == "Ada is resistant to fire damage")
    );
    let taken = damage_taken(&doc.encounter, &filled, &rolled(&filled, 2), 15);
    assert_eq!(taken.map(|(n, _)| n), Some(7));
    let stone = fight(1, &[]);
    let mut stone = stone;
    run(
        &mut stone,
        Command::Combat(CombatCommand::ApplyCondition(ActiveCondition {
            token: ADA,
            name: "Petrified".into(),
            duration: Duration::UntilRemoved,
        })),
    );
    let poison = EveningCheck {
        damage_type: Some(DamageType::Poison),
        ..EveningCheck::default()
    };
    let filled = wolf_attacks_ada(&stone, poison);
    let taken = damage_taken(&stone.encounter, &filled, &rolled(&filled, 2), 15);
    assert_eq!(taken.map(|(n, _)| n), Some(0));
    let filled = wolf_attacks_ada(&stone, fire);
    let taken = damage_taken(&stone.encounter, &filled, &rolled(&filled, 2), 15);
    assert_eq!(taken.map(|(n, _)| n), Some(7));
}

// ---- Conditions, Charmed (1129–1130) ------------------------------------------------------------

/// Evening, Conditions, Charmed (lines 1129–1130): "A charmed creature can't attack the charmer
/// or target the charmer with harmful abilities"; "The charmer has advantage on any aptitude
/// checks to interact socially with the creature." Ada, Charmed by the Wolf, is refused an
/// attack on it but not on Bram; the Wolf's check against her has advantage. Without the
/// condition the charm is not read; deleting the Wolf forgets it.
#[test]
fn a_charmed_creature_cannot_attack_its_charmer() {
    let mut doc = fight(1, &[]);
    run(
        &mut doc,
        Command::Tracker(TrackerCommand::Encounter(EncounterChange::Evening(
            EveningEncounterChange::SetCharmer {
                charmed: ADA,
                charmer: Some(WOLF),
            },
        ))),
    );
    assert!(
        ada_attacks_wolf(&doc, EveningCheck::default())
            .refused
            .is_none(),
        "not Charmed yet"
    );
    run(
        &mut doc,
        Command::Combat(CombatCommand::ApplyCondition(ActiveCondition {
            token: ADA,
            name: "Charmed".into(),
            duration: Duration::UntilRemoved,
        })),
    );
    assert_eq!(
        ada_attacks_wolf(&doc, EveningCheck::default())
            .refused
            .as_deref(),
        Some("Ada is Charmed by Wolf: it can't attack its charmer or harm it")
    );
    let on_bram = ActionRequest {
        actor: Some(ADA),
        targets: vec![BRAM],
        attack: true,
        ..ActionRequest::default()
    };
    assert!(
        build(&doc.encounter, &on_bram, &evening(EveningCheck::default()))
            .refused
            .is_none()
    );
    let persuade = ActionRequest {
        actor: Some(WOLF),
        targets: vec![ADA],
        kind: Some(CheckKind::Aptitude),
        ..ActionRequest::default()
    };
    let filled = build(&doc.encounter, &persuade, &evening(EveningCheck::default()));
    assert!(setup(&filled).advantage);
    run(&mut doc, Command::RemoveToken(WOLF));
    assert!(
        doc.encounter
            .combat
            .trackers
            .encounter
            .evening
            .charmed_by
            .is_empty()
    );
}

// ---- The sheet's limits -------------------------------------------------------------------------

/// The new Evening sheet fields are checked by the one validation the loader and the commands
/// share: legendary actions past three, a strength past 200 characters or a charm naming a
/// token the encounter lacks are refused; a sheet from before these fields opens unchanged.
#[test]
fn evening_sheet_limits_are_the_loaders_and_old_sheets_still_open() {
    let doc = fight(3, &[ThreatTrait::Legendary]);
    let mut combat = doc.encounter.combat.clone();
    let Some(TokenTrackers::Evening(wolf)) = combat.trackers.sheet_mut(WOLF, RuleSystem::Evening)
    else {
        panic!("no sheet");
    };
    wolf.track.legendary_actions_spent = 4;
    assert!(check_combat_state(&doc.encounter, &combat).is_err());
    let mut long = doc.encounter.combat.clone();
    if let Some(TokenTrackers::Evening(wolf)) = long.trackers.sheet_mut(WOLF, RuleSystem::Evening) {
        wolf.strength = "x".repeat(201);
    }
    assert!(check_combat_state(&doc.encounter, &long).is_err());
    let mut stray = doc.encounter.combat.clone();
    stray
        .trackers
        .encounter
        .evening
        .charmed_by
        .insert(ADA, TokenId(99));
    assert!(check_combat_state(&doc.encounter, &stray).is_err());
    let old = r#"{"health": 5, "max_health": 9, "temp_health": 0, "reserves": [{"sides": 8, "spent": false}],
        "injury": 0, "exhaustion": 0, "dead": false, "threat": null}"#;
    let Ok(sheet) = serde_json::from_str::<EveningToken>(old) else {
        panic!("an old sheet no longer opens");
    };
    assert_eq!(
        sheet.reserves,
        [Reserve {
            sides: 8,
            spent: false
        }]
    );
    assert!(sheet.affinities.is_empty() && sheet.strength.is_empty() && sheet.track.is_fresh());
    let back = serde_json::to_string(&sheet).unwrap_or_default();
    assert!(
        !back.contains("track") && !back.contains("affinities"),
        "{back}"
    );
}
