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
//! Prints, per file (`open`, `walled`), `areas_{file}_board_ms` (the whole board),
//! `areas_{file}_per_area_ms`, `areas_{file}_after_move_ms` (the board again after a token's
//! move), `areas_{file}_cells` and `areas_{file}_runs` (kept per area, mean) and
//! `areas_{file}_runs_mb` (the board's runs in memory). The targets: a move answered in well
//! under the 500 ms a click may take, the runs well under the 1 GB the window may hold; the
//! whole board is worked out on a worker while the map draws, so it has no frame to keep.

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
    for (name, short) in [
        ("areas_1000_covering_the_map", "open"),
        ("areas_1000_covering_a_walled_map", "walled"),
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
        let figure = |what: &str, value: String| println!("areas_{short}_{what}: {value}");
        figure("areas", format!("{}", board.areas.len()));
        figure("board_ms", format!("{board_ms:.0} ms"));
        figure("per_area_ms", format!("{:.2} ms", board_ms / n));
        figure("after_move_ms", format!("{after_move_ms:.1} ms"));
        figure("cells", format!("{:.0}", cells as f64 / n));
        figure("runs", format!("{:.0}", runs as f64 / n));
        figure("runs_mb", format!("{:.1} MB", runs as f64 * 4.0 / 1e6));
    }
    Ok(())
}
