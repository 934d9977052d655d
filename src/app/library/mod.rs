//! The Library pane's shell side: the folder loaded on a worker, pictures decoded on others,
//! saving tokens and maps into it, and copying a whole folder in or out.
//!
//! The listing reads each file once for what the list shows, images checked by their headers
//! only; the picture workers then read each entry whole (every check, every image decoded, the
//! picture shrunk from that decode), and an entry that fails becomes a bad row with that error.
//! Placing or using an entry reads it whole first if the workers have not yet, so an entry
//! dragged before its picture arrives is still checked before use, and a failure then is shown
//! and leaves the row bad too.
//!
//! The core (`crate::library`) owns the entries, their files and placing them; this module only
//! moves work off the UI thread and shows the results.

mod menu;
mod pane;

pub(crate) use menu::FolderJob;
pub use pane::{LibraryDrag, library_ui};

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};

use anyhow::Context as _;

use super::LanternApp;
use crate::library::{
    EntrySummary, LibraryEntry, ListedEntry, entry_file_name, load_folder, save_entry,
    seed_if_missing,
};
use crate::model::{Command, Token, TokenId};

/// Temp-data key under which a token's context menu asks for "Save to library".
const SAVE_TOKEN: &str = "lantern_save_token_to_library";

/// The longest side of a library picture, in pixels.
const PICTURE_SIDE_PX: u32 = 64;

/// One line of the pane: an entry of the folder, shared with drags and the picture workers.
pub type Row = Arc<ListedEntry>;

/// What a picture worker found for one row: its thumbnail (`None` when the entry has no
/// picture), or why one of the entry's images does not decode.
type Decoded = (String, Result<Option<egui::ColorImage>, String>);

/// What the pane shows and the workers filling it. View state: never saved with an encounter.
#[derive(Default)]
pub struct LibraryState {
    /// The library folder; `None` when there is no data folder.
    pub dir: Option<PathBuf>,
    pub rows: Vec<Row>,
    /// Decoded pictures by file name.
    pictures: HashMap<String, egui::TextureHandle>,
    loading: Option<Receiver<anyhow::Result<Vec<Row>>>>,
    decoded: Option<Receiver<Decoded>>,
    pub(crate) filter: pane::Filter,
    /// The group being gathered ("4 goblins and a hobgoblin"): row file names and counts.
    pub(crate) group: Vec<(String, usize)>,
    /// Failures and reports for the app to show.
    messages: Vec<anyhow::Result<String>>,
    /// A folder being imported or exported.
    copying: Option<menu::Copying>,
}

impl std::fmt::Debug for LibraryState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LibraryState")
            .field("dir", &self.dir)
            .field("rows", &self.rows.len())
            .finish_non_exhaustive()
    }
}

impl LibraryState {
    /// Whether the folder's listing has arrived (pictures may still be decoding).
    pub fn is_loaded(&self) -> bool {
        self.loading.is_none()
    }

    /// Whether every picture the listing named has been decoded and uploaded.
    pub fn pictures_done(&self) -> bool {
        self.decoded.is_none() && self.loading.is_none()
    }

    /// Whether a worker is still listing, decoding or copying.
    pub fn busy(&self) -> bool {
        !self.pictures_done() || self.copying.is_some()
    }

    pub fn picture(&self, file_name: &str) -> Option<&egui::TextureHandle> {
        self.pictures.get(file_name)
    }

    /// The row of a file, if it is listed and not found bad.
    pub fn row(&self, file_name: &str) -> Option<&Row> {
        self.rows
            .iter()
            .find(|r| r.file_name == file_name && r.usable().is_some())
    }

    /// The listed summary of a row by file name, if it is not found bad.
    pub fn entry(&self, file_name: &str) -> Option<&EntrySummary> {
        self.row(file_name).and_then(|r| r.usable())
    }

    /// Starts reading `dir` on a worker; the first time, fills it with the starting content.
    pub fn open(&mut self, ctx: &egui::Context, dir: PathBuf) {
        self.dir = Some(dir.clone());
        self.rows.clear();
        self.pictures.clear();
        self.decoded = None;
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let result = read_rows(&dir);
            let _ = tx.send(result);
            ctx.request_repaint();
        });
        self.loading = Some(rx);
    }

    /// Takes what the workers finished: the listing (then starts decoding its pictures) and a
    /// few decoded pictures per frame.
    pub fn poll(&mut self, ctx: &egui::Context) {
        if let Some(result) = self.loading.as_ref().and_then(|rx| rx.try_recv().ok()) {
            self.loading = None;
            match result {
                Ok(rows) => {
                    self.rows = rows;
                    self.decode_pictures(ctx, self.rows.clone());
                }
                Err(err) => self.messages.push(Err(err)),
            }
        }
        self.upload_pictures(ctx);
    }

    fn decode_pictures(&mut self, ctx: &egui::Context, rows: Vec<Row>) {
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        std::thread::spawn(move || decode_all(&ctx, &rows, tx));
        self.decoded = Some(rx);
    }

    fn upload_pictures(&mut self, ctx: &egui::Context) {
        let Some(rx) = &self.decoded else {
            return;
        };
        loop {
            match rx.try_recv() {
                Ok((name, Ok(Some(image)))) => {
                    let texture = ctx.load_texture(
                        format!("library:{name}"),
                        image,
                        egui::TextureOptions::LINEAR,
                    );
                    self.pictures.insert(name, texture);
                }
                Ok((_, Ok(None))) => {}
                Ok((name, Err(_))) => {
                    // The row keeps the error itself (`ListedEntry::error`).
                    self.group.retain(|(file, _)| *file != name);
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => return,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    self.decoded = None;
                    return;
                }
            }
        }
    }

    /// Puts a freshly saved entry into the list (replacing the row of the same file) and
    /// decodes its picture.
    fn show_saved(&mut self, ctx: &egui::Context, path: PathBuf, entry: LibraryEntry) {
        let row = Arc::new(ListedEntry::saved(path, entry));
        self.pictures.remove(&row.file_name);
        if let Some(old) = self.rows.iter_mut().find(|r| r.file_name == row.file_name) {
            *old = row.clone();
        } else {
            self.rows.push(row.clone());
            self.rows.sort_by(|a, b| a.file_name.cmp(&b.file_name));
        }
        if self.decoded.is_none() {
            self.decode_pictures(ctx, vec![row]);
        }
    }
}

fn read_rows(dir: &std::path::Path) -> anyhow::Result<Vec<Row>> {
    seed_if_missing(dir)
        .with_context(|| format!("could not create the library folder {}", dir.display()))?;
    let listed = load_folder(dir)
        .with_context(|| format!("could not read the library folder {}", dir.display()))?;
    Ok(listed.into_iter().map(Arc::new).collect())
}

/// Reads each entry with a picture whole on a few worker threads (every image decoded),
/// sending each row's thumbnail or the error that makes it bad.
fn decode_all(ctx: &egui::Context, rows: &[Row], tx: Sender<Decoded>) {
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let chunk = rows.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        for part in rows.chunks(chunk) {
            let tx = tx.clone();
            scope.spawn(move || {
                for row in part {
                    // An entry without a picture has nothing to show, and normally no image
                    // either (its listing was then the whole check); it is read whole when used.
                    if row.usable().is_none_or(|s| s.picture_id.is_none()) {
                        continue;
                    }
                    if tx.send((row.file_name.clone(), thumbnail(row))).is_err() {
                        return;
                    }
                    ctx.request_repaint();
                }
            });
        }
    });
    drop(tx);
}

/// Reads the entry whole (all its images decoded) and shrinks its picture to a thumbnail from
/// that same decode.
fn thumbnail(row: &ListedEntry) -> Result<Option<egui::ColorImage>, String> {
    let shrink = |rgba: &image::RgbaImage| {
        image::imageops::thumbnail(
            rgba,
            PICTURE_SIDE_PX.min(rgba.width()),
            PICTURE_SIDE_PX.min(rgba.height()),
        )
    };
    let mut small = None;
    let picture = row.usable().and_then(|s| s.picture_id);
    let (entry, read) = row.load_with(|id, rgba| {
        if Some(id) == picture {
            small = Some(shrink(rgba));
        }
    });
    let entry = entry.map_err(|err| err.to_string())?;
    if !read && let Some(image) = entry.picture() {
        // Read before (placed while the workers were busy): decode the picture alone.
        let rgba = crate::files::decode_image(&image.data)?;
        small = Some(shrink(&rgba));
    }
    Ok(small.map(|small| {
        let size = [small.width() as usize, small.height() as usize];
        egui::ColorImage::from_rgba_unmultiplied(size, small.as_raw())
    }))
}

/// Asks the app, from a token's context menu, to save that token to the library.
pub fn request_save_token(ctx: &egui::Context, token: TokenId) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::unique(SAVE_TOKEN), Some(token)));
}

impl LanternApp {
    /// Reads the library from `dir` (tests pass a temporary folder; the app the data folder's
    /// `library`).
    pub fn open_library(&mut self, ctx: &egui::Context, dir: PathBuf) {
        self.library.open(ctx, dir);
    }

    /// The library's non-drawing work, from `logic()`.
    pub(super) fn library_logic(&mut self, ctx: &egui::Context) {
        self.library.poll(ctx);
        self.library.copy_logic(ctx);
        for message in std::mem::take(&mut self.library.messages) {
            match message {
                Ok(text) => self.notifications.info(text),
                Err(err) => self.notifications.error(&err),
            }
        }
    }

    /// Handles a "Save to library" a token's context menu asked for this frame.
    pub(super) fn library_after_dock(&mut self, ctx: &egui::Context) {
        self.library.copy_ui(ctx);
        let key = egui::Id::unique(SAVE_TOKEN);
        if let Some(token) = ctx
            .data_mut(|d| d.remove_temp::<Option<TokenId>>(key))
            .flatten()
        {
            let encounter = &self.document.encounter;
            let entry = LibraryEntry::from_token(encounter, token);
            let unlinked = encounter
                .token(token)
                .filter(|t| t.library_id.is_none())
                .cloned();
            let saved = self.save_to_library(ctx, entry, unlinked.is_some());
            if let (Some(saved), Some(token)) = (saved, unlinked) {
                // The token is now that entry's creature or hero: dropping the hero from the
                // library while it stands here is refused, whatever either is called later.
                self.pending.push(Command::UpdateToken(Token {
                    library_id: Some(saved),
                    ..token
                }));
            }
        }
    }

    /// Saves the open encounter's map (without tokens) to the library.
    pub fn save_map_to_library(&mut self, ctx: &egui::Context) {
        let entry = LibraryEntry::from_map(&self.document.encounter);
        let _ = self.save_to_library(ctx, Some(entry), true);
    }

    /// Writes an entry, keeping what an older entry of the same name knew of other systems, and
    /// its identity when the new one's is `fresh` (made from a token not placed from the
    /// library, or a map): saving replaces that entry, it does not start another. Tokens
    /// already placed from it are copies and stay as they are. Returns the saved identity.
    fn save_to_library(
        &mut self,
        ctx: &egui::Context,
        entry: Option<LibraryEntry>,
        fresh: bool,
    ) -> Option<crate::model::LibraryId> {
        let entry = entry?;
        let Some(dir) = self.library.dir.clone() else {
            self.notifications.error(&anyhow::anyhow!(
                "there is no data folder to keep a library in"
            ));
            return None;
        };
        let older = self
            .library
            .row(&entry_file_name(&entry))
            .and_then(|row| row.load().ok());
        let entry = match older {
            Some(older) if fresh => LibraryEntry {
                id: older.id.clone(),
                ..entry.keeping_other_sheets_of(&older)
            },
            Some(older) => entry.keeping_other_sheets_of(&older),
            None => entry,
        };
        let id = entry.id.clone();
        let name = entry.name().to_owned();
        match save_entry(&dir, &entry).with_context(|| {
            format!(
                "could not save “{name}” to the library in {}",
                dir.display()
            )
        }) {
            Ok(path) => {
                self.notifications
                    .info(format!("Saved “{name}” to the library"));
                self.library.show_saved(ctx, path, entry);
                Some(id)
            }
            Err(err) => {
                self.notifications.error(&err);
                None
            }
        }
    }
}
