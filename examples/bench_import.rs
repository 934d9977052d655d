//! Import time and peak memory for the real Universal VTT maps. Run in release:
//!
//! ```text
//! cargo run --release --example bench_import [-- map.dd2vtt …]
//! ```
//!
//! Prints `import_ms_<map>: <median> ms` (median of 7 imports: read, parse, convert, decode) for
//! each map, then `peak_rss_mb: <VmHWM> MB`.

use std::path::PathBuf;
use std::time::Instant;

use lantern::files::import_uvtt;
use lantern::model::RuleSystem;

const RUNS: usize = 7;

fn main() -> anyhow::Result<()> {
    let mut maps: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    if maps.is_empty() {
        maps = ["cave-sample.dd2vtt", "cropped-origin-sample.dd2vtt"]
            .iter()
            .map(|name| {
                PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/maps")).join(name)
            })
            .collect();
    }
    for path in &maps {
        let mut times_ms = Vec::with_capacity(RUNS);
        let mut walls = 0;
        for _ in 0..RUNS {
            let started = Instant::now();
            let import = import_uvtt(path, RuleSystem::default())?;
            times_ms.push(started.elapsed().as_secs_f64() * 1e3);
            walls = import.encounter.walls.len();
        }
        times_ms.sort_by(f64::total_cmp);
        let name = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        println!(
            "import_ms_{name}: {:.1} ms ({walls} walls and doors)",
            times_ms[RUNS / 2]
        );
    }
    println!("peak_rss_mb: {} MB", peak_rss_mb().unwrap_or_default());
    Ok(())
}

/// The process's peak resident memory in MB, from `/proc/self/status` (Linux).
fn peak_rss_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}
