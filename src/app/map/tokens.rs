//! Tokens on the map: selection, dragging (one command per drag), hover details and the
//! right-click menu.

use egui::{PointerButton, Pos2, Rect, Response, Sense, Ui, Vec2};

use super::layout::{TokenDisc, size_index};
use super::movement::{DragReach, drop_move};
use super::name_tags::NameTags;
use super::placement::{fits_in_map, free_anchor_near};
use super::sight_overlay::{self, SightMarks};
use super::token_marks::{
    mark_node, paint_condition_chips, paint_condition_dot, paint_down_mark, paint_turn_ring,
};
use super::token_paint::{Detail, TokenLook, paint_token};
use super::transform::MapTransform;
use super::{TokenDrag, palette};
use crate::app::PaneContext;
use crate::board::Scene;
use crate::board::footprint::footprint_cells;
use crate::combat::conditions::ByToken;
use crate::model::{Cell, Command, GridPoint, Token, TokenId};

/// Below this zoom a name is wider than a few cells and a crowd's names would stack into a
/// column; they show on hover, selection and the current combatant only. A 1024×700 window
/// fits the demo map at about 15 points a cell, where every name still shows.
const MIN_LABEL_POINTS_PER_CELL: f32 = 12.0;

/// What the token layer needs besides the pane context.
pub struct TokenLayer<'a> {
    pub painter: &'a egui::Painter,
    pub transform: &'a MapTransform,
    pub discs: &'a [TokenDisc; 6],
    pub drag: &'a mut Option<TokenDrag>,
    /// Drags with the middle or right button pan the map even when they start on a token.
    pub pan: &'a mut Vec2,
    pub scene: &'a Scene,
    /// The sight overlay's verdicts from the selected token (empty when it is off).
    pub marks: &'a SightMarks,
    /// Where the dragged token can get; filled on demand when a drop needs it.
    pub reach: &'a mut Option<DragReach>,
    /// Why the last drop was refused, and until when (in `egui` input time) to show it.
    pub note: &'a mut Option<(String, f64)>,
    /// The ruler is on: primary drags measure instead of moving tokens.
    pub measuring: bool,
    /// The token under the pointer this frame.
    pub hovered: &'a mut Option<TokenId>,
    /// While "Attack with …" picks a target: the clicked token goes here instead of being
    /// selected.
    pub picked: Option<&'a mut Option<TokenId>>,
}

/// Draws every token in view and turns clicks and drags on them into selection and commands.
pub fn tokens_ui(ui: &Ui, ctx: &mut PaneContext<'_>, layer: &mut TokenLayer<'_>) {
    let encounter = ctx.encounter;
    let mut ghost = None;
    let mut names = NameTags::default();
    let by_token = ByToken::new(&encounter.combat.conditions, encounter.system);
    let shown = tokens_in_view(ctx, layer);
    let detail = Detail::for_view_of(shown.len());
    for (token, centre, radius, rect, dragging) in shown {
        let on_it = by_token.get(token.id);
        let conditions: Vec<&str> = on_it.iter().map(|c| c.name.as_str()).collect();
        let turn = encounter.combat.initiative.current_token() == Some(token.id);
        mark_nodes(ui, layer, token, rect, &conditions, turn);
        let response = token_response(ui, token, rect);
        handle_pointer(ui, ctx, layer, token, &response);
        let look = TokenLook {
            selected: ctx.selection.contains(&token.id),
            hovered: response.hovered(),
            opacity: if dragging {
                0.35
            } else if token.gm_only {
                0.55
            } else {
                1.0
            },
            label: layer.transform.points_per_cell >= MIN_LABEL_POINTS_PER_CELL
                || response.hovered()
                || turn
                || ctx.selection.contains(&token.id),
            detail,
        };
        if turn {
            paint_turn_ring(layer.painter, centre, radius);
        }
        // Names go on after every disc, placed so that none covers another.
        paint_token(
            layer.painter,
            token,
            centre,
            radius,
            TokenLook {
                label: false,
                ..look
            },
        );
        if look.label {
            names.push_under(token, centre, radius, look.opacity);
        }
        if let Some(verdict) = layer.marks.verdict(token.id) {
            sight_overlay::paint_ring(layer.painter, centre, radius, verdict.kind);
            let rulings = encounter.rulings;
            sight_overlay::paint_degree_tag(layer.painter, verdict, rulings, centre, radius);
        }
        if let Some(word) = crate::combat::down::down_with(encounter, token.id, on_it) {
            paint_down_mark(layer.painter, centre, radius, word);
            let name = crate::app::text::name(&token.name);
            mark_node(ui, "down", &format!("{name}: {word}"), rect);
        }
        if detail == Detail::Crowd {
            paint_condition_dot(layer.painter, &conditions, centre, radius);
        } else {
            paint_condition_chips(layer.painter, &conditions, centre, radius);
        }
        if response.hovered() {
            *layer.hovered = Some(token.id);
        }
        if let Some(drag) = layer.drag.as_ref().filter(|d| d.id == token.id) {
            ghost = Some((token, drag.target));
        }
        context_menu(&response, ctx, token);
        // While "Attack with…" picks a target its own card says what matters; a token's
        // hover card there would cover the attacker and the line.
        if layer.drag.is_none() && layer.picked.is_none() && may_show_tooltip(&response) {
            let sight = layer
                .marks
                .verdict(token.id)
                .map(|v| sight_overlay::explanation(v, encounter.system, encounter.rulings));
            response.on_hover_ui(|ui| {
                let speed = crate::combat::wounds::token_speed(
                    encounter,
                    &encounter.combat.conditions,
                    token.id,
                );
                tooltip_ui(ui, token, speed.value, sight.as_deref());
            });
        }
    }
    names.paint(layer.painter, Some(ui));
    if let Some((token, target)) = ghost {
        paint_ghost(ctx, layer, token, target);
    }
}

/// The tokens to draw (those in view, and the one being dragged) with their discs' centres,
/// radii and bounds, and whether each is the dragged one.
fn tokens_in_view<'e>(
    ctx: &PaneContext<'e>,
    layer: &TokenLayer<'_>,
) -> Vec<(&'e Token, Pos2, f32, Rect, bool)> {
    let encounter = ctx.encounter;
    encounter
        .tokens
        .iter()
        .filter_map(|token| {
            let disc = layer.discs[size_index(token.size)];
            let centre = layer
                .transform
                .ui_from_grid(disc.centre(encounter.map.grid, token.cell));
            let radius = layer.transform.points(disc.radius_cells);
            let rect = Rect::from_center_size(centre, Vec2::splat(radius * 2.0));
            let dragging = layer.drag.as_ref().is_some_and(|d| d.id == token.id);
            let in_view = layer
                .painter
                .clip_rect()
                .intersects(rect.expand(radius + 20.0));
            (dragging || in_view).then_some((token, centre, radius, rect, dragging))
        })
        .collect()
}

/// Whether egui could show `response`'s tooltip this frame: when it is hovered, when its
/// tooltip is already open (egui keeps some open while the pointer travels), or when everything
/// is shown (tests). Asking egui for every one of a thousand tokens costs a tooltip check
/// each, and only the hovered one ever answers yes.
fn may_show_tooltip(response: &Response) -> bool {
    response.hovered()
        || response.is_tooltip_open()
        || response.ctx.memory(egui::Memory::everything_is_visible)
}

/// Accessibility nodes for what is painted on the token: sight mark, turn, conditions.
fn mark_nodes(
    ui: &Ui,
    layer: &TokenLayer<'_>,
    token: &Token,
    rect: Rect,
    conditions: &[&str],
    turn: bool,
) {
    if let Some(verdict) = layer.marks.verdict(token.id) {
        let label = sight_overlay::mark_label(&crate::app::text::name(&token.name), verdict.kind);
        mark_node(ui, "sight", &label, rect);
    }
    if turn {
        mark_node(
            ui,
            "turn",
            &format!("{}: turn", crate::app::text::name(&token.name)),
            rect,
        );
    }
    if !conditions.is_empty() {
        let label = format!(
            "{}: {}",
            crate::app::text::name(&token.name),
            crate::app::text::names(conditions.iter().copied())
        );
        mark_node(ui, "conditions", &label, rect);
    }
}

fn token_response(ui: &Ui, token: &Token, rect: Rect) -> Response {
    let response = ui.interact(
        rect,
        ui.scope_id().with(("map_token", token.id)),
        Sense::click_and_drag(),
    );
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Button,
            true,
            crate::app::text::name(&token.name),
        )
    });
    response
}

fn handle_pointer(
    ui: &Ui,
    ctx: &mut PaneContext<'_>,
    layer: &mut TokenLayer<'_>,
    token: &Token,
    response: &Response,
) {
    let ctrl = ui.input(|i| i.modifiers.command);
    let actor = ctx.selection.iter().copied().find(|id| *id != token.id);
    if let Some(picked) = layer.picked.as_deref_mut() {
        if response.clicked() {
            *picked = Some(token.id);
        }
    } else if response.clicked() && ctrl && actor.is_some() {
        // Ctrl+click: the selected token attacks this one (Shift too: add it as a target).
        let add = ui.input(|i| i.modifiers.shift);
        let action = crate::app::dice::MapAction {
            actor,
            target: token.id,
            attack: true,
            add,
        };
        crate::app::dice::request_action(ui.ctx(), action);
    } else if response.clicked() {
        let shift = ui.input(|i| i.modifiers.shift);
        select(ctx, token, shift);
    }
    if response.dragged_by(PointerButton::Middle) || response.dragged_by(PointerButton::Secondary) {
        *layer.pan += response.drag_delta();
    }
    let pointer = response.interact_pointer_pos();
    if layer.measuring {
        return;
    }
    if response.drag_started_by(PointerButton::Primary) {
        // Measure the grab from where the button went down: by the time egui calls it a drag the
        // pointer has already moved.
        let origin = ui.input(|i| i.pointer.press_origin()).or(pointer);
        start_drag(ctx, layer, token, origin);
        update_drag(ctx, layer, pointer);
    } else if response.dragged_by(PointerButton::Primary) {
        update_drag(ctx, layer, pointer);
    }
    if response.drag_stopped_by(PointerButton::Primary) {
        let alt = ui.input(|i| i.modifiers.alt);
        let now = ui.input(|i| i.time);
        finish_drag(ctx, layer, token, alt, now);
        // This frame was drawn mid-drag; a refused drop changes no state that would repaint.
        ui.ctx().request_repaint();
    }
}

/// A plain click selects only this token; with shift it joins (or leaves) the selection.
fn select(ctx: &mut PaneContext<'_>, token: &Token, shift: bool) {
    if shift {
        if !ctx.selection.remove(&token.id) {
            ctx.selection.insert(token.id);
        }
    } else {
        ctx.selection.clear();
        ctx.selection.insert(token.id);
    }
}

fn start_drag(
    ctx: &mut PaneContext<'_>,
    layer: &mut TokenLayer<'_>,
    token: &Token,
    pointer: Option<Pos2>,
) {
    let Some(pointer) = pointer else { return };
    if !ctx.selection.contains(&token.id) {
        ctx.selection.clear();
        ctx.selection.insert(token.id);
    }
    // Keep the grab point under the cursor, so the anchor cell follows the hand, not the disc's
    // centre (which for Large tokens sits on a grid corner).
    let grid = ctx.encounter.map.grid;
    let anchor = crate::board::grid::point_in_grid(grid, token.cell);
    let at = layer.transform.grid_from_ui(pointer);
    *layer.drag = Some(TokenDrag {
        id: token.id,
        grab_x: at.x - anchor.x,
        grab_y: at.y - anchor.y,
        target: token.cell,
    });
}

fn update_drag(ctx: &PaneContext<'_>, layer: &mut TokenLayer<'_>, pointer: Option<Pos2>) {
    let (Some(pointer), Some(drag)) = (pointer, layer.drag.as_mut()) else {
        return;
    };
    let at = layer.transform.grid_from_ui(pointer);
    let anchor_point = GridPoint::new(at.x - drag.grab_x, at.y - drag.grab_y);
    drag.target = crate::board::grid::cell_in_grid(ctx.encounter.map.grid, anchor_point);
}

/// One drag, one command: nothing when the token is dropped where it was, off the map, or out
/// of its reach this turn (unless the GM holds Alt to override).
fn finish_drag(
    ctx: &mut PaneContext<'_>,
    layer: &mut TokenLayer<'_>,
    token: &Token,
    alt: bool,
    now: f64,
) {
    let Some(drag) = layer.drag.take() else {
        return;
    };
    if drag.id != token.id {
        return;
    }
    match drop_move(
        layer.scene,
        ctx.encounter,
        layer.reach,
        token,
        drag.target,
        alt,
    ) {
        Ok(Some(command)) => ctx.command(command),
        Ok(None) => {}
        Err(why) => *layer.note = Some((format!("{why} Hold Alt to move anyway."), now + 4.0)),
    }
}

/// The token at the cell it would land on, over its footprint tinted blue (fits) or red (off
/// the map, or out of reach).
fn paint_ghost(ctx: &PaneContext<'_>, layer: &TokenLayer<'_>, token: &Token, target: Cell) {
    let map = &ctx.encounter.map;
    let t = layer.transform;
    // Out of reach is red too (a drop there is refused without Alt).
    let reachable = layer
        .reach
        .as_ref()
        .filter(|r| r.id == token.id)
        .is_none_or(|r| r.reach.cost_cells(target).is_some());
    let tint = if fits_in_map(map, token.size, target) && reachable {
        palette::DROP_OK
    } else {
        palette::DROP_BAD
    };
    for cell in footprint_cells(map.grid, token.size, target) {
        let polygon = super::terrain::cell_polygon(map.grid, cell, t);
        layer.painter.add(egui::Shape::convex_polygon(
            polygon,
            tint,
            egui::Stroke::NONE,
        ));
    }
    let disc = layer.discs[size_index(token.size)];
    let centre = t.ui_from_grid(disc.centre(map.grid, target));
    let look = TokenLook {
        selected: true,
        hovered: false,
        opacity: 0.85,
        label: true,
        detail: Detail::Full,
    };
    let radius = t.points(disc.radius_cells);
    paint_token(layer.painter, token, centre, radius, look);
    if !reachable {
        // The disc hides the red cells under it; a red ring says "refused" at a glance.
        let width = (radius * 0.18).clamp(2.0, 6.0);
        let red = egui::Stroke::new(width, palette::DROP_BAD.to_opaque());
        layer
            .painter
            .circle_stroke(centre, radius + width * 1.6, red);
    }
}

/// `speed_cells` is the token's Move this turn (from its sheet, Wounds and conditions).
fn tooltip_ui(ui: &mut Ui, token: &Token, speed_cells: u32, sight: Option<&str>) {
    ui.strong(crate::app::text::name(&token.name));
    ui.label(format!("{} · {}", token.side.label(), token.size.label()));
    ui.label(format!("Speed {speed_cells} cells"));
    if token.gm_only {
        ui.label("Hidden from the players");
    }
    if let Some(sight) = sight {
        ui.label(format!("Sight from the selected token: {sight}"));
    }
    if !token.notes.is_empty() {
        ui.separator();
        ui.label(crate::app::text::note(&token.notes).as_ref());
    }
}

fn context_menu(response: &Response, ctx: &mut PaneContext<'_>, token: &Token) {
    response.context_menu(|ui| {
        action_menu_ui(ui, ctx, token);
        if crate::app::combat::stand_up_ui(ui, ctx, token.id) {
            ui.close();
        }
        super::move_kind_menu::move_kind_menu_ui(ui, ctx, token.id);
        crate::app::combat::token_turn_actions_ui(ui, ctx, token.id);
        crate::app::combat::condition_menu_ui(ui, ctx, token.id);
        if ui.button("Sheet…").clicked() {
            ctx.selection.clear();
            ctx.selection.insert(token.id);
            crate::app::panes::sheet::request_show(ui.ctx());
            ui.close();
        }
        if ui
            .button("Save to library")
            .on_hover_text("Keep this token's looks and sheet in the library")
            .clicked()
        {
            crate::app::library::request_save_token(ui.ctx(), token.id);
            ui.close();
        }
        ui.separator();
        super::turning::rotate_menu_ui(ui, ctx, token);
        super::light_menu::token_light_menu_ui(ui, ctx, token);
        let gm_label = if token.gm_only {
            "Show to players"
        } else {
            "Hide from players (GM only)"
        };
        if ui.button(gm_label).clicked() {
            ctx.command(Command::UpdateToken(Token {
                gm_only: !token.gm_only,
                ..token.clone()
            }));
            ui.close();
        }
        let free = free_anchor_near(ctx.encounter, token);
        if ui
            .add_enabled(free.is_some(), egui::Button::new("Duplicate"))
            .clicked()
        {
            if let Some(cell) = free {
                let copy = Token {
                    id: ctx.encounter.fresh_token_id(),
                    cell,
                    ..token.clone()
                };
                let sheets = crate::combat::sheet::copied_sheets(ctx.encounter, token.id, copy.id);
                let mut steps = vec![Command::AddToken {
                    token: copy,
                    index: None,
                }];
                steps.extend(sheets);
                ctx.command(Command::Batch(steps));
            }
            ui.close();
        }
        // Last and set apart, so a slip of the hand lands on something harmless.
        ui.separator();
        if ui.button("Delete").clicked() {
            ctx.selection.remove(&token.id);
            ctx.command(Command::RemoveToken(token.id));
            ui.close();
        }
    });
}

/// "Area from here…", "Attack with <name>…" (this token attacks the token clicked next),
/// "Attack <name>…" and "Check against <name>…" (the selected token, or else the current
/// combatant, acts on this one). Each says on hover who acts on whom.
fn action_menu_ui(ui: &mut Ui, ctx: &PaneContext<'_>, token: &Token) {
    let selected = ctx.selection.iter().copied().find(|id| *id != token.id);
    let actor = selected.or_else(|| crate::combat::action::default_actor(ctx.encounter, token.id));
    let actor_name = actor
        .and_then(|id| ctx.encounter.token(id))
        .map_or("The GM", |t| t.name.as_str());
    if ui
        .button("Area from here…")
        .on_hover_text("Lay a cone, sphere, line or burst from this token")
        .clicked()
    {
        super::area_tool::request_area_from(ui.ctx(), token.id);
        ui.close();
    }
    let name = &token.name;
    if ui
        .button(format!("Attack with {name}…"))
        .on_hover_text(format!(
            "{name} attacks the token you click next; a line shows the range and cover. Esc cancels"
        ))
        .clicked()
    {
        super::attack_pick::request_attack_with(ui.ctx(), token.id);
        ui.close();
    }
    let entries = [
        (
            format!("Attack {name}…"),
            format!("{actor_name} attacks {name}"),
            true,
        ),
        (
            format!("Check against {name}…"),
            format!("{actor_name} makes a check against {name}"),
            false,
        ),
    ];
    for (label, who, attack) in entries {
        if ui.button(label).on_hover_text(who).clicked() {
            let action = crate::app::dice::MapAction {
                actor: selected,
                target: token.id,
                attack,
                add: false,
            };
            crate::app::dice::request_action(ui.ctx(), action);
            ui.close();
        }
    }
    crate::app::dice::maneuver_menu_ui(ui, ctx.encounter, token.id, actor);
    crate::app::map::fall_menu_ui(ui, ctx.encounter, token.id);
    ui.separator();
}

/// Deletes every selected token as one undo step.
pub fn delete_selected(ctx: &mut PaneContext<'_>) {
    let removals: Vec<Command> = ctx
        .encounter
        .tokens
        .iter()
        .filter(|t| ctx.selection.contains(&t.id))
        .map(|t| Command::RemoveToken(t.id))
        .collect();
    ctx.selection.clear();
    if !removals.is_empty() {
        ctx.command(Command::Batch(removals));
    }
}
