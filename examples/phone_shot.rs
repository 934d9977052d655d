//! The companion page in headless Chromium at a phone's size: the demo's fight on Pip's turn,
//! the page opened on 127.0.0.1 with Pip claimed through the link, and a 390×844 screenshot
//! saved. What `.ci/phone-check` runs (kept out of `.ci/run`: it needs Chromium), and how the
//! README's phone screenshot is made.
//!
//! `cargo run --example phone_shot -- OUT.png`

use std::net::{IpAddr, Ipv4Addr};
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use lantern::board::Scene;
use lantern::board::fog::newly_seen;
use lantern::board::lit_board::LitBoard;
use lantern::combat::command::CombatCommand;
use lantern::combat::initiative::{Combatant, Mode};
use lantern::companion::Host;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{Command, FogCommand, TokenId};

const PIP: TokenId = TokenId(4);

fn main() -> anyhow::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "phone.png".to_owned());
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .context("Chromium is not installed (apt-get install chromium)")?;
    let mut doc = Document::new(Demo::GoForthHeroes.encounter()?, None);
    doc.apply_as_opened(Command::Fog(FogCommand::SetEnabled(true)))?;
    // What the party sees from where it stands is explored, as the app records it on opening.
    let scene = Scene::new(&doc.encounter);
    if let Some(board) = LitBoard::work_out(&scene, &doc.encounter, None, &|_| true) {
        let seen = newly_seen(&doc.encounter.fog, &board.seen);
        doc.apply_as_opened(Command::Fog(FogCommand::Explore(seen)))?;
    }
    let mut order: Vec<TokenId> = doc.encounter.tokens.iter().map(|t| t.id).collect();
    order.retain(|id| *id != PIP);
    order.insert(0, PIP);
    doc.apply(Command::Combat(CombatCommand::StartInitiative {
        mode: Mode::Ordered,
        combatants: order.into_iter().map(Combatant::new).collect(),
        surprise_round: false,
        pick: None,
    }))?;
    let mut host = Host::new();
    host.start(IpAddr::V4(Ipv4Addr::LOCALHOST), 0, Arc::new(|| {}))?;
    let url = host.join_url().context("no link")? + "&hero=Pip&name=Anna";
    let profile = tempfile::tempdir()?;
    let mut browser = Process::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--window-size=390,844",
            "--virtual-time-budget=4000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--screenshot={out}"))
        .arg(&url)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        host.pump(&mut doc);
        if let Some(status) = browser.try_wait()? {
            break status;
        }
        if Instant::now() > deadline {
            let _ = browser.kill();
            anyhow::bail!("Chromium took more than 90 s");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    anyhow::ensure!(status.success(), "Chromium failed: {status}");
    anyhow::ensure!(
        host.claimed_by(PIP) == Some("Anna"),
        "the page never claimed Pip"
    );
    let size = std::fs::metadata(&out)?.len();
    anyhow::ensure!(
        size > 10_000,
        "the screenshot is nearly empty ({size} bytes)"
    );
    println!("phone_screenshot: {out} ({size} bytes)");
    Ok(())
}
