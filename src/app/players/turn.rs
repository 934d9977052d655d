//! Turning what was painted: the players' view is drawn upright in a "logical" frame by the map's
//! own painters, then every shape painted for it is turned by quarter turns about the window's
//! centre (and, on a screen whose pixels are not square, stretched down the screen), so a TV
//! lying flat faces the players. Text is turned with its shapes (egui draws text at an angle),
//! textured rectangles (the background's tiles, token discs) keep their texture through the
//! rectangle's angle, and clip rectangles stay axis-aligned because the turns are quarter turns.
//!
//! This stays out of the map's drawing: the map draws as it always does and never knows. Only the
//! painted shapes turn: the accessibility nodes the view gives its tokens and names keep their
//! upright places (the players' window takes no input, so nothing is hit-tested against them).

use std::f32::consts::FRAC_PI_2;
use std::sync::Arc;

use egui::epaint::{ClippedShape, RectShape};
use egui::layers::ShapeIdx;
use egui::{LayerId, Pos2, Rect, Shape, Vec2, vec2};

use crate::board::table_scale::QuarterTurn;

/// Quarter turns clockwise about `centre`, then a stretch of `stretch_y` down the screen (1 for
/// square pixels): what takes the upright players' view to the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScreenTurn {
    pub centre: Pos2,
    pub turn: QuarterTurn,
    pub stretch_y: f32,
}

impl ScreenTurn {
    /// Whether this changes nothing.
    pub fn is_identity(&self) -> bool {
        self.turn == QuarterTurn::Deg0 && !self.is_stretched()
    }

    /// Whether the picture is stretched down the screen (its pixels are not square).
    fn is_stretched(&self) -> bool {
        (self.stretch_y - 1.0).abs() > f32::EPSILON
    }

    /// The upright frame whose image is `screen`: its sides swapped when turned sideways and
    /// its height unstretched.
    pub fn logical_rect(&self, screen: Rect) -> Rect {
        let size = vec2(screen.width(), screen.height() / self.stretch_y);
        let size = if self.turn.is_sideways() {
            vec2(size.y, size.x)
        } else {
            size
        };
        Rect::from_center_size(self.centre, size)
    }

    /// Where the upright point `p` lands on the screen.
    pub fn pos(&self, p: Pos2) -> Pos2 {
        let v = self.vec(p - self.centre);
        self.centre + v
    }

    /// The upright point that lands on the screen at `p` (the inverse of [`Self::pos`]): where a
    /// touch on the screen falls in the picture as drawn.
    pub fn unturn_pos(&self, p: Pos2) -> Pos2 {
        let v = p - self.centre;
        let v = vec2(v.x, v.y / self.stretch_y);
        let back = match self.turn {
            QuarterTurn::Deg0 => v,
            QuarterTurn::Deg90 => vec2(v.y, -v.x),
            QuarterTurn::Deg180 => -v,
            QuarterTurn::Deg270 => vec2(-v.y, v.x),
        };
        self.centre + back
    }

    /// A vector turned and stretched.
    fn vec(&self, v: Vec2) -> Vec2 {
        let turned = match self.turn {
            QuarterTurn::Deg0 => v,
            // Clockwise on a screen whose y points down: right becomes down.
            QuarterTurn::Deg90 => vec2(-v.y, v.x),
            QuarterTurn::Deg180 => -v,
            QuarterTurn::Deg270 => vec2(v.y, -v.x),
        };
        vec2(turned.x, turned.y * self.stretch_y)
    }

    /// The screen rectangle covering the image of `r` (exact for quarter turns).
    pub fn rect(&self, r: Rect) -> Rect {
        Rect::from_two_pos(self.pos(r.min), self.pos(r.max))
    }

    /// The angle the turn adds, in radians clockwise.
    fn angle(&self) -> f32 {
        f32::from(self.turn.quarters()) * FRAC_PI_2
    }

    /// A rectangle's own width and height after stretching (its angle carries the turn).
    fn stretched_size(&self, size: Vec2) -> Vec2 {
        if self.turn.is_sideways() {
            vec2(size.x * self.stretch_y, size.y)
        } else {
            vec2(size.x, size.y * self.stretch_y)
        }
    }

    /// Turns one shape in place.
    pub fn shape(&self, shape: &mut Shape) {
        match shape {
            Shape::Noop | Shape::Callback(_) => {}
            Shape::Vec(shapes) => shapes.iter_mut().for_each(|s| self.shape(s)),
            Shape::Circle(circle) => {
                let centre = self.pos(circle.center);
                if self.is_stretched() {
                    // A circle stretched down the screen is an ellipse.
                    *shape = Shape::Ellipse(egui::epaint::EllipseShape {
                        center: centre,
                        radius: self.stretched_size(Vec2::splat(circle.radius)),
                        fill: circle.fill,
                        stroke: circle.stroke,
                        angle: 0.0,
                    });
                } else {
                    circle.center = centre;
                }
            }
            Shape::Ellipse(ellipse) => {
                ellipse.center = self.pos(ellipse.center);
                ellipse.radius = self.stretched_size(ellipse.radius);
                ellipse.angle += self.angle();
            }
            Shape::LineSegment { points, .. } => {
                for p in points.iter_mut() {
                    *p = self.pos(*p);
                }
            }
            Shape::Path(path) => path.points.iter_mut().for_each(|p| *p = self.pos(*p)),
            Shape::Band(band) => {
                // Not drawn by the map; its samples are kept in its own frame, so only its
                // turn can follow.
                band.angle += self.angle();
            }
            Shape::Rect(rect) => self.rect_shape(rect),
            Shape::Text(text) => {
                // Text turns about its own origin, which moves with the view.
                text.pos = self.pos(text.pos);
                text.angle += self.angle();
            }
            Shape::Mesh(mesh) => {
                let mesh = Arc::make_mut(mesh);
                mesh.vertices
                    .iter_mut()
                    .for_each(|v| v.pos = self.pos(v.pos));
            }
            Shape::QuadraticBezier(curve) => {
                curve.points.iter_mut().for_each(|p| *p = self.pos(*p));
            }
            Shape::CubicBezier(curve) => {
                curve.points.iter_mut().for_each(|p| *p = self.pos(*p));
            }
        }
    }

    /// A plain rectangle stays axis-aligned (crisp edges); a textured or already turned one keeps
    /// its own size and takes the turn as its angle, so its texture turns with it.
    fn rect_shape(&self, rect: &mut RectShape) {
        if rect.brush.is_none() && rect.angle == 0.0 {
            rect.rect = self.rect(rect.rect);
        } else {
            let centre = self.pos(rect.rect.center());
            rect.rect = Rect::from_center_size(centre, self.stretched_size(rect.rect.size()));
            rect.angle += self.angle();
        }
    }

    /// Turns a painted shape and its clip rectangle.
    fn clipped(&self, clipped: &mut ClippedShape) {
        clipped.clip_rect = self.rect(clipped.clip_rect);
        self.shape(&mut clipped.shape);
    }
}

/// The index the next shape painted on `layer` will get: where a turned range starts.
pub fn next_shape(ctx: &egui::Context, layer: LayerId) -> ShapeIdx {
    ctx.graphics_mut(|g| g.entry(layer).next_idx())
}

/// Turns every shape painted on `layer` from `start` on.
pub fn turn_painted(ctx: &egui::Context, layer: LayerId, start: ShapeIdx, turn: &ScreenTurn) {
    if turn.is_identity() {
        return;
    }
    ctx.graphics_mut(|g| {
        let list = g.entry(layer);
        for i in start.0..list.next_idx().0 {
            list.mutate_shape(ShapeIdx(i), |clipped| turn.clipped(clipped));
        }
    });
}

/// Paints again every shape painted on `layer` from `start` on, turned half round about
/// `centre`: the round's banner for players on the far side of a table.
pub fn repeat_half_turned(ctx: &egui::Context, layer: LayerId, start: ShapeIdx, centre: Pos2) {
    let half = ScreenTurn {
        centre,
        turn: QuarterTurn::Deg180,
        stretch_y: 1.0,
    };
    ctx.graphics_mut(|g| {
        let list = g.entry(layer);
        let copies: Vec<ClippedShape> = list
            .all_entries()
            .skip(start.0)
            .cloned()
            .map(|mut clipped| {
                half.clipped(&mut clipped);
                clipped
            })
            .collect();
        for copy in copies {
            list.add(copy.clip_rect, copy.shape);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    fn turn(turn: QuarterTurn, stretch_y: f32) -> ScreenTurn {
        ScreenTurn {
            centre: pos2(100.0, 50.0),
            turn,
            stretch_y,
        }
    }

    #[test]
    fn a_quarter_turn_takes_right_to_down() {
        let t = turn(QuarterTurn::Deg90, 1.0);
        assert_eq!(t.pos(pos2(110.0, 50.0)), pos2(100.0, 60.0));
        assert_eq!(t.pos(pos2(100.0, 40.0)), pos2(110.0, 50.0));
        let half = turn(QuarterTurn::Deg180, 1.0);
        assert_eq!(half.pos(pos2(110.0, 45.0)), pos2(90.0, 55.0));
        let three = turn(QuarterTurn::Deg270, 1.0);
        assert_eq!(three.pos(pos2(110.0, 50.0)), pos2(100.0, 40.0));
    }

    #[test]
    fn a_point_on_the_screen_goes_back_to_where_it_was_drawn() {
        for q in QuarterTurn::ALL {
            for stretch in [1.0, 0.75] {
                let t = turn(q, stretch);
                let p = pos2(123.0, 31.0);
                let back = t.unturn_pos(t.pos(p));
                assert!((back - p).length() < 1e-3, "{q:?} {stretch}: {back:?}");
            }
        }
    }

    #[test]
    fn the_logical_frame_maps_onto_the_screen() {
        let screen = Rect::from_center_size(pos2(100.0, 50.0), vec2(160.0, 90.0));
        for q in QuarterTurn::ALL {
            for stretch in [1.0, 0.75] {
                let t = turn(q, stretch);
                let logical = t.logical_rect(screen);
                let back = t.rect(logical);
                assert!(
                    (back.min - screen.min).length() < 1e-3
                        && (back.max - screen.max).length() < 1e-3,
                    "{q:?} {stretch}: {back:?}"
                );
            }
        }
    }

    #[test]
    fn text_and_textured_rects_take_the_turn_as_their_angle() {
        let t = turn(QuarterTurn::Deg90, 1.0);
        let mut plain = Shape::rect_filled(
            Rect::from_min_size(pos2(110.0, 50.0), vec2(20.0, 10.0)),
            0.0,
            egui::Color32::RED,
        );
        t.shape(&mut plain);
        let Shape::Rect(plain) = plain else {
            panic!("still a rect");
        };
        assert_eq!(
            plain.rect,
            Rect::from_min_max(pos2(90.0, 60.0), pos2(100.0, 80.0))
        );
        assert!(plain.angle.abs() < 1e-6);

        let textured = RectShape::filled(
            Rect::from_min_size(pos2(110.0, 50.0), vec2(20.0, 10.0)),
            0.0,
            egui::Color32::WHITE,
        )
        .with_texture(
            egui::TextureId::Managed(1),
            Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0)),
        );
        let mut image = Shape::Rect(textured);
        t.shape(&mut image);
        let Shape::Rect(image) = image else {
            panic!("still a rect");
        };
        assert_eq!(image.rect.center(), pos2(95.0, 70.0));
        assert_eq!(image.rect.size(), vec2(20.0, 10.0));
        assert!((image.angle - FRAC_PI_2).abs() < 1e-6);
    }
}
