//! Slow work (reading and decoding large files, uploading their textures) on a worker thread,
//! with a progress figure the UI can draw while it waits.

use std::io::Read as _;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::Context as _;

/// How far a job has got: a fraction and the name of the stage it is in.
pub struct Progress {
    /// The fraction done, in millionths (atomics hold no floats).
    millionths: AtomicU32,
    stage: Mutex<&'static str>,
    /// The window's context, woken by progress and by the result. A job started before the
    /// window was up ([`Job::spawn_before_window`]) gets it when the app takes the job over.
    ctx: OnceLock<egui::Context>,
}

/// How soon a worker's progress is drawn (see [`Progress::set`]).
const PROGRESS_REPAINT: std::time::Duration = std::time::Duration::from_millis(400);

impl Progress {
    fn new(ctx: Option<&egui::Context>) -> Self {
        Self {
            millionths: AtomicU32::new(0),
            stage: Mutex::new("Starting"),
            ctx: ctx.map_or_else(OnceLock::new, |ctx| OnceLock::from(ctx.clone())),
        }
    }

    /// Records the stage and fraction done (0 to 1) and has the UI draw it within
    /// [`PROGRESS_REPAINT`]. Not at once: a frame drawn in software (a machine without a GPU)
    /// takes both cores for a third of a second, and a frame per megabyte read left the worker
    /// opening a large file half the machine. The result itself wakes the UI at once.
    pub fn set(&self, stage: &'static str, fraction: f32) {
        let millionths = (fraction.clamp(0.0, 1.0) * 1e6) as u32;
        self.millionths.store(millionths, Ordering::Relaxed);
        if let Ok(mut current) = self.stage.lock() {
            *current = stage;
        }
        if let Some(ctx) = self.ctx.get() {
            ctx.request_repaint_after(PROGRESS_REPAINT);
        }
    }

    /// The fraction done, from 0 to 1.
    pub fn fraction(&self) -> f32 {
        self.millionths.load(Ordering::Relaxed) as f32 / 1e6
    }

    pub fn stage(&self) -> &'static str {
        self.stage.lock().map_or("Working", |stage| *stage)
    }

    /// The egui context, for uploading textures from the worker. Only a job started before the
    /// window has none (it reads an encounter file, which has no textures).
    pub fn ctx(&self) -> anyhow::Result<&egui::Context> {
        self.ctx
            .get()
            .context("the window was not up yet to take the picture")
    }
}

/// Work running on its own thread; [`Job::poll`] hands over the result once.
pub struct Job<T> {
    progress: Arc<Progress>,
    result: Receiver<anyhow::Result<T>>,
}

impl<T> std::fmt::Debug for Job<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("stage", &self.progress.stage())
            .field("fraction", &self.progress.fraction())
            .finish_non_exhaustive()
    }
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a new thread.
    pub fn spawn(
        ctx: &egui::Context,
        work: impl FnOnce(&Progress) -> anyhow::Result<T> + Send + 'static,
    ) -> Self {
        Self::start(Progress::new(Some(ctx)), work)
    }

    /// Starts `work` before there is a window (a file named on the command line is read while
    /// the window and its renderer come up); [`Job::attach`] hands it the window later.
    pub fn spawn_before_window(
        work: impl FnOnce(&Progress) -> anyhow::Result<T> + Send + 'static,
    ) -> Self {
        Self::start(Progress::new(None), work)
    }

    fn start(
        progress: Progress,
        work: impl FnOnce(&Progress) -> anyhow::Result<T> + Send + 'static,
    ) -> Self {
        let progress = Arc::new(progress);
        let (tx, rx) = channel();
        let worker_progress = Arc::clone(&progress);
        std::thread::spawn(move || {
            let result = work(&worker_progress);
            // Nobody listens when the app dropped the job (cancelled, or quitting).
            let _ = tx.send(result);
            // Without a window yet, `attach` wakes it: the result is sent before the window is
            // looked for here, and the window set before `attach` wakes it.
            if let Some(ctx) = worker_progress.ctx.get() {
                ctx.request_repaint();
            }
        });
        Self {
            progress,
            result: rx,
        }
    }
}

impl<T> Job<T> {
    /// The result, once the work is done (then never again).
    pub fn poll(&mut self) -> Option<anyhow::Result<T>> {
        match self.result.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(anyhow::anyhow!(
                "the worker stopped before it finished"
            ))),
        }
    }

    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Gives a job started before the window ([`Job::spawn_before_window`]) the window to wake,
    /// and wakes it, in case the work is already done.
    pub fn attach(&self, ctx: &egui::Context) {
        let _ = self.progress.ctx.set(ctx.clone());
        ctx.request_repaint();
    }
}

/// Reads a whole file in chunks, reporting each chunk as `stage` between `from` and `to`.
/// Refuses files over `max_bytes` before reading them.
pub fn read_with_progress(
    path: &Path,
    max_bytes: u64,
    progress: &Progress,
    (from, to): (f32, f32),
) -> anyhow::Result<Vec<u8>> {
    const CHUNK: usize = 1 << 20;
    // Never a named pipe or a device: the worker would wait on it for ever.
    let mut file = crate::files::open_regular(path).context("could not open the file")?;
    let total = file.metadata().map_or(0, |m| m.len());
    anyhow::ensure!(
        total <= max_bytes,
        "the file is {} MB; the most Lantern reads is {} MB",
        total >> 20,
        max_bytes >> 20
    );
    let mut bytes = Vec::with_capacity(total as usize);
    let mut chunk = vec![0; CHUNK];
    loop {
        let n = file.read(&mut chunk).context("could not read the file")?;
        if n == 0 {
            break;
        }
        bytes.extend_from_slice(&chunk[..n]);
        anyhow::ensure!(bytes.len() as u64 <= max_bytes, "the file grew while read");
        let done = bytes.len() as f32 / total.max(1) as f32;
        progress.set("Reading", from + (to - from) * done.min(1.0));
    }
    Ok(bytes)
}

/// A small window at the bottom of the screen with a progress bar for `job`.
pub fn progress_ui<T>(ctx: &egui::Context, id: &str, title: &str, job: &Job<T>) {
    let progress = job.progress();
    egui::Area::new(egui::Id::unique(("job_progress", id)))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -48.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_width(360.0);
                ui.label(title);
                let bar = egui::ProgressBar::new(progress.fraction()).text(format!(
                    "{} {:.0}%",
                    progress.stage(),
                    progress.fraction() * 100.0
                ));
                ui.add(bar);
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait<T>(job: &mut Job<T>) -> anyhow::Result<T> {
        let start = std::time::Instant::now();
        loop {
            if let Some(result) = job.poll() {
                return result;
            }
            assert!(start.elapsed().as_secs() < 30, "the worker never finished");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    #[test]
    fn a_job_started_before_the_window_works_and_takes_the_window_later() {
        let mut job = Job::spawn_before_window(|progress| {
            // Progress without a window is kept, and wakes nobody.
            progress.set("Reading", 0.5);
            anyhow::ensure!(progress.ctx().is_err(), "no window yet");
            Ok(7)
        });
        assert_eq!(wait(&mut job).ok(), Some(7));
        assert_eq!(job.progress().stage(), "Reading");
        assert!((job.progress().fraction() - 0.5).abs() < 1e-6);
        let ctx = egui::Context::default();
        job.attach(&ctx);
        assert!(job.progress().ctx().is_ok());
    }
}
