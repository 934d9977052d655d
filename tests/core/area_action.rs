//! An action against everyone in an area: GFH rolls once and judges that roll against each
//! target's own Defense; Evening rolls once per target (each hero caught makes their own save).

use std::collections::BTreeSet;

use lantern::combat::action::ActionRequest;
use lantern::combat::area_action::roll_against_each;
use lantern::dice::DiceRng;
use lantern::model::{Cell, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::go_forth_heroes::{Attribute, Attributes, GfhCheck, GfhOutcome, GfhToken};
use lantern::rules::{CheckOutcome, CheckSetup, TokenTrackers};

const ASH: TokenId = TokenId(1);
const BRUTE: TokenId = TokenId(2);
const RUNT: TokenId = TokenId(3);

fn three(system: RuleSystem) -> Encounter {
    let mut e = Encounter::new("area", system);
    e.tokens
        .push(Token::new(ASH, "Ash", Side::Party, Cell::new(0, 0)));
    e.tokens
        .push(Token::new(BRUTE, "Brute", Side::Enemy, Cell::new(3, 0)));
    e.tokens
        .push(Token::new(RUNT, "Runt", Side::Enemy, Cell::new(3, 1)));
    e
}

fn request() -> ActionRequest {
    ActionRequest {
        actor: Some(ASH),
        targets: vec![BRUTE, RUNT],
        attack: true,
        attribute: Some(Attribute::Finesse),
        ..ActionRequest::default()
    }
}

/// GFH, Defenses: Body = 10 + Might + Agility, so the Brute (Might 1, Agility 2) has 13 and the
/// Runt (all 0) 10. GFH, Gambits (Area): one roll against every creature in the space, so both
/// results carry the same d20 and check total; each is a Hit exactly when that total reaches
/// its own Defense.
#[test]
fn gfh_one_roll_is_judged_against_each_defense() {
    let mut e = three(RuleSystem::GoForthHeroes);
    let gfh = |attributes| {
        TokenTrackers::GoForthHeroes(GfhToken {
            attributes,
            ..GfhToken::default()
        })
    };
    let per_token = &mut e.combat.trackers;
    per_token.insert(
        ASH,
        gfh(Attributes {
            finesse: 3,
            ..Attributes::default()
        }),
    );
    per_token.insert(
        BRUTE,
        gfh(Attributes {
            might: 1,
            agility: 2,
            ..Attributes::default()
        }),
    );
    per_token.insert(RUNT, gfh(Attributes::default()));
    let base = CheckSetup::GoForthHeroes(GfhCheck::default());
    for seed in 0..40 {
        let mut rng = DiceRng::seeded(seed);
        let results = roll_against_each(&e, &request(), &base, &BTreeSet::new(), 6, &mut rng);
        let rolls: Vec<_> = results
            .iter()
            .map(|r| match &r.outcome {
                CheckOutcome::GoForthHeroes(roll) => roll.clone(),
                other => panic!("not a GFH roll: {other:?}"),
            })
            .collect();
        assert_eq!(results[0].target, BRUTE);
        assert_eq!(results[1].target, RUNT);
        assert_eq!(rolls[0].dice, rolls[1].dice, "one roll");
        assert_eq!(rolls[0].check_total, rolls[1].check_total);
        assert_eq!((rolls[0].tn, rolls[1].tn), (13, 10));
        for roll in &rolls {
            let hit = roll.check_total >= roll.tn;
            assert_eq!(roll.outcome == GfhOutcome::Hit, hit, "{roll:?}");
        }
    }
}

/// Evening: the players roll every die, so each hero caught in a threat's area rolls their
/// own: the two results come from separate rolls, each filled against its own target alone.
#[test]
fn evening_rolls_once_per_target() {
    let e = three(RuleSystem::Evening);
    let base = lantern::combat::action::default_base(RuleSystem::Evening, true);
    let mut differed = false;
    for seed in 0..40 {
        let mut rng = DiceRng::seeded(seed);
        let results = roll_against_each(&e, &request(), &base, &BTreeSet::new(), 6, &mut rng);
        assert_eq!(results.len(), 2);
        assert_eq!(results[0].filled.targets, vec![BRUTE]);
        assert_eq!(results[1].filled.targets, vec![RUNT]);
        differed |= results[0].outcome.dice() != results[1].outcome.dice();
    }
    assert!(differed, "forty pairs of separate rolls never all match");
}

/// Evening, Damage & Health (Applying damage): a source that deals damage to several targets
/// rolls its damage once and applies it to each. With +30 against TN 10 every natural but a 1
/// hits, so whenever both targets are hit without a critical (a natural 20 doubles the dice),
/// both take the same rolled damage.
#[test]
fn evening_area_damage_is_rolled_once_for_every_target() {
    use lantern::rules::evening::{EveningCheck, EveningOutcome};
    let e = three(RuleSystem::Evening);
    let base = CheckSetup::Evening(EveningCheck {
        modifier: 30,
        ..EveningCheck::default()
    });
    let request = ActionRequest {
        attribute: None,
        ..request()
    };
    let mut compared = 0;
    for seed in 0..40 {
        let mut rng = DiceRng::seeded(seed);
        let results = roll_against_each(&e, &request, &base, &BTreeSet::new(), 6, &mut rng);
        let plain_hit = |o: &CheckOutcome| {
            matches!(o, CheckOutcome::Evening(r)
                if matches!(r.outcome, EveningOutcome::Success(_)) && !r.critical)
        };
        if results.iter().all(|r| plain_hit(&r.outcome)) {
            compared += 1;
            assert_eq!(results[0].amount, results[1].amount, "seed {seed}");
            assert!((1..=6).contains(&results[0].amount));
        }
    }
    assert!(compared > 20, "only {compared} seeds hit both");
}
