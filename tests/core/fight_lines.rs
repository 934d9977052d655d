//! Every line of a filled check says what it does in the encounter's system, or that it does
//! nothing and why (issue 30), from the fresh demos.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use lantern::combat::action::{Lever, Source, build, default_base, request_for};
use lantern::demo::Demo;
use lantern::model::{Encounter, RuleSystem, TokenId};
use lantern::rules::CheckSetup;

fn token(e: &Encounter, name: &str) -> TokenId {
    e.tokens.iter().find(|t| t.name == name).unwrap().id
}

/// The chance a Road and Ruin attack deals damage: a Solid or Glancing Blow (COMBAT: a
/// Miss and No Damage deal none).
fn damaging(setup: &CheckSetup) -> f64 {
    setup
        .odds()
        .iter()
        .filter(|(label, _)| label.starts_with("Solid Blow") || label.starts_with("Glancing"))
        .map(|(_, p)| p)
        .sum()
}

/// Item 5. The Evening demo under Road and Ruin: the Bandit Chief's attack on Tobin, who is
/// behind half cover and carries a shield on his sheet (d12, +1, 3 AR).
///
/// - Cover: Road and Ruin names no number for cover (SPACE: being BEHIND breaks line of sight
///   and lets the creature Hide or benefit from Cover; COMBAT lists no cover modifier), so the
///   line changes nothing and says so.
/// - Shield: COMBAT, ARMOR: "Shields behave like weapons, rolling To Hit, but add AR, half AR,
///   or failing to block" — a line of its own that puts the shield in the roll; cleared, the
///   shield no longer blocks and a damaging blow gets likelier.
#[test]
fn road_and_ruin_cover_says_it_does_nothing_and_the_shield_is_a_line() {
    let mut e = Demo::EveningHex.encounter().unwrap();
    e.system = RuleSystem::RoadAndRuin;
    let (chief, tobin) = (token(&e, "Bandit Chief"), token(&e, "Tobin"));
    let filled = build(
        &e,
        &request_for(&e, Some(chief), tobin, true),
        &default_base(RuleSystem::RoadAndRuin, true),
    );
    let cover = filled
        .contributions
        .iter()
        .find(|c| c.source == Source::Cover)
        .expect("Tobin is behind half cover");
    assert_eq!(cover.lever, Lever::Note);
    assert!(
        cover.text.contains("Road and Ruin gives cover no number"),
        "{}",
        cover.text
    );
    let shield = filled
        .contributions
        .iter()
        .find(|c| matches!(c.lever, Lever::Shield(_)))
        .expect("the shield on Tobin's sheet is a line");
    assert_eq!(shield.text, "Tobin's shield (d12, +1, 3 AR)");
    let Lever::Shield(s) = shield.lever else {
        unreachable!()
    };
    assert_eq!((s.die.sides(), s.modifier, s.armour), (12, 1, 3));
    // 3 AR on a Solid block, half (rounded down) on a Glancing one.
    assert_eq!(
        shield.lever.effect(&filled.base),
        "blocks: +3 AR on a Solid block, +1 on a Glancing one"
    );
    let CheckSetup::RoadAndRuinAttack(roll) = filled.setup() else {
        panic!("not a Road and Ruin attack");
    };
    assert_eq!(roll.shield, Some(s));
    let mut without = filled.clone();
    without.switch_off(&std::iter::once(shield.text.clone()).collect());
    let (with, bare) = (damaging(&filled.setup()), damaging(&without.setup()));
    assert!(
        bare > with,
        "the shield's block lowers the chance of a damaging blow: {with} with, {bare} without"
    );
}

/// Cover on a check that is not an attack changes nothing in any system, and says so.
#[test]
fn cover_on_a_plain_check_says_it_touches_attacks_only() {
    let e = Demo::EveningHex.encounter().unwrap();
    let (chief, tobin) = (token(&e, "Bandit Chief"), token(&e, "Tobin"));
    let filled = build(
        &e,
        &request_for(&e, Some(chief), tobin, false),
        &default_base(RuleSystem::Evening, false),
    );
    let cover = filled
        .contributions
        .iter()
        .find(|c| c.source == Source::Cover)
        .expect("Tobin is behind half cover");
    assert_eq!(cover.lever, Lever::Note);
    assert!(
        cover
            .text
            .ends_with("cover changes attacks only, not this check")
    );
}

/// Item 6. After "Remove Hobgoblin Sergeant's trackers" in the GFH demo, Pip's attack reads the
/// Sergeant from the starting sheet the Sheet pane then shows ("No numbers in this system yet:
/// these are the starting ones"): a monster's starting attributes are all 0, so its Body
/// Defense is 10 + Might + Agility = 10 (GFH, Defenses) in the stand-in line, in the check's
/// TN and on the sheet "Open sheet" shows.
#[test]
fn a_stand_in_is_the_number_the_sheet_it_opens_shows() {
    use lantern::combat::action::SheetSpot;
    use lantern::combat::sheet::{Source as NumberSource, sheet};
    use lantern::edit::Document;
    use lantern::model::Command;
    use lantern::rules::TrackerCommand;
    let mut doc = Document::new(Demo::GoForthHeroes.encounter().unwrap(), None);
    let (pip, sergeant) = (
        token(&doc.encounter, "Pip"),
        token(&doc.encounter, "Hobgoblin Sergeant"),
    );
    doc.apply(Command::Tracker(TrackerCommand::RemoveToken {
        token: sergeant,
        system: None,
    }))
    .unwrap();
    let e = &doc.encounter;
    assert!(e.sheet(sergeant).is_none());
    let filled = build(
        e,
        &request_for(e, Some(pip), sergeant, true),
        &default_base(RuleSystem::GoForthHeroes, true),
    );
    let line = filled
        .stand_ins
        .iter()
        .find(|s| s.token == sergeant)
        .expect("the Sergeant's missing sheet is named");
    assert_eq!(
        line.text,
        "Hobgoblin Sergeant has no sheet in Go Forth: Heroes: its starting numbers stand in \
         (Body Defense 10)"
    );
    assert_eq!(line.at, SheetSpot::Sheet);
    // The Defense line sets TN 10 (the Sergeant's cover then makes the attack Hard, +3).
    assert!(
        filled
            .contributions
            .iter()
            .any(|c| c.source == Source::Defense && c.lever == Lever::TargetNumber(10))
    );
    let body = sheet(e, sergeant)
        .unwrap()
        .into_iter()
        .flat_map(|s| s.numbers)
        .find(|n| n.label == "Body" && matches!(n.source, NumberSource::Derived(_)))
        .unwrap();
    assert_eq!(body.value, 10, "the sheet Open sheet shows");
}
