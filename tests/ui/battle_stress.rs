//! Road and Ruin's round end and Breather in the real app: a fight where Ash stands beside a
//! hostile Brute in plain sight ends its first round (10 time pips, Hastened Time); the
//! Initiative pane offers Battle Stress (COMBAT, HEALTH: a whole round under the eye and blade
//! of a creature that could strike costs 1 SF) to both, Apply takes 1 SF from each, Ctrl+Z gives
//! it back; the Trackers pane's Breather (EXERTION) brings Ash's Exertion up.

use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::model::{Cell, Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::TokenTrackers;
use lantern::rules::road_and_ruin::{Pool, RrToken};

use super::support::map_harness;

const ASH: TokenId = TokenId(1);
const BRUTE: TokenId = TokenId(2);
const OFFER: &str = "Battle Stress — end of round 1";

/// Ash (party) at (2, 2) and the Brute (enemy) at (3, 2), nothing between; Cora (party) far
/// off at (9, 7). Each has 3 SF and an Endurance of 3 (30 Exertion); Ash is down to 4.
fn board() -> Encounter {
    let mut e = Encounter::new("round end", RuleSystem::RoadAndRuin);
    e.map.width_cells = 12;
    e.map.height_cells = 10;
    for (id, name, side, x, y, exertion) in [
        (ASH, "Ash", Side::Party, 2, 2, 4),
        (BRUTE, "Brute", Side::Enemy, 3, 2, 30),
        (TokenId(3), "Cora", Side::Party, 9, 7, 30),
    ] {
        e.tokens.push(Token::new(id, name, side, Cell::new(x, y)));
        let pools = RrToken {
            endurance: 3,
            current: [10, 3, exertion, 0, 0],
            max: [10, 3, 0, 0, 0],
            armour: 0,
            ..RrToken::default()
        };
        e.combat
            .trackers
            .insert(id, TokenTrackers::RoadAndRuin(pools));
    }
    e
}

fn pool(h: &Harness<'_, LanternApp>, id: TokenId, pool: Pool) -> u32 {
    match h.state().document.encounter.sheet(id) {
        Some(TokenTrackers::RoadAndRuin(t)) => t.get(pool),
        other => panic!("a Road and Ruin token: {other:?}"),
    }
}

#[test]
fn a_round_under_a_hostiles_blade_offers_battle_stress_and_a_breather_restores_exertion() {
    let mut h = map_harness(board());
    h.state_mut().show_pane(Pane::Initiative);
    h.run();
    h.get_by_label("⚔ Start initiative").click();
    h.run();
    for _ in 0..10 {
        assert!(
            h.query_by_label(OFFER).is_none(),
            "not before the round ends"
        );
        h.get_by_label("Next pip ▶").click();
        h.run();
    }
    assert_eq!(h.state().document.encounter.combat.initiative.round, 2);
    h.get_by_label(OFFER);
    assert!(
        h.query_by_label_contains("Ash, Brute: lose 1 Steadfast")
            .is_some()
    );
    h.get_by_label("Apply Battle Stress").click();
    h.run();
    assert_eq!(pool(&h, ASH, Pool::Steadfast), 2);
    assert_eq!(pool(&h, BRUTE, Pool::Steadfast), 2);
    assert_eq!(pool(&h, TokenId(3), Pool::Steadfast), 3, "Cora stood apart");
    assert!(h.query_by_label(OFFER).is_none(), "applied");

    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(pool(&h, ASH, Pool::Steadfast), 3, "one Ctrl+Z undoes both");
    assert_eq!(pool(&h, BRUTE, Pool::Steadfast), 3);
    h.get_by_label(OFFER);

    // The Breather, from Ash's trackers (open: Ash is selected).
    h.state_mut().selection.insert(ASH);
    h.state_mut().show_pane(Pane::Trackers);
    h.run();
    assert!(
        h.query_by_label("Exhausted").is_some(),
        "4 of 30 is under half"
    );
    h.get_by_label("Breather").click();
    h.run();
    let after = pool(&h, ASH, Pool::Exertion);
    // 1d10 plus an Outcome d10 with no proficiency: 2 to 20 back.
    assert!((6..=24).contains(&after), "Exertion 4 → {after}");
    let log = h.state().document.encounter.combat.log.last().cloned();
    assert_eq!(log.map(|l| l.what), Some("Breather".to_owned()));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(pool(&h, ASH, Pool::Exertion), 4, "one step");
}
