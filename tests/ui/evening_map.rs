//! Evening's rules that happen on the map, through the real app (issue 31): a goblin stepping
//! out of Aldric's reach offers him his attack of opportunity, which the Dice pane fills,
//! rolls and applies (Evening, Combat actions: Attack of opportunity, line 991); a shove moves
//! the target a cell in the roll's undo step (lines 996–998); a frightened token cannot path
//! closer to the source its menu names (Frightened, line 1139).

use egui::accesskit::Role;
use egui::{Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::initiative::{Combatant, Mode};
use lantern::edit::Document;
use lantern::model::trackers::attack::AttackRange;
use lantern::model::{Cell, Command, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::TokenTrackers;
use lantern::rules::evening::{
    DamageDice, EveningAbilities, EveningAbility, EveningAttack, EveningAttackNumbers,
    EveningAttribute, EveningChange, EveningToken, ThreatProfile,
};

const ALDRIC: TokenId = TokenId(1);
const GOBLIN: TokenId = TokenId(2);

/// Aldric (Finesse 2, Body 2, a longsword) at (3, 3) and a rating 1 goblin next to him at
/// (4, 3), in a running fight: Aldric has had his turn, and it is the goblin's (or, with
/// `aldrics_turn`, still Aldric's).
fn skirmish(aldrics_turn: bool) -> Encounter {
    let mut e = Encounter::new("skirmish", RuleSystem::Evening);
    let mut aldric = Token::new(ALDRIC, "Aldric", Side::Party, Cell::new(3, 3));
    aldric.finesse = 2;
    e.tokens.push(aldric);
    e.tokens
        .push(Token::new(GOBLIN, "Goblin", Side::Enemy, Cell::new(4, 3)));
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
            attacks: vec![sword],
            ..EveningToken::default()
        }),
    );
    let mut goblin = EveningToken::default();
    let Ok(()) = goblin.apply(&EveningChange::SetThreat(Some(ThreatProfile::default()))) else {
        panic!("a rating 1 threat is refused");
    };
    e.combat
        .trackers
        .insert(GOBLIN, TokenTrackers::Evening(goblin));
    let mut doc = Document::new(e, None);
    let mut apply = |command| {
        let Ok(()) = doc.apply(command) else {
            panic!("the fight's set-up was refused");
        };
    };
    apply(Command::Combat(CombatCommand::StartInitiative {
        mode: Mode::Rolled,
        combatants: vec![Combatant::new(ALDRIC), Combatant::new(GOBLIN)],
        surprise_round: false,
        pick: None,
    }));
    if !aldrics_turn {
        apply(Command::Combat(CombatCommand::NextTurn { pick: None }));
    }
    doc.encounter
}

/// The Map and Dice panes side by side, dice seeded `seed`.
fn app(encounter: Encounter, seed: u64) -> Harness<'static, LanternApp> {
    let panes = [Pane::Map, Pane::DiceLog];
    crate::support::panes_harness(encounter, &panes, seed, egui::vec2(1400.0, 900.0))
}

fn at(h: &Harness<'_, LanternApp>, name: &str) -> Pos2 {
    h.get_by_role_and_label(Role::Button, name).rect().center()
}

fn cell_of(h: &Harness<'_, LanternApp>, id: TokenId) -> Option<Cell> {
    h.state().document.encounter.token(id).map(|t| t.cell)
}

fn health(h: &Harness<'_, LanternApp>, id: TokenId) -> u32 {
    match h.state().document.encounter.sheet(id) {
        Some(TokenTrackers::Evening(t)) => t.health,
        _ => panic!("no Evening sheet"),
    }
}

/// Done-when of issue 31: the goblin's drag three cells off lands, and beside Aldric a card
/// offers his attack of opportunity. "Attack Goblin…" fills the Dice pane with his longsword
/// (Finesse 2 + Body 2 + aptitude 2 against the goblin's TN 14); the roll spends his reaction
/// and settles the offer, and a hit's Apply takes the damage off the goblin's 15 health.
#[test]
fn the_goblin_stepping_away_offers_aldric_his_attack_which_rolls_and_applies() {
    let mut h = app(skirmish(false), 4);
    let ppc = h.state().map_view.points_per_cell().unwrap_or(40.0);
    let from = at(&h, "Goblin");
    crate::support::drag(
        &mut h,
        from,
        from + Vec2::new(3.0, 0.0) * ppc,
        Modifiers::NONE,
    );
    assert_eq!(cell_of(&h, GOBLIN), Some(Cell::new(7, 3)));
    let offers = h
        .state()
        .document
        .encounter
        .combat
        .opportunity_offers
        .clone();
    assert_eq!(offers.len(), 1);
    assert_eq!((offers[0].mover, offers[0].by), (GOBLIN, ALDRIC));
    assert!(h.query_by_label("Goblin left Aldric's reach.").is_some());
    h.get_by_label("Attack Goblin…").click();
    h.run();
    h.run();
    let dice = &h.state().dice;
    assert_eq!(
        (dice.roller, dice.targets.clone()),
        (Some(ALDRIC), vec![GOBLIN])
    );
    assert!(dice.attack && dice.melee);
    assert!(
        h.query_by_label("Spends Aldric's reaction (attack of opportunity)")
            .is_some()
    );
    h.get_by_label("Roll attack").click();
    h.run();
    h.run();
    let encounter = &h.state().document.encounter;
    assert!(
        encounter.combat.opportunity_offers.is_empty(),
        "the roll settles it"
    );
    assert!(
        encounter.combat.initiative.combatants[0]
            .economy
            .reaction_used
    );
    assert!(h.query_by_label("Goblin left Aldric's reach.").is_none());
    // Seed 4: the d20 shows 14, +6 makes 20 against TN 14: a hit.
    let Some(rolled) = &h.state().dice.rolled else {
        panic!("no roll shown")
    };
    let damage = u32::try_from(rolled.amount).unwrap_or(0);
    assert!((1..=8).contains(&damage), "1d8: {damage}");
    h.get_by_label("Apply").click();
    h.run();
    h.run();
    assert_eq!(health(&h, GOBLIN), 15 - damage);
}

/// Lines 996–998: a shove that lands pushes the target one square away from the shover, in
/// the roll's undo step. On Aldric's turn, the goblin's menu gives "Shove Goblin…"; the check
/// is Aldric's Prowess 1 + Body 2 + Athletics 2 against TN 14. Seed 4 rolls 14, 19 lands it: "Push one
/// square away" moves the goblin from (4, 3) to (5, 3), and one undo takes back push and roll.
#[test]
fn a_shove_moves_the_target_a_cell_in_the_rolls_undo_step() {
    let mut h = app(skirmish(true), 4);
    let goblin = at(&h, "Goblin");
    crate::support::right_click_at(&mut h, goblin);
    h.get_by_label("Shove Goblin…").click();
    h.run();
    h.run();
    assert!(h.query_by_label("Shove: Aldric against Goblin").is_some());
    h.get_by_label("Roll check").click();
    h.run();
    h.run();
    let log_before = h.state().document.encounter.combat.log.len();
    h.get_by_label("Push one square away").click();
    h.run();
    h.run();
    assert_eq!(cell_of(&h, GOBLIN), Some(Cell::new(5, 3)));
    assert_eq!(h.state().document.encounter.combat.log.len(), log_before);
    let Ok(_) = h.state_mut().document.undo() else {
        panic!("undo refused")
    };
    assert_eq!(cell_of(&h, GOBLIN), Some(Cell::new(4, 3)));
    assert_eq!(
        h.state().document.encounter.combat.log.len(),
        log_before - 1
    );
}

/// Line 1139: "The creature can't move willingly closer to the source of its fear." Aldric at
/// (3, 3) is Frightened; his menu's "Frightened of …" names the goblin, 3 off at (6, 3). On his
/// turn a drag to (4, 3), 2 from the goblin, is refused with why, and no step is taken; a drag
/// away to (1, 3) lands.
#[test]
fn a_frightened_token_is_refused_a_drag_closer_to_its_source() {
    let mut e = skirmish(true);
    e.tokens[1].cell = Cell::new(6, 3);
    e.combat.conditions.push(ActiveCondition {
        token: ALDRIC,
        name: "Frightened".to_owned(),
        duration: Duration::UntilRemoved,
    });
    let mut h = app(e, 2);
    let goblin = at(&h, "Goblin");
    let aldric = at(&h, "Aldric");
    crate::support::right_click_at(&mut h, aldric);
    h.get_by_label("Frightened of …").click();
    h.run();
    // The menu's entry, not the token of the same name.
    let Some(entry) = h
        .query_all_by_label("Goblin")
        .find(|n| n.rect().center() != goblin)
    else {
        panic!("no Goblin in the menu")
    };
    entry.click();
    h.run();
    h.run();
    let sources = &h.state().document.encounter.combat.condition_sources;
    assert_eq!(sources.len(), 1);
    assert_eq!((sources[0].token, sources[0].source), (ALDRIC, GOBLIN));
    let ppc = h.state().map_view.points_per_cell().unwrap_or(40.0);
    let steps = h.state().document.history().marker();
    let from = at(&h, "Aldric");
    crate::support::drag(
        &mut h,
        from,
        from + Vec2::new(1.0, 0.0) * ppc,
        Modifiers::NONE,
    );
    assert_eq!(cell_of(&h, ALDRIC), Some(Cell::new(3, 3)));
    assert_eq!(h.state().document.history().marker(), steps, "no undo step");
    let note = h.state().map_view.refusal_note().map(str::to_owned);
    assert!(
        note.as_deref()
            .is_some_and(|n| n.contains("can't move closer to Goblin")),
        "{note:?}"
    );
    crate::support::drag(
        &mut h,
        from,
        from - Vec2::new(2.0, 0.0) * ppc,
        Modifiers::NONE,
    );
    assert_eq!(cell_of(&h, ALDRIC), Some(Cell::new(1, 3)));
}
