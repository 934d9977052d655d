//! The companion over the wire: the real server on 127.0.0.1 port 0, a real WebSocket client,
//! and the host pumped as the app pumps it. Joining and claiming, reconnecting with the claim's
//! secret, moves on and off the hero's turn and past its movement, ending the turn, an attack
//! with the player's own dice, the GM's undo of a phone's move; then hostile messages.

use std::net::{IpAddr, Ipv4Addr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use lantern::combat::command::CombatCommand;
use lantern::combat::conditions::{ActiveCondition, Duration as ConditionDuration};
use lantern::combat::initiative::{Combatant, Mode};
use lantern::companion::Host;
use lantern::companion::phone_view::PingText;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{
    Cell, Command, Encounter, FogCommand, OpportunityOffer, ReactionCommand, RuleSystem, Side,
    Token, TokenId,
};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::stream::MaybeTlsStream;
use tokio_tungstenite::tungstenite::{self, Message, WebSocket};

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

/// The value, or the test fails saying why (helpers are not `#[test]` functions, where clippy
/// would let `unwrap` pass).
pub fn ok<T, E: std::fmt::Debug>(result: Result<T, E>) -> T {
    match result {
        Ok(value) => value,
        Err(err) => panic!("{err:?}"),
    }
}

pub fn some<T>(option: Option<T>) -> T {
    let Some(value) = option else {
        panic!("nothing there")
    };
    value
}

/// The GM's side: the demo with fog on, and the host listening on 127.0.0.1.
pub struct Table {
    pub doc: Document,
    pub host: Host,
}

pub const PIP: TokenId = TokenId(4);
pub const SERGEANT: TokenId = TokenId(7);

impl Table {
    pub fn demo() -> Self {
        let mut table = Self::on(ok(Demo::GoForthHeroes.encounter()));
        ok(table
            .doc
            .apply_as_opened(Command::Fog(FogCommand::SetEnabled(true))));
        table
    }

    /// `encounter` as it is, and the host listening on 127.0.0.1.
    pub fn on(encounter: Encounter) -> Self {
        let doc = Document::new(encounter, None);
        let mut host = Host::new();
        ok(host.start(IpAddr::V4(Ipv4Addr::LOCALHOST), 0, Arc::new(|| {})));
        Self { doc, host }
    }

    /// The fight started with `first` to act, then the others in the demo's order.
    pub fn fight_with_first(&mut self, first: TokenId) {
        let mut order: Vec<TokenId> = self.doc.encounter.tokens.iter().map(|t| t.id).collect();
        order.retain(|id| *id != first);
        order.insert(0, first);
        let start = CombatCommand::StartInitiative {
            mode: Mode::Ordered,
            combatants: order.into_iter().map(Combatant::new).collect(),
            surprise_round: false,
            pick: None,
        };
        ok(self.doc.apply(Command::Combat(start)));
    }

    pub fn ws_url(&self, secret: Option<&str>) -> String {
        let url = some(self.host.join_url());
        let addr = some(self.host.addr());
        let join = secret.map_or_else(|| some(url.split("join=").nth(1)).to_owned(), str::to_owned);
        format!("ws://{addr}/ws?join={join}")
    }

    /// A phone connected with the join secret.
    pub fn phone(&self) -> Phone {
        let (mut socket, _) = ok(tungstenite::connect(self.ws_url(None)));
        if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
            ok(stream.set_read_timeout(Some(Duration::from_millis(5))));
        }
        Phone { socket }
    }

    /// Pumps the host until `phone` receives a message of kind `t` that `pred` accepts.
    pub fn expect(&mut self, phone: &mut Phone, t: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut seen = Vec::new();
        while Instant::now() < deadline {
            self.host.pump(&mut self.doc);
            while let Some(m) = phone.try_read() {
                if m["t"] == t && pred(&m) {
                    return m;
                }
                seen.push(m["t"].to_string() + " " + m["reason"].as_str().unwrap_or(""));
            }
        }
        panic!("no {t} message; saw {seen:?}");
    }

    /// Claims `hero` for a new phone and returns it with its claim secret, once it holds a view.
    pub fn claimed(&mut self, hero: TokenId, name: &str) -> (Phone, String) {
        let mut phone = self.phone();
        self.expect(&mut phone, "lobby", |_| true);
        phone.send(&json!({"t": "claim", "token": hero.0, "name": name}));
        let claimed = self.expect(&mut phone, "claimed", |_| true);
        self.expect(&mut phone, "view", |v| v["hero"]["id"] == hero.0);
        (phone, some(claimed["claim"].as_str()).to_owned())
    }
}

pub struct Phone {
    pub socket: Socket,
}

impl Phone {
    pub fn send(&mut self, message: &Value) {
        ok(self.socket.send(Message::text(message.to_string())));
    }

    pub fn try_read(&mut self) -> Option<Value> {
        match self.socket.read() {
            Ok(Message::Text(text)) => serde_json::from_str(text.as_str()).ok(),
            _ => None,
        }
    }
}

fn cell_of(table: &Table, id: TokenId) -> Cell {
    some(table.doc.encounter.token(id)).cell
}

#[test]
fn a_phone_joins_claims_a_hero_and_takes_it_back_after_a_reload() {
    let mut table = Table::demo();
    let (phone, claim) = table.claimed(PIP, "Anna");
    let players: Vec<_> = table.host.players().cloned().collect();
    assert_eq!(players.len(), 1);
    assert_eq!(players[0].name.as_deref(), Some("Anna"));
    assert_eq!(players[0].hero, Some(PIP));
    assert_eq!(table.host.claimed_by(PIP), Some("Anna"));
    // A reload: the old connection drops, a new one resumes with the claim's secret.
    drop(phone);
    let mut again = table.phone();
    again.send(&json!({"t": "resume", "claim": claim}));
    table.expect(&mut again, "claimed", |m| m["token"] == PIP.0);
    let view = table.expect(&mut again, "view", |_| true);
    assert_eq!(view["hero"]["name"], "Pip");
    // Someone else can't take Pip.
    let mut other = table.phone();
    table.expect(&mut other, "lobby", |m| {
        m["heroes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h["id"] == PIP.0 && h["claimed"] == true)
    });
    other.send(&json!({"t": "claim", "token": PIP.0, "name": "Bo"}));
    table.expect(&mut other, "refused", |m| {
        m["reason"].as_str().unwrap().contains("another player")
    });
}

#[test]
fn a_wrong_join_secret_never_connects() {
    let table = Table::demo();
    let refused = tungstenite::connect(table.ws_url(Some("0123456789abcdef0123456789abcdef")));
    match refused {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403),
        other => panic!("connected with a wrong secret: {:?}", other.map(|_| ())),
    }
}

#[test]
fn pip_moves_on_its_turn_and_the_gm_takes_it_back() {
    let mut table = Table::demo();
    table.fight_with_first(PIP);
    let (mut phone, _) = table.claimed(PIP, "Anna");
    let from = cell_of(&table, PIP);
    let to = [from.x + 2, from.y];
    phone.send(&json!({"t": "plan", "to": to}));
    let plan = table.expect(&mut phone, "plan", |_| true);
    assert_eq!(plan["refused"], Value::Null, "{plan}");
    assert_eq!(plan["cost"], 2);
    assert_eq!(
        plan["path"].as_array().unwrap().len(),
        3,
        "from, through, to"
    );
    phone.send(&json!({"t": "move", "to": to}));
    let view = table.expect(&mut phone, "view", |v| {
        v["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == PIP.0 && t["cell"] == json!(to))
    });
    assert_eq!(cell_of(&table, PIP), Cell::new(to[0], to[1]));
    let left = view["hero"]["movement_left"].as_u64().unwrap();
    assert_eq!(left + 2, view["hero"]["speed"].as_u64().unwrap());
    assert_eq!(table.doc.history().undo_label(), Some("Move token"));
    let log = table.doc.encounter.combat.log.last().unwrap();
    assert!(log.who.contains("Anna"), "{log:?}");
    // Ctrl+Z on the laptop: one step takes the move, its movement and its log line back.
    table.doc.undo().unwrap();
    assert_eq!(cell_of(&table, PIP), from);
    table.expect(&mut phone, "view", |v| {
        v["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == PIP.0 && t["cell"] == json!([from.x, from.y]))
    });
}

#[test]
fn moves_off_its_turn_or_past_its_movement_are_refused_and_change_nothing() {
    let mut table = Table::demo();
    let (mut phone, _) = table.claimed(PIP, "Anna");
    let from = cell_of(&table, PIP);
    let before = table.doc.encounter.clone();
    phone.send(&json!({"t": "move", "to": [from.x + 1, from.y]}));
    table.expect(&mut phone, "refused", |m| {
        m["reason"]
            .as_str()
            .unwrap()
            .contains("not your hero's turn")
    });
    table.fight_with_first(PIP);
    let started = table.doc.encounter.clone();
    phone.send(&json!({"t": "move", "to": [from.x + 12, from.y]}));
    table.expect(&mut phone, "refused", |m| {
        let reason = m["reason"].as_str().unwrap();
        reason.contains("Out of reach") || reason.contains("doesn't know")
    });
    assert_eq!(table.doc.encounter, started);
    assert_ne!(before, started);
}

#[test]
fn ending_the_turn_passes_it_on() {
    let mut table = Table::demo();
    table.fight_with_first(PIP);
    let (mut phone, _) = table.claimed(PIP, "Anna");
    phone.send(&json!({"t": "end_turn"}));
    table.expect(&mut phone, "view", |v| v["hero"]["its_turn"] == false);
    assert_ne!(
        table.doc.encounter.combat.initiative.current_token(),
        Some(PIP)
    );
    assert_eq!(table.doc.history().undo_label(), Some("Next turn"));
    // Not its turn any more: ending it again is refused.
    phone.send(&json!({"t": "end_turn"}));
    table.expect(&mut phone, "refused", |_| true);
}

#[test]
fn pip_attacks_the_sergeant_with_a_rolled_14_and_the_gm_keeps_the_apply() {
    let mut table = Table::demo();
    table.fight_with_first(PIP);
    let (mut phone, _) = table.claimed(PIP, "Anna");
    phone.send(&json!({"t": "attack_plan", "target": SERGEANT.0}));
    let plan = table.expect(&mut phone, "attack_plan", |_| true);
    assert_eq!(plan["target_name"], "Hobgoblin Sergeant");
    assert_eq!(plan["dice"][0], 20, "a GFH check rolls a d20 first: {plan}");
    assert!(!plan["lines"].as_array().unwrap().is_empty());
    let hearts_before = lantern::combat::sheet::standing(&table.doc.encounter, SERGEANT);
    phone.send(&json!({"t": "attack", "target": SERGEANT.0, "faces": [14]}));
    let rolled = table.expect(&mut phone, "rolled", |_| true);
    assert_eq!(rolled["awaiting_gm"], true);
    assert!(
        rolled["dice"].as_str().unwrap().starts_with("d20: 14"),
        "{rolled}"
    );
    let rolls = table.host.take_rolls();
    assert_eq!(rolls.len(), 1);
    assert!(rolls[0].own_dice);
    assert_eq!(rolls[0].outcome.dice()[0].value, 14);
    let log = table.doc.encounter.combat.log.last().unwrap();
    assert!(log.who.starts_with("Pip (Anna's phone)"), "{log:?}");
    // The roll is logged; nothing lands on the Sergeant until the GM applies it.
    assert_eq!(
        lantern::combat::sheet::standing(&table.doc.encounter, SERGEANT),
        hearts_before
    );
    // A face the die lacks is refused.
    phone.send(&json!({"t": "attack", "target": SERGEANT.0, "faces": [21]}));
    table.expect(&mut phone, "refused", |m| {
        m["reason"].as_str().unwrap().contains("d20")
    });
}

/// Whether `token` still has its Action this turn, as the GM's Initiative row shows it.
fn action_left(table: &Table, token: TokenId) -> bool {
    let init = &table.doc.encounter.combat.initiative;
    some(init.combatants.get(some(init.position(token))))
        .economy
        .action_available()
}

/// GFH, Combat: "On your turn, you get 1 Action and 1 Move", and an attack is the Action. A
/// phone's attack pays what the same attack from the GM's Dice pane pays (both take
/// `combat::action::costs`): Pip's attack on Pip's turn spends Pip's Action in the roll's own
/// undo step, Ctrl+Z gives the Action back with the log line, and a second attack once the
/// Action is spent spends none (the Dice pane's "another attack spends none").
#[test]
fn a_phone_attack_on_the_heros_turn_spends_its_action_in_the_rolls_undo_step() {
    let mut table = Table::demo();
    table.fight_with_first(PIP);
    let (mut phone, _) = table.claimed(PIP, "Anna");
    assert!(action_left(&table, PIP));
    phone.send(&json!({"t": "attack_plan", "target": SERGEANT.0}));
    let plan = table.expect(&mut phone, "attack_plan", |_| true);
    let spends = plan["spends"].as_array().unwrap();
    assert!(
        spends
            .iter()
            .any(|s| s[0].as_str().unwrap().contains("Action")),
        "the plan says the attack takes the Action: {plan}"
    );
    let log_len = table.doc.encounter.combat.log.len();
    phone.send(&json!({"t": "attack", "target": SERGEANT.0, "faces": [14]}));
    table.expect(&mut phone, "rolled", |_| true);
    assert!(!action_left(&table, PIP), "the attack spent Pip's Action");
    assert_eq!(table.doc.encounter.combat.log.len(), log_len + 1);
    // One undo step: the log line and the Action come back together.
    ok(table.doc.undo());
    assert!(action_left(&table, PIP), "Ctrl+Z gives the Action back");
    assert_eq!(table.doc.encounter.combat.log.len(), log_len);
    ok(table.doc.redo());
    assert!(!action_left(&table, PIP));
    // A second attack with the Action spent: logged, spending nothing more.
    let before = table.doc.encounter.combat.initiative.clone();
    phone.send(&json!({"t": "attack_plan", "target": SERGEANT.0}));
    let plan = table.expect(&mut phone, "attack_plan", |_| true);
    assert_eq!(plan["spends"], json!([]), "{plan}");
    phone.send(&json!({"t": "attack", "target": SERGEANT.0, "faces": [3]}));
    table.expect(&mut phone, "rolled", |_| true);
    assert_eq!(table.doc.encounter.combat.log.len(), log_len + 2);
    assert_eq!(table.doc.encounter.combat.initiative, before);
}

#[test]
fn hostile_messages_are_refused_and_the_encounter_stays_as_it_was() {
    let mut table = Table::demo();
    table.fight_with_first(TokenId(1));
    let (mut phone, _) = table.claimed(PIP, "Anna");
    let before = table.doc.encounter.clone();
    // Another hero's id, an enemy's, a made-up claim, broken JSON, unknown fields.
    for (message, why) in [
        (
            json!({"t": "claim", "token": 9, "name": "x"}).to_string(),
            "not one of the party",
        ),
        (json!({"t": "resume", "claim": "00"}).to_string(), "let go"),
        (
            json!({"t": "attack", "target": 999, "faces": []}).to_string(),
            "",
        ),
        ("{not json".to_owned(), "not a message"),
        (
            json!({"t": "move", "to": [1, 1], "token": 1}).to_string(),
            "not a message",
        ),
    ] {
        phone.socket.send(Message::text(message)).unwrap();
        table.expect(&mut phone, "refused", |m| {
            m["reason"].as_str().unwrap().contains(why)
        });
    }
    // A flood of 10,000 moves (off Pip's turn): throttled, refused, nothing moves.
    let started = Instant::now();
    for i in 0..10_000 {
        let _ = phone.socket.send(Message::text(
            json!({"t": "move", "to": [i % 30, 5]}).to_string(),
        ));
        if i % 500 == 0 {
            table.host.pump(&mut table.doc);
        }
    }
    let pump = Instant::now();
    table.host.pump(&mut table.doc);
    assert!(
        pump.elapsed() < Duration::from_millis(500),
        "a pump stays short under a flood"
    );
    assert_eq!(table.doc.encounter, before);
    // A 10 MB frame: the connection is refused before the frame is read; nothing else changes.
    let huge = "x".repeat(10 * 1024 * 1024);
    let _ = phone.socket.send(Message::text(huge));
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        table.host.pump(&mut table.doc);
        if table.host.players().count() == 0 {
            break;
        }
        let _ = phone.try_read();
    }
    assert_eq!(
        table.host.players().count(),
        0,
        "the flooding phone was dropped"
    );
    assert_eq!(table.doc.encounter, before);
    assert!(started.elapsed() < Duration::from_mins(1));
    // The table goes on: another phone still joins.
    let mut next = table.phone();
    table.expect(&mut next, "lobby", |_| true);
}

#[test]
fn stop_closes_every_connection() {
    let mut table = Table::demo();
    let (mut phone, _) = table.claimed(PIP, "Anna");
    table.host.stop();
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut closed = false;
    while Instant::now() < deadline && !closed {
        match phone.socket.read() {
            Ok(Message::Close(_))
            | Err(
                tungstenite::Error::ConnectionClosed
                | tungstenite::Error::AlreadyClosed
                | tungstenite::Error::Protocol(_),
            ) => closed = true,
            Ok(Message::Text(t)) if t.as_str().contains("\"closed\"") => closed = true,
            _ => {}
        }
    }
    assert!(closed, "the phone's connection closed");
    assert!(table.host.addr().is_none());
}

#[test]
fn a_heros_own_momentum_choice_is_one_undo_step_and_refused_when_the_turn_forbids_it() {
    let mut table = Table::demo();
    table.fight_with_first(PIP);
    let (mut phone, _) = table.claimed(PIP, "Anna");
    let zone = |v: &Value, label: &str| {
        v["hero"]["momentum"]
            .as_array()
            .and_then(|zones| zones.iter().find(|z| z["label"] == label))
            .and_then(|z| z["value"].as_i64())
    };
    phone.send(&json!({"t": "momentum", "choice": "prepare_power"}));
    let view = table.expect(&mut phone, "view", |v| zone(v, "Power") == Some(1));
    assert_eq!(
        zone(&view, "Stamina"),
        Some(2),
        "Pip's three Stamina dice, one Prepared"
    );
    let log = some(table.doc.encounter.combat.log.last());
    assert_eq!(log.what, "Prepare: to Power");
    // Prepare comes once a turn: the second is refused with the Momentum pane's reason.
    phone.send(&json!({"t": "momentum", "choice": "prepare_power"}));
    table.expect(&mut phone, "refused", |_| true);
    ok(table.doc.undo());
    table.expect(&mut phone, "view", |v| zone(v, "Power") == Some(0));
}

const ALDRIC: TokenId = TokenId(1);
const BANDIT: TokenId = TokenId(2);

/// An Evening fight on an open square map: Aldric (the party, speed 6) at `aldric` and a
/// bandit at (1, 0), the bandit's turn first (so its reaction is its own), then Aldric's.
fn evening_table(aldric: Cell, bandit_at: Cell) -> Table {
    let mut e = Encounter::new("phone moves", RuleSystem::Evening);
    e.tokens
        .push(Token::new(ALDRIC, "Aldric", Side::Party, aldric));
    e.tokens
        .push(Token::new(BANDIT, "Bandit", Side::Enemy, bandit_at));
    let mut table = Table::on(e);
    table.fight_with_first(BANDIT);
    ok(table
        .doc
        .apply(Command::Combat(CombatCommand::NextTurn { pick: None })));
    table
}

/// Evening, Combat actions, Attack of opportunity: moving on from a square next to an enemy
/// offers it a melee attack. Aldric's phone moves him from (0, 0), next to the bandit at
/// (1, 0), to (0, 3): the move lands, spends 3 of his 6, and offers the bandit its attack in
/// the same undo step, exactly as the GM's drop along that path does (both are
/// `combat::move_reach`'s `move_along`).
#[test]
fn a_phone_move_away_from_an_enemy_offers_its_attack_of_opportunity_in_one_undo_step() {
    let mut table = evening_table(Cell::new(0, 0), Cell::new(1, 0));
    let (mut phone, _) = table.claimed(ALDRIC, "Anna");
    phone.send(&json!({"t": "move", "to": [0, 3]}));
    table.expect(&mut phone, "view", |v| v["hero"]["movement_left"] == 3);
    assert_eq!(cell_of(&table, ALDRIC), Cell::new(0, 3));
    let offer = OpportunityOffer {
        mover: ALDRIC,
        by: BANDIT,
    };
    assert_eq!(table.doc.encounter.combat.opportunity_offers, [offer]);
    ok(table.doc.undo());
    assert!(table.doc.encounter.combat.opportunity_offers.is_empty());
    assert_eq!(cell_of(&table, ALDRIC), Cell::new(0, 0));
}

/// Evening, Conditions, Frightened: a frightened creature can't move willingly closer to the
/// source of its fear. Aldric at (2, 2) fears the bandit at (5, 2): his phone's move to
/// (3, 2), one square of his six but closer to it, is refused with the GM's map's reason,
/// and (2, 3), as far from it as he stands, is allowed.
#[test]
fn a_frightened_heros_phone_cannot_move_it_closer_to_its_fear() {
    let mut table = evening_table(Cell::new(2, 2), Cell::new(5, 2));
    for command in [
        CombatCommand::ApplyCondition(ActiveCondition {
            system: None,
            token: ALDRIC,
            name: "Frightened".to_owned(),
            duration: ConditionDuration::UntilRemoved,
        }),
        CombatCommand::Reactions(ReactionCommand::SetConditionSource {
            token: ALDRIC,
            name: "Frightened".to_owned(),
            source: Some(BANDIT),
        }),
    ] {
        ok(table.doc.apply(Command::Combat(command)));
    }
    let (mut phone, _) = table.claimed(ALDRIC, "Anna");
    let revision = table.doc.revision();
    phone.send(&json!({"t": "move", "to": [3, 2]}));
    let refused = table.expect(&mut phone, "refused", |_| true);
    assert_eq!(
        refused["reason"],
        "Frightened: it can't move closer to Bandit."
    );
    assert_eq!(table.doc.revision(), revision);
    phone.send(&json!({"t": "move", "to": [2, 3]}));
    table.expect(&mut phone, "view", |v| v["hero"]["movement_left"] == 5);
    assert_eq!(cell_of(&table, ALDRIC), Cell::new(2, 3));
}

/// A ping on the table's windows reaches every claimed phone in its view, with its time left;
/// the same pings again send nothing new, and one gone is gone from the next view.
#[test]
fn a_ping_from_the_table_reaches_the_phone_with_its_time_left() {
    let mut table = Table::demo();
    let (mut phone, _) = table.claimed(PIP, "Anna");
    let ping = PingText {
        id: 7,
        at: [3.5, 4.5],
        ms: 2_500,
    };
    table.host.set_pings(vec![ping]);
    let view = table.expect(&mut phone, "view", |v| v["pings"][0]["id"] == 7);
    assert_eq!(view["pings"][0]["at"], json!([3.5, 4.5]));
    assert_eq!(view["pings"][0]["ms"], 2_500);
    table.host.set_pings(vec![PingText { ms: 1_000, ..ping }]);
    for _ in 0..20 {
        table.host.pump(&mut table.doc);
        assert!(
            phone.try_read().is_none(),
            "time passing alone sends nothing"
        );
    }
    table.host.set_pings(Vec::new());
    table.expect(&mut phone, "view", |v| v["pings"] == json!([]));
}
