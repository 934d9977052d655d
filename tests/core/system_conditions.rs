//! Conditions belong to a rule system as sheets do (issue 30, item 1): a condition put on under
//! one system waits, as it was, while the encounter runs another, and never enters that
//! system's arithmetic; files from before conditions had a system give theirs the encounter's.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use lantern::combat::action::{build, default_base, request_for, resolve};
use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::{ActiveCondition, Duration, on_token};
use lantern::demo::Demo;
use lantern::dice::DiceRng;
use lantern::edit::Document;
use lantern::files::{encounter_from_json, encounter_to_json};
use lantern::model::{Command, Encounter, RuleSystem, TokenId};
use lantern::rules::post_core::ActionOutcome;
use lantern::rules::{CheckOutcome, TokenTrackers};

fn token(e: &Encounter, name: &str) -> TokenId {
    e.tokens.iter().find(|t| t.name == name).unwrap().id
}

fn exposed(token: TokenId) -> Command {
    Command::Combat(CombatCommand::ApplyCondition(ActiveCondition {
        token,
        name: "Exposed".to_owned(),
        duration: Duration::UntilRemoved,
        system: None,
    }))
}

/// Post HP and STR of `token`.
fn post_hp_str(e: &Encounter, token: TokenId) -> (i64, i64) {
    let Some(TokenTrackers::PostCore(t)) = e.sheet(token) else {
        panic!("no Post sheet");
    };
    (i64::from(t.hp), i64::from(t.attributes[0]))
}

/// The case: Exposed (a GFH Debuff) on the Sergeant, then the encounter switches to Post
/// core, whose own Exposed makes harm cost STR (Post core, Hit Protection). The GFH Debuff is
/// not Post's: a Post critical (effect 3, Action roll) takes 3 off the Sergeant's 4 HP and
/// leaves STR 2, as Post core, Damage says for a target that is not exposed.
#[test]
fn a_gfh_debuff_never_enters_a_post_attack() {
    let mut doc = Document::new(Demo::GoForthHeroes.encounter().unwrap(), None);
    let (pip, sergeant) = (
        token(&doc.encounter, "Pip"),
        token(&doc.encounter, "Hobgoblin Sergeant"),
    );
    doc.apply(exposed(sergeant)).unwrap();
    doc.apply(Command::SetSystem(RuleSystem::PostCore)).unwrap();
    let e = &doc.encounter;
    assert_eq!(
        on_token(&e.combat.conditions, e.system, sergeant).count(),
        0,
        "Post sees no condition on the Sergeant"
    );
    let filled = build(
        e,
        &request_for(e, Some(pip), sergeant, true),
        &default_base(RuleSystem::PostCore, true),
    );
    assert!(
        filled
            .contributions
            .iter()
            .all(|c| !c.text.contains("Exposed")),
        "{:?}",
        filled.contributions
    );
    let critical = (0..2000)
        .map(|seed| resolve(e, &filled, 0, &mut DiceRng::seeded(seed)))
        .find(|r| {
            matches!(&r.outcome, CheckOutcome::PostCore(p) if p.outcome == ActionOutcome::Critical)
        })
        .expect("some seed rolls a critical");
    assert_eq!(critical.amount, 3, "a critical's effect is 3");
    assert!(
        critical
            .consequence
            .lines
            .iter()
            .any(|l| l == "Hobgoblin Sergeant loses 3 HP"),
        "{:?}",
        critical.consequence.lines
    );
    let (hp, str_) = post_hp_str(&doc.encounter, sergeant);
    assert_eq!((hp, str_), (4, 2), "the demo's Post Sergeant");
    for c in critical.consequence.commands {
        doc.apply(c).unwrap();
    }
    assert_eq!(post_hp_str(&doc.encounter, sergeant), (1, 2));
}

/// Switching back finds the condition as it was, counting again; under a third system it is
/// neither shown nor counted, and a turn there does not wear it down.
#[test]
fn switching_back_finds_a_condition_as_it_was() {
    let mut doc = Document::new(Demo::GoForthHeroes.encounter().unwrap(), None);
    let sergeant = token(&doc.encounter, "Hobgoblin Sergeant");
    doc.apply(Command::Combat(CombatCommand::ApplyCondition(
        ActiveCondition {
            token: sergeant,
            name: "Rattled".to_owned(),
            duration: Duration::Rounds {
                remaining: 1,
                from: None,
            },
            system: None,
        },
    )))
    .unwrap();
    let before = doc.encounter.combat.conditions.clone();
    assert_eq!(before[0].system, Some(RuleSystem::GoForthHeroes));
    doc.apply(Command::SetSystem(RuleSystem::Evening)).unwrap();
    let e = &doc.encounter;
    assert_eq!(
        on_token(&e.combat.conditions, e.system, sergeant).count(),
        0
    );
    // Rounds go by under Evening: the GFH condition does not tick.
    let combatants = vec![lantern::combat::initiative::Combatant::new(sergeant)];
    doc.apply(Command::Combat(CombatCommand::StartInitiative {
        mode: lantern::combat::initiative::Mode::Ordered,
        combatants,
        surprise_round: false,
        pick: None,
    }))
    .unwrap();
    for _ in 0..3 {
        doc.apply(Command::Combat(CombatCommand::NextTurn { pick: None }))
            .unwrap();
    }
    doc.apply(Command::Combat(CombatCommand::EndInitiative))
        .unwrap();
    doc.apply(Command::SetSystem(RuleSystem::GoForthHeroes))
        .unwrap();
    assert_eq!(doc.encounter.combat.conditions, before);
}

/// A Post Exposed is Post's own: it makes harm take STR, and the pane says why.
#[test]
fn posts_own_exposed_says_why_it_takes_str() {
    let mut doc = Document::new(Demo::GoForthHeroes.encounter().unwrap(), None);
    doc.apply(Command::SetSystem(RuleSystem::PostCore)).unwrap();
    let (pip, sergeant) = (
        token(&doc.encounter, "Pip"),
        token(&doc.encounter, "Hobgoblin Sergeant"),
    );
    doc.apply(exposed(sergeant)).unwrap();
    let e = &doc.encounter;
    let filled = build(
        e,
        &request_for(e, Some(pip), sergeant, true),
        &default_base(RuleSystem::PostCore, true),
    );
    let hit = (0..2000)
        .map(|seed| resolve(e, &filled, 0, &mut DiceRng::seeded(seed)))
        .find(|r| r.amount > 0)
        .expect("some seed succeeds");
    let lines = &hit.consequence.lines;
    assert!(
        lines.iter().any(|l| l.contains("loses 0 HP and 1 STR")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("is Exposed")),
        "a line says why: {lines:?}"
    );
}

/// A file from before conditions had a system: each condition is the encounter's, so it counts
/// there and stays behind when the system changes; saved again, it names its system.
#[test]
fn a_file_without_condition_systems_gives_them_the_encounters() {
    let mut e = Demo::GoForthHeroes.encounter().unwrap();
    e.system = RuleSystem::Evening;
    let bram = token(&e, "Bram");
    e.combat.conditions.push(ActiveCondition {
        token: bram,
        name: "Poisoned".to_owned(),
        duration: Duration::UntilRemoved,
        system: None,
    });
    let json = String::from_utf8(encounter_to_json(&e).unwrap()).unwrap();
    let loaded = encounter_from_json(json.as_bytes()).unwrap();
    assert_eq!(
        loaded.combat.conditions[0].system,
        Some(RuleSystem::Evening)
    );
    let mut doc = Document::new(loaded, None);
    doc.apply(Command::SetSystem(RuleSystem::GoForthHeroes))
        .unwrap();
    let e = &doc.encounter;
    assert_eq!(on_token(&e.combat.conditions, e.system, bram).count(), 0);
    let saved = String::from_utf8(encounter_to_json(e).unwrap()).unwrap();
    let again = encounter_from_json(saved.as_bytes()).unwrap();
    assert_eq!(again.combat.conditions, e.combat.conditions);
}
