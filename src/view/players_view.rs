//! [`PlayersView`]: see the module docs of `view`.

use std::collections::HashSet;
use std::sync::Arc;

use crate::board::fog::{CellFog, seen_by_views};
use crate::board::footprint::footprint_cells;
use crate::board::lit_board::LitBoard;
use crate::combat::conditions::on_token;
use crate::model::{AreaId, Cell, Encounter, Rgb, Side, SizeCategory, Token, TokenId};

use super::cells::ShownCells;

/// What the players see of the board itself: each cell, and which walls show. It follows from
/// the lit board and the saved fog only, so the window keeps it while only tokens change.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownBoard {
    pub cells: ShownCells,
    /// One flag per wall of the encounter, in its order: whether the wall shows.
    pub walls: Vec<bool>,
}

impl ShownBoard {
    /// The whole party's board, as the players' window draws it: with `fog_drawn`, the saved fog
    /// over what `board` says the party sees (nothing at all before the first board is worked
    /// out, or while the board is of another map); without, every cell.
    pub fn party(encounter: &Encounter, board: Option<&LitBoard>, fog_drawn: bool) -> Self {
        let map = &encounter.map;
        let cells = if !fog_drawn {
            ShownCells::all_visible(map)
        } else if let Some(board) = board.filter(|b| b.map() == map) {
            ShownCells::under_fog(map, &encounter.fog, &board.seen)
        } else {
            ShownCells::all_hidden(map)
        };
        Self::with_cells(encounter, cells)
    }

    /// One hero's board: the party's explored fog and the GM's marks, but only the cells the
    /// hero itself sees now (its own sight in the light) are visible; with the encounter's fog
    /// off, every cell. Each visible cell carries its light. `None` when `hero` is not a party
    /// token on the map.
    pub fn hero(encounter: &Encounter, board: &LitBoard, hero: TokenId) -> Option<Self> {
        let map = &encounter.map;
        // The board's views are the party's tokens', in token order.
        let index = encounter
            .tokens
            .iter()
            .filter(|t| t.side == Side::Party)
            .position(|t| t.id == hero)?;
        let cells = if !encounter.fog.enabled {
            ShownCells::all_visible(map)
        } else if board.map() == map
            && let Some(view) = board.views.get(index)
        {
            let seen = seen_by_views(map, &board.illumination, std::slice::from_ref(view));
            ShownCells::under_fog(map, &encounter.fog, &seen)
        } else {
            ShownCells::all_hidden(map)
        };
        let cells = cells.with_light(map, &board.illumination);
        Some(Self::with_cells(encounter, cells))
    }

    fn with_cells(encounter: &Encounter, cells: ShownCells) -> Self {
        let walls = encounter
            .walls
            .iter()
            .map(|w| cells.wall_shown(&encounter.map, w))
            .collect();
        Self { cells, walls }
    }

    /// Whether a token of `size` anchored at `cell` stands on a cell shown in full.
    fn shows_footprint(&self, encounter: &Encounter, size: SizeCategory, cell: Cell) -> bool {
        let map = &encounter.map;
        footprint_cells(map.grid, size, cell)
            .into_iter()
            .any(|c| self.cells.fog_at(map, c) == CellFog::Visible)
    }
}

/// A token as the players see it: where it stands, its looks and the conditions the table sees.
/// No notes, sheet or GM-only flag.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownToken {
    pub id: TokenId,
    pub name: String,
    pub side: Side,
    pub size: SizeCategory,
    pub cell: Cell,
    pub color: Option<Rgb>,
    /// The conditions on it, by name.
    pub conditions: Vec<String>,
    /// It is this token's turn.
    pub current: bool,
}

/// The round's banner: the round, and whose turn it is when that token shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Banner {
    pub round: u32,
    pub turn: Option<TokenId>,
}

/// Everything the players may see of an encounter: see the module docs of `view`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayersView {
    pub board: Arc<ShownBoard>,
    /// The tokens shown, in drawing order.
    pub tokens: Vec<ShownToken>,
    /// The kept areas shown, in the encounter's order.
    pub areas: Vec<AreaId>,
    /// `None` while no fight runs.
    pub banner: Option<Banner>,
    shown: HashSet<TokenId>,
}

impl PlayersView {
    /// The players' window's view: the whole party's (see [`ShownBoard::party`]).
    pub fn party(encounter: &Encounter, board: Option<&LitBoard>, fog_drawn: bool) -> Self {
        Self::on(
            encounter,
            Arc::new(ShownBoard::party(encounter, board, fog_drawn)),
        )
    }

    /// One hero's view, for that hero's phone (see [`ShownBoard::hero`]).
    pub fn hero(encounter: &Encounter, board: &LitBoard, hero: TokenId) -> Option<Self> {
        Some(Self::on(
            encounter,
            Arc::new(ShownBoard::hero(encounter, board, hero)?),
        ))
    }

    /// The view over a board already worked out (the window keeps the board while only tokens
    /// move): the tokens, areas and banner it lets the players see.
    pub fn on(encounter: &Encounter, board: Arc<ShownBoard>) -> Self {
        let current = encounter.combat.initiative.current_token();
        let tokens: Vec<ShownToken> = encounter
            .tokens
            .iter()
            .filter(|t| !t.gm_only && board.shows_footprint(encounter, t.size, t.cell))
            .map(|t| shown_token(encounter, t, current))
            .collect();
        let shown: HashSet<TokenId> = tokens.iter().map(|t| t.id).collect();
        let areas = encounter
            .areas
            .iter()
            .filter(|a| !a.gm_only)
            .map(|a| a.id)
            .collect();
        let initiative = &encounter.combat.initiative;
        let banner = initiative.is_running().then(|| Banner {
            round: initiative.round,
            turn: current.filter(|id| shown.contains(id)),
        });
        Self {
            board,
            tokens,
            areas,
            banner,
            shown,
        }
    }

    /// Whether the token `id` shows.
    pub fn shows_token(&self, id: TokenId) -> bool {
        self.shown.contains(&id)
    }

    /// Whether the kept area `id` shows.
    pub fn shows_area(&self, id: AreaId) -> bool {
        self.areas.contains(&id)
    }

    /// The shown token `id`, if it shows.
    pub fn token(&self, id: TokenId) -> Option<&ShownToken> {
        self.tokens.iter().find(|t| t.id == id)
    }

    /// The name of whose turn it is, when the banner names one.
    pub fn turn_name(&self) -> Option<&str> {
        let id = self.banner.as_ref()?.turn?;
        self.token(id).map(|t| t.name.as_str())
    }
}

fn shown_token(encounter: &Encounter, token: &Token, current: Option<TokenId>) -> ShownToken {
    ShownToken {
        id: token.id,
        name: token.name.clone(),
        side: token.side,
        size: token.size,
        cell: token.cell,
        color: token.color,
        conditions: on_token(&encounter.combat.conditions, encounter.system, token.id)
            .map(|(c, _)| c.name.clone())
            .collect(),
        current: current == Some(token.id),
    }
}
