//! The Map pane's editing tools: which one is active, its toolbar and keyboard shortcuts, and
//! handing the pointer to it. Each tool lives in its own file; every finished gesture (a
//! polyline, a stroke, a placed token, a calibration) is queued as one command.

use egui::{Key, Modifiers, Rect, Ui, Vec2};

use super::brush::Brush;
use super::calibrate::Calibration;
use super::pointer::{MapPointer, Overlay, overlay_ui};
use super::polyline::Polyline;
use super::token_palette::TokenPalette;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::model::WallKind;

/// What a primary click or drag on the map does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Select and move tokens, open and close doors (play).
    #[default]
    Select,
    AddToken,
    Wall,
    Door,
    Window,
    Obstacle,
    Difficult,
    Erase,
    /// Align the background image to the grid.
    Calibrate,
    /// Lay an area of effect (cone, sphere, line, square, burst).
    Area,
    /// Place and edit lights.
    Light,
    /// Draw, label and rub out marks on the map (`pen.rs`).
    Pen,
}

impl Tool {
    pub const ALL: [Self; 12] = [
        Self::Select,
        Self::AddToken,
        Self::Wall,
        Self::Door,
        Self::Window,
        Self::Obstacle,
        Self::Difficult,
        Self::Erase,
        Self::Calibrate,
        Self::Area,
        Self::Light,
        Self::Pen,
    ];

    /// The toolbar button's text, also its accessible name.
    pub fn label(self) -> &'static str {
        match self {
            Self::Select => "Select",
            Self::AddToken => "Token",
            Self::Wall => "Wall",
            Self::Door => "Door",
            Self::Window => "Window",
            Self::Obstacle => "Obstacle",
            Self::Difficult => "Difficult",
            Self::Erase => "Erase",
            Self::Calibrate => "Align image",
            Self::Area => "Area",
            Self::Light => "Light source",
            Self::Pen => "Pen",
        }
    }

    pub fn tooltip(self) -> &'static str {
        match self {
            Self::Select => "Select and drag tokens; click doors to open or close them",
            Self::AddToken => "Click a cell to place a token from the palette",
            Self::Wall => {
                "Click cell corners to draw a wall (Shift: anywhere); Esc or right-click ends it"
            }
            Self::Door => "Click two corners for a door (Shift: anywhere); Esc or right-click ends",
            Self::Window => {
                "Click corners for a window (Shift: anywhere); Esc or right-click ends it"
            }
            Self::Obstacle => "Drag over cells that block sight and movement",
            Self::Difficult => "Drag over cells that cost double to enter",
            Self::Erase => "Drag over walls, obstacles and difficult cells to remove them",
            Self::Calibrate => "Drag a rectangle over cells of the image's own grid to align it",
            Self::Area => {
                "Press where an area starts and drag to turn it: who is inside becomes the Dice pane's targets"
            }
            Self::Light => {
                "Click the map to place a light (on a token: it carries it); click a light to edit it, right-click for its menu"
            }
            Self::Pen => {
                "Draw on the map, label it or rub marks out; kept marks are saved, fading ones vanish"
            }
        }
    }

    /// The key that picks the tool (no modifiers; Ctrl shortcuts belong to the menus).
    pub fn key(self) -> Key {
        match self {
            Self::Select => Key::V,
            Self::AddToken => Key::T,
            Self::Wall => Key::W,
            Self::Door => Key::D,
            Self::Window => Key::N,
            Self::Obstacle => Key::O,
            Self::Difficult => Key::F,
            Self::Erase => Key::E,
            Self::Calibrate => Key::A,
            Self::Area => Key::C,
            Self::Light => Key::L,
            Self::Pen => Key::P,
        }
    }

    /// The wall kind a polyline tool draws.
    pub fn wall_kind(self) -> Option<WallKind> {
        match self {
            Self::Wall => Some(WallKind::Wall),
            Self::Door => Some(WallKind::Door { open: false }),
            Self::Window => Some(WallKind::Window),
            _ => None,
        }
    }

    /// Whether primary drags that start on a token belong to the tool rather than moving it.
    pub fn edits(self) -> bool {
        self != Self::Select
    }
}

/// The editing tools' state in one map view. View state: never saved.
#[derive(Debug, Default)]
pub struct ToolState {
    pub tool: Tool,
    pub polyline: Polyline,
    pub brush: Brush,
    pub palette: TokenPalette,
    pub calibration: Calibration,
    pub area: super::area_tool::AreaTool,
    pub light: super::light_tool::LightTool,
    pub pen: super::pen::Pen,
}

impl ToolState {
    pub fn set_tool(&mut self, tool: Tool) {
        if tool != self.tool {
            self.polyline.clear();
            self.brush.cancel();
            self.pen.cancel();
            self.tool = tool;
        }
    }

    /// Runs the active tool: follows the pointer, draws its preview, queues its command.
    pub fn tool_ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &egui::Painter,
        t: &MapTransform,
        pointer: &MapPointer,
    ) {
        match self.tool {
            // The Area tool needs the scene and the Pen the fading marks: the map pane runs them
            // (`MapView`).
            Tool::Select | Tool::Area | Tool::Pen => {}
            Tool::AddToken => self.palette.place_ui(ctx, painter, t, pointer),
            Tool::Wall | Tool::Door | Tool::Window => {
                let kind = self.tool.wall_kind().unwrap_or_default();
                self.polyline.ui(ui, ctx, painter, t, pointer, kind);
            }
            Tool::Obstacle | Tool::Difficult | Tool::Erase => {
                self.brush.ui(ui, ctx, painter, t, pointer, self.tool);
            }
            Tool::Calibrate => self.calibration.drag_ui(ui, ctx, painter, t, pointer),
            Tool::Light => self.light.place_ui(ui, ctx, painter, t, pointer),
        }
    }

    /// Tool keys, and R / Shift+R to turn the selected tokens, unless a text field has the
    /// keyboard.
    pub fn handle_keys(&mut self, ui: &Ui, ctx: &mut PaneContext<'_>) {
        if !super::pointer::keys_for_map(ui) {
            return;
        }
        for tool in Tool::ALL {
            // Extra Shift is matched leniently by egui; a tool key with Shift is still the tool.
            if ui.input_mut(|i| i.consume_key(Modifiers::NONE, tool.key())) {
                self.set_tool(tool);
            }
        }
        if ui.input_mut(|i| i.consume_key(Modifiers::SHIFT, Key::R)) {
            super::turning::rotate_selected(ctx, -1);
        } else if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::R)) {
            super::turning::rotate_selected(ctx, 1);
        }
    }

    /// The tool buttons in a column down the pane's left edge (a row would collide with the
    /// play and camera toolbars in a narrow pane), with the active tool's options beside them.
    pub fn toolbar_ui(&mut self, ui: &mut Ui, ctx: &mut PaneContext<'_>, rect: Rect) {
        const WIDTH: f32 = 100.0;
        let column = Overlay {
            name: "edit_toolbar",
            label: "Map tools",
            anchor: egui::Align2::LEFT_TOP,
            inset: Vec2::splat(8.0),
            max_width: WIDTH,
        };
        let at = overlay_ui(ui, rect, &column, |ui| {
            ui.vertical(|ui| {
                for tool in Tool::ALL {
                    let selected = self.tool == tool;
                    let hint = format!("{} (key {:?})", tool.tooltip(), tool.key());
                    let label = egui::Button::selectable(selected, tool.label())
                        .min_size(Vec2::new(WIDTH - 8.0, 0.0));
                    let button = ui.add(label).on_hover_text(hint);
                    if button.clicked() {
                        self.set_tool(tool);
                    }
                }
            });
            ui.min_rect()
        });
        let beside = Rect::from_min_size(at.right_top() + Vec2::new(10.0, 0.0), Vec2::splat(10.0));
        match self.tool {
            Tool::AddToken => self.palette.panel_ui(ui, ctx, beside),
            Tool::Calibrate => self.calibration.panel_ui(ui, ctx, beside),
            Tool::Light => self.light.panel_ui(ui, ctx, beside),
            Tool::Pen => self.pen.panel_ui(ui, ctx, beside),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_keys_are_distinct_and_leave_the_play_keys_alone() {
        let keys: Vec<Key> = Tool::ALL.iter().map(|t| t.key()).collect();
        for (i, key) in keys.iter().enumerate() {
            assert!(!keys[i + 1..].contains(key), "{key:?} twice");
            // M holds the ruler, R turns tokens, Delete removes them.
            assert!(![Key::M, Key::R, Key::Delete].contains(key), "{key:?}");
        }
    }

    #[test]
    fn only_the_polyline_tools_draw_walls_and_only_select_leaves_drags_to_tokens() {
        let drawing: Vec<Tool> = Tool::ALL
            .into_iter()
            .filter(|t| t.wall_kind().is_some())
            .collect();
        assert_eq!(drawing, [Tool::Wall, Tool::Door, Tool::Window]);
        assert_eq!(Tool::Door.wall_kind(), Some(WallKind::Door { open: false }));
        let playing: Vec<Tool> = Tool::ALL.into_iter().filter(|t| !t.edits()).collect();
        assert_eq!(playing, [Tool::Select]);
    }
}
