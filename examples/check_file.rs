//! Checks one file the whole way Lantern takes it (`lantern::check`): loads the encounter or
//! imports the Universal VTT map, builds the board's scene, computes what the party sees, runs a
//! few combat commands and undoes them, saves, reloads and compares. Prints a one-line summary,
//! or one clear error and exits non-zero.
//!
//! ```text
//! cargo run --release --example check_file -- FILE
//! ```

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let (Some(path), None) = (args.next(), args.next()) else {
        eprintln!("usage: check_file FILE");
        return ExitCode::from(2);
    };
    let path = std::path::PathBuf::from(path);
    match lantern::check::check_file(&path) {
        Ok(summary) => {
            println!("{}: {summary}", path.display());
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("{}: {err}", path.display());
            ExitCode::FAILURE
        }
    }
}
