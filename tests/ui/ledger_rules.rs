//! Rules the rules ledger found missing (issue 31), where the GM takes them: GFH Hurry from the
//! Initiative pane makes the attack the Dice pane fills Hard; Road and Ruin's Assess takes the
//! typed Intention and ends Distracted.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::dice::{MapAction, request_action};
use lantern::app::{LanternApp, Pane};
use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::initiative::Combatant;
use lantern::edit::Document;
use lantern::model::{Cell, Command, Encounter, RuleSystem, Side, Token, TokenId};

const HERO: TokenId = TokenId(1);
const ORC: TokenId = TokenId(2);

/// The hero and an orc two cells apart, the fight started in `system`'s own way.
fn fight(system: RuleSystem) -> Document {
    let mut e = Encounter::new("ledger rules", system);
    for (id, name, side, cell) in [
        (HERO, "Hero", Side::Party, Cell::new(0, 0)),
        (ORC, "Orc", Side::Enemy, Cell::new(2, 0)),
    ] {
        e.tokens.push(Token::new(id, name, side, cell));
    }
    let mut doc = Document::new(e, None);
    let start = CombatCommand::StartInitiative {
        mode: lantern::rules::system(system).initiative_mode(),
        combatants: [HERO, ORC].map(Combatant::new).to_vec(),
        surprise_round: false,
        pick: None,
    };
    let Ok(()) = doc.apply(Command::Combat(start)) else {
        panic!("the fight does not start");
    };
    doc
}

fn app(doc: Document) -> Harness<'static, LanternApp> {
    let panes = [Pane::Map, Pane::DiceLog, Pane::Initiative];
    crate::support::panes_harness(doc.encounter, &panes, 7, egui::vec2(1400.0, 900.0))
}

fn carries(h: &Harness<'_, LanternApp>, token: TokenId, name: &str) -> bool {
    h.state()
        .document
        .encounter
        .combat
        .conditions
        .iter()
        .any(|c| c.token == token && c.name == name)
}

/// GFH, Advanced Actions: "Hurry — Take any Action at Hard, gain Interact or Help as free
/// actions." On the hero's turn Hurry leaves its Action to take, and the attack the Dice pane
/// fills says it is Hard.
#[test]
fn hurry_from_the_initiative_pane_makes_the_heros_attack_hard() {
    let mut h = app(fight(RuleSystem::GoForthHeroes));
    h.get_by_label("Hurry").click();
    h.run();
    h.run();
    assert!(carries(&h, HERO, "Hurry"));
    let e = &h.state().document.encounter;
    assert!(e.combat.initiative.combatants[0].economy.action_available());
    request_action(
        &h.ctx,
        MapAction {
            actor: Some(HERO),
            target: ORC,
            attack: true,
            add: false,
        },
    );
    h.run();
    h.run();
    let line = "Hero is Hurrying: its Action this turn is Hard";
    assert!(h.query_by_label_contains(line).is_some(), "no Hurry line");
}

/// Road and Ruin, Hastened time: a round spent to Assess forms a new Intention and ends
/// Distracted. The GM types it in the hero's Intention field and presses Assess: one undo step
/// sets it and takes Distracted off.
#[test]
fn assess_takes_the_typed_intention_and_ends_distracted() {
    let mut doc = fight(RuleSystem::RoadAndRuin);
    doc.encounter.combat.conditions.push(ActiveCondition {
        system: None,
        token: HERO,
        name: "Distracted".into(),
        duration: Duration::UntilRemoved,
    });
    let mut h = app(doc);
    let field = "Intention of Hero";
    h.get_by_label(field).focus();
    h.run();
    h.get_by_label(field).type_text("Escape capture");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    // Each combatant's row has its own Assess, the hero's first, above its Intention field.
    let Some(assess) = h.get_all_by_label("Assess").next() else {
        panic!("no Assess button");
    };
    assert!(assess.rect().max.y <= h.get_by_label(field).rect().min.y);
    assess.click();
    h.run();
    h.run();
    let e = &h.state().document.encounter;
    let hero = &e.combat.initiative.combatants[0];
    assert_eq!(hero.intention, "Escape capture");
    assert!(!carries(&h, HERO, "Distracted"));
    assert_eq!(e.combat.log.last().map(|l| l.what.as_str()), Some("Assess"));
}
