//! Atomic file replacement: a crash mid-save never leaves a broken file.

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes a file by writing a temporary file in the same folder, flushing it to disk, then
/// renaming it over `path`. If `write` fails, the temporary file is removed and whatever was at
/// `path` before is untouched.
///
/// Each save has a temporary file of its own (`.<name>.<pid>.<n>.tmp`); one a killed save left
/// behind is swept on the next save or load ([`sweep_temp_files`]). The file keeps its
/// permissions, and when `path` is a symbolic link the file it points to is replaced, not the
/// link. A file the user may not write is never replaced ([`check_replaceable`]): a rename
/// would otherwise go through wherever the folder is writable.
pub fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut dyn io::Write) -> io::Result<()>,
) -> io::Result<()> {
    let path = &resolve_links(path);
    check_replaceable(path)?;
    sweep_temp_files(path);
    let tmp = temp_path_for(path);
    let permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
    let result =
        write_then_sync(&tmp, write, permissions).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        // The temporary file is ours; removing it is tidying, and its failure changes nothing.
        let _ = std::fs::remove_file(&tmp);
        return result;
    }
    sync_parent(path);
    Ok(())
}

/// Refuses to replace what is at `path` unless it is a regular file the user may write. "May
/// write" is the file's read-only attribute and the operating system's own answer together: a
/// file with no write permission for anyone (`chmod a-w`, a 0400 or 0444 file) is read-only for
/// everyone, root included (root's right to override is not the GM's wish to keep it); any
/// other file must open for writing, so a file of another user, one on a read-only file system
/// or one the user's permission bits deny fails as the OS fails it. The error is the OS's own
/// ("Permission denied (os error 13)"). A missing file is a new one and passes.
pub fn check_replaceable(path: &Path) -> io::Result<()> {
    let metadata = match std::fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(err) => return Err(err),
    };
    super::check_regular(&metadata)?;
    if metadata.permissions().readonly() {
        return Err(permission_denied());
    }
    // Opening for writing without truncating or creating changes nothing on disk.
    std::fs::OpenOptions::new().write(true).open(path).map(drop)
}

/// The error the OS gives for a write it does not allow.
fn permission_denied() -> io::Error {
    #[cfg(unix)]
    return io::Error::from_raw_os_error(libc::EACCES);
    #[cfg(not(unix))]
    io::Error::from(io::ErrorKind::PermissionDenied)
}

fn write_then_sync(
    tmp: &Path,
    write: impl FnOnce(&mut dyn io::Write) -> io::Result<()>,
    permissions: Option<std::fs::Permissions>,
) -> io::Result<()> {
    let file = File::create(tmp)?;
    if let Some(permissions) = permissions {
        file.set_permissions(permissions)?;
    }
    let mut out = BufWriter::new(file);
    write(&mut out)?;
    let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.sync_all()
}

/// The file a chain of symbolic links ends at (`path` itself when it is no link). A link to a
/// file that does not exist yet resolves to that file, so the first save through it creates it.
fn resolve_links(path: &Path) -> PathBuf {
    let mut current = path.to_path_buf();
    // Forty hops, as Linux allows: a loop of links ends here instead of spinning.
    for _ in 0..40 {
        let Ok(target) = std::fs::read_link(&current) else {
            return current;
        };
        current = match current.parent() {
            Some(parent) if target.is_relative() => parent.join(target),
            _ => target,
        };
    }
    current
}

/// A name no other save uses: this process's id and a counter.
fn temp_path_for(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(
        ".{}.{}.{n}.tmp",
        file_name_of(path),
        std::process::id()
    ))
}

fn file_name_of(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| "encounter".into(), |n| n.to_string_lossy().into_owned())
}

/// Removes the temporary files that saves of `path` by processes no longer running left behind
/// (a save killed mid-write). Files of a running process are its saves in progress and stay.
/// Best effort: a folder that cannot be listed is simply not swept.
pub fn sweep_temp_files(path: &Path) {
    let prefix = format!(".{}.", file_name_of(path));
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(middle) = name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
        else {
            continue;
        };
        let pid = middle.split('.').next().and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|pid| !process_running(pid)) {
            // Tidying only: a file that cannot be removed is left for the next sweep.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether a process with this id runs now (Linux: `/proc`; elsewhere only this process is
/// known to run, so leftovers of an earlier run are swept and those of a concurrent one too).
pub fn process_running(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if cfg!(target_os = "linux") {
        Path::new("/proc").join(pid.to_string()).exists()
    } else {
        false
    }
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
    fn a_killed_saves_temp_file_is_swept_by_the_next_save() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        // No process has id u32::MAX - 1: this is what a save killed mid-write leaves.
        let left = dir.path().join(format!(".a.json.{}.7.tmp", u32::MAX - 1));
        std::fs::write(&left, "half").unwrap();
        let unrelated = dir.path().join(".b.json.1.tmp");
        std::fs::write(&unrelated, "other file's").unwrap();
        write_atomic(&path, |w| w.write_all(b"new")).unwrap();
        assert!(!left.exists());
        assert!(unrelated.exists(), "only this file's temporaries are swept");
    }

    #[cfg(unix)]
    #[test]
    fn permissions_are_kept() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_atomic(&path, |w| w.write_all(b"new")).unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[cfg(unix)]
    #[test]
    fn saving_through_a_symlink_writes_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("real.json");
        let link = dir.path().join("link.json");
        std::fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink("real.json", &link).unwrap();
        write_atomic(&link, |w| w.write_all(b"new")).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    }

    /// Under root too: root could write a 0400 file, but its owner made it read-only.
    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_not_replaced() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        std::fs::write(&path, "kept").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o400)).unwrap();
        let err = write_atomic(&path, |w| w.write_all(b"new")).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
        assert_eq!(err.to_string(), "Permission denied (os error 13)");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "kept");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o400);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // A copy under another name (Save As) is still written.
        write_atomic(&dir.path().join("b.json"), |w| w.write_all(b"new")).unwrap();
    }

    #[test]
    fn unwritable_folder_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no-such-folder").join("a.json");
        assert!(write_atomic(&path, |w| w.write_all(b"x")).is_err());
    }
}
