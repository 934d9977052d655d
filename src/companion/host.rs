//! The host: the companion's side in the GM's window. It runs in the window's frame (the app
//! calls [`Host::pump_messages`] in `logic()` and [`Host::publish`] after drawing; tests call
//! [`Host::pump`], which does both), never waits on the server, and is the only place a phone's
//! request becomes a [`Command`], applied through [`Document::apply`] like a click — so undo,
//! the log and validation come with it.
//!
//! Every message is checked before anything happens: its size and form ([`wire::parse`]), that
//! the phone holds a hero, that the GM allows the action, that it is the hero's turn, and that
//! what it names is the hero's own or in the hero's sight. A refusal is answered with its reason
//! and changes nothing.

use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use super::attack::{PhoneRoll, attack_check, plan_text, roll_attack};
use super::phone_view::{PingText, phone_view};
use super::server::{ClientId, Inbound, Server, ServerError, same_secret};
use super::wire::{self, FromPhone, LobbyHero, MAX_PLAYER_NAME_CHARS, ToPhone};
use crate::board::Scene;
use crate::board::lit_board::LitBoard;
use crate::combat::command::CombatCommand;
use crate::combat::initiative::EconomyPart;
use crate::combat::move_reach::MoveReach;
use crate::combat::turn_move::movement_left;
use crate::dice::DiceRng;
use crate::edit::Document;
use crate::model::{Cell, Command, Encounter, LogEntry, Side, TokenId};
use crate::view::{PlayersView, ShownCell};

/// What the GM lets players do from their phones; each can be switched off.
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches, each a checkbox in the GM's window"
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Permissions {
    /// Move the hero's token on its turn.
    pub move_token: bool,
    /// End the hero's turn.
    pub end_turn: bool,
    /// Spend the hero's own reaction and (GFH) momentum dice.
    pub spend: bool,
    /// Attack what the hero sees, and roll.
    pub attack: bool,
}

impl Default for Permissions {
    fn default() -> Self {
        Self {
            move_token: true,
            end_turn: true,
            spend: true,
            attack: true,
        }
    }
}

/// A connected phone, as the GM's list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub client: ClientId,
    /// From the browser's User-Agent ("Android phone, Chrome").
    pub device: String,
    /// The name the player gave when claiming a hero.
    pub name: Option<String>,
    pub hero: Option<TokenId>,
}

/// A hero taken by a player: the secret their page keeps to take it back after a reload.
#[derive(Clone, Debug)]
struct Claim {
    secret: String,
    player: String,
}

/// Messages taken from the server in one pump at most, so a flood never holds up a frame.
const MESSAGES_PER_PUMP: usize = 64;

/// See the module docs.
#[derive(Debug)]
pub struct Host {
    server: Option<Server>,
    join_secret: String,
    players: BTreeMap<ClientId, Player>,
    claims: BTreeMap<TokenId, Claim>,
    pub permissions: Permissions,
    rng: DiceRng,
    /// The revision and host generation each phone's last view was made at.
    sent: HashMap<ClientId, (u64, u64)>,
    /// Bumped when anything a view shows besides the encounter changes (claims, permissions).
    generation: u64,
    /// Each hero's view as last sent: what its player may name (a target it saw).
    views: HashMap<TokenId, Arc<PlayersView>>,
    rolls: Vec<PhoneRoll>,
    /// The pings showing on the table's windows, for every claimed phone's view.
    pings: Vec<PingText>,
}

impl Default for Host {
    fn default() -> Self {
        Self::new()
    }
}

/// 128 random bits as hex.
fn secret() -> String {
    format!(
        "{:016x}{:016x}",
        rand::random::<u64>(),
        rand::random::<u64>()
    )
}

impl Host {
    /// A host with a fresh join secret, not listening.
    pub fn new() -> Self {
        Self {
            server: None,
            join_secret: secret(),
            players: BTreeMap::new(),
            claims: BTreeMap::new(),
            permissions: Permissions::default(),
            rng: DiceRng::from_entropy(),
            sent: HashMap::new(),
            generation: 0,
            views: HashMap::new(),
            rolls: Vec::new(),
            pings: Vec::new(),
        }
    }

    /// Starts listening on `ip`:`port` (0: any free port); `wake` runs when a phone speaks.
    pub fn start(
        &mut self,
        ip: IpAddr,
        port: u16,
        wake: Arc<dyn Fn() + Send + Sync>,
    ) -> Result<SocketAddr, ServerError> {
        self.stop();
        let server = Server::start(ip, port, self.join_secret.clone(), wake)?;
        let addr = server.addr();
        self.server = Some(server);
        Ok(addr)
    }

    /// Closes every connection and stops listening. Claims stay, so phones take their heroes
    /// back when the GM starts again.
    pub fn stop(&mut self) {
        if let Some(server) = self.server.take() {
            server.stop();
        }
        self.players.clear();
        self.sent.clear();
    }

    /// Where the server listens, while it runs.
    pub fn addr(&self) -> Option<SocketAddr> {
        self.server.as_ref().map(Server::addr)
    }

    /// The link a phone opens: the page with the join secret.
    pub fn join_url(&self) -> Option<String> {
        let addr = self.addr()?;
        Some(format!("http://{addr}/?join={}", self.join_secret))
    }

    /// A new encounter: a new join secret, and every claim and connection let go.
    pub fn forget_encounter(&mut self) {
        let running = self.server.as_ref().map(Server::addr);
        self.stop();
        self.claims.clear();
        self.views.clear();
        self.join_secret = secret();
        self.generation += 1;
        if let Some(addr) = running {
            log::info!("the companion at {addr} stopped: another encounter was opened");
        }
    }

    /// The connected phones.
    pub fn players(&self) -> impl Iterator<Item = &Player> {
        self.players.values()
    }

    /// The player holding `hero`, by the name they gave.
    pub fn claimed_by(&self, hero: TokenId) -> Option<&str> {
        self.claims.get(&hero).map(|c| c.player.as_str())
    }

    /// Lets `hero` go: its phone goes back to the list of heroes to claim.
    pub fn release(&mut self, hero: TokenId) {
        self.claims.remove(&hero);
        self.views.remove(&hero);
        let holders: Vec<ClientId> = self
            .players
            .values()
            .filter(|p| p.hero == Some(hero))
            .map(|p| p.client)
            .collect();
        for client in holders {
            if let Some(player) = self.players.get_mut(&client) {
                player.hero = None;
            }
            self.reply(
                client,
                &ToPhone::Released {
                    reason: "The GM let your hero go.".to_owned(),
                },
            );
        }
        self.generation += 1;
    }

    /// Closes `client`'s connection and lets its hero go.
    pub fn kick(&mut self, client: ClientId) {
        if let Some(hero) = self.players.get(&client).and_then(|p| p.hero) {
            self.claims.remove(&hero);
            self.views.remove(&hero);
        }
        if let Some(server) = &self.server {
            server.close(client, "the GM removed this phone");
        }
        self.players.remove(&client);
        self.sent.remove(&client);
        self.generation += 1;
    }

    /// Gives `hero` to `client`'s player (the GM assigning heroes).
    pub fn assign(&mut self, encounter: &Encounter, client: ClientId, hero: TokenId) {
        let name = self
            .players
            .get(&client)
            .and_then(|p| p.name.clone())
            .unwrap_or_else(|| "Player".to_owned());
        if let Err(reason) = self.claim(encounter, client, hero, &name) {
            self.refuse(client, reason);
        }
    }

    /// The GM changed a switch: every phone's view says what it may do now.
    pub fn set_permissions(&mut self, permissions: Permissions) {
        if permissions != self.permissions {
            self.permissions = permissions;
            self.generation += 1;
        }
    }

    /// The pings showing now (the app's `ping::Pings`, on its clock): a new one, or one gone,
    /// sends every phone its view again; their time left alone does not.
    pub fn set_pings(&mut self, pings: Vec<PingText>) {
        let ids = |list: &[PingText]| list.iter().map(|p| p.id).collect::<Vec<_>>();
        if ids(&pings) != ids(&self.pings) {
            self.pings = pings;
            self.generation += 1;
        }
    }

    /// The rolls phones made since the last call, for the GM's Dice pane.
    pub fn take_rolls(&mut self) -> Vec<PhoneRoll> {
        std::mem::take(&mut self.rolls)
    }

    /// Hears the phones and applies what they ask that passes every check; returns whether
    /// anything was applied. Never waits.
    pub fn pump_messages(&mut self, document: &mut Document) -> bool {
        let mut applied = false;
        for _ in 0..MESSAGES_PER_PUMP {
            let Some(message) = self.server.as_ref().and_then(Server::try_recv) else {
                break;
            };
            match message {
                Inbound::Connected { client, device } => {
                    self.players.insert(
                        client,
                        Player {
                            client,
                            device,
                            name: None,
                            hero: None,
                        },
                    );
                    self.generation += 1;
                }
                Inbound::Closed { client } => {
                    self.players.remove(&client);
                    self.sent.remove(&client);
                    self.generation += 1;
                }
                Inbound::Message { client, text } => {
                    if !self.players.contains_key(&client) {
                        continue;
                    }
                    match wire::parse(&text).and_then(|m| self.handle(document, client, m)) {
                        Ok(changed) => applied |= changed,
                        Err(reason) => self.refuse(client, reason),
                    }
                }
            }
        }
        applied
    }

    /// Sends each phone its view if the encounter or the host changed since its last one:
    /// a claimed phone its hero's [`PlayersView`] with the sheet, the others the list of heroes.
    /// `board` is the party's lit board for the encounter as it is; `None` works one out.
    pub fn publish(&mut self, document: &Document, board: Option<&LitBoard>) {
        let Some(server) = &self.server else {
            return;
        };
        let revision = document.revision();
        let stamp = (revision, self.generation);
        let due: Vec<Player> = self
            .players
            .values()
            .filter(|p| self.sent.get(&p.client) != Some(&stamp))
            .cloned()
            .collect();
        if due.is_empty() {
            return;
        }
        let encounter = &document.encounter;
        let scene = Scene::new(encounter);
        let own;
        let board = if let Some(board) = board {
            board
        } else {
            own = LitBoard::work_out(&scene, encounter, None, &|_| true)
                .unwrap_or_else(|| LitBoard::unlit(&encounter.map, encounter.ambient));
            &own
        };
        for player in due {
            let text = match player.hero {
                Some(hero) => {
                    let Some(view) = PlayersView::hero(encounter, board, hero) else {
                        continue;
                    };
                    let mut phone =
                        phone_view(encounter, &scene, &view, hero, revision, self.permissions);
                    phone.pings.clone_from(&self.pings);
                    self.views.insert(hero, Arc::new(view));
                    serde_json::to_string(&phone)
                }
                None => serde_json::to_string(&lobby(encounter, &self.claims)),
            };
            let Ok(text) = text else { continue };
            server.set_view(player.client, text);
            self.sent.insert(player.client, stamp);
        }
    }

    /// [`Self::pump_messages`], then [`Self::publish`] with a board worked out here: what the
    /// app does in one frame, for tests and benchmarks without a window.
    pub fn pump(&mut self, document: &mut Document) -> bool {
        let applied = self.pump_messages(document);
        self.publish(document, None);
        applied
    }

    fn reply(&self, client: ClientId, message: &ToPhone) {
        if let (Some(server), Ok(text)) = (&self.server, serde_json::to_string(message)) {
            server.send(client, text);
        }
    }

    fn refuse(&self, client: ClientId, reason: String) {
        self.reply(client, &ToPhone::Refused { reason });
    }

    /// One checked request; `Ok(true)` when it changed the encounter.
    fn handle(
        &mut self,
        document: &mut Document,
        client: ClientId,
        message: FromPhone,
    ) -> Result<bool, String> {
        let encounter = &document.encounter;
        match message {
            FromPhone::Claim { token, name } => {
                self.claim(encounter, client, TokenId(token), &name)?;
                Ok(false)
            }
            FromPhone::Resume { claim } => {
                self.resume(client, &claim)?;
                Ok(false)
            }
            FromPhone::Release => {
                let hero = self.hero_of(client)?;
                self.release(hero);
                Ok(false)
            }
            FromPhone::Plan { to } => {
                let hero = self.hero_of(client)?;
                let plan = self.plan(encounter, hero, to);
                self.reply(client, &plan);
                Ok(false)
            }
            FromPhone::Move { to } => {
                let hero = self.hero_of(client)?;
                Self::allowed(self.permissions.move_token, "moving")?;
                let command = self.move_command(encounter, hero, to)?;
                self.apply(
                    document,
                    client,
                    hero,
                    command,
                    format!("Move to ({}, {})", to[0], to[1]),
                )
            }
            FromPhone::EndTurn => {
                let hero = self.hero_of(client)?;
                Self::allowed(self.permissions.end_turn, "ending the turn")?;
                its_turn(encounter, hero)?;
                let command = Command::Combat(CombatCommand::NextTurn { pick: None });
                self.apply(document, client, hero, command, "End of turn".to_owned())
            }
            FromPhone::Reaction => {
                let hero = self.hero_of(client)?;
                Self::allowed(self.permissions.spend, "spending a reaction")?;
                let init = &encounter.combat.initiative;
                if !init.is_running() || !init.reaction_available(hero) {
                    return Err("no reaction left".to_owned());
                }
                let command = Command::Combat(CombatCommand::UseEconomy {
                    token: hero,
                    part: EconomyPart::Reaction,
                });
                self.apply(document, client, hero, command, "Reaction".to_owned())
            }
            FromPhone::Momentum { choice } => {
                let hero = self.hero_of(client)?;
                Self::allowed(self.permissions.spend, "spending momentum")?;
                its_turn(encounter, hero)?;
                let command = super::momentum::choice_command(encounter, hero, choice)?;
                self.apply(document, client, hero, command, choice.label().to_owned())
            }
            FromPhone::AttackPlan { target, weapon } => {
                let hero = self.hero_of(client)?;
                let target = self.seen_target(hero, target)?;
                let check = attack_check(encounter, hero, target, weapon)?;
                self.reply(client, &ToPhone::AttackPlan(plan_text(encounter, &check)));
                Ok(false)
            }
            FromPhone::Attack {
                target,
                weapon,
                faces,
            } => {
                let hero = self.hero_of(client)?;
                Self::allowed(self.permissions.attack, "attacking")?;
                its_turn(encounter, hero)?;
                let target = self.seen_target(hero, target)?;
                let check = attack_check(encounter, hero, target, weapon)?;
                let player = self.player_name(hero);
                let (roll, command) =
                    roll_attack(encounter, &check, &faces, &player, &mut self.rng)?;
                document
                    .apply(command)
                    .map_err(|e| format!("Lantern refused it: {e}"))?;
                self.reply(client, &ToPhone::Rolled(roll.text()));
                self.rolls.push(roll);
                Ok(true)
            }
        }
    }

    fn allowed(on: bool, what: &str) -> Result<(), String> {
        if on {
            Ok(())
        } else {
            Err(format!("the GM has switched off {what} from phones"))
        }
    }

    fn hero_of(&self, client: ClientId) -> Result<TokenId, String> {
        self.players
            .get(&client)
            .and_then(|p| p.hero)
            .ok_or_else(|| "claim a hero first".to_owned())
    }

    fn player_name(&self, hero: TokenId) -> String {
        self.claimed_by(hero).unwrap_or("Player").to_owned()
    }

    /// `target` when the hero's phone was shown it (and it is not the hero).
    fn seen_target(&self, hero: TokenId, target: u64) -> Result<TokenId, String> {
        let target = TokenId(target);
        let seen = self.views.get(&hero).is_some_and(|v| v.shows_token(target));
        if target == hero || !seen {
            return Err("your hero can't see that target".to_owned());
        }
        Ok(target)
    }

    fn claim(
        &mut self,
        encounter: &Encounter,
        client: ClientId,
        hero: TokenId,
        name: &str,
    ) -> Result<(), String> {
        let party = encounter
            .token(hero)
            .is_some_and(|t| t.side == Side::Party && !t.gm_only);
        if !party {
            return Err("that is not one of the party's heroes".to_owned());
        }
        if self.claims.contains_key(&hero) {
            return Err("another player holds that hero".to_owned());
        }
        if let Some(old) = self.players.get(&client).and_then(|p| p.hero) {
            self.claims.remove(&old);
            self.views.remove(&old);
        }
        let name: String = name.trim().chars().take(MAX_PLAYER_NAME_CHARS).collect();
        let name = if name.is_empty() {
            "Player".to_owned()
        } else {
            name
        };
        let claim = Claim {
            secret: secret(),
            player: name.clone(),
        };
        let answer = ToPhone::Claimed {
            token: hero.0,
            claim: claim.secret.clone(),
        };
        self.claims.insert(hero, claim);
        if let Some(player) = self.players.get_mut(&client) {
            player.hero = Some(hero);
            player.name = Some(name);
        }
        self.generation += 1;
        self.reply(client, &answer);
        Ok(())
    }

    fn resume(&mut self, client: ClientId, secret: &str) -> Result<(), String> {
        let Some((&hero, claim)) = self
            .claims
            .iter()
            .find(|(_, c)| same_secret(&c.secret, secret))
        else {
            return Err("that hero was let go: claim one again".to_owned());
        };
        let name = claim.player.clone();
        // The same player on a new connection: the old one (a reload, a dropped Wi-Fi) goes.
        let stale: Vec<ClientId> = self
            .players
            .values()
            .filter(|p| p.hero == Some(hero) && p.client != client)
            .map(|p| p.client)
            .collect();
        for old in stale {
            if let Some(server) = &self.server {
                server.close(old, "this hero was taken back on another connection");
            }
            self.players.remove(&old);
        }
        if let Some(player) = self.players.get_mut(&client) {
            player.hero = Some(hero);
            player.name = Some(name);
        }
        self.generation += 1;
        self.reply(
            client,
            &ToPhone::Claimed {
                token: hero.0,
                claim: secret.to_owned(),
            },
        );
        Ok(())
    }

    /// The path and cost of a move, or why it is refused.
    fn plan(&self, encounter: &Encounter, hero: TokenId, to: [i32; 2]) -> ToPhone {
        let scene = Scene::new(encounter);
        let target = Cell::new(to[0], to[1]);
        let reach = MoveReach::of(&scene, encounter, hero);
        let refused = self.can_move(encounter, hero, target).err().or_else(|| {
            reach
                .as_ref()
                .map_or(Some("nowhere to go".to_owned()), |r| {
                    r.refusal(&scene, encounter, target)
                })
        });
        let (path, cost) = reach
            .as_ref()
            .and_then(|r| r.path(target))
            .unwrap_or_default();
        ToPhone::Plan {
            to,
            path: path.iter().map(|c| [c.x, c.y]).collect(),
            cost,
            left: movement_left(encounter, hero).unwrap_or(0),
            refused,
        }
    }

    /// Whether the hero may move to `target` at all now: its turn, and a cell its phone shows.
    fn can_move(&self, encounter: &Encounter, hero: TokenId, target: Cell) -> Result<(), String> {
        its_turn(encounter, hero)?;
        let (col, row) = encounter.map.offset_of(target);
        let shown = self
            .views
            .get(&hero)
            .is_some_and(|v| v.board.cells.at_offset(col, row) != ShownCell::Hidden);
        if shown {
            Ok(())
        } else {
            Err("your hero doesn't know that place".to_owned())
        }
    }

    fn move_command(
        &self,
        encounter: &Encounter,
        hero: TokenId,
        to: [i32; 2],
    ) -> Result<Command, String> {
        let target = Cell::new(to[0], to[1]);
        self.can_move(encounter, hero, target)?;
        let scene = Scene::new(encounter);
        let reach = MoveReach::of(&scene, encounter, hero).ok_or("nowhere to go")?;
        reach.command(&scene, encounter, target)
    }

    /// Applies `command` as one undo step with a log line naming the player.
    fn apply(
        &mut self,
        document: &mut Document,
        _client: ClientId,
        hero: TokenId,
        command: Command,
        what: String,
    ) -> Result<bool, String> {
        let hero_name = document
            .encounter
            .token(hero)
            .map(|t| t.name.clone())
            .unwrap_or_default();
        let entry = LogEntry {
            who: format!("{hero_name} ({}'s phone)", self.player_name(hero)),
            what,
            dice: String::new(),
            result: String::new(),
        }
        .fitted();
        document
            .apply(Command::Batch(vec![command, Command::AppendLog(entry)]))
            .map_err(|e| format!("Lantern refused it: {e}"))?;
        Ok(true)
    }
}

/// `Ok` on `hero`'s own turn in a running initiative.
fn its_turn(encounter: &Encounter, hero: TokenId) -> Result<(), String> {
    let init = &encounter.combat.initiative;
    if init.is_running() && init.current_token() == Some(hero) {
        Ok(())
    } else {
        Err("it is not your hero's turn".to_owned())
    }
}

/// The heroes to claim.
fn lobby(encounter: &Encounter, claims: &BTreeMap<TokenId, Claim>) -> ToPhone {
    ToPhone::Lobby {
        encounter: encounter.name.clone(),
        heroes: encounter
            .tokens
            .iter()
            .filter(|t| t.side == Side::Party && !t.gm_only)
            .map(|t| LobbyHero {
                id: t.id.0,
                name: t.name.clone(),
                claimed: claims.contains_key(&t.id),
            })
            .collect(),
    }
}
