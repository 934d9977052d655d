//! The rules the rules ledger found neither applied nor offered (issue 31, items 2–4), for Go
//! Forth: Heroes, Road and Ruin, Post and 3d6, and the readings it states: one test each,
//! quoting the section and working its numbers out by hand from the text.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use lantern::combat::action::{
    ActionRequest, FilledCheck, Lever, Source, Takes, build, consequence, defensive_block,
    post_change, post_consequence,
};
use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::{ActiveCondition, Duration, effective_speed, on_token};
use lantern::combat::effective::economy_refusal;
use lantern::combat::initiative::{Combatant, EnemyPlacement, Mode};
use lantern::combat::turn_action::{TurnAction, TurnActionError, assess, take};
use lantern::dice::{DieResult, OutcomeName as _};
use lantern::edit::Document;
use lantern::model::initiative::EconomyPart;
use lantern::model::{Cell, Command, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::{CheckOutcome, CheckSetup, TokenChange, TokenTrackers, TrackerCommand};

const HERO: TokenId = TokenId(1);
const ALLY: TokenId = TokenId(2);
const FOE: TokenId = TokenId(3);

/// A hero at (0,0), an ally at (1,0), a foe at (4,0) behind an obstacle at (2,0) (2 of 4
/// corners clear: cover), all in the fight with the hero's turn first.
fn fight(system: RuleSystem) -> Document {
    let mut e = Encounter::new("ledger rules", system);
    for (id, name, side, cell) in [
        (HERO, "Hero", Side::Party, Cell::new(0, 0)),
        (ALLY, "Ally", Side::Party, Cell::new(1, 0)),
        (FOE, "Foe", Side::Enemy, Cell::new(4, 0)),
    ] {
        e.tokens.push(Token::new(id, name, side, cell));
    }
    e.obstacle_cells.insert(Cell::new(2, 0));
    let mut doc = Document::new(e, None);
    let mode = match system {
        RuleSystem::GoForthHeroes => Mode::RoundTheTable {
            placement: EnemyPlacement::AtTheEnd,
        },
        other => lantern::rules::system(other).initiative_mode(),
    };
    let start = CombatCommand::StartInitiative {
        mode,
        combatants: [HERO, ALLY, FOE].map(Combatant::new).to_vec(),
        surprise_round: false,
        pick: None,
    };
    doc.apply(Command::Combat(start)).unwrap();
    doc
}

fn sheet(doc: &mut Document, token: TokenId, trackers: TokenTrackers) {
    doc.encounter.combat.trackers.insert(token, trackers);
}

/// The attack the map's menu would start (melee when adjacent), with `weapon` picked if given.
fn attack(e: &Encounter, actor: TokenId, target: TokenId, weapon: Option<usize>) -> FilledCheck {
    let mut request = lantern::combat::action::request_for(e, Some(actor), target, true);
    if weapon.is_some() {
        request.weapon = weapon;
    }
    build(
        e,
        &request,
        &lantern::combat::action::default_base(e.system, true),
    )
}

fn has(e: &Encounter, token: TokenId, name: &str) -> bool {
    on_token(&e.combat.conditions, e.system, token).any(|(c, _)| c.name == name)
}

fn economy(doc: &Document, token: TokenId) -> lantern::model::initiative::Economy {
    let init = &doc.encounter.combat.initiative;
    init.combatants[init.position(token).unwrap()]
        .economy
        .clone()
}

/// GFH, Advanced Actions: "Hurry — Take any Action at Hard, gain Interact or Help as free
/// actions." Hard raises the TN by 3 (Easy vs Hard). The foe has no sheet, so its plain
/// starting numbers stand in: Body Defense 10 + 0, and a d20 + 0 attack hits on 10–20, 11/20;
/// Hurried it needs 13, 8/20. Hurry spends nothing by itself; the Help it makes free
/// leaves the Action for the Hard attack; the marker goes when the turn ends. A Mind 2 Wound
/// (Determining the Wound: "Can't perform Hurry") refuses it.
#[test]
fn gfh_hurry_makes_the_action_hard_and_help_free() {
    use lantern::rules::go_forth_heroes::{
        Defense, GfhCheck, GfhOutcome, GfhToken, Severity, Target, Wound,
    };
    let mut doc = fight(RuleSystem::GoForthHeroes);
    doc.encounter.obstacle_cells.clear();
    let form_base = CheckSetup::GoForthHeroes(GfhCheck {
        target: Target::Fixed(12),
        ..GfhCheck::default()
    });
    let hit = |doc: &Document| {
        let request = ActionRequest {
            actor: Some(HERO),
            targets: vec![FOE],
            attack: true,
            ..ActionRequest::default()
        };
        let filled = build(&doc.encounter, &request, &form_base);
        let CheckSetup::GoForthHeroes(c) = filled.setup() else {
            panic!("not GFH");
        };
        let p = c.odds().probability(&GfhOutcome::Hit);
        (filled.target_number(), p)
    };
    let (tn, p) = hit(&doc);
    assert_eq!(tn, Some(10));
    assert!((p - 11.0 / 20.0).abs() < 1e-9);

    doc.apply(take(&doc.encounter, HERO, TurnAction::Hurry, None).unwrap())
        .unwrap();
    assert!(has(&doc.encounter, HERO, "Hurry"));
    assert!(
        economy(&doc, HERO).action_available(),
        "Hurry spends nothing"
    );
    let (tn, p) = hit(&doc);
    assert_eq!(tn, Some(13));
    assert!((p - 8.0 / 20.0).abs() < 1e-9);
    assert!(matches!(
        take(&doc.encounter, HERO, TurnAction::Hurry, None),
        Err(TurnActionError::Refused(_))
    ));

    // The free Help keeps the Action; a second Help would spend it.
    doc.apply(take(&doc.encounter, HERO, TurnAction::Help, Some(ALLY)).unwrap())
        .unwrap();
    assert!(has(&doc.encounter, ALLY, "Help"));
    let e = economy(&doc, HERO);
    assert!(e.action_available() && e.bonus_action_used);

    // The turn ends: so does Hurry.
    doc.apply(Command::Combat(CombatCommand::NextTurn { pick: None }))
        .unwrap();
    assert!(!has(&doc.encounter, HERO, "Hurry"));

    // Off its turn, or with a Mind 2 Wound, no Hurry.
    assert!(take(&doc.encounter, HERO, TurnAction::Hurry, None).is_err());
    let mut doc = fight(RuleSystem::GoForthHeroes);
    let wound = Wound {
        defense: Defense::Mind,
        severity: Severity::Shallow,
        effect_roll: 2,
        sessions_left: 0,
    };
    sheet(
        &mut doc,
        HERO,
        TokenTrackers::GoForthHeroes(GfhToken {
            wounds: vec![wound],
            ..GfhToken::default()
        }),
    );
    let Err(TurnActionError::Refused(why)) = take(&doc.encounter, HERO, TurnAction::Hurry, None)
    else {
        panic!("a Mind 2 Wound forbids Hurry");
    };
    assert!(why.contains("Hurry"), "{why}");
}

/// GFH, Divine Wrath: "Sacred Flame 1 Power ranged attack (Nearby), uses Presence and does d12
/// Effort, and target loses any Cover." Line of Sight & Cover: "Attacks vs Cover are Hard". The
/// foe behind the obstacle has cover: a shortbow's attack is Hard, Sacred Flame's is not (the
/// cover line shows switched off, with why).
#[test]
fn gfh_sacred_flame_takes_the_targets_cover_away() {
    use lantern::rules::AttackRange;
    use lantern::rules::go_forth_heroes::{Attribute, GfhAttack, GfhAttackNumbers, GfhToken};
    let mut doc = fight(RuleSystem::GoForthHeroes);
    let ranged = AttackRange::Ranged {
        short_cells: 12,
        long_cells: 12,
    };
    let numbers = |attribute, effort_die| GfhAttackNumbers {
        attribute,
        effort_die,
    };
    sheet(
        &mut doc,
        HERO,
        TokenTrackers::GoForthHeroes(GfhToken {
            attacks: vec![
                GfhAttack::new("Shortbow", ranged, numbers(Attribute::Finesse, 8)),
                GfhAttack::new(
                    "Sacred Flame (1 Power)",
                    ranged,
                    numbers(Attribute::Presence, 12),
                ),
            ],
            ..GfhToken::default()
        }),
    );
    let cover = |filled: &FilledCheck| {
        filled
            .contributions
            .iter()
            .find(|c| c.source == Source::Cover)
            .cloned()
            .unwrap()
    };
    let bow = attack(&doc.encounter, HERO, FOE, Some(0));
    let line = cover(&bow);
    assert_eq!((line.lever, line.on), (Lever::Harder, true));
    let CheckSetup::GoForthHeroes(c) = bow.setup() else {
        panic!("not GFH");
    };
    assert!(c.hard);

    let flame = attack(&doc.encounter, HERO, FOE, Some(1));
    let line = cover(&flame);
    assert!(!line.on);
    assert_eq!(
        line.off_because.as_deref(),
        Some("Sacred Flame (1 Power): the target loses any Cover")
    );
    let CheckSetup::GoForthHeroes(c) = flame.setup() else {
        panic!("not GFH");
    };
    assert!(!c.hard);
    assert_eq!(c.effort_die, 12);
}

/// Road and Ruin, Hastened time: the duellist's "Presumptive Speed is (3+2) +2 Sword, while
/// their Reactive Speed is (2+2) +2 Sword, for a benefit of 7, against the Action Speed of 3.
/// Their Outcome roll improves by 7-3, or 4, bringing the GOOD/BUT threshold down to 2+." The
/// arrow: Presumptive 5 and Reactive 4 against Action Speed 5 improve nothing.
#[test]
fn road_and_ruin_initiative_takes_the_faster_speed_against_the_action_speed() {
    use lantern::rules::road_and_ruin::{Band, OutcomeCheck, Timing, initiative_benefit};
    assert_eq!(initiative_benefit(3 + 2 + 2, 2 + 2 + 2, 3), 4);
    assert_eq!(initiative_benefit(5, 4, 5), 0);
    let duel = OutcomeCheck {
        timing: Some(Timing {
            presumptive: 7,
            reactive: 6,
            action_speed: 3,
        }),
        ..OutcomeCheck::default()
    };
    assert_eq!(duel.net_benefit(), 4);
    // GOOD/BUT from a face of 2 (2 + 4 = 6); a 1 is still BAD/BUT (1 + 4 = 5).
    assert_eq!(duel.read(2), Band::GoodBut);
    assert_eq!(duel.read(1), Band::BadBut);
    // 9 faces of 10 now succeed.
    let good: f64 = duel
        .odds()
        .iter()
        .filter(|(b, _)| !b.is_bad())
        .map(|(_, p)| p)
        .sum();
    assert!((good - 0.9).abs() < 1e-9);
}

fn outcome_roll(face: i64, net_benefit: i64) -> lantern::rules::road_and_ruin::OutcomeRoll {
    use lantern::rules::road_and_ruin::{Band, OutcomeRoll};
    OutcomeRoll {
        dice: vec![DieResult {
            term: 0,
            sides: 10,
            rolls: vec![u32::try_from(face).unwrap()],
            value: face,
            kept: true,
            exploded: false,
            rerolled: false,
        }],
        face,
        net_benefit,
        outcome: Band::read(face, net_benefit),
    }
}

fn rr_steadfast(e: &Encounter, token: TokenId) -> u32 {
    let Some(TokenTrackers::RoadAndRuin(t)) = e.sheet(token) else {
        panic!("no Road and Ruin sheet");
    };
    t.get(lantern::rules::road_and_ruin::Pool::Steadfast)
}

/// Road and Ruin, HEALTH: a whole round under threat costs 1 Steadfast as Battle Stress, and
/// "FEAR can also inflict SF damage this way, failing a saving roll." A failure is a BAD result
/// (Resolving events): a 4 with difficulty 1 reads 3, BAD, and costs 1 of 3 Steadfast; a 7
/// reads 6, GOOD/BUT, and costs nothing; at 0 Steadfast there is nothing left to lose.
#[test]
fn road_and_ruin_fear_costs_one_steadfast_on_a_failed_save() {
    use lantern::combat::stress::fear;
    let mut doc = fight(RuleSystem::RoadAndRuin);
    let start = lantern::rules::system(RuleSystem::RoadAndRuin).starting_sheet(Side::Party);
    sheet(&mut doc, HERO, start);
    assert_eq!(rr_steadfast(&doc.encounter, HERO), 3);
    let failed = outcome_roll(4, -1);
    assert!(failed.outcome.is_bad());
    doc.apply(fear(&doc.encounter, HERO, &failed).unwrap())
        .unwrap();
    assert_eq!(rr_steadfast(&doc.encounter, HERO), 2);
    let last = doc.encounter.combat.log.last().unwrap();
    assert_eq!(last.what, "Fear save");
    assert_eq!(last.result, "BAD: loses 1 Steadfast (3 → 2)");

    let held = outcome_roll(7, -1);
    assert_eq!(held.outcome.label(), "GOOD/BUT");
    doc.apply(fear(&doc.encounter, HERO, &held).unwrap())
        .unwrap();
    assert_eq!(rr_steadfast(&doc.encounter, HERO), 2);

    for _ in 0..2 {
        doc.apply(fear(&doc.encounter, HERO, &failed).unwrap())
            .unwrap();
    }
    assert_eq!(rr_steadfast(&doc.encounter, HERO), 0);
    doc.apply(fear(&doc.encounter, HERO, &failed).unwrap())
        .unwrap();
    assert_eq!(
        doc.encounter.combat.log.last().unwrap().result,
        "BAD: no Steadfast left to lose"
    );
}

/// Road and Ruin, Hastened time: "A character may spend a round to Assess … to form a new
/// Intention … A character who acts or reacts outside their Intention is rendered Distracted";
/// OUTCOME: changing the Intention takes Assessing. Assess sets the new Intention and ends
/// Distracted, in one undo step; in another system, or for a token not in the fight, it is
/// refused.
#[test]
fn road_and_ruin_assess_sets_the_intention_and_ends_distracted() {
    let mut doc = fight(RuleSystem::RoadAndRuin);
    doc.apply(Command::Combat(CombatCommand::ApplyCondition(
        ActiveCondition {
            system: None,
            token: HERO,
            name: "Distracted".to_owned(),
            duration: Duration::UntilRemoved,
        },
    )))
    .unwrap();
    // Distracted: 1 difficulty, which on an attack is −1 to the To Hit.
    let hit = attack(&doc.encounter, HERO, FOE, None);
    assert!(
        hit.contributions
            .iter()
            .any(|c| c.lever == Lever::RollModifier(-1))
    );

    let command = assess(&doc.encounter, HERO, "Escape capture").unwrap();
    doc.apply(command).unwrap();
    let init = &doc.encounter.combat.initiative;
    let hero = &init.combatants[init.position(HERO).unwrap()];
    assert_eq!(hero.intention, "Escape capture");
    assert!(!has(&doc.encounter, HERO, "Distracted"));
    assert_eq!(doc.encounter.combat.log.last().unwrap().what, "Assess");
    doc.undo().unwrap();
    assert!(has(&doc.encounter, HERO, "Distracted"));

    // Not Distracted: Assess still sets the Intention.
    doc.redo().unwrap();
    assert!(assess(&doc.encounter, HERO, "Subdue the thieves").is_ok());
    let gfh = fight(RuleSystem::GoForthHeroes);
    assert!(matches!(
        assess(&gfh.encounter, HERO, "x"),
        Err(TurnActionError::OtherSystem { .. })
    ));
}

/// Road and Ruin, NAVIGATION: a creature Above another (by enough for its distance from the
/// edge) "gains a hide bonus as though Behind or Below"; Below (burrowing, underwater, beneath
/// a larger creature) "grants a comparative hiding bonus, as though Behind". Behind lets it Hide
/// or take Cover. The map keeps no heights: marked Below, the foe's attackers and its own hiding
/// check read the line; it changes no number, as Behind names none.
#[test]
fn road_and_ruin_above_or_below_may_hide_as_though_behind() {
    let mut doc = fight(RuleSystem::RoadAndRuin);
    doc.encounter.obstacle_cells.clear();
    let line = |filled: &FilledCheck| {
        filled
            .contributions
            .iter()
            .find(|c| c.text.contains("as though Behind"))
            .map(|c| (c.text.clone(), c.lever))
    };
    assert_eq!(line(&attack(&doc.encounter, HERO, FOE, None)), None);
    doc.apply(Command::Combat(CombatCommand::ApplyCondition(
        ActiveCondition {
            system: None,
            token: FOE,
            name: "Below".to_owned(),
            duration: Duration::UntilRemoved,
        },
    )))
    .unwrap();
    assert_eq!(
        line(&attack(&doc.encounter, HERO, FOE, None)),
        Some((
            "Foe is Below: it may hide as though Behind".to_owned(),
            Lever::Note
        ))
    );
    let hide = ActionRequest {
        actor: Some(FOE),
        ..ActionRequest::default()
    };
    let own = build(
        &doc.encounter,
        &hide,
        &lantern::combat::action::default_base(RuleSystem::RoadAndRuin, false),
    );
    assert!(line(&own).is_some());
}

fn post_sheet(attributes: [i8; 3], hp: u8) -> lantern::rules::post_core::PostToken {
    lantern::rules::post_core::PostToken {
        hp,
        max_hp: hp,
        attributes,
        base_attributes: attributes,
        ..lantern::rules::post_core::PostToken::default()
    }
}

fn post_of(e: &Encounter, token: TokenId) -> lantern::rules::post_core::PostToken {
    let Some(TokenTrackers::PostCore(t)) = e.sheet(token) else {
        panic!("no Post sheet");
    };
    t.clone()
}

/// Post core, Inventory: "Load may grant advantages or disadvantages on DEX action rolls. 0-3
/// full slots: Light load. 4 full slots: Normal load. 5 full lots: Heavy load." Read as one die
/// more or fewer: DEX 2 at range rolls 3 dice light, 2 normal, 1 heavy; a STR attack in melee
/// is not touched; an untracked inventory adds nothing. A 3-die pool reads 4+ with chance
/// 1 − (1/2)³ = 7/8, a 1-die pool 1/2.
#[test]
fn post_load_helps_or_hinders_dex_action_rolls() {
    use lantern::rules::post_core::{ActionOutcome, PostToken};
    let mut doc = fight(RuleSystem::PostCore);
    doc.encounter.obstacle_cells.clear();
    let with_slots = |slots| {
        TokenTrackers::PostCore(PostToken {
            slots_full: slots,
            ..post_sheet([1, 2, 1], 3)
        })
    };
    let pool = |doc: &Document, target| {
        let filled = attack(&doc.encounter, HERO, target, None);
        let CheckSetup::PostCore(c) = filled.setup() else {
            panic!("not Post");
        };
        let load = filled
            .contributions
            .iter()
            .find(|c| matches!(c.lever, Lever::Load(_)))
            .map(|c| c.text.clone());
        (c.pool(), load, c)
    };
    for (slots, dice) in [(None, 2), (Some(3), 3), (Some(4), 2), (Some(5), 1)] {
        sheet(&mut doc, HERO, with_slots(slots));
        assert_eq!(pool(&doc, FOE).0, dice, "{slots:?} full slots");
    }
    sheet(&mut doc, HERO, with_slots(Some(0)));
    let (_, line, c) = pool(&doc, FOE);
    assert_eq!(
        line.as_deref(),
        Some("Hero's light load (0 of 5 slots full): one more die on DEX")
    );
    let not_failed: f64 = c
        .odds()
        .iter()
        .filter(|(o, _)| **o != ActionOutcome::Failure)
        .map(|(_, p)| p)
        .sum();
    assert!((not_failed - 7.0 / 8.0).abs() < 1e-9);
    // STR in melee: the ally beside the hero is the target; load does not count.
    sheet(&mut doc, HERO, with_slots(Some(5)));
    let (dice, line, _) = pool(&doc, ALLY);
    assert_eq!((dice, line), (1, None));
}

/// Post core, Equipment: "Defensive Equipment: Shields and armor. Reduces consequence rating on
/// physical attacks. Regular defensive equipment is single use … Bulky defensive equipment can
/// be used twice … Equipment uses are restored by repair or replacement during extended rest."
/// Read as one step: a consequence of 3 against HP 5 becomes 2 (HP 3). One bulky piece has two
/// uses, then none; the extended rest repairs it. More pieces than five slots are refused.
#[test]
fn post_defensive_equipment_lowers_a_physical_consequence_once_a_use() {
    use lantern::rules::post_core::{PostChange, PostToken};
    let mut doc = fight(RuleSystem::PostCore);
    sheet(
        &mut doc,
        HERO,
        TokenTrackers::PostCore(post_sheet([1, 1, 1], 5)),
    );
    assert_eq!(defensive_block(&doc.encounter, HERO, 3), None, "no armour");
    let gear = |regular, bulky| {
        Command::Tracker(TrackerCommand::Token {
            token: HERO,
            change: TokenChange::PostCore(PostChange::SetGear {
                slots_full: Some(2),
                regular,
                bulky,
            }),
        })
    };
    doc.apply(gear(0, 1)).unwrap();
    assert!(doc.apply(gear(2, 2)).is_err(), "2 + 2×2 slots is past five");

    let (left, spend) = defensive_block(&doc.encounter, HERO, 3).unwrap();
    assert_eq!(left, 2);
    let mut commands = vec![spend];
    commands.extend(post_consequence(&doc.encounter, HERO, left, Takes::Hp).commands);
    doc.apply(Command::Batch(commands)).unwrap();
    let hero: PostToken = post_of(&doc.encounter, HERO);
    assert_eq!((hero.hp, hero.defensive.uses_left()), (3, 1));

    let (_, spend) = defensive_block(&doc.encounter, HERO, 1).unwrap();
    doc.apply(spend).unwrap();
    assert_eq!(
        defensive_block(&doc.encounter, HERO, 1),
        None,
        "both uses spent"
    );

    let rest = Command::Tracker(TrackerCommand::Token {
        token: HERO,
        change: TokenChange::PostCore(PostChange::ExtendedRest),
    });
    doc.apply(rest).unwrap();
    assert_eq!(post_of(&doc.encounter, HERO).defensive.uses_left(), 2);
}

/// Post core, Attribute Loss: "Complete DEX and WIL loss renders the character unable to act
/// until they go through extended rest" — read as either one lost completely. DEX 1 losing 1
/// is at 0: Unable to act (no Action, no movement); the extended rest gives DEX back and the
/// condition comes off in the rest's step. A character with DEX 0 from the start lost nothing.
#[test]
fn post_complete_dex_or_wil_loss_stops_acting_until_an_extended_rest() {
    use lantern::rules::post_core::{Attribute, PostChange};
    let mut doc = fight(RuleSystem::PostCore);
    sheet(
        &mut doc,
        HERO,
        TokenTrackers::PostCore(post_sheet([1, 1, 1], 3)),
    );
    sheet(
        &mut doc,
        ALLY,
        TokenTrackers::PostCore(post_sheet([2, 0, 1], 3)),
    );
    let landed = post_consequence(&doc.encounter, HERO, 1, Takes::Attribute(Attribute::Dex));
    assert!(
        landed
            .lines
            .iter()
            .any(|l| l
                == "Hero is Unable to act (all of its DEX or WIL lost) until an extended rest"),
        "{:?}",
        landed.lines
    );
    doc.apply(Command::Batch(landed.commands)).unwrap();
    assert!(has(&doc.encounter, HERO, "Unable to act"));
    assert_eq!(post_of(&doc.encounter, HERO).attributes, [1, 0, 1]);
    let hero = economy(&doc, HERO);
    let conditions = &doc.encounter.combat.conditions;
    let refused = economy_refusal(
        conditions,
        RuleSystem::PostCore,
        HERO,
        EconomyPart::Action,
        &hero,
    );
    assert_eq!(
        refused.as_deref(),
        Some("Unable to act: no actions or reactions")
    );
    let speed = effective_speed(conditions, RuleSystem::PostCore, HERO, 6);
    assert_eq!(speed.value, 0);
    // WIL too, for the ally whose DEX was always 0: its DEX 0 is no loss, its WIL 1 → 0 is.
    let (commands, _) = post_change(
        &doc.encounter,
        ALLY,
        &PostChange::AttributeLoss {
            attribute: Attribute::Dex,
            amount: 0,
        },
    );
    assert_eq!(commands.len(), 1, "DEX 0 from the start is no loss");
    let wil = post_consequence(&doc.encounter, ALLY, 1, Takes::Attribute(Attribute::Wil));
    doc.apply(Command::Batch(wil.commands)).unwrap();
    assert!(has(&doc.encounter, ALLY, "Unable to act"));

    let (rest, lines) = post_change(&doc.encounter, HERO, &PostChange::ExtendedRest);
    assert!(lines.iter().any(|l| l == "Hero can act again"));
    doc.apply(Command::Batch(rest)).unwrap();
    assert!(!has(&doc.encounter, HERO, "Unable to act"));
}

/// Post core, Effect and Consequence: the effect score may be "ticks on a clock representing an
/// opponent's injury"; Lantern's reading takes it off the opponent's HP, whoever rolls. A GM's
/// creature attacking a hero rolls its own pool and a full success (a 6, mixed effect 2) takes
/// 2 off the hero's HP 3 (Damage), while the roller's own consequence stays the roller's.
#[test]
fn post_an_enemy_attack_on_a_hero_is_the_enemys_roll_and_its_effect_the_heros_harm() {
    use lantern::rules::post_core::{ActionOutcome, ActionResult};
    let mut doc = fight(RuleSystem::PostCore);
    doc.encounter.obstacle_cells.clear();
    sheet(
        &mut doc,
        HERO,
        TokenTrackers::PostCore(post_sheet([1, 1, 1], 3)),
    );
    sheet(
        &mut doc,
        FOE,
        TokenTrackers::PostCore(post_sheet([2, 1, 1], 2)),
    );
    let filled = attack(&doc.encounter, FOE, HERO, None);
    assert_eq!(filled.roller(), Some(FOE));
    let CheckSetup::PostCore(roll) = filled.setup() else {
        panic!("not Post");
    };
    let (effect, consequence_score) = roll.scores(ActionOutcome::FullSuccess);
    assert_eq!((effect, consequence_score), (2, 0));
    let outcome = CheckOutcome::PostCore(ActionResult {
        dice: Vec::new(),
        outcome: ActionOutcome::FullSuccess,
        effect,
        consequence: consequence_score,
    });
    let landed = consequence(
        &doc.encounter,
        &filled,
        &outcome,
        i64::from(effect),
        [1, 1, 1],
    );
    doc.apply(Command::Batch(landed.commands)).unwrap();
    assert_eq!(post_of(&doc.encounter, HERO).hp, 1);
}

/// 3d6, Level, Tier, and Advancement: "you gain 1 Advantage if rolling for something below your
/// character's Tier" — Lantern's reading gives the GM's creatures the same edge; Escalation: "In
/// most cases, escalation doesn't get added to GM rolls." A level 5 monster (tier 2) attacking a
/// level 2 hero (tier 1) rolls with 1 Advantage and without the escalation of 3.
#[test]
fn three_d6_an_enemy_rolling_against_a_hero_takes_the_tier_edge_and_no_escalation() {
    use lantern::rules::three_d6::{ThreeD6Token, TierRelation};
    let mut doc = fight(RuleSystem::ThreeD6);
    doc.encounter.obstacle_cells.clear();
    let level = |n| {
        TokenTrackers::ThreeD6(ThreeD6Token {
            level: Some(n),
            ..ThreeD6Token::default()
        })
    };
    sheet(&mut doc, HERO, level(2));
    sheet(&mut doc, FOE, level(5));
    doc.encounter.combat.trackers.encounter.three_d6.escalation = 3;
    let filled = attack(&doc.encounter, FOE, HERO, None);
    let CheckSetup::ThreeD6(c) = filled.setup() else {
        panic!("not 3d6");
    };
    assert_eq!(c.tier, TierRelation::Below);
    assert_eq!(c.net_edge(), 1);
    assert!(!c.add_escalation);
    // The hero's own attack back: one Disadvantage, and escalation +3.
    let back = attack(&doc.encounter, HERO, FOE, None);
    let CheckSetup::ThreeD6(c) = back.setup() else {
        panic!("not 3d6");
    };
    assert_eq!(
        (c.net_edge(), c.add_escalation, c.escalation),
        (-1, true, 3)
    );
}

/// Post core, Attribute Loss and Recovery: what an attribute lost lasts until an extended rest
/// (issue 31, item 3). DEX base 2, current 1: setting the base to 0 is refused (it would forget
/// the lost point, and setting 2 again would give it back); set to 1 the current reads 0, and
/// back to 2 it reads 1 — the point stays lost.
#[test]
fn post_sheet_edits_down_and_up_never_give_a_lost_point_back() {
    use lantern::combat::sheet::{SheetField, edit};
    let mut doc = fight(RuleSystem::PostCore);
    let mut t = post_sheet([1, 2, 1], 3);
    t.attributes[1] = 1;
    sheet(&mut doc, HERO, TokenTrackers::PostCore(t));
    let dex = SheetField::PostAttribute(1);
    let to_zero = edit(&doc.encounter, HERO, dex, 0).unwrap();
    assert!(doc.apply(to_zero).is_err());
    assert_eq!(post_of(&doc.encounter, HERO).attributes[1], 1);
    doc.apply(edit(&doc.encounter, HERO, dex, 1).unwrap())
        .unwrap();
    assert_eq!(post_of(&doc.encounter, HERO).attributes[1], 0);
    doc.apply(edit(&doc.encounter, HERO, dex, 2).unwrap())
        .unwrap();
    let t = post_of(&doc.encounter, HERO);
    assert_eq!((t.base_attributes[1], t.attributes[1]), (2, 1));
}

/// GFH, Attributes: Might is for "melee heavy weapons", Agility "melee light weapons", Finesse
/// "ranged weapons". A thrown weapon is a ranged weapon (issue 31, item 3: choose and state):
/// an attack starts with Might in melee and Finesse at range, and every thrown weapon the
/// content ships rolls Finesse in Go Forth: Heroes.
#[test]
fn gfh_a_thrown_weapon_is_a_ranged_attack_made_with_finesse() {
    use lantern::combat::action::default_attack_attribute;
    use lantern::rules::go_forth_heroes::Attribute;
    assert_eq!(default_attack_attribute(true), Attribute::Might);
    assert_eq!(default_attack_attribute(false), Attribute::Finesse);
    let mut all: Vec<Encounter> = lantern::demo::Demo::ALL
        .iter()
        .map(|d| d.encounter().unwrap())
        .collect();
    all.push(lantern::library::bestiary().unwrap());
    let mut thrown = 0;
    for e in &all {
        for t in &e.tokens {
            let Some(TokenTrackers::GoForthHeroes(sheet)) =
                e.combat.trackers.sheet(t.id, RuleSystem::GoForthHeroes)
            else {
                continue;
            };
            for a in &sheet.attacks {
                let name = a.name.to_lowercase();
                if ["throw", "javelin"].iter().any(|w| name.contains(w)) {
                    thrown += 1;
                    assert!(!a.range.is_melee(), "{}'s {} is ranged", t.name, a.name);
                    assert_eq!(
                        a.numbers.attribute,
                        Attribute::Finesse,
                        "{}'s {}",
                        t.name,
                        a.name
                    );
                }
            }
        }
    }
    // The bestiary's throwing hammer, the demo's axe, javelin, rock and knife, and the hex
    // demo's two javelins.
    assert_eq!(thrown, 7);
}

/// Evening, Threat Rating: rating 2 attacks three times a round for 3d6 + 4 each; Traits,
/// Controller: its ranged attacks become area attacks, which "does not decrease the attack
/// damage"; Behemoth: "simply gargantuan in size". The bestiary's Ghost (rating 2 Controller)
/// wails for 3d6 + 4, not 1d6 + 2, and every Behemoth is gargantuan (issue 31, item 3).
#[test]
fn evening_the_bestiary_follows_the_rating_rows_and_behemoths_are_gargantuan() {
    use lantern::model::SizeCategory;
    use lantern::rules::evening::{DamageDice, ThreatTrait};
    let beasts = lantern::library::bestiary().unwrap();
    for t in &beasts.tokens {
        let Some(TokenTrackers::Evening(sheet)) =
            beasts.combat.trackers.sheet(t.id, RuleSystem::Evening)
        else {
            continue;
        };
        let Some(threat) = &sheet.threat else {
            continue;
        };
        if threat.traits.contains(&ThreatTrait::Behemoth) {
            assert_eq!(t.size, SizeCategory::Gargantuan, "{} is a Behemoth", t.name);
        }
        if t.name == "Ghost" {
            let wail = sheet.attacks.iter().find(|a| a.name == "Wail").unwrap();
            let row_2 = DamageDice {
                count: 3,
                sides: 6,
                bonus: 4,
            };
            assert_eq!(wail.numbers.damage, row_2);
        }
    }
}

/// Evening, Character Creation: "You begin with -1 in each, and have 4 points to distribute"
/// (Finesse, Prowess, Resolve) and −1 each with 3 points for Body and Mind. The palette's
/// level 0 hero spends them all: Finesse 0, Prowess +1, Resolve 0 (−3 + 4 = 1) and Body +1,
/// Mind 0 (−2 + 3 = 1).
#[test]
fn evening_the_palettes_hero_spends_all_its_points() {
    let TokenTrackers::Evening(hero) =
        lantern::rules::system(RuleSystem::Evening).starting_sheet(Side::Party)
    else {
        panic!("not an Evening sheet");
    };
    // A palette token's Finesse is the token's own, 0 by default.
    let finesse = Token::new(HERO, "Hero", Side::Party, Cell::new(0, 0)).finesse;
    let a = hero.abilities;
    assert_eq!(finesse + a.prowess + a.resolve, -3 + 4);
    assert_eq!(a.body + a.mind, -2 + 3);
}

/// GFH, Actions: "On your turn, you get 1 Action and 1 Move"; the Move action takes "an
/// additional Move this turn". Hero (Agility 0) moves 4 + 0 = 4 squares (Grid Play); the Move
/// action spends the Action for 4 more, 8 in all, and then no Action is left.
#[test]
fn gfh_a_turn_has_one_action_and_one_move_and_the_move_action_spends_the_action() {
    use lantern::rules::go_forth_heroes::GfhToken;
    let mut doc = fight(RuleSystem::GoForthHeroes);
    sheet(
        &mut doc,
        HERO,
        TokenTrackers::GoForthHeroes(GfhToken::default()),
    );
    let speed = lantern::combat::wounds::token_speed(
        &doc.encounter,
        &doc.encounter.combat.conditions,
        HERO,
    )
    .value;
    assert_eq!(speed, 4);
    let e = economy(&doc, HERO);
    assert!(e.action_available());
    assert_eq!(e.movement_allowed(speed), 4);
    let dash = CombatCommand::UseEconomy {
        token: HERO,
        part: EconomyPart::Dash,
    };
    doc.apply(Command::Combat(dash.clone())).unwrap();
    let e = economy(&doc, HERO);
    assert!(!e.action_available(), "the Move action is the Action");
    assert_eq!(e.movement_allowed(speed), 8);
    assert!(doc.apply(Command::Combat(dash)).is_err());
}

/// GFH, Recovery: a short rest after every encounter moves all momentum to Stamina. Three dice:
/// one Prepared to Power and one Hit into Fatigue come back, all three in Stamina.
#[test]
fn gfh_a_short_rest_moves_every_momentum_die_to_stamina() {
    use lantern::combat::momentum::MomentumPool;
    use lantern::model::momentum::Zone;
    let mut pool = MomentumPool::default();
    pool.prepare(Zone::Stamina).unwrap();
    let stamina = pool.first_in(Zone::Stamina).unwrap();
    pool.hit(Some(stamina)).unwrap();
    assert!(pool.count(Zone::Stamina) < 3);
    pool.short_rest();
    assert_eq!(
        Zone::ALL.map(|z| pool.count(z)),
        [3, 0, 0, 0, 0],
        "every die back in Stamina"
    );
}

/// GFH, Effort: "Bare hands d4, Weapon / Tool d6". A token's plain starting sheet attacks with a
/// weapon's d6; bare hands are a d4.
#[test]
fn gfh_effort_is_a_d4_bare_handed_and_a_d6_with_a_weapon() {
    use lantern::rules::go_forth_heroes::{BARE_HANDS_EFFORT_DIE, WEAPON_EFFORT_DIE};
    assert_eq!((BARE_HANDS_EFFORT_DIE, WEAPON_EFFORT_DIE), (4, 6));
    for side in [Side::Party, Side::Enemy] {
        let TokenTrackers::GoForthHeroes(t) =
            lantern::rules::system(RuleSystem::GoForthHeroes).starting_sheet(side)
        else {
            panic!("not GFH");
        };
        assert_eq!(t.attacks[0].numbers.effort_die, 6);
    }
}
