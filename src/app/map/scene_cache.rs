//! The board geometry ([`Scene`]) built once per change of the encounter's board, not per frame.

use crate::board::Scene;
use crate::model::{
    Cell, CustomBand, Encounter, MapSpec, ObstaclePolygon, RuleSystem, Side, SizeCategory, TokenId,
    Wall,
};

/// What a [`Scene`] is built from: when none of it changed, the scene is still right.
#[derive(Clone, Debug, PartialEq)]
struct SceneKey {
    system: RuleSystem,
    map: MapSpec,
    walls: Vec<Wall>,
    obstacle_cells: Vec<Cell>,
    obstacle_polygons: Vec<ObstaclePolygon>,
    difficult_cells: Vec<Cell>,
    custom_bands: Vec<CustomBand>,
    tokens: Vec<TokenKey>,
}

/// A token as far as the geometry cares: names, notes and colours don't matter.
#[derive(Clone, Copy, Debug, PartialEq)]
struct TokenKey {
    id: TokenId,
    cell: Cell,
    size: SizeCategory,
    side: Side,
    speed_cells: u32,
}

impl SceneKey {
    fn matches(&self, e: &Encounter) -> bool {
        self.terrain_matches(e) && self.tokens_match(e)
    }

    /// Whether everything but the tokens is unchanged.
    fn terrain_matches(&self, e: &Encounter) -> bool {
        self.system == e.system
            && self.map == e.map
            && self.walls == e.walls
            && self.obstacle_cells.iter().eq(e.obstacle_cells.iter())
            && self.obstacle_polygons == e.obstacle_polygons
            && self.difficult_cells.iter().eq(e.difficult_cells.iter())
            && self.custom_bands == e.custom_bands
    }

    fn tokens_match(&self, e: &Encounter) -> bool {
        self.tokens
            .iter()
            .copied()
            .eq(e.tokens.iter().map(token_key))
    }

    fn of(e: &Encounter) -> Self {
        Self {
            system: e.system,
            map: e.map.clone(),
            walls: e.walls.clone(),
            obstacle_cells: e.obstacle_cells.iter().copied().collect(),
            obstacle_polygons: e.obstacle_polygons.clone(),
            difficult_cells: e.difficult_cells.iter().copied().collect(),
            custom_bands: e.custom_bands.clone(),
            tokens: e.tokens.iter().map(token_key).collect(),
        }
    }
}

fn token_key(t: &crate::model::Token) -> TokenKey {
    TokenKey {
        id: t.id,
        cell: t.cell,
        size: t.size,
        side: t.side,
        speed_cells: t.speed_cells,
    }
}

/// The cached scene and a generation that changes whenever it is rebuilt.
#[derive(Debug, Default)]
pub struct SceneCache {
    built: Option<(SceneKey, Scene)>,
    generation: u64,
}

impl SceneCache {
    /// The scene for `encounter`, rebuilt only when its board changed since the last call, and
    /// its generation (bumped on every rebuild, so results derived from it know to recompute).
    pub fn scene(&mut self, encounter: &Encounter) -> (&Scene, u64) {
        let stale = self
            .built
            .as_ref()
            .is_none_or(|(key, _)| !key.matches(encounter));
        if stale {
            self.generation += 1;
            // A token move keeps the terrain: the scene only takes the tokens again.
            match &mut self.built {
                Some((key, scene)) if key.terrain_matches(encounter) => {
                    scene.retoken(encounter);
                    key.tokens = encounter.tokens.iter().map(token_key).collect();
                }
                _ => self.built = None,
            }
        }
        let (_, scene) = self
            .built
            .get_or_insert_with(|| (SceneKey::of(encounter), Scene::new(encounter)));
        (scene, self.generation)
    }
}
