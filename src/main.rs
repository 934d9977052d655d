//! Lantern's binary: opens the app window. Everything else lives in the library.

fn main() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Lantern")
            .with_inner_size([1400.0, 900.0])
            .with_app_id("lantern"),
        ..Default::default()
    };
    eframe::run_native(
        "Lantern",
        options,
        Box::new(|cc| Ok(Box::new(lantern::app::LanternApp::new(cc)))),
    )
}
