//! Builds an encounter through commands (as the app does), saves it, loads it back and prints a
//! summary. Shows the core library in use without any UI.
//!
//! ```text
//! cargo run --example build_encounter -- [output.json]
//! ```

use std::path::PathBuf;

use anyhow::Context as _;
use lantern::edit::Document;
use lantern::files::{load_encounter, save_encounter};
use lantern::model::{
    Cell, CellLayer, Command, Encounter, GridPoint, RuleSystem, Side, SizeCategory, Token, Wall,
    WallKind,
};

fn main() -> anyhow::Result<()> {
    let path = std::env::args_os().nth(1).map_or_else(
        || std::env::temp_dir().join("lantern-example.json"),
        PathBuf::from,
    );

    let mut doc = Document::new(
        Encounter::new("Crypt of the Lantern", RuleSystem::Evening),
        None,
    );
    for command in commands(&doc.encounter) {
        let label = command.label();
        doc.apply(command)
            .with_context(|| format!("applying “{label}”"))?;
    }
    // A change of mind, as at the table: undo the last step and redo it.
    doc.undo()?;
    doc.redo()?;

    save_encounter(&path, &doc.encounter).with_context(|| format!("saving {}", path.display()))?;
    let loaded = load_encounter(&path).with_context(|| format!("loading {}", path.display()))?;
    anyhow::ensure!(
        loaded == doc.encounter,
        "the loaded encounter differs from the saved one"
    );

    print_summary(&loaded, &path);
    Ok(())
}

fn commands(encounter: &Encounter) -> Vec<Command> {
    let first = encounter.fresh_token_id().0;
    let token = |i: u64, name: &str, side, x, y| {
        Token::new(
            lantern::model::TokenId(first + i),
            name,
            side,
            Cell::new(x, y),
        )
    };
    let wall = |i: u64, a: [f64; 2], b: [f64; 2], kind| Wall {
        id: lantern::model::WallId(encounter.fresh_wall_id().0 + i),
        a: GridPoint::from(a),
        b: GridPoint::from(b),
        kind,
    };
    vec![
        Command::SetMapSize {
            width_cells: 16,
            height_cells: 12,
        },
        // One gesture: the GM draws a wall with a door in it.
        Command::Batch(vec![
            Command::AddWall {
                wall: wall(0, [8.0, 0.0], [8.0, 5.0], WallKind::Wall),
                index: None,
            },
            Command::AddWall {
                wall: wall(1, [8.0, 5.0], [8.0, 6.0], WallKind::Door { open: false }),
                index: None,
            },
            Command::AddWall {
                wall: wall(2, [8.0, 6.0], [8.0, 12.0], WallKind::Wall),
                index: None,
            },
        ]),
        Command::PaintCells {
            layer: CellLayer::Difficult,
            cells: vec![(Cell::new(4, 4), true), (Cell::new(5, 4), true)],
        },
        Command::AddToken {
            token: token(0, "Sister Ilse", Side::Party, 2, 5),
            index: None,
        },
        Command::AddToken {
            token: token(1, "Ghoul", Side::Enemy, 12, 4),
            index: None,
        },
        Command::AddToken {
            token: token(2, "Bone Colossus", Side::Enemy, 12, 8).with_size(SizeCategory::Huge),
            index: None,
        },
        Command::MoveToken {
            id: lantern::model::TokenId(first),
            to: Cell::new(6, 5),
        },
    ]
}

fn print_summary(encounter: &Encounter, path: &std::path::Path) {
    let map = &encounter.map;
    println!("{} — {}", encounter.name, encounter.system.label());
    println!(
        "  map: {}×{} {} cells of {} {}",
        map.width_cells,
        map.height_cells,
        map.grid.label(),
        map.cell_length.value,
        map.cell_length.unit.abbreviation()
    );
    let doors = encounter
        .walls
        .iter()
        .filter(|w| matches!(w.kind, WallKind::Door { .. }))
        .count();
    println!("  walls: {} segments ({doors} door)", encounter.walls.len());
    println!(
        "  difficult terrain: {} cells",
        encounter.difficult_cells.len()
    );
    for t in &encounter.tokens {
        println!(
            "  token: {} ({}, {}) at {}",
            t.name,
            t.side.label(),
            t.size.label(),
            t.cell
        );
    }
    println!("  saved to and reloaded from {}", path.display());
}
