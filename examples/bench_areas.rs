//! How long kept areas take to work out (issue 29): the thousand map-covering spheres of
//! `tests/core/limit_files.rs`, open and walled, worked out as the shell's worker does
//! (`AreaBoard::work_out`, on every core), then again after a token moved (the areas keep
//! their cells from the first board; only who is inside is looked for again).
//!
//! ```text
//! cargo run --release --example bench_areas            # every area of both files
//! cargo run --release --example bench_areas -- 50      # the first 50 of each
//! ```
//!
//! Prints, per file, `areas`, `board_ms` (the whole board), `per_area_ms`, `after_move_ms`
//! (the board again after a token's move), `cells_mean` and `runs_mean` (kept per area), and
//! `runs_mb` (the board's runs in memory). The target: the walled file's thousand areas
//! ready within a few seconds of the map (they draw as they land, the map never waits), and
//! a move answered in well under the 500 ms a click may take.

#[path = "../tests/core/limit_files.rs"]
mod limit_files;

use std::time::Instant;

use lantern::board::Scene;
use lantern::board::area_board::AreaBoard;
use lantern::model::Cell;

fn main() -> anyhow::Result<()> {
    let limit: Option<usize> = match std::env::args().nth(1) {
        Some(n) => Some(n.parse()?),
        None => None,
    };
    for name in [
        "areas_1000_covering_the_map",
        "areas_1000_covering_a_walled_map",
    ] {
        let Some(file) = limit_files::build(name) else {
            anyhow::bail!("no limit file {name}");
        };
        let mut encounter = file.encounter;
        let count = limit.unwrap_or(usize::MAX).min(encounter.areas.len());
        encounter.areas.truncate(count);
        let scene = Scene::new(&encounter);
        let started = Instant::now();
        let Some(board) = AreaBoard::work_out(&scene, &encounter.areas, None, &|_| true) else {
            anyhow::bail!("the work stopped by itself");
        };
        let board_ms = started.elapsed().as_secs_f64() * 1e3;
        // A token steps one cell: the terrain is the same, so the board lends its cells.
        if let Some(token) = encounter.tokens.first_mut() {
            token.cell = Cell::new(token.cell.x + 1, token.cell.y);
        }
        let mut moved = scene.clone();
        moved.retoken(&encounter);
        let started = Instant::now();
        let Some(again) = AreaBoard::work_out(&moved, &encounter.areas, Some(&board), &|_| true)
        else {
            anyhow::bail!("the work stopped by itself");
        };
        let after_move_ms = started.elapsed().as_secs_f64() * 1e3;
        let n = board.areas.len().max(1) as f64;
        let cells: usize = board.areas.iter().map(|a| a.runs.len()).sum();
        let runs: usize = board.areas.iter().map(|a| a.runs.run_count()).sum();
        anyhow::ensure!(
            again.areas.iter().map(|a| a.runs.len()).sum::<usize>() == cells,
            "the board after the move lost cells"
        );
        println!("{name}:");
        println!("  areas: {}", board.areas.len());
        println!("  board_ms: {board_ms:.0}");
        println!("  per_area_ms: {:.2}", board_ms / n);
        println!("  after_move_ms: {after_move_ms:.1}");
        println!("  cells_mean: {:.0}", cells as f64 / n);
        println!("  runs_mean: {:.0}", runs as f64 / n);
        println!("  runs_mb: {:.1}", runs as f64 * 4.0 / 1e6);
    }
    Ok(())
}
