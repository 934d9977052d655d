//! Image snapshots (`egui_kittest` with wgpu; software Vulkan in CI) of the Map pane and the
//! players' view on the Go Forth: Heroes demo, at small sizes to keep them quick. Regenerate
//! with `UPDATE_SNAPSHOTS=1 cargo test --test ui snapshots` after a deliberate change.

use crate::support;

use egui::Vec2;
use egui_kittest::Harness;
use lantern::app::{LanternApp, Pane};
use lantern::combat::conditions::{ActiveCondition, Duration};
use lantern::combat::initiative::Combatant;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::TokenId;
use support::demo;

/// The demo with fog on and the party's sight recorded as explored (what a table sees after
/// the first frame).
fn fogged_demo() -> lantern::model::Encounter {
    let mut encounter = demo(Demo::GoForthHeroes);
    encounter.fog.enabled = true;
    encounter
}

/// The app as the window shows it: eframe clears the window to the app's `clear_color` (the
/// panels' colour, which the dock leaves showing), where kittest clears to transparent.
struct AsTheWindowClears(LanternApp);

impl eframe::App for AsTheWindowClears {
    fn logic(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        self.0.logic(ctx, frame);
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let [r, g, b, a] = self
            .0
            .clear_color(ui.visuals())
            .map(|c| (c * 255.0).round() as u8);
        let background = egui::Color32::from_rgba_unmultiplied(r, g, b, a);
        let rect = ui.ctx().content_rect();
        (ui.ctx().layer_painter(egui::LayerId::background())).rect_filled(rect, 0.0, background);
        self.0.ui(ui, frame);
    }
}

#[test]
fn map_pane_with_fog_for_the_gm() {
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(800.0, 520.0))
        .wgpu()
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(Document::new(fogged_demo(), None));
            app.show_only(Pane::Map);
            AsTheWindowClears(app)
        });
    harness.run();
    harness.snapshot("map_pane_fog_gm");
}

#[test]
fn players_view_with_fog() {
    // Bram's turn in round 2, Bram dazed: the banner and a badge in the players' type sizes.
    let mut encounter = fogged_demo();
    let initiative = &mut encounter.combat.initiative;
    initiative.combatants = [1, 2, 3].map(|id| Combatant::new(TokenId(id))).to_vec();
    initiative.current = Some(1);
    initiative.round = 2;
    encounter.combat.conditions.push(ActiveCondition {
        token: TokenId(2),
        name: "Dazed".to_owned(),
        duration: Duration::UntilRemoved,
        system: None,
    });
    let app = LanternApp::with_document(Document::new(encounter, None));
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(640.0, 420.0))
        .wgpu()
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    harness.run();
    harness.snapshot("players_view_fog");
}

#[test]
fn players_view_of_the_hex_demo_with_fog() {
    let mut encounter = demo(Demo::EveningHex);
    encounter.fog.enabled = true;
    let app = LanternApp::with_document(Document::new(encounter, None));
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(Vec2::new(560.0, 380.0))
        .wgpu()
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    harness.run();
    harness.snapshot("players_view_hex_fog");
}

/// The players' view of `encounter` at `size`, snapshotted as `name` once its background image
/// (decoded on a worker thread when large) is on screen.
fn players_snapshot(encounter: lantern::model::Encounter, size: Vec2, name: &str) {
    let app = LanternApp::with_document(Document::new(encounter, None));
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(size)
        .wgpu()
        .build_ui_state(|ui, app: &mut LanternApp| app.players_view_ui(ui), app);
    crate::support::settle(&mut harness);
    harness.snapshot(name);
}

#[test]
fn players_view_of_the_dark_cave_by_torchlight() {
    // The cave's own light back on, the hero with a torch: two pools of light, darkness between.
    let mut encounter = crate::lighting::dark_cave();
    let hero_at = lantern::model::GridPoint::new(9.5, 12.5);
    encounter.lights.push(lantern::model::Light::carried(
        lantern::model::LightKind::Torch,
        TokenId(1),
        hero_at,
    ));
    encounter.lights.push(lantern::model::Light::preset(
        lantern::model::LightKind::Lantern,
        lantern::model::GridPoint::new(6.1, 7.2),
    ));
    players_snapshot(encounter, Vec2::new(560.0, 480.0), "players_view_cave_lit");
}

#[test]
fn players_view_of_the_hex_demo_by_torchlight() {
    // Evening hex demo at night: every party token carries a torch.
    let mut encounter = demo(Demo::EveningHex);
    encounter.fog.enabled = true;
    encounter.ambient = lantern::model::Ambient::Dark;
    let party: Vec<_> = encounter
        .tokens
        .iter()
        .filter(|t| t.side == lantern::model::Side::Party)
        .map(|t| t.id)
        .collect();
    for id in party {
        encounter.lights.push(lantern::model::Light::carried(
            lantern::model::LightKind::Torch,
            id,
            lantern::model::GridPoint::new(0.0, 0.0),
        ));
    }
    players_snapshot(encounter, Vec2::new(560.0, 380.0), "players_view_hex_lit");
}
