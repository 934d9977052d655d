//! The docked panes: which exist, the default arrangement, and drawing them with `egui_tiles`.

use egui_tiles::{
    Container, Linear, LinearDir, Shares, SimplificationOptions, Tile, TileId, Tiles, Tree,
};
use serde::{Deserialize, Serialize};

use super::dice::DiceState;
use super::{PaneContext, combat, dice, library, map, panes, trackers};
use crate::dice::DiceRng;

/// One dockable pane. Saved in the layout, so variants are only ever added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pane {
    Map,
    Initiative,
    Momentum,
    Conditions,
    DiceLog,
    Encounter,
    Trackers,
    /// The selected token's rule numbers.
    Sheet,
    /// The prep library: creatures, heroes and maps kept across encounters.
    Library,
}

impl Pane {
    pub const ALL: [Self; 9] = [
        Self::Map,
        Self::Initiative,
        Self::Momentum,
        Self::Conditions,
        Self::DiceLog,
        Self::Encounter,
        Self::Trackers,
        Self::Sheet,
        Self::Library,
    ];

    /// The tab title, also the pane's name in the View menu.
    pub fn label(self) -> &'static str {
        match self {
            Self::Map => "Map",
            Self::Initiative => "Initiative",
            Self::Momentum => "Momentum",
            Self::Conditions => "Conditions",
            Self::DiceLog => "Dice & Log",
            Self::Encounter => "Encounter",
            Self::Trackers => "Trackers",
            Self::Sheet => "Sheet",
            Self::Library => "Library",
        }
    }
}

/// The dock: an `egui_tiles` tree of [`Pane`]s.
pub type Dock = Tree<Pane>;

const DOCK_ID: &str = "lantern_dock";

/// Map large in the centre; Initiative and Encounter as tabs on the left; Dice & Log above
/// Momentum and Conditions on the right.
pub fn default_dock() -> Dock {
    let mut tiles = Tiles::default();
    let tabs = |tiles: &mut Tiles<Pane>, panes: &[Pane]| {
        let ids = panes.iter().map(|p| tiles.insert_pane(*p)).collect();
        tiles.insert_tab_tile(ids)
    };
    let left = tabs(
        &mut tiles,
        &[Pane::Initiative, Pane::Encounter, Pane::Library],
    );
    let centre = tabs(&mut tiles, &[Pane::Map]);
    let log = tabs(&mut tiles, &[Pane::DiceLog]);
    let trackers = tabs(
        &mut tiles,
        &[
            Pane::Momentum,
            Pane::Conditions,
            Pane::Trackers,
            Pane::Sheet,
        ],
    );
    let mut column = Linear::new(LinearDir::Vertical, vec![log, trackers]);
    // The check form, its odds and the log need more height than the trackers below them.
    column.shares.set_share(log, 1.5);
    column.shares.set_share(trackers, 1.0);
    let right = tiles.insert_container(Container::Linear(column));
    let mut row = Linear::new(LinearDir::Horizontal, vec![left, centre, right]);
    row.shares.set_share(left, 1.0);
    row.shares.set_share(centre, 3.0);
    row.shares.set_share(right, 1.2);
    let root = tiles.insert_container(Container::Linear(row));
    Tree::new(egui::Id::unique(DOCK_ID), root, tiles)
}

/// Whether a layout loaded from storage is usable: every pane at most once, and the tree sound.
pub fn is_sound(dock: &Dock) -> bool {
    let Some(root) = dock.root() else {
        return false;
    };
    let panes: Vec<Pane> = dock.tiles.tiles().filter_map(pane_of).collect();
    let unique = Pane::ALL
        .iter()
        .all(|p| panes.iter().filter(|q| *q == p).count() <= 1);
    unique && !panes.is_empty() && dock.tiles.get(root).is_some()
}

fn pane_of(tile: &Tile<Pane>) -> Option<Pane> {
    match tile {
        Tile::Pane(pane) => Some(*pane),
        Tile::Container(_) => None,
    }
}

pub fn is_open(dock: &Dock, pane: Pane) -> bool {
    dock.tiles.find_pane(&pane).is_some()
}

/// Closes an open pane or brings a closed one back (as a new tab beside the Map if possible).
pub fn toggle(dock: &mut Dock, pane: Pane) {
    if let Some(tile) = dock.tiles.find_pane(&pane) {
        dock.remove_recursively(tile);
        return;
    }
    let tile = dock.tiles.insert_pane(pane);
    let home = dock
        .tiles
        .find_pane(&Pane::Map)
        .and_then(|map| dock.tiles.parent_of(map))
        .or(dock.root());
    if let Some(container) = home.filter(|id| dock.tiles.get_container(*id).is_some()) {
        add_child(dock, container, tile);
    } else {
        // Nothing to attach to (everything was closed): the pane becomes the whole dock.
        let root = dock.tiles.insert_tab_tile(vec![tile]);
        dock.root = Some(root);
    }
    dock.make_active(|id, _| id == tile);
}

/// Opens `pane` if it is closed and brings its tab to the front.
pub fn show(dock: &mut Dock, pane: Pane) {
    if !is_open(dock, pane) {
        toggle(dock, pane);
    }
    if let Some(tile) = dock.tiles.find_pane(&pane) {
        dock.make_active(|id, _| id == tile);
    }
}

fn add_child(dock: &mut Dock, container: TileId, child: TileId) {
    if let Some(Tile::Container(c)) = dock.tiles.get_mut(container) {
        c.add_child(child);
    }
}

/// Extra space left and right of a tab's title, in points (`egui_tiles`' default is 8).
const TAB_TITLE_SPACING: f32 = 6.0;
/// A side column is never widened past this share of the dock's width, so the map keeps most.
const MAX_WIDENED_SHARE: f32 = 0.28;

/// The top row's shares as saved, while [`fit_tab_bars`] shows different ones for a frame.
#[derive(Debug)]
pub struct Widened {
    row: TileId,
    saved: Shares,
    shown: Shares,
}

/// In a narrow window, widens the side columns of the dock's top row for this frame only, so
/// each tab bar shows every title whole (at 1024 points the left column's "Library" tab was cut
/// to "Libı"), taking the room from the Map's column. The saved layout stays the GM's
/// proportions: [`unfit_tab_bars`] puts them back after drawing, so a larger window gets them
/// back as they were.
pub fn fit_tab_bars(dock: &mut Dock, ctx: &egui::Context, width: f32) -> Option<Widened> {
    let row = dock.root()?;
    let Some(Tile::Container(Container::Linear(linear))) = dock.tiles.get(row) else {
        return None;
    };
    if linear.dir != LinearDir::Horizontal {
        return None;
    }
    let children: Vec<TileId> = linear
        .children
        .iter()
        .copied()
        .filter(|c| dock.is_visible(*c))
        .collect();
    let saved = linear.shares.clone();
    let widths = saved.split(&children, width);
    let map = dock.tiles.find_pane(&Pane::Map);
    let holds_map = |c: TileId| map.is_some_and(|m| c == m || is_ancestor(&dock.tiles, c, m));
    let mut shown_widths = widths.clone();
    for (i, child) in children.iter().enumerate() {
        if !holds_map(*child) {
            let need = needed_width(&dock.tiles, ctx, *child).min(width * MAX_WIDENED_SHARE);
            shown_widths[i] = widths[i].max(need);
        }
    }
    let grown: f32 = shown_widths.iter().sum::<f32>() - widths.iter().sum::<f32>();
    let map_index = children.iter().position(|c| holds_map(*c))?;
    if grown <= 0.5 {
        return None;
    }
    shown_widths[map_index] = (widths[map_index] - grown).max(width * 0.3);
    let mut shown = saved.clone();
    for (child, w) in children.iter().zip(&shown_widths) {
        shown.set_share(*child, *w);
    }
    set_shares(dock, row, shown.clone());
    Some(Widened { row, saved, shown })
}

/// Puts back the proportions [`fit_tab_bars`] widened, unless the GM dragged a separator this
/// frame: then the dragged layout is the new one.
pub fn unfit_tab_bars(dock: &mut Dock, widened: Option<Widened>) {
    let Some(Widened { row, saved, shown }) = widened else {
        return;
    };
    let unchanged = matches!(
        dock.tiles.get(row),
        Some(Tile::Container(Container::Linear(l))) if l.shares == shown
    );
    if unchanged {
        set_shares(dock, row, saved);
    }
}

fn set_shares(dock: &mut Dock, row: TileId, shares: Shares) {
    if let Some(Tile::Container(Container::Linear(linear))) = dock.tiles.get_mut(row) {
        linear.shares = shares;
    }
}

fn is_ancestor(tiles: &Tiles<Pane>, ancestor: TileId, mut tile: TileId) -> bool {
    while let Some(parent) = tiles.parent_of(tile) {
        if parent == ancestor {
            return true;
        }
        tile = parent;
    }
    false
}

/// The width a tile needs for its tab bars to show every title whole (the widest of a column's).
fn needed_width(tiles: &Tiles<Pane>, ctx: &egui::Context, tile: TileId) -> f32 {
    match tiles.get(tile) {
        Some(Tile::Container(Container::Tabs(tabs))) => {
            let font = egui::TextStyle::Button.resolve(&ctx.global_style());
            let titles: f32 = tabs
                .children
                .iter()
                .filter_map(|c| match tiles.get(*c) {
                    Some(Tile::Pane(pane)) => Some(pane.label()),
                    _ => None,
                })
                .map(|title| {
                    let galley = ctx.fonts_mut(|f| {
                        f.layout_no_wrap(title.to_owned(), font.clone(), egui::Color32::WHITE)
                    });
                    galley.size().x + 2.0 * TAB_TITLE_SPACING
                })
                .sum();
            // The active tab's close button, and the tab bar's own margins.
            titles + CLOSE_BUTTON + 16.0
        }
        Some(Tile::Container(container)) => container
            .children()
            .map(|c| needed_width(tiles, ctx, *c))
            .fold(0.0, f32::max),
        _ => 0.0,
    }
}

/// The close button's size and its space on the active tab, in points.
const CLOSE_BUTTON: f32 = 16.0;

fn side_pane_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, pane: Pane, rng: &mut DiceRng) {
    match pane {
        // The Map (edge to edge), the Dice pane (its own scrolling under a Roll row that
        // stays in view) and the Library (its own list) are drawn by `pane_ui` without this
        // scroll area.
        Pane::Map | Pane::DiceLog | Pane::Library => {}
        Pane::Initiative => combat::initiative_ui(ui, ctx, rng),
        Pane::Momentum => combat::momentum_ui(ui, ctx, rng),
        Pane::Conditions => combat::conditions_ui(ui, ctx),
        Pane::Encounter => panes::encounter::encounter_ui(ui, ctx, rng),
        Pane::Trackers => trackers::trackers_ui(ui, ctx, rng),
        Pane::Sheet => panes::sheet::sheet_ui(ui, ctx),
    }
}

/// Draws each pane through its `*_ui` function; holds what the panes may touch.
pub struct DockBehavior<'a> {
    pub pane_ctx: PaneContext<'a>,
    pub map_view: &'a mut map::MapView,
    pub dice: &'a mut DiceState,
    pub rng: &'a mut DiceRng,
    pub library: &'a mut library::LibraryState,
    /// The tab at the front of each tab bar ([`front_tabs`]).
    pub front_tabs: Vec<TileId>,
}

/// The tab at the front of each tab bar, noted before drawing for [`DockBehavior`].
pub fn front_tabs(dock: &Dock) -> Vec<TileId> {
    dock.tiles
        .tiles()
        .filter_map(|tile| match tile {
            Tile::Container(Container::Tabs(tabs)) => tabs.active,
            _ => None,
        })
        .collect()
}

impl egui_tiles::Behavior<Pane> for DockBehavior<'_> {
    fn pane_ui(
        &mut self,
        ui: &mut egui::Ui,
        _tile: TileId,
        pane: &mut Pane,
    ) -> egui_tiles::UiResponse {
        if *pane == Pane::Map {
            map::map_ui(ui, &mut self.pane_ctx, self.map_view, self.rng);
            return egui_tiles::UiResponse::None;
        }
        if *pane == Pane::DiceLog {
            // Scrolls itself, under a Roll row kept at the pane's bottom.
            egui::Frame::new().inner_margin(6.0).show(ui, |ui| {
                dice::dice_log_ui(ui, &mut self.pane_ctx, self.dice, self.rng);
            });
            return egui_tiles::UiResponse::None;
        }
        if *pane == Pane::Library {
            // Scrolls its own list, under filters at the top and the group at the bottom.
            egui::Frame::new().inner_margin(6.0).show(ui, |ui| {
                library::library_ui(ui, &mut self.pane_ctx, self.library);
            });
            return egui_tiles::UiResponse::None;
        }
        // Every side pane scrolls, so nothing is out of reach in a small window; text wraps to
        // the pane's width first, and only what cannot wrap scrolls sideways. A margin keeps
        // text off the dock's separators.
        // Solid bars, shown whenever there is more to see: a floating bar that appears only on
        // hover hid that a pane's fields went on past its edge.
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::both()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                egui::Frame::new().inner_margin(6.0).show(ui, |ui| {
                    side_pane_ui(ui, &mut self.pane_ctx, *pane, self.rng);
                });
            });
        egui_tiles::UiResponse::None
    }

    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        pane.label().into()
    }

    /// Only the front tab shows its close button: a row of crosses cost a narrow column's tab
    /// bar a title.
    fn is_tab_closable(&self, _tiles: &Tiles<Pane>, tile: TileId) -> bool {
        // egui_tiles takes a tab bar's container out of the tiles while drawing it, so the front
        // tabs were noted before drawing began.
        self.front_tabs.contains(&tile)
    }

    fn tab_title_spacing(&self, _visuals: &egui::Visuals) -> f32 {
        TAB_TITLE_SPACING
    }

    fn simplification_options(&self) -> SimplificationOptions {
        // Every pane keeps a tab, so each one can be dragged and closed the same way.
        SimplificationOptions {
            all_panes_must_have_tabs: true,
            ..SimplificationOptions::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_dock_holds_each_pane_once() {
        let dock = default_dock();
        assert!(is_sound(&dock));
        assert!(Pane::ALL.iter().all(|p| is_open(&dock, *p)));
    }

    #[test]
    fn toggling_closes_and_reopens_a_pane() {
        let mut dock = default_dock();
        toggle(&mut dock, Pane::Momentum);
        assert!(!is_open(&dock, Pane::Momentum));
        toggle(&mut dock, Pane::Momentum);
        assert!(is_open(&dock, Pane::Momentum));
        assert!(is_sound(&dock));
    }

    #[test]
    fn layout_round_trips_through_ron_like_storage() {
        let dock = default_dock();
        let json = serde_json::to_string(&dock).unwrap();
        let back: Dock = serde_json::from_str(&json).unwrap();
        assert!(is_sound(&back));
        assert_eq!(back.tiles.len(), dock.tiles.len());
    }
}
