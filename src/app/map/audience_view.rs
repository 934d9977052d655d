//! The map drawn for an audience, without gestures: the players' window and PNG export show it.
//! The GM's pane paints the same layers (board, fog, walls, tokens and their marks) with its
//! gestures on top; [`MapAudience`] is the one switch between the two.

use egui::{Align2, Color32, FontId, Painter, Rect, Vec2};

use super::base_ring;
use super::fog::MapAudience;
use super::layout::{TokenDisc, size_index, token_discs};
use super::name_tags::NameTags;
use super::token_marks::{
    Badges, mark_node, paint_condition_dot, paint_down_mark, paint_turn_ring,
};
use super::token_paint::{Detail, TokenLook, paint_token};
use super::transform::MapTransform;
use super::{MapView, walls};
use crate::combat::conditions::ByToken;
use crate::model::{Encounter, Token};
use crate::view::PlayersView;

/// Discs smaller than this (points) carry no name in the players' view.
const MIN_NAMED_RADIUS: f32 = 8.0;

/// How a view is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewOptions {
    pub audience: MapAudience,
    /// Draw the fog (when the encounter has it on).
    pub fog: bool,
    /// Tokens as base rings for miniatures to stand on (the players' table screen).
    pub miniatures: bool,
    /// Names and condition chips of tokens in the picture's far half turned to read from the far
    /// edge of the table (the players' table screen's "Text both ways").
    pub text_both_ways: bool,
}

impl ViewOptions {
    /// The players' window: fog as the players see it.
    pub const PLAYERS: Self = Self {
        audience: MapAudience::Players,
        fog: true,
        miniatures: false,
        text_both_ways: false,
    };
}

/// Paints the whole view into `rect` with transform `t`. Returns whether the token whose turn
/// it is was shown (the players' banner names it only then).
pub fn paint_map_view(
    ui: &egui::Ui,
    rect: Rect,
    view: &mut MapView,
    encounter: &Encounter,
    t: &MapTransform,
    options: ViewOptions,
) -> bool {
    let painter = ui.painter_at(rect);
    let map_in_grid = super::layout::map_rect_in_grid(&encounter.map);
    // An unreadable background shows as parchment here; the GM's pane names the problem.
    let _ = super::paint_board(ui, &painter, view, encounter, map_in_grid, t);
    let fogged = options.fog && encounter.fog.enabled;
    view.fog.refresh(&mut view.play.scene, encounter, ui.ctx());
    view.fog
        .light
        .paint(&painter, encounter, options.audience, t);
    if fogged {
        view.fog.paint(&painter, encounter, options.audience, t);
    }
    // What the players may see is the core's decision (`view::PlayersView`); this only paints it.
    let players = (options.audience == MapAudience::Players)
        .then(|| view.fog.players_view(encounter, fogged));
    view.areas
        .refresh(&mut view.play.scene, encounter, ui.ctx());
    view.areas.paint(&painter, encounter, t, players.as_deref());
    // Walls go over the fog so the players see the walls of what they explored; walls wholly
    // under unexplored fog stay unsaid.
    let shown = players
        .as_ref()
        .filter(|_| fogged)
        .map(|p| p.board.walls.as_slice());
    walls::paint_walls(
        &painter,
        &encounter.walls,
        t,
        shown,
        &mut view.walls,
        options.audience as usize,
    );
    let tokens = TokensView {
        ui,
        painter: &painter,
        encounter,
        players: players.as_deref(),
        discs: token_discs(encounter.map.grid),
        t,
        audience: options.audience,
        miniatures: options.miniatures,
        both_ways: options.text_both_ways,
    };
    let current_shown = tokens.paint();
    super::marks::paint_kept(&painter, encounter, t, options.audience);
    view.fading.paint(&painter, t, ui.input(|i| i.time));
    // The banner names whose turn it is when the players' view says so.
    players.map_or(current_shown, |p| {
        p.banner.as_ref().is_some_and(|b| b.turn.is_some())
    })
}

/// What painting the tokens of one view needs.
struct TokensView<'a> {
    ui: &'a egui::Ui,
    painter: &'a Painter,
    encounter: &'a Encounter,
    /// What the players may see, for their view; `None` draws every token (the GM's export).
    players: Option<&'a PlayersView>,
    discs: [TokenDisc; 6],
    t: &'a MapTransform,
    audience: MapAudience,
    miniatures: bool,
    both_ways: bool,
}

impl TokensView<'_> {
    /// Paints the tokens shown; returns whether the token whose turn it is was among them.
    #[expect(
        clippy::too_many_lines,
        reason = "one token's disc, marks, name and badges in the order they stack"
    )]
    fn paint(&self) -> bool {
        let current = self.encounter.combat.initiative.current_token();
        let mut current_shown = false;
        let mut names = NameTags::default();
        let by_token = ByToken::new(&self.encounter.combat.conditions, self.encounter.system);
        let mut shown = Vec::new();
        for token in self.encounter.tokens.iter().filter(|t| self.shows(t)) {
            current_shown |= current == Some(token.id);
            let disc = self.discs[size_index(token.size)];
            let centre = self
                .t
                .ui_from_grid(disc.centre(self.encounter.map.grid, token.cell));
            let radius = self.t.points(disc.radius_cells);
            let bounds = Rect::from_center_size(centre, Vec2::splat(radius * 2.0));
            if self
                .painter
                .clip_rect()
                .intersects(bounds.expand(radius + 40.0))
            {
                shown.push((token, centre, radius, bounds));
            }
        }
        let detail = Detail::for_view_of(shown.len());
        for (token, centre, radius, bounds) in shown {
            if self.audience == MapAudience::Players {
                // Names what the players can see, for screen readers and tests.
                let id = self.ui.scope_id().with(("players_token", token.id));
                let node = self.ui.interact(bounds, id, egui::Sense::empty());
                node.widget_info(|| {
                    egui::WidgetInfo::labeled(
                        egui::Role::Label,
                        true,
                        crate::app::text::name(&token.name),
                    )
                });
            }
            let on_it = by_token.get(token.id);
            let conditions: Vec<&str> = on_it.iter().map(|c| c.name.as_str()).collect();
            // A base ring is the base's size, whatever the disc's.
            let base = base_ring::base_radius(token.size, self.t.points_per_cell);
            let outer = if self.miniatures {
                base_ring::outer_radius(base)
            } else {
                radius
            };
            if current == Some(token.id) {
                paint_turn_ring(self.painter, centre, outer);
            }
            let look = TokenLook {
                selected: false,
                hovered: false,
                opacity: if token.gm_only { 0.55 } else { 1.0 },
                label: false,
                detail,
            };
            if self.miniatures {
                base_ring::paint_base_ring(self.painter, token, centre, base, &conditions);
            } else {
                paint_token(self.painter, token, centre, radius, look);
            }
            if let Some(word) = crate::combat::down::down_with(self.encounter, token.id, on_it) {
                paint_down_mark(self.painter, centre, radius, word);
                if self.audience == MapAudience::Players {
                    let name = crate::app::text::name(&token.name);
                    mark_node(self.ui, "down", &format!("{name}: {word}"), bounds);
                }
            }
            // A token whose middle is off the picture shows no name or chip of its own there.
            let clip = self.painter.clip_rect();
            if !clip.contains(centre) {
                continue;
            }
            if self.audience == MapAudience::Gm && self.t.points_per_cell >= 18.0 {
                names.push_under(token, centre, radius, look.opacity);
            }
            // Read from the nearer edge of the table: tokens in the far half face the far edge.
            let upside_down = self.both_ways && centre.y < clip.center().y;
            // Names in large type under discs of a few pixels would bury the map in labels.
            if self.audience == MapAudience::Players && radius >= MIN_NAMED_RADIUS {
                let size = (radius * 0.7).clamp(16.0, 30.0);
                names.push_facing(
                    &token.name,
                    centre,
                    outer + 2.0,
                    size,
                    look.opacity,
                    upside_down,
                );
            }
            // Chips in large type over discs too small to be named would cover the crowd
            // around them (and cost a software renderer ten screens of pixels at 5,000
            // tokens); there they take the GM's size.
            let named = radius >= MIN_NAMED_RADIUS;
            let font = match self.audience {
                MapAudience::Players if named => (radius * 0.5).clamp(14.0, 26.0),
                MapAudience::Players | MapAudience::Gm => (radius * 0.42).clamp(9.0, 14.0),
            };
            // Over a miniature's base the badges would hide under it: they sit above the ring.
            let badges = Badges {
                centre,
                radius: if self.miniatures {
                    outer + font * 0.6
                } else {
                    radius
                },
                font_size: font,
                // Whole names over discs too small to carry their own name would cover the
                // crowd around them; there the chips keep their first letters.
                full_names: self.audience == MapAudience::Players && named,
                upside_down,
                bounds: (self.audience == MapAudience::Players).then_some(clip),
            };
            if detail == Detail::Crowd {
                paint_condition_dot(self.painter, &conditions, centre, radius);
            } else {
                badges.paint(self.painter, &conditions);
            }
        }
        // After every disc and badge, placed so that no two names overlap.
        let players = self.audience == MapAudience::Players;
        // The players' names stay on their picture, never cut at its edge.
        let bounds = players.then(|| self.painter.clip_rect());
        names.paint_within(self.painter, players.then_some(self.ui), bounds);
        current_shown
    }

    /// Whether `token` appears: for the players, as their view decides.
    fn shows(&self, token: &Token) -> bool {
        self.players.is_none_or(|p| p.shows_token(token.id))
    }
}

/// The height of the strip the turn banner takes at the top of a players' picture
/// `picture_height` points tall: none while no fight runs. The map is fitted below it, so the banner never covers
/// the top of the map.
pub fn turn_banner_height(picture_height: f32, encounter: &Encounter) -> f32 {
    if encounter.combat.initiative.is_running() {
        banner_text_size(picture_height) + 2.0 * BANNER_PAD
    } else {
        0.0
    }
}

/// Space above and below the banner's text, in points.
const BANNER_PAD: f32 = 12.0;

fn banner_text_size(picture_height: f32) -> f32 {
    (picture_height * 0.055).clamp(22.0, 48.0)
}

/// The banner across the top of the players' window, in its own strip (see
/// [`turn_banner_height`]): the round and whose turn it is, large enough to read from across
/// the room. Names of tokens the players can't see stay unsaid.
pub fn paint_turn_banner(painter: &Painter, rect: Rect, encounter: &Encounter, visible: bool) {
    let initiative = &encounter.combat.initiative;
    if !initiative.is_running() {
        return;
    }
    let who = initiative
        .current_token()
        .and_then(|id| encounter.token(id))
        .filter(|t| visible && !t.gm_only)
        .map(|t| format!(" — {}'s turn", crate::app::text::name(&t.name)));
    let text = format!("Round {}{}", initiative.round, who.unwrap_or_default());
    let size = banner_text_size(rect.height());
    let galley = painter.layout_no_wrap(text, FontId::proportional(size), Color32::WHITE);
    let strip = Rect::from_min_size(rect.min, Vec2::new(rect.width(), size + 2.0 * BANNER_PAD));
    let at = Align2::CENTER_CENTER.anchor_size(strip.center(), galley.size());
    painter.rect_filled(strip, 0.0, Color32::from_rgb(16, 16, 20));
    painter.galley(at.min, galley, Color32::WHITE);
}
