//! Post core rules and 3d6 core mechanics as their texts write them (issue 23, items 8–15): one
//! test per item, each quoting the section it follows and working its numbers out by hand.

use lantern::combat::action::{
    ActionRequest, FilledCheck, Lever, Source, Takes, affordable, build, consequence, costs,
    post_change, post_consequence, resistance, roll_resistance, roller_consequence,
};
use lantern::combat::conditions::{effective_speed, on_token};
use lantern::combat::effective::economy_refusal;
use lantern::combat::sheet::{SheetField, edit};
use lantern::dice::DiceRng;
use lantern::edit::Document;
use lantern::model::initiative::{Economy, EconomyPart};
use lantern::model::{Cell, Command, Encounter, RuleSystem, Rulings, Side, Token, TokenId};
use lantern::rules::post_core::{
    ActionOutcome, ActionResult, ActionRoll, Attribute, PoolReading, PostChange, PostToken,
    ResistanceRoll, Risk, pool_odds,
};
use lantern::rules::three_d6::{ThreeD6Check, ThreeD6Token, TierRelation};
use lantern::rules::{CheckOutcome, CheckSetup, TokenChange, TokenTrackers, TrackerCommand};

const ASH: TokenId = TokenId(1);
const BRUTE: TokenId = TokenId(2);
const BRAM: TokenId = TokenId(3);

/// Ash (party) at (0,0), Brute (enemy) at (4,0) behind an obstacle at (2,0) — 2 of 4 corners
/// clear, cover — and Bram (party) at (0,2).
fn scene(system: RuleSystem) -> Encounter {
    let mut e = Encounter::new("post and 3d6", system);
    e.tokens
        .push(Token::new(ASH, "Ash", Side::Party, Cell::new(0, 0)));
    e.tokens
        .push(Token::new(BRUTE, "Brute", Side::Enemy, Cell::new(4, 0)));
    e.tokens
        .push(Token::new(BRAM, "Bram", Side::Party, Cell::new(0, 2)));
    e.obstacle_cells.insert(Cell::new(2, 0));
    e
}

fn post(attributes: [i8; 3], hp: u8, grit: u8) -> TokenTrackers {
    TokenTrackers::PostCore(PostToken {
        hp,
        max_hp: hp,
        grit,
        attributes,
        base_attributes: attributes,
        ..PostToken::default()
    })
}

fn post_of(e: &Encounter, token: TokenId) -> PostToken {
    let Some(TokenTrackers::PostCore(t)) = e.sheet(token) else {
        panic!("no Post sheet");
    };
    t.clone()
}

fn attack(e: &Encounter, base: &CheckSetup, helpers: Vec<TokenId>) -> FilledCheck {
    let request = ActionRequest {
        actor: Some(ASH),
        targets: vec![BRUTE],
        attack: true,
        helpers,
        ..ActionRequest::default()
    };
    build(e, &request, base)
}

fn apply(doc: &mut Document, commands: Vec<Command>) {
    let Ok(()) = doc.apply(Command::Batch(commands)) else {
        panic!("the model refused the commands");
    };
}

fn conditions_on(e: &Encounter, token: TokenId) -> Vec<String> {
    on_token(&e.combat.conditions, e.system, token)
        .map(|(c, _)| c.name.clone())
        .collect()
}

/// The reduction the text gives for a pool's kept dice, read by hand: "1-3: The consequence
/// still happens. 4-5: reduced by a score of 1. 6: reduced by a score of 2. 66: reduced by a
/// score of 3."
fn text_reduction(kept: &[i64]) -> u8 {
    let sixes = kept.iter().filter(|v| **v == 6).count();
    let highest = kept.iter().copied().max().unwrap_or(0);
    match (sixes, highest) {
        (2.., _) => 3,
        (1, _) => 2,
        (_, 4 | 5) => 1,
        _ => 0,
    }
}

/// Item 8. Post core, Resistance Roll: "Roll a dice pool with a related attribute +1d6 for each
/// grit you wish to spend" (Grit: "-1 Grit: +1d6 in a Resistance Roll"); the reading reduces the
/// consequence before it lands.
#[test]
fn resistance_roll_pools_attribute_and_grit_and_reduces_the_consequence() {
    let mut e = scene(RuleSystem::PostCore);
    e.combat.trackers.insert(ASH, post([2, 2, 1], 3, 6));
    e.combat.trackers.insert(BRUTE, post([1, 1, 1], 3, 2));
    // Brute's STR 1 + 2 grit: three dice.
    let Some(pool) = resistance(&e, BRUTE, Attribute::Str, 2) else {
        panic!("Brute has a Post sheet");
    };
    assert_eq!((pool.pool(), pool.grit_cost()), (3, 2));
    // Three dice: all of them 1–3 is (1/2)^3 = 27/216; no six (5/6)^3 = 125/216, so 4–5 is
    // 98/216; exactly one six 3·(1/6)·(5/6)^2 = 75/216; two or more 216 − 125 − 75 = 16/216.
    let odds = pool.odds();
    for (reading, p) in [
        (PoolReading::Low, 27.0),
        (PoolReading::Middle, 98.0),
        (PoolReading::Six, 75.0),
        (PoolReading::DoubleSix, 16.0),
    ] {
        assert!((odds.probability(&reading) - p / 216.0).abs() < 1e-12);
    }
    // The reductions: a consequence never goes below 0.
    assert_eq!(ResistanceRoll::reduced(3, PoolReading::Low), 3);
    assert_eq!(ResistanceRoll::reduced(3, PoolReading::Middle), 2);
    assert_eq!(ResistanceRoll::reduced(3, PoolReading::Six), 1);
    assert_eq!(ResistanceRoll::reduced(2, PoolReading::DoubleSix), 0);
    // Rolling it spends the 2 grit and reads the dice as the text does.
    let Ok((resisted, spend)) =
        roll_resistance(&e, BRUTE, Attribute::Str, 2, &mut DiceRng::seeded(3))
    else {
        panic!("Brute has the grit");
    };
    let kept: Vec<i64> = (resisted.result.dice.iter())
        .filter(|d| d.kept)
        .map(|d| d.value)
        .collect();
    assert_eq!(kept.len(), 3);
    let reduction = text_reduction(&kept);
    assert_eq!(resisted.remaining(3), 3 - reduction);
    // Ash's mixed success of effect 3 lands on Brute as 3 − the reduction, with the grit spent.
    let filled = attack(&e, &CheckSetup::PostCore(ActionRoll::default()), Vec::new());
    let outcome = CheckOutcome::PostCore(ActionResult {
        dice: Vec::new(),
        outcome: ActionOutcome::FullSuccess,
        effect: 3,
        consequence: 0,
    });
    let landed = consequence(
        &e,
        &filled,
        &outcome,
        i64::from(resisted.remaining(3)),
        [1; 3],
    );
    let mut doc = Document::new(e, None);
    let mut commands: Vec<Command> = spend.into_iter().collect();
    commands.extend(landed.commands);
    apply(&mut doc, commands);
    let brute = post_of(&doc.encounter, BRUTE);
    assert_eq!((brute.hp, brute.grit), (reduction, 0));
    // Not enough grit: refused, nothing rolled.
    let refused = roll_resistance(
        &doc.encounter,
        BRUTE,
        Attribute::Str,
        1,
        &mut DiceRng::seeded(1),
    );
    assert!(refused.is_err());
}

/// Item 9. Post core, Recovery: "Extended Rest: ... Restores all HP, Grit and Attributes" — a
/// lost attribute point comes back only then. Editing Max HP or a score on the Sheet keeps it
/// lost.
#[test]
fn sheet_edits_keep_a_lost_attribute_lost_until_an_extended_rest() {
    let mut e = scene(RuleSystem::PostCore);
    // Base STR 2, DEX 1, WIL 1; STR lost one point (current 1) and DEX lost below 0 (−1).
    let mut t = PostToken {
        hp: 2,
        max_hp: 4,
        grit: 6,
        attributes: [1, -1, 1],
        base_attributes: [2, 1, 1],
        ..PostToken::default()
    };
    e.combat
        .trackers
        .insert(ASH, TokenTrackers::PostCore(t.clone()));
    let mut doc = Document::new(e, None);
    let sheet_edit = |doc: &mut Document, field, value| {
        let Ok(command) = edit(&doc.encounter, ASH, field, value) else {
            panic!("the sheet refused a value in range");
        };
        let Ok(()) = doc.apply(command) else {
            panic!("the model refused a sheet edit");
        };
    };
    // Max HP 4 → 5: every current attribute stays as it was; HP stays 2.
    sheet_edit(&mut doc, SheetField::PostMaxHp, 5);
    let now = post_of(&doc.encounter, ASH);
    assert_eq!((now.attributes, now.hp, now.max_hp), ([1, -1, 1], 2, 5));
    // Base STR 2 → 3: STR is still one point down, 3 − 1 = 2.
    sheet_edit(&mut doc, SheetField::PostAttribute(0), 3);
    let now = post_of(&doc.encounter, ASH);
    assert_eq!(
        (now.base_attributes, now.attributes),
        ([3, 1, 1], [2, -1, 1])
    );
    // Base DEX 1 → 2: DEX below 0 stays below 0 (paralysed until the rest).
    sheet_edit(&mut doc, SheetField::PostAttribute(1), 2);
    assert_eq!(post_of(&doc.encounter, ASH).attributes, [2, -1, 1]);
    // The extended rest gives back everything: base 3, 2, 1.
    let rest = TokenChange::PostCore(PostChange::ExtendedRest);
    let Ok(()) = doc.apply(Command::Tracker(TrackerCommand::Token {
        token: ASH,
        change: rest,
    })) else {
        panic!("a rest is never refused");
    };
    assert_eq!(post_of(&doc.encounter, ASH).attributes, [3, 2, 1]);
    // The same on the Trackers pane's set-up change: a Max HP edit leaves losses alone.
    t.apply(&PostChange::SetUp {
        attributes: [2, 1, 1],
        max_hp: 1,
    })
    .unwrap_or_else(|_| panic!("set-up is never refused"));
    assert_eq!((t.attributes, t.hp), ([1, -1, 1], 1));
}

/// Item 10. Post core, Damage: "If your character's STR is reduced below 0, they are taken
/// down"; Attribute Loss: "If a character's DEX is reduced below 0, they are paralyzed." The
/// Apply that does it puts the condition on, in the same undo step, and the condition stops
/// actions and movement.
#[test]
fn below_zero_puts_on_taken_down_and_paralysed_in_the_same_step() {
    let mut e = scene(RuleSystem::PostCore);
    // Brute: HP 1, STR 0, DEX 1.
    e.combat.trackers.insert(BRUTE, post([0, 1, 1], 1, 6));
    let mut doc = Document::new(e, None);
    // Harm 2 on HP 1: HP would go below 0, so HP 0 and one STR: 0 → −1, taken down.
    let landed = post_consequence(&doc.encounter, BRUTE, 2, Takes::Hp);
    assert!(landed.lines.iter().any(|l| l.contains("Taken down")));
    apply(&mut doc, landed.commands);
    let brute = post_of(&doc.encounter, BRUTE);
    assert_eq!((brute.hp, brute.attributes[0]), (0, -1));
    assert_eq!(conditions_on(&doc.encounter, BRUTE), vec!["Taken down"]);
    // Taken down: no movement, no actions.
    let speed = effective_speed(
        &doc.encounter.combat.conditions,
        doc.encounter.system,
        BRUTE,
        6,
    );
    assert_eq!(speed.value, 0);
    let action = economy_refusal(
        &doc.encounter.combat.conditions,
        doc.encounter.system,
        BRUTE,
        EconomyPart::Action,
        &Economy::default(),
    );
    assert!(action.is_some());
    // One undo takes back the harm and the condition together.
    assert!(doc.undo().is_ok());
    assert_eq!(post_of(&doc.encounter, BRUTE).attributes[0], 0);
    assert!(conditions_on(&doc.encounter, BRUTE).is_empty());
    // A DEX loss of 2 on DEX 1: −1, paralysed; and all of its DEX is lost, so it can't act
    // until an extended rest (Attribute Loss, issue 31).
    let landed = post_consequence(&doc.encounter, BRUTE, 2, Takes::Attribute(Attribute::Dex));
    apply(&mut doc, landed.commands);
    assert_eq!(
        conditions_on(&doc.encounter, BRUTE),
        vec!["Paralysed", "Unable to act"]
    );
    // The extended rest restores DEX and takes both off in the same step.
    let (commands, lines) = post_change(&doc.encounter, BRUTE, &PostChange::ExtendedRest);
    assert_eq!(
        lines,
        vec![
            "Brute is no longer Paralysed".to_owned(),
            "Brute can act again".to_owned()
        ]
    );
    apply(&mut doc, commands);
    assert!(conditions_on(&doc.encounter, BRUTE).is_empty());
}

/// Item 11. Post core, Grit: "-1 Grit: +1d6 on a Teammate's Roll" — the teammate who gives the
/// die spends the grit; "-2 Grit: +1d6 in an Action Roll" is the roller's.
#[test]
fn a_teammates_die_costs_the_teammates_grit() {
    let mut e = scene(RuleSystem::PostCore);
    e.combat.trackers.insert(ASH, post([1, 2, 1], 3, 6));
    e.combat.trackers.insert(BRAM, post([1, 1, 1], 3, 1));
    e.combat.trackers.insert(BRUTE, post([1, 1, 1], 3, 6));
    let base = CheckSetup::PostCore(ActionRoll {
        grit_dice: 1,
        ..ActionRoll::default()
    });
    let filled = attack(&e, &base, vec![BRAM]);
    let CheckSetup::PostCore(roll) = filled.setup() else {
        panic!("not an action roll");
    };
    // A ranged attack rolls DEX 2, one die bought with grit, one from Bram: 4 dice.
    assert_eq!(roll.pool(), 4);
    let spent = costs(&e, &filled);
    assert_eq!(spent.len(), 2);
    assert_eq!((spent[0].token, spent[0].text.as_str()), (ASH, "2 grit"));
    assert_eq!(spent[1].token, BRAM);
    let mut doc = Document::new(e, None);
    apply(&mut doc, spent.into_iter().map(|c| c.command).collect());
    assert_eq!(post_of(&doc.encounter, ASH).grit, 4);
    assert_eq!(post_of(&doc.encounter, BRAM).grit, 0);
    // Bram has no grit left: his die cannot be paid for, and the roll waits.
    let again = attack(
        &doc.encounter,
        &CheckSetup::PostCore(ActionRoll::default()),
        vec![BRAM],
    );
    assert!(!affordable(&costs(&doc.encounter, &again)));
    // Clearing Bram's line takes his die and his cost away.
    let mut cleared = again.clone();
    let line = cleared
        .contributions
        .iter()
        .find(|c| c.source == Source::Teamwork);
    let off = std::collections::BTreeSet::from([line.map(|c| c.text.clone()).unwrap_or_default()]);
    cleared.switch_off(&off);
    assert!(costs(&doc.encounter, &cleared).is_empty());
    // The roller cannot be its own teammate.
    let own = attack(
        &doc.encounter,
        &CheckSetup::PostCore(ActionRoll::default()),
        vec![ASH],
    );
    assert!(
        !own.contributions
            .iter()
            .any(|c| c.source == Source::Teamwork)
    );
}

/// Item 12. Post core, Action roll: "4-5: Mixed Success (Low Effect + Consequence equal to
/// Risk)", "1-3: Failure (Consequence equal to Risk)" — the consequence is the roller's.
#[test]
fn a_mixed_success_or_failure_brings_the_roller_its_consequence() {
    let mut e = scene(RuleSystem::PostCore);
    e.combat.trackers.insert(ASH, post([1, 1, 1], 2, 6));
    e.combat.trackers.insert(BRUTE, post([1, 1, 1], 3, 6));
    let high = ActionRoll {
        risk: Risk::High,
        ..ActionRoll::default()
    };
    let filled = attack(&e, &CheckSetup::PostCore(high), Vec::new());
    let rolled = |outcome: ActionOutcome| {
        let (effect, consequence) = high.scores(outcome);
        CheckOutcome::PostCore(ActionResult {
            dice: Vec::new(),
            outcome,
            effect,
            consequence,
        })
    };
    // High risk is a consequence of 3, on a failure and on a mixed success alike.
    for outcome in [ActionOutcome::Failure, ActionOutcome::MixedSuccess] {
        let Some(c) = roller_consequence(&e, &filled, &rolled(outcome)) else {
            panic!("{outcome:?} brings a consequence");
        };
        assert_eq!((c.token, c.score), (ASH, 3));
    }
    // A full success or a critical brings none.
    for outcome in [ActionOutcome::FullSuccess, ActionOutcome::Critical] {
        assert_eq!(roller_consequence(&e, &filled, &rolled(outcome)), None);
    }
    // Landed as harm on HP 2 (Post core, Damage): HP 0, and going below 0 costs one STR.
    let landed = post_consequence(&e, ASH, 3, Takes::Hp);
    assert_eq!(landed.lines[0], "Ash loses 2 HP and 1 STR");
    let mut doc = Document::new(e, None);
    apply(&mut doc, landed.commands);
    let ash = post_of(&doc.encounter, ASH);
    assert_eq!((ash.hp, ash.attributes[0]), (0, 0));
    // The GM rolling for the world has nobody to bring it to.
    let world = build(
        &doc.encounter,
        &ActionRequest::default(),
        &CheckSetup::PostCore(high),
    );
    assert_eq!(
        roller_consequence(&doc.encounter, &world, &rolled(ActionOutcome::Failure)),
        None
    );
}

/// Item 13. Post core, Action roll: "66: Critical Success" needs two dice; a pool of 0 (two
/// dice, the lowest read) or 1 cannot roll it, and its odds are exactly 0, never "-0.0".
#[test]
fn a_pool_that_cannot_roll_66_shows_zero() {
    for size in [0, 1] {
        let p = pool_odds(size).probability(&PoolReading::DoubleSix);
        assert_eq!(p.to_bits(), 0.0f64.to_bits(), "pool of {size}: {p:e}");
        assert_eq!(format!("{:.1}", p * 100.0), "0.0");
        let listed = ActionRoll {
            attribute: u8::try_from(size).unwrap_or(0),
            ..ActionRoll::default()
        }
        .odds()
        .probability(&ActionOutcome::Critical);
        assert_eq!(format!("{:.1}", listed * 100.0), "0.0");
    }
    // Two dice: both sixes is 1/36.
    assert!((pool_odds(2).probability(&PoolReading::DoubleSix) - 1.0 / 36.0).abs() < 1e-12);
}

/// Item 14. 3d6, Level, Tier, and Advancement: "Typically there are 3 Tiers representing Level
/// 1-3, Level 4-6, and Level 7-9", and "there might also be a level 0". A token whose level
/// was never set has no tier, so no tier line; level 0 is tier 0.
#[test]
fn three_d6_tier_needs_both_levels_and_level_zero_is_real() {
    let mut e = scene(RuleSystem::ThreeD6);
    let sheet = |level| {
        TokenTrackers::ThreeD6(ThreeD6Token {
            level,
            ..ThreeD6Token::default()
        })
    };
    let tier_lines = |e: &Encounter| {
        let request = ActionRequest {
            actor: Some(ASH),
            targets: vec![BRUTE],
            attack: true,
            ..ActionRequest::default()
        };
        let filled = build(e, &request, &CheckSetup::ThreeD6(ThreeD6Check::default()));
        filled
            .contributions
            .iter()
            .filter_map(|c| match c.lever {
                Lever::Tier(t) => Some((c.text.clone(), t)),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    // Ash's level never set, Brute level 5 (tier 2): no tier line, and the check says why.
    e.combat.trackers.insert(ASH, sheet(None));
    e.combat.trackers.insert(BRUTE, sheet(Some(5)));
    assert!(tier_lines(&e).is_empty());
    let request = ActionRequest {
        actor: Some(ASH),
        targets: vec![BRUTE],
        attack: true,
        ..ActionRequest::default()
    };
    let filled = build(&e, &request, &CheckSetup::ThreeD6(ThreeD6Check::default()));
    assert!(
        filled
            .stand_ins
            .iter()
            .any(|s| s.token == ASH && s.text.contains("no level"))
    );
    // Ash at the prologue level 0 (tier 0) against tier 2: one Disadvantage.
    e.combat.trackers.insert(ASH, sheet(Some(0)));
    assert_eq!(
        tier_lines(&e),
        vec![("tier 0 against tier 2".to_owned(), TierRelation::Above)]
    );
    // The starting sheet is level 1.
    let start = lantern::rules::system(RuleSystem::ThreeD6).starting_sheet(Side::Party);
    assert!(matches!(start, TokenTrackers::ThreeD6(t) if t.level == Some(1)));
    // Saved: 1–10 as "level", 0 as "prologue", unset as neither; an older file's "level": 0
    // (every new token's default before levels could be unset) reads as not set.
    let read = |json: &str| serde_json::from_str::<ThreeD6Token>(json).map(|t| t.level);
    assert_eq!(read(r#"{"level": 4}"#).ok(), Some(Some(4)));
    assert_eq!(read(r#"{"level": 0}"#).ok(), Some(None));
    assert_eq!(read(r#"{"prologue": true}"#).ok(), Some(Some(0)));
    assert_eq!(read("{}").ok(), Some(None));
    assert!(read(r#"{"level": 3, "prologue": true}"#).is_err());
    assert!(read(r#"{"level": 11}"#).is_err());
    for level in [None, Some(0), Some(7)] {
        let t = ThreeD6Token {
            level,
            ..ThreeD6Token::default()
        };
        let json = serde_json::to_string(&t).unwrap_or_default();
        assert_eq!(read(&json).ok(), Some(level), "{json}");
    }
}

/// Item 15. Neither Post core nor 3d6 has a cover rule: cover is a GM ruling, off by default,
/// shown switched off with its reason; on, it applies (Post risk one step higher, 3d6 one
/// Disadvantage). Evening's own cover rule applies whatever the ruling.
#[test]
fn cover_is_a_ruling_in_post_and_three_d6() {
    let cover = |filled: &FilledCheck| {
        filled
            .contributions
            .iter()
            .find(|c| c.source == Source::Cover)
            .cloned()
            .unwrap_or_else(|| panic!("no cover line"))
    };
    // Post, ruling off: the line is there, off, with why; the risk stays Low.
    let mut e = scene(RuleSystem::PostCore);
    e.combat.trackers.insert(ASH, post([1, 2, 1], 3, 6));
    let low = CheckSetup::PostCore(ActionRoll {
        risk: Risk::Low,
        ..ActionRoll::default()
    });
    let mut filled = attack(&e, &low, Vec::new());
    let line = cover(&filled);
    assert_eq!((line.on, line.lever), (false, Lever::RiskUp));
    assert!(
        line.off_because
            .is_some_and(|why| why.contains("no cover rule"))
    );
    // The GM's cleared boxes never switch it on.
    filled.switch_off(&std::collections::BTreeSet::new());
    assert!(!cover(&filled).on);
    assert!(matches!(filled.setup(), CheckSetup::PostCore(r) if r.risk == Risk::Low));
    // Turned on as one command: Low one step higher is Mixed; undo turns it off again.
    let mut doc = Document::new(e, None);
    let Ok(()) = doc.apply(Command::SetRulings(Rulings { cover: true })) else {
        panic!("a ruling is never refused");
    };
    let on = attack(&doc.encounter, &low, Vec::new());
    assert!(cover(&on).on);
    assert!(matches!(on.setup(), CheckSetup::PostCore(r) if r.risk == Risk::Mixed));
    // Saved with the encounter.
    let json = serde_json::to_string(&doc.encounter).unwrap_or_default();
    let back: Encounter = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert!(back.rulings.cover);
    assert!(doc.undo().is_ok());
    assert!(!doc.encounter.rulings.cover);
    // 3d6, ruling off: a Disadvantage shown off; on, it counts.
    let mut d6 = scene(RuleSystem::ThreeD6);
    let base = CheckSetup::ThreeD6(ThreeD6Check::default());
    let off = attack(&d6, &base, Vec::new());
    assert_eq!((cover(&off).on, cover(&off).lever), (false, Lever::Harder));
    assert!(matches!(off.setup(), CheckSetup::ThreeD6(c) if c.net_edge() == 0));
    d6.rulings.cover = true;
    let on = attack(&d6, &base, Vec::new());
    assert!(matches!(on.setup(), CheckSetup::ThreeD6(c) if c.net_edge() == -1));
    // Evening: half cover (2 of 4 corners blocked) raises the TN by 3, ruling or not.
    let evening = scene(RuleSystem::Evening);
    let base = lantern::combat::action::default_base(RuleSystem::Evening, true);
    let filled = attack(&evening, &base, Vec::new());
    assert_eq!(
        (cover(&filled).on, cover(&filled).lever),
        (true, Lever::TnShift(3))
    );
}
