//! The desktop's own file and folder dialogs (through `rfd`) on a background thread, and the
//! check that one can be shown at all.
//!
//! On Linux `rfd` asks the desktop portal and falls back on `zenity`; with neither it answers
//! "no path" at once, exactly as if the user had cancelled. So before asking, the thread looks
//! for the portal on the session bus and for `zenity`; and an empty answer faster than a person
//! could click counts as "no dialog shown" too (a portal without a file-chooser backend).

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use super::Spec;
use crate::app::chooser::ChooserMode;

/// An empty answer quicker than this was no dialog the user saw.
pub const FASTER_THAN_A_PERSON: Duration = Duration::from_millis(400);

/// What the dialog thread sends back.
#[derive(Debug)]
pub enum NativeAnswer {
    /// No native dialog can be shown on this session.
    Unavailable,
    /// The dialog's answer; `None` is a cancel, or a dialog that never showed.
    Answered(Option<PathBuf>),
}

/// Whether an answer means the dialog never showed: nothing chosen, sooner than a person could
/// have opened and cancelled it.
pub fn fell_through(answer: &NativeAnswer, elapsed: Duration) -> bool {
    match answer {
        NativeAnswer::Unavailable => true,
        NativeAnswer::Answered(Some(_)) => false,
        NativeAnswer::Answered(None) => elapsed < FASTER_THAN_A_PERSON,
    }
}

/// Shows the native dialog on its own thread (first checking one can show, if `probe`).
pub fn spawn(ctx: &egui::Context, spec: Spec, probe: bool) -> Receiver<NativeAnswer> {
    let (tx, rx) = channel();
    let ctx = ctx.clone();
    std::thread::spawn(move || {
        let answer = if probe && !available() {
            NativeAnswer::Unavailable
        } else {
            NativeAnswer::Answered(show(&spec))
        };
        // The app may have quit meanwhile; then nobody wants the answer.
        let _ = tx.send(answer);
        ctx.request_repaint();
    });
    rx
}

fn show(spec: &Spec) -> Option<PathBuf> {
    let dialog = rfd::FileDialog::new()
        .set_title(&spec.title)
        .set_directory(&spec.folder);
    let filtered =
        |dialog: rfd::FileDialog| dialog.add_filter(spec.filter.label(), spec.filter.extensions());
    match spec.mode {
        ChooserMode::Open => filtered(dialog).pick_file(),
        ChooserMode::Save => filtered(dialog).set_file_name(&spec.file_name).save_file(),
        ChooserMode::Folder => dialog.pick_folder(),
    }
}

/// Whether a native dialog can be shown: `zenity` on the `PATH` or the desktop portal on the
/// session bus (running, or startable on demand).
#[cfg(target_os = "linux")]
fn available() -> bool {
    zenity_on_path() || portal_on_session_bus()
}

/// Other platforms always have their own dialogs.
#[cfg(not(target_os = "linux"))]
fn available() -> bool {
    true
}

#[cfg(target_os = "linux")]
fn zenity_on_path() -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file()))
}

#[cfg(target_os = "linux")]
fn portal_on_session_bus() -> bool {
    const PORTAL: &str = "org.freedesktop.portal.Desktop";
    let found = pollster::block_on(async {
        let connection = zbus::Connection::session().await?;
        let bus = zbus::fdo::DBusProxy::new(&connection).await?;
        let name = zbus::names::BusName::try_from(PORTAL)?;
        if bus.name_has_owner(name).await? {
            return anyhow::Ok(true);
        }
        let startable = bus.list_activatable_names().await?;
        anyhow::Ok(startable.iter().any(|n| n.as_str() == PORTAL))
    });
    found.unwrap_or_else(|err| {
        log::info!("no desktop portal: the session bus did not answer ({err})");
        false
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_quick_empty_answer_falls_through_to_the_chooser() {
        let quick = Duration::from_millis(20);
        let slow = Duration::from_secs(3);
        assert!(fell_through(&NativeAnswer::Unavailable, slow));
        assert!(fell_through(&NativeAnswer::Answered(None), quick));
        // A person who looked and cancelled meant it.
        assert!(!fell_through(&NativeAnswer::Answered(None), slow));
        let picked = NativeAnswer::Answered(Some(PathBuf::from("/m/cave.json")));
        assert!(!fell_through(&picked, quick));
    }
}
