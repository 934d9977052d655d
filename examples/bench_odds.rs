//! Median time to compute exact odds for the heaviest check of each rule system.
//!
//! Run with `cargo run --release --example bench_odds`. Each line reads
//! `odds_<system>_ms: <median> ms`; every figure should stay under 5 ms.

use std::hint::black_box;
use std::time::Instant;

use lantern::rules::evening::{
    Affinity, DamageRoll, EveningCheck, GroupCheck, ThreatProfile, ThreatTrait,
};
use lantern::rules::go_forth_heroes::{Boost, GfhCheck, Target, TnTier};
use lantern::rules::post_core::{ActionRoll, ResistanceRoll, Risk};
use lantern::rules::road_and_ruin::{AttackDie, AttackRoll, Exhaustion, OutcomeCheck};
use lantern::rules::three_d6::{ThreeD6Check, TierRelation};

const RUNS: usize = 201;

/// Median wall time of `RUNS` calls, in milliseconds.
fn median_ms(mut work: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[RUNS / 2]
}

/// GFH: Doom TN (10 + 2d12) with a Power Boost on Effort, plus the Effort distribution.
fn gfh() {
    let check = GfhCheck {
        roll_bonus: 4,
        effort_bonus: 3,
        effort_die: 12,
        target: Target::Tier(TnTier::Doom),
        easy: true,
        modifiers: vec![2, 3, -1],
        boost: Boost::Effort,
        ..GfhCheck::default()
    };
    black_box(check.odds());
    black_box(check.effort_odds());
}

/// Evening: a six-member group check with advantage, and a critical hit from a rating-10
/// Vicious Champion (24d10 + 58 doubled again on the champion attack) on a vulnerable target.
fn evening() {
    let member = EveningCheck {
        modifier: 5,
        tn: 15,
        advantage: true,
        ..EveningCheck::default()
    };
    black_box(
        GroupCheck {
            members: vec![member; 6],
        }
        .odds(),
    );
    let threat = ThreatProfile {
        rating: 10,
        traits: vec![ThreatTrait::Vicious, ThreatTrait::Champion],
    };
    let damage = DamageRoll {
        damage: threat.stats().attacks[0],
        affinity: Affinity::Vulnerable,
        critical: true,
    };
    black_box(damage.odds());
}

/// Road and Ruin: an exhausted, twice-Tiring Outcome roll with an Exertion reroll, and a d12
/// attack with armour and the Special die.
fn road_and_ruin() {
    let check = OutcomeCheck {
        proficiencies: [3, 5],
        specialised: true,
        difficulty: 7,
        tiring: 2,
        exhaustion: Exhaustion::Exhausted,
        exertion_reroll: true,
        ..OutcomeCheck::default()
    };
    black_box(check.odds());
    black_box(
        AttackRoll {
            die: AttackDie::D12,
            modifier: 2,
            armour: 4,
            ..AttackRoll::default()
        }
        .odds(),
    );
}

/// Post core: a pool of 3 + 2 grit dice + 1 teammate die, and a resistance roll with grit.
fn post() {
    let roll = ActionRoll {
        attribute: 3,
        grit_dice: 2,
        teammate_dice: 1,
        risk: Risk::High,
        assistive: true,
        ..ActionRoll::default()
    };
    black_box(roll.odds());
    black_box(
        ResistanceRoll {
            attribute: 2,
            grit: 4,
        }
        .odds(),
    );
}

/// 3d6: three net Advantages (6d6 keep the highest 3) with escalation.
fn three_d6() {
    let check = ThreeD6Check {
        advantage: 3,
        tier: TierRelation::Below,
        escalation: 6,
        add_escalation: true,
        ..ThreeD6Check::default()
    };
    black_box(check.odds());
}

fn main() {
    println!("odds_gfh_ms: {:.4} ms", median_ms(gfh));
    println!("odds_evening_ms: {:.4} ms", median_ms(evening));
    println!("odds_road_and_ruin_ms: {:.4} ms", median_ms(road_and_ruin));
    println!("odds_post_ms: {:.4} ms", median_ms(post));
    println!("odds_3d6_ms: {:.4} ms", median_ms(three_d6));
}
