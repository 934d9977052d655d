//! `apply`: every [`Command`] goes through here. The encounter's own edits (map, walls, tokens,
//! images, fog, lights, areas, the roll log) are checked with `model`'s validation; combat and
//! tracker commands go to the floors that know their rules (`combat::command::apply_combat`,
//! `TrackerCommand::apply` in `rules`).
//!
//! `apply` returns the inverse command, so undo is "apply the inverse" and redo is "apply the
//! original again". An invalid command returns an error and leaves the encounter untouched.

use crate::combat::command::apply_combat;
use crate::model::validate::{
    MAX_AREAS, MAX_IMAGES, MAX_LIGHTS, MAX_MARKED_CELLS, MAX_POLYGONS, MAX_TOKENS, MAX_WALLS,
    check_area, check_background, check_cell, check_cell_length, check_cells, check_combat_state,
    check_count, check_crossings, check_custom_bands, check_image_name, check_light,
    check_log_entry, check_map_size, check_name, check_polygon, check_polygon_corners, check_token,
    check_tracker_refs, check_tracker_texts, check_wall,
};
use crate::model::{
    AreaCommand, Background, Cell, CellLayer, CellLength, Command, CommandError, EmbeddedImage,
    Encounter, FogCommand, ImageId, LightCommand, MapSpec, ObstaclePolygon, Token, TokenId, Wall,
    WallId, WallKind, crosses_any, mark_of, validate_lights,
};

/// Applies `command` to `encounter`, returning the command that undoes it.
///
/// On error the encounter is unchanged.
pub fn apply(encounter: &mut Encounter, command: Command) -> Result<Command, CommandError> {
    match command {
        Command::Batch(commands) => apply_batch(encounter, commands),
        Command::SetName(name) => set_name(encounter, name),
        Command::SetSystem(system) => Ok(Command::SetSystem(std::mem::replace(
            &mut encounter.system,
            system,
        ))),
        Command::SetGrid(grid) => Ok(Command::SetGrid(std::mem::replace(
            &mut encounter.map.grid,
            grid,
        ))),
        Command::SetMapSize {
            width_cells,
            height_cells,
        } => set_map_size(&mut encounter.map, width_cells, height_cells),
        Command::SetCellLength(length) => set_cell_length(&mut encounter.map, length),
        Command::SetDiagonal(rule) => Ok(Command::SetDiagonal(std::mem::replace(
            &mut encounter.map.diagonal,
            rule,
        ))),
        Command::SetBackground(background) => set_background(encounter, background),
        Command::SetCustomBands(bands) => {
            check_custom_bands(&bands)?;
            Ok(Command::SetCustomBands(std::mem::replace(
                &mut encounter.custom_bands,
                bands,
            )))
        }
        Command::SetRulings(rulings) => Ok(Command::SetRulings(std::mem::replace(
            &mut encounter.rulings,
            rulings,
        ))),
        Command::SetLights(lights) => {
            validate_lights(&lights)?;
            Ok(Command::SetLights(std::mem::replace(
                &mut encounter.lights,
                lights,
            )))
        }
        Command::AddImage { id, image } => add_image(encounter, id, image),
        Command::RemoveImage(id) => remove_image(encounter, id),
        Command::AddToken { token, index } => add_token(encounter, token, index),
        Command::RemoveToken(id) => remove_token(encounter, id),
        Command::MoveToken { id, to } => move_token(encounter, id, to),
        Command::UpdateToken(token) => update_token(encounter, token),
        Command::AddWall { wall, index } => add_wall(encounter, wall, index),
        Command::RemoveWall(id) => remove_wall(encounter, id),
        Command::SetWallKind { id, kind } => set_wall_kind(encounter, id, kind),
        Command::PaintCells { layer, cells } => paint_cells(encounter, layer, cells),
        Command::AddObstaclePolygon { polygon, index } => add_polygon(encounter, polygon, index),
        Command::RemoveObstaclePolygon(index) => remove_polygon(encounter, index),
        Command::AppendLog(entry) => {
            check_log_entry(&entry)?;
            encounter.combat.log.push(entry);
            Ok(Command::PopLog)
        }
        Command::PopLog => encounter
            .combat
            .log
            .pop()
            .map(Command::AppendLog)
            .ok_or(CommandError::EmptyLog),
        Command::Combat(command) => apply_combat_checked(encounter, command),
        Command::Tracker(command) => apply_tracker(encounter, &command),
        Command::SetCombat(state) => {
            check_combat_state(encounter, &state)?;
            Ok(Command::SetCombat(Box::new(std::mem::replace(
                &mut encounter.combat,
                *state,
            ))))
        }
        Command::Fog(command) => {
            check_fog_command(encounter, &command)?;
            Ok(Command::Fog(command.apply(&mut encounter.fog)))
        }
        Command::Light(command) => {
            if let LightCommand::Add { light, .. } | LightCommand::Update { light, .. } = &command {
                check_light(light)?;
            }
            if let LightCommand::Add { .. } = &command {
                check_count("lights", encounter.lights.len() + 1, MAX_LIGHTS)?;
            }
            Ok(Command::Light(command.apply(encounter)?))
        }
        Command::Mark(command) => super::drawn::apply_mark(encounter, command),
        Command::Handout(command) => super::drawn::apply_handout(encounter, command),
        Command::Area(command) => {
            if let AreaCommand::Add(area) | AreaCommand::Update(area) = &command {
                check_area(area)?;
                if matches!(command, AreaCommand::Add(_)) {
                    check_count("areas of effect", encounter.areas.len() + 1, MAX_AREAS)?;
                }
            }
            Ok(Command::Area(
                command
                    .apply(&mut encounter.areas)
                    .map_err(CommandError::AreaId)?,
            ))
        }
    }
}

/// A combat command, kept only if the fight it leaves passes the loader's own check of it: a
/// command never leaves a fight its file would refuse.
fn apply_combat_checked(
    encounter: &mut Encounter,
    command: crate::model::combat_command::CombatCommand,
) -> Result<Command, CommandError> {
    let before = encounter.combat.clone();
    apply_combat(encounter, command)?;
    if let Err(err) = check_combat_state(encounter, &encounter.combat) {
        encounter.combat = before;
        return Err(err);
    }
    Ok(Command::SetCombat(Box::new(before)))
}

/// A tracker change, kept only if the trackers still pass the loader's check (the token they
/// belong to is in the encounter, names within their caps).
fn apply_tracker(
    encounter: &mut Encounter,
    command: &crate::model::trackers::TrackerCommand,
) -> Result<Command, CommandError> {
    let system = encounter.system;
    let inverse = command.apply(&mut encounter.combat.trackers, system)?;
    let tokens: std::collections::BTreeSet<TokenId> =
        encounter.tokens.iter().map(|t| t.id).collect();
    let trackers = &encounter.combat.trackers;
    let checked = check_tracker_refs(&|id| tokens.contains(&id), trackers)
        .and_then(|()| check_tracker_texts(trackers));
    if let Err(err) = checked {
        // The inverse puts back exactly the state the change started from.
        let undone = inverse.apply(&mut encounter.combat.trackers, system);
        debug_assert!(undone.is_ok(), "a tracker inverse failed: {undone:?}");
        return Err(err);
    }
    Ok(Command::Tracker(inverse))
}

fn apply_batch(encounter: &mut Encounter, commands: Vec<Command>) -> Result<Command, CommandError> {
    let mut inverses = Vec::with_capacity(commands.len());
    for command in commands {
        match apply(encounter, command) {
            Ok(inverse) => inverses.push(inverse),
            Err(err) => {
                roll_back(encounter, inverses);
                return Err(err);
            }
        }
    }
    inverses.reverse();
    Ok(Command::Batch(inverses))
}

/// Undoes the already-applied part of a failed batch, newest first.
fn roll_back(encounter: &mut Encounter, inverses: Vec<Command>) {
    for inverse in inverses.into_iter().rev() {
        // An inverse applies to exactly the state its command produced, so it cannot fail; if
        // it somehow did, stopping here is the best we can do and the error is already reported.
        if apply(encounter, inverse).is_err() {
            debug_assert!(false, "inverse command failed during batch roll-back");
            return;
        }
    }
}

fn set_name(encounter: &mut Encounter, name: String) -> Result<Command, CommandError> {
    check_name(&name)?;
    Ok(Command::SetName(std::mem::replace(
        &mut encounter.name,
        name,
    )))
}

fn set_map_size(map: &mut MapSpec, width: u32, height: u32) -> Result<Command, CommandError> {
    check_map_size(width, height)?;
    let inverse = Command::SetMapSize {
        width_cells: map.width_cells,
        height_cells: map.height_cells,
    };
    map.width_cells = width;
    map.height_cells = height;
    Ok(inverse)
}

fn set_cell_length(map: &mut MapSpec, length: CellLength) -> Result<Command, CommandError> {
    check_cell_length(length)?;
    Ok(Command::SetCellLength(std::mem::replace(
        &mut map.cell_length,
        length,
    )))
}

fn set_background(
    encounter: &mut Encounter,
    background: Option<Background>,
) -> Result<Command, CommandError> {
    if let Some(bg) = &background {
        check_background(encounter, bg)?;
    }
    Ok(Command::SetBackground(std::mem::replace(
        &mut encounter.map.background,
        background,
    )))
}

pub(super) fn add_image(
    encounter: &mut Encounter,
    id: ImageId,
    image: EmbeddedImage,
) -> Result<Command, CommandError> {
    if encounter.images.contains_key(&id) {
        return Err(CommandError::DuplicateImage(id));
    }
    check_image_name(id, &image)?;
    check_count("images", encounter.images.len() + 1, MAX_IMAGES)?;
    encounter.images.insert(id, image);
    Ok(Command::RemoveImage(id))
}

pub(super) fn remove_image(
    encounter: &mut Encounter,
    id: ImageId,
) -> Result<Command, CommandError> {
    let in_use = encounter
        .map
        .background
        .as_ref()
        .is_some_and(|bg| bg.image == id)
        || encounter.tokens.iter().any(|t| t.image == Some(id))
        || encounter.handouts.iter().any(|h| h.image == id);
    if in_use {
        return Err(CommandError::ImageInUse(id));
    }
    let image = encounter
        .images
        .remove(&id)
        .ok_or(CommandError::NoSuchImage(id))?;
    Ok(Command::AddImage { id, image })
}

fn check_index(index: Option<usize>, len: usize) -> Result<usize, CommandError> {
    match index {
        None => Ok(len),
        Some(index) if index <= len => Ok(index),
        Some(index) => Err(CommandError::BadIndex { index, len }),
    }
}

/// Tokens may stand outside the map's rectangle (say, after the GM shrinks the map: nothing is
/// lost, and they can be dragged back), so only references are checked here. Keeping drops on the
/// map is the map gesture's job; a core check would make some inverses unappliable.
fn check_token_refs(encounter: &Encounter, token: &Token) -> Result<(), CommandError> {
    check_token(token)?;
    match token.image {
        Some(image) if !encounter.images.contains_key(&image) => {
            Err(CommandError::NoSuchImage(image))
        }
        _ => Ok(()),
    }
}

fn add_token(
    encounter: &mut Encounter,
    token: Token,
    index: Option<usize>,
) -> Result<Command, CommandError> {
    if encounter.token(token.id).is_some() {
        return Err(CommandError::DuplicateToken(token.id));
    }
    check_token_refs(encounter, &token)?;
    check_count("tokens", encounter.tokens.len() + 1, MAX_TOKENS)?;
    let index = check_index(index, encounter.tokens.len())?;
    let id = token.id;
    encounter.tokens.insert(index, token);
    Ok(Command::RemoveToken(id))
}

/// Removes a token and, in the same step, what the fight keeps for it (its place in the turn
/// order, its conditions, death saves, momentum pool and trackers), which would otherwise name
/// a token the encounter no longer holds and make the file unopenable. Undo brings both back.
fn remove_token(encounter: &mut Encounter, id: TokenId) -> Result<Command, CommandError> {
    let index = encounter
        .token_index(id)
        .ok_or(CommandError::NoSuchToken(id))?;
    let before = encounter
        .combat
        .names_token(id)
        .then(|| encounter.combat.clone());
    let token = encounter.tokens.remove(index);
    let add = Command::AddToken {
        token,
        index: Some(index),
    };
    let Some(before) = before else {
        return Ok(add);
    };
    encounter.combat.forget_token(id);
    // Undo adds the token back first, so the restored fight names a token that is there.
    Ok(Command::Batch(vec![
        add,
        Command::SetCombat(Box::new(before)),
    ]))
}

fn move_token(encounter: &mut Encounter, id: TokenId, to: Cell) -> Result<Command, CommandError> {
    let index = encounter
        .token_index(id)
        .ok_or(CommandError::NoSuchToken(id))?;
    check_cell(to, || format!("cell {to}"))?;
    let from = std::mem::replace(&mut encounter.tokens[index].cell, to);
    Ok(Command::MoveToken { id, to: from })
}

fn update_token(encounter: &mut Encounter, token: Token) -> Result<Command, CommandError> {
    let index = encounter
        .token_index(token.id)
        .ok_or(CommandError::NoSuchToken(token.id))?;
    check_token_refs(encounter, &token)?;
    Ok(Command::UpdateToken(std::mem::replace(
        &mut encounter.tokens[index],
        token,
    )))
}

fn add_wall(
    encounter: &mut Encounter,
    wall: Wall,
    index: Option<usize>,
) -> Result<Command, CommandError> {
    if encounter.wall(wall.id).is_some() {
        return Err(CommandError::DuplicateWall(wall.id));
    }
    check_wall(&wall)?;
    check_count("walls", encounter.walls.len() + 1, MAX_WALLS)?;
    let index = check_index(index, encounter.walls.len())?;
    let id = wall.id;
    let crosses = crosses_any(&encounter.walls, &wall);
    encounter.walls.insert(index, wall);
    // The same cap the loader applies, so no drawing can make a file that will not open.
    if crosses && let Err(err) = check_crossings(&encounter.walls) {
        encounter.walls.remove(index);
        return Err(err);
    }
    Ok(Command::RemoveWall(id))
}

fn remove_wall(encounter: &mut Encounter, id: WallId) -> Result<Command, CommandError> {
    let index = encounter
        .wall_index(id)
        .ok_or(CommandError::NoSuchWall(id))?;
    let wall = encounter.walls.remove(index);
    Ok(Command::AddWall {
        wall,
        index: Some(index),
    })
}

fn set_wall_kind(
    encounter: &mut Encounter,
    id: WallId,
    kind: WallKind,
) -> Result<Command, CommandError> {
    let index = encounter
        .wall_index(id)
        .ok_or(CommandError::NoSuchWall(id))?;
    let old = std::mem::replace(&mut encounter.walls[index].kind, kind);
    Ok(Command::SetWallKind { id, kind: old })
}

fn paint_cells(
    encounter: &mut Encounter,
    layer: CellLayer,
    cells: Vec<(Cell, bool)>,
) -> Result<Command, CommandError> {
    check_cells(cells.iter().map(|(c, _)| c), "cell")?;
    let set = match layer {
        CellLayer::Obstacle => &mut encounter.obstacle_cells,
        CellLayer::Difficult => &mut encounter.difficult_cells,
    };
    let added = cells
        .iter()
        .filter(|(c, on)| *on && !set.contains(c))
        .count();
    check_count(
        "marked cells in one layer",
        set.len() + added,
        MAX_MARKED_CELLS,
    )?;
    // Record the old value of each cell before changing it, in reverse so a list that names one
    // cell twice still undoes to the original value.
    let mut previous: Vec<(Cell, bool)> = Vec::with_capacity(cells.len());
    for (cell, on) in cells {
        let was = if on {
            !set.insert(cell)
        } else {
            set.remove(&cell)
        };
        previous.push((cell, was));
    }
    previous.reverse();
    Ok(Command::PaintCells {
        layer,
        cells: previous,
    })
}

/// Fog cells lie in the allowed area and each fog set stays within its cap.
fn check_fog_command(encounter: &Encounter, command: &FogCommand) -> Result<(), CommandError> {
    match command {
        FogCommand::Brush(cells) => {
            check_cells(cells.iter().map(|(c, _)| c), "fog cell")?;
            let fog = &encounter.fog;
            let added = cells
                .iter()
                .filter(|(c, mark)| mark.is_some() && mark_of(fog, *c).is_none())
                .count();
            let len = fog.revealed.len() + fog.hidden.len() + added;
            check_count("marked cells in one layer", len, MAX_MARKED_CELLS)
        }
        FogCommand::Reveal(cells) => {
            check_cells(cells, "fog cell")?;
            let fog = &encounter.fog;
            let added = cells.iter().filter(|c| mark_of(fog, **c).is_none()).count();
            let len = fog.revealed.len() + fog.hidden.len() + added;
            check_count("marked cells in one layer", len, MAX_MARKED_CELLS)
        }
        FogCommand::Explore(cells) => {
            check_cells(cells, "fog cell")?;
            let explored = &encounter.fog.explored;
            let mut look = explored.lookup();
            let len = explored.len() + cells.iter().filter(|c| !look.contains(**c)).count();
            check_count("marked cells in one layer", len, MAX_MARKED_CELLS)
        }
        FogCommand::SetEnabled(_) | FogCommand::Unexplore(_) | FogCommand::ResetExplored => Ok(()),
    }
}

fn add_polygon(
    encounter: &mut Encounter,
    polygon: ObstaclePolygon,
    index: Option<usize>,
) -> Result<Command, CommandError> {
    check_polygon(&polygon)?;
    check_count(
        "obstacle polygons",
        encounter.obstacle_polygons.len() + 1,
        MAX_POLYGONS,
    )?;
    check_polygon_corners(&encounter.obstacle_polygons, polygon.points.len())?;
    let index = check_index(index, encounter.obstacle_polygons.len())?;
    encounter.obstacle_polygons.insert(index, polygon);
    Ok(Command::RemoveObstaclePolygon(index))
}

fn remove_polygon(encounter: &mut Encounter, index: usize) -> Result<Command, CommandError> {
    if index >= encounter.obstacle_polygons.len() {
        return Err(CommandError::NoSuchPolygon(index));
    }
    let polygon = encounter.obstacle_polygons.remove(index);
    Ok(Command::AddObstaclePolygon {
        polygon,
        index: Some(index),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lights_are_refused_and_change_nothing() {
        use crate::model::{
            Cell, GridPoint, Light, LightCommand, LightError, LightKind, RuleSystem, Side, Token,
            TokenId,
        };
        let mut enc = Encounter::new("lights", RuleSystem::Evening);
        enc.tokens
            .push(Token::new(TokenId(1), "Hero", Side::Party, Cell::new(2, 2)));
        let add = |light: Light| Command::Light(LightCommand::Add { light, index: None });
        let mut light = Light::preset(LightKind::Candle, GridPoint::new(1.0, 1.0));
        light.range_cells = f64::NAN;
        assert!(matches!(
            apply(&mut enc, add(light)),
            Err(CommandError::NotFinite(_))
        ));
        let mut glaring = Light::preset(LightKind::Candle, GridPoint::new(1.0, 1.0));
        glaring.bright_cells = Some(f64::INFINITY);
        assert!(matches!(
            apply(&mut enc, add(glaring)),
            Err(CommandError::NotFinite(_))
        ));
        let mut nowhere = Light::preset(LightKind::Torch, GridPoint::new(0.0, 0.0));
        nowhere.position.x = f64::INFINITY;
        assert!(apply(&mut enc, add(nowhere)).is_err());
        assert_eq!(
            LightCommand::Remove(0).apply(&mut enc),
            Err(LightError::NoSuchLight(0))
        );
        assert!(enc.lights.is_empty());
    }
}
