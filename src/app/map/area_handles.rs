//! Handles on the areas kept on the map, while the Area tool is on: each area's origin dot
//! (click to select, drag to move, right-click for Move…, Targets and Delete) and, on the
//! selected area, a turning handle at the end of its direction. Every gesture is one command
//! on release (`AreaCommand::Update` or `Remove`), so one undo takes it back.

use egui::{Color32, Pos2, Sense, Stroke, Ui};

use super::area_tool::{AREA_EDGE, AreaTool, paint_area, targets_of};
use super::pointer::MapPointer;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::board::Scene;
use crate::model::{AreaCommand, AreaId, AreaShape, AreaTemplate, Command, Encounter, GridPoint};

/// A gesture on a kept area in progress.
#[derive(Clone, Debug)]
pub enum HandleDrag {
    /// Turning the area: its direction follows the pointer.
    Turn(AreaId),
    /// Moving the area by dragging its dot: its origin follows the pointer to the release.
    Move(AreaId),
    /// Move… from the menu: the origin follows the pointer until the next press.
    MoveToClick(AreaId),
}

/// What the handles mean for the rest of the tool this frame.
pub struct HandleState {
    /// The pointer is on a handle or a gesture runs: a press does not start a new area.
    pub busy: bool,
}

fn dot_label(area: &AreaTemplate) -> String {
    format!("Area {} ({})", area.id, area.shape.name())
}

/// The origin dot's hit square, in points.
const DOT_SIZE: f32 = 14.0;

/// Where an area's dot goes, `origin` being where the area starts on screen.
///
/// An area laid from a token (an aura, a burst from its centre, a cone from its edge) starts
/// on the token, and a dot there would take the token's right-click, the menu a GM reaches
/// for most (conditions, attacks, Sheet…). So the token keeps its whole disc: the dot sits
/// just outside the disc's rim, on the side the area starts from (for a cone, the edge it
/// leaves from), or to the left of a token it starts at the centre of, where neither the
/// condition chips over the top nor the name under the disc are. The area's true start is
/// still painted where it is; the dot keeps its menu (Move…, Targets, Delete), one per thing
/// clicked, instead of mixing the area's items into the token's.
fn dot_place(encounter: &Encounter, area: &AreaTemplate, t: &MapTransform, origin: Pos2) -> Pos2 {
    let Some(token) = area.source.and_then(|id| encounter.token(id)) else {
        return origin;
    };
    let (centre, radius_cells) = super::layout::disc_of(encounter.map.grid, token);
    let centre = t.ui_from_grid(centre);
    // Clear of the token's whole hit square (its disc's bounding box), not only the disc.
    let clear = t.points(radius_cells) + DOT_SIZE / 2.0 + 2.0;
    let from_centre = origin - centre;
    if from_centre.length() >= clear * std::f32::consts::SQRT_2 {
        return origin;
    }
    let away = if from_centre.length() > 1.0 {
        from_centre.normalized()
    } else {
        egui::Vec2::new(-1.0, 0.0)
    };
    // Out along `away` until the dot's square leaves the token's square.
    centre + away * (clear / away.x.abs().max(away.y.abs()))
}

/// Where the area starts and points now (a following area sits on its token).
fn placed_ends(scene: &Scene, area: &AreaTemplate) -> Option<(GridPoint, GridPoint, f64)> {
    let placed = scene.place_area(area).ok()?;
    let size = scene.area_size_cells(area.shape.main_size()).ok()?;
    Some((placed.origin, placed.toward, size))
}

/// The turning handle's place: one size from the origin along the direction.
fn turn_handle(origin: GridPoint, toward: GridPoint, size: f64) -> GridPoint {
    let (dx, dy) = (toward.x - origin.x, toward.y - origin.y);
    let len = dx.hypot(dy).max(1e-9);
    GridPoint::new(origin.x + dx / len * size, origin.y + dy / len * size)
}

/// Whether turning changes the shape (spheres and bursts look the same every way).
fn turns(area: &AreaTemplate) -> bool {
    !matches!(
        area.shape,
        AreaShape::Sphere { .. } | AreaShape::Burst { .. }
    )
}

impl AreaTool {
    /// The kept areas' handles and their gestures. Runs before the tool's own press.
    pub fn handles_ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &egui::Painter,
        t: &MapTransform,
        pointer: &MapPointer,
        scene: &Scene,
    ) -> HandleState {
        let mut busy = self.handle.is_some();
        let areas = ctx.encounter.areas.clone();
        for area in &areas {
            let Some((origin, toward, size)) = placed_ends(scene, area) else {
                continue;
            };
            busy |= self.dot_ui(ui, ctx, painter, t, scene, area, origin);
            if self.selected == Some(area.id) && turns(area) {
                let at = t.ui_from_grid(turn_handle(origin, toward, size));
                busy |= self.turn_handle_ui(ui, painter, area, at);
            }
        }
        self.follow_gesture(ui, ctx, painter, t, pointer, scene);
        HandleState { busy }
    }

    /// The origin dot: click selects, drag moves, right-click opens the area's menu.
    #[expect(
        clippy::too_many_arguments,
        reason = "one widget over the map's layers"
    )]
    fn dot_ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &egui::Painter,
        t: &MapTransform,
        scene: &Scene,
        area: &AreaTemplate,
        origin: GridPoint,
    ) -> bool {
        let at = dot_place(ctx.encounter, area, t, t.ui_from_grid(origin));
        let rect = egui::Rect::from_center_size(at, egui::Vec2::splat(DOT_SIZE));
        let id = ui.scope_id().with(("area_dot", area.id));
        let response = ui.interact(rect, id, Sense::click_and_drag());
        let label = dot_label(area);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        let selected = self.selected == Some(area.id);
        painter.circle(
            at,
            if selected { 7.0 } else { 5.0 },
            AREA_EDGE,
            Stroke::new(
                2.0,
                if selected {
                    Color32::WHITE
                } else {
                    Color32::BLACK
                },
            ),
        );
        if response.clicked() || response.drag_started() {
            self.selected = Some(area.id);
        }
        if response.drag_started() && !area.follows {
            self.handle = Some(HandleDrag::Move(area.id));
        }
        response.context_menu(|ui| {
            self.selected = Some(area.id);
            if ui
                .add_enabled(!area.follows, egui::Button::new("Move…"))
                .on_disabled_hover_text("An aura moves with its token.")
                .on_hover_text("The area's start follows the pointer until the next click")
                .clicked()
            {
                self.handle = Some(HandleDrag::MoveToClick(area.id));
                ui.close();
            }
            if ui.button("Targets").clicked() {
                let targets = targets_of(scene, area);
                crate::app::dice::request_area_targets(ui.ctx(), area.source, targets);
                ui.close();
            }
            if ui.button("Delete").clicked() {
                ctx.command(Command::Area(AreaCommand::Remove(area.id)));
                self.selected = None;
                ui.close();
            }
        });
        response.hovered() || response.is_pointer_button_down_on()
    }

    /// The selected area's turning handle: drag to turn.
    fn turn_handle_ui(
        &mut self,
        ui: &Ui,
        painter: &egui::Painter,
        area: &AreaTemplate,
        at: Pos2,
    ) -> bool {
        let rect = egui::Rect::from_center_size(at, egui::Vec2::splat(18.0));
        let response = ui.interact(
            rect,
            ui.scope_id().with(("area_turn", area.id)),
            Sense::drag(),
        );
        let label = format!("Turn area {}", area.id);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        painter.circle(at, 8.0, Color32::WHITE, Stroke::new(3.0, AREA_EDGE));
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            "⟳",
            egui::FontId::proportional(12.0),
            Color32::BLACK,
        );
        if response.drag_started() {
            self.handle = Some(HandleDrag::Turn(area.id));
        }
        response.hovered() || response.is_pointer_button_down_on()
    }

    /// A running turn or move: previewed while the button is held (or, for Move…, until the
    /// next press), one command when it ends. A release off the map ends it too.
    fn follow_gesture(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &egui::Painter,
        t: &MapTransform,
        pointer: &MapPointer,
        scene: &Scene,
    ) {
        let Some(gesture) = self.handle.clone() else {
            return;
        };
        let id = match gesture {
            HandleDrag::Turn(id) | HandleDrag::Move(id) | HandleDrag::MoveToClick(id) => id,
        };
        let Some(area) = ctx.encounter.areas.iter().find(|a| a.id == id).cloned() else {
            self.handle = None;
            return;
        };
        if super::pointer::keys_for_map(ui) && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.handle = None;
            return;
        }
        let down = ui.input(|i| i.pointer.primary_down());
        let changed = pointer
            .pos_in_ui
            .map(|pos| moved(scene, &area, &gesture, t.grid_from_ui(pos)));
        if let Some(preview) = &changed {
            paint_area(painter, scene, preview, t, true);
        }
        let done = if matches!(gesture, HandleDrag::MoveToClick(_)) {
            pointer.press_in_ui.is_some()
        } else {
            !down
        };
        if done {
            self.handle = None;
            if let Some(new) = changed.filter(|a| *a != area) {
                ctx.command(Command::Area(AreaCommand::Update(new)));
            }
        }
    }
}

/// The area after the gesture with the pointer at `p` (map space).
fn moved(scene: &Scene, area: &AreaTemplate, gesture: &HandleDrag, p: GridPoint) -> AreaTemplate {
    let mut new = area.clone();
    match gesture {
        HandleDrag::Turn(_) => {
            // Only the direction counts: from where the area starts now (a following area's
            // token may have moved since it was laid) to the pointer, kept against the stored
            // origin so `place_area` reads the same direction.
            let origin = scene
                .place_area(area)
                .map_or(area.origin, |placed| placed.origin);
            new.toward = GridPoint::new(
                area.origin.x + p.x - origin.x,
                area.origin.y + p.y - origin.y,
            );
        }
        HandleDrag::Move(_) | HandleDrag::MoveToClick(_) => {
            let corner = matches!(
                area.shape,
                AreaShape::Sphere { .. } | AreaShape::Square { .. }
            );
            let p = super::area_tool::snap_free(scene.grid(), corner, p);
            let (dx, dy) = (p.x - area.origin.x, p.y - area.origin.y);
            new.origin = p;
            new.toward = GridPoint::new(area.toward.x + dx, area.toward.y + dy);
        }
    }
    new
}
