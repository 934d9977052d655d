//! Evening's fight rules offered in the panes (issue 31), driven on the real app: Ready… and
//! taking the readied action from the Initiative pane, a Legendary threat's action on another
//! creature's turn, a reserve die added to a defence in the Dice pane, a threat's strength in
//! the Dice form, and a vulnerability set on the Sheet. Numbers come from `evening-core.txt`.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::dice::{MapAction, request_action};
use lantern::app::{LanternApp, Pane};
use lantern::combat::command::CombatCommand;
use lantern::combat::initiative::{Combatant, Economy, Mode};
use lantern::edit::Document;
use lantern::model::{Cell, Command, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::TokenTrackers;
use lantern::rules::evening::{
    Affinity, DamageType, EveningChange, EveningToken, ThreatProfile, ThreatTrait,
};

const ADA: TokenId = TokenId(1);
const WOLF: TokenId = TokenId(2);

/// Ada (20 health, a d8 reserve) beside a rating 2 threat "Wolf" with `traits` and the strength
/// "hunting in packs"; initiative running in that order, Ada's turn.
fn fight(traits: &[ThreatTrait]) -> Document {
    let mut e = Encounter::new("evening fight", RuleSystem::Evening);
    e.tokens
        .push(Token::new(ADA, "Ada", Side::Party, Cell::new(0, 0)));
    e.tokens
        .push(Token::new(WOLF, "Wolf", Side::Enemy, Cell::new(1, 0)));
    let mut ada = EveningToken {
        health: 20,
        max_health: 20,
        ..EveningToken::default()
    };
    let Ok(()) = ada.apply(&EveningChange::AddReserve(8)) else {
        panic!("no reserve");
    };
    e.combat.trackers.insert(ADA, TokenTrackers::Evening(ada));
    let mut wolf = EveningToken::default();
    let profile = ThreatProfile {
        rating: 2,
        traits: traits.to_vec(),
    };
    let threat = wolf.apply(&EveningChange::SetThreat(Some(profile)));
    let named = wolf.apply(&EveningChange::SetStrength("hunting in packs".into()));
    assert!(threat.is_ok() && named.is_ok());
    e.combat.trackers.insert(WOLF, TokenTrackers::Evening(wolf));
    let mut doc = Document::new(e, None);
    let start = CombatCommand::StartInitiative {
        mode: Mode::Rolled,
        combatants: [ADA, WOLF].map(Combatant::new).to_vec(),
        surprise_round: false,
        pick: None,
    };
    let Ok(()) = doc.apply(Command::Combat(start)) else {
        panic!("the fight does not start");
    };
    doc
}

fn app(doc: Document, panes: &[Pane]) -> Harness<'static, LanternApp> {
    let panes = panes.to_vec();
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(egui::vec2(1500.0, 1000.0))
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(doc);
            for pane in Pane::ALL {
                if panes.contains(&pane) != lantern::app::dock_has(&app.dock, pane) {
                    app.toggle_pane(pane);
                }
            }
            app.rng = lantern::dice::DiceRng::seeded(11);
            app
        });
    crate::support::settle(&mut harness);
    harness
}

fn economy(h: &Harness<'_, LanternApp>, token: TokenId) -> Economy {
    let init = &h.state().document.encounter.combat.initiative;
    let Some(i) = init.position(token) else {
        panic!("not in the order");
    };
    init.combatants[i].economy.clone()
}

fn sheet(h: &Harness<'_, LanternApp>, token: TokenId) -> EveningToken {
    let Some(TokenTrackers::Evening(t)) = h.state().document.encounter.sheet(token) else {
        panic!("no Evening sheet");
    };
    t.clone()
}

fn next_turn(h: &mut Harness<'static, LanternApp>) {
    h.get_by_label("Next turn ▶").click();
    h.run();
    h.run();
}

/// Evening, Initiative actions, Ready (line 501): on her turn Ada readies an action with a
/// trigger (her Action spent); on the Wolf's turn her row offers the readied action, taken with
/// her reaction; one Ctrl+Z brings it back.
#[test]
fn ready_from_the_initiative_pane_and_take_it_on_the_next_turn() {
    let mut h = app(fight(&[]), &[Pane::Map, Pane::Initiative]);
    h.get_by_label("Ready for").click();
    h.run();
    h.get_by_label("Ready for").type_text("the wolf moves");
    h.run();
    h.get_by_role_and_label(Role::Button, "Ready").click();
    h.run();
    h.run();
    let e = economy(&h, ADA);
    assert!(e.action_used);
    assert_eq!(e.readied, "the wolf moves");
    next_turn(&mut h);
    assert!(h.query_by_label("Readied: the wolf moves").is_some());
    h.get_by_label("Take readied action: Ada").click();
    h.run();
    h.run();
    let e = economy(&h, ADA);
    assert!(e.reaction_used && e.readied.is_empty());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    h.run();
    assert_eq!(economy(&h, ADA).readied, "the wolf moves");
}

/// Evening, Legendary (lines 860–872): on Ada's turn the Legendary Wolf's row offers a
/// legendary action; taking it leaves 2 of its 3, and a second at the same moment is refused
/// ("only one legendary action at one time").
#[test]
fn a_legendary_action_from_another_creatures_row_spends_one_of_three() {
    let mut h = app(
        fight(&[ThreatTrait::Legendary]),
        &[Pane::Map, Pane::Initiative],
    );
    h.get_by_label("Legendary action: Wolf").click();
    h.run();
    h.run();
    assert_eq!(sheet(&h, WOLF).track.legendary_actions_spent, 1);
    h.get_by_label("Legendary action: Wolf").click();
    h.run();
    assert_eq!(
        sheet(&h, WOLF).track.legendary_actions_spent,
        1,
        "one at one time"
    );
}

/// Evening, Reserves (line 380): on the Wolf's turn its attack on Ada is her defence check; the
/// Dice pane offers her d8 reserve, and Roll defence spends it and her reaction in the roll's
/// step, with one of the Wolf's 3 attacks this round (Threat Rating, lines 773, 787).
#[test]
fn a_reserve_die_picked_in_the_dice_pane_is_spent_with_the_defence() {
    let mut h = app(fight(&[]), &[Pane::Map, Pane::DiceLog, Pane::Initiative]);
    next_turn(&mut h);
    request_action(
        &h.ctx,
        MapAction {
            actor: Some(WOLF),
            target: ADA,
            attack: true,
            add: false,
        },
    );
    h.run();
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Reserve die (reaction)")
        .click();
    h.run();
    h.get_by_label("d8 (1 unspent)").click();
    h.run();
    h.run();
    assert!(
        h.query_by_label_contains("Spends a d8 reserve die of Ada's")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Spends Wolf's attack 1 of 3 this round")
            .is_some()
    );
    h.get_by_label("Roll defence").click();
    h.run();
    h.run();
    assert!(sheet(&h, ADA).reserves[0].spent);
    assert!(economy(&h, ADA).reaction_used);
    assert_eq!(economy(&h, WOLF).attacks_made, 1);
    let log = &h.state().document.encounter.combat.log;
    assert!(log.iter().any(|l| l.what.contains("+ d8 reserve")));
}

/// Evening, Determining Strengths & Weaknesses (line 801): picking the Wolf's strength in the
/// Dice form raises its TN from 15 (rating 2) to 21 for Ada's attack.
#[test]
fn the_threats_strength_picked_in_the_dice_form_raises_its_tn() {
    let mut h = app(fight(&[]), &[Pane::Map, Pane::DiceLog]);
    crate::support::attack_from_menu(&mut h, "Ada", "Wolf");
    assert!(h.query_by_label("TN 15").is_some());
    h.get_by_role_and_label(Role::ComboBox, "Wolf applies")
        .click();
    h.run();
    h.get_by_label("its strength (+6 TN): hunting in packs")
        .click();
    h.run();
    h.run();
    assert!(h.query_by_label("TN 21").is_some());
}

/// Evening, Modifiers (line 1014): the Sheet sets the Wolf vulnerable to fire, one command kept
/// on its Evening sheet (and one Ctrl+Z takes it back).
#[test]
fn a_vulnerability_set_on_the_sheet_is_kept_on_the_evening_sheet() {
    let mut h = app(fight(&[]), &[Pane::Map, Pane::Sheet]);
    h.get_by_label("Wolf").click();
    h.run();
    h.get_by_label_contains("Damage types: all taken normally")
        .click();
    h.run();
    h.get_by_label("fire damage").click();
    h.run();
    h.get_by_label("vulnerable (double)").click();
    h.run();
    h.run();
    let wolf = sheet(&h, WOLF);
    assert_eq!(
        wolf.affinities.get(&DamageType::Fire),
        Some(&Affinity::Vulnerable)
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(sheet(&h, WOLF).affinities.is_empty());
}
