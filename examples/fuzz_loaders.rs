//! The long fuzz run of the encounter loader and the Universal VTT importer (the short run is
//! `tests/core/fuzz_loaders.rs`). Mutates the demo encounters and the real maps and checks that every
//! input is loaded or refused with a short message, never a panic. Run:
//!
//! ```text
//! cargo run --release --example fuzz_loaders -- --iterations 100000
//! ```
//!
//! One case in 50 mutates a full-size real map (2–4 MB, a real image decode); the rest use the
//! maps with a small stand-in image and the demo encounters. At the end it prints how many inputs
//! each loader accepted and the peak memory (`VmHWM`).

#[path = "../tests/core/fuzz_support.rs"]
mod fuzz_support;

use std::sync::atomic::{AtomicU64, Ordering};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn main() -> anyhow::Result<()> {
    let iterations = iterations_arg()?;
    let seeds = fuzz_support::seeds()?;
    let mut runner = TestRunner::new(Config {
        cases: iterations,
        failure_persistence: None,
        ..Config::default()
    });
    let (encounters, maps) = (AtomicU64::new(0), AtomicU64::new(0));
    let strategy = (
        0_u32..50,
        any::<usize>(),
        prop::collection::vec(fuzz_support::mutation(), 1..5),
    );
    let started = std::time::Instant::now();
    let result = runner.run(&strategy, |(size, seed, mutations)| {
        let pool = if size == 0 { &seeds.full } else { &seeds.small };
        let bytes = fuzz_support::mutate(&pool[seed % pool.len()], &mutations);
        let outcome = fuzz_support::check(&bytes)?;
        encounters.fetch_add(u64::from(outcome.encounter_opened), Ordering::Relaxed);
        maps.fetch_add(u64::from(outcome.map_imported), Ordering::Relaxed);
        Ok(())
    });
    println!(
        "{iterations} cases in {:.1} s: {} opened as encounters, {} imported as maps, the rest refused clearly",
        started.elapsed().as_secs_f64(),
        encounters.load(Ordering::Relaxed),
        maps.load(Ordering::Relaxed),
    );
    println!("peak_rss_mb: {}", peak_rss_mb().unwrap_or_default());
    result.map_err(|err| anyhow::anyhow!("fuzzing found a failure: {err}"))
}

fn iterations_arg() -> anyhow::Result<u32> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => Ok(10_000),
        [flag, n] if flag == "--iterations" => Ok(n.parse()?),
        _ => anyhow::bail!("usage: fuzz_loaders [--iterations N]"),
    }
}

/// The process's peak resident memory in MB, from `/proc/self/status` (Linux).
fn peak_rss_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}
