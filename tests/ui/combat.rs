//! The turn-structure panes driven like a GM would: three rounds in the Initiative pane, and
//! Prepare, Boost and a Hit in the Momentum pane. Each asserts on the model.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use lantern::app::combat::{initiative_ui, momentum_ui};
use lantern::app::{LanternApp, Pane, PaneContext};
use lantern::combat::momentum::Zone;
use lantern::demo::Demo;
use lantern::dice::DiceRng;
use lantern::edit::Document;
use lantern::model::{Command, TokenId};

use super::support::Table;

fn harness(pane: fn(&mut egui::Ui, &mut PaneContext<'_>, &mut DiceRng)) -> Harness<'static, Table> {
    harness_on(pane, Table::demo())
}

fn harness_on(
    pane: fn(&mut egui::Ui, &mut PaneContext<'_>, &mut DiceRng),
    table: Table,
) -> Harness<'static, Table> {
    Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(egui::vec2(600.0, 900.0))
        .build_ui_state(move |ui, table: &mut Table| table.show(ui, pane), table)
}

#[test]
fn three_rounds_through_the_initiative_pane() {
    let mut h = harness(initiative_ui);
    h.get_by_label("⚔ Start initiative").click();
    h.run();
    assert_eq!(h.state().doc.encounter.combat.initiative.round, 1);
    let turns = h.state().doc.encounter.tokens.len() * 3;
    for i in 0..turns {
        if i % 2 == 0 {
            h.get_by_label("Next turn ▶").click();
        } else {
            h.key_press(egui::Key::PageDown);
        }
        h.run();
    }
    let init = &h.state().doc.encounter.combat.initiative;
    assert_eq!((init.round, init.current_token()), (4, Some(TokenId(1))));
    h.get_by_label("◀ Previous").click();
    h.run();
    assert_eq!(h.state().doc.encounter.combat.initiative.round, 3);
    // Every click was one undo step.
    let mut table = std::mem::replace(h.state_mut(), Table::demo());
    for _ in 0..=turns + 1 {
        table.doc.undo().unwrap();
    }
    assert!(!table.doc.encounter.combat.initiative.is_running());
}

#[test]
fn prepare_and_take_a_hit_in_the_momentum_pane_which_has_no_boost_of_its_own() {
    let mut h = harness_on(momentum_ui, Table::demo_without_pools());
    let kestrel = TokenId(1);
    h.get_by_label("Give Kestrel a momentum pool").click();
    h.run();
    let zones = |h: &Harness<'_, Table>| {
        Zone::ALL.map(|z| h.state().doc.encounter.combat.momentum[&kestrel].count(z))
    };
    // GFH, Momentum Pool: 3 dice, more with Vigor: Kestrel's Vigor 1 gives 4, all in Stamina.
    assert_eq!(zones(&h), [4, 0, 0, 0, 0]);

    h.get_by_label("Prepare: to Power").click();
    h.run();
    assert_eq!(zones(&h), [3, 1, 0, 0, 0]);

    // One Boost path only: the Dice pane's, after the roll (issue 18, item 5).
    assert!(h.query_by_label("Boost").is_none());

    h.get_by_label("Take a Hit").click();
    h.run();
    h.get_by_label("a Stamina die").click();
    h.run();
    assert_eq!(zones(&h), [2, 1, 1, 0, 0]);
}

/// The real app with only `pane` open, so labels are unique to it.
fn app_showing(encounter: lantern::model::Encounter, pane: Pane) -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(egui::vec2(1200.0, 800.0))
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.show_only(pane);
            app
        });
    harness.run();
    harness
}

#[test]
fn a_condition_from_the_token_menu_expires_as_turns_pass_and_undo_restores_it() {
    let bram = TokenId(2);
    let mut h = app_showing(Demo::GoForthHeroes.encounter().unwrap(), Pane::Map);
    h.get_by_label("Bram").click_secondary();
    h.run();
    h.get_by_label("Mobile").click();
    h.run();
    h.get_by_label("for 1 round").click();
    h.run();
    let conditions =
        |h: &Harness<'_, LanternApp>| h.state().document.encounter.combat.conditions.clone();
    assert_eq!(conditions(&h)[0].name, "Mobile");
    assert_eq!(conditions(&h)[0].token, bram);

    // Now run the fight from the Initiative pane. Put on before the fight (no one's turn), "1
    // round" is the whole first round: it outlasts all nine turns of round 1 and wears off as
    // round 2 begins (see `Duration::Rounds`).
    h.state_mut().toggle_pane(Pane::Initiative);
    h.state_mut().show_only(Pane::Initiative);
    h.run();
    h.get_by_label("⚔ Start initiative").click();
    h.run();
    let turns = h
        .state()
        .document
        .encounter
        .combat
        .initiative
        .combatants
        .len();
    for turn in 1..turns {
        h.get_by_label("Next turn ▶").click();
        h.run();
        assert_eq!(
            conditions(&h).len(),
            1,
            "still there on turn {turn} of round 1"
        );
    }
    h.get_by_label("Next turn ▶").click();
    h.run();
    assert_eq!(h.state().document.encounter.combat.initiative.round, 2);
    assert!(conditions(&h).is_empty());
    let log = &h.state().document.encounter.combat.log;
    assert!(
        log.iter()
            .any(|e| (e.who.as_str(), e.what.as_str(), e.result.as_str())
                == ("Bram", "Mobile", "wears off")),
        "{log:?}"
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(conditions(&h).len(), 1, "undo brings it back");
    assert_eq!(conditions(&h)[0].name, "Mobile");
}

fn evening_with_aldric_down() -> Table {
    use lantern::combat::command::CombatCommand;
    use lantern::combat::initiative::{Combatant, Mode};
    use lantern::rules::evening::EveningToken;
    use lantern::rules::{TokenTrackers, TrackerCommand};
    let mut table = Table::of(Demo::EveningHex);
    let trackers = TokenTrackers::Evening(EveningToken {
        health: 0,
        max_health: 10,
        ..EveningToken::default()
    });
    // The demo's Aldric carries his own Evening sheet: this one, at 0 health, replaces it.
    let setup = [
        Command::Tracker(TrackerCommand::RestoreToken {
            token: TokenId(1),
            trackers: Box::new(trackers),
        }),
        Command::Combat(CombatCommand::StartInitiative {
            mode: Mode::Ordered,
            combatants: vec![Combatant::new(TokenId(1)), Combatant::new(TokenId(2))],
            surprise_round: false,
            pick: None,
        }),
    ];
    for command in setup {
        table.doc.apply(command).unwrap();
    }
    table
}

#[test]
fn the_initiative_pane_prompts_a_death_save_on_the_dying_combatants_turn() {
    let aldric = TokenId(1);
    let mut h = harness_on(initiative_ui, evening_with_aldric_down());
    h.run();
    assert!(h.query_by_label("Aldric is at 0 health").is_some());
    h.get_by_label("Roll death save").click();
    h.run();
    let entry = h.state().doc.encounter.combat.log.last().unwrap().clone();
    assert_eq!(
        (entry.who.as_str(), entry.what.as_str()),
        ("Aldric", "Death save")
    );
    assert!(entry.dice.starts_with("d20: "), "{}", entry.dice);
    let saves = |h: &Harness<'_, Table>| {
        h.state()
            .doc
            .encounter
            .combat
            .death_saves
            .get(&aldric)
            .copied()
    };
    // The pane rolled with the app's dice source: its first d20 is what the log shows.
    let d20 = DiceRng::seeded(7).die(20);
    assert!(
        entry.dice.starts_with(&format!("d20: {d20} (")),
        "{}",
        entry.dice
    );
    assert_ne!(
        d20, 20,
        "this seed counts a save rather than recovering at once"
    );
    let run = saves(&h).unwrap();
    assert_eq!(run.tally(), entry.result);
    assert_eq!(
        (run.saves.successes, run.saves.failures),
        match d20 {
            1 => (0, 2),
            2..=9 => (0, 1),
            _ => (1, 0),
        }
    );
    assert!(
        h.get_by_label("Roll death save")
            .accesskit_node()
            .is_disabled(),
        "one save a turn"
    );
    h.get_by_label("Stabilized").click();
    h.run();
    assert!(saves(&h).unwrap().stable);
    assert!(h.query_by_label("Aldric is at 0 health").is_none());
    assert!(h.query_by_label("stable at 0").is_some());
    // The other combatant at full health gets no prompt.
    h.get_by_label("Next turn ▶").click();
    h.run();
    assert!(h.query_by_label("Roll death save").is_none());
}

#[test]
fn a_beat_in_the_momentum_pane_knocks_out_with_a_wound_and_shaken_sets_a_die_aside() {
    use lantern::combat::command::{CombatCommand, MomentumAction};
    use lantern::combat::conditions::{ActiveCondition, Duration};
    let kestrel = TokenId(1);
    let mut table = Table::demo_without_pools();
    let m = |action| {
        Command::Combat(CombatCommand::Momentum {
            owner: kestrel,
            action,
        })
    };
    table
        .doc
        .apply(m(MomentumAction::Create { size: 2 }))
        .unwrap();
    table
        .doc
        .apply(Command::Combat(CombatCommand::ApplyCondition(
            ActiveCondition {
                token: kestrel,
                name: "Shaken".into(),
                duration: Duration::UntilRemoved,
                system: None,
            },
        )))
        .unwrap();
    let mut h = harness_on(momentum_ui, table);
    h.run();
    assert!(h.query_by_label("1 die set aside while Shaken").is_some());
    h.get_by_label("Take a Hit").click();
    h.run();
    h.get_by_label("a Stamina die").click();
    h.run();
    h.get_by_label("Take a Hit").click();
    h.run();
    assert!(
        h.query_by_label("Every die is in Fatigue: this Hit is a Beat.")
            .is_some()
    );
    h.get_by_label("Body: knocked out, roll a Wound").click();
    h.run();
    let encounter = &h.state().doc.encounter;
    assert!(
        encounter
            .combat
            .conditions
            .iter()
            .any(|c| c.name == "Knocked out")
    );
    let Some(lantern::rules::TokenTrackers::GoForthHeroes(t)) = encounter.sheet(kestrel) else {
        panic!("no Wound was recorded");
    };
    let wound = t.wounds[0].clone();
    let shown = format!("{:?} Wound (Body): {}", wound.severity, wound.effect());
    assert_eq!(
        encounter
            .combat
            .log
            .iter()
            .find(|e| e.what == "Beat: knocked out")
            .map(|e| e.result.starts_with(&format!("{:?} Wound", wound.severity))),
        Some(true)
    );
    h.run();
    assert!(h.query_by_label(&shown).is_some(), "the pane shows {shown}");
    assert!(h.query_by_label("Knocked out").is_some());
}

#[test]
fn rally_offers_close_allies_and_explains_the_far_ones() {
    use lantern::combat::command::{CombatCommand, MomentumAction};
    let (kestrel, bram, ysolde) = (TokenId(1), TokenId(2), TokenId(3));
    let mut table = Table::demo();
    for hero in [kestrel, bram, ysolde] {
        let m = |action| {
            Command::Combat(CombatCommand::Momentum {
                owner: hero,
                action,
            })
        };
        table
            .doc
            .apply(m(MomentumAction::Create { size: 2 }))
            .unwrap();
        table
            .doc
            .apply(m(MomentumAction::Hit { die: Some(0) }))
            .unwrap();
    }
    let mut h = harness_on(momentum_ui, table);
    h.run();
    // Kestrel's Rally menu is the first.
    h.get_all_by_label("Rally").next().unwrap().click();
    h.run();
    assert!(
        h.get_by_role_and_label(Role::Button, "Ysolde")
            .accesskit_node()
            .is_disabled(),
        "Ysolde is Nearby"
    );
    h.get_by_role_and_label(Role::Button, "Ysolde").hover();
    h.run();
    assert!(
        h.query_by_label_contains("Rally reaches a Close ally (up to 6 squares) only")
            .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Bram").click();
    h.run();
    let pools = &h.state().doc.encounter.combat.momentum;
    assert_eq!(
        (
            pools[&bram].count(Zone::Fatigue),
            pools[&ysolde].count(Zone::Fatigue)
        ),
        (0, 1)
    );
    assert_eq!(
        h.state().doc.encounter.combat.log.last().unwrap().result,
        "Kestrel (Close) rallies them: a die recovers from Fatigue to Stamina"
    );
}

#[test]
fn a_stunned_combatants_action_is_refused_in_the_initiative_pane_with_the_reason() {
    use lantern::combat::command::CombatCommand;
    use lantern::combat::conditions::{ActiveCondition, Duration};
    let mut h = harness(initiative_ui);
    h.get_by_label("⚔ Start initiative").click();
    h.run();
    assert!(!h.get_by_label("Action").accesskit_node().is_disabled());
    h.state_mut()
        .doc
        .apply(Command::Combat(CombatCommand::ApplyCondition(
            ActiveCondition {
                token: TokenId(1),
                name: "Stunned".into(),
                duration: Duration::UntilRemoved,
                system: None,
            },
        )))
        .unwrap();
    h.run();
    let action = h.get_by_label("Action");
    assert!(action.accesskit_node().is_disabled());
    action.hover();
    h.run();
    assert!(
        h.query_by_label("Stunned: no actions or reactions")
            .is_some()
    );
    assert!(
        h.get_by_label("+1 move").accesskit_node().is_disabled(),
        "Stunned can't move either"
    );
}

#[test]
fn a_wound_that_forbids_prepare_disables_its_buttons_with_the_reason() {
    use lantern::combat::command::{CombatCommand, MomentumAction};
    use lantern::rules::go_forth_heroes::{Defense, GfhToken, Severity, Wound};
    use lantern::rules::{TokenTrackers, TrackerCommand};
    let kestrel = TokenId(1);
    let mut table = Table::demo_without_pools();
    let hero = GfhToken {
        wounds: vec![Wound {
            defense: Defense::Body,
            severity: Severity::Vicious,
            effect_roll: 8,
            sessions_left: 2,
        }],
        ..GfhToken::default()
    };
    // The demo's Kestrel carries her own GFH sheet: this wounded one replaces it.
    table
        .doc
        .apply(Command::Tracker(TrackerCommand::RestoreToken {
            token: kestrel,
            trackers: Box::new(TokenTrackers::GoForthHeroes(hero)),
        }))
        .unwrap();
    table
        .doc
        .apply(Command::Combat(CombatCommand::Momentum {
            owner: kestrel,
            action: MomentumAction::Create { size: 3 },
        }))
        .unwrap();
    let mut h = harness_on(momentum_ui, table);
    h.run();
    let prepare = h.get_by_label("Prepare: to Power");
    assert!(prepare.accesskit_node().is_disabled());
    prepare.hover();
    h.run();
    assert!(
        h.query_by_label("Kestrel cannot Prepare: the Vicious Body Wound forbids it")
            .is_some()
    );
    assert!(
        h.query_by_label("Vicious Wound (Body): Cannot Prepare")
            .is_some()
    );
    h.get_by_label("Prepare: to Power").click();
    h.run();
    assert_eq!(
        h.state().doc.encounter.combat.momentum[&kestrel].count(Zone::Power),
        0
    );
}
