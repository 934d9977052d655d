//! One attack per system played from the map: select the attacker, right-click the target,
//! "Attack Brute…", roll in the Dice pane, set the amount, Apply; then one Ctrl+Z takes back both the
//! roll and the damage, and the pane forgets the roll.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::model::{Cell, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::TokenTrackers;

const ASH: TokenId = TokenId(1);
const BRUTE: TokenId = TokenId(2);

/// Ash at (0,0) and Brute at (4,0) with an obstacle between: cover.
fn scene(system: RuleSystem, ash: TokenTrackers, brute: TokenTrackers) -> Encounter {
    let mut e = Encounter::new("flow", system);
    e.tokens
        .push(Token::new(ASH, "Ash", Side::Party, Cell::new(0, 0)));
    e.tokens
        .push(Token::new(BRUTE, "Brute", Side::Enemy, Cell::new(4, 0)));
    e.obstacle_cells.insert(Cell::new(2, 0));
    e.combat.trackers.insert(ASH, ash);
    e.combat.trackers.insert(BRUTE, brute);
    e
}

/// The Map and Dice & Log panes side by side.
fn app(encounter: Encounter) -> Harness<'static, LanternApp> {
    let panes = [Pane::Map, Pane::DiceLog];
    crate::support::panes_harness(encounter, &panes, 7, egui::vec2(1400.0, 900.0))
}

/// Plays the attack up to Apply with `amount` typed into the amount field `label`; returns
/// the harness after Apply.
fn attack_and_apply(
    encounter: Encounter,
    label: &str,
    amount: f64,
) -> Harness<'static, LanternApp> {
    let mut h = app(encounter);
    crate::support::attack_from_menu(&mut h, "Ash", "Brute");
    assert!(h.query_by_label("Against Brute").is_some());
    assert!(h.query_by_label_contains("Brute behind").is_some());
    h.get_by_label("Roll attack").click();
    h.run();
    h.run();
    assert_eq!(h.state().document.encounter.combat.log.len(), 1);
    h.get_by_role_and_label(Role::SpinButton, label)
        .set_value_accesskit(amount);
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    h.run();
    h
}

fn undo_takes_back_roll_and_damage(h: &mut Harness<'static, LanternApp>, before: &Encounter) {
    let result = h.state().dice.last.clone().map(|e| e.result);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    h.run();
    let now = &h.state().document.encounter;
    assert!(now.combat.log.is_empty(), "{:?}", now.combat.log);
    assert_eq!(now.combat.trackers, before.combat.trackers);
    assert_eq!(now.combat.momentum, before.combat.momentum);
    // The pane forgets the roll and is back at the check as it stood before it, ready to
    // roll again (issue 30, item 8).
    assert!(h.state().dice.last.is_none());
    assert!(h.query_by_label("Against Brute").is_some());
    if let Some(result) = result {
        assert!(h.query_by_label(&result).is_none());
    }
}

fn brute_trackers(h: &Harness<'_, LanternApp>) -> TokenTrackers {
    let Some(t) = h.state().document.encounter.sheet(BRUTE) else {
        panic!("Brute lost its trackers");
    };
    t.clone()
}

#[test]
fn gfh_attack_from_the_map_puts_effort_into_hearts_and_undo_restores() {
    use lantern::rules::go_forth_heroes::{Attributes, GfhToken, Hearts};
    let ash = TokenTrackers::GoForthHeroes(GfhToken {
        attributes: Attributes {
            finesse: 3,
            ..Attributes::default()
        },
        ..GfhToken::default()
    });
    let brute = TokenTrackers::GoForthHeroes(GfhToken {
        hearts: Some(Hearts::new(2)),
        ..GfhToken::default()
    });
    let e = scene(RuleSystem::GoForthHeroes, ash, brute);
    let mut h = attack_and_apply(e.clone(), "Effort", 5.0);
    // The ranged attack defaults to Finesse and cover makes it Hard.
    let TokenTrackers::GoForthHeroes(t) = brute_trackers(&h) else {
        panic!("not GFH");
    };
    let hearts = t.hearts.unwrap_or_else(|| Hearts::new(0));
    assert_eq!((hearts.remaining, hearts.progress), (2, 5));
    undo_takes_back_roll_and_damage(&mut h, &e);
}

#[test]
fn evening_attack_from_the_map_deals_damage_and_undo_restores() {
    use lantern::rules::evening::EveningToken;
    let brute = TokenTrackers::Evening(EveningToken {
        health: 20,
        max_health: 20,
        ..EveningToken::default()
    });
    let e = scene(
        RuleSystem::Evening,
        TokenTrackers::Evening(EveningToken::default()),
        brute,
    );
    let mut h = attack_and_apply(e.clone(), "Damage", 6.0);
    let TokenTrackers::Evening(t) = brute_trackers(&h) else {
        panic!("not Evening");
    };
    assert_eq!(t.health, 14);
    undo_takes_back_roll_and_damage(&mut h, &e);
}

#[test]
fn road_and_ruin_attack_from_the_map_strikes_steadfast_and_undo_restores() {
    use lantern::rules::road_and_ruin::{Pool, RrToken};
    let mut brute = RrToken::default();
    brute.current[Pool::Health as usize] = 10;
    brute.current[Pool::Steadfast as usize] = 3;
    let e = scene(
        RuleSystem::RoadAndRuin,
        TokenTrackers::RoadAndRuin(RrToken::default()),
        TokenTrackers::RoadAndRuin(brute),
    );
    let mut h = attack_and_apply(e.clone(), "Damage", 7.0);
    let TokenTrackers::RoadAndRuin(t) = brute_trackers(&h) else {
        panic!("not Road and Ruin");
    };
    // 7 on 3 Steadfast: 3 Steadfast and 3 Health (Road and Ruin, HEALTH).
    assert_eq!((t.get(Pool::Steadfast), t.get(Pool::Health)), (0, 7));
    undo_takes_back_roll_and_damage(&mut h, &e);
}

#[test]
fn post_core_attack_from_the_map_harms_hp_and_undo_restores() {
    use lantern::rules::post_core::PostToken;
    let brute = PostToken {
        hp: 3,
        max_hp: 3,
        ..PostToken::default()
    };
    let e = scene(
        RuleSystem::PostCore,
        TokenTrackers::PostCore(PostToken {
            attributes: [1, 2, 1],
            ..PostToken::default()
        }),
        TokenTrackers::PostCore(brute),
    );
    let mut h = attack_and_apply(e.clone(), "Harm (effect)", 2.0);
    let TokenTrackers::PostCore(t) = brute_trackers(&h) else {
        panic!("not Post core");
    };
    assert_eq!(t.hp, 1);
    undo_takes_back_roll_and_damage(&mut h, &e);
}

#[test]
fn three_d6_attack_from_the_map_marks_harm_and_undo_restores() {
    use lantern::rules::three_d6::ThreeD6Token;
    let mut e = scene(
        RuleSystem::ThreeD6,
        TokenTrackers::ThreeD6(ThreeD6Token {
            level: Some(4),
            ..ThreeD6Token::default()
        }),
        TokenTrackers::ThreeD6(ThreeD6Token {
            level: Some(1),
            ..ThreeD6Token::default()
        }),
    );
    e.combat.conditions.push(ActiveCondition {
        token: BRUTE,
        name: "Marked".into(),
        duration: Duration::UntilRemoved,
        system: None,
    });
    let mut h = attack_and_apply(e.clone(), "Harm", 3.0);
    // The core text keeps no health track: the 3 harm typed in is marked on the target's
    // sheet, for the GM to read against their game's limit.
    let TokenTrackers::ThreeD6(t) = brute_trackers(&h) else {
        panic!("not 3d6");
    };
    assert_eq!(t.harm_taken, 3);
    undo_takes_back_roll_and_damage(&mut h, &e);
}

#[test]
fn road_and_ruin_exertion_reroll_is_paid_after_the_roll_in_its_undo_step() {
    use lantern::rules::road_and_ruin::{Pool, RrToken};
    let mut ash = RrToken {
        endurance: 1,
        ..RrToken::default()
    };
    ash.current[Pool::Exertion as usize] = 5;
    let e = scene(
        RuleSystem::RoadAndRuin,
        TokenTrackers::RoadAndRuin(ash),
        TokenTrackers::RoadAndRuin(RrToken::default()),
    );
    let mut h = app(e.clone());
    crate::support::attack_from_menu(&mut h, "Ash", "Brute");
    h.get_by_label("Roll attack").click();
    h.run();
    h.run();
    h.get_by_label("Reroll To Hit for 1 Exertion").click();
    h.run();
    h.run();
    let exertion = |h: &Harness<'_, LanternApp>| match h.state().document.encounter.sheet(ASH) {
        Some(TokenTrackers::RoadAndRuin(t)) => t.get(Pool::Exertion),
        _ => panic!("Ash lost its trackers"),
    };
    assert_eq!(exertion(&h), 4);
    let log = &h.state().document.encounter.combat.log;
    assert_eq!(
        log.last().map(|l| l.what.as_str()),
        Some("Exertion reroll of the To Hit")
    );
    // Offered once per attack.
    assert!(h.query_by_label("Reroll To Hit for 1 Exertion").is_none());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(exertion(&h), 5);
    assert!(h.state().document.encounter.combat.log.is_empty());
}

/// Evening, Threat Rating and Defense: when a threat attacks a character, the character rolls
/// the defence check against the threat's TN. From the map: select the threat, right-click the
/// hero, "Attack Ash…"; the Dice pane says who rolls, rolls the defence, logs it under the hero's
/// name, and a failed defence applies the threat's damage; one Ctrl+Z takes it all back.
#[test]
fn evening_threat_attack_on_a_hero_is_the_heros_defence_check() {
    use lantern::rules::evening::{EveningChange, EveningToken, ThreatProfile};
    let hero = TokenTrackers::Evening(EveningToken {
        health: 200,
        max_health: 200,
        ..EveningToken::default()
    });
    let mut threat = EveningToken::default();
    let Ok(()) = threat.apply(&EveningChange::SetThreat(Some(ThreatProfile::default()))) else {
        panic!("a rating 1 threat is refused");
    };
    let e = scene(RuleSystem::Evening, hero, TokenTrackers::Evening(threat));
    let mut h = app(e.clone());
    crate::support::attack_from_menu(&mut h, "Brute", "Ash");
    assert!(
        h.query_by_label("Ash rolls a defence check against Brute's attack")
            .is_some()
    );
    // Threat Rating 1: TN 14; half cover behind the obstacle lowers it by 3.
    assert!(h.query_by_label("TN 11").is_some());
    h.get_by_label("Roll defence").click();
    h.run();
    h.run();
    let log = h.state().document.encounter.combat.log.clone();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].who, "Ash");
    assert!(log[0].what.starts_with("Defence against Brute's attack"));
    assert!(
        h.query_all_by_label(&log[0].result).count() >= 1,
        "shown as logged"
    );
    if log[0].result.starts_with("Not defended") {
        h.get_by_role_and_label(Role::SpinButton, "Damage")
            .set_value_accesskit(9.0);
        h.run();
        h.get_by_label("Apply").click();
        h.run();
        h.run();
        let Some(TokenTrackers::Evening(t)) = h.state().document.encounter.sheet(ASH) else {
            panic!("Ash lost its trackers");
        };
        assert_eq!(t.health, 191);
    } else {
        assert!(log[0].result.starts_with("Defended"), "{}", log[0].result);
    }
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    h.run();
    let now = &h.state().document.encounter;
    assert!(now.combat.log.is_empty());
    assert_eq!(now.combat.trackers, e.combat.trackers);
}

/// Evening, Damage & Health, Falling to zero ("Whenever you drop to 0 health, you are knocked
/// unconscious") and Unconscious ("falls prone"): Apply of 9 damage on Brute's 5 health leaves
/// 0, and the token shows Unconscious and Prone; one Ctrl+Z takes back the roll, the damage
/// and both conditions.
#[test]
fn evening_apply_to_zero_health_knocks_out_and_one_undo_takes_it_all_back() {
    use lantern::rules::evening::EveningToken;
    let brute = TokenTrackers::Evening(EveningToken {
        health: 5,
        max_health: 20,
        ..EveningToken::default()
    });
    let e = scene(
        RuleSystem::Evening,
        TokenTrackers::Evening(EveningToken::default()),
        brute,
    );
    let mut h = app(e.clone());
    crate::support::attack_from_menu(&mut h, "Ash", "Brute");
    h.get_by_label("Roll attack").click();
    h.run();
    h.run();
    h.get_by_role_and_label(Role::SpinButton, "Damage")
        .set_value_accesskit(9.0);
    h.run();
    assert!(
        h.query_by_label_contains("down at 0, Unconscious and Prone")
            .is_some()
    );
    h.get_by_label("Apply").click();
    h.run();
    h.run();
    let TokenTrackers::Evening(t) = brute_trackers(&h) else {
        panic!("not Evening");
    };
    assert_eq!(t.health, 0);
    assert!(h.query_by_label("Brute: Unconscious, Prone").is_some());
    undo_takes_back_roll_and_damage(&mut h, &e);
    assert!(h.state().document.encounter.combat.conditions.is_empty());
    assert!(h.query_by_label("Brute: Unconscious, Prone").is_none());
}

#[test]
fn evening_attack_into_darkness_shows_blinded_with_disadvantage_and_undo_restores() {
    // Evening, Vision and Lighting: with no light at all the Brute's area is heavily obscured,
    // so Ash is Blinded toward it and the attack roll has disadvantage; the Dice pane shows the
    // light's line among the check's contributions. Combat, Range: a ranged attack needs a
    // target the attacker can see, so the pane refuses it until the GM ticks "Roll anyway".
    // Ctrl+Z takes back the roll.
    use lantern::model::Ambient;
    use lantern::rules::evening::EveningToken;
    let mut e = Encounter::new("dark", RuleSystem::Evening);
    e.ambient = Ambient::Dark;
    e.tokens
        .push(Token::new(ASH, "Ash", Side::Party, Cell::new(0, 0)));
    e.tokens
        .push(Token::new(BRUTE, "Brute", Side::Enemy, Cell::new(4, 0)));
    e.combat
        .trackers
        .insert(ASH, TokenTrackers::Evening(EveningToken::default()));
    e.combat.trackers.insert(
        BRUTE,
        TokenTrackers::Evening(EveningToken {
            health: 20,
            max_health: 20,
            ..EveningToken::default()
        }),
    );
    let mut h = app(e.clone());
    crate::support::attack_from_menu(&mut h, "Ash", "Brute");
    assert!(h.query_by_label("Against Brute").is_some());
    assert!(
        h.query_by_label_contains("Darkness: heavily obscured, Blinded (disadvantage)")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Refused: Brute is in darkness")
            .is_some()
    );
    h.get_by_label("Roll attack").click();
    h.run();
    assert!(
        h.state().document.encounter.combat.log.is_empty(),
        "refused"
    );
    h.get_by_label("Roll anyway").click();
    h.run();
    h.get_by_label("Roll attack").click();
    h.run();
    h.run();
    let log = &h.state().document.encounter.combat.log;
    assert_eq!(log.len(), 1);
    // Disadvantage: two d20s, the lower kept.
    assert!(log[0].dice.starts_with("2d20"), "{:?}", log[0]);
    undo_takes_back_roll_and_damage(&mut h, &e);
}
