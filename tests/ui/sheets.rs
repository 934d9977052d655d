//! The Sheet pane and the numbers behind an attack: a palette token says its numbers are the
//! system's defaults until the GM edits one; a stand-in line in the Dice pane opens the sheet it
//! names; an attack from a sheet is picked in the Dice pane.

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::map::Tool;
use lantern::app::{LanternApp, Pane};
use lantern::dice::DiceRng;
use lantern::model::{Cell, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::TokenTrackers;
use lantern::rules::go_forth_heroes::{Attribute, GfhAttack, GfhAttackNumbers, GfhToken};

const ASH: TokenId = TokenId(1);
const BRUTE: TokenId = TokenId(2);

/// The real app with only `panes` open.
fn app(encounter: Encounter, panes: &[Pane]) -> Harness<'static, LanternApp> {
    crate::support::panes_harness(encounter, panes, 3, egui::vec2(1400.0, 1400.0))
}

/// Ash (a GFH hero with a sword and a bow) at (0,0) and Brute at (1,0); Brute keeps no sheet.
fn duel() -> Encounter {
    let mut e = Encounter::new("duel", RuleSystem::GoForthHeroes);
    e.tokens
        .push(Token::new(ASH, "Ash", Side::Party, Cell::new(0, 0)));
    e.tokens
        .push(Token::new(BRUTE, "Brute", Side::Enemy, Cell::new(1, 0)));
    let numbers = |attribute, effort_die| GfhAttackNumbers {
        attribute,
        effort_die,
    };
    let sheet = GfhToken {
        attacks: vec![
            GfhAttack::new(
                "Sword",
                lantern::rules::AttackRange::ADJACENT,
                numbers(Attribute::Might, 6),
            ),
            GfhAttack::new(
                "Bow",
                lantern::rules::AttackRange::Ranged {
                    short_cells: 12,
                    long_cells: 12,
                },
                numbers(Attribute::Finesse, 8),
            ),
        ],
        ..GfhToken::default()
    };
    e.combat
        .trackers
        .insert(ASH, TokenTrackers::GoForthHeroes(sheet));
    e
}

#[test]
fn a_palette_token_shows_default_numbers_until_one_is_edited() {
    let mut e = Encounter::new("blank", RuleSystem::Evening);
    e.tokens.push(Token::new(
        TokenId(1),
        "Marker",
        Side::Neutral,
        Cell::new(0, 19),
    ));
    let mut h = app(e, &[Pane::Map, Pane::Sheet]);
    h.key_press(Key::T);
    h.run();
    assert_eq!(h.state_mut().map_view.tools().tool, Tool::AddToken);
    h.state_mut().map_view.tools().palette.side = Side::Enemy;
    let marker = crate::support::centre_of(&h, "Marker");
    let ppc = crate::support::points_per_cell(&h);
    crate::support::click_at(&mut h, marker + egui::vec2(4.0, -3.0) * ppc);
    h.run();
    let placed = TokenId(2);
    assert!(h.state().selection.contains(&placed));
    // Every system's plain sheet came with it, in the one "Add token" step: an enemy is a
    // rating 1 threat in Evening (15 health, the Threat Rating table's first row).
    let e = &h.state().document.encounter;
    for system in RuleSystem::ALL {
        let sheet = e.combat.trackers.sheet(placed, system);
        assert!(
            sheet.is_some_and(TokenTrackers::default_numbers),
            "{system:?}"
        );
    }
    let Some(TokenTrackers::Evening(threat)) = e.sheet(placed) else {
        panic!("no Evening sheet");
    };
    assert_eq!((threat.health, threat.max_health), (15, 15));
    assert!(h.query_by_label_contains("Default numbers").is_some());
    // Editing one number makes the sheet the GM's own.
    h.get_by_role_and_label(Role::SpinButton, "Prowess")
        .set_value_accesskit(2.0);
    h.run();
    h.run();
    assert!(h.query_by_label_contains("Default numbers").is_none());
    let e = &h.state().document.encounter;
    assert!(e.sheet(placed).is_some_and(|s| !s.default_numbers()));
    // The other systems' sheets are untouched: still defaults.
    let gfh = e.combat.trackers.sheet(placed, RuleSystem::GoForthHeroes);
    assert!(gfh.is_some_and(TokenTrackers::default_numbers));
}

#[test]
fn a_stand_in_line_opens_the_sheet_it_names() {
    let mut h = app(duel(), &[Pane::Map, Pane::DiceLog, Pane::Sheet]);
    crate::support::attack_from_menu(&mut h, "Ash", "Brute");
    let line =
        "Brute has no sheet in Go Forth: Heroes: its starting numbers stand in (Body Defense 10)";
    assert!(h.query_by_label(line).is_some());
    // Ash's Sword reaches Brute next to it: the attack the pane starts with, no stand-in.
    assert!(h.query_by_label_contains("Ash has no").is_none());
    assert!(h.query_by_label_contains("Ash's Sword (Might)").is_some());
    h.get_by_label("Open sheet").click();
    h.run();
    h.run();
    assert_eq!(
        h.state().selection.iter().copied().collect::<Vec<_>>(),
        [BRUTE]
    );
    assert!(h.query_by_label("Brute · Go Forth: Heroes").is_some());
    assert!(
        h.query_by_label_contains("No numbers in this system yet")
            .is_some()
    );
}

#[test]
fn the_dice_pane_offers_the_actors_attacks_and_the_choice_fills_the_check() {
    let mut h = app(duel(), &[Pane::Map, Pane::DiceLog]);
    crate::support::attack_from_menu(&mut h, "Ash", "Brute");
    assert_eq!(h.state().dice.weapon, Some(0));
    h.get_by_role_and_label(Role::ComboBox, "Attack with")
        .click();
    h.run();
    h.get_by_label_contains("Bow (ranged 12 cells").click();
    h.run();
    h.run();
    assert_eq!(h.state().dice.weapon, Some(1));
    // GFH, Effort: the Bow's d8 is now the Effort die; Finesse 0 rolls +0.
    let filled = h.state().dice.filled(&h.state().document.encounter);
    let lantern::rules::CheckSetup::GoForthHeroes(c) = filled.setup() else {
        panic!("not GFH");
    };
    assert_eq!(c.effort_die, 8);
    assert!(
        h.query_by_label("the Bow's Effort die: Effort d8")
            .is_some()
    );
}

/// Issue 22's path on the real app from the built-in demo, in each of the five systems: select
/// Pip, right-click the Hobgoblin Sergeant → "Attack Hobgoblin Sergeant…", Roll, Apply. Every
/// line comes from the sheets (no stand-in), Apply changes the Sergeant's numbers, and one
/// Ctrl+Z puts them back. The dice are seeded with the first seed whose roll lands, found with
/// the core's own resolution (the pane rolls in the same order).
#[test]
fn the_demo_attack_lands_from_the_sheets_in_every_system_and_undo_restores() {
    use lantern::combat::action::resolve;
    for system in RuleSystem::ALL {
        let mut e = crate::support::demo(lantern::demo::Demo::GoForthHeroes);
        e.system = system;
        let mut h = app(e.clone(), &[Pane::Map, Pane::DiceLog]);
        crate::support::attack_from_menu(&mut h, "Pip", "Hobgoblin Sergeant");
        let encounter = h.state().document.encounter.clone();
        let filled = h.state().dice.filled(&encounter);
        assert!(
            filled.stand_ins.is_empty(),
            "{system:?}: {:?}",
            filled.stand_ins
        );
        assert!(
            h.query_by_label_contains("stands in").is_none(),
            "{system:?}"
        );
        let sergeant = filled.target().unwrap();
        let seed = (0..500)
            .find(|seed| {
                let mut rng = DiceRng::seeded(*seed);
                let r = resolve(&encounter, &filled, 6, &mut rng);
                !r.consequence.commands.is_empty()
            })
            .expect("some roll lands");
        h.state_mut().rng = DiceRng::seeded(seed);
        h.get_by_label("Roll attack").click();
        h.run();
        h.run();
        let before = lantern::combat::sheet::standing(&encounter, sergeant);
        h.get_by_label("Apply").click();
        h.run();
        h.run();
        let after = lantern::combat::sheet::standing(&h.state().document.encounter, sergeant);
        assert_ne!(before, after, "{system:?}: Apply changed nothing");
        h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Z);
        h.run();
        h.run();
        let undone = &h.state().document.encounter;
        assert_eq!(undone.combat.trackers, e.combat.trackers, "{system:?}");
        assert!(
            undone.combat.log.is_empty(),
            "{system:?}: {:?}",
            undone.combat.log
        );
    }
}

/// 3d6 keeps no health track: Lantern marks the harm Apply deals on the target's sheet, and the
/// Trackers pane shows it and lets the GM set it (a rest, healing), one undo step.
#[test]
fn the_trackers_pane_shows_and_sets_3d6_harm_marked() {
    use lantern::rules::three_d6::ThreeD6Token;
    let mut e = duel();
    e.system = RuleSystem::ThreeD6;
    e.combat.trackers.insert(
        BRUTE,
        TokenTrackers::ThreeD6(ThreeD6Token {
            level: Some(1),
            harm_taken: 5,
            ..ThreeD6Token::default()
        }),
    );
    let mut h = app(e, &[Pane::Map, Pane::Trackers]);
    // Open Brute's trackers (the header under the token's name in the pane).
    let header = h
        .query_all_by_label("Brute")
        .map(|n| n.rect())
        .max_by(|a, b| a.left().total_cmp(&b.left()))
        .unwrap();
    crate::support::click_at(&mut h, header.center());
    h.run();
    h.run();
    let harm = |h: &Harness<'static, LanternApp>| match h.state().document.encounter.sheet(BRUTE) {
        Some(TokenTrackers::ThreeD6(t)) => t.harm_taken,
        other => panic!("{other:?}"),
    };
    h.get_by_role_and_label(Role::SpinButton, "Harm marked")
        .set_value_accesskit(2.0);
    h.run();
    h.run();
    assert_eq!(harm(&h), 2);
    h.get_by_label("Clear").click();
    h.run();
    h.run();
    assert_eq!(harm(&h), 0);
    h.state_mut().document.undo().unwrap();
    assert_eq!(harm(&h), 2);
}
