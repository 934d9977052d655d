//! A fight that reads true at the table (issue 30): from the fresh demo, what the Dice pane,
//! the map and the Initiative pane say follows the check, the turn and the system in play.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use lantern::app::{LanternApp, Pane};
use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::initiative::Mode;
use lantern::demo::Demo;
use lantern::model::{Command, Encounter, RuleSystem, TokenId};

use crate::support::{attack_from_menu, demo, panes_harness};

fn id(e: &Encounter, name: &str) -> TokenId {
    let Some(t) = e.tokens.iter().find(|t| t.name == name) else {
        panic!("the demo has no {name}");
    };
    t.id
}

fn app(which: Demo, panes: &[Pane]) -> Harness<'static, LanternApp> {
    panes_harness(demo(which), panes, 3, egui::vec2(1400.0, 900.0))
}

fn apply(h: &mut Harness<'static, LanternApp>, command: Command) {
    let Ok(()) = h.state_mut().document.apply(command) else {
        panic!("the model refused the test's command");
    };
    h.run();
}

/// Item 1: Exposed put on under Go Forth: Heroes is a GFH Debuff: under Evening the Sergeant's
/// badge is gone from the map, and switching back finds it.
#[test]
fn a_condition_shows_only_under_its_own_system() {
    let mut h = app(Demo::GoForthHeroes, &[Pane::Map]);
    let sergeant = id(&h.state().document.encounter, "Hobgoblin Sergeant");
    apply(
        &mut h,
        Command::Combat(CombatCommand::ApplyCondition(ActiveCondition {
            token: sergeant,
            name: "Exposed".into(),
            duration: Duration::UntilRemoved,
            system: None,
        })),
    );
    let badge = "Hobgoblin Sergeant: Exposed";
    assert!(h.query_by_label(badge).is_some());
    apply(&mut h, Command::SetSystem(RuleSystem::Evening));
    assert!(
        h.query_by_label(badge).is_none(),
        "no GFH badge under Evening"
    );
    apply(&mut h, Command::SetSystem(RuleSystem::GoForthHeroes));
    assert!(h.query_by_label(badge).is_some(), "back as it was");
}

/// Item 2: "Roll anyway" waived Kestrel's missing line of sight to the Skulker; when Bram
/// becomes the one who rolls, the waiver goes with the check it was made on, and Bram (who
/// can't see the Skulker either) is refused again.
#[test]
fn roll_anyway_stays_with_the_attacker_it_was_ticked_for() {
    let mut h = app(Demo::GoForthHeroes, &[Pane::Map, Pane::DiceLog]);
    attack_from_menu(&mut h, "Kestrel", "Goblin Skulker");
    assert!(
        h.query_by_label_contains("Refused: no line of sight")
            .is_some()
    );
    h.get_by_label("Roll anyway").click();
    h.run();
    assert!(
        !h.get_by_label("Roll attack").accesskit_node().is_disabled(),
        "waived for Kestrel"
    );
    h.get_by_role_and_label(Role::Button, "Bram").click();
    h.run();
    h.run();
    let bram = id(&h.state().document.encounter, "Bram");
    assert_eq!(h.state().dice.roller, Some(bram));
    assert!(!h.state().dice.roll_anyway);
    assert!(
        h.get_by_label("Roll attack").accesskit_node().is_disabled(),
        "Bram's attack is refused until waived for Bram"
    );
}

/// Where the token `name` is drawn on the map (the Initiative pane names it too).
fn on_map(h: &Harness<'_, LanternApp>, name: &str) -> egui::Pos2 {
    let Some(map) = h.state().map_view.rect(&h.ctx) else {
        panic!("the map pane was not drawn");
    };
    let Some(rect) = h
        .get_all_by_role_and_label(Role::Button, name)
        .map(|n| n.rect())
        .find(|r| map.contains(r.center()))
    else {
        panic!("{name} is not on the map");
    };
    rect.center()
}

/// Brings `pane`'s tab to the front (its title, below the menu bar).
fn tab(h: &mut Harness<'static, LanternApp>, pane: Pane) {
    let Some(at) = h
        .get_all_by_role_and_label(Role::Button, pane.label())
        .map(|n| n.rect())
        .find(|r| r.min.y > 30.0)
    else {
        panic!("no tab for {}", pane.label());
    };
    crate::support::click_at(h, at.center());
    h.run();
}

/// Makes it `name`'s turn with Next turn.
fn turn_of(h: &mut Harness<'static, LanternApp>, name: &str) {
    let who = id(&h.state().document.encounter, name);
    for _ in 0..20 {
        if h.state()
            .document
            .encounter
            .combat
            .initiative
            .current_token()
            == Some(who)
        {
            return;
        }
        h.get_by_label("Next turn ▶").click();
        h.run();
    }
    panic!("{name}'s turn never came");
}

fn action_used(h: &Harness<'static, LanternApp>, name: &str) -> bool {
    let e = &h.state().document.encounter;
    let init = &e.combat.initiative;
    let Some(i) = init.position(id(e, name)) else {
        panic!("{name} is not in the fight");
    };
    init.combatants[i].economy.action_used
}

/// Item 3: Mirelle's attack on her turn spends her Action (Evening, Combat: one action a
/// turn, and Attack is one) in the roll's undo step: one Ctrl+Z gives it back with the roll.
#[test]
fn an_attack_on_the_attackers_turn_spends_its_action_in_the_rolls_step() {
    let panes = [Pane::Map, Pane::DiceLog, Pane::Initiative];
    let mut h = app(Demo::EveningHex, &panes);
    h.get_by_label("⚔ Start initiative").click();
    h.run();
    turn_of(&mut h, "Mirelle");
    assert!(!action_used(&h, "Mirelle"));
    // The current combatant acts: the target's menu, nothing selected.
    let archer = on_map(&h, "Bandit Archer");
    crate::support::right_click_at(&mut h, archer);
    h.run();
    h.get_by_label("Attack Bandit Archer…").click();
    h.run();
    h.run();
    assert!(
        h.query_by_label_contains("Spends Mirelle's Action")
            .is_some(),
        "the roll row says what it spends"
    );
    let log = h.state().document.encounter.combat.log.len();
    h.get_by_label("Roll attack").click();
    h.run();
    h.run();
    assert_eq!(h.state().document.encounter.combat.log.len(), log + 1);
    assert!(action_used(&h, "Mirelle"));
    assert!(
        h.get_by_label("Action").accesskit_node().is_disabled(),
        "the Initiative pane no longer offers it"
    );
    assert!(
        h.query_by_label_contains("Mirelle's Action is used this turn: another attack spends none")
            .is_some(),
        "a second attack says it spends none"
    );
    assert!(
        h.query_by_label_contains("this attack spends none")
            .is_none(),
        "beside the result of the attack that spent it, nothing says that attack spent none"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.run();
    assert_eq!(h.state().document.encounter.combat.log.len(), log);
    assert!(!action_used(&h, "Mirelle"), "one undo takes both back");
}

/// Item 4: switching Evening to Go Forth: Heroes with initiative running sets the order up
/// again GFH's way (Round the Table: the heroes, then the enemies) and the rows lose Evening's
/// d20 counts and Bonus; one Ctrl+Z brings Evening's order back.
#[test]
fn switching_the_system_mid_fight_sets_the_order_up_the_new_way_in_one_step() {
    let panes = [Pane::Encounter, Pane::Initiative];
    let mut h = app(Demo::EveningHex, &panes);
    h.get_by_label("⚔ Start initiative").click();
    h.run();
    let before = h.state().document.encounter.combat.initiative.clone();
    assert_eq!(before.mode, Mode::Rolled);
    assert!(h.query_by_label("Bonus").is_some());
    tab(&mut h, Pane::Encounter);
    h.get_by_role_and_label(Role::ComboBox, "Rule system")
        .click();
    h.run();
    h.get_by_label("Go Forth: Heroes").click();
    h.run();
    h.run();
    tab(&mut h, Pane::Initiative);
    let e = &h.state().document.encounter;
    assert_eq!(e.system, RuleSystem::GoForthHeroes);
    let init = &e.combat.initiative;
    assert!(matches!(init.mode, Mode::RoundTheTable { .. }));
    assert!(init.combatants.iter().all(|c| c.roll.is_none()));
    let sides: Vec<bool> = init
        .combatants
        .iter()
        .filter_map(|c| c.token.and_then(|t| e.token(t)))
        .map(|t| t.side == lantern::model::Side::Enemy)
        .collect();
    assert!(
        sides.windows(2).all(|w| w[0] <= w[1]),
        "heroes first: {sides:?}"
    );
    assert_eq!(init.combatants.len(), before.combatants.len());
    assert!(
        h.query_by_label("Bonus").is_none(),
        "no Evening bonus action"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.run();
    let e = &h.state().document.encounter;
    assert_eq!(e.system, RuleSystem::Evening);
    assert_eq!(e.combat.initiative, before, "one undo step");
}

/// The number the form's spin box `label` shows.
fn spin(h: &Harness<'static, LanternApp>, label: &str) -> f64 {
    let Some(value) = h
        .get_by_role_and_label(Role::SpinButton, label)
        .accesskit_node()
        .numeric_value()
    else {
        panic!("{label} shows no number");
    };
    value
}

/// Item 7: after "Attack Hobgoblin Sergeant…" from Pip, in each system, the form's fields show
/// the numbers the check rolls with (the builder's, from the sheets and the map), marked as such,
/// never the form's defaults beside lines that say otherwise.
#[test]
#[expect(
    clippy::float_cmp,
    reason = "the fields show whole numbers, which f64 holds exactly"
)]
fn the_form_shows_the_builders_numbers_in_every_system() {
    use lantern::rules::CheckSetup;
    use lantern::rules::go_forth_heroes::Target;
    for system in RuleSystem::ALL {
        let mut e = demo(Demo::GoForthHeroes);
        e.system = system;
        let mut h = panes_harness(e, &[Pane::Map, Pane::DiceLog], 3, egui::vec2(1400.0, 900.0));
        attack_from_menu(&mut h, "Pip", "Hobgoblin Sergeant");
        let filled = h.state().dice.filled(&h.state().document.encounter);
        assert!(
            filled.weapon.is_some(),
            "{system:?}: Pip attacks from the sheet"
        );
        let as_f64 = |n: i64| n as f64;
        match filled.setup() {
            CheckSetup::GoForthHeroes(c) => {
                assert_eq!(spin(&h, "Roll bonus"), as_f64(c.roll_bonus));
                assert_eq!(spin(&h, "Effort bonus"), as_f64(c.effort_bonus));
                let Target::Fixed(tn) = c.target else {
                    panic!("the Sergeant's Body Defense is a fixed TN");
                };
                assert_eq!(spin(&h, "TN"), as_f64(tn));
                let die = format!("d{}", c.effort_die);
                assert!(
                    h.get_by_role_and_label(Role::ComboBox, "Effort die")
                        .accesskit_node()
                        .value()
                        .is_some_and(|v| v.starts_with(&die)),
                    "the Effort die shows {die}"
                );
            }
            CheckSetup::Evening(c) => {
                assert_eq!(spin(&h, "Modifier"), as_f64(c.modifier));
                assert_eq!(spin(&h, "TN"), as_f64(c.tn));
            }
            CheckSetup::RoadAndRuinAttack(c) => {
                assert_eq!(spin(&h, "To-hit modifier"), as_f64(c.modifier));
                assert_eq!(spin(&h, "Armour"), as_f64(c.armour));
            }
            CheckSetup::PostCore(c) => {
                assert_eq!(spin(&h, "Attribute"), f64::from(c.attribute));
                let pool = format!("{} dice, {} grit", c.pool(), c.grit_cost());
                assert!(h.query_by_label(&pool).is_some(), "{pool}");
            }
            CheckSetup::ThreeD6(c) => {
                assert_eq!(spin(&h, "Advantage"), f64::from(c.advantage));
                assert_eq!(spin(&h, "Disadvantage"), f64::from(c.disadvantage));
            }
            CheckSetup::RoadAndRuin(_) => panic!("an attack rolls the attack die"),
        }
        assert!(
            h.query_all_by_label_contains("· sheet").count() > 0,
            "{system:?}: the filled fields are marked"
        );
    }
}

/// Item 7: the GM types over a filled field: the GM's value stands and the line that filled it
/// is switched off, so the form and the lines agree.
#[test]
#[expect(
    clippy::float_cmp,
    reason = "the fields show whole numbers, which f64 holds exactly"
)]
fn typing_over_a_filled_field_overrides_its_line() {
    use lantern::combat::action::{Lever, Source};
    let mut h = app(Demo::GoForthHeroes, &[Pane::Map, Pane::DiceLog]);
    attack_from_menu(&mut h, "Pip", "Hobgoblin Sergeant");
    let defense = |h: &Harness<'static, LanternApp>| {
        let filled = h.state().dice.filled(&h.state().document.encounter);
        filled
            .contributions
            .iter()
            .find(|c| c.source == Source::Defense)
            .map(|c| (c.text.clone(), c.on, c.lever))
    };
    let Some((line, true, Lever::TargetNumber(tn))) = defense(&h) else {
        panic!("the Sergeant's Defense fills the TN");
    };
    assert_eq!(spin(&h, "TN"), tn as f64);
    h.get_by_role_and_label(Role::SpinButton, "TN")
        .set_value_accesskit(20.0);
    h.run();
    h.run();
    assert_eq!(spin(&h, "TN"), 20.0);
    assert_eq!(defense(&h).map(|(_, on, _)| on), Some(false));
    assert!(h.state().dice.off.contains(&line));
}

/// Item 8: undoing a roll takes the roll back and leaves the pane at the check as it stood,
/// the target and its lines there, ready to roll again.
#[test]
fn undoing_a_roll_leaves_the_check_ready_to_roll_again() {
    let mut h = app(Demo::GoForthHeroes, &[Pane::Map, Pane::DiceLog]);
    attack_from_menu(&mut h, "Pip", "Hobgoblin Sergeant");
    let sergeant = id(&h.state().document.encounter, "Hobgoblin Sergeant");
    let lines = |h: &Harness<'static, LanternApp>| {
        h.state()
            .dice
            .filled(&h.state().document.encounter)
            .contributions
    };
    let before = lines(&h);
    h.get_by_label("Roll attack").click();
    h.run();
    h.run();
    assert!(h.state().dice.last.is_some());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.run();
    assert!(h.state().document.encounter.combat.log.is_empty());
    assert!(
        h.state().dice.last.is_none(),
        "the result goes with its roll"
    );
    assert_eq!(h.state().dice.targets, vec![sergeant]);
    assert!(h.query_by_label("Against Hobgoblin Sergeant").is_some());
    assert_eq!(lines(&h), before, "band, cover and Defense lines as before");
    assert!(!h.get_by_label("Roll attack").accesskit_node().is_disabled());
}
