//! Adding tokens: the palette (name, side, size, colour or image) and placing one with a click
//! on a free cell; turning tokens (R, Shift+R, or the context menu).

use std::path::Path;

use anyhow::Context as _;
use egui::{Painter, Rect, Shape, Stroke, Ui};

use super::layout::{size_index, token_discs};
use super::palette;
use super::placement::fits_in_map;
use super::pointer::MapPointer;
use super::terrain::cell_polygon;
use super::token_paint::{Detail, TokenLook, paint_token};
use super::transform::MapTransform;
use crate::app::PaneContext;
use crate::app::import::job::{Job, read_with_progress};
use crate::board::footprint::footprint_cells;
use crate::board::grid::cell_in_grid;
use crate::files::decode_image;
use crate::model::{Cell, Command, EmbeddedImage, Encounter, Rgb, Side, SizeCategory, Token};

/// The largest token image file read.
const MAX_TOKEN_IMAGE_BYTES: u64 = 32 << 20;

/// What the next placed token looks like.
pub struct TokenPalette {
    pub name: String,
    pub side: Side,
    pub size: SizeCategory,
    /// The disc's own colour; `None` uses the side's.
    pub color: Option<Rgb>,
    /// An image for the token, checked to decode.
    pub image: Option<EmbeddedImage>,
    /// Why the last image could not be used.
    pub image_error: Option<String>,
    loading: Option<Job<EmbeddedImage>>,
}

impl Default for TokenPalette {
    fn default() -> Self {
        Self {
            name: "Goblin".to_owned(),
            side: Side::Enemy,
            size: SizeCategory::Medium,
            color: None,
            image: None,
            image_error: None,
            loading: None,
        }
    }
}

impl std::fmt::Debug for TokenPalette {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenPalette")
            .field("name", &self.name)
            .field("side", &self.side)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl TokenPalette {
    /// Loads a token image from `path` on a worker (what the "Image…" dialog's answer runs).
    pub fn load_image(&mut self, ctx: &egui::Context, path: &Path) {
        let path = path.to_path_buf();
        self.image_error = None;
        self.loading = Some(Job::spawn(ctx, move |progress| {
            let bytes = read_with_progress(&path, MAX_TOKEN_IMAGE_BYTES, progress, (0.0, 0.5))
                .with_context(|| format!("Could not read {}", path.display()))?;
            progress.set("Decoding", 0.5);
            decode_image(&bytes)
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("Could not use {} as a token image", path.display()))?;
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            Ok(EmbeddedImage::new(name, bytes))
        }));
    }

    /// Whether an image is still loading (tests wait on it).
    pub fn is_loading(&self) -> bool {
        self.loading.is_some()
    }

    fn poll(&mut self) {
        if let Some(result) = self.loading.as_mut().and_then(Job::poll) {
            self.loading = None;
            match result {
                Ok(image) => self.image = Some(image),
                Err(err) => self.image_error = Some(format!("{err:#}")),
            }
        }
    }

    /// The palette window beside the toolbar.
    pub fn panel_ui(&mut self, ui: &Ui, ctx: &PaneContext<'_>, at: Rect) {
        self.poll();
        egui::Window::new("Token palette")
            .fixed_pos(at.min)
            .resizable(false)
            .collapsible(false)
            .show(ui.ctx(), |ui| self.fields_ui(ui, ctx.encounter));
    }

    fn fields_ui(&mut self, ui: &mut Ui, encounter: &Encounter) {
        egui::Grid::new("token_palette_fields")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label("Name");
                ui.add(
                    egui::TextEdit::singleline(&mut self.name)
                        .char_limit(crate::model::validate::MAX_NAME_CHARS),
                )
                .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Side");
                egui::ComboBox::from_id_salt("palette_side")
                    .selected_text(self.side.label())
                    .show_ui(ui, |ui| {
                        for side in Side::ALL {
                            ui.selectable_value(&mut self.side, side, side.label());
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Size");
                egui::ComboBox::from_id_salt("palette_size")
                    .selected_text(self.size.label())
                    .show_ui(ui, |ui| {
                        for size in SizeCategory::ALL {
                            ui.selectable_value(&mut self.size, size, size.label());
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                ui.label("Colour");
                self.colour_ui(ui);
                ui.end_row();
                ui.label("Image");
                self.image_ui(ui);
                ui.end_row();
            });
        if let Some(err) = &self.image_error {
            ui.colored_label(ui.visuals().error_fg_color, err);
        }
        ui.weak(format!(
            "Click a free cell to place “{}”.",
            unique_name(encounter, &self.name)
        ));
    }

    fn colour_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let mut own = self.color.is_some();
            if ui.checkbox(&mut own, "Own colour").changed() {
                self.color = own.then_some([150, 90, 200]);
            }
            if let Some(color) = &mut self.color {
                ui.color_edit_button_srgb(color);
            }
        });
    }

    fn image_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            if let Some(job) = &self.loading {
                ui.add(egui::ProgressBar::new(job.progress().fraction()).desired_width(80.0));
            } else if let Some(image) = &self.image {
                ui.label(crate::app::text::name(&image.name).as_ref());
                if ui.small_button("×").on_hover_text("No image").clicked() {
                    self.image = None;
                }
            }
            let choose = ui.add_enabled(self.loading.is_none(), egui::Button::new("Image…"));
            if choose.clicked() {
                request_image(ui.ctx());
            }
        });
    }

    /// Shows where a click would put the token and places it on a click.
    pub fn place_ui(
        &mut self,
        ctx: &mut PaneContext<'_>,
        painter: &Painter,
        t: &MapTransform,
        pointer: &MapPointer,
    ) {
        let encounter = ctx.encounter;
        let anchor_at = |pos| cell_in_grid(encounter.map.grid, t.grid_from_ui(pos));
        if let Some(pos) = pointer.pos_in_ui.filter(|_| pointer.over_map) {
            let anchor = anchor_at(pos);
            let token = self.token(encounter, anchor);
            let free = is_free(encounter, self.size, anchor);
            paint_preview(painter, encounter, &token, free, t);
        }
        let Some(press) = pointer.press_in_ui else {
            return;
        };
        let anchor = anchor_at(press);
        if is_free(encounter, self.size, anchor) {
            let token = self.token(encounter, anchor);
            ctx.selection.clear();
            ctx.selection.insert(token.id);
            ctx.command(self.add_command(encounter, token));
        }
    }

    /// The token the palette describes, anchored at `anchor`, with a fresh id and a name no
    /// other token has.
    pub fn token(&self, encounter: &Encounter, anchor: Cell) -> Token {
        let mut token = Token::new(
            encounter.fresh_token_id(),
            unique_name(encounter, &self.name),
            self.side,
            anchor,
        )
        .with_size(self.size);
        token.color = self.color;
        token
    }

    /// Adds the token, and its image first when the encounter does not hold it yet: one step.
    fn add_command(&self, encounter: &Encounter, mut token: Token) -> Command {
        let mut commands = Vec::new();
        if let Some(image) = &self.image {
            let same = encounter.images.iter().find(|(_, e)| e.data == image.data);
            let id = if let Some((id, _)) = same {
                *id
            } else {
                let id = encounter.fresh_image_id();
                let image = image.clone();
                commands.push(Command::AddImage { id, image });
                id
            };
            token.image = Some(id);
        }
        let sheets = crate::combat::sheet::starting_sheets(token.id, token.side);
        commands.push(Command::AddToken { token, index: None });
        commands.extend(sheets);
        Command::Batch(commands)
    }
}

/// Whether a token of `size` at `anchor` lies on the map clear of tokens and obstacles.
pub fn is_free(encounter: &Encounter, size: SizeCategory, anchor: Cell) -> bool {
    let grid = encounter.map.grid;
    if !fits_in_map(&encounter.map, size, anchor) {
        return false;
    }
    let cells = footprint_cells(grid, size, anchor);
    let blocked = |c: &Cell| {
        encounter.obstacle_cells.contains(c)
            || encounter
                .tokens
                .iter()
                .any(|t| footprint_cells(grid, t.size, t.cell).contains(c))
    };
    !cells.iter().any(blocked)
}

/// `base`, or `base 2`, `base 3`… whichever no token is called yet.
pub fn unique_name(encounter: &Encounter, base: &str) -> String {
    let base = base.trim();
    let base = if base.is_empty() { "Token" } else { base };
    let taken = |name: &str| encounter.tokens.iter().any(|t| t.name == name);
    if !taken(base) {
        return base.to_owned();
    }
    // Among as many numbers as there are tokens, plus one, one is always free.
    (2..=encounter.tokens.len() + 1)
        .map(|n| format!("{base} {n}"))
        .find(|name| !taken(name))
        .unwrap_or_else(|| base.to_owned())
}

fn paint_preview(
    painter: &Painter,
    encounter: &Encounter,
    token: &Token,
    free: bool,
    t: &MapTransform,
) {
    let grid = encounter.map.grid;
    let tint = if free {
        palette::DROP_OK
    } else {
        palette::DROP_BAD
    };
    for cell in footprint_cells(grid, token.size, token.cell) {
        let polygon = cell_polygon(grid, cell, t);
        painter.add(Shape::convex_polygon(polygon, tint, Stroke::NONE));
    }
    let disc = token_discs(grid)[size_index(token.size)];
    let centre = t.ui_from_grid(disc.centre(grid, token.cell));
    let look = TokenLook {
        selected: false,
        hovered: false,
        opacity: 0.6,
        label: true,
        detail: Detail::Full,
    };
    paint_token(painter, token, centre, t.points(disc.radius_cells), look);
}

fn image_request_id() -> egui::Id {
    egui::Id::unique("lantern_token_palette_image_request")
}

/// Asks the app for a token image: it opens the file dialog every other file goes through
/// (`app::dialogs`, which falls back to the in-window chooser) and hands the answer to
/// [`TokenPalette::load_image`].
fn request_image(ctx: &egui::Context) {
    ctx.data_mut(|d| d.insert_temp(image_request_id(), true));
    ctx.request_repaint();
}

/// Whether "Image…" was clicked since the last call.
pub fn take_image_request(ctx: &egui::Context) -> bool {
    ctx.data_mut(|d| d.remove_temp::<bool>(image_request_id()))
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::apply;
    use crate::model::{RuleSystem, TokenId};

    #[test]
    fn names_get_a_number_when_taken() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        assert_eq!(unique_name(&e, " Goblin "), "Goblin");
        e.tokens.push(Token::new(
            TokenId(1),
            "Goblin",
            Side::Enemy,
            Cell::new(0, 0),
        ));
        e.tokens.push(Token::new(
            TokenId(2),
            "Goblin 2",
            Side::Enemy,
            Cell::new(1, 0),
        ));
        assert_eq!(unique_name(&e, "Goblin"), "Goblin 3");
        assert_eq!(unique_name(&e, ""), "Token");
    }

    #[test]
    fn a_large_token_needs_four_free_cells_on_the_map() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        e.obstacle_cells.insert(Cell::new(5, 5));
        e.tokens
            .push(Token::new(TokenId(1), "Bram", Side::Party, Cell::new(8, 8)));
        assert!(is_free(&e, SizeCategory::Large, Cell::new(2, 2)));
        assert!(!is_free(&e, SizeCategory::Large, Cell::new(4, 4)));
        assert!(!is_free(&e, SizeCategory::Large, Cell::new(7, 7)));
        assert!(!is_free(&e, SizeCategory::Large, Cell::new(29, 3)));
    }

    fn lantern_sheet_is_default(sheet: &crate::rules::TokenTrackers) -> bool {
        sheet.default_numbers()
    }

    #[test]
    fn an_image_token_adds_its_image_once_in_the_same_step() {
        let mut e = Encounter::new("t", RuleSystem::Evening);
        let palette = TokenPalette {
            image: Some(EmbeddedImage::new("ogre.png", vec![1, 2, 3])),
            ..TokenPalette::default()
        };
        let first = palette.token(&e, Cell::new(1, 1));
        let command = palette.add_command(&e, first);
        apply(&mut e, command).unwrap();
        let second = palette.token(&e, Cell::new(3, 1));
        let command = palette.add_command(&e, second);
        // The token and its five starting sheets; no second image.
        assert!(matches!(&command, Command::Batch(c)
            if c.len() == 6 && !c.iter().any(|c| matches!(c, Command::AddImage { .. }))));
        apply(&mut e, command).unwrap();
        assert!(
            e.sheet(e.tokens[1].id)
                .is_some_and(lantern_sheet_is_default),
            "a palette token starts with default numbers"
        );
        assert_eq!(e.images.len(), 1);
        assert_eq!(e.tokens[1].name, "Goblin 2");
        assert_eq!(e.tokens[0].image, e.tokens[1].image);
    }
}
