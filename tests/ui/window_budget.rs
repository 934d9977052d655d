//! Issue 26: every file the format accepts draws its first frame promptly and within what a GPU
//! takes. The files are built here (`tests/core/limit_files.rs`, the same the `bench_load`
//! benchmark times); the real app draws them with its default layout and the players' window
//! open, and each test measures the frames it took and what they hand the GPU — vertex and
//! index bytes of the tessellated meshes (wgpu refuses a buffer over 256 MB) and texture sizes
//! — never the clock.

#[path = "../core/limit_files.rs"]
mod limit_files;

use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::text;
use lantern::app::{LanternApp, Pane};
use lantern::edit::Document;
use lantern::model::Encounter;

use crate::support::settle;

/// The most vertex or index bytes one frame may hand the GPU here: an eighth of wgpu's
/// 256 MB buffer limit (the frame that crashed asked for 372 MB).
const MAX_MESH_BYTES: usize = 32 << 20;
/// The longest texture side (every GPU wgpu runs on takes 8,192).
const MAX_TEXTURE_SIDE: usize = 4_096;
/// All the app's textures together.
const MAX_TEXTURE_BYTES: usize = 160 << 20;

/// The file of issue 26 called `name`.
fn file(name: &str) -> Encounter {
    let Some(file) = limit_files::build(name) else {
        panic!("no file {name}");
    };
    assert_eq!(file.name, name);
    file.encounter
}

/// The real app on `encounter` at the window size `lantern` opens with, default layout, the
/// players' window open; no frame drawn yet.
fn app(encounter: Encounter) -> Harness<'static, LanternApp> {
    Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter, None));
            app.players.open = true;
            app
        })
}

/// The frames the app takes to draw its map pane (at most five).
fn frames_to_draw_the_map(harness: &mut Harness<'_, LanternApp>) -> usize {
    for frame in 1..=5 {
        harness.step();
        let map = harness.query_by_role_and_label(egui::accesskit::Role::Canvas, "Map");
        if map.is_some() && harness.state().map_view.points_per_cell().is_some() {
            return frame;
        }
    }
    panic!("the map was never drawn");
}

/// What the last frame handed the GPU: vertex bytes and index bytes of its meshes.
fn mesh_bytes(harness: &Harness<'_, LanternApp>) -> (usize, usize) {
    let output = harness.output();
    let primitives = harness
        .ctx
        .tessellate(output.shapes.clone(), output.pixels_per_point);
    let (mut vertices, mut indices) = (0, 0);
    for p in &primitives {
        if let egui::epaint::Primitive::Mesh(mesh) = &p.primitive {
            vertices += mesh.vertices.len() * std::mem::size_of::<egui::epaint::Vertex>();
            indices += mesh.indices.len() * std::mem::size_of::<u32>();
        }
    }
    (vertices, indices)
}

/// Every texture the app holds: their bytes together, the longest side, and their names.
fn textures(harness: &Harness<'_, LanternApp>) -> (usize, usize, Vec<String>) {
    let manager = harness.ctx.tex_manager();
    let manager = manager.read();
    let (mut bytes, mut side, mut names) = (0, 0, Vec::new());
    for (_, meta) in manager.allocated() {
        bytes += meta.size[0] * meta.size[1] * meta.bytes_per_pixel;
        side = side.max(meta.size[0]).max(meta.size[1]);
        names.push(meta.name.clone());
    }
    (bytes, side, names)
}

/// The last frame stayed within what a GPU takes.
fn assert_within_the_gpu(harness: &Harness<'_, LanternApp>, what: &str) {
    let (vertices, indices) = mesh_bytes(harness);
    assert!(vertices < MAX_MESH_BYTES, "{what}: {vertices} vertex bytes");
    assert!(indices < MAX_MESH_BYTES, "{what}: {indices} index bytes");
    let (bytes, side, _) = textures(harness);
    assert!(
        side <= MAX_TEXTURE_SIDE,
        "{what}: a texture {side} pixels wide"
    );
    assert!(
        bytes < MAX_TEXTURE_BYTES,
        "{what}: {bytes} bytes of textures"
    );
}

/// Issue 26, item 1: the demo in the dark with the documented 10,000 lights crashed wgpu with
/// an index buffer of 372 MB (each light's two radii, 128-point rings). Its first frame now
/// draws the map without waiting for the light (worked out on a worker meanwhile), within an
/// eighth of the buffer limit, and so does every frame after the light lands.
#[test]
fn ten_thousand_lights_draw_a_frame_a_gpu_takes() {
    let mut harness = app(file("demo_dark_10000_lights"));
    assert_eq!(frames_to_draw_the_map(&mut harness), 1);
    assert_within_the_gpu(&harness, "first frame");
    settle(&mut harness);
    assert!(
        harness.state().map_view.lighting_from_worker(),
        "the light was worked out on a worker, not in a frame"
    );
    assert_within_the_gpu(&harness, "lit");
    // The party sees by the light that landed: its cells were explored, in the opened state.
    let explored = harness.state().document.encounter.fog.explored.len();
    assert!(explored > 100, "{explored} cells explored");
    assert!(!harness.state().document.is_dirty());
}

/// Issue 26, item 2: on the largest map in the dark, a thousand lights of radius 1,000, ten
/// thousand of radius 10,000, or five thousand party tokens with darkvision of 10,000 cells
/// drew nothing for minutes. Each now draws its first frame at once and is lit within the
/// frames a worker takes.
#[test]
fn the_largest_map_in_the_dark_draws_before_its_light_is_worked_out() {
    let names = limit_files::NAMES
        .iter()
        .filter(|n| n.starts_with("dark_2000"));
    for name in names {
        let mut harness = app(file(name));
        assert_eq!(frames_to_draw_the_map(&mut harness), 1, "{name}");
        assert_within_the_gpu(&harness, name);
        settle(&mut harness);
        assert!(
            harness.state().map_view.lighting_from_worker(),
            "{name}: the light was worked out on a worker, not in a frame"
        );
        // Everything is lit or in darkvision: the party has seen the whole map.
        let explored = harness.state().document.encounter.fog.explored.len();
        assert_eq!(explored, 4_000_000, "{name}");
        assert_within_the_gpu(&harness, name);
    }
}

/// Issue 26, item 2: 4,000,000 obstacle cells (the cap) drew every cell as a polygon each frame.
/// They are now one texture while so many are in view, and the scene indexes their outline.
#[test]
fn four_million_obstacle_cells_draw_as_one_texture() {
    let mut harness = app(file("obstacles_4000000"));
    assert_eq!(frames_to_draw_the_map(&mut harness), 1);
    assert_within_the_gpu(&harness, "first frame");
    let (_, _, names) = textures(&harness);
    assert!(names.iter().any(|n| n == "cell-layers"), "{names:?}");
    settle(&mut harness);
    assert_within_the_gpu(&harness, "settled");
}

/// Issue 26, item 2: a file too large to read in a frame (here 5 MB: the demo with 160,000
/// obstacle cells beside its map) opens on a worker: the window keeps drawing the
/// encounter it had, with the progress, and takes the new one when it is ready.
#[test]
fn a_large_file_opens_on_a_worker_while_the_window_draws() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = rocky_file(dir.path()).expect("the file is written");
    let mut harness = app(file("dark_2000_10000_lights_r10000"));
    harness.step();
    harness.state_mut().open_argument(path.clone());
    harness.step();
    assert!(
        harness.state().import_busy(),
        "the file is read on a worker"
    );
    assert_ne!(
        harness.state().document.path.as_deref(),
        Some(path.as_path())
    );
    settle(&mut harness);
    assert_eq!(
        harness.state().document.path.as_deref(),
        Some(path.as_path())
    );
    assert_eq!(
        harness.state().document.encounter.obstacle_cells.len(),
        160_000
    );
}

/// A file over 4 MB (the demo with 160,000 obstacle cells beside its map), which opens on a
/// worker.
fn rocky_file(dir: &std::path::Path) -> anyhow::Result<std::path::PathBuf> {
    let path = dir.join("rocky.lantern.json");
    let mut rocky = file("demo_dark_3000_lights");
    rocky.obstacle_cells = (100..500)
        .flat_map(|x| (100..500).map(move |y| lantern::model::Cell::new(x, y)))
        .collect();
    lantern::files::save_encounter(&path, &rocky)?;
    assert!(std::fs::metadata(&path)?.len() > 4 << 20);
    Ok(path)
}

/// Started with a file (`lantern FILE`), the window shows the file's name and progress, not
/// the demo it is about to replace (whose frames, drawn in software, took the cores from the
/// worker), and then the file's encounter with the whole window.
#[test]
fn a_file_named_at_start_shows_its_progress_until_it_is_open() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = rocky_file(dir.path()).expect("the file is written");
    for early in [false, true] {
        let mut harness = app(Encounter::default());
        if early {
            // As `main` does: the reading starts before the window is up.
            let argument = lantern::app::import::Argument::read_early(path.clone());
            harness.state_mut().open_argument_read_early(argument);
        } else {
            harness.state_mut().open_argument(path.clone());
        }
        harness.step();
        assert!(
            harness
                .query_by_label_contains("Opening rocky.lantern.json")
                .is_some()
        );
        assert!(
            harness.query_all_by_label("Initiative").next().is_none(),
            "no pane is drawn meanwhile"
        );
        settle(&mut harness);
        let app = harness.state();
        assert_eq!(app.document.path.as_deref(), Some(path.as_path()));
        assert_eq!(app.document.encounter.obstacle_cells.len(), 160_000);
        assert!(
            harness
                .query_by_label_contains("Opening rocky.lantern.json")
                .is_none()
        );
        assert!(harness.query_all_by_label("Initiative").next().is_some());
    }
}

/// A file named at start that cannot be opened leaves the encounter the window had, with the
/// message, and the whole window.
#[test]
fn a_refused_file_at_start_leaves_the_window_with_its_message() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("broken.lantern.json");
    // Large enough for the worker, and not an encounter.
    std::fs::write(&path, format!("{{\"notes\": \"{}\"", "x".repeat(5 << 20)))
        .expect("the file is written");
    let argument = lantern::app::import::Argument::read_early(path.clone());
    let open = file("demo_dark_3000_lights");
    let name = open.name.clone();
    let mut harness = app(open);
    harness.state_mut().open_argument_read_early(argument);
    settle(&mut harness);
    let app = harness.state();
    assert_eq!(app.document.encounter.name, name);
    let notices: Vec<&str> = (app.notifications.notices().iter())
        .map(|n| n.text.as_str())
        .collect();
    assert!(
        notices
            .iter()
            .any(|n| n.contains("Could not open") && n.contains("broken.lantern.json")),
        "{notices:?}"
    );
    assert!(harness.query_all_by_label("Initiative").next().is_some());
}

/// Issue 26, item 3: a token named with 10 MB of text took the window to 7 GB without drawing;
/// a file with a megabyte in every string (the encounter's and every token's name, notes, a
/// condition on each token, the roll log) fared the same. Every pane now lays out only the
/// start of each, and a frame stays a few hundred kilobytes of vertices whatever the texts.
#[test]
fn names_of_megabytes_lay_out_only_what_shows() {
    for encounter in [file("token_name_10mb"), file("long_texts_everywhere")] {
        let name = text::name(&encounter.tokens[0].name).into_owned();
        let mut harness = app(encounter);
        settle(&mut harness);
        for pane in Pane::ALL {
            harness.state_mut().show_pane(pane);
            harness.state_mut().show_only(pane);
            harness
                .state_mut()
                .selection
                .insert(lantern::model::TokenId(1));
            harness.run();
            let (vertices, _) = mesh_bytes(&harness);
            assert!(vertices < 4 << 20, "{pane:?}: {vertices} vertex bytes");
        }
        // The map's token, found by the start of its name, shows its tooltip (name and notes).
        harness.state_mut().show_pane(Pane::Map);
        harness.state_mut().show_only(Pane::Map);
        harness.run();
        let Some(token) = harness
            .query_all_by_role_and_label(egui::accesskit::Role::Button, &name)
            .next()
        else {
            panic!("the token is not on the map");
        };
        let at = token.rect().center();
        harness.hover_at(at);
        harness.run();
        let (vertices, _) = mesh_bytes(&harness);
        assert!(vertices < 4 << 20, "tooltip: {vertices} vertex bytes");
    }
}

/// Issue 29: 5,000 tokens with a condition each took half a second of both cores a frame in a
/// software renderer: 1.9 million triangles, most of them chips (a rounded, outlined chip is
/// ~180). With more than `CROWD_TOKENS` (250) in view each token draws plainly — its disc and
/// one dot for its conditions — while every token's conditions are still named to screen
/// readers (and on hover). A thousand tokens here: a few triangles each, not hundreds.
#[test]
fn a_crowd_of_tokens_draws_a_few_triangles_each() {
    use lantern::combat::conditions::{ActiveCondition, Duration};
    use lantern::model::{Cell, RuleSystem, Side, Token, TokenId};
    const COUNT: u64 = 1_000;
    let mut encounter = Encounter::new("A crowd", RuleSystem::GoForthHeroes);
    encounter.map.width_cells = 100;
    encounter.map.height_cells = 100;
    for i in 0..COUNT {
        let id = TokenId(i + 1);
        let cell = Cell::new((i % 50) as i32 * 2, (i / 50) as i32 * 5);
        let name = format!("Goblin {}", i + 1);
        encounter
            .tokens
            .push(Token::new(id, name, Side::Enemy, cell));
        encounter.combat.conditions.push(ActiveCondition {
            system: None,
            token: id,
            name: "Dazed".to_owned(),
            duration: Duration::UntilRemoved,
        });
    }
    let mut harness = app(encounter);
    settle(&mut harness);
    let triangles = mesh_bytes(&harness).1 / (3 * std::mem::size_of::<u32>());
    // Both windows draw every token (~8 triangles each when plain, ~30 with square chips,
    // ~190 with rounded ones); the panes beside the map are a few thousand more.
    let budget = 2 * 10 * COUNT as usize + 6_000;
    assert!(
        triangles < budget,
        "{triangles} triangles for {COUNT} tokens"
    );
    assert!(
        harness.query_by_label("Goblin 777: Dazed").is_some(),
        "a token's conditions are no longer named"
    );
}
