//! Who gets the pointer: the one rule every gesture on the map asks.
//!
//! **The map takes a press only when nothing of the Map pane's chrome is under the pointer.**
//! Chrome is anything drawn over the map that is not the map itself: a toolbar, a panel, a card,
//! a tool's window, a menu or popup. [`MapPointer::find`] decides it once per frame, at the top of
//! the pane, from egui's own knowledge of last pass (which is what egui itself hit-tests with):
//!
//! - the top-most *layer* at the point must be the pane's own ([`egui::Context::layer_id_at`]):
//!   windows, areas (the aura cards), popups and menus are layers of their own above it;
//! - no *overlay* drawn in the pane's layer may have sensed the point: every toolbar and banner
//!   drawn over the map goes through [`overlay_ui`], which gives it a background that senses
//!   clicks (so egui hands clicks between its buttons to it, not to the map) and lists it for the
//!   next frame's decision.
//!
//! Every map tool, the fog brush, box selection, the ruler, a library drop, the wheel zoom and the
//! click that clears the selection read the same [`MapPointer`]; none of them looks at the raw
//! pointer on its own. Widgets *on* the map (tokens, door handles, a light's or an area's dot) sit
//! below the overlays in egui's hit test, so they never see a click meant for a toolbar either.
//!
//! To put something new over the map, draw a box anchored to the pane with [`overlay_ui`], or
//! [`claim`] a handle that moves with the map (the table screen's "TV view" tag does); to act on
//! a press, ask [`MapPointer::owns`] or read [`MapPointer::press_in_ui`].

use egui::{Align2, Context, Id, LayerId, Pos2, Rect, Sense, Ui, UiBuilder, Vec2};

/// Where the pointer is this frame, and whether the map owns it.
#[derive(Clone, Debug)]
pub struct MapPointer {
    /// The pointer is over the map (or a token on it), not over chrome.
    pub over_map: bool,
    /// The latest pointer position, wherever it is.
    pub pos_in_ui: Option<Pos2>,
    /// Where the primary button went down, on the frame it did, if the map owns that point. A
    /// slow frame can hold the press and several moves; gestures start here, not at the latest
    /// position.
    pub press_in_ui: Option<Pos2>,
    rules: Rules,
}

/// What the decision needs, captured once a frame.
#[derive(Clone, Debug)]
struct Rules {
    ctx: Context,
    pane: Rect,
    layer: LayerId,
    /// Last pass's overlays drawn over the map, by id, with the rects egui hit-tests with.
    overlays: Vec<(Id, Rect)>,
}

impl Rules {
    fn owns(&self, p: Pos2) -> bool {
        self.pane.contains(p)
            && self.ctx.layer_id_at(p) == Some(self.layer)
            && !self.overlays.iter().any(|(_, r)| r.contains(p))
    }
}

impl MapPointer {
    /// Decides, for this frame, whether the map owns the pointer and the press. Call once, at the
    /// top of the pane, with the pane's rect; hand the answer to everything that acts on a press.
    pub fn find(ui: &Ui, pane: Rect) -> Self {
        let ctx = ui.ctx().clone();
        let overlays = Overlays::last_pass(&ctx, list_id(ui))
            .into_iter()
            .filter_map(|id| ctx.read_response(id))
            .map(|r| (r.id, r.interact_rect))
            .collect();
        let rules = Rules {
            ctx,
            pane,
            layer: ui.layer_id(),
            overlays,
        };
        // From the event itself: a quick click can be pressed and released within one frame, and
        // then egui no longer keeps where the press began.
        let (pos_in_ui, press) = ui.input(|i| {
            let press = i.events.iter().find_map(|event| match event {
                egui::Event::PointerButton {
                    pos,
                    button: egui::PointerButton::Primary,
                    pressed: true,
                    ..
                } => Some(*pos),
                _ => None,
            });
            (i.pointer.latest_pos(), press)
        });
        Self {
            over_map: pos_in_ui.is_some_and(|p| rules.owns(p)),
            pos_in_ui,
            press_in_ui: press.filter(|p| rules.owns(*p)),
            rules,
        }
    }

    /// Whether the map owns the point `p` (ui points): inside the pane, on the pane's own layer
    /// and under no overlay. For a gesture egui reports later than its press (a drag starts
    /// once the pointer has moved), ask with the press origin.
    pub fn owns(&self, p: Pos2) -> bool {
        self.rules.owns(p)
    }

    /// The pane's rect.
    pub fn pane(&self) -> Rect {
        self.rules.pane
    }

    /// Where the chrome over the map was last pass (its toolbars, banners and claimed handles),
    /// leaving out the widget `except`: what a handle placing itself must not sit under.
    pub fn chrome_except(&self, except: Id) -> impl Iterator<Item = Rect> + '_ {
        self.rules
            .overlays
            .iter()
            .filter(move |(id, _)| *id != except)
            .map(|(_, r)| *r)
    }
}

/// Whether the map may take keys this frame (tool keys, Delete, Esc, the arrows): no text field
/// has the keyboard and no modal dialog (the file chooser, a prompt) sits over the map. The
/// keyboard's side of the pointer rule above.
pub fn keys_for_map(ui: &Ui) -> bool {
    !ui.ctx().egui_wants_keyboard_input()
        && ui.ctx().memory(|m| m.is_above_modal_layer(ui.layer_id()))
}

/// Where an overlay sits in the pane and what it is called.
#[derive(Clone, Copy, Debug)]
pub struct Overlay {
    /// Its id within the pane (and the key its size is kept under).
    pub name: &'static str,
    /// Its accessible name (role: toolbar), which tests find it by.
    pub label: &'static str,
    /// The pane corner or edge it clings to.
    pub anchor: Align2,
    /// From that corner inwards, in points (positive is towards the pane's centre).
    pub inset: Vec2,
    /// Its widest; narrower panes get the pane's width less the insets, and the contents wrap.
    pub max_width: f32,
}

/// Draws a piece of chrome over the map: a framed box anchored to a corner of `pane` that the
/// map never takes a press through (see the module docs). The contents get at most the overlay's
/// width and should wrap (`horizontal_wrapped`) in a narrow pane; the box grows away from its
/// anchor.
pub fn overlay_ui<R>(
    ui: &mut Ui,
    pane: Rect,
    overlay: &Overlay,
    add_contents: impl FnOnce(&mut Ui) -> R,
) -> R {
    let list = list_id(ui);
    let room_rect = room_for(pane, overlay);
    let width = overlay.max_width.min(room_rect.width()).max(40.0);
    let id = overlay_id(ui, overlay.name);
    // Last pass's size places it this pass: the box grows away from its anchor.
    let size = ui
        .ctx()
        .data(|d| d.get_temp::<Vec2>(id))
        .unwrap_or(Vec2::new(width, 34.0));
    let at = overlay
        .anchor
        .align_size_within_rect(Vec2::new(size.x.min(width), size.y), room_rect);
    let max_width = width.min(room_rect.max.x - at.min.x);
    let builder = UiBuilder::new()
        .id_salt(id)
        .max_rect(Rect::from_min_size(
            at.min,
            Vec2::new(max_width, pane.height()),
        ))
        .sense(Sense::click())
        .accessibility_role(egui::Role::Toolbar)
        .accessibility_label(overlay.label);
    let inner = ui.scope_builder(builder, |ui| {
        Overlays::push(ui.ctx(), list, ui.unique_id());
        egui::Frame::popup(ui.style())
            .inner_margin(4.0)
            .show(ui, add_contents)
    });
    let drawn = inner.inner.response.rect.size();
    if (drawn - size).length() > 0.5 {
        ui.ctx().data_mut(|d| d.insert_temp(id, drawn));
        ui.ctx().request_repaint();
    }
    inner.inner.inner
}

/// Makes one widget drawn over the map chrome: from the next frame on, a press on it is not the
/// map's. For a handle that moves with the map rather than sitting in a corner (the table
/// screen's "TV view" tag); a framed box anchored to the pane is drawn with [`overlay_ui`].
/// Call it every frame the widget is drawn, with the map pane's `ui`.
pub fn claim(ui: &Ui, response: &egui::Response) {
    Overlays::push(ui.ctx(), list_id(ui), response.id);
}

/// The size an overlay was drawn at last pass, to place another beside it.
pub fn overlay_size(ui: &Ui, name: &str) -> Option<Vec2> {
    ui.ctx().data(|d| d.get_temp::<Vec2>(overlay_id(ui, name)))
}

fn overlay_id(ui: &Ui, name: &str) -> Id {
    ui.scope_id().with(("map_overlay", name))
}

/// The part of the pane an overlay may use: `inset` from its anchor's sides, a small margin from
/// the others.
fn room_for(pane: Rect, overlay: &Overlay) -> Rect {
    const MARGIN: f32 = 8.0;
    let span = |min: f32, max: f32, align: egui::Align, inset: f32| match align {
        egui::Align::Min => (min + inset, max - MARGIN),
        egui::Align::Center => (min + inset, max - inset),
        egui::Align::Max => (min + MARGIN, max - inset),
    };
    let [ax, ay] = overlay.anchor.0;
    let (x0, x1) = span(pane.min.x, pane.max.x, ax, overlay.inset.x);
    let (y0, y1) = span(pane.min.y, pane.max.y, ay, overlay.inset.y);
    Rect::from_min_max(Pos2::new(x0, y0), Pos2::new(x1.max(x0), y1.max(y0)))
}

/// The key of the pane's overlay list.
fn list_id(ui: &Ui) -> Id {
    ui.scope_id().with("map_overlays")
}

/// The overlays drawn over the map in the last pass and this one, by their `Ui`'s id.
#[derive(Clone, Debug, Default)]
struct Overlays {
    pass: u64,
    this_pass: Vec<Id>,
    last_pass: Vec<Id>,
}

impl Overlays {
    fn push(ctx: &Context, list: Id, id: Id) {
        let now = ctx.cumulative_pass_nr();
        ctx.data_mut(|d| {
            let overlays = d.get_temp_mut_or_default::<Self>(list);
            overlays.roll(now);
            if !overlays.this_pass.contains(&id) {
                overlays.this_pass.push(id);
            }
        });
    }

    /// The overlays as drawn in the pass before this one.
    fn last_pass(ctx: &Context, list: Id) -> Vec<Id> {
        let now = ctx.cumulative_pass_nr();
        ctx.data_mut(|d| {
            let overlays = d.get_temp_mut_or_default::<Self>(list);
            overlays.roll(now);
            overlays.last_pass.clone()
        })
    }

    fn roll(&mut self, now: u64) {
        if self.pass != now {
            self.last_pass = if self.pass + 1 == now {
                std::mem::take(&mut self.this_pass)
            } else {
                Vec::new()
            };
            self.this_pass.clear();
            self.pass = now;
        }
    }
}
