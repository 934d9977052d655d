//! The GM's window for the companion (View → Players' phones…): start and stop the server, the
//! join link as a QR code and as text, who is connected with their device and hero (release,
//! kick, or give a hero to a player), and what players may do from their phones. The companion
//! itself is the core's (`crate::companion`): this file only runs its host in the frame and
//! draws its state.
//!
//! Each frame, `logic()` hears the phones ([`Host::pump_messages`]; a roll lands in the Dice
//! pane) and, after the frame's own commands, `ui()` sends each phone its view when the
//! document changed ([`Host::publish`]) with the lit board the map already worked out.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;

use egui::{Color32, ColorImage, RichText, TextureHandle, TextureOptions};

use super::LanternApp;
use crate::companion::phone_view::PingText;
use crate::companion::qr::qr_modules;
use crate::companion::{ClientId, Host, Permissions};
use crate::model::{Side, TokenId};

/// Which address the server listens on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listen {
    /// The machine's address on the table's network, for phones.
    Network,
    /// This computer only (a browser on the laptop, tests).
    ThisComputer,
}

/// The companion's view state: the host (connections and claims live while Lantern runs; never
/// saved) and the window's fields.
pub struct CompanionState {
    pub host: Host,
    /// The window is shown.
    pub open: bool,
    pub listen: Listen,
    /// The port as typed; empty or 0 picks a free one.
    pub port: String,
    /// Why the last start failed.
    error: Option<String>,
    /// The QR code's texture, for the link it shows.
    qr: Option<(String, TextureHandle)>,
    /// The host applied a phone's command this frame (its explored cells join that step).
    pub(super) applied: bool,
}

impl Default for CompanionState {
    fn default() -> Self {
        Self {
            host: Host::new(),
            open: false,
            listen: Listen::Network,
            port: String::new(),
            error: None,
            qr: None,
            applied: false,
        }
    }
}

impl CompanionState {
    /// Starts the server on the chosen address and port.
    pub fn start(&mut self, ctx: &egui::Context) {
        let ip = match self.listen {
            Listen::Network => crate::companion::lan::lan_address(),
            Listen::ThisComputer => IpAddr::V4(Ipv4Addr::LOCALHOST),
        };
        let port = match self.port.trim() {
            "" => Ok(0),
            text => text.parse::<u16>(),
        };
        let Ok(port) = port else {
            self.error = Some(format!("{} is not a port (0 to 65535)", self.port.trim()));
            return;
        };
        let wake_ctx = ctx.clone();
        let wake = Arc::new(move || wake_ctx.request_repaint());
        match self.host.start(ip, port, wake) {
            Ok(_) => self.error = None,
            Err(err) => self.error = Some(err.to_string()),
        }
    }
}

impl LanternApp {
    /// Hears the phones: their checked requests are applied as undo steps, their rolls shown in
    /// the Dice pane (call in `logic()`).
    pub(super) fn companion_logic(&mut self) {
        let companion = &mut self.companion;
        companion.applied |= companion.host.pump_messages(&mut self.document);
        for roll in companion.host.take_rolls() {
            self.dice
                .show_phone_roll(&self.document.encounter, &mut self.rng, roll);
        }
    }

    /// Sends the phones their views, with the map's lit board once it is worked out for the
    /// encounter as it is, and the pings showing (call after the frame's commands are applied).
    pub(super) fn companion_publish(&mut self, ctx: &egui::Context) {
        if self.companion.host.addr().is_none() {
            return;
        }
        let now = crate::app::ping::now(ctx);
        let pings = self
            .map_view
            .pings()
            .active(now)
            .map(|p| PingText {
                id: p.started.to_bits(),
                at: [p.at.x, p.at.y],
                ms: ((crate::app::ping::PING_SECS - (now - p.started)) * 1000.0).max(0.0) as u32,
            })
            .collect();
        self.companion.host.set_pings(pings);
        if let Some(board) = self.map_view.current_lit_board(&self.document.encounter) {
            self.companion.host.publish(&self.document, Some(board));
        }
    }

    /// The Players' phones window, while it is open.
    pub(super) fn companion_window(&mut self, ctx: &egui::Context) {
        if !self.companion.open {
            return;
        }
        let mut open = true;
        egui::Window::new("Players' phones")
            .open(&mut open)
            .default_width(360.0)
            .show(ctx, |ui| {
                companion_ui(ui, &mut self.companion, &self.document.encounter);
            });
        self.companion.open = open;
    }
}

/// The window's contents.
fn companion_ui(
    ui: &mut egui::Ui,
    state: &mut CompanionState,
    encounter: &crate::model::Encounter,
) {
    if state.host.addr().is_some() {
        running_ui(ui, state, encounter);
    } else {
        stopped_ui(ui, state);
    }
    ui.separator();
    permissions_ui(ui, &mut state.host);
}

fn stopped_ui(ui: &mut egui::Ui, state: &mut CompanionState) {
    ui.label("Players open a link on their phones, on this computer's network, and hold their own heroes: the map as each hero sees it, its sheet, its moves and attacks. Nothing goes to the internet.");
    ui.horizontal(|ui| {
        ui.radio_value(&mut state.listen, Listen::Network, "Table's network");
        ui.radio_value(
            &mut state.listen,
            Listen::ThisComputer,
            "This computer only",
        );
    });
    ui.horizontal(|ui| {
        ui.label("Port");
        ui.add(
            egui::TextEdit::singleline(&mut state.port)
                .hint_text("any free")
                .desired_width(70.0),
        );
    });
    if ui
        .button(RichText::new("Start").size(18.0))
        .on_hover_text("Start the companion's server")
        .clicked()
    {
        state.start(ui.ctx());
    }
    if let Some(error) = &state.error {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
}

fn running_ui(ui: &mut egui::Ui, state: &mut CompanionState, encounter: &crate::model::Encounter) {
    let Some(url) = state.host.join_url() else {
        return;
    };
    qr_ui(ui, state, &url);
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::Label::new(RichText::new(&url).monospace()).selectable(true));
        if ui.small_button("Copy").clicked() {
            ui.ctx().copy_text(url.clone());
        }
    });
    if ui
        .button("Stop")
        .on_hover_text("Close every phone's connection and stop the server")
        .clicked()
    {
        state.host.stop();
        state.qr = None;
        return;
    }
    ui.separator();
    players_ui(ui, &mut state.host, encounter);
}

/// The join link as a QR code, drawn as a texture of its modules.
fn qr_ui(ui: &mut egui::Ui, state: &mut CompanionState, url: &str) {
    if state.qr.as_ref().is_none_or(|(shown, _)| shown != url) {
        state.qr = qr_modules(url).map(|code| {
            let quiet = 4;
            let size = code.width + 2 * quiet;
            let mut pixels = vec![Color32::WHITE; size * size];
            for (i, dark) in code.dark.iter().enumerate() {
                if *dark {
                    let (x, y) = (i % code.width + quiet, i / code.width + quiet);
                    pixels[y * size + x] = Color32::BLACK;
                }
            }
            let image = ColorImage::new([size, size], pixels);
            let texture = ui
                .ctx()
                .load_texture("companion-qr", image, TextureOptions::NEAREST);
            (url.to_owned(), texture)
        });
    }
    if let Some((_, texture)) = &state.qr {
        let response =
            ui.add(egui::Image::new(texture).fit_to_exact_size(egui::vec2(220.0, 220.0)));
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Join code"));
    }
}

/// Who is connected, each hero's player, and the GM's controls over them.
fn players_ui(ui: &mut egui::Ui, host: &mut Host, encounter: &crate::model::Encounter) {
    let players: Vec<_> = host.players().cloned().collect();
    if players.is_empty() {
        ui.label("No phone connected yet.");
    }
    let name_of = |id: TokenId| {
        encounter.token(id).map_or_else(
            || "?".to_owned(),
            |t| crate::app::text::name(&t.name).into_owned(),
        )
    };
    let mut kick = None;
    let mut release = None;
    let mut assign = None;
    for player in &players {
        ui.horizontal_wrapped(|ui| {
            let who = player.name.as_deref().unwrap_or("New phone");
            let hero = player.hero.map_or_else(
                || "choosing a hero".to_owned(),
                |h| format!("plays {}", name_of(h)),
            );
            ui.label(RichText::new(who).strong());
            ui.label(format!("({}) {hero}", player.device));
            if let Some(hero) = player.hero {
                if ui
                    .small_button("Release")
                    .on_hover_text("Let this hero go: the phone picks again")
                    .clicked()
                {
                    release = Some(hero);
                }
            } else {
                ui.menu_button("Give hero", |ui| {
                    for t in encounter
                        .tokens
                        .iter()
                        .filter(|t| t.side == Side::Party && !t.gm_only)
                    {
                        let taken = host.claimed_by(t.id).is_some();
                        if ui
                            .add_enabled(!taken, egui::Button::new(name_of(t.id)))
                            .clicked()
                        {
                            assign = Some((player.client, t.id));
                            ui.close();
                        }
                    }
                });
            }
            if ui
                .small_button("Kick")
                .on_hover_text("Close this phone's connection")
                .clicked()
            {
                kick = Some(player.client);
            }
        });
    }
    let away: Vec<TokenId> = encounter
        .tokens
        .iter()
        .map(|t| t.id)
        .filter(|id| host.claimed_by(*id).is_some() && !players.iter().any(|p| p.hero == Some(*id)))
        .collect();
    for hero in away {
        ui.horizontal(|ui| {
            let who = host.claimed_by(hero).unwrap_or_default().to_owned();
            ui.label(format!("{} — {who}, away", name_of(hero)));
            if ui.small_button("Release").clicked() {
                release = Some(hero);
            }
        });
    }
    apply_choices(host, encounter, kick, release, assign);
}

fn apply_choices(
    host: &mut Host,
    encounter: &crate::model::Encounter,
    kick: Option<ClientId>,
    release: Option<TokenId>,
    assign: Option<(ClientId, TokenId)>,
) {
    if let Some(client) = kick {
        host.kick(client);
    }
    if let Some(hero) = release {
        host.release(hero);
    }
    if let Some((client, hero)) = assign {
        host.assign(encounter, client, hero);
    }
}

/// The GM's switches over what players may do.
fn permissions_ui(ui: &mut egui::Ui, host: &mut Host) {
    ui.label("Players may, on their hero's turn:");
    let mut p: Permissions = host.permissions;
    ui.checkbox(&mut p.move_token, "Move their token");
    ui.checkbox(&mut p.end_turn, "End their turn");
    ui.checkbox(&mut p.attack, "Attack and roll (you apply the result)");
    ui.checkbox(&mut p.spend, "Spend their reaction and momentum dice");
    host.set_permissions(p);
}
