//! The board geometry ([`Scene`]) built once per change of the encounter's board, not per frame.

use std::sync::Arc;

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
    built: Option<(SceneKey, Arc<Scene>)>,
    generation: u64,
    /// Changes only when the terrain does (not when a token moves).
    terrain_generation: u64,
    /// The document revision the scene was last checked against: while it stays, nothing is
    /// compared (a map of 4,000,000 obstacle cells would compare them all, several times a
    /// frame).
    checked: Option<u64>,
    /// The revision of the document drawn now, when the app says (see `MapView::set_revision`).
    pub revision: Option<u64>,
}

impl SceneCache {
    /// The scene for `encounter`, rebuilt only when its board changed since the last call, and
    /// its generation (bumped on every rebuild, so results derived from it know to recompute).
    pub fn scene(&mut self, encounter: &Encounter) -> (&Scene, u64) {
        self.refresh(encounter);
        let scene = self.built.as_ref().map(|(_, scene)| scene.as_ref());
        // `refresh` always leaves a scene; an empty one stands in for the impossible.
        (scene.unwrap_or_else(|| empty_scene()), self.generation)
    }

    /// The scene as [`Self::scene`] gives it, shared (for a worker), and the terrain's
    /// generation, which a token move leaves alone.
    pub fn shared(&mut self, encounter: &Encounter) -> (Arc<Scene>, u64) {
        self.refresh(encounter);
        let scene = self
            .built
            .as_ref()
            .map_or_else(|| Arc::new(Scene::new(encounter)), |(_, s)| Arc::clone(s));
        (scene, self.terrain_generation)
    }

    /// The terrain's generation for `encounter` (see [`Self::shared`]): what is drawn from the
    /// cells and walls alone keys on it.
    pub fn terrain_generation(&mut self, encounter: &Encounter) -> u64 {
        self.refresh(encounter);
        self.terrain_generation
    }

    /// Takes `scene`, built (on a worker) for `encounter`, as the scene of `encounter`.
    pub fn adopt(&mut self, encounter: &Encounter, scene: Scene) {
        self.generation += 1;
        self.terrain_generation += 1;
        self.checked = None;
        self.built = Some((SceneKey::of(encounter), Arc::new(scene)));
    }

    fn refresh(&mut self, encounter: &Encounter) {
        if self.revision.is_some() && self.checked == self.revision && self.built.is_some() {
            return;
        }
        self.checked = self.revision;
        let stale = self
            .built
            .as_ref()
            .is_none_or(|(key, _)| !key.matches(encounter));
        if stale {
            self.generation += 1;
            // A token move keeps the terrain: the scene only takes the tokens again.
            match &mut self.built {
                Some((key, scene)) if key.terrain_matches(encounter) => {
                    // A worker may still hold the scene: then this copy is retokened.
                    Arc::make_mut(scene).retoken(encounter);
                    key.tokens = encounter.tokens.iter().map(token_key).collect();
                }
                _ => {
                    self.terrain_generation += 1;
                    self.built = Some((SceneKey::of(encounter), Arc::new(Scene::new(encounter))));
                }
            }
        }
    }
}

/// A scene of nothing.
fn empty_scene() -> &'static Scene {
    static EMPTY: std::sync::OnceLock<Scene> = std::sync::OnceLock::new();
    EMPTY.get_or_init(|| Scene::new(&Encounter::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, Side, Token, TokenId};

    #[test]
    fn the_terrain_generation_moves_with_the_terrain_not_with_tokens() {
        let mut encounter = Encounter::default();
        encounter.obstacle_cells.insert(Cell::new(4, 4));
        encounter.tokens.push(Token::new(
            TokenId(1),
            "Kestrel",
            Side::Party,
            Cell::new(1, 1),
        ));
        let mut cache = SceneCache::default();
        let first = cache.terrain_generation(&encounter);
        encounter.tokens[0].cell = Cell::new(2, 1);
        cache.revision = Some(1);
        assert_eq!(cache.terrain_generation(&encounter), first, "a move");
        encounter.obstacle_cells.insert(Cell::new(5, 4));
        cache.revision = Some(2);
        assert!(
            cache.terrain_generation(&encounter) > first,
            "a new obstacle cell"
        );
    }
}
