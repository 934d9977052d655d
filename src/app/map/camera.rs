//! The pane's camera: pan and zoom gestures, fitting the map, and the corner toolbar.

use egui::{Key, PointerButton, Rect, Response, Ui, Vec2};

use super::transform::MapTransform;

/// Points left free around the map when it is fitted into the pane.
const FIT_MARGIN: f32 = 24.0;
/// Room the pane's floating toolbars take (left: the tool column; top: camera and play aids;
/// bottom: the fog bar), kept clear when fitting so no token at the map's edge hides under them.
const CHROME_LEFT: f32 = 116.0;
const CHROME_TOP: f32 = 40.0;
const CHROME_BOTTOM: f32 = 44.0;
/// How far the arrow keys pan per second, in ui points.
const KEY_PAN_POINTS_PER_SEC: f32 = 700.0;
/// Zoom factor per point of mouse-wheel scroll.
const WHEEL_ZOOM_PER_POINT: f32 = 0.0025;
/// Zoom factor of the toolbar's + and − buttons.
const BUTTON_ZOOM: f32 = 1.25;

/// Pan and zoom, kept relative to the pane's corner so the view stays put when the pane moves.
#[derive(Clone, Debug)]
pub struct Camera {
    origin_from_pane: Vec2,
    points_per_cell: f32,
    /// Fit the map on the next frame (first show, the toolbar button, or a map of a new shape).
    fit_pending: bool,
    /// The map extent last fitted, to notice an encounter with a different map.
    fitted_map: Option<Rect>,
    /// The pane size of the last fit, while the view is still that fit (no pan or zoom since):
    /// a pane resized with the window fits the map again.
    fitted_size: Option<Vec2>,
}

impl Default for Camera {
    fn default() -> Self {
        Self {
            origin_from_pane: Vec2::ZERO,
            points_per_cell: 40.0,
            fit_pending: true,
            fitted_map: None,
            fitted_size: None,
        }
    }
}

impl Camera {
    pub fn request_fit(&mut self) {
        self.fit_pending = true;
    }

    pub fn points_per_cell(&self) -> f32 {
        self.points_per_cell
    }

    /// This frame's transform for a pane at `rect`, fitting the map first if asked to.
    pub fn transform(&mut self, rect: Rect, map_in_grid: Rect) -> MapTransform {
        let resized = self
            .fitted_size
            .is_some_and(|size| (size - rect.size()).length() > 0.5);
        if self.fit_pending || resized || self.fitted_map != Some(map_in_grid) {
            let fitted = MapTransform::fit(map_in_grid, fit_room(rect), FIT_MARGIN);
            self.store(rect, &fitted);
            self.fit_pending = false;
            self.fitted_map = Some(map_in_grid);
            self.fitted_size = Some(rect.size());
        }
        MapTransform::new(rect.min + self.origin_from_pane, self.points_per_cell)
    }

    fn store(&mut self, rect: Rect, t: &MapTransform) {
        self.origin_from_pane = t.origin_in_ui - rect.min;
        self.points_per_cell = t.points_per_cell;
    }

    /// Applies a change made to this frame's transform.
    fn edit(&mut self, ui: &Ui, rect: Rect, edit: impl FnOnce(&mut MapTransform)) {
        let mut t = MapTransform::new(rect.min + self.origin_from_pane, self.points_per_cell);
        let before = t;
        edit(&mut t);
        if t != before {
            self.store(rect, &t);
            self.fitted_size = None;
            ui.ctx().request_repaint();
        }
    }

    /// Zoom with the wheel, ctrl+wheel or a pinch around the cursor; pan by dragging empty map
    /// with the middle or right button, or with the arrow keys unless `arrows_taken` (the table
    /// screen's view box is selected and they move it). The wheel zooms only where the map owns
    /// the pointer.
    pub fn handle_input(
        &mut self,
        ui: &Ui,
        rect: Rect,
        map_in_grid: Rect,
        background: &Response,
        pointer: &super::pointer::MapPointer,
        arrows_taken: bool,
    ) {
        let _ = self.transform(rect, map_in_grid);
        if let Some(pointer) = pointer.pos_in_ui.filter(|_| pointer.over_map) {
            let (zoom, scroll) = ui.input(|i| (i.zoom_delta(), i.smooth_scroll_delta.y));
            let factor = zoom * (scroll * WHEEL_ZOOM_PER_POINT).exp();
            if (factor - 1.0).abs() > f32::EPSILON {
                self.edit(ui, rect, |t| t.zoom_around(pointer, factor));
            }
        }
        if background.dragged_by(PointerButton::Middle)
            || background.dragged_by(PointerButton::Secondary)
        {
            let delta = background.drag_delta();
            self.edit(ui, rect, |t| t.pan(delta));
        }
        let keys = if arrows_taken {
            Vec2::ZERO
        } else {
            arrow_pan(ui)
        };
        if keys != Vec2::ZERO {
            self.edit(ui, rect, |t| t.pan(keys));
        }
    }

    /// Pans by `delta` ui points (drags that started on a token).
    pub fn pan(&mut self, ui: &Ui, delta: Vec2) {
        if delta != Vec2::ZERO {
            // The pane rect does not matter for a pure translation.
            self.origin_from_pane += delta;
            self.fitted_size = None;
            ui.ctx().request_repaint();
        }
    }

    fn zoom_button(&mut self, ui: &Ui, rect: Rect, factor: f32) {
        self.edit(ui, rect, |t| t.zoom_around(rect.center(), factor));
    }
}

/// Arrow keys held down move the map (the view moves the other way), unless a text field has
/// the keyboard.
fn arrow_pan(ui: &Ui) -> Vec2 {
    if !super::pointer::keys_for_map(ui) {
        return Vec2::ZERO;
    }
    let (dir, dt) = ui.input(|i| {
        let axis =
            |neg, pos| f32::from(u8::from(i.key_down(neg))) - f32::from(u8::from(i.key_down(pos)));
        (
            Vec2::new(
                axis(Key::ArrowLeft, Key::ArrowRight),
                axis(Key::ArrowUp, Key::ArrowDown),
            ),
            i.stable_dt.min(0.1),
        )
    });
    if dir == Vec2::ZERO {
        return Vec2::ZERO;
    }
    ui.ctx().request_repaint();
    dir * KEY_PAN_POINTS_PER_SEC * dt
}

/// A small toolbar floating in the pane's top-right corner.
pub fn toolbar_ui(ui: &mut Ui, rect: Rect, camera: &mut Camera) {
    let overlay = super::pointer::Overlay {
        name: "map_toolbar",
        label: "Map toolbar",
        anchor: egui::Align2::RIGHT_TOP,
        inset: Vec2::splat(8.0),
        max_width: 170.0,
    };
    super::pointer::overlay_ui(ui, rect, &overlay, |ui| {
        ui.horizontal_wrapped(|ui| {
            if ui.button("−").on_hover_text("Zoom out").clicked() {
                camera.zoom_button(ui, rect, 1.0 / BUTTON_ZOOM);
            }
            if ui.button("+").on_hover_text("Zoom in").clicked() {
                camera.zoom_button(ui, rect, BUTTON_ZOOM);
            }
            if ui
                .button("Fit map")
                .on_hover_text("Show the whole map")
                .clicked()
            {
                camera.request_fit();
                ui.ctx().request_repaint();
            }
        });
    });
}

/// The part of the pane a fitted map may fill: clear of the toolbars when the pane has room for
/// both, the whole pane when it is too small to spare it.
fn fit_room(rect: Rect) -> Rect {
    let inset = Rect::from_min_max(
        rect.min + Vec2::new(CHROME_LEFT, CHROME_TOP),
        rect.max - Vec2::new(0.0, CHROME_BOTTOM),
    );
    if inset.width() >= rect.width() * 0.6 && inset.height() >= rect.height() * 0.6 {
        inset
    } else {
        rect
    }
}
