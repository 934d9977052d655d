//! Atomic file replacement: a crash mid-save never leaves a broken file.

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};

/// Writes a file by writing a temporary file in the same folder, flushing it to disk, then
/// renaming it over `path`. If `write` fails, the temporary file is removed and whatever was at
/// `path` before is untouched.
pub fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut dyn io::Write) -> io::Result<()>,
) -> io::Result<()> {
    let tmp = temp_path_for(path);
    let result = write_then_sync(&tmp, write).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        // The temporary file is ours; removing it is tidying, and its failure changes nothing.
        let _ = std::fs::remove_file(&tmp);
        return result;
    }
    sync_parent(path);
    Ok(())
}

fn write_then_sync(
    tmp: &Path,
    write: impl FnOnce(&mut dyn io::Write) -> io::Result<()>,
) -> io::Result<()> {
    let file = File::create(tmp)?;
    let mut out = BufWriter::new(file);
    write(&mut out)?;
    let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.sync_all()
}

fn temp_path_for(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "encounter".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Makes the rename itself durable where the platform allows syncing a folder.
fn sync_parent(path: &Path) {
    #[cfg(unix)]
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        // Best effort: the data is already renamed into place; a failed folder sync only
        // weakens crash durability, which the user cannot act on.
        let _ = File::open(parent).and_then(|dir| dir.sync_all());
    }
    #[cfg(not(unix))]
    let _ = path;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        std::fs::write(&path, "old").unwrap();
        write_atomic(&path, |w| w.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[test]
    fn failed_write_leaves_the_old_file_intact() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        std::fs::write(&path, "precious").unwrap();
        let err = write_atomic(&path, |w| {
            w.write_all(b"half a fi")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "disk full");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "temporary file removed"
        );
    }

    #[test]
    fn unwritable_folder_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no-such-folder").join("a.json");
        assert!(write_atomic(&path, |w| w.write_all(b"x")).is_err());
    }
}
