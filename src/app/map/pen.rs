//! The Pen tool (**P**): freehand strokes, text labels and rubbing marks out on the GM's map.
//! A mark is kept (saved, undoable, shown to the players unless GM-only) or fading (gone in a
//! few seconds, never saved). Each finished stroke, label or rub is one command.

use egui::{Color32, Painter, Rect, Ui};

use super::marks::{FadingMarks, StrokeSoFar};
use super::pointer::MapPointer;
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::model::validate::MAX_MARK_TEXT_CHARS;
use crate::model::{Command, GridPoint, Mark, MarkCommand, MarkId, MarkShape, Rgb, fresh_mark_id};

/// The pen's colours: red, amber, green, blue, violet, white.
pub const COLOURS: [(Rgb, &str); 6] = [
    ([230, 40, 40], "Red"),
    ([255, 190, 0], "Amber"),
    ([40, 190, 70], "Green"),
    ([40, 130, 255], "Blue"),
    ([170, 80, 230], "Violet"),
    ([245, 245, 245], "White"),
];

/// How close to a mark, in points, the rubber must pass to take it.
const RUB_REACH: f32 = 10.0;

/// What a press on the map does with the Pen tool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PenMode {
    /// Draw a freehand stroke.
    #[default]
    Draw,
    /// Click where a label goes, then type it.
    Label,
    /// Drag over kept marks to rub them out.
    Rub,
}

impl PenMode {
    fn label(self) -> &'static str {
        match self {
            Self::Draw => "Draw",
            Self::Label => "Label",
            Self::Rub => "Rub out",
        }
    }
}

/// The Pen tool's state. View state: never saved.
#[derive(Debug)]
pub struct Pen {
    pub mode: PenMode,
    /// Kept marks are saved with the encounter; the others fade.
    pub keep: bool,
    /// Kept marks seen only on the GM's map.
    pub gm_only: bool,
    pub color: Rgb,
    stroke: Option<StrokeSoFar>,
    /// A label being typed, where it goes.
    label: Option<(GridPoint, String)>,
    /// Marks the rubber has passed over in this drag.
    rubbed: Vec<MarkId>,
    rubbing: bool,
}

impl Default for Pen {
    fn default() -> Self {
        Self {
            mode: PenMode::Draw,
            keep: true,
            gm_only: false,
            color: COLOURS[0].0,
            stroke: None,
            label: None,
            rubbed: Vec::new(),
            rubbing: false,
        }
    }
}

impl Pen {
    /// Drops what is under way (the tool was put down).
    pub fn cancel(&mut self) {
        self.stroke = None;
        self.label = None;
        self.rubbed.clear();
        self.rubbing = false;
    }

    /// Follows the pointer on the map and queues a mark when a gesture ends.
    pub fn ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &Painter,
        t: &MapTransform,
        pointer: &MapPointer,
        fading: &mut FadingMarks,
    ) {
        match self.mode {
            PenMode::Draw => self.draw_ui(ui, ctx, painter, t, pointer, fading),
            PenMode::Label => self.place_label_ui(ui, ctx, t, pointer, fading),
            PenMode::Rub => self.rub_ui(ui, ctx, painter, t, pointer),
        }
    }

    fn draw_ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &Painter,
        t: &MapTransform,
        pointer: &MapPointer,
        fading: &mut FadingMarks,
    ) {
        if let Some(press) = pointer.press_in_ui {
            let mut stroke = StrokeSoFar::default();
            stroke.reach(press, t);
            self.stroke = Some(stroke);
        }
        if let (Some(stroke), Some(at)) = (&mut self.stroke, pointer.pos_in_ui) {
            stroke.reach(at, t);
        }
        if let Some(stroke) = &self.stroke {
            stroke.paint(painter, self.color, t);
        }
        if !ui.input(|i| i.pointer.primary_down())
            && let Some(stroke) = self.stroke.take()
        {
            let shape = MarkShape::Stroke {
                points: stroke.points,
            };
            self.finish(ui, ctx, shape, fading);
        }
    }

    /// A finished stroke or label: a kept mark's command, or a fading mark.
    fn finish(
        &self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        shape: MarkShape,
        fading: &mut FadingMarks,
    ) {
        if self.keep {
            ctx.command(Command::Mark(MarkCommand::Add(Mark {
                id: fresh_mark_id(&ctx.encounter.marks),
                shape,
                color: self.color,
                gm_only: self.gm_only,
            })));
        } else {
            fading.push(shape, self.color, ui.input(|i| i.time));
        }
    }

    /// A click places the label field; Enter keeps the label, Esc drops it.
    fn place_label_ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        t: &MapTransform,
        pointer: &MapPointer,
        fading: &mut FadingMarks,
    ) {
        if let Some(press) = pointer.press_in_ui {
            self.label = Some((t.grid_from_ui(press), String::new()));
        }
        let Some((at, text)) = &mut self.label else {
            return;
        };
        let mut done = None;
        egui::Area::new(egui::Id::unique("pen_label"))
            .fixed_pos(t.ui_from_grid(*at))
            .order(egui::Order::Foreground)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    let field = egui::TextEdit::singleline(text)
                        .char_limit(MAX_MARK_TEXT_CHARS)
                        .hint_text("Label, then Enter")
                        .desired_width(180.0);
                    let response = ui.add(field);
                    response.request_focus();
                    response.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Map label")
                    });
                    if ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        done = Some(true);
                    } else if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                        done = Some(false);
                    }
                });
            });
        match done {
            Some(true) if !text.trim().is_empty() => {
                let shape = MarkShape::Text {
                    at: *at,
                    text: text.trim().to_owned(),
                };
                self.finish(ui, ctx, shape, fading);
                self.label = None;
            }
            Some(_) => self.label = None,
            None => {}
        }
    }

    /// A drag over kept marks marks them; its release rubs them out as one command.
    fn rub_ui(
        &mut self,
        ui: &Ui,
        ctx: &mut PaneContext<'_>,
        painter: &Painter,
        t: &MapTransform,
        pointer: &MapPointer,
    ) {
        if pointer.press_in_ui.is_some() {
            self.rubbing = true;
            self.rubbed.clear();
        }
        if self.rubbing
            && let Some(at) = pointer.pos_in_ui
        {
            for mark in &ctx.encounter.marks {
                if !self.rubbed.contains(&mark.id) && near(mark, at, t) {
                    self.rubbed.push(mark.id);
                }
            }
            painter.circle_stroke(at, RUB_REACH, egui::Stroke::new(1.5, Color32::WHITE));
        }
        for mark in ctx
            .encounter
            .marks
            .iter()
            .filter(|m| self.rubbed.contains(&m.id))
        {
            let faint = Color32::from_rgba_unmultiplied(255, 255, 255, 160);
            super::marks::paint_shape(painter, &mark.shape, faint, t);
        }
        if !ui.input(|i| i.pointer.primary_down()) && self.rubbing {
            self.rubbing = false;
            let ids = std::mem::take(&mut self.rubbed);
            if !ids.is_empty() {
                ctx.command(Command::Mark(MarkCommand::Remove(ids)));
            }
        }
    }

    /// The tool's panel beside the tool column: mode, kept or fading, GM-only, colour, and
    /// clearing every kept mark.
    pub fn panel_ui(&mut self, ui: &Ui, ctx: &mut PaneContext<'_>, at: Rect) {
        egui::Window::new("Pen")
            .fixed_pos(at.min)
            .resizable(false)
            .collapsible(false)
            .show(ui.ctx(), |ui| self.fields_ui(ui, ctx));
    }

    fn fields_ui(&mut self, ui: &mut Ui, ctx: &mut PaneContext<'_>) {
        ui.horizontal(|ui| {
            for mode in [PenMode::Draw, PenMode::Label, PenMode::Rub] {
                if ui
                    .selectable_label(self.mode == mode, mode.label())
                    .clicked()
                {
                    self.cancel();
                    self.mode = mode;
                }
            }
        });
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.keep, true, "Keep")
                .on_hover_text("Saved with the encounter; Ctrl+Z takes it back");
            ui.radio_value(&mut self.keep, false, "Fade")
                .on_hover_text("Gone after a few seconds, never saved");
        });
        ui.add_enabled(self.keep, egui::Checkbox::new(&mut self.gm_only, "GM only"))
            .on_hover_text("Kept marks seen only on this map, never on the players' window");
        ui.horizontal(|ui| {
            for (rgb, name) in COLOURS {
                let [r, g, b] = rgb;
                let swatch = egui::Button::new("")
                    .fill(Color32::from_rgb(r, g, b))
                    .min_size(egui::vec2(18.0, 18.0))
                    .selected(self.color == rgb);
                if ui.add(swatch).on_hover_text(name).clicked() {
                    self.color = rgb;
                }
            }
        });
        let marks = ctx.encounter.marks.len();
        if ui
            .add_enabled(
                marks > 0,
                egui::Button::new(format!("Clear marks ({marks})")),
            )
            .on_hover_text("Rub out every kept mark (one undo step)")
            .clicked()
        {
            ctx.command(Command::Mark(MarkCommand::Set(Vec::new())));
        }
    }
}

/// Whether the pointer at `at` (ui points) is within reach of the mark.
fn near(mark: &Mark, at: egui::Pos2, t: &MapTransform) -> bool {
    match &mark.shape {
        MarkShape::Stroke { points } => {
            let ui: Vec<egui::Pos2> = points.iter().map(|p| t.ui_from_grid(*p)).collect();
            match ui.as_slice() {
                [only] => only.distance(at) <= RUB_REACH,
                _ => ui
                    .windows(2)
                    .any(|w| distance_to_segment(at, w[0], w[1]) <= RUB_REACH),
            }
        }
        MarkShape::Text { at: corner, text } => {
            let corner = t.ui_from_grid(*corner);
            let height = super::marks::text_height(t);
            let width = height * 0.55 * text.chars().count() as f32;
            Rect::from_min_size(corner, egui::vec2(width, height))
                .expand(RUB_REACH / 2.0)
                .contains(at)
        }
    }
}

fn distance_to_segment(p: egui::Pos2, a: egui::Pos2, b: egui::Pos2) -> f32 {
    let ab = b - a;
    let len2 = ab.length_sq();
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}
