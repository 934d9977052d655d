//! The file chooser's egui-free half: which files a chooser shows, how a folder is listed, and
//! where a typed name saves to. Tested without a window.

use std::io;
use std::path::{Path, PathBuf};

use crate::app::import::IMAGE_EXTENSIONS;
use crate::files::UVTT_EXTENSIONS;

/// The kind of file a chooser is looking for; files of other kinds are not listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileFilter {
    Encounter,
    UniversalVtt,
    Image,
    Png,
    /// Library entries: what a folder chosen for the Library menu holds (shown greyed there).
    LibraryEntry,
}

impl FileFilter {
    /// The name shown under the list, e.g. "Lantern encounter (*.json)".
    pub fn label(self) -> String {
        let name = match self {
            Self::Encounter => "Lantern encounter",
            Self::UniversalVtt => "Universal VTT map",
            Self::Image => "Image",
            Self::Png => "PNG image",
            Self::LibraryEntry => "Library entry",
        };
        let globs: Vec<String> = self.extensions().iter().map(|e| format!("*.{e}")).collect();
        format!("{name} ({})", globs.join(", "))
    }

    /// The extensions, lower case and without the dot; the first is added to a typed save name.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Self::Encounter | Self::LibraryEntry => &["json"],
            Self::UniversalVtt => &UVTT_EXTENSIONS,
            Self::Image => &IMAGE_EXTENSIONS,
            Self::Png => &["png"],
        }
    }

    /// Whether `path` has one of the extensions (any case: `MAP.DD2VTT` counts).
    pub fn matches(self, path: &Path) -> bool {
        path.extension()
            .map(|ext| ext.to_string_lossy().to_ascii_lowercase())
            .is_some_and(|ext| self.extensions().contains(&ext.as_str()))
    }
}

/// One line of a folder listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub path: PathBuf,
    pub is_folder: bool,
}

/// The folders and the files of `filter`'s kind in `folder`: folders first, each part sorted by
/// name ignoring case. Names starting with a dot are left out unless `show_hidden`. Entries
/// that vanish or cannot be inspected while listing are skipped; only an unreadable folder
/// is an error.
pub fn list_folder(folder: &Path, filter: FileFilter, show_hidden: bool) -> io::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    for dir_entry in std::fs::read_dir(folder)?.flatten() {
        let name = dir_entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') && !show_hidden {
            continue;
        }
        let path = dir_entry.path();
        // `metadata` follows symlinks, so a link to a folder is browsed like one.
        let Ok(metadata) = std::fs::metadata(&path) else {
            continue;
        };
        let is_folder = metadata.is_dir();
        if is_folder || filter.matches(&path) {
            entries.push(Entry {
                name,
                path,
                is_folder,
            });
        }
    }
    entries.sort_by_cached_key(|e| (!e.is_folder, e.name.to_lowercase(), e.name.clone()));
    Ok(entries)
}

/// Why a typed name cannot be saved to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("Type a file name")]
    Empty,
    #[error("That is a folder; type a file name")]
    Folder,
}

/// The file a typed name saves to: relative names are inside `folder`, and a name without one
/// of `filter`'s extensions gets the first (so "cave" saves "cave.json").
pub fn save_target(folder: &Path, typed: &str, filter: FileFilter) -> Result<PathBuf, NameError> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Err(NameError::Empty);
    }
    let mut path = folder.join(typed);
    if typed.ends_with(std::path::MAIN_SEPARATOR) || path.is_dir() {
        return Err(NameError::Folder);
    }
    if !filter.matches(&path) {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(".");
        name.push(filter.extensions()[0]);
        path.set_file_name(name);
    }
    Ok(path)
}

/// A file name made from an encounter's name: path separators would make it a folder.
pub fn suggested_file_name(name: &str, filter: FileFilter) -> String {
    let stem: String = name
        .trim()
        .chars()
        .map(|c| if matches!(c, '/' | '\\') { '-' } else { c })
        .collect();
    let stem = if stem.is_empty() { "Untitled" } else { &stem };
    format!("{stem}.{}", filter.extensions()[0])
}

/// Recent folders, newest first, without repeats, at most `max`.
pub fn remember_folder(folders: &mut Vec<PathBuf>, folder: &Path, max: usize) {
    folders.retain(|f| f != folder);
    folders.insert(0, folder.to_path_buf());
    folders.truncate(max);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(dir: &Path, name: &str) {
        std::fs::write(dir.join(name), b"x").unwrap();
    }

    #[test]
    fn a_listing_shows_folders_first_then_files_of_the_kind_by_name() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b.json", "A.json", "notes.txt", "map.png", ".hidden.json"] {
            touch(dir.path(), name);
        }
        std::fs::create_dir(dir.path().join("zeta")).unwrap();
        std::fs::create_dir(dir.path().join("Alpha")).unwrap();
        let names = |filter, hidden| -> Vec<String> {
            list_folder(dir.path(), filter, hidden)
                .unwrap()
                .into_iter()
                .map(|e| e.name)
                .collect()
        };
        assert_eq!(
            names(FileFilter::Encounter, false),
            ["Alpha", "zeta", "A.json", "b.json"]
        );
        assert_eq!(
            names(FileFilter::Encounter, true),
            ["Alpha", "zeta", ".hidden.json", "A.json", "b.json"]
        );
        assert_eq!(
            names(FileFilter::Image, false),
            ["Alpha", "zeta", "map.png"]
        );
    }

    #[test]
    fn an_unreadable_folder_is_an_error_not_an_empty_list() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("gone");
        assert!(list_folder(&missing, FileFilter::Encounter, false).is_err());
    }

    #[test]
    fn filters_match_their_extensions_in_any_case() {
        assert!(FileFilter::UniversalVtt.matches(Path::new("/m/Cave.DD2VTT")));
        assert!(FileFilter::UniversalVtt.matches(Path::new("cave.uvtt")));
        assert!(FileFilter::Image.matches(Path::new("floor.JPEG")));
        assert!(!FileFilter::Png.matches(Path::new("floor.jpg")));
        assert!(!FileFilter::Encounter.matches(Path::new("json")));
        assert_eq!(
            FileFilter::Image.label(),
            "Image (*.png, *.jpg, *.jpeg, *.webp)"
        );
    }

    #[test]
    fn a_typed_name_gets_the_folder_and_the_extension() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path();
        let enc = FileFilter::Encounter;
        assert_eq!(
            save_target(folder, " cave ", enc),
            Ok(folder.join("cave.json"))
        );
        assert_eq!(
            save_target(folder, "cave.JSON", enc),
            Ok(folder.join("cave.JSON"))
        );
        assert_eq!(
            save_target(folder, "v1.2", enc),
            Ok(folder.join("v1.2.json"))
        );
        assert_eq!(
            save_target(folder, "/tmp/x.png", FileFilter::Png),
            Ok(PathBuf::from("/tmp/x.png"))
        );
        assert_eq!(save_target(folder, "  ", enc), Err(NameError::Empty));
        std::fs::create_dir(folder.join("maps")).unwrap();
        assert_eq!(save_target(folder, "maps", enc), Err(NameError::Folder));
    }

    #[test]
    fn suggested_names_are_one_file_with_the_kind_extension() {
        assert_eq!(
            suggested_file_name("Ambush at the mill", FileFilter::Encounter),
            "Ambush at the mill.json"
        );
        assert_eq!(suggested_file_name("A/B", FileFilter::Png), "A-B.png");
        assert_eq!(
            suggested_file_name(" ", FileFilter::Encounter),
            "Untitled.json"
        );
    }

    #[test]
    fn recent_folders_are_newest_first_without_repeats() {
        let mut folders = Vec::new();
        for f in ["/a", "/b", "/c", "/a"] {
            remember_folder(&mut folders, Path::new(f), 3);
        }
        assert_eq!(folders, [PathBuf::from("/a"), "/c".into(), "/b".into()]);
        remember_folder(&mut folders, Path::new("/d"), 3);
        assert_eq!(folders.len(), 3);
        assert_eq!(folders[0], Path::new("/d"));
    }
}
