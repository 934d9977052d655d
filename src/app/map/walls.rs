//! Walls, doors and windows: painted as a map-maker would ink them; doors open and close on click.

use egui::{Painter, Pos2, Rect, Response, Sense, Shape, Stroke, Ui, Vec2};

use super::mesh_cache::CachedMesh;
use super::palette;
use super::transform::MapTransform;
use crate::model::{Command, Wall, WallKind};

/// Walls thinner than this many points are drawn without round ends.
const MIN_CAP_THICKNESS: f32 = 4.0;

/// The accessible name of a door, which tests and screen readers use to find it.
pub fn door_label(open: bool) -> &'static str {
    if open { "Door (open)" } else { "Door (closed)" }
}

/// What a wall layer's meshes were drawn for: the walls, the camera, the hovered door (by
/// index) and, in the players' view, which walls show.
#[derive(Debug)]
pub struct WallKey {
    walls: Vec<Wall>,
    t: MapTransform,
    hovered: Option<usize>,
    shown: Option<Vec<bool>>,
}

impl WallKey {
    fn matches(
        &self,
        walls: &[Wall],
        t: &MapTransform,
        hovered: Option<usize>,
        shown: Option<&[bool]>,
    ) -> bool {
        self.t == *t
            && self.hovered == hovered
            && self.shown.as_deref() == shown
            && self.walls == walls
    }
}

/// The wall layers' meshes: the GM's pane, and the plain views per audience (the players'
/// window, an export). A frame in which neither the walls nor the camera changed draws them
/// without tessellating a line.
#[derive(Debug, Default)]
pub struct WallMeshes {
    pane: CachedMesh<WallKey>,
    views: [CachedMesh<WallKey>; 2],
}

impl WallMeshes {
    /// Drops the meshes made before the font atlas grew; returns whether any was dropped.
    pub fn forget_if_atlas_changed(&mut self, ctx: &egui::Context) -> bool {
        let mut any = self.pane.forget_if_atlas_changed(ctx);
        for mesh in &mut self.views {
            any |= mesh.forget_if_atlas_changed(ctx);
        }
        any
    }
}

/// Paints every wall in view and handles clicks on doors.
pub fn walls_ui(
    ui: &Ui,
    painter: &Painter,
    walls: &[Wall],
    t: &MapTransform,
    commands: &mut Vec<Command>,
    meshes: &mut WallMeshes,
) {
    let clip = painter.clip_rect();
    let thickness = wall_thickness(t);
    let mut hovered = None;
    for (i, wall) in walls.iter().enumerate() {
        let WallKind::Door { open } = wall.kind else {
            continue;
        };
        let (a, b) = (t.ui_from_grid(wall.a), t.ui_from_grid(wall.b));
        let bounds = Rect::from_two_pos(a, b).expand(thickness * 1.2);
        if !clip.intersects(bounds) {
            continue;
        }
        let response = door_response(ui, wall, bounds, open);
        if response.hovered() {
            hovered = Some(i);
        }
        if response.clicked() {
            commands.push(Command::SetWallKind {
                id: wall.id,
                kind: WallKind::Door { open: !open },
            });
        }
    }
    meshes.pane.paint(
        painter,
        |key| key.matches(walls, t, None, None),
        || WallKey {
            walls: walls.to_vec(),
            t: *t,
            hovered: None,
            shown: None,
        },
        |out| wall_shapes(out, clip, walls, t, |_| true, None),
    );
    // The hovered door is drawn again on top, lit up, so hovering does not rebuild the mesh.
    if let Some(i) = hovered {
        let mut lit = Vec::new();
        wall_shapes(&mut lit, clip, walls, t, |j| j == i, hovered);
        painter.extend(lit);
    }
}

/// Paints every wall in view, doors included, with nothing to click: the players' view. With
/// `shown` (one flag per wall), only the walls it flags.
pub fn paint_walls(
    painter: &Painter,
    walls: &[Wall],
    t: &MapTransform,
    shown: Option<&[bool]>,
    meshes: &mut WallMeshes,
    slot: usize,
) {
    let clip = painter.clip_rect();
    meshes.views[slot].paint(
        painter,
        |key| key.matches(walls, t, None, shown),
        || WallKey {
            walls: walls.to_vec(),
            t: *t,
            hovered: None,
            shown: shown.map(<[bool]>::to_vec),
        },
        |out| {
            let shown = |i: usize| shown.is_none_or(|s| s.get(i).copied().unwrap_or(true));
            wall_shapes(out, clip, walls, t, shown, None);
        },
    );
}

/// Wall thickness in points at the zoom of `t`.
fn wall_thickness(t: &MapTransform) -> f32 {
    (t.points_per_cell * 0.12).clamp(2.0, 10.0)
}

/// The shapes of the walls `shown` flags that reach into `clip`, in the walls' order; the door
/// at index `hovered` lit up.
fn wall_shapes(
    out: &mut Vec<Shape>,
    clip: Rect,
    walls: &[Wall],
    t: &MapTransform,
    shown: impl Fn(usize) -> bool,
    hovered: Option<usize>,
) {
    let thickness = wall_thickness(t);
    for (i, wall) in walls.iter().enumerate().filter(|(i, _)| shown(*i)) {
        let (a, b) = (t.ui_from_grid(wall.a), t.ui_from_grid(wall.b));
        if !clip.intersects(Rect::from_two_pos(a, b).expand(thickness * 1.2)) {
            continue;
        }
        match wall.kind {
            WallKind::Wall => paint_wall(out, a, b, thickness),
            WallKind::Window => paint_window(out, a, b, thickness),
            WallKind::Door { open } => {
                paint_door(out, a, b, thickness, open, hovered == Some(i));
            }
        }
    }
}

fn door_response(ui: &Ui, wall: &Wall, bounds: Rect, open: bool) -> Response {
    let id = ui.scope_id().with(("map_door", wall.id));
    let response = ui.interact(bounds, id, Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, door_label(open)));
    let hint = if open {
        "Click to close the door"
    } else {
        "Click to open the door"
    };
    response.on_hover_text(hint)
}

/// A thick dark line with round ends, so joined segments read as one wall.
fn paint_wall(out: &mut Vec<Shape>, a: Pos2, b: Pos2, thickness: f32) {
    out.push(Shape::line_segment(
        [a, b],
        Stroke::new(thickness, palette::WALL),
    ));
    // Round ends thinner than this are below a pixel's worth of difference, and on a map with
    // thousands of walls zoomed out they were two thirds of the shapes drawn.
    if thickness >= MIN_CAP_THICKNESS {
        out.push(Shape::circle_filled(a, thickness * 0.5, palette::WALL));
        out.push(Shape::circle_filled(b, thickness * 0.5, palette::WALL));
    }
}

/// Two thin light-blue lines between short stubs of wall.
fn paint_window(out: &mut Vec<Shape>, a: Pos2, b: Pos2, thickness: f32) {
    let normal = unit_normal(a, b) * thickness * 0.5;
    let pane = vec![a + normal, b + normal, b - normal, a - normal];
    out.push(Shape::convex_polygon(
        pane,
        palette::WINDOW_PANE,
        Stroke::NONE,
    ));
    let glass = Stroke::new((thickness * 0.28).max(1.0), palette::WINDOW_GLASS);
    out.push(Shape::line_segment([a + normal, b + normal], glass));
    out.push(Shape::line_segment([a - normal, b - normal], glass));
    let frame = Stroke::new((thickness * 0.3).max(1.0), palette::WALL);
    out.push(Shape::line_segment([a + normal, a - normal], frame));
    out.push(Shape::line_segment([b + normal, b - normal], frame));
}

/// A closed door is a wooden plank in the wall's line; an open one is the plank swung 90° on
/// its hinge at `a`, with a dashed arc for its sweep and a dashed threshold across the gap.
fn paint_door(out: &mut Vec<Shape>, a: Pos2, b: Pos2, thickness: f32, open: bool, hovered: bool) {
    let edge_colour = if hovered {
        palette::DOOR_HOVER
    } else {
        palette::DOOR_EDGE
    };
    let edge = Stroke::new((thickness * 0.3).max(1.5), edge_colour);
    out.push(Shape::circle_filled(a, thickness * 0.7, palette::WALL));
    out.push(Shape::circle_filled(b, thickness * 0.7, palette::WALL));
    if open {
        let length = (b - a).length();
        let swung = a + unit_normal(a, b) * length;
        let threshold = Stroke::new((thickness * 0.25).max(1.0), palette::DOOR_EDGE);
        out.extend(Shape::dashed_line(&[a, b], threshold, thickness, thickness));
        out.extend(Shape::dashed_line(
            &arc(a, b, swung),
            threshold,
            thickness * 0.6,
            thickness * 0.6,
        ));
        out.push(plank(a, swung, thickness, edge));
    } else {
        out.push(plank(a, b, thickness, edge));
        // A handle near the latch side makes a closed door unmistakable.
        let handle = a + (b - a) * 0.8;
        out.push(Shape::circle_filled(
            handle,
            thickness * 0.28,
            palette::DOOR_EDGE,
        ));
    }
}

/// A rectangle `thickness` wide from `a` to `b`.
fn plank(a: Pos2, b: Pos2, thickness: f32, edge: Stroke) -> Shape {
    let n = unit_normal(a, b) * thickness * 0.85;
    Shape::convex_polygon(vec![a + n, b + n, b - n, a - n], palette::DOOR_WOOD, edge)
}

/// The quarter circle a door sweeps from `closed` to `open` around `hinge`.
fn arc(hinge: Pos2, closed: Pos2, open: Pos2) -> Vec<Pos2> {
    let (from, to) = (closed - hinge, open - hinge);
    (0..=12)
        .map(|i| {
            let f = i as f32 / 12.0 * std::f32::consts::FRAC_PI_2;
            hinge + from * f.cos() + to * f.sin()
        })
        .collect()
}

/// The unit vector perpendicular to `a → b` (zero for a degenerate segment).
fn unit_normal(a: Pos2, b: Pos2) -> Vec2 {
    (b - a).normalized().rot90()
}
