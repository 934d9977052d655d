//! The Dice & Log and Trackers panes driven through `egui_kittest`: widgets found by label, the
//! queued commands applied to a real `Document`, results checked against the core.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::dice::{
    DiceState, check_result, check_result_for, check_what, dice_log_ui, dice_text,
};
use lantern::app::trackers::trackers_ui;
use lantern::app::{PaneContext, Selection};
use lantern::combat::command::{CombatCommand, MomentumAction};
use lantern::combat::momentum::Zone;
use lantern::demo::Demo;
use lantern::dice::{DiceExpr, DiceRng};
use lantern::edit::Document;
use lantern::model::{Command, TokenId};
use lantern::rules::evening::EveningChange;
use lantern::rules::{TokenChange, TokenTrackers, TrackerCommand};

const SEED: u64 = 42;

/// What the app keeps for the two panes, with commands collected instead of applied.
struct Panes {
    document: Document,
    selection: Selection,
    dice: DiceState,
    rng: DiceRng,
    pending: Vec<Command>,
}

#[expect(
    clippy::unwrap_used,
    reason = "test fixture: a broken demo or a refused command is a test failure"
)]
impl Panes {
    fn new(demo: Demo, selected: u64) -> Self {
        Self::on(demo.encounter().unwrap(), selected)
    }

    /// `demo` as it would be with tokens placed before they had numbers: the demos ship
    /// with a sheet on every token, so this takes them away for tests of adding them.
    fn without_sheets(demo: Demo, selected: u64) -> Self {
        let mut encounter = demo.encounter().unwrap();
        encounter.combat.trackers.per_token.clear();
        encounter.combat.momentum.clear();
        Self::on(encounter, selected)
    }

    fn on(encounter: lantern::model::Encounter, selected: u64) -> Self {
        let dice = DiceState::new(encounter.system);
        Self {
            document: Document::new(encounter, None),
            selection: Selection::from([TokenId(selected)]),
            dice,
            rng: DiceRng::seeded(SEED),
            pending: Vec::new(),
        }
    }

    /// Applies what the panes queued, one undo step each, as the app does after drawing, and
    /// the Dice pane's Apply and Boosts into the roll's step.
    fn apply_pending(&mut self) -> Vec<Command> {
        let queued = std::mem::take(&mut self.pending);
        for command in &queued {
            self.document.apply(command.clone()).unwrap();
        }
        if !queued.is_empty() {
            self.dice.note_applied(self.document.history().marker());
        }
        let (amends, same) = self.dice.take_amends(self.document.history().marker());
        for command in amends {
            assert!(same, "an amend found its roll's step gone");
            self.document.amend_last(command).unwrap();
        }
        queued
    }
}

fn dice_harness(panes: Panes) -> Harness<'static, Panes> {
    Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(egui::vec2(900.0, 900.0))
        .build_ui_state(
            |ui, p: &mut Panes| {
                let mut ctx = PaneContext {
                    encounter: &p.document.encounter,
                    commands: &mut p.pending,
                    selection: &mut p.selection,
                };
                dice_log_ui(ui, &mut ctx, &mut p.dice, &mut p.rng);
            },
            panes,
        )
}

fn trackers_harness(panes: Panes) -> Harness<'static, Panes> {
    Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(egui::vec2(900.0, 1200.0))
        .build_ui_state(
            |ui, p: &mut Panes| {
                let mut ctx = PaneContext {
                    encounter: &p.document.encounter,
                    commands: &mut p.pending,
                    selection: &mut p.selection,
                };
                trackers_ui(ui, &mut ctx, &mut p.rng);
            },
            panes,
        )
}

#[test]
fn gfh_check_rolled_in_the_pane_logs_what_the_core_rolls() {
    let mut harness = dice_harness(Panes::new(Demo::GoForthHeroes, 1));
    harness.run();
    harness
        .get_by_role_and_label(Role::SpinButton, "Roll bonus")
        .set_value_accesskit(4.0);
    harness.run();
    harness.get_by_label("Roll check").click();
    harness.run();

    let setup = harness
        .state()
        .dice
        .effective_setup(&harness.state().document.encounter);
    let outcome = setup.roll(&mut DiceRng::seeded(SEED));
    let queued = harness.state_mut().apply_pending();
    assert_eq!(queued.len(), 1);
    let log = &harness.state().document.encounter.combat.log;
    let entry = log.last().unwrap().clone();
    assert_eq!(entry.who, "Kestrel");
    assert!(
        entry.what.starts_with("Check +4 vs TN 12"),
        "{}",
        entry.what
    );
    assert_eq!(entry.what, check_what(&setup));
    assert_eq!(entry.dice, dice_text(outcome.dice()));
    // Not an attack: a miss is a Failure, not a Graze.
    assert_eq!(entry.result, check_result_for(&outcome, false));
    assert!(!entry.result.contains("Graze"), "{}", entry.result);
    // The result is shown large in the pane.
    harness.run();
    assert!(harness.query_all_by_label(&entry.result).count() >= 1);
}

#[test]
fn a_momentum_boost_is_added_after_the_roll_in_the_same_undo_step() {
    let mut panes = Panes::new(Demo::GoForthHeroes, 1);
    panes
        .document
        .apply(Command::Combat(CombatCommand::Momentum {
            owner: TokenId(1),
            action: MomentumAction::Create { size: 3 },
        }))
        .unwrap();
    let mut harness = dice_harness(panes);
    harness.run();
    // No Boost before the roll: the GM sees the result first (GFH, Boost Example A).
    assert!(harness.query_by_label_contains("Stamina die 1").is_none());
    harness.get_by_label("Roll check").click();
    harness.run();
    harness.state_mut().apply_pending();
    harness.run();
    harness.get_by_label("Stamina die 1 on the check").click();
    harness.run();
    harness.state_mut().apply_pending();

    let doc = &mut harness.state_mut().document;
    let log = doc.encounter.combat.log.clone();
    let boost = log.last().unwrap();
    assert_eq!(boost.what, "Boost the check");
    let face: i64 = boost.dice.strip_prefix("d6: ").unwrap().parse().unwrap();
    assert!((1..=6).contains(&face));
    assert_eq!(
        doc.encounter.combat.momentum[&TokenId(1)].dice[0].zone,
        Zone::Fatigue
    );
    // One Ctrl+Z takes back the roll and the Boost together.
    doc.undo().unwrap();
    assert_eq!(
        doc.encounter.combat.momentum[&TokenId(1)].dice[0].zone,
        Zone::Stamina
    );
    assert!(doc.encounter.combat.log.is_empty());
}

#[test]
fn dice_expression_rolls_and_bad_text_shows_an_error_without_queueing() {
    let mut harness = dice_harness(Panes::new(Demo::GoForthHeroes, 2));
    harness.run();
    harness
        .get_by_role_and_label(Role::TextInput, "Dice expression")
        .set_text_value_accesskit("4d6kh3");
    harness.run();
    harness.get_by_label("Roll expression").click();
    harness.run();
    let queued = harness.state_mut().apply_pending();
    let expected = DiceExpr::parse("4d6kh3")
        .unwrap()
        .roll(&mut DiceRng::seeded(SEED));
    let [Command::AppendLog(entry)] = queued.as_slice() else {
        panic!("expected one log line, got {queued:?}");
    };
    assert_eq!(entry.who, "Bram");
    assert_eq!(entry.what, expected.expression);
    assert_eq!(entry.result, expected.total.to_string());
    assert_eq!(
        entry.dice.matches('(').count(),
        1,
        "one die dropped: {}",
        entry.dice
    );

    harness
        .get_by_role_and_label(Role::TextInput, "Dice expression")
        .set_text_value_accesskit("4d6kq3");
    harness.run();
    let error = DiceExpr::parse("4d6kq3").unwrap_err().to_string();
    harness.get_by_label(&error);
    harness.get_by_label("Roll expression").click();
    harness.run();
    assert!(harness.state().pending.is_empty());
}

#[test]
fn evening_tracker_changes_queue_commands_and_undo_restores() {
    let mut harness = trackers_harness(Panes::without_sheets(Demo::EveningHex, 1));
    harness.run();
    harness.get_by_label("Add trackers for Aldric").click();
    harness.run();
    let queued = harness.state_mut().apply_pending();
    assert!(matches!(
        queued.as_slice(),
        [Command::Tracker(TrackerCommand::AddToken {
            token: TokenId(1),
            ..
        })]
    ));
    harness.run();
    harness
        .get_by_role_and_label(Role::SpinButton, "max")
        .set_value_accesskit(12.0);
    harness.run();
    harness.state_mut().apply_pending();
    harness.run();
    let amount = |h: &mut Harness<'static, Panes>, v: f64| {
        h.get_by_role_and_label(Role::SpinButton, "Amount")
            .set_value_accesskit(v);
        h.run();
    };
    amount(&mut harness, 5.0);
    harness.get_by_label("Heal").click();
    harness.run();
    harness.state_mut().apply_pending();
    amount(&mut harness, 2.0);
    harness.get_by_label("Damage").click();
    harness.run();
    let queued = harness.state_mut().apply_pending();
    assert_eq!(
        queued,
        [Command::Tracker(TrackerCommand::Token {
            token: TokenId(1),
            change: TokenChange::Evening(EveningChange::Damage(2)),
        })]
    );
    let health = |p: &Panes| match p
        .document
        .encounter
        .sheet(TokenId(1))
        .expect("token 1 has a sheet")
    {
        TokenTrackers::Evening(t) => (t.health, t.max_health),
        other => panic!("{other:?}"),
    };
    // Aldric started as the plain level 0 character (4 health of 4, Evening, Character
    // Creation); a maximum of 12 keeps the 4, healing 5 makes 9, damage 2 leaves 7.
    assert_eq!(health(harness.state()), (7, 12));
    harness.run();
    harness.get_by_label("Health 7/12");
    harness.state_mut().document.undo().unwrap();
    assert_eq!(health(harness.state()), (9, 12));
}

/// Every system's Dice pane and Trackers pane draw with trackers, threads, challenges, clocks,
/// a roster and wounds in place: every widget has a name and every glyph a font.
#[test]
fn every_system_draws_both_panes_with_state_in_place() {
    use lantern::model::RuleSystem;
    use lantern::rules::{
        EncounterChange, evening, go_forth_heroes as gfh, post_core, road_and_ruin,
    };
    for system in RuleSystem::ALL {
        let mut panes = Panes::new(Demo::GoForthHeroes, 1);
        let doc = &mut panes.document;
        // The demo's Kestrel carries a sheet in every system.
        doc.apply(Command::SetSystem(system)).unwrap();
        let extra = match system {
            RuleSystem::GoForthHeroes => TrackerCommand::Token {
                token: TokenId(1),
                change: TokenChange::GoForthHeroes(gfh::GfhChange::AddWound(gfh::Wound {
                    defense: gfh::Defense::Soul,
                    severity: gfh::Severity::Vicious,
                    effect_roll: 3,
                    sessions_left: 2,
                })),
            },
            RuleSystem::Evening => TrackerCommand::Encounter(EncounterChange::Evening(
                evening::EveningEncounterChange::AddThread {
                    name: "The flood".into(),
                    length: 6,
                },
            )),
            RuleSystem::RoadAndRuin => TrackerCommand::Encounter(EncounterChange::RoadAndRuin(
                road_and_ruin::RosterChange::Add("The ferryman".into()),
            )),
            RuleSystem::PostCore => {
                TrackerCommand::Encounter(EncounterChange::PostCore(post_core::ClockChange::Add {
                    name: "Alarm".into(),
                    segments: 6,
                }))
            }
            RuleSystem::ThreeD6 => TrackerCommand::Encounter(EncounterChange::ThreeD6(
                lantern::rules::three_d6::EscalationChange::Set(3),
            )),
        };
        doc.apply(Command::Tracker(extra)).unwrap();
        let mut harness = trackers_harness(panes);
        harness.run();
        harness.get_by_label("Remove Kestrel's trackers");
        let panes = harness.into_state();
        let mut harness = dice_harness(panes);
        harness.run();
        harness.get_by_label("Roll check").click();
        harness.run();
        let queued = harness.state_mut().apply_pending();
        assert_eq!(queued.len(), 1, "{system:?}");
    }
}

#[test]
fn a_3d6_player_roll_adds_the_escalation_from_the_trackers() {
    use lantern::model::RuleSystem;
    use lantern::rules::EncounterChange;
    use lantern::rules::three_d6::EscalationChange;
    let mut panes = Panes::new(Demo::GoForthHeroes, 3);
    panes
        .document
        .apply(Command::SetSystem(RuleSystem::ThreeD6))
        .unwrap();
    panes
        .document
        .apply(Command::Tracker(TrackerCommand::Encounter(
            EncounterChange::ThreeD6(EscalationChange::Set(3)),
        )))
        .unwrap();
    let mut harness = dice_harness(panes);
    harness.run();
    harness
        .get_by_label("Player roll: add escalation (+3)")
        .click();
    harness.run();
    harness.get_by_label("Roll check").click();
    harness.run();
    let setup = harness
        .state()
        .dice
        .effective_setup(&harness.state().document.encounter);
    let outcome = setup.roll(&mut DiceRng::seeded(SEED));
    let lantern::rules::CheckOutcome::ThreeD6(roll) = &outcome else {
        panic!("{outcome:?}");
    };
    let kept: i64 = roll.dice.iter().filter(|d| d.kept).map(|d| d.value).sum();
    assert_eq!(roll.total, kept + 3);
    let queued = harness.state_mut().apply_pending();
    let [Command::AppendLog(entry)] = queued.as_slice() else {
        panic!("{queued:?}");
    };
    assert_eq!(entry.who, "Ysolde");
    assert_eq!(entry.what, "3d6, edge +0, escalation +3");
    assert_eq!(entry.result, check_result(&outcome));
}

#[test]
fn post_core_grit_dice_are_spent_with_the_roll() {
    use lantern::model::RuleSystem;
    use lantern::rules::post_core::PostChange;
    let mut panes = Panes::new(Demo::GoForthHeroes, 1);
    panes
        .document
        .apply(Command::SetSystem(RuleSystem::PostCore))
        .unwrap();
    // The demo's Kestrel starts with 6 grit (Post, Grit).
    let mut harness = dice_harness(panes);
    harness.run();
    harness
        .get_by_role_and_label(Role::SpinButton, "Grit dice (2 grit each)")
        .set_value_accesskit(1.0);
    harness.run();
    harness.get_by_label("Spends 2 grit");
    harness.get_by_label("Roll check").click();
    harness.run();
    let queued = harness.state_mut().apply_pending();
    let [Command::Batch(batch)] = queued.as_slice() else {
        panic!("{queued:?}");
    };
    assert_eq!(
        batch[1],
        Command::Tracker(TrackerCommand::Token {
            token: TokenId(1),
            change: TokenChange::PostCore(PostChange::SpendGrit(2)),
        })
    );
    let TokenTrackers::PostCore(t) = harness
        .state()
        .document
        .encounter
        .sheet(TokenId(1))
        .expect("token 1 has a sheet")
    else {
        panic!()
    };
    assert_eq!(t.grit, 4);
    assert!(matches!(batch[0], Command::AppendLog(_)));
}

#[test]
fn gfh_form_takes_the_rollers_attribute_and_a_targets_defense() {
    use lantern::rules::CheckSetup;
    use lantern::rules::go_forth_heroes::{Attributes, GfhChange, Target};
    let mut panes = Panes::new(Demo::GoForthHeroes, 1);
    for (token, attributes) in [
        (
            1,
            Attributes {
                finesse: 3,
                ..Attributes::default()
            },
        ),
        (
            // Body 10 + 2 + 3 = 15, a Defense no other demo token has, so the menu's line
            // for it is the Skulker's alone.
            5,
            Attributes {
                might: 2,
                agility: 3,
                ..Attributes::default()
            },
        ),
    ] {
        panes
            .document
            .apply(Command::Tracker(TrackerCommand::Token {
                token: TokenId(token),
                change: TokenChange::GoForthHeroes(GfhChange::SetAttributes(attributes)),
            }))
            .unwrap();
    }
    let mut harness = dice_harness(panes);
    harness.run();
    harness.get_by_label("Use attribute…").click();
    harness.run();
    harness.get_by_label("Finesse +3").click();
    harness.run();
    harness.get_by_label("TN from a Defense…").click();
    harness.run();
    harness.get_by_label("Body 15").click();
    harness.run();
    let CheckSetup::GoForthHeroes(check) = &harness.state().dice.setup else {
        panic!()
    };
    assert_eq!((check.roll_bonus, check.effort_bonus), (3, 3));
    assert_eq!(check.target, Target::Fixed(15));
}

#[test]
fn a_rolled_wound_is_added_and_logged_in_one_step() {
    use lantern::rules::go_forth_heroes::{Defense, GfhToken, WoundRoll, wound_condition};
    let mut harness = trackers_harness(Panes::without_sheets(Demo::GoForthHeroes, 1));
    harness.run();
    harness.get_by_label("Add trackers for every token").click();
    harness.run();
    let queued = harness.state_mut().apply_pending();
    let [Command::Batch(adds)] = queued.as_slice() else {
        panic!("{queued:?}");
    };
    assert_eq!(adds.len(), harness.state().document.encounter.tokens.len());
    harness.run();
    harness.get_by_label("Roll wound").click();
    harness.run();
    let expected = WoundRoll {
        defense: Defense::Body,
        attributes: GfhToken::default().attributes,
        existing_wounds: 0,
    }
    .roll(&mut DiceRng::seeded(SEED));
    let queued = harness.state_mut().apply_pending();
    let [Command::Batch(batch)] = queued.as_slice() else {
        panic!("{queued:?}");
    };
    // The Wound goes through the same combat path as a Beat's, chart effects included.
    assert_eq!(
        batch[1],
        Command::Combat(lantern::combat::command::CombatCommand::TakeWound {
            token: TokenId(1),
            wound: expected.clone(),
        })
    );
    let log = &harness.state().document.encounter.combat.log;
    // The roll's line, then one for the chart's Condition if the d8 gave one.
    let condition = wound_condition(expected.defense, expected.effect_roll);
    assert_eq!(log.len(), 1 + usize::from(condition.is_some()));
    assert_eq!(log[0].who, "Kestrel");
    assert!(
        log[0].result.contains(&expected.effect().to_string()),
        "{}",
        log[0].result
    );
    harness.state_mut().document.undo().unwrap();
    let TokenTrackers::GoForthHeroes(t) = harness
        .state()
        .document
        .encounter
        .sheet(TokenId(1))
        .expect("token 1 has a sheet")
    else {
        panic!()
    };
    assert!(t.wounds.is_empty());
    assert!(harness.state().document.encounter.combat.log.is_empty());
}

#[test]
fn the_rollers_conditions_make_its_check_hard_with_a_hover_that_says_why() {
    use lantern::combat::catalogue::CheckKind;
    use lantern::combat::conditions::{ActiveCondition, Duration};
    use lantern::rules::CheckSetup;
    let mut panes = Panes::new(Demo::GoForthHeroes, 1);
    panes
        .document
        .apply(Command::Combat(CombatCommand::ApplyCondition(
            ActiveCondition {
                token: TokenId(1),
                name: "Weakened".into(),
                duration: Duration::UntilRemoved,
                system: None,
            },
        )))
        .unwrap();
    let mut harness = dice_harness(panes);
    harness.run();
    let hard = |h: &Harness<'_, Panes>| {
        let setup = h
            .state()
            .dice
            .effective_setup(&h.state().document.encounter);
        let CheckSetup::GoForthHeroes(c) = setup else {
            panic!("not a GFH check");
        };
        (c.easy, c.hard)
    };
    // "Other" checks are untouched by Weakened; a Physical check is Hard.
    assert_eq!(hard(&harness), (false, false));
    assert!(harness.query_by_label_contains("is Weakened").is_none());
    harness.state_mut().dice.check_kind = CheckKind::Physical;
    harness.run();
    harness.run();
    assert_eq!(hard(&harness), (false, true));
    let note = harness.get_by_label("Kestrel is Weakened: Hard");
    note.hover();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("Source: condition")
            .is_some()
    );
    // The rolled check is the Hard one: its log line says so.
    let what = roll_and_log_line(&mut harness);
    assert!(what.contains("Hard"), "{what}");
}

/// Clicks "Roll check", applies what it queued, and returns the log line it wrote.
fn roll_and_log_line(harness: &mut Harness<'static, Panes>) -> String {
    harness.get_by_label("Roll check").click();
    harness.run();
    harness.state_mut().apply_pending();
    let Some(entry) = harness.state().document.encounter.combat.log.last() else {
        panic!("rolling a check wrote no log line");
    };
    entry.what.clone()
}

/// Gives Kestrel (token 1) a GFH sheet with Might +2 and one Wound from `defense`'s chart.
#[expect(
    clippy::unwrap_used,
    reason = "test fixture: a refused command is a test failure"
)]
fn wound_kestrel(panes: &mut Panes, defense: lantern::rules::go_forth_heroes::Defense, d8: u8) {
    use lantern::rules::go_forth_heroes::{Attributes, GfhToken, Severity, Wound};
    let hero = GfhToken {
        attributes: Attributes {
            might: 2,
            ..Attributes::default()
        },
        wounds: vec![Wound {
            defense,
            severity: Severity::Shallow,
            effect_roll: d8,
            sessions_left: 0,
        }],
        ..GfhToken::default()
    };
    // The demo's Kestrel carries her own GFH sheet: this one replaces it.
    panes
        .document
        .apply(Command::Tracker(TrackerCommand::RestoreToken {
            token: TokenId(1),
            trackers: Box::new(TokenTrackers::GoForthHeroes(hero)),
        }))
        .unwrap();
}

#[test]
fn a_wounded_heros_might_check_is_hard_and_the_note_names_the_wound() {
    use lantern::rules::CheckSetup;
    use lantern::rules::go_forth_heroes::{Defense, GfhChange};
    let mut panes = Panes::new(Demo::GoForthHeroes, 1);
    wound_kestrel(&mut panes, Defense::Body, 3);
    let mut harness = dice_harness(panes);
    harness.run();
    let hard = |h: &Harness<'_, Panes>| {
        let setup = h
            .state()
            .dice
            .effective_setup(&h.state().document.encounter);
        let CheckSetup::GoForthHeroes(c) = setup else {
            panic!("not a GFH check");
        };
        c.hard
    };
    // Until the check is a Might check, the Wound does not touch it.
    assert!(!hard(&harness));
    harness.get_by_label("Use attribute…").click();
    harness.run();
    harness.get_by_label("Agility +0").click();
    harness.run();
    assert!(!hard(&harness), "the Wound makes only Might checks Hard");
    harness.get_by_label("Use attribute…").click();
    harness.run();
    harness.get_by_label("Might +2").click();
    harness.run();
    harness.run();
    assert!(hard(&harness));
    assert!(harness.query_by_label("Might check").is_some());
    let note = harness.get_by_label("Shallow Body Wound: Might checks Hard");
    note.hover();
    harness.run();
    assert!(harness.query_by_label_contains("Source: wound").is_some());
    let what = roll_and_log_line(&mut harness);
    assert!(what.contains("Hard"), "{what}");
    // Healing the Wound lifts it: the same Might check is normal again.
    harness
        .state_mut()
        .document
        .apply(Command::Tracker(TrackerCommand::Token {
            token: TokenId(1),
            change: TokenChange::GoForthHeroes(GfhChange::RemoveWound(0)),
        }))
        .unwrap();
    harness.run();
    assert!(!hard(&harness));
    assert!(harness.query_by_label_contains("Wound").is_none());
}

/// Evening, Making checks: an attack with +0 against TN 35 hits only on a natural 20, which
/// lands 15 under the TN: up one for the 20, down one for being 10 or more under, so the pane's
/// odds put the whole 5% on Standard, none on Strong.
#[test]
fn an_evening_natural_20_far_under_the_tn_shows_as_standard_in_the_odds() {
    // No such token: the GM rolls, with no tracker penalties.
    let mut harness = dice_harness(Panes::new(Demo::EveningHex, 999));
    harness.run();
    harness.state_mut().dice.setup =
        lantern::rules::CheckSetup::Evening(lantern::rules::evening::EveningCheck {
            tn: 35,
            ..lantern::rules::evening::EveningCheck::default()
        });
    // "This roll is: Attack" (the pane's kind of roll makes the check an attack).
    harness.state_mut().dice.check_kind = lantern::combat::catalogue::CheckKind::Attack;
    harness.run();
    harness.run();
    assert!(harness.query_by_label("Success, Standard: 5.0%").is_some());
    assert!(harness.query_by_label("Failure: 95.0%").is_some());
    assert!(harness.query_by_label_contains("Success, Strong").is_none());
}
