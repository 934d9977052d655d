//! Light sources on the map, the encounter's ambient light, and the commands that change them.
//!
//! Imported Universal VTT maps bring their lights (Dungeondraft's); the GM adds torches, lanterns,
//! candles or lights of any radius, on the map or carried by a token. What they light is worked
//! out by `board::light`; what that means for rolls by `combat::vision`.

use serde::{Deserialize, Serialize};

use super::{Encounter, GridPoint, TokenId};

/// A colour with alpha, as `[red, green, blue, alpha]`.
pub type Rgba = [u8; 4];

/// What kind of light a [`Light`] is: the presets only set its radii and colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LightKind {
    /// A light of any radii (and every imported light).
    #[default]
    Custom,
    Torch,
    Lantern,
    Candle,
}

impl LightKind {
    /// The presets the GM can hand out.
    pub const PRESETS: [Self; 3] = [Self::Torch, Self::Lantern, Self::Candle];

    pub fn label(self) -> &'static str {
        match self {
            Self::Custom => "Light",
            Self::Torch => "Torch",
            Self::Lantern => "Lantern",
            Self::Candle => "Candle",
        }
    }

    /// `(bright, dim)` radii in cells. None of Lantern's rule texts gives a light's reach, so
    /// these are Lantern's own table values on 5-foot cells: a torch brightens 20 feet and dims
    /// 20 more, a lantern 30 and 30, a candle 5 and 5. The GM edits them per light.
    pub fn radii_cells(self) -> (f64, f64) {
        match self {
            Self::Custom | Self::Torch => (4.0, 8.0),
            Self::Lantern => (6.0, 12.0),
            Self::Candle => (1.0, 2.0),
        }
    }

    /// A warm flame colour, paler for a lantern.
    pub fn colour(self) -> Rgba {
        match self {
            Self::Custom | Self::Torch => [255, 190, 110, 255],
            Self::Lantern => [255, 225, 160, 255],
            Self::Candle => [255, 200, 130, 255],
        }
    }
}

/// A point light in map space.
///
/// It lights the cells its sight polygon reaches (walls and closed doors cast shadows when
/// `shadows` is on): brightly out to `bright_cells`, dimly out to `range_cells`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Light {
    /// Where the light stands; for a carried light, where it was handed to its token (the
    /// token's position wins while the token exists).
    pub position: GridPoint,
    /// How far the light reaches at all (the end of its dim light), in cell lengths.
    pub range_cells: f64,
    /// Brightness, 1 for a full-strength light (kept from imported maps; drawing only).
    pub intensity: f64,
    pub color: Rgba,
    /// Whether walls cast shadows from this light.
    pub shadows: bool,
    #[serde(default)]
    pub kind: LightKind,
    /// How far the light is bright, in cells; `None` (imported maps and files before lights
    /// were placed by hand) means half of `range_cells`, the torch's proportion.
    #[serde(default)]
    pub bright_cells: Option<f64>,
    /// A light that is off lights nothing.
    #[serde(default = "default_on")]
    pub on: bool,
    /// The token carrying the light, which then moves with it.
    #[serde(default)]
    pub carried_by: Option<TokenId>,
    /// How far its light is blinding, far brighter than normal, in cells (Evening, Lighting:
    /// blinding light makes an obscured area); `None`: nowhere. Within its bright radius.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blinding_cells: Option<f64>,
}

fn default_on() -> bool {
    true
}

impl Light {
    /// A preset light at `position`, on, casting shadows.
    pub fn preset(kind: LightKind, position: GridPoint) -> Self {
        let (bright, dim) = kind.radii_cells();
        Self {
            position,
            range_cells: dim,
            intensity: 1.0,
            color: kind.colour(),
            shadows: true,
            kind,
            bright_cells: Some(bright),
            on: true,
            carried_by: None,
            blinding_cells: None,
        }
    }

    /// The preset carried by `token` (standing at `position` now).
    pub fn carried(kind: LightKind, token: TokenId, position: GridPoint) -> Self {
        Self {
            carried_by: Some(token),
            ..Self::preset(kind, position)
        }
    }

    /// The bright radius in cells: never past the dim radius.
    pub fn bright_radius(&self) -> f64 {
        let dim = self.dim_radius();
        self.bright_cells.unwrap_or(dim / 2.0).clamp(0.0, dim)
    }

    /// The dim (outer) radius in cells.
    pub fn dim_radius(&self) -> f64 {
        self.range_cells.max(0.0)
    }

    /// The blinding radius in cells, within the bright radius; 0 for a light that blinds
    /// nowhere.
    pub fn blinding_radius(&self) -> f64 {
        self.blinding_cells
            .unwrap_or(0.0)
            .clamp(0.0, self.bright_radius())
    }
}

/// The encounter's light where no light source reaches (Evening, Lighting: bright daylight or
/// a gloomy day; dim dusk or fog; darkness underground).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ambient {
    /// Everything is lit: lights change nothing (every map before lighting).
    #[default]
    Bright,
    Dim,
    Dark,
}

impl Ambient {
    pub const ALL: [Self; 3] = [Self::Bright, Self::Dim, Self::Dark];

    pub fn label(self) -> &'static str {
        match self {
            Self::Bright => "Daylight",
            Self::Dim => "Dim",
            Self::Dark => "Dark",
        }
    }
}

/// A change to the lights or the ambient light; wrapped in [`super::Command::Light`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LightCommand {
    /// Adds a light at `index` in the list (the end when `None`).
    Add {
        light: Light,
        index: Option<usize>,
    },
    /// Removes the light at `index`.
    Remove(usize),
    /// Replaces the light at `index` (turning it on or off, new radii, another carrier).
    Update {
        index: usize,
        light: Light,
    },
    SetAmbient(Ambient),
}

/// Why a light command could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LightError {
    #[error("there is no light {0}")]
    NoSuchLight(usize),
}

impl LightCommand {
    /// A short description for the undo menu.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Add { .. } => "Add light",
            Self::Remove(_) => "Remove light",
            Self::Update { .. } => "Change light",
            Self::SetAmbient(_) => "Change ambient light",
        }
    }

    /// Applies the change, returning the command that undoes it; on error nothing changes.
    ///
    /// The bounds of a light added or changed are checked by the caller ([`super::apply`], with
    /// the loader's own `check_light`). A carrier is not checked: a light outlives its deleted
    /// carrier (it then stays where it was handed over), so that undoing any mix of token and
    /// light edits always applies.
    pub fn apply(self, encounter: &mut Encounter) -> Result<Self, LightError> {
        let lights = &encounter.lights;
        match self {
            Self::Add { light, index } => {
                let index = index.unwrap_or(lights.len());
                if index > lights.len() {
                    return Err(LightError::NoSuchLight(index));
                }
                encounter.lights.insert(index, light);
                Ok(Self::Remove(index))
            }
            Self::Remove(index) => {
                if index >= lights.len() {
                    return Err(LightError::NoSuchLight(index));
                }
                let light = encounter.lights.remove(index);
                Ok(Self::Add {
                    light,
                    index: Some(index),
                })
            }
            Self::Update { index, light } => {
                let slot = encounter
                    .lights
                    .get_mut(index)
                    .ok_or(LightError::NoSuchLight(index))?;
                let old = std::mem::replace(slot, light);
                Ok(Self::Update { index, light: old })
            }
            Self::SetAmbient(ambient) => Ok(Self::SetAmbient(std::mem::replace(
                &mut encounter.ambient,
                ambient,
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, RuleSystem, Side, Token};

    fn encounter() -> Encounter {
        let mut enc = Encounter::new("lights", RuleSystem::Evening);
        enc.tokens
            .push(Token::new(TokenId(1), "Hero", Side::Party, Cell::new(2, 2)));
        enc
    }

    #[test]
    fn adding_updating_and_removing_a_light_undo() {
        let mut enc = encounter();
        let before = enc.clone();
        let torch = Light::carried(LightKind::Torch, TokenId(1), GridPoint::new(2.5, 2.5));
        let undo_add = LightCommand::Add {
            light: torch.clone(),
            index: None,
        }
        .apply(&mut enc)
        .unwrap();
        let mut off = torch.clone();
        off.on = false;
        let undo_update = LightCommand::Update {
            index: 0,
            light: off,
        }
        .apply(&mut enc)
        .unwrap();
        assert!(!enc.lights[0].on);
        let _ = undo_update.apply(&mut enc).unwrap();
        assert_eq!(enc.lights, vec![torch]);
        let _ = undo_add.apply(&mut enc).unwrap();
        assert_eq!(enc, before);
    }

    #[test]
    fn an_imported_light_reads_from_old_json_with_half_its_range_bright() {
        let json = r#"{ "position": [1.0, 2.0], "range_cells": 9.0,
            "intensity": 1.0, "color": [255, 255, 255, 255], "shadows": true }"#;
        let light: Light = serde_json::from_str(json).unwrap();
        assert!(light.on && light.carried_by.is_none());
        assert_eq!(light.kind, LightKind::Custom);
        assert!((light.bright_radius() - 4.5).abs() < 1e-12);
        assert!((light.dim_radius() - 9.0).abs() < 1e-12);
    }
}
