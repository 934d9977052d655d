//! Bringing entries into the encounter: a group of creatures placed without overlap and
//! numbered, or a map that replaces the encounter's own — each as one undoable command.

use std::collections::HashSet;

use super::entry::{EntryKind, LibraryEntry};
use crate::board::footprint::{footprint_cells, gather_onto_map, nearest_free_anchor};
use crate::model::{
    Background, Cell, CellLayer, Command, EmbeddedImage, Encounter, FogCommand, ImageId, LibraryId,
    RuleSystem, Side, Token, TokenId, Wall, WallId,
};

/// Why a library entry could not be placed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    #[error("{0} is already on the map: a hero stands in one place at a time")]
    HeroOnMap(String),
    #[error("“{0}” is a map: use “Use this map” to bring it in")]
    NotAToken(String),
    #[error("“{0}” is not a map")]
    NotAMap(String),
    #[error("there is no free room on the map for {0}")]
    NoRoom(String),
    #[error("nothing to place")]
    Empty,
}

/// The name of the next copy of a creature called `base`: `base` itself when no token bears it
/// yet, otherwise `base N` with N one past the highest number in use (the unnumbered first copy
/// counts as 1), so a second goblin is "Goblin 2".
pub fn numbered_name<'a>(names_in_use: impl IntoIterator<Item = &'a str>, base: &str) -> String {
    let highest = names_in_use
        .into_iter()
        .filter_map(|name| {
            if name == base {
                return Some(1);
            }
            name.strip_prefix(base)?
                .strip_prefix(' ')?
                .parse::<u32>()
                .ok()
        })
        .max();
    match highest {
        None => base.to_owned(),
        Some(n) => format!("{base} {}", n.saturating_add(1)),
    }
}

/// What the batch being built has taken so far.
struct Builder<'a> {
    encounter: &'a Encounter,
    taken: HashSet<Cell>,
    names: Vec<String>,
    /// The library identities of the tokens on the map and in the batch.
    identities: HashSet<LibraryId>,
    next_token: u64,
    next_image: u64,
    added_images: Vec<(ImageId, EmbeddedImage)>,
    commands: Vec<Command>,
    combat: crate::model::CombatState,
    sheets_changed: bool,
}

/// One command placing `count` copies of each entry near `at`: every token's footprint inside
/// the map, clear of obstacles and of every other token (searched ring by ring outwards from
/// `at`), creatures numbered by [`numbered_name`], each with its sheet for the encounter's
/// system and its entry's identity. A hero already on the map (a token of the same identity,
/// whatever it is called now: see [`token_identity`]) is refused with the reason, as is a map
/// entry. Images shared by several copies are embedded once.
pub fn place_group(
    encounter: &Encounter,
    group: &[(&LibraryEntry, usize)],
    at: Cell,
) -> Result<Command, PlaceError> {
    let mut builder = Builder::new(encounter);
    for (entry, count) in group {
        for _ in 0..*count {
            builder.place(entry, at)?;
        }
    }
    builder.finish()
}

impl<'a> Builder<'a> {
    fn new(encounter: &'a Encounter) -> Self {
        let grid = encounter.map.grid;
        let mut taken: HashSet<Cell> = encounter.obstacle_cells.iter().copied().collect();
        for token in &encounter.tokens {
            taken.extend(footprint_cells(grid, token.size, token.cell));
        }
        Self {
            encounter,
            taken,
            names: encounter.tokens.iter().map(|t| t.name.clone()).collect(),
            identities: encounter.tokens.iter().map(token_identity).collect(),
            next_token: encounter.fresh_token_id().0,
            next_image: encounter.fresh_image_id().0,
            added_images: Vec::new(),
            commands: Vec::new(),
            combat: encounter.combat.clone(),
            sheets_changed: false,
        }
    }

    fn place(&mut self, entry: &LibraryEntry, at: Cell) -> Result<(), PlaceError> {
        let Some(looks) = entry.token().filter(|_| entry.kind.is_token()) else {
            return Err(PlaceError::NotAToken(entry.name().to_owned()));
        };
        let name = if entry.kind == EntryKind::Hero {
            if self.identities.contains(&entry.id) {
                return Err(PlaceError::HeroOnMap(looks.name.clone()));
            }
            looks.name.clone()
        } else {
            numbered_name(self.names.iter().map(String::as_str), &looks.name)
        };
        let cell = self
            .free_anchor(looks, at)
            .ok_or_else(|| PlaceError::NoRoom(name.clone()))?;
        let id = TokenId(self.next_token);
        self.next_token += 1;
        let image = looks
            .image
            .and_then(|i| entry.encounter.images.get(&i))
            .map(|image| self.image_id(image));
        self.taken
            .extend(footprint_cells(self.encounter.map.grid, looks.size, cell));
        self.names.push(name.clone());
        self.identities.insert(entry.id.clone());
        self.commands.push(Command::AddToken {
            token: Token {
                id,
                name,
                cell,
                image,
                library_id: Some(entry.id.clone()),
                ..looks.clone()
            },
            index: None,
        });
        self.add_sheet(entry, id, looks.side);
        Ok(())
    }

    /// The placed token's sheets: the entry's own for every system it has numbers for, and
    /// the system's plain starting numbers (marked as such) for any other, so the token has
    /// numbers whichever system the encounter runs, now or later.
    fn add_sheet(&mut self, entry: &LibraryEntry, id: TokenId, side: Side) {
        for system in RuleSystem::ALL {
            let trackers = entry.sheets.get(&system).map_or_else(
                || crate::rules::system(system).starting_sheet(side),
                |sheet| sheet.trackers.clone(),
            );
            self.combat.trackers.insert(id, trackers);
        }
        let pool = entry
            .sheets
            .get(&RuleSystem::GoForthHeroes)
            .and_then(|sheet| sheet.momentum.clone());
        if let Some(pool) = pool {
            self.combat.momentum.insert(id, pool);
        }
        self.sheets_changed = true;
    }

    /// The nearest anchor to `at` (ring 0 first) where `token`'s footprint fits.
    fn free_anchor(&self, token: &Token, at: Cell) -> Option<Cell> {
        nearest_free_anchor(&self.encounter.map, token.size, at, &self.taken)
    }

    /// The id of an image with these bytes: one the encounter or this batch already holds, or
    /// a new one added to the batch.
    fn image_id(&mut self, image: &EmbeddedImage) -> ImageId {
        let existing = self
            .encounter
            .images
            .iter()
            .map(|(id, i)| (*id, i))
            .chain(self.added_images.iter().map(|(id, i)| (*id, i)))
            .find(|(_, i)| i.data == image.data)
            .map(|(id, _)| id);
        if let Some(id) = existing {
            return id;
        }
        let id = ImageId(self.next_image);
        self.next_image += 1;
        self.added_images.push((id, image.clone()));
        id
    }

    fn finish(self) -> Result<Command, PlaceError> {
        if self.commands.is_empty() {
            return Err(PlaceError::Empty);
        }
        let mut commands: Vec<Command> = self
            .added_images
            .into_iter()
            .map(|(id, image)| Command::AddImage { id, image })
            .collect();
        commands.extend(self.commands);
        if self.sheets_changed {
            commands.push(Command::SetCombat(Box::new(self.combat)));
        }
        Ok(Command::Batch(commands))
    }
}

/// Which library entry a token on the map is: the one it was placed from, or — for a token
/// placed before identities existed or made by hand — the hero entry of its name, as entries
/// of that time are known ([`LibraryId::from_name`]).
pub fn token_identity(token: &Token) -> LibraryId {
    token
        .library_id
        .clone()
        .unwrap_or_else(|| LibraryId::from_name(EntryKind::Hero.key(), &token.name))
}

/// One command that swaps the encounter's map for a map entry's, as the Universal VTT import's
/// "replace the map" does: grid, size, cell length, diagonal rule, background with its
/// alignment, walls and doors, obstacle and difficult cells, obstacle polygons and lights. The
/// old map's terrain and explored fog go with it; tokens, the GM's fog marks and the fight stay,
/// and a token the new map would leave outside its edges or on one of its obstacles is moved
/// onto the nearest free place ([`gather_onto_map`]). The old background image goes if no token
/// uses it.
pub fn use_map_command(encounter: &Encounter, entry: &LibraryEntry) -> Result<Command, PlaceError> {
    if entry.kind != EntryKind::Map {
        return Err(PlaceError::NotAMap(entry.name().to_owned()));
    }
    let new = &entry.encounter;
    let mut commands = clear_old_map(encounter);
    let image = encounter.fresh_image_id();
    let background = new.map.background.as_ref().and_then(|bg| {
        let embedded = new.images.get(&bg.image)?;
        commands.push(Command::AddImage {
            id: image,
            image: embedded.clone(),
        });
        Some(Background {
            image,
            ..bg.clone()
        })
    });
    commands.push(Command::SetBackground(background));
    commands.extend(unused_old_background(encounter).map(Command::RemoveImage));
    commands.extend([
        Command::SetGrid(new.map.grid),
        Command::SetMapSize {
            width_cells: new.map.width_cells,
            height_cells: new.map.height_cells,
        },
        Command::SetCellLength(new.map.cell_length),
        Command::SetDiagonal(new.map.diagonal),
    ]);
    commands.extend(new_map_parts(encounter, new));
    commands.extend(gather_onto_map(
        &new.map,
        &new.obstacle_cells,
        &encounter.tokens,
    ));
    Ok(Command::Batch(commands))
}

fn clear_old_map(encounter: &Encounter) -> Vec<Command> {
    let mut commands = Vec::new();
    for (layer, cells) in [
        (CellLayer::Obstacle, &encounter.obstacle_cells),
        (CellLayer::Difficult, &encounter.difficult_cells),
    ] {
        if !cells.is_empty() {
            commands.push(Command::PaintCells {
                layer,
                cells: cells.iter().map(|c| (*c, false)).collect(),
            });
        }
    }
    // From the last, so the indices of the ones before stay valid.
    commands.extend(
        (0..encounter.obstacle_polygons.len())
            .rev()
            .map(Command::RemoveObstaclePolygon),
    );
    if !encounter.fog.explored.is_empty() {
        commands.push(Command::Fog(FogCommand::ResetExplored));
    }
    commands.extend(encounter.walls.iter().map(|w| Command::RemoveWall(w.id)));
    commands
}

fn new_map_parts(encounter: &Encounter, new: &Encounter) -> Vec<Command> {
    let first_wall = encounter.fresh_wall_id().0;
    let mut commands: Vec<Command> = new
        .walls
        .iter()
        .zip(first_wall..)
        .map(|(wall, id)| Command::AddWall {
            wall: Wall {
                id: WallId(id),
                ..wall.clone()
            },
            index: None,
        })
        .collect();
    for (layer, cells) in [
        (CellLayer::Obstacle, &new.obstacle_cells),
        (CellLayer::Difficult, &new.difficult_cells),
    ] {
        if !cells.is_empty() {
            commands.push(Command::PaintCells {
                layer,
                cells: cells.iter().map(|c| (*c, true)).collect(),
            });
        }
    }
    commands.extend(
        new.obstacle_polygons
            .iter()
            .map(|polygon| Command::AddObstaclePolygon {
                polygon: polygon.clone(),
                index: None,
            }),
    );
    commands.push(Command::SetLights(new.lights.clone()));
    commands
}

fn unused_old_background(encounter: &Encounter) -> Option<ImageId> {
    let old = encounter.map.background.as_ref()?.image;
    let used_by_token = encounter.tokens.iter().any(|t| t.image == Some(old));
    (!used_by_token).then_some(old)
}
