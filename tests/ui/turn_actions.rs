//! The texts' combat actions taken from the Initiative pane for the current combatant: GFH
//! Guard shows as a "Hard" line on an attack against the guarded ally in the Dice pane, lasts
//! until the guard's next turn, and one Ctrl+Z brings it back.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::dice::{MapAction, request_action};
use lantern::app::{LanternApp, Pane};
use lantern::combat::command::CombatCommand;
use lantern::combat::initiative::{Combatant, EnemyPlacement, Mode};
use lantern::edit::Document;
use lantern::model::{Cell, Command, Encounter, RuleSystem, Side, Token, TokenId};

const BRYN: TokenId = TokenId(1);
const CASS: TokenId = TokenId(2);
const ORC: TokenId = TokenId(3);

/// Bryn and Cass 2 cells apart (Close), the orc below; Round the Table, Bryn's turn.
fn fight() -> Document {
    let mut e = Encounter::new("guard", RuleSystem::GoForthHeroes);
    for (id, name, side, cell) in [
        (BRYN, "Bryn", Side::Party, Cell::new(0, 0)),
        (CASS, "Cass", Side::Party, Cell::new(2, 0)),
        (ORC, "Orc", Side::Enemy, Cell::new(0, 4)),
    ] {
        e.tokens.push(Token::new(id, name, side, cell));
    }
    let mut doc = Document::new(e, None);
    let start = CombatCommand::StartInitiative {
        mode: Mode::RoundTheTable {
            placement: EnemyPlacement::AtTheEnd,
        },
        combatants: [BRYN, CASS, ORC].map(Combatant::new).to_vec(),
        surprise_round: false,
        pick: None,
    };
    let Ok(()) = doc.apply(Command::Combat(start)) else {
        panic!("the fight does not start");
    };
    doc
}

fn app(doc: Document) -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(doc);
            for pane in Pane::ALL {
                let keep = [Pane::Map, Pane::DiceLog, Pane::Initiative].contains(&pane);
                if keep != lantern::app::dock_has(&app.dock, pane) {
                    app.toggle_pane(pane);
                }
            }
            app
        });
    crate::support::settle(&mut harness);
    harness
}

fn guarded(h: &Harness<'_, LanternApp>) -> bool {
    h.state()
        .document
        .encounter
        .combat
        .conditions
        .iter()
        .any(|c| c.token == BRYN && c.name == "Guard")
}

fn next_turn(h: &mut Harness<'static, LanternApp>) {
    h.get_by_label("Next turn ▶").click();
    h.run();
    h.run();
}

/// GFH, Advanced Actions: Guard makes attacks against you or a Close ally Hard until your next
/// turn. The orc's attack on Cass, 2 cells from Bryn, carries a Hard line while Bryn guards.
#[test]
fn guard_from_the_initiative_pane_makes_the_attack_hard_until_the_guards_next_turn() {
    let mut h = app(fight());
    h.get_by_label("Guard").click();
    h.run();
    h.run();
    assert!(guarded(&h));
    let attack = MapAction {
        actor: Some(ORC),
        target: CASS,
        attack: true,
        add: false,
    };
    request_action(&h.ctx, attack);
    h.run();
    h.run();
    assert!(h.query_by_label("Against Cass").is_some());
    let line = "Bryn guards Cass (Close): attacks against it are Hard";
    assert!(h.query_by_label_contains(line).is_some(), "no Guard line");

    // Cass's turn, the orc's turn: still guarded. Bryn's next turn: gone.
    next_turn(&mut h);
    next_turn(&mut h);
    assert!(guarded(&h));
    assert!(h.query_by_label_contains(line).is_some());
    next_turn(&mut h);
    let e = &h.state().document.encounter;
    assert_eq!(e.combat.initiative.current_token(), Some(BRYN));
    assert!(!guarded(&h));
    assert!(h.query_by_label_contains(line).is_none());

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    h.run();
    assert!(guarded(&h), "one Ctrl+Z brings the Guard back");
    assert!(h.query_by_label_contains(line).is_some());
}

/// Evening, Prone ("Standing up costs 2 speed and ends the condition"; Movement actions: Get
/// up): on prone Bryn's turn its token menu offers "Stand up (2 speed)"; one click spends 2 of
/// its 6 speed and ends Prone, and one Ctrl+Z brings both back.
#[test]
fn standing_up_from_the_token_menu_spends_two_speed_and_ends_prone_in_one_step() {
    use lantern::combat::conditions::{ActiveCondition, Duration};
    use lantern::combat::turn_move::movement_left;
    let mut doc = fight();
    doc.encounter.system = RuleSystem::Evening;
    doc.encounter.combat.conditions.push(ActiveCondition {
        token: BRYN,
        name: "Prone".into(),
        duration: Duration::UntilRemoved,
        system: None,
    });
    let mut h = app(doc);
    let prone = |h: &Harness<'_, LanternApp>| {
        let e = &h.state().document.encounter;
        (
            e.combat.conditions.iter().any(|c| c.name == "Prone"),
            movement_left(e, BRYN),
        )
    };
    assert_eq!(prone(&h), (true, Some(6)));
    // The token's condition mark covers the token: right-click there (the Initiative pane
    // names Bryn too).
    let at = crate::support::centre_of(&h, "Bryn: Prone");
    crate::support::right_click_at(&mut h, at);
    // Offered twice: in the turn row and in the token's menu, which opens at the pointer.
    let offers: Vec<_> = h.query_all_by_label("Stand up (2 speed)").collect();
    assert_eq!(offers.len(), 2);
    let Some(menu) = offers.into_iter().min_by(|a, b| {
        a.rect()
            .center()
            .distance(at)
            .total_cmp(&b.rect().center().distance(at))
    }) else {
        panic!("no Stand up");
    };
    menu.click();
    h.run();
    h.run();
    assert_eq!(prone(&h), (false, Some(4)));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(prone(&h), (true, Some(6)));
}
