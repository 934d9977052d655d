//! The imported map's parts, and the two ways the shell uses them.

use image::RgbaImage;

use crate::model::{
    Background, CellLayer, Command, EmbeddedImage, Encounter, FogCommand, GridKind, GridPoint,
    ImageId, Light, MapSpec, RuleSystem, Wall, WallId,
};

/// What a Universal VTT file holds, in Lantern's map space: the image's top-left corner is map
/// (0, 0) and one unit is one cell.
#[derive(Clone, Debug)]
pub struct UvttMap {
    /// The map image as the file held it (PNG, JPEG or WebP bytes, not re-encoded).
    pub image: EmbeddedImage,
    /// The same image decoded, so the shell can upload it without decoding it again.
    pub image_rgba: RgbaImage,
    pub pixels_per_cell: f64,
    pub width_cells: u32,
    pub height_cells: u32,
    /// Walls (from `line_of_sight` and `objects_line_of_sight`) then doors (from `portals`),
    /// numbered from 1.
    pub walls: Vec<Wall>,
    pub lights: Vec<Light>,
    pub stats: ImportStats,
}

/// What the import found and what became of it, for the status line and the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportStats {
    /// Wall segments the file listed, before straight runs were merged.
    pub wall_segments_in_file: u64,
    pub portals_in_file: u64,
    /// Portals of no length after snapping, left out.
    pub portals_skipped: u64,
}

/// A new encounter made from a map, with the background already decoded.
#[derive(Clone, Debug)]
pub struct UvttImport {
    pub encounter: Encounter,
    pub background_rgba: RgbaImage,
}

impl UvttMap {
    /// The background record for the map image stored under `image`.
    pub fn background(&self, image: ImageId) -> Background {
        Background {
            image,
            origin_in_grid: GridPoint::new(0.0, 0.0),
            pixels_per_cell: self.pixels_per_cell,
        }
    }

    /// The map `current` becomes once this one replaces it ([`Self::replace_map_command`]): a
    /// square grid of this map's size with this map's background; the cell length and diagonal
    /// rule stay.
    pub fn map_spec(&self, current: &MapSpec, image: ImageId) -> MapSpec {
        MapSpec {
            grid: GridKind::Square,
            width_cells: self.width_cells,
            height_cells: self.height_cells,
            background: Some(self.background(image)),
            ..current.clone()
        }
    }

    /// A new square-grid encounter holding this map.
    pub fn into_encounter(self, name: impl Into<String>, system: RuleSystem) -> UvttImport {
        let mut encounter = Encounter::new(name, system);
        let image = ImageId(1);
        encounter.map.grid = GridKind::Square;
        encounter.map.width_cells = self.width_cells;
        encounter.map.height_cells = self.height_cells;
        encounter.map.background = Some(self.background(image));
        encounter.images.insert(image, self.image);
        encounter.walls = self.walls;
        encounter.lights = self.lights;
        UvttImport {
            encounter,
            background_rgba: self.image_rgba,
        }
    }

    /// One undoable command that swaps `encounter`'s map for this one: square grid, size,
    /// background image, walls, doors and lights. The old map's terrain (obstacle and difficult
    /// cells, obstacle polygons) and what the party explored of it go with it, since they
    /// describe rooms that are no longer there; tokens, the fog's GM marks and the combat state
    /// stay. The old background image goes if no token uses it.
    pub fn replace_map_command(&self, encounter: &Encounter) -> Command {
        let image = encounter.fresh_image_id();
        // Terrain goes first, while its cells are still inside the old map's bounds.
        let mut commands = old_terrain_removal(encounter);
        commands.extend(
            encounter
                .walls
                .iter()
                .map(|wall| Command::RemoveWall(wall.id)),
        );
        commands.extend([
            Command::AddImage {
                id: image,
                image: self.image.clone(),
            },
            Command::SetBackground(Some(self.background(image))),
        ]);
        commands.extend(unused_old_background(encounter).map(Command::RemoveImage));
        commands.extend([
            Command::SetGrid(GridKind::Square),
            Command::SetMapSize {
                width_cells: self.width_cells,
                height_cells: self.height_cells,
            },
        ]);
        let first_id = encounter.fresh_wall_id().0;
        commands.extend(
            self.walls
                .iter()
                .zip(first_id..)
                .map(|(wall, id)| Command::AddWall {
                    wall: Wall {
                        id: WallId(id),
                        ..wall.clone()
                    },
                    index: None,
                }),
        );
        commands.push(Command::SetLights(self.lights.clone()));
        Command::Batch(commands)
    }
}

/// Commands that clear the old map's terrain and explored fog (nothing when there is none, so
/// a plain map's replacement stays a short batch).
fn old_terrain_removal(encounter: &Encounter) -> Vec<Command> {
    let layers = [
        (CellLayer::Obstacle, &encounter.obstacle_cells),
        (CellLayer::Difficult, &encounter.difficult_cells),
    ];
    let mut commands: Vec<Command> = layers
        .into_iter()
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(layer, cells)| Command::PaintCells {
            layer,
            cells: cells.iter().map(|cell| (*cell, false)).collect(),
        })
        .collect();
    // Removed from the last so the indices of the ones before stay valid.
    commands.extend(
        (0..encounter.obstacle_polygons.len())
            .rev()
            .map(Command::RemoveObstaclePolygon),
    );
    if !encounter.fog.explored.is_empty() {
        commands.push(Command::Fog(FogCommand::ResetExplored));
    }
    commands
}

fn unused_old_background(encounter: &Encounter) -> Option<ImageId> {
    let old = encounter.map.background.as_ref()?.image;
    let used_by_token = encounter.tokens.iter().any(|t| t.image == Some(old));
    (!used_by_token).then_some(old)
}
