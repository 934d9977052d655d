//! The one validation of an encounter: the loader runs [`validate`] on every file it opens, and
//! each command runs the check for what it changes, so the two never disagree (same bounds, same
//! messages) and no sequence of commands can build an encounter its own file would refuse.
//!
//! The bounds are written in `FORMAT.md` ("Limits"). They keep every later pass (the board's
//! spatial index, fog, sight, saving) proportional to the map rather than to an outlier.
//! `validate/text.rs` caps every string (and reads capped fields without copying a longer
//! one); `validate/combat_state.rs` checks the fight, which `edit::apply` also runs after every
//! combat, tracker and log command.

mod combat_state;
mod drawn;
mod evening_sheet;
mod movement;
mod sheet;
mod text;

use std::collections::BTreeSet;

pub use combat_state::{
    MAX_CONDITIONS, MAX_DEATH_SAVES, MAX_EXTRA_PER_TURN, MAX_INITIATIVE_BONUS, MAX_POOL_DICE,
    MAX_ROLLOFFS, MAX_ROSTER_SLOTS, MAX_TRACKER_ENTRIES, check_combat_state, check_log_entry,
    check_tracker_refs, check_tracker_texts,
};
pub use drawn::{
    MAX_HANDOUTS, MAX_MARK_POINTS, MAX_MARK_TEXT_CHARS, MAX_MARKS, MAX_STROKE_POINTS,
    check_handout, check_mark, de_mark_text, mark_points, validate_handouts, validate_marks,
};
pub use evening_sheet::{
    MAX_LEGENDARY, MAX_PHASES, MAX_SWARM_BODIES, MAX_VILLAIN_ACTIONS, check_evening_sheet,
};
pub use movement::{MAX_MOVEMENT_SPEED_CELLS, check_movement};
pub use sheet::{check_encounter_trackers, check_sheet, check_sheets};
pub use text::{
    MAX_CUSTOM_BANDS, MAX_IMAGE_NAME_CHARS, MAX_INTENTION_CHARS, MAX_LABEL_CHARS,
    MAX_LIBRARY_ID_CHARS, MAX_LOG_LABEL_CHARS, MAX_LOG_TEXT_CHARS, MAX_NAME_CHARS, MAX_NOTES_CHARS,
    TOO_LONG_MARKER, capped, chars_over, check_custom_bands, check_image_name, check_text,
    de_attack_name, de_image_name, de_intention, de_label, de_log_label, de_log_text, de_name,
    de_notes,
};

use super::{
    AreaId, AreaShape, AreaSize, AreaTemplate, AuraEffect, AuraOutcome, Background, Cell,
    CellLength, CombatState, CommandError, Encounter, GridPoint, Light, MapSpec, ObstaclePolygon,
    Senses, Token, Wall,
};

/// How far outside the largest map a coordinate may lie, in cells, on every side. Tokens may
/// stand off the map (after the GM shrinks it, nothing is lost), so the allowed area does not
/// follow the map's size: it is the largest map plus this margin, whatever the map is now.
pub const COORDINATE_MARGIN_CELLS: i32 = 2_000;

/// The smallest coordinate (cells or map space) an encounter may use on either axis.
pub const MIN_COORDINATE: i32 = -COORDINATE_MARGIN_CELLS;

/// The largest coordinate an encounter may use on either axis.
pub const MAX_COORDINATE: i32 = MapSpec::MAX_CELLS as i32 + COORDINATE_MARGIN_CELLS;

/// The most wall, door and window segments an encounter holds.
pub const MAX_WALLS: usize = 50_000;
/// How many times walls may cross each other (each crossing splits two walls for the sight
/// sweep, so this bounds the pieces every sight and fog pass walks).
pub const MAX_WALL_CROSSINGS: usize = 50_000;
/// The most tokens an encounter holds.
pub const MAX_TOKENS: usize = 5_000;
/// The most embedded images an encounter holds.
pub const MAX_IMAGES: usize = 500;
/// The most obstacle polygons an encounter holds.
pub const MAX_POLYGONS: usize = 10_000;
/// The most corners one obstacle polygon has.
pub const MAX_POLYGON_POINTS: usize = 10_000;
/// The most corners all obstacle polygons have together: each corner is a sight segment every
/// sight and light sweep may walk, and ten thousand polygons of ten thousand corners were 100
/// million (gigabytes, before a window could draw); a large cave's hand-drawn rocks are a few
/// thousand.
pub const MAX_POLYGON_CORNERS: usize = 200_000;
/// The most lights an encounter holds.
pub const MAX_LIGHTS: usize = 10_000;
/// The most cells one cell layer (obstacles, difficult terrain, each fog set) marks: every cell
/// of the largest map.
pub const MAX_MARKED_CELLS: usize = (MapSpec::MAX_CELLS as usize) * (MapSpec::MAX_CELLS as usize);
/// The highest round a fight may have reached (keeps round arithmetic far from overflow).
pub const MAX_ROUND: u32 = 1_000_000;
/// The largest background scale: one cell as wide as the largest image.
pub const MAX_PIXELS_PER_CELL: f64 = 16_384.0;
/// The longest distance a light reaches, in cells: across the whole allowed area.
pub const MAX_LIGHT_RANGE_CELLS: f64 = 10_000.0;

/// Checks everything about an encounter a file or a command could get wrong. The first problem
/// found is returned, in the same words the command that would have made it uses.
pub fn validate(encounter: &Encounter) -> Result<(), CommandError> {
    check_name(&encounter.name)?;
    text::check_encounter_texts(encounter)?;
    check_map_size(encounter.map.width_cells, encounter.map.height_cells)?;
    check_cell_length(encounter.map.cell_length)?;
    if let Some(bg) = &encounter.map.background {
        check_background(encounter, bg)?;
    }
    check_count("tokens", encounter.tokens.len(), MAX_TOKENS)?;
    check_count("images", encounter.images.len(), MAX_IMAGES)?;
    check_count(
        "obstacle polygons",
        encounter.obstacle_polygons.len(),
        MAX_POLYGONS,
    )?;
    validate_walls(&encounter.walls)?;
    check_tokens(encounter)?;
    encounter
        .obstacle_polygons
        .iter()
        .try_for_each(check_polygon)?;
    check_polygon_corners(&encounter.obstacle_polygons, 0)?;
    validate_lights(&encounter.lights)?;
    validate_areas(&encounter.areas)?;
    validate_marks(&encounter.marks)?;
    validate_handouts(encounter)?;
    check_cell_sets(encounter)?;
    check_combat_state(encounter, &encounter.combat)
}

/// The encounter's name must say something, in at most [`MAX_NAME_CHARS`] characters.
pub fn check_name(name: &str) -> Result<(), CommandError> {
    if name.trim().is_empty() {
        return Err(CommandError::EmptyName);
    }
    check_text(name, MAX_NAME_CHARS, || "the encounter's name".to_owned())
}

/// A map is 1 to [`MapSpec::MAX_CELLS`] cells on each side.
pub fn check_map_size(width: u32, height: u32) -> Result<(), CommandError> {
    let max = MapSpec::MAX_CELLS;
    if !(1..=max).contains(&width) || !(1..=max).contains(&height) {
        return Err(CommandError::BadMapSize { width, height, max });
    }
    Ok(())
}

/// A cell stands for a positive, finite length.
pub fn check_cell_length(length: CellLength) -> Result<(), CommandError> {
    if !(length.value.is_finite() && length.value > 0.0) {
        return Err(CommandError::BadCellLength);
    }
    Ok(())
}

/// A background names an embedded image, has a positive scale of at most
/// [`MAX_PIXELS_PER_CELL`] and sits within the allowed area.
pub fn check_background(encounter: &Encounter, bg: &Background) -> Result<(), CommandError> {
    if !encounter.images.contains_key(&bg.image) {
        return Err(CommandError::NoSuchImage(bg.image));
    }
    if !(bg.pixels_per_cell.is_finite()
        && bg.pixels_per_cell > 0.0
        && bg.pixels_per_cell <= MAX_PIXELS_PER_CELL)
    {
        return Err(CommandError::BadBackgroundScale);
    }
    check_point(bg.origin_in_grid, || "the background's corner".to_owned())
}

/// No more than `max` of something.
pub fn check_count(what: &'static str, count: usize, max: usize) -> Result<(), CommandError> {
    if count > max {
        return Err(CommandError::TooMany { what, max });
    }
    Ok(())
}

/// A map-space point is finite and within the allowed area.
pub fn check_point(p: GridPoint, what: impl FnOnce() -> String) -> Result<(), CommandError> {
    if !(p.x.is_finite() && p.y.is_finite()) {
        return Err(CommandError::NotFinite(what()));
    }
    let range = f64::from(MIN_COORDINATE)..=f64::from(MAX_COORDINATE);
    if !(range.contains(&p.x) && range.contains(&p.y)) {
        return Err(CommandError::OutOfBounds(what()));
    }
    Ok(())
}

/// A cell is within the allowed area.
pub fn check_cell(cell: Cell, what: impl FnOnce() -> String) -> Result<(), CommandError> {
    let range = MIN_COORDINATE..=MAX_COORDINATE;
    if !(range.contains(&cell.x) && range.contains(&cell.y)) {
        return Err(CommandError::OutOfBounds(what()));
    }
    Ok(())
}

/// A wall's two ends are finite and within the allowed area.
pub fn check_wall(wall: &Wall) -> Result<(), CommandError> {
    let what = || format!("wall {}", wall.id);
    check_point(wall.a, what)?;
    check_point(wall.b, what)
}

/// The most areas of effect an encounter keeps.
pub const MAX_AREAS: usize = 1_000;
/// The largest size an area of effect may have, in cells (a length, radius, width or side).
pub const MAX_AREA_SIZE_CELLS: f64 = 10_000.0;

/// A number with a fraction: finite (else "is not a finite number"), then within `min` (above
/// it when `above`) to `max`, else the field, the value and the range allowed.
pub fn check_number(
    value: f64,
    (min, above): (f64, bool),
    max: f64,
    field: impl FnOnce() -> String,
) -> Result<(), CommandError> {
    if !value.is_finite() {
        return Err(CommandError::NotFinite(field()));
    }
    let low = if above { value > min } else { value >= min };
    if low && value <= max {
        return Ok(());
    }
    let from = if above {
        format!("above {min}")
    } else {
        min.to_string()
    };
    Err(super::limits::LimitError::NumberOutOfRange {
        field: field(),
        value: value.to_string(),
        allowed: format!("{from} to {max}"),
    }
    .into())
}

/// An area of effect starts and points within the allowed area, and each size is a finite,
/// positive number of cells up to [`MAX_AREA_SIZE_CELLS`] or a band's name.
pub fn check_area(area: &AreaTemplate) -> Result<(), CommandError> {
    check_point(area.origin, || format!("area {}", area.id))?;
    check_point(area.toward, || format!("area {}'s direction", area.id))?;
    let sizes: Vec<(&str, &AreaSize)> = match &area.shape {
        AreaShape::Cone { length } => vec![("length", length)],
        AreaShape::Sphere { radius } => vec![("radius", radius)],
        AreaShape::Line { length, width } => vec![("length", length), ("width", width)],
        AreaShape::Square { side } => vec![("side", side)],
        AreaShape::Burst { reach } => vec![("reach", reach)],
    };
    for (name, size) in sizes {
        match size {
            AreaSize::Cells(n) => {
                check_number(*n, (0.0, true), MAX_AREA_SIZE_CELLS, || {
                    format!("area {}'s {name} in cells (`shape.{name}.cells`)", area.id)
                })?;
            }
            // A band is looked up by name when the area is drawn; a name no band could have
            // (empty, or longer than any) is refused here.
            AreaSize::Band(name) if name.trim().is_empty() || name.len() > 64 => {
                return Err(CommandError::BadAreaBand(area.id));
            }
            AreaSize::Band(_) => {}
        }
    }
    match &area.effect {
        Some(effect) => check_aura_effect(area.id, effect),
        None => Ok(()),
    }
}

/// The most dice an aura's harm rolls, the most sides a die has, and the largest bonus.
pub const MAX_AURA_DICE: u32 = 100;
pub const MAX_AURA_SIDES: u32 = 1_000;
pub const MAX_AURA_BONUS: i32 = 10_000;
/// The longest name an aura or its condition may have, and the most rounds a condition lasts.
pub const MAX_AURA_NAME: usize = 64;
pub const MAX_AURA_ROUNDS: u32 = 1_000;

/// An aura's effect: a name of at most [`MAX_AURA_NAME`] characters; a condition with a name
/// and at most [`MAX_AURA_ROUNDS`] rounds; or 1 to [`MAX_AURA_DICE`] dice of 1 to
/// [`MAX_AURA_SIDES`] sides with a bonus of at most ±[`MAX_AURA_BONUS`].
fn check_aura_effect(id: AreaId, effect: &AuraEffect) -> Result<(), CommandError> {
    let bad = |why: String| Err(CommandError::BadAura(id, why));
    if effect.name.chars().count() > MAX_AURA_NAME {
        return bad(format!(
            "its name is longer than {MAX_AURA_NAME} characters"
        ));
    }
    match &effect.outcome {
        AuraOutcome::Condition { name, rounds } => {
            if name.trim().is_empty() || name.chars().count() > MAX_AURA_NAME {
                return bad(format!(
                    "a condition needs a name of 1 to {MAX_AURA_NAME} characters"
                ));
            }
            if rounds.is_some_and(|r| r == 0 || r > MAX_AURA_ROUNDS) {
                return bad(format!(
                    "a condition lasts 1 to {MAX_AURA_ROUNDS} rounds, or until removed"
                ));
            }
        }
        AuraOutcome::Harm {
            count,
            sides,
            bonus,
        } => {
            if !(1..=MAX_AURA_DICE).contains(count)
                || !(1..=MAX_AURA_SIDES).contains(sides)
                || bonus.unsigned_abs() > MAX_AURA_BONUS.unsigned_abs()
            {
                return bad(format!(
                    "harm rolls 1 to {MAX_AURA_DICE} dice of 1 to {MAX_AURA_SIDES} sides, \
                     with a bonus of at most ±{MAX_AURA_BONUS}"
                ));
            }
        }
    }
    Ok(())
}

/// The encounter's areas: at most [`MAX_AREAS`], ids unique, each one checked.
pub fn validate_areas(areas: &[AreaTemplate]) -> Result<(), CommandError> {
    check_count("areas of effect", areas.len(), MAX_AREAS)?;
    let mut ids = BTreeSet::new();
    for area in areas {
        if !ids.insert(area.id) {
            return Err(CommandError::AreaId(area.id));
        }
        check_area(area)?;
    }
    Ok(())
}

/// The farthest a token's darkvision may reach, in cells: as far as the farthest light.
pub const MAX_SENSE_RANGE_CELLS: u32 = 10_000;

/// A token stands within the allowed area, faces a finite direction and sees no farther in the
/// dark than [`MAX_SENSE_RANGE_CELLS`].
pub fn check_token(token: &Token) -> Result<(), CommandError> {
    // Clipped: a damaged file can put a megabyte where a name belongs.
    let name = || {
        format!(
            "token “{}”",
            token.name.chars().take(100).collect::<String>()
        )
    };
    text::check_token_texts(token)?;
    check_token_finesse(token)?;
    super::limits::TOKEN_SPEED.check(token.speed_cells, || format!("{}'s speed", name()))?;
    check_cell(token.cell, name)?;
    if !token.rotation_deg.is_finite() {
        return Err(CommandError::NotFinite(format!("{}'s facing", name())));
    }
    if let Senses::Darkvision { range_cells } = token.senses
        && range_cells > MAX_SENSE_RANGE_CELLS
    {
        return Err(CommandError::TooFarReaching {
            what: format!("{}'s darkvision", name()),
            cells: range_cells,
        });
    }
    Ok(())
}

/// A token's Finesse is added to its initiative roll: within ±[`MAX_INITIATIVE_BONUS`].
fn check_token_finesse(token: &Token) -> Result<(), CommandError> {
    if token.finesse.unsigned_abs() > MAX_INITIATIVE_BONUS.unsigned_abs() {
        return Err(CommandError::OutOfRange {
            what: format!("token {}'s Finesse", token.id),
            value: i64::from(token.finesse),
            min: -i64::from(MAX_INITIATIVE_BONUS),
            max: i64::from(MAX_INITIATIVE_BONUS),
        });
    }
    Ok(())
}

/// An obstacle polygon has 3 to [`MAX_POLYGON_POINTS`] corners, each finite and in the area.
pub fn check_polygon(polygon: &ObstaclePolygon) -> Result<(), CommandError> {
    if polygon.points.len() < 3 {
        return Err(CommandError::DegeneratePolygon);
    }
    check_count(
        "corners in one obstacle polygon",
        polygon.points.len(),
        MAX_POLYGON_POINTS,
    )?;
    polygon
        .points
        .iter()
        .try_for_each(|p| check_point(*p, || "an obstacle polygon's corner".to_owned()))
}

/// All obstacle polygons, with `adding` more corners, have at most [`MAX_POLYGON_CORNERS`].
pub fn check_polygon_corners(
    polygons: &[ObstaclePolygon],
    adding: usize,
) -> Result<(), CommandError> {
    let corners: usize = polygons.iter().map(|p| p.points.len()).sum();
    check_count(
        "obstacle polygon corners in all",
        corners + adding,
        MAX_POLYGON_CORNERS,
    )
}

/// The most a light's intensity may be.
pub const MAX_LIGHT_INTENSITY: f64 = 1e6;

/// A light sits in the allowed area with a finite, non-negative range and intensity.
pub fn check_light(light: &Light) -> Result<(), CommandError> {
    check_light_named(light, "a light")
}

/// [`check_light`], the light named `what` in messages ("light 3").
fn check_light_named(light: &Light, what: &str) -> Result<(), CommandError> {
    check_point(light.position, || what.to_owned())?;
    let field = |name: &str| format!("{what}'s `{name}`");
    let range = (0.0, false);
    check_number(light.range_cells, range, MAX_LIGHT_RANGE_CELLS, || {
        field("range_cells")
    })?;
    if let Some(bright) = light.bright_cells {
        check_number(bright, range, MAX_LIGHT_RANGE_CELLS, || {
            field("bright_cells")
        })?;
    }
    if let Some(blinding) = light.blinding_cells {
        check_number(blinding, range, MAX_LIGHT_RANGE_CELLS, || {
            field("blinding_cells")
        })?;
    }
    check_number(light.intensity, range, MAX_LIGHT_INTENSITY, || {
        field("intensity")
    })
}

/// Cells a command paints or explores lie within the allowed area.
pub fn check_cells<C: std::borrow::Borrow<Cell>>(
    cells: impl IntoIterator<Item = C>,
    what: &'static str,
) -> Result<(), CommandError> {
    cells.into_iter().try_for_each(|c| {
        let c = *c.borrow();
        check_cell(c, || format!("{what} {c}"))
    })
}

/// A wall set: at most [`MAX_WALLS`] walls with unique ids, each in the allowed area, crossing
/// each other at most [`MAX_WALL_CROSSINGS`] times. Importers run it on the walls they bring.
pub fn validate_walls(walls: &[Wall]) -> Result<(), CommandError> {
    check_count("walls", walls.len(), MAX_WALLS)?;
    let mut ids = BTreeSet::new();
    for wall in walls {
        if !ids.insert(wall.id) {
            return Err(CommandError::DuplicateWall(wall.id));
        }
        check_wall(wall)?;
    }
    check_crossings(walls)
}

/// Walls cross each other at most [`MAX_WALL_CROSSINGS`] times.
pub fn check_crossings(walls: &[Wall]) -> Result<(), CommandError> {
    super::count_crossings(walls, MAX_WALL_CROSSINGS).map_err(|_| CommandError::TooMany {
        what: "wall crossings",
        max: MAX_WALL_CROSSINGS,
    })?;
    Ok(())
}

/// A light list: at most [`MAX_LIGHTS`], each usable.
pub fn validate_lights(lights: &[Light]) -> Result<(), CommandError> {
    check_count("lights", lights.len(), MAX_LIGHTS)?;
    lights
        .iter()
        .enumerate()
        .try_for_each(|(i, light)| check_light_named(light, &format!("light {}", i + 1)))
}

fn check_tokens(encounter: &Encounter) -> Result<(), CommandError> {
    let mut ids = BTreeSet::new();
    for token in &encounter.tokens {
        if !ids.insert(token.id) {
            return Err(CommandError::DuplicateToken(token.id));
        }
        check_token(token)?;
        if let Some(image) = token.image.filter(|i| !encounter.images.contains_key(i)) {
            return Err(CommandError::NoSuchImage(image));
        }
    }
    Ok(())
}

fn check_cell_sets(encounter: &Encounter) -> Result<(), CommandError> {
    let fog = &encounter.fog;
    let sets = [
        ("obstacle cell", &encounter.obstacle_cells),
        ("difficult cell", &encounter.difficult_cells),
    ];
    for (what, set) in sets {
        check_count("marked cells in one layer", set.len(), MAX_MARKED_CELLS)?;
        check_cells(set, what)?;
    }
    let fog_sets = [
        ("explored cell", &fog.explored),
        ("revealed cell", &fog.revealed),
        ("hidden cell", &fog.hidden),
    ];
    for (what, set) in fog_sets {
        check_count("marked cells in one layer", set.len(), MAX_MARKED_CELLS)?;
        check_cells(set, what)?;
    }
    Ok(())
}

/// The turn marker points at a combatant of the order.
pub fn check_combat(combat: &CombatState) -> Result<(), CommandError> {
    let initiative = &combat.initiative;
    if let Some(current) = initiative.current
        && current >= initiative.combatants.len()
    {
        return Err(CommandError::BadCombat(turn_marker_past_the_order(
            current,
            initiative.combatants.len(),
        )));
    }
    if initiative.pip >= super::initiative::Initiative::PIPS_PER_ROUND {
        return Err(CommandError::BadCombat(format!(
            "the time pip is {}; a round has pips 0 to 9",
            initiative.pip
        )));
    }
    if initiative.round > MAX_ROUND {
        return Err(CommandError::BadCombat(format!(
            "the fight is in round {}; Lantern counts up to round {MAX_ROUND}",
            initiative.round
        )));
    }
    check_count("combatants", initiative.combatants.len(), MAX_TOKENS + 1)?;
    // At most two offers per area (one turn's end, the next one's start), each naming tokens.
    check_count("aura offers", combat.aura_offers.len(), 2 * MAX_AREAS)?;
    for offer in &combat.aura_offers {
        check_count("tokens in an aura offer", offer.tokens.len(), MAX_TOKENS)?;
    }
    check_count(
        "creatures under threat",
        combat.round_threatened.len(),
        MAX_TOKENS,
    )?;
    if let Some(offer) = &combat.stress_offer {
        check_count(
            "tokens in a Battle Stress offer",
            offer.tokens.len(),
            MAX_TOKENS,
        )?;
    }
    Ok(())
}

/// Why a turn marker is past the order, with the file's own number: `current` counts from 0,
/// and any `u64` fits the message (adding one to show a position could wrap).
fn turn_marker_past_the_order(current: usize, len: usize) -> String {
    match len {
        0 => format!("the turn marker (`current`) is {current}, but the turn order is empty"),
        1 => format!(
            "the turn marker (`current`) is {current}, but the turn order has one combatant, numbered 0"
        ),
        n => format!(
            "the turn marker (`current`) is {current}, but the turn order has {n} combatants, numbered 0 to {}",
            n - 1
        ),
    }
}

#[cfg(test)]
mod sense_tests {
    use super::*;
    use crate::model::{Side, TokenId};

    #[test]
    fn darkvision_past_the_cap_is_refused_and_at_it_accepted() {
        let mut token = Token::new(TokenId(1), "Owl", Side::Party, Cell::new(0, 0));
        token.senses = Senses::Darkvision {
            range_cells: MAX_SENSE_RANGE_CELLS,
        };
        assert_eq!(check_token(&token), Ok(()));
        token.senses = Senses::Darkvision {
            range_cells: u32::MAX,
        };
        assert!(matches!(
            check_token(&token),
            Err(CommandError::TooFarReaching { .. })
        ));
    }
}

#[cfg(test)]
mod area_tests {
    use super::*;
    use crate::model::{AreaId, AreaSelect};

    fn sphere(radius: AreaSize) -> AreaTemplate {
        AreaTemplate {
            id: AreaId(1),
            shape: AreaShape::Sphere { radius },
            origin: GridPoint::new(3.0, 3.0),
            toward: GridPoint::new(4.0, 3.0),
            source: None,
            follows: false,
            select: AreaSelect::Everyone,
            gm_only: false,
            effect: None,
        }
    }

    #[test]
    fn an_area_needs_a_finite_bounded_size_and_a_real_band_name() {
        assert_eq!(check_area(&sphere(AreaSize::Cells(6.0))), Ok(()));
        assert_eq!(check_area(&sphere(AreaSize::Band("Close".into()))), Ok(()));
        for bad in [f64::NAN, f64::INFINITY, 0.0, -1.0, 1e9] {
            assert!(check_area(&sphere(AreaSize::Cells(bad))).is_err(), "{bad}");
        }
        assert!(check_area(&sphere(AreaSize::Band(" ".into()))).is_err());
        let mut far = sphere(AreaSize::Cells(2.0));
        far.origin = GridPoint::new(1e12, 0.0);
        assert!(check_area(&far).is_err());
    }

    #[test]
    fn two_areas_with_one_id_are_refused() {
        let a = sphere(AreaSize::Cells(2.0));
        assert_eq!(
            validate_areas(&[a.clone(), a]),
            Err(CommandError::AreaId(AreaId(1)))
        );
    }
}
