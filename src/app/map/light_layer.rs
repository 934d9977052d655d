//! The light on the map: the illumination worked out once per change of the board, the lights
//! or the ambient light, and drawn for an audience — the GM gets a light tint over the dark and
//! each light's radii; the players get darkness as dark, with a soft falloff from each light.
//!
//! The shading is a texture over the map at the fog's resolution (several pixels to a cell,
//! `board::fog_raster::glow_raster`), drawn with linear filtering: the falloff is a smooth
//! gradient and a shadow's edge as sharp as the fog's, with no cell staircase. It is rebuilt
//! only when the illumination changes.

use egui::{Color32, ColorImage, Stroke};

use super::fog::{MapAudience, Painted};
use super::transform::MapTransform;
use crate::board::Scene;
use crate::board::fog_raster::{GlowRaster, glow_raster};
use crate::board::light::{Illumination, LightLevel};
use crate::model::{Ambient, Encounter, Light, Senses};

/// What the illumination is worked out from, beside the scene: when none of it changed, the
/// illumination (and the party's sight in it) is still right.
#[derive(Clone, Debug, PartialEq)]
struct LightKey {
    scene: u64,
    lights: Vec<Light>,
    ambient: Ambient,
    senses: Vec<Senses>,
}

impl LightKey {
    fn matches(&self, scene: u64, e: &Encounter) -> bool {
        self.scene == scene
            && self.ambient == e.ambient
            && self.lights == e.lights
            && self
                .senses
                .iter()
                .copied()
                .eq(e.tokens.iter().map(|t| t.senses))
    }

    fn of(scene: u64, e: &Encounter) -> Self {
        Self {
            scene,
            lights: e.lights.clone(),
            ambient: e.ambient,
            senses: e.tokens.iter().map(|t| t.senses).collect(),
        }
    }
}

/// The illumination cache and its textures. View state; nothing here is saved.
#[derive(Debug, Default)]
pub struct LightLayer {
    built: Option<(LightKey, Illumination)>,
    /// Bumped whenever the illumination is worked out again.
    generation: u64,
    /// The glow per pixel, for the generation it names.
    glow: Option<(u64, GlowRaster)>,
    /// The shading texture per audience, for the generation it names.
    painted: [Option<(u64, Painted)>; 2],
}

impl LightLayer {
    /// Brings the illumination up to date with the encounter and returns its generation, which
    /// changes whenever the scene (generation `scene_generation`), the lights, the ambient light
    /// or a token's senses change: what is derived from the party's sight keys on it.
    pub fn refresh(&mut self, scene: &Scene, scene_generation: u64, encounter: &Encounter) -> u64 {
        let stale = self
            .built
            .as_ref()
            .is_none_or(|(key, _)| !key.matches(scene_generation, encounter));
        if stale {
            self.generation += 1;
            let lit = Illumination::new(scene, encounter);
            self.built = Some((LightKey::of(scene_generation, encounter), lit));
        }
        self.generation
    }

    /// The illumination as of the last [`Self::refresh`].
    pub fn illumination(&self) -> Option<&Illumination> {
        self.built.as_ref().map(|(_, lit)| lit)
    }

    /// Paints the shading for `audience` (nothing in bright ambient light), and for the GM each
    /// light's bright and dim radius.
    pub fn paint(
        &mut self,
        painter: &egui::Painter,
        encounter: &Encounter,
        audience: MapAudience,
        t: &MapTransform,
    ) {
        let Some(ambient) = self.built.as_ref().map(|(_, lit)| lit.ambient()) else {
            return;
        };
        if ambient != LightLevel::Bright {
            self.paint_shading(painter, encounter, audience, t);
        }
        if audience == MapAudience::Gm {
            paint_radii(painter, encounter, t);
        }
    }

    /// The darkness with its soft falloff, as one texture over the map, refilled when the
    /// illumination changed.
    fn paint_shading(
        &mut self,
        painter: &egui::Painter,
        encounter: &Encounter,
        audience: MapAudience,
        t: &MapTransform,
    ) {
        let generation = self.generation;
        let slot = audience as usize;
        if self.painted[slot]
            .as_ref()
            .is_none_or(|(g, _)| *g != generation)
        {
            let Some((_, lit)) = &self.built else {
                return;
            };
            if self.glow.as_ref().is_none_or(|(g, _)| *g != generation) {
                self.glow = Some((generation, glow_raster(&encounter.map, lit)));
            }
            let Some((_, glow)) = &self.glow else {
                return;
            };
            let image = shading_image(glow, darkest(audience));
            let previous = self.painted[slot].take().map(|(_, p)| p);
            let name = format!("light-{audience:?}");
            let painted = Painted::refill(previous, painter, &name, image, glow.extent());
            self.painted[slot] = Some((generation, painted));
        }
        if let Some((_, painted)) = &self.painted[slot] {
            painted.paint(painter, t);
        }
    }
}

/// The glow as an image: `darkest` where it is dark, fading to clear where it is bright.
fn shading_image(glow: &GlowRaster, darkest: Color32) -> ColorImage {
    let pixels = glow
        .glow
        .iter()
        .map(|g| darkest.gamma_multiply((1.0 - g).clamp(0.0, 1.0)))
        .collect();
    ColorImage::new([glow.width as usize, glow.height as usize], pixels)
}

/// The shade over darkness: near black for the players, a light tint for the GM.
fn darkest(audience: MapAudience) -> Color32 {
    match audience {
        MapAudience::Players => Color32::from_rgba_unmultiplied(4, 4, 10, 215),
        MapAudience::Gm => Color32::from_rgba_unmultiplied(10, 12, 40, 110),
    }
}

/// Each shining light's dim radius (thin) and bright radius (bolder), in its colour, and a dot
/// where it stands; lights that are off show as a hollow dot.
fn paint_radii(painter: &egui::Painter, encounter: &Encounter, t: &MapTransform) {
    // From the lights themselves, not the illumination: in bright ambient light nothing is
    // computed, and the GM must still see where each light stands and how far it would reach.
    for light in &encounter.lights {
        let centre = t.ui_from_grid(crate::board::light::light_centre(encounter, light));
        if !light.on {
            painter.circle_stroke(centre, 4.0, Stroke::new(1.5, Color32::GRAY));
            continue;
        }
        let [r, g, b, _] = light.color;
        let colour = Color32::from_rgb(r, g, b);
        painter.circle_stroke(
            centre,
            t.points(light.dim_radius()),
            Stroke::new(1.0, colour.gamma_multiply(0.6)),
        );
        painter.circle_stroke(
            centre,
            t.points(light.bright_radius()),
            Stroke::new(1.5, colour),
        );
        painter.circle_filled(centre, 4.0, colour);
    }
}
