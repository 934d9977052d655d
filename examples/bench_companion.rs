//! The companion's figures (issue 32), over real `WebSockets` on 127.0.0.1:
//!
//! - `companion_update_p95_ms`: from a command applied in the GM's document until all of 8
//!   connected phones (each holding a hero) hold the view of the new state — the host pumped as
//!   the app pumps it, working the lit board out itself (the app hands it the map's). Goal
//!   ≤ 100 ms.
//! - `companion_bytes_per_move`: the bytes one phone receives when a token moves on the demo.
//! - `companion_join_ms`: in headless Chromium (Debian's `chromium`; skipped without it), from
//!   opening the page's link to the first map drawn, the hero claimed through the link. Goal
//!   ≤ 2,000 ms.
//! - `companion_frame_median_ms_none` and `…_8`: the GM's frame median (`bench_frame`'s way:
//!   the whole app headless, players' window open) with no phone and with 8 connected, and
//!   `companion_frame_ratio`, the second over the first. Goal: at most 10% apart.
//!
//! Run with `cargo run --release --example bench_companion`.

use std::net::{IpAddr, Ipv4Addr, TcpStream};
use std::process::{Child, Command as Process, Stdio};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use egui::{Event, Pos2, RawInput, Rect, Vec2, pos2};
use lantern::app::LanternApp;
use lantern::companion::Host;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{Cell, Command, Encounter, FogCommand, Side, Token, TokenId};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::stream::MaybeTlsStream;
use tokio_tungstenite::tungstenite::{self, Message, WebSocket};

const PHONES: usize = 8;
const MOVES: usize = 60;

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

/// The demo with four more heroes, so each of 8 phones holds one.
fn eight_heroes() -> anyhow::Result<Encounter> {
    let mut enc = Demo::GoForthHeroes.encounter()?;
    let next = enc.tokens.iter().map(|t| t.id.0).max().unwrap_or(0) + 1;
    for i in 0..4u64 {
        let cell = Cell::new(2 + i as i32, 12);
        enc.tokens.push(Token::new(
            TokenId(next + i),
            format!("Hero {i}"),
            Side::Party,
            cell,
        ));
    }
    Ok(enc)
}

/// A phone: its socket's reader thread keeps the newest view's revision and its size.
struct Phone {
    revision: Arc<AtomicU64>,
    bytes: Arc<AtomicUsize>,
}

fn connect(url: &str) -> anyhow::Result<Socket> {
    let (mut socket, _) = tungstenite::connect(url)?;
    if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
        stream.set_read_timeout(Some(Duration::from_millis(2)))?;
    }
    Ok(socket)
}

fn read(socket: &mut Socket) -> Option<Value> {
    match socket.read() {
        Ok(Message::Text(text)) => serde_json::from_str(text.as_str()).ok(),
        _ => None,
    }
}

/// Connects 8 phones and has each claim a hero, pumping `host` meanwhile.
fn phones(host: &mut Host, doc: &mut Document) -> anyhow::Result<Vec<Phone>> {
    let addr = host
        .addr()
        .ok_or_else(|| anyhow::anyhow!("not listening"))?;
    let url = host.join_url().ok_or_else(|| anyhow::anyhow!("no link"))?;
    let join = url.split("join=").nth(1).unwrap_or_default().to_owned();
    let heroes: Vec<TokenId> = doc
        .encounter
        .tokens
        .iter()
        .filter(|t| t.side == Side::Party)
        .map(|t| t.id)
        .collect();
    let mut out = Vec::new();
    for hero in heroes.into_iter().take(PHONES) {
        let mut socket = connect(&format!("ws://{addr}/ws?join={join}"))?;
        let message = json!({"t": "claim", "token": hero.0, "name": "Bench"});
        socket.send(Message::text(message.to_string()))?;
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            host.pump(doc);
            if read(&mut socket).is_some_and(|m| m["t"] == "view") {
                break;
            }
            anyhow::ensure!(Instant::now() < deadline, "phone {} got no view", hero.0);
        }
        let revision = Arc::new(AtomicU64::new(0));
        let bytes = Arc::new(AtomicUsize::new(0));
        let (r, b) = (Arc::clone(&revision), Arc::clone(&bytes));
        std::thread::spawn(move || {
            loop {
                match socket.read() {
                    Ok(Message::Text(text)) => {
                        let Ok(m) = serde_json::from_str::<Value>(text.as_str()) else {
                            continue;
                        };
                        if m["t"] == "view" {
                            b.store(text.len(), Ordering::Relaxed);
                            r.store(m["revision"].as_u64().unwrap_or(0), Ordering::Relaxed);
                        }
                    }
                    Err(tungstenite::Error::Io(e))
                        if e.kind() == std::io::ErrorKind::WouldBlock
                            || e.kind() == std::io::ErrorKind::TimedOut => {}
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
        });
        out.push(Phone { revision, bytes });
    }
    Ok(out)
}

fn start(host: &mut Host) -> anyhow::Result<()> {
    host.start(IpAddr::V4(Ipv4Addr::LOCALHOST), 0, Arc::new(|| {}))?;
    Ok(())
}

/// `companion_update_p95_ms` and `companion_bytes_per_move`.
fn updates() -> anyhow::Result<(f64, usize)> {
    let mut doc = Document::new(eight_heroes()?, None);
    doc.apply_as_opened(Command::Fog(FogCommand::SetEnabled(true)))?;
    let mut host = Host::new();
    start(&mut host)?;
    let phones = phones(&mut host, &mut doc)?;
    let rat = TokenId(9);
    let mut times = Vec::new();
    let mut bytes = Vec::new();
    for i in 0..MOVES {
        let from = doc
            .encounter
            .token(rat)
            .map(|t| t.cell)
            .ok_or_else(|| anyhow::anyhow!("no Giant Rat"))?;
        let to = Cell::new(from.x + if i % 2 == 0 { 1 } else { -1 }, from.y);
        let start = Instant::now();
        doc.apply(Command::MoveToken { id: rat, to })?;
        let revision = doc.revision();
        let deadline = start + Duration::from_secs(10);
        loop {
            host.pump(&mut doc);
            if phones
                .iter()
                .all(|p| p.revision.load(Ordering::Relaxed) >= revision)
            {
                break;
            }
            anyhow::ensure!(
                Instant::now() < deadline,
                "a phone never got revision {revision}"
            );
            std::thread::sleep(Duration::from_micros(200));
        }
        times.push(start.elapsed().as_secs_f64() * 1e3);
        bytes.push(phones[0].bytes.load(Ordering::Relaxed));
    }
    times.sort_by(f64::total_cmp);
    let p95 = times[(times.len() * 95).div_ceil(100) - 1];
    bytes.sort_unstable();
    Ok((p95, bytes[bytes.len() / 2]))
}

/// One frame's input, as `bench_frame` gives it.
fn input(frame: usize) -> RawInput {
    let a = frame as f32 * 0.05;
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, Vec2::new(1600.0, 1000.0))),
        time: Some(frame as f64 / 60.0),
        events: vec![Event::PointerMoved(pos2(
            800.0 + 300.0 * a.cos(),
            520.0 + 220.0 * a.sin(),
        ))],
        ..RawInput::default()
    }
}

/// The median of 300 frames of the whole app on the demo, players' window open, with
/// `phones` phones connected.
fn frame_median(phones: usize) -> anyhow::Result<f64> {
    let mut app = LanternApp::with_document(Document::new(eight_heroes()?, None));
    app.players.open = true;
    let ctx = egui::Context::default();
    let mut frame = 0;
    let mut run = |app: &mut LanternApp| {
        let mut output = ctx.run_ui(input(frame), |ui| app.headless_frame(ui));
        // No GPU here: the texture uploads are dropped on purpose (a debug build checks).
        output.textures_delta.clear();
        let _ = ctx.tessellate(output.shapes, output.pixels_per_point);
        frame += 1;
    };
    let _held = if phones > 0 {
        start(&mut app.companion.host)?;
        let held = self::phones(&mut app.companion.host, &mut app.document)?;
        Some(held)
    } else {
        None
    };
    for _ in 0..30 {
        run(&mut app);
    }
    let mut times: Vec<f64> = (0..300)
        .map(|_| {
            let start = Instant::now();
            run(&mut app);
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    Ok(times[times.len() / 2])
}

/// Headless Chromium, killed on drop.
struct Browser(Child);

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `companion_join_ms`: the page opened in headless Chromium, Pip claimed through the link,
/// until the page has drawn its first map (its own clock, from navigation).
fn join_ms() -> anyhow::Result<Option<f64>> {
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(chromium) = chromium else {
        return Ok(None);
    };
    let mut doc = Document::new(Demo::GoForthHeroes.encounter()?, None);
    doc.apply_as_opened(Command::Fog(FogCommand::SetEnabled(true)))?;
    let mut host = Host::new();
    start(&mut host)?;
    let url = host.join_url().ok_or_else(|| anyhow::anyhow!("no link"))? + "&hero=Pip&name=Bench";
    let profile = tempfile::tempdir()?;
    let browser = Browser(
        Process::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=390,844",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?,
    );
    let port_file = profile.path().join("DevToolsActivePort");
    let deadline = Instant::now() + Duration::from_secs(30);
    let port = loop {
        if let Ok(text) = std::fs::read_to_string(&port_file)
            && let Some(port) = text
                .lines()
                .next()
                .and_then(|l| l.trim().parse::<u16>().ok())
        {
            break port;
        }
        anyhow::ensure!(Instant::now() < deadline, "Chromium never opened DevTools");
        std::thread::sleep(Duration::from_millis(50));
    };
    let result: Arc<Mutex<Option<anyhow::Result<f64>>>> = Arc::new(Mutex::new(None));
    let done = Arc::clone(&result);
    std::thread::spawn(move || {
        let outcome = drive(port, &url);
        if let Ok(mut slot) = done.lock() {
            *slot = Some(outcome);
        }
    });
    let deadline = Instant::now() + Duration::from_mins(1);
    loop {
        host.pump(&mut doc);
        if let Some(outcome) = result.lock().ok().and_then(|mut r| r.take()) {
            drop(browser);
            return outcome.map(Some);
        }
        anyhow::ensure!(Instant::now() < deadline, "the page never drew its map");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Opens `url` in the browser's page over the `DevTools` protocol and waits for the first map.
fn drive(port: u16, url: &str) -> anyhow::Result<f64> {
    // Chromium opens its port a moment before it lists its page: ask again.
    let deadline = Instant::now() + Duration::from_secs(20);
    let page = loop {
        // A refused or unanswered request is asked again too, until the deadline says why.
        let listed = http_get(port, "/json/list");
        let page = listed
            .as_ref()
            .ok()
            .and_then(|listed| serde_json::from_str::<Value>(listed).ok())
            .and_then(|targets| {
                targets.as_array().and_then(|t| {
                    t.iter()
                        .find(|t| t["type"] == "page")
                        .and_then(|t| t["webSocketDebuggerUrl"].as_str().map(str::to_owned))
                })
            });
        if let Some(page) = page {
            break page;
        }
        if Instant::now() >= deadline {
            listed?;
            anyhow::bail!("no page target");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let (mut socket, _) = tungstenite::connect(page)?;
    let mut id = 0;
    let mut call = |socket: &mut Socket, method: &str, params: Value| -> anyhow::Result<Value> {
        id += 1;
        socket.send(Message::text(
            json!({"id": id, "method": method, "params": params}).to_string(),
        ))?;
        loop {
            if let Message::Text(text) = socket.read()? {
                let m: Value = serde_json::from_str(text.as_str())?;
                if m["id"] == id {
                    return Ok(m);
                }
            }
        }
    };
    call(&mut socket, "Page.navigate", json!({"url": url}))?;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let m = call(
            &mut socket,
            "Runtime.evaluate",
            json!({"expression": "window.lanternFirstDrawn || 0", "returnByValue": true}),
        )?;
        let ms = m["result"]["result"]["value"].as_f64().unwrap_or(0.0);
        if ms > 0.0 {
            return Ok(ms);
        }
        anyhow::ensure!(Instant::now() < deadline, "no map drawn");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A plain HTTP/1.1 GET to the browser's `DevTools` port: its `/json` endpoints answer an
/// HTTP/1.0 request with nothing, so this one names the host and asks for the connection to
/// close, then reads the body its `Content-Length` gives (or to the end without one).
fn http_get(port: u16, path: &str) -> anyhow::Result<String> {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )?;
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status)?;
    anyhow::ensure!(
        status.split_whitespace().nth(1) == Some("200"),
        "DevTools answered {path} with {:?}",
        status.trim_end()
    );
    let mut length = None;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header.trim_end().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let mut body = Vec::new();
    match length {
        Some(n) => {
            body.resize(n, 0);
            reader.read_exact(&mut body)?;
        }
        None => {
            reader.read_to_end(&mut body)?;
        }
    }
    Ok(String::from_utf8_lossy(&body).into_owned())
}

fn main() -> anyhow::Result<()> {
    let (p95, bytes) = updates()?;
    println!("companion_update_p95_ms: {p95:.1} ms");
    println!("companion_bytes_per_move: {bytes} bytes");
    // A browser that won't be driven costs this one figure, not the rest.
    match join_ms() {
        Ok(Some(ms)) => println!("companion_join_ms: {ms:.0} ms"),
        Ok(None) => eprintln!("(companion_join_ms skipped: no chromium)"),
        Err(err) => eprintln!("(companion_join_ms skipped: {err})"),
    }
    let none = frame_median(0)?;
    let eight = frame_median(PHONES)?;
    println!("companion_frame_median_ms_none: {none:.3} ms");
    println!("companion_frame_median_ms_8: {eight:.3} ms");
    println!("companion_frame_ratio: {:.2}×", eight / none);
    Ok(())
}
