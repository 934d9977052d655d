//! Seeing in the light: whether one token sees another, how lit the target is to its eyes, and
//! what that does to an attack in each rule system. The action flow asks
//! [`attack_light_effects`] and shows its reasons beside the other contributions.
//!
//! Readings, where the texts leave a choice:
//! - **The light that counts is the target's** (the place the attacker looks into), taken at
//!   the centre of the target's footprint as the board's partial-cell rule says
//!   (`board::light`). Evening's Vision speaks of being "in" an obscured area; a creature in a
//!   dark room looking at a lit doorway sees the doorway, so Lantern reads it as the area seen.
//! - **Darkvision** sees darkness within its range as dim light (and dim light as it is). GFH's
//!   Primal Form names darkvision without saying more; this is the d20 reading Evening's
//!   creatures share.
//! - A **blind** viewer sees nothing, whatever the light.
//! - **Evening, Vision** gives an obscured area (dim light) one effect: disadvantage on aptitude
//!   checks that rely on sight. An attack is not an aptitude check, so dim light changes no
//!   attack (and so no defence check a threat's attack turns into); darkness blinds the viewer,
//!   and Blinded does give attacks disadvantage. Whether an aptitude check relies on sight is
//!   the narrator's call: Lantern offers the line on every aptitude check against a target the
//!   light touches, and the GM clears it for a check that doesn't look (a shout, a smell).

use crate::board::Scene;
use crate::board::footprint::footprint_centre;
use crate::board::light::{Illumination, LightLevel, inside};
use crate::model::{Encounter, RuleSystem, Senses, Token, TokenId};

/// Evening's obscurity of an area (Evening, Vision; Lighting): dim (or blinding) light makes an
/// area obscured, darkness heavily obscured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Obscurity {
    Clear,
    /// Disadvantage on aptitude checks that rely on sight.
    Obscured,
    /// Vision blocked entirely: the creature looking is Blinded.
    HeavilyObscured,
}

impl Obscurity {
    /// Evening, Lighting: bright light lets a creature see normally, dim light obscures,
    /// darkness heavily obscures.
    pub fn of(level: LightLevel) -> Self {
        match level {
            LightLevel::Bright => Self::Clear,
            LightLevel::Dim => Self::Obscured,
            LightLevel::Dark => Self::HeavilyObscured,
        }
    }
}

/// How one token sees another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sighting {
    /// The light on the target (its footprint centre).
    pub target_light: LightLevel,
    /// That light as the viewer's eyes take it: darkvision lifts darkness within range to dim;
    /// a blind viewer gets darkness.
    pub as_seen: LightLevel,
    /// Whether the target's centre lies in the viewer's sight polygon (walls, closed doors and
    /// obstacles in the way hide it).
    pub in_line_of_sight: bool,
}

impl Sighting {
    /// Whether the viewer sees the target at all: in line of sight and not dark to its eyes.
    pub fn sees(&self) -> bool {
        self.in_line_of_sight && self.as_seen >= LightLevel::Dim
    }
}

/// How `viewer` sees `target` in `light`; `None` when either token is not in the encounter.
pub fn sighting(
    scene: &Scene,
    light: &Illumination,
    encounter: &Encounter,
    viewer: TokenId,
    target: TokenId,
) -> Option<Sighting> {
    let (viewer, target) = (encounter.token(viewer)?, encounter.token(target)?);
    let grid = encounter.map.grid;
    let from = footprint_centre(grid, viewer.size, viewer.cell);
    let at = footprint_centre(grid, target.size, target.cell);
    let target_light = if grid == crate::model::GridKind::Gridless {
        light.at_point(at)
    } else {
        light.at_cell(crate::board::grid::cell_in_grid(grid, at))
    };
    let distance = (at.x - from.x).hypot(at.y - from.y);
    let in_line_of_sight = inside(&scene.sight_polygon(from, None), at);
    Some(Sighting {
        target_light,
        as_seen: as_seen_by(viewer, target_light, distance),
        in_line_of_sight,
    })
}

/// The light `level`, `distance_cells` away, as `viewer`'s eyes take it.
pub fn as_seen_by(viewer: &Token, level: LightLevel, distance_cells: f64) -> LightLevel {
    match viewer.senses {
        Senses::Blind => LightLevel::Dark,
        Senses::Darkvision { range_cells } if distance_cells <= f64::from(range_cells) => {
            level.max(LightLevel::Dim)
        }
        Senses::Normal | Senses::Darkvision { .. } => level,
    }
}

/// What the light does to one attack, in the system's own terms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LightEffects {
    /// The attack is Hard (GFH) / at disadvantage (Evening, only when Blinded).
    pub harder: bool,
    /// Evening: the attacker is Blinded looking into the target's area.
    pub blinded: bool,
    /// Evening: what the light does to an aptitude check that relies on sight, when it does
    /// anything (Vision: obscured, disadvantage; Blinded: the check fails).
    pub sight_check: Option<SightCheck>,
    /// Road and Ruin: the target may Hide from this attacker.
    pub may_hide: bool,
    /// One line per effect, e.g. "Dim light: obscured, disadvantage".
    pub reasons: Vec<String>,
}

/// What obscurity does to an Evening aptitude check that relies on sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SightCheck {
    /// Obscured (dim light): disadvantage.
    Disadvantage,
    /// Heavily obscured (darkness): the viewer is Blinded and the check fails.
    Fails,
}

/// What the light does to an attack by a viewer who sees the target as `sighting` says.
///
/// - Evening (Vision; Lighting; Blinded): a target in dim light is in an obscured area, which
///   gives disadvantage to aptitude checks relying on sight and nothing to an attack; a target
///   in darkness is heavily obscured, so the attacker is Blinded toward it: an aptitude check
///   needing sight fails and attack rolls have disadvantage (a ranged attack is refused: the
///   builder's `Range` rule wants a target the attacker can see).
/// - Go Forth: Heroes (Blessing of Shadow's "attacks against you are Hard", read as the rule
///   for any darkness): an attack against a target in darkness the attacker can't see into is
///   Hard. Dim light changes nothing; GFH names no dim band.
/// - Road and Ruin (Positioning: what breaks line of sight lets a creature Hide): darkness the
///   observer can't see into breaks sight, so the target may Hide.
/// - Post and 3d6 name no light rules: the line suggests the GM use the system's lever as for
///   cover, and changes nothing by itself.
pub fn attack_light_effects(system: RuleSystem, sighting: &Sighting) -> LightEffects {
    let mut effects = LightEffects::default();
    let dark = sighting.as_seen == LightLevel::Dark;
    match system {
        RuleSystem::Evening => match Obscurity::of(sighting.as_seen) {
            Obscurity::Clear => {}
            Obscurity::Obscured => {
                effects.sight_check = Some(SightCheck::Disadvantage);
                effects.reasons.push(
                    "Dim light: obscured, disadvantage on aptitude checks relying on sight"
                        .to_owned(),
                );
            }
            Obscurity::HeavilyObscured => {
                effects.harder = true;
                effects.blinded = true;
                effects.sight_check = Some(SightCheck::Fails);
                effects
                    .reasons
                    .push("Darkness: heavily obscured, Blinded (disadvantage)".to_owned());
            }
        },
        RuleSystem::GoForthHeroes => {
            if dark {
                effects.harder = true;
                effects
                    .reasons
                    .push("Target in darkness the attacker can't see into: Hard".to_owned());
            }
        }
        RuleSystem::RoadAndRuin => {
            if dark {
                effects.may_hide = true;
                effects
                    .reasons
                    .push("Target in darkness: it can Hide from the attacker".to_owned());
            }
        }
        RuleSystem::PostCore | RuleSystem::ThreeD6 => {
            if dark {
                effects.reasons.push(
                    "Target in darkness: GM's call, as for cover (the text sets no rule)"
                        .to_owned(),
                );
            }
        }
    }
    effects
}
