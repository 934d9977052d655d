//! Prints the true-scale figures of a table screen: how many of its pixels one cell takes and how
//! many whole cells it shows, from the same core function the players' window uses
//! (`board::table_scale`).
//!
//! Usage: `cargo run --example table_scale -- --screen-px 3840x2160 --screen-mm 1217.7x685
//! --cell-mm 25.4 [--hex | --hex-pointy] [--turn 90]`
//!
//! `--screen-px` is the screen's pixels and `--screen-mm` its visible picture's size, each as
//! `WIDTHxHEIGHT` (`--screen-mm` may be the width alone: square pixels). `--hex` counts flat-top
//! hex columns and rows (a cell then measured flat side to flat side), `--hex-pointy` pointy-top
//! ones. Prints `px_per_cell: N` (`X x Y` when the pixels are not square) and
//! `cells_visible: W x H`, in the map's columns and rows.

use std::process::ExitCode;

use lantern::board::table_scale::{QuarterTurn, ScreenMeasure, px_per_cell};
use lantern::model::GridKind;

/// What the command line asked for.
struct Args {
    screen_px: [u32; 2],
    measure: ScreenMeasure,
    cell_mm: f64,
    grid: GridKind,
    turn: QuarterTurn,
}

const USAGE: &str = "usage: table_scale --screen-px WxH --screen-mm WxH --cell-mm MM \
                     [--hex | --hex-pointy] [--turn 0|90|180|270]";

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(err) => {
            eprintln!("table_scale: {err}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let cell = match px_per_cell(args.screen_px, args.measure, args.cell_mm) {
        Ok(cell) => cell,
        Err(err) => {
            eprintln!("table_scale: {err}");
            return ExitCode::FAILURE;
        }
    };
    if cell.is_square() {
        println!("px_per_cell: {:.2}", cell.x);
    } else {
        println!("px_per_cell: {:.2} x {:.2}", cell.x, cell.y);
    }
    let picture = args.screen_px.map(f64::from);
    let [cols, rows] = cell.cells_visible(picture, args.grid, args.turn);
    println!("cells_visible: {cols} x {rows}");
    ExitCode::SUCCESS
}

fn parse(mut words: impl Iterator<Item = String>) -> Result<Args, String> {
    let (mut screen_px, mut measure, mut cell_mm) = (None, None, None);
    let (mut grid, mut turn) = (GridKind::Square, QuarterTurn::Deg0);
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value"));
        match word.as_str() {
            "--screen-px" => {
                let [w, h] = pair(&value()?)?;
                screen_px = Some([whole(w)?, whole(h)?]);
            }
            "--screen-mm" => measure = Some(screen_mm(&value()?)?),
            "--cell-mm" => cell_mm = Some(number(&value()?)?),
            "--hex" => grid = GridKind::HexFlat,
            "--hex-pointy" => grid = GridKind::HexPointy,
            "--turn" => {
                let degrees = value()?;
                turn = QuarterTurn::ALL
                    .into_iter()
                    .find(|t| t.label().trim_end_matches('°') == degrees)
                    .ok_or(format!("--turn takes 0, 90, 180 or 270, not {degrees}"))?;
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(Args {
        screen_px: screen_px.ok_or("--screen-px is missing")?,
        measure: measure.ok_or("--screen-mm is missing")?,
        cell_mm: cell_mm.ok_or("--cell-mm is missing")?,
        grid,
        turn,
    })
}

/// `WxH` as both sides, or a lone number as the width (square pixels).
fn screen_mm(text: &str) -> Result<ScreenMeasure, String> {
    if text.contains('x') {
        let [width_mm, height_mm] = pair(text)?;
        Ok(ScreenMeasure::WidthHeight {
            width_mm,
            height_mm,
        })
    } else {
        Ok(ScreenMeasure::Width { mm: number(text)? })
    }
}

fn pair(text: &str) -> Result<[f64; 2], String> {
    let (w, h) = text
        .split_once('x')
        .ok_or(format!("{text} is not WIDTHxHEIGHT"))?;
    Ok([number(w)?, number(h)?])
}

fn number(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .map_err(|_| format!("{text} is not a number"))
}

fn whole(value: f64) -> Result<u32, String> {
    if value.fract() == 0.0 && (1.0..=f64::from(u32::MAX)).contains(&value) {
        Ok(value as u32)
    } else {
        Err(format!("{value} is not a whole number of pixels"))
    }
}
