//! How long the slowest hostile file of issue 13 takes to load (or be refused) and build its
//! scene, and the most memory one takes. Each file runs in a child process of its own, so its
//! peak memory is its own (`VmHWM`). The target: any file up to 1 MB in under 2 s and 512 MB.
//!
//! ```text
//! cargo run --release --example bench_load
//! ```
//!
//! Prints `worst_load_ms` and `worst_peak_mb`, and one line per file.

#[path = "../tests/core/hostile.rs"]
mod hostile;

use std::process::Command;
use std::time::Instant;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, name] = args.as_slice()
        && flag == "--one"
    {
        return run_one(name);
    }
    let exe = std::env::current_exe()?;
    let (mut worst_ms, mut worst_mb) = (0_u64, 0_u64);
    for file in hostile::corpus()? {
        let output = Command::new(&exe).args(["--one", file.name]).output()?;
        let text = String::from_utf8_lossy(&output.stdout);
        let field = |name: &str| -> u64 {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(u64::MAX)
        };
        let (ms, mb) = (field("load_ms:"), field("peak_mb:"));
        let outcome = text
            .lines()
            .find_map(|l| l.strip_prefix("outcome:"))
            .unwrap_or(" (no answer: the child failed)");
        println!(
            "{:<40} {:>6} KB {ms:>6} ms {mb:>5} MB{outcome}",
            file.name,
            file.bytes.len() / 1024
        );
        worst_ms = worst_ms.max(ms);
        worst_mb = worst_mb.max(mb);
    }
    println!("worst_load_ms: {worst_ms}");
    println!("worst_peak_mb: {worst_mb}");
    Ok(())
}

/// Loads (or imports) one hostile file and builds its scene, timing both.
fn run_one(name: &str) -> anyhow::Result<()> {
    let file = hostile::corpus()?
        .into_iter()
        .find(|h| h.name == name)
        .ok_or_else(|| anyhow::anyhow!("no hostile file {name}"))?;
    let started = Instant::now();
    let outcome = match lantern::check::open(&file.bytes, file.is_map, name, None) {
        Ok((_, encounter)) => {
            let scene = lantern::board::Scene::new(&encounter);
            format!(" loaded, scene of {} tokens built", scene.tokens.len())
        }
        Err(err) => format!(" refused: {err}"),
    };
    println!("load_ms: {}", started.elapsed().as_millis());
    // The whole process's peak, building the corpus included: an upper bound for the load.
    println!("peak_mb: {}", peak_rss_mb().unwrap_or_default());
    println!("outcome:{outcome}");
    Ok(())
}

/// The process's peak resident memory in MB, from `/proc/self/status` (Linux).
fn peak_rss_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}
