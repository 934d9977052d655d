//! What the players may see (`view::PlayersView`), decided once: a hero's phone never shows more
//! than the players' window, and neither shows a GM-only token or area. Random encounters with
//! hidden and GM-only tokens, GM-only areas, fog (explored, revealed, hidden by the GM),
//! darkness, lights and walls.

use lantern::board::Scene;
use lantern::board::fog::CellFog;
use lantern::board::lit_board::LitBoard;
use lantern::combat::initiative::{Combatant, Initiative, Mode};
use lantern::model::{
    Ambient, AreaId, AreaSelect, AreaShape, AreaSize, AreaTemplate, Cell, Encounter, GridPoint,
    Light, LightKind, RuleSystem, Side, Token, TokenId, Wall, WallId, WallKind,
};
use lantern::view::{PlayersView, ShownCell};
use proptest::prelude::*;

/// A random token: its cell, side, whether it is GM-only.
type TokenSeed = ((i32, i32), u8, bool);

/// A random wall: its ends and its kind.
type WallSeed = ((u8, u8), (u8, u8), u8);

/// A random encounter: map size, ambient light, walls, tokens, areas, fog marks and lights.
#[derive(Clone, Debug)]
pub struct Seed {
    pub size: (u32, u32),
    pub dark: u8,
    pub walls: Vec<WallSeed>,
    pub tokens: Vec<TokenSeed>,
    pub areas: Vec<((u8, u8), bool)>,
    pub fog: bool,
    pub explored: Vec<(u8, u8)>,
    pub revealed: Vec<(u8, u8)>,
    pub hidden: Vec<(u8, u8)>,
    pub lights: Vec<(u8, u8)>,
    pub turn: usize,
}

pub fn seeds() -> impl Strategy<Value = Seed> {
    let cell = || (0u8..16, 0u8..12);
    (
        (4u32..16, 4u32..12),
        0u8..3,
        prop::collection::vec((cell(), cell(), 0u8..4), 0..8),
        prop::collection::vec(((0i32..16, 0i32..12), 0u8..4, any::<bool>()), 1..10),
        prop::collection::vec((cell(), any::<bool>()), 0..4),
        any::<bool>(),
        (
            prop::collection::vec(cell(), 0..30),
            prop::collection::vec(cell(), 0..6),
            prop::collection::vec(cell(), 0..6),
            prop::collection::vec(cell(), 0..3),
        ),
        0usize..10,
    )
        .prop_map(
            |(
                size,
                dark,
                walls,
                tokens,
                areas,
                fog,
                (explored, revealed, hidden, lights),
                turn,
            )| {
                Seed {
                    size,
                    dark,
                    walls,
                    tokens,
                    areas,
                    fog,
                    explored,
                    revealed,
                    hidden,
                    lights,
                    turn,
                }
            },
        )
}

fn point((x, y): (u8, u8)) -> GridPoint {
    GridPoint::new(f64::from(x), f64::from(y))
}

fn cell((x, y): (u8, u8)) -> Cell {
    Cell::new(i32::from(x), i32::from(y))
}

/// The encounter a seed stands for; every token's name and notes are unique words, so a test
/// can look for them in what a phone receives.
pub fn encounter(seed: &Seed) -> Encounter {
    let mut enc = Encounter::new("secrets", RuleSystem::GoForthHeroes);
    (enc.map.width_cells, enc.map.height_cells) = seed.size;
    enc.ambient = [Ambient::Bright, Ambient::Dim, Ambient::Dark][usize::from(seed.dark)];
    for (i, (a, b, kind)) in seed.walls.iter().enumerate() {
        enc.walls.push(Wall {
            id: WallId(i as u64 + 1),
            a: point(*a),
            b: point(*b),
            kind: match kind {
                0 | 1 => WallKind::Wall,
                2 => WallKind::Door { open: false },
                _ => WallKind::Window,
            },
        });
    }
    let (w, h) = (seed.size.0 as i32, seed.size.1 as i32);
    for (i, ((x, y), side, gm_only)) in seed.tokens.iter().enumerate() {
        let side = [Side::Party, Side::Enemy, Side::Ally, Side::Neutral][usize::from(*side)];
        let mut token = Token::new(
            TokenId(i as u64 + 1),
            format!("Name{i}x"),
            side,
            Cell::new(x % w, y % h),
        );
        token.gm_only = *gm_only;
        token.notes = format!("Secretnote{i}x");
        enc.tokens.push(token);
    }
    for (i, (at, gm_only)) in seed.areas.iter().enumerate() {
        enc.areas.push(AreaTemplate {
            id: AreaId(i as u64 + 1),
            shape: AreaShape::Sphere {
                radius: AreaSize::Cells(1.5),
            },
            origin: point(*at),
            toward: point(*at),
            source: None,
            follows: false,
            select: AreaSelect::Everyone,
            gm_only: *gm_only,
            effect: None,
        });
    }
    enc.fog.enabled = seed.fog;
    enc.fog.explored = seed.explored.iter().map(|c| cell(*c)).collect();
    enc.fog.revealed = seed.revealed.iter().map(|c| cell(*c)).collect();
    enc.fog.hidden = seed.hidden.iter().map(|c| cell(*c)).collect();
    for at in &seed.lights {
        enc.lights.push(Light::preset(LightKind::Torch, point(*at)));
    }
    let combatants = enc.tokens.iter().map(|t| Combatant::new(t.id)).collect();
    let (init, _) = Initiative::start(Mode::Ordered, combatants, false);
    enc.combat.initiative = init;
    for _ in 0..seed.turn % enc.tokens.len() {
        let sides = |_| Side::Party;
        let _ = enc.combat.initiative.next_turn(&sides, None);
    }
    enc
}

pub fn lit(enc: &Encounter) -> LitBoard {
    LitBoard::work_out(&Scene::new(enc), enc, None, &|_| true)
        .unwrap_or_else(|| LitBoard::unlit(&enc.map, enc.ambient))
}

/// `hero`'s view shows nothing `party`'s does not.
pub fn assert_within(enc: &Encounter, hero: &PlayersView, party: &PlayersView) {
    for token in &hero.tokens {
        assert_eq!(party.token(token.id), Some(token), "{}", token.name);
        let gm_only = enc.token(token.id).is_none_or(|t| t.gm_only);
        assert!(!gm_only, "GM-only {} shown", token.name);
    }
    for area in &hero.areas {
        assert!(party.shows_area(*area));
        assert!(!enc.areas.iter().any(|a| a.id == *area && a.gm_only));
    }
    let (w, h) = hero.board.cells.size();
    for row in 0..h as i32 {
        for col in 0..w as i32 {
            match (
                hero.board.cells.at_offset(col, row),
                party.board.cells.at_offset(col, row),
            ) {
                (ShownCell::Hidden, _) | (ShownCell::Visible(_), ShownCell::Visible(_)) => {}
                (ShownCell::Explored, p) => assert_ne!(p, ShownCell::Hidden, "({col}, {row})"),
                (hero, party) => panic!("({col}, {row}): hero {hero:?}, party {party:?}"),
            }
        }
    }
    for (i, (h, p)) in hero.board.walls.iter().zip(&party.board.walls).enumerate() {
        assert!(!h || *p, "wall {i}");
    }
    if let Some(turn) = hero.banner.as_ref().and_then(|b| b.turn) {
        assert_eq!(party.banner.as_ref().and_then(|b| b.turn), Some(turn));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_heros_view_shows_nothing_the_players_window_does_not(seed in seeds()) {
        let enc = encounter(&seed);
        let board = lit(&enc);
        let party = PlayersView::party(&enc, Some(&board), enc.fog.enabled);
        for token in &party.tokens {
            prop_assert!(!enc.token(token.id).unwrap().gm_only);
            if enc.fog.enabled {
                let map = &enc.map;
                let visible = lantern::board::footprint::footprint_cells(map.grid, token.size, token.cell)
                    .into_iter()
                    .any(|c| party.board.cells.fog_at(map, c) == CellFog::Visible);
                prop_assert!(visible, "{} shown on a cell not visible", token.name);
            }
        }
        for hero in enc.tokens.iter().filter(|t| t.side == Side::Party) {
            let view = PlayersView::hero(&enc, &board, hero.id).unwrap();
            assert_within(&enc, &view, &party);
        }
    }
}

#[test]
fn with_fog_on_a_token_out_of_sight_is_not_shown_and_the_banner_does_not_name_it() {
    // A wall between Kestrel and the goblin whose turn it is.
    let seed = Seed {
        size: (10, 5),
        dark: 0,
        walls: vec![((5, 0), (5, 5), 0)],
        tokens: vec![((1, 2), 0, false), ((8, 2), 1, false), ((2, 2), 1, true)],
        areas: vec![((2, 2), true), ((1, 1), false)],
        fog: true,
        explored: Vec::new(),
        revealed: Vec::new(),
        hidden: Vec::new(),
        lights: Vec::new(),
        turn: 1,
    };
    let enc = encounter(&seed);
    let board = lit(&enc);
    let party = PlayersView::party(&enc, Some(&board), true);
    let shown: Vec<&str> = party.tokens.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        shown,
        ["Name0x"],
        "the goblin behind the wall and the GM-only one stay unsaid"
    );
    assert_eq!(
        party.banner.as_ref().map(|b| (b.round, b.turn)),
        Some((1, None))
    );
    assert_eq!(party.areas, [AreaId(2)]);
    let hero = PlayersView::hero(&enc, &board, TokenId(1)).unwrap();
    assert_eq!(
        hero.tokens, party.tokens,
        "one hero sees what the party sees"
    );
    assert_within(&enc, &hero, &party);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// What a phone is sent (its hero's view in words, with the sheet) names no token the
    /// players' window does not show, no note, and no GM-only token or area.
    #[test]
    fn a_phone_is_sent_nothing_the_players_window_would_not_show(seed in seeds()) {
        use lantern::companion::Permissions;
        use lantern::companion::phone_view::phone_view;
        let enc = encounter(&seed);
        let board = lit(&enc);
        let scene = Scene::new(&enc);
        let party = PlayersView::party(&enc, Some(&board), enc.fog.enabled);
        for hero in enc.tokens.iter().filter(|t| t.side == Side::Party && !t.gm_only) {
            let view = PlayersView::hero(&enc, &board, hero.id).unwrap();
            let sent = phone_view(&enc, &scene, &view, hero.id, 1, Permissions::default());
            let text = serde_json::to_string(&sent).unwrap();
            for token in &enc.tokens {
                prop_assert!(!text.contains(&token.notes), "{} leaked", token.notes);
                if !party.shows_token(token.id) && token.id != hero.id {
                    prop_assert!(!text.contains(&token.name), "{} leaked", token.name);
                }
            }
            let json: serde_json::Value = serde_json::from_str(&text).unwrap();
            for area in json["areas"].as_array().unwrap() {
                let id = AreaId(area["id"].as_u64().unwrap());
                prop_assert!(party.shows_area(id));
            }
            let hidden_party = party.board.cells.runs().matches('h').count();
            prop_assert!(hidden_party <= text.len());
        }
    }
}
