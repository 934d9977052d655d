//! The long fuzz run of the encounter loader and the Universal VTT importer (the short run is
//! `tests/core/fuzz_loaders.rs`). Mutates the demo encounters, the real maps and the hostile
//! files of issue 13 (`tests/core/hostile.rs`) and checks that every input is loaded or refused
//! with a short message, never a panic — and that every accepted input goes the whole way a file
//! goes (`lantern::check`: scene, the party's fog, combat commands, save and reload) within a
//! time and a memory cap. Run:
//!
//! ```text
//! cargo run --release --example fuzz_loaders -- --iterations 100000 [--max-case-ms 2000] [--max-mb 1024]
//! ```
//!
//! One case in 50 mutates a full-size real map (2–4 MB, a real image decode) and one in 10 a
//! hostile file; the rest use the maps with a small stand-in image and the demo encounters. At
//! the end it prints how many inputs each loader accepted, the slowest case and the peak memory
//! (`VmHWM`).

#[path = "../tests/core/fuzz_support.rs"]
mod fuzz_support;
#[path = "../tests/core/hostile.rs"]
#[expect(
    dead_code,
    reason = "the fuzzer needs only the files' bytes, not their names"
)]
mod hostile;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

struct Args {
    iterations: u32,
    max_case_ms: u64,
    max_mb: u64,
}

fn main() -> anyhow::Result<()> {
    let args = parse_args()?;
    let seeds = fuzz_support::seeds()?;
    let hostile: Vec<Vec<u8>> = hostile::corpus()?.into_iter().map(|h| h.bytes).collect();
    let mut runner = TestRunner::new(Config {
        cases: args.iterations,
        failure_persistence: None,
        ..Config::default()
    });
    let (encounters, maps, slowest_ms) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    let cases_run = AtomicU64::new(0);
    let strategy = (
        0_u32..50,
        any::<usize>(),
        prop::collection::vec(fuzz_support::mutation(), 1..5),
    );
    let started = Instant::now();
    let result = runner.run(&strategy, |(size, seed, mutations)| {
        let pool = match size {
            0 => &seeds.full,
            1..=5 => &hostile,
            _ => &seeds.small,
        };
        cases_run.fetch_add(1, Ordering::Relaxed);
        let bytes = fuzz_support::mutate(&pool[seed % pool.len()], &mutations);
        let case_started = CaseClock::start();
        let outcome = fuzz_support::check(&bytes)?;
        let ms = case_started.elapsed_ms();
        slowest_ms.fetch_max(ms, Ordering::Relaxed);
        if ms > args.max_case_ms {
            return Err(TestCaseError::fail(format!(
                "a case took {ms} ms (cap {} ms)",
                args.max_case_ms
            )));
        }
        if let Some(mb) = peak_rss_mb().filter(|mb| *mb > args.max_mb) {
            return Err(TestCaseError::fail(format!(
                "memory peaked at {mb} MB (cap {} MB)",
                args.max_mb
            )));
        }
        encounters.fetch_add(u64::from(outcome.encounter_opened), Ordering::Relaxed);
        maps.fetch_add(u64::from(outcome.map_imported), Ordering::Relaxed);
        Ok(())
    });
    println!(
        "{} cases in {:.1} s: {} opened as encounters, {} imported as maps (each then checked: scene, fog, commands, save, reload), the rest refused clearly",
        cases_run.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64(),
        encounters.load(Ordering::Relaxed),
        maps.load(Ordering::Relaxed),
    );
    println!("fuzz_seconds: {:.1}", started.elapsed().as_secs_f64());
    println!("slowest_case_ms: {}", slowest_ms.load(Ordering::Relaxed));
    println!("peak_rss_mb: {}", peak_rss_mb().unwrap_or_default());
    result.map_err(|err| anyhow::anyhow!("fuzzing found a failure: {err}"))
}

fn parse_args() -> anyhow::Result<Args> {
    let mut args = Args {
        iterations: 10_000,
        max_case_ms: 2_000,
        max_mb: 1_024,
    };
    let list: Vec<String> = std::env::args().skip(1).collect();
    for pair in list.chunks(2) {
        match pair {
            [flag, n] if flag == "--iterations" => args.iterations = n.parse()?,
            [flag, n] if flag == "--max-case-ms" => args.max_case_ms = n.parse()?,
            [flag, n] if flag == "--max-mb" => args.max_mb = n.parse()?,
            _ => anyhow::bail!(
                "usage: fuzz_loaders [--iterations N] [--max-case-ms MS] [--max-mb MB]"
            ),
        }
    }
    Ok(args)
}

/// A case's time: the CPU time this thread spent on it where Linux tells it
/// (`/proc/thread-self/schedstat`), so a loaded machine doesn't fail a case that only waited
/// for a core; the wall clock elsewhere.
enum CaseClock {
    Cpu(u64),
    Wall(Instant),
}

impl CaseClock {
    fn start() -> Self {
        thread_cpu_ns().map_or_else(|| Self::Wall(Instant::now()), Self::Cpu)
    }

    fn elapsed_ms(&self) -> u64 {
        match self {
            Self::Cpu(start) => {
                thread_cpu_ns().map_or(0, |now| now.saturating_sub(*start) / 1_000_000)
            }
            Self::Wall(start) => start.elapsed().as_millis() as u64,
        }
    }
}

/// Nanoseconds this thread has run on a CPU (the first field of its schedstat).
fn thread_cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

/// The process's peak resident memory in MB, from `/proc/self/status` (Linux).
fn peak_rss_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}
