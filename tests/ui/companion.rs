//! The Players' phones window in the GM's window: opened from the View menu, the server started
//! (on this computer only, port chosen free) with its QR code and link, a phone joining and
//! claiming Pip over a real WebSocket shown in the list with its device, released and kicked by
//! the GM, and Stop closing it all.

use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::companion::Listen;
use lantern::app::{Action, LanternApp};
use lantern::demo::Demo;
use lantern::model::TokenId;
use serde_json::{Value, json};
use support::{demo, map_harness};
use tokio_tungstenite::tungstenite::stream::MaybeTlsStream;
use tokio_tungstenite::tungstenite::{self, ClientRequestBuilder, Message, WebSocket};

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

fn open_window(harness: &mut Harness<'static, LanternApp>) {
    harness.get_by_label("View").click();
    harness.run();
    harness
        .get_by_label_contains(Action::PlayersPhones.label())
        .click();
    harness.run();
}

/// A phone with a phone's User-Agent, connected to the app's server.
fn phone(harness: &Harness<'static, LanternApp>) -> Socket {
    let host = &harness.state().companion.host;
    let (Some(url), Some(addr)) = (host.join_url(), host.addr()) else {
        panic!("not listening");
    };
    let join = url.split("join=").nth(1).unwrap_or_default();
    let Ok(uri) = format!("ws://{addr}/ws?join={join}").parse() else {
        panic!("a bad link: {url}");
    };
    let request = ClientRequestBuilder::new(uri).with_header(
        "User-Agent",
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
    );
    let Ok((mut socket, _)) = tungstenite::connect(request) else {
        panic!("the phone could not connect");
    };
    if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
        let timeout = stream.set_read_timeout(Some(Duration::from_millis(5)));
        assert!(timeout.is_ok());
    }
    socket
}

/// Steps the app (which hears the phone in its frames) until `done` holds.
fn step_until(
    harness: &mut Harness<'static, LanternApp>,
    socket: &mut Socket,
    done: impl Fn(&LanternApp) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done(harness.state()) {
        assert!(Instant::now() < deadline, "the app never got there");
        harness.step();
        let _: Option<Value> = match socket.read() {
            Ok(Message::Text(t)) => serde_json::from_str(t.as_str()).ok(),
            _ => None,
        };
    }
    harness.run();
}

#[test]
fn the_gm_starts_the_phones_sees_the_code_and_the_players_and_stops_it() {
    let mut harness = map_harness(demo(Demo::GoForthHeroes));
    open_window(&mut harness);
    assert!(
        harness.query_by_label("Join code").is_none(),
        "off until started"
    );
    harness.state_mut().companion.listen = Listen::ThisComputer;
    harness.get_by_label("Start").click();
    harness.run();
    let url = harness
        .state()
        .companion
        .host
        .join_url()
        .expect("listening");
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    assert!(
        harness.query_by_label("Join code").is_some(),
        "the QR code shows"
    );
    assert!(
        harness.query_by_label_contains(&url).is_some(),
        "the link shows as text"
    );
    assert!(harness.query_by_label("No phone connected yet.").is_some());

    let mut socket = phone(&harness);
    let claim = json!({"t": "claim", "token": 4, "name": "Anna"});
    socket.send(Message::text(claim.to_string())).unwrap();
    step_until(&mut harness, &mut socket, |app| {
        app.companion.host.claimed_by(TokenId(4)).is_some()
    });
    assert!(
        harness.query_by_label("Anna").is_some(),
        "the player's name"
    );
    assert!(
        harness
            .query_by_label_contains("Android phone, Chrome")
            .is_some(),
        "the device, from its User-Agent"
    );
    assert!(harness.query_by_label_contains("plays Pip").is_some());

    harness.get_by_label("Release").click();
    harness.run();
    assert_eq!(harness.state().companion.host.claimed_by(TokenId(4)), None);
    assert!(harness.query_by_label_contains("choosing a hero").is_some());

    harness.get_by_label("Kick").click();
    harness.run();
    assert_eq!(harness.state().companion.host.players().count(), 0);

    harness.get_by_label("Stop").click();
    harness.run();
    assert!(harness.state().companion.host.addr().is_none());
    assert!(harness.query_by_label("Join code").is_none());
    assert!(harness.query_by_label("Start").is_some());
}
