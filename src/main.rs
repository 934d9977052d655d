//! Lantern's binary: starts the log, reads the command line and opens the app window.
//! Everything else lives in the library.
//!
//! `lantern [FILE]`: an encounter file to open, or a Universal VTT map to import as a new
//! encounter (what a file manager's "Open with" passes).

fn main() -> eframe::Result {
    // Warnings and errors (failed dialogs, imports, saves) reach stderr; RUST_LOG says more.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    // A large encounter file is read while the window comes up.
    let file = (std::env::args_os().nth(1))
        .map(|arg| lantern::app::import::Argument::read_early(arg.into()));
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Lantern")
            .with_inner_size([1400.0, 900.0])
            .with_app_id("lantern"),
        // The app keeps the window's size itself, as a share of the monitor
        // (`app::window_size`), so a run on a small screen does not shrink the next one.
        persist_window: false,
        ..Default::default()
    };
    eframe::run_native(
        "Lantern",
        options,
        Box::new(move |cc| {
            let mut app = lantern::app::LanternApp::new(cc);
            if let Some(file) = file {
                app.open_argument_read_early(file);
            }
            Ok(Box::new(app))
        }),
    )
}
