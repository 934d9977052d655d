//! Evening's rules that happen on the map, as `evening-core.txt` writes them: the attack of
//! opportunity (line 991), grapple and the grappler's halved speed (995), the grapple ending
//! when the grappler is incapacitated (1144) or the held creature leaves its reach (1145),
//! shove (996–998), falling (640) and Frightened keeping its distance (1138–1139). Each test
//! names the section and works its numbers out by hand from the text.

use lantern::board::Scene;
use lantern::combat::action::{ActionRequest, build, consequence, costs, request_for};
use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::falling::{fall, fall_dice, height_feet};
use lantern::combat::initiative::{Combatant, Mode};
use lantern::combat::maneuver::{self, Maneuver, ManeuverError, Outcome};
use lantern::combat::opportunity::{let_go, provoked};
use lantern::combat::turn_move::{move_along, reach};
use lantern::combat::wounds::token_speed;
use lantern::edit::Document;
use lantern::model::trackers::attack::AttackRange;
use lantern::model::{
    Cell, CellLayer, Command, Encounter, GridPoint, LengthUnit, OpportunityOffer, ReactionCommand,
    RuleSystem, Side, SizeCategory, Token, TokenId, Wall, WallId, WallKind,
};
use lantern::rules::evening::{
    DamageDice, EffectLevel, EveningAbilities, EveningAbility, EveningAttack, EveningAttackNumbers,
    EveningAttribute, EveningChange, EveningCheck, EveningOutcome, EveningRoll, EveningToken,
    ThreatProfile,
};
use lantern::rules::{CheckOutcome, CheckSetup, TokenTrackers};

const ALDRIC: TokenId = TokenId(1);
const BANDIT: TokenId = TokenId(2);
const OGRE: TokenId = TokenId(3);

/// Aldric (a level 1 character: Finesse 2, Prowess 1, Body 2, a longsword of reach 1) at
/// (0, 0) and a rating 1 bandit at (1, 0), on squares whose diagonals count 1.
fn encounter() -> Encounter {
    let mut e = Encounter::new("evening map", RuleSystem::Evening);
    let mut aldric = Token::new(ALDRIC, "Aldric", Side::Party, Cell::new(0, 0));
    aldric.finesse = 2;
    e.tokens.push(aldric);
    e.tokens
        .push(Token::new(BANDIT, "Bandit", Side::Enemy, Cell::new(1, 0)));
    let sword = EveningAttack::new(
        "Longsword",
        AttackRange::Melee { reach_cells: 1 },
        EveningAttackNumbers {
            ability: EveningAbility::Finesse,
            attribute: EveningAttribute::Body,
            aptitude: true,
            damage: DamageDice {
                count: 1,
                sides: 8,
                bonus: 0,
            },
            damage_type: None,
        },
    );
    let javelin = EveningAttack::new(
        "Javelin",
        AttackRange::Ranged {
            short_cells: 5,
            long_cells: 10,
        },
        EveningAttackNumbers {
            ability: EveningAbility::Prowess,
            attribute: EveningAttribute::Body,
            aptitude: true,
            damage: DamageDice {
                count: 1,
                sides: 6,
                bonus: 0,
            },
            damage_type: None,
        },
    );
    e.combat.trackers.insert(
        ALDRIC,
        TokenTrackers::Evening(EveningToken {
            health: 14,
            max_health: 14,
            abilities: EveningAbilities {
                prowess: 1,
                resolve: 0,
                body: 2,
                mind: 0,
            },
            // The javelin first: the attack of opportunity must still pick the sword.
            attacks: vec![javelin, sword],
            ..EveningToken::default()
        }),
    );
    e.combat.trackers.insert(BANDIT, threat());
    e
}

fn threat() -> TokenTrackers {
    let mut t = EveningToken::default();
    let Ok(()) = t.apply(&EveningChange::SetThreat(Some(ThreatProfile::default()))) else {
        panic!("a rating 1 threat is refused");
    };
    TokenTrackers::Evening(t)
}

fn doc_in_fight(e: Encounter, order: &[TokenId]) -> Document {
    let mut doc = Document::new(e, None);
    let combatants = order.iter().map(|t| Combatant::new(*t)).collect();
    apply(
        &mut doc,
        Command::Combat(CombatCommand::StartInitiative {
            mode: Mode::Rolled,
            combatants,
            surprise_round: false,
            pick: None,
        }),
    );
    doc
}

fn apply(doc: &mut Document, command: Command) {
    if let Err(why) = doc.apply(command) {
        panic!("refused: {why}");
    }
}

fn next_turn(doc: &mut Document) {
    apply(doc, Command::Combat(CombatCommand::NextTurn { pick: None }));
}

fn put_on(doc: &mut Document, token: TokenId, name: &str) {
    apply(
        doc,
        Command::Combat(CombatCommand::ApplyCondition(ActiveCondition {
            system: None,
            token,
            name: name.to_owned(),
            duration: Duration::UntilRemoved,
        })),
    );
}

fn conditions_on(e: &Encounter, id: TokenId) -> Vec<String> {
    e.combat
        .conditions
        .iter()
        .filter(|c| c.token == id)
        .map(|c| c.name.clone())
        .collect()
}

fn health(e: &Encounter, id: TokenId) -> u32 {
    match e.sheet(id) {
        Some(TokenTrackers::Evening(t)) => t.health,
        _ => panic!("no Evening sheet"),
    }
}

fn cells(points: &[(i32, i32)]) -> Vec<Cell> {
    points.iter().map(|(x, y)| Cell::new(*x, *y)).collect()
}

// ---- Attack of opportunity (991) ------------------------------------------------------------

/// Evening, Combat actions, Attack of opportunity (line 991): "When a target moves in a square
/// adjacent to you, either past you or away from you, you may use your reaction to make a
/// single melee weapon attack against them." Aldric has had his turn (his reaction is his);
/// on the bandit's turn it steps from (1, 0), next to Aldric at (0, 0), to (4, 0): its first
/// step leaves from a square adjacent to him, so the move offers him the attack, in the move's
/// own undo step.
#[test]
fn stepping_out_of_reach_offers_the_attack_in_the_moves_undo_step() {
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    next_turn(&mut doc);
    let path = cells(&[(1, 0), (2, 0), (3, 0), (4, 0)]);
    let command = move_along(&doc.encounter, BANDIT, &path, 3);
    apply(&mut doc, command);
    let offer = OpportunityOffer {
        mover: BANDIT,
        by: ALDRIC,
    };
    assert_eq!(doc.encounter.combat.opportunity_offers, [offer]);
    assert_eq!(
        doc.encounter.token(BANDIT).map(|t| t.cell),
        Some(Cell::new(4, 0))
    );
    let Ok(_) = doc.undo() else {
        panic!("undo refused")
    };
    assert!(doc.encounter.combat.opportunity_offers.is_empty());
    assert_eq!(
        doc.encounter.token(BANDIT).map(|t| t.cell),
        Some(Cell::new(1, 0))
    );
}

/// Line 991 reads "past you or away from you": a step leaving a square next to Aldric
/// offers, whether it goes away or round him to another square next to him; walking up to
/// him and stopping offers nothing (no step starts next to him).
#[test]
fn past_or_away_offers_and_walking_up_does_not() {
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    next_turn(&mut doc);
    let e = &doc.encounter;
    let offered = |path: &[(i32, i32)]| !provoked(e, BANDIT, &cells(path)).is_empty();
    assert!(
        offered(&[(1, 0), (1, 1)]),
        "past him: (1, 1) is next to him too"
    );
    assert!(offered(&[(1, 0), (2, 1)]), "away from him");
    assert!(!offered(&[(1, 0)]), "standing still is no move");
    // From (4, 0) up to (1, 0): steps start at (4, 0), (3, 0), (2, 0), none next to him.
    assert!(!offered(&[(4, 0), (3, 0), (2, 0), (1, 0)]));
}

/// Evening, Combat actions, Disengage (line 993): a disengaged creature "may not be targeted
/// by attacks of opportunity"; and reactions (Evening, Reactions) come only after a creature's
/// first turn, so an Aldric who has not acted yet is offered nothing.
#[test]
fn disengage_and_a_reaction_not_yet_had_offer_nothing() {
    let away = cells(&[(1, 0), (2, 0)]);
    // The bandit acts first: Aldric has had no turn, so no reaction.
    let doc = doc_in_fight(encounter(), &[BANDIT, ALDRIC]);
    assert!(provoked(&doc.encounter, BANDIT, &away).is_empty());
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    next_turn(&mut doc);
    put_on(&mut doc, BANDIT, "Disengage");
    assert!(provoked(&doc.encounter, BANDIT, &away).is_empty());
    // Outside a fight a move is the GM placing tokens: nothing is offered.
    assert!(provoked(&encounter(), BANDIT, &away).is_empty());
}

/// Issue 31 asks that no rule be silent: a move that leaves Aldric's reach without offering
/// him the attack says why in the log, in the move's undo step. Before his first turn
/// (Evening, Reactions, line 494: "You may not use your reaction before your first turn"),
/// after a disengage (line 993) and with his reaction already used, the bandit's step
/// from (1, 0) to (2, 0) logs "Bandit left its reach; …" under Aldric's name; with his
/// reaction there it is offered and logs nothing of the kind.
#[test]
fn a_withheld_attack_of_opportunity_is_logged_with_why() {
    use lantern::combat::initiative::EconomyPart;
    use lantern::combat::opportunity::withheld;
    let away = cells(&[(1, 0), (2, 0)]);
    let why = |doc: &Document| -> Vec<String> {
        withheld(&doc.encounter, BANDIT, &away)
            .into_iter()
            .map(|l| format!("{}: {}", l.who, l.result))
            .collect()
    };
    let first = doc_in_fight(encounter(), &[BANDIT, ALDRIC]);
    assert_eq!(
        why(&first),
        ["Aldric: Bandit left its reach; no reaction before its first turn"]
    );
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    next_turn(&mut doc);
    assert!(why(&doc).is_empty(), "offered, not withheld");
    let mut used = Document::new(doc.encounter.clone(), None);
    apply(
        &mut used,
        Command::Combat(CombatCommand::UseEconomy {
            token: ALDRIC,
            part: EconomyPart::Reaction,
        }),
    );
    assert_eq!(
        why(&used),
        ["Aldric: Bandit left its reach; its reaction is used"]
    );
    put_on(&mut doc, BANDIT, "Disengage");
    assert_eq!(
        why(&doc),
        ["Aldric: Bandit left its reach; Bandit disengaged"]
    );
    let logged = doc.encounter.combat.log.len();
    let step = move_along(&doc.encounter, BANDIT, &away, 1);
    apply(&mut doc, step);
    let log = &doc.encounter.combat.log;
    assert_eq!(log.len(), logged + 1);
    assert_eq!(
        log.last().map(|l| l.what.as_str()),
        Some("No attack of opportunity")
    );
    let Ok(_) = doc.undo() else {
        panic!("undo refused")
    };
    assert_eq!(doc.encounter.combat.log.len(), logged);
}

/// Line 991: "a single melee weapon attack". Taking the offer fills Aldric's attack with his
/// longsword (not the javelin listed first), without asking its reach again though the bandit
/// now stands 3 squares off: Finesse 2 + Body 2 + aptitude bonus 2 (level 1) = +6 against the
/// rating 1 threat's TN 14 (Threat Rating table). The roll spends his reaction and settles the
/// offer; a hit applies like any attack: 7 damage of the bandit's 15 health leaves 8.
#[test]
fn taking_the_attack_rolls_the_melee_weapon_with_the_reaction_and_applies() {
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    next_turn(&mut doc);
    let path = cells(&[(1, 0), (2, 0), (3, 0), (4, 0)]);
    let step = move_along(&doc.encounter, BANDIT, &path, 3);
    apply(&mut doc, step);
    let e = &doc.encounter;
    let request = request_for(e, Some(ALDRIC), BANDIT, true);
    assert_eq!((request.melee, request.weapon), (true, Some(1)));
    let filled = build(e, &request, &CheckSetup::Evening(EveningCheck::default()));
    assert_eq!(filled.refused, None, "{:?}", filled.contributions);
    assert!(filled.opportunity.is_some());
    let CheckSetup::Evening(check) = filled.setup() else {
        panic!("not an Evening check")
    };
    assert_eq!((check.modifier, check.tn()), (6, 14));
    let spent = costs(e, &filled);
    assert_eq!(spent.len(), 1);
    assert_eq!(spent[0].text, "Aldric's reaction (attack of opportunity)");
    let roll = CheckOutcome::Evening(EveningRoll {
        dice: Vec::new(),
        natural: 12,
        total: 18,
        outcome: check.outcome(12),
        critical: false,
        thread_prompt: None,
    });
    let landed = consequence(e, &filled, &roll, 7, [1, 1, 1]);
    let mut step = vec![spent[0].command.clone()];
    step.extend(landed.commands);
    apply(&mut doc, Command::Batch(step));
    let e = &doc.encounter;
    assert!(e.combat.opportunity_offers.is_empty());
    assert_eq!(health(e, BANDIT), 8);
    let aldric = &e.combat.initiative.combatants[0];
    assert!(aldric.economy.reaction_used);
}

/// The offer lapses when the turn changes (it is taken as the creature moves, or not at all),
/// and letting it go keeps the reaction.
#[test]
fn letting_it_go_keeps_the_reaction_and_the_next_turn_lapses_it() {
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    next_turn(&mut doc);
    let path = cells(&[(1, 0), (2, 0)]);
    let step = move_along(&doc.encounter, BANDIT, &path, 1);
    apply(&mut doc, step);
    let offer = doc.encounter.combat.opportunity_offers[0];
    apply(&mut doc, let_go(offer));
    assert!(doc.encounter.combat.opportunity_offers.is_empty());
    assert!(
        !doc.encounter.combat.initiative.combatants[0]
            .economy
            .reaction_used
    );
    let back = cells(&[(2, 0), (1, 0), (1, 1)]);
    let step = move_along(&doc.encounter, BANDIT, &back, 2);
    apply(&mut doc, step);
    assert_eq!(doc.encounter.combat.opportunity_offers.len(), 1);
    next_turn(&mut doc);
    assert!(doc.encounter.combat.opportunity_offers.is_empty());
}

// ---- Frightened (1138–1139) -----------------------------------------------------------------

/// Evening, Conditions, Frightened (line 1139): "The creature can't move willingly closer to
/// the source of its fear." Aldric at (2, 2) fears the ogre at (5, 2), 3 squares off. (3, 2)
/// is 2 from it: out of his reach on the map, though 1 square of his speed 6. (2, 3) stays 3
/// off (diagonals count 1) and (1, 2) is 4: both reachable for 1. Without a named source the
/// move is free.
#[test]
fn a_frightened_token_cannot_path_closer_to_its_source() {
    let mut e = encounter();
    e.tokens.retain(|t| t.id != BANDIT);
    e.combat.forget_token(BANDIT);
    e.tokens[0].cell = Cell::new(2, 2);
    e.tokens
        .push(Token::new(OGRE, "Ogre", Side::Enemy, Cell::new(5, 2)));
    let mut doc = Document::new(e, None);
    put_on(&mut doc, ALDRIC, "Frightened");
    let free = reach(&Scene::new(&doc.encounter), &doc.encounter, ALDRIC, 6);
    let free = free.unwrap_or_default();
    assert_eq!(
        free.cost_cells(Cell::new(3, 2)),
        Some(1.0),
        "no source named"
    );
    apply(
        &mut doc,
        Command::Combat(CombatCommand::Reactions(
            ReactionCommand::SetConditionSource {
                token: ALDRIC,
                name: "Frightened".to_owned(),
                source: Some(OGRE),
            },
        )),
    );
    let e = &doc.encounter;
    let kept = reach(&Scene::new(e), e, ALDRIC, 6).unwrap_or_default();
    assert_eq!(kept.cost_cells(Cell::new(3, 2)), None);
    assert_eq!(kept.cost_cells(Cell::new(4, 2)), None);
    assert_eq!(kept.cost_cells(Cell::new(2, 3)), Some(1.0));
    assert_eq!(kept.cost_cells(Cell::new(1, 2)), Some(1.0));
    // Circling at 3 squares: (2, 3), (2, 4), (3, 5), (4, 5) are each 3 from (5, 2).
    assert_eq!(kept.cost_cells(Cell::new(4, 5)), Some(4.0));
    // The source goes, and so does the fear's hold on the map.
    apply(
        &mut doc,
        Command::Combat(CombatCommand::RemoveCondition {
            token: ALDRIC,
            name: "Frightened".to_owned(),
        }),
    );
    assert!(doc.encounter.combat.condition_sources.is_empty());
}

/// Line 1138: "disadvantage on aptitude checks and attack rolls while the source of their fear
/// is within line of sight." Aldric, frightened of an ogre at (0, 5), attacks the bandit next
/// to him: with the ogre in sight the attack has disadvantage; with a wall along y = 3
/// between them, the Frightened line shows switched off, and the attack is plain.
#[test]
fn frightened_disadvantage_only_while_the_source_is_in_sight() {
    let mut e = encounter();
    e.tokens
        .push(Token::new(OGRE, "Ogre", Side::Enemy, Cell::new(0, 5)));
    let mut doc = Document::new(e, None);
    put_on(&mut doc, ALDRIC, "Frightened");
    apply(
        &mut doc,
        Command::Combat(CombatCommand::Reactions(
            ReactionCommand::SetConditionSource {
                token: ALDRIC,
                name: "Frightened".to_owned(),
                source: Some(OGRE),
            },
        )),
    );
    let request = ActionRequest {
        actor: Some(ALDRIC),
        targets: vec![BANDIT],
        attack: true,
        melee: true,
        ..ActionRequest::default()
    };
    let base = CheckSetup::Evening(EveningCheck::default());
    let disadvantage = |e: &Encounter| {
        let CheckSetup::Evening(c) = build(e, &request, &base).setup() else {
            panic!("not an Evening check")
        };
        c.disadvantage
    };
    assert!(disadvantage(&doc.encounter), "the ogre in sight");
    apply(
        &mut doc,
        Command::AddWall {
            wall: Wall {
                id: WallId(1),
                a: GridPoint::new(-5.0, 3.0),
                b: GridPoint::new(6.0, 3.0),
                kind: WallKind::Wall,
            },
            index: None,
        },
    );
    assert!(!disadvantage(&doc.encounter), "the ogre behind the wall");
    let filled = build(&doc.encounter, &request, &base);
    let line = filled
        .contributions
        .iter()
        .find(|c| c.text.contains("Frightened"));
    assert!(
        line.is_some_and(|c| !c.on && c.off_because.is_some()),
        "{line:?}"
    );
}

// ---- Grapple (995, 1144, 1145) ------------------------------------------------------------

fn evening_roll(check: &EveningCheck, natural: u32) -> CheckOutcome {
    CheckOutcome::Evening(EveningRoll {
        dice: Vec::new(),
        natural,
        total: i64::from(natural) + check.modifier,
        outcome: check.outcome(natural),
        critical: false,
        thread_prompt: None,
    })
}

/// Evening, Combat actions, Grapple (line 995): "As an action, you may grapple an adjacent
/// target which is your size or smaller. Make a Prowess + Body + Athletics check against the
/// target's TN." Aldric (Prowess 1, Body 2, aptitude bonus +2 at level 1) rolls +5 against the
/// rating 1 bandit's TN 14: a natural 10 makes 15, beating 14. On Aldric's turn the roll
/// spends his Action ("as an action"). "Success subjects the target to
/// the grappled condition. While grappling, your speed is halved": the bandit's speed is 0
/// and Aldric's 6 becomes 3.
#[test]
fn grapple_checks_prowess_body_athletics_and_halves_the_grapplers_speed() {
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    let e = &doc.encounter;
    let scene = Scene::new(e);
    let request = ActionRequest {
        actor: Some(ALDRIC),
        targets: vec![BANDIT],
        kind: Some(lantern::combat::catalogue::CheckKind::Aptitude),
        ..ActionRequest::default()
    };
    let mut filled = build(e, &request, &CheckSetup::Evening(EveningCheck::default()));
    maneuver::fill(e, &scene, Maneuver::Grapple, &mut filled);
    assert_eq!(filled.refused, None);
    let CheckSetup::Evening(check) = filled.setup() else {
        panic!("not an Evening check")
    };
    assert_eq!((check.modifier, check.tn()), (5, 14));
    assert_eq!(e.combat.initiative.current_token(), Some(ALDRIC));
    let paid: Vec<_> = costs(e, &filled).into_iter().map(|c| c.text).collect();
    assert_eq!(paid, ["Aldric's Action (its turn)"]);
    assert!(maneuver::landed(&evening_roll(&check, 10)));
    assert!(
        !maneuver::landed(&evening_roll(&check, 9)),
        "14 does not beat 14"
    );
    let Ok(grapple) = maneuver::apply(e, ALDRIC, BANDIT, Outcome::Grappled) else {
        panic!("the grapple was refused")
    };
    apply(&mut doc, grapple);
    let e = &doc.encounter;
    assert_eq!(conditions_on(e, BANDIT), ["Grappled"]);
    assert_eq!(token_speed(e, &e.combat.conditions, BANDIT).value, 0);
    let speed = token_speed(e, &e.combat.conditions, ALDRIC);
    assert_eq!(speed.value, 3);
    assert!(
        speed
            .reasons
            .iter()
            .any(|r| r == "Grappling Bandit: speed halved")
    );
}

/// Line 995's limits: the target must be adjacent and no larger than the grappler. A Large
/// bandit is refused to a Medium Aldric, and so is one 2 squares off. A success "with no
/// effect" (Evening, Effect levels) grapples no one.
#[test]
fn grapple_is_refused_past_adjacent_or_against_a_larger_target() {
    let mut e = encounter();
    let scene = Scene::new(&e);
    assert_eq!(
        maneuver::refusal(&e, &scene, Maneuver::Grapple, ALDRIC, BANDIT),
        None
    );
    e.tokens[1].size = SizeCategory::Large;
    let scene = Scene::new(&e);
    let why = maneuver::refusal(&e, &scene, Maneuver::Grapple, ALDRIC, BANDIT);
    assert!(why.is_some_and(|w| w.contains("larger")));
    e.tokens[1].size = SizeCategory::Medium;
    e.tokens[1].cell = Cell::new(2, 0);
    let scene = Scene::new(&e);
    let why = maneuver::refusal(&e, &scene, Maneuver::Shove, ALDRIC, BANDIT);
    assert!(why.is_some_and(|w| w.contains("not adjacent")));
    let no_effect = CheckOutcome::Evening(EveningRoll {
        dice: Vec::new(),
        natural: 20,
        total: 30,
        outcome: EveningOutcome::Success(EffectLevel::NoEffect),
        critical: false,
        thread_prompt: None,
    });
    assert!(!maneuver::landed(&no_effect));
}

/// Evening, Conditions, Grappled (line 1144): "The grappled condition ends if the grappler is
/// incapacitated." Aldric holds the bandit; knocked Unconscious (which incapacitates), he lets
/// go in the same command, and his speed is his own again.
#[test]
fn the_grapple_ends_when_the_grappler_is_incapacitated() {
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    let Ok(grapple) = maneuver::apply(&doc.encounter, ALDRIC, BANDIT, Outcome::Grappled) else {
        panic!("refused")
    };
    apply(&mut doc, grapple);
    put_on(&mut doc, ALDRIC, "Stunned");
    let e = &doc.encounter;
    assert!(conditions_on(e, BANDIT).is_empty());
    assert!(e.combat.condition_sources.is_empty());
    assert_eq!(maneuver::held_by(e, ALDRIC), []);
}

/// Evening, Conditions, Grappled (line 1145): the condition ends when the grappled creature
/// is taken out of the grappler's reach. Aldric (reach 1) walks from (0, 0) to (-2, 0): the
/// bandit at (1, 0) is 3 off, and its Grappled ends in the move's step.
#[test]
fn the_grapple_ends_when_the_held_creature_is_out_of_reach() {
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    let Ok(grapple) = maneuver::apply(&doc.encounter, ALDRIC, BANDIT, Outcome::Grappled) else {
        panic!("refused")
    };
    apply(&mut doc, grapple);
    let path = cells(&[(0, 0), (-1, 0), (-2, 0)]);
    let step = move_along(&doc.encounter, ALDRIC, &path, 0);
    apply(&mut doc, step);
    assert!(conditions_on(&doc.encounter, BANDIT).is_empty());
}

// ---- Shove (996–998) ------------------------------------------------------------------------

/// Evening, Combat actions, Shove (lines 996–998): success "subjects the target to the prone
/// condition, or pushes it one square away from you, your choice." Aldric at (0, 0) pushes the
/// bandit at (1, 0) to (2, 0), straight away; with an obstacle at (2, 0) it goes to the free
/// square diagonally away, (2, 1) or (2, -1), each 2 from him. The push and the roll are one
/// undo step: undone, the bandit is back at (1, 0).
#[test]
fn a_shove_pushes_the_target_one_square_away_in_one_undo_step() {
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    let Ok(push) = maneuver::apply(&doc.encounter, ALDRIC, BANDIT, Outcome::PushedAway) else {
        panic!("refused")
    };
    apply(&mut doc, push);
    assert_eq!(
        doc.encounter.token(BANDIT).map(|t| t.cell),
        Some(Cell::new(2, 0))
    );
    let Ok(_) = doc.undo() else {
        panic!("undo refused")
    };
    assert_eq!(
        doc.encounter.token(BANDIT).map(|t| t.cell),
        Some(Cell::new(1, 0))
    );
    apply(
        &mut doc,
        Command::PaintCells {
            layer: CellLayer::Obstacle,
            cells: vec![(Cell::new(2, 0), true)],
        },
    );
    let Ok(push) = maneuver::apply(&doc.encounter, ALDRIC, BANDIT, Outcome::PushedAway) else {
        panic!("refused")
    };
    apply(&mut doc, push);
    let at = doc.encounter.token(BANDIT).map(|t| t.cell);
    assert!(
        at == Some(Cell::new(2, 1)) || at == Some(Cell::new(2, -1)),
        "{at:?}"
    );
    let Ok(prone) = maneuver::apply(&doc.encounter, ALDRIC, BANDIT, Outcome::KnockedProne) else {
        panic!("refused")
    };
    apply(&mut doc, prone);
    assert_eq!(conditions_on(&doc.encounter, BANDIT), ["Prone"]);
}

/// A shove with nowhere to go: every square away from Aldric blocked, the push is refused
/// with why, and knocking prone is still there.
#[test]
fn a_push_with_nowhere_to_go_is_refused() {
    let mut e = encounter();
    let blocked = [(2, -1), (2, 0), (2, 1), (1, -1), (1, 1)];
    e.obstacle_cells = blocked.iter().map(|(x, y)| Cell::new(*x, *y)).collect();
    let refused = maneuver::apply(&e, ALDRIC, BANDIT, Outcome::PushedAway);
    assert!(
        matches!(refused, Err(ManeuverError::NowhereToPush { .. })),
        "{refused:?}"
    );
}

/// Lines 995 and 996: a creature grapples or shoves "as an action", so its check spends the
/// turn's one action (Movement and actions) as an attack does. A plain aptitude check of
/// Aldric's against the bandit spends nothing; the same check made a Shove on his turn spends
/// his Action in the roll's step. With it spent, a Grapple after it spends none and says so
/// (the GM's ruling, as for a second attack); on the bandit's turn his Grapple spends nothing
/// of the bandit's.
#[test]
fn grapple_and_shove_spend_the_actors_action_on_its_turn() {
    use lantern::combat::action::action_spent_note;
    let check = |doc: &Document, m: Option<Maneuver>| {
        let e = &doc.encounter;
        let request = ActionRequest {
            actor: Some(ALDRIC),
            targets: vec![BANDIT],
            kind: Some(lantern::combat::catalogue::CheckKind::Aptitude),
            ..ActionRequest::default()
        };
        let mut filled = build(e, &request, &CheckSetup::Evening(EveningCheck::default()));
        if let Some(m) = m {
            maneuver::fill(e, &Scene::new(e), m, &mut filled);
        }
        filled
    };
    let mut doc = doc_in_fight(encounter(), &[ALDRIC, BANDIT]);
    assert!(costs(&doc.encounter, &check(&doc, None)).is_empty());
    let shove = costs(&doc.encounter, &check(&doc, Some(Maneuver::Shove)));
    let texts: Vec<&str> = shove.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["Aldric's Action (its turn)"]);
    apply(
        &mut doc,
        Command::Batch(shove.into_iter().map(|c| c.command).collect()),
    );
    let init = &doc.encounter.combat.initiative;
    assert!(!init.combatants[0].economy.action_available());
    let grapple = check(&doc, Some(Maneuver::Grapple));
    assert!(costs(&doc.encounter, &grapple).is_empty());
    assert_eq!(
        action_spent_note(&doc.encounter, &grapple).as_deref(),
        Some("Aldric's Action is used this turn: another grapple spends none")
    );
    next_turn(&mut doc);
    let off_turn = check(&doc, Some(Maneuver::Grapple));
    assert!(costs(&doc.encounter, &off_turn).is_empty());
    assert_eq!(action_spent_note(&doc.encounter, &off_turn), None);
}

// ---- Falling (640) --------------------------------------------------------------------------

/// Evening, Environment, Falling (line 640): "1d6 bludgeoning damage for every 10 feet you
/// fall, up to 20d6. You land prone." 35 feet is 3 dice, 9 feet none, 250 feet is capped at
/// 20; 10 metres are 32.8 feet, 3 dice. Aldric (14 health) falls 30 feet and rolls 2, 5, 6:
/// 13 damage leaves 1, and he lies prone, in one undo step.
#[test]
fn a_fall_deals_a_d6_per_ten_feet_and_lands_prone() {
    assert_eq!(fall_dice(35), 3);
    assert_eq!(fall_dice(9), 0);
    assert_eq!(fall_dice(250), 20);
    assert_eq!(
        height_feet(10.0, LengthUnit::Metres).map(fall_dice),
        Some(3)
    );
    assert_eq!(height_feet(-1.0, LengthUnit::Feet), None);
    assert_eq!(height_feet(f64::NAN, LengthUnit::Feet), None);
    let mut doc = Document::new(encounter(), None);
    let Ok(fell) = fall(&doc.encounter, ALDRIC, 30, &[2, 5, 6]) else {
        panic!("the fall was refused")
    };
    apply(&mut doc, fell);
    assert_eq!(health(&doc.encounter, ALDRIC), 1);
    assert_eq!(conditions_on(&doc.encounter, ALDRIC), ["Prone"]);
    let Ok(_) = doc.undo() else {
        panic!("undo refused")
    };
    assert_eq!(health(&doc.encounter, ALDRIC), 14);
    assert!(conditions_on(&doc.encounter, ALDRIC).is_empty());
    assert!(
        fall(&doc.encounter, ALDRIC, 30, &[2, 5]).is_err(),
        "3 dice, not 2"
    );
}

/// A fall that takes Aldric to 0 health knocks him out (Evening, Damage & Health: Falling to
/// zero), which lays him prone once. Wounded to 10 of 14 health, he falls 40 feet (4 dice)
/// and rolls 3 × 4 = 12: 0 health, and 12 is short of his total 14, so he is not killed
/// outright (Death): Unconscious and Prone.
#[test]
fn a_fall_to_zero_health_knocks_out() {
    let mut e = encounter();
    if let Some(TokenTrackers::Evening(t)) =
        e.combat.trackers.sheet_mut(ALDRIC, RuleSystem::Evening)
    {
        t.health = 10;
    }
    let mut doc = Document::new(e, None);
    let Ok(fell) = fall(&doc.encounter, ALDRIC, 40, &[3, 3, 3, 3]) else {
        panic!("refused")
    };
    apply(&mut doc, fell);
    assert_eq!(health(&doc.encounter, ALDRIC), 0);
    assert_eq!(
        conditions_on(&doc.encounter, ALDRIC),
        ["Unconscious", "Prone"]
    );
}

/// A fall's damage is bludgeoning (line 640), so Damage & Health, Modifiers (lines 1014–1016)
/// apply to it: "vulnerability … double damage", "resistant … halve damage", "immune … ignore
/// damage". Aldric (14 health) falls 30 feet and rolls 2, 5, 6 = 13: resistant to bludgeoning
/// he takes 13 / 2 = 6 (rounded down) and has 8 left, prone; vulnerable, a roll of 1, 1, 2 = 4
/// costs him 8 (6 left); immune he takes none of the 13 and, having avoided the damage ("you
/// land prone, unless you avoid this damage somehow"), stays on his feet.
#[test]
fn a_falls_bludgeoning_damage_meets_the_creatures_affinity() {
    use lantern::rules::evening::{Affinity, DamageType};
    let with = |affinity: Affinity, faces: &[u32]| {
        let mut e = encounter();
        if let Some(TokenTrackers::Evening(t)) =
            e.combat.trackers.sheet_mut(ALDRIC, RuleSystem::Evening)
        {
            t.affinities.insert(DamageType::Bludgeoning, affinity);
        }
        let mut doc = Document::new(e, None);
        let Ok(fell) = fall(&doc.encounter, ALDRIC, 30, faces) else {
            panic!("the fall was refused")
        };
        apply(&mut doc, fell);
        doc
    };
    let resistant = with(Affinity::Resistant, &[2, 5, 6]);
    assert_eq!(health(&resistant.encounter, ALDRIC), 8);
    assert_eq!(conditions_on(&resistant.encounter, ALDRIC), ["Prone"]);
    let log = &resistant.encounter.combat.log;
    let logged = log
        .iter()
        .find(|l| l.what == "Fall of 30 feet")
        .map(|l| l.result.clone());
    assert_eq!(
        logged.as_deref(),
        Some("13 bludgeoning damage, resistant: 6 taken; lands prone")
    );
    let vulnerable = with(Affinity::Vulnerable, &[1, 1, 2]);
    assert_eq!(health(&vulnerable.encounter, ALDRIC), 6);
    assert_eq!(conditions_on(&vulnerable.encounter, ALDRIC), ["Prone"]);
    let immune = with(Affinity::Immune, &[2, 5, 6]);
    assert_eq!(health(&immune.encounter, ALDRIC), 14);
    assert!(conditions_on(&immune.encounter, ALDRIC).is_empty());
}

// ---- Kinds of movement (595–597) ------------------------------------------------------------

/// Evening, Movement, Kinds of movement (lines 595–597): "if something can fly, its speed
/// would be something like 'base (8), flight (10)'"; the common kinds are flight, climbing,
/// swimming and burrowing. Aldric with base 8 gets flight 10 on his sheet: walking he moves 8,
/// flying 10 — on the map, 10 squares east are in reach and 11 are not. On his turn, having
/// walked 3, he has 10 − 3 = 7 left flying (one speed, spent as he moves).
#[test]
fn flight_on_the_sheet_is_the_speed_the_map_moves_by() {
    use lantern::combat::movement_kind::{kinds, move_by};
    use lantern::combat::sheet::{SheetField, edit};
    use lantern::combat::turn_move::movement_left;
    use lantern::rules::evening::MoveKind;
    let mut e = encounter();
    e.tokens.retain(|t| t.id != BANDIT);
    e.combat.forget_token(BANDIT);
    e.map.width_cells = 20;
    e.tokens[0].speed_cells = 8;
    let mut doc = doc_in_fight(e, &[ALDRIC]);
    let Ok(fly) = edit(
        &doc.encounter,
        ALDRIC,
        SheetField::EveningSpeed(MoveKind::Fly),
        10,
    ) else {
        panic!("the flight speed was refused")
    };
    apply(&mut doc, fly);
    let e = &doc.encounter;
    assert_eq!(kinds(e, ALDRIC), [(MoveKind::Walk, 8), (MoveKind::Fly, 10)]);
    assert_eq!(token_speed(e, &e.combat.conditions, ALDRIC).value, 8);
    let Some(by_air) = move_by(e, ALDRIC, MoveKind::Fly) else {
        panic!("no Move by flying")
    };
    apply(&mut doc, by_air);
    let e = &doc.encounter;
    assert_eq!(token_speed(e, &e.combat.conditions, ALDRIC).value, 10);
    let far = reach(&Scene::new(e), e, ALDRIC, 10).unwrap_or_default();
    assert_eq!(far.cost_cells(Cell::new(10, 0)), Some(10.0));
    assert_eq!(far.cost_cells(Cell::new(11, 0)), None);
    assert!(
        move_by(e, ALDRIC, MoveKind::Swim).is_none(),
        "no swimming speed"
    );
    apply(
        &mut doc,
        Command::Combat(CombatCommand::UseEconomy {
            token: ALDRIC,
            part: lantern::combat::initiative::EconomyPart::Movement(3),
        }),
    );
    assert_eq!(movement_left(&doc.encounter, ALDRIC), Some(7));
}

/// The new sheet fields in a file (FORMAT.md): `"movement": { "fly": 10 }` and
/// `"moving": "fly"` round-trip; a sheet without them (every older file) reads as walking with
/// no other kinds; a speed past 1,000 squares, or moving by a kind the sheet gives no speed, is
/// refused by the loader with the command's own words.
#[test]
fn movement_kinds_in_a_file_round_trip_and_are_bounded() {
    use lantern::files::{encounter_from_json, encounter_to_json};
    use lantern::rules::evening::{MoveKind, MovementSpeeds};
    let mut e = encounter();
    if let Some(TokenTrackers::Evening(t)) =
        e.combat.trackers.sheet_mut(ALDRIC, RuleSystem::Evening)
    {
        t.movement = MovementSpeeds {
            fly: Some(10),
            ..MovementSpeeds::default()
        };
        t.moving = MoveKind::Fly;
    }
    let Ok(bytes) = encounter_to_json(&e) else {
        panic!("the encounter does not save")
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    assert!(
        text.contains(r#""movement":{"fly":10}"#) || text.contains(r#""fly": 10"#),
        "{text}"
    );
    let Ok(back) = encounter_from_json(&bytes) else {
        panic!("the saved file does not open")
    };
    assert_eq!(back.combat.trackers, e.combat.trackers);
    let Ok(old) = encounter_from_json(&encounter_to_json(&encounter()).unwrap_or_default()) else {
        panic!("a sheet without movement kinds does not open")
    };
    let Some(TokenTrackers::Evening(t)) = old.combat.trackers.sheet(ALDRIC, RuleSystem::Evening)
    else {
        panic!("no sheet")
    };
    assert_eq!(
        (t.movement, t.moving),
        (MovementSpeeds::default(), MoveKind::Walk)
    );
    let fast = text
        .replace(r#""fly":10"#, r#""fly":1001"#)
        .replace(r#""fly": 10"#, r#""fly": 1001"#);
    let refused = encounter_from_json(fast.as_bytes());
    assert!(
        refused
            .as_ref()
            .is_err_and(|e| e.to_string().contains("1001")),
        "{refused:?}"
    );
    let grounded = text
        .replace(r#""fly":10"#, r#""climb":10"#)
        .replace(r#""fly": 10"#, r#""climb": 10"#);
    assert!(encounter_from_json(grounded.as_bytes()).is_err());
}

// ---- Blinding light (651–654) ---------------------------------------------------------------

/// Evening, Lighting (lines 651–654): "Dim light and blinding light create an obscured area",
/// far brighter than normal light; Vision: an obscured area gives disadvantage on aptitude
/// checks relying on sight. A light at the bandit with a blinding radius of 1 cell: Aldric's
/// check against it has the line and disadvantage, his attack only the note; with the radius
/// off, no line at all — in daylight, which blinding light outshines.
#[test]
fn blinding_light_obscures_like_dim_light() {
    use lantern::model::{Light, LightKind};
    let mut e = encounter();
    let mut flare = Light::preset(LightKind::Custom, GridPoint::new(1.5, 0.5));
    flare.blinding_cells = Some(1.0);
    e.lights.push(flare);
    let check = ActionRequest {
        actor: Some(ALDRIC),
        targets: vec![BANDIT],
        kind: Some(lantern::combat::catalogue::CheckKind::Aptitude),
        ..ActionRequest::default()
    };
    let base = CheckSetup::Evening(EveningCheck::default());
    let line = |e: &Encounter, request: &ActionRequest| {
        build(e, request, &base)
            .contributions
            .into_iter()
            .find(|c| c.text.starts_with("Blinding light"))
    };
    let seen = line(&e, &check);
    assert!(seen.as_ref().is_some_and(|c| c.on), "{seen:?}");
    let CheckSetup::Evening(c) = build(&e, &check, &base).setup() else {
        panic!("not an Evening check")
    };
    assert!(c.disadvantage);
    let attack = ActionRequest {
        attack: true,
        melee: true,
        kind: None,
        ..check.clone()
    };
    let note = line(&e, &attack);
    assert!(note.is_some_and(|c| c.lever == lantern::combat::action::Lever::Note));
    e.lights[0].blinding_cells = None;
    assert!(line(&e, &check).is_none());
    // A blinding radius past the file's bounds is refused like any light radius.
    e.lights[0].blinding_cells = Some(f64::NAN);
    assert!(lantern::model::validate(&e).is_err());
}
