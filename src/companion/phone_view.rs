//! A claimed phone's snapshot: its hero's [`PlayersView`] as JSON, with the hero's own sheet and
//! what the player may do now. Nothing here decides what the players may see: the map part is
//! the view, put into words; the rest is the hero's own.

use serde::Serialize;

use super::hero::{HeroSheet, hero_sheet};
use super::host::Permissions;
use crate::board::Scene;
use crate::board::footprint::footprint_centre;
use crate::model::{Encounter, GridKind, Side, TokenId, WallKind};
use crate::view::{PlayersView, ShownCell};

/// The whole snapshot one phone holds.
#[derive(Clone, Debug, Serialize)]
pub struct PhoneView {
    t: &'static str,
    /// The document revision it was made at.
    pub revision: u64,
    pub encounter: String,
    pub system: &'static str,
    pub map: MapText,
    /// The cells as [`crate::view::ShownCells::runs`] writes them.
    pub cells: String,
    pub walls: Vec<WallText>,
    pub tokens: Vec<TokenText>,
    pub areas: Vec<AreaText>,
    pub banner: Option<BannerText>,
    pub hero: HeroSheet,
    /// What the player may do now (the GM's switches and the state of the fight).
    pub may: May,
    /// The pings showing on the table's windows now (the host adds them).
    pub pings: Vec<PingText>,
}

/// A ping the GM or the table made: the players' window shows it over everything, so every
/// phone is told of it too, with how long it has left to show.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PingText {
    /// The same for one ping in every view that carries it, so a phone animates it once.
    pub id: u64,
    /// Where, in map space.
    pub at: [f64; 2],
    /// How long it still shows, in milliseconds.
    pub ms: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct MapText {
    /// `square`, `hex_flat`, `hex_pointy` or `gridless`.
    pub grid: &'static str,
    pub width: u32,
    pub height: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct WallText {
    pub a: [f64; 2],
    pub b: [f64; 2],
    /// `wall`, `door`, `open_door` or `window`.
    pub kind: &'static str,
}

#[derive(Clone, Debug, Serialize)]
pub struct TokenText {
    pub id: u64,
    pub name: String,
    /// `party`, `ally`, `enemy` or `neutral`.
    pub side: &'static str,
    /// The anchor cell.
    pub cell: [i32; 2],
    /// The footprint's centre, in map space.
    pub centre: [f64; 2],
    /// The disc's radius in cells.
    pub radius: f64,
    /// `#rrggbb`.
    pub color: String,
    pub conditions: Vec<String>,
    pub current: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct AreaText {
    pub id: u64,
    /// The cells inside that show (offsets `[column, row]`).
    pub cells: Vec<[i32; 2]>,
}

#[derive(Clone, Debug, Serialize)]
pub struct BannerText {
    pub round: u32,
    pub turn: Option<String>,
}

/// What the player may do now.
#[expect(
    clippy::struct_excessive_bools,
    reason = "one flag per thing the page offers"
)]
#[derive(Clone, Debug, Default, Serialize)]
pub struct May {
    pub move_token: bool,
    pub end_turn: bool,
    pub reaction: bool,
    pub attack: bool,
    /// Make the hero's own momentum choices (GFH).
    pub momentum: bool,
}

/// The snapshot for `hero`'s phone from its `view`.
pub fn phone_view(
    encounter: &Encounter,
    scene: &Scene,
    view: &PlayersView,
    hero: TokenId,
    revision: u64,
    permissions: Permissions,
) -> PhoneView {
    let map = &encounter.map;
    let walls = encounter
        .walls
        .iter()
        .zip(&view.board.walls)
        .filter(|(_, shown)| **shown)
        .map(|(w, _)| WallText {
            a: [w.a.x, w.a.y],
            b: [w.b.x, w.b.y],
            kind: match w.kind {
                WallKind::Wall => "wall",
                WallKind::Door { open: false } => "door",
                WallKind::Door { open: true } => "open_door",
                WallKind::Window => "window",
            },
        })
        .collect();
    let tokens = view
        .tokens
        .iter()
        .map(|t| {
            let centre = footprint_centre(map.grid, t.size, t.cell);
            TokenText {
                id: t.id.0,
                name: t.name.clone(),
                side: side_word(t.side),
                cell: [t.cell.x, t.cell.y],
                centre: [centre.x, centre.y],
                radius: 0.42 * f64::from(t.size.space_cells()),
                color: colour(t.color, t.side),
                conditions: t.conditions.clone(),
                current: t.current,
            }
        })
        .collect();
    let areas = view
        .areas
        .iter()
        .filter_map(|id| encounter.areas.iter().find(|a| a.id == *id))
        .filter_map(|area| {
            let placed = scene.place_area(area).ok()?;
            // Only the cells the view shows: an area says nothing of a hidden cell.
            let cells = scene
                .area_cells(&placed)
                .into_iter()
                .map(|c| map.offset_of(c))
                .filter(|&(col, row)| view.board.cells.at_offset(col, row) != ShownCell::Hidden)
                .map(|(col, row)| [col, row])
                .collect();
            Some(AreaText {
                id: area.id.0,
                cells,
            })
        })
        .collect();
    let banner = view.banner.as_ref().map(|b| BannerText {
        round: b.round,
        turn: view.turn_name().map(str::to_owned),
    });
    let sheet = hero_sheet(encounter, hero);
    let may = May {
        move_token: permissions.move_token && sheet.its_turn,
        end_turn: permissions.end_turn && sheet.its_turn,
        reaction: permissions.spend && sheet.reaction_available && !sheet.its_turn,
        attack: permissions.attack && sheet.its_turn,
        momentum: permissions.spend && sheet.its_turn,
    };
    PhoneView {
        t: "view",
        revision,
        encounter: encounter.name.clone(),
        system: encounter.system.label(),
        map: MapText {
            grid: grid_word(map.grid),
            width: map.width_cells,
            height: map.height_cells,
        },
        cells: view.board.cells.runs(),
        walls,
        tokens,
        areas,
        banner,
        hero: sheet,
        may,
        pings: Vec::new(),
    }
}

fn grid_word(grid: GridKind) -> &'static str {
    match grid {
        GridKind::Square => "square",
        GridKind::HexFlat => "hex_flat",
        GridKind::HexPointy => "hex_pointy",
        GridKind::Gridless => "gridless",
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Party => "party",
        Side::Ally => "ally",
        Side::Enemy => "enemy",
        Side::Neutral => "neutral",
    }
}

/// The token's colour, or its side's.
fn colour(color: Option<[u8; 3]>, side: Side) -> String {
    let [r, g, b] = color.unwrap_or(match side {
        Side::Party => [70, 130, 220],
        Side::Ally => [80, 170, 110],
        Side::Enemy => [200, 70, 60],
        Side::Neutral => [170, 160, 120],
    });
    format!("#{r:02x}{g:02x}{b:02x}")
}
