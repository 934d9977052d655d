//! Issue 26: files within the format's limits whose board once took minutes and gigabytes. The
//! files are built here (`limit_files.rs`, shared with `bench_load`); what is measured is the
//! work the board does (segments indexed, crossings listed, cells seen), never the clock.

use lantern::board::Scene;
use lantern::board::lit_board::LitBoard;
use lantern::check::{FileKind, check_encounter};

use crate::limit_files;

fn file(name: &str) -> lantern::model::Encounter {
    let Some(file) = limit_files::build(name) else {
        panic!("no file {name}");
    };
    assert_eq!(file.name, name);
    file.encounter
}

/// Every cell of the largest map an obstacle (the cap, 4,000,000): `check_file` took 47 s and
/// 1.5 GB indexing 16 million cell edges and looking each one's crossings up. The scene indexes
/// the block's outline — 4 × 2,000 edges — and lists no crossings; the whole check runs, and the
/// party, standing in the rock, sees only its own four cells.
#[test]
fn solid_rock_a_map_wide_indexes_its_outline_and_checks() {
    let encounter = file("obstacles_4000000");
    let scene = Scene::new(&encounter);
    assert_eq!(scene.sight_segment_count(), 8_000);
    drop(scene);
    let Ok(summary) = check_encounter(FileKind::Encounter, &encounter) else {
        panic!("the check failed");
    };
    assert_eq!(summary.party_sees_cells, 4);
}

/// Five thousand party tokens with darkvision of 10,000 cells on the largest map in the dark:
/// the check rasterised each one's view of the whole map (27 s). The party sees the whole map;
/// the light board, worked out as the window does, agrees, and says it is a worker's job.
#[test]
fn five_thousand_viewers_with_darkvision_see_the_whole_map() {
    let encounter = file("dark_2000_5000_party_darkvision_10000");
    let Ok(summary) = check_encounter(FileKind::Encounter, &encounter) else {
        panic!("the check failed");
    };
    assert_eq!(summary.party_sees_cells, 4_000_000);
    let scene = Scene::new(&encounter);
    assert!(LitBoard::estimated_work(&scene, &encounter) > 100_000_000);
    let Some(board) = LitBoard::work_out(&scene, &encounter, None, &|_| true) else {
        panic!("never stopped");
    };
    assert_eq!(board.seen.len(), 4_000_000);
}

/// A thousand lights of radius 1,000 and ten thousand of radius 10,000 on the largest map: each
/// light filled its region cell by cell (minutes). The map is lit everywhere — bright within half
/// of each radius, which covers it — and the glow, whose falloff is worked out pixel by pixel,
/// gets a coarser raster within its budget.
#[test]
fn huge_lights_light_the_largest_map() {
    for name in [
        "dark_2000_1000_lights_r1000",
        "dark_2000_10000_lights_r10000",
    ] {
        let encounter = file(name);
        let scene = Scene::new(&encounter);
        let Some(board) = LitBoard::work_out(&scene, &encounter, None, &|_| true) else {
            panic!("never stopped");
        };
        assert_eq!(board.seen.len(), 4_000_000, "{name}");
        let corner = lantern::model::Cell::new(1_999, 0);
        assert_eq!(
            board.illumination.at_cell(corner),
            lantern::board::light::LightLevel::Bright,
            "{name}"
        );
        let pixels = f64::from(board.glow.width) * f64::from(board.glow.height);
        assert!(pixels <= 2_000.0 * 2_000.0, "{name}: {pixels} glow pixels");
    }
}

/// Every file of issue 26 whose weight is its board is one the format accepts: within the limits
/// `FORMAT.md` documents. (The files of long texts test the window's layout whatever the
/// loader's caps on a string's length.)
#[test]
fn every_board_file_is_within_the_format_limits() {
    let boards = limit_files::NAMES
        .iter()
        .filter(|n| !n.starts_with("token_name") && !n.starts_with("long_texts"));
    for name in boards {
        assert!(lantern::model::validate(&file(name)).is_ok(), "{name}");
    }
}

/// Obstacle polygons have at most 200,000 corners in all (each corner is a segment every sight
/// sweep may walk; 10,000 polygons of 10,000 corners were 100 million): a file past it is
/// refused with the limit named, and so is the command that would pass it.
#[test]
fn obstacle_polygons_past_their_corners_in_all_are_refused() {
    use lantern::edit::Document;
    use lantern::model::{Command, Encounter, GridPoint, ObstaclePolygon, RuleSystem, validate};
    let ring = |corners: usize| ObstaclePolygon {
        points: (0..corners)
            .map(|k| {
                let a = std::f64::consts::TAU * k as f64 / corners as f64;
                GridPoint::new(50.0 + 20.0 * a.cos(), 50.0 + 20.0 * a.sin())
            })
            .collect(),
    };
    let mut encounter = Encounter::new("rings", RuleSystem::Evening);
    encounter.obstacle_polygons = (0..20).map(|_| ring(10_000)).collect();
    assert!(validate(&encounter).is_ok(), "200,000 corners in all");
    let mut document = Document::new(encounter.clone(), None);
    let add = Command::AddObstaclePolygon {
        polygon: ring(3),
        index: None,
    };
    let Err(refused) = document.apply(add) else {
        panic!("a polygon past the corners in all was added");
    };
    assert!(refused.to_string().contains("200000"), "{refused}");
    encounter.obstacle_polygons.push(ring(3));
    let Err(refused) = validate(&encounter) else {
        panic!("a file past the corners in all was accepted");
    };
    assert!(
        refused
            .to_string()
            .contains("obstacle polygon corners in all"),
        "{refused}"
    );
}
