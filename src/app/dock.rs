//! The docked panes: which exist, the default arrangement, and drawing them with `egui_tiles`.

use egui_tiles::{Container, Linear, LinearDir, SimplificationOptions, Tile, TileId, Tiles, Tree};
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

fn side_pane_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    pane: Pane,
    dice: &mut DiceState,
    rng: &mut DiceRng,
    library: &mut library::LibraryState,
) {
    match pane {
        // The Map is drawn edge to edge by `pane_ui`; nothing to do here.
        Pane::Map => {}
        Pane::Initiative => combat::initiative_ui(ui, ctx, rng),
        Pane::Momentum => combat::momentum_ui(ui, ctx, rng),
        Pane::Conditions => combat::conditions_ui(ui, ctx),
        Pane::DiceLog => dice::dice_log_ui(ui, ctx, dice, rng),
        Pane::Encounter => panes::encounter::encounter_ui(ui, ctx),
        Pane::Trackers => trackers::trackers_ui(ui, ctx, rng),
        Pane::Sheet => panes::sheet::sheet_ui(ui, ctx),
        Pane::Library => library::library_ui(ui, ctx, library),
    }
}

/// Draws each pane through its `*_ui` function; holds what the panes may touch.
pub struct DockBehavior<'a> {
    pub pane_ctx: PaneContext<'a>,
    pub map_view: &'a mut map::MapView,
    pub dice: &'a mut DiceState,
    pub rng: &'a mut DiceRng,
    pub library: &'a mut library::LibraryState,
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
        // Every side pane scrolls, so nothing is out of reach in a small window; text wraps to
        // the pane's width first, and only what cannot wrap scrolls sideways. A margin keeps
        // text off the dock's separators.
        egui::ScrollArea::both()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                egui::Frame::new().inner_margin(6.0).show(ui, |ui| {
                    side_pane_ui(
                        ui,
                        &mut self.pane_ctx,
                        *pane,
                        self.dice,
                        self.rng,
                        self.library,
                    );
                });
            });
        egui_tiles::UiResponse::None
    }

    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        pane.label().into()
    }

    fn is_tab_closable(&self, _tiles: &Tiles<Pane>, _tile: TileId) -> bool {
        true
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
