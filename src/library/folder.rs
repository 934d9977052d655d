//! The library folder: one JSON file per entry, listed with each bad file's error, saved
//! atomically, and copied whole to and from another folder (to share a bestiary).

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use image::RgbaImage;

use super::entry::{EntrySummary, LibraryEntry};
use super::file::{
    LibraryError, entry_from_json, entry_from_json_with, entry_to_json, summary_from_json,
};
use crate::files::{FileError, read_regular, write_atomic};
use crate::model::ImageId;

/// One file of the library folder: what the list shows of it, or why it could not be read; and
/// the whole entry, read and fully checked the first time something uses it.
#[derive(Debug)]
pub struct ListedEntry {
    pub file_name: String,
    path: PathBuf,
    pub summary: Result<EntrySummary, Arc<LibraryError>>,
    full: OnceLock<Result<Arc<LibraryEntry>, Arc<LibraryError>>>,
}

impl ListedEntry {
    /// An entry just saved as `path`: listed, and already whole.
    pub fn saved(path: PathBuf, entry: LibraryEntry) -> Self {
        Self {
            file_name: file_name_of(&path),
            summary: Ok(entry.summary()),
            full: OnceLock::from(Ok(Arc::new(entry))),
            path,
        }
    }

    /// The listed summary, unless the listing or a use found the entry bad.
    pub fn usable(&self) -> Option<&EntrySummary> {
        let failed = matches!(self.full.get(), Some(Err(_)));
        self.summary.as_ref().ok().filter(|_| !failed)
    }

    /// Why the entry is bad: the listing's error, or the one using it found.
    pub fn error(&self) -> Option<String> {
        match (&self.summary, self.full.get()) {
            (Err(err), _) | (Ok(_), Some(Err(err))) => Some(err.to_string()),
            _ => None,
        }
    }

    /// The whole entry, read and checked by [`entry_from_json`] the first time (every image
    /// decoded); a failure is kept, so the entry stays bad in the list.
    pub fn load(&self) -> Result<Arc<LibraryEntry>, Arc<LibraryError>> {
        self.load_with(|_, _| ()).0
    }

    /// [`Self::load`], handing each image to `each` as it is decoded when this call is the one
    /// that reads the file (the second value says whether it was).
    pub fn load_with(
        &self,
        mut each: impl FnMut(ImageId, &RgbaImage),
    ) -> (Result<Arc<LibraryEntry>, Arc<LibraryError>>, bool) {
        if let Err(err) = &self.summary {
            return (Err(err.clone()), false);
        }
        let mut read = false;
        let result = self.full.get_or_init(|| {
            read = true;
            read_entry_file(&self.path)
                .and_then(|bytes| entry_from_json_with(&bytes, &mut each))
                .map(Arc::new)
                .map_err(Arc::new)
        });
        (result.clone(), read)
    }
}

/// What copying a folder did: the files copied, and each file left out with its reason.
#[derive(Debug, Default)]
pub struct CopyReport {
    pub copied: Vec<String>,
    pub failed: Vec<(String, LibraryError)>,
}

/// Lists every `*.json` file of `dir`, sorted by file name. A missing folder is an empty
/// library; a file that fails is listed with its error and the others load regardless. Each
/// file is read once for its summary ([`summary_from_json`]: every check but decoding the
/// pictures); the whole entry is read when it is used ([`ListedEntry::load`]), which can still
/// find it bad. Files are read on a few threads.
pub fn load_folder(dir: &Path) -> Result<Vec<ListedEntry>, LibraryError> {
    let paths = entry_paths(dir)?;
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let chunk = paths.len().div_ceil(threads.max(1)).max(1);
    let listed = std::thread::scope(|scope| {
        let workers: Vec<_> = paths
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(|p| read_listed(p)).collect()))
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap_or_else(|_| Vec::new()))
            .collect()
    });
    Ok(listed)
}

fn read_listed(path: &Path) -> ListedEntry {
    let summary = read_entry_file(path)
        .and_then(|bytes| summary_from_json(&bytes))
        .map_err(Arc::new);
    ListedEntry {
        file_name: file_name_of(path),
        path: path.to_path_buf(),
        summary,
        full: OnceLock::new(),
    }
}

/// An entry file's bytes; anything but a regular file (a named pipe, a device) is refused
/// before it is opened, as a bad line of the list rather than a hang.
fn read_entry_file(path: &Path) -> Result<Vec<u8>, LibraryError> {
    read_regular(path).map_err(|err| LibraryError::File(FileError::Read(err)))
}

fn file_name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The entry files of `dir` (not the hidden temporaries of an atomic save), sorted.
fn entry_paths(dir: &Path) -> Result<Vec<PathBuf>, LibraryError> {
    let read = match std::fs::read_dir(dir) {
        Ok(read) => read,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(LibraryError::Io(err)),
    };
    let mut paths: Vec<PathBuf> = read
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| is_entry_file(p))
        .collect();
    paths.sort();
    Ok(paths)
}

/// A visible `*.json` that is not a folder. A named pipe or a device so named is listed too,
/// and read as a bad entry saying what it is ([`read_entry_file`]).
fn is_entry_file(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy());
    let visible_json = name.is_some_and(|n| !n.starts_with('.') && n.ends_with(".json"));
    visible_json && !path.is_dir()
}

/// The file an entry is saved as: its name made safe for any file system, then its kind
/// (`goblin-archer.creature.json`). Saving an entry of the same name and kind replaces it.
pub fn entry_file_name(entry: &LibraryEntry) -> String {
    let mut slug = String::new();
    for c in entry.name().chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_end_matches('-').chars().take(80).collect();
    let slug = if slug.is_empty() {
        "entry".into()
    } else {
        slug
    };
    format!("{slug}.{}.json", entry.kind.label().to_lowercase())
}

/// Writes `entry` into `dir` atomically (creating the folder), replacing an entry of the same
/// name and kind. Returns the file written.
pub fn save_entry(dir: &Path, entry: &LibraryEntry) -> Result<PathBuf, LibraryError> {
    std::fs::create_dir_all(dir).map_err(LibraryError::Io)?;
    let bytes = entry_to_json(entry)?;
    let path = dir.join(entry_file_name(entry));
    write_atomic(&path, |w| w.write_all(&bytes)).map_err(LibraryError::Io)?;
    Ok(path)
}

/// Copies every valid entry file of `from` into `to` (import or export of a whole folder),
/// byte for byte and atomically; a file of the same name in `to` is replaced. Files that fail
/// to load are left out and reported; they never stop the others.
pub fn copy_entries(from: &Path, to: &Path) -> Result<CopyReport, LibraryError> {
    copy_entries_with(from, to, &|_, _| true)
}

/// [`copy_entries`], telling `progress` how many files of how many are done before each one;
/// it answers whether to go on (a copy stopped early reports what it copied so far).
pub fn copy_entries_with(
    from: &Path,
    to: &Path,
    progress: &dyn Fn(usize, usize) -> bool,
) -> Result<CopyReport, LibraryError> {
    std::fs::create_dir_all(to).map_err(LibraryError::Io)?;
    let mut report = CopyReport::default();
    let paths = entry_paths(from)?;
    let total = paths.len();
    for (done, path) in paths.into_iter().enumerate() {
        if !progress(done, total) {
            break;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let result = read_entry_file(&path)
            .and_then(|bytes| entry_from_json(&bytes).map(|_| bytes))
            .and_then(|bytes| {
                write_atomic(&to.join(&name), |w| w.write_all(&bytes)).map_err(LibraryError::Io)
            });
        match result {
            Ok(()) => report.copied.push(name),
            Err(err) => report.failed.push((name, err)),
        }
    }
    Ok(report)
}
